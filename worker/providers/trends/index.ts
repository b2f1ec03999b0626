import type { Env } from "../../lib/env";
import { dataForSeoProvider, type SearchVolumeProvider } from "./dataforseo";
import { etsyProvider } from "./etsy";
import { SAMPLE_ENGINE_NAME } from "./sample-engine";
import { serpApiProvider } from "./serpapi";
import type { CompetitionProvider, TrendsProvider } from "./types";

export type * from "./types";

/** The providers keyword research uses; null means the offline sample engine stands in. */
export interface TrendsProviders {
  trends: TrendsProvider | null;
  competition: CompetitionProvider | null;
  /** "serpapi+etsy", "serpapi", "etsy" or "sample". */
  name: string;
  /** Absolute monthly searches (DataForSEO); null or absent means none are shown (never estimated). */
  volumes?: SearchVolumeProvider | null;
}

/** Only for tests and local fakes: where the vendors are and how long to wait for them. */
interface TrendsProviderOverrides {
  fetch?: typeof fetch;
  timeoutMs?: number;
  serpApiBaseUrl?: string;
  etsyBaseUrl?: string;
  dataForSeoBaseUrl?: string;
}

/**
 * Picks the providers once from configuration. TRENDS_PROVIDER is "auto" (default: SerpApi when
 * SERPAPI_API_KEY is set, Etsy competition when ETSY_API_KEY and ETSY_SHARED_SECRET are set), "sample" (always offline), or a
 * comma list of the real ones to allow ("serpapi", "etsy", "serpapi,etsy"). A provider without its key
 * is never chosen. Volumes come from DataForSEO when DATAFORSEO_LOGIN and DATAFORSEO_PASSWORD are set
 * (and "dataforseo" is allowed), at DATAFORSEO_API_URL when given.
 */
export function selectTrendsProviders(env: Env, overrides: TrendsProviderOverrides = {}): TrendsProviders {
  const choice = (env.TRENDS_PROVIDER || "auto")
    .toLowerCase()
    .split(",")
    .map((x) => x.trim());
  const allows = (name: string) => choice.includes("auto") || choice.includes(name);
  const common = { fetch: overrides.fetch, timeoutMs: overrides.timeoutMs };
  const trends = allows("serpapi") && env.SERPAPI_API_KEY ? serpApiProvider({ ...common, apiKey: env.SERPAPI_API_KEY, baseUrl: overrides.serpApiBaseUrl }) : null;
  // Etsy answers only a keystring sent with its app's shared secret: both, or no Etsy.
  const competition =
    allows("etsy") && env.ETSY_API_KEY && env.ETSY_SHARED_SECRET ? etsyProvider({ ...common, apiKey: env.ETSY_API_KEY, sharedSecret: env.ETSY_SHARED_SECRET, baseUrl: overrides.etsyBaseUrl }) : null;
  const name = [trends?.name, competition?.name].filter(Boolean).join("+") || SAMPLE_ENGINE_NAME;
  const volumes =
    allows("dataforseo") && env.DATAFORSEO_LOGIN && env.DATAFORSEO_PASSWORD
      ? dataForSeoProvider({ ...common, login: env.DATAFORSEO_LOGIN, password: env.DATAFORSEO_PASSWORD, baseUrl: overrides.dataForSeoBaseUrl || env.DATAFORSEO_API_URL })
      : null;
  return { trends, competition, name, volumes };
}

/** "dataforseo" when absolute search volumes are configured, else "none". */
export function volumeProviderName(env: Env) {
  return selectTrendsProviders(env).volumes?.name ?? "none";
}

export function trendsProviderName(env: Env) {
  return selectTrendsProviders(env).name;
}
