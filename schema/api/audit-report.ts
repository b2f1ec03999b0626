/**
 * The shapes of Listing Doctor, the audit engine: what goes in (any listing, for one marketplace) and
 * the report that comes out (a score, a grade and findings). Pure types, shared by the worker and the
 * app (the Audit screen re-audits in the browser while the seller types). shared/audit
 * re-exports them beside the engine.
 */
import type { ItemSpecific, Platform } from "./listings";

export type AuditSeverity = "error" | "warning" | "tip";

/** The part of a listing a finding is about. */
export type AuditPart = "title" | "tags" | "description" | "altTexts" | "photos" | "bullets" | "searchTerms" | "itemSpecifics";

export const AUDIT_PARTS: readonly AuditPart[] = ["title", "tags", "description", "altTexts", "photos", "bullets", "searchTerms", "itemSpecifics"];

export type Grade = "A" | "B" | "C" | "D" | "F";

/** Any listing: generated, saved, edited, pasted or imported. Missing parts are empty. */
export interface AuditInput {
  platform: Platform;
  title: string;
  description: string;
  tags?: string[];
  altTexts?: string[];
  /** Amazon: the bullet points. */
  bullets?: string[];
  /** Amazon: the backend search terms, one line. */
  searchTerms?: string;
  /** eBay: item specifics. */
  itemSpecifics?: ItemSpecific[];
  /** How many photos the listing has, when known; photo rules are skipped when it is not. */
  photoCount?: number | null;
  /** The phrases the listing is meant to be found for, most important first. */
  keywords?: string[];
  /** A digital download; when not given it is detected from the listing's words. */
  digital?: boolean | null;
  /**
   * What the seller gave: the Create prompt, the imported row, or the version before a change. When
   * given, a claim these words do not support is an error and a fact they have that the listing lost is
   * a warning.
   */
  original?: string | null;
}

/** The parts a fix may replace; applying a fix is `{ ...input, ...fix.patch }`. */
export type AuditPatch = Partial<Pick<AuditInput, "title" | "description" | "tags" | "altTexts" | "bullets" | "searchTerms">>;

export interface AuditFix {
  /** What the fix does, in English (the app has its own words per finding id). */
  label: string;
  patch: AuditPatch;
}

export interface AuditSource {
  /** "marketplace": the marketplace's own limit or field rule; "best-practice": advice, named. */
  kind: "marketplace" | "best-practice";
  /** e.g. "Etsy Open API v3, createDraftListing: title" */
  name: string;
  url?: string;
}

export type AuditParams = Record<string, string | number>;

export interface AuditFinding {
  /** Stable id, e.g. "title.too-long". */
  id: string;
  severity: AuditSeverity;
  part: AuditPart;
  /** English: what is wrong, why it matters, what to do. */
  message: string;
  /** The values the message was written from (the app words it in the seller's language). */
  params: AuditParams;
  source: AuditSource;
  /** Points this finding takes off the score. */
  penalty: number;
  /** A concrete change the screen can apply in one click, when one exists. */
  fix?: AuditFix;
}

/** The points one part of a listing earns of the points it can earn on its marketplace. */
export interface AuditPartScore {
  part: AuditPart;
  points: number;
  max: number;
}

/** The score in a seller's words: `key` (audit.explain.<key> in the app) with its params, and the English text. */
export interface AuditExplanation {
  key: "refused" | "excellent" | "good" | "fair" | "poor";
  params: AuditParams;
  text: string;
}

export interface AuditReport {
  platform: Platform;
  score: number;
  grade: Grade;
  findings: AuditFinding[];
  counts: { errors: number; warnings: number; tips: number };
  /** Points by part (title, description, tags...): where the score was lost. */
  parts: AuditPartScore[];
  explanation: AuditExplanation;
}
