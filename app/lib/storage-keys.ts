/** Local storage keys (SPEC §3, §9). One place, so no two screens spell a key differently. */
import { isLocalDevelopment } from "../../schema/origin";
import { PAGE_COOKIES } from "../../shared/pages/preferences";

export { readCookie } from "../../shared/pages/preferences";
export const STORAGE = {
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

/** Cookies the server reads to render the right page first time: theme, language, a signed-in hint. */
export const COOKIE = {
  theme: PAGE_COOKIES.theme,
  language: PAGE_COOKIES.language,
  /** "1" while a token is stored; a hint for server redirects, never a credential. */
  signedIn: "listora_auth",
  sidebar: "sidebar_state",
} as const;

export function writeCookie(name: string, value: string | null, maxAgeSeconds = 60 * 60 * 24 * 365) {
  if (typeof document === "undefined") return;
  // Secure everywhere but local development (issue 23): the sign-in hint never travels over plain HTTP.
  const secure = typeof location !== "undefined" && isLocalDevelopment(location) ? "" : "; Secure";
  document.cookie = value === null ? `${name}=; Path=/; Max-Age=0; SameSite=Lax${secure}` : `${name}=${encodeURIComponent(value)}; Path=/; Max-Age=${maxAgeSeconds}; SameSite=Lax${secure}`;
}

export function safeLocalStorage(): Storage | null {
  try {
    return typeof window === "undefined" ? null : window.localStorage;
  } catch {
    return null;
  }
}
