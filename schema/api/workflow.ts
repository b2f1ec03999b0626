/**
 * The pattern wizard (SPEC §2 Wizard, §7 Wizard): request schemas, limits and response types, shared by
 * the wizard screens in app/ and the handlers in worker/api/workflow.ts.
 */
import * as v from "valibot";
import type { RuleReport } from "./listings";

export const WIZARD_LIMITS = {
  patternMax: 50_000,
  /** The optimized and formatted texts grow a little (headings, labels, glossary). */
  draftMax: 80_000,
  titleMax: 140,
  shopNameMax: 80,
  listingTitleMax: 1_000,
  descriptionMax: 20_000,
  listMax: 100,
  listItemMax: 1_000,
  /** The SPEC's workflow client time-out; the server gives a provider the same. */
  timeoutMs: 180_000,
} as const;

export const CRAFTS = ["crochet", "knitting", "sewing", "cross-stitch"] as const;
export const WIZARD_LANGUAGES = ["en", "tr"] as const;
export const PAPER_SIZES = ["a4", "letter"] as const;
const TERM_CHOICES = ["us", "uk"] as const;

export const OPTIMIZE_EMPTY = "Please paste a pattern to optimize";
export const PDF_EMPTY = "Please optimize a pattern first: optimizedPattern is empty";
export const LISTING_EMPTY = "Please format the pattern first: pdfContent is empty";

const optionalText = (label: string, max: number) => v.optional(v.pipe(v.string(`${label} must be text`), v.trim(), v.maxLength(max, `${label} must be at most ${max} characters`)));

/** `options` of every wizard call; unknown keys are ignored, so an older client never gets a 400. */
const WizardOptionsSchema = v.optional(
  v.looseObject({
    craft: v.optional(v.picklist(CRAFTS, `craft must be one of: ${CRAFTS.join(", ")}`)),
    language: v.optional(v.picklist(WIZARD_LANGUAGES, "language must be en or tr")),
    /** Step 3: the listing's language (the interface's); the pattern's language when absent. */
    listingLanguage: v.optional(v.picklist(WIZARD_LANGUAGES, "listingLanguage must be en or tr")),
    title: optionalText("title", WIZARD_LIMITS.titleMax),
    paperSize: v.optional(v.picklist(PAPER_SIZES, "paperSize must be a4 or letter")),
    shopName: optionalText("shopName", WIZARD_LIMITS.shopNameMax),
    provider: optionalText("provider", 40),
    /** The seller says AI helped make the item: the listing carries Etsy's disclosure line. */
    aiAssisted: v.optional(v.boolean("aiAssisted must be true or false")),
    /** The PDF's cover photo: one of the seller's uploaded JPEG or PNG files (another user's is a 404). */
    coverPhotoId: v.optional(v.nullable(v.pipe(v.string("coverPhotoId must be text"), v.maxLength(100, "File not found")))),
    /** Crochet only: the PDF in these terms (US sc/dc/tr or UK dc/tr/dtr), its abbreviations table following. */
    convertTerms: v.optional(v.nullable(v.picklist(TERM_CHOICES, "convertTerms must be us or uk"))),
  }),
  {},
);
export type WizardOptions = v.InferOutput<typeof WizardOptionsSchema>;

const FeatureKeySchema = v.optional(v.nullable(v.pipe(v.string("featureKey must be text"), v.maxLength(50, "featureKey is unknown"))));
const FileIdSchema = v.optional(v.nullable(v.pipe(v.string("pdfFileId must be text"), v.maxLength(100, "File not found"))));

/** Missing, null, blank: all the same clear message (a missing key would otherwise read "Invalid key"). */
const required = (empty: string, max: number, tooLong: string) => v.pipe(v.optional(v.string(empty), ""), v.trim(), v.nonEmpty(empty), v.maxLength(max, tooLong));

/** POST /api/workflow/optimize-pattern */
export const OptimizePatternSchema = v.object({
  pattern: required(OPTIMIZE_EMPTY, WIZARD_LIMITS.patternMax, "The pattern is too long: paste at most 50,000 characters"),
  options: WizardOptionsSchema,
  featureKey: FeatureKeySchema,
});
export type OptimizePatternInput = v.InferOutput<typeof OptimizePatternSchema>;

/** POST /api/workflow/generate-pdf */
export const GeneratePdfSchema = v.object({
  pattern: v.optional(v.object({ optimizedPattern: required(PDF_EMPTY, WIZARD_LIMITS.draftMax, "The optimized pattern is too long: at most 80,000 characters") }, PDF_EMPTY), {}),
  options: WizardOptionsSchema,
  featureKey: FeatureKeySchema,
});
export type GeneratePdfInput = v.InferOutput<typeof GeneratePdfSchema>;

/** POST /api/workflow/etsy-listing */
export const EtsyListingSchema = v.object({
  input: v.optional(
    v.object(
      {
        pdfContent: required(LISTING_EMPTY, WIZARD_LIMITS.draftMax, "The formatted pattern is too long: at most 80,000 characters"),
        pdfFileId: FileIdSchema,
      },
      LISTING_EMPTY,
    ),
    {},
  ),
  options: WizardOptionsSchema,
  featureKey: v.optional(v.nullable(v.literal("create-listing", "featureKey must be create-listing"))),
});
export type EtsyListingInput = v.InferOutput<typeof EtsyListingSchema>;

const listOf = (label: string) =>
  v.optional(
    v.pipe(
      v.array(
        v.pipe(v.string(`Each of ${label} must be text`), v.maxLength(WIZARD_LIMITS.listItemMax, `Each of ${label} must be at most ${WIZARD_LIMITS.listItemMax} characters`)),
        `${label} must be a list of text`,
      ),
      v.maxLength(WIZARD_LIMITS.listMax, `${label} must have at most ${WIZARD_LIMITS.listMax} entries`),
    ),
    [],
  );

