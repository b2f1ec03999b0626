/**
 * My Shop: the contract of /api/shop/* (a seller's existing Etsy listings, imported from Etsy's listings
 * CSV or the Etsy API, scored by the Listing Doctor, optimized in bulk as reviewable proposals). Shared by
 * the Worker and the app.
 */
import * as v from "valibot";
import type { AuditReport, Grade } from "./audit-report";
import type { ListingDetail } from "./listings";

export const SHOP_LIMITS = {
  /** Rows one import may carry, and its size in bytes. */
  importRowsMax: 5_000,
  importBytesMax: 20 * 1024 * 1024,
  /** Listings one optimize request may name. */
  optimizeIdsMax: 500,
  pageSize: 50,
  queryMax: 200,
} as const;

/** The columns of Etsy's own listings CSV (Shop Manager > Settings > Options > Download Data). */
export const ETSY_CSV_REQUIRED_COLUMNS = ["TITLE", "DESCRIPTION", "PRICE", "CURRENCY_CODE", "QUANTITY", "TAGS"] as const;

export interface ShopVariation {
  type: string;
  values: string[];
}

/** One listing as a shop source gives it (a CSV row or an Etsy API listing), before it is stored. */
export interface ShopListingInput {
  title: string;
  description: string;
  /** Price in minor units (cents); null when the source has none. */
  priceMinor: number | null;
  currency: string | null;
  quantity: number | null;
  tags: string[];
  materials: string[];
  imageUrls: string[];
  variations: ShopVariation[];
  sku: string | null;
  /** Etsy's listing_id, from the Etsy API. */
  etsyListingId?: string | null;
}

/** POST /api/shop/import (`data`). */
export interface ShopImportResult {
  /** New listings created. */
  imported: number;
  /** Listings that existed (same SKU, else same original title) and changed: each got a new version. */
  updated: number;
  /** Listings that existed and did not change: nothing written. */
  unchanged: number;
  /** Rows not imported; each has an entry in `errors`. */
  skipped: number;
  /** `row` is the 1-based line of the record in the file, counting the header as row 1. */
  errors: { row: number; message: string }[];
}

/** GET /api/shop/summary (`data`). */
export interface ShopSummary {
  listings: number;
  /** Mean Listing Doctor score, rounded to one decimal; 0 with no listings. */
  averageScore: number;
  grades: Record<Grade, number>;
  /** The most common findings across the shop, most listings first (at most 10). */
  topIssues: { id: string; message: string; count: number }[];
  /** Proposals waiting for review (what "Review N proposals" counts). */
  pendingProposals: number;
}

export const ShopListQuerySchema = v.object({
  /** revenue: the period's revenue in the shop's main currency, then units; fix: weak listings (C, D, F) first, those with the most revenue at stake first, then the lowest score. */
  sort: v.optional(v.picklist(["score", "title", "updated", "revenue", "units", "fix"], "sort must be score, title, updated, revenue, units or fix"), "score"),
  order: v.optional(v.picklist(["asc", "desc"], "order must be asc or desc"), "asc"),
  page: v.optional(v.pipe(v.string(), v.regex(/^[1-9]\d{0,4}$/, "page must be a whole number from 1"), v.transform(Number)), "1"),
  q: v.optional(v.pipe(v.string(), v.trim(), v.maxLength(SHOP_LIMITS.queryMax, `q must be at most ${SHOP_LIMITS.queryMax} characters`))),
  /** Only listings with one of these grades, e.g. "C,D,F". */
  grade: v.optional(v.pipe(v.string(), v.regex(/^[A-DF](,[A-DF])*$/, "grade must be letters among A, B, C, D, F separated by commas"))),
  /** Only listings with this finding id (a top issue's id). */
  issue: v.optional(v.pipe(v.string(), v.regex(/^[A-Za-z0-9.-]{1,80}$/, "issue must be a finding id such as title.too-long or altTexts.missing"))),
  /** Only listings whose proposal waits for review (the review screen). */
  proposal: v.optional(v.picklist(["pending"], "proposal must be pending")),
  /** The sales period the rows' units and revenue cover, in days (or all imported sales); 365 by default. */
  period: v.optional(v.picklist(["30", "90", "365", "all"], "period must be 30, 90, 365 or all"), "365"),
  /** Only listings that sold in the period (yes) or did not (no). */
  sold: v.optional(v.picklist(["yes", "no"], "sold must be yes or no")),
});
export type ShopListQuery = v.InferOutput<typeof ShopListQuerySchema>;

/** GET /api/shop/export.csv: Etsy's own listings file (the default) or the short changes file; the accepted changes or the whole shop. */
export const ShopExportQuerySchema = v.object({
  format: v.optional(v.picklist(["etsy", "changes"], "format must be etsy or changes"), "etsy"),
  scope: v.optional(v.picklist(["accepted", "all"], "scope must be accepted or all"), "accepted"),
});
export type ShopExportQuery = v.InferOutput<typeof ShopExportQuerySchema>;

