/**
 * The session for loaders and actions (decision 0041). The token is an HttpOnly cookie no page
 * script can read; the Worker checks it (worker/app-context.ts) and hands the result to React Router
 * as `context.listora`, so this file never imports worker/.
 */
import { data, redirect, type AppLoadContext } from "react-router";
import type { AuthUser } from "../../schema/api";
import { CROSS_ORIGIN_CODE, CROSS_ORIGIN_MESSAGE, isSameOrigin, sessionTokenOf, signInCookies, signOutCookies, type ApiCallInit, type ApiResult } from "../../shared/session";
import { safeRedirectTarget } from "./auth";

/** The signed-in user of the request's cookie, or null. */
export function optionalUser(context: AppLoadContext): Promise<AuthUser | null> {
  return context.listora.user();
}

/** Where a signed-out visitor goes: /login, carrying the place they asked for (SPEC §2). */
function loginRedirect(request: Request, init?: ResponseInit) {
  const url = new URL(request.url);
  return redirect(`/login?redirectTo=${encodeURIComponent(safeRedirectTarget(url.pathname + url.search))}`, init);
}

/** The signed-in user, or a redirect to /login?redirectTo=… (thrown); a cookie whose token has ended is cleared on the way. */
export async function requireUser(request: Request, context: AppLoadContext): Promise<AuthUser> {
  const user = await context.listora.user();
  if (!user) throw loginRedirect(request, sessionTokenOf(request) ? { headers: signOutHeaders(request) } : undefined);
  return user;
}

/**
 * Every route action runs this first: a POST from another site is refused (403 cross-origin), the
 * same rule /api applies to cookie-signed writes. Browsers send Origin (or Sec-Fetch-Site) with every
 * form post and fetch that changes state.
 */
export function assertSameOrigin(request: Request) {
  if (!isSameOrigin(request)) throw data({ success: false, code: CROSS_ORIGIN_CODE, message: CROSS_ORIGIN_MESSAGE }, { status: 403 });
}

/** Runs an /api route in process as the session's user (see ListoraContext.api). */
export function callApi<T = Record<string, unknown>>(context: AppLoadContext, path: string, init?: ApiCallInit): Promise<ApiResult<T>> {
  return context.listora.api<T>(path, init);
}

/** Headers that sign the browser in with `token`: a fresh cookie each time (rotated on sign-in). */
export function signInHeaders(request: Request, token: string): Headers {
  const headers = new Headers();
  for (const cookie of signInCookies(token, request.url)) headers.append("Set-Cookie", cookie);
  return headers;
}

/** Headers that end the browser's session. */
export function signOutHeaders(request: Request): Headers {
  const headers = new Headers();
  for (const cookie of signOutCookies(request.url)) headers.append("Set-Cookie", cookie);
  return headers;
}

/** The Set-Cookie headers an in-process API answer carried (a rotated or cleared session), for the page's answer. */
export function carriedCookies(result: { headers: Headers }): Headers {
  const headers = new Headers();
  for (const cookie of result.headers.getSetCookie()) headers.append("Set-Cookie", cookie);
  return headers;
}

/** The form's text field `name` ("" when absent or a file). */
export function formText(form: FormData | URLSearchParams, name: string): string {
  const value = form.get(name);
  return typeof value === "string" ? value : "";
}

/** Every text value of the field `name` a form posted (repeated fields, in order; files left out). */
export function formTexts(form: FormData, name: string): string[] {
  return form.getAll(name).filter((value): value is string => typeof value === "string");
}
