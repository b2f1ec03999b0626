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
 * Scores already computed in this isolate, keyed by a hash of the whole audit input (so an edit, a fact
 * correction or another platform is a new key, and a deployment with another engine starts empty). My
 * Listings scores every card on every read: 50 audits were most of the list's time in the Worker.
 */
const SCORES = new Map<string, { score: number; grade: Grade }>();
const MAX_SCORES = 5_000;

/** FNV-1a in two lanes with different seeds, and the length: 64 bits of key for a few thousand entries. */
function inputKey(text: string): string {
  let a = 0x811c9dc5;
  let b = 0x01000193 ^ 0x5bd1e995;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    a = Math.imul(a ^ c, 0x01000193);
    b = Math.imul(b ^ c, 0x5bd1e995) ^ (b >>> 15);
  }
  return `${(a >>> 0).toString(36)}.${(b >>> 0).toString(36)}.${text.length}`;
}

/** The score and grade of a saved row (the same as auditScore of its input), remembered per input. */
export function scoreSaved(row: SavedRow): { score: number; grade: Grade } {
  const input = auditInputOf(row);
  const key = inputKey(JSON.stringify(input));
  const known = SCORES.get(key);
  if (known) {
    // Most recently used last, so the oldest goes first when the map is full.
    SCORES.delete(key);
    SCORES.set(key, known);
    return { ...known };
  }
  const score = auditScore(input);
  if (SCORES.size >= MAX_SCORES) SCORES.delete(SCORES.keys().next().value as string);
  SCORES.set(key, score);
  return { ...score };
}
