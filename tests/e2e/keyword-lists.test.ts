import { spawn, type ChildProcess } from "node:child_process";
import { readFileSync, rmSync } from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { join } from "node:path";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { dataForSeoFake, FAKE_LOGIN, FAKE_PASSWORD, fakeMonthly } from "../fixtures/dataforseo-fake";
import { baseURL, launchBrowser, PASSWORD, screenshot, signInFast, uniqueEmail, useSession } from "./browser";

/**
 * Monthly searches and saved keyword lists in a real browser. The shared server (global setup) runs
 * offline; for volumes this file serves the same build a second time, as `npm start` would, with
 * DATAFORSEO_API_URL pointing at a local fake of DataForSEO written from its documentation.
 */
const root = join(import.meta.dirname, "../..");
let browser: Browser;
let fakeServer: Server;
let volumeServer: ChildProcess | undefined;
let volumeBase = "";
/** The fake's Google Ads average for any phrase: a deterministic figure the test can recompute. */
const averageOf = (keyword: string) => 200 + ([...keyword].reduce((sum, c) => sum + c.charCodeAt(0), 0) % 50) * 40;
const fake = dataForSeoFake({ googleFallback: averageOf });

beforeAll(async () => {
  browser = await launchBrowser();
  fakeServer = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      const reply = fake.handle({
        method: req.method ?? "GET",
        path: new URL(req.url ?? "/", "http://x").pathname,
        authorization: req.headers.authorization ?? null,
        body: Buffer.concat(chunks).toString("utf8"),
      });
      res.writeHead(reply.status, reply.headers).end(reply.body);
    });
  });
  await new Promise<void>((resolve) => fakeServer.listen(0, "127.0.0.1", resolve));
  const fakeUrl = `http://127.0.0.1:${(fakeServer.address() as AddressInfo).port}`;

  const port = await freePort();
  volumeBase = `http://localhost:${port}`;
  const stateDir = join(root, `${process.env.E2E_STATE_DIR || ".tmp/e2e-state"}-volumes`);
  rmSync(stateDir, { recursive: true, force: true });
  const vars = [`DATAFORSEO_LOGIN:${FAKE_LOGIN}`, `DATAFORSEO_PASSWORD:${FAKE_PASSWORD}`, `DATAFORSEO_API_URL:${fakeUrl}`, "REGISTER_LIMIT_PER_HOUR:10000"];
  volumeServer = spawn(process.execPath, [join(root, "scripts/start.mjs"), "--no-build", ...vars.flatMap((v) => ["--var", v])], {
    cwd: root,
    env: { ...process.env, PORT: String(port), LISTORA_STATE_DIR: stateDir, LOG_LEVEL: "warn" },
    stdio: ["ignore", "inherit", "inherit"],
    detached: true,
  });
  await waitFor(`${volumeBase}/api/health`, 90_000);
});

afterAll(async () => {
  await browser?.close();
  if (volumeServer?.pid) {
    try {
      process.kill(-volumeServer.pid, "SIGTERM");
    } catch {
      /* already gone */
    }
  }
  await new Promise((r) => fakeServer?.close(r));
});

async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, "127.0.0.1", resolve));
  const { port } = probe.address() as AddressInfo;
  await new Promise((r) => probe.close(r));
  return port;
}

async function waitFor(url: string, timeoutMs: number) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      /* not up yet */
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`server did not answer ${url} within ${timeoutMs} ms`);
}

/** A context on the volume server (or the shared one). */
function contextOn(base: string, options: { width?: number; colorScheme?: "light" | "dark" } = {}): Promise<BrowserContext> {
  return browser
    .newContext({ baseURL: base, viewport: { width: options.width ?? 1280, height: 900 }, colorScheme: options.colorScheme ?? "light", locale: "en-US", acceptDownloads: true })
    .then((c) => {
      c.setDefaultTimeout(20_000);
      return c;
    });
}

