import type { MonthlySearch, VolumeSource } from "../../../schema/api/keywords";
import { UpstreamError } from "../../lib/errors";
import { isRecord, RateLimitedError, requestJson } from "./http";

/**
 * Absolute monthly searches from DataForSEO (decision 0019), one POST per batch of keywords:
 *  - Google Ads: POST /v3/keywords_data/google_ads/search_volume/live, the average of the last 12 months
 *    in `search_volume` and each month in `monthly_searches` ({ year, month, search_volume });
 *  - Amazon: POST /v3/dataforseo_labs/amazon/bulk_search_volume/live, `result[0].items[]` of
 *    { keyword, search_volume } (no monthly breakdown).
 * HTTP Basic with the account's login and password; the body is a JSON array with one task. The HTTP status
 * is 200 for almost everything: the outcome is in `status_code` (20000 Ok.) at the top and in each task.
 */

type VolumeChannel = "google-ads" | "amazon";

export interface KeywordVolume {
  searchVolume: number | null;
  monthlySearches: MonthlySearch[] | null;
}

interface VolumeRequest {
  keywords: readonly string[];
  /** A DataForSEO location code, or null for worldwide (Google Ads only). */
  locationCode: number | null;
  /** Required by the Amazon endpoint; Google Ads is asked for every language of the location. */
  languageCode?: string;
}

/** One keyword idea with its measured figures. */
export interface KeywordIdea extends KeywordVolume {
  keyword: string;
}

interface IdeasRequest {
  /** Google Ads: up to 20 seed phrases; Amazon: the first is the seed (the endpoint takes one). */
  seeds: readonly string[];
  locationCode: number | null;
  languageCode?: string;
}

export interface SearchVolumeProvider {
  readonly name: "dataforseo";
  /** Volumes by lower-cased keyword; a keyword the source has no figure for maps to nulls. */
  volumes(channel: VolumeChannel, request: VolumeRequest): Promise<Map<string, KeywordVolume>>;
  /**
   * Keyword ideas for a product in ONE request: Google Ads' keywords_for_keywords (volumes and the 12
   * months in the same answer) or, for Amazon, DataForSEO Labs' Amazon related keywords (volumes, no months).
   */
  ideas(channel: VolumeChannel, request: IdeasRequest): Promise<KeywordIdea[]>;
}

interface DataForSeoOptions {
  login: string;
  password: string;
  baseUrl?: string;
  fetch?: typeof fetch;
  timeoutMs?: number;
}

export const VOLUME_SOURCE: Record<VolumeChannel, VolumeSource> = {
  "google-ads": "Google Ads via DataForSEO",
  amazon: "Amazon via DataForSEO",
};

/** The Live Google Ads endpoint takes some seconds for a full batch; still well under the client's 60 s. */
const VOLUME_TIMEOUT_MS = 20_000;
/** Both endpoints take at most 1000 keywords per task. */
const VOLUME_BATCH_MAX = 1000;
/** Google Ads refuses keywords longer than 80 characters or 10 words; they are not sent. */
const GOOGLE_ADS_KEYWORD_MAX = 80;
const GOOGLE_ADS_WORDS_MAX = 10;

const IDEA_PATHS: Record<VolumeChannel, string> = {
  "google-ads": "/v3/keywords_data/google_ads/keywords_for_keywords/live",
  amazon: "/v3/dataforseo_labs/amazon/related_keywords/live",
};
/** keywords_for_keywords takes at most 20 seed keywords. */
export const IDEA_SEEDS_MAX = 20;
/** Amazon related keywords: depth 2 reaches the related searches of the related searches (up to ~60 ideas); 100 at most back. */
const AMAZON_DEPTH = 2;
const AMAZON_LIMIT = 100;

const PATHS: Record<VolumeChannel, string> = {
  "google-ads": "/v3/keywords_data/google_ads/search_volume/live",
  amazon: "/v3/dataforseo_labs/amazon/bulk_search_volume/live",
};

const LABEL = "search-volume service (DataForSEO)";
const IDEAS_LABEL = "keyword-ideas service (DataForSEO)";
const OK = 20000;

