/**
 * My Shop sales (issue 28, decision 0035): the seller's real sales from Etsy's sold order items file, stored
 * without any buyer data, matched to the listings, and summed per listing and for the shop.
 *
 * Matching, in this order: the Etsy listing id (listings imported from the Etsy API carry it), the SKU,
 * the title the listing had on the sale date (its versions keep every title it had and since when), and a
 * title it had at some other time (a sale before the listing was renamed here). A title matches only when
 * exactly one listing had it; anything else stays unmatched and is reported, never guessed.
 */
import { SALES_LIMITS, type Money, type SalesFigures, type SalesImportResult, type ShopSales, type UnmatchedSale } from "../../../schema/api/shop-sales";
import { decodeEntities } from "./csv";
import { readEtsySales, type SaleRow } from "./sales-csv";

export const DAY_MS = 86_400_000;
/** Statements per D1 batch of the sales import. */
const SALES_BATCH = 100;

export const dayStart = (ms: number) => Math.floor(ms / DAY_MS) * DAY_MS;
export const isoDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);
/** How titles are compared: entities decoded, spaces collapsed, case ignored. */
const titleKey = (title: string) => decodeEntities(title).replace(/\s+/g, " ").trim().toLowerCase();

type MatchedBy = "etsy-id" | "sku" | "title" | "old-title";

interface TitleSpan {
  listingId: string;
  /** The day the title started (first version: -Infinity), inclusive. */
  from: number;
  /** When the next version replaced it (ms), exclusive; Infinity for the current one. */
  to: number;
}

/** What the shop's listings can be matched by. */
async function loadMatcher(db: D1Database, userId: string) {
  const [listingRows, versionRows] = await db.batch<Record<string, unknown>>([
    db.prepare("SELECT id, sku, etsy_listing_id, title, shop_title FROM listings WHERE user_id = ? AND source = 'shop'").bind(userId),
    db
      .prepare(
        `SELECT v.listing_id, v.version, v.created_at, json_extract(v.snapshot, '$.title') AS title
         FROM listing_versions v JOIN listings l ON l.id = v.listing_id
         WHERE l.user_id = ? AND l.source = 'shop' ORDER BY v.listing_id, v.version`,
      )
      .bind(userId),
  ]);
  const byEtsyId = new Map<string, string>();
  const bySku = new Map<string, string | null>();
  const spans = new Map<string, TitleSpan[]>();
  const addSpan = (title: unknown, span: TitleSpan) => {
    if (typeof title !== "string" || !title.trim()) return;
    const k = titleKey(title);
    spans.set(k, [...(spans.get(k) ?? []), span]);
  };
  for (const r of listingRows.results) {
    const id = String(r.id);
    if (typeof r.etsy_listing_id === "string" && r.etsy_listing_id) byEtsyId.set(r.etsy_listing_id, id);
    // Two listings with one SKU cannot be told apart by it.
    if (typeof r.sku === "string" && r.sku) bySku.set(r.sku, bySku.has(r.sku) ? null : id);
  }
  const versions = versionRows.results;
  const withVersions = new Set<string>();
  for (let i = 0; i < versions.length; i++) {
    const v = versions[i];
    const id = String(v.listing_id);
    const next = versions[i + 1];
    const first = i === 0 || String(versions[i - 1].listing_id) !== id;
    withVersions.add(id);
    addSpan(v.title, { listingId: id, from: first ? -Infinity : dayStart(Number(v.created_at)), to: next && String(next.listing_id) === id ? Number(next.created_at) : Infinity });
  }
  for (const r of listingRows.results) {
    const id = String(r.id);
    // A listing without versions (none kept) still has its title and the title the shop had.
    if (!withVersions.has(id)) addSpan(r.title, { listingId: id, from: -Infinity, to: Infinity });
    if (r.shop_title !== r.title) addSpan(r.shop_title, { listingId: id, from: Infinity, to: Infinity });
  }
  const only = (ids: Iterable<string>) => {
    const set = new Set(ids);
    return set.size === 1 ? [...set][0] : null;
  };
  return {
    match(sale: Pick<SaleRow, "etsyListingId" | "sku" | "itemName" | "saleDate">): { listingId: string; by: MatchedBy } | null {
      if (sale.etsyListingId) {
        const id = byEtsyId.get(sale.etsyListingId);
        if (id) return { listingId: id, by: "etsy-id" };
      }
      if (sale.sku) {
        const id = bySku.get(sale.sku);
        if (id) return { listingId: id, by: "sku" };
      }
      const candidates = spans.get(titleKey(sale.itemName)) ?? [];
      const onDay = only(candidates.filter((s) => s.from <= sale.saleDate && sale.saleDate < s.to).map((s) => s.listingId));
      if (onDay) return { listingId: onDay, by: "title" };
      const ever = only(candidates.map((s) => s.listingId));
      if (ever) return { listingId: ever, by: "old-title" };
      return null;
    },
  };
}

