/**
 * The SEO screen's keyword search (SPEC §7 'GET /api/keywords') and the SPEC §8 cases of its failures.
 * The search runs in the screen's route action (decision 0050); this module is what the action and the
 * page share: the form, the answer read from the API's body, and what a failure means.
 */
import type { KeywordSearchResult, VolumeSummary } from "../../../schema/api/keywords";

export interface SearchForm {
  productName: string;
  /** "" means any category (the field is optional). */
  category: string;
  country: string;
  platform: string;
}

/** What went wrong, in the SPEC §8 cases; the screen turns it into words. */
export type SearchFailure = { kind: "unauthorized" } | { kind: "quota"; limit: number; plan: string } | { kind: "unverified" } | { kind: "status"; status: number } | { kind: "generic" };

/** A failed write or search as the keyword screens' actions answer it: the API's code, message and status (0: no answer reached the page). */
export interface KeywordFailure {
  code: string;
  message: string;
  status: number;
  field?: string;
  quota?: { limit: number; plan: string };
}

/** The SPEC §8 case of a failed search, by the failure's code (never by the status). */
export function classifySearchFailure(failure: KeywordFailure): SearchFailure {
  if (failure.status === 0) return { kind: "generic" };
  if (failure.code === "unauthorized") return { kind: "unauthorized" };
  if (failure.code === "email-unverified") return { kind: "unverified" };
  if (failure.code === "quota-exhausted") return { kind: "quota", limit: failure.quota?.limit ?? 10, plan: failure.quota?.plan ?? "free" };
  // SPEC section 8 names the status in this text ('API request failed with status {n}'); nothing branches on it.
  return { kind: "status", status: failure.status };
}

/** The query of GET /api/keywords for a form. */
export function searchQuery(form: SearchForm) {
  const params = new URLSearchParams({ product_name: form.productName.trim(), country: form.country, platform: form.platform });
  if (form.category) params.set("category", form.category);
  return params.toString();
}

/** GET /api/keywords's `data`; a body without a keywords list counts as an empty answer (SPEC §8 'No Keywords Found'). */
export function searchResultOf(value: unknown, form: SearchForm, now: Date): KeywordSearchResult {
  const data = (value && typeof value === "object" ? value : {}) as Partial<KeywordSearchResult>;
  return {
    keywords: Array.isArray(data.keywords) ? data.keywords : [],
    error: data.error === true,
    source: typeof data.source === "string" ? data.source : "sample",
    fallbackReason: typeof data.fallbackReason === "string" ? data.fallbackReason : null,
    fromCache: data.fromCache === true,
    lastUpdated: typeof data.lastUpdated === "string" ? data.lastUpdated : now.toISOString(),
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
