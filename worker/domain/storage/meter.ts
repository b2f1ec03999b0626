/**
 * Storage metering (decision 0011). Bytes and files per user live in `storage_usage` and change in
 * the same D1 batch (one transaction) as the `files` rows they count: a file row is inserted only if
 * the user's bytes plus the new ones stay within the plan, and its bytes are added by the same batch;
 * a deletion subtracts them by the same batch that deletes the rows. Rows are written before the
 * bytes go to R2, so nothing is ever stored past the limit. Saved listings are counted live
 * (count(*) over `listings`), and a listing over the cap is taken back in the batch that inserted it.
 * Writes are also rate-limited per user per minute (429 with Retry-After).
 */
import { and, eq, sql } from "drizzle-orm";
import { STORAGE_PLANS, WRITE_RATE_LIMITS, formatBytes, type StoragePlan, type StorageUsage } from "../../../schema/api/storage";
import { listings, type User } from "../../../schema/db";
import type { Env } from "../../lib/env";
import { HttpError, tooManyRequests } from "../../lib/errors";
import { type Db } from "../../lib/db";

const planOf = (plan: string | null | undefined): StoragePlan => (plan === "premium" ? "premium" : "free");

/** The byte limit of the user's plan, looked up inside the statement (callers may not know the plan). */
const LIMIT_SQL = `(CASE WHEN (SELECT plan FROM users WHERE id = ?) = 'premium' THEN ${STORAGE_PLANS.premium.bytes} ELSE ${STORAGE_PLANS.free.bytes} END)`;

const ensureRow = (db: D1Database, userId: string, now: number) => db.prepare("INSERT OR IGNORE INTO storage_usage (user_id, bytes, files, updated_at) VALUES (?, 0, 0, ?)").bind(userId, now);

export async function readStorageUsage(db: D1Database, userId: string): Promise<StorageUsage> {
  const row = await db
    .prepare(
      `SELECT u.plan AS plan, coalesce(s.bytes, 0) AS bytes, coalesce(s.files, 0) AS files,
              (SELECT count(*) FROM listings l WHERE l.user_id = u.id) AS listings
       FROM users u LEFT JOIN storage_usage s ON s.user_id = u.id WHERE u.id = ?`,
    )
    .bind(userId)
    .first<{ plan: string; bytes: number; files: number; listings: number }>();
  const plan = planOf(row?.plan);
  return {
    plan,
    bytes: row?.bytes ?? 0,
    bytesLimit: STORAGE_PLANS[plan].bytes,
    files: row?.files ?? 0,
    listings: row?.listings ?? 0,
    listingsLimit: STORAGE_PLANS[plan].listings,
  };
}

/** The 403 of a full store: what is used, the plan's limit and what this write needed. */
export function storageFull(usage: StorageUsage, needed: number): HttpError {
  return new HttpError(
    403,
    `Your storage is full: ${formatBytes(usage.bytes)} of ${formatBytes(usage.bytesLimit)} used on the ${usage.plan} plan, and this needs ${formatBytes(needed)} more. Delete files or listings you no longer need to make room.`,
    { code: "plan-limit", storage: usage },
  );
}

export function listingLimitReached(usage: StorageUsage): HttpError {
  return new HttpError(
    403,
    `You have reached the limit of ${usage.listingsLimit.toLocaleString("en-US")} saved listings on the ${usage.plan} plan. Delete listings you no longer need to save new ones.`,
    { code: "plan-limit", storage: usage },
  );
}

/** A cheap check before a request body is read or any work is done; the insert checks again atomically. */
export async function assertRoomFor(db: D1Database, userId: string, bytes: number): Promise<void> {
  const usage = await readStorageUsage(db, userId);
  if (usage.bytes + bytes > usage.bytesLimit) throw storageFull(usage, bytes);
}

export async function assertListingRoom(db: D1Database, userId: string): Promise<void> {
  const usage = await readStorageUsage(db, userId);
  if (usage.listings >= usage.listingsLimit) throw listingLimitReached(usage);
}

interface MeteredFile {
  id: string;
  userId: string;
  listingId: string | null;
  r2Key: string;
  name: string;
  contentType: string;
  size: number;
  kind: "upload" | "image-original" | "image-edited" | "pattern-pdf";
  createdAt: number;
}

/**
 * Inserts the rows, all or none, only if their bytes fit the owner's plan, and adds the bytes in the
 * same transaction. Throws the 403 (nothing written) when they do not fit.
 */
