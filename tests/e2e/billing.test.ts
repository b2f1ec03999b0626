import { spawn, type ChildProcess } from "node:child_process";
import { rmSync } from "node:fs";
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { join } from "node:path";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { FAKE_PRICE_ID, FAKE_SECRET_KEY, FAKE_WEBHOOK_SECRET, signatureHeader, stripeFake, type StripeEvent } from "../fixtures/stripe-fake";
import { launchBrowser, PASSWORD, screenshot, uniqueEmail, useSession } from "./browser";

/**
 * Buying Premium in a real browser (issue 30, decision 0036). The shared server runs without billing;
 * this file serves the same build a second time, as `npm start` would, with STRIPE_API_URL pointing at
 * a local fake of Stripe written from its API reference. The fake also plays Stripe's hosted pages: its
 * Checkout page's "Pay" and its portal's "Cancel plan" send signed webhooks to the app, the way Stripe
 * does, and then send the browser back.
 */
const root = join(import.meta.dirname, "../..");
let browser: Browser;
let fakeServer: Server;
let appServer: ChildProcess | undefined;
let appBase = "";
let fake: ReturnType<typeof stripeFake>;
const delivered: { type: string; status: number }[] = [];

async function readBody(req: IncomingMessage) {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString("utf8");
}

/** Stripe delivers events after the redirect, a moment later: the screen must wait for them. */
function deliverLater(events: StripeEvent[]) {
  setTimeout(async () => {
    for (const event of events) {
      const body = JSON.stringify(event);
      const res = await fetch(`${appBase}/api/billing/webhook`, { method: "POST", headers: { "Content-Type": "application/json", "Stripe-Signature": await signatureHeader(body) }, body });
      delivered.push({ type: event.type, status: res.status });
    }
  }, 1200);
}

const page = (title: string, action: string, button: string) =>
  `<!doctype html><html><head><meta charset="utf-8"><title>${title}</title></head><body><h1>${title}</h1><form method="post" action="${action}"><button type="submit">${button}</button></form></body></html>`;

async function handleFake(req: IncomingMessage, res: ServerResponse) {
  const url = new URL(req.url ?? "/", "http://fake");
  const body = await readBody(req);
  const pay = /^\/c\/pay\/([\w-]+)$/.exec(url.pathname);
  const portal = /^\/p\/session\/([\w-]+)$/.exec(url.pathname);
  if (pay && req.method === "GET") return void res.writeHead(200, { "Content-Type": "text/html" }).end(page("Stripe test checkout: Listora Premium", url.pathname, "Pay and subscribe"));
  if (pay && req.method === "POST") {
    const { events, successUrl } = fake.pay(pay[1]);
    deliverLater(events);
    return void res.writeHead(303, { Location: successUrl }).end();
  }
  if (portal && req.method === "GET") return void res.writeHead(200, { "Content-Type": "text/html" }).end(page("Stripe test customer portal", url.pathname, "Cancel plan"));
  if (portal && req.method === "POST") {
    const session = fake.portal(portal[1])!;
    const subscription = fake.subscriptionOfCustomer(session.customer)!;
    deliverLater([fake.cancelNow(subscription)]);
    return void res.writeHead(303, { Location: session.returnUrl ?? appBase }).end();
  }
  const reply = fake.handle({ method: req.method ?? "GET", path: url.pathname, authorization: req.headers.authorization ?? null, contentType: req.headers["content-type"] ?? null, body });
  res.writeHead(reply.status, reply.headers).end(reply.body);
}

beforeAll(async () => {
  browser = await launchBrowser();
  fakeServer = createServer((req, res) => void handleFake(req, res));
  await new Promise<void>((resolve) => fakeServer.listen(0, "127.0.0.1", resolve));
  const fakeUrl = `http://127.0.0.1:${(fakeServer.address() as AddressInfo).port}`;
  fake = stripeFake({ pagesUrl: fakeUrl });

  const port = await freePort();
  appBase = `http://localhost:${port}`;
  const stateDir = join(root, `${process.env.E2E_STATE_DIR || ".tmp/e2e-state"}-billing`);
  rmSync(stateDir, { recursive: true, force: true });
  const vars = [
    `STRIPE_SECRET_KEY:${FAKE_SECRET_KEY}`,
    `STRIPE_WEBHOOK_SECRET:${FAKE_WEBHOOK_SECRET}`,
    `STRIPE_PRICE_ID:${FAKE_PRICE_ID}`,
    `STRIPE_API_URL:${fakeUrl}`,
    `APP_URL:${appBase}`,
    "REGISTER_LIMIT_PER_HOUR:10000",
  ];
  appServer = spawn(process.execPath, [join(root, "scripts/start.mjs"), "--no-build", ...vars.flatMap((v) => ["--var", v])], {
    cwd: root,
    env: { ...process.env, PORT: String(port), LISTORA_STATE_DIR: stateDir, LOG_LEVEL: "warn" },
    stdio: ["ignore", "inherit", "inherit"],
    detached: true,
  });
  await waitFor(`${appBase}/api/health`, 90_000);
});

