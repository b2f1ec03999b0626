import { forgetLocalSession } from "./auth";

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

type ErrorKind = "http" | "timeout" | "network" | "invalid-response" | "no-token";

/** Every failure of the client: the HTTP status and the server's `{ success:false, message, ... }` body. */
export class ApiError extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly body: Record<string, unknown> | null,
    readonly kind: ErrorKind = "http",
  ) {
    super(message);
    this.name = "ApiError";
  }
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
    if (timeout.aborted) throw new ApiError("Request timed out", 0, null, "timeout");
    if (options.signal?.aborted) throw error;
    throw new ApiError("Network error", 0, null, "network");
  }
  if (response.ok) return response;
  const body = (await response.json().catch(() => null)) as Record<string, unknown> | null;
  if (response.status === 401 && !options.anonymous) handleUnauthorized();
  const message = typeof body?.message === "string" ? body.message : `HTTP error! Status: ${response.status}`;
  throw new ApiError(message, response.status, body);
}

/** JSON request. */
export async function api<T = Record<string, unknown>>(path: string, options: RequestOptions = {}): Promise<T> {
  const response = await apiResponse(path, options);
  let data: unknown;
  try {
    data = await response.json();
  } catch {
    throw new ApiError("Invalid response from server", response.status, null, "invalid-response");
  }
  return data as T;
}

/** A 403 from an AI feature asked before the e-mail address is confirmed (code "email-unverified", decision 0009). */
export function isEmailUnverified(error: unknown): boolean {
  return error instanceof ApiError && error.status === 403 && error.body?.code === "email-unverified";
}

/** The message to show for a failed action: the server's userMessage, message, the error's own, else '{prefix}. Please try again.' */
export function errorMessage(error: unknown, prefix?: string): string {
  if (error instanceof ApiError) {
    const body = error.body;
    if (typeof body?.userMessage === "string") return body.userMessage;
    if (typeof body?.message === "string") return body.message;
    if (error.kind === "timeout") return "Request timed out. Please try again later.";
    if (error.kind === "network") return "Network error: Please check your internet connection and try again.";
  }
  if (error instanceof Error && error.message) return error.message;
  return prefix ? `${prefix}. Please try again.` : "Something went wrong. Please try again.";
}