/**
 * POST /api/shop/sales/import: Etsy's sold order items file (or orders file), streamed, stored for the user.
 * The whole file is read and checked before the first write (a wrong file is a 400, too large a 413, and
 * nothing is stored then). A transaction already stored is not added again; one stored unmatched is matched
 * now if a listing fits.
 */
export async function importEtsySales(db: D1Database, userId: string, bytes: AsyncIterable<Uint8Array>, now = Date.now()): Promise<SalesImportResult> {
  const result: SalesImportResult = {
    kind: "items",
    rows: 0,
    added: 0,
    duplicates: 0,
    matched: { etsyId: 0, sku: 0, title: 0, oldTitle: 0 },
    unmatched: [],
    unmatchedCount: 0,
    skipped: 0,
    errors: [],
    ignoredColumns: [],
  };
  const sales: SaleRow[] = [];
  const seen = new Set<string>();
  for await (const item of readEtsySales(bytes, (kind, ignored) => {
    result.kind = kind;
    result.ignoredColumns = ignored;
  })) {
    result.rows++;
    if ("error" in item) {
      result.skipped++;
      result.errors.push({ row: item.row, message: item.error });
      continue;
    }
    if (seen.has(item.transactionId)) {
      result.duplicates++;
      continue;
    }
    seen.add(item.transactionId);
    sales.push(item);
  }

  const matcher = await loadMatcher(db, userId);
  const statements: D1PreparedStatement[] = [];
  const unmatched: UnmatchedSale[] = [];
  for (const sale of sales) {
    const hit = matcher.match(sale);
    if (hit) result.matched[hit.by === "etsy-id" ? "etsyId" : hit.by === "old-title" ? "oldTitle" : hit.by]++;
    else unmatched.push({ row: sale.row, itemName: sale.itemName, sku: sale.sku, etsyListingId: sale.etsyListingId, saleDate: isoDay(sale.saleDate) });
    statements.push(
      db
        .prepare(
          `INSERT INTO shop_sales (id, user_id, transaction_id, order_id, listing_id, etsy_listing_id, sku, item_name, sale_date, quantity, revenue_minor, currency, matched_by, imported_at)
           VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
           ON CONFLICT (user_id, transaction_id) DO UPDATE SET listing_id = excluded.listing_id, matched_by = excluded.matched_by
             WHERE shop_sales.listing_id IS NULL AND excluded.listing_id IS NOT NULL
           RETURNING imported_at`,
        )
        .bind(
          crypto.randomUUID(),
          userId,
          sale.transactionId,
          sale.orderId,
          hit?.listingId ?? null,
          sale.etsyListingId,
          sale.sku,
          sale.itemName,
          sale.saleDate,
          sale.quantity,
          sale.revenueMinor,
          sale.currency,
          hit?.by ?? null,
          now,
        ),
    );
  }
  for (let i = 0; i < statements.length; i += SALES_BATCH) {
    const results = await db.batch<{ imported_at: number }>(statements.slice(i, i + SALES_BATCH));
    for (const r of results) {
      if (r.results.length && Number(r.results[0].imported_at) === now) result.added++;
      else result.duplicates++;
    }
  }
  result.unmatchedCount = unmatched.length;
  result.unmatched = unmatched.slice(0, SALES_LIMITS.unmatchedListed);
  result.errors.sort((a, b) => a.row - b.row);
  return result;
}

// ---- Figures ------------------------------------------------------------------------------------------

/** Revenue rows (currency, minor) as Money, largest first. */
export function moneyList(rows: { currency: unknown; minor: unknown }[]): Money[] {
  return rows
    .map((r) => ({ currency: String(r.currency), minor: Number(r.minor ?? 0) }))
    .filter((m) => m.minor > 0)
    .sort((a, b) => b.minor - a.minor || a.currency.localeCompare(b.currency));
}

/** The currency most of the user's sales are in (what the revenue sort compares), or null without sales. */
export async function mainCurrency(db: D1Database, userId: string): Promise<string | null> {
  const row = await db
    .prepare("SELECT currency FROM shop_sales WHERE user_id = ? GROUP BY currency ORDER BY count(*) DESC, sum(revenue_minor) DESC, currency LIMIT 1")
    .bind(userId)
    .first<{ currency: string }>();
  return row?.currency ?? null;
}

