/**
 * Etsy Open API v3 for a connected shop (docs/decisions/0022-etsy-oauth.md): the OAuth 2.0 token
 * endpoint (authorization code with PKCE, refresh) and the three resource calls My Shop needs
 * (getShopByOwnerUserId, getListingsByShop, updateListing). Every way a call can fail becomes an
 * EtsyApiError whose message names Etsy, never a key or a token.
 *
 * Shapes follow Etsy's OpenAPI document (https://developers.etsy.com/documentation/reference):
 * - POST {api}/v3/public/oauth/token, form-encoded; 200 { access_token, token_type, expires_in,
 *   refresh_token }; 400 { error: "invalid_grant" | "invalid_request" | ..., error_description }.
 *   Both tokens start with the Etsy user id: "<user_id>.<opaque>". A refresh rotates the refresh token.
 * - Resource calls send `x-api-key: <keystring>:<shared secret>` (required since 9 February 2026) and
 *   `Authorization: Bearer <access token>`; errors are { error: "message" } with 400/401/403/404/409/429/500.
 */

const ETSY_TIMEOUT_MS = 15_000;
/** A 429 whose Retry-After is at most this many seconds is waited out once; a longer one is reported. */
const ETSY_RETRY_WAIT_MAX_S = 2;
const ETSY_PAGE_LIMIT = 100;
export const ETSY_SCOPES = ["listings_r", "listings_w", "shops_r"] as const;

interface EtsyClientOptions {
  /** The app's keystring (the OAuth client_id). */
  apiKey: string;
  sharedSecret: string;
  /** https://api.etsy.com unless ETSY_API_URL says otherwise (tests point it at a fake). */
  baseUrl?: string;
  fetch?: typeof fetch;
  timeoutMs?: number;
  /** How to wait out a short Retry-After; injectable for tests. */
  sleep?: (ms: number) => Promise<void>;
}

interface EtsyTokens {
  accessToken: string;
  refreshToken: string;
  /** Seconds the access token lives (Etsy: 3600). */
  expiresIn: number;
  /** The numeric Etsy user id the token belongs to (its prefix before the first "."). */
  etsyUserId: string;
}

export interface EtsyMoney {
  amount: number;
  divisor: number;
  currency_code: string;
}

interface EtsyListingImage {
  listing_image_id?: number;
  rank?: number;
  url_fullxfull?: string;
  url_570xN?: string;
  alt_text?: string | null;
}

/** The fields of a ShopListing (with includes=Images) that My Shop reads. */
export interface EtsyListing {
  listing_id: number;
  shop_id?: number;
  title: string;
  description: string;
  state?: string;
  quantity?: number;
  tags?: string[];
  materials?: string[];
  skus?: string[];
  price?: EtsyMoney;
  url?: string;
  images?: EtsyListingImage[];
}

interface EtsyListingsPage {
  count: number;
  results: EtsyListing[];
}

interface EtsyShop {
  shop_id: number;
  shop_name: string;
  user_id?: number;
}

interface EtsyListingUpdate {
  title?: string;
  description?: string;
  tags?: string[];
}

type EtsyErrorKind = "invalid_grant" | "unauthorized" | "forbidden" | "not_found" | "invalid" | "rate_limited" | "timeout" | "unreachable" | "failed" | "bad_response";

/** A failed Etsy call. `message` is safe to show to the seller. */
export class EtsyApiError extends Error {
  constructor(
    readonly kind: EtsyErrorKind,
    message: string,
    readonly status: number | null = null,
    /** Seconds Etsy asked us to wait (429). */
    readonly retryAfter: number | null = null,
  ) {
    super(message);
    this.name = "EtsyApiError";
  }
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === "object" && value !== null && !Array.isArray(value);

/** The Etsy user id a token carries: "12345678.abc..." -> "12345678". */
function etsyUserIdOf(token: string): string | null {
  const match = /^(\d+)\./.exec(token);
  return match ? match[1] : null;
}

/** Seconds from a Retry-After header (delta-seconds or an HTTP date); null when absent or unreadable. */
function retryAfterSeconds(value: string | null, now = Date.now()): number | null {
  if (!value) return null;
  const trimmed = value.trim();
  if (/^\d+$/.test(trimmed)) return Number(trimmed);
  const date = Date.parse(trimmed);
  return Number.isNaN(date) ? null : Math.max(0, Math.ceil((date - now) / 1000));
}

export function etsyClient(options: EtsyClientOptions) {
  const base = (options.baseUrl || "https://api.etsy.com").replace(/\/+$/, "");
  const timeoutMs = options.timeoutMs ?? ETSY_TIMEOUT_MS;
  const sleep = options.sleep ?? ((ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)));
  // Resolved per call, so a test's stub of the global fetch (the network edge) is the one used.
  const doFetch: typeof fetch = (input, init) => (options.fetch ?? fetch)(input, init);

