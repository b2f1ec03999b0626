import { exports } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { corsHeaders, htmlCsp, withSecurityHeaders } from "../../worker/lib/security";
import { api } from "./helpers";

describe("security headers", () => {
  it("puts HSTS, nosniff, Referrer-Policy, Permissions-Policy and a strict CSP on API answers", async () => {
    for (const res of [await api("/health"), await api("/profile"), await api("/no-such-endpoint")]) {
      expect(Number(/max-age=(\d+)/.exec(res.headers.get("Strict-Transport-Security") ?? "")?.[1])).toBeGreaterThanOrEqual(31536000);
      expect(res.headers.get("X-Content-Type-Options")).toBe("nosniff");
      expect(res.headers.get("Referrer-Policy")).toBeTruthy();
      expect(res.headers.get("Permissions-Policy")).toContain("camera=()");
      const csp = res.headers.get("Content-Security-Policy") ?? "";
      expect(csp).toContain("frame-ancestors 'none'");
      expect(csp).toContain("object-src 'none'");
      expect(csp).toContain("base-uri 'none'");
    }
  });

  it("gives pages a nonce-based script policy with no unsafe-inline scripts", () => {
    const csp = htmlCsp("abc123");
    expect(csp).toContain("script-src 'nonce-abc123' 'strict-dynamic'");
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
    const secured = withSecurityHeaders(new Response("<html></html>"), csp);
    expect(secured.headers.get("Content-Security-Policy")).toBe(csp);
  });

  it("puts the headers on the development mail page too", async () => {
    const res = await exports.default.fetch(new Request("http://localhost/dev/mail"));
    expect(res.headers.get("Content-Security-Policy")).toContain("default-src 'none'");
    expect(res.headers.get("X-Content-Type-Options")).toBe("nosniff");
  });
});

describe("CORS on /api", () => {
  it("never echoes an origin that is not allowed (none are, by default)", async () => {
    const res = await api("/health", { headers: { Origin: "https://evil.example" } });
    expect(res.headers.get("Access-Control-Allow-Origin")).toBeNull();
    const preflight = await exports.default.fetch(
      new Request("http://localhost/api/auth/login", { method: "OPTIONS", headers: { Origin: "https://evil.example", "Access-Control-Request-Method": "POST" } }),
    );
    expect(preflight.status).toBe(403);
    expect(preflight.headers.get("Access-Control-Allow-Origin")).toBeNull();
  });

  it("echoes exactly an allow-listed origin and nothing else", () => {
    const env = { CORS_ORIGINS: "https://app.listora.app, https://admin.listora.app/" } as never;
    const allowed = corsHeaders(new Request("http://x/api", { headers: { Origin: "https://app.listora.app" } }), env);
    expect(allowed?.["Access-Control-Allow-Origin"]).toBe("https://app.listora.app");
    expect(corsHeaders(new Request("http://x/api", { headers: { Origin: "https://admin.listora.app" } }), env)?.["Access-Control-Allow-Origin"]).toBe("https://admin.listora.app");
    expect(corsHeaders(new Request("http://x/api", { headers: { Origin: "https://app.listora.app.evil.example" } }), env)).toBeNull();
    expect(corsHeaders(new Request("http://x/api", { headers: { Origin: "null" } }), env)).toBeNull();
  });
});

describe("GET /api/health", () => {
  it("says which provider of each kind is active and never a secret", async () => {
    const res = await api("/health");
    const body = await res.json<{ d1: boolean; version: string; providers: Record<string, string> }>();
    expect(body.d1).toBe(true);
    expect(body.providers).toMatchObject({ mail: "outbox", llm: expect.any(String), trends: expect.any(String), images: expect.any(String) });
    expect(JSON.stringify(body)).not.toMatch(/secret|pepper|api_key|apikey/i);
  });
});
