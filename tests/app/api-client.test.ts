import { afterEach, describe, expect, it, vi } from "vitest";
import { ApiError, api } from "~/lib/api";

const PROXY_503 = () =>
  new Response("Your worker restarted mid-request. Please try sending the request again. Only GET or HEAD requests are retried automatically.", {
    status: 503,
    headers: { "Retry-After": "0" },
  });
const OK = () => new Response(JSON.stringify({ success: true, value: 42 }), { status: 200, headers: { "Content-Type": "application/json" } });

function stubFetch(...answers: Array<() => Response>) {
  const calls: Array<{ url: string; init: RequestInit }> = [];
  const fetchMock = vi.fn(async (url: string, init: RequestInit) => {
    calls.push({ url, init });
    const next = answers.shift();
    if (!next) throw new Error("unexpected extra request");
    return next();
  });
  vi.stubGlobal("fetch", fetchMock);
  return calls;
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe("the API client and the local server's 503 Retry-After: 0", () => {
  it("sends an idempotent request (it carries an X-Request-ID) once more and answers the second reply", async () => {
    const calls = stubFetch(PROXY_503, OK);
    const body = await api("/workflow/generate-pdf", { body: { pattern: { optimizedPattern: "Rnd 1: 6 sc" } }, headers: { "X-Request-ID": "req-1" } });
    expect(body).toEqual({ success: true, value: 42 });
    expect(calls).toHaveLength(2);
    for (const call of calls) {
      expect(call.url).toBe("/api/workflow/generate-pdf");
      expect(new Headers(call.init.headers).get("X-Request-ID")).toBe("req-1");
      expect(call.init.body).toBe(JSON.stringify({ pattern: { optimizedPattern: "Rnd 1: 6 sc" } }));
    }
  });

  it("retries only once: a second 503 is the caller's error", async () => {
    const calls = stubFetch(PROXY_503, PROXY_503);
    const error = await api("/save-listing", { body: { title: "x" }, headers: { "X-Request-ID": "req-2" } }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).status).toBe(503);
    expect(calls).toHaveLength(2);
  });

  it("does not repeat a request without an X-Request-ID, which the server could run twice", async () => {
    const calls = stubFetch(PROXY_503);
    const error = await api("/auth/login", { body: { email: "a@example.com", password: "x" }, anonymous: true }).catch((e: unknown) => e);
    expect((error as ApiError).status).toBe(503);
    expect(calls).toHaveLength(1);
  });

  it("does not repeat an idempotent request on a 503 that asks to wait (Retry-After other than 0)", async () => {
    const calls = stubFetch(() => new Response(JSON.stringify({ success: false, message: "Service misconfigured" }), { status: 503, headers: { "Retry-After": "30" } }));
    const error = await api("/workflow/finish", { body: {}, headers: { "X-Request-ID": "req-3" } }).catch((e: unknown) => e);
    expect((error as ApiError).status).toBe(503);
    expect(calls).toHaveLength(1);
  });
});
