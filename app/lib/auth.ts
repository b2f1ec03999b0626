import { useRouteLoaderData } from "react-router";
import type { AuthUser } from "../../schema/api";
import { COOKIE, STORAGE, safeLocalStorage, writeCookie } from "./storage-keys";

/*
 * The session lives in an HttpOnly cookie (decision 0041): no page script can read the token. The
 * server's loaders know the user; the browser learns it from the root loader's data.
 */

/** The signed-in user as the root loader found it (null when signed out). */
export function useSessionUser(): AuthUser | null {
  return useRouteLoaderData<{ user: AuthUser | null }>("root")?.user ?? null;
}

/**
 * After sign-out: what the browser kept about the account goes too (SPEC §4 removes the theme with
 * the token; the old localStorage token and user of decision 0002 are removed wherever they remain).
 */
export function forgetLocalSession() {
  const storage = safeLocalStorage();
  storage?.removeItem(STORAGE.token);
  storage?.removeItem(STORAGE.user);
  storage?.removeItem(STORAGE.theme);
  writeCookie(COOKIE.theme, null);
}

/**
 * Where to go after signing in: `value` when it is a path on this site, else `fallback`. Anything
 * that could leave the origin is refused: other schemes and hosts, "//host" and "/\\host", and
 * control characters or spaces (browsers drop tabs and newlines, so "/\t/host" would become
 * "//host"). The sign-in screens themselves are refused too, so a signed-in visitor never loops.
 */
export function safeRedirectTarget(value: string | null | undefined, fallback = "/dashboard") {
  if (!value || !value.startsWith("/") || value.startsWith("//") || value.startsWith("/\\")) return fallback;
  if (/[\u0000-\u0020\u007f\\]/.test(value)) return fallback;
  let url: URL;
  try {
    url = new URL(value, "https://listora.invalid");
  } catch {
    return fallback;
  }
  if (url.origin !== "https://listora.invalid") return fallback;
  // Checked after normalisation: the URL parser turns "/./", "/%2e/" and "/a/../" into "//", which a
  // browser reads as another host ("//evil.example/phish", issue 23).
  if (url.pathname.startsWith("//") || url.pathname.startsWith("/\\")) return fallback;
  if (/^\/(login|register)(\/|$)/.test(url.pathname)) return fallback;
  return url.pathname + url.search + url.hash;
}