export function dataForSeoProvider(options: DataForSeoOptions): SearchVolumeProvider {
  const doFetch = options.fetch ?? fetch;
  const baseUrl = (options.baseUrl || "https://api.dataforseo.com").replace(/\/+$/, "");
  const timeoutMs = options.timeoutMs ?? VOLUME_TIMEOUT_MS;
  const authorization = `Basic ${base64(`${options.login}:${options.password}`)}`;

  return {
    name: "dataforseo",
    async volumes(channel, request) {
      const out = new Map<string, KeywordVolume>();
      const keywords = [...new Set(request.keywords.map((k) => k.trim().toLowerCase()).filter(Boolean))].filter(
        (k) => channel !== "google-ads" || (k.length <= GOOGLE_ADS_KEYWORD_MAX && k.split(/\s+/).length <= GOOGLE_ADS_WORDS_MAX),
      );
      for (const keyword of request.keywords) out.set(keyword.trim().toLowerCase(), { searchVolume: null, monthlySearches: null });
      if (keywords.length === 0) return out;
      if (keywords.length > VOLUME_BATCH_MAX) throw new Error(`At most ${VOLUME_BATCH_MAX} keywords per request`);

      const task: Record<string, unknown> = { keywords };
      if (request.locationCode !== null) task.location_code = request.locationCode;
      if (channel === "amazon") task.language_code = request.languageCode ?? "en";
      const body = await requestJson("dataforseo", LABEL, `${baseUrl}${PATHS[channel]}`, {
        method: "POST",
        body: [task],
        headers: { Authorization: authorization },
        fetch: doFetch,
        timeoutMs,
        credential: "login (check DATAFORSEO_LOGIN and DATAFORSEO_PASSWORD)",
      });
      const result = taskResult(body);
      const items = channel === "amazon" ? amazonItems(result) : result;
      for (const item of items) {
        if (!isRecord(item) || typeof item.keyword !== "string") continue;
        const key = item.keyword.trim().toLowerCase();
        if (!out.has(key)) continue;
        out.set(key, {
          searchVolume: count(item.search_volume),
          monthlySearches: channel === "google-ads" ? lastTwelveMonths(item.monthly_searches) : null,
        });
      }
      return out;
    },

    async ideas(channel, request) {
      const valid = (k: string) => k.length > 0 && k.length <= GOOGLE_ADS_KEYWORD_MAX && k.split(/\s+/).length <= GOOGLE_ADS_WORDS_MAX;
      const seeds = [...new Set(request.seeds.map((k) => k.trim().toLowerCase()))].filter(valid).slice(0, channel === "amazon" ? 1 : IDEA_SEEDS_MAX);
      if (seeds.length === 0) return [];
      const task: Record<string, unknown> =
        channel === "amazon"
          ? { keyword: seeds[0], language_code: request.languageCode ?? "en", depth: AMAZON_DEPTH, include_seed_keyword: true, limit: AMAZON_LIMIT }
          : { keywords: seeds, sort_by: "relevance" };
      if (request.locationCode !== null) task.location_code = request.locationCode;
      if (channel === "google-ads" && request.languageCode) task.language_code = request.languageCode;
      const body = await requestJson("dataforseo", IDEAS_LABEL, `${baseUrl}${IDEA_PATHS[channel]}`, {
        method: "POST",
        body: [task],
        headers: { Authorization: authorization },
        fetch: doFetch,
        timeoutMs,
        credential: "login (check DATAFORSEO_LOGIN and DATAFORSEO_PASSWORD)",
      });
      const result = taskResult(body, IDEAS_LABEL);
      const ideas = new Map<string, KeywordIdea>();
      const add = (keyword: unknown, volume: unknown, months: unknown) => {
        if (typeof keyword !== "string" || !keyword.trim()) return;
        const key = keyword.trim().toLowerCase();
        if (!ideas.has(key)) ideas.set(key, { keyword: key, searchVolume: count(volume), monthlySearches: channel === "google-ads" ? lastTwelveMonths(months) : null });
      };
      if (channel === "google-ads") {
        for (const item of result) if (isRecord(item)) add(item.keyword, item.search_volume, item.monthly_searches);
      } else {
        const first = result[0];
        if (isRecord(first) && isRecord(first.seed_keyword_data)) add(first.seed_keyword_data.keyword, infoVolume(first.seed_keyword_data), null);
        for (const item of amazonItems(result, IDEAS_LABEL)) {
          if (!isRecord(item) || !isRecord(item.keyword_data)) continue;
          add(item.keyword_data.keyword, infoVolume(item.keyword_data), null);
        }
      }
      return [...ideas.values()];
    },
  };
}

/** `keyword_data.keyword_info.search_volume` of a DataForSEO Labs Amazon item. */
function infoVolume(data: Record<string, unknown>): unknown {
  return isRecord(data.keyword_info) ? data.keyword_info.search_volume : null;
}

/** The one task's `result` array, after both status codes say Ok; a task without results is an empty list. */
function taskResult(body: unknown, label = LABEL): unknown[] {
  if (!isRecord(body) || typeof body.status_code !== "number") throw invalid(label);
  if (body.status_code !== OK) throw statusError(body.status_code, body.status_message, label);
  const task = Array.isArray(body.tasks) ? body.tasks[0] : undefined;
  if (!isRecord(task) || typeof task.status_code !== "number") throw invalid(label);
  if (task.status_code !== OK) throw statusError(task.status_code, task.status_message, label);
  if (task.result === null || task.result === undefined) return [];
  if (!Array.isArray(task.result)) throw invalid(label);
  return task.result;
}

function amazonItems(result: unknown[], label = LABEL): unknown[] {
  const first = result[0];
  if (first === undefined || first === null) return [];
  if (!isRecord(first)) throw invalid(label);
  if (first.items === null || first.items === undefined) return [];
  if (!Array.isArray(first.items)) throw invalid(label);
  return first.items;
}

