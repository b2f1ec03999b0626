import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import type { KeywordSearchInput } from "../../schema/api/keywords";
import type { KeywordContext } from "../../worker/domain/keywords/context";
import { suggestKeywords } from "../../worker/domain/keywords/suggestions";
import { VOLUME_CACHE_MS } from "../../worker/domain/keywords/volumes";
import type { Env } from "../../worker/lib/env";
import { selectTrendsProviders } from "../../worker/providers/trends";
import { dataForSeoProvider } from "../../worker/providers/trends/dataforseo";
import { dataForSeoFake, FAKE_LOGIN, FAKE_MONTHS, FAKE_PASSWORD, fakeMonthly, httpReply, taskError } from "../fixtures/dataforseo-fake";

// Issue #26: with a DataForSEO login the ideas are DataForSEO's (Google Ads keywords_for_keywords, or
// Amazon related keywords for Amazon), filtered by the offline engine's relevance rules, one request
// per search, kept 30 days, and a failed provider costs the seller nothing.

const BASE = "https://dataforseo.test";
const DAY = 24 * 60 * 60 * 1000;

function fakeDataForSeo(options: Parameters<typeof dataForSeoFake>[0] = {}) {
  const fake = dataForSeoFake(options);
  const fetchFake = (async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = new Request(input, init);
    const answer = fake.handle({ method: request.method, path: new URL(request.url).pathname, authorization: request.headers.get("Authorization"), body: await request.text() });
    return new Response(answer.body, { status: answer.status, headers: answer.headers });
  }) as typeof fetch;
  return { ...fake, fetch: fetchFake };
}

const search = (product_name: string, extra: Partial<KeywordSearchInput> = {}): KeywordSearchInput => ({ product_name, platform: "etsy", country: "US", category: undefined, ...extra });

/** A seller with DataForSEO behind the fake, a clock the test moves, and a count of the units charged and given back. */
let epoch = Date.UTC(2040, 0, 1);
function seller(fake: ReturnType<typeof fakeDataForSeo>) {
  epoch += 365 * DAY;
  const providers = selectTrendsProviders({ DATAFORSEO_LOGIN: FAKE_LOGIN, DATAFORSEO_PASSWORD: FAKE_PASSWORD } as Env, { fetch: fake.fetch, dataForSeoBaseUrl: BASE });
  const clock = { now: epoch };
  const units = { charged: 0, released: 0 };
  const context = (): KeywordContext => ({
    db: env.DB,
    providers,
    now: clock.now,
    charge: async (work) => {
      units.charged++;
      try {
        return await work();
      } catch (error) {
        units.released++;
        throw error;
      }
    },
  });
  return { clock, units, context, kept: () => units.charged - units.released };
}

const BUNNY_IDEAS = {
  "crochet bunny pattern": 2900,
  "amigurumi bunny pattern": 1600,
  "crochet rabbit pattern": 880,
  "easy crochet bunny": 720,
  "bunny crochet pattern pdf": 390,
  "crochet bunny pattern free": 5400,
  "resin bunny mold": 1300,
  "bunny slippers": 12100,
  "crochet bunny": 6600,
  "rabbit hutch": 33100,
  "amigurumi bunny pattern easy": 210,
  "crochet bunny ears pattern": 320,
  "crochet bunny lovey pattern": 260,
  "crochet easter bunny pattern": 1900,
  "small crochet bunny pattern": 170,
  "crochet bunny pattern beginner": 140,
  "cute crochet bunny pattern": 480,
  "bunny amigurumi pattern": 590,
  "crochet rabbit amigurumi pattern": 110,
};

