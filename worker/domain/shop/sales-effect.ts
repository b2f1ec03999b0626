/**
 * "Did the change help?" (issue 28, decision 0035): for each change of a shop listing (a version written
 * by an accepted proposal, an edit, a one-click fix or a restore), the listing's sales in equal periods
 * before and after the day it was made. The periods stop at the neighbouring changes (so one change's
 * "after" is not another's), at the first and the last day the imported sales cover, and at 90 days.
 * Under EFFECT_RULE the answer is "too early to tell"; above it, what the numbers show, never why.
 */
import { EFFECT_RULE, type EffectSide, type ListingSales, type ShopChanges, type VersionEffect } from "../../../schema/api/shop-sales";
import { notFound } from "../../lib/errors";
import { getListing, LISTING_NOT_FOUND } from "../listings/store";
import { DAY_MS, dayStart, isoDay, moneyList, periodFigures } from "./sales";

/** Versions that changed the listing here (an import only records what Etsy had). */
const CHANGE_REASONS = ["accept", "edit", "fix", "restore", "regenerated"] as const;
const CHANGES_LISTED = 200;

interface ChangeRow {
  listingId: string;
  title: string;
  version: number;
  reason: string;
  createdAt: number;
  /** The day of the previous and the next change of the same listing (ms), if any. */
  previous: number | null;
  next: number | null;
}

/** The verdict of a before/after under EFFECT_RULE. */
export function verdictOf(before: Pick<EffectSide, "orders" | "days">, after: Pick<EffectSide, "orders" | "days">): Pick<VersionEffect, "verdict" | "reasonTooEarly"> {
  if (after.days < EFFECT_RULE.minDays || before.days < EFFECT_RULE.minDays) return { verdict: "too-early", reasonTooEarly: "days" };
  if (before.orders + after.orders < EFFECT_RULE.minOrders) return { verdict: "too-early", reasonTooEarly: "orders" };
  const difference = after.orders - before.orders;
  const needed = Math.max(EFFECT_RULE.minOrderDifference, Math.ceil(EFFECT_RULE.minRelativeDifference * Math.max(before.orders, after.orders)));
  if (Math.abs(difference) < needed) return { verdict: "same", reasonTooEarly: null };
  return { verdict: difference > 0 ? "more" : "fewer", reasonTooEarly: null };
}

async function effectsOf(db: D1Database, userId: string, changes: ChangeRow[], now: number): Promise<VersionEffect[]> {
  if (!changes.length) return [];
  const span = await db.prepare("SELECT min(sale_date) AS first, max(sale_date) AS last FROM shop_sales WHERE user_id = ?").bind(userId).first<{ first: number | null; last: number | null }>();
  // The sales cover [first, last] (days): what is outside is unknown, not "no sales".
  const coveredFrom = span?.first ?? null;
  const coveredTo = span?.last != null ? Math.min(span.last + DAY_MS, dayStart(now)) : null;
  const plans = changes.map((c) => {
    const day = dayStart(c.createdAt);
    // "After" starts the day after the change (the change's own day is half one, half the other).
    const afterFrom = day + DAY_MS;
    let days: number = EFFECT_RULE.maxDays;
    if (coveredTo === null || coveredFrom === null) days = 0;
    else {
      days = Math.min(days, Math.floor((coveredTo - afterFrom) / DAY_MS), Math.floor((day - coveredFrom) / DAY_MS));
      if (c.next !== null) days = Math.min(days, Math.floor((c.next - afterFrom) / DAY_MS));
      if (c.previous !== null) days = Math.min(days, Math.floor((day - (c.previous + DAY_MS)) / DAY_MS));
    }
    days = Math.max(0, days);
    return { c, before: { from: day - days * DAY_MS, to: day }, after: { from: afterFrom, to: afterFrom + days * DAY_MS }, days };
  });
  const statements = plans.flatMap((p) =>
    [p.before, p.after].map((r) =>
      db
        .prepare(
          `SELECT currency, sum(revenue_minor) AS minor, sum(quantity) AS units, count(DISTINCT coalesce(order_id, transaction_id)) AS orders
           FROM shop_sales WHERE user_id = ? AND listing_id = ? AND sale_date >= ? AND sale_date < ? GROUP BY currency`,
        )
        .bind(userId, p.c.listingId, r.from, r.to),
    ),
  );
  const results: D1Result<Record<string, unknown>>[] = [];
  for (let i = 0; i < statements.length; i += 100) results.push(...(await db.batch<Record<string, unknown>>(statements.slice(i, i + 100))));
  const side = (range: { from: number; to: number }, days: number, rows: Record<string, unknown>[]): EffectSide => ({
    from: isoDay(range.from),
    to: isoDay(range.to),
    days,
    // An order in two currencies cannot happen: the per-currency counts add up.
    orders: rows.reduce((n, r) => n + Number(r.orders ?? 0), 0),
    units: rows.reduce((n, r) => n + Number(r.units ?? 0), 0),
    revenue: moneyList(rows as { currency: unknown; minor: unknown }[]),
  });
  return plans.map((p, k) => {
    const before = side(p.before, p.days, results[2 * k].results);
    const after = side(p.after, p.days, results[2 * k + 1].results);
    return {
      listingId: p.c.listingId,
      title: p.c.title,
      version: p.c.version,
      reason: p.c.reason,
      changedAt: new Date(p.c.createdAt).toISOString(),
      before,
      after,
      ...verdictOf(before, after),
    };
  });
}

