/**
 * Every `code` an error answer of the API carries: stable and kebab-case, so a client branches on the
 * code and shows the message (SPEC section 8's words). A status's general code is its default; the
 * specific ones are the cases a screen tells apart. Documented in the OpenAPI Error schema (decision 0025);
 * the app's ApiError carries the same codes (decision 0042), so the list lives with the API contract.
 */
export const ERROR_CODES = {
  "validation-failed": "400: the request is not valid; `field` names the field when there is one",
  "signature-invalid": "400: a webhook's signature is missing, forged or too old",
  unauthorized: "401: no token, or an invalid or ended one",
  forbidden: "403: not allowed",
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
} as const;

export type ErrorCode = keyof typeof ERROR_CODES;

export const isErrorCode = (value: unknown): value is ErrorCode => typeof value === "string" && Object.hasOwn(ERROR_CODES, value);

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
