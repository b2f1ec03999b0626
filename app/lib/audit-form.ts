/**
 * The fields of Audit a Listing (/audit) as the screen keeps them and as its form posts them: the
 * screen audits them live in the browser, and its route action reads the same fields from a plain
 * form post (before hydration, or without JavaScript) to show the report or save the listing.
 */
import { PLATFORMS, type ItemSpecific, type Platform } from "../../schema/api/listings";
import type { AuditInput } from "../../shared/audit";

export interface AuditForm {
  platform: Platform;
  title: string;
  tags: string;
  description: string;
  photoCount: string;
  altTexts: string;
  bullets: string;
  searchTerms: string;
  itemSpecifics: string;
  keyword: string;
  digital: boolean;
}

export const EMPTY_AUDIT_FORM: AuditForm = {
  platform: "etsy",
  title: "",
  tags: "",
  description: "",
  photoCount: "",
  altTexts: "",
  bullets: "",
  searchTerms: "",
  itemSpecifics: "",
  keyword: "",
  digital: false,
};

/** The form's text fields (everything but the platform and the digital switch), each posted under its own name. */
const TEXT_FIELDS = ["title", "tags", "description", "photoCount", "altTexts", "bullets", "searchTerms", "itemSpecifics", "keyword"] as const;

/** The longest text a posted field keeps (far above every marketplace's limit; the audit reports the excess). */
const FIELD_MAX = 50_000;

/** The fields of a posted form; an unknown platform is Etsy's, a missing field is empty. */
export function auditFormOf(form: FormData): AuditForm {
  const text = (name: string) => {
    const value = form.get(name);
    return typeof value === "string" ? value.slice(0, FIELD_MAX) : "";
  };
  const platform = text("platform");
  const fields = {
    ...EMPTY_AUDIT_FORM,
    platform: (PLATFORMS as readonly string[]).includes(platform) ? (platform as Platform) : "etsy",
    digital: text("digital") === "on" || text("digital") === "true",
  };
  for (const name of TEXT_FIELDS) fields[name] = text(name);
  return fields;
}

const lines = (text: string) =>
  text
    .split("\n")
    .map((l) => l.trim())
    .filter(Boolean);

export const parseTags = (text: string) =>
  text
    .split(/[,\n]/)
    .map((t) => t.trim())
    .filter(Boolean);

const parseItemSpecifics = (text: string): ItemSpecific[] =>
  lines(text).map((line) => {
    const at = line.indexOf(":");
    return at < 0 ? { name: line, value: "" } : { name: line.slice(0, at).trim(), value: line.slice(at + 1).trim() };
  });

/** The Listing Doctor's input: only the parts the chosen marketplace has. */
export function toAuditInput(form: AuditForm): AuditInput {
  const count = form.photoCount.trim() === "" ? null : Number(form.photoCount);
  return {
    platform: form.platform,
    title: form.title,
    description: form.description,
    tags: form.platform === "etsy" ? parseTags(form.tags) : [],
    altTexts: form.platform === "etsy" ? lines(form.altTexts) : [],
    bullets: form.platform === "amazon" ? lines(form.bullets) : [],
    searchTerms: form.platform === "amazon" ? form.searchTerms : "",
    itemSpecifics: form.platform === "ebay" ? parseItemSpecifics(form.itemSpecifics) : [],
    photoCount: count !== null && Number.isInteger(count) && count >= 0 ? count : null,
    keywords: form.keyword.trim() ? [form.keyword.trim()] : [],
    digital: form.digital ? true : null,
  };
}

/** Whether there is anything to audit or save: a title or a description. */
export function hasAuditContent(form: AuditForm) {
  return form.title.trim() !== "" || form.description.trim() !== "";
}

/** The body of POST /api/save-listing for these fields (the listing as written). */
export function saveListingBody(form: AuditForm) {
  const listing = toAuditInput(form);
  return {
    platform: listing.platform,
    title: listing.title,
    description: listing.description,
    tags: listing.tags,
    altTexts: listing.altTexts,
    bullets: listing.bullets,
    searchTerms: listing.searchTerms,
    itemSpecifics: listing.itemSpecifics,
  };
}
