import { createExecutionContext, env, waitOnExecutionContext } from "cloudflare:test";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { EtsyConnectionStatus, EtsyImportResult, EtsyPushResult } from "../../schema/api/shop-etsy";
import worker from "../../worker/index";
import type { Env } from "../../worker/lib/env";
import { EtsyApiError, etsyClient } from "../../worker/providers/etsy-shop/client";
import { decodeEntities, priceMinorOf, toShopListingInput } from "../../worker/domain/shop/etsy-map";
import { codeChallengeOf, decryptToken, encryptToken } from "../../worker/domain/shop/etsy-crypto";
import { etsyFake, FAKE_API, FAKE_OAUTH, KEYSTRING, SHARED_SECRET, type EtsyFake } from "./etsy-fake";
import { registerUser } from "./helpers";

const base = env as unknown as Env;
/** The test pool's bindings with an operator's Etsy app configured, pointed at the fake. */
const configured = {
  ...base,
  ETSY_API_KEY: KEYSTRING,
  ETSY_SHARED_SECRET: SHARED_SECRET,
  ETSY_API_URL: FAKE_API,
  ETSY_OAUTH_URL: FAKE_OAUTH,
  ETSY_TOKEN_KEY: "etsy-token-key-for-tests-0123456789abcdef",
} as Env;

interface CallOptions {
  method?: string;
  token?: string;
  body?: unknown;
  cookie?: string;
}

async function call(e: Env, path: string, options: CallOptions = {}) {
  const headers = new Headers();
  if (options.token) headers.set("Authorization", `Bearer ${options.token}`);
  if (options.cookie) headers.set("Cookie", options.cookie);
  if (options.body !== undefined) headers.set("Content-Type", "application/json");
  const ctx = createExecutionContext();
  const res = await worker.fetch(
    new Request(`http://localhost/api${path}`, { method: options.method ?? "GET", headers, body: options.body === undefined ? undefined : JSON.stringify(options.body) }) as never,
    e as never,
    ctx,
  );
  await waitOnExecutionContext(ctx);
  return res;
}

const data = async <T>(res: Response) => ((await res.json()) as { data: T }).data;

let fake: EtsyFake;
beforeEach(() => {
  fake = etsyFake();
  vi.stubGlobal("fetch", fake.fetch);
});
afterEach(() => {
  vi.unstubAllGlobals();
});

let etsyUserSeq = 5_000_000 + Math.floor(Math.random() * 1_000_000);
/** A seller with an Etsy account and a shop on the fake. */
function etsySeller(shopName = "WoolAndWonder") {
  const etsyUserId = ++etsyUserSeq;
  const shopId = etsyUserId + 10_000_000;
  fake.addShop(etsyUserId, shopId, shopName);
  return { etsyUserId, shopId };
}

/** POST connect, the seller approves on the fake consent page, the browser follows Etsy's redirect. */
async function connect(token: string, etsyUserId: number, options: { cookie?: string | null } = {}) {
  const res = await call(configured, "/shop/etsy/connect", { method: "POST", token });
  expect(res.status).toBe(200);
  const { url } = await data<{ url: string }>(res);
  const cookie = res.headers.get("Set-Cookie")!.split(";")[0];
  const { code, state } = fake.approve(url, etsyUserId);
  const callback = await call(configured, `/shop/etsy/callback?code=${encodeURIComponent(code)}&state=${encodeURIComponent(state)}`, {
    cookie: options.cookie === null ? undefined : (options.cookie ?? cookie),
  });
  return { url, cookie, code, state, callback };
}

async function connectionRow(userId: string) {
  return env.DB.prepare("SELECT * FROM etsy_connections WHERE user_id = ?").bind(userId).first<Record<string, string | number>>();
}

function seedListings(shopId: number, count: number, first = 1) {
  for (let i = first; i < first + count; i++) {
    fake.addListing(shopId, {
      listing_id: shopId * 1000 + i,
      title: `Hand knitted wool beanie no ${i}`,
      description: `A warm beanie, number ${i}.\r\nMade to order.`,
      tags: ["wool beanie", "knit hat", "winter hat"],
      materials: ["merino wool"],
      skus: [`SKU-${shopId}-${i}`],
      price: { amount: 2500 + i, divisor: 100, currency_code: "USD" },
      quantity: 3,
      images: [
        { listing_image_id: i * 10 + 2, rank: 2, url_fullxfull: `https://i.etsystatic.test/${i}/b.jpg`, url_570xN: "", alt_text: null },
        { listing_image_id: i * 10 + 1, rank: 1, url_fullxfull: `https://i.etsystatic.test/${i}/a.jpg`, url_570xN: "", alt_text: null },
      ],
    });
  }
}

describe("without the operator's Etsy keys", () => {
  it("says the connection is unavailable and answers 404 on every other Etsy endpoint", async () => {
    const user = await registerUser();
    const status = await call(base, "/shop/etsy", { token: user.token });
    expect(status.status).toBe(200);
    expect(await data<EtsyConnectionStatus>(status)).toEqual({ available: false, connected: false, shopName: null, connectedAt: null });
    for (const [method, path, body] of [
      ["POST", "/shop/etsy/connect", undefined],
      ["POST", "/shop/etsy/import", undefined],
      ["POST", "/shop/etsy/push", { all: true }],
      ["DELETE", "/shop/etsy", undefined],
      ["GET", "/shop/etsy/callback?code=x&state=y", undefined],
    ] as const) {
      const res = await call(base, path, { method, token: user.token, body });
      expect(res.status, `${method} ${path}`).toBe(404);
      expect(((await res.json()) as { message: string }).message).toBe("Etsy connection is not configured on this server");
    }
    expect(fake.calls).toHaveLength(0);
  });

  it("needs both the keystring and the shared secret", async () => {
    const user = await registerUser();
    const keyOnly = { ...configured, ETSY_SHARED_SECRET: "" } as Env;
    expect((await data<EtsyConnectionStatus>(await call(keyOnly, "/shop/etsy", { token: user.token }))).available).toBe(false);
    expect((await call(keyOnly, "/shop/etsy/connect", { method: "POST", token: user.token })).status).toBe(404);
  });

  it("still asks for a sign-in first (401 before 404)", async () => {
    expect((await call(base, "/shop/etsy/connect", { method: "POST" })).status).toBe(401);
    expect((await call(configured, "/shop/etsy")).status).toBe(401);
  });
});

