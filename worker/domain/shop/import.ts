/**
 * My Shop import: a seller's existing listings (rows of Etsy's listings CSV, or listings of the Etsy API)
 * stored as the seller's own listings (source "shop"). Re-importing the same rows changes nothing: a row is
 * matched to a listing by its Etsy listing id, else its SKU, else the title the shop had (`shop_title`, in
 * its normal form: worker/lib/name-key.ts), and compared by `import_hash` (SHA-256 over the row's
 * normalised fields). A changed row updates its listing through a new version (reason "import"), so nothing
 * the seller had is lost. Everything is read first and written after, in D1 batches: a file over the limits
 * is refused before anything is written.
 *
 * Concurrent imports (decision 0029): the key a row is matched on is stored as `shop_key`, unique per user.
 * A new listing is inserted with ON CONFLICT DO NOTHING; a row whose insert found its key taken (another
 * import wrote it meanwhile) is matched to that listing and compared like any other, so two imports of one
 * file at the same time write each row once, and versions are not doubled.
 */
import { and, eq, inArray, sql } from "drizzle-orm";
import { drizzle } from "drizzle-orm/d1";
import { STORAGE_PLANS } from "../../../schema/api/storage";
import { SHOP_LIMITS, type ShopImportResult, type ShopListingInput, type ShopVariation } from "../../../schema/api/shop";
import { listings, type Listing } from "../../../schema/db";
import { nameKey } from "../../lib/name-key";
import { readEtsyListings, tooManyRows, type ShopImportItem } from "./csv";
import { readStorageUsage } from "../storage/meter";
import { snapshotOf, versionStatements } from "../listings/version-rows";
import { auditStatement, shopListingScore } from "./audits";
import type { Db } from "../../lib/db";

export type { ShopImportItem };

/** Rows written per D1 batch: each new row is 3 statements (+1 cap guard per batch), each changed row 4. */
const IMPORT_BATCH_ROWS = 50;
/** Ids per cap guard (a batch's new listings are checked in groups, within D1's bound parameters). */
const GUARD_IDS = 50;
/** Ids per `IN (...)` query (D1 allows 100 bound parameters per statement). */
const ID_CHUNK = 90;

const clean = (text: string) => text.replace(/\s+/g, " ").trim();
const list = (values: string[]) => values.map(clean).filter(Boolean);

/** The fields of an input as they are stored and hashed: trimmed, line endings as \n, empty entries dropped. */
function normalizeShopInput(input: ShopListingInput): ShopListingInput {
  const variations: ShopVariation[] = input.variations.map((v) => ({ type: clean(v.type), values: list(v.values) })).filter((v) => v.type || v.values.length);
  const money = input.priceMinor;
  const quantity = input.quantity;
  return {
    title: clean(input.title),
    description: input.description
      .replace(/\r\n?/g, "\n")
      .replace(/[ \t]+\n/g, "\n")
      .trim(),
    priceMinor: typeof money === "number" && Number.isSafeInteger(money) && money >= 0 ? money : null,
    currency: input.currency && /^[A-Za-z]{3}$/.test(input.currency.trim()) ? input.currency.trim().toUpperCase() : null,
    quantity: typeof quantity === "number" && Number.isSafeInteger(quantity) && quantity >= 0 ? quantity : null,
    tags: list(input.tags),
    materials: list(input.materials),
    imageUrls: input.imageUrls.map((u) => u.trim()).filter(Boolean),
    variations,
    sku: input.sku && clean(input.sku) ? clean(input.sku) : null,
    etsyListingId: input.etsyListingId && input.etsyListingId.trim() ? input.etsyListingId.trim() : null,
  };
}

/** SHA-256 (hex) over the normalised row: what a re-import compares. */
async function importHashOf(input: ShopListingInput): Promise<string> {
  const n = input;
  const canonical = JSON.stringify([n.title, n.description, n.priceMinor, n.currency, n.quantity, n.tags, n.materials, n.imageUrls, n.variations.map((v) => [v.type, v.values]), n.sku]);
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(canonical));
  return [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, "0")).join("");
}

