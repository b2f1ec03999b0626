import { eq } from "drizzle-orm";
import { drizzle } from "drizzle-orm/d1";
import { KEYWORD_LIMITS } from "../../../schema/api/keywords";
import { trendsCache } from "../../../schema/db";
import { log } from "../../lib/log";

interface CachedEntry<T> {
  payload: T;
  provider: string;
  createdAt: number;
}

/** A cached answer younger than 24 hours at `now`, or null. */
export async function readTrendsCache<T>(db: D1Database, key: string, now: number): Promise<CachedEntry<T> | null> {
  const [row] = await drizzle(db).select().from(trendsCache).where(eq(trendsCache.cacheKey, key)).limit(1);
  if (!row || row.expiresAt <= now || row.createdAt > now) return null;
  return { payload: row.payload as T, provider: row.provider, createdAt: row.createdAt };
}

/** Keeps an answer for 24 hours from `now`, replacing an older one under the same key. */
async function writeTrendsCache(db: D1Database, key: string, provider: string, payload: unknown, now: number, ttlMs: number = KEYWORD_LIMITS.cacheMs) {
  const row = { cacheKey: key, provider, payload, createdAt: now, expiresAt: now + ttlMs };
  await drizzle(db)
    .insert(trendsCache)
    .values(row)
    .onConflictDoUpdate({ target: trendsCache.cacheKey, set: { provider, payload, createdAt: now, expiresAt: now + ttlMs } });
}

/** A cache write that fails must not fail the answer it would have kept. */
export async function writeTrendsCacheQuietly(...args: Parameters<typeof writeTrendsCache>) {
  await writeTrendsCache(...args).catch((error) => log.error("trends_cache.write_failed", { error: error instanceof Error ? error.message : String(error) }));
}