/** DataForSEO's internal codes (docs: appendix/errors) in words a seller or operator can act on. */
function statusError(code: number, message: unknown, label = LABEL): UpstreamError {
  const said = typeof message === "string" && message.trim() ? message.trim().slice(0, 160) : "no message";
  if (code === 40100) return new UpstreamError("dataforseo", `The ${label} refused the login (${code} ${said})`);
  if (code === 40200 || code === 40210) return new UpstreamError("dataforseo", `The ${label} could not bill the account (${code} ${said}): check its balance`);
  if (code === 40202) return new RateLimitedError("dataforseo", `The ${label} is rate-limiting requests (${code} ${said})`, 60);
  if (code >= 40500 && code < 40600) return new UpstreamError("dataforseo", `The ${label} refused the request (${code} ${said})`);
  return new UpstreamError("dataforseo", `The ${label} reported an error (${code} ${said})`);
}

const invalid = (label = LABEL) => new UpstreamError("dataforseo", `The ${label} gave an invalid response`);

function count(value: unknown): number | null {
  return typeof value === "number" && Number.isFinite(value) && value >= 0 ? Math.round(value) : null;
}

/** The 12 most recent months, oldest first; DataForSEO lists them newest first. */
function lastTwelveMonths(value: unknown): MonthlySearch[] | null {
  if (!Array.isArray(value)) return null;
  const months = value.flatMap((m): MonthlySearch[] => {
    if (!isRecord(m)) return [];
    const year = Number(m.year);
    const month = Number(m.month);
    if (!Number.isInteger(year) || !Number.isInteger(month) || month < 1 || month > 12) return [];
    return [{ year, month, searches: count(m.search_volume) }];
  });
  months.sort((a, b) => a.year - b.year || a.month - b.month);
  const last = months.slice(-12);
  return last.length > 0 ? last : null;
}

function base64(text: string) {
  const bytes = new TextEncoder().encode(text);
  let binary = "";
  for (const b of bytes) binary += String.fromCharCode(b);
  return btoa(binary);
}

// ---- Where: the SEO screen's countries as DataForSEO location codes ----

/** Google Ads location codes (Google's geo target ids) of the countries the screens offer. */
const GOOGLE_ADS_LOCATIONS: Record<string, number> = {
  US: 2840,
  GB: 2826,
  CA: 2124,
  AU: 2036,
  DE: 2276,
  FR: 2250,
  IT: 2380,
  ES: 2724,
  NL: 2528,
  IE: 2372,
  NZ: 2554,
  TR: 2792,
  JP: 2392,
  IN: 2356,
};

/** The marketplaces the Amazon endpoint covers, with the language it requires for each (its documented list). */
const AMAZON_LOCATIONS: Record<string, { code: number; language: string }> = {
  US: { code: 2840, language: "en" },
  GB: { code: 2826, language: "en" },
  CA: { code: 2124, language: "en" },
  AU: { code: 2036, language: "en" },
  DE: { code: 2276, language: "de" },
  AT: { code: 2040, language: "de" },
  FR: { code: 2250, language: "fr" },
  IT: { code: 2380, language: "it" },
  ES: { code: 2724, language: "es" },
  NL: { code: 2528, language: "nl" },
  IN: { code: 2356, language: "en" },
  MX: { code: 2484, language: "es" },
  SG: { code: 2702, language: "en" },
};

/** The language Google Ads ideas are asked in for each country (the country's main language). */
const GOOGLE_ADS_LANGUAGES: Record<string, string> = {
  US: "en",
  GB: "en",
  CA: "en",
  AU: "en",
  IE: "en",
  NZ: "en",
  IN: "en",
  DE: "de",
  FR: "fr",
  IT: "it",
  ES: "es",
  NL: "nl",
  TR: "tr",
  JP: "ja",
};

/** The language of keyword ideas for a country: the Amazon marketplace's, or Google's for the country; English worldwide. */
export function ideasLanguage(target: VolumeTarget, country: string): string {
  return target.languageCode ?? GOOGLE_ADS_LANGUAGES[country] ?? "en";
}

export type VolumeTarget = { channel: VolumeChannel; locationCode: number | null; languageCode?: string; location: string };

/**
 * Where to ask for a marketplace and country: Amazon's own searches for Amazon, Google Ads (Etsy's and
 * eBay's Google traffic) otherwise; "GLOBAL" means no location (Google Ads only). Null when the source
 * has no data for that country.
 */
export function volumeTarget(platform: "etsy" | "amazon" | "ebay", country: string): VolumeTarget | null {
  if (platform === "amazon") {
    const place = AMAZON_LOCATIONS[country];
    return place ? { channel: "amazon", locationCode: place.code, languageCode: place.language, location: String(place.code) } : null;
  }
  if (country === "GLOBAL") return { channel: "google-ads", locationCode: null, location: "GLOBAL" };
  const code = GOOGLE_ADS_LOCATIONS[country];
  return code ? { channel: "google-ads", locationCode: code, location: String(code) } : null;
}
