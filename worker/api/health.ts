import { appEnvOf } from "../lib/env";
import { json } from "../lib/http";
import { providerLabels, providerSummary } from "../providers/summary";
import { route } from "./route";

export const healthRoutes = [
  route({
    method: "get",
    path: "/health",
    summary: "Build version, D1 reachability and the active provider of each kind",
    tag: "Operations",
    auth: "none",
    handler: async ({ env }) => {
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
    },
  }),
];