describe("connecting a shop with OAuth 2.0 and PKCE", () => {
  it("sends the browser to Etsy's consent page with the client id, redirect URI, scopes, state and an S256 challenge", async () => {
    const user = await registerUser();
    const res = await call(configured, "/shop/etsy/connect", { method: "POST", token: user.token });
    const { url } = await data<{ url: string }>(res);
    const consent = new URL(url);
    expect(`${consent.origin}${consent.pathname}`).toBe(FAKE_OAUTH);
    const q = consent.searchParams;
    expect(q.get("response_type")).toBe("code");
    expect(q.get("client_id")).toBe(KEYSTRING);
    expect(q.get("redirect_uri")).toBe("http://localhost:8787/api/shop/etsy/callback");
    expect(q.get("scope")!.split(" ").sort()).toEqual(["listings_r", "listings_w", "shops_r"]);
    expect(q.get("state")!.length).toBeGreaterThanOrEqual(40);
    expect(q.get("code_challenge")).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(q.get("code_challenge_method")).toBe("S256");
    // The browser gets an HttpOnly cookie scoped to the callback; the state row keeps neither the state nor the verifier in clear.
    expect(res.headers.get("Set-Cookie")).toMatch(/^listora_etsy_oauth=[A-Za-z0-9_-]{40,}; Path=\/api\/shop\/etsy\/callback; HttpOnly; SameSite=Lax; Max-Age=600/);
    const row = await env.DB.prepare("SELECT * FROM etsy_oauth_states WHERE user_id = ?").bind(user.userId).first<Record<string, string | number>>();
    expect(row).not.toBeNull();
    expect(JSON.stringify(row)).not.toContain(q.get("state")!);
    expect(String(row!.code_verifier_enc)).toMatch(/^v1\./);
    expect(Number(row!.expires_at) - Number(row!.created_at)).toBe(10 * 60 * 1000);
  });

  it("connects the shop: the code is exchanged with the verifier, the shop is found, and the tokens are stored encrypted", async () => {
    const user = await registerUser();
    const seller = etsySeller("CozyStitchCo");
    const { callback } = await connect(user.token, seller.etsyUserId);
    expect(callback.status).toBe(302);
    expect(callback.headers.get("Location")).toBe("/shop?etsy=connected");

    const exchange = fake.tokenCalls()[0];
    expect(exchange.form!.get("grant_type")).toBe("authorization_code");
    expect(exchange.form!.get("client_id")).toBe(KEYSTRING);
    expect(exchange.form!.get("redirect_uri")).toBe("http://localhost:8787/api/shop/etsy/callback");
    expect(exchange.form!.get("code_verifier")!.length).toBeGreaterThanOrEqual(43);
    const shopCall = fake.calls.find((c) => c.url.pathname === `/v3/application/users/${seller.etsyUserId}/shops`)!;
    expect(shopCall.headers.get("x-api-key")).toBe(`${KEYSTRING}:${SHARED_SECRET}`);
    expect(shopCall.headers.get("Authorization")).toMatch(new RegExp(`^Bearer ${seller.etsyUserId}\\.`));

    const status = await call(configured, "/shop/etsy", { token: user.token });
    const body = await status.text();
    const info = (JSON.parse(body) as { data: EtsyConnectionStatus }).data;
    expect(info).toMatchObject({ available: true, connected: true, shopName: "CozyStitchCo" });
    expect(Date.parse(info.connectedAt!)).toBeGreaterThan(Date.now() - 60_000);

    const row = await connectionRow(user.userId);
    expect(row).toMatchObject({ etsy_user_id: String(seller.etsyUserId), shop_id: String(seller.shopId), shop_name: "CozyStitchCo" });
    const [access] = fake.liveAccessTokens().filter((t) => t.startsWith(`${seller.etsyUserId}.`));
    const [refresh] = fake.liveRefreshTokens().filter((t) => t.startsWith(`${seller.etsyUserId}.`));
    const stored = JSON.stringify(row);
    expect(stored).not.toContain(access);
    expect(stored).not.toContain(access.split(".")[1]);
    expect(stored).not.toContain(refresh.split(".")[1]);
    expect(String(row!.access_token_enc)).toMatch(/^v1\.[A-Za-z0-9_-]{16}\.[A-Za-z0-9_-]+$/);
    expect(Number(row!.access_expires_at)).toBeGreaterThan(Date.now() + 3500 * 1000);
    // Nothing the status answers is a token.
    expect(body).not.toContain(access.split(".")[1]);
    // The state was used: it is gone.
    expect(await env.DB.prepare("SELECT COUNT(*) AS n FROM etsy_oauth_states WHERE user_id = ?").bind(user.userId).first<{ n: number }>()).toEqual({ n: 0 });
  });

  it("refuses a wrong or reused state, and a state from another browser, without connecting anything", async () => {
    const user = await registerUser();
    const seller = etsySeller();
    const wrong = await call(configured, "/shop/etsy/callback?code=abc&state=not-a-state-we-made");
    expect(wrong.status).toBe(302);
    expect(wrong.headers.get("Location")).toBe("/shop?etsy=error&reason=invalid-state");

    // The callback reached without the cookie of the browser that started it (an attacker's link).
    const stolen = await connect(user.token, seller.etsyUserId, { cookie: null });
    expect(stolen.callback.headers.get("Location")).toBe("/shop?etsy=error&reason=invalid-state");
    expect(await connectionRow(user.userId)).toBeNull();
    // ...and that state is spent: the right browser cannot finish it afterwards either.
    const replay = await call(configured, `/shop/etsy/callback?code=${stolen.code}&state=${stolen.state}`, { cookie: stolen.cookie });
    expect(replay.headers.get("Location")).toBe("/shop?etsy=error&reason=invalid-state");
    expect(fake.tokenCalls()).toHaveLength(0);

    const ok = await connect(user.token, seller.etsyUserId);
    expect(ok.callback.headers.get("Location")).toBe("/shop?etsy=connected");
    const again = await call(configured, `/shop/etsy/callback?code=${ok.code}&state=${ok.state}`, { cookie: ok.cookie });
    expect(again.headers.get("Location")).toBe("/shop?etsy=error&reason=invalid-state");
  });

  it("binds a state to the user who asked: another user's cookie cannot finish it", async () => {
    const alice = await registerUser();
    const mallory = await registerUser();
    const seller = etsySeller();
    const aliceStart = await call(configured, "/shop/etsy/connect", { method: "POST", token: alice.token });
    const { url } = await data<{ url: string }>(aliceStart);
    const malloryStart = await call(configured, "/shop/etsy/connect", { method: "POST", token: mallory.token });
    const malloryCookie = malloryStart.headers.get("Set-Cookie")!.split(";")[0];
    const { code, state } = fake.approve(url, seller.etsyUserId);
    const res = await call(configured, `/shop/etsy/callback?code=${code}&state=${state}`, { cookie: malloryCookie });
    expect(res.headers.get("Location")).toBe("/shop?etsy=error&reason=invalid-state");
    expect(await connectionRow(alice.userId)).toBeNull();
    expect(await connectionRow(mallory.userId)).toBeNull();
  });

  it("reports a declined consent, an invalid or expired code, and a seller without a shop", async () => {
    const user = await registerUser();
    const seller = etsySeller();
    const start = await call(configured, "/shop/etsy/connect", { method: "POST", token: user.token });
    const cookie = start.headers.get("Set-Cookie")!.split(";")[0];
    const state = new URL((await data<{ url: string }>(start)).url).searchParams.get("state")!;
    const denied = await call(configured, `/shop/etsy/callback?error=access_denied&error_description=The+user+denied+access&state=${state}`, { cookie });
    expect(denied.headers.get("Location")).toBe("/shop?etsy=error&reason=denied");

    // A code Etsy never issued: the token endpoint answers 400 invalid_grant.
    const bogus = await connect(user.token, seller.etsyUserId);
    expect(bogus.callback.headers.get("Location")).toBe("/shop?etsy=connected");
    await call(configured, "/shop/etsy", { method: "DELETE", token: user.token });
    const start2 = await call(configured, "/shop/etsy/connect", { method: "POST", token: user.token });
    const cookie2 = start2.headers.get("Set-Cookie")!.split(";")[0];
    const state2 = new URL((await data<{ url: string }>(start2)).url).searchParams.get("state")!;
    const invalid = await call(configured, `/shop/etsy/callback?code=never-issued&state=${state2}`, { cookie: cookie2 });
    expect(invalid.headers.get("Location")).toBe("/shop?etsy=error&reason=invalid-code");
    const lastToken = fake.tokenCalls().at(-1)!;
    expect(lastToken.form!.get("code")).toBe("never-issued");

    // A code that expired at Etsy (ten minutes) before the browser came back.
    const start3 = await call(configured, "/shop/etsy/connect", { method: "POST", token: user.token });
    const cookie3 = start3.headers.get("Set-Cookie")!.split(";")[0];
    const approved = fake.approve((await data<{ url: string }>(start3)).url, seller.etsyUserId);
    fake.advance(11 * 60 * 1000);
    const expired = await call(configured, `/shop/etsy/callback?code=${approved.code}&state=${approved.state}`, { cookie: cookie3 });
    expect(expired.headers.get("Location")).toBe("/shop?etsy=error&reason=invalid-code");
    expect(await connectionRow(user.userId)).toBeNull();

    // An Etsy account with no shop.
    const noShop = await connect(user.token, 42);
    expect(noShop.callback.headers.get("Location")).toBe("/shop?etsy=error&reason=no-shop");
    expect(await connectionRow(user.userId)).toBeNull();
  });

  it("does not finish an authorization older than ten minutes", async () => {
    const user = await registerUser();
    const seller = etsySeller();
    const start = await call(configured, "/shop/etsy/connect", { method: "POST", token: user.token });
    const cookie = start.headers.get("Set-Cookie")!.split(";")[0];
    const { code, state } = fake.approve((await data<{ url: string }>(start)).url, seller.etsyUserId);
    await env.DB.prepare("UPDATE etsy_oauth_states SET expires_at = ? WHERE user_id = ?")
      .bind(Date.now() - 1, user.userId)
      .run();
    const res = await call(configured, `/shop/etsy/callback?code=${code}&state=${state}`, { cookie });
    expect(res.headers.get("Location")).toBe("/shop?etsy=error&reason=expired");
    expect(fake.tokenCalls()).toHaveLength(0);
  });
});