/** Registers on the volume server through its API, confirms the e-mail from its outbox, and signs the page in. */
async function signInOnVolumeServer(page: Page) {
  const email = uniqueEmail("volumes");
  const res = await fetch(`${volumeBase}/api/auth/register`, { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify({ username: null, email, password: PASSWORD }) });
  if (res.status !== 201) throw new Error(`register failed: ${res.status}`);
  const body = (await res.json()) as { token: string; user: Record<string, unknown> };
  let token: string | null = null;
  for (let i = 0; i < 60 && !token; i += 1) {
    const html = await (await fetch(`${volumeBase}/dev/mail?to=${encodeURIComponent(email)}`)).text();
    token = /verify-email\?token=([0-9a-f]+)/.exec(html)?.[1] ?? null;
    if (!token) await new Promise((r) => setTimeout(r, 150));
  }
  const verified = await fetch(`${volumeBase}/api/auth/verify-email`, { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify({ token }) });
  if (!verified.ok) throw new Error(`verification failed: ${verified.status}`);
  await useSession(page, body.token);
}

async function search(page: Page, product: string) {
  await page.goto("/seo-keywords");
  // Typed once the screen answers (hydrated): the tab's last search is restored into the field first.
  await page.locator('main[data-ready="true"]').waitFor();
  await page.getByLabel("Product Name*").fill(product);
  await page.getByTestId("seo-submit").click();
  await page.getByTestId("keyword-results").waitFor();
}

describe("monthly searches on the SEO screen", () => {
  it("says 'Not available' and how to turn it on when no volume provider is configured, and invents nothing", async () => {
    const context = await contextOn(baseURL());
    const page = await context.newPage();
    await signInFast(page);
    // A product no other suite searches on this server: its 24-hour cache would make their search free.
    await search(page, "oak cutting board");
    const cells = page.getByTestId("keyword-row").getByTestId("volume-cell");
    expect(await cells.count()).toBeGreaterThan(0);
    expect(new Set(await cells.allTextContents())).toEqual(new Set(["Not available"]));
    expect(await page.getByTestId("volume-sparkline").count()).toBe(0);
    const note = page.getByTestId("volume-off");
    expect(await note.innerText()).toContain("Monthly searches: Not available");
    expect(await note.innerText()).toContain("DATAFORSEO_LOGIN");
    // The sample rows keep their sample mark.
    expect(await page.getByTestId("keyword-results").getByTestId("sample-badge").textContent()).toBe("Sample data (offline)");
    const health = (await (await fetch(`${baseURL()}/api/health`)).json()) as { providers: Record<string, string> };
    expect(health.providers.volumes).toBe("none");
    await context.close();
  });

  it("shows DataForSEO's keyword ideas with their monthly searches, a 12-month sparkline and their source per row", async () => {
    const context = await contextOn(volumeBase);
    const page = await context.newPage();
    await signInOnVolumeServer(page);
    const before = fake.calls.length;
    await search(page, "silver ring");

    // One keyword-ideas request seeded from the product (up to 20 phrases), with Basic auth, the US location and English.
    expect(fake.calls.length - before).toBe(1);
    const call = fake.calls.at(-1)!;
    expect(call.path).toBe("/v3/keywords_data/google_ads/keywords_for_keywords/live");
    expect(call.authorization).toBe(`Basic ${Buffer.from(`${FAKE_LOGIN}:${FAKE_PASSWORD}`).toString("base64")}`);
    const task = (call.tasks as { keywords: string[]; location_code: number; language_code: string }[])[0];
    expect(task).toMatchObject({ location_code: 2840, language_code: "en" });
    expect(task.keywords.length).toBeLessThanOrEqual(20);

    const rows = page.getByTestId("keyword-row");
    const total = Number((await page.getByTestId("filter-all").textContent())?.match(/\((\d+)\)/)?.[1]);
    expect(total).toBeGreaterThanOrEqual(12);
    expect(total).toBeLessThanOrEqual(task.keywords.length);
    // Every idea is Google Ads' and says so on its row.
    expect(new Set(await page.getByTestId("row-idea-source").allTextContents())).toEqual(new Set(["Google Ads"]));
    for (let i = 0; i < (await rows.count()); i += 1) {
      const row = rows.nth(i);
      const keyword = (await row.getAttribute("data-keyword"))!.toLowerCase();
      const cell = row.locator("td").nth(2).getByTestId("volume-cell");
      expect(await cell.getAttribute("data-state")).toBe("live");
      expect(Number(await cell.getAttribute("data-volume"))).toBe(averageOf(keyword));
      // The sparkline draws the fake's 12 months, oldest first.
      const points = await cell.getByTestId("volume-sparkline").getAttribute("data-points");
      expect(points).toBe(
        fakeMonthly(averageOf(keyword))
          .map((m) => m.search_volume)
          .join(","),
      );
    }
    expect(await page.getByTestId("volume-source").innerText()).toContain("Monthly searches: Google Ads via DataForSEO, average of the last 12 months.");
    // The ideas and their figures are measured; the competition is still the offline engine's and says so.
    expect(await page.getByTestId("provider-badge-ideas").textContent()).toBe("Popularity & trend: Google Ads (via DataForSEO)");
    expect(await page.getByTestId("keyword-results").getByTestId("sample-badge").textContent()).toBe("Sample data (offline)");
    expect(await page.getByTestId("keyword-footer").innerText()).toContain("Competition: sample data (offline).");
    await screenshot(page, "seo-volumes-light");

    // The CSV carries each keyword's measured monthly searches and their source.
    const [download] = await Promise.all([page.waitForEvent("download"), page.getByTestId("download-csv").click()]);
    const csv = readFileSync((await download.path())!, "utf8")
      .replace(/^\uFEFF/, "")
      .trimEnd()
      .split("\r\n");
    expect(csv[0].endsWith(",monthly_searches,monthly_searches_source")).toBe(true);
    for (const line of csv.slice(1)) {
      const keyword = line.split(",")[0].toLowerCase();
      expect(line.endsWith(`,${averageOf(keyword)},Google Ads via DataForSEO`), line).toBe(true);
    }

    // The same search again is answered without asking DataForSEO.
    await search(page, "silver ring");
    expect(fake.calls.length - before).toBe(1);

    const health = (await (await fetch(`${volumeBase}/api/health`)).json()) as { providers: Record<string, string> };
    expect(health.providers.volumes).toBe("dataforseo");
    expect(JSON.stringify(health)).not.toContain(FAKE_PASSWORD);
    await context.close();
  });

  it("fits a 375 px phone in the dark theme, the volume under each keyword", async () => {
    const context = await contextOn(volumeBase, { width: 375, colorScheme: "dark" });
    const page = await context.newPage();
    await signInOnVolumeServer(page);
    await search(page, "linen apron");
    const inline = page.getByTestId("keyword-row").first().getByTestId("volume-inline");
    expect(await inline.isVisible()).toBe(true);
    expect(await inline.getByTestId("volume-sparkline").isVisible()).toBe(true);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await screenshot(page, "seo-volumes-phone-dark");
    await context.close();
  });

  it("shows the absolute 12-month series in Advanced analysis beside the relative interest", async () => {
    const context = await contextOn(volumeBase);
    const page = await context.newPage();
    await signInOnVolumeServer(page);
    await page.goto("/advanced-keywords?keyword=crochet%20bag&geo=US");
    await page.getByTestId("advanced-submit").click();
    await page.getByTestId("section-monthly").waitFor();
    const bars = page.getByTestId("monthly-bar");
    await expect.poll(() => bars.count()).toBe(12);
    const values = await bars.evaluateAll((els) => els.map((e) => Number(e.getAttribute("data-value"))));
    expect(values).toEqual(fakeMonthly(averageOf("crochet bag")).map((m) => m.search_volume));
    expect(await page.getByTestId("monthly-source").innerText()).toContain("Google Ads via DataForSEO");
    expect(await page.getByTestId("section-interest").isVisible()).toBe(true);
    await screenshot(page, "advanced-monthly-searches");
    await context.close();
  });
});

