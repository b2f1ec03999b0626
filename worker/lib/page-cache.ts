/**
 * Public pages rendered once per isolate and variant, then served with a fresh CSP nonce (decision 0044).
 *
 * The landing page is the same for every anonymous visitor apart from the theme and language cookies,
 * the Accept-Language header and the origin, and the nonce of its scripts. Rendering it with React on
 * every request cost about twice a trivial Worker answer; here the first request of a variant renders it
 * with a placeholder nonce (random per isolate), and every request gets that HTML with the placeholder
 * replaced by its own nonce, so the page's Content-Security-Policy stays per response.
 *
 * Anything else in the request skips the cache and renders: another cookie (a session, the signed-in
 * hint: a signed-in visitor always gets a fresh render, so a redirect or a personal page stays right),
 * a query string, a method other than GET, or an answer that is not a plain 200 HTML page without cookies.
 */
import { newNonce } from "./security";

/** The document paths rendered once per variant. */
const PATHS = new Set(["/landing"]);
/** The cookies these pages read (app/lib/storage-keys.ts COOKIE.theme and COOKIE.language). */
const PAGE_COOKIES = new Set(["theme", "lang"]);
/** Variants kept per isolate (each about 70 KB): the theme and language choices times a few Accept-Languages. */
const MAX_ENTRIES = 24;

interface Entry {
  status: number;
  headers: [string, string][];
  html: string;
}

export interface PageCache {
  /** Answers the request from the cache, rendering it first when the variant is new; null when the request may not be cached. */
  serve(request: Request, nonce: string, render: (nonce: string) => Promise<Response>): Promise<Response | null>;
}

export function createPageCache(): PageCache {
  // Made on first use: a Worker may not generate random values in global scope.
  let placeholder = "";
  const entries = new Map<string, Entry>();

  function keyOf(request: Request): string | null {
    if (request.method !== "GET") return null;
    const url = new URL(request.url);
    if (!PATHS.has(url.pathname) || url.search) return null;
    const cookies: string[] = [];
    for (const part of (request.headers.get("Cookie") ?? "").split(";")) {
      const pair = part.trim();
      if (!pair) continue;
      const name = pair.split("=", 1)[0];
      if (!PAGE_COOKIES.has(name)) return null;
      cookies.push(pair);
    }
    return [url.origin, url.pathname, cookies.sort().join(";"), request.headers.get("Accept-Language") ?? ""].join("\n");
  }

  function respond(entry: Entry, nonce: string): Response {
    return new Response(entry.html.replaceAll(placeholder, nonce), { status: entry.status, headers: entry.headers });
  }

  return {
    async serve(request, nonce, render) {
      const key = keyOf(request);
      if (key === null) return null;
      placeholder ||= newNonce();
      const hit = entries.get(key);
      if (hit) {
        // Most recently used last, so the oldest variant is the one dropped.
        entries.delete(key);
        entries.set(key, hit);
        return respond(hit, nonce);
      }
      const rendered = await render(placeholder);
      const cacheable = rendered.status === 200 && !rendered.headers.has("Set-Cookie") && (rendered.headers.get("Content-Type") ?? "").startsWith("text/html");
      if (!cacheable) {
        // Not a page to keep: it was rendered with the placeholder, so render it again with the request's nonce.
        await rendered.body?.cancel();
        return render(nonce);
      }
      const entry: Entry = { status: rendered.status, headers: [...rendered.headers], html: await rendered.text() };
      entries.set(key, entry);
      if (entries.size > MAX_ENTRIES) entries.delete(entries.keys().next().value as string);
      return respond(entry, nonce);
    },
  };
}
