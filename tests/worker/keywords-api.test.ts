import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { KEYWORD_LIMITS, type KeywordSearchInput, type KeywordSearchResult } from "../../schema/api/keywords";
import type { KeywordContext } from "../../worker/domain/keywords/context";
import { suggestKeywords } from "../../worker/domain/keywords/suggestions";
import { readQuota, withQuota } from "../../worker/domain/quota";
import type { Env } from "../../worker/lib/env";
import { selectTrendsProviders, type TrendsProviders } from "../../worker/providers/trends";
import { api, registerUser } from "./helpers";
import { healthyVendors } from "./trends-fakes";

type Answer = { success: boolean; message?: string; data: KeywordSearchResult; quota?: unknown };

const keywords = async (query: Record<string, string>, token?: string) => {
  const res = await api(`/keywords?${new URLSearchParams(query)}`, { token });
  return { res, body: await res.json<Answer>() };
};
const seoUsed = async (token: string) => (await (await api("/seo-analysis/quota", { token })).json<{ used: number }>()).used;

describe("GET /api/keywords", () => {
  it("refuses a visitor without a token with 401", async () => {
    const { res, body } = await keywords({ product_name: "silver necklace" });
    expect(res.status).toBe(401);
    expect(body.success).toBe(false);
  });

  it("refuses a token that is not valid with 401", async () => {
    const { res } = await keywords({ product_name: "silver necklace" }, "eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJ4In0.bad");
    expect(res.status).toBe(401);
  });

  it("requires a product name", async () => {
    const { token } = await registerUser();
    for (const query of [{}, { product_name: "" }, { product_name: "   " }] as Record<string, string>[]) {
      const { res, body } = await keywords(query, token);
      expect(res.status).toBe(400);
      expect(body).toMatchObject({ success: false, message: "Product name is required", field: "product_name" });
    }
    expect(await seoUsed(token)).toBe(0);
  });

  it("refuses a product name over 100 characters, an unknown platform, category or country", async () => {
    const { token } = await registerUser();
    const cases: [Record<string, string>, string][] = [
      [{ product_name: "a".repeat(101) }, "Product name must not exceed 100 characters"],
      [{ product_name: "mug", platform: "shopify" }, "Platform must be etsy, amazon or ebay"],
      [{ product_name: "mug", category: "food" }, "Category must be one of: jewelry, clothing, decor, art, crafts, accessories"],
      [{ product_name: "mug", country: "USA" }, "Country must be a 2-letter code such as US"],
      [{ product_name: "mug", country: "1" }, "Country must be a 2-letter code such as US"],
    ];
    for (const [query, message] of cases) {
      const { res, body } = await keywords(query, token);
      expect(res.status, message).toBe(400);
      expect(body.message).toBe(message);
    }
    expect(await seoUsed(token)).toBe(0);
  });

  it("answers 12 to 30 tag-ready sample suggestions, labelled as sample data", async () => {
    const { token } = await registerUser();
    const { res, body } = await keywords({ product_name: "Silver moon necklace", category: "jewelry", country: "US", platform: "etsy" }, token);

    expect(res.status).toBe(200);
    expect(body.success).toBe(true);
    const data = body.data;
    expect(data).toMatchObject({ error: true, source: "sample", fromCache: false, platform: "etsy", country: "US", category: "jewelry" });
    expect(data.fallbackReason).toBe("No search-trends provider is configured: showing offline sample data.");
    expect(new Date(data.lastUpdated).toISOString()).toBe(data.lastUpdated);
    expect(data.keywords.length).toBeGreaterThanOrEqual(KEYWORD_LIMITS.suggestionsMin);
    expect(data.keywords.length).toBeLessThanOrEqual(KEYWORD_LIMITS.suggestionsMax);
    for (const k of data.keywords) {
      expect(Object.keys(k).sort()).toEqual([
        "competition",
        "competitionSource",
        "id",
        "ideaSource",
        "keyword",
        "monthlySearches",
        "popularity",
        "popularitySource",
        "searchVolume",
        "trend",
        "volumeSource",
      ]);
      expect(k.ideaSource).toBe("sample");
      // No volume provider in the tests: no monthly searches, and none invented (decision 0019).
      expect([k.searchVolume, k.volumeSource, k.monthlySearches]).toEqual([null, null, null]);
      expect(k.keyword.length).toBeLessThanOrEqual(20);
      expect(Number.isInteger(k.popularity) && k.popularity >= 0 && k.popularity <= 100).toBe(true);
      expect(k.competition >= 0 && k.competition <= 1).toBe(true);
      expect(["increasing", "declining", "stable"]).toContain(k.trend);
    }
    expect(new Set(data.keywords.map((k) => k.keyword)).size).toBe(data.keywords.length);
  });

  it("defaults to the United States and Etsy, and accepts 'Etsy' and a lower-case country", async () => {
    const { token } = await registerUser();
    const defaults = await keywords({ product_name: "wool scarf" }, token);
    expect(defaults.body.data).toMatchObject({ platform: "etsy", country: "US", category: null });
    const typed = await keywords({ product_name: "wool scarf", platform: "Etsy", country: "gb", category: "" }, token);
    expect(typed.res.status).toBe(200);
    expect(typed.body.data).toMatchObject({ platform: "etsy", country: "GB", category: null });
  });

  it("lets Amazon suggestions be longer than an Etsy tag", async () => {
    const { token } = await registerUser();
    const { body } = await keywords({ product_name: "Personalized leather dog collar", platform: "amazon" }, token);
    expect(body.data.platform).toBe("amazon");
    expect(body.data.keywords.some((k) => k.keyword.length > 20)).toBe(true);
  });

  it("charges one SEO analysis per search, and nothing for the same search answered from the cache", async () => {
    const { token } = await registerUser();
    const first = await keywords({ product_name: "Macrame plant hanger", country: "CA" }, token);
    expect(first.body.data.fromCache).toBe(false);
    expect(await seoUsed(token)).toBe(1);

    const again = await keywords({ product_name: "macrame  plant hanger", country: "ca" }, token);
    expect(again.body.data.fromCache).toBe(true);
    expect(again.body.data.lastUpdated).toBe(first.body.data.lastUpdated);
    expect(again.body.data.keywords).toEqual(first.body.data.keywords);
    expect(await seoUsed(token)).toBe(1);

    // Another platform, country or category is another search.
    await keywords({ product_name: "Macrame plant hanger", country: "CA", platform: "ebay" }, token);
    await keywords({ product_name: "Macrame plant hanger", country: "US" }, token);
    const decor = await keywords({ product_name: "Macrame plant hanger", country: "CA", category: "decor" }, token);
    expect(decor.body.data.fromCache).toBe(false);
    expect(await seoUsed(token)).toBe(4);
  });

  it("answers a cache-only search from the cache for nothing, and refuses one that is not cached with 409 not-cached, spending nothing (decision 0074)", async () => {
    const { token } = await registerUser();
    const missing = await keywords({ product_name: "Felted wool slippers", cached_only: "1" }, token);
    expect(missing.res.status).toBe(409);
    expect(missing.body).toMatchObject({ success: false, code: "not-cached" });
    expect((missing.body as unknown as { message: string }).message).toContain("not in the keyword cache");
    expect(await seoUsed(token)).toBe(0);

    const searched = await keywords({ product_name: "Felted wool slippers" }, token);
    expect(await seoUsed(token)).toBe(1);
    const cached = await keywords({ product_name: "felted wool slippers", cached_only: "1" }, token);
    expect(cached.res.status).toBe(200);
    expect(cached.body.data.fromCache).toBe(true);
    expect(cached.body.data.keywords).toEqual(searched.body.data.keywords);
    expect(await seoUsed(token)).toBe(1);

    const bad = await keywords({ product_name: "Felted wool slippers", cached_only: "yes" }, token);
    expect(bad.res.status).toBe(400);
    expect(bad.body).toMatchObject({ success: false, code: "validation-failed", message: "cached_only must be 1" });
  });

  it("refuses the 11th search of the day with 403 and the quota, but still answers a search it has cached", async () => {
    const { token } = await registerUser();
    for (let i = 1; i <= 10; i++) {
      const { res } = await keywords({ product_name: `quota probe item ${i}` }, token);
      expect(res.status).toBe(200);
    }
    const { res, body } = await keywords({ product_name: "quota probe item 11" }, token);
    expect(res.status).toBe(403);
    expect(body).toMatchObject({ success: false, quota: { feature: "seo-analysis", used: 10, limit: 10, plan: "free" } });
    expect(typeof body.message).toBe("string");

    const cached = await keywords({ product_name: "quota probe item 3" }, token);
    expect(cached.res.status).toBe(200);
    expect(cached.body.data.fromCache).toBe(true);
    expect(await seoUsed(token)).toBe(10);
  });

  it("reports the trends provider in /api/health", async () => {
    const body = await (await api("/health")).json<{ providers: Record<string, string> }>();
    expect(body.providers.trends).toBe("sample");
  });
});

