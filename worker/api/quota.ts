import * as v from "valibot";
import { FEATURES } from "../../schema/api/quota";
import { parseFeature, readAllUsage, readQuota, reserveQuota } from "../domain/quota";
import { json } from "../lib/http";
import { route } from "./route";

const FEATURE_MESSAGE = `featureKey must be one of: ${FEATURES.join(", ")}`;
/** A missing featureKey gets parseFeature's answer, the same words as a wrong one. */
const IncrementQuotaSchema = v.object({ featureKey: v.optional(v.picklist(FEATURES, FEATURE_MESSAGE)) });

/** { success, used, limit, plan } for the three features the SPEC reads that way. */
const QUOTA_READS = [
  ["create-listing", "Listing quota { used, limit, plan }"],
  ["edit-image", "Image-edit quota { used, limit, plan }"],
  ["seo-analysis", "SEO search quota { used, limit, plan }"],
] as const;

export const quotaRoutes = [
  ...QUOTA_READS.map(([feature, summary]) =>
    route({
      method: "get",
      path: `/${feature}/quota`,
      summary,
      tag: "Quota",
      auth: "user",
      handler: async ({ env, user }) => {
        const q = await readQuota(env, user, feature);
        return json({ success: true, used: q.used, limit: q.limit, plan: q.plan, remaining: Math.max(0, q.limit - q.used) });
      },
    }),
  ),

  route({
    method: "get",
    path: "/advanced-keywords/quota",
    summary: "Advanced analysis quota { data: { currentUsage, limit, remaining, percentage, plan } }",
    tag: "Quota",
    auth: "user",
    handler: async ({ env, user }) => {
      const q = await readQuota(env, user, "advanced-keywords");
      const remaining = Math.max(0, q.limit - q.used);
      return json({
        success: true,
        data: { currentUsage: q.used, limit: q.limit, remaining, percentage: Math.min(100, Math.round((q.used / q.limit) * 100)), plan: q.plan },
      });
    },
  }),

  route({
    method: "post",
    path: "/increment-quota",
    summary: "Spend one unit of a feature; 403 with the quota body when exhausted",
    tag: "Quota",
    auth: "verified",
    body: IncrementQuotaSchema,
    handler: async ({ env, user, body }) => {
      const q = await reserveQuota(env, user, parseFeature(body.featureKey));
      return json({ success: true, used: q.used, limit: q.limit, plan: q.plan, remaining: Math.max(0, q.limit - q.used) });
    },
  }),

  route({
    method: "get",
    path: "/usage",
    summary: "Today's usage of every feature",
    tag: "Quota",
    auth: "user",
    handler: async ({ env, user }) => json({ success: true, data: await readAllUsage(env, user) }),
  }),
];