  async function send(url: string, init: RequestInit, retried = false): Promise<Response> {
    let response: Response;
    try {
      response = await doFetch(url, { ...init, signal: AbortSignal.timeout(timeoutMs) });
    } catch (error) {
      const timedOut = error instanceof Error && (error.name === "TimeoutError" || error.name === "AbortError");
      throw timedOut ? new EtsyApiError("timeout", `Etsy did not answer within ${Math.round(timeoutMs / 1000)} seconds`) : new EtsyApiError("unreachable", "Etsy could not be reached");
    }
    if (response.status === 429) {
      const wait = retryAfterSeconds(response.headers.get("Retry-After"));
      await response.body?.cancel().catch(() => {});
      if (!retried && wait !== null && wait <= ETSY_RETRY_WAIT_MAX_S) {
        await sleep(wait * 1000);
        return send(url, init, true);
      }
      const seconds = wait ?? 60;
      throw new EtsyApiError("rate_limited", `Etsy is limiting how fast this app may call it; try again in ${seconds} seconds`, 429, seconds);
    }
    return response;
  }

  async function readJson(response: Response): Promise<unknown> {
    try {
      return await response.json();
    } catch {
      throw new EtsyApiError("bad_response", "Etsy gave an answer that could not be read", response.status);
    }
  }

  /** Turns a resource call's error answer ({ error }) into an EtsyApiError. */
  async function failure(response: Response): Promise<EtsyApiError> {
    let detail = "";
    try {
      const body = await response.json();
      if (isRecord(body) && typeof body.error === "string") detail = body.error.slice(0, 300);
    } catch {
      // Not JSON: the status says enough.
    }
    const s = response.status;
    const suffix = detail ? `: ${detail}` : "";
    if (s === 401) return new EtsyApiError("unauthorized", `Etsy refused the connection's access token (401)${suffix}`, s);
    if (s === 403) return new EtsyApiError("forbidden", `Etsy refused the request (403)${suffix}`, s);
    if (s === 404) return new EtsyApiError("not_found", `Etsy does not know this item (404)${suffix}`, s);
    if (s === 400 || s === 409) return new EtsyApiError("invalid", `Etsy refused the change${suffix || ` (${s})`}`, s);
    return new EtsyApiError("failed", `Etsy failed (${s})${suffix}`, s);
  }

