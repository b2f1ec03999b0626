/**
 * Saved listings in D1. Every read and write is scoped to the user: another user's listing does not
 * exist (404), whatever its id.
 */
import { and, asc, desc, eq, sql } from "drizzle-orm";
import { drizzle } from "drizzle-orm/d1";
import type { ListingDetail, ListingSummary, Platform, RuleReport, SaveListingInput, UpdateListingInput } from "../../../schema/api/listings";
import { files, listings, type Listing } from "../../../schema/db";
import { asItemSpecifics, auditSaved, scoreSaved } from "../audit/saved";
import { notFound } from "../../lib/errors";
import { completeOnboardingStep } from "../onboarding";
import { enforceListingRules, type ListingText, type RuleContext } from "./enforce-rules";
import { isDigitalProduct } from "./phrases";

export const LISTING_NOT_FOUND = "Listing not found";

const iso = (ms: number) => new Date(ms).toISOString();
const asList = (value: unknown): string[] => (Array.isArray(value) ? value.filter((v): v is string => typeof v === "string") : []);

export function toSummary(row: Listing): ListingSummary {
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
  };
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

export interface NewListing extends ListingText {
  originalPrompt: string;
  platform: Platform | string;
  provider: string;
  source: "create" | "wizard" | "manual";
  ruleReport: RuleReport;
}

export async function insertListing(db: D1Database, userId: string, input: NewListing, now = Date.now()): Promise<Listing> {
  const [row] = await drizzle(db)
    .insert(listings)
    .values({ id: crypto.randomUUID(), userId, ...input, createdAt: now, updatedAt: now })
    .returning();
  await completeOnboardingStep(db, userId, "listing", now);
  return row;
}

/** POST /api/save-listing and POST /api/listings: the rules are enforced, then the listing is kept. */
export async function saveListing(db: D1Database, userId: string, input: SaveListingInput, now = Date.now()) {
  const originalPrompt = input.originalPrompt ?? "";
  const context: RuleContext = { productDescription: originalPrompt.trim() || input.description, keywords: [], platform: input.platform };
  const { listing, report } = enforceListingRules(
    { title: input.title, description: input.description, tags: input.tags, altTexts: input.altTexts },
    context,
  );
  return insertListing(db, userId, { ...listing, originalPrompt, platform: input.platform, provider: "manual", source: "manual", ruleReport: report }, now);
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

export interface ListQuery {
  q?: string;
  sort?: "newest" | "oldest";
  limit?: number;
  offset?: number;
}

/** The user's listings, newest first by default; `q` matches title, description or tags. */
export async function listListings(db: D1Database, userId: string, query: ListQuery = {}): Promise<Listing[]> {
  const conditions = [eq(listings.userId, userId)];
  const q = query.q?.trim();
  if (q) {
    const pattern = `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    conditions.push(
      sql`(${listings.title} LIKE ${pattern} ESCAPE '\\' OR ${listings.description} LIKE ${pattern} ESCAPE '\\' OR ${listings.tags} LIKE ${pattern} ESCAPE '\\')`,
    );
  }
  const order = query.sort === "oldest" ? [asc(listings.createdAt), asc(listings.id)] : [desc(listings.createdAt), desc(listings.id)];
  let select = drizzle(db)
    .select()
    .from(listings)
    .where(and(...conditions))
    .orderBy(...order)
    .$dynamic();
  if (query.limit !== undefined) select = select.limit(query.limit).offset(query.offset ?? 0);
  return select;
}

/** PUT /api/listings/:id: the changed fields, then every rule again over the whole listing. */
export async function updateListing(db: D1Database, userId: string, id: string, changes: UpdateListingInput, now = Date.now()): Promise<Listing> {
  const current = await getListing(db, userId, id);
  const originalPrompt = changes.originalPrompt === undefined ? current.originalPrompt : changes.originalPrompt ?? "";
  const merged: ListingText = {
    title: changes.title ?? current.title,
    description: changes.description ?? current.description,
    tags: changes.tags ?? asList(current.tags),
    altTexts: changes.altTexts ?? asList(current.altTexts),
  };
  const previous = current.ruleReport as RuleReport | null;
  const { listing, report } = enforceListingRules(merged, ruleContextOf({ ...current, originalPrompt }));
  const ruleReport: RuleReport = previous?.generation ? { ...report, generation: previous.generation } : report;
  const [row] = await drizzle(db)
    .update(listings)
    .set({ ...listing, originalPrompt, ruleReport, updatedAt: now })
    .where(and(eq(listings.id, id), eq(listings.userId, userId)))
    .returning();
  if (!row) throw notFound(LISTING_NOT_FOUND);
  return row;
}

/** Deletes a listing and the files attached to it (rows and R2 objects). */
export async function deleteListing(env: { DB: D1Database; FILES: R2Bucket }, userId: string, id: string): Promise<void> {
  const db = drizzle(env.DB);
  await getListing(env.DB, userId, id);
  const attached = await db
    .select({ id: files.id, r2Key: files.r2Key })
    .from(files)
    .where(and(eq(files.userId, userId), eq(files.listingId, id)));
  if (attached.length) await env.FILES.delete(attached.map((f) => f.r2Key));
  await db.batch([
    db.delete(files).where(and(eq(files.userId, userId), eq(files.listingId, id))),
    db.delete(listings).where(and(eq(listings.id, id), eq(listings.userId, userId))),
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

/** Writes a regenerated listing back, keeping its regeneration count. */
export async function replaceListingText(db: D1Database, userId: string, id: string, listing: ListingText, report: RuleReport, now = Date.now()): Promise<Listing> {
  const [row] = await drizzle(db)
    .update(listings)
    .set({
      ...listing,
      ruleReport: sql`json_set(${JSON.stringify(report)}, '$.generation', json(json_extract(${listings.ruleReport}, '$.generation')))`,
      updatedAt: now,
    })
    .where(and(eq(listings.id, id), eq(listings.userId, userId)))
    .returning();
  if (!row) throw notFound(LISTING_NOT_FOUND);
  return row;
}
