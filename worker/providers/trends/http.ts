import { UpstreamError } from "../../lib/errors";

/**
 * GETs a vendor's JSON with a time-out and turns every way it can fail into an UpstreamError whose
 * message names the service (never the key): the fallback shows that message to the user as its reason.
 */
export async function getJson(
  provider: string,
  label: string,
  url: string,
  init: { headers?: Record<string, string>; fetch: typeof fetch; timeoutMs: number },
): Promise<unknown> {
  let response: Response;
  try {
    response = await init.fetch(url, { method: "GET", headers: { Accept: "application/json", ...init.headers }, signal: AbortSignal.timeout(init.timeoutMs) });
  } catch (error) {
    const timedOut = error instanceof Error && (error.name === "TimeoutError" || error.name === "AbortError");
    throw new UpstreamError(provider, timedOut ? `The ${label} timed out` : `The ${label} could not be reached`, timedOut);
  }
  if (!response.ok) {
    await response.body?.cancel().catch(() => {});
    if (response.status === 429) throw new UpstreamError(provider, `The ${label} is rate-limiting requests (429)`);
    if (response.status === 401 || response.status === 403) throw new UpstreamError(provider, `The ${label} refused the API key (${response.status})`);
    throw new UpstreamError(provider, `The ${label} failed (${response.status})`);
  }
  try {
    return await response.json();
  } catch {
    throw new UpstreamError(provider, `The ${label} gave an invalid response`);
  }
}

export const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === "object" && value !== null && !Array.isArray(value);