/** POST /api/workflow/finish: the Finish button saves the generated listing to My Listings. */
export const FinishWizardSchema = v.object({
  title: required("Title is required", WIZARD_LIMITS.listingTitleMax, `Title must be at most ${WIZARD_LIMITS.listingTitleMax} characters`),
  description: required("Description is required", WIZARD_LIMITS.descriptionMax, `Description must be at most ${WIZARD_LIMITS.descriptionMax} characters`),
  tags: listOf("tags"),
  altTexts: listOf("altTexts"),
  pdfFileId: FileIdSchema,
  originalPattern: v.optional(v.nullable(v.pipe(v.string("originalPattern must be text"), v.maxLength(WIZARD_LIMITS.patternMax, "originalPattern must be at most 50,000 characters")))),
  provider: optionalText("provider", 40),
});
export type FinishWizardInput = v.InferOutput<typeof FinishWizardSchema>;

// ---- Responses ---------------------------------------------------------------------------------

/** Which provider wrote the text: "offline-composer" when the embedded optimizer/formatter did. */
interface WizardProviderInfo {
  provider: string;
  providerLabel: string;
  offline: boolean;
}

/** POST /api/workflow/tech-edit: the pattern as the seller wrote it; the craft when the seller chose one. */
export const TechEditSchema = v.object({
  pattern: required(OPTIMIZE_EMPTY, WIZARD_LIMITS.patternMax, "The pattern is too long: paste at most 50,000 characters"),
  options: WizardOptionsSchema,
});
export type TechEditInput = v.InferOutput<typeof TechEditSchema>;

export interface TechEditIssue {
  /** 1-based line number in the submitted text. */
  line: number;
  /** The row's label as written ("R4", "Rnd 3"); "" for a line that is not a row. */
  row: string;
  severity: "error" | "warning" | "tip";
  id: "stitch-count" | "grading-gap" | "one-size-count" | "abbreviation-undefined" | "abbreviation-unused" | "terms-mixed" | "missing-abbreviations";
  message: string;
  /** The size a finding is about, in a pattern written in several sizes ("L", "104"). */
  size?: string;
  stated?: number;
  computed?: number;
  /** A stitch-count error's line with the computed count in place of the stated one. */
  replacement?: string;
  abbreviation?: string;
}

export interface TechEditRow {
  line: number;
  row: string;
  status: "ok" | "wrong" | "unchecked";
  stated?: number;
  statedText?: string;
  computed?: number;
  /** Why a row was not checked: a word the checker does not know, no count before it, a repeat that does not fit, no stated count, a count given for one size only, or a known limit (a chart, "evenly", "until it measures", "as set", short rows, colourwork). */
  reason?: "unreadable" | "no-count-before" | "repeat-does-not-fit" | "no-stated-count" | "one-size-count" | "chart" | "evenly" | "until-measures" | "as-set" | "short-rows" | "colourwork";
  /** The size this check is about, when the sizes of a multi-size pattern differ at this row. */
  size?: string;
}

export interface TechEditReport {
  craft: (typeof CRAFTS)[number];
  terms: "us" | "uk" | "mixed" | "unknown";
  rowsChecked: number;
  rowsUnchecked: number;
  issues: TechEditIssue[];
  missingSections: string[];
  abbreviations: { used: string[]; undefined: string[]; unused: string[] };
  rows: TechEditRow[];
}

/** One section of the pattern as step 1 shows it: its heading and its lines, numbered as pasted. */
export interface PatternSectionOutline {
  key: "intro" | "summary" | "sizes" | "materials" | "gauge" | "abbreviations" | "instructions" | "notes";
  heading: string;
  /** The seller wrote this heading (false: Listora named the section). */
  own: boolean;
  lines: Array<{ line: number; text: string; part: boolean }>;
}

export interface OptimizePatternResponse extends WizardProviderInfo {
  success: true;
  optimizedPattern: string;
  error: null;
  craft: (typeof CRAFTS)[number];
  language: (typeof WIZARD_LANGUAGES)[number];
  /** Whether the craft was detected from the text (false: the seller chose it). */
  craftDetected: boolean;
  data: {
    /** The tech-edit report of the pattern that was sent, lines numbered as sent. */
    techEdit: TechEditReport;
    /** The sections of the pattern that was sent, in its order. */
    sections: PatternSectionOutline[];
  };
}

export interface PatternPdfInfo {
  fileId: string;
  /** GET it with the bearer token: the owner's download, `application/pdf` as an attachment. */
  url: string;
  pages: number;
  bytes: number;
  name: string;
}

export interface GeneratePdfResponse extends WizardProviderInfo {
  success: true;
  pdfContent: string;
  /** The same text as pdfContent: the SPEC's call wrapper reads this name. */
  formattedPattern: string;
  error: null;
  title: string;
  pdf: PatternPdfInfo;
}

export interface EtsyListingResponse extends WizardProviderInfo {
  success: true;
  title: string;
  description: string;
  tags: string[];
  altTexts: string[];
  error: null;
  ruleReport: RuleReport;
  pdfFileId: string | null;
  quota: { used: number; limit: number; plan: string };
}

export interface FinishWizardResponse {
  success: true;
  message: string;
  data: {
    listing: {
      id: string;
      title: string;
      description: string;
      tags: string[];
      altTexts: string[];
      createdAt: string;
      created_at: string;
      source: "wizard";
      pdfFileId: string | null;
    };
  };
}
