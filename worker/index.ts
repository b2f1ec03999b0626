import { createRequestHandler } from "react-router";
import { sessionTokenOf, type ListoraContext } from "../shared/session";
import { appContext } from "./app-context";
import { handleApi } from "./api/router";
import { devMailPage } from "./dev/mail-page";
import { handleShopQueue, sweepShopJobs } from "./domain/shop/jobs";
import { selectLlmProvider } from "./providers/llm";
import { ConfigError, getConfig, type Env } from "./lib/env";
import { API_CSP, STATIC_HTML_CSP, corsHeaders, htmlCsp, newNonce, preflight, withSecurityHeaders } from "./lib/security";
import { discardUnreadBody } from "./lib/http";
import { log } from "./lib/log";
import { createPageCache } from "./lib/page-cache";

export { BatchJob } from "../durable-objects/batch-job";
export { QuotaCounter } from "../durable-objects/quota-counter";
export { ThrottleCounter } from "../durable-objects/throttle-counter";

declare module "react-router" {
  export interface AppLoadContext {
    cloudflare: { env: Env; ctx: ExecutionContext };
    /** The session's user and the API in process, for loaders and actions (decision 0041). */
    listora: ListoraContext;
    /** The CSP nonce of this HTML response. */
    cspNonce: string;
  }
}

type RequestHandler = ReturnType<typeof createRequestHandler>;
/**
 * React Router's document handler, made once per isolate from the server build (decision 0055): handed a
 * function, it rebuilds its route table (every route flattened, ranked and its path compiled) on every
 * request. In development the build changes under it, so it is read anew each time.
 */
const serverBuild = () => import("virtual:react-router/server-build");
let productionHandler: Promise<RequestHandler> | undefined;
function madeOnce(): Promise<RequestHandler> {
  productionHandler ??= serverBuild().then(
    (build) => createRequestHandler(build, import.meta.env.MODE),
    (error: unknown) => {
      productionHandler = undefined; // a build that failed to load is tried again by the next request
      throw error;
    },
  );
  return productionHandler;
}
const requestHandler: RequestHandler = import.meta.env.DEV ? createRequestHandler(serverBuild, import.meta.env.MODE) : async (request, context) => (await madeOnce())(request, context);
/** The landing page, rendered once per isolate and variant (decision 0044); never in development, where the code changes under it. */
const pageCache = import.meta.env.DEV ? null : createPageCache();

export default {
  async fetch(request, env, ctx) {
    try {
      getConfig(env);
    } catch (error) {
      if (error instanceof ConfigError) {
        // Refuse to serve, and say why to the operator (variable names only, never values).
        log.error("config.invalid", { error: error.message, problems: error.problems });
        if (new URL(request.url).pathname.startsWith("/api")) {
          const body = { success: false, code: "config-invalid", message: error.message, problems: error.problems };
          return withSecurityHeaders(Response.json(body, { status: 503, headers: { "Retry-After": "60" } }), API_CSP);
        }
        return withSecurityHeaders(new Response(`${error.message}\n`, { status: 503, headers: { "Content-Type": "text/plain; charset=utf-8", "Retry-After": "60" } }), STATIC_HTML_CSP);
      }
      throw error;
    }
    const url = new URL(request.url);
    if (url.pathname === "/api" || url.pathname.startsWith("/api/")) {
      if (request.method === "OPTIONS") return withSecurityHeaders(preflight(request, env), API_CSP);
      const response = withSecurityHeaders(await handleApi(request, env, ctx), API_CSP);
      const cors = corsHeaders(request, env);
      if (cors && response.status !== 101) for (const [name, value] of Object.entries(cors)) response.headers.set(name, value);
      return response;
    }
    if (url.pathname === "/dev/mail") return withSecurityHeaders(await devMailPage(request, env), STATIC_HTML_CSP);
    const nonce = newNonce();
    const render = (cspNonce: string) => requestHandler(request, { cloudflare: { env, ctx }, listora: appContext(request, env, ctx), cspNonce });
    const response = (await pageCache?.serve(request, nonce, render)) ?? (await render(nonce));
    // A post answered without reading its form (React Router refuses another site's post before reading it;
    // a route without an action answers 405) leaves its body unread: read it, as the API does, or the local
    // server's proxy answers that post with "Your worker restarted mid-request" (503) instead.
    if (request.method !== "GET" && request.method !== "HEAD") await discardUnreadBody(request);
    // A page read with the session is the seller's own: no cache keeps it, so Back after a change or a
    // sign-out asks the server again instead of showing the page as it was (usage, listings, another account's data).
    if (sessionTokenOf(request) && !response.headers.has("Cache-Control")) response.headers.set("Cache-Control", "private, no-store");
    return withSecurityHeaders(response, htmlCsp(nonce, request.url));
  },

  /** My Shop bulk optimize: the optimize queue and its dead-letter queue (decision 0021). */
  async queue(batch, env) {
    await handleShopQueue(batch, env, { provider: selectLlmProvider(env).provider });
  },

  /** The cron trigger (wrangler.toml [triggers]): stuck optimize jobs are swept to an end state (decision 0029). */
  async scheduled(controller, env) {
    await sweepShopJobs(env, env.SHOP_QUEUE, { now: controller.scheduledTime });
  },
} satisfies ExportedHandler<Env>;
