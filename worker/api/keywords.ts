import { AdvancedKeywordSchema, KeywordSearchSchema, type AdvancedAnalysis } from "../../schema/api/keywords";
import type { User } from "../../schema/db";
import { analyzeKeyword } from "../domain/keywords/analysis";
import type { KeywordContext } from "../domain/keywords/context";
import { suggestKeywords } from "../domain/keywords/suggestions";
import { completeOnboardingStep } from "../domain/onboarding";
import { withQuota, type Feature } from "../domain/quota";
import type { Env } from "../lib/env";
import { idempotent } from "../lib/idempotency";
import { json } from "../lib/http";
import { selectTrendsProviders } from "../providers/trends";
import { route } from "./route";

function keywordContext(env: Env, user: User, feature: Feature): KeywordContext {
  return { db: env.DB, providers: selectTrendsProviders(env), now: Date.now(), charge: (work) => withQuota(env, user, feature, work) };
}

function analysisMessage(data: AdvancedAnalysis) {
  if (data.fromCache) return "Analysis complete (from cache)";
  return data.isFallback ? "Analysis complete (limited data)" : "Analysis complete";
}

export const keywordRoutes = [
  route({
    method: "get",
    path: "/keywords",
    summary:
      "Keyword suggestions (data.keywords, each with searchVolume, volumeSource and monthlySearches when a volume provider is configured; data.volumes says how they came about); one seo-analysis unit",
    tag: "Keywords",
    auth: "verified",
    query: KeywordSearchSchema,
    handler: async ({ env, user, query }) => {
      const data = await suggestKeywords(keywordContext(env, user, "seo-analysis"), query);
      await completeOnboardingStep(env.DB, user.id, "keyword");
      return json({ success: true, data });
    },
  }),

  route({
    method: "post",
    path: "/advanced-keywords/analyze",
    summary: "Trend analysis of one keyword by region; one advanced-keywords unit",
    tag: "Keywords",
    auth: "verified",
    body: AdvancedKeywordSchema,
    handler: async ({ request, env, user, body }) => {
      const started = Date.now();
      return idempotent(env, request, user.id, "advanced-keywords.analyze", async () => {
        const data = await analyzeKeyword(keywordContext(env, user, "advanced-keywords"), body);
        await completeOnboardingStep(env.DB, user.id, "keyword");
        return { status: 200, body: { success: true, message: analysisMessage(data), data, meta: { processingTimeMs: Date.now() - started } } };
      });
    },
  }),
];
