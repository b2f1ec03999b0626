import { AdvancedKeywordSchema, KeywordSearchSchema, type AdvancedAnalysis } from "../../schema/api/keywords";
import type { User } from "../../schema/db";
import { analyzeKeyword } from "../domain/keywords/analysis";
import type { KeywordContext } from "../domain/keywords/context";
import { suggestKeywords } from "../domain/keywords/suggestions";
import { completeOnboardingStep } from "../domain/onboarding";
import { withQuota, type Feature } from "../domain/quota";
import { requireVerifiedUser } from "../lib/auth";
import type { Env } from "../lib/env";
import { idempotent } from "../lib/idempotency";
import { json, parseWith, readJson } from "../lib/http";
import { selectTrendsProviders } from "../providers/trends";
import type { ApiRouter } from "./types";

function keywordContext(env: Env, user: User, feature: Feature): KeywordContext {
  return { db: env.DB, providers: selectTrendsProviders(env), now: Date.now(), charge: (work) => withQuota(env, user, feature, work) };
}

function analysisMessage(data: AdvancedAnalysis) {
  if (data.fromCache) return "Analysis complete (from cache)";
  return data.isFallback ? "Analysis complete (limited data)" : "Analysis complete";
}

export function keywordRoutes(router: ApiRouter) {
  router.get("/keywords", async (request, env) => {
    const user = await requireVerifiedUser(request, env);
    const query = new URL(request.url).searchParams;
    const field = (name: string) => query.get(name) ?? undefined;
    const input = parseWith(KeywordSearchSchema, {
      product_name: field("product_name"),
      category: field("category"),
      country: field("country"),
      platform: field("platform"),
    });
    const data = await suggestKeywords(keywordContext(env, user, "seo-analysis"), input);
    await completeOnboardingStep(env.DB, user.id, "keyword");
    return json({ success: true, data });
  });

  router.post("/advanced-keywords/analyze", async (request, env) => {
    const started = Date.now();
    const user = await requireVerifiedUser(request, env);
    const input = await readJson(request, AdvancedKeywordSchema);
    return idempotent(env, request, user.id, "advanced-keywords.analyze", async () => {
      const data = await analyzeKeyword(keywordContext(env, user, "advanced-keywords"), input);
      await completeOnboardingStep(env.DB, user.id, "keyword");
      return { status: 200, body: { success: true, message: analysisMessage(data), data, meta: { processingTimeMs: Date.now() - started } } };
    });
  });
}
