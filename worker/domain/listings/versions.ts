/**
 * Listing versions (decision 0011). Every change to a listing adds one to its `version` and writes a
 * row to `listing_versions` with a snapshot of its editable parts, in the same D1 batch as the change:
 * the version row exists only when the change went through. A change names the version it started
 * from; a stale one is a 409 that carries the current listing. A restore is itself a new version.
 */
import { and, desc, eq, lte, sql } from "drizzle-orm";
import { drizzle } from "drizzle-orm/d1";
import type { ListingDetail, ListingSnapshot, ListingVersionInfo, RuleReport } from "../../../schema/api/listings";
import { listings, listingVersions, type Listing, type ListingVersionRow } from "../../../schema/db";
import { HttpError, notFound } from "../../lib/errors";
import { sellerRuleReport } from "./seller-edit";
import { getListing, ruleContextOf, toDetail, writeNextVersion } from "./store";

export const VERSION_NOT_FOUND = "Version not found";
/** Versions kept per listing; older ones are pruned by the batch that writes a new one. */
export const VERSIONS_KEPT = 100;

export type VersionReason = "saved" | "generated" | "edit" | "regenerated" | "restore" | "fix" | "import" | "accept";

/** Platform parts other modules may add to a listing row; kept in a snapshot when present. */
const EXTRA_PARTS = ["bullets", "searchTerms", "itemSpecifics"] as const;

const asList = (value: unknown): string[] => (Array.isArray(value) ? value.filter((v): v is string => typeof v === "string") : []);

/** The editable parts of a listing as a version keeps them. */
export function snapshotOf(row: Pick<Listing, "title" | "description" | "tags" | "altTexts" | "originalPrompt">): ListingSnapshot {
  const snapshot: ListingSnapshot = {
    title: row.title,
    description: row.description,
    tags: asList(row.tags),
    altTexts: asList(row.altTexts),
    originalPrompt: row.originalPrompt,
  };
  const record = row as Record<string, unknown>;
  for (const part of EXTRA_PARTS) if (record[part] !== undefined) snapshot[part] = record[part];
  return snapshot;
}

/** The columns a restore writes back: the snapshot's parts that the row has. */
export function columnsOf(snapshot: ListingSnapshot, row: Listing): Record<string, unknown> {
  const columns: Record<string, unknown> = {
    title: snapshot.title,
    description: snapshot.description,
    tags: asList(snapshot.tags),
    altTexts: asList(snapshot.altTexts),
    originalPrompt: typeof snapshot.originalPrompt === "string" ? snapshot.originalPrompt : row.originalPrompt,
  };
  const record = row as Record<string, unknown>;
  for (const part of EXTRA_PARTS) if (part in record && snapshot[part] !== undefined) columns[part] = snapshot[part];
  return columns;
}

/** The 409 of a stale write: the listing as it is now, so the screen can reload or overwrite. */
export function versionConflict(current: ListingDetail, sent: number): HttpError {
  return new HttpError(
    409,
    `This listing was changed since you opened it (you edited version ${sent}; it is now at version ${current.version}). Reload it to see the changes, or overwrite them with yours.`,
    { code: "version-conflict", error: "version conflict", listing: current, currentVersion: current.version },
  );
}

/**
 * The statements that record a new version, for the batch that makes the change: the row is written
 * only if the listing now has exactly that version (that is, the change went through), and versions
 * older than the last VERSIONS_KEPT are pruned.
 */
export function versionStatements(db: ReturnType<typeof drizzle>, entry: { listingId: string; userId: string; version: number; snapshot: ListingSnapshot; reason: VersionReason; now: number }) {
  const { listingId, userId, version, snapshot, reason, now } = entry;
  const source = db
    .select({
      id: sql<string>`${crypto.randomUUID()}`.as("id"),
      listingId: listings.id,
      userId: listings.userId,
      version: listings.version,
      snapshot: sql<string>`${JSON.stringify(snapshot)}`.as("snapshot"),
      reason: sql<string>`${reason}`.as("reason"),
      createdAt: sql<number>`${now}`.as("created_at"),
    })
    .from(listings)
    .where(and(eq(listings.id, listingId), eq(listings.userId, userId), eq(listings.version, version)));
  return [
    // A write that lost the race finds the winner's row for this version: nothing to add.
    db.insert(listingVersions).select(source).onConflictDoNothing(),
    db.delete(listingVersions).where(and(eq(listingVersions.listingId, listingId), eq(listingVersions.userId, userId), lte(listingVersions.version, version - VERSIONS_KEPT))),
  ] as const;
}

export function toVersionInfo(row: ListingVersionRow): ListingVersionInfo {
  return {
    id: row.id,
    version: row.version,
    reason: row.reason,
    createdAt: new Date(row.createdAt).toISOString(),
    snapshot: row.snapshot as ListingSnapshot,
  };
}

/** The listing's versions, newest first (the caller has checked the listing is the user's). */
export async function listVersions(db: D1Database, userId: string, listingId: string): Promise<ListingVersionRow[]> {
  return drizzle(db)
    .select()
    .from(listingVersions)
    .where(and(eq(listingVersions.listingId, listingId), eq(listingVersions.userId, userId)))
    .orderBy(desc(listingVersions.version));
}

export async function getVersion(db: D1Database, userId: string, listingId: string, versionId: string): Promise<ListingVersionRow> {
  const [row] = await drizzle(db)
    .select()
    .from(listingVersions)
    .where(and(eq(listingVersions.id, versionId), eq(listingVersions.listingId, listingId), eq(listingVersions.userId, userId)))
    .limit(1);
  if (!row) throw notFound(VERSION_NOT_FOUND);
  return row;
}

/**
 * POST /api/listings/:id/versions/:versionId/restore: the version's parts written back as a new
 * version (reason "restore"). With `expectedVersion` a stale restore is a 409 like a stale edit.
 */
export async function restoreVersion(db: D1Database, userId: string, listingId: string, versionId: string, expectedVersion?: number, now = Date.now()) {
  for (let attempt = 0; attempt < 8; attempt++) {
    const current = await getListing(db, userId, listingId);
    const target = await getVersion(db, userId, listingId, versionId);
    if (expectedVersion !== undefined && current.version !== expectedVersion) throw versionConflict(toDetail(current), expectedVersion);
    const columns = columnsOf(target.snapshot as ListingSnapshot, current);
    const text = { title: String(columns.title), description: String(columns.description), tags: columns.tags as string[], altTexts: columns.altTexts as string[] };
    const ruleReport = sellerRuleReport(text, ruleContextOf({ ...current, originalPrompt: String(columns.originalPrompt) }), current.ruleReport as RuleReport | null);
    const row = await writeNextVersion(db, current, { ...columns, ruleReport } as Partial<Listing>, "restore", now);
    if (row) return { row, restoredFrom: target.version };
    if (expectedVersion !== undefined) throw versionConflict(toDetail(await getListing(db, userId, listingId)), expectedVersion);
  }
  throw new HttpError(409, "This listing is being changed by several requests at once. Please try again.", { code: "version-conflict", error: "version conflict" });
}