function changeRows(rows: Record<string, unknown>[]): ChangeRow[] {
  return rows.map((r) => ({
    listingId: String(r.listing_id),
    title: String(r.title ?? ""),
    version: Number(r.version),
    reason: String(r.reason),
    createdAt: Number(r.created_at),
    previous: r.previous == null ? null : dayStart(Number(r.previous)),
    next: r.next == null ? null : dayStart(Number(r.next)),
  }));
}

const REASONS_SQL = CHANGE_REASONS.map((r) => `'${r}'`).join(", ");
const NEIGHBOURS = `(SELECT max(p.created_at) FROM listing_versions p WHERE p.listing_id = v.listing_id AND p.version < v.version AND p.reason IN (${REASONS_SQL})) AS previous,
  (SELECT min(n.created_at) FROM listing_versions n WHERE n.listing_id = v.listing_id AND n.version > v.version AND n.reason IN (${REASONS_SQL})) AS next`;

/** GET /api/shop/listings/:id/sales: the listing's sales over 30/90/365 days and all time, and each change's before/after, newest first. */
export async function listingSales(db: D1Database, userId: string, listingId: string, now = Date.now()): Promise<ListingSales> {
  const row = await getListing(db, userId, listingId);
  if (row.source !== "shop") throw notFound(LISTING_NOT_FOUND);
  const [versions, last] = await db.batch<Record<string, unknown>>([
    db
      .prepare(
        `SELECT v.listing_id, v.version, v.reason, v.created_at, json_extract(v.snapshot, '$.title') AS title, ${NEIGHBOURS}
         FROM listing_versions v WHERE v.user_id = ? AND v.listing_id = ? AND v.reason IN (${REASONS_SQL}) ORDER BY v.version DESC`,
      )
      .bind(userId, listingId),
    db.prepare("SELECT max(sale_date) AS last FROM shop_sales WHERE user_id = ? AND listing_id = ?").bind(userId, listingId),
  ]);
  const lastSale = last.results[0]?.last;
  return {
    periods: await periodFigures(db, userId, now, listingId),
    lastSale: lastSale == null ? null : isoDay(Number(lastSale)),
    effects: await effectsOf(db, userId, changeRows(versions.results), now),
  };
}

/** GET /api/shop/changes: the changes made to shop listings in the last `days` days and their before/after, newest first. */
export async function shopChanges(db: D1Database, userId: string, days: number, now = Date.now()): Promise<ShopChanges> {
  const since = dayStart(now) - days * DAY_MS;
  const rows = await db
    .prepare(
      `SELECT v.listing_id, v.version, v.reason, v.created_at, json_extract(v.snapshot, '$.title') AS title, ${NEIGHBOURS}
       FROM listing_versions v JOIN listings l ON l.id = v.listing_id
       WHERE v.user_id = ? AND l.source = 'shop' AND v.reason IN (${REASONS_SQL}) AND v.created_at >= ?
       ORDER BY v.created_at DESC, v.version DESC LIMIT ?`,
    )
    .bind(userId, since, CHANGES_LISTED)
    .all<Record<string, unknown>>();
  return { days, changes: await effectsOf(db, userId, changeRows(rows.results), now) };
}
