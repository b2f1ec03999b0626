/**
 * Connecting a seller's Etsy shop with OAuth 2.0 + PKCE (docs/decisions/0022-etsy-oauth.md).
 *
 * connect: a random state and PKCE verifier, kept 10 minutes (state hashed, verifier encrypted), bound
 *   to the user and to the browser that asked (a nonce in an HttpOnly cookie scoped to the callback);
 * callback: Etsy sends the browser back with ?code&state; the state row (used once) names the user,
 *   the cookie proves it is the same browser, the code is exchanged with the verifier, the shop is
 *   looked up, and the tokens are stored encrypted;
 * tokens: the access token lives an hour and is refreshed (refresh_token grant) a minute before it
 *   expires or when Etsy refuses it; Etsy rotates the refresh token on every refresh;
 * disconnect: deletes the tokens, the states in flight and what was known of Etsy's listings.
 */
import { and, eq, lt } from "drizzle-orm";
import type { EtsyConnectionStatus } from "../../../schema/api/shop-etsy";
import { etsyConnections, etsyListingSync, etsyOauthStates, type EtsyConnection } from "../../../schema/db";
import { getConfig, type Env } from "../../lib/env";
import { HttpError, UpstreamError } from "../../lib/errors";
import { ETSY_SCOPES, EtsyApiError, etsyClient, type EtsyClient } from "../../providers/etsy-shop/client";
import { codeChallengeOf, decryptToken, encryptToken, randomToken, sha256Hex } from "./etsy-crypto";
import { db } from "../../lib/db";
import { log } from "../../lib/log";

const ETSY_NOT_CONFIGURED = "Etsy connection is not configured on this server";
const ETSY_NOT_CONNECTED = "No Etsy shop is connected: connect your shop first";
const ETSY_RECONNECT = "Etsy no longer accepts this shop's connection (it was revoked or expired). Connect the shop again.";
export const ETSY_STATE_TTL_MS = 10 * 60 * 1000;
/** An access token this close to its end is refreshed before use. */
const ETSY_REFRESH_MARGIN_MS = 60 * 1000;
export const ETSY_CALLBACK_PATH = "/api/shop/etsy/callback";
export const ETSY_BROWSER_COOKIE = "listora_etsy_oauth";

interface EtsySettings {
  apiKey: string;
  sharedSecret: string;
  apiUrl: string;
  oauthUrl: string;
  redirectUri: string;
}

/** The operator's Etsy app, or null when ETSY_API_KEY or ETSY_SHARED_SECRET is missing. */
function etsySettingsOf(env: Env): EtsySettings | null {
  const apiKey = (env.ETSY_API_KEY ?? "").trim();
  const sharedSecret = (env.ETSY_SHARED_SECRET ?? "").trim();
  if (!apiKey || !sharedSecret) return null;
  return {
    apiKey,
    sharedSecret,
    apiUrl: (env.ETSY_API_URL || "https://api.etsy.com").replace(/\/+$/, ""),
    oauthUrl: env.ETSY_OAUTH_URL || "https://www.etsy.com/oauth/connect",
    redirectUri: `${getConfig(env).appUrl}${ETSY_CALLBACK_PATH}`,
  };
}

/** The settings, or the 404 every Etsy endpoint but the status answers without keys. */
export function requireEtsySettings(env: Env): EtsySettings {
  const settings = etsySettingsOf(env);
  if (!settings) throw new HttpError(404, ETSY_NOT_CONFIGURED, { code: "etsy-not-configured" });
  return settings;
}

export function clientOf(settings: EtsySettings): EtsyClient {
  return etsyClient({ apiKey: settings.apiKey, sharedSecret: settings.sharedSecret, baseUrl: settings.apiUrl });
}

/** An Etsy failure as the API's error: 503 with Retry-After when rate-limited, 504 on a time-out, else 502. */
export function upstreamOf(error: unknown): unknown {
  if (!(error instanceof EtsyApiError)) return error;
  if (error.kind === "rate_limited") {
    const seconds = error.retryAfter ?? 60;
    return new HttpError(503, error.message, { provider: "etsy", retryAfter: seconds }, { "Retry-After": String(seconds) });
  }
  return new UpstreamError("etsy", error.message, error.kind === "timeout");
}

export async function etsyStatus(env: Env, userId: string): Promise<EtsyConnectionStatus> {
  if (!etsySettingsOf(env)) return { available: false, connected: false, shopName: null, connectedAt: null };
  const row = await db(env).select().from(etsyConnections).where(eq(etsyConnections.userId, userId)).get();
  return { available: true, connected: !!row, shopName: row?.shopName ?? null, connectedAt: row ? new Date(row.connectedAt).toISOString() : null };
}

/**
 * Starts an authorization: answers Etsy's consent URL and the nonce to set as the browser cookie.
 * Older states of the user are dropped (only the newest authorization can finish), as are expired ones.
 */
