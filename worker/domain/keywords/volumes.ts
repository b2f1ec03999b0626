/**
 * Absolute monthly searches for the keywords of an answer (decision 0019). Each (keyword, location,
 * source) answer of DataForSEO is kept 30 days in search_volume_cache; the keywords not kept are asked
 * for in ONE request. Without a provider nothing is shown and nothing is estimated. A provider failure
 * leaves the answer's volumes empty with the reason, and a 429's Retry-After is honoured: until it
 * passes, searches do not call DataForSEO again.
 */
import { and, eq, inArray } from "drizzle-orm";
import { drizzle } from "drizzle-orm/d1";
import type { MonthlySearch, Platform, VolumeSummary } from "../../../schema/api/keywords";
import { searchVolumeCache } from "../../../schema/db";
import { VOLUME_SOURCE, volumeTarget, type KeywordVolume, type SearchVolumeProvider, type VolumeTarget } from "../../providers/trends/dataforseo";
import { RateLimitedError } from "../../providers/trends/http";
import { logProviderFailure } from "./context";

export const VOLUME_CACHE_MS = 30 * 24 * 60 * 60 * 1000;
/** D1 binds at most 100 parameters per statement. */
const CHUNK = 90;
const BACKOFF_PREFIX = "backoff|";

const VOLUMES_OFF_REASON = "No search-volume provider is configured: set DATAFORSEO_LOGIN and DATAFORSEO_PASSWORD to show monthly searches.";

interface VolumeLookup {
  summary: VolumeSummary;
  /** By lower-cased keyword; absent when there is no figure. */
  volumes: Map<string, KeywordVolume>;
  /** False when the provider failed: an answer built on it is not kept. */
  cacheable: boolean;
}

/** The volumes of `keywords` on `platform` in `country` ("GLOBAL" = worldwide). */
export async function lookUpVolumes(
  db: D1Database,
  provider: SearchVolumeProvider | null | undefined,
  platform: Platform,
  country: string,
  keywords: readonly string[],
  now: number,
  /** False: answer from the 30-day cache only (a search that already made its one request). */
  ask = true,
): Promise<VolumeLookup> {
  if (!provider) return { summary: { status: "off", source: null, reason: VOLUMES_OFF_REASON }, volumes: new Map(), cacheable: true };
  const target = volumeTarget(platform, country);
  if (!target) {
    const reason =
      platform === "amazon"
        ? `Amazon search volumes are not available for ${country === "GLOBAL" ? "a worldwide search" : country}: choose a country DataForSEO covers for Amazon (e.g. US, GB, DE).`
        : `Google Ads search volumes are not available for ${country} in Listora yet.`;
    return { summary: { status: "unsupported", source: null, reason }, volumes: new Map(), cacheable: true };
  }
  const source = VOLUME_SOURCE[target.channel];
  const wanted = [...new Set(keywords.map((k) => k.trim().toLowerCase()).filter(Boolean))];
  const volumes = await readCachedVolumes(db, target, wanted, now);
  const missing = wanted.filter((k) => !volumes.has(k));
  if (missing.length === 0 || !ask) return { summary: { status: "live", source, reason: null }, volumes, cacheable: true };

  const waitUntil = await backoffUntil(db, target, now);
  if (waitUntil !== null) {
    const seconds = Math.max(1, Math.ceil((waitUntil - now) / 1000));
    return { summary: { status: "failed", source, reason: `The search-volume service (DataForSEO) asked us to wait: monthly searches are back in about ${seconds} s.` }, volumes, cacheable: false };
  }
  try {
    const answered = await provider.volumes(target.channel, { keywords: missing, locationCode: target.locationCode, languageCode: target.languageCode });
    const rows = missing.map((keyword) => ({ keyword, ...(answered.get(keyword) ?? { searchVolume: null, monthlySearches: null }) }));
    for (const row of rows) volumes.set(row.keyword, { searchVolume: row.searchVolume, monthlySearches: row.monthlySearches });
    await writeCachedVolumes(db, target, rows, now).catch((error) => logProviderFailure("volumes.cache_write_failed", error));
    return { summary: { status: "live", source, reason: null }, volumes, cacheable: true };
  } catch (error) {
    logProviderFailure("volumes.failed", error);
    if (error instanceof RateLimitedError && error.retryAfterSeconds) await rememberBackoff(db, target, now + error.retryAfterSeconds * 1000, now).catch(() => {});
    const message = error instanceof Error ? error.message : String(error);
    return { summary: { status: "failed", source, reason: `${message}: monthly searches are not shown; try again later.` }, volumes, cacheable: false };
  }
}