/** The key a row is matched on, unique per user (`listings.shop_key`). */
function shopKeyOf(input: ShopListingInput): string {
  if (input.etsyListingId) return `etsy:${input.etsyListingId}`;
  if (input.sku) return `sku:${input.sku}`;
  return `title:${nameKey(input.title)}`;
}

interface Existing {
  id: string;
  sku: string | null;
  shopTitle: string | null;
  etsyListingId: string | null;
  importHash: string | null;
  version: number;
}

interface Planned {
  row: number;
  input: ShopListingInput;
  hash: string;
}

/** The columns an input sets on its listing (new or updated). */
function shopColumns(input: ShopListingInput, hash: string) {
  return {
    title: input.title,
    description: input.description,
    tags: input.tags,
    sku: input.sku,
    shopTitle: input.title,
    ...(input.etsyListingId ? { etsyListingId: input.etsyListingId } : {}),
    priceMinor: input.priceMinor,
    currency: input.currency,
    quantity: input.quantity,
    materials: input.materials,
    imageUrls: input.imageUrls,
    variations: input.variations,
    photoCount: input.imageUrls.length,
    importHash: hash,
    shopKey: shopKeyOf(input),
  };
}

async function* iterate<T>(items: AsyncIterable<T> | Iterable<T>): AsyncGenerator<T> {
  for await (const item of items as AsyncIterable<T>) yield item;
}

/**
 * Imports listings for the user: creates the new ones (each with its version 1 and its cached audit),
 * updates the changed ones through a new version, leaves the unchanged ones alone, and reports every row it
 * did not import. More than SHOP_LIMITS.importRowsMax items is a 413 before anything is written. Rows past
 * the plan's saved-listing cap are skipped, each with an error naming the limit.
 */
