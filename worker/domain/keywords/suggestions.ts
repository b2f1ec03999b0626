/**
 * Keyword suggestions for a product (GET /api/keywords): long-tail phrases with popularity,
 * competition and trend, ranked by opportunity. Live figures come from the configured providers
 * (SerpApi's related searches for popularity and trend, Etsy's listing counts for competition); what
 * no provider answered comes from the offline sample engine, and the answer says which is which.
 */
import { KEYWORD_LIMITS, type IdeaSource, type KeywordSearchInput, type KeywordSearchResult, type KeywordSuggestion } from "../../../schema/api/keywords";
import type { TrendsProviders } from "../../providers/trends";
import { competitionFromListingCount } from "../../providers/trends/etsy";
import { expandProductName, fnv1a, normaliseKeyword, SAMPLE_ENGINE_NAME, scoreCandidate } from "../../providers/trends/sample-engine";
import { productProfile, type ProductProfile } from "../../providers/trends/product-profile";
import type { RelatedQueries } from "../../providers/trends/types";
import { fetchIdeas, ideaFigures, ideasPlan, type IdeasPlan, type ProviderIdeas } from "./ideas";
import { readTrendsCache, writeTrendsCacheQuietly } from "./cache";
import { fallbackReasonOf, logProviderFailure, NO_PROVIDER_REASON, type KeywordContext } from "./context";
import { lookUpVolumes, volumeFields } from "./volumes";
import { HttpError } from "../../lib/errors";

/** A cache-only search (`cached_only=1`) whose answer is not in the keyword cache: nothing is spent. */
const NOT_CACHED_MESSAGE = "This search is not in the keyword cache (answers are kept for 24 hours; sample answers after a provider failure are not kept), so nothing was answered or spent";

type Row = Omit<KeywordSuggestion, "id">;
type StoredResult = Omit<KeywordSearchResult, "fromCache">;

/** Parallel Etsy look-ups: enough to answer quickly, few enough to stay under Etsy's 10 per second. */
const ETSY_CONCURRENCY = 5;

/** How good a phrase is to target: in demand and not crowded. */
function opportunity(row: Pick<Row, "popularity" | "competition">) {
  return (row.popularity / 100) * (1 - row.competition);
}

function rankByOpportunity<T extends Row>(rows: readonly T[]): T[] {
  return [...rows].sort((a, b) => opportunity(b) - opportunity(a) || b.popularity - a.popularity || a.keyword.localeCompare(b.keyword));
}

function suggestionsCacheKey(providers: string, input: KeywordSearchInput) {
  return `keywords:v1|${providers}|${input.platform}|${input.category ?? "any"}|${input.country}|${normaliseKeyword(input.product_name)}`;
}

/**
 * The suggestions for one search. A cached answer (24 hours, per product, country, platform and
 * category) is returned as it is and costs nothing (docs/decisions/0005-keyword-cache-and-quota.md);
 * otherwise one unit is charged and the providers are asked, unless the search asks for the cache only
 * (`cached_only`): then it is a 409 `not-cached` and nothing is charged (decision 0074).
 */
export async function suggestKeywords(ctx: KeywordContext, input: KeywordSearchInput): Promise<KeywordSearchResult> {
  const key = suggestionsCacheKey(providersKey(ctx), input);
  const cached = await readTrendsCache<StoredResult>(ctx.db, key, ctx.now);
  if (cached) return { ...cached.payload, fromCache: true };
  if (input.cached_only) throw new HttpError(409, NOT_CACHED_MESSAGE, { code: "not-cached" });
  const plan = ideasPlan(ctx.providers.volumes, input);
  if (plan) return suggestFromIdeas(ctx, input, plan, key);
  return ctx.charge(async () => {
    const built = await buildSuggestions(ctx.providers, input, ctx.now);
    // Absolute volumes for every row, sample-engine phrases included: the figure is measured, the phrase keeps its sample mark.
    const lookup = await lookUpVolumes(
      ctx.db,
      ctx.providers.volumes,
      input.platform,
      input.country,
      built.result.keywords.map((k) => k.keyword),
      ctx.now,
    );
    const result: StoredResult = { ...built.result, keywords: built.result.keywords.map((k) => ({ ...k, ...volumeFields(lookup, k.keyword) })), volumes: lookup.summary };
    // An answer that fell back because a provider failed is not kept: the next search tries again.
    if (built.cacheable && lookup.cacheable) await writeTrendsCacheQuietly(ctx.db, key, result.source, result, ctx.now);
    return { ...result, fromCache: false };
  });
}

