import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import type { KeywordSearchInput } from "../../schema/api/keywords";
import { analyzeKeyword } from "../../worker/domain/keywords/analysis";
import type { KeywordContext } from "../../worker/domain/keywords/context";
import { suggestKeywords } from "../../worker/domain/keywords/suggestions";
import { VOLUME_CACHE_MS } from "../../worker/domain/keywords/volumes";
import { UpstreamError } from "../../worker/lib/errors";
import type { Env } from "../../worker/lib/env";
import { providerSummary } from "../../worker/providers/summary";
import { selectTrendsProviders } from "../../worker/providers/trends";
import { dataForSeoProvider, volumeTarget } from "../../worker/providers/trends/dataforseo";
import { RateLimitedError, retryAfterSeconds } from "../../worker/providers/trends/http";
import { dataForSeoFake, FAKE_LOGIN, FAKE_MONTHS, FAKE_PASSWORD, fakeMonthly, httpReply, requestError, taskError, type FakeCall, type FakeReply } from "../fixtures/dataforseo-fake";
import { api } from "./helpers";

const BASE = "https://dataforseo.test";
const NOW = Date.UTC(2026, 10, 25, 9);
const DAY = 24 * 60 * 60 * 1000;

/** The fake behind a fetch at the network edge: every request we send is recorded and answered from the fake. */
function fakeDataForSeo(options: Parameters<typeof dataForSeoFake>[0] = {}, hang = false) {
  const fake = dataForSeoFake(options);
  const fetchFake = (async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = new Request(input, init);
    const url = new URL(request.url);
    const body = await request.text();
    if (hang) {
      return new Promise<Response>((_, reject) => {
        const signal = init?.signal;
        signal?.addEventListener("abort", () => reject(signal.reason));
      });
    }
    const answer = fake.handle({ method: request.method, path: url.pathname, authorization: request.headers.get("Authorization"), body });
    return new Response(answer.body, { status: answer.status, headers: answer.headers });
  }) as typeof fetch;
  return { ...fake, fetch: fetchFake };
}

const provider = (fake: { fetch: typeof fetch }, login = FAKE_LOGIN, password = FAKE_PASSWORD, timeoutMs?: number) =>
  dataForSeoProvider({ login, password, baseUrl: BASE, fetch: fake.fetch, timeoutMs });

async function failureOf(promise: Promise<unknown>): Promise<UpstreamError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(UpstreamError);
  return error as UpstreamError;
}

describe("DataForSEO Google Ads search volume (live)", () => {
  it("POSTs one task with every keyword, the location code and HTTP Basic auth, and reads volumes and 12 months oldest first", async () => {
    const fake = fakeDataForSeo({ google: { "silver ring": 2400, "dainty silver ring": 320 } });
    const volumes = await provider(fake).volumes("google-ads", { keywords: ["Silver Ring", "dainty silver ring", "unheard of phrase"], locationCode: 2840 });

    expect(fake.calls).toHaveLength(1);
    const call = fake.calls[0];
    expect(call.path).toBe("/v3/keywords_data/google_ads/search_volume/live");
    expect(call.authorization).toBe(`Basic ${btoa(`${FAKE_LOGIN}:${FAKE_PASSWORD}`)}`);
    expect(call.tasks).toEqual([{ keywords: ["silver ring", "dainty silver ring", "unheard of phrase"], location_code: 2840 }]);

    expect(volumes.get("silver ring")?.searchVolume).toBe(2400);
    const months = volumes.get("silver ring")?.monthlySearches ?? [];
    expect(months).toHaveLength(12);
    expect(months.map((m) => [m.year, m.month])).toEqual(FAKE_MONTHS.map((m) => [m.year, m.month]));
    expect(months.map((m) => m.searches)).toEqual(fakeMonthly(2400).map((m) => m.search_volume));
    expect(volumes.get("dainty silver ring")?.searchVolume).toBe(320);
    // Google has no figure for this one: a null, never a made-up number.
    expect(volumes.get("unheard of phrase")).toEqual({ searchVolume: null, monthlySearches: null });
  });

  it("leaves the location out for a worldwide search", async () => {
    const fake = fakeDataForSeo({ google: { "silver ring": 2400 } });
    const volumes = await provider(fake).volumes("google-ads", { keywords: ["silver ring"], locationCode: null });
    expect(fake.calls[0].tasks).toEqual([{ keywords: ["silver ring"] }]);
    expect(volumes.get("silver ring")?.searchVolume).toBe(7200);
  });

  it("does not send phrases Google Ads refuses (over 80 characters or 10 words)", async () => {
    const fake = fakeDataForSeo({ google: { mug: 100 } });
    const long = "a ".repeat(11).trim();
    const volumes = await provider(fake).volumes("google-ads", { keywords: ["mug", long, "x".repeat(81)], locationCode: 2840 });
    expect((fake.calls[0].tasks as { keywords: string[] }[])[0].keywords).toEqual(["mug"]);
    expect(volumes.get(long)?.searchVolume).toBeNull();
  });
});

