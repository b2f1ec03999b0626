/**
 * Every `code` an error answer of the API carries: stable and kebab-case, so a client branches on the
 * code and shows the message (SPEC section 8's words). A status's general code is its default; the
 * specific ones are the cases a screen tells apart. The app's ApiError carries the same codes (decision
 * 0042), so the names live with the API contract; what each means is documented in the OpenAPI Error
 * schema (ERROR_CODES in worker/lib/errors.ts, decision 0025), which the browser does not need.
 */
const ERROR_CODE_NAMES = [
  "validation-failed",
  "signature-invalid",
  "unauthorized",
  "forbidden",
  "cross-origin",
  "email-unverified",
  "quota-exhausted",
  "plan-limit",
  "not-found",
  "etsy-not-configured",
  "etsy-not-connected",
  "billing-not-configured",
  "conflict",
  "version-conflict",
  "nothing-to-optimize",
  "request-in-progress",
  "not-cached",
  "etsy-reconnect",
  "payload-too-large",
  "unsupported-media-type",
  "unprocessable",
  "instruction-not-supported",
  "edit-not-done",
  "upgrade-required",
  "rate-limited",
  "server-error",
  "upstream-failed",
  "unavailable",
  "config-invalid",
  "upstream-timeout",
] as const;

export type ErrorCode = (typeof ERROR_CODE_NAMES)[number];

const KNOWN: ReadonlySet<string> = new Set(ERROR_CODE_NAMES);

export const isErrorCode = (value: unknown): value is ErrorCode => typeof value === "string" && KNOWN.has(value);

const STATUS_CODES: Record<number, ErrorCode> = {
  400: "validation-failed",
  401: "unauthorized",
  403: "forbidden",
  404: "not-found",
  409: "conflict",
  413: "payload-too-large",
  415: "unsupported-media-type",
  422: "unprocessable",
  426: "upgrade-required",
  429: "rate-limited",
  500: "server-error",
  502: "upstream-failed",
  503: "unavailable",
  504: "upstream-timeout",
};

/** The general code of a status: 4xx it does not name is validation-failed, 5xx server-error. */
export const codeForStatus = (status: number): ErrorCode => STATUS_CODES[status] ?? (status >= 500 ? "server-error" : "validation-failed");