/** An answer given without charging: the idea provider failed, so the seller gets sample ideas for free. */
class UnchargedAnswer extends Error {
  constructor(readonly answer: KeywordSearchResult) {
    super("uncharged answer");
  }
}

/**
 * Suggestions from DataForSEO's keyword ideas (issue #26): one request (or the 30-day cache), the ideas
 * that fit the product, topped up with sample ideas only when fewer than 12 fit, each row labelled with
 * who proposed it. Volumes come with the ideas; sample rows take theirs from the volume cache only, so a
 * search makes one request. When the provider fails the answer is the sample engine's and costs nothing.
 */
async function suggestFromIdeas(ctx: KeywordContext, input: KeywordSearchInput, plan: IdeasPlan, key: string): Promise<KeywordSearchResult> {
  const profile = productProfile(input.product_name, { country: input.country, category: input.category });
  try {
    return await ctx.charge(async () => {
      let fetched: ProviderIdeas;
      try {
        fetched = await fetchIdeas(ctx.db, plan, input, profile, ctx.now);
      } catch (error) {
        logProviderFailure("keywords.ideas_failed", error);
        const built = await buildSuggestions({ ...ctx.providers, trends: null }, input, ctx.now, { profile });
        // Figures a search already paid for stay on screen; no request is made for the others.
        const lookup = await lookUpVolumes(
          ctx.db,
          ctx.providers.volumes,
          input.platform,
          input.country,
          built.result.keywords.map((k) => k.keyword),
          ctx.now,
          false,
        );
        const reason = fallbackReasonOf(error, "showing offline sample ideas; this search was not charged.");
        const result: StoredResult = {
          ...built.result,
          keywords: built.result.keywords.map((k) => ({ ...k, ...volumeFields(lookup, k.keyword) })),
          fallbackReason: [reason, built.result.fallbackReason === NO_PROVIDER_REASON ? null : built.result.fallbackReason].filter(Boolean).join(" "),
          volumes: { ...lookup.summary, status: "failed", reason },
        };
        throw new UnchargedAnswer({ ...result, fromCache: false });
      }
      const source = plan.target.channel === "amazon" ? "amazon" : "google-ads";
      const figures = ideaFigures(fetched.ideas);
      const ideaRows = fetched.ideas.map((idea) => ({ keyword: idea.keyword, ...figures(idea), ideaSource: source as IdeaSource }));
      const built = await buildSuggestions({ ...ctx.providers, trends: null }, input, ctx.now, { profile, ideas: ideaRows });
      const lookup = await lookUpVolumes(
        ctx.db,
        ctx.providers.volumes,
        input.platform,
        input.country,
        built.result.keywords.map((k) => k.keyword),
        ctx.now,
        false,
      );
      const result: StoredResult = { ...built.result, keywords: built.result.keywords.map((k) => ({ ...k, ...volumeFields(lookup, k.keyword) })), volumes: lookup.summary };
      if (built.cacheable) await writeTrendsCacheQuietly(ctx.db, key, result.source, result, ctx.now);
      return { ...result, fromCache: false };
    });
  } catch (error) {
    if (error instanceof UnchargedAnswer) return error.answer;
    throw error;
  }
}

