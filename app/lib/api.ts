import { codeForStatus, isErrorCode, type ErrorCode } from "../../schema/api/errors";
import { forgetLocalSession } from "./auth";
import { translate, type Translate } from "./i18n";

/**
 * The shared client (SPEC §7, DESIGN §7): base /api, JSON, 60 s time-out. The browser is signed in by
 * its HttpOnly session cookie, which rides along on these same-origin calls (decision 0041): no
 * Authorization header, and no token a script could read.
 */
export const API_BASE = "/api";
export const DEFAULT_TIMEOUT_MS = 60_000;
export const WORKFLOW_TIMEOUT_MS = 180_000;
/** After a 401 the user goes to /login after about 100 ms (SPEC §9). */
const UNAUTHORIZED_REDIRECT_MS = 100;

/** A failure with no answer from the API: it carries one of these codes instead of the server's. */
type ClientErrorCode = "timeout" | "network" | "invalid-response";

/** What a screen branches on: the server's stable code (schema/api/errors.ts) or the client's own. */
type ApiErrorCode = ErrorCode | ClientErrorCode;

/** The `quota` of a quota-exhausted answer (SPEC section 7: feature, limit, plan). */
interface ApiErrorQuota {
  feature?: string;
  used?: number;
  limit?: number;
  plan?: string;
  remaining?: number;
}

const asNumber = (value: unknown) => (typeof value === "number" && Number.isFinite(value) ? value : undefined);

function quotaOf(value: unknown): ApiErrorQuota | null {
  if (!value || typeof value !== "object") return null;
  const q = value as Record<string, unknown>;
  return {
    feature: typeof q.feature === "string" ? q.feature : undefined,
    used: asNumber(q.used),
    limit: asNumber(q.limit),
    plan: typeof q.plan === "string" ? q.plan : undefined,
    remaining: asNumber(q.remaining),
  };
}

/** Seconds from a Retry-After header (seconds or an HTTP date) or the body's retryAfter; null when neither says. */
function retryAfterOf(header: string | null | undefined, body: Record<string, unknown> | null): number | null {
  const fromBody = asNumber(body?.retryAfter);
  if (fromBody !== undefined) return Math.max(0, Math.ceil(fromBody));
  const text = header?.trim();
  if (!text) return null;
  if (/^\d+$/.test(text)) return Number(text);
  const at = Date.parse(text);
  return Number.isNaN(at) ? null : Math.max(0, Math.ceil((at - Date.now()) / 1000));
}

/**
 * Every failure of the client, in one contract (decision 0042): the server's `{ success:false, code,
 * message, ...extra }` read once. Screens branch on `code` only (never on the HTTP status or on
 * older strings in the body) and show `errorMessage()`.
 */
export class ApiError extends Error {
  /** The server's code; a body without one gets its status's general code; no answer at all gets timeout/network/invalid-response. */
  readonly code: ApiErrorCode;
  /** quota-exhausted: which feature's quota, its limit and plan. */
  readonly quota: ApiErrorQuota | null;
  /** rate-limited / unavailable: seconds to wait (the Retry-After header, or the body's retryAfter). */
  readonly retryAfter: number | null;
  /** validation-failed: the field the message is about, when there is one. */
  readonly field: string | null;

  constructor(
    message: string,
    /** The HTTP status (0 when there was no answer): for logs, not for branching. */
    readonly status: number,
    /** The whole error body, for a code's extra fields (listing, checks, storage...). */
    readonly body: Record<string, unknown> | null,
    options: { code?: ClientErrorCode; retryAfterHeader?: string | null } = {},
  ) {
    super(message);
    this.name = "ApiError";
    this.code = options.code ?? (isErrorCode(body?.code) ? body.code : codeForStatus(status));
    this.quota = quotaOf(body?.quota);
    this.retryAfter = retryAfterOf(options.retryAfterHeader, body);
    this.field = typeof body?.field === "string" ? body.field : null;
  }
}

/** The ApiError of a non-OK answer (its body already read as JSON, or null). */
export function apiErrorOf(status: number, body: Record<string, unknown> | null, retryAfterHeader?: string | null): ApiError {
  const message = typeof body?.message === "string" ? body.message : `HTTP error! Status: ${status}`;
  return new ApiError(message, status, body, { retryAfterHeader });
}

interface RequestOptions {
  method?: string;
  body?: unknown;
  headers?: Record<string, string>;
  timeoutMs?: number;
  signal?: AbortSignal;
  /** Do not react to 401 (a call that may be made signed out). */
  anonymous?: boolean;
}

let navigate: ((to: string) => void) | null = null;
/** The router registers its navigate function so a 401 can send the user to /login without a reload. */
export function registerNavigator(fn: ((to: string) => void) | null) {
  navigate = fn;
}

let redirecting = false;
export function handleUnauthorized() {
  forgetLocalSession();
  if (redirecting || typeof window === "undefined") return;
  redirecting = true;
  const here = window.location.pathname + window.location.search;
  setTimeout(() => {
    redirecting = false;
    const to = `/login?redirectTo=${encodeURIComponent(here)}`;
    if (navigate) navigate(to);
    else window.location.assign(to);
  }, UNAUTHORIZED_REDIRECT_MS);
}

