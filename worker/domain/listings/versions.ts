/**
 * Listing versions (decision 0011). Every change to a listing adds one to its `version` and writes a
 * row to `listing_versions` with a snapshot of its editable parts, in the same D1 batch as the change:
 * the version row exists only when the change went through. A change names the version it started
 * from; a stale one is a 409 that carries the current listing. A restore is itself a new version.
 */
import { and, desc, eq } from "drizzle-orm";
import { drizzle } from "drizzle-orm/d1";
import type { ListingSnapshot, ListingVersionInfo, RuleReport } from "../../../schema/api/listings";
import { listingVersions, type Listing, type ListingVersionRow } from "../../../schema/db";
import { HttpError, notFound } from "../../lib/errors";
import { sellerRuleReport } from "./seller-edit";
import { getListing, ruleContextOf, toDetail, writeNextVersion } from "./store";
import { columnsOf, versionConflict } from "./version-rows";

const VERSION_NOT_FOUND = "Version not found";

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

async function getVersion(db: D1Database, userId: string, listingId: string, versionId: string): Promise<ListingVersionRow> {
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
  throw new HttpError(409, "This listing is being changed by several requests at once. Please try again.", { code: "version-conflict" });
}
