/**
 * Saved listings in D1. Every read and write is scoped to the user: another user's listing does not
 * exist (404), whatever its id.
 */
import { and, asc, desc, eq, sql } from "drizzle-orm";
import { drizzle, type DrizzleD1Database } from "drizzle-orm/d1";
import type { SQLiteSelect } from "drizzle-orm/sqlite-core";
import {
  updateListingSchema,
  type ListingDetail,
  type ListingFact,
  type ListingSort,
  type ListingSummary,
  type Platform,
  type RuleReport,
  type SaveListingInput,
  type UpdateListingInput,
} from "../../../schema/api/listings";
import { files, listings, type Listing } from "../../../schema/db";
import { asItemSpecifics, auditSaved, scoreSaved } from "../audit/saved";
import { extractFacts, factItems } from "../../../shared/facts";
import type { ItemSpecific } from "../../../schema/api/listings";
import { HttpError, notFound } from "../../lib/errors";
import { parseWith } from "../../lib/http";
import { deleteFilesStatements, listingCapGuard, listingLimitReached, readStorageUsage } from "../storage/meter";
import { completeOnboardingStep } from "../onboarding";
import { type ListingText, type RuleContext } from "./enforce-rules";
import { isDigitalProduct } from "../../../shared/listings/phrases";
import { sellerRuleReport } from "./seller-edit";
import { snapshotOf, versionConflict, versionStatements, type VersionReason } from "./version-rows";
import { db } from "../../lib/db";

export const LISTING_NOT_FOUND = "Listing not found";

/** The marketplace parts a save or an edit carries; a part not sent is left as it is. */
function platformParts(input: { bullets?: string[]; searchTerms?: string; itemSpecifics?: ItemSpecific[] }) {
  return {
    ...(input.bullets !== undefined ? { bullets: input.bullets.map((b) => b.trim()).filter(Boolean) } : {}),
    ...(input.searchTerms !== undefined ? { searchTerms: input.searchTerms.replace(/\s+/g, " ").trim() } : {}),
    ...(input.itemSpecifics !== undefined ? { itemSpecifics: input.itemSpecifics.map((s) => ({ name: s.name.trim(), value: s.value.trim() })).filter((s) => s.name || s.value) } : {}),
  };
}

const iso = (ms: number) => new Date(ms).toISOString();
const asList = (value: unknown): string[] => (Array.isArray(value) ? value.filter((v): v is string => typeof v === "string") : []);

/** The columns a summary reads (its parts and what its audit score is computed from): a list leaves out the shop's image addresses, variations and the rest. */
const SUMMARY_COLUMNS = {
  id: listings.id,
  title: listings.title,
  description: listings.description,
  tags: listings.tags,
  altTexts: listings.altTexts,
  createdAt: listings.createdAt,
  platform: listings.platform,
  provider: listings.provider,
  source: listings.source,
  ruleReport: listings.ruleReport,
  bullets: listings.bullets,
  searchTerms: listings.searchTerms,
  itemSpecifics: listings.itemSpecifics,
  photoCount: listings.photoCount,
  originalPrompt: listings.originalPrompt,
  generationPrompt: listings.generationPrompt,
  factCorrections: listings.factCorrections,
};
export type SummaryRow = Pick<Listing, keyof typeof SUMMARY_COLUMNS>;

export function toSummary(row: SummaryRow): ListingSummary {
  return {
    id: row.id,
    title: row.title,
    description: row.description,
    tags: asList(row.tags),
    altTexts: asList(row.altTexts),
    createdAt: iso(row.createdAt),
    ...scoreSaved(row),
    bullets: asList(row.bullets),
    searchTerms: row.searchTerms ?? "",
    itemSpecifics: asItemSpecifics(row.itemSpecifics),
    platform: row.platform,
    provider: row.provider,
  };
}

export function toDetail(row: Listing): ListingDetail {
  return {
    id: row.id,
    title: row.title,
    description: row.description,
    created_at: iso(row.createdAt),
    updated_at: iso(row.updatedAt),
    tags: asList(row.tags),
    alt_texts: asList(row.altTexts),
    original_prompt: row.originalPrompt,
    rule_report: (row.ruleReport as RuleReport | null) ?? null,
    platform: row.platform,
    provider: row.provider,
    source: row.source,
    bullets: asList(row.bullets),
    search_terms: row.searchTerms ?? "",
    item_specifics: asItemSpecifics(row.itemSpecifics),
    audit: auditSaved(row),
    version: row.version,
    facts: factsUsed(row),
    ...(row.factCorrections ? { facts_corrected: true } : {}),
  };
}