  async function tokenRequest(form: Record<string, string>): Promise<EtsyTokens> {
    const response = await send(`${base}/v3/public/oauth/token`, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded", Accept: "application/json" },
      body: new URLSearchParams(form).toString(),
    });
    const body = await readJson(response);
    if (!response.ok) {
      const code = isRecord(body) && typeof body.error === "string" ? body.error : "";
      const description = isRecord(body) && typeof body.error_description === "string" ? `: ${body.error_description.slice(0, 200)}` : "";
      if (code === "invalid_grant") throw new EtsyApiError("invalid_grant", `Etsy did not accept the authorization (invalid_grant${description})`, response.status);
      throw new EtsyApiError(response.status === 401 ? "unauthorized" : "failed", `Etsy's token service refused the request (${code || response.status}${description})`, response.status);
    }
    if (!isRecord(body) || typeof body.access_token !== "string" || typeof body.refresh_token !== "string") {
      throw new EtsyApiError("bad_response", "Etsy's token service gave an answer without tokens", response.status);
    }
    const etsyUserId = etsyUserIdOf(body.access_token);
    if (!etsyUserId) throw new EtsyApiError("bad_response", "Etsy's access token does not carry a user id", response.status);
    const expiresIn = typeof body.expires_in === "number" && body.expires_in > 0 ? body.expires_in : 3600;
    return { accessToken: body.access_token, refreshToken: body.refresh_token, expiresIn, etsyUserId };
  }

  function resourceHeaders(accessToken: string): Record<string, string> {
    return { "x-api-key": `${options.apiKey}:${options.sharedSecret}`, Authorization: `Bearer ${accessToken}`, Accept: "application/json" };
  }

  return {
    /** grant_type=authorization_code with the PKCE code_verifier. */
    exchangeCode(input: { code: string; codeVerifier: string; redirectUri: string }) {
      return tokenRequest({ grant_type: "authorization_code", client_id: options.apiKey, redirect_uri: input.redirectUri, code: input.code, code_verifier: input.codeVerifier });
    },

    /** grant_type=refresh_token; Etsy answers a new refresh token too, and the old one stops working. */
    refresh(refreshToken: string) {
      return tokenRequest({ grant_type: "refresh_token", client_id: options.apiKey, refresh_token: refreshToken });
    },

    /** getShopByOwnerUserId: GET /v3/application/users/{user_id}/shops. */
    async shopOfUser(accessToken: string, etsyUserId: string): Promise<EtsyShop> {
      const response = await send(`${base}/v3/application/users/${encodeURIComponent(etsyUserId)}/shops`, { method: "GET", headers: resourceHeaders(accessToken) });
      if (!response.ok) throw await failure(response);
      const body = await readJson(response);
      if (!isRecord(body) || typeof body.shop_id !== "number" || typeof body.shop_name !== "string") {
        throw new EtsyApiError("bad_response", "Etsy's shop answer has no shop_id or shop_name", response.status);
      }
      return { shop_id: body.shop_id, shop_name: body.shop_name, user_id: typeof body.user_id === "number" ? body.user_id : undefined };
    },

    /** getListingsByShop: GET /v3/application/shops/{shop_id}/listings?state&limit&offset&includes=Images. */
    async listingsPage(accessToken: string, shopId: string, input: { state: string; offset: number; limit?: number }): Promise<EtsyListingsPage> {
      const params = new URLSearchParams({ state: input.state, limit: String(Math.min(ETSY_PAGE_LIMIT, input.limit ?? ETSY_PAGE_LIMIT)), offset: String(input.offset), includes: "Images" });
      const response = await send(`${base}/v3/application/shops/${encodeURIComponent(shopId)}/listings?${params}`, { method: "GET", headers: resourceHeaders(accessToken) });
      if (!response.ok) throw await failure(response);
      const body = await readJson(response);
      if (!isRecord(body) || typeof body.count !== "number" || !Array.isArray(body.results)) {
        throw new EtsyApiError("bad_response", "Etsy's listings answer has no count or results", response.status);
      }
      const results = body.results.filter((item): item is EtsyListing => isRecord(item) && typeof item.listing_id === "number" && typeof item.title === "string");
      return { count: body.count, results };
    },

    /** updateListing: PATCH /v3/application/shops/{shop_id}/listings/{listing_id}, form-encoded; tags as one comma-separated field. */
    async updateListing(accessToken: string, shopId: string, listingId: string, update: EtsyListingUpdate): Promise<EtsyListing> {
      const form = new URLSearchParams();
      if (update.title !== undefined) form.set("title", update.title);
      if (update.description !== undefined) form.set("description", update.description);
      if (update.tags !== undefined) form.set("tags", update.tags.join(","));
      const response = await send(`${base}/v3/application/shops/${encodeURIComponent(shopId)}/listings/${encodeURIComponent(listingId)}`, {
        method: "PATCH",
        headers: { ...resourceHeaders(accessToken), "Content-Type": "application/x-www-form-urlencoded" },
        body: form.toString(),
      });
      if (!response.ok) throw await failure(response);
      const body = await readJson(response);
      if (!isRecord(body) || typeof body.listing_id !== "number") throw new EtsyApiError("bad_response", "Etsy's update answer has no listing_id", response.status);
      return body as unknown as EtsyListing;
    },
  };
}

export type EtsyClient = ReturnType<typeof etsyClient>;
