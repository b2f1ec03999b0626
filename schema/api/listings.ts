/**
 * Create Listing, My Listings and files: request schemas, limits and response types, shared by the
 * screens in app/ and the handlers in worker/api/listings.ts. Messages a user sees are the SPEC's.
 */
import * as v from "valibot";
import type { AuditReport, Grade } from "./audit-report";

export const LISTING_LIMITS = {
  titleMax: 130,
  /** The part of the title a phone shows; the title pattern front-loads the product there. */
  titleMobile: 70,
  tagCount: 13,
  tagMax: 20,
  altTextMax: 130,
  /** Alt texts kept per listing (Etsy shows up to 20 photos). */
  altTextsMax: 20,
  descriptionMax: 20_000,
  productDescriptionMax: 5_000,
  keywordsMax: 30,
  keywordMax: 100,
  originalPromptMax: 20_000,
  aiSystemMax: 20_000,
  aiPromptMax: 20_000,
  fileMaxBytes: 10 * 1024 * 1024,
  /** The longest upload file name, in characters (issue 23). */
  fileNameMax: 255,
  /** Regenerations of one part allowed per generated listing, within the window below. */
  regenerationsMax: 5,
  regenerationWindowMs: 60 * 60 * 1000,
} as const;

export const PLATFORMS = ["etsy", "amazon", "ebay"] as const;
export type Platform = (typeof PLATFORMS)[number];

export const LISTING_PARTS = ["title", "description", "tags", "altTexts"] as const;

/**
 * The parts each marketplace's listing has. Etsy: title, description, 13 tags, alt texts.
 * eBay: title (at most 80), description, item specifics (no tags). Amazon: title, five bullet points,
 * description, backend search terms (at most 249 bytes), alt texts (no tags).
 */
export const PLATFORM_PARTS = {
  etsy: ["title", "description", "tags", "altTexts"],
  ebay: ["title", "description", "itemSpecifics"],
  amazon: ["title", "bullets", "description", "searchTerms", "altTexts"],
} as const;

export const PLATFORM_LIMITS = {
  etsy: { titleMax: 140, titleWritten: 130, tagCount: 13, tagMax: 20, altTextMax: 500, photosMax: 20 },
  ebay: { titleMax: 80 },
  amazon: { titleMax: 200, titleWarn: 150, bulletCount: 5, bulletMax: 500, searchTermsMaxBytes: 249 },
} as const;

/** The longest title Create writes for each marketplace: Etsy 130 (the SPEC's), eBay 80, Amazon 200. */
export function writtenTitleMax(platform: Platform | string | undefined): number {
  return platform === "ebay" ? PLATFORM_LIMITS.ebay.titleMax : platform === "amazon" ? PLATFORM_LIMITS.amazon.titleMax : LISTING_LIMITS.titleMax;
}

/** An eBay item specific, e.g. { name: "Material", value: "Merino wool" }. */
export interface ItemSpecific {
  name: string;
  value: string;
}

/** The platform parts a save or an edit may carry (checked against PLATFORM_LIMITS by the audit, not refused here). */
const PLATFORM_PART_FIELDS = {
  bullets: v.optional(
    v.pipe(
      v.array(v.pipe(v.string("Each bullet must be text"), v.maxLength(2_000, "Each bullet must be at most 2000 characters")), "bullets must be a list of text"),
      v.maxLength(20, "bullets must have at most 20 entries"),
    ),
  ),
  searchTerms: v.optional(v.pipe(v.string("searchTerms must be text"), v.maxLength(5_000, "searchTerms must be at most 5000 characters"))),
  itemSpecifics: v.optional(
    v.pipe(
      v.array(
        v.object(
          {
            name: v.pipe(v.string("Item specific name must be text"), v.maxLength(500, "Item specific name must be at most 500 characters")),
            value: v.pipe(v.string("Item specific value must be text"), v.maxLength(500, "Item specific value must be at most 500 characters")),
          },
          "Each item specific must be { name, value }",
        ),
        "itemSpecifics must be a list of { name, value }",
      ),
      v.maxLength(100, "itemSpecifics must have at most 100 entries"),
    ),
  ),
};

/** Parts only some marketplaces have (PLATFORM_PARTS): Amazon's bullets and search terms, eBay's item specifics. */
const PLATFORM_ONLY_PARTS = ["bullets", "searchTerms", "itemSpecifics"] as const;
export type ListingPart = (typeof LISTING_PARTS)[number] | (typeof PLATFORM_ONLY_PARTS)[number];