/**
 * The facts the writers used: the seller's corrected list once there is one (it wins), else the fact
 * sheet of the listing's prompt and its selected keywords (decision 0030).
 */
function factsUsed(row: Listing): ListingFact[] {
  if (row.factCorrections) return row.factCorrections;
  const text = row.originalPrompt.trim();
  if (!text) return [];
  const keywords = (row.ruleReport as RuleReport | null)?.generation?.keywords ?? [];
  return factItems(extractFacts({ text, tags: keywords, platform: row.platform }));
}

/** What the rules measure a saved listing against: the prompt it came from and its keywords. */
export function ruleContextOf(row: Pick<Listing, "originalPrompt" | "description" | "platform" | "ruleReport">): RuleContext {
  const generation = (row.ruleReport as RuleReport | null)?.generation;
  const productDescription = row.originalPrompt.trim() || row.description;
  return {
    productDescription,
    keywords: generation?.keywords ?? [],
    platform: row.platform,
    digital: generation?.digital ?? isDigitalProduct(productDescription),
  };
}

interface NewListing extends ListingText {
  originalPrompt: string;
  platform: Platform | string;
  provider: string;
  source: "create" | "wizard" | "manual";
  ruleReport: RuleReport;
  /** The marketplace parts (Amazon bullets and search terms, eBay item specifics); empty by default. */
  bullets?: string[];
  searchTerms?: string;
  itemSpecifics?: ItemSpecific[];
}

/**
 * Inserts a listing with its first version row, in one batch that takes the listing back when it put
 * the owner over the plan's saved-listing cap (403). A generated listing's prompt is frozen as its
 * generation prompt.
 */
export async function insertListing(db: D1Database, userId: string, input: NewListing, now = Date.now()): Promise<Listing> {
  const d = drizzle(db);
  const id = crypto.randomUUID();
  const values = { id, userId, ...input, generationPrompt: input.source === "manual" ? null : input.originalPrompt, version: 1, createdAt: now, updatedAt: now };
  const [inserted, guard] = await d.batch([
    d.insert(listings).values(values).returning(),
    listingCapGuard(d, userId, id),
    ...versionStatements(d, { listingId: id, userId, version: 1, snapshot: snapshotOf(values), reason: input.source === "manual" ? "saved" : "generated", now }),
  ]);
  if (guard.length > 0) throw listingLimitReached(await readStorageUsage(db, userId));
  const row = inserted[0];
  await completeOnboardingStep(db, userId, "listing", now);
  return row;
}

/**
 * POST /api/save-listing and POST /api/listings: the seller's listing is kept as written (the schema
 * refused what breaks a limit); the rules report what they would change (decision 0011).
 */
export async function saveListing(db: D1Database, userId: string, input: SaveListingInput, now = Date.now()) {
  const originalPrompt = input.originalPrompt ?? "";
  const context: RuleContext = { productDescription: originalPrompt.trim() || input.description, keywords: [], platform: input.platform };
  const listing: ListingText = { title: input.title, description: input.description, tags: input.tags, altTexts: input.altTexts };
  const report = sellerRuleReport(listing, context);
  return insertListing(db, userId, { ...listing, originalPrompt, platform: input.platform, provider: "manual", source: "manual", ruleReport: report, ...platformParts(input) }, now);
}

export async function getListing(db: D1Database, userId: string, id: string): Promise<Listing> {
  const [row] = await drizzle(db)
    .select()
    .from(listings)
    .where(and(eq(listings.id, id), eq(listings.userId, userId)))
    .limit(1);
  if (!row) throw notFound(LISTING_NOT_FOUND);
  return row;
}

/**
 * PUT /api/listings/:id/facts: keeps the seller's corrected "Facts we used" list with the listing (another
 * user's listing is 404). It is not a change to the listing's text, so it makes no version; the next
 * generation of the listing writes from it.
 */
export async function setFactCorrections(db: D1Database, userId: string, id: string, facts: ListingFact[]): Promise<Listing> {
  const seen = new Set<string>();
  const list = facts
    .map((f) => ({ kind: f.kind, value: f.value.replace(/\s+/g, " ").trim() }))
    .filter((f) => {
      const key = `${f.kind}\u0000${f.value.toLowerCase()}`;
      if (seen.has(key)) return false;
      seen.add(key);
      return true;
    });
  const [row] = await drizzle(db)
    .update(listings)
    .set({ factCorrections: list })
    .where(and(eq(listings.id, id), eq(listings.userId, userId)))
    .returning();
  if (!row) throw notFound(LISTING_NOT_FOUND);
  return row;
}

