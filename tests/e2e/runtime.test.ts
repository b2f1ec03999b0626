import { describe, expect, inject, it } from "vitest";

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
});

describe("the served page's Content-Security-Policy", () => {
  it("limits connect-src to the page's own origin and its WebSocket", async () => {
    const res = await fetch(`${base()}/`);
    const csp = res.headers.get("Content-Security-Policy") ?? "";
    const connect = /connect-src ([^;]*)/.exec(csp)?.[1]?.trim().split(/\s+/);
    expect(connect).toEqual(["'self'", `ws://${new URL(base()).host}`]);
  });
});