async function readCachedVolumes(db: D1Database, target: VolumeTarget, keywords: string[], now: number) {
  const out = new Map<string, KeywordVolume>();
  const orm = drizzle(db);
  for (let i = 0; i < keywords.length; i += CHUNK) {
    const rows = await orm
      .select()
      .from(searchVolumeCache)
      .where(and(eq(searchVolumeCache.location, target.location), eq(searchVolumeCache.source, target.channel), inArray(searchVolumeCache.keyword, keywords.slice(i, i + CHUNK))));
    for (const row of rows) {
      if (row.expiresAt <= now || row.createdAt > now) continue;
      out.set(row.keyword, { searchVolume: row.searchVolume, monthlySearches: (row.monthlySearches as MonthlySearch[] | null) ?? null });
    }
  }
  return out;
}

/** Keeps figures a search already received (keyword ideas come with their volumes) for 30 days. */
export async function rememberVolumes(db: D1Database, target: VolumeTarget, rows: ({ keyword: string } & KeywordVolume)[], now: number) {
  await writeCachedVolumes(db, target, rows, now).catch((error) => logProviderFailure("volumes.cache_write_failed", error));
}

async function writeCachedVolumes(db: D1Database, target: VolumeTarget, rows: ({ keyword: string } & KeywordVolume)[], now: number) {
  if (rows.length === 0) return;
  const orm = drizzle(db);
  const statements = rows.map((row) => {
    const values = {
      keyword: row.keyword,
      location: target.location,
      source: target.channel,
      searchVolume: row.searchVolume,
      monthlySearches: row.monthlySearches,
      createdAt: now,
      expiresAt: now + VOLUME_CACHE_MS,
    };
    return orm
      .insert(searchVolumeCache)
      .values(values)
      .onConflictDoUpdate({
        target: [searchVolumeCache.keyword, searchVolumeCache.location, searchVolumeCache.source],
        set: { searchVolume: values.searchVolume, monthlySearches: values.monthlySearches, createdAt: now, expiresAt: values.expiresAt },
      });
  });
  await orm.batch(statements as [(typeof statements)[number], ...(typeof statements)[number][]]);
}

const backoffKey = (target: VolumeTarget) => `${BACKOFF_PREFIX}${target.channel}`;

export async function backoffUntil(db: D1Database, target: VolumeTarget, now: number): Promise<number | null> {
  const [row] = await drizzle(db)
    .select({ expiresAt: searchVolumeCache.expiresAt })
    .from(searchVolumeCache)
    .where(and(eq(searchVolumeCache.keyword, backoffKey(target)), eq(searchVolumeCache.location, "*"), eq(searchVolumeCache.source, target.channel)))
    .limit(1);
  return row && row.expiresAt > now ? row.expiresAt : null;
}

export async function rememberBackoff(db: D1Database, target: VolumeTarget, until: number, now: number) {
  await drizzle(db)
    .insert(searchVolumeCache)
    .values({ keyword: backoffKey(target), location: "*", source: target.channel, searchVolume: null, monthlySearches: null, createdAt: now, expiresAt: until })
    .onConflictDoUpdate({ target: [searchVolumeCache.keyword, searchVolumeCache.location, searchVolumeCache.source], set: { createdAt: now, expiresAt: until } });
}

/** The fields a keyword row carries: the figure and its source, or nulls. */
export function volumeFields(lookup: VolumeLookup, keyword: string) {
  const found = lookup.volumes.get(keyword.trim().toLowerCase());
  if (!found || lookup.summary.source === null) return { searchVolume: null, volumeSource: null, monthlySearches: null };
  // A null figure with a source means the source was asked and has no figure for the phrase.
  return { searchVolume: found.searchVolume, volumeSource: lookup.summary.source, monthlySearches: found.monthlySearches };
}
