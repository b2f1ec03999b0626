/**
 * The browser side of My Shop (/api/shop/*): the CSV uploads with progress, the reads a screen makes
 * on its own (the optimize job's progress, 'Select all with grade C or worse'), the export download,
 * and the types the screens' server loaders and actions answer (app/lib/shop.server.ts, decision 0045).
 */
import type { EtsyImportResult, EtsyPushResult } from "../../../schema/api/shop-etsy";
import type {
  AcceptProposalsResult,
  OptimizeStarted,
  RejectProposalsResult,
  ShopImportResult,
  ShopJobInfo,
  ShopJobSummary,
  ShopListingDetail,
  ShopListingRow,
  ShopListingsPage,
  ShopListQuery,
  ShopProposal,
  ShopSummary,
} from "../../../schema/api/shop";
import { SHOP_LIMITS } from "../../../schema/api/shop";
import type { ListingSales, SalesImportResult, ShopChanges, ShopSales, VersionEffect } from "../../../schema/api/shop-sales";
import { API_BASE, ApiError, DEFAULT_TIMEOUT_MS, api, apiErrorOf, handleUnauthorized } from "~/lib/api";
import { downloadFromApi } from "./listings";

export type { AcceptProposalsResult, OptimizeStarted, RejectProposalsResult, ShopJobSummary };
export type { ShopImportResult, ShopJobInfo, ShopListingDetail, ShopListingRow, ShopListingsPage, ShopProposal, ShopSummary };
export type { ListingSales, SalesImportResult, ShopChanges, ShopSales, VersionEffect };
export { SHOP_LIMITS };

export type ShopSort = ShopListQuery["sort"];
export type ShopOrder = ShopListQuery["order"];
export interface ShopListParams {
  sort: ShopSort;
  order: ShopOrder;
  page: number;
  q?: string;
  grade?: string;
  issue?: string;
  /** Only listings whose proposal waits for review. */
  proposal?: "pending";
  /** Only listings that sold in the period (yes) or did not (no). */
  sold?: "yes" | "no";
  /** The sales period of the rows' units and revenue (365 days by default). */
  period?: ShopListQuery["period"];
}

/** A failure a server loader or action answered, as plain data: the API's code and message, the HTTP status and the body's extra fields. */
export interface ShopFailure {
  code: string;
  message: string;
  status: number;
  [key: string]: unknown;
}

/** One part a server loader read: its value, or why it failed. */
export type Fetched<T> = { data: T; error?: undefined } | { data?: undefined; error: ShopFailure };

/** The client's error for a failure the server answered, so screens show it (and branch on it) like any other. */
export function failureError(failure: ShopFailure): ApiError {
  return new ApiError(failure.message, failure.status, failure);
}

/** What an action of a shop screen (app/lib/shop.server.ts) answers: which write it was and its result, or its failure. */
export type ShopActionResult =
  | { intent: "optimize"; ids: string[]; started: OptimizeStarted; error?: undefined }
  | { intent: "accept" | "reject"; listingId: string; error?: undefined }
  | { intent: "accept-all"; ids: string[]; result: AcceptProposalsResult; error?: undefined }
  | { intent: "reject-all"; ids: string[]; result: RejectProposalsResult; error?: undefined }
  | { intent: "etsy-import"; result: EtsyImportResult; error?: undefined }
  | { intent: "etsy-push"; result: EtsyPushResult; error?: undefined }
  | { intent: "etsy-disconnect"; error?: undefined }
  | { intent: string; listingId?: string; error: ShopFailure };

/** The /api/shop/listings query of a view. */
export function listQueryString(params: ShopListParams): string {
  const search = new URLSearchParams({ sort: params.sort, order: params.order, page: String(params.page) });
  if (params.q?.trim()) search.set("q", params.q.trim());
  if (params.grade) search.set("grade", params.grade);
  if (params.issue) search.set("issue", params.issue);
  if (params.proposal) search.set("proposal", params.proposal);
  if (params.sold) search.set("sold", params.sold);
  if (params.period && params.period !== "365") search.set("period", params.period);
  return search.toString();
}

async function fetchShopListings(params: ShopListParams, signal?: AbortSignal): Promise<ShopListingsPage> {
  return (await api<{ data: ShopListingsPage }>(`/shop/listings?${listQueryString(params)}`, { signal })).data;
}

/**
 * Every listing of a filter, page by page (e.g. grade C, D and F for 'Select all with grade C or
 * worse'), at most `limit` of them: one optimize request takes at most SHOP_LIMITS.optimizeIdsMax.
 */
export async function collectShopListings(filter: { grade?: string; issue?: string; q?: string }, limit = Infinity, sort: ShopSort = "score"): Promise<ShopListingRow[]> {
  const rows: ShopListingRow[] = [];
  for (let page = 1; rows.length < limit; page++) {
    const result = await fetchShopListings({ sort, order: "asc", page, ...filter });
    rows.push(...result.listings);
    if (result.listings.length === 0 || page * result.pageSize >= result.total) break;
  }
  return rows.slice(0, limit);
}

