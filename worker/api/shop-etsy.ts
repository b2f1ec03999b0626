import { EtsyPushSchema } from "../../schema/api/shop-etsy";
import { completeEtsyConnect, disconnectEtsy, ETSY_BROWSER_COOKIE, ETSY_CALLBACK_PATH, ETSY_STATE_TTL_MS, etsyStatus, requireEtsySettings, startEtsyConnect } from "../domain/shop/etsy-connection";
import { importFromEtsy, pushToEtsy } from "../domain/shop/etsy-sync";
import { requireUser } from "../lib/auth";
import { json, readJson } from "../lib/http";
import type { ApiRouter } from "./types";

function browserCookie(request: Request, value: string, maxAgeSeconds: number) {
  const secure = new URL(request.url).protocol === "https:" ? "; Secure" : "";
  return `${ETSY_BROWSER_COOKIE}=${value}; Path=${ETSY_CALLBACK_PATH}; HttpOnly; SameSite=Lax; Max-Age=${maxAgeSeconds}${secure}`;
}

function cookieOf(request: Request, name: string): string | null {
  for (const part of (request.headers.get("Cookie") ?? "").split(";")) {
    const [key, ...rest] = part.trim().split("=");
    if (key === name) return rest.join("=") || null;
  }
  return null;
}

/**
 * My Shop's optional Etsy API connection (issue 15, decision 0022). Without ETSY_API_KEY and
 * ETSY_SHARED_SECRET every route but the status answers 404 (after the sign-in check).
 */
export function shopEtsyRoutes(router: ApiRouter) {
  router.get("/shop/etsy", async (request, env) => {
    const user = await requireUser(request, env);
    return json({ success: true, data: await etsyStatus(env, user.id) });
  });

  router.post("/shop/etsy/connect", async (request, env) => {
    const user = await requireUser(request, env);
    requireEtsySettings(env);
    const { url, browserNonce } = await startEtsyConnect(env, user.id);
    return json({ success: true, data: { url } }, { headers: { "Set-Cookie": browserCookie(request, browserNonce, ETSY_STATE_TTL_MS / 1000) } });
  });

  // Etsy sends the browser here (a navigation: no bearer token); the state names the user.
  router.get("/shop/etsy/callback", async (request, env) => {
    requireEtsySettings(env);
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
  });

  router.post("/shop/etsy/import", async (request, env) => {
    const user = await requireUser(request, env);
    requireEtsySettings(env);
    return json({ success: true, data: await importFromEtsy(env, user.id) });
  });

  router.post("/shop/etsy/push", async (request, env) => {
    const user = await requireUser(request, env);
    requireEtsySettings(env);
    const body = await readJson(request, EtsyPushSchema);
    return json({ success: true, data: await pushToEtsy(env, user.id, body) });
  });

  router.delete("/shop/etsy", async (request, env) => {
    const user = await requireUser(request, env);
    requireEtsySettings(env);
    return json({ success: true, data: await disconnectEtsy(env, user.id) });
  });
}