/** One row of GET /api/shop/listings (`data.listings[]`). */
export interface ShopListingRow {
  id: string;
  title: string;
  sku: string | null;
  priceMinor: number | null;
  currency: string | null;
  quantity: number | null;
  photoCount: number;
  tagCount: number;
  score: number;
  grade: Grade;
  /** ISO 8601 */
  updatedAt: string;
  /** A pending proposal waits for review. */
  hasProposal: boolean;
  /** Sales in the query's period: units, orders, revenue per currency (largest first), the last sale's day (YYYY-MM-DD). */
  units: number;
  orders: number;
  revenue: { currency: string; minor: number }[];
  lastSale: string | null;
}

/** GET /api/shop/listings (`data`). */
export interface ShopListingsPage {
  listings: ShopListingRow[];
  /** The currency the revenue sort compares (the one most sales are in); null without sales. */
  mainCurrency: string | null;
  total: number;
  page: number;
  pageSize: number;
}

/** An optimized listing waiting for the seller's Accept or Reject. */
export interface ShopProposal {
  id: string;
  listingId: string;
  jobId: string | null;
  status: "pending" | "accepted" | "rejected" | "superseded";
  baseVersion: number;
  title: string;
  description: string;
  tags: string[];
  altTexts: string[];
  scoreBefore: number;
  scoreAfter: number;
  gradeBefore: Grade;
  gradeAfter: Grade;
  provider: string;
  /** ISO 8601 */
  createdAt: string;
}

/** GET /api/shop/listings/:id (`data`). */
export interface ShopListingDetail {
  listing: ListingDetail & {
    sku: string | null;
    priceMinor: number | null;
    currency: string | null;
    quantity: number | null;
    materials: string[];
    imageUrls: string[];
    variations: ShopVariation[];
    photoCount: number | null;
    shopTitle: string | null;
  };
  audit: AuditReport;
  proposal: ShopProposal | null;
}

export const OptimizeRequestSchema = v.object({
  ids: v.pipe(
    v.array(v.pipe(v.string("Each id must be text"), v.minLength(1, "Each id must be text"), v.maxLength(64, "Each id must be at most 64 characters")), "ids must be a list of listing ids"),
    v.minLength(1, "Choose at least one listing to optimize"),
    v.maxLength(SHOP_LIMITS.optimizeIdsMax, `At most ${SHOP_LIMITS.optimizeIdsMax} listings can be optimized at once`),
  ),
});

export type ShopJobStatus = "queued" | "running" | "completed" | "stopped";
export type ShopJobItemStatus = "queued" | "processing" | "done" | "failed" | "skipped";

/** GET /api/shop/jobs/:id (`data`). */
export interface ShopJobInfo {
  id: string;
  status: ShopJobStatus;
  total: number;
  done: number;
  failed: number;
  /** Why it stopped early (e.g. the daily quota ran out). */
  stopReason: string | null;
  items: { id: string; title: string; status: ShopJobItemStatus; scoreBefore: number | null; scoreAfter: number | null; error: string | null }[];
  /** ISO 8601 */
  createdAt: string;
}

/** The message body of one optimize queue message: one listing of one job. */
export interface OptimizeMessage {
  jobId: string;
  userId: string;
  listingId: string;
}

/** One row of GET /api/shop/jobs (`data.jobs[]`): a job without its items, newest first. */
export type ShopJobSummary = Omit<ShopJobInfo, "items">;

/**
 * POST /api/shop/optimize (`data`, status 202). `total` counts the listings queued in this job; the
 * others are listed: `unchanged` (not changed since their last optimize run: not sent to the writer
 * again) and `inProgress` (already queued or processing in another job). When none is left to queue the
 * answer is a 409 carrying the same two lists.
 */
export interface OptimizeStarted {
  jobId: string;
  total: number;
  unchanged: string[];
  inProgress: string[];
}

/** POST /api/shop/proposals/accept and /reject: some listings' pending proposals, or all of them. */
export const ProposalDecisionSchema = v.union(
  [
    v.object({
      ids: v.pipe(
        v.array(v.pipe(v.string("Each id must be text"), v.minLength(1, "Each id must be text"), v.maxLength(64, "Each id must be at most 64 characters")), "ids must be a list of listing ids"),
        v.minLength(1, "Choose at least one listing"),
        v.maxLength(SHOP_LIMITS.optimizeIdsMax, `At most ${SHOP_LIMITS.optimizeIdsMax} listings at once`),
      ),
    }),
    v.object({ all: v.literal(true, "all must be true") }),
  ],
  "Send { ids: [listing ids] } or { all: true }",
);
export type ProposalDecision = v.InferOutput<typeof ProposalDecisionSchema>;

/** POST /api/shop/proposals/accept (`data`): listing ids by outcome. */
export interface AcceptProposalsResult {
  /** Listings whose proposal became a new version (reason "accept"). */
  accepted: string[];
  /** The listing changed since the proposal was made: nothing was written (accept it one by one to see). */
  conflicts: string[];
  /** Ids that are not the caller's listings or have no pending proposal. */
  missing: string[];
}

/** POST /api/shop/proposals/reject (`data`): listing ids by outcome. */
export interface RejectProposalsResult {
  /** Listings whose proposal was rejected (the listing is unchanged). */
  rejected: string[];
  missing: string[];
}

/** POST /api/shop/listings/:id/accept (`data`). */
export interface AcceptedProposal {
  listing: ListingDetail;
  proposal: ShopProposal;
}
