/**
 * The Listing Doctor's score of each listing, stored in `listing_audits` at the listing's version, so My
 * Shop and My Listings can sort and summarise thousands of listings without auditing each on every read.
 * A row is stale when its version differs from the listing's (an edit, a restore, an accepted proposal) or
 * another build of the audit engine computed it (decision 0064); `refreshScores` re-audits the stale and
 * missing ones in batches before a read that sorts or counts by score. The import writes the rows for what
 * it wrote.
 */
import { and, eq, isNull, sql, type SQL } from "drizzle-orm";
import { drizzle } from "drizzle-orm/d1";
import { listingAudits, listings, type Listing } from "../../../schema/db";
import { auditSummary } from "../../../shared/audit/engine";
import { AUDIT_ENGINE, auditInputOf } from "../audit/saved";
import type { Grade } from "../../../shared/audit/types";
import { type Db } from "../../lib/db";

interface ShopScore {
  score: number;
  grade: Grade;
  findingIds: string[];
}

/** Statements per D1 batch when writing audit rows. */
const AUDIT_BATCH = 100;
/** Listings read per query while refreshing (the rows carry whole descriptions). */
const REFRESH_PAGE = 200;

/** The audit of a listing row, reduced to what the cache keeps. */
export function shopListingScore(row: Pick<Listing, "platform" | "title" | "description" | "tags" | "altTexts" | "ruleReport"> & Partial<Listing>): ShopScore {
  return auditSummary(auditInputOf(row));
}

/**
 * The statement that caches a listing's score at `version`, with the engine's build (decision 0064). It
 * writes only while the listing exists at that version for that user, so it can sit in the batch that
 * inserted the listing (a listing refused by the plan cap in the same batch gets no audit row) and a score
 * never lands on a newer version. A score computed from the seller's fact corrections names them
 * (`factCorrections`, the column's JSON or null): corrected again meanwhile, the listing gets no row.
 */
export function auditStatement(d: Db, entry: { listingId: string; userId: string; version: number; score: ShopScore; now: number; factCorrections?: unknown }) {
  const { listingId, userId, version, score, now } = entry;
  const conditions = [eq(listings.id, listingId), eq(listings.userId, userId), eq(listings.version, version)];
  if (entry.factCorrections !== undefined) {
    const corrections = entry.factCorrections === null ? null : JSON.stringify(entry.factCorrections);
    conditions.push(sql`json(${listings.factCorrections}) IS json(${corrections})`);
  }
  const source = d
    .select({
      listingId: listings.id,
      userId: listings.userId,
      version: listings.version,
      score: sql<number>`${score.score}`.as("score"),
      grade: sql<string>`${score.grade}`.as("grade"),
      findingIds: sql<string>`${JSON.stringify(score.findingIds)}`.as("finding_ids"),
      updatedAt: sql<number>`${now}`.as("updated_at"),
      engine: sql<string>`${AUDIT_ENGINE}`.as("engine"),
    })
    .from(listings)
    .where(and(...conditions));
  return d
    .insert(listingAudits)
    .select(source)
    .onConflictDoUpdate({
      target: listingAudits.listingId,
      set: {
        version: sql`excluded.version`,
        score: sql`excluded.score`,
        grade: sql`excluded.grade`,
        findingIds: sql`excluded.finding_ids`,
        updatedAt: sql`excluded.updated_at`,
        engine: sql`excluded.engine`,
      },
    });
}

/**
 * A listing's stored score is fresh when it was computed at the listing's version by this build's engine
 * (decision 0064): the join condition of a read that takes the stored score, or finds it missing.
 */
export const freshAudit = () => and(eq(listingAudits.listingId, listings.id), eq(listingAudits.version, listings.version), eq(listingAudits.engine, AUDIT_ENGINE));

/** What a listing's audit reads (auditInputOf), with the listing's id and version. */
export const AUDIT_COLUMNS = {
  id: listings.id,
  version: listings.version,
  source: listings.source,
  platform: listings.platform,
  title: listings.title,
  description: listings.description,
  tags: listings.tags,
  altTexts: listings.altTexts,
  ruleReport: listings.ruleReport,
  bullets: listings.bullets,
  searchTerms: listings.searchTerms,
  itemSpecifics: listings.itemSpecifics,
  photoCount: listings.photoCount,
  originalPrompt: listings.originalPrompt,
  generationPrompt: listings.generationPrompt,
  factCorrections: listings.factCorrections,
};

/**
 * Re-audits the user's listings that `which` selects whose stored score is missing or stale, in batches,
 * and stores the scores before answering how many it computed (a read that sorts or counts by score runs
 * it first). Cheap when nothing changed: one query that finds nothing. A score computed from the seller's
 * fact corrections is stored only while the listing still has them; a listing whose score could not be
 * stored (changed meanwhile) is not computed twice in one refresh.
 */
export async function refreshScores(d: Db, userId: string, which?: SQL, now = Date.now()): Promise<number> {
  const computed = new Set<string>();
  // Each pass stores the rows it read, so the next query finds the next ones; stop when none are left.
  for (let pass = 0; pass < 1000; pass++) {
    const stale = await d
      .select(AUDIT_COLUMNS)
      .from(listings)
      .leftJoin(listingAudits, freshAudit())
      .where(and(eq(listings.userId, userId), which, isNull(listingAudits.listingId)))
      .limit(REFRESH_PAGE);
    const unseen = stale.filter((row) => !computed.has(row.id));
    if (unseen.length === 0) break;
    const statements = unseen.map((row) => auditStatement(d, { listingId: row.id, userId, version: row.version, score: shopListingScore(row), now, factCorrections: row.factCorrections ?? null }));
    for (let i = 0; i < statements.length; i += AUDIT_BATCH) {
      const part = statements.slice(i, i + AUDIT_BATCH);
      await d.batch(part as [(typeof part)[number], ...(typeof part)[number][]]);
    }
    for (const row of unseen) computed.add(row.id);
    if (stale.length < REFRESH_PAGE) break;
  }
  return computed.size;
}

/** Re-audits the user's shop listings whose stored score is missing or stale (My Shop's reads sort and count by score). */
export const refreshAudits = (db: D1Database, userId: string, now = Date.now()): Promise<number> => refreshScores(drizzle(db), userId, eq(listings.source, "shop"), now);