const text = (label: string, max: number) => v.pipe(v.string(`${label} must be text`), v.maxLength(max, `${label} must be at most ${max} characters`));

const stringList = (label: string, maxItems: number, maxLength: number) =>
  v.pipe(v.array(text(`Each of ${label}`, maxLength), `${label} must be a list of text`), v.maxLength(maxItems, `${label} must have at most ${maxItems} entries`));

/** POST /api/listings/generate */
export const GenerateListingSchema = v.object({
  description: v.pipe(
    v.string("Please enter a product description"),
    v.trim(),
    v.nonEmpty("Please enter a product description"),
    v.maxLength(LISTING_LIMITS.productDescriptionMax, `Product description must be at most ${LISTING_LIMITS.productDescriptionMax} characters`),
  ),
  keywords: v.optional(stringList("keywords", LISTING_LIMITS.keywordsMax, LISTING_LIMITS.keywordMax), []),
  platform: v.optional(v.picklist(PLATFORMS, "Platform must be etsy, amazon or ebay"), "etsy"),
  provider: v.optional(v.pipe(v.string("Provider must be text"), v.maxLength(40, "Provider is unknown"))),
});

/** POST /api/listings/generate/part */
export const RegeneratePartSchema = v.object({
  listingId: v.pipe(v.string("listingId is required"), v.nonEmpty("listingId is required"), v.maxLength(100, "Listing not found")),
  part: v.picklist([...LISTING_PARTS, ...PLATFORM_ONLY_PARTS], "part must be one of: title, description, tags, altTexts, bullets, searchTerms, itemSpecifics"),
  provider: v.optional(v.pipe(v.string("Provider must be text"), v.maxLength(40, "Provider is unknown"))),
});

// ---- A seller's own listing (manual saves and edits) --------------------------------------------
// A seller's own text is never repaired behind their back: what breaks a marketplace limit is a 400
// naming the field. The editor in My Listings validates with the same schema (decision 0011).

