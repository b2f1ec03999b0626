/**
 * A fake of Etsy Open API v3 for the Etsy connection tests, written from Etsy's OpenAPI document and
 * authentication guide (https://developers.etsy.com/documentation/essentials/authentication,
 * https://developers.etsy.com/documentation/reference):
 *
 * - the consent page (www.etsy.com/oauth/connect) is `approve(url)`: it checks the query a real
 *   consent page needs and answers the authorization code Etsy would put in the redirect;
 * - POST /v3/public/oauth/token (form-encoded): authorization_code (client_id, redirect_uri, code,
 *   code_verifier; the code is single use, lives 10 minutes here, and SHA-256(code_verifier) must equal
 *   the code_challenge) and refresh_token (rotates: the old refresh token stops working); errors are
 *   400 { error: "invalid_grant" | "invalid_request" | "unsupported_grant_type", error_description };
 *   tokens are "<user_id>.<opaque>", expires_in 3600;
 * - resource calls need `x-api-key: <keystring>:<shared secret>` (403 otherwise) and a live bearer token
 *   (401 { error: "invalid_token" } otherwise): getShopByOwnerUserId, getListingsByShop (state, limit
 *   1..100, offset, includes=Images; answers { count, results }), updateListing (PATCH, form-encoded,
 *   title/description/tags; 400 { error } for a title over 140 characters or with disallowed characters,
 *   more than 13 tags, a tag over 20 characters or with disallowed characters; 403 without listings_w);
 * - any call can be made to answer 429 with Retry-After (`rateLimit`).
 */

export const FAKE_API = "https://api.etsy.test";
export const FAKE_OAUTH = "https://www.etsy.test/oauth/connect";
export const KEYSTRING = "fakekeystring1234567890";
export const SHARED_SECRET = "fake-shared-secret";

interface FakeListing {
  listing_id: number;
  shop_id: number;
  title: string;
  description: string;
  state: string;
  quantity: number;
  tags: string[];
  materials: string[];
  skus: string[];
  price: { amount: number; divisor: number; currency_code: string };
  images: { listing_image_id: number; rank: number; url_fullxfull: string; url_570xN: string; alt_text: string | null }[];
}

interface Grant {
  code: string;
  clientId: string;
  redirectUri: string;
  challenge: string;
  userId: number;
  scope: string[];
  expiresAt: number;
  used: boolean;
}

interface Token {
  userId: number;
  scope: string[];
  expiresAt: number;
}

interface FakeCall {
  method: string;
  url: URL;
  headers: Headers;
  form: URLSearchParams | null;
}