export async function insertFilesMetered(db: D1Database, userId: string, rows: MeteredFile[], now = Date.now()): Promise<void> {
  if (rows.length === 0) return;
  const total = rows.reduce((sum, r) => sum + r.size, 0);
  const fits = `(SELECT bytes FROM storage_usage WHERE user_id = ?) + ? <= ${LIMIT_SQL}`;
  const inserts = rows.map((r) =>
    db
      .prepare(
        `INSERT INTO files (id, user_id, listing_id, r2_key, name, content_type, size, kind, created_at)
         SELECT ?, ?, ?, ?, ?, ?, ?, ?, ? WHERE ${fits}`,
      )
      .bind(r.id, userId, r.listingId, r.r2Key, r.name, r.contentType, r.size, r.kind, r.createdAt, userId, total, userId),
  );
  const placeholders = rows.map(() => "?").join(", ");
  const ids = rows.map((r) => r.id);
  const count = db
    .prepare(
      `UPDATE storage_usage SET
         bytes = bytes + (SELECT coalesce(sum(size), 0) FROM files WHERE user_id = ? AND id IN (${placeholders})),
         files = files + (SELECT count(*) FROM files WHERE user_id = ? AND id IN (${placeholders})),
         updated_at = ?
       WHERE user_id = ?`,
    )
    .bind(userId, ...ids, userId, ...ids, now, userId);
  const results = await db.batch([ensureRow(db, userId, now), ...inserts, count]);
  const inserted = results.slice(1, 1 + rows.length).reduce((n, r) => n + (r.meta.changes ?? 0), 0);
  if (inserted === 0) throw storageFull(await readStorageUsage(db, userId), total);
}

/** The statements that delete the owner's file rows and subtract their bytes, for one batch. */
export function deleteFilesStatements(db: D1Database, userId: string, ids: string[], now = Date.now()): D1PreparedStatement[] {
  if (ids.length === 0) return [];
  const placeholders = ids.map(() => "?").join(", ");
  return [
    ensureRow(db, userId, now),
    db
      .prepare(
        `UPDATE storage_usage SET
           bytes = max(0, bytes - (SELECT coalesce(sum(size), 0) FROM files WHERE user_id = ? AND id IN (${placeholders}))),
           files = max(0, files - (SELECT count(*) FROM files WHERE user_id = ? AND id IN (${placeholders}))),
           updated_at = ?
         WHERE user_id = ?`,
      )
      .bind(userId, ...ids, userId, ...ids, now, userId),
    db.prepare(`DELETE FROM files WHERE user_id = ? AND id IN (${placeholders})`).bind(userId, ...ids),
  ];
}

/** Deletes the owner's file rows and subtracts their bytes in one transaction. */
export async function deleteFilesMetered(db: D1Database, userId: string, ids: string[], now = Date.now()): Promise<void> {
  const statements = deleteFilesStatements(db, userId, ids, now);
  if (statements.length) await db.batch(statements);
}

/**
 * The statement that takes a just-inserted listing back when it put the owner over the plan's cap;
 * run in the insert's batch. Its `changes` is 1 when the listing was refused.
 */
export function listingCapGuard(db: Db, userId: string, listingId: string) {
  const free = sql.raw(`${STORAGE_PLANS.free.listings}`);
  const premium = sql.raw(`${STORAGE_PLANS.premium.listings}`);
  return db
    .delete(listings)
    .where(
      and(
        eq(listings.id, listingId),
        eq(listings.userId, userId),
        sql`(SELECT count(*) FROM listings WHERE user_id = ${userId}) > (CASE WHEN (SELECT plan FROM users WHERE id = ${userId}) = 'premium' THEN ${premium} ELSE ${free} END)`,
      ),
    )
    .returning({ id: listings.id });
}

type WriteKind = "upload" | "save" | "edit";

const RATE: Record<WriteKind, number> = {
  upload: WRITE_RATE_LIMITS.uploadsPerMinute,
  save: WRITE_RATE_LIMITS.savesPerMinute,
  edit: WRITE_RATE_LIMITS.editsPerMinute,
};

const RATE_MESSAGE: Record<WriteKind, string> = {
  upload: `Too many uploads: at most ${WRITE_RATE_LIMITS.uploadsPerMinute} files a minute. Please wait a moment before trying again.`,
  save: `Too many saves: at most ${WRITE_RATE_LIMITS.savesPerMinute} new listings a minute. Please wait a moment before trying again.`,
  edit: `Too many edits: at most ${WRITE_RATE_LIMITS.editsPerMinute} listing changes a minute. Please wait a moment before trying again.`,
};

/** Counts one write of the kind for the user, or throws 429 with Retry-After. */
export async function assertWriteAllowed(env: Pick<Env, "THROTTLE">, user: Pick<User, "id">, kind: WriteKind): Promise<void> {
  const verdict = await env.THROTTLE.get(env.THROTTLE.idFromName(`write-${kind}:${user.id}`)).hit(RATE[kind], WRITE_RATE_LIMITS.windowMs);
  if (!verdict.allowed) throw tooManyRequests(verdict.retryAfterSeconds, RATE_MESSAGE[kind]);
}
