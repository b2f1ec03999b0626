import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import type { KeywordSearchInput } from "../../schema/api/keywords";
import { analyzeKeyword } from "../../worker/domain/keywords/analysis";
import type { KeywordContext } from "../../worker/domain/keywords/context";
import { buildSuggestions } from "../../worker/domain/keywords/suggestions";
import { UpstreamError } from "../../worker/lib/errors";
import type { Env } from "../../worker/lib/env";
import { providerSummary } from "../../worker/providers/summary";
import { selectTrendsProviders, type TrendsProviders } from "../../worker/providers/trends";
import { competitionFromListingCount, etsyProvider } from "../../worker/providers/trends/etsy";
import { serpApiProvider } from "../../worker/providers/trends/serpapi";
import { fakeFetch, healthyVendors, jsonReply, recorded } from "./trends-fakes";

const SERP_KEY = "serp-secret-key-123";
const ETSY_KEY = "etsy-keystring-456";
const ETSY_SECRET = "etsy-shared-secret-789";
const NOW = Date.UTC(2026, 10, 21, 12);

async function upstreamErrorOf(promise: Promise<unknown>): Promise<UpstreamError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(UpstreamError);
  return error as UpstreamError;
}

describe("SerpApi google_trends provider", () => {
  it("asks for 12 months of interest in the region with the key, and reads the weekly points", async () => {
    const api = fakeFetch(() => jsonReply(recorded.serpTimeseries));
    const serp = serpApiProvider({ apiKey: SERP_KEY, fetch: api.fetch });
    const points = await serp.interestOverTime({ keyword: "silver necklace", geo: "US" });

    expect(api.calls).toHaveLength(1);
    const { url, method } = api.calls[0];
    expect(method).toBe("GET");
    expect(`${url.origin}${url.pathname}`).toBe("https://serpapi.com/search.json");
    expect(Object.fromEntries(url.searchParams)).toEqual({
      engine: "google_trends",
      q: "silver necklace",
      geo: "US",
      date: "today 12-m",
      data_type: "TIMESERIES",
      api_key: SERP_KEY,
    });
    // 52 recorded weeks, the last one partial and left out.
    expect(points).toHaveLength(51);
    expect(points[0]).toEqual({ date: "2025-11-23", value: 78 });
    expect(points[3]).toEqual({ date: "2025-12-14", value: 100 });
    expect(points[20]).toEqual({ date: "2026-04-12", value: 0 }); // Google's "<1"
    expect(points.at(-1)).toEqual({ date: "2026-11-08", value: 88 });
  });

  it("leaves the region out for a worldwide (GLOBAL) analysis", async () => {
    const api = fakeFetch(() => jsonReply(recorded.serpTimeseries));
    await serpApiProvider({ apiKey: SERP_KEY, fetch: api.fetch }).interestOverTime({ keyword: "silver necklace", geo: "GLOBAL" });
    expect(api.calls[0].url.searchParams.has("geo")).toBe(false);
  });

  it("uses the configured base URL so a local fake can stand in for SerpApi", async () => {
    const api = fakeFetch(() => jsonReply(recorded.serpTimeseries));
    await serpApiProvider({ apiKey: SERP_KEY, fetch: api.fetch, baseUrl: "http://fake-serpapi.test/" }).interestOverTime({ keyword: "mug", geo: "GB" });
    expect(api.calls[0].url.href.startsWith("http://fake-serpapi.test/search.json?")).toBe(true);
    expect(api.calls[0].url.searchParams.get("geo")).toBe("GB");
  });

  it("reads top and rising related queries and keeps 'Breakout' as text", async () => {
    const api = fakeFetch(() => jsonReply(recorded.serpRelated));
    const related = await serpApiProvider({ apiKey: SERP_KEY, fetch: api.fetch }).relatedQueries({ keyword: "silver necklace", geo: "DE" });

    const params = api.calls[0].url.searchParams;
    expect(params.get("data_type")).toBe("RELATED_QUERIES");
    expect(params.get("geo")).toBe("DE");
    expect(related.top[0]).toEqual({ query: "silver necklace women", value: 100 });
    expect(related.top).toHaveLength(10);
    expect(related.rising[0]).toEqual({ query: "moon necklace silver", value: "Breakout" });
    expect(related.rising[1]).toEqual({ query: "925 silver necklace", value: 250 });
    expect(related.rising.slice(1).every((q) => typeof q.value === "number")).toBe(true);
  });

  it("treats Google's 'no results' answer as empty data, not as a failure", async () => {
    const noResults = { search_metadata: { status: "Success" }, error: "Google Trends hasn't returned any results for this query." };
    const api = fakeFetch(() => jsonReply(noResults));
    const serp = serpApiProvider({ apiKey: SERP_KEY, fetch: api.fetch });
    expect(await serp.interestOverTime({ keyword: "qwzx plorb", geo: "US" })).toEqual([]);
    expect(await serp.relatedQueries({ keyword: "qwzx plorb", geo: "US" })).toEqual({ top: [], rising: [] });
  });

  it("reports any other error SerpApi answers with 200 as a failure, with SerpApi's words", async () => {
    const api = fakeFetch(() => jsonReply({ search_metadata: { status: "Error" }, error: "Unsupported `geo` - `XX` parameter." }));
    const error = await upstreamErrorOf(serpApiProvider({ apiKey: SERP_KEY, fetch: api.fetch }).relatedQueries({ keyword: "mug", geo: "XX" }));
    expect(error.message).toBe("The search-trends service (SerpApi) reported an error: Unsupported `geo` - `XX` parameter.");
  });

  it("reports running out of searches (429) as a rate limit, without the key", async () => {
    const api = fakeFetch(() => jsonReply({ error: "Your account has run out of searches." }, 429));
    const error = await upstreamErrorOf(serpApiProvider({ apiKey: SERP_KEY, fetch: api.fetch }).relatedQueries({ keyword: "mug", geo: "US" }));
    expect(error.message).toBe("The search-trends service (SerpApi) is rate-limiting requests (429)");
    expect(error.status).toBe(502);
    expect(error.message).not.toContain(SERP_KEY);
  });

  it("reports a refused key (401) plainly", async () => {
    const api = fakeFetch(() => jsonReply({ error: "Invalid API key. Your API key should be here: https://serpapi.com/manage-api-key" }, 401));
    const error = await upstreamErrorOf(serpApiProvider({ apiKey: SERP_KEY, fetch: api.fetch }).interestOverTime({ keyword: "mug", geo: "US" }));
    expect(error.message).toBe("The search-trends service (SerpApi) refused the API key (401)");
  });

  it("gives up after its time-out and says it timed out (504)", async () => {
    const api = fakeFetch(() => "hang");
    const error = await upstreamErrorOf(serpApiProvider({ apiKey: SERP_KEY, fetch: api.fetch, timeoutMs: 30 }).interestOverTime({ keyword: "mug", geo: "US" }));
    expect(error.timedOut).toBe(true);
    expect(error.status).toBe(504);
    expect(error.message).toBe("The search-trends service (SerpApi) timed out");
  });

  it("refuses a malformed JSON reply instead of showing nonsense", async () => {
    const api = fakeFetch(() => new Response("<html>Bad gateway</html>", { status: 200, headers: { "Content-Type": "text/html" } }));
    const error = await upstreamErrorOf(serpApiProvider({ apiKey: SERP_KEY, fetch: api.fetch }).interestOverTime({ keyword: "mug", geo: "US" }));
    expect(error.message).toBe("The search-trends service (SerpApi) gave an invalid response");
  });

  it("refuses a reply whose timeline is not a list", async () => {
    const api = fakeFetch(() => jsonReply({ interest_over_time: { timeline_data: "soon" } }));
    const error = await upstreamErrorOf(serpApiProvider({ apiKey: SERP_KEY, fetch: api.fetch }).interestOverTime({ keyword: "mug", geo: "US" }));
    expect(error.message).toBe("The search-trends service (SerpApi) gave an invalid response");
  });
});

