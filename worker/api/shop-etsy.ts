import { EtsyPushSchema } from "../../schema/api/shop-etsy";
import { completeEtsyConnect, disconnectEtsy, ETSY_BROWSER_COOKIE, ETSY_CALLBACK_PATH, ETSY_STATE_TTL_MS, etsyStatus, requireEtsySettings, startEtsyConnect } from "../domain/shop/etsy-connection";
import { importFromEtsy, pushToEtsy } from "../domain/shop/etsy-sync";
import type { Env } from "../lib/env";
import { json } from "../lib/http";
import { route } from "./route";
import { isLocalDevelopment } from "../../schema/origin";

function browserCookie(request: Request, value: string, maxAgeSeconds: number) {
  // Secure everywhere but local development, http://localhost (issue 23).
  const secure = isLocalDevelopment(new URL(request.url)) ? "" : "; Secure";
  return `${ETSY_BROWSER_COOKIE}=${value}; Path=${ETSY_CALLBACK_PATH}; HttpOnly; SameSite=Lax; Max-Age=${maxAgeSeconds}${secure}`;
}

function cookieOf(request: Request, name: string): string | null {
  for (const part of (request.headers.get("Cookie") ?? "").split(";")) {
    const [key, ...rest] = part.trim().split("=");
    if (key === name) return rest.join("=") || null;
  }
  return null;
}

/** Without the server's Etsy keys, the route is 404 (after the sign-in check). */
const etsyConfigured = ({ env }: { env: Env }) => void requireEtsySettings(env);

/**
 * My Shop's optional Etsy API connection (issue 15, decision 0022). Without ETSY_API_KEY and
 * ETSY_SHARED_SECRET every route but the status answers 404 (after the sign-in check).
 */
export const shopEtsyRoutes = [
  route({
    method: "get",
    path: "/shop/etsy",
    summary: "The Etsy connection's status { available, connected, shopName, connectedAt }; available is false without the server's Etsy keys; never a token",
    tag: "Shop",
    auth: "user",
    handler: async ({ env, user }) => json({ success: true, data: await etsyStatus(env, user.id) }),
  }),

  route({
    method: "post",
    path: "/shop/etsy/connect",
    summary: "Start connecting an Etsy shop (OAuth 2.0 + PKCE): answers { url } of Etsy's consent page; 404 without the server's Etsy keys",
    tag: "Shop",
    auth: "user",
    guard: etsyConfigured,
    handler: async ({ request, env, user }) => {
      const { url, browserNonce } = await startEtsyConnect(env, user.id);
      return json({ success: true, data: { url } }, { headers: { "Set-Cookie": browserCookie(request, browserNonce, ETSY_STATE_TTL_MS / 1000) } });
    },
  }),

  // Etsy sends the browser here (a navigation: no bearer token); the state names the user.
  route({
    method: "get",
    path: "/shop/etsy/callback",
    summary: "Etsy's redirect after consent (?code&state): stores the encrypted tokens and redirects (302) to /shop?etsy=connected or /shop?etsy=error&reason=...",
    tag: "Shop",
    auth: "none",
    raw: "Etsy's redirect: reads code, state and error from the query and the browser cookie, answers a 302",
    produces: "text/html",
    guard: etsyConfigured,
    handler: async ({ request, env }) => {
      const url = new URL(request.url);
      const outcome = await completeEtsyConnect(
        env,
        { code: url.searchParams.get("code"), state: url.searchParams.get("state"), error: url.searchParams.get("error") },
        cookieOf(request, ETSY_BROWSER_COOKIE),
      );
      const location = outcome.ok ? "/shop?etsy=connected" : `/shop?etsy=error&reason=${outcome.reason}`;
      const headers = new Headers({ Location: location, "Cache-Control": "no-store", "Referrer-Policy": "no-referrer" });
      headers.append("Set-Cookie", browserCookie(request, "", 0));
      return new Response(null, { status: 302, headers });
    },
  }),

  route({
    method: "post",
    path: "/shop/etsy/import",
    summary: "Import the connected shop's active listings from Etsy (getListingsByShop); answers the import counts and fetched",
    tag: "Shop",
    auth: "user",
    guard: etsyConfigured,
    handler: async ({ env, user }) => json({ success: true, data: await importFromEtsy(env, user.id) }),
  }),

  route({
    method: "post",
    path: "/shop/etsy/push",
    summary: "Send changed titles, descriptions and tags of linked listings to Etsy (updateListing), { ids } or { all: true }; answers each listing's status",
    tag: "Shop",
    auth: "user",
    body: EtsyPushSchema,
    guard: etsyConfigured,
    handler: async ({ env, user, body }) => json({ success: true, data: await pushToEtsy(env, user.id, body) }),
  }),

  route({
    method: "delete",
    path: "/shop/etsy",
    summary: "Disconnect the Etsy shop: deletes its tokens",
    tag: "Shop",
    auth: "user",
    guard: etsyConfigured,
    handler: async ({ env, user }) => json({ success: true, data: await disconnectEtsy(env, user.id) }),
  }),
];