/** The providers part of the 24-hour cache key: a configured volume provider makes a different answer. */
export function providersKey(ctx: Pick<KeywordContext, "providers">) {
  return ctx.providers.volumes ? `${ctx.providers.name}+volumes:${ctx.providers.volumes.name}` : ctx.providers.name;
}

interface IdeaRow {
  keyword: string;
  popularity: number;
  trend: Row["trend"];
  ideaSource: IdeaSource;
}

export async function buildSuggestions(
  providers: TrendsProviders,
  input: KeywordSearchInput,
  now: number,
  /** The product as read once by the caller, and a provider's ideas (DataForSEO) that replace Google's related searches. */
  extra: { profile?: ProductProfile; ideas?: IdeaRow[] } = {},
): Promise<{ result: StoredResult; cacheable: boolean }> {
  const { platform, country } = input;
  const category = input.category ?? null;
  const profile = extra.profile ?? productProfile(input.product_name, { country, category });
  const maxLength = platform === "etsy" ? KEYWORD_LIMITS.etsyTagMax : Number.POSITIVE_INFINITY;
  const sampleScore = (keyword: string, weight = 0.9) => scoreCandidate({ keyword, weight }, { platform, country, category, now });
  const sampleRows: Row[] = expandProductName({ productName: input.product_name, platform, category, country, profile }).map((c) => ({
    keyword: c.keyword,
    ...scoreCandidate(c, { platform, country, category, now }),
    popularitySource: "sample",
    competitionSource: "sample",
    ideaSource: "sample",
  }));

  const reasons: string[] = [];
  let cacheable = true;
  let liveRows: Row[] = [];
  if (extra.ideas) {
    liveRows = extra.ideas.map((idea) => ({ ...idea, competition: sampleScore(idea.keyword).competition, popularitySource: "dataforseo", competitionSource: "sample" }));
    if (liveRows.length < KEYWORD_LIMITS.suggestionsMin) {
      reasons.push(
        liveRows.length === 0
          ? "The keyword-ideas service (DataForSEO) has no ideas that fit this product: these are offline sample ideas."
          : `The keyword-ideas service (DataForSEO) has only ${liveRows.length} ${liveRows.length === 1 ? "idea" : "ideas"} that fit this product: the rest are offline sample ideas, marked as such.`,
      );
    }
  } else if (providers.trends) {
    try {
      const related = await providers.trends.relatedQueries({ keyword: normaliseKeyword(input.product_name), geo: country });
      liveRows = rowsFromRelated(related, maxLength).map((row) => ({ ...row, competition: sampleScore(row.keyword).competition }));
      if (liveRows.length === 0) reasons.push("The search-trends service has no related searches for this product: popularity and trend are offline sample data.");
    } catch (error) {
      logProviderFailure("keywords.trends_failed", error);
      cacheable = false;
      reasons.push(fallbackReasonOf(error, "popularity and trend are offline sample data."));
    }
  } else if (providers.competition) {
    reasons.push("No search-trends provider is configured: popularity and trend are offline sample data.");
  }
  const idealess = !extra.ideas;

  let rows = chooseRows(liveRows, sampleRows);

  let competitionLive = false;
  if (providers.competition) {
    if (platform !== "etsy") {
      reasons.push(`Etsy's listing counts describe Etsy only: competition on ${platform} is offline sample data.`);
    } else {
      try {
        const competition = providers.competition;
        const counts = await mapLimited(rows, ETSY_CONCURRENCY, (row) => competition.activeListingCount(row.keyword));
        rows = rows.map((row, i) => ({ ...row, competition: competitionFromListingCount(counts[i]), competitionSource: "etsy" }));
        competitionLive = true;
      } catch (error) {
        logProviderFailure("keywords.competition_failed", error);
        cacheable = false;
        reasons.push(fallbackReasonOf(error, "competition is offline sample data."));
      }
    }
  } else if (providers.trends || extra.ideas) {
    reasons.push("No marketplace competition provider is configured: competition is offline sample data.");
  }

  const ideaProvider = extra.ideas ? "dataforseo" : "serpapi";
  const source = [liveRows.length > 0 ? ideaProvider : "", competitionLive ? "etsy" : ""].filter(Boolean).join("+") || SAMPLE_ENGINE_NAME;
  const fallbackReason = idealess && !providers.trends && !providers.competition ? NO_PROVIDER_REASON : reasons.length > 0 ? reasons.join(" ") : null;
  return {
    cacheable,
    result: {
      keywords: withIds(rankByOpportunity(rows)),
      error: source === SAMPLE_ENGINE_NAME,
      source,
      fallbackReason,
      lastUpdated: new Date(now).toISOString(),
      platform,
      country,
      category,
    },
  };
}