export async function upsertShopListings(db: D1Database, userId: string, inputs: AsyncIterable<ShopImportItem> | Iterable<ShopImportItem>, now = Date.now()): Promise<ShopImportResult> {
  const result: ShopImportResult = { imported: 0, updated: 0, unchanged: 0, skipped: 0, errors: [] };
  const fail = (row: number, message: string) => {
    result.skipped++;
    result.errors.push({ row, message });
  };

  // 1. Read everything (the caller's source streams); nothing is written until the whole input was accepted.
  // Only the normalised copy of a row is kept (fresh strings: the parser's pieces of the file are let go).
  const items: ShopImportItem[] = [];
  for await (const item of iterate(inputs)) {
    items.push("input" in item ? { row: item.row, input: normalizeShopInput(item.input) } : item);
    if (items.length > SHOP_LIMITS.importRowsMax) throw tooManyRows();
  }

  // 2. Match each row to an existing shop listing of this user.
  const existing = await drizzle(db)
    .select({ id: listings.id, sku: listings.sku, shopTitle: listings.shopTitle, etsyListingId: listings.etsyListingId, importHash: listings.importHash, version: listings.version })
    .from(listings)
    .where(and(eq(listings.userId, userId), eq(listings.source, "shop")))
    // Keyed listings first: a copy the migration detached (no key) is matched only when no keyed listing is.
    .orderBy(sql`${listings.shopKey} IS NULL`, listings.createdAt, listings.id);
  const bySku = new Map<string, Existing>();
  const byEtsyId = new Map<string, Existing>();
  const byTitle = new Map<string, Existing[]>();
  for (const e of existing) {
    if (e.sku && !bySku.has(e.sku)) bySku.set(e.sku, e);
    if (e.etsyListingId && !byEtsyId.has(e.etsyListingId)) byEtsyId.set(e.etsyListingId, e);
    if (e.shopTitle) {
      const key = nameKey(e.shopTitle);
      byTitle.set(key, [...(byTitle.get(key) ?? []), e]);
    }
  }
  const claimed = new Set<string>();
  const seenSku = new Map<string, number>();
  const seenTitle = new Map<string, number>();
  const creates: Planned[] = [];
  const updates: (Planned & { target: Existing })[] = [];

  for (const item of items) {
    if ("error" in item) {
      fail(item.row, item.error);
      continue;
    }
    const input = item.input;
    if (!input.title) {
      fail(item.row, `Row ${item.row} has no title. Every Etsy listing has one; the row was skipped.`);
      continue;
    }
    if (input.sku) {
      const first = seenSku.get(input.sku);
      if (first !== undefined) {
        fail(item.row, `Row ${item.row} has the same SKU "${input.sku}" as row ${first}. Each listing's SKU must be unique in the file; the row was skipped.`);
        continue;
      }
      seenSku.set(input.sku, item.row);
    } else {
      const first = seenTitle.get(nameKey(input.title));
      if (first !== undefined) {
        fail(item.row, `Row ${item.row} has the same title as row ${first} and neither has a SKU, so they cannot be told apart. Give each a SKU in Etsy; the row was skipped.`);
        continue;
      }
      seenTitle.set(nameKey(input.title), item.row);
    }
    const free = (e: Existing | undefined) => (e && !claimed.has(e.id) ? e : undefined);
    const target =
      (input.etsyListingId ? free(byEtsyId.get(input.etsyListingId)) : undefined) ??
      (input.sku ? free(bySku.get(input.sku)) : undefined) ??
      (byTitle.get(nameKey(input.title)) ?? []).find((e) => !claimed.has(e.id) && (!input.sku || !e.sku));
    const hash = await importHashOf(input);
    if (!target) {
      creates.push({ row: item.row, input, hash });
      continue;
    }
    claimed.add(target.id);
    if (target.importHash === hash) result.unchanged++;
    else updates.push({ row: item.row, input, hash, target });
  }

  // 3. Updates: each changed listing gets the next version, written only if nobody changed it meanwhile.
  const d = drizzle(db);
  await applyUpdates(db, userId, updates, result, fail, now);

  // 4. New listings, within the plan's cap; the guard in each batch takes back any that a concurrent save pushed over it.
  const usage = await readStorageUsage(db, userId);
  let room = Math.max(0, usage.listingsLimit - usage.listings);
  const capMessage = (row: number) =>
    `Row ${row} was not imported: the ${usage.plan} plan keeps at most ${usage.listingsLimit.toLocaleString("en-US")} saved listings. Delete listings you no longer need, or upgrade, and import the file again to add the rest.`;
  const allowed: Planned[] = [];
  const taken: Planned[] = [];
  for (const c of creates) {
    if (room > 0) {
      allowed.push(c);
      room--;
    } else fail(c.row, capMessage(c.row));
  }
  for (let i = 0; i < allowed.length; i += IMPORT_BATCH_ROWS) {
    const chunk = allowed.slice(i, i + IMPORT_BATCH_ROWS);
    const statements = [];
    const ids = chunk.map(() => crypto.randomUUID());
    for (const [k, c] of chunk.entries()) {
      const id = ids[k];
      const values = {
        id,
        userId,
        ...shopColumns(c.input, c.hash),
        altTexts: [] as string[],
        originalPrompt: "",
        platform: "etsy",
        provider: "etsy-csv",
        source: "shop" as const,
        ruleReport: null,
        generationPrompt: null,
        version: 1,
        // A millisecond apart in the file's order, so My Listings' newest first shows them as the file has them (its first row first).
        createdAt: now - (i + k),
        updatedAt: now,
      };
      if (c.input.etsyListingId) values.provider = "etsy-api";
      statements.push(
        // A key another import wrote meanwhile: nothing is inserted, and the version and audit rows below
        // (INSERT ... SELECT from this listing) find no listing and add nothing.
        d.insert(listings).values(values).onConflictDoNothing().returning({ id: listings.id }),
        versionStatements(d, { listingId: id, userId, version: 1, snapshot: snapshotOf(values as Listing), reason: "import", now })[0],
        auditStatement(d, { listingId: id, userId, version: 1, score: shopListingScore(values as Listing), now }),
      );
    }
    const guards = [];
    for (let g = 0; g < ids.length; g += GUARD_IDS) guards.push(capGuard(d, userId, ids.slice(g, g + GUARD_IDS)));
    const results = await d.batch([...statements, ...guards] as unknown as [(typeof statements)[number]]);
    const refused = new Set(results.slice(statements.length).flatMap((r) => (r as unknown as { id: string }[]).map((x) => x.id)));
    chunk.forEach((c, k) => {
      if ((results[k * 3] as unknown as { id: string }[]).length === 0) taken.push(c);
      else if (refused.has(ids[k])) fail(c.row, capMessage(c.row));
      else result.imported++;
    });
  }

  // 5. Rows whose key another import took meanwhile: matched to that listing, unchanged or updated like any other.
  if (taken.length) {
    const found = await readByKey(
      db,
      userId,
      taken.map((c) => shopKeyOf(c.input)),
    );
    const late: (Planned & { target: Existing })[] = [];
    for (const c of taken) {
      const target = found.get(shopKeyOf(c.input));
      if (!target) fail(c.row, `Row ${c.row} was not imported: its listing changed while the file was being imported. Import the file again.`);
      else if (target.importHash === c.hash) result.unchanged++;
      else late.push({ ...c, target });
    }
    await applyUpdates(db, userId, late, result, fail, now);
  }
  result.errors.sort((a, b) => a.row - b.row);
  return result;
}

