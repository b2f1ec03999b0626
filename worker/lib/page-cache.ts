/**
 * Public pages rendered once per isolate and variant, then served with a fresh CSP nonce (decision 0044).
 *
 * The landing page is the same for every anonymous visitor apart from its theme and language (read from
 * the cookies and Accept-Language by shared/pages/preferences.ts, as the root loader reads them), the
 * origin, and the nonce of its scripts. Rendering it with React on
 * every request cost about twice a trivial Worker answer; here the first request of a variant renders it
 * with a placeholder nonce (random per isolate), and every request gets that HTML with the placeholder
 * replaced by its own nonce, so the page's Content-Security-Policy stays per response.
 *
 * Anything else in the request skips the cache and renders: another cookie (a session, the signed-in
 * hint: a signed-in visitor always gets a fresh render, so a redirect or a personal page stays right),
 * a query string, a method other than GET, or an answer that is not a plain 200 HTML page without cookies.
 */
import { PAGE_COOKIES, pagePreferences } from "../../shared/pages/preferences";
import { newNonce } from "./security";

/** The document paths rendered once per variant. */
const PATHS = new Set(["/landing"]);
/** The cookies these pages read. */
const READ_COOKIES = new Set<string>(Object.values(PAGE_COOKIES));
/** Variants kept per isolate (each about 70 KB): three themes times two languages, for a few origins. */
const MAX_ENTRIES = 24;

interface Entry {
  status: number;
  headers: [string, string][];
  html: string;
}

interface PageCache {
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
    const cookies = request.headers.get("Cookie");
    for (const part of (cookies ?? "").split(";")) {
      const name = part.trim().split("=", 1)[0];
      if (name && !READ_COOKIES.has(name)) return null;
    }
    const { theme, language } = pagePreferences(cookies, request.headers.get("Accept-Language"));
    return [url.origin, url.pathname, theme ?? "", language].join("\n");
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
