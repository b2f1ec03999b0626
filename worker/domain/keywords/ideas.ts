/**
 * Real keyword ideas for a product from DataForSEO (issue #26): Google Ads' keywords_for_keywords for
 * Etsy and eBay (their buyers arrive through Google), DataForSEO Labs' Amazon related keywords for Amazon.
 * ONE request per search, seeded with up to 20 phrases built from the product; each answer is kept 30
 * days (trends_cache, key "ideas:v1|…"), and its volumes go to the volume cache so the rows need no
 * second request. The ideas pass the same relevance rules as the offline ones (product-profile.ts).
 * A failure, or a 429 whose Retry-After has not passed, throws: the caller answers with sample ideas and
 * charges nothing.
 */
import { KEYWORD_LIMITS, type KeywordSearchInput, type MonthlySearch } from "../../../schema/api/keywords";
import { IDEA_SEEDS_MAX, ideasLanguage, volumeTarget, type KeywordIdea, type SearchVolumeProvider, type VolumeTarget } from "../../providers/trends/dataforseo";
import { RateLimitedError } from "../../providers/trends/http";
import { ideaMisfits, type ProductProfile } from "../../providers/trends/product-profile";
import { expandProductName, normaliseKeyword } from "../../providers/trends/sample-engine";
import { ENGLISH_SHOPPER_WORDS } from "../../providers/trends/sample-lexicon";
import { UpstreamError } from "../../lib/errors";
import { readTrendsCache, writeTrendsCacheQuietly } from "./cache";
import { backoffUntil, rememberBackoff, rememberVolumes, VOLUME_CACHE_MS } from "./volumes";

export interface IdeasPlan {
  provider: SearchVolumeProvider;
  target: VolumeTarget;
  language: string;
}

export interface ProviderIdeas {
  ideas: KeywordIdea[];
  /** Ideas the provider returned that did not fit the product. */
  dropped: number;
  fromCache: boolean;
}

/** Where a search's ideas come from, or null when no idea provider covers it (no login, unsupported country). */
export function ideasPlan(provider: SearchVolumeProvider | null | undefined, input: Pick<KeywordSearchInput, "platform" | "country">): IdeasPlan | null {
  if (!provider) return null;
  const target = volumeTarget(input.platform, input.country);
  return target ? { provider, target, language: ideasLanguage(target, input.country) } : null;
}

/**
 * The seeds: the phrases that name the product (the name, its shorter forms, its synonyms) first, then
 * the best offline ideas, up to 20 (Google Ads' limit). Amazon takes one seed: the name.
 */
function ideaSeeds(input: KeywordSearchInput, profile: ProductProfile): string[] {
  const offline = expandProductName({ productName: input.product_name, platform: input.platform, category: input.category, country: input.country, profile })
    .sort((a, b) => b.weight - a.weight)
    .map((c) => c.keyword);
  return [...new Set([normaliseKeyword(input.product_name), ...offline])].slice(0, IDEA_SEEDS_MAX);
}

const cacheKey = (plan: IdeasPlan, seeds: readonly string[]) => `ideas:v1|${plan.target.channel}|${plan.target.location}|${plan.language}|${seeds.join(",")}`;

/** The provider's ideas for the product, relevant ones only: from the 30-day cache, or one request. */
export async function fetchIdeas(db: D1Database, plan: IdeasPlan, input: KeywordSearchInput, profile: ProductProfile, now: number): Promise<ProviderIdeas> {
  const seeds = ideaSeeds(input, profile);
  const key = cacheKey(plan, seeds);
  const cached = await readTrendsCache<KeywordIdea[]>(db, key, now);
  let all = cached?.payload ?? null;
  if (!all) {
    const waitUntil = await backoffUntil(db, plan.target, now);
    if (waitUntil !== null) {
      const seconds = Math.max(1, Math.ceil((waitUntil - now) / 1000));
      throw new UpstreamError("dataforseo", `The keyword-ideas service (DataForSEO) asked us to wait: live ideas are back in about ${seconds} s`);
    }
    try {
      all = await plan.provider.ideas(plan.target.channel, { seeds, locationCode: plan.target.locationCode, languageCode: plan.language });
    } catch (error) {
      if (error instanceof RateLimitedError) await rememberBackoff(db, plan.target, now + (error.retryAfterSeconds ?? 60) * 1000, now).catch(() => {});
      throw error;
    }
    await writeTrendsCacheQuietly(db, key, "dataforseo", all, now, VOLUME_CACHE_MS);
    await rememberVolumes(db, plan.target, all, now);
  }
  const maxLength = ideaMaxLength(input, profile);
  const relevant = all.filter((idea) => idea.keyword.length <= maxLength && ideaMisfits(profile, idea.keyword, ENGLISH_SHOPPER_WORDS).length === 0);
  return { ideas: relevant, dropped: all.length - relevant.length, fromCache: cached !== null };
}

/** The same length rule as the offline ideas: an Etsy tag when the product can be named in one. */
function ideaMaxLength(input: KeywordSearchInput, profile: ProductProfile) {
  if (input.platform !== "etsy") return Number.POSITIVE_INFINITY;
  const named = normaliseKeyword(
    [...(profile.crafts[0] ? [profile.crafts[0]] : []), ...(profile.anchor ? [profile.anchor] : []), profile.head, ...(profile.formWord ? [profile.formWord] : [])].join(" "),
  );
  return named.length <= KEYWORD_LIMITS.etsyTagMax ? KEYWORD_LIMITS.etsyTagMax : named.length + 12;
}

/**
 * Popularity 0-100 relative to the most searched idea of the answer (square root, so a long tail still
 * reads), and the trend of the last two months against the two before, from the 12 measured months.
 * Amazon gives no months: its ideas read as steady.
 */
export function ideaFigures(ideas: readonly KeywordIdea[]) {
  const peak = Math.max(1, ...ideas.map((i) => i.searchVolume ?? 0));
  return (idea: KeywordIdea) => ({
    popularity: Math.max(1, Math.min(100, Math.round(100 * Math.sqrt((idea.searchVolume ?? 0) / peak)))),
    trend: trendOfMonths(idea.monthlySearches),
  });
}

function trendOfMonths(months: MonthlySearch[] | null): "increasing" | "declining" | "stable" {
  if (!months || months.length < 4) return "stable";
  const sum = (list: MonthlySearch[]) => list.reduce((a, m) => a + (m.searches ?? 0), 0);
  const recent = sum(months.slice(-2));
  const before = sum(months.slice(-4, -2));
  if (before <= 0) return recent > 0 ? "increasing" : "stable";
  const ratio = recent / before;
  return ratio > 1.1 ? "increasing" : ratio < 0.9 ? "declining" : "stable";
}
