/**
 * The audit of a saved listing: the row's parts for its platform, the keywords and the digital flag
 * it was generated with. The number of photos is known only for a listing imported from a shop
 * (`photo_count`); elsewhere the photo rules are skipped. Type-only imports: still pure.
 */
import type { ItemSpecific, Platform, RuleReport } from "../../../schema/api/listings";
import type { Listing } from "../../../schema/db";
import { auditListing, auditScore } from "../../../shared/audit/engine";
import type { AuditInput, AuditReport, Grade } from "../../../shared/audit/types";

const strings = (value: unknown): string[] => (Array.isArray(value) ? value.filter((v): v is string => typeof v === "string") : []);

export const asItemSpecifics = (value: unknown): ItemSpecific[] =>
  Array.isArray(value)
    ? value
        .filter((s): s is ItemSpecific => !!s && typeof s === "object" && typeof (s as ItemSpecific).name === "string" && typeof (s as ItemSpecific).value === "string")
        .map((s) => ({ name: s.name, value: s.value }))
    : [];

type SavedRow = Pick<Listing, "platform" | "title" | "description" | "tags" | "altTexts" | "ruleReport"> & {
  bullets?: unknown;
  searchTerms?: unknown;
  itemSpecifics?: unknown;
  photoCount?: number | null;
};

export function auditInputOf(row: SavedRow): AuditInput {
  const generation = (row.ruleReport as RuleReport | null)?.generation;
  const platform = (["etsy", "amazon", "ebay"].includes(row.platform) ? row.platform : "etsy") as Platform;
  return {
    platform,
    title: row.title,
    description: row.description,
    tags: strings(row.tags),
    altTexts: strings(row.altTexts),
    bullets: strings(row.bullets),
    searchTerms: typeof row.searchTerms === "string" ? row.searchTerms : "",
    itemSpecifics: asItemSpecifics(row.itemSpecifics),
    photoCount: typeof row.photoCount === "number" ? row.photoCount : null,
    keywords: generation?.keywords ?? [],
    ...(typeof generation?.digital === "boolean" ? { digital: generation.digital } : {}),
  };
}

export const auditSaved = (row: SavedRow): AuditReport => auditListing(auditInputOf(row));
export const scoreSaved = (row: SavedRow): { score: number; grade: Grade } => auditScore(auditInputOf(row));
