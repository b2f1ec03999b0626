import * as v from "valibot";
import { parseFeature, readAllUsage, readQuota, reserveQuota } from "../domain/quota";
import { requireUser, requireVerifiedUser } from "../lib/auth";
import { json, readJson } from "../lib/http";
import type { ApiRouter } from "./types";

const IncrementSchema = v.object({ featureKey: v.optional(v.unknown()) });

export function quotaRoutes(router: ApiRouter) {
  // { success, used, limit, plan } for the three features the SPEC reads that way.
  for (const feature of ["create-listing", "edit-image", "seo-analysis"] as const) {
    router.get(`/${feature}/quota`, async (request, env) => {
      const user = await requireUser(request, env);
      const q = await readQuota(env, user, feature);
      return json({ success: true, used: q.used, limit: q.limit, plan: q.plan, remaining: Math.max(0, q.limit - q.used) });
    });
  }

  router.get("/advanced-keywords/quota", async (request, env) => {
    const user = await requireUser(request, env);
    const q = await readQuota(env, user, "advanced-keywords");
    const remaining = Math.max(0, q.limit - q.used);
    return json({
      success: true,
      data: { currentUsage: q.used, limit: q.limit, remaining, percentage: Math.min(100, Math.round((q.used / q.limit) * 100)), plan: q.plan },
    });
  });

  router.post("/increment-quota", async (request, env) => {
    const user = await requireVerifiedUser(request, env);
    const { featureKey } = await readJson(request, IncrementSchema);
    const q = await reserveQuota(env, user, parseFeature(featureKey));
    return json({ success: true, used: q.used, limit: q.limit, plan: q.plan, remaining: Math.max(0, q.limit - q.used) });
  });

  router.get("/usage", async (request, env) => {
    const user = await requireUser(request, env);
    return json({ success: true, data: await readAllUsage(env, user) });
  });
}
