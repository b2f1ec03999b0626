/** Local storage keys (SPEC §3, §9). One place, so no two screens spell a key differently. */
import { isLocalDevelopment } from "../../schema/origin";
import { PAGE_COOKIES } from "../../shared/pages/preferences";

export { readCookie } from "../../shared/pages/preferences";
export const STORAGE = {
  /** Where decision 0002 kept the token and the user; only ever removed now (decision 0041). */
  token: "token",
  user: "user",
  selectedKeywords: "selectedKeywords",
  theme: "theme",
  language: "language",
  userName: "userName",
  /** My Shop: the optimize job whose finished progress the seller hid. */
  shopDismissedJob: "shop_dismissed_job",
  onboarding: {
    profile: "onboarding_profile_complete",
    keyword: "onboarding_keyword_analysis",
    listing: "onboarding_listing_created",
    image: "onboarding_image_edited",
  },
} as const;

/** Cookies the server reads to render the right page first time (the session cookie is shared/session.ts's). */
export const COOKIE = {
  theme: PAGE_COOKIES.theme,
  language: PAGE_COOKIES.language,
  sidebar: "sidebar_state",
} as const;

/** One page cookie as the browser writes it and the server sends it (Set-Cookie): a year, SameSite=Lax, Secure everywhere but local development (issue 23); null clears it. */
export function pageCookie(name: string, value: string | null, url: { hostname: string; protocol: string }, maxAgeSeconds = 60 * 60 * 24 * 365) {
  const secure = isLocalDevelopment(url) ? "" : "; Secure";
  return value === null ? `${name}=; Path=/; Max-Age=0; SameSite=Lax${secure}` : `${name}=${encodeURIComponent(value)}; Path=/; Max-Age=${maxAgeSeconds}; SameSite=Lax${secure}`;
}

export function writeCookie(name: string, value: string | null, maxAgeSeconds = 60 * 60 * 24 * 365) {
  if (typeof document === "undefined") return;
  document.cookie = pageCookie(name, value, location, maxAgeSeconds);
}

export function safeLocalStorage(): Storage | null {
  try {
    return typeof window === "undefined" ? null : window.localStorage;
  } catch {
    return null;
  }
}
