import { UpstreamError } from "../../lib/errors";

/**
 * GETs a vendor's JSON with a time-out and turns every way it can fail into an UpstreamError whose
 * message names the service (never the key): the fallback shows that message to the user as its reason.
 */
export async function getJson(provider: string, label: string, url: string, init: { headers?: Record<string, string>; fetch: typeof fetch; timeoutMs: number }): Promise<unknown> {
  return requestJson(provider, label, url, { ...init, method: "GET" });
}

/** A vendor's refusal to serve more requests now; retryAfterSeconds is its Retry-After, when it sent one. */
export class RateLimitedError extends UpstreamError {
  constructor(
    provider: string,
    message: string,
    readonly retryAfterSeconds: number | null,
  ) {
    super(provider, message);
    this.name = "RateLimitedError";
  }
}

/** As getJson, for any method; a JSON body is sent as such. HTTP 402 is named as a billing problem. */
export async function requestJson(
  provider: string,
  label: string,
  url: string,
  init: {
    method: "GET" | "POST";
    body?: unknown;
    headers?: Record<string, string>;
    fetch: typeof fetch;
    timeoutMs: number;
    /** What a 401/403 refused, e.g. "login"; default "API key". */ credential?: string;
  },
): Promise<unknown> {
  let response: Response;
  const headers: Record<string, string> = { Accept: "application/json", ...(init.body !== undefined ? { "Content-Type": "application/json" } : {}), ...init.headers };
  // Called unbound: workerd's fetch refuses a `this` other than the global scope ("Illegal invocation"),
  // which `init.fetch(...)` would pass, so every live call failed as "could not be reached".
  const send = init.fetch;
  try {
    response = await send(url, {
      method: init.method,
      headers,
      body: init.body !== undefined ? JSON.stringify(init.body) : undefined,
      signal: AbortSignal.timeout(init.timeoutMs),
    });
  } catch (error) {
    const timedOut = error instanceof Error && (error.name === "TimeoutError" || error.name === "AbortError");
    throw new UpstreamError(provider, timedOut ? `The ${label} timed out` : `The ${label} could not be reached`, timedOut);
  }
  if (!response.ok) {
    await response.body?.cancel().catch(() => {});
    if (response.status === 429) {
      const retryAfter = retryAfterSeconds(response.headers.get("Retry-After"));
      throw new RateLimitedError(provider, `The ${label} is rate-limiting requests (429)`, retryAfter);
    }
    if (response.status === 401 || response.status === 403) throw new UpstreamError(provider, `The ${label} refused the ${init.credential ?? "API key"} (${response.status})`);
    if (response.status === 402) throw new UpstreamError(provider, `The ${label} could not bill the account (402): check its balance`);
    throw new UpstreamError(provider, `The ${label} failed (${response.status})`);
  }
  try {
    return await response.json();
  } catch {
    throw new UpstreamError(provider, `The ${label} gave an invalid response`);
  }
}

/** Seconds from a Retry-After header: a number of seconds or an HTTP date; null when absent or unreadable. */
export function retryAfterSeconds(value: string | null, now = Date.now()): number | null {
  if (!value) return null;
  const trimmed = value.trim();
  if (/^\d+$/.test(trimmed)) return Math.min(Number(trimmed), 24 * 60 * 60);
  const at = Date.parse(trimmed);
  if (Number.isNaN(at)) return null;
  return Math.max(0, Math.min(Math.ceil((at - now) / 1000), 24 * 60 * 60));
}

export const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === "object" && value !== null && !Array.isArray(value);
