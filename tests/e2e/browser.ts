import { existsSync, mkdirSync } from "node:fs";
import { join } from "node:path";
import { chromium, type Browser, type BrowserContext, type Page, type Request } from "playwright-core";
import { inject, onTestFailed } from "vitest";

const root = join(import.meta.dirname, "../..");

/**
 * A real headless Chromium: Debian's when installed, else the one @sparticuz/chromium ships in npm
 * (unpacked into a private temp folder so no other version there is reused).
 */
export async function launchBrowser(): Promise<Browser> {
  const common = ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking", "--disable-component-update", "--disable-sync"];
  if (existsSync("/usr/bin/chromium")) {
    return chromium.launch({ executablePath: "/usr/bin/chromium", args: common, headless: true });
  }
  // The global setup unpacked it once (parallel workers unpacking it together fail with ETXTBSY).
  const executablePath = inject("chromiumPath") || (await chromiumExecutable());
  // Its own flag set includes --single-process, which ends the browser when a context closes: use ours.
  return chromium.launch({ executablePath, args: [...common, "--disable-dev-shm-usage", "--no-zygote"], headless: true });
}

/** Debian's Chromium when installed, else the one @sparticuz/chromium unpacks into a private folder. */
export async function chromiumExecutable(): Promise<string> {
  if (existsSync("/usr/bin/chromium")) return "/usr/bin/chromium";
  const tmp = join(root, ".tmp/chromium");
  mkdirSync(tmp, { recursive: true });
  process.env.TMPDIR = tmp;
  const sparticuz = (await import("@sparticuz/chromium")).default;
  return sparticuz.executablePath();
}

export function baseURL() {
  return inject("baseURL");
}

export async function newContext(browser: Browser, options: { width?: number; height?: number; colorScheme?: "light" | "dark"; locale?: string } = {}): Promise<BrowserContext> {
  const context = await browser.newContext({
    baseURL: baseURL(),
    viewport: { width: options.width ?? 1280, height: options.height ?? 800 },
    colorScheme: options.colorScheme ?? "light",
    locale: options.locale ?? "en-US",
    acceptDownloads: true,
  });
  context.setDefaultTimeout(15_000);
  traceOnFailure(context);
  return context;
}

/** Files under the site's assets: left out of a failure's trace. */
const ASSET = /\/assets\/|\.(js|css|woff2?|svg|png|jpe?g|webp|ico)(\?|$)/;

/**
 * When the test that made the context fails, prints what its pages did: each document and data
 * request with its answer's status, an asset slower than a second or unanswered for more than one, each page load
 * of the main frame, and the page's errors, with
 * milliseconds since the context opened, after the failure's message. A flaky failure on CI then says
 * what happened in the browser.
 */
let contexts = 0;
function traceOnFailure(context: BrowserContext) {
  const lines: string[] = [];
  const started = Date.now();
  // Which context of the test's run this is: a test that opens several (another theme, a phone) reports each.
  const number = ++contexts;
  const note = (line: string) => {
    lines.push(`${String(Date.now() - started).padStart(6)} ms  ${line}`);
    if (lines.length > 400) lines.shift();
  };
  const path = (url: string) => url.replace(/^https?:\/\/[^/]+/, "");
  // Asset requests are traced only when slow (over a second) or still unanswered at the failure.
  const assets = new Map<Request, number>();
  const answered = (r: Request, status: string) => {
    const since = assets.get(r);
    assets.delete(r);
    if (since !== undefined && Date.now() - since > 1000) note(`slow asset ${status} after ${Date.now() - since} ms: ${path(r.url())}`);
  };
  const watch = (page: Page) => {
    page.on("request", (r) => (ASSET.test(r.url()) ? assets.set(r, Date.now()) : note(`> ${r.method()} ${path(r.url())}`)));
    page.on("response", (r) => (ASSET.test(r.url()) ? answered(r.request(), String(r.status())) : note(`< ${r.status()} ${path(r.url())}`)));
    page.on("requestfailed", (r) => {
      assets.delete(r);
      note(`x ${r.method()} ${path(r.url())} ${r.failure()?.errorText ?? ""}`);
    });
    page.on("framenavigated", (frame) => frame === page.mainFrame() && note(`page ${path(frame.url())}`));
    page.on("pageerror", (error) => note(`pageerror ${error.message}`));
    page.on("console", (message) => message.type() === "error" && note(`console.error ${message.text().slice(0, 300)} ${path(message.location().url)}`));
  };
  context.on("page", watch);
  try {
    onTestFailed(({ task }) => {
      // Added to the failure's message, so the run's summary of failures carries it.
      for (const [r, since] of assets) if (Date.now() - since > 1000) note(`asset unanswered for ${Date.now() - since} ms: ${path(r.url())}`);
      const error = task.result?.errors?.[0];
      // Where its pages are at the failure: a context closed before it has none.
      const open = context.pages().map((p) => path(p.url()));
      const where = open.length ? `, its pages now at ${open.join(", ")}` : ", closed before the failure";
      const trace = `\nBrowser trace of context ${number}${where} (last ${Math.min(lines.length, 50)} events):\n${lines.slice(-50).join("\n")}`;
      if (error) error.message = `${error.message}${trace}`;
      else console.error(trace);
    });
  } catch {
    // Made outside a test (beforeAll): no test to report on.
  }
}