describe("importing the shop's listings from Etsy", () => {
  it("reads every page of getListingsByShop and stores each listing with its decoded text, price and photos", async () => {
    const user = await registerUser();
    const seller = etsySeller();
    seedListings(seller.shopId, 150);
    fake.addListing(seller.shopId, {
      listing_id: seller.shopId * 1000 + 999,
      title: "Mom&#39;s &quot;Cozy&quot; Tea &amp; Cake Cosy",
      description: "Hand made &amp; lined.&#10;Fits a 6&#x2011;cup pot.",
      tags: ["tea cosy", "mother&#39;s day"],
      price: { amount: 1250, divisor: 10, currency_code: "eur" },
      quantity: 7,
      skus: [],
    });
    fake.addListing(seller.shopId, { listing_id: seller.shopId * 1000 + 998, title: "A draft", state: "draft" });
    await connect(user.token, seller.etsyUserId);

    const res = await call(configured, "/shop/etsy/import", { method: "POST", token: user.token });
    expect(res.status).toBe(200);
    const result = await data<EtsyImportResult>(res);
    expect(result).toMatchObject({ fetched: 151, imported: 151, updated: 0, unchanged: 0, skipped: 0, errors: [] });

    const pages = fake.calls.filter((c) => c.url.pathname === `/v3/application/shops/${seller.shopId}/listings`);
    expect(pages.map((p) => [p.url.searchParams.get("offset"), p.url.searchParams.get("limit")])).toEqual([
      ["0", "100"],
      ["100", "100"],
    ]);
    expect(pages[0].url.searchParams.get("state")).toBe("active");
    expect(pages[0].url.searchParams.get("includes")).toBe("Images");
    expect(pages[0].headers.get("x-api-key")).toBe(`${KEYSTRING}:${SHARED_SECRET}`);

    const cosy = await env.DB.prepare("SELECT * FROM listings WHERE user_id = ? AND etsy_listing_id = ?")
      .bind(user.userId, String(seller.shopId * 1000 + 999))
      .first<Record<string, string | number>>();
    expect(cosy).toMatchObject({ title: `Mom's "Cozy" Tea & Cake Cosy`, description: "Hand made & lined.\nFits a 6\u2011cup pot.", price_minor: 12500, currency: "EUR", quantity: 7, source: "shop" });
    expect(JSON.parse(String(cosy!.tags))).toEqual(["tea cosy", "mother's day"]);
    const beanie = await env.DB.prepare("SELECT * FROM listings WHERE user_id = ? AND etsy_listing_id = ?")
      .bind(user.userId, String(seller.shopId * 1000 + 7))
      .first<Record<string, string | number>>();
    expect(beanie).toMatchObject({ sku: `SKU-${seller.shopId}-7`, price_minor: 2507, photo_count: 2 });
    expect(JSON.parse(String(beanie!.image_urls))).toEqual(["https://i.etsystatic.test/7/a.jpg", "https://i.etsystatic.test/7/b.jpg"]);
    expect(await env.DB.prepare("SELECT COUNT(*) AS n FROM listings WHERE user_id = ? AND title = 'A draft'").bind(user.userId).first<{ n: number }>()).toEqual({ n: 0 });

    // Importing again changes nothing.
    const again = await data<EtsyImportResult>(await call(configured, "/shop/etsy/import", { method: "POST", token: user.token }));
    expect(again).toMatchObject({ fetched: 151, imported: 0, updated: 0, unchanged: 151 });
  });

  it("imports nothing from a shop with no active listings, and says so", async () => {
    const user = await registerUser();
    const seller = etsySeller();
    await connect(user.token, seller.etsyUserId);
    const result = await data<EtsyImportResult>(await call(configured, "/shop/etsy/import", { method: "POST", token: user.token }));
    expect(result).toEqual({ fetched: 0, imported: 0, updated: 0, unchanged: 0, skipped: 0, errors: [] });
  });

  it("updates a listing changed on Etsy since the last import, keeping the old text as a version", async () => {
    const user = await registerUser();
    const seller = etsySeller();
    seedListings(seller.shopId, 2);
    await connect(user.token, seller.etsyUserId);
    await call(configured, "/shop/etsy/import", { method: "POST", token: user.token });
    fake.listings.get(seller.shopId * 1000 + 1)!.title = "Renamed on Etsy: chunky wool beanie";
    const result = await data<EtsyImportResult>(await call(configured, "/shop/etsy/import", { method: "POST", token: user.token }));
    expect(result).toMatchObject({ imported: 0, updated: 1, unchanged: 1 });
    const row = await env.DB.prepare("SELECT id, title, version FROM listings WHERE user_id = ? AND etsy_listing_id = ?")
      .bind(user.userId, String(seller.shopId * 1000 + 1))
      .first<{ id: string; title: string; version: number }>();
    expect(row).toMatchObject({ title: "Renamed on Etsy: chunky wool beanie", version: 2 });
    const versions = await data<{ versions: { version: number; snapshot: { title: string } }[] }>(await call(configured, `/listings/${row!.id}/versions`, { token: user.token }));
    expect(versions.versions.map((v) => v.snapshot.title)).toContain("Hand knitted wool beanie no 1");
    // Etsy's new text is the baseline: nothing to push.
    expect((await data<EtsyPushResult>(await call(configured, "/shop/etsy/push", { method: "POST", token: user.token, body: { all: true } }))).items).toEqual([]);
  });

  it("refreshes an expired access token with the refresh token, and keeps the rotated one", async () => {
    const user = await registerUser();
    const seller = etsySeller();
    seedListings(seller.shopId, 3);
    await connect(user.token, seller.etsyUserId);
    const before = await connectionRow(user.userId);
    // An hour later: the access token is dead at Etsy and by the row's clock.
    fake.advance(3601 * 1000);
    await env.DB.prepare("UPDATE etsy_connections SET access_expires_at = ? WHERE user_id = ?")
      .bind(Date.now() - 1000, user.userId)
      .run();
    const oldRefresh = fake.liveRefreshTokens().find((t) => t.startsWith(`${seller.etsyUserId}.`))!;

    const res = await call(configured, "/shop/etsy/import", { method: "POST", token: user.token });
    expect(res.status).toBe(200);
    expect((await data<EtsyImportResult>(res)).imported).toBe(3);
    const refresh = fake.tokenCalls().filter((c) => c.form!.get("grant_type") === "refresh_token");
    expect(refresh).toHaveLength(1);
    expect(refresh[0].form!.get("refresh_token")).toBe(oldRefresh);
    expect(refresh[0].form!.get("client_id")).toBe(KEYSTRING);
    expect(fake.liveRefreshTokens()).not.toContain(oldRefresh);

    const after = await connectionRow(user.userId);
    expect(after!.refresh_token_enc).not.toBe(before!.refresh_token_enc);
    expect(Number(after!.access_expires_at)).toBeGreaterThan(Date.now() + 3500 * 1000);
    // The next call uses the stored new tokens without refreshing again.
    await call(configured, "/shop/etsy/import", { method: "POST", token: user.token });
    expect(fake.tokenCalls().filter((c) => c.form!.get("grant_type") === "refresh_token")).toHaveLength(1);
  });

  it("asks to connect again when Etsy revoked the connection, and forgets its tokens", async () => {
    const user = await registerUser();
    const seller = etsySeller();
    await connect(user.token, seller.etsyUserId);
    fake.revokeAll();
    const res = await call(configured, "/shop/etsy/import", { method: "POST", token: user.token });
    expect(res.status).toBe(409);
    expect(await res.json()).toMatchObject({ success: false, code: "etsy-reconnect" });
    expect(await connectionRow(user.userId)).toBeNull();
    expect((await data<EtsyConnectionStatus>(await call(configured, "/shop/etsy", { token: user.token }))).connected).toBe(false);
  });

  it("answers 503 with Etsy's Retry-After when Etsy rate-limits for long, and waits out a short one", async () => {
    const user = await registerUser();
    const seller = etsySeller();
    seedListings(seller.shopId, 2);
    await connect(user.token, seller.etsyUserId);
    fake.rateLimit(/\/listings$/, "120");
    const limited = await call(configured, "/shop/etsy/import", { method: "POST", token: user.token });
    expect(limited.status).toBe(503);
    expect(limited.headers.get("Retry-After")).toBe("120");
    expect(await limited.json()).toMatchObject({ success: false, retryAfter: 120, message: expect.stringContaining("try again in 120 seconds") });

    fake.rateLimit(/\/listings$/, "1");
    const before = fake.calls.filter((c) => /\/listings$/.test(c.url.pathname)).length;
    const waited = await call(configured, "/shop/etsy/import", { method: "POST", token: user.token });
    expect(waited.status).toBe(200);
    expect((await data<EtsyImportResult>(waited)).imported).toBe(2);
    // Refused once, then asked again (how long the client waits: the client's own test below).
    expect(fake.calls.filter((c) => /\/listings$/.test(c.url.pathname)).length - before).toBe(2);
  });

  it("is refused (404) to a user with no connected shop, even when another user has one", async () => {
    const alice = await registerUser();
    const bob = await registerUser();
    const seller = etsySeller();
    seedListings(seller.shopId, 2);
    await connect(alice.token, seller.etsyUserId);
    expect((await call(configured, "/shop/etsy/import", { method: "POST", token: alice.token })).status).toBe(200);
    const res = await call(configured, "/shop/etsy/import", { method: "POST", token: bob.token });
    expect(res.status).toBe(404);
    expect(await res.json()).toMatchObject({ code: "etsy-not-connected" });
    expect((await data<EtsyConnectionStatus>(await call(configured, "/shop/etsy", { token: bob.token }))).connected).toBe(false);
  });
});

