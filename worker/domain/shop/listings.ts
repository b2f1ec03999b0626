/**
 * The shop's listings as the My Shop table shows them (GET /api/shop/listings) and one of them with its audit
 * and pending proposal (GET /api/shop/listings/:id). Scores come from the `listing_audits` cache, refreshed
 * first, so a page of 5,000 listings sorts in SQL without auditing any of them again.
 */
import { and, eq } from "drizzle-orm";
import { drizzle } from "drizzle-orm/d1";
import { SHOP_LIMITS, type ShopListQuery, type ShopListingDetail, type ShopListingRow, type ShopListingsPage, type ShopVariation } from "../../../schema/api/shop";
import { listingProposals } from "../../../schema/db";
import { notFound } from "../../lib/errors";
import type { Grade } from "../../../shared/audit/types";
import { getListing, LISTING_NOT_FOUND, toDetail } from "../listings/store";
import { refreshAudits } from "./audits";
import { DAY_MS, dayStart, isoDay, mainCurrency, moneyList } from "./sales";
import { toShopProposal } from "./proposal-shape";

const ORDER_BY: Record<Exclude<ShopListQuery["sort"], "fix">, string> = {
  score: "a.score {dir}",
  title: "l.title COLLATE NOCASE {dir}",
  updated: "l.updated_at {dir}",
  revenue: "coalesce(s.revenue_main, 0) {dir}, coalesce(s.units, 0) {dir}",
  units: "coalesce(s.units, 0) {dir}, coalesce(s.revenue_main, 0) {dir}",
};

/** The ORDER BY of a sort. "fix" (fix these first) has one order: weak listings (C, D, F) first, a weak one that sells (most revenue at stake) before one that never sold, then the lowest score. */
function orderBy(sort: ShopListQuery["sort"], order: ShopListQuery["order"]): string {
  if (sort === "fix") return "(a.grade IN ('C', 'D', 'F')) DESC, coalesce(s.revenue_main, 0) DESC, coalesce(s.units, 0) DESC, a.score ASC, l.title COLLATE NOCASE ASC, l.id ASC";
  const dir = order === "desc" ? "DESC" : "ASC";
  return `${ORDER_BY[sort].replaceAll("{dir}", dir)}, l.title COLLATE NOCASE ${dir}, l.id ${dir}`;
}

const strings = (value: unknown): string[] => (Array.isArray(value) ? value.filter((v): v is string => typeof v === "string") : []);