let counter = 0;
export function uniqueEmail(prefix = "e2e") {
  counter += 1;
  return `${prefix}.${process.pid}.${Date.now()}.${counter}@example.com`;
}

export const PASSWORD = "Sup3r-secret-pass";

/**
 * The link of the newest mail to `email` whose link path is `path` (e.g. "/verify-email"), read from
 * the development outbox page /dev/mail as a local user would. Mail goes out after the answer of the
 * request that caused it, so this waits for it a little.
 */
export async function mailLink(email: string, path: string, timeoutMs = 10_000): Promise<string> {
  const deadline = Date.now() + timeoutMs;
  const escaped = email.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
  for (;;) {
    const html = await (await fetch(`${baseURL()}/dev/mail?to=${encodeURIComponent(email)}`)).text();
    for (const article of html.split("<article>").slice(1)) {
      if (!article.includes(`to ${escaped} `)) continue;
      const match = new RegExp(`href="(https?://[^"]*${path}\\?token=[0-9a-f]+)"`).exec(article);
      if (match) return match[1];
    }
    if (Date.now() > deadline) throw new Error(`no ${path} mail to ${email} in /dev/mail`);
    await new Promise((r) => setTimeout(r, 150));
  }
}

/** Confirms the e-mail of a registered user with the token of its verification mail (AI features need it). */
async function verifyEmailByMail(email: string) {
  const link = await mailLink(email, "/verify-email");
  const token = new URL(link).searchParams.get("token");
  const res = await fetch(`${baseURL()}/api/auth/verify-email`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ token }),
  });
  if (!res.ok) throw new Error(`verification failed: ${res.status} ${await res.text()}`);
}

/**
 * Registers through the real form and waits for the dashboard. The e-mail is then confirmed through
 * the link of the verification mail (unless `verified: false`), and the dashboard reloaded so the
 * shell knows it.
 */
export async function registerViaUi(page: Page, email = uniqueEmail(), password = PASSWORD, options: { verified?: boolean } = {}) {
  await page.goto("/register");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password", { exact: true }).fill(password);
  await page.getByLabel("Confirm password").fill(password);
  await page.getByRole("button", { name: "Register" }).click();
  await page.waitForURL("**/dashboard");
  if (options.verified !== false) {
    await verifyEmailByMail(email);
    await page.reload();
    await page.waitForURL("**/dashboard");
  }
  return { email, password };
}

/** The web app's session cookie (shared/session.ts): HttpOnly, so only the browser context, not the page, can read it. */
export const SESSION_COOKIE = "listora_session";

/** Signs a browser context in with a token, as the sign-in action does: the HttpOnly, SameSite=Lax session cookie. */
export async function useSession(page: Page, token: string) {
  await page.context().addCookies([{ name: SESSION_COOKIE, value: token, url: baseURL(), httpOnly: true, sameSite: "Lax" }]);
}

/** The token of the page's session cookie (the test's view; no page script can read it), or null when signed out. */
export async function sessionToken(page: Page): Promise<string | null> {
  const cookies = await page.context().cookies(baseURL());
  return cookies.find((c) => c.name === SESSION_COOKIE)?.value || null;
}

