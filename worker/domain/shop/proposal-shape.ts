/**
 * A `listing_proposals` row as the API shows it (ShopProposal). Pure: the shop detail (shopimport) and the
 * review endpoints (shopoptimize) map rows with the same function.
 */
import type { ShopProposal } from "../../../schema/api/shop";
import type { ListingProposal } from "../../../schema/db";
import type { Grade } from "../../../shared/audit/types";

const strings = (value: unknown): string[] => (Array.isArray(value) ? value.filter((v): v is string => typeof v === "string") : []);
const GRADES: readonly Grade[] = ["A", "B", "C", "D", "F"];
const grade = (value: string): Grade => (GRADES.includes(value as Grade) ? (value as Grade) : "F");

export function toShopProposal(row: ListingProposal): ShopProposal {
  return {
    id: row.id,
    listingId: row.listingId,
    jobId: row.jobId ?? null,
    status: row.status,
    baseVersion: row.baseVersion,
    title: row.title,
    description: row.description,
    tags: strings(row.tags),
    altTexts: strings(row.altTexts),
    scoreBefore: row.scoreBefore,
    scoreAfter: row.scoreAfter,
    gradeBefore: grade(row.gradeBefore),
    gradeAfter: grade(row.gradeAfter),
    provider: row.provider,
    createdAt: new Date(row.createdAt).toISOString(),
  };
}