/**
 * Google's related searches as suggestion rows. "Top" values are relative popularity (the most searched
 * is 100). A rising search that is not in the top list is less searched than every top one, so it gets
 * the lowest top value; rising searches are the ones whose trend is increasing.
 */
function rowsFromRelated(related: RelatedQueries, maxLength: number): Omit<Row, "competition">[] {
  const rising = new Set(related.rising.map((q) => normaliseKeyword(q.query)));
  const topValues = related.top.flatMap((q) => (typeof q.value === "number" ? [q.value] : []));
  const floor = topValues.length > 0 ? Math.min(...topValues) : 10;
  const rows = new Map<string, Omit<Row, "competition">>();
  const add = (query: string, popularity: number) => {
    const keyword = normaliseKeyword(query);
    const key = wordSetKey(keyword);
    if (!keyword || keyword.length > maxLength || rows.has(key)) return;
    const trend = rising.has(keyword) ? "increasing" : "stable";
    rows.set(key, { keyword, popularity: Math.max(0, Math.min(100, Math.round(popularity))), trend, popularitySource: "serpapi", competitionSource: "sample", ideaSource: "serpapi" });
  };
  for (const q of related.top) if (typeof q.value === "number") add(q.query, q.value);
  for (const q of related.rising) add(q.query, floor);
  return [...rows.values()];
}

/**
 * Live rows when there are any, best first, up to 30; topped up with sample rows only to reach 12.
 * Without live rows, the best 30 sample rows.
 */
function chooseRows(live: Row[], sample: Row[]): Row[] {
  const chosen = rankByOpportunity(live).slice(0, KEYWORD_LIMITS.suggestionsMax);
  const taken = new Set(chosen.map((r) => wordSetKey(r.keyword)));
  const target = chosen.length > 0 ? KEYWORD_LIMITS.suggestionsMin : KEYWORD_LIMITS.suggestionsMax;
  for (const row of rankByOpportunity(sample)) {
    if (chosen.length >= target) break;
    if (taken.has(wordSetKey(row.keyword))) continue;
    taken.add(wordSetKey(row.keyword));
    chosen.push(row);
  }
  return chosen;
}

/** Ids follow the phrase, so the same keyword keeps its id across searches (the selected list dedupes by id). */
function withIds(rows: Row[]): KeywordSuggestion[] {
  const seen = new Set<string>();
  return rows.map((row) => {
    let id = `kw-${fnv1a(row.keyword).toString(36)}`;
    while (seen.has(id)) id = `${id}x`;
    seen.add(id);
    return { id, ...row };
  });
}

const wordSetKey = (keyword: string) => [...new Set(keyword.split(" "))].sort().join(" ");

/** Runs at most `limit` calls at a time and stops starting new ones after the first failure. */
async function mapLimited<T, R>(items: readonly T[], limit: number, call: (item: T) => Promise<R>): Promise<R[]> {
  const results: R[] = new Array(items.length);
  let next = 0;
  let failed = false;
  const lane = async () => {
    while (!failed && next < items.length) {
      const i = next++;
      try {
        results[i] = await call(items[i]);
      } catch (error) {
        failed = true;
        throw error;
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, lane));
  return results;
}
