/**
 * Saved listings in D1. Every read and write is scoped to the user: another user's listing does not
 * exist (404), whatever its id.
 */
import { and, asc, count, desc, eq, inArray, sql } from "drizzle-orm";
import { drizzle, type DrizzleD1Database } from "drizzle-orm/d1";
import type { SQLiteSelect } from "drizzle-orm/sqlite-core";
import {
  updateListingSchema,
  type ListingCardSource,
  type ListingDetail,
  type ListingFact,
  type ListingSort,
  type ListingSummary,
  type Platform,
  type RuleReport,
  type SaveListingInput,
  type UpdateListingInput,
} from "../../../schema/api/listings";
import { files, listingAudits, listings, type Listing } from "../../../schema/db";
import { auditSummary } from "../../../shared/audit/engine";
import type { Grade } from "../../../shared/audit/types";
import { asItemSpecifics, auditInputOf, auditSaved } from "../audit/saved";
import { AUDIT_COLUMNS, auditStatement, freshAudit, refreshScores } from "../shop/audits";
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
  ...AUDIT_COLUMNS,
  createdAt: listings.createdAt,
  provider: listings.provider,
};

/** The stored score of a row, when it was computed at the listing's version by this build's engine (decision 0064). */
const STORED_SCORE = {
  storedScore: listingAudits.score,
  storedGrade: listingAudits.grade,
};

type Stored = { storedScore: number | null; storedGrade: string | null };
type ListingScore = { score: number; grade: Grade };
type SummaryRow = Pick<Listing, Exclude<keyof typeof SUMMARY_COLUMNS, "version">> & { version: number } & Stored;

/** Work a read hands on to run after its answer (the Worker's waitUntil), or to await when there is none. */
type Defer = (work: Promise<unknown>) => void;

/** Statements per D1 batch when a read stores the scores it computed. */
const SCORE_BATCH = 50;

/**
 * Stores the scores a read computed (decision 0064), after its answer when the caller can wait for it. A
 * failure costs only the next read the same computing again: it is logged, never answered.
 */
function storeScores(d: DrizzleD1Database, userId: string, computed: { row: Pick<SummaryRow, "id" | "version" | "factCorrections">; score: ReturnType<typeof auditSummary> }[], defer?: Defer) {
  if (computed.length === 0) return;
  const now = Date.now();
  const statements = computed.map(({ row, score }) => auditStatement(d, { listingId: row.id, userId, version: row.version, score, now, factCorrections: row.factCorrections ?? null }));
  const work = (async () => {
    for (let i = 0; i < statements.length; i += SCORE_BATCH) {
      const part = statements.slice(i, i + SCORE_BATCH);
      await d.batch(part as [(typeof part)[number], ...(typeof part)[number][]]);
    }
  })().catch((error: unknown) => console.error(JSON.stringify({ level: "warn", event: "listings.score_store_failed", error: String(error) })));
  if (defer) defer(work);
}

/** The score stored for a row at its version by this engine, or null. */
const storedScoreOf = (row: Stored): ListingScore | null => (row.storedScore !== null && row.storedGrade !== null ? { score: row.storedScore, grade: row.storedGrade as Grade } : null);

/** A row's score: the stored one, or computed from the row (and then stored). */
function scoreOf(row: SummaryRow, computed: Parameters<typeof storeScores>[2]): ListingScore {
  const stored = storedScoreOf(row);
  if (stored) return stored;
  const summary = auditSummary(auditInputOf(row));
  computed.push({ row, score: summary });
  return { score: summary.score, grade: summary.grade };
}

/** The summary of a row just written (its score computed, not stored: the next read stores it). */
export function freshSummary(row: Listing): ListingSummary {
  const { score, grade } = auditSummary(auditInputOf(row));
  return toSummary(row, { score, grade });
}

