/**
 * The browser side of the listings API: the NDJSON generation stream, file downloads and the
 * typed calls, so the listing screens read the same shapes the same way.
 */
import type { GenerateEvent, ListingDetail, ListingPart, ListingSummary, ListingVersionInfo, RuleReport } from "../../../schema/api/listings";
import { ApiError, api, apiResponse } from "~/lib/api";

export type { GenerateEvent, ListingDetail, ListingPart, ListingSummary, ListingVersionInfo, RuleReport };
export { LISTING_LIMITS, LISTING_PARTS, PLATFORMS, type Platform } from "../../../schema/api/listings";

export type ListingSort = "newest" | "oldest" | "score" | "score-asc";

export async function fetchListings(q: string, sort: ListingSort): Promise<ListingSummary[]> {
  const params = new URLSearchParams({ sort });
  if (q.trim()) params.set("q", q.trim());
  const body = await api<{ data?: { listings?: ListingSummary[] } }>(`/listings?${params}`);
  return Array.isArray(body.data?.listings) ? body.data.listings : [];
}

export async function fetchListing(id: string): Promise<ListingDetail> {
  const body = await api<{ data?: { listing?: ListingDetail } }>(`/listings/${encodeURIComponent(id)}`);
  if (!body.data?.listing) throw new Error("Listing not found");
  return body.data.listing;
}

export interface ListingChanges {
  title?: string;
  description?: string;
  tags?: string[];
  altTexts?: string[];
}

/** Saves an edit made from `version`; a 409 (someone saved in between) throws an ApiError carrying the current listing. */
export async function updateListing(id: string, changes: ListingChanges, version: number) {
  const body = await api<{ data: { listing: ListingDetail; ruleReport: RuleReport | null } }>(`/listings/${encodeURIComponent(id)}`, {
    method: "PUT",
    body: { ...changes, version },
  });
  return body.data;
}

/** Keeps the seller's corrected "Facts we used" list with the listing; answers the listing with it. */
export async function saveFacts(id: string, facts: { kind: string; value: string }[]): Promise<ListingDetail> {
  const body = await api<{ data: { listing: ListingDetail } }>(`/listings/${encodeURIComponent(id)}/facts`, { method: "PUT", body: { facts } });
  return body.data.listing;
}

/** Applies an audit finding's one-click fix to `version`, recorded in the history as a "fix"; answers the listing audited again. */
export async function fixListing(id: string, patch: Record<string, unknown>, version: number): Promise<ListingDetail> {
  const body = await api<{ data: { listing: ListingDetail } }>(`/listings/${encodeURIComponent(id)}`, { method: "PUT", body: { ...patch, version, reason: "fix" } });
  return body.data.listing;
}

/** The listing as it is now, from the version-conflict of a stale edit or restore; undefined for any other error. */
export function conflictListing(error: unknown): ListingDetail | undefined {
  if (!(error instanceof ApiError) || error.code !== "version-conflict") return undefined;
  const listing = (error.body as { listing?: ListingDetail } | null)?.listing;
  return listing && typeof listing.version === "number" ? listing : undefined;
}

export async function fetchVersions(id: string): Promise<ListingVersionInfo[]> {
  const body = await api<{ data?: { versions?: ListingVersionInfo[] } }>(`/listings/${encodeURIComponent(id)}/versions`);
  return Array.isArray(body.data?.versions) ? body.data.versions : [];
}

export async function restoreVersion(id: string, versionId: string, version: number) {
  const body = await api<{ data: { listing: ListingDetail; restoredFrom: number } }>(`/listings/${encodeURIComponent(id)}/versions/${encodeURIComponent(versionId)}/restore`, { body: { version } });
  return body.data;
}

export async function deleteListing(id: string) {
  await api(`/listings/${encodeURIComponent(id)}`, { method: "DELETE" });
}

interface RegeneratedPart {
  part: ListingPart;
  value: string | string[];
  listing: ListingDetail;
  ruleReport: RuleReport;
  regenerationsLeft: number;
  provider: string;
}

export async function regeneratePart(listingId: string, part: ListingPart) {
  const body = await api<{ data: RegeneratedPart }>("/listings/generate/part", { body: { listingId, part } });
  return body.data;
}

/**
 * Reads a newline-delimited JSON stream and hands each event over as soon as its line is complete.
 * A line that is not JSON is skipped: one garbled line must not hide the parts around it.
 */
export async function readNdjson<T>(response: Response, onEvent: (event: T) => void): Promise<void> {
  if (!response.body) {
    for (const line of (await response.text()).split("\n")) emitLine(line, onEvent);
    return;
  }
  const reader = response.body.getReader();
  const decoder = new TextDecoder();
  let buffer = "";
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    buffer += decoder.decode(value, { stream: true });
    let newline = buffer.indexOf("\n");
    while (newline >= 0) {
      emitLine(buffer.slice(0, newline), onEvent);
      buffer = buffer.slice(newline + 1);
      newline = buffer.indexOf("\n");
    }
  }
  buffer += decoder.decode();
  emitLine(buffer, onEvent);
}

function emitLine<T>(line: string, onEvent: (event: T) => void) {
  const text = line.trim();
  if (!text) return;
  let event: T;
  try {
    event = JSON.parse(text) as T;
  } catch {
    return;
  }
  onEvent(event);
}

/** The file name of a Content-Disposition header, else the fallback. */
export function fileNameOf(disposition: string | null, fallback: string): string {
  const match = disposition ? /filename\*?=(?:UTF-8'')?"?([^";]+)"?/i.exec(disposition) : null;
  return match ? decodeURIComponent(match[1]) : fallback;
}

/** Downloads an authorised API file: fetch with the token, then a temporary <a download> on an object URL. */
export async function downloadFromApi(path: string, fallbackName: string) {
  const response = await apiResponse(path);
  const blob = await response.blob();
  const url = URL.createObjectURL(blob);
  const link = document.createElement("a");
  link.href = url;
  link.download = fileNameOf(response.headers.get("Content-Disposition"), fallbackName);
  link.rel = "noopener";
  link.style.display = "none";
  document.body.appendChild(link);
  link.click();
  link.remove();
  // Revoked a moment later: some browsers start reading the URL only after click() returns.
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
