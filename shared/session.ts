/**
 * The web app's session (decision 0041): the signed JWT of DESIGN §3 in an HttpOnly, SameSite=Lax
 * cookie, Secure everywhere but local development. The Worker reads it for /api (beside the
 * `Authorization: Bearer` contract of SPEC §7) and the app's loaders and actions read it through the
 * load context. Both sides share this file, so the name, the attributes and the same-origin rule
 * cannot drift apart.
 */
import type { AuthUser } from "../schema/api";
import type { ListingCardSource, ListingSort } from "../schema/api/listings";
import type { OnboardingState } from "../schema/api/onboarding";
import type { Feature } from "../schema/api/quota";
import { isLocalDevelopment } from "../schema/origin";

export const SESSION_COOKIE = "listora_session";
/** As long as the token lives (DESIGN §3: 7 days). */
const SESSION_MAX_AGE_SECONDS = 7 * 24 * 60 * 60;

/** The retired sign-in hint cookie ("1" while a localStorage token existed); cleared on sign-in and sign-out. */
const LEGACY_HINT_COOKIE = "listora_auth";

export const CROSS_ORIGIN_CODE = "cross-origin";
export const CROSS_ORIGIN_MESSAGE = "This request came from another site. Changes signed in with the session cookie must be sent from Listora itself.";

/** The value of cookie `name` in a Cookie header, or undefined. */
function cookieValue(header: string | null | undefined, name: string): string | undefined {
  if (!header) return undefined;
  for (const part of header.split(";")) {
    const at = part.indexOf("=");
    if (at === -1 || part.slice(0, at).trim() !== name) continue;
    const raw = part.slice(at + 1).trim();
    try {
      return decodeURIComponent(raw);
    } catch {
      return raw;
    }
  }
  return undefined;
}

/** The session token a request carries in its cookie: a JWT (starts with "eyJ", SPEC §4) or nothing. */
export function sessionTokenOf(request: Request): string | undefined {
  const token = cookieValue(request.headers.get("Cookie"), SESSION_COOKIE);
  return token && token.startsWith("eyJ") && token.length < 4096 ? token : undefined;
}

function attributes(requestUrl: string) {
  const secure = isLocalDevelopment(new URL(requestUrl)) ? "" : "; Secure";
  return `Path=/; HttpOnly; SameSite=Lax${secure}`;
}

/** Set-Cookie values that sign a browser in with `token` (a new value each sign-in: the cookie rotates). */
export function signInCookies(token: string, requestUrl: string): string[] {
  return [`${SESSION_COOKIE}=${token}; Max-Age=${SESSION_MAX_AGE_SECONDS}; ${attributes(requestUrl)}`, expired(LEGACY_HINT_COOKIE, requestUrl)];
}

/** Set-Cookie values that end the browser's session (and the retired hint). */
export function signOutCookies(requestUrl: string): string[] {
  return [`${SESSION_COOKIE}=; Max-Age=0; ${attributes(requestUrl)}`, expired(LEGACY_HINT_COOKIE, requestUrl)];
}

function expired(name: string, requestUrl: string) {
  const secure = isLocalDevelopment(new URL(requestUrl)) ? "" : "; Secure";
  return `${name}=; Max-Age=0; Path=/; SameSite=Lax${secure}`;
}

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/** Whether a request may change state (anything but GET, HEAD and OPTIONS). */
export function changesState(request: Request): boolean {
  return !SAFE_METHODS.has(request.method.toUpperCase());
}

/**
 * Whether a request comes from a page of this origin: its `Origin` equals the request's own origin,
 * or, when a browser sent no Origin, `Sec-Fetch-Site: same-origin`. Without either it is refused
 * (every browser sends one of them with a POST, PUT or DELETE).
 */
export function isSameOrigin(request: Request): boolean {
  const origin = request.headers.get("Origin");
  if (origin !== null) return origin === new URL(request.url).origin;
  return request.headers.get("Sec-Fetch-Site") === "same-origin";
}

/** The answer of an in-process /api call (the load context's `api`). */
export type ApiResult<T> = { ok: true; status: number; data: T; headers: Headers } | { ok: false; status: number; error: { code: string; message: string; [key: string]: unknown }; headers: Headers };

export interface ApiCallInit {
  method?: "GET" | "POST" | "PUT" | "DELETE";
  /** JSON body. */
  body?: unknown;
  headers?: Record<string, string>;
  /**
   * Call as this token's user instead of the request's cookie (the token a sign-in just answered).
   * Null calls anonymously.
   */
  token?: string | null;
}

/** A read the load context makes from the domain without the API's JSON (decision 0055): its value, or the error code and message the API route would answer. */
export type ReadResult<T> = { ok: true; data: T } | { ok: false; error: { code: string; message: string } };

/** What every signed-in page shows of the account besides the profile (decision 0051), read at once (decision 0055). */
export interface AccountReads {
  /** Today's usage of every feature on the user's plan, as GET /api/usage answers it. */
  usage: ReadResult<Record<Feature, { used: number; limit: number }>>;
  /** The provider of each kind and its label, as GET /api/health names them. */
  providers: { providers: Record<string, string>; providerLabels: Record<string, string> };
  /** The onboarding checklist, as GET /api/onboarding answers it, from the session's user record. */
  onboarding: OnboardingState;
}

/**
 * What the Worker puts on React Router's load context beside `cloudflare` (worker/index.ts): the one
 * way loaders and actions reach the domain. `app/` never imports `worker/`, so it sees this type only.
 */
export interface ListoraContext {
  /** The signed-in user of this request's session cookie, checked like an /api token (version and all); read once per request. */
  user(): Promise<AuthUser | null>;
  /**
   * Runs an /api route in process, as the session's user (no network hop, the same validation,
   * limits, idempotency and error codes as the API). `path` is below /api, e.g. "/listings?sort=newest".
   * A streamed (NDJSON) answer is read to its end and answered as `{ events }`.
   */
  api<T = Record<string, unknown>>(path: string, init?: ApiCallInit): Promise<ApiResult<T>>;
  /**
   * The reads every signed-in page makes, straight from the domain functions their /api routes call
   * (decision 0055): no Request, route table or JSON between them. Null without a signed-in session.
   */
  reads: {
    /** The account data of the signed-in shell: today's usage, the providers, the onboarding checklist. */
    account(): Promise<AccountReads | null>;
    /**
     * A page of the session user's listings as My Listings' cards, with their stored scores, in GET
     * /api/listings' order (`limit` and `offset` as there; decision 0064), and how many match in all.
     */
    listings(query: { q?: string; sort?: ListingSort; limit?: number; offset?: number }): Promise<ReadResult<{ cards: ListingCardSource[]; total: number }> | null>;
  };
}