describe("DataForSEO Amazon bulk search volume (live)", () => {
  it("POSTs the keywords with the marketplace's location and language, and reads result[0].items", async () => {
    const fake = fakeDataForSeo({ amazon: { "silver ring": 5100 } });
    const volumes = await provider(fake).volumes("amazon", { keywords: ["silver ring", "no amazon data"], locationCode: 2276, languageCode: "de" });
    expect(fake.calls[0].path).toBe("/v3/dataforseo_labs/amazon/bulk_search_volume/live");
    expect(fake.calls[0].tasks).toEqual([{ keywords: ["silver ring", "no amazon data"], location_code: 2276, language_code: "de" }]);
    expect(volumes.get("silver ring")).toEqual({ searchVolume: 5100, monthlySearches: null });
    expect(volumes.get("no amazon data")).toEqual({ searchVolume: null, monthlySearches: null });
  });
});

describe("DataForSEO failures", () => {
  const failing = (reply: FakeReply | ((call: FakeCall) => FakeReply)) => fakeDataForSeo({ override: (call) => (typeof reply === "function" ? reply(call) : reply) });
  const ask = (fake: ReturnType<typeof fakeDataForSeo>) => provider(fake).volumes("google-ads", { keywords: ["silver ring"], locationCode: 2840 });

  it("says a wrong login (HTTP 401) was refused and names the variables to check, never the password", async () => {
    const fake = fakeDataForSeo({ google: { "silver ring": 10 } });
    const error = await failureOf(provider(fake, FAKE_LOGIN, "wrong-password").volumes("google-ads", { keywords: ["silver ring"], locationCode: 2840 }));
    expect(error.message).toBe("The search-volume service (DataForSEO) refused the login (check DATAFORSEO_LOGIN and DATAFORSEO_PASSWORD) (401)");
    expect(error.message).not.toContain("wrong-password");
  });

  it("reads a task-level error under a top-level 20000 as a failure: invalid field (40501)", async () => {
    const error = await failureOf(ask(failing(taskError(40501, "Invalid Field: 'location_code'."))));
    expect(error.message).toBe("The search-volume service (DataForSEO) refused the request (40501 Invalid Field: 'location_code'.)");
  });

  it("says the account's balance ran out (40200 Payment Required)", async () => {
    const error = await failureOf(ask(failing(taskError(40200, "Payment Required."))));
    expect(error.message).toBe("The search-volume service (DataForSEO) could not bill the account (40200 Payment Required.): check its balance");
  });

  it("treats 40202 (rate limit per minute) as a rate limit with a minute's wait", async () => {
    const error = await failureOf(ask(failing(taskError(40202, "Rate-limit per minute exceeded."))));
    expect(error).toBeInstanceOf(RateLimitedError);
    expect((error as RateLimitedError).retryAfterSeconds).toBe(60);
  });

  it("reads a top-level status code other than 20000 as a failure", async () => {
    const error = await failureOf(ask(failing(requestError(50000, "Internal Error."))));
    expect(error.message).toBe("The search-volume service (DataForSEO) reported an error (50000 Internal Error.)");
  });

  it("reads HTTP 429 with Retry-After as a rate limit that says how long to wait", async () => {
    const error = await failureOf(ask(failing(httpReply(429, '{"status_code":42900}', { "Retry-After": "45" }))));
    expect(error).toBeInstanceOf(RateLimitedError);
    expect(error.message).toBe("The search-volume service (DataForSEO) is rate-limiting requests (429)");
    expect((error as RateLimitedError).retryAfterSeconds).toBe(45);
    expect(retryAfterSeconds("Wed, 25 Nov 2026 09:01:00 GMT", NOW)).toBe(60);
    expect(retryAfterSeconds("soon")).toBeNull();
  });

  it("says a 402 is a billing problem and a 500 a failure", async () => {
    expect((await failureOf(ask(failing(httpReply(402, "{}"))))).message).toBe("The search-volume service (DataForSEO) could not bill the account (402): check its balance");
    expect((await failureOf(ask(failing(httpReply(500, "oops"))))).message).toBe("The search-volume service (DataForSEO) failed (500)");
  });

  it("gives up after its time-out and says so (504)", async () => {
    const fake = fakeDataForSeo({}, true);
    const error = await failureOf(provider(fake, FAKE_LOGIN, FAKE_PASSWORD, 30).volumes("google-ads", { keywords: ["silver ring"], locationCode: 2840 }));
    expect(error.message).toBe("The search-volume service (DataForSEO) timed out");
    expect(error.status).toBe(504);
  });

  it("refuses a malformed body instead of showing nonsense", async () => {
    for (const body of ["not json", "[]", '{"status_code":20000,"tasks":"x"}', '{"status_code":20000,"tasks":[{"status_code":20000,"result":{}}]}']) {
      const error = await failureOf(ask(failing(httpReply(200, body))));
      expect(error.message, body).toBe("The search-volume service (DataForSEO) gave an invalid response");
    }
  });
});

