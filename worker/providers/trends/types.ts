import type { Geo, RelatedQuery } from "../../../schema/api/keywords";

export type { Geo, RelatedQuery };

/** A trends look-up: one keyword in one region ("GLOBAL" means no region). */
export interface TrendsQuery {
  keyword: string;
  /** "GLOBAL" or a 2-letter country code. */
  geo: Geo | string;
}

/** One point of interest over time: date is YYYY-MM-DD (start of the period), value 0-100. */
export interface TimelinePoint {
  date: string;
  value: number;
}

export interface RelatedQueries {
  top: RelatedQuery[];
  rising: RelatedQuery[];
}

/** A search-trends service: relative interest over the last 12 months and related queries. */
export interface TrendsProvider {
  readonly name: "serpapi";
  interestOverTime(query: TrendsQuery): Promise<TimelinePoint[]>;
  relatedQueries(query: TrendsQuery): Promise<RelatedQueries>;
}

/** A marketplace that tells how crowded a keyword is. */
export interface CompetitionProvider {
  readonly name: "etsy";
  /** Number of active listings matching the keyword. */
  activeListingCount(keyword: string): Promise<number>;
}

/** Shared options of the HTTP providers, injectable so tests can talk to a fake of the vendor's API. */
export interface HttpProviderOptions {
  apiKey: string;
  baseUrl?: string;
  fetch?: typeof fetch;
  timeoutMs?: number;
}

/** Default time-out of one vendor call; well under the client's 60 s so a fallback can still answer. */
export const TRENDS_TIMEOUT_MS = 10_000;
