/**
 * A stored proposal (listing_proposals) as the API answers it (ShopProposal). Pure: no database, no
 * clock. The shop detail endpoint and the review endpoints share it.
 */
import type { ShopProposal } from "../../../schema/api/shop";
import type { ListingProposal } from "../../../schema/db";
import type { Grade } from "../audit";

const strings = (value: unknown): string[] => (Array.isArray(value) ? value.filter((v): v is string => typeof v === "string") : []);
const GRADES = new Set(["A", "B", "C", "D", "F"]);
const grade = (value: string): Grade => (GRADES.has(value) ? (value as Grade) : "F");

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