export async function listShopListings(db: D1Database, userId: string, query: ShopListQuery, now = Date.now()): Promise<ShopListingsPage> {
  await refreshAudits(db, userId, now);
  const where = ["l.user_id = ?", "l.source = 'shop'"];
  const params: (string | number)[] = [userId];
  const q = query.q?.trim();
  if (q) {
    const pattern = `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    where.push("(l.title LIKE ? ESCAPE '\\' OR l.description LIKE ? ESCAPE '\\' OR l.tags LIKE ? ESCAPE '\\' OR coalesce(l.sku, '') LIKE ? ESCAPE '\\')");
    params.push(pattern, pattern, pattern, pattern);
  }
  if (query.grade) {
    const grades = [...new Set(query.grade.split(","))];
    where.push(`a.grade IN (${grades.map(() => "?").join(", ")})`);
    params.push(...grades);
  }
  if (query.issue) {
    where.push("EXISTS (SELECT 1 FROM json_each(a.finding_ids) j WHERE j.value = ?)");
    params.push(query.issue);
  }
  if (query.proposal === "pending") where.push("EXISTS (SELECT 1 FROM listing_proposals p WHERE p.listing_id = l.id AND p.user_id = l.user_id AND p.status = 'pending')");
  if (query.sold === "yes") where.push("coalesce(s.units, 0) > 0");
  if (query.sold === "no") where.push("coalesce(s.units, 0) = 0");
  // The period's sales per listing (the main currency's revenue is what the revenue sort compares).
  const currency = await mainCurrency(db, userId);
  const since = query.period === "all" ? 0 : dayStart(now) + DAY_MS - Number(query.period) * DAY_MS;
  const sales = `LEFT JOIN (SELECT listing_id, sum(quantity) AS units, count(DISTINCT coalesce(order_id, transaction_id)) AS orders,
                   sum(CASE WHEN currency = ? THEN revenue_minor ELSE 0 END) AS revenue_main, max(sale_date) AS last_sale
                 FROM shop_sales WHERE user_id = ? AND sale_date >= ? AND listing_id IS NOT NULL GROUP BY listing_id) s ON s.listing_id = l.id`;
  const from = `FROM listings l JOIN listing_audits a ON a.listing_id = l.id ${sales} WHERE ${where.join(" AND ")}`;
  const fromParams = [currency ?? "", userId, since, ...params];
  const pageSize = SHOP_LIMITS.pageSize;
  const [count, page] = await db.batch<Record<string, unknown>>([
    db.prepare(`SELECT count(*) AS total ${from}`).bind(...fromParams),
    db
      .prepare(
        `SELECT l.id, l.title, l.sku, l.price_minor, l.currency, l.quantity,
                coalesce(l.photo_count, json_array_length(l.image_urls)) AS photo_count, json_array_length(l.tags) AS tag_count,
                a.score, a.grade, l.updated_at,
                EXISTS (SELECT 1 FROM listing_proposals p WHERE p.listing_id = l.id AND p.user_id = l.user_id AND p.status = 'pending') AS has_proposal,
                coalesce(s.units, 0) AS units, coalesce(s.orders, 0) AS orders, s.last_sale
         ${from}
         ORDER BY ${orderBy(query.sort, query.order)}
         LIMIT ? OFFSET ?`,
      )
      .bind(...fromParams, pageSize, (query.page - 1) * pageSize),
  ]);
  const rows = page.results.map(toRow);
  // Revenue per currency of the page's listings.
  if (rows.length) {
    const revenue = await db
      .prepare(
        `SELECT listing_id, currency, sum(revenue_minor) AS minor FROM shop_sales
         WHERE user_id = ? AND sale_date >= ? AND listing_id IN (SELECT value FROM json_each(?)) GROUP BY listing_id, currency`,
      )
      .bind(userId, since, JSON.stringify(rows.map((r) => r.id)))
      .all<{ listing_id: string; currency: string; minor: number }>();
    const byListing = new Map<string, { currency: unknown; minor: unknown }[]>();
    for (const r of revenue.results) byListing.set(r.listing_id, [...(byListing.get(r.listing_id) ?? []), r]);
    for (const row of rows) row.revenue = moneyList(byListing.get(row.id) ?? []);
  }
  return {
    listings: rows,
    mainCurrency: currency,
    total: Number(count.results[0]?.total ?? 0),
    page: query.page,
    pageSize,
  };
}

function toRow(r: Record<string, unknown>): ShopListingRow {
  const num = (v: unknown) => (typeof v === "number" ? v : null);
  return {
    id: String(r.id),
    title: String(r.title),
    sku: typeof r.sku === "string" ? r.sku : null,
    priceMinor: num(r.price_minor),
    currency: typeof r.currency === "string" ? r.currency : null,
    quantity: num(r.quantity),
    photoCount: Number(r.photo_count ?? 0),
    tagCount: Number(r.tag_count ?? 0),
    score: Number(r.score),
    grade: String(r.grade) as Grade,
    updatedAt: new Date(Number(r.updated_at)).toISOString(),
    hasProposal: Number(r.has_proposal) === 1,
    units: Number(r.units ?? 0),
    orders: Number(r.orders ?? 0),
    revenue: [],
    lastSale: r.last_sale == null ? null : isoDay(Number(r.last_sale)),
  };
}

/** One shop listing of the user; another user's listing, or a listing that is not from the shop, is a 404. */
export async function shopListingDetail(db: D1Database, userId: string, id: string): Promise<ShopListingDetail> {
  const row = await getListing(db, userId, id);
  if (row.source !== "shop") throw notFound(LISTING_NOT_FOUND);
  const [pending] = await drizzle(db)
    .select()
    .from(listingProposals)
    .where(and(eq(listingProposals.listingId, id), eq(listingProposals.userId, userId), eq(listingProposals.status, "pending")))
    .limit(1);
  const detail = toDetail(row);
  return {
    listing: {
      ...detail,
      sku: row.sku,
      priceMinor: row.priceMinor,
      currency: row.currency,
      quantity: row.quantity,
      materials: strings(row.materials),
      imageUrls: strings(row.imageUrls),
      variations: Array.isArray(row.variations) ? (row.variations as ShopVariation[]) : [],
      photoCount: row.photoCount,
      shopTitle: row.shopTitle,
    },
    audit: detail.audit,
    proposal: pending ? toShopProposal(pending) : null,
  };
}
