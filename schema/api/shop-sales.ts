/**
 * My Shop sales (issue 28): the contract of POST /api/shop/sales/import, the sales figures on the shop and
 * on each listing, and "did the change help?" (a version's sales before and after it). Shared by the
 * Worker and the app. Rules in decision 0035.
 */
import * as v from "valibot";

export const SALES_LIMITS = {
  /** Rows one sales import may carry (a busy shop's year of sold items), and its size in bytes. */
  importRowsMax: 50_000,
  importBytesMax: 20 * 1024 * 1024,
  /** Unmatched rows listed in an import's answer (all are counted). */
  unmatchedListed: 200,
  /** Periods the figures are given for, in days. */
  periods: [30, 90, 365] as const,
} as const;

/**
 * "Did the change help?": below these, the before/after is "too early to tell" and no direction is shown.
 * At least 14 days after the change (and as many before), and at least 5 orders in the two periods
 * together; a difference smaller than 2 orders or 20 % of the larger side is "about the same"; the periods
 * are at most 90 days (decision 0035).
 */
export const EFFECT_RULE = { minDays: 14, maxDays: 90, minOrders: 5, minOrderDifference: 2, minRelativeDifference: 0.2 } as const;

/** The columns of Etsy's sold order items file (EtsySoldOrderItems*.csv) that the import reads; every other column is skipped unread. */
export const SOLD_ITEMS_REQUIRED_COLUMNS = ["Sale Date", "Item Name", "Quantity", "Currency", "Transaction ID"] as const;
/** The columns of Etsy's orders file (EtsySoldOrders*.csv) that the import reads. */
export const SOLD_ORDERS_REQUIRED_COLUMNS = ["Sale Date", "Order ID", "Number of Items", "Currency", "Order Value"] as const;

/** One row of the file that matched no listing. */
export interface UnmatchedSale {
  row: number;
  itemName: string;
  sku: string | null;
  etsyListingId: string | null;
  /** YYYY-MM-DD */
  saleDate: string;
}

/** POST /api/shop/sales/import (`data`). */
export interface SalesImportResult {
  /** Which of Etsy's files it was. */
  kind: "items" | "orders";
  /** Data rows read. */
  rows: number;
  /** Sales stored now. */
  added: number;
  /** Rows whose transaction was already stored (an earlier import, or twice in this file): nothing added. */
  duplicates: number;
  /** Rows stored or already stored that now belong to a listing, by how they were matched. */
  matched: { etsyId: number; sku: number; title: number; oldTitle: number };
  /** Rows that matched no listing (stored, counted nowhere until a listing matches); the first 200 listed. */
  unmatched: UnmatchedSale[];
  unmatchedCount: number;
  /** Rows not stored: refunds, zero quantities, rows without a date or transaction. */
  skipped: number;
  errors: { row: number; message: string }[];
  /** Columns of the file that were not read (buyer names, addresses ...): never stored. */
  ignoredColumns: string[];
}

export interface Money {
  currency: string;
  minor: number;
}

/** A listing's or the shop's sales over one period. */
export interface SalesFigures {
  days: number | null;
  units: number;
  orders: number;
  /** Per currency, largest first. */
  revenue: Money[];
}

/** GET /api/shop/sales (`data`): the shop's sales. */
export interface ShopSales {
  /** Whether any sales were imported. */
  imported: boolean;
  /** The currency of most sales: what "sort by revenue" compares. */
  mainCurrency: string | null;
  /** YYYY-MM-DD of the first and the last sale stored. */
  firstSale: string | null;
  lastSale: string | null;
  /** The period figures end at (the last sale's day, or today when sales reach it). */
  periods: SalesFigures[];
  bestSellers: { id: string; title: string; units: number; revenue: Money[]; lastSale: string }[];
  /** Shop listings with no sale at all, how many and the first few. */
  neverSold: { count: number; listings: { id: string; title: string }[] };
  /** Sales matched to no listing. */
  unmatched: number;
}

/** One side of a before/after. */
export interface EffectSide {
  /** YYYY-MM-DD, inclusive; to is exclusive. */
  from: string;
  to: string;
  days: number;
  orders: number;
  units: number;
  revenue: Money[];
}

/** A version's sales before and after it. */
export interface VersionEffect {
  listingId: string;
  title: string;
  version: number;
  reason: string;
  /** ISO 8601 */
  changedAt: string;
  before: EffectSide;
  after: EffectSide;
  /** "too-early": too few days or orders to say; otherwise what the numbers show (never a claim of cause). */
  verdict: "too-early" | "more" | "fewer" | "same";
  /** Why it is too early, when it is. */
  reasonTooEarly: "days" | "orders" | null;
}

/** GET /api/shop/listings/:id/sales (`data`). */
export interface ListingSales {
  periods: SalesFigures[];
  lastSale: string | null;
  effects: VersionEffect[];
}

/** GET /api/shop/changes (`data`): the changes of the last 90 days and their before/after. */
export interface ShopChanges {
  days: number;
  changes: VersionEffect[];
}

export const ShopChangesQuerySchema = v.object({
  days: v.optional(v.pipe(v.string(), v.regex(/^(30|90|365)$/, "days must be 30, 90 or 365"), v.transform(Number)), "90"),
});