describe("DataForSEO keyword ideas: the requests", () => {
  it("asks Google Ads keywords_for_keywords with up to 20 seeds from the product, the location and the language, with HTTP Basic auth, and reads volumes and 12 months oldest first", async () => {
    const fake = fakeDataForSeo({ googleIdeas: { "crochet bunny pattern": 2900, "amigurumi bunny pattern": 1600 } });
    const { context } = seller(fake);
    await suggestKeywords(context(), search("Crochet Bunny Pattern", { category: "crafts" }));

    expect(fake.calls).toHaveLength(1);
    const call = fake.calls[0];
    expect(call.path).toBe("/v3/keywords_data/google_ads/keywords_for_keywords/live");
    expect(call.authorization).toBe(`Basic ${btoa(`${FAKE_LOGIN}:${FAKE_PASSWORD}`)}`);
    const [task] = call.tasks as { keywords: string[]; location_code: number; language_code: string; sort_by: string }[];
    expect(task).toMatchObject({ location_code: 2840, language_code: "en", sort_by: "relevance" });
    expect(task.keywords[0]).toBe("crochet bunny pattern");
    expect(task.keywords.length).toBeGreaterThan(1);
    expect(task.keywords.length).toBeLessThanOrEqual(20);
    expect(task.keywords.every((k) => /crochet|amigurumi/.test(k) && /bunny|rabbit/.test(k) && k.includes("pattern"))).toBe(true);

    const ideas = await dataForSeoProvider({ login: FAKE_LOGIN, password: FAKE_PASSWORD, baseUrl: BASE, fetch: fake.fetch }).ideas("google-ads", {
      seeds: ["crochet bunny pattern"],
      locationCode: 2840,
      languageCode: "en",
    });
    const first = ideas.find((i) => i.keyword === "amigurumi bunny pattern");
    expect(first?.searchVolume).toBe(1600);
    expect(first?.monthlySearches?.map((m) => [m.year, m.month])).toEqual(FAKE_MONTHS.map((m) => [m.year, m.month]));
    expect(first?.monthlySearches?.map((m) => m.searches)).toEqual(fakeMonthly(1600).map((m) => m.search_volume));
  });

  it("asks a Turkish search in Turkish for Turkey, and Amazon's related keywords for an Amazon search", async () => {
    const fake = fakeDataForSeo({ googleIdeas: { "seramik kupa": 1900 }, amazonIdeas: { "yoga mat": 45000, "yoga mat thick": 12000 } });
    const { context } = seller(fake);
    await suggestKeywords(context(), search("seramik kupa", { country: "TR", category: "decor" }));
    expect(fake.calls[0].tasks).toMatchObject([{ location_code: 2792, language_code: "tr" }]);

    const amazon = await suggestKeywords(context(), search("yoga mat", { platform: "amazon", country: "GB" }));
    expect(fake.calls[1].path).toBe("/v3/dataforseo_labs/amazon/related_keywords/live");
    expect(fake.calls[1].tasks).toEqual([{ keyword: "yoga mat", location_code: 2826, language_code: "en", depth: 2, include_seed_keyword: true, limit: 100 }]);
    expect(amazon.keywords.find((k) => k.keyword === "yoga mat thick")).toMatchObject({ ideaSource: "amazon", searchVolume: 12000, volumeSource: "Amazon via DataForSEO", monthlySearches: null });
    expect(fake.calls).toHaveLength(2);
  });
});

