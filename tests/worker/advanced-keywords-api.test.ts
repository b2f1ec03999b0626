import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { AdvancedKeywordSchema, competitionLevel, type AdvancedAnalysis, type AdvancedKeywordInput } from "../../schema/api/keywords";
import { analyzeKeyword } from "../../worker/domain/keywords/analysis";
import type { KeywordContext } from "../../worker/domain/keywords/context";
import { readQuota, withQuota } from "../../worker/domain/quota";
import type { Env } from "../../worker/lib/env";
import { selectTrendsProviders, type TrendsProviders } from "../../worker/providers/trends";
import { api, registerUser } from "./helpers";
import { healthyVendors } from "./trends-fakes";

type Answer = { success: boolean; message: string; data: AdvancedAnalysis; meta: { processingTimeMs: number }; quota?: unknown; field?: string };

const analyze = async (body: unknown, token?: string, headers?: Record<string, string>) => {
  const res = await api("/advanced-keywords/analyze", { method: "POST", body, token, headers });
  return { res, body: await res.json<Answer>() };
};
const advancedUsed = async (token: string) => (await (await api("/advanced-keywords/quota", { token })).json<{ data: { currentUsage: number } }>()).data.currentUsage;

describe("competition label (SPEC thresholds 0.3 and 0.6)", () => {
  it("calls 0.29 Low, 0.3 and 0.59 Medium, 0.6 High", () => {
    expect(competitionLevel(0)).toBe("Low");
    expect(competitionLevel(0.29)).toBe("Low");
    expect(competitionLevel(0.3)).toBe("Medium");
    expect(competitionLevel(0.59)).toBe("Medium");
    expect(competitionLevel(0.6)).toBe("High");
    expect(competitionLevel(1)).toBe("High");
  });
});

