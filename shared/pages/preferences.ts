/**
 * The theme and language a page is rendered in, read from the request: the root loader paints the page with
 * them, and the Worker's page cache keeps one rendered landing page per answer (decision 0044), so both read
 * them the same way.
 */
import type { Language, Theme } from "../../schema/api/preferences";

/** The cookies a page's first paint depends on (the app writes them: app/lib/storage-keys.ts COOKIE). */
export const PAGE_COOKIES = { theme: "theme", language: "lang" } as const;

export function readCookie(header: string | null | undefined, name: string): string | undefined {
  if (!header) return undefined;
  for (const part of header.split(";")) {
    const [k, ...rest] = part.trim().split("=");
    if (k === name) return decodeURIComponent(rest.join("="));
  }
  return undefined;
}

/** The saved theme (none: the system's), and the language: the saved one, else Turkish for a Turkish browser, else English. */
export function pagePreferences(cookieHeader: string | null | undefined, acceptLanguage: string | null | undefined): { theme: Theme | null; language: Language } {
  const theme = readCookie(cookieHeader, PAGE_COOKIES.theme);
  const lang = readCookie(cookieHeader, PAGE_COOKIES.language);
  let language: Language = lang === "en" || lang === "tr" ? lang : "en";
  if (!lang && /^tr\b/i.test((acceptLanguage ?? "").trim())) language = "tr";
  return { theme: theme === "light" || theme === "dark" ? theme : null, language };
}
