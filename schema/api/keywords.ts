/**
 * Keyword research and advanced trend analysis: request schemas, limits and response types, shared by
 * the forms in app/ and the handlers in worker/api/keywords.ts. Messages a user sees are the SPEC's
 * (§5), word for word.
 */
import * as v from "valibot";

export const KEYWORD_LIMITS = {
  productNameMax: 100,
  keywordMin: 2,
  keywordMax: 100,
  /** Etsy tags are at most 20 characters (SPEC §9), so Etsy suggestions are too. */
  etsyTagMax: 20,
  suggestionsMin: 12,
  suggestionsMax: 30,
  /** Related queries shown, each list (SPEC §9). */
  relatedMax: 8,
  /** Cached keyword and trend data is at most this old (SPEC §9). */
  cacheMs: 24 * 60 * 60 * 1000,
} as const;

export const PLATFORMS = ["etsy", "amazon", "ebay"] as const;
export const CATEGORIES = ["jewelry", "clothing", "decor", "art", "crafts", "accessories"] as const;
/** The Advanced Keyword Analysis regions, in the form's order (SPEC §2). */
export const GEOS = ["US", "GB", "CA", "AU", "DE", "GLOBAL"] as const;

export type Platform = (typeof PLATFORMS)[number];
export type Category = (typeof CATEGORIES)[number];
export type Geo = (typeof GEOS)[number];

/** Empty text and absent are the same for optional query fields (a form sends category=""). */
const blankToUndefined = (value: unknown) => (typeof value === "string" && value.trim() === "" ? undefined : value);
const lower = (value: unknown) => (typeof value === "string" ? value.trim().toLowerCase() : value);
const upper = (value: unknown) => (typeof value === "string" ? value.trim().toUpperCase() : value);

/**
 * A missing field runs through its schema as "" (or the field's default), so a form that leaves a key
 * out gets the same message as one that sends it empty.
 */
const field = <const S extends v.GenericSchema>(schema: S, fallback: string) => v.optional(schema, fallback);

/** GET /api/keywords query: product_name, category, country, platform (SPEC §7). */
export const KeywordSearchSchema = v.object({
  product_name: field(
    v.pipe(
      v.string("Product name is required"),
      v.trim(),
      v.nonEmpty("Product name is required"),
      v.maxLength(KEYWORD_LIMITS.productNameMax, `Product name must not exceed ${KEYWORD_LIMITS.productNameMax} characters`),
    ),
    "",
  ),
  category: v.optional(
    v.pipe(
      v.unknown(),
      v.transform((x) => lower(blankToUndefined(x))),
      v.optional(v.picklist(CATEGORIES, `Category must be one of: ${CATEGORIES.join(", ")}`)),
    ),
  ),
  country: field(
    v.pipe(
      v.unknown(),
      v.transform((x) => upper(blankToUndefined(x)) ?? "US"),
      v.string("Country must be a 2-letter code such as US"),
      v.regex(/^[A-Z]{2}$/, "Country must be a 2-letter code such as US"),
    ),
    "US",
  ),
  platform: field(
    v.pipe(
      v.unknown(),
      v.transform((x) => lower(blankToUndefined(x)) ?? "etsy"),
      v.picklist(PLATFORMS, "Platform must be etsy, amazon or ebay"),
    ),
    "etsy",
  ),
  /**
   * "1": answer only from the 24-hour keyword cache and never spend a unit; a search that is not cached
   * is a 409 (decision 0074: the SEO screen's CSV download without JavaScript).
   */
  cached_only: v.optional(v.picklist(["1"], "cached_only must be 1")),
});

export type KeywordSearchInput = v.InferOutput<typeof KeywordSearchSchema>;

/** POST /api/advanced-keywords/analyze body: keyword, geo (SPEC §5 messages). */
export const AdvancedKeywordSchema = v.object({
  keyword: field(
    v.pipe(
      v.string("Keyword is required"),
      v.trim(),
      v.nonEmpty("Keyword is required"),
      v.minLength(KEYWORD_LIMITS.keywordMin, "Keyword must be at least 2 characters"),
      v.maxLength(KEYWORD_LIMITS.keywordMax, "Keyword must not exceed 100 characters"),
    ),
    "",
  ),
  geo: field(
    v.pipe(
      v.unknown(),
      v.transform((x) => upper(blankToUndefined(x)) ?? "US"),
      v.picklist(GEOS, `Geographic region must be one of: ${GEOS.join(", ")}`),
    ),
    "US",
  ),
});

export type AdvancedKeywordInput = v.InferOutput<typeof AdvancedKeywordSchema>;

export type CompetitionLevel = "High" | "Medium" | "Low";

/** SPEC §5: score >= 0.6 High; >= 0.3 Medium; else Low. The badge and the server use this one rule. */
export function competitionLevel(score: number): CompetitionLevel {
  if (score >= 0.6) return "High";
  if (score >= 0.3) return "Medium";
  return "Low";
}