describe("Etsy findAllListingsActive provider", () => {
  it("asks for one active listing matching the keyword with keystring:shared secret in x-api-key, and reads the count", async () => {
    const api = fakeFetch(() => jsonReply(recorded.etsyListings));
    const count = await etsyProvider({ apiKey: ETSY_KEY, sharedSecret: ETSY_SECRET, fetch: api.fetch }).activeListingCount("silver moon necklace");

    expect(count).toBe(48213);
    const { url, method, headers } = api.calls[0];
    expect(method).toBe("GET");
    expect(`${url.origin}${url.pathname}`).toBe("https://openapi.etsy.com/v3/application/listings/active");
    expect(Object.fromEntries(url.searchParams)).toEqual({ keywords: "silver moon necklace", limit: "1" });
    expect(headers.get("x-api-key")).toBe(`${ETSY_KEY}:${ETSY_SECRET}`);
    expect(url.href).not.toContain(ETSY_KEY);
    expect(url.href).not.toContain(ETSY_SECRET);
  });

  it("reads an empty market as zero listings", async () => {
    const api = fakeFetch(() => jsonReply({ count: 0, results: [] }));
    expect(await etsyProvider({ apiKey: ETSY_KEY, sharedSecret: ETSY_SECRET, fetch: api.fetch }).activeListingCount("qwzx plorb")).toBe(0);
  });

  it("reports 429 as a rate limit", async () => {
    const api = fakeFetch(() => jsonReply({ error: "You have exceeded your quota" }, 429));
    const error = await upstreamErrorOf(etsyProvider({ apiKey: ETSY_KEY, sharedSecret: ETSY_SECRET, fetch: api.fetch }).activeListingCount("mug"));
    expect(error.message).toBe("The Etsy listings service is rate-limiting requests (429)");
  });

  it("reports a refused key (403)", async () => {
    const api = fakeFetch(() => jsonReply({ error: "Invalid API key: should be in the format keystring:shared_secret" }, 403));
    const error = await upstreamErrorOf(etsyProvider({ apiKey: ETSY_KEY, sharedSecret: ETSY_SECRET, fetch: api.fetch }).activeListingCount("mug"));
    expect(error.message).toBe("The Etsy listings service refused the API key (403)");
  });

  it("times out", async () => {
    const api = fakeFetch(() => "hang");
    const error = await upstreamErrorOf(etsyProvider({ apiKey: ETSY_KEY, sharedSecret: ETSY_SECRET, fetch: api.fetch, timeoutMs: 30 }).activeListingCount("mug"));
    expect(error.timedOut).toBe(true);
  });

  it("refuses malformed JSON and a reply without a count", async () => {
    const broken = fakeFetch(() => new Response("{ count: ", { status: 200 }));
    expect((await upstreamErrorOf(etsyProvider({ apiKey: ETSY_KEY, sharedSecret: ETSY_SECRET, fetch: broken.fetch }).activeListingCount("mug"))).message).toBe(
      "The Etsy listings service gave an invalid response",
    );
    const countless = fakeFetch(() => jsonReply({ results: [] }));
    expect((await upstreamErrorOf(etsyProvider({ apiKey: ETSY_KEY, sharedSecret: ETSY_SECRET, fetch: countless.fetch }).activeListingCount("mug"))).message).toBe(
      "The Etsy listings service gave an invalid response",
    );
  });
});