describe("DataForSEO keyword ideas on the SEO screen", () => {
  it("keeps only ideas that name the product, keep the craft and the pattern, and fit it; each labelled Google Ads with its measured searches", async () => {
    const fake = fakeDataForSeo({ googleIdeas: BUNNY_IDEAS });
    const { context } = seller(fake);
    const result = await suggestKeywords(context(), search("crochet bunny pattern", { category: "crafts" }));
    const google = result.keywords.filter((k) => k.ideaSource === "google-ads").map((k) => k.keyword);
    // Not the finished toy, not free patterns, not resin, slippers or hutches; and an Etsy idea fits a tag... or keeps its name.
    expect(google).toEqual(expect.arrayContaining(["crochet bunny pattern", "amigurumi bunny pattern", "crochet rabbit pattern"]));
    for (const bad of ["crochet bunny pattern free", "resin bunny mold", "bunny slippers", "crochet bunny", "rabbit hutch", "easy crochet bunny"]) expect(google).not.toContain(bad);
    const row = result.keywords.find((k) => k.keyword === "crochet bunny pattern");
    expect(row).toMatchObject({ ideaSource: "google-ads", popularitySource: "dataforseo", popularity: 100, searchVolume: 2900, volumeSource: "Google Ads via DataForSEO" });
    expect(row?.monthlySearches).toHaveLength(12);
    expect(result.source).toBe("dataforseo");
    expect(result.error).toBe(false);
    expect(result.volumes).toEqual({ status: "live", source: "Google Ads via DataForSEO", reason: null });
  });

  it("tops up with sample ideas, marked as such, only when the provider has fewer than 12 that fit", async () => {
    // "leather collar" could be a shirt's; "personalized dog collar" is longer than an Etsy tag.
    const fake = fakeDataForSeo({ googleIdeas: { "leather dog collar": 8100, "personalized dog collar": 4400, "dog collar for her": 90, "leather collar": 1000, "dog collar": 27100 } });
    const { context } = seller(fake);
    const result = await suggestKeywords(context(), search("leather dog collar", { category: "accessories" }));
    const bySource = (s: string) => result.keywords.filter((k) => k.ideaSource === s).map((k) => k.keyword);
    expect(bySource("google-ads").sort()).toEqual(["dog collar", "leather dog collar"]);
    expect(result.keywords).toHaveLength(12);
    expect(bySource("sample")).toHaveLength(10);
    expect(result.keywords.filter((k) => k.ideaSource === "sample").every((k) => k.popularitySource === "sample")).toBe(true);
    expect(result.fallbackReason).toContain("The keyword-ideas service (DataForSEO) has only 2 ideas that fit this product: the rest are offline sample ideas, marked as such.");
    // The sample rows made no second request for volumes: one search, one request.
    expect(fake.calls).toHaveLength(1);

    const many = fakeDataForSeo({ googleIdeas: BUNNY_IDEAS });
    const bunny = await suggestKeywords(seller(many).context(), search("crochet bunny pattern", { platform: "ebay", category: "crafts" }));
    expect(bunny.keywords.every((k) => k.ideaSource === "google-ads")).toBe(true);
  });

  it("answers a repeat search from its 30-day cache with no request and no charge, the next day with no request, and asks again after 30 days", async () => {
    const fake = fakeDataForSeo({ googleIdeas: BUNNY_IDEAS });
    const { clock, context, units } = seller(fake);
    await suggestKeywords(context(), search("crochet bunny pattern"));
    const again = await suggestKeywords(context(), search("crochet bunny pattern"));
    expect(again.fromCache).toBe(true);
    expect(fake.calls).toHaveLength(1);
    expect(units.charged).toBe(1);

    clock.now += DAY + 1;
    const nextDay = await suggestKeywords(context(), search("crochet bunny pattern"));
    expect(nextDay.fromCache).toBe(false);
    expect(fake.calls).toHaveLength(1);
    expect(nextDay.keywords.find((k) => k.keyword === "crochet bunny pattern")?.searchVolume).toBe(2900);

    clock.now += VOLUME_CACHE_MS;
    await suggestKeywords(context(), search("crochet bunny pattern"));
    expect(fake.calls).toHaveLength(2);
  });

  it("honours a 429's Retry-After: sample ideas, uncharged, and no request until it has passed", async () => {
    let limited = true;
    const fake = fakeDataForSeo({ googleIdeas: BUNNY_IDEAS, override: () => (limited ? httpReply(429, "{}", { "Retry-After": "120" }) : null) });
    const { clock, context, kept } = seller(fake);
    const first = await suggestKeywords(context(), search("crochet bunny pattern"));
    expect(first.source).toBe("sample");
    expect(first.keywords.every((k) => k.ideaSource === "sample")).toBe(true);
    expect(first.keywords.length).toBeGreaterThanOrEqual(12);
    expect(first.fallbackReason).toBe("The keyword-ideas service (DataForSEO) is rate-limiting requests (429): showing offline sample ideas; this search was not charged.");
    expect(first.volumes?.status).toBe("failed");
    expect(kept()).toBe(0);

    limited = false;
    clock.now += 60_000;
    const waiting = await suggestKeywords(context(), search("crochet bunny pattern"));
    expect(fake.calls).toHaveLength(1);
    expect(waiting.fallbackReason).toContain("asked us to wait: live ideas are back in about 60 s");
    expect(kept()).toBe(0);

    clock.now += 61_000;
    const back = await suggestKeywords(context(), search("crochet bunny pattern"));
    expect(fake.calls).toHaveLength(2);
    expect(back.source).toBe("dataforseo");
    expect(kept()).toBe(1);
  });

  it("answers sample ideas without charging when the task fails, keeps nothing, and asks again next time", async () => {
    let fail = true;
    const fake = fakeDataForSeo({ googleIdeas: BUNNY_IDEAS, override: () => (fail ? taskError(40200, "Payment Required.") : null) });
    const { context, kept } = seller(fake);
    const failed = await suggestKeywords(context(), search("crochet bunny pattern"));
    expect(failed.fallbackReason).toBe(
      "The keyword-ideas service (DataForSEO) could not bill the account (40200 Payment Required.): check its balance: showing offline sample ideas; this search was not charged.",
    );
    expect(failed.keywords.every((k) => k.searchVolume === null && k.ideaSource === "sample")).toBe(true);
    expect(kept()).toBe(0);

    fail = false;
    const again = await suggestKeywords(context(), search("crochet bunny pattern"));
    expect(again.fromCache).toBe(false);
    expect(again.source).toBe("dataforseo");
    expect(fake.calls).toHaveLength(2);
    expect(kept()).toBe(1);
  });

  it("drops English ideas for a Turkish product", async () => {
    const fake = fakeDataForSeo({ googleIdeas: { "seramik kupa": 1900, "seramik kupa bardak": 320, "el yapımı kupa": 260, "christmas kupa": 500, "kupa for him": 50, "kahve kupası": 2400 } });
    const { context } = seller(fake);
    const result = await suggestKeywords(context(), search("seramik kupa", { country: "TR", category: "decor" }));
    const google = result.keywords.filter((k) => k.ideaSource === "google-ads").map((k) => k.keyword);
    expect(google).toEqual(expect.arrayContaining(["seramik kupa", "el yapımı kupa", "kahve kupası"]));
    expect(google).not.toContain("christmas kupa");
    expect(google).not.toContain("kupa for him");
    expect(result.keywords.filter((k) => k.ideaSource === "sample").every((k) => !/\b(for|christmas|gift)\b/.test(k.keyword))).toBe(true);
  });
});