export async function startEtsyConnect(env: Env, userId: string, now = Date.now()): Promise<{ url: string; browserNonce: string }> {
  const settings = requireEtsySettings(env);
  const state = randomToken(32);
  const verifier = randomToken(48); // 64 characters, within RFC 7636's 43..128
  const browserNonce = randomToken(32);
  const orm = db(env);
  await orm.batch([
    orm.delete(etsyOauthStates).where(eq(etsyOauthStates.userId, userId)),
    orm.delete(etsyOauthStates).where(lt(etsyOauthStates.expiresAt, now)),
    orm.insert(etsyOauthStates).values({
      stateHash: await sha256Hex(state),
      userId,
      browserHash: await sha256Hex(browserNonce),
      codeVerifierEnc: await encryptToken(env, userId, "verifier", verifier),
      expiresAt: now + ETSY_STATE_TTL_MS,
      createdAt: now,
    }),
  ]);
  const url = new URL(settings.oauthUrl);
  url.searchParams.set("response_type", "code");
  url.searchParams.set("client_id", settings.apiKey);
  url.searchParams.set("redirect_uri", settings.redirectUri);
  url.searchParams.set("scope", ETSY_SCOPES.join(" "));
  url.searchParams.set("state", state);
  url.searchParams.set("code_challenge", await codeChallengeOf(verifier));
  url.searchParams.set("code_challenge_method", "S256");
  return { url: url.toString(), browserNonce };
}

type CallbackOutcome = { ok: true; userId: string; shopName: string } | { ok: false; reason: CallbackFailure };
type CallbackFailure = "denied" | "invalid-state" | "expired" | "invalid-code" | "no-shop" | "etsy-unavailable";

/**
 * Finishes an authorization from Etsy's redirect. The state is used once whatever happens next; a
 * state from another browser (no or another cookie) connects nothing.
 */
export async function completeEtsyConnect(
  env: Env,
  query: { code: string | null; state: string | null; error: string | null },
  browserNonce: string | null,
  now = Date.now(),
): Promise<CallbackOutcome> {
  const settings = requireEtsySettings(env);
  if (!query.state || query.state.length > 200) return { ok: false, reason: "invalid-state" };
  const orm = db(env);
  const rows = await orm
    .delete(etsyOauthStates)
    .where(eq(etsyOauthStates.stateHash, await sha256Hex(query.state)))
    .returning();
  const pending = rows[0];
  if (!pending) return { ok: false, reason: "invalid-state" };
  if (!browserNonce || (await sha256Hex(browserNonce)) !== pending.browserHash) return { ok: false, reason: "invalid-state" };
  if (pending.expiresAt <= now) return { ok: false, reason: "expired" };
  if (query.error) return { ok: false, reason: "denied" };
  if (!query.code || query.code.length > 2000) return { ok: false, reason: "invalid-code" };
  const verifier = await decryptToken(env, pending.userId, "verifier", pending.codeVerifierEnc);
  if (!verifier) return { ok: false, reason: "invalid-state" };

  const client = clientOf(settings);
  try {
    const tokens = await client.exchangeCode({ code: query.code, codeVerifier: verifier, redirectUri: settings.redirectUri });
    const shop = await client.shopOfUser(tokens.accessToken, tokens.etsyUserId);
    const values = {
      userId: pending.userId,
      etsyUserId: tokens.etsyUserId,
      shopId: String(shop.shop_id),
      shopName: shop.shop_name,
      accessTokenEnc: await encryptToken(env, pending.userId, "access", tokens.accessToken),
      refreshTokenEnc: await encryptToken(env, pending.userId, "refresh", tokens.refreshToken),
      accessExpiresAt: now + tokens.expiresIn * 1000,
      scopes: ETSY_SCOPES.join(" "),
      connectedAt: now,
      updatedAt: now,
    };
    const previous = await orm.select({ shopId: etsyConnections.shopId }).from(etsyConnections).where(eq(etsyConnections.userId, pending.userId)).get();
    const upsert = orm
      .insert(etsyConnections)
      .values(values)
      .onConflictDoUpdate({ target: etsyConnections.userId, set: { ...values, userId: undefined } });
    // Another shop than before: what was known of the old shop's listings no longer applies.
    if (previous && previous.shopId !== values.shopId) await orm.batch([orm.delete(etsyListingSync).where(eq(etsyListingSync.userId, pending.userId)), upsert]);
    else await upsert;
    return { ok: true, userId: pending.userId, shopName: shop.shop_name };
  } catch (error) {
    if (!(error instanceof EtsyApiError)) throw error;
    if (error.kind === "invalid_grant") return { ok: false, reason: "invalid-code" };
    if (error.kind === "not_found") return { ok: false, reason: "no-shop" };
    log.warn("etsy.connect-failed", { kind: error.kind, status: error.status });
    return { ok: false, reason: "etsy-unavailable" };
  }
}

