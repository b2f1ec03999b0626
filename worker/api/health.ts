import { appEnvOf } from "../lib/env";
import { json } from "../lib/http";
import { providerLabels, providerSummary } from "../providers/summary";
import type { ApiRouter } from "./types";

export function healthRoutes(router: ApiRouter) {
  router.get("/health", async (_request, env) => {
    let d1: boolean;
    try {
      d1 = (await env.DB.prepare("SELECT 1 AS ok").first<{ ok: number }>())?.ok === 1;
    } catch {
      d1 = false;
    }
    return json(
      {
        success: d1,
        status: d1 ? "ok" : "degraded",
        version: env.BUILD_VERSION || "dev",
        environment: appEnvOf(env.APP_ENV),
        d1,
        providers: providerSummary(env),
        providerLabels: providerLabels(env),
      },
      { status: d1 ? 200 : 503 },
    );
  });
}