describe("pushing accepted changes back to Etsy", () => {
  async function importedShop(count = 3) {
    const user = await registerUser();
    const seller = etsySeller();
    seedListings(seller.shopId, count);
    await connect(user.token, seller.etsyUserId);
    await call(configured, "/shop/etsy/import", { method: "POST", token: user.token });
    const rows = await env.DB.prepare("SELECT id, etsy_listing_id, version FROM listings WHERE user_id = ? ORDER BY etsy_listing_id")
      .bind(user.userId)
      .all<{ id: string; etsy_listing_id: string; version: number }>();
    return { user, seller, listings: rows.results };
  }

  async function edit(token: string, id: string, version: number, changes: Record<string, unknown>) {
    const res = await call(configured, `/listings/${id}`, { method: "PUT", token, body: { ...changes, version } });
    expect(res.status, await res.clone().text()).toBe(200);
  }

  it("sends only the parts that changed, and nothing once Etsy has them", async () => {
    const { user, listings } = await importedShop(3);
    const [first, second] = listings;
    await edit(user.token, first.id, first.version, { title: "Chunky merino wool beanie, hand knitted winter hat" });
    await edit(user.token, second.id, second.version, { tags: ["chunky beanie", "merino hat", "gift for her"] });

    const res = await call(configured, "/shop/etsy/push", { method: "POST", token: user.token, body: { all: true } });
    expect(res.status).toBe(200);
    const result = await data<EtsyPushResult>(res);
    expect(result).toMatchObject({ pushed: 2, failed: 0 });
    expect(result.items).toEqual([
      { id: first.id, status: "pushed", message: "Etsy has the new title", fields: ["title"] },
      { id: second.id, status: "pushed", message: "Etsy has the new tags", fields: ["tags"] },
    ]);
    const patches = fake.calls.filter((c) => c.method === "PATCH");
    expect(patches).toHaveLength(2);
    expect([...patches[0].form!.keys()]).toEqual(["title"]);
    expect(patches[0].headers.get("Content-Type")).toContain("application/x-www-form-urlencoded");
    expect(patches[1].form!.get("tags")).toBe("chunky beanie,merino hat,gift for her");
    expect(fake.listings.get(Number(first.etsy_listing_id))!.title).toBe("Chunky merino wool beanie, hand knitted winter hat");
    expect(fake.listings.get(Number(second.etsy_listing_id))!.tags).toEqual(["chunky beanie", "merino hat", "gift for her"]);

    const again = await data<EtsyPushResult>(await call(configured, "/shop/etsy/push", { method: "POST", token: user.token, body: { all: true } }));
    expect(again).toEqual({ pushed: 0, failed: 0, unchanged: 0, items: [] });
    const named = await data<EtsyPushResult>(await call(configured, "/shop/etsy/push", { method: "POST", token: user.token, body: { ids: [first.id] } }));
    expect(named.items).toEqual([{ id: first.id, status: "unchanged", message: "Etsy already has this title, description and tags", fields: [] }]);
    expect(fake.calls.filter((c) => c.method === "PATCH")).toHaveLength(2);
  });

  it("reports Etsy's refusal of one listing and still sends the others; the refused one is tried again next time", async () => {
    const { user, listings } = await importedShop(2);
    const [bad, good] = listings;
    // A change Etsy refuses (a tag over 20 characters), as a proposal writer could make.
    await env.DB.prepare("UPDATE listings SET tags = ?, version = version + 1 WHERE id = ?")
      .bind(JSON.stringify(["a tag far longer than twenty characters"]), bad.id)
      .run();
    await edit(user.token, good.id, good.version, { description: "A warm, soft beanie knitted by hand from merino wool." });

    const result = await data<EtsyPushResult>(await call(configured, "/shop/etsy/push", { method: "POST", token: user.token, body: { all: true } }));
    expect(result.pushed).toBe(1);
    expect(result.failed).toBe(1);
    expect(result.items[0]).toMatchObject({
      id: bad.id,
      status: "failed",
      fields: ["tags"],
      message: expect.stringContaining('Tag "a tag far longer than twenty characters" is longer than 20 characters'),
    });
    expect(result.items[1]).toMatchObject({ id: good.id, status: "pushed", fields: ["description"] });
    expect(fake.listings.get(Number(bad.etsy_listing_id))!.tags).toEqual(["wool beanie", "knit hat", "winter hat"]);

    const retry = await data<EtsyPushResult>(await call(configured, "/shop/etsy/push", { method: "POST", token: user.token, body: { all: true } }));
    expect(retry.items.map((i) => [i.id, i.status])).toEqual([[bad.id, "failed"]]);
  });

  it("waits out a short 429 and stops at a long one, reporting the listings it did not send", async () => {
    const { user, listings } = await importedShop(3);
    for (const [i, l] of listings.entries()) await edit(user.token, l.id, l.version, { title: `Soft merino beanie in colour ${i + 1}` });
    fake.rateLimit(/\/listings\/\d+$/, "1");
    const short = await data<EtsyPushResult>(await call(configured, "/shop/etsy/push", { method: "POST", token: user.token, body: { ids: [listings[0].id] } }));
    expect(short.items[0].status).toBe("pushed");
    expect(fake.calls.filter((c) => c.method === "PATCH")).toHaveLength(2);

    fake.rateLimit(/\/listings\/\d+$/, "300");
    const long = await data<EtsyPushResult>(await call(configured, "/shop/etsy/push", { method: "POST", token: user.token, body: { all: true } }));
    expect(long).toMatchObject({ pushed: 0, failed: 2 });
    expect(long.items[0].message).toContain("try again in 300 seconds");
    expect(long.items[1].message).toMatch(/^Not sent: /);
    // Only the first of the two was tried.
    expect(fake.calls.filter((c) => c.method === "PATCH")).toHaveLength(3);
  });

  it("refreshes once when Etsy refuses the access token mid-push", async () => {
    const { user, listings } = await importedShop(1);
    await edit(user.token, listings[0].id, listings[0].version, { title: "Merino beanie, hand knitted" });
    // Etsy lets the access token die early; the refresh token still works.
    fake.advance(3601 * 1000);
    const result = await data<EtsyPushResult>(await call(configured, "/shop/etsy/push", { method: "POST", token: user.token, body: { all: true } }));
    expect(result.items[0].status).toBe("pushed");
    expect(fake.tokenCalls().filter((c) => c.form!.get("grant_type") === "refresh_token")).toHaveLength(1);
  });

  it("never touches another user's listing, and says which named listings are not linked", async () => {
    const alice = await importedShop(1);
    const bob = await importedShop(1);
    const own = await call(configured, "/listings", {
      method: "POST",
      token: bob.user.token,
      body: { title: "Hand written listing", description: "Not from Etsy at all, written here.", tags: ["knit"], altTexts: [] },
    });
    expect(own.status).toBe(201);
    const ownId = ((await own.json()) as { data: { listing: { id: string } } }).data.listing.id;
    await edit(alice.user.token, alice.listings[0].id, alice.listings[0].version, { title: "Alice's new beanie title" });
    const res = await data<EtsyPushResult>(await call(configured, "/shop/etsy/push", { method: "POST", token: bob.user.token, body: { ids: [alice.listings[0].id, ownId] } }));
    expect(res.items).toEqual([
      { id: alice.listings[0].id, status: "failed", message: "Listing not found", fields: [] },
      { id: ownId, status: "failed", message: "This listing is not linked to the connected Etsy shop: import the shop from Etsy first", fields: [] },
    ]);
    expect(fake.calls.filter((c) => c.method === "PATCH")).toHaveLength(0);
  });

  it("checks the request: ids or all, nothing else", async () => {
    const user = await registerUser();
    for (const body of [{}, { ids: [] }, { all: false }, { ids: "x" }]) {
      const res = await call(configured, "/shop/etsy/push", { method: "POST", token: user.token, body });
      expect(res.status, JSON.stringify(body)).toBe(400);
    }
  });
});

