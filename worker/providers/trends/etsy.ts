import { UpstreamError } from "../../lib/errors";
import { getJson, isRecord } from "./http";
import { TRENDS_TIMEOUT_MS, type CompetitionProvider, type HttpProviderOptions } from "./types";

const LABEL = "Etsy listings service";

/**
 * The competition scale (docs/decisions/0004-competition-log-scale.md): listing counts span six orders
 * of magnitude, so the score is logarithmic between a floor (at or below it nobody competes: 0) and a
 * ceiling (at or above it the keyword is saturated: 1).
 */
const COMPETITION_FLOOR = 100;
const COMPETITION_CEILING = 500_000;

/** Active Etsy listings for a keyword -> competition 0..1, two decimals. */
export function competitionFromListingCount(count: number): number {
  const low = Math.log10(COMPETITION_FLOOR + 1);
  const high = Math.log10(COMPETITION_CEILING + 1);
  const score = (Math.log10(Math.max(0, count) + 1) - low) / (high - low);
  return Math.round(Math.min(1, Math.max(0, score)) * 100) / 100;
}

/**
 * Etsy Open API v3 `findAllListingsActive`: GET /v3/application/listings/active?keywords=&limit=1 with
 * `x-api-key: <keystring>:<shared secret>` (Etsy refuses the keystring alone since 9 February 2026).
 * Only `count` is read: one listing is the least Etsy will send.
 */
export function etsyProvider(options: HttpProviderOptions & { sharedSecret: string }): CompetitionProvider {
  const doFetch = options.fetch ?? fetch;
  const baseUrl = (options.baseUrl || "https://openapi.etsy.com").replace(/\/+$/, "");
  const timeoutMs = options.timeoutMs ?? TRENDS_TIMEOUT_MS;
  return {
    name: "etsy",
    async activeListingCount(keyword) {
      const params = new URLSearchParams({ keywords: keyword, limit: "1" });
      const body = await getJson("etsy", LABEL, `${baseUrl}/v3/application/listings/active?${params}`, {
        fetch: doFetch,
        timeoutMs,
        headers: { "x-api-key": `${options.apiKey}:${options.sharedSecret}` },
      });
      const count = isRecord(body) ? body.count : undefined;
      if (typeof count !== "number" || !Number.isFinite(count) || count < 0) throw new UpstreamError("etsy", `The ${LABEL} gave an invalid response`);
      return Math.floor(count);
    },
  };
}
