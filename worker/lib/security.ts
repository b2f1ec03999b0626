import type { Env } from "./env";

/** A fresh nonce per HTML response, for React Router's inline and module scripts. */
export function newNonce() {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  let s = "";
  for (const b of bytes) s += String.fromCharCode(b);
  return btoa(s);
}

/**
 * The page's policy. connect-src is the app's own origin only: 'self' plus the WebSocket scheme of this
 * host (wss: on https, ws: on a local http server); never a bare scheme that would let an injected
 * script send data to any host.
 */
export function htmlCsp(nonce: string, pageUrl?: string) {
  const page = pageUrl ? new URL(pageUrl) : undefined;
  const socket = page ? ` ${page.protocol === "https:" ? "wss" : "ws"}://${page.host}` : "";
  return [
    "default-src 'self'",
    `script-src 'nonce-${nonce}' 'strict-dynamic'`,
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self' data:",
    `connect-src 'self'${socket}`,
    "media-src 'self' blob: data:",
    "worker-src 'self' blob:",
    "object-src 'none'",
    "base-uri 'none'",
    "frame-ancestors 'none'",
    "form-action 'self'",
  ].join("; ");
}

/** Pages Listora writes itself without scripts (the dev outbox, error pages). */
export const STATIC_HTML_CSP = "default-src 'none'; style-src 'unsafe-inline'; img-src 'self' data:; object-src 'none'; base-uri 'none'; frame-ancestors 'none'; form-action 'none'";
export const API_CSP = "default-src 'none'; object-src 'none'; base-uri 'none'; frame-ancestors 'none'";

const COMMON = {
  "Strict-Transport-Security": "max-age=31536000; includeSubDomains",
  "X-Content-Type-Options": "nosniff",
  "Referrer-Policy": "strict-origin-when-cross-origin",
  "Permissions-Policy": "camera=(), microphone=(), geolocation=(), payment=(), usb=(), interest-cohort=()",
  "X-Frame-Options": "DENY",
  "Cross-Origin-Opener-Policy": "same-origin",
};

/** Adds the security headers to any response; the CSP depends on what the response is. */
export function withSecurityHeaders(response: Response, csp: string): Response {
  // A WebSocket upgrade (101) must be passed through untouched.
  if (response.status === 101 || (response as Response & { webSocket?: unknown }).webSocket) return response;
  const secured = new Response(response.body, response);
  for (const [name, value] of Object.entries(COMMON)) if (!secured.headers.has(name)) secured.headers.set(name, value);
  if (!secured.headers.has("Content-Security-Policy")) secured.headers.set("Content-Security-Policy", csp);
  return secured;
}

/** Origins allowed to call /api from a browser: CORS_ORIGINS, comma-separated; none by default. */
function allowedOrigins(env: Env): Set<string> {
  return new Set(
    (env.CORS_ORIGINS || "")
      .split(",")
      .map((o) => o.trim().replace(/\/+$/, ""))
      .filter((o) => /^https?:\/\/[^/\s]+$/.test(o)),
  );
}

/** CORS for /api: an allowed origin is echoed exactly; any other origin gets no CORS headers at all. */
export function corsHeaders(request: Request, env: Env): Record<string, string> | null {
  const origin = request.headers.get("Origin");
  if (!origin || !allowedOrigins(env).has(origin)) return null;
  return {
    "Access-Control-Allow-Origin": origin,
    "Access-Control-Allow-Credentials": "false",
    "Access-Control-Allow-Methods": "GET, POST, PUT, DELETE, OPTIONS",
    "Access-Control-Allow-Headers": "Authorization, Content-Type, X-Request-ID",
    "Access-Control-Expose-Headers": "X-Request-ID, Retry-After",
    "Access-Control-Max-Age": "600",
    Vary: "Origin",
  };
}

export function preflight(request: Request, env: Env): Response {
  const headers = corsHeaders(request, env);
  // A preflight from an origin that is not allowed gets a plain 403 with no CORS headers.
  return new Response(null, { status: headers ? 204 : 403, headers: headers ?? { Vary: "Origin" } });
}
