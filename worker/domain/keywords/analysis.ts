/**
 * Advanced analysis of one keyword in one region (POST /api/advanced-keywords/analyze): 12 months of
 * relative interest, related searches, competition and what they mean for a seller. Live from SerpApi
 * (and Etsy for competition) when configured; otherwise, or when they fail, from the offline sample
 * engine with `isFallback` and the reason.
 */
import { competitionLevel, KEYWORD_LIMITS, type AdvancedAnalysis, type AdvancedKeywordInput, type RelatedQuery } from "../../../schema/api/keywords";
import { competitionFromListingCount } from "../../providers/trends/etsy";
import { normaliseKeyword, sampleCompetition, sampleRelatedQueries, sampleTimeline } from "../../providers/trends/sample-engine";
import type { RelatedQueries, TimelinePoint } from "../../providers/trends/types";
import { readTrendsCache, writeTrendsCacheQuietly } from "./cache";
import { fallbackReasonOf, logProviderFailure, NO_PROVIDER_REASON, type KeywordContext } from "./context";
import { estimateSearchVolume, marketInsights, summariseTimeline } from "./statistics";
import { providersKey } from "./suggestions";
import { lookUpVolumes, volumeFields } from "./volumes";

type StoredAnalysis = Omit<AdvancedAnalysis, "fromCache">;

function analysisCacheKey(providers: string, input: AdvancedKeywordInput) {
  return `analysis:v2|${providers}|${input.geo}|${normaliseKeyword(input.keyword)}`;
}

/**
 * The analysis for (keyword, geo). A cached one (24 hours) is answered with fromCache true and costs
 * neither a provider call nor a quota unit; otherwise one unit is charged around the work.
 */
export async function analyzeKeyword(ctx: KeywordContext, input: AdvancedKeywordInput): Promise<AdvancedAnalysis> {
  const key = analysisCacheKey(providersKey(ctx), input);
  const cached = await readTrendsCache<StoredAnalysis>(ctx.db, key, ctx.now);
  if (cached) return { ...cached.payload, keyword: input.keyword, fromCache: true };
  return ctx.charge(async () => {
    const built = await buildAnalysis(ctx, input);
    // Google Ads searches: Etsy's buyers arrive through Google, and the screen has no marketplace.
    const lookup = await lookUpVolumes(ctx.db, ctx.providers.volumes, "etsy", input.geo, [normaliseKeyword(input.keyword)], ctx.now);
    const { searchVolume, monthlySearches } = volumeFields(lookup, normaliseKeyword(input.keyword));
    const analysis: StoredAnalysis = { ...built.analysis, searchVolumes: { ...lookup.summary, searchVolume, monthlySearches } };
    const cacheable = built.cacheable && lookup.cacheable;
    if (cacheable) await writeTrendsCacheQuietly(ctx.db, key, analysis.source, analysis, ctx.now);
    return { ...analysis, fromCache: false };
  });
}

async function buildAnalysis({ providers, now }: KeywordContext, input: AdvancedKeywordInput): Promise<{ analysis: StoredAnalysis; cacheable: boolean }> {
  const keyword = input.keyword;
  const query = { keyword: normaliseKeyword(keyword), geo: input.geo };
  let cacheable = true;
  let fallbackReason: string | null = null;
  let live: { timeline: TimelinePoint[]; related: RelatedQueries } | null = null;

  if (providers.trends) {
    try {
      const [timeline, related] = await Promise.all([providers.trends.interestOverTime(query), providers.trends.relatedQueries(query)]);
      if (timeline.length > 0) live = { timeline, related };
      else fallbackReason = "The search-trends service has no interest data for this keyword: showing offline sample data.";
    } catch (error) {
      logProviderFailure("analysis.trends_failed", error);
      cacheable = false;
      fallbackReason = fallbackReasonOf(error, "showing offline sample data.");
    }
  } else {
    fallbackReason = NO_PROVIDER_REASON;
  }
  const timeline = live?.timeline ?? sampleTimeline(keyword, input.geo, now);
  const related = live?.related ?? sampleRelatedQueries(keyword, input.geo, now);

  let competitionScore = sampleCompetition(keyword);
  let competitionSource: AdvancedAnalysis["competitionSource"] = "sample";
  let activeListings: number | null = null;
  let competitionNote: string | null = null;
  if (providers.competition) {
    try {
      activeListings = await providers.competition.activeListingCount(query.keyword);
      competitionScore = competitionFromListingCount(activeListings);
      competitionSource = "etsy";
    } catch (error) {
      logProviderFailure("analysis.competition_failed", error);
      cacheable = false;
      competitionNote = `Competition is an offline sample estimate: ${fallbackReasonOf(error, "try again later for live figures.")}`;
    }
  }

  const statistics = summariseTimeline(timeline);
  const level = competitionLevel(competitionScore);
  const relatedQueries = { top: related.top.slice(0, KEYWORD_LIMITS.relatedMax).map(plain), rising: related.rising.slice(0, KEYWORD_LIMITS.relatedMax).map(plain) };
  const isFallback = live === null;
  return {
    cacheable,
    analysis: {
      keyword,
      geo: input.geo,
      isFallback,
      fallbackReason,
      lastUpdated: new Date(now).toISOString(),
      competitionLevel: level,
      competitionScore,
      competitionSource,
      activeListings,
      estimatedSearchVolume: estimateSearchVolume(statistics.averageInterest, input.geo, query.keyword),
      statistics,
      timelineData: timeline.map((p) => ({ date: p.date, value: p.value })),
      relatedQueries,
      marketInsights: marketInsights({ keyword, statistics, timeline, competitionLevel: level, activeListings, related: relatedQueries, isFallback, competitionNote }),
      source: isFallback ? "sample" : "serpapi",
    },
  };
}

const plain = (q: RelatedQuery): RelatedQuery => ({ query: q.query, value: q.value });
