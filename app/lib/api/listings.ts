/**
 * The browser side of the listings API: the NDJSON generation stream, file downloads and the
 * typed calls, so the listing screens read the same shapes the same way.
 */
import type { GenerateEvent, ListingDetail, ListingPart, ListingSummary, ListingVersionInfo, RuleReport } from "../../../schema/api/listings";
import { ApiError, apiResponse } from "~/lib/api";

export type { GenerateEvent, ListingDetail, ListingPart, ListingSummary, ListingVersionInfo, RuleReport };
export { LISTING_LIMITS, LISTING_PARTS, PLATFORMS, type Platform } from "../../../schema/api/listings";

type ListingSort = "newest" | "oldest" | "score" | "score-asc";
/** The sort of My Listings' address (?sort=); newest unless it names another. */
export const sortOf = (value: string | null): ListingSort => (["oldest", "score", "score-asc"] as const).find((s) => s === value) ?? "newest";

/**
 * My Listings shows the seller's listings 50 at a time (a plan keeps up to 10,000): a page of a shop
 * of hundreds stays as light as one of 50, and no listing is out of reach (the list used to stop at
 * 1,000). Fifty is the page of DESIGN §9's budget and the Shopify admin's.
 */
export const LISTINGS_PAGE_SIZE = 50;

export interface ListingChanges {
  title?: string;
  description?: string;
  tags?: string[];
  altTexts?: string[];
}

/** The listing as it is now, from the version-conflict of a stale edit or restore; undefined for any other error. */
export function conflictListing(error: unknown): ListingDetail | undefined {
  if (!(error instanceof ApiError) || error.code !== "version-conflict") return undefined;
  const listing = (error.body as { listing?: ListingDetail } | null)?.listing;
  return listing && typeof listing.version === "number" ? listing : undefined;
}

/** A new version of one part of a fresh listing (POST /api/listings/generate/part), as Create's action answers it. */
export interface RegeneratedPart {
  part: ListingPart;
  value: string | string[];
  listing: ListingDetail;
  ruleReport: RuleReport;
  regenerationsLeft: number;
  provider: string;
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