const TITLE_DISALLOWED = /[^\p{L}\p{Nd}\p{P}\p{Sm}\p{Zs}™©®]/u;
const TAG_DISALLOWED = /[^\p{L}\p{Nd}\p{Zs}\-'™©®]/u;

function b64url(bytes: ArrayBuffer) {
  let s = "";
  for (const b of new Uint8Array(bytes)) s += String.fromCharCode(b);
  return btoa(s).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

const json = (body: unknown, status = 200, headers: Record<string, string> = {}) => new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json", ...headers } });

let counter = 0;
const opaque = () => `${Date.now().toString(36)}${(++counter).toString(36)}${Math.random().toString(36).slice(2, 12)}`;

export function etsyFake() {
  const grants = new Map<string, Grant>();
  const accessTokens = new Map<string, Token>();
  const refreshTokens = new Map<string, Token>();
  const shops = new Map<number, { shop_id: number; shop_name: string; user_id: number }>();
  const listings = new Map<number, FakeListing>();
  const calls: FakeCall[] = [];
  const limits: { path: RegExp; retryAfter: string; times: number }[] = [];
  let now = Date.now();

  function addShop(userId: number, shopId: number, shopName: string) {
    shops.set(userId, { shop_id: shopId, shop_name: shopName, user_id: userId });
  }

  function addListing(shopId: number, listing: Partial<FakeListing> & { listing_id: number; title: string }) {
    const full: FakeListing = {
      shop_id: shopId,
      description: "",
      state: "active",
      quantity: 1,
      tags: [],
      materials: [],
      skus: [],
      price: { amount: 1000, divisor: 100, currency_code: "USD" },
      images: [],
      ...listing,
    };
    listings.set(full.listing_id, full);
    return full;
  }

  /** The consent page: the seller `userId` approves; answers the code Etsy redirects back with. */
  function approve(authorizeUrl: string, userId: number) {
    const url = new URL(authorizeUrl);
    const q = url.searchParams;
    const missing = ["response_type", "client_id", "redirect_uri", "scope", "state", "code_challenge", "code_challenge_method"].filter((k) => !q.get(k));
    if (missing.length) throw new Error(`consent page: missing ${missing.join(", ")}`);
    if (q.get("response_type") !== "code") throw new Error("consent page: response_type must be code");
    if (q.get("code_challenge_method") !== "S256") throw new Error("consent page: code_challenge_method must be S256");
    if (q.get("client_id") !== KEYSTRING) throw new Error("consent page: unknown client_id");
    const code = opaque();
    grants.set(code, {
      code,
      clientId: q.get("client_id")!,
      redirectUri: q.get("redirect_uri")!,
      challenge: q.get("code_challenge")!,
      userId,
      scope: q.get("scope")!.split(" "),
      expiresAt: now + 10 * 60 * 1000,
      used: false,
    });
    return { code, state: q.get("state")!, redirectUri: q.get("redirect_uri")! };
  }

  function issue(userId: number, scope: string[]) {
    const access = `${userId}.${opaque()}`;
    const refresh = `${userId}.${opaque()}`;
    accessTokens.set(access, { userId, scope, expiresAt: now + 3600 * 1000 });
    refreshTokens.set(refresh, { userId, scope, expiresAt: now + 90 * 24 * 3600 * 1000 });
    return json({ access_token: access, token_type: "Bearer", expires_in: 3600, refresh_token: refresh });
  }

  const grantError = (error: string, description: string) => json({ error, error_description: description }, 400);

  async function token(form: URLSearchParams) {
    const grantType = form.get("grant_type");
    if (grantType === "authorization_code") {
      for (const k of ["client_id", "redirect_uri", "code", "code_verifier"]) if (!form.get(k)) return grantError("invalid_request", `${k} is required`);
      const grant = grants.get(form.get("code")!);
      if (!grant || grant.used) return grantError("invalid_grant", "code is invalid or was already used");
      if (grant.expiresAt <= now) return grantError("invalid_grant", "code has expired");
      if (grant.clientId !== form.get("client_id")) return grantError("invalid_grant", "client_id does not match the code");
      if (grant.redirectUri !== form.get("redirect_uri")) return grantError("invalid_grant", "redirect_uri does not match the authorization request");
      const challenge = b64url(await crypto.subtle.digest("SHA-256", new TextEncoder().encode(form.get("code_verifier")!)));
      if (challenge !== grant.challenge) return grantError("invalid_grant", "code_verifier does not match the code_challenge");
      grant.used = true;
      return issue(grant.userId, grant.scope);
    }
    if (grantType === "refresh_token") {
      if (form.get("client_id") !== KEYSTRING) return grantError("invalid_client", "unknown client_id");
      const old = refreshTokens.get(form.get("refresh_token") ?? "");
      if (!old || old.expiresAt <= now) return grantError("invalid_grant", "refresh_token is invalid");
      refreshTokens.delete(form.get("refresh_token")!);
      return issue(old.userId, old.scope);
    }
    return grantError("unsupported_grant_type", "grant_type must be authorization_code or refresh_token");
  }

  function authorize(headers: Headers): Token | Response {
    const key = headers.get("x-api-key") ?? "";
    if (key === KEYSTRING) return json({ error: "Shared secret is required in x-api-key header" }, 403);
    if (!key.startsWith(`${KEYSTRING}:`)) return json({ error: "Invalid API key" }, 403);
    if (key !== `${KEYSTRING}:${SHARED_SECRET}`) return json({ error: "Shared secret is required in x-api-key header" }, 403);
    const bearer = /^Bearer (\S+)$/.exec(headers.get("Authorization") ?? "")?.[1];
    const found = bearer ? accessTokens.get(bearer) : undefined;
    if (!found || found.expiresAt <= now) return json({ error: "invalid_token" }, 401);
    return found;
  }

  function shopOf(userId: number) {
    return [...shops.values()].find((s) => s.user_id === userId);
  }

  function listingsPage(shopId: number, q: URLSearchParams) {
    const limit = Number(q.get("limit") ?? "25");
    const offset = Number(q.get("offset") ?? "0");
    if (!Number.isInteger(limit) || limit < 1 || limit > 100) return json({ error: "Expected int limit to be between 1 and 100" }, 400);
    if (!Number.isInteger(offset) || offset < 0) return json({ error: "Expected int offset to be at least 0" }, 400);
    const state = q.get("state") ?? "active";
    const all = [...listings.values()].filter((l) => l.shop_id === shopId && l.state === state).sort((a, b) => a.listing_id - b.listing_id);
    const withImages = (q.get("includes") ?? "").split(",").includes("Images");
    const results = all.slice(offset, offset + limit).map(({ images, ...rest }) => (withImages ? { ...rest, images } : rest));
    return json({ count: all.length, results });
  }

  function update(token: Token, shopId: number, listingId: number, form: URLSearchParams) {
    if (!token.scope.includes("listings_w")) return json({ error: "Insufficient scope: listings_w is required" }, 403);
    const shop = shopOf(token.userId);
    if (!shop || shop.shop_id !== shopId) return json({ error: "You do not own this shop" }, 403);
    const listing = listings.get(listingId);
    if (!listing || listing.shop_id !== shopId) return json({ error: `Listing ${listingId} was not found` }, 404);
    const title = form.get("title");
    if (title !== null) {
      if (title.length > 140) return json({ error: "title must be 140 characters or fewer" }, 400);
      if (TITLE_DISALLOWED.test(title)) return json({ error: "title contains characters that are not allowed" }, 400);
      for (const c of ["%", ":", "&", "+"]) if (title.split(c).length > 2) return json({ error: `title may contain ${c} only once` }, 400);
    }
    const tagsText = form.get("tags");
    const tags =
      tagsText === null
        ? null
        : tagsText
            .split(",")
            .map((t) => t.trim())
            .filter(Boolean);
    if (tags) {
      if (tags.length > 13) return json({ error: "A listing may have at most 13 tags" }, 400);
      const long = tags.find((t) => t.length > 20);
      if (long) return json({ error: `Tag "${long}" is longer than 20 characters` }, 400);
      const odd = tags.find((t) => TAG_DISALLOWED.test(t));
      if (odd) return json({ error: `Tag "${odd}" contains characters that are not allowed` }, 400);
    }
    if (title !== null) listing.title = title;
    const description = form.get("description");
    if (description !== null) listing.description = description;
    if (tags) listing.tags = tags;
    const { images: _images, ...rest } = listing;
    return json(rest);
  }

  const fetchImpl = (async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = new Request(input, init);
    const url = new URL(request.url);
    const form = request.method === "GET" ? null : new URLSearchParams(new TextDecoder().decode(await request.arrayBuffer()));
    calls.push({ method: request.method, url, headers: request.headers, form });
    if (url.origin !== FAKE_API) throw new TypeError(`fake Etsy: unexpected host ${url.origin}`);
    const limit = limits.find((l) => l.times > 0 && l.path.test(url.pathname));
    if (limit) {
      limit.times--;
      return json({ error: "Too many requests" }, 429, { "Retry-After": limit.retryAfter });
    }
    if (url.pathname === "/v3/public/oauth/token" && request.method === "POST") {
      if (!/application\/x-www-form-urlencoded/.test(request.headers.get("Content-Type") ?? "")) return grantError("invalid_request", "form-encoded body expected");
      return token(form!);
    }
    const auth = authorize(request.headers);
    if (auth instanceof Response) return auth;
    let m = /^\/v3\/application\/users\/(\d+)\/shops$/.exec(url.pathname);
    if (m && request.method === "GET") {
      const shop = shopOf(Number(m[1]));
      return shop ? json(shop) : json({ error: `User ${m[1]} does not have a shop` }, 404);
    }
    m = /^\/v3\/application\/shops\/(\d+)\/listings$/.exec(url.pathname);
    if (m && request.method === "GET") return listingsPage(Number(m[1]), url.searchParams);
    m = /^\/v3\/application\/shops\/(\d+)\/listings\/(\d+)$/.exec(url.pathname);
    if (m && request.method === "PATCH") {
      if (!/application\/x-www-form-urlencoded/.test(request.headers.get("Content-Type") ?? "")) return json({ error: "form-encoded body expected" }, 400);
      return update(auth, Number(m[1]), Number(m[2]), form!);
    }
    return json({ error: "Not found" }, 404);
  }) as typeof fetch;

  return {
    fetch: fetchImpl,
    calls,
    listings,
    addShop,
    addListing,
    approve,
    /** The next `times` calls whose path matches answer 429 with this Retry-After. */
    rateLimit(path: RegExp, retryAfter: string, times = 1) {
      limits.push({ path, retryAfter, times });
    },
    /** Moves the fake's clock (codes and tokens expire by it). */
    advance(ms: number) {
      now += ms;
    },
    /** Revokes every token (the seller removed the app's access on Etsy). */
    revokeAll() {
      accessTokens.clear();
      refreshTokens.clear();
    },
    liveAccessTokens: () => [...accessTokens.keys()],
    liveRefreshTokens: () => [...refreshTokens.keys()],
    tokenCalls: () => calls.filter((c) => c.url.pathname === "/v3/public/oauth/token"),
  };
}

export type EtsyFake = ReturnType<typeof etsyFake>;