describe("competition from the Etsy listing count (log scale)", () => {
  it("maps counts from 'nobody' to 'saturated' onto 0..1 with two decimals", () => {
    expect(competitionFromListingCount(0)).toBe(0);
    expect(competitionFromListingCount(100)).toBe(0);
    expect(competitionFromListingCount(1_000)).toBe(0.27);
    expect(competitionFromListingCount(10_000)).toBe(0.54);
    expect(competitionFromListingCount(100_000)).toBe(0.81);
    expect(competitionFromListingCount(500_000)).toBe(1);
    expect(competitionFromListingCount(9_000_000)).toBe(1);
  });

  it("puts the Medium line near 1,250 listings and the High line near 16,000", () => {
    expect(competitionFromListingCount(1_200)).toBeLessThan(0.3);
    expect(competitionFromListingCount(1_300)).toBeGreaterThanOrEqual(0.3);
    expect(competitionFromListingCount(15_500)).toBeLessThan(0.6);
    expect(competitionFromListingCount(16_500)).toBeGreaterThanOrEqual(0.6);
  });

  it("never falls as the number of listings grows", () => {
    let previous = -1;
    for (let count = 0; count <= 1_000_000; count = Math.floor(count * 1.3) + 1) {
      const score = competitionFromListingCount(count);
      expect(score).toBeGreaterThanOrEqual(previous);
      previous = score;
    }
  });
});