export interface UploadProgress {
  /** Bytes sent so far, and the request's size. */
  loaded: number;
  total: number;
  /** The file is sent; the server is reading and scoring it. */
  processing: boolean;
}

/**
 * POST a CSV file as multipart/form-data (field `file`). XMLHttpRequest rather than fetch: only it
 * reports upload progress in browsers.
 */
function uploadCsv<T>(path: string, file: File, onProgress: (progress: UploadProgress) => void, valid: (data: T | undefined) => boolean, signal?: AbortSignal): Promise<T> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open("POST", `${API_BASE}${path}`);
    xhr.timeout = DEFAULT_TIMEOUT_MS * 3;
    xhr.responseType = "text";
    xhr.upload.onprogress = (event) => onProgress({ loaded: event.loaded, total: event.lengthComputable ? event.total : file.size, processing: false });
    xhr.upload.onload = () => onProgress({ loaded: file.size, total: file.size, processing: true });
    xhr.onload = () => {
      let body: Record<string, unknown> | null;
      try {
        body = JSON.parse(xhr.responseText) as Record<string, unknown>;
      } catch {
        body = null;
      }
      if (xhr.status >= 200 && xhr.status < 300) {
        const data = body?.data as T | undefined;
        if (data && valid(data)) resolve(data);
        else reject(new ApiError("Invalid response from server", xhr.status, body, { code: "invalid-response" }));
        return;
      }
      const error = apiErrorOf(xhr.status, body, xhr.getResponseHeader("Retry-After"));
      if (error.code === "unauthorized") handleUnauthorized();
      reject(error);
    };
    xhr.onerror = () => reject(new ApiError("Network error", 0, null, { code: "network" }));
    xhr.ontimeout = () => reject(new ApiError("Request timed out", 0, null, { code: "timeout" }));
    xhr.onabort = () => reject(new DOMException("The upload was cancelled", "AbortError"));
    signal?.addEventListener("abort", () => xhr.abort(), { once: true });
    const form = new FormData();
    form.append("file", file, file.name);
    xhr.send(form);
  });
}

/** POST /api/shop/import: Etsy's listings file. */
export function uploadShopCsv(file: File, onProgress: (progress: UploadProgress) => void, signal?: AbortSignal): Promise<ShopImportResult> {
  return uploadCsv<ShopImportResult>("/shop/import", file, onProgress, (data) => typeof data?.imported === "number", signal);
}

/** POST /api/shop/sales/import: Etsy's sold order items file. */
export function uploadSalesCsv(file: File, onProgress: (progress: UploadProgress) => void, signal?: AbortSignal): Promise<SalesImportResult> {
  return uploadCsv<SalesImportResult>("/shop/sales/import", file, onProgress, (data) => typeof data?.added === "number", signal);
}

/** Why a chosen file cannot be imported, before anything is sent; null when it may go. */
export function csvFileProblem(file: { name: string; size: number }): "type" | "size" | "empty" | null {
  if (!/\.csv$/i.test(file.name)) return "type";
  if (file.size === 0) return "empty";
  if (file.size > SHOP_LIMITS.importBytesMax) return "size";
  return null;
}

/** The caller's recent jobs, newest first, without their items. */
export async function fetchShopJobs(): Promise<ShopJobSummary[]> {
  const body = await api<{ data?: { jobs?: ShopJobSummary[] } }>("/shop/jobs");
  return Array.isArray(body.data?.jobs) ? body.data.jobs : [];
}

export async function fetchShopJob(id: string): Promise<ShopJobInfo> {
  return (await api<{ data: ShopJobInfo }>(`/shop/jobs/${encodeURIComponent(id)}`)).data;
}

export const isActiveJob = (job: Pick<ShopJobInfo, "status"> | null | undefined) => job?.status === "queued" || job?.status === "running";

/** GET /api/shop/export.csv: Etsy's own listings file with the accepted changes (or the whole shop), or the short changes file. */
export function downloadShopExport(scope: "accepted" | "all" = "accepted", format: "etsy" | "changes" = "etsy") {
  return downloadFromApi(`/shop/export.csv?format=${format}&scope=${scope}`, format === "etsy" ? "EtsyListingsDownload-listora.csv" : "listora-etsy-changes.csv");
}

/** A price in its currency for the seller's language; "" when the listing has none. */
export function formatPrice(priceMinor: number | null, currency: string | null, language: string): string {
  if (priceMinor === null) return "";
  const locale = language === "tr" ? "tr-TR" : "en-US";
  if (!currency) return new Intl.NumberFormat(locale, { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(priceMinor / 100);
  try {
    const format = new Intl.NumberFormat(locale, { style: "currency", currency });
    const digits = format.resolvedOptions().maximumFractionDigits ?? 2;
    // Minor units follow the currency: 2 for USD and EUR, 0 for JPY.
    return format.format(priceMinor / 10 ** (digits === 0 ? 0 : 2));
  } catch {
    return `${(priceMinor / 100).toFixed(2)} ${currency}`;
  }
}