describe("saved keyword lists", () => {
  it("saves selected keywords to a named list, opens it as selected chips, and sends it to Create Listing", async () => {
    const context = await contextOn(baseURL());
    const page = await context.newPage();
    await signInFast(page);
    await search(page, "ceramic mug");
    await page.getByTestId("keyword-lists-empty").waitFor();

    const rows = page.getByTestId("keyword-row");
    const first = (await rows.nth(0).getAttribute("data-keyword"))!;
    const second = (await rows.nth(1).getAttribute("data-keyword"))!;
    await page.getByRole("checkbox", { name: `Select ${first}` }).click();
    await page.getByRole("checkbox", { name: `Select ${second}` }).click();

    await page.getByTestId("save-to-list").click();
    const dialog = page.getByTestId("save-list-dialog");
    await dialog.getByTestId("save-list-submit").click();
    expect(await dialog.getByTestId("save-list-error").textContent()).toBe("List name is required");
    await dialog.getByLabel("List name").fill("Mug ideas");
    await dialog.getByTestId("save-list-submit").click();
    await dialog.waitFor({ state: "hidden" });
    const saved = page.getByTestId("saved-list");
    await expect.poll(() => saved.count()).toBe(1);
    expect(await saved.first().innerText()).toContain("Mug ideas");
    expect(await saved.first().innerText()).toContain("2 keywords");

    // Add a third keyword to the same list: duplicates are not added twice.
    const third = (await rows.nth(2).getAttribute("data-keyword"))!;
    await page.getByRole("checkbox", { name: `Select ${third}` }).click();
    await page.getByTestId("save-to-list").click();
    await dialog.getByTestId("save-mode-existing").click();
    await dialog.getByTestId("save-list-submit").click();
    await dialog.waitFor({ state: "hidden" });
    await expect.poll(() => saved.first().innerText()).toContain("3 keywords");

    // Clear the selection, then open the list: its keywords are the selection again.
    await page.getByRole("button", { name: "Clear all" }).click();
    await expect.poll(() => page.getByTestId("selected-chip").count()).toBe(0);
    await page.getByRole("button", { name: "Open Mug ideas" }).click();
    await expect.poll(() => page.getByTestId("selected-chip").allTextContents()).toEqual([first, second, third]);
    expect(await page.getByRole("checkbox", { name: `Select ${first}` }).getAttribute("aria-checked")).toBe("true");
    await screenshot(page, "seo-keyword-lists");

    // A reload keeps the list (it is on the account), and it goes to Create Listing as the shared list.
    await page.reload();
    // Hydrated: the tab's last search is restored then (the lists stay where they were first painted, decision 0065).
    await page.locator('main[data-ready="true"]').waitFor();
    await page.getByRole("button", { name: "Send Mug ideas to Create Listing" }).click();
    await page.waitForURL("**/create");
    const stored = JSON.parse((await page.evaluate(() => localStorage.getItem("selectedKeywords")))!) as { keyword: string; selected: boolean }[];
    expect(stored.map((k) => k.keyword)).toEqual([first, second, third]);
    expect(stored.every((k) => k.selected)).toBe(true);
    await expect.poll(() => page.getByTestId("keyword-list").innerText()).toContain(first);
    expect(await page.getByTestId("keyword-list").innerText()).toContain(third);
    await context.close();
  });

  it("works on a 375 px phone in Turkish and the dark theme", async () => {
    const context = await contextOn(baseURL(), { width: 375, colorScheme: "dark" });
    const page = await context.newPage();
    const { token } = await signInFast(page);
    const saved = await fetch(`${baseURL()}/api/profile`, {
      method: "PUT",
      headers: { "Content-Type": "application/json", Authorization: `Bearer ${token}` },
      body: JSON.stringify({ language: "tr" }),
    });
    expect(saved.status).toBe(200);
    await context.addCookies([{ name: "lang", value: "tr", url: baseURL() }]);
    await page.goto("/seo-keywords");
    await page.getByLabel("Ürün Adı*").fill("keten önlük");
    await page.getByTestId("seo-submit").click();
    await page.getByTestId("keyword-results").waitFor();
    expect(await page.getByTestId("volume-off").innerText()).toContain("Aylık arama: Mevcut değil");
    await page.getByTestId("keyword-row").first().getByRole("checkbox").click();
    await page.getByTestId("save-to-list").click();
    const dialog = page.getByTestId("save-list-dialog");
    await dialog.getByLabel("Liste adı").fill("Önlükler");
    await screenshot(page, "seo-save-list-tr-dark-phone");
    await dialog.getByTestId("save-list-submit").click();
    await dialog.waitFor({ state: "hidden" });
    await expect.poll(() => page.getByTestId("saved-list").first().innerText()).toContain("1 anahtar kelime");
    expect(await page.getByTestId("keyword-lists").innerText()).toContain("İlan Oluştur'a gönder");
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await screenshot(page, "seo-keyword-lists-tr-dark-phone");

    // Rename it: the field opens under the list, and the list is read again with its new name.
    await page.getByRole("button", { name: "Önlükler listesini yeniden adlandır" }).click();
    await page.getByTestId("rename-input").fill("Keten önlükler");
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await screenshot(page, "seo-keyword-list-rename-tr-dark-phone");
    await page.getByTestId("rename-submit").click();
    await expect.poll(() => page.getByTestId("saved-list").first().getAttribute("data-name")).toBe("Keten önlükler");
    expect(await page.getByTestId("rename-form").count()).toBe(0);
    await context.close();
  });
});
