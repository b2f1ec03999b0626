/** The SEO screen's keyword search (SPEC §7 'GET /api/keywords') and the SPEC §8 cases of its failures. */
import type { KeywordSearchResult, VolumeSummary } from "../../../schema/api/keywords";
import { api, ApiError } from "~/lib/api";

export interface SearchForm {
  productName: string;
  /** "" means any category (the field is optional). */
  category: string;
  country: string;
  platform: string;
}

/** What went wrong, in the SPEC §8 cases; the screen turns it into words. */
export type SearchFailure = { kind: "unauthorized" } | { kind: "quota"; limit: number; plan: string } | { kind: "unverified" } | { kind: "status"; status: number } | { kind: "generic" };

export function classifySearchError(error: unknown): SearchFailure {
  if (error instanceof ApiError && error.status > 0) {
    if (error.code === "unauthorized") return { kind: "unauthorized" };
    if (error.code === "email-unverified") return { kind: "unverified" };
    if (error.code === "quota-exhausted") return { kind: "quota", limit: error.quota?.limit ?? 10, plan: error.quota?.plan ?? "free" };
    // SPEC section 8 names the status in this text ('API request failed with status {n}'); nothing branches on it.
    return { kind: "status", status: error.status };
  }
  return { kind: "generic" };
}

function searchQuery(form: SearchForm) {
  const params = new URLSearchParams({ product_name: form.productName.trim(), country: form.country, platform: form.platform });
  if (form.category) params.set("category", form.category);
  return params.toString();
}

/** GET /api/keywords; a body without a keywords list counts as an empty answer (SPEC §8 'No Keywords Found'). */
export async function searchKeywords(form: SearchForm, signal?: AbortSignal): Promise<KeywordSearchResult> {
  const body = await api<{ success?: boolean; data?: Partial<KeywordSearchResult> }>(`/keywords?${searchQuery(form)}`, { signal });
  const data = body?.data ?? {};
  return {
    keywords: Array.isArray(data.keywords) ? data.keywords : [],
    error: data.error === true,
    source: typeof data.source === "string" ? data.source : "sample",
    fallbackReason: typeof data.fallbackReason === "string" ? data.fallbackReason : null,
    fromCache: data.fromCache === true,
    lastUpdated: typeof data.lastUpdated === "string" ? data.lastUpdated : new Date().toISOString(),
    platform: (data.platform ?? form.platform) as KeywordSearchResult["platform"],
    country: data.country ?? form.country,
    category: (data.category ?? null) as KeywordSearchResult["category"],
    volumes: volumeSummaryOf(data.volumes),
  };
}

/** The answer's volume summary; anything unreadable counts as "off", so nothing passes for measured. */
export function volumeSummaryOf(value: unknown): VolumeSummary {
  const given = (value ?? {}) as Partial<VolumeSummary>;
  const status = given.status === "live" || given.status === "unsupported" || given.status === "failed" ? given.status : "off";
  const source = given.source === "Google Ads via DataForSEO" || given.source === "Amazon via DataForSEO" ? given.source : null;
  if (status === "live" && !source) return { status: "off", source: null, reason: null };
  return { status, source, reason: typeof given.reason === "string" ? given.reason : null };
}