describe("calling the vendors", () => {
  it("calls fetch unbound, as workerd's fetch requires (a method call fails with 'Illegal invocation' in production)", async () => {
    const fake = fakeDataForSeo({ google: { "silver ring": 2400 } });
    const strict = function (this: unknown, input: RequestInfo | URL, init?: RequestInit) {
      if (this !== undefined && this !== globalThis) throw new TypeError("Illegal invocation: function called with incorrect `this` reference.");
      return fake.fetch(input, init);
    } as typeof fetch;
    const volumes = await dataForSeoProvider({ login: FAKE_LOGIN, password: FAKE_PASSWORD, baseUrl: BASE, fetch: strict }).volumes("google-ads", { keywords: ["silver ring"], locationCode: 2840 });
    expect(volumes.get("silver ring")?.searchVolume).toBe(2400);
  });
});

describe("where the volumes come from", () => {
  it("maps the screen's country to DataForSEO locations: Amazon for Amazon, Google Ads for Etsy and eBay", () => {
    expect(volumeTarget("etsy", "US")).toEqual({ channel: "google-ads", locationCode: 2840, location: "2840" });
    expect(volumeTarget("ebay", "GB")?.locationCode).toBe(2826);
    expect(volumeTarget("etsy", "CA")?.locationCode).toBe(2124);
    expect(volumeTarget("etsy", "AU")?.locationCode).toBe(2036);
    expect(volumeTarget("etsy", "DE")?.locationCode).toBe(2276);
    expect(volumeTarget("etsy", "GLOBAL")).toEqual({ channel: "google-ads", locationCode: null, location: "GLOBAL" });
    expect(volumeTarget("amazon", "DE")).toEqual({ channel: "amazon", locationCode: 2276, languageCode: "de", location: "2276" });
    expect(volumeTarget("amazon", "GLOBAL")).toBeNull();
    expect(volumeTarget("amazon", "TR")).toBeNull();
  });

  it("is configured by DATAFORSEO_LOGIN and DATAFORSEO_PASSWORD, and /api/health names it without the password", async () => {
    const vars = (v: Partial<Env>) => v as Env;
    expect(selectTrendsProviders(vars({})).volumes).toBeNull();
    expect(selectTrendsProviders(vars({ DATAFORSEO_LOGIN: FAKE_LOGIN })).volumes).toBeNull();
    expect(selectTrendsProviders(vars({ TRENDS_PROVIDER: "sample", DATAFORSEO_LOGIN: FAKE_LOGIN, DATAFORSEO_PASSWORD: FAKE_PASSWORD })).volumes).toBeNull();
    const summary = providerSummary(vars({ DATAFORSEO_LOGIN: FAKE_LOGIN, DATAFORSEO_PASSWORD: FAKE_PASSWORD }));
    expect(summary.volumes).toBe("dataforseo");
    expect(JSON.stringify(summary)).not.toContain(FAKE_PASSWORD);
    const health = await (await api("/health")).json<{ providers: Record<string, string> }>();
    expect(health.providers.volumes).toBe("none");
  });
});