// ---- Responses ----

export type SuggestionTrend = "increasing" | "declining" | "stable";

/** One row of GET /api/keywords. */
export interface KeywordSuggestion {
  id: string;
  keyword: string;
  /** 0-100, integer. */
  popularity: number;
  /** 0..1, two decimals. */
  competition: number;
  trend: SuggestionTrend;
  /**
   * Where the popularity and trend came from: Google Trends via SerpApi, measured monthly searches from
   * DataForSEO (popularity relative to the answer's most searched idea, trend from its 12 months), or the
   * offline sample engine.
   */
  popularitySource: "serpapi" | "dataforseo" | "sample";
  /** Who proposed the phrase (issue #26); absent in answers cached before it existed (read as the popularity's source). */
  ideaSource?: IdeaSource;
  /** Where the competition came from: Etsy's active-listing count, or the offline sample engine. */
  competitionSource: "etsy" | "sample";
  /** Monthly searches (average of the last 12 months) when a volume provider answered; null otherwise. Never estimated. */
  searchVolume?: number | null;
  /** Who measured searchVolume; null when there is none. */
  volumeSource?: VolumeSource | null;
  /** The last 12 months, oldest first, when the source gives a monthly breakdown (Google Ads does, Amazon does not). */
  monthlySearches?: MonthlySearch[] | null;
}

/** Who proposed a keyword idea: Google Ads or Amazon (both via DataForSEO), Google's related searches (SerpApi), or the offline sample engine. */
export type IdeaSource = "google-ads" | "amazon" | "serpapi" | "sample";

/** Where an absolute search volume comes from (decision 0019). */
export type VolumeSource = "Google Ads via DataForSEO" | "Amazon via DataForSEO";

/** Searches in one calendar month; null when the source has no figure for that month. */
export interface MonthlySearch {
  year: number;
  /** 1-12. */
  month: number;
  searches: number | null;
}

/**
 * How the absolute volumes of an answer came about: "live" (the provider answered, maybe partly from the
 * 30-day cache), "off" (no provider configured: nothing is shown, nothing is invented), "unsupported" (the
 * provider has no data for this marketplace and region) or "failed" (reason says why; try again later).
 */
export interface VolumeSummary {
  status: "live" | "off" | "unsupported" | "failed";
  source: VolumeSource | null;
  /** Why there are no volumes, when there are none; null otherwise. */
  reason: string | null;
}

/** `data` of GET /api/keywords. */
export interface KeywordSearchResult {
  keywords: KeywordSuggestion[];
  /** True when every figure is offline sample data (the screen shows the SPEC's sample-data note). */
  error: boolean;
  /** "dataforseo", "serpapi", "etsy" or "sample", joined with "+": the providers whose data is in the answer. */
  source: string;
  /** Why some or all figures are sample data, when they are; null otherwise. */
  fallbackReason: string | null;
  fromCache: boolean;
  /** ISO 8601: when these figures were computed. */
  lastUpdated: string;
  platform: Platform;
  country: string;
  category: Category | null;
  /** How the rows' searchVolume came about (absent in answers cached before volumes existed). */
  volumes?: VolumeSummary;
}

export type AnalysisTrend = "rising" | "declining" | "stable";

export interface RelatedQuery {
  query: string;
  /** Top: relative interest 0-100. Rising: growth in percent, or the text 'Breakout'. */
  value: number | string;
}

/** `data` of POST /api/advanced-keywords/analyze (SPEC §3, Advanced analysis result). */
export interface AdvancedAnalysis {
  keyword: string;
  geo: Geo;
  fromCache: boolean;
  isFallback: boolean;
  fallbackReason: string | null;
  /** ISO 8601. */
  lastUpdated: string;
  competitionLevel: CompetitionLevel;
  /** 0..1, two decimals. */
  competitionScore: number;
  competitionSource: "etsy" | "sample";
  /** Active Etsy listings for the keyword, when Etsy answered; null otherwise. */
  activeListings: number | null;
  /** An estimate of monthly searches: Google Trends itself publishes only relative interest. */
  estimatedSearchVolume: number;
  statistics: {
    trend: AnalysisTrend;
    averageInterest: number;
    maxInterest: number;
    totalDataPoints: number;
  };
  /** Weekly points over the last 12 months, oldest first; date is YYYY-MM-DD, value 0-100. */
  timelineData: { date: string; value: number }[];
  relatedQueries: { top: RelatedQuery[]; rising: RelatedQuery[] };
  marketInsights: string[];
  source: "serpapi" | "sample";
  /** Absolute monthly searches of the keyword in the region (Google Ads via DataForSEO), when configured. */
  searchVolumes?: VolumeSummary & { searchVolume: number | null; monthlySearches: MonthlySearch[] | null };
}