/**
 * A seller registered through the API, the e-mail confirmed through the link of its verification mail
 * unless `verified: false` (AI features ask for it). The local dev server's proxy may answer "retry now"
 * (503, Retry-After: 0) while the Worker reloads: the registration is sent again then.
 */
export async function registerViaApi(email = uniqueEmail(), options: { verified?: boolean } = {}) {
  const register = () =>
    fetch(`${baseURL()}/api/auth/register`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ username: null, email, password: PASSWORD }),
    });
  let res = await register();
  for (let attempt = 0; res.status === 503 && res.headers.get("Retry-After") === "0" && attempt < 3; attempt += 1) res = await register();
  if (res.status !== 201) throw new Error(`register failed: ${res.status} ${await res.text()}`);
  const { token } = (await res.json()) as { token: string };
  if (options.verified !== false) await verifyEmailByMail(email);
  return { email, token };
}

/**
 * Registers through the API (verified, unless `verified: false`) and signs the browser in with the
 * session cookie, for tests about other screens.
 */
export async function signInFast(page: Page, email = uniqueEmail(), options: { verified?: boolean } = {}) {
  const { token } = await registerViaApi(email, options);
  await useSession(page, token);
  await onSite(page);
  return { email, token };
}

/** A blank page of the site's own, answered by the test and not the server. */
const BLANK_PAGE = "/__e2e-blank";

/**
 * Puts the page on the site's origin, so a test may set the page's own storage (theme, language,
 * onboarding flags) next, without the server rendering a screen the test does not look at: a blank
 * page of the site's address, answered in the browser. The test's first screen is its own `goto`.
 */
async function onSite(page: Page) {
  await page.route(BLANK_PAGE, (route) => route.fulfill({ status: 200, contentType: "text/html; charset=utf-8", body: "<!doctype html><title>Listora test</title>" }));
  await page.goto(BLANK_PAGE);
  await page.unroute(BLANK_PAGE);
}

export async function screenshot(page: Page, name: string) {
  const dir = join(root, "test-results/screenshots");
  mkdirSync(dir, { recursive: true });
  await page.screenshot({ path: join(dir, `${name}.png`), fullPage: true });
}

/**
 * Waits until the page has settled: its fonts are loaded and no finite CSS animation or transition is
 * still running (an endless one, a spinner, does not count). Instead of a fixed pause before a
 * screenshot or a check of the settled screen.
 */
export async function settled(page: Page) {
  await page.waitForFunction(
    async () => {
      await document.fonts.ready;
      return document.getAnimations().every((a) => a.playState !== "running" || a.effect?.getTiming().iterations === Infinity);
    },
    undefined,
    { polling: "raf" },
  );
}

/** A JSON answer of the API, asked from inside the page (with its session, however the page holds it). */
export async function pageApi<T>(page: Page, path: string): Promise<{ status: number; body: T }> {
  return page.evaluate(async (p) => {
    const token = localStorage.getItem("token");
    const res = await fetch(p, { headers: token ? { Authorization: `Bearer ${token}` } : {}, credentials: "same-origin" });
    return { status: res.status, body: (await res.json().catch(() => null)) as T };
  }, path);
}

/** A call of the API with a bearer token, as an API client makes it: JSON in (when `body` is given), the status and JSON out. */
export async function tokenApi<T>(path: string, token: string, init: { method?: string; body?: unknown } = {}): Promise<{ status: number; body: T }> {
  const res = await fetch(`${baseURL()}/api${path}`, {
    method: init.method ?? (init.body === undefined ? "GET" : "POST"),
    headers: { Authorization: `Bearer ${token}`, ...(init.body === undefined ? {} : { "Content-Type": "application/json" }) },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
  return { status: res.status, body: (await res.json()) as T };
}

/**
 * The text of the element with `testId`, looked at briefly (null while it is not there): for
 * `expect.poll`, so the poll's own timeout waits on a loaded machine, not one look's 15 s.
 */
export function briefText(page: Page, testId: string): Promise<string | null> {
  return page
    .getByTestId(testId)
    .textContent({ timeout: 1_000 })
    .catch(() => null);
}

/** The titles of My Listings' cards, in the order shown (each card's title link, not its View Details). */
export async function cardTitles(page: Page): Promise<string[]> {
  const links = page.getByTestId("listing-card").getByRole("link", { name: /^(?!View Details)/ });
  return (await links.allTextContents()).map((t) => t.trim());
}