const input = (product_name: string, extra: Partial<KeywordSearchInput> = {}): KeywordSearchInput => ({
  product_name,
  platform: "etsy",
  country: "US",
  category: undefined,
  ...extra,
});

/** A context with a fake clock and a counting charge. */
function clocked(providers: TrendsProviders) {
  const state = { now: Date.UTC(2026, 10, 21, 9), charges: 0 };
  const context = (): KeywordContext => ({
    db: env.DB,
    providers,
    now: state.now,
    charge: async (work) => {
      state.charges += 1;
      return work();
    },
  });
  return { state, context };
}

describe("the keyword cache (24 hours, injected clock)", () => {
  const HOUR = 60 * 60 * 1000;

  it("serves a search from the cache for 24 hours, then asks again", async () => {
    const { state, context } = clocked({ trends: null, competition: null, name: "sample" });
    const first = await suggestKeywords(context(), input("rattan lamp shade"));
    expect(first.fromCache).toBe(false);
    expect(state.charges).toBe(1);

    state.now += 24 * HOUR - 1;
    const hit = await suggestKeywords(context(), input("rattan lamp shade"));
    expect(hit.fromCache).toBe(true);
    expect(hit.lastUpdated).toBe(first.lastUpdated);
    expect(state.charges).toBe(1);

    state.now += 1;
    const expired = await suggestKeywords(context(), input("rattan lamp shade"));
    expect(expired.fromCache).toBe(false);
    expect(expired.lastUpdated).toBe(new Date(state.now).toISOString());
    expect(state.charges).toBe(2);
  });

  it("keeps one entry per product, country, platform and category", async () => {
    const { state, context } = clocked({ trends: null, competition: null, name: "sample" });
    await suggestKeywords(context(), input("felt garland"));
    for (const variant of [input("felt garland", { country: "AU" }), input("felt garland", { platform: "amazon" }), input("felt garland", { category: "crafts" }), input("felt garlands")]) {
      expect((await suggestKeywords(context(), variant)).fromCache).toBe(false);
    }
    expect(state.charges).toBe(5);
  });

  it("makes no provider call for a cached search", async () => {
    const vendors = healthyVendors();
    const providers = selectTrendsProviders({ SERPAPI_API_KEY: "k1", ETSY_API_KEY: "k2", ETSY_SHARED_SECRET: "k3" } as Env, { fetch: vendors.fetch });
    const { context } = clocked(providers);
    const first = await suggestKeywords(context(), input("silver necklace"));
    expect(first.source).toBe("serpapi+etsy");
    const calls = vendors.calls.length;
    expect(calls).toBeGreaterThan(0);
    const again = await suggestKeywords(context(), input("silver necklace"));
    expect(again.fromCache).toBe(true);
    expect(vendors.calls.length).toBe(calls);
  });

  it("keeps sample answers apart from live ones, so configuring a key shows live data at once", async () => {
    const offline = clocked({ trends: null, competition: null, name: "sample" });
    await suggestKeywords(offline.context(), input("silver hoops"));
    const vendors = healthyVendors();
    const live = clocked(selectTrendsProviders({ SERPAPI_API_KEY: "k1" } as Env, { fetch: vendors.fetch }));
    const answer = await suggestKeywords(live.context(), input("silver hoops"));
    expect(answer.fromCache).toBe(false);
    expect(answer.source).toBe("serpapi");
  });
});

describe("the SEO analysis unit when a search fails", () => {
  it("gives the unit back when the search breaks after it was reserved", async () => {
    const user = { id: `release-probe-${crypto.randomUUID()}`, plan: "free" };
    const broken = {
      name: "sample",
      competition: null,
      get trends(): never {
        throw new Error("provider registry unavailable");
      },
    } as unknown as TrendsProviders;
    const context: KeywordContext = { db: env.DB, providers: broken, now: Date.now(), charge: (work) => withQuota(env, user, "seo-analysis", work) };

    await expect(suggestKeywords(context, input("broken search probe"))).rejects.toThrow("provider registry unavailable");
    expect((await readQuota(env, user, "seo-analysis")).used).toBe(0);

    const working: KeywordContext = { ...context, providers: { trends: null, competition: null, name: "sample" } };
    await suggestKeywords(working, input("broken search probe"));
    expect((await readQuota(env, user, "seo-analysis")).used).toBe(1);
  });
});
