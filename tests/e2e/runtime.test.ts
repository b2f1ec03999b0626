import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { launchBrowser, newContext, signInFast } from "./browser";

/**
 * Against the built app served as `npm start` serves it (wrangler's local server and its proxy).
 * Plain fetch: these are about the server, not a page.
 */
const base = () => inject("baseURL");

const BIG_JSON = JSON.stringify({ pattern: { optimizedPattern: "Rnd 1: 6 sc in a MR (6 sts)\n".repeat(6000) }, options: {} });

describe("requests answered before their body was read", () => {
  it("never make the next request fail: 20 rounds of 401, 415, then ordinary requests, without a 5xx", async () => {
    const statuses: number[][] = [];
    for (let i = 0; i < 20; i++) {
      const round: number[] = [];
      const steps = [
        // 401: no token, answered before readJson.
        () => fetch(`${base()}/api/workflow/generate-pdf`, { method: "POST", headers: { "Content-Type": "application/json" }, body: BIG_JSON }),
        // 415: wrong media type, answered before the body is read.
        () => fetch(`${base()}/api/auth/login`, { method: "POST", headers: { "Content-Type": "text/plain" }, body: BIG_JSON }),
        () => fetch(`${base()}/api/health`),
        // A POST whose body is read: a clear 400.
        () => fetch(`${base()}/api/auth/register`, { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify({ email: "not-an-address", password: "x" }) }),
      ];
      for (const step of steps) {
        const res = await step();
        await res.arrayBuffer();
        round.push(res.status);
      }
      statuses.push(round);
    }
    expect(statuses).toEqual(statuses.map(() => [401, 415, 200, 400]));
  });

  it("answers another site's form post to a screen with a refusal, never 'restarted mid-request': 20 rounds, document and data requests", async () => {
    const form = new URLSearchParams({ intent: "accept", listingId: "x", note: "y".repeat(200_000) });
    const statuses: number[][] = [];
    for (let i = 0; i < 20; i++) {
      const round: number[] = [];
      for (const path of ["/shop/review", "/shop/review.data", "/landing"]) {
        const res = await fetch(`${base()}${path}`, {
          method: "POST",
          headers: { Origin: "https://evil.example", "Content-Type": "application/x-www-form-urlencoded" },
          body: form,
          redirect: "manual",
        });
        await res.arrayBuffer();
        round.push(res.status);
      }
      // A screen without an action: 405, its form read all the same.
      const noAction = await fetch(`${base()}/landing`, { method: "POST", headers: { Origin: base(), "Content-Type": "application/x-www-form-urlencoded" }, body: form });
      await noAction.arrayBuffer();
      round.push(noAction.status);
      statuses.push(round);
    }
    expect(statuses).toEqual(statuses.map(() => [400, 400, 400, 405]));
  });
});

describe("the served page's Content-Security-Policy", () => {
  it("limits connect-src to the page's own origin and its WebSocket", async () => {
    const res = await fetch(`${base()}/`);
    const csp = res.headers.get("Content-Security-Policy") ?? "";
    const connect = /connect-src ([^;]*)/.exec(csp)?.[1]?.trim().split(/\s+/);
    expect(connect).toEqual(["'self'", `ws://${new URL(base()).host}`]);
  });
});

describe("the batch WebSocket in a real browser page", () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it("opens with a fresh ticket under the page's CSP, and a socket with the session token is refused", async () => {
    const context = await newContext(browser);
    const page = await context.newPage();
    const { token } = await signInFast(page);
    // A page the server served, under its Content-Security-Policy.
    await page.goto("/landing");
    const png = await page.evaluate(() => {
      const canvas = document.createElement("canvas");
      canvas.width = 40;
      canvas.height = 30;
      const ctx = canvas.getContext("2d")!;
      ctx.fillStyle = "#969696";
      ctx.fillRect(0, 0, 40, 30);
      return canvas.toDataURL("image/png");
    });
    const created = await fetch(`${base()}/api/batches`, {
      method: "POST",
      headers: { Authorization: `Bearer ${token}`, "Content-Type": "application/json" },
      body: JSON.stringify({ images: [png], prompt: "brighten", platform: "ebay" }),
    });
    expect(created.status).toBe(202);
    const batchId = ((await created.json()) as { data: { id: string } }).data.id;

    const outcome = await page.evaluate(
      async ({ id, sessionToken }) => {
        const open = (url: string) =>
          new Promise<string>((resolve) => {
            const ws = new WebSocket(url);
            ws.onmessage = (event) => {
              resolve(`message ${JSON.parse(String(event.data)).type}`);
              ws.close();
            };
            ws.onerror = () => resolve("error");
            setTimeout(() => resolve("no answer"), 15_000);
          });
        const scheme = location.protocol === "https:" ? "wss" : "ws";
        const withToken = await open(`${scheme}://${location.host}/api/batches/${id}/ws?token=${sessionToken}`);
        const ticketRes = await fetch(`/api/batches/${id}/ticket`, { method: "POST", headers: { Authorization: `Bearer ${sessionToken}` } });
        const { data } = (await ticketRes.json()) as { data: { ticket: string } };
        const withTicket = await open(`${scheme}://${location.host}/api/batches/${id}/ws?ticket=${data.ticket}`);
        const ticketAgain = await open(`${scheme}://${location.host}/api/batches/${id}/ws?ticket=${data.ticket}`);
        return { withToken, withTicket, ticketAgain };
      },
      { id: batchId, sessionToken: token },
    );
    expect(outcome).toEqual({ withToken: "error", withTicket: "message progress", ticketAgain: "error" });
    await context.close();
  });
});
