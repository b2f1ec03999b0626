/**
 * The audit of a saved listing: the row's parts for its platform, the keywords and the digital flag
 * it was generated with, and, for a listing Listora wrote, what the seller gave (their prompt with
 * their fact corrections), so the Doctor checks its claims and dropped facts against the seller's
 * facts. The number of photos is known only for a listing imported from a shop (`photo_count`);
 * elsewhere the photo rules are skipped. Pure: no I/O.
 */
import type { ItemSpecific, Platform, RuleReport } from "../../../schema/api/listings";
import type { Listing } from "../../../schema/db";
import { applyFactCorrections } from "../../../shared/facts";
import { auditListing } from "../../../shared/audit/engine";
import type { AuditInput, AuditReport } from "../../../shared/audit/types";

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
  source?: string | null;
  originalPrompt?: string | null;
  generationPrompt?: string | null;
  factCorrections?: Listing["factCorrections"];
};

/**
 * What the seller gave for a listing Listora wrote on Create: the prompt it was generated from, with the
 * seller's fact corrections applied. Empty for a listing the seller wrote or imported (its text is their
 * own) and for the wizard's (its source is a whole pattern, not a product description).
 */
function sellerOriginal(row: SavedRow, keywords: string[], platform: Platform): string {
  if (row.source !== "create") return "";
  const prompt = (row.generationPrompt || row.originalPrompt || "").trim();
  if (!prompt) return "";
  return row.factCorrections ? applyFactCorrections(prompt, keywords, platform, row.factCorrections).description : prompt;
}

export function auditInputOf(row: SavedRow): AuditInput {
  const generation = (row.ruleReport as RuleReport | null)?.generation;
  const platform = (["etsy", "amazon", "ebay"].includes(row.platform) ? row.platform : "etsy") as Platform;
  const keywords = generation?.keywords ?? [];
  const original = sellerOriginal(row, keywords, platform);
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
    keywords,
    ...(original ? { original } : {}),
    ...(typeof generation?.digital === "boolean" ? { digital: generation.digital } : {}),
  };
}

export const auditSaved = (row: SavedRow): AuditReport => auditListing(auditInputOf(row));

/**
 * The audit engine's build (scripts/lib/audit-engine.mjs): a stored score names it, and one of another
 * build is computed again (decision 0064). "unversioned" where no build set it.
 */
export const AUDIT_ENGINE = typeof __AUDIT_ENGINE__ === "string" && __AUDIT_ENGINE__ ? __AUDIT_ENGINE__ : "unversioned";