describe("choosing the trends providers from configuration", () => {
  const config = (vars: Partial<Env>) => vars as Env;

  it("uses the offline sample engine when no key is configured", () => {
    const chosen = selectTrendsProviders(config({ TRENDS_PROVIDER: "auto" }));
    expect(chosen).toEqual({ trends: null, competition: null, name: "sample", volumes: null });
  });

  it("uses SerpApi with its key and Etsy with its key", () => {
    expect(selectTrendsProviders(config({ SERPAPI_API_KEY: SERP_KEY })).name).toBe("serpapi");
    expect(selectTrendsProviders(config({ ETSY_API_KEY: ETSY_KEY, ETSY_SHARED_SECRET: ETSY_SECRET })).name).toBe("etsy");
    // Etsy refuses a keystring without its shared secret: no Etsy then, rather than a 403 on every search.
    expect(selectTrendsProviders(config({ ETSY_API_KEY: ETSY_KEY })).name).toBe("sample");
    const both = selectTrendsProviders(config({ TRENDS_PROVIDER: "auto", SERPAPI_API_KEY: SERP_KEY, ETSY_API_KEY: ETSY_KEY, ETSY_SHARED_SECRET: ETSY_SECRET }));
    expect(both.name).toBe("serpapi+etsy");
    expect(both.trends?.name).toBe("serpapi");
    expect(both.competition?.name).toBe("etsy");
  });

  it("stays offline when TRENDS_PROVIDER is 'sample', keys or not", () => {
    expect(selectTrendsProviders(config({ TRENDS_PROVIDER: "sample", SERPAPI_API_KEY: SERP_KEY, ETSY_API_KEY: ETSY_KEY, ETSY_SHARED_SECRET: ETSY_SECRET })).name).toBe("sample");
  });

  it("allows only the listed providers", () => {
    expect(selectTrendsProviders(config({ TRENDS_PROVIDER: "etsy", SERPAPI_API_KEY: SERP_KEY, ETSY_API_KEY: ETSY_KEY, ETSY_SHARED_SECRET: ETSY_SECRET })).name).toBe("etsy");
    expect(selectTrendsProviders(config({ TRENDS_PROVIDER: "SerpApi", SERPAPI_API_KEY: SERP_KEY, ETSY_API_KEY: ETSY_KEY, ETSY_SHARED_SECRET: ETSY_SECRET })).name).toBe("serpapi");
    expect(selectTrendsProviders(config({ TRENDS_PROVIDER: "serpapi", ETSY_API_KEY: ETSY_KEY, ETSY_SHARED_SECRET: ETSY_SECRET })).name).toBe("sample");
  });

  it("names the trends provider in the provider summary, never a key", () => {
    const summary = providerSummary(config({ SERPAPI_API_KEY: SERP_KEY }));
    expect(summary.trends).toBe("serpapi");
    expect(JSON.stringify(summary)).not.toContain(SERP_KEY);
    expect(providerSummary(config({})).trends).toBe("sample");
  });
});

const search = (product_name: string, extra: Partial<KeywordSearchInput> = {}): KeywordSearchInput => ({
  product_name,
  platform: "etsy",
  country: "US",
  category: undefined,
  ...extra,
});

const live = (api: ReturnType<typeof fakeFetch>, vars: Partial<Env> = { SERPAPI_API_KEY: SERP_KEY, ETSY_API_KEY: ETSY_KEY, ETSY_SHARED_SECRET: ETSY_SECRET }, timeoutMs?: number): TrendsProviders =>
  selectTrendsProviders(vars as Env, { fetch: api.fetch, timeoutMs });