/** Deletes the connection's tokens, its authorizations in flight and its listing baselines. */
export async function disconnectEtsy(env: Env, userId: string): Promise<{ disconnected: boolean }> {
  const orm = db(env);
  const [deleted] = await orm.batch([
    orm.delete(etsyConnections).where(eq(etsyConnections.userId, userId)).returning({ userId: etsyConnections.userId }),
    orm.delete(etsyOauthStates).where(eq(etsyOauthStates.userId, userId)),
    orm.delete(etsyListingSync).where(eq(etsyListingSync.userId, userId)),
  ]);
  return { disconnected: deleted.length > 0 };
}

export async function requireConnection(env: Env, userId: string): Promise<EtsyConnection> {
  const row = await db(env).select().from(etsyConnections).where(eq(etsyConnections.userId, userId)).get();
  if (!row) throw new HttpError(404, ETSY_NOT_CONNECTED, { code: "etsy-not-connected" });
  return row;
}

async function dropConnection(env: Env, userId: string) {
  await db(env).delete(etsyConnections).where(eq(etsyConnections.userId, userId));
}

const reconnect = () => new HttpError(409, ETSY_RECONNECT, { code: "etsy-reconnect" });

/**
 * A usable access token of the user's connection, refreshed when it is within a minute of its end (or
 * `force`). Two requests refreshing at once: the second one's refresh token was already rotated, so
 * the row is read again and the first one's new token used.
 */
export async function accessTokenOf(env: Env, client: EtsyClient, userId: string, options: { force?: boolean; now?: number } = {}): Promise<{ token: string; connection: EtsyConnection }> {
  const now = options.now ?? Date.now();
  const connection = await requireConnection(env, userId);
  if (!options.force && connection.accessExpiresAt - ETSY_REFRESH_MARGIN_MS > now) {
    const token = await decryptToken(env, userId, "access", connection.accessTokenEnc);
    if (token) return { token, connection };
  }
  const refreshToken = await decryptToken(env, userId, "refresh", connection.refreshTokenEnc);
  if (!refreshToken) {
    // The encryption key changed (ETSY_TOKEN_KEY or JWT_SECRET rotated): the tokens are unreadable.
    await dropConnection(env, userId);
    throw reconnect();
  }
  let tokens;
  try {
    tokens = await client.refresh(refreshToken);
  } catch (error) {
    if (error instanceof EtsyApiError && error.kind === "invalid_grant") {
      const again = await db(env).select().from(etsyConnections).where(eq(etsyConnections.userId, userId)).get();
      if (again && again.refreshTokenEnc !== connection.refreshTokenEnc) {
        const token = await decryptToken(env, userId, "access", again.accessTokenEnc);
        if (token) return { token, connection: again };
      }
      await dropConnection(env, userId);
      throw reconnect();
    }
    throw upstreamOf(error);
  }
  const updated = {
    accessTokenEnc: await encryptToken(env, userId, "access", tokens.accessToken),
    refreshTokenEnc: await encryptToken(env, userId, "refresh", tokens.refreshToken),
    accessExpiresAt: now + tokens.expiresIn * 1000,
    updatedAt: now,
  };
  const written = await db(env)
    .update(etsyConnections)
    .set(updated)
    .where(and(eq(etsyConnections.userId, userId), eq(etsyConnections.refreshTokenEnc, connection.refreshTokenEnc)))
    .returning({ userId: etsyConnections.userId });
  if (!written.length) {
    // Disconnected meanwhile: the new tokens are not kept.
    const still = await db(env).select().from(etsyConnections).where(eq(etsyConnections.userId, userId)).get();
    if (!still) throw new HttpError(404, ETSY_NOT_CONNECTED, { code: "etsy-not-connected" });
  }
  return { token: tokens.accessToken, connection: { ...connection, ...updated } };
}

/**
 * Runs `call` with a fresh access token; when Etsy answers 401 (a token revoked early), refreshes once
 * and runs it again. Etsy's other failures become the API's errors (upstreamOf).
 */
export async function withEtsyToken<T>(env: Env, client: EtsyClient, userId: string, call: (token: string, connection: EtsyConnection) => Promise<T>): Promise<T> {
  const first = await accessTokenOf(env, client, userId);
  try {
    return await call(first.token, first.connection);
  } catch (error) {
    if (!(error instanceof EtsyApiError) || error.kind !== "unauthorized") throw upstreamOf(error);
  }
  const second = await accessTokenOf(env, client, userId, { force: true });
  try {
    return await call(second.token, second.connection);
  } catch (error) {
    if (error instanceof EtsyApiError && error.kind === "unauthorized") {
      await dropConnection(env, userId);
      throw reconnect();
    }
    throw upstreamOf(error);
  }
}