afterAll(async () => {
  await browser?.close();
  if (appServer?.pid) {
    try {
      process.kill(-appServer.pid, "SIGTERM");
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

async function context(options: { width?: number; colorScheme?: "light" | "dark" } = {}): Promise<BrowserContext> {
  const c = await browser.newContext({ baseURL: appBase, viewport: { width: options.width ?? 1280, height: 900 }, colorScheme: options.colorScheme ?? "light", locale: "en-US" });
  c.setDefaultTimeout(20_000);
  return c;
}

/** Registers on the billing server, confirms the e-mail from its outbox, and signs the page in. */
async function signIn(p: Page) {
  const email = uniqueEmail("billing");
  const res = await fetch(`${appBase}/api/auth/register`, { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify({ username: "Mina", email, password: PASSWORD }) });
  if (res.status !== 201) throw new Error(`register failed: ${res.status}`);
  const body = (await res.json()) as { token: string; user: Record<string, unknown> };
  let token: string | null = null;
  for (let i = 0; i < 60 && !token; i += 1) {
    const html = await (await fetch(`${appBase}/dev/mail?to=${encodeURIComponent(email)}`)).text();
    token = /verify-email\?token=([0-9a-f]+)/.exec(html)?.[1] ?? null;
    if (!token) await new Promise((r) => setTimeout(r, 150));
  }
  const verified = await fetch(`${appBase}/api/auth/verify-email`, { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify({ token }) });
  if (!verified.ok) throw new Error(`verification failed: ${verified.status}`);
  await useSession(p, body.token);
  return body.token;
}

describe("buying Premium through Stripe", () => {
  it("goes from Upgrade to Premium through Stripe's page and a signed webhook, then cancels in the portal and returns to Free", async () => {
    const c = await context();
    const p = await c.newPage();
    const token = await signIn(p);
    const health = (await (await fetch(`${appBase}/api/health`)).json()) as { providers: Record<string, string> };
    expect(health.providers.billing).toBe("stripe");

    await p.goto("/profile#plans");
    await p.getByTestId("plan-current").waitFor();
    expect(await p.getByTestId("plan-free").getByTestId("plan-current").count()).toBe(1);
    const upgrade = p.getByTestId("billing-upgrade");
    expect(await upgrade.innerText()).toContain("Upgrade to Premium");
    await screenshot(p, "billing-free");

    await upgrade.click();
    await p.waitForURL(/\/c\/pay\/cs_test_/);
    expect(await p.locator("h1").innerText()).toContain("Listora Premium");
    await p.getByRole("button", { name: "Pay and subscribe" }).click();

    await p.waitForURL(/\/profile\?billing=success/);
    const notice = p.getByTestId("billing-returned-success");
    await notice.waitFor();
    expect(await notice.innerText()).toContain("Payment received");
    // The webhook arrives a moment after the redirect: the screen waits for it, then says so.
    await p.getByText("Welcome to Premium: 100 of each tool a day, starting now.").waitFor();
    await p.getByTestId("plan-premium").getByTestId("plan-current").waitFor();
    expect(await p.getByTestId("billing-period").innerText()).toMatch(/^Renews on \w+ \d{1,2}, \d{4}\.$/);
    await expect.poll(() => delivered.map((d) => d.status), { timeout: 15_000 }).toEqual([200, 200]);
    const quota = (await (await fetch(`${appBase}/api/create-listing/quota`, { headers: { Authorization: `Bearer ${token}` } })).json()) as { limit: number; plan: string };
    expect(quota).toMatchObject({ limit: 100, plan: "premium" });
    await screenshot(p, "billing-premium");

    await p.getByTestId("billing-manage").click();
    await p.waitForURL(/\/p\/session\/bps_/);
    await p.getByRole("button", { name: "Cancel plan" }).click();
    await p.waitForURL(/\/profile#plans$/);
    // The deletion webhook follows the redirect; a reload after it shows Free.
    await expect.poll(() => delivered.length, { timeout: 15_000 }).toBe(3);
    expect(delivered[2]).toEqual({ type: "customer.subscription.deleted", status: 200 });
    await p.reload();
    await p.getByTestId("plan-free").getByTestId("plan-current").waitFor();
    expect(await p.getByTestId("billing-period").innerText()).toMatch(/^Your Premium subscription ended on /);
    expect(await p.getByTestId("billing-upgrade").isVisible()).toBe(true);
    await c.close();
  });

  it("says nothing was charged when the seller leaves Stripe's page with Back", async () => {
    const c = await context({ width: 390, colorScheme: "dark" });
    const p = await c.newPage();
    await signIn(p);
    await p.goto("/profile?billing=cancelled#plans");
    const notice = p.getByTestId("billing-returned-cancelled");
    await notice.waitFor();
    expect(await notice.innerText()).toContain("Nothing was charged.");
    await p.getByTestId("billing-upgrade").waitFor();
    await screenshot(p, "billing-cancelled-phone-dark");
    await c.close();
  });
});
