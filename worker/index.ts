import { createRequestHandler } from "react-router";
import { handleApi } from "./api/router";
import { devMailPage } from "./dev/mail-page";
import { ConfigError, getConfig, type Env } from "./lib/env";

export { BatchJob } from "../durable-objects/batch-job";
export { QuotaCounter } from "../durable-objects/quota-counter";
export { ThrottleCounter } from "../durable-objects/throttle-counter";

declare module "react-router" {
  export interface AppLoadContext {
    cloudflare: { env: Env; ctx: ExecutionContext };
  }
}

const requestHandler = createRequestHandler(() => import("virtual:react-router/server-build"), import.meta.env.MODE);

export default {
  async fetch(request, env, ctx) {
    try {
      getConfig(env);
    } catch (error) {
      if (error instanceof ConfigError) {
        console.error(JSON.stringify({ level: "error", event: "config.invalid", error: error.message }));
        return new Response("Service misconfigured", { status: 503 });
      }
      throw error;
    }
    const url = new URL(request.url);
    if (url.pathname === "/api" || url.pathname.startsWith("/api/")) return handleApi(request, env, ctx);
    if (url.pathname === "/dev/mail") return devMailPage(request, env);
    return requestHandler(request, { cloudflare: { env, ctx } });
  },
} satisfies ExportedHandler<Env>;
