/**
 * Listing Doctor: POST /api/listings/audit. Any listing (pasted, imported, edited) for one
 * marketplace; the answer is the audit report of shared/audit. Sizes are capped generously:
 * a listing over a marketplace's limit is a finding, not a 400.
 */
import * as v from "valibot";
import { LISTING_LIMITS, PLATFORMS } from "./listings";

const AUDIT_INPUT_LIMITS = {
  titleMax: 2_000,
  descriptionMax: LISTING_LIMITS.descriptionMax,
  listMax: 100,
  itemMax: 2_000,
  searchTermsMax: 5_000,
  keywordsMax: LISTING_LIMITS.keywordsMax,
  keywordMax: LISTING_LIMITS.keywordMax,
  photoCountMax: 1_000,
} as const;

const L = AUDIT_INPUT_LIMITS;

const text = (label: string, max: number) => v.pipe(v.string(`${label} must be text`), v.maxLength(max, `${label} must be at most ${max} characters`));

const list = (label: string, maxItems: number, maxLength: number) =>
  v.pipe(v.array(text(`Each of ${label}`, maxLength), `${label} must be a list of text`), v.maxLength(maxItems, `${label} must have at most ${maxItems} entries`));

const AUDIT_EMPTY_MESSAGE = "Paste a listing to audit: a title or a description";

export const AuditListingSchema = v.pipe(
  v.object(
    {
      platform: v.optional(v.picklist(PLATFORMS, "Platform must be etsy, amazon or ebay"), "etsy"),
      title: v.optional(text("Title", L.titleMax), ""),
      description: v.optional(text("Description", L.descriptionMax), ""),
      tags: v.optional(list("tags", L.listMax, L.itemMax), []),
      altTexts: v.optional(list("altTexts", L.listMax, L.itemMax), []),
      bullets: v.optional(list("bullets", L.listMax, L.itemMax), []),
      searchTerms: v.optional(text("searchTerms", L.searchTermsMax), ""),
      itemSpecifics: v.optional(
        v.pipe(
          v.array(
            v.object({ name: text("Item specific name", 500), value: text("Item specific value", 500) }, "Each item specific must be { name, value }"),
            "itemSpecifics must be a list of { name, value }",
          ),
          v.maxLength(L.listMax, `itemSpecifics must have at most ${L.listMax} entries`),
        ),
        [],
      ),
      photoCount: v.optional(
        v.nullable(
          v.pipe(
            v.number("photoCount must be a whole number"),
            v.integer("photoCount must be a whole number"),
            v.minValue(0, "photoCount cannot be negative"),
            v.maxValue(L.photoCountMax, `photoCount must be at most ${L.photoCountMax}`),
          ),
        ),
        null,
      ),
      keywords: v.optional(list("keywords", L.keywordsMax, L.keywordMax), []),
      digital: v.optional(v.nullable(v.boolean("digital must be true or false")), null),
      original: v.optional(v.nullable(text("original", L.descriptionMax)), null),
    },
    "Send the listing as a JSON object",
  ),
  v.check((l) => l.title.trim() !== "" || l.description.trim() !== "", AUDIT_EMPTY_MESSAGE),
);