const search = (product_name: string, extra: Partial<KeywordSearchInput> = {}): KeywordSearchInput => ({ product_name, platform: "etsy", country: "US", category: undefined, ...extra });

/**
 * Keyword research with DataForSEO behind the fake and a clock the test moves. Each researcher starts a
 * year after the last, so one test's cached volumes or Retry-After (kept in D1) never reach another.
 */
let epoch = NOW;
function researcher(fake: ReturnType<typeof fakeDataForSeo> | null) {
  epoch += 365 * DAY;
  const providers = selectTrendsProviders((fake ? { DATAFORSEO_LOGIN: FAKE_LOGIN, DATAFORSEO_PASSWORD: FAKE_PASSWORD } : {}) as Env, { fetch: fake?.fetch, dataForSeoBaseUrl: BASE });
  const clock = { now: epoch };
  const context = (): KeywordContext => ({ db: env.DB, providers, now: clock.now, charge: (work) => work() });
  return { clock, context };
}

describe("monthly searches on keyword suggestions", () => {
  // With DataForSEO the suggestions are its keyword ideas, whose volumes come in the same answer
  // (tests/worker/keyword-ideas.test.ts); here what is left of the volume lookup on the SEO screen.
  it("shows no volumes and says how to turn them on when DataForSEO is not configured", async () => {
    const { context } = researcher(null);
    const result = await suggestKeywords(context(), search("linen apron"));
    expect(result.volumes).toEqual({ status: "off", source: null, reason: "No search-volume provider is configured: set DATAFORSEO_LOGIN and DATAFORSEO_PASSWORD to show monthly searches." });
    for (const k of result.keywords) expect(k).toMatchObject({ searchVolume: null, volumeSource: null, monthlySearches: null });
  });

  it("says why there are none for a marketplace and country DataForSEO does not cover, without a request", async () => {
    const fake = fakeDataForSeo({ amazon: { "yoga mat": 45000 } });
    const { context } = researcher(fake);
    const result = await suggestKeywords(context(), search("yoga mat", { platform: "amazon", country: "TR" }));
    expect(fake.calls).toHaveLength(0);
    expect(result.volumes?.status).toBe("unsupported");
    expect(result.volumes?.reason).toContain("Amazon search volumes are not available for TR");
    expect(result.keywords.every((k) => k.ideaSource === "sample" && k.searchVolume === null)).toBe(true);
  });

  it("keeps figures an earlier search received for sample rows shown after the idea service failed, without a request", async () => {
    let fail = false;
    const fake = fakeDataForSeo({ googleIdeas: { "felt coaster": 700 }, override: () => (fail ? taskError(40200, "Payment Required.") : null) });
    const { clock, context } = researcher(fake);
    await suggestKeywords(context(), search("felt coaster"));
    fail = true;
    clock.now += DAY + 1;
    const failed = await suggestKeywords(context(), search("felt coaster"));
    expect(fake.calls).toHaveLength(1); // the 30-day ideas cache answered
    expect(failed.keywords.find((k) => k.keyword === "felt coaster")?.searchVolume).toBe(700);
  });
});