function toSummary(
  row: Pick<Listing, "id" | "title" | "description" | "tags" | "altTexts" | "createdAt" | "bullets" | "searchTerms" | "itemSpecifics" | "platform" | "provider">,
  score: ListingScore,
): ListingSummary {
  return {
    id: row.id,
    title: row.title,
    description: row.description,
    tags: asList(row.tags),
    altTexts: asList(row.altTexts),
    createdAt: iso(row.createdAt),
    ...score,
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
 * generation of the listing writes from it, and the Doctor checks the listing against it (its stored score
 * is dropped, to be computed again).
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
  const d = drizzle(db);
  // The stored score was computed from the facts before (decision 0064): it goes with them.
  const [[row]] = await d.batch([
    d
      .update(listings)
      .set({ factCorrections: list })
      .where(and(eq(listings.id, id), eq(listings.userId, userId)))
      .returning(),
    d.delete(listingAudits).where(and(eq(listingAudits.listingId, id), eq(listingAudits.userId, userId))),
  ]);
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
 * GET /api/listings' answer (data.listings): the user's listings as summaries, each with its audit score.
 * The score is the one stored at the listing's version (decision 0064); one missing or stale is computed
 * from the row and stored (after the answer, with `defer`). A sort by score first computes and stores the
 * missing ones among the matches, then lets D1 sort by the stored score and take the page.
 */
export async function listSummaries(db: D1Database, userId: string, query: SummaryQuery = {}, defer?: Defer): Promise<ListingSummary[]> {
  const d = drizzle(db);
  if (byScore(query)) await refreshScores(d, userId, matching(userId, query.q));
  return summariesOf(d, userId, await summariesSelect(d, userId, query), defer);
}

/** The rows listSummaries reads, as one statement. */
function summariesSelect(d: DrizzleD1Database, userId: string, query: SummaryQuery = {}) {
  const select = d
    .select({ ...SUMMARY_COLUMNS, ...STORED_SCORE })
    .from(listings)
    .leftJoin(listingAudits, freshAudit())
    .$dynamic();
  return listingsSelect(select, userId, { q: query.q, sort: query.sort, ...pageOf(query) });
}

/** The summaries of the rows summariesSelect read. */
function summariesOf(d: DrizzleD1Database, userId: string, rows: SummaryRow[], defer?: Defer): ListingSummary[] {
  const computed: Parameters<typeof storeScores>[2] = [];
  const summaries = rows.map((row) => toSummary(row, scoreOf(row, computed)));
  storeScores(d, userId, computed, defer);
  return summaries;
}

/**
 * My Listings' cards (decision 0064): what a card shows, with the description's first characters (the
 * card shows two lines of it) and the stored score, so the page's first round trip reads no whole
 * listing. A card whose score is missing or stale reads its listing whole to compute it, and stores it.
 */
const CARD_DESCRIPTION_SOURCE = 1200;
const CARD_COLUMNS = {
  id: listings.id,
  title: listings.title,
  description: sql<string>`substr(${listings.description}, 1, ${CARD_DESCRIPTION_SOURCE})`,
  tags: listings.tags,
  createdAt: listings.createdAt,
  ...STORED_SCORE,
};
export type CardRow = Pick<Listing, "id" | "title" | "description" | "tags" | "createdAt"> & Stored;

/** The rows listCards reads, as one statement (a page's first D1 round trip carries it beside the session's user row, decision 0060). */
export function cardsSelect(d: DrizzleD1Database, userId: string, query: SummaryQuery = {}) {
  const select = d.select(CARD_COLUMNS).from(listings).leftJoin(listingAudits, freshAudit()).$dynamic();
  return listingsSelect(select, userId, { q: query.q, sort: query.sort, ...pageOf(query) });
}

/**
 * How many of the user's listings match the query's `q`, as one statement (My Listings' "of N": its page is
 * a part of them). For a sort by score, also how many of them have no fresh stored score (`stale`): the
 * page D1 sorted is right only when there are none.
 */
export function cardsCountSelect(d: DrizzleD1Database, userId: string, query: SummaryQuery = {}) {
  // Named: a column named "0" would come first among the row's keys.
  if (!byScore(query))
    return d
      .select({ n: count(), stale: sql<number>`0`.as("stale") })
      .from(listings)
      .where(matching(userId, query.q));
  return d
    .select({ n: count(), stale: sql<number>`count(*) - count(${listingAudits.listingId})`.mapWith(Number) })
    .from(listings)
    .leftJoin(listingAudits, freshAudit())
    .where(matching(userId, query.q));
}

/** A page of My Listings: its cards, and how many listings match in all. */
interface CardsPage {
  cards: ListingCardSource[];
  total: number;
}

/** What cardsCountSelect reads. */
export type Counted = { n: number; stale: number }[];

/**
 * The page of cards cardsSelect's rows make, with the number cardsCountSelect read. A page sorted by score
 * while some matches had no fresh stored score (new listings, edits, another build of the Doctor) was
 * sorted without them: their scores are computed and stored, and the page is read again.
 */
export async function cardsPageOf(d: DrizzleD1Database, userId: string, rows: CardRow[], counted: Counted, query: SummaryQuery = {}, defer?: Defer): Promise<CardsPage> {
  if (byScore(query) && Number(counted[0]?.stale ?? 0) > 0) {
    await refreshScores(d, userId, matching(userId, query.q));
    [rows, counted] = (await d.batch([cardsSelect(d, userId, query), cardsCountSelect(d, userId, query)])) as [CardRow[], Counted];
  }
  const cards = await cardsOf(d, userId, rows, defer);
  return { cards, total: Number(counted[0]?.n ?? 0) };
}

/** My Listings' page for `query` (see cardsSelect and cardsCountSelect), read by themselves in one round trip. */
export async function listCardsPage(db: D1Database, userId: string, query: SummaryQuery = {}, defer?: Defer): Promise<CardsPage> {
  const d = drizzle(db);
  const [rows, counted] = await d.batch([cardsSelect(d, userId, query), cardsCountSelect(d, userId, query)]);
  return cardsPageOf(d, userId, rows as CardRow[], counted as Counted, query, defer);
}

/** The cards of the rows cardsSelect read: the scores not stored are computed from their listings, read whole in one more query. */
async function cardsOf(d: DrizzleD1Database, userId: string, rows: CardRow[], defer?: Defer): Promise<ListingCardSource[]> {
  const missing = rows.filter((row) => !storedScoreOf(row)).map((row) => row.id);
  const scores = new Map<string, ListingScore>();
  const computed: Parameters<typeof storeScores>[2] = [];
  // D1 binds at most 100 parameters a statement.
  for (let i = 0; i < missing.length; i += 90) {
    const whole = (await d
      .select({ ...SUMMARY_COLUMNS, ...STORED_SCORE })
      .from(listings)
      .leftJoin(listingAudits, freshAudit())
      .where(and(eq(listings.userId, userId), inArray(listings.id, missing.slice(i, i + 90))))) as SummaryRow[];
    for (const row of whole) scores.set(row.id, scoreOf(row, computed));
  }
  storeScores(d, userId, computed, defer);
  const cards: ListingCardSource[] = [];
  for (const row of rows) {
    const score = storedScoreOf(row) ?? scores.get(row.id);
    // A listing deleted between the two reads has no score: it is gone, and so is its card.
    if (!score) continue;
    cards.push({ id: row.id, title: row.title, description: row.description, tags: asList(row.tags), createdAt: row.createdAt, ...score });
  }
  return cards;
}

/** The user's listings whose title, description or tags hold `q` (all of them without it). */
function matching(userId: string, text: string | undefined) {
  const q = text?.trim();
  if (!q) return eq(listings.userId, userId);
  const pattern = `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  return and(eq(listings.userId, userId), sql`(${listings.title} LIKE ${pattern} ESCAPE '\\' OR ${listings.description} LIKE ${pattern} ESCAPE '\\' OR ${listings.tags} LIKE ${pattern} ESCAPE '\\')`);
}

/** The user's listings, newest first by default; `q` matches title, description or tags. */
export async function listListings(db: D1Database, userId: string, query: ListQuery = {}): Promise<Listing[]> {
  const d = drizzle(db);
  return listingsSelect(d.select().from(listings).$dynamic(), userId, query);
}

/** The select's rows of the user that match `query`, in its order, and its page. A sort by score orders by the stored score: the select must join it (freshAudit). */
function listingsSelect<S extends SQLiteSelect>(select: S, userId: string, query: SummaryQuery) {
  const newest = [desc(listings.createdAt), desc(listings.id)];
  // By score, ties keep the newest first.
  const order =
    query.sort === "oldest"
      ? [asc(listings.createdAt), asc(listings.id)]
      : query.sort === "score"
        ? [desc(listingAudits.score), ...newest]
        : query.sort === "score-asc"
          ? [asc(listingAudits.score), ...newest]
          : newest;
  const ordered = select.where(matching(userId, query.q)).orderBy(...order);
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
