import type { AuthUser } from "../../schema/api";
import { COOKIE, STORAGE, safeLocalStorage, writeCookie } from "./storage-keys";

/** Tokens are JWTs and start with "eyJ" (SPEC §4, §9); anything else is removed as invalid. */
export function getToken(): string | null {
  const storage = safeLocalStorage();
  const token = storage?.getItem(STORAGE.token) ?? null;
  if (token && !token.startsWith("eyJ")) {
    clearAuth();
    return null;
  }
  return token;
}

export function storeSession(token: string, user?: AuthUser) {
  const storage = safeLocalStorage();
  if (!token.startsWith("eyJ")) return;
  storage?.setItem(STORAGE.token, token);
  if (user) {
    storage?.setItem(STORAGE.user, JSON.stringify(user));
    if (user.firstName) storage?.setItem(STORAGE.userName, user.firstName);
  }
  writeCookie(COOKIE.signedIn, "1", 60 * 60 * 24 * 7);
}

/** Log out: removes the token and the theme (SPEC §4); only local data is cleared. */
export function clearAuth() {
  const storage = safeLocalStorage();
  storage?.removeItem(STORAGE.token);
  storage?.removeItem(STORAGE.user);
  storage?.removeItem(STORAGE.theme);
  writeCookie(COOKIE.signedIn, null);
  writeCookie(COOKIE.theme, null);
}

export function storedUser(): AuthUser | null {
  try {
    const raw = safeLocalStorage()?.getItem(STORAGE.user);
    return raw ? (JSON.parse(raw) as AuthUser) : null;
  } catch {
    return null;
  }
}

/** Keeps the server's sign-in hint in step with the token (e.g. after cookies were cleared). */
export function syncSignedInHint() {
  if (typeof document === "undefined") return;
  const has = document.cookie.split(";").some((c) => c.trim().startsWith(`${COOKIE.signedIn}=1`));
  const token = getToken();
  if (token && !has) writeCookie(COOKIE.signedIn, "1", 60 * 60 * 24 * 7);
  if (!token && has) writeCookie(COOKIE.signedIn, null);
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