describe("the 30-day volume cache", () => {
  it("answers Advanced analysis from the volumes a keyword-ideas search received, without a request", async () => {
    const fake = fakeDataForSeo({ googleIdeas: { "macrame wall hanging": 5400 } });
    const { context } = researcher(fake);
    await suggestKeywords(context(), search("macrame wall hanging"));
    expect(fake.calls).toHaveLength(1);
    const analysis = await analyzeKeyword(context(), { keyword: "macrame wall hanging", geo: "US" });
    expect(fake.calls).toHaveLength(1);
    expect(analysis.searchVolumes?.searchVolume).toBe(5400);
  });

  it("asks Advanced analysis' volume once per keyword and location within 30 days", async () => {
    const fake = fakeDataForSeo({ google: { "beeswax candle": 4000 } });
    const { clock, context } = researcher(fake);
    await analyzeKeyword(context(), { keyword: "beeswax candle", geo: "US" });
    clock.now += DAY + 1;
    const again = await analyzeKeyword(context(), { keyword: "beeswax candle", geo: "US" });
    expect(fake.calls).toHaveLength(1);
    expect(again.searchVolumes?.searchVolume).toBe(4000);
    const gb = await analyzeKeyword(context(), { keyword: "beeswax candle", geo: "GB" });
    expect(fake.calls).toHaveLength(2);
    expect(fake.calls[1].tasks).toMatchObject([{ location_code: 2826 }]);
    expect(gb.searchVolumes?.searchVolume).toBe(1000);
    clock.now += VOLUME_CACHE_MS;
    await analyzeKeyword(context(), { keyword: "beeswax candle", geo: "US" });
    expect(fake.calls).toHaveLength(3);
  });

  it("honours a 429's Retry-After for Advanced analysis' volume: no call until it has passed", async () => {
    let limited = true;
    const fake = fakeDataForSeo({ google: { "clay earrings": 1300 }, override: () => (limited ? httpReply(429, "{}", { "Retry-After": "120" }) : null) });
    const { clock, context } = researcher(fake);
    const first = await analyzeKeyword(context(), { keyword: "clay earrings", geo: "US" });
    expect(first.searchVolumes?.reason).toBe("The search-volume service (DataForSEO) is rate-limiting requests (429): monthly searches are not shown; try again later.");
    limited = false;
    clock.now += 60_000;
    const waiting = await analyzeKeyword(context(), { keyword: "clay earrings", geo: "GB" });
    expect(fake.calls).toHaveLength(1);
    expect(waiting.searchVolumes?.reason).toBe("The search-volume service (DataForSEO) asked us to wait: monthly searches are back in about 60 s.");
    clock.now += 61_000;
    const back = await analyzeKeyword(context(), { keyword: "clay earrings", geo: "US" });
    expect(fake.calls).toHaveLength(2);
    expect(back.searchVolumes?.searchVolume).toBe(1300);
  });
});

describe("monthly searches in Advanced analysis", () => {
  it("adds the keyword's absolute 12-month series beside the relative interest", async () => {
    const fake = fakeDataForSeo({ google: { "crochet bag": 12100 } });
    const { context } = researcher(fake);
    const analysis = await analyzeKeyword(context(), { keyword: "Crochet Bag", geo: "GLOBAL" });
    expect(fake.calls[0].tasks).toEqual([{ keywords: ["crochet bag"] }]);
    expect(analysis.searchVolumes).toMatchObject({ status: "live", source: "Google Ads via DataForSEO", searchVolume: 36300 });
    expect(analysis.searchVolumes?.monthlySearches).toHaveLength(12);
    expect(analysis.timelineData.length).toBeGreaterThan(12);
  });

  it("says 'off' with the way to turn it on when not configured", async () => {
    const { context } = researcher(null);
    const analysis = await analyzeKeyword(context(), { keyword: "crochet tote", geo: "US" });
    expect(analysis.searchVolumes).toMatchObject({ status: "off", searchVolume: null, monthlySearches: null });
    expect(analysis.searchVolumes?.reason).toContain("DATAFORSEO_LOGIN");
  });
});
