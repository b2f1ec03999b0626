import { UpstreamError } from "../../lib/errors";
import { getJson, isRecord } from "./http";
import { TRENDS_TIMEOUT_MS, type HttpProviderOptions, type RelatedQueries, type RelatedQuery, type TimelinePoint, type TrendsProvider, type TrendsQuery } from "./types";

const LABEL = "search-trends service (SerpApi)";
/** SerpApi answers 200 with this error when Google Trends has nothing for the query: that is an empty result, not a failure. */
const NO_RESULTS = /hasn't returned any results|no results/i;

/**
 * Google Trends through SerpApi's `google_trends` engine: GET /search.json with the key as `api_key`.
 * One call per data type (TIMESERIES, RELATED_QUERIES), last 12 months, `geo` omitted for worldwide.
 */
export function serpApiProvider(options: HttpProviderOptions): TrendsProvider {
  const doFetch = options.fetch ?? fetch;
  const baseUrl = (options.baseUrl || "https://serpapi.com").replace(/\/+$/, "");
  const timeoutMs = options.timeoutMs ?? TRENDS_TIMEOUT_MS;

  async function search(query: TrendsQuery, dataType: "TIMESERIES" | "RELATED_QUERIES") {
    const params = new URLSearchParams({ engine: "google_trends", q: query.keyword, date: "today 12-m", data_type: dataType });
    if (query.geo && query.geo !== "GLOBAL") params.set("geo", query.geo);
    params.set("api_key", options.apiKey);
    const body = await getJson("serpapi", LABEL, `${baseUrl}/search.json?${params}`, { fetch: doFetch, timeoutMs });
    if (!isRecord(body)) throw new UpstreamError("serpapi", `The ${LABEL} gave an invalid response`);
    if (typeof body.error === "string") {
      if (NO_RESULTS.test(body.error)) return null;
      throw new UpstreamError("serpapi", `The ${LABEL} reported an error: ${body.error.slice(0, 160)}`);
    }
    return body;
  }

  return {
    name: "serpapi",
    async interestOverTime(query) {
      const body = await search(query, "TIMESERIES");
      if (!body || body.interest_over_time === undefined) return [];
      const timeline = isRecord(body.interest_over_time) ? body.interest_over_time.timeline_data : undefined;
      if (!Array.isArray(timeline)) throw new UpstreamError("serpapi", `The ${LABEL} gave an invalid response`);
      return timeline.flatMap((point) => parsePoint(point, query.keyword));
    },
    async relatedQueries(query) {
      const body = await search(query, "RELATED_QUERIES");
      if (!body || body.related_queries === undefined) return { top: [], rising: [] };
      if (!isRecord(body.related_queries)) throw new UpstreamError("serpapi", `The ${LABEL} gave an invalid response`);
      return {
        top: parseRelated(body.related_queries.top, false),
        rising: parseRelated(body.related_queries.rising, true),
      } satisfies RelatedQueries;
    },
  };
}

function parsePoint(point: unknown, keyword: string): TimelinePoint[] {
  // Google marks the current, unfinished period as partial: its low value would read as a fall.
  if (!isRecord(point) || point.partial_data === true) return [];
  const seconds = Number(point.timestamp);
  if (!Number.isFinite(seconds) || seconds <= 0) return [];
  const values = Array.isArray(point.values) ? point.values.filter(isRecord) : [];
  const mine = values.find((x) => typeof x.query === "string" && x.query.toLowerCase() === keyword.toLowerCase()) ?? values[0];
  if (!mine) return [];
  const value = numberOf(mine.extracted_value) ?? numberOf(mine.value) ?? 0; // "<1" has extracted_value 0
  return [{ date: new Date(seconds * 1000).toISOString().slice(0, 10), value: Math.max(0, Math.min(100, Math.round(value))) }];
}

function parseRelated(list: unknown, rising: boolean): RelatedQuery[] {
  if (!Array.isArray(list)) return [];
  return list.flatMap((item): RelatedQuery[] => {
    if (!isRecord(item) || typeof item.query !== "string" || !item.query.trim()) return [];
    // Google marks growth too large to measure as 'Breakout'; SerpApi then still puts a number in
    // extracted_value, which would read as an ordinary percentage. The text is what Google says.
    if (rising && typeof item.value === "string" && /breakout/i.test(item.value)) return [{ query: item.query.trim(), value: "Breakout" }];
    const value = numberOf(item.extracted_value) ?? numberOf(item.value);
    if (value === undefined) return [];
    return [{ query: item.query.trim(), value: Math.round(value) }];
  });
}

/** A number from 88, "88", "+350%" or "1,200%". */
function numberOf(value: unknown): number | undefined {
  if (typeof value === "number") return Number.isFinite(value) ? value : undefined;
  if (typeof value !== "string") return undefined;
  const n = Number(value.replace(/[+,%\s]/g, ""));
  return value.trim() !== "" && Number.isFinite(n) ? n : undefined;
}