export function newRequestId() {
  return typeof crypto !== "undefined" && "randomUUID" in crypto ? crypto.randomUUID() : `${Date.now()}-${Math.round(performance.now() * 1000)}`;
}

/** A 503 that says "retry now" (Retry-After: 0): the local dev server's proxy, not the app. */
function isImmediateRetry(response: Response) {
  return response.status === 503 && response.headers.get("Retry-After")?.trim() === "0";
}

/** Sends a request and answers the raw Response once it is OK; throws ApiError otherwise. */
export async function apiResponse(path: string, options: RequestOptions = {}): Promise<Response> {
  const headers = new Headers(options.headers);
  const isForm = typeof FormData !== "undefined" && options.body instanceof FormData;
  if (options.body !== undefined && !isForm && !headers.has("Content-Type")) headers.set("Content-Type", "application/json");
  const timeout = AbortSignal.timeout(options.timeoutMs ?? DEFAULT_TIMEOUT_MS);
  const signal = options.signal ? AbortSignal.any([options.signal, timeout]) : timeout;
  const send = () =>
    fetch(`${API_BASE}${path}`, {
      method: options.method ?? (options.body === undefined ? "GET" : "POST"),
      headers,
      body: options.body === undefined ? undefined : isForm ? (options.body as FormData) : JSON.stringify(options.body),
      signal,
    });
  let response: Response;
  try {
    response = await send();
    if (isImmediateRetry(response) && headers.has("X-Request-ID")) {
      // The local server's proxy asks for an immediate retry (workers-sdk #14641); with the same
      // X-Request-ID the server answers the request at most once, so asking again is safe.
      await response.body?.cancel().catch(() => {});
      response = await send();
    }
  } catch (error) {
    if (timeout.aborted) throw new ApiError("Request timed out", 0, null, { code: "timeout" });
    if (options.signal?.aborted) throw error;
    throw new ApiError("Network error", 0, null, { code: "network" });
  }
  if (response.ok) return response;
  const body = (await response.json().catch(() => null)) as Record<string, unknown> | null;
  const error = apiErrorOf(response.status, body, response.headers.get("Retry-After"));
  if (error.code === "unauthorized" && !options.anonymous) handleUnauthorized();
  throw error;
}

/** JSON request. */
export async function api<T = Record<string, unknown>>(path: string, options: RequestOptions = {}): Promise<T> {
  const response = await apiResponse(path, options);
  let data: unknown;
  try {
    data = await response.json();
  } catch {
    throw new ApiError("Invalid response from server", response.status, null, { code: "invalid-response" });
  }
  return data as T;
}

/** An AI feature asked before the e-mail address is confirmed (code "email-unverified", decision 0009). */
export function isEmailUnverified(error: unknown): boolean {
  return error instanceof ApiError && error.code === "email-unverified";
}

/**
 * The catalogue message of each code whose meaning is general (the same sentence whatever the
 * request): shown in the visitor's language. The other codes (validation-failed, conflict, not-found,
 * plan-limit, upstream-failed...) carry a message that names the field, the record or the provider,
 * and the server's message is shown (SPEC section 8: "the server's message").
 */
function codeText(t: Translate, error: ApiError): string | null {
  switch (error.code) {
    case "unauthorized":
      return t("errors.unauthorized");
    case "email-unverified":
      return t("verifyBanner.required");
    case "quota-exhausted": {
      const { limit, plan } = error.quota ?? {};
      return limit !== undefined && plan ? t("errors.quotaExhausted", { limit, plan }) : t("errors.quotaExhaustedPlain");
    }
    case "rate-limited":
      return error.retryAfter ? t("errors.rateLimitedSeconds", { seconds: error.retryAfter }) : t("errors.rateLimited");
    case "server-error":
      return t("errors.server");
    case "unavailable":
      return t("errors.unavailable");
    case "upstream-timeout":
      return t("errors.upstreamTimeout");
    case "timeout":
      return t("errors.timeout");
    case "network":
      return t("errors.network");
    case "invalid-response":
      return t("errors.invalidResponse");
    default:
      return null;
  }
}

/** English, for a caller that has no translate function (the catalogue's English text). */
const english: Translate = (key, vars) => translate("en", key, vars);

/**
 * The message to show for a failed action: the catalogue's text for a general code, else the server's
 * message, else the error's own, else '{prefix}. Please try again.' (SPEC section 8). Pass the page's
 * `t` so the text follows the visitor's language.
 */
export function errorMessage(error: unknown, prefix?: string, t: Translate = english): string {
  if (error instanceof ApiError) {
    const text = codeText(t, error);
    if (text) return text;
    if (error.message) return error.message;
  } else if (error instanceof Error && error.message) return error.message;
  return prefix ? t("errors.prefixTryAgain", { prefix }) : t("errors.generic");
}
