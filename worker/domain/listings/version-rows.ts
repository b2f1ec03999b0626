/**
 * What a change to a listing writes beside itself (decision 0011): the snapshot of its editable parts
 * and the statements that add the version row in the same D1 batch. The listing store and every
 * module that writes listings (the wizard, My Shop's import and proposals) use these; reading and
 * restoring versions (versions.ts) sits above the store.
 */
import { and, eq, lte, sql } from "drizzle-orm";
import type { ListingDetail, ListingSnapshot } from "../../../schema/api/listings";
import { listings, listingVersions, type Listing } from "../../../schema/db";
import { HttpError } from "../../lib/errors";
import { type Db } from "../../lib/db";

/** Versions kept per listing; older ones are pruned by the batch that writes a new one. */
const VERSIONS_KEPT = 100;

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
    { code: "version-conflict", listing: current, currentVersion: current.version },
  );
}

/**
 * The statements that record a new version, for the batch that makes the change: the row is written
 * only if the listing now has exactly that version (that is, the change went through), and versions
 * older than the last VERSIONS_KEPT are pruned.
 */
export function versionStatements(db: Db, entry: { listingId: string; userId: string; version: number; snapshot: ListingSnapshot; reason: VersionReason; now: number }) {
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
