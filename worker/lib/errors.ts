import { codeForStatus, isErrorCode, type ErrorCode } from "../../schema/api/errors";

/** What each code means, for the OpenAPI Error schema (decision 0025); every code has a line (tsc checks). */
export const ERROR_CODES: Record<ErrorCode, string> = {
  "validation-failed": "400: the request is not valid; `field` names the field when there is one",
  "signature-invalid": "400: a webhook's signature is missing, forged or too old",
  unauthorized: "401: no token, or an invalid or ended one",
  forbidden: "403: not allowed",
  "cross-origin": "403: a write signed in with the session cookie came from another origin (no same-origin Origin or Sec-Fetch-Site); decision 0041",
  "email-unverified": "403: an AI feature asked before the e-mail address is confirmed (decision 0009)",
  "quota-exhausted": "403: the feature's daily quota is used up; `quota` says which and when",
  "plan-limit": "403: the plan's storage or saved-listings limit is reached; `storage` has the usage",
  "not-found": "404: no such endpoint, or not the caller's",
  "etsy-not-configured": "404: the server has no Etsy keys",
  "etsy-not-connected": "404: no Etsy shop is connected",
  "billing-not-configured": "404: the server has no Stripe settings (online payment is off)",
  conflict: "409: the request collides with the current state (a name or e-mail already taken)",
  "version-conflict": "409: the listing changed since it was read; `listing` is the current one when known",
  "nothing-to-optimize": "409: every listing asked for is unchanged since its last run or already in a running job; `unchanged` and `inProgress` list them; nothing was charged",
  "not-cached": "409: a cache-only keyword search (`cached_only=1`) is not in the 24-hour keyword cache; nothing was charged (decision 0074)",
  "request-in-progress": "409: a request with this X-Request-ID is still being processed",
  "etsy-reconnect": "409: the Etsy connection must be made again",
  "payload-too-large": "413: the body or a file is past its limit",
  "unsupported-media-type": "415: a Content-Type or file type that is not accepted",
  unprocessable: "422: understood, but nothing could be done",
  "instruction-not-supported": "422: no part of an image instruction can be done by the editor",
  "edit-not-done": "422: an image edit was tried, but its measured result did not do what was asked (`checks`, `measurements`); nothing was charged",
  "upgrade-required": "426: a WebSocket endpoint asked without an upgrade",
  "rate-limited": "429: too many requests; Retry-After says when to try again",
  "server-error": "500: an unexpected error (never a stack trace)",
  "upstream-failed": "502: a provider failed; `provider` names it",
  unavailable: "503: the server or a provider is not available right now (Retry-After)",
  "config-invalid": "503: the server's configuration is invalid (`problems` names the variables)",
  "upstream-timeout": "504: a provider did not answer in time",
};

/**
 * The one error type of the API. Thrown anywhere below a handler, it becomes
 * `{ success: false, code, message, ...extra }` with its status (worker/api/router.ts). The code is
 * `extra.code` when given, else the status's general code.
 */
export class HttpError extends Error {
  readonly code: ErrorCode;

  constructor(
    readonly status: number,
    message: string,
    readonly extra: Record<string, unknown> & { code?: ErrorCode } = {},
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
    this.name = "HttpError";
    this.code = isErrorCode(extra.code) ? extra.code : codeForStatus(status);
  }
}

export const badRequest = (message: string, extra?: Record<string, unknown>) => new HttpError(400, message, extra);
export const unauthorized = (message = "Invalid authentication token") => new HttpError(401, message);
export const notFound = (message = "Not found") => new HttpError(404, message);
export const tooManyRequests = (retryAfterSeconds: number, message = "Too many requests: Please wait a moment before trying again.") =>
  new HttpError(429, message, { retryAfter: retryAfterSeconds }, { "Retry-After": String(retryAfterSeconds) });

/** An upstream provider failed (502) or timed out (504). The message names the provider, never its key. */
export class UpstreamError extends HttpError {
  constructor(
    readonly provider: string,
    message: string,
    readonly timedOut = false,
  ) {
    super(timedOut ? 504 : 502, message, { provider });
    this.name = "UpstreamError";
  }
}