/** Sales of the user (of one listing, or matched to any) from `from` (inclusive) to `to` (exclusive), ms. */
async function figures(db: D1Database, userId: string, range: { from: number; to: number; listingId?: string; days: number | null }): Promise<SalesFigures> {
  const where = `user_id = ? AND sale_date >= ? AND sale_date < ? AND ${range.listingId ? "listing_id = ?" : "1 = 1"}`;
  const params = range.listingId ? [userId, range.from, range.to, range.listingId] : [userId, range.from, range.to];
  const [totals, revenue] = await db.batch<Record<string, unknown>>([
    db.prepare(`SELECT coalesce(sum(quantity), 0) AS units, count(DISTINCT coalesce(order_id, transaction_id)) AS orders FROM shop_sales WHERE ${where}`).bind(...params),
    db.prepare(`SELECT currency, sum(revenue_minor) AS minor FROM shop_sales WHERE ${where} GROUP BY currency`).bind(...params),
  ]);
  return {
    days: range.days,
    units: Number(totals.results[0]?.units ?? 0),
    orders: Number(totals.results[0]?.orders ?? 0),
    revenue: moneyList(revenue.results as { currency: unknown; minor: unknown }[]),
  };
}

/** The 30/90/365-day periods ending today (and all time), for the shop or one listing. */
export async function periodFigures(db: D1Database, userId: string, now: number, listingId?: string): Promise<SalesFigures[]> {
  const end = dayStart(now) + DAY_MS;
  return Promise.all([
    ...SALES_LIMITS.periods.map((days) => figures(db, userId, { from: end - days * DAY_MS, to: end, listingId, days })),
    figures(db, userId, { from: 0, to: Number.MAX_SAFE_INTEGER, listingId, days: null }),
  ]);
}

const BEST_SELLERS = 10;
const NEVER_SOLD_LISTED = 10;

/** GET /api/shop/sales: the shop's sales over 30/90/365 days and all time, best sellers (365 days) and listings that never sold. */
export async function shopSales(db: D1Database, userId: string, now = Date.now()): Promise<ShopSales> {
  const span = await db
    .prepare("SELECT min(sale_date) AS first, max(sale_date) AS last, count(*) AS n, coalesce(sum(listing_id IS NULL), 0) AS unmatched FROM shop_sales WHERE user_id = ?")
    .bind(userId)
    .first<{ first: number | null; last: number | null; n: number; unmatched: number }>();
  const imported = (span?.n ?? 0) > 0;
  const since = dayStart(now) + DAY_MS - 365 * DAY_MS;
  const [best, bestRevenue, never, neverCount] = await db.batch<Record<string, unknown>>([
    db
      .prepare(
        `SELECT s.listing_id AS id, l.title, sum(s.quantity) AS units, max(s.sale_date) AS last
         FROM shop_sales s JOIN listings l ON l.id = s.listing_id
         WHERE s.user_id = ? AND s.sale_date >= ? GROUP BY s.listing_id ORDER BY units DESC, l.title COLLATE NOCASE LIMIT ?`,
      )
      .bind(userId, since, BEST_SELLERS),
    db
      .prepare(
        `SELECT listing_id AS id, currency, sum(revenue_minor) AS minor FROM shop_sales
         WHERE user_id = ? AND sale_date >= ? AND listing_id IS NOT NULL GROUP BY listing_id, currency`,
      )
      .bind(userId, since),
    db
      .prepare(
        `SELECT l.id, l.title FROM listings l WHERE l.user_id = ? AND l.source = 'shop'
         AND NOT EXISTS (SELECT 1 FROM shop_sales s WHERE s.user_id = l.user_id AND s.listing_id = l.id)
         ORDER BY l.title COLLATE NOCASE LIMIT ?`,
      )
      .bind(userId, NEVER_SOLD_LISTED),
    db
      .prepare(
        `SELECT count(*) AS n FROM listings l WHERE l.user_id = ? AND l.source = 'shop'
         AND NOT EXISTS (SELECT 1 FROM shop_sales s WHERE s.user_id = l.user_id AND s.listing_id = l.id)`,
      )
      .bind(userId),
  ]);
  const revenueOf = new Map<string, { currency: unknown; minor: unknown }[]>();
  for (const r of bestRevenue.results) revenueOf.set(String(r.id), [...(revenueOf.get(String(r.id)) ?? []), { currency: r.currency, minor: r.minor }]);
  return {
    imported,
    mainCurrency: imported ? await mainCurrency(db, userId) : null,
    firstSale: span?.first != null ? isoDay(span.first) : null,
    lastSale: span?.last != null ? isoDay(span.last) : null,
    periods: imported ? await periodFigures(db, userId, now) : [],
    bestSellers: best.results.map((r) => ({
      id: String(r.id),
      title: String(r.title),
      units: Number(r.units),
      revenue: moneyList(revenueOf.get(String(r.id)) ?? []),
      lastSale: isoDay(Number(r.last)),
    })),
    neverSold: { count: Number(neverCount.results[0]?.n ?? 0), listings: never.results.map((r) => ({ id: String(r.id), title: String(r.title) })) },
    unmatched: Number(span?.unmatched ?? 0),
  };
}