describe("POST /api/advanced-keywords/analyze", () => {
  it("refuses a visitor without a token with 401", async () => {
    const { res, body } = await analyze({ keyword: "silver necklace", geo: "US" });
    expect(res.status).toBe(401);
    expect(body.success).toBe(false);
  });

  it("answers the SPEC's validation messages word for word, without charging", async () => {
    const { token } = await registerUser();
    const cases: [unknown, string][] = [
      [{}, "Keyword is required"],
      [{ keyword: "" }, "Keyword is required"],
      [{ keyword: "   " }, "Keyword is required"],
      [{ keyword: null }, "Keyword is required"],
      [{ keyword: "a" }, "Keyword must be at least 2 characters"],
      [{ keyword: " a " }, "Keyword must be at least 2 characters"],
      [{ keyword: "k".repeat(101) }, "Keyword must not exceed 100 characters"],
      [{ keyword: "silver necklace", geo: "FR" }, "Geographic region must be one of: US, GB, CA, AU, DE, GLOBAL"],
      [{ keyword: "silver necklace", geo: 7 }, "Geographic region must be one of: US, GB, CA, AU, DE, GLOBAL"],
    ];
    for (const [body, message] of cases) {
      const answer = await analyze(body, token);
      expect(answer.res.status, JSON.stringify(body)).toBe(400);
      expect(answer.body).toMatchObject({ success: false, message });
    }
    expect(await advancedUsed(token)).toBe(0);
  });

  it("refuses a body that is not JSON with 415 and broken JSON with 400", async () => {
    const { token } = await registerUser();
    const plain = await api("/advanced-keywords/analyze", { method: "POST", body: "keyword=mug", token, headers: { "Content-Type": "text/plain" } });
    expect(plain.status).toBe(415);
    const broken = await api("/advanced-keywords/analyze", { method: "POST", body: "{ keyword: ", token });
    expect(broken.status).toBe(400);
  });

  it("accepts keywords of exactly 2 and 100 characters and a region in lower case", () => {
    const parse = (body: unknown) => AdvancedKeywordSchema["~standard"].validate(body) as { value?: AdvancedKeywordInput };
    expect(parse({ keyword: "ab" }).value).toEqual({ keyword: "ab", geo: "US" });
    expect(parse({ keyword: "k".repeat(100), geo: "gb" }).value).toEqual({ keyword: "k".repeat(100), geo: "GB" });
    expect(parse({ keyword: "  mug  ", geo: "global" }).value).toEqual({ keyword: "mug", geo: "GLOBAL" });
  });

  it("answers every field of the analysis from the offline sample engine, marked as fallback", async () => {
    const { token } = await registerUser();
    const { res, body } = await analyze({ keyword: "Silver necklace", geo: "GB" }, token, { "X-Request-ID": crypto.randomUUID() });

    expect(res.status).toBe(200);
    expect(body.success).toBe(true);
    expect(body.message).toBe("Analysis complete (limited data)");
    expect(body.meta.processingTimeMs).toBeGreaterThanOrEqual(0);
    const data = body.data;
    expect(data).toMatchObject({
      keyword: "Silver necklace",
      geo: "GB",
      fromCache: false,
      isFallback: true,
      fallbackReason: "No search-trends provider is configured: showing offline sample data.",
      source: "sample",
      competitionSource: "sample",
      activeListings: null,
    });
    expect(new Date(data.lastUpdated).toISOString()).toBe(data.lastUpdated);
    expect(data.competitionLevel).toBe(competitionLevel(data.competitionScore));
    expect(data.competitionScore).toBeGreaterThanOrEqual(0);
    expect(data.competitionScore).toBeLessThanOrEqual(1);
    expect(Number.isInteger(data.estimatedSearchVolume) && data.estimatedSearchVolume > 0).toBe(true);
    expect(data.timelineData).toHaveLength(52);
    expect(data.timelineData.every((p) => /^\d{4}-\d{2}-\d{2}$/.test(p.date) && p.value >= 0 && p.value <= 100)).toBe(true);
    const values = data.timelineData.map((p) => p.value);
    expect(data.statistics).toEqual({
      trend: expect.stringMatching(/^(rising|declining|stable)$/),
      averageInterest: Math.round(values.reduce((a, b) => a + b, 0) / values.length),
      maxInterest: Math.max(...values),
      totalDataPoints: 52,
    });
    expect(data.relatedQueries.top.length).toBeGreaterThan(0);
    expect(data.relatedQueries.top.length).toBeLessThanOrEqual(8);
    expect(data.relatedQueries.rising.length).toBeLessThanOrEqual(8);
    expect(data.marketInsights.length).toBeGreaterThanOrEqual(3);
    expect(data.marketInsights.at(-1)).toBe("These figures come from Listora's offline sample engine, not from live search data.");
  });

  it("answers a repeated analysis from the cache without charging, and a new region afresh", async () => {
    const { token } = await registerUser();
    const first = await analyze({ keyword: "linen apron", geo: "AU" }, token);
    expect(first.body.data.fromCache).toBe(false);
    expect(await advancedUsed(token)).toBe(1);

    const again = await analyze({ keyword: "Linen Apron", geo: "au" }, token);
    expect(again.res.status).toBe(200);
    expect(again.body.message).toBe("Analysis complete (from cache)");
    expect(again.body.data.fromCache).toBe(true);
    expect(again.body.data.keyword).toBe("Linen Apron");
    expect(again.body.data.lastUpdated).toBe(first.body.data.lastUpdated);
    expect(again.body.data.timelineData).toEqual(first.body.data.timelineData);
    expect(await advancedUsed(token)).toBe(1);

    const worldwide = await analyze({ keyword: "linen apron", geo: "GLOBAL" }, token);
    expect(worldwide.body.data.fromCache).toBe(false);
    expect(await advancedUsed(token)).toBe(2);
  });

  it("does the work once for a retried X-Request-ID and replays the first answer", async () => {
    const { token } = await registerUser();
    const requestId = `analyze-${crypto.randomUUID()}`;
    const first = await analyze({ keyword: "resin coaster set", geo: "DE" }, token, { "X-Request-ID": requestId });
    const retry = await analyze({ keyword: "resin coaster set", geo: "DE" }, token, { "X-Request-ID": requestId });
    expect(retry.res.status).toBe(200);
    expect(retry.res.headers.get("Idempotent-Replayed")).toBe("true");
    expect(retry.res.headers.get("X-Request-ID")).toBe(requestId);
    expect(retry.body).toEqual(first.body);
    expect(await advancedUsed(token)).toBe(1);
  });

  it("refuses the 11th analysis of the day with 403 and the quota, but still answers a cached one", async () => {
    const { token } = await registerUser();
    for (let i = 1; i <= 10; i++) {
      const { res } = await analyze({ keyword: `quota probe ${i}`, geo: "US" }, token);
      expect(res.status).toBe(200);
    }
    const { res, body } = await analyze({ keyword: "quota probe 11", geo: "US" }, token);
    expect(res.status).toBe(403);
    expect(body).toMatchObject({ success: false, quota: { feature: "advanced-keywords", used: 10, limit: 10, plan: "free" } });

    const cached = await analyze({ keyword: "quota probe 4", geo: "US" }, token);
    expect(cached.res.status).toBe(200);
    expect(cached.body.data.fromCache).toBe(true);
    expect(await advancedUsed(token)).toBe(10);
  });
});