interface ListQuery {
  q?: string;
  sort?: "newest" | "oldest";
  limit?: number;
  offset?: number;
}

export type SummaryQuery = Omit<ListQuery, "sort"> & { sort?: ListingSort };

/** Without `limit` the list answers every listing up to this many. */
const LIST_CAP = 1000;

const byScore = (query: SummaryQuery) => query.sort === "score" || query.sort === "score-asc";
const pageOf = (query: SummaryQuery) => ({ limit: Math.min(query.limit ?? LIST_CAP, LIST_CAP), offset: query.offset ?? 0 });

/**
 * GET /api/listings' answer (data.listings) and My Listings' loader (decision 0055): the user's listings
 * as summaries, each with its audit score. A sort by score happens here, over every match (the score is
 * computed from the saved parts), then `offset` and `limit` take the page.
 */
export async function listSummaries(db: D1Database, userId: string, query: SummaryQuery = {}): Promise<ListingSummary[]> {
  return summariesOf(await summariesSelect(drizzle(db), userId, query), query);
}

/** The rows listSummaries reads, as one statement (a page's first D1 round trip may carry it beside the session's user row, decision 0060). */
export function summariesSelect(d: DrizzleD1Database, userId: string, query: SummaryQuery = {}) {
  const list = byScore(query) ? { q: query.q, sort: "newest" as const } : { q: query.q, ...pageOf(query), sort: query.sort === "oldest" ? ("oldest" as const) : ("newest" as const) };
  return listingsSelect(d.select(SUMMARY_COLUMNS).from(listings).$dynamic(), userId, list);
}

/** The summaries of the rows summariesSelect read for `query`. */
export function summariesOf(rows: SummaryRow[], query: SummaryQuery = {}): ListingSummary[] {
  if (!byScore(query)) return rows.map(toSummary);
  const page = pageOf(query);
  const direction = query.sort === "score" ? -1 : 1;
  const sorted = rows.map((row, i) => ({ s: toSummary(row), i })).sort((a, b) => direction * (a.s.score - b.s.score) || a.i - b.i);
  return sorted.slice(page.offset, page.offset + page.limit).map(({ s }) => s);
}

/** The user's listings, newest first by default; `q` matches title, description or tags. */
export async function listListings(db: D1Database, userId: string, query: ListQuery = {}): Promise<Listing[]> {
  const d = drizzle(db);
  return listingsSelect(d.select().from(listings).$dynamic(), userId, query);
}

