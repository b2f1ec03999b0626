/**
 * Phrase extraction from a seller's own words: the offline composer writes from it, and the rule
 * enforcer fills tags from it. Deterministic, no model: a product description is split into runs of
 * content words (stop words and punctuation break a run), and the run naming the product comes first.
 */

export type Category = "jewelry" | "clothing" | "decor" | "art" | "crafts" | "accessories" | "digital";

const WORD = /[\p{L}\p{M}\p{N}]+(?:['’-][\p{L}\p{M}\p{N}]+)*/gu;

/** Function words, fluff and the words of prompt templates; none of them names a product. */
const STOP = new Set(
  `a an the and or but nor so yet for of with without in on at to from by as into onto over under about above below
  this that these those it its it's is are was were be been being am do does did done has have had having will would
  can could should may might must shall i me my we our ours you your yours he she him her his they them their theirs
  who whom whose which what when where why how all any both each every few more most other some such no not only own
  same than too very just also really quite perfect perfectly beautiful beautifully lovely amazing great nice best
  ideal ideally wonderful gorgeous stunning awesome cute pretty super truly absolutely simply totally extra
  item items product products piece pieces thing things one ones use used using make makes making get gets
  generate create write writing give return provide please etsy amazon ebay listing listings title titles tag tags
  description descriptions keyword keywords seo optimized optimize text alt image images based following below above
  here there then now new add added adding looking look looks feel feels go goes well way ways lot lots much many
  every everyday day days year years time times perfect designed design features feature includes include including
  comes come available approx approximately about each per via etc e.g ie if while because since until
  upon within across after before during between through`
    .split(/\s+/)
    .filter(Boolean),
);

/** Words that name a product, by category; the composer's title starts with the run that holds one. */
const PRODUCT_NOUNS: Record<Category, string[]> = {
  jewelry: ["necklace", "necklaces", "pendant", "ring", "rings", "earrings", "earring", "bracelet", "bracelets", "anklet", "brooch", "charm", "choker", "cuff", "bangle", "studs", "hoops", "locket", "jewelry", "jewellery"],
  clothing: ["shirt", "t-shirt", "tshirt", "tee", "dress", "sweater", "hoodie", "sweatshirt", "cardigan", "jacket", "coat", "skirt", "pants", "jeans", "leggings", "blouse", "onesie", "romper", "socks", "kimono", "apron", "pajamas", "vest", "shorts", "jumpsuit", "tunic"],
  decor: ["pillow", "cushion", "candle", "candles", "vase", "wreath", "sign", "mirror", "lamp", "rug", "blanket", "throw", "planter", "ornament", "garland", "tapestry", "clock", "frame", "coasters", "coaster", "bowl", "mug", "tray", "basket", "decor", "shelf", "macrame", "cutting board", "plate"],
  art: ["print", "prints", "painting", "poster", "canvas", "illustration", "drawing", "portrait", "watercolor", "watercolour", "artwork", "art", "sculpture", "photograph", "linocut", "etching"],
  crafts: ["kit", "yarn", "fabric", "beads", "stickers", "sticker", "stamp", "embroidery", "quilt", "soap", "bookmark", "journal", "notebook", "card", "cards", "doll", "toy", "plush", "amigurumi"],
  accessories: ["bag", "tote", "purse", "wallet", "backpack", "pouch", "hat", "cap", "beanie", "scarf", "belt", "keychain", "sunglasses", "headband", "scrunchie", "gloves", "mittens", "case", "clip", "bow", "tie", "collar", "leash"],
  digital: ["pattern", "patterns", "template", "templates", "printable", "svg", "pdf", "planner", "ebook", "font", "preset", "presets", "clipart", "download"],
};

/** Product nouns that usually describe another noun rather than name the product. */
const MODIFIERS = new Set(["printable", "svg", "pdf", "canvas", "watercolor", "watercolour", "embroidery", "art", "download", "yarn", "fabric", "charm", "throw", "sign", "print"]);

const NOUN_CATEGORY = new Map<string, Category>();
for (const [category, nouns] of Object.entries(PRODUCT_NOUNS) as [Category, string[]][]) {
  for (const noun of nouns) if (!NOUN_CATEGORY.has(noun)) NOUN_CATEGORY.set(noun, category);
}

const DIGITAL = /\b(digital|instant(ly)? download|downloadable|download|printable|pdf|svg|png files?|jpe?g files?|template|e-?book|ebook)\b|\b(crochet|knitting|sewing|cross[ -]stitch|quilt|embroidery|amigurumi)\s+patterns?\b/i;
const PHYSICAL_KIT = /\b(kit|ships?|shipped|shipping|physical)\b/i;

export function words(text: string): string[] {
  return text.match(WORD) ?? [];
}

export const isStopWord = (word: string) => STOP.has(word.toLowerCase().replace(/’/g, "'"));

/** Sentences of a text, markdown markers and HTML tags removed. */
export function sentences(text: string): string[] {
  return plainText(text)
    .split(/(?<=[.!?])\s+|\n+/)
    .map((s) => s.trim())
    .filter((s) => words(s).length > 0);
}

/** Markdown and HTML reduced to their words, so a seller's formatting never leaks into a title. */
export function plainText(text: string): string {
  return text
    .replace(/<[^>]*>/g, " ")
    .replace(/!?\[([^\]]*)\]\([^)]*\)/g, "$1")
    .replace(/[*_`#>~|]+/g, " ")
    .replace(/[ \t]+/g, " ")
    .trim();
}

/**
 * Runs of content words in order of appearance: punctuation and stop words end a run. Each run is
 * kept as the seller wrote it (case included), without the stop words.
 */
export function contentRuns(text: string): string[][] {
  const runs: string[][] = [];
  for (const clause of plainText(text).split(/[.,;:!?()\[\]{}"\n\/&+|]+|\s[-–—]\s/)) {
    let run: string[] = [];
    const list = words(clause);
    for (const [i, word] of list.entries()) {
      if (isStopWord(word) || (/^\d+$/.test(word) && word.length < 3)) {
        if (run.length) runs.push(run);
        run = [];
      } else {
        run.push(word);
        // The last of a row of product nouns ends its phrase: "cotton hoodie dyed by hand" is about
        // the hoodie, "throw pillow cover" about the pillow. Nouns that mostly modify ("printable
        // planner", "canvas tote") never end one.
        const next = list[i + 1];
        if (categoryOfWord(word) && !MODIFIERS.has(word.toLowerCase()) && !(next && categoryOfWord(next))) {
          runs.push(run);
          run = [];
        }
      }
    }
    if (run.length) runs.push(run);
  }
  return runs;
}

export function categoryOfWord(word: string): Category | undefined {
  return NOUN_CATEGORY.get(word.toLowerCase());
}

/** The category whose product nouns the text names first (digital wins when the text says so). */
export function detectCategory(text: string): Category | undefined {
  if (isDigitalProduct(text)) return "digital";
  const head = words(productPhrase(text)).pop();
  const ofHead = head ? categoryOfWord(head) : undefined;
  if (ofHead && ofHead !== "digital") return ofHead;
  for (const word of words(plainText(text))) {
    const category = categoryOfWord(word);
    if (category && category !== "digital" && !MODIFIERS.has(word.toLowerCase())) return category;
  }
  return undefined;
}

/** A product sold as a file: digital words, or a crochet/knitting/sewing pattern that is not a kit. */
export function isDigitalProduct(text: string, keywords: string[] = []): boolean {
  const all = `${text} ${keywords.join(" ")}`;
  if (!DIGITAL.test(all)) return false;
  return !(PHYSICAL_KIT.test(all) && !/\b(digital|download|printable|pdf|svg)\b/i.test(all));
}

/**
 * The product as the seller named it: the first run holding a product noun, cut after that noun
 * and to at most `maxWords` words ending there. Without a product noun, the first run of two or
 * more words.
 */
export function productPhrase(text: string, maxWords = 5): string {
  const runs = contentRuns(text);
  for (const run of runs) {
    let head = -1;
    for (let i = run.length - 1; i >= 0; i--) {
      if (categoryOfWord(run[i])) {
        head = i;
        break;
      }
    }
    if (head >= 0) return run.slice(Math.max(0, head - maxWords + 1), head + 1).join(" ");
  }
  const first = runs.find((r) => r.length >= 2) ?? runs[0];
  return first ? first.slice(0, maxWords).join(" ") : "";
}

/** The product's noun (last word of the product phrase), e.g. "necklace". */
export function headNoun(text: string): string {
  const phrase = productPhrase(text);
  const w = words(phrase);
  return (w[w.length - 1] ?? "").toLowerCase();
}

/**
 * Candidate phrases of two or three words, best first: the product phrase's tail, then the tails
 * and pairs of every run in order, each once (case-insensitive).
 */
export function extractPhrases(text: string, options: { maxWords?: number; maxLength?: number } = {}): string[] {
  const maxWords = options.maxWords ?? 3;
  const maxLength = options.maxLength ?? Infinity;
  const seen = new Set<string>();
  const out: string[] = [];
  const push = (parts: string[]) => {
    const phrase = parts.join(" ").toLowerCase();
    if (parts.length < 2 || phrase.length > maxLength || seen.has(phrase)) return;
    seen.add(phrase);
    out.push(phrase);
  };
  const product = words(productPhrase(text));
  for (let n = Math.min(maxWords, product.length); n >= 2; n--) push(product.slice(product.length - n));
  for (const run of contentRuns(text)) {
    for (let n = Math.min(maxWords, run.length); n >= 2; n--) push(run.slice(run.length - n));
    for (let i = 0; i + 1 < run.length; i++) push(run.slice(i, i + 2));
  }
  return out;
}

/** Single content words in order of first appearance, lower-cased, each once. */
export function contentWords(text: string): string[] {
  const seen = new Set<string>();
  const out: string[] = [];
  for (const run of contentRuns(text)) {
    for (const word of run) {
      const w = word.toLowerCase();
      if (w.length >= 3 && !seen.has(w)) {
        seen.add(w);
        out.push(w);
      }
    }
  }
  return out;
}

const SMALL = new Set(["a", "an", "the", "and", "or", "for", "of", "with", "in", "on", "to", "by", "at", "as"]);

/**
 * Whether a word shouts: four or more capital letters in a row. Acronyms of up to three letters
 * (DIY, SVG, USA, XL) do not.
 */
export function isShoutingWord(word: string): boolean {
  return /\p{Lu}{4,}/u.test(word);
}

/**
 * Title Case: each word capitalised, short function words lower-case except first; words the seller
 * cased on purpose (iPhone, 925, DIY) are kept; shouting words of four or more letters are tamed.
 */
export function titleCase(text: string): string {
  let index = 0;
  return text.replace(WORD, (word) => {
    const first = index === 0;
    index += 1;
    if (isShoutingWord(word)) word = word.toLowerCase();
    const lower = word.toLowerCase();
    if (!first && SMALL.has(lower)) return lower;
    if (word !== lower) return word;
    return lower.replace(/(^|-)(\p{L})/gu, (_, sep: string, ch: string) => sep + ch.toUpperCase());
  });
}

/** First letter upper-case, the rest as written. */
export function capitalise(text: string): string {
  return text.replace(/^\s*(\p{L})/u, (m) => m.toUpperCase());
}

/** Shouting words in Title Case ("NECKLACE" -> "Necklace", "moonNECKLACE" -> "moonNecklace"); answers the words it changed. */
export function tameShouting(text: string): { text: string; changed: string[] } {
  const changed: string[] = [];
  const out = text.replace(WORD, (word) => {
    if (!isShoutingWord(word)) return word;
    const letters = word.replace(/[^\p{L}]/gu, "");
    const tamed =
      letters === letters.toUpperCase()
        ? word.toLowerCase().replace(/(^|-)(\p{L})/gu, (_, sep: string, ch: string) => sep + ch.toUpperCase())
        : word.replace(/\p{Lu}{4,}/gu, (run) => run[0] + run.slice(1).toLowerCase());
    if (tamed !== word) changed.push(word);
    return tamed;
  });
  return { text: out, changed };
}

/** Acronyms the seller wrote (PDF, SVG, DIY) put back where a phrase was lower-cased. */
export function restoreAcronyms(text: string, source: string): string {
  const acronyms = new Map<string, string>();
  for (const word of words(source)) {
    const letters = word.replace(/[^\p{L}]/gu, "");
    if (letters.length >= 2 && letters.length <= 3 && letters === letters.toUpperCase() && letters !== letters.toLowerCase()) acronyms.set(word.toLowerCase(), word);
  }
  if (acronyms.size === 0) return text;
  return text.replace(WORD, (word) => acronyms.get(word.toLowerCase()) ?? word);
}
