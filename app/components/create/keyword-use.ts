/**
 * Which of the seller's selected keywords the generated listing used (issue 26: "the screen says which
 * were used"). Read from the result itself, case-insensitively and as a whole phrase: "bunny" is in
 * "Crochet Bunny Toy" but not in "bunnyhop". Pure, tested directly.
 */
import { LISTING_LIMITS } from "~/lib/api/listings";

export type KeywordPlace = "title" | "tags" | "searchTerms";

export interface KeywordUse {
  keyword: string;
  /** Where the listing has it (title, tags; Amazon's search terms). Empty: not used. */
  places: KeywordPlace[];
  /** Not used, and it can be told why: not sent (past the first 30), longer than a tag may be, or only in the description. */
  reason: "notSent" | "tooLongForTag" | "descriptionOnly" | null;
}

export interface GeneratedText {
  title: string;
  tags: readonly string[];
  description: string;
  searchTerms?: string;
  /** Whether the marketplace has tags (Etsy). */
  hasTags: boolean;
}

/** Case and Turkish dotted/dotless i folded, every run of other characters one space: the form a phrase is compared in. */
function phraseForm(text: string): string {
  return ` ${text
    .normalize("NFKC")
    .toLowerCase()
    .replace(/i\u0307/g, "i")
    .replace(/ı/g, "i")
    .replace(/[^\p{L}\p{N}]+/gu, " ")
    .trim()} `;
}

const contains = (haystack: string, phrase: string) => phrase.trim() !== "" && haystack.includes(phrase);

/** The selected keywords (in the order they were sent) and where the generated listing has each. */
export function keywordUse(keywords: readonly string[], listing: GeneratedText): KeywordUse[] {
  const title = phraseForm(listing.title);
  const tags = listing.tags.map(phraseForm);
  const description = phraseForm(listing.description);
  const searchTerms = phraseForm(listing.searchTerms ?? "");
  const seen = new Set<string>();
  const out: KeywordUse[] = [];
  keywords.forEach((raw, index) => {
    const keyword = raw.trim().slice(0, LISTING_LIMITS.keywordMax);
    const phrase = phraseForm(keyword);
    if (!keyword || seen.has(phrase)) return;
    seen.add(phrase);
    if (index >= LISTING_LIMITS.keywordsMax) {
      out.push({ keyword, places: [], reason: "notSent" });
      return;
    }
    const places: KeywordPlace[] = [];
    if (contains(title, phrase)) places.push("title");
    if (listing.hasTags && tags.some((tag) => contains(tag, phrase))) places.push("tags");
    if (contains(searchTerms, phrase)) places.push("searchTerms");
    let reason: KeywordUse["reason"] = null;
    if (!places.length) {
      if (listing.hasTags && keyword.length > LISTING_LIMITS.tagMax) reason = "tooLongForTag";
      else if (contains(description, phrase)) reason = "descriptionOnly";
    }
    out.push({ keyword, places, reason });
  });
  return out;
}
