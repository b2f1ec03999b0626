/**
 * GET /api/shop/summary: the health of the seller's shop from the cached Listing Doctor scores (stale and
 * missing ones are refreshed first): how many listings, the mean score, the grade distribution and the
 * findings most listings share.
 */
import type { ShopSummary } from "../../../schema/api/shop";
import { AUDIT_TITLES_EN } from "../../../shared/audit/titles";
import type { Grade } from "../../../shared/audit/types";
import { refreshAudits } from "./audits";

const TOP_ISSUES = 10;

export async function shopSummary(db: D1Database, userId: string, now = Date.now()): Promise<ShopSummary> {
  await refreshAudits(db, userId, now);
  const totals = await db
    .prepare(
      `SELECT count(*) AS listings, avg(a.score) AS average,
              coalesce(sum(a.grade = 'A'), 0) AS A, coalesce(sum(a.grade = 'B'), 0) AS B, coalesce(sum(a.grade = 'C'), 0) AS C,
              coalesce(sum(a.grade = 'D'), 0) AS D, coalesce(sum(a.grade = 'F'), 0) AS F
       FROM listings l LEFT JOIN listing_audits a ON a.listing_id = l.id
       WHERE l.user_id = ? AND l.source = 'shop'`,
    )
    .bind(userId)
    .first<{ listings: number; average: number | null } & Record<Grade, number>>();
  const issues = await db
    .prepare(
      `SELECT j.value AS id, count(*) AS count
       FROM listings l JOIN listing_audits a ON a.listing_id = l.id, json_each(a.finding_ids) j
       WHERE l.user_id = ? AND l.source = 'shop'
       GROUP BY j.value ORDER BY count DESC, j.value ASC LIMIT ?`,
    )
    .bind(userId, TOP_ISSUES)
    .all<{ id: string; count: number }>();
  const pending = await db
    .prepare("SELECT count(*) AS n FROM listing_proposals p JOIN listings l ON l.id = p.listing_id WHERE p.user_id = ? AND p.status = 'pending' AND l.source = 'shop'")
    .bind(userId)
    .first<{ n: number }>();
  return {
    listings: totals?.listings ?? 0,
    averageScore: totals?.average == null ? 0 : Math.round(totals.average * 10) / 10,
    grades: { A: totals?.A ?? 0, B: totals?.B ?? 0, C: totals?.C ?? 0, D: totals?.D ?? 0, F: totals?.F ?? 0 },
    topIssues: issues.results.map((r) => ({ id: r.id, message: AUDIT_TITLES_EN[r.id] ?? r.id, count: r.count })),
    pendingProposals: pending?.n ?? 0,
  };
}