const CHANGED_MEANWHILE = (row: number) => `Row ${row} was not imported: its listing changed while the file was being imported. Import the file again.`;

/**
 * Writes each changed row as its listing's next version, only where the listing is still at the version it
 * was read at. A listing another import brought to this very row meanwhile counts as unchanged; one changed
 * otherwise is reported. A batch refused by the unique key (two listings trading SKUs in one file) is
 * written row by row, so only the rows that cannot be written are reported.
 */
async function applyUpdates(db: D1Database, userId: string, updates: (Planned & { target: Existing })[], result: ShopImportResult, fail: (row: number, message: string) => void, now: number) {
  const d = drizzle(db);
  for (let i = 0; i < updates.length; i += IMPORT_BATCH_ROWS) {
    const chunk = updates.slice(i, i + IMPORT_BATCH_ROWS);
    const rows = await readRows(
      db,
      userId,
      chunk.map((u) => u.target.id),
    );
    const written: { u: (typeof chunk)[number]; statements: unknown[] }[] = [];
    for (const u of chunk) {
      const current = rows.get(u.target.id);
      if (!current || current.version !== u.target.version) {
        if (current?.importHash === u.hash) result.unchanged++;
        else fail(u.row, CHANGED_MEANWHILE(u.row));
        continue;
      }
      const set = shopColumns(u.input, u.hash);
      const next = { ...current, ...set } as Listing;
      const version = current.version + 1;
      written.push({
        u,
        statements: [
          d
            .update(listings)
            .set({ ...set, version, updatedAt: now })
            .where(and(eq(listings.id, current.id), eq(listings.userId, userId), eq(listings.version, current.version)))
            .returning({ id: listings.id }),
          ...versionStatements(d, { listingId: current.id, userId, version, snapshot: snapshotOf(next), reason: "import", now }),
          auditStatement(d, { listingId: current.id, userId, version, score: shopListingScore(next), now }),
        ],
      });
    }
    if (!written.length) continue;
    let outcomes: boolean[];
    try {
      outcomes = await runUpdates(d, written);
    } catch (error) {
      if (!isUniqueViolation(error)) throw error;
      outcomes = [];
      for (const w of written) {
        try {
          outcomes.push(...(await runUpdates(d, [w])));
        } catch (e) {
          if (!isUniqueViolation(e)) throw e;
          outcomes.push(false);
          fail(
            w.u.row,
            `Row ${w.u.row} was not imported: another of your shop listings already has its ${w.u.input.etsyListingId ? "Etsy listing id" : w.u.input.sku ? `SKU "${w.u.input.sku}"` : "title"}.`,
          );
          w.u.row = -1;
        }
      }
    }
    const lost: typeof chunk = [];
    written.forEach((w, k) => {
      if (w.u.row === -1) return;
      if (outcomes[k]) result.updated++;
      else lost.push(w.u);
    });
    if (lost.length) {
      // Changed meanwhile: by another import of the same row (unchanged now), or by something else.
      const now2 = await readRows(
        db,
        userId,
        lost.map((u) => u.target.id),
      );
      for (const u of lost) {
        if (now2.get(u.target.id)?.importHash === u.hash) result.unchanged++;
        else fail(u.row, CHANGED_MEANWHILE(u.row));
      }
    }
  }
}

