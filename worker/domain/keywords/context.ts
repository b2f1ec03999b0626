import type { TrendsProviders } from "../../providers/trends";
import { log } from "../../lib/log";

/** What keyword research needs from outside, so a test can hand in fakes and a clock. */
export interface KeywordContext {
  db: D1Database;
  providers: TrendsProviders;
  /** Milliseconds since the epoch: the cache's clock and the sample engine's "today". */
  now: number;
  /** Charges one unit of the feature around the work: reserved before, released if it throws. */
  charge: <T>(work: () => Promise<T>) => Promise<T>;
}

export const NO_PROVIDER_REASON = "No search-trends provider is configured: showing offline sample data.";

/** The reason a failed or empty provider gives the user, e.g. "The ... timed out: showing offline sample data." */
export function fallbackReasonOf(error: unknown, consequence: string) {
  const message = error instanceof Error ? error.message : String(error);
  return `${message}: ${consequence}`;
}

export function logProviderFailure(event: string, error: unknown) {
  log.warn(event, { error: error instanceof Error ? error.message : String(error) });
}
