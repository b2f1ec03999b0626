/**
 * The browser side of My Shop (/api/shop/*): typed calls over the shared client, the CSV upload with
 * progress, and the Etsy connection (decision 0022).
 */
import type { EtsyConnectionStatus, EtsyImportResult, EtsyPushResult } from "../../../schema/api/shop-etsy";
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
import { getToken } from "~/lib/auth";
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

export async function fetchShopSummary(): Promise<ShopSummary> {
  return (await api<{ data: ShopSummary }>("/shop/summary")).data;
}

function listQueryString(params: ShopListParams): string {
  const search = new URLSearchParams({ sort: params.sort, order: params.order, page: String(params.page) });
  if (params.q?.trim()) search.set("q", params.q.trim());
  if (params.grade) search.set("grade", params.grade);
  if (params.issue) search.set("issue", params.issue);
  if (params.proposal) search.set("proposal", params.proposal);
  if (params.sold) search.set("sold", params.sold);
  if (params.period && params.period !== "365") search.set("period", params.period);
  return search.toString();
}

export async function fetchShopListings(params: ShopListParams, signal?: AbortSignal): Promise<ShopListingsPage> {
  return (await api<{ data: ShopListingsPage }>(`/shop/listings?${listQueryString(params)}`, { signal })).data;
}

export async function fetchShopListing(id: string): Promise<ShopListingDetail> {
  return (await api<{ data: ShopListingDetail }>(`/shop/listings/${encodeURIComponent(id)}`)).data;
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
    const token = getToken();
    if (token) xhr.setRequestHeader("Authorization", `Bearer ${token}`);
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

export async function fetchShopSales(): Promise<ShopSales> {
  return (await api<{ data: ShopSales }>("/shop/sales")).data;
}

export async function fetchShopChanges(days = 90): Promise<ShopChanges> {
  return (await api<{ data: ShopChanges }>(`/shop/changes?days=${days}`)).data;
}

export async function fetchListingSales(id: string): Promise<ListingSales> {
  return (await api<{ data: ListingSales }>(`/shop/listings/${encodeURIComponent(id)}/sales`)).data;
}

/** Why a chosen file cannot be imported, before anything is sent; null when it may go. */
export function csvFileProblem(file: { name: string; size: number }): "type" | "size" | "empty" | null {
  if (!/\.csv$/i.test(file.name)) return "type";
  if (file.size === 0) return "empty";
  if (file.size > SHOP_LIMITS.importBytesMax) return "size";
  return null;
}

export async function startOptimize(ids: string[]): Promise<OptimizeStarted> {
  return (await api<{ data: OptimizeStarted }>("/shop/optimize", { body: { ids } })).data;
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

export async function acceptProposal(listingId: string) {
  await api(`/shop/listings/${encodeURIComponent(listingId)}/accept`, { method: "POST", body: {} });
}

export async function rejectProposal(listingId: string) {
  await api(`/shop/listings/${encodeURIComponent(listingId)}/reject`, { method: "POST", body: {} });
}

/** Accept all / Reject all: the pending proposals of `ids` (or every one of the caller's). */
export async function decideAllProposals(decision: "accept", ids?: string[]): Promise<AcceptProposalsResult>;
export async function decideAllProposals(decision: "reject", ids?: string[]): Promise<RejectProposalsResult>;
export async function decideAllProposals(decision: "accept" | "reject", ids?: string[]): Promise<AcceptProposalsResult | RejectProposalsResult>;
export async function decideAllProposals(decision: "accept" | "reject", ids?: string[]) {
  return (await api<{ data: AcceptProposalsResult | RejectProposalsResult }>(`/shop/proposals/${decision}`, { body: ids ? { ids } : { all: true } })).data;
}

/** version-conflict: the listing changed after the proposal was written, so it cannot be applied as it is. */
export const isStaleProposal = (error: unknown) => error instanceof ApiError && error.code === "version-conflict";

/**
 * Every listing with a proposal waiting for review, with its details (the listing as it is now,
 * its audit and the proposal): the list filtered to pending proposals, page by page (a few pages at a
 * time), then the details a few at a time.
 */
export async function fetchPendingProposals(): Promise<ShopListingDetail[]> {
  const CONCURRENT = 4;
  const list = (page: number) => fetchShopListings({ sort: "updated", order: "desc", page, proposal: "pending" });
  const first = await list(1);
  const pages = Math.ceil(first.total / first.pageSize);
  const rows = first.listings.filter((row) => row.hasProposal);
  for (let page = 2; page <= pages; page += CONCURRENT) {
    const batch = await Promise.all(Array.from({ length: Math.min(CONCURRENT, pages - page + 1) }, (_, i) => list(page + i)));
    for (const result of batch) rows.push(...result.listings.filter((row) => row.hasProposal));
  }
  const details: ShopListingDetail[] = [];
  for (let i = 0; i < rows.length; i += CONCURRENT) {
    const batch = await Promise.all(rows.slice(i, i + CONCURRENT).map((row) => fetchShopListing(row.id)));
    details.push(...batch.filter((detail) => detail.proposal?.status === "pending"));
  }
  return details;
}

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

/** Whether the server has Etsy keys, and the seller's connection. */
export async function fetchEtsyStatus(): Promise<EtsyConnectionStatus> {
  return (await api<{ data: EtsyConnectionStatus }>("/shop/etsy")).data;
}

/** Starts the OAuth flow: answers the Etsy address to send the browser to. */
export async function connectEtsy(): Promise<string> {
  return (await api<{ data: { url: string } }>("/shop/etsy/connect", { method: "POST" })).data.url;
}

export async function importFromEtsy(): Promise<EtsyImportResult> {
  return (await api<{ data: EtsyImportResult }>("/shop/etsy/import", { method: "POST", timeoutMs: 180_000 })).data;
}

/** Sends every accepted change back to Etsy. */
export async function pushToEtsy(): Promise<EtsyPushResult> {
  return (await api<{ data: EtsyPushResult }>("/shop/etsy/push", { method: "POST", body: { all: true }, timeoutMs: 300_000 })).data;
}

export async function disconnectEtsy() {
  await api("/shop/etsy", { method: "DELETE" });
}