describe("keyword suggestions on live providers", () => {
  it("suggests Google's related searches with their popularity and Etsy's competition, as live data", async () => {
    const api = healthyVendors({ etsyCount: (k) => (k.split(" ").length === 2 ? 90_000 : 2_000) });
    const { result } = await buildSuggestions(live(api), search("Silver Necklace", { country: "GB" }), NOW);

    expect(result.error).toBe(false);
    expect(result.source).toBe("serpapi+etsy");
    expect(result.fallbackReason).toBeNull();
    const related = api.calls.find((c) => c.url.hostname === "serpapi.com")!;
    expect(related.url.searchParams.get("q")).toBe("silver necklace");
    expect(related.url.searchParams.get("geo")).toBe("GB");
    expect(related.url.searchParams.get("data_type")).toBe("RELATED_QUERIES");

    const byKeyword = new Map(result.keywords.map((k) => [k.keyword, k]));
    expect(byKeyword.get("silver chain")).toMatchObject({ popularity: 71, competition: competitionFromListingCount(90_000), trend: "stable", popularitySource: "serpapi", competitionSource: "etsy" });
    expect(byKeyword.get("silver name necklace")).toMatchObject({ popularity: 12, competition: competitionFromListingCount(2_000), trend: "stable" });
    // In both lists: popular and growing.
    expect(byKeyword.get("925 silver necklace")).toMatchObject({ popularity: 31, trend: "increasing" });
    // Only rising: less searched than every top query, so the lowest top value (9), and increasing.
    expect(byKeyword.get("silver locket")).toMatchObject({ popularity: 9, trend: "increasing" });
    // Longer than an Etsy tag (20 characters): left out.
    expect(byKeyword.has("silver necklace women")).toBe(false);
    expect(byKeyword.has("moon necklace silver")).toBe(true);
    expect(result.keywords.length).toBeGreaterThanOrEqual(12);
    expect(result.keywords.length).toBeLessThanOrEqual(30);
    expect(result.keywords.every((k) => k.keyword.length <= 20)).toBe(true);
    // Every keyword that Etsy counted cost one call; each keyword was counted once.
    const etsyCalls = api.calls.filter((c) => c.url.hostname === "openapi.etsy.com");
    expect(etsyCalls).toHaveLength(result.keywords.length);
    expect(new Set(etsyCalls.map((c) => c.url.searchParams.get("keywords"))).size).toBe(result.keywords.length);
  });

  it("falls back to sample popularity with the reason when SerpApi is rate-limited, and keeps Etsy's competition", async () => {
    const api = fakeFetch((call) => (call.url.hostname === "serpapi.com" ? jsonReply({ error: "Your account has run out of searches." }, 429) : jsonReply(recorded.etsyListings)));
    const { result, cacheable } = await buildSuggestions(live(api), search("silver necklace"), NOW);

    expect(result.source).toBe("etsy");
    expect(result.fallbackReason).toBe("The search-trends service (SerpApi) is rate-limiting requests (429): popularity and trend are offline sample data.");
    expect(result.keywords.every((k) => k.popularitySource === "sample" && k.competitionSource === "etsy")).toBe(true);
    expect(cacheable).toBe(false);
  });

  it("answers entirely from the sample engine, flagged, when every provider fails", async () => {
    const api = fakeFetch(() => "hang");
    const { result } = await buildSuggestions(live(api, undefined, 30), search("silver necklace"), NOW);

    expect(result.error).toBe(true);
    expect(result.source).toBe("sample");
    expect(result.fallbackReason).toContain("The search-trends service (SerpApi) timed out: popularity and trend are offline sample data.");
    expect(result.fallbackReason).toContain("The Etsy listings service timed out: competition is offline sample data.");
    expect(result.keywords.length).toBeGreaterThanOrEqual(12);
  });

  it("tops up to 12 with sample phrases, marked as such, when Google knows few related searches", async () => {
    const api = fakeFetch(() => jsonReply({ related_queries: { top: [{ query: "tiny pottery", value: "100", extracted_value: 100 }], rising: [] } }));
    const { result } = await buildSuggestions(live(api, { SERPAPI_API_KEY: SERP_KEY }), search("tiny pottery"), NOW);

    expect(result.keywords).toHaveLength(12);
    expect(result.keywords.filter((k) => k.popularitySource === "serpapi").map((k) => k.keyword)).toEqual(["tiny pottery"]);
    expect(result.fallbackReason).toBe("No marketplace competition provider is configured: competition is offline sample data.");
  });

  it("does not apply Etsy's counts to Amazon and says why", async () => {
    const api = healthyVendors();
    const { result } = await buildSuggestions(live(api), search("silver necklace", { platform: "amazon" }), NOW);
    expect(api.calls.some((c) => c.url.hostname === "openapi.etsy.com")).toBe(false);
    expect(result.source).toBe("serpapi");
    expect(result.fallbackReason).toBe("Etsy's listing counts describe Etsy only: competition on amazon is offline sample data.");
  });
});

