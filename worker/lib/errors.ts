import { codeForStatus, isErrorCode, type ErrorCode } from "../../schema/api/errors";

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