describe("disconnecting", () => {
  it("deletes the tokens and what was known of Etsy's listings; the imported listings stay", async () => {
    const user = await registerUser();
    const seller = etsySeller();
    seedListings(seller.shopId, 2);
    await connect(user.token, seller.etsyUserId);
    await call(configured, "/shop/etsy/import", { method: "POST", token: user.token });
    const res = await call(configured, "/shop/etsy", { method: "DELETE", token: user.token });
    expect(res.status).toBe(200);
    expect(await data(res)).toEqual({ disconnected: true });
    expect(await connectionRow(user.userId)).toBeNull();
    expect(await env.DB.prepare("SELECT COUNT(*) AS n FROM etsy_listing_sync WHERE user_id = ?").bind(user.userId).first<{ n: number }>()).toEqual({ n: 0 });
    expect(await env.DB.prepare("SELECT COUNT(*) AS n FROM listings WHERE user_id = ?").bind(user.userId).first<{ n: number }>()).toEqual({ n: 2 });
    expect(await data<EtsyConnectionStatus>(await call(configured, "/shop/etsy", { token: user.token }))).toEqual({ available: true, connected: false, shopName: null, connectedAt: null });
    expect((await call(configured, "/shop/etsy/push", { method: "POST", token: user.token, body: { all: true } })).status).toBe(404);
    expect(await data(await call(configured, "/shop/etsy", { method: "DELETE", token: user.token }))).toEqual({ disconnected: false });
  });

  it("leaves another user's connection alone", async () => {
    const alice = await registerUser();
    const bob = await registerUser();
    await connect(alice.token, etsySeller().etsyUserId);
    await call(configured, "/shop/etsy", { method: "DELETE", token: bob.token });
    expect(await connectionRow(alice.userId)).not.toBeNull();
  });
});