/** `select` narrowed to the user's listings matching `query`, in its order and page. */
function listingsSelect<S extends SQLiteSelect>(select: S, userId: string, query: ListQuery) {
  const conditions = [eq(listings.userId, userId)];
  const q = query.q?.trim();
  if (q) {
    const pattern = `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    conditions.push(sql`(${listings.title} LIKE ${pattern} ESCAPE '\\' OR ${listings.description} LIKE ${pattern} ESCAPE '\\' OR ${listings.tags} LIKE ${pattern} ESCAPE '\\')`);
  }
  const order = query.sort === "oldest" ? [asc(listings.createdAt), asc(listings.id)] : [desc(listings.createdAt), desc(listings.id)];
  const ordered = select.where(and(...conditions)).orderBy(...order);
  return query.limit !== undefined ? ordered.limit(query.limit).offset(query.offset ?? 0) : ordered;
}

/**
 * Writes a change as the next version, only if the listing is still at the version it was read at;
 * the version row goes in the same batch. Answers undefined when another change got there first.
 */
export async function writeNextVersion(db: D1Database, current: Listing, set: Partial<Listing>, reason: VersionReason, now = Date.now()): Promise<Listing | undefined> {
  const d = drizzle(db);
  const version = current.version + 1;
  const snapshot = snapshotOf({ ...current, ...set } as Listing);
  const [updated] = await d.batch([
    d
      .update(listings)
      .set({ ...set, version, updatedAt: now })
      .where(and(eq(listings.id, current.id), eq(listings.userId, current.userId), eq(listings.version, current.version)))
      .returning(),
    ...versionStatements(d, { listingId: current.id, userId: current.userId, version, snapshot, reason, now }),
  ]);
  return updated[0];
}

/**
 * PUT /api/listings/:id: the changed fields as the seller wrote them (checked against the listing's
 * platform), written as the next version. With a version (the app's screen always sends it) a stale
 * edit is a 409 carrying the current listing. Without one (older API clients) the fields sent are
 * merged onto the latest row and written with the same compare-and-set, retried: only those fields
 * change, so a concurrent edit of other fields is never lost (decision 0011).
 */
export async function updateListing(db: D1Database, userId: string, id: string, changes: UpdateListingInput, now = Date.now()): Promise<Listing> {
  const expectedVersion = changes.version;
  for (let attempt = 0; attempt < 8; attempt++) {
    const current = await getListing(db, userId, id);
    parseWith(updateListingSchema(current.platform), changes);
    if (expectedVersion !== undefined && current.version !== expectedVersion) throw versionConflict(toDetail(current), expectedVersion);
    const originalPrompt = changes.originalPrompt === undefined ? current.originalPrompt : (changes.originalPrompt ?? "");
    const merged: ListingText = {
      title: changes.title ?? current.title,
      description: changes.description ?? current.description,
      tags: changes.tags ?? asList(current.tags),
      altTexts: changes.altTexts ?? asList(current.altTexts),
    };
    const ruleReport = sellerRuleReport(merged, ruleContextOf({ ...current, originalPrompt }), current.ruleReport as RuleReport | null);
    const row = await writeNextVersion(db, current, { ...merged, originalPrompt, ruleReport, ...platformParts(changes) }, changes.reason ?? "edit", now);
    if (row) return row;
    if (expectedVersion !== undefined) throw versionConflict(toDetail(await getListing(db, userId, id)), expectedVersion);
  }
  throw new HttpError(409, "This listing is being changed by several requests at once. Please try again.", { code: "version-conflict" });
}

/** Deletes a listing and the files attached to it (rows and R2 objects). */
export async function deleteListing(env: { DB: D1Database; FILES: R2Bucket }, userId: string, id: string): Promise<void> {
  const orm = db(env);
  await getListing(env.DB, userId, id);
  const attached = await orm
    .select({ id: files.id, r2Key: files.r2Key })
    .from(files)
    .where(and(eq(files.userId, userId), eq(files.listingId, id)));
  if (attached.length) await env.FILES.delete(attached.map((f) => f.r2Key));
  // The files' rows and their bytes on the storage meter go in the batch that deletes the listing.
  await env.DB.batch([
    ...deleteFilesStatements(
      env.DB,
      userId,
      attached.map((f) => f.id),
    ),
    env.DB.prepare("DELETE FROM listings WHERE id = ? AND user_id = ?").bind(id, userId),
  ]);
}

/**
 * Takes one of the regenerations a generated listing allows, atomically (two racing requests cannot
 * both take the last one). Answers the new count, or undefined when none is left or the window closed.
 */
export async function claimRegeneration(db: D1Database, userId: string, id: string, max: number, since: number): Promise<number | undefined> {
  const row = await db
    .prepare(
      `UPDATE listings SET rule_report = json_set(rule_report, '$.generation.regenerations', json_extract(rule_report, '$.generation.regenerations') + 1)
       WHERE id = ? AND user_id = ? AND created_at >= ? AND json_extract(rule_report, '$.generation.regenerations') < ?
       RETURNING json_extract(rule_report, '$.generation.regenerations') AS used`,
    )
    .bind(id, userId, since, max)
    .first<{ used: number }>();
  return row?.used ?? undefined;
}

/** Gives a regeneration back when the provider failed. */
export async function releaseRegeneration(db: D1Database, userId: string, id: string): Promise<void> {
  await db
    .prepare(
      `UPDATE listings SET rule_report = json_set(rule_report, '$.generation.regenerations', json_extract(rule_report, '$.generation.regenerations') - 1)
       WHERE id = ? AND user_id = ? AND json_extract(rule_report, '$.generation.regenerations') > 0`,
    )
    .bind(id, userId)
    .run();
}

/**
 * Writes a regenerated listing back as the next version, keeping its regeneration count; 409 with
 * the current listing when it changed since `current` was read.
 */
export async function replaceListingText(db: D1Database, current: Listing, listing: ListingText, report: RuleReport, now = Date.now()): Promise<Listing> {
  const ruleReport = sql`json_set(${JSON.stringify(report)}, '$.generation', json(json_extract(${listings.ruleReport}, '$.generation')))` as unknown as RuleReport;
  const row = await writeNextVersion(db, current, { ...listing, ruleReport }, "regenerated", now);
  if (!row) throw versionConflict(toDetail(await getListing(db, current.userId, current.id)), current.version);
  return row;
}
