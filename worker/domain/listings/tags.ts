/**
 * Tags: parsing a provider's answer, Etsy's tag characters, and what makes two tags one. Shared by
 * the rule enforcer and the offline composer so both agree on what a valid tag is.
 */
import { LISTING_LIMITS } from "../../../schema/api/listings";
import type { Lang } from "../../../shared/listings/categories";
import { baseNoun, describesProduct, detectLanguage, headNoun, isStopWord, lower, productPhrase, words } from "../../../shared/listings/phrases";

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

/**
 * A tag in Etsy's tag characters (letters, digits, spaces, ' and -), lower-case in the listing's
 * language (Turkish "İ" is "i", "I" is "ı"), single spaces.
 */
export function tagCharacters(tag: string, lang?: Lang): string {
  const chars = tag
    .normalize("NFC")
    .replace(/[’‘`]/g, "'")
    .replace(/[–—]/g, "-")
    .replace(/[^\p{L}\p{M}\p{N}' -]+/gu, " ")
    .replace(/\s+/g, " ")
    .trim();
  const turkish = lang === "tr" || (lang === undefined && /[ıİğĞşŞ]/u.test(chars));
  return (turkish ? lower(chars, "tr") : chars.toLowerCase().replace(/i\u0307/g, "i")).replace(/^['\- ]+|['\- ]+$/g, "");
}

/** A tag cut to at most 20 characters at a word boundary, never ending on a stop word. "" when one word is too long. */
const UNIT_WORD = /^(?:inch|inches|in|cm|mm|ml|oz|fl|gr|g|kg|gsm|lb|lbs|ft|m|x|adet|li|lı|lu|lü|l|lt|litre|litres|liter|liters|qt|quart|quarts|pack|packs|pcs|pieces|set)$/i;
const FEATURE_WORD = /^(?:free|safe|resistant|proof|friendly)$/i;
/** Nouns that a modifier before them belongs to ("worsted weight", "one size", "rose print"): a tag cut before them loses its sense ("weight pattern", "print silk scarf"). */
const MODIFIED_WORD = /^(?:weight|size|length|width|height|type|style|colou?r|count|ply|gauge|scale|grade|print|pattern|design|motif)$/i;

export function fitTag(tag: string): string {
  if (tag.length <= LISTING_LIMITS.tagMax) return tag;
  const parts = tag.split(" ");
  // A noun phrase names its thing last ("isimli bebek battaniyesi", "personalized leather dog collar"):
  // the longest tail that fits keeps it ("bebek battaniyesi", "leather dog collar"). With "for her"
  // or "with pockets" after it, the noun stands before that word.
  const stop = parts.findIndex((p, i) => i > 0 && isStopWord(p));
  const noun = stop > 0 ? parts.slice(0, stop) : parts;
  // Only a tail of at most tagMax characters can fit: start at the longest one, so a long text is read once (issue 23).
  let from = noun.length - 1;
  for (let len = noun[from].length; from > 0 && len + 1 + noun[from - 1].length <= LISTING_LIMITS.tagMax;) len += 1 + noun[--from].length;
  for (let i = from; i < noun.length - 1; i++) {
    const tail = noun.slice(i);
    const text = tail.join(" ");
    // The second word of a Turkish pair is no start ("özel" of "kişiye özel", "geçirmez" of "su geçirmez", "yapımı" of "el yapımı").
    const pairSecond = i > 0 && /^(?:kişiye|el|su|tığ)$/u.test(noun[i - 1]) && /^(?:özel|yapımı|örgüsü|işi|işlemesi|geçirmez|dikimi|oyması|dokuması|boyaması)$/u.test(tail[0]);
    if (text.length <= LISTING_LIMITS.tagMax && !pairSecond && !isStopWord(tail[0]) && !UNIT_WORD.test(tail[0]) && !FEATURE_WORD.test(tail[0]) && !MODIFIED_WORD.test(tail[0]) && !/^\d/.test(tail[0]))
      return text.replace(/^['\- ]+|['\- ]+$/g, "");
  }
  let cut = "";
  for (const part of parts) {
    const next = cut ? `${cut} ${part}` : part;
    if (next.length > LISTING_LIMITS.tagMax) break;
    cut = next;
  }
  const kept = cut.split(" ");
  while (kept.length > 1 && isStopWord(kept[kept.length - 1])) kept.pop();
  return kept.join(" ").replace(/^['\- ]+|['\- ]+$/g, "");
}

/** A tag made valid: Etsy's characters, lower-case, at most 20 characters. "" when nothing usable is left. */
export function cleanTag(tag: string, lang?: Lang): string {
  return fitTag(tagCharacters(tag, lang));
}

export const isMultiWord = (tag: string) => tag.trim().split(/\s+/).length >= 2;

/**
 * Whether one tag is a sub-phrase of the other ("ribbed brim" inside "thick ribbed brim"): the
 * shorter one's words appear in the longer one, in order and side by side. Such a pair spends two of
 * the thirteen tags on one search.
 */
export function isSubPhraseDuplicate(a: string, b: string, lang?: Lang): boolean {
  // Turkish words compare without their possessive suffix ("davetiyesi şablonu" is "davetiye şablonu").
  const norm = (t: string) => t.split(" ").map((w) => (lang === "tr" ? baseNoun(w, "tr") : w));
  const x = norm(a);
  const y = norm(b);
  const [short, long] = x.length <= y.length ? [x, y] : [y, x];
  if (short.length === 0) return false;
  for (let i = 0; i + short.length <= long.length; i++) {
    if (short.every((w, j) => long[i + j] === w)) return true;
  }
  return false;
}

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
    // "gift candles", "home candles": a word that does not describe the product makes no search with it.
    if (!describesProduct(word, detectLanguage(productDescription), head)) return undefined;
    paired = `${word} ${head}`;
  }
  paired = cleanTag(paired);
  return isMultiWord(paired) ? paired : undefined;
}