describe("the analysis cache (24 hours per keyword and region, injected clock)", () => {
  const HOUR = 60 * 60 * 1000;

  it("makes no provider call and charges nothing within 24 hours, then asks again", async () => {
    const vendors = healthyVendors();
    const providers = selectTrendsProviders({ SERPAPI_API_KEY: "k1", ETSY_API_KEY: "k2", ETSY_SHARED_SECRET: "k3" } as Env, { fetch: vendors.fetch });
    const state = { now: Date.UTC(2026, 10, 21, 8), charges: 0 };
    const context = (): KeywordContext => ({ db: env.DB, providers, now: state.now, charge: async (work) => (state.charges++, work()) });

    const first = await analyzeKeyword(context(), { keyword: "silver necklace", geo: "US" });
    expect(first).toMatchObject({ fromCache: false, source: "serpapi", isFallback: false });
    const callsAfterFirst = vendors.calls.length;
    expect(callsAfterFirst).toBe(3); // timeline, related queries, Etsy count

    state.now += 24 * HOUR - 1;
    const hit = await analyzeKeyword(context(), { keyword: "silver necklace", geo: "US" });
    expect(hit.fromCache).toBe(true);
    expect(hit.lastUpdated).toBe(first.lastUpdated);
    expect(vendors.calls.length).toBe(callsAfterFirst);
    expect(state.charges).toBe(1);

    state.now += 1;
    const expired = await analyzeKeyword(context(), { keyword: "silver necklace", geo: "US" });
    expect(expired.fromCache).toBe(false);
    expect(vendors.calls.length).toBe(callsAfterFirst * 2);
    expect(state.charges).toBe(2);

    const otherRegion = await analyzeKeyword(context(), { keyword: "silver necklace", geo: "GB" });
    expect(otherRegion.fromCache).toBe(false);
  });

  it("gives the advanced-keywords unit back when the analysis breaks after it was reserved", async () => {
    const user = { id: `release-probe-${crypto.randomUUID()}`, plan: "free" };
    const broken = {
      name: "sample",
      competition: null,
      get trends(): never {
        throw new Error("provider registry unavailable");
      },
    } as unknown as TrendsProviders;
    const context: KeywordContext = { db: env.DB, providers: broken, now: Date.now(), charge: (work) => withQuota(env, user, "advanced-keywords", work) };

    await expect(analyzeKeyword(context, { keyword: "broken analysis probe", geo: "US" })).rejects.toThrow("provider registry unavailable");
    expect((await readQuota(env, user, "advanced-keywords")).used).toBe(0);
  });
});