/** Etsy's characters for a title: letters, numbers, punctuation, ™ © ® (the enforcer's set plus those). */
const ETSY_TITLE_DISALLOWED = /[^\p{L}\p{M}\p{N} \-,.'"/()!?;$€£%:&+™©®]/u;
/** Etsy's characters for a tag: letters, numbers, spaces, hyphens and apostrophes. */
const ETSY_TAG_DISALLOWED = /[^\p{L}\p{M}\p{N} '-]/u;
/** Etsy allows each of these at most once in a title. */
const ETSY_TITLE_ONCE = ["%", ":", "&", "+"] as const;

/** The limits a seller's own edit is held to on each marketplace. */
export function sellerLimits(platform: string | undefined) {
  const titleMax = platform === "ebay" ? PLATFORM_LIMITS.ebay.titleMax : platform === "amazon" ? PLATFORM_LIMITS.amazon.titleMax : PLATFORM_LIMITS.etsy.titleMax;
  return {
    titleMax,
    tagCount: PLATFORM_LIMITS.etsy.tagCount,
    tagMax: PLATFORM_LIMITS.etsy.tagMax,
    altTextCount: PLATFORM_LIMITS.etsy.photosMax,
    altTextMax: PLATFORM_LIMITS.etsy.altTextMax,
    descriptionMax: LISTING_LIMITS.descriptionMax,
    etsyCharacters: platform === undefined || platform === "etsy",
  };
}

/** The first problem of a title a seller wrote, or undefined. */
function titleProblem(title: string, platform?: string): string | undefined {
  const limits = sellerLimits(platform);
  if (!title.trim()) return "Title is required";
  if (title.length > limits.titleMax) return `Title must be at most ${limits.titleMax} characters (it has ${title.length})`;
  if (!limits.etsyCharacters) return undefined;
  const bad = title.match(ETSY_TITLE_DISALLOWED);
  if (bad) return `Title cannot contain "${bad[0]}": Etsy allows letters, numbers, punctuation and ™ © ®`;
  const repeated = ETSY_TITLE_ONCE.find((c) => title.split(c).length > 2);
  if (repeated) return `Title can use "${repeated}" only once on Etsy`;
  return undefined;
}

/** The first problem of a tag list a seller wrote, or undefined. */
function tagsProblem(tags: string[], platform?: string): string | undefined {
  const limits = sellerLimits(platform);
  if (tags.length > limits.tagCount) return `At most ${limits.tagCount} tags (there are ${tags.length})`;
  const empty = tags.findIndex((t) => !t.trim());
  if (empty >= 0) return `Tag ${empty + 1} is empty`;
  const long = tags.find((t) => t.length > limits.tagMax);
  if (long) return `Each tag must be at most ${limits.tagMax} characters ("${long}" has ${long.length})`;
  const odd = tags.find((t) => ETSY_TAG_DISALLOWED.test(t));
  if (odd) return `Tag "${odd}" cannot contain "${odd.match(ETSY_TAG_DISALLOWED)![0]}": Etsy allows letters, numbers, spaces, hyphens and apostrophes`;
  const seen = new Set<string>();
  const duplicate = tags.find((t) => {
    const key = t.trim().toLowerCase();
    if (seen.has(key)) return true;
    seen.add(key);
    return false;
  });
  if (duplicate) return `Tag "${duplicate}" is there twice`;
  return undefined;
}

/** The first problem of an alt-text list a seller wrote, or undefined. */
function altTextsProblem(altTexts: string[], platform?: string): string | undefined {
  const limits = sellerLimits(platform);
  if (altTexts.length > limits.altTextCount) return `At most ${limits.altTextCount} alt texts (there are ${altTexts.length})`;
  const long = altTexts.findIndex((t) => t.length > limits.altTextMax);
  if (long >= 0) return `Alt text ${long + 1} must be at most ${limits.altTextMax} characters (it has ${altTexts[long].length})`;
  return undefined;
}

const checked = <T>(problem: (value: T) => string | undefined) =>
  v.rawCheck<T>(({ dataset, addIssue }) => {
    if (!dataset.typed) return;
    const message = problem(dataset.value);
    if (message) addIssue({ message });
  });

const titleField = (platform?: string) =>
  v.pipe(
    v.string("Title must be text"),
    checked<string>((t) => titleProblem(t, platform)),
  );
const descriptionField = () => v.pipe(v.string("Description must be text"), v.maxLength(LISTING_LIMITS.descriptionMax, `Description must be at most ${LISTING_LIMITS.descriptionMax} characters`));
const tagsField = (platform?: string) =>
  v.pipe(
    v.array(v.string("Each tag must be text"), "tags must be a list of text"),
    v.maxLength(100, "tags must have at most 100 entries"),
    checked<string[]>((t) => tagsProblem(t, platform)),
  );
const altTextsField = (platform?: string) =>
  v.pipe(
    v.array(v.string("Each alt text must be text"), "altTexts must be a list of text"),
    v.maxLength(100, "altTexts must have at most 100 entries"),
    checked<string[]>((t) => altTextsProblem(t, platform)),
  );
const versionField = v.pipe(v.number("version must be a whole number"), v.integer("version must be a whole number"), v.minValue(1, "version must be at least 1"));
/** Why a PUT changes the listing, as its version history shows it: a seller's edit or a Listing Doctor fix. */
const reasonField = v.optional(v.picklist(["edit", "fix"], "reason must be edit or fix"));

const SaveListingShape = v.object({
  title: v.string("Title must be text"),
  description: descriptionField(),
  tags: v.optional(v.pipe(v.array(v.string("Each tag must be text"), "tags must be a list of text"), v.maxLength(100, "tags must have at most 100 entries")), []),
  altTexts: v.optional(v.pipe(v.array(v.string("Each alt text must be text"), "altTexts must be a list of text"), v.maxLength(100, "altTexts must have at most 100 entries")), []),
  originalPrompt: v.optional(v.nullable(text("Original prompt", LISTING_LIMITS.originalPromptMax)), ""),
  platform: v.optional(v.picklist(PLATFORMS, "Platform must be etsy, amazon or ebay"), "etsy"),
  ...PLATFORM_PART_FIELDS,
});
type SaveListingShapeOut = v.InferOutput<typeof SaveListingShape>;

/** POST /api/save-listing and POST /api/listings (the SPEC's saved listing), checked for its platform. */
export const SaveListingSchema = v.pipe(
  SaveListingShape,
  v.forward(
    checked<SaveListingShapeOut>((l) => titleProblem(l.title, l.platform)),
    ["title"],
  ),
  v.forward(
    checked<SaveListingShapeOut>((l) => tagsProblem(l.tags, l.platform)),
    ["tags"],
  ),
  v.forward(
    checked<SaveListingShapeOut>((l) => altTextsProblem(l.altTexts, l.platform)),
    ["altTexts"],
  ),
);
export type SaveListingInput = v.InferOutput<typeof SaveListingSchema>;

/**
 * PUT /api/listings/:id: any subset of the saved fields, checked against the listing's platform, and
 * the version the edit started from (`version`, or an If-Match header).
 */
export function updateListingSchema(platform?: string) {
  return v.object({
    title: v.optional(titleField(platform)),
    description: v.optional(descriptionField()),
    tags: v.optional(tagsField(platform)),
    altTexts: v.optional(altTextsField(platform)),
    originalPrompt: v.optional(v.nullable(text("Original prompt", LISTING_LIMITS.originalPromptMax))),
    version: v.optional(versionField),
    reason: reasonField,
    ...PLATFORM_PART_FIELDS,
  });
}
/** The shape of a PUT body before the listing's platform is known (types and sizes only). */
export const UpdateListingSchema = v.object({
  title: v.optional(v.pipe(v.string("Title must be text"), v.maxLength(1_000, "Title must be at most 1000 characters"))),
  description: v.optional(descriptionField()),
  tags: v.optional(v.pipe(v.array(v.string("Each tag must be text"), "tags must be a list of text"), v.maxLength(100, "tags must have at most 100 entries"))),
  altTexts: v.optional(v.pipe(v.array(v.string("Each alt text must be text"), "altTexts must be a list of text"), v.maxLength(100, "altTexts must have at most 100 entries"))),
  originalPrompt: v.optional(v.nullable(text("Original prompt", LISTING_LIMITS.originalPromptMax))),
  version: v.optional(versionField),
  reason: reasonField,
  ...PLATFORM_PART_FIELDS,
});
export type UpdateListingInput = v.InferOutput<typeof UpdateListingSchema>;

/** The kinds of fact a seller sees and corrects on "Facts we used" (the fact sheet's items, decision 0030). */
export const LISTING_FACT_KINDS = [
  "brand",
  "model",
  "era",
  "material",
  "measure",
  "size",
  "tool",
  "count",
  "colour",
  "design",
  "condition",
  "care",
  "personalisation",
  "format",
  "editor",
  "skill",
  "terms",
  "craft",
  "fits",
  "scent",
  "origin",
  "detail",
] as const;

/** One item of "Facts we used". */
export interface ListingFact {
  kind: string;
  value: string;
}

/** At most this many facts in a corrected list, each value at most this long. */
export const FACT_LIMITS = { count: 60, valueMax: 120 } as const;

/** PUT /api/listings/:id/facts: the whole "Facts we used" list as the seller corrected it ([] removes every fact). */
export const FactCorrectionsSchema = v.object({
  facts: v.pipe(
    v.array(
      v.object(
        {
          kind: v.picklist(LISTING_FACT_KINDS, `Each fact's kind must be one of: ${LISTING_FACT_KINDS.join(", ")}`),
          value: v.pipe(
            v.string("Each fact's value must be text"),
            v.trim(),
            v.nonEmpty("A fact's value cannot be empty: remove the fact instead"),
            v.maxLength(FACT_LIMITS.valueMax, `Each fact's value must be at most ${FACT_LIMITS.valueMax} characters`),
          ),
        },
        "Each fact must be an object with kind and value",
      ),
      "facts must be a list of { kind, value }",
    ),
    v.maxLength(FACT_LIMITS.count, `facts must have at most ${FACT_LIMITS.count} entries`),
  ),
});

/** The editor's form in My Listings: the same checks as the server's for the listing's platform. */
export function listingFormSchema(platform?: string) {
  return v.object({ title: titleField(platform), description: descriptionField(), tags: tagsField(platform), altTexts: altTextsField(platform) });
}

/** POST /api/ai/:provider (the SPEC's raw call). */
export const AiCallSchema = v.object({
  system: v.optional(v.nullable(text("system", LISTING_LIMITS.aiSystemMax)), ""),
  prompt: v.pipe(
    v.string("prompt is required"),
    v.trim(),
    v.nonEmpty("prompt is required"),
    v.maxLength(LISTING_LIMITS.aiPromptMax, `prompt must be at most ${LISTING_LIMITS.aiPromptMax} characters`),
  ),
  featureKey: v.optional(v.nullable(v.string("featureKey must be text"))),
});

/** `score`: the highest audit score first; `score-asc`: the lowest first (what needs work). */
export const ListingSortSchema = v.optional(v.picklist(["newest", "oldest", "score", "score-asc"], "sort must be newest, oldest, score or score-asc"), "newest");
export type ListingSort = v.InferOutput<typeof ListingSortSchema>;
export const ExportFormatSchema = v.optional(v.picklist(["csv", "json"], "format must be csv or json"), "csv");

// ---- Responses ---------------------------------------------------------------------------------

type RuleStatus = "pass" | "repaired" | "warning";

export interface RuleCheck {
  /** e.g. "title.length", "tags.count" */
  rule: string;
  status: RuleStatus;
  /** What was repaired or why it is a warning, in plain words. */
  detail?: string;
}

export interface RuleReport {
  /** True when every rule passed as written, with nothing repaired. */
  passed: boolean;
  /** True when at least one rule needed a repair. */
  repaired: boolean;
  checks: RuleCheck[];
  /** Present on generated listings: what regenerating one part needs. */
  generation?: { keywords: string[]; digital: boolean; regenerations: number };
}

/** One card of GET /api/listings (`data.listings[]`). */
/**
 * What My Listings' page reads of a listing (decision 0064): a card's parts, with only the first
 * characters of the description, and the stored score.
 */
export interface ListingCardSource {
  id: string;
  title: string;
  /** The description's first characters (markdown as written): the card shows two lines of it as plain text. */
  description: string;
  tags: string[];
  /** Milliseconds since 1970. */
  createdAt: number;
  score: number;
  grade: Grade;
}

export interface ListingSummary {
  /** Listing Doctor's score of the saved listing (0-100) and its grade. */
  score: number;
  grade: Grade;
  /** Amazon: bullet points; eBay: item specifics; [] / "" elsewhere. */
  bullets: string[];
  searchTerms: string;
  itemSpecifics: ItemSpecific[];
  id: string;
  title: string;
  description: string;
  tags: string[];
  altTexts: string[];
  /** ISO 8601 */
  createdAt: string;
  platform: string;
  provider: string;
}

/** GET /api/listings/:id (`data.listing`), the SPEC's detail fields plus the rule report. */
export interface ListingDetail {
  /** Listing Doctor's report of the saved listing (score, grade, findings). */
  audit: AuditReport;
  /** Amazon: five bullet points and backend search terms; eBay: item specifics; [] / "" elsewhere. */
  bullets: string[];
  search_terms: string;
  item_specifics: ItemSpecific[];
  id: string;
  title: string;
  description: string;
  /** ISO 8601 */
  created_at: string;
  /** ISO 8601 */
  updated_at: string;
  tags: string[];
  alt_texts: string[];
  original_prompt: string;
  rule_report: RuleReport | null;
  platform: string;
  /** "offline-composer", "deepseek", "openai", "workers-ai" or "manual" */
  provider: string;
  source: string;
  /** Optimistic concurrency: send it back with a PUT (field `version` or If-Match). */
  version: number;
  /**
   * "Facts we used": the fact sheet read from the listing's prompt (and its selected keywords), one item
   * per fact (kind: brand, model, era, material, measure, size, tool, count, colour, design, condition, care,
   * personalisation, format, editor, skill, terms, craft). Once the seller corrected the list (PUT
   * /api/listings/:id/facts) it is the corrected list, and the next generation writes from it.
   */
  facts?: ListingFact[];
  /** True when `facts` is the seller's corrected list rather than what was read from the prompt. */
  facts_corrected?: boolean;
}

/** GET /api/listings/:id/versions (`data.versions[]`), newest first. */
export interface ListingVersionInfo {
  id: string;
  version: number;
  /** "saved" | "generated" | "edit" | "regenerated" | "restore" | "fix" */
  reason: string;
  /** ISO 8601 */
  createdAt: string;
  /** The listing's editable parts at that version. */
  snapshot: ListingSnapshot;
}

export interface ListingSnapshot {
  title: string;
  description: string;
  tags: string[];
  altTexts: string[];
  originalPrompt: string;
  [part: string]: unknown;
}

export interface StoredFileInfo {
  id: string;
  listingId: string | null;
  name: string;
  contentType: string;
  size: number;
  createdAt: string;
  /** Where the owner downloads it: /api/files/{id} */
  url: string;
}

export interface QuotaSnapshot {
  used: number;
  limit: number;
  plan: string;
}

/** The newline-delimited JSON events of POST /api/listings/generate, one per line. */
export type GenerateEvent =
  | { type: "start"; provider: string; providerLabel: string; offline: boolean; notice?: string; quota: QuotaSnapshot }
  | { type: "part"; part: ListingPart; value: string | string[] | ItemSpecific[] }
  | { type: "done"; listing: ListingDetail; ruleReport: RuleReport; quota: QuotaSnapshot; provider: string; providerLabel: string; offline: boolean; notice?: string; replayed?: boolean }
  /** `detail` says why a provider failed (502) or timed out (504), e.g. "Workers AI failed (3040: ...)". */
  | { type: "error"; status: number; code: string; message: string; detail?: string; provider?: string };