describe("the Etsy client against the fake", () => {
  const client = (fetchImpl: typeof fetch, timeoutMs?: number) => etsyClient({ apiKey: KEYSTRING, sharedSecret: SHARED_SECRET, baseUrl: FAKE_API, fetch: fetchImpl, timeoutMs });

  it("is refused a code with the wrong PKCE verifier (invalid_grant), and the code stays unusable to a guesser", async () => {
    const verifier = "a".repeat(43);
    const url = new URL(FAKE_OAUTH);
    for (const [k, v] of Object.entries({
      response_type: "code",
      client_id: KEYSTRING,
      redirect_uri: "https://app.test/cb",
      scope: "listings_r",
      state: "s",
      code_challenge: await codeChallengeOf(verifier),
      code_challenge_method: "S256",
    }))
      url.searchParams.set(k, v);
    const { code } = fake.approve(url.toString(), 77);
    const c = client(fake.fetch);
    await expect(c.exchangeCode({ code, codeVerifier: "b".repeat(43), redirectUri: "https://app.test/cb" })).rejects.toMatchObject({ kind: "invalid_grant" });
    await expect(c.exchangeCode({ code, codeVerifier: verifier, redirectUri: "https://app.test/other" })).rejects.toMatchObject({ kind: "invalid_grant" });
    const tokens = await c.exchangeCode({ code, codeVerifier: verifier, redirectUri: "https://app.test/cb" });
    expect(tokens).toMatchObject({ etsyUserId: "77", expiresIn: 3600 });
    await expect(c.exchangeCode({ code, codeVerifier: verifier, redirectUri: "https://app.test/cb" })).rejects.toMatchObject({ kind: "invalid_grant" });
    // A refresh rotates the refresh token: the old one is then refused.
    const next = await c.refresh(tokens.refreshToken);
    expect(next.refreshToken).not.toBe(tokens.refreshToken);
    await expect(c.refresh(tokens.refreshToken)).rejects.toMatchObject({ kind: "invalid_grant" });
  });

  it("names Etsy in a time-out, an unreachable host, a 401 and an unreadable answer, never a key", async () => {
    const hang = ((_input: RequestInfo | URL, init?: RequestInit) => new Promise<Response>((_r, reject) => init?.signal?.addEventListener("abort", () => reject(init.signal!.reason)))) as typeof fetch;
    await expect(client(hang, 50).listingsPage("1.x", "5", { state: "active", offset: 0 })).rejects.toMatchObject({ kind: "timeout", message: expect.stringMatching(/^Etsy did not answer within/) });
    const down = (() => Promise.reject(new TypeError("Network connection lost"))) as typeof fetch;
    await expect(client(down).refresh("1.x")).rejects.toMatchObject({ kind: "unreachable", message: "Etsy could not be reached" });
    const err = await client(fake.fetch)
      .listingsPage("1.not-a-live-token", "5", { state: "active", offset: 0 })
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(EtsyApiError);
    expect((err as EtsyApiError).kind).toBe("unauthorized");
    expect((err as EtsyApiError).message).not.toContain(SHARED_SECRET);
    const garbage = (async () => new Response("<html>oops</html>", { status: 200 })) as typeof fetch;
    await expect(client(garbage).refresh("1.x")).rejects.toMatchObject({ kind: "bad_response" });
  });

  it("waits out a Retry-After of a second once, for that second, then asks again; a second refusal is reported", async () => {
    const waits: number[] = [];
    const c = etsyClient({ apiKey: KEYSTRING, sharedSecret: SHARED_SECRET, baseUrl: FAKE_API, fetch: fake.fetch, sleep: async (ms) => void waits.push(ms) });
    const seller = etsySeller();
    seedListings(seller.shopId, 1);
    await connect((await registerUser()).token, seller.etsyUserId);
    const [token] = fake.liveAccessTokens().filter((t) => t.startsWith(`${seller.etsyUserId}.`));
    fake.rateLimit(/\/listings$/, "1");
    const page = await c.listingsPage(token, String(seller.shopId), { state: "active", offset: 0 });
    expect(page.results).toHaveLength(1);
    expect(waits).toEqual([1000]);
    fake.rateLimit(/\/listings$/, "1", 2);
    await expect(c.listingsPage(token, String(seller.shopId), { state: "active", offset: 0 })).rejects.toMatchObject({ kind: "rate_limited", retryAfter: 1 });
    expect(waits).toEqual([1000, 1000]);
  });

  it("is refused by Etsy without the shared secret in x-api-key", async () => {
    const res = await fake.fetch(`${FAKE_API}/v3/application/users/1/shops`, { headers: { "x-api-key": KEYSTRING, Authorization: "Bearer 1.x" } });
    expect(res.status).toBe(403);
    expect(await res.json()).toEqual({ error: "Shared secret is required in x-api-key header" });
  });
});

