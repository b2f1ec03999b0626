/**
 * Tags: parsing a provider's answer, Etsy's tag characters, and the candidates a short tag list is
 * filled from. Shared by the rule enforcer and the offline composer so both agree on what a valid
 * tag is.
 */
import { LISTING_LIMITS } from "../../../schema/api/listings";
import { extractPhrases, headNoun, isDigitalProduct, isStopWord, productPhrase, words } from "./phrases";

/**
 * The SPEC's tag parsing: the answer is a JSON array (a model may wrap it in a code fence or in an
 * object `{ "tags": [...] }`); anything else is an empty list, which the enforcer then fills.
 */
export function parseTagsContent(content: string): string[] {
  const unfenced = content.replace(/```(?:json)?/gi, "").trim();
  const candidates = [unfenced];
  const start = unfenced.indexOf("[");
  const end = unfenced.lastIndexOf("]");
  if (start >= 0 && end > start) candidates.push(unfenced.slice(start, end + 1));
  for (const candidate of candidates) {
    try {
      const value: unknown = JSON.parse(candidate);
      const list = Array.isArray(value) ? value : (value as { tags?: unknown } | null)?.tags;
      if (Array.isArray(list)) return list.filter((t): t is string => typeof t === "string");
    } catch {
      // not JSON: try the next reading, then give the empty list
    }
  }
  return [];
}

/** A tag in Etsy's tag characters (letters, digits, spaces, ' and -), lower-case, single spaces. */
export function tagCharacters(tag: string): string {
  return tag
    .normalize("NFC")
    .replace(/[’‘`]/g, "'")
    .replace(/[–—]/g, "-")
    .replace(/[^\p{L}\p{M}\p{N}' -]+/gu, " ")
    .replace(/\s+/g, " ")
    .trim()
    .toLowerCase()
    .replace(/^['\- ]+|['\- ]+$/g, "");
}

/** A tag cut to at most 20 characters at a word boundary, never ending on "for" or "and". "" when one word is too long. */
export function fitTag(tag: string): string {
  if (tag.length <= LISTING_LIMITS.tagMax) return tag;
  let cut = "";
  for (const part of tag.split(" ")) {
    const next = cut ? `${cut} ${part}` : part;
    if (next.length > LISTING_LIMITS.tagMax) break;
    cut = next;
  }
  const kept = cut.split(" ");
  while (kept.length > 1 && isStopWord(kept[kept.length - 1])) kept.pop();
  return kept.join(" ").replace(/^['\- ]+|['\- ]+$/g, "");
}

/** A tag made valid: Etsy's characters, lower-case, at most 20 characters. "" when nothing usable is left. */
export function cleanTag(tag: string): string {
  return fitTag(tagCharacters(tag));
}

export const isMultiWord = (tag: string) => tag.trim().split(/\s+/).length >= 2;

/** Generic tags that suit any product: the last resort of a fill. */
const GENERIC_TAGS = [
  "handmade gift", "unique gift idea", "one of a kind", "made with love", "thoughtful present", "birthday gift",
  "holiday gift", "anniversary gift", "christmas gift", "housewarming gift", "gift for friend", "shop small gift",
  "small business", "gift for her", "gift for him", "special occasion",
];
const DIGITAL_TAGS = [
  "instant download", "digital download", "printable file", "digital file", "downloadable file", "print at home",
  "diy project", "pdf download",
];

/** A single word made a two-word tag with the product's noun ("silver" -> "silver necklace"). */
export function pairWithProduct(word: string, productDescription: string): string | undefined {
  const head = headNoun(productDescription);
  if (!head) return undefined;
  let paired: string;
  if (word === head) {
    const product = words(productPhrase(productDescription)).map((w) => w.toLowerCase());
    const modifier = product.length >= 2 ? product[product.length - 2] : undefined;
    if (!modifier) return undefined;
    paired = `${modifier} ${word}`;
  } else {
    paired = `${word} ${head}`;
  }
  paired = cleanTag(paired);
  return isMultiWord(paired) ? paired : undefined;
}

export interface TagContext {
  productDescription: string;
  keywords: string[];
  title?: string;
  digital?: boolean;
}

/**
 * Every tag a listing could be filled with, best first: the selected keywords, phrases of the
 * seller's description and of the title, single keywords paired with the product, then generic
 * tags. All clean, multi-word, unique.
 */
export function tagCandidates(context: TagContext, options: { generic?: boolean } = {}): string[] {
  const out: string[] = [];
  const seen = new Set<string>();
  const push = (tag: string | undefined) => {
    if (!tag) return;
    const t = cleanTag(tag);
    if (!t || !isMultiWord(t) || seen.has(t)) return;
    seen.add(t);
    out.push(t);
  };
  const maxLength = LISTING_LIMITS.tagMax;
  const keywords = context.keywords.map(cleanTag).filter(Boolean);
  for (const k of keywords) if (isMultiWord(k)) push(k);
  for (const p of extractPhrases(context.productDescription, { maxLength })) push(p);
  if (context.title) for (const p of extractPhrases(context.title, { maxLength })) push(p);
  for (const k of keywords) if (!isMultiWord(k)) push(pairWithProduct(k, context.productDescription));
  if (options.generic !== false) for (const t of genericTags(context)) push(t);
  return out;
}

/** Tags that suit any product (and, for a digital one, any file): the last resort of a fill. */
export function genericTags(context: Pick<TagContext, "productDescription" | "keywords" | "digital">): string[] {
  const digital = context.digital ?? isDigitalProduct(context.productDescription, context.keywords);
  return digital ? [...DIGITAL_TAGS, ...GENERIC_TAGS] : GENERIC_TAGS;
}
