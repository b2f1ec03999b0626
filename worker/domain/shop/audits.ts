/**
 * The Listing Doctor's score of each shop listing, cached in `listing_audits` at the listing's version, so the
 * shop can sort and summarise thousands of listings without auditing each on every read. A row is stale when
 * its version differs from the listing's (an edit, a restore, an accepted proposal) or another build of the
 * audit engine computed it (decision 0064); `refreshAudits` re-audits
 * the stale and missing ones in batches before a read. The import writes the rows for what it wrote.
 */
import { and, eq, sql } from "drizzle-orm";
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
 * Re-audits the user's shop listings whose cached score is missing or stale, in batches. Answers how many
 * rows it wrote. Cheap when nothing changed: one indexed query that finds nothing.
 */
export async function refreshAudits(db: D1Database, userId: string, now = Date.now()): Promise<number> {
  const d = drizzle(db);
  let written = 0;
  // Each pass fixes the rows it read, so the next query finds the next ones; stop when none are left.
  for (let pass = 0; pass < 1000; pass++) {
    const stale = await d.all<Record<string, unknown>>(sql`
      SELECT l.id, l.user_id, l.version, l.platform, l.title, l.description, l.tags, l.alt_texts, l.rule_report,
             l.bullets, l.search_terms, l.item_specifics, l.photo_count
      FROM listings l LEFT JOIN listing_audits a ON a.listing_id = l.id
      WHERE l.user_id = ${userId} AND l.source = 'shop' AND (a.listing_id IS NULL OR a.version != l.version OR a.engine != ${AUDIT_ENGINE})
      LIMIT ${REFRESH_PAGE}`);
    if (stale.length === 0) break;
    const statements = stale.map((r) => auditStatement(d, { listingId: String(r.id), userId, version: Number(r.version), score: shopListingScore(rowOf(r)), now }));
    for (let i = 0; i < statements.length; i += AUDIT_BATCH) {
      const part = statements.slice(i, i + AUDIT_BATCH);
      await d.batch(part as [(typeof part)[number], ...(typeof part)[number][]]);
    }
    written += stale.length;
    if (stale.length < REFRESH_PAGE) break;
  }
  return written;
}

const json = (value: unknown, fallback: unknown) => {
  if (typeof value !== "string") return fallback;
  try {
    return JSON.parse(value);
  } catch {
    return fallback;
  }
};

/** A raw row of the refresh query as the audit reads it. */
function rowOf(r: Record<string, unknown>) {
  return {
    platform: String(r.platform),
    title: String(r.title),
    description: String(r.description),
    tags: json(r.tags, []) as string[],
    altTexts: json(r.alt_texts, []) as string[],
    ruleReport: json(r.rule_report, null),
    bullets: json(r.bullets, []),
    searchTerms: typeof r.search_terms === "string" ? r.search_terms : "",
    itemSpecifics: json(r.item_specifics, []),
    photoCount: typeof r.photo_count === "number" ? r.photo_count : null,
  };
}