describe("mapping an Etsy listing", () => {
  it("decodes HTML entities and turns Money into minor units", () => {
    expect(decodeEntities("Tea &amp; Cake &#8211; Mom&#39;s &#x1F9F6; &bogus; &amp;amp;")).toBe("Tea & Cake – Mom's 🧶 &bogus; &amp;");
    expect(priceMinorOf({ amount: 2599, divisor: 100, currency_code: "USD" })).toBe(2599);
    expect(priceMinorOf({ amount: 1250, divisor: 10, currency_code: "EUR" })).toBe(12500);
    expect(priceMinorOf({ amount: 3, divisor: 0, currency_code: "USD" })).toBeNull();
    const input = toShopListingInput({ listing_id: 12, title: "  Two&nbsp;words  ", description: "a\r\nb", tags: [" x "], skus: ["", "S-1"] });
    expect(input).toMatchObject({ title: "Two words", description: "a\nb", tags: ["x"], sku: "S-1", etsyListingId: "12", priceMinor: null, imageUrls: [] });
  });
});

describe("the tokens' encryption", () => {
  it("opens only for the same user, purpose and key, and not after tampering", async () => {
    const sealed = await encryptToken(configured, "user-a", "access", "12345.secret-token");
    expect(sealed).not.toContain("secret-token");
    expect(await decryptToken(configured, "user-a", "access", sealed)).toBe("12345.secret-token");
    // A fresh IV each time: the same token never looks the same twice.
    expect(await encryptToken(configured, "user-a", "access", "12345.secret-token")).not.toBe(sealed);
    expect(await decryptToken(configured, "user-b", "access", sealed)).toBeNull();
    expect(await decryptToken(configured, "user-a", "refresh", sealed)).toBeNull();
    expect(await decryptToken({ ...configured, ETSY_TOKEN_KEY: "another-key-entirely-0123456789abcdef" } as Env, "user-a", "access", sealed)).toBeNull();
    const [v, iv, body] = sealed.split(".");
    const flipped = `${v}.${iv}.${body[0] === "A" ? "B" : "A"}${body.slice(1)}`;
    expect(await decryptToken(configured, "user-a", "access", flipped)).toBeNull();
    // Without ETSY_TOKEN_KEY the key comes from JWT_SECRET: a different key from the dedicated one.
    const fromJwt = { ...configured, ETSY_TOKEN_KEY: "" } as Env;
    const sealedJwt = await encryptToken(fromJwt, "user-a", "access", "12345.secret-token");
    expect(await decryptToken(fromJwt, "user-a", "access", sealedJwt)).toBe("12345.secret-token");
    expect(await decryptToken(configured, "user-a", "access", sealedJwt)).toBeNull();
  });

  it("asks the seller to connect again when the key changed, instead of failing", async () => {
    const user = await registerUser();
    await connect(user.token, etsySeller().etsyUserId);
    const rotated = { ...configured, ETSY_TOKEN_KEY: "rotated-key-0123456789abcdef0123456789" } as Env;
    const res = await call(rotated, "/shop/etsy/import", { method: "POST", token: user.token });
    expect(res.status).toBe(409);
    expect(await res.json()).toMatchObject({ code: "etsy-reconnect" });
    expect(await connectionRow(user.userId)).toBeNull();
  });
});