/** Runs the rows' statements in one batch; answers, per row, whether its listing was updated. */
async function runUpdates(d: Db, written: { statements: unknown[] }[]): Promise<boolean[]> {
  const statements = written.flatMap((w) => w.statements);
  const results = await d.batch(statements as unknown as Parameters<Db["batch"]>[0]);
  const out: boolean[] = [];
  let at = 0;
  for (const w of written) {
    out.push((results[at] as unknown as { id: string }[]).length > 0);
    at += w.statements.length;
  }
  return out;
}

function isUniqueViolation(error: unknown) {
  const text = error instanceof Error ? `${error.message} ${String((error as { cause?: unknown }).cause ?? "")}` : String(error);
  return /UNIQUE constraint failed/i.test(text);
}

/** The user's shop listings with these keys, by key. */
async function readByKey(db: D1Database, userId: string, keys: string[]): Promise<Map<string, Existing>> {
  const out = new Map<string, Existing>();
  for (let i = 0; i < keys.length; i += ID_CHUNK) {
    const rows = await drizzle(db)
      .select({
        id: listings.id,
        sku: listings.sku,
        shopTitle: listings.shopTitle,
        etsyListingId: listings.etsyListingId,
        importHash: listings.importHash,
        version: listings.version,
        shopKey: listings.shopKey,
      })
      .from(listings)
      .where(and(eq(listings.userId, userId), inArray(listings.shopKey, keys.slice(i, i + ID_CHUNK))));
    for (const r of rows) if (r.shopKey) out.set(r.shopKey, r);
  }
  return out;
}

/**
 * The statement that takes a batch's new listings back when, with them, the owner is over the plan's cap: the
 * room was counted before writing, so this only fires when other saves raced the import. Their version and
 * audit rows go with them (ON DELETE CASCADE), so nothing is left half-written. Runs last in the batch.
 */
export function capGuard(d: Db, userId: string, ids: string[]) {
  const free = sql.raw(`${STORAGE_PLANS.free.listings}`);
  const premium = sql.raw(`${STORAGE_PLANS.premium.listings}`);
  return d
    .delete(listings)
    .where(
      and(
        eq(listings.userId, userId),
        inArray(listings.id, ids),
        sql`(SELECT count(*) FROM listings WHERE user_id = ${userId}) > (CASE WHEN (SELECT plan FROM users WHERE id = ${userId}) = 'premium' THEN ${premium} ELSE ${free} END)`,
      ),
    )
    .returning({ id: listings.id });
}

async function readRows(db: D1Database, userId: string, ids: string[]): Promise<Map<string, Listing>> {
  const out = new Map<string, Listing>();
  for (let i = 0; i < ids.length; i += ID_CHUNK) {
    const rows = await drizzle(db)
      .select()
      .from(listings)
      .where(and(eq(listings.userId, userId), inArray(listings.id, ids.slice(i, i + ID_CHUNK))));
    for (const r of rows) out.set(r.id, r);
  }
  return out;
}

/**
 * POST /api/shop/import: Etsy's listings CSV, streamed (`bytes` is the file's bytes as they arrive), imported
 * for the user. The whole file is read and checked before the first write: a wrong file is a 400, a file
 * over the limits a 413, and in both cases nothing was imported.
 */
export async function importEtsyCsv(db: D1Database, userId: string, bytes: AsyncIterable<Uint8Array>, now = Date.now()): Promise<ShopImportResult> {
  return upsertShopListings(db, userId, readEtsyListings(bytes), now);
}