describe("advanced analysis on live providers", () => {
  const context = (providers: TrendsProviders, now = NOW): KeywordContext => ({ db: env.DB, providers, now, charge: (work) => work() });

  it("shows Google's interest and related queries and Etsy's competition, live", async () => {
    const api = healthyVendors({ etsyCount: () => 48_213 });
    const data = await analyzeKeyword(context(live(api)), { keyword: "silver necklace", geo: "US" });

    expect(data).toMatchObject({ keyword: "silver necklace", isFallback: false, fallbackReason: null, source: "serpapi", fromCache: false });
    expect(data.timelineData).toHaveLength(51);
    expect(data.timelineData[0]).toEqual({ date: "2025-11-23", value: 78 });
    expect(data.statistics.maxInterest).toBe(100);
    expect(data.statistics.totalDataPoints).toBe(51);
    expect(data.statistics.trend).toBe("rising");
    expect(data.relatedQueries.top).toHaveLength(8);
    expect(data.relatedQueries.rising).toHaveLength(8);
    expect(data.relatedQueries.rising[0]).toEqual({ query: "moon necklace silver", value: "Breakout" });
    expect(data.activeListings).toBe(48_213);
    expect(data.competitionScore).toBe(competitionFromListingCount(48_213));
    expect(data.competitionLevel).toBe("High");
    expect(data.competitionSource).toBe("etsy");
    expect(data.marketInsights.join(" ")).toContain('"moon necklace silver" is a breakout search');
    const serpCalls = api.calls.filter((c) => c.url.hostname === "serpapi.com").map((c) => c.url.searchParams.get("data_type"));
    expect(serpCalls.sort()).toEqual(["RELATED_QUERIES", "TIMESERIES"]);
  });

  it("falls back to the sample engine with the provider's reason when SerpApi fails, and does not keep that answer", async () => {
    const failing = fakeFetch(() => new Response("oops", { status: 500 }));
    const first = await analyzeKeyword(context(live(failing, { SERPAPI_API_KEY: SERP_KEY })), { keyword: "brass candle holder", geo: "AU" });
    expect(first.isFallback).toBe(true);
    expect(first.source).toBe("sample");
    expect(first.fallbackReason).toBe("The search-trends service (SerpApi) failed (500): showing offline sample data.");
    expect(first.timelineData).toHaveLength(52);

    // The next request tries SerpApi again instead of serving the fallback from the cache.
    const healthy = healthyVendors();
    const second = await analyzeKeyword(context(live(healthy, { SERPAPI_API_KEY: SERP_KEY })), { keyword: "brass candle holder", geo: "AU" });
    expect(second.fromCache).toBe(false);
    expect(second.isFallback).toBe(false);
    expect(healthy.calls.length).toBeGreaterThan(0);
  });

  it("falls back with a reason when Google has no interest data for the keyword", async () => {
    const api = fakeFetch(() => jsonReply({ search_metadata: { status: "Success" }, error: "Google Trends hasn't returned any results for this query." }));
    const data = await analyzeKeyword(context(live(api, { SERPAPI_API_KEY: SERP_KEY })), { keyword: "qwzx plorb", geo: "US" });
    expect(data.isFallback).toBe(true);
    expect(data.fallbackReason).toBe("The search-trends service has no interest data for this keyword: showing offline sample data.");
  });

  it("keeps live trends but says so when only Etsy fails", async () => {
    const api = fakeFetch((call) =>
      call.url.hostname === "serpapi.com" ? jsonReply(call.url.searchParams.get("data_type") === "TIMESERIES" ? recorded.serpTimeseries : recorded.serpRelated) : jsonReply({}, 429),
    );
    const data = await analyzeKeyword(context(live(api)), { keyword: "silver necklace", geo: "CA" });
    expect(data.isFallback).toBe(false);
    expect(data.competitionSource).toBe("sample");
    expect(data.activeListings).toBeNull();
    expect(data.marketInsights).toContain("Competition is an offline sample estimate: The Etsy listings service is rate-limiting requests (429): try again later for live figures.");
  });
});
