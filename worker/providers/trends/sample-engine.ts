/**
 * The embedded, offline trends engine. It expands a product name into the long-tail phrases shoppers
 * type (from the lexicon in sample-lexicon.ts) and gives each figures that are plausible and fully
 * deterministic: every number comes from an FNV-1a hash of the normalised input, never from
 * Math.random, so the same question always gets the same answer. Its output is sample data and is
 * always labelled as such by the domain (data.error / isFallback).
 */
import { CATEGORIES, KEYWORD_LIMITS, type Category, type Platform } from "../../../schema/api/keywords";
import { isFoodHead } from "../../../shared/facts/devices";
import { AGE_WORDS, MATERIAL_WORDS, OCCASION_WORDS, productProfile, withModelHyphens, type ProductProfile } from "./product-profile";
import {
  AUDIENCE_GROUPS,
  CATEGORY_LEXICON,
  CATEGORY_LEXICON_TR,
  COUNTRY_DEMAND,
  DIGITAL_ONLY,
  FIBRES,
  GENERAL_LEXICON,
  HUMAN_ONLY_OCCASIONS,
  MAKER_ONLY,
  OCCASIONS,
  OCCASIONS_TR,
  PET_AUDIENCES,
  PHYSICAL_ONLY,
  PLATFORM_LEXICON,
  PLATFORM_PREFIXES_TR,
  type CategoryLexicon,
  type Curve,
} from "./sample-lexicon";
import type { RelatedQueries, RelatedQuery, TimelinePoint } from "./types";

export const SAMPLE_ENGINE_NAME = "sample";

/** FNV-1a, 32 bits: a small, well-spread hash, so nearby inputs get unrelated figures. */
export function fnv1a(text: string): number {
  let hash = 0x811c9dc5;
  for (const byte of new TextEncoder().encode(text)) {
    hash ^= byte;
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash >>> 0;
}

/** Mulberry32: a sequence of numbers in [0, 1) fully determined by its seed. */
function seededSequence(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Lower case, letters and digits only, single spaces, a model's hyphen kept: "Silver  Moon-Necklace!" -> "silver moon necklace", "Canon AE-1" -> "canon ae-1". */
export function normaliseKeyword(text: string): string {
  return withModelHyphens(text.normalize("NFKC").toLowerCase().replace(/['’]/g, ""));
}

const words = (text: string) => (text ? text.split(" ") : []);
const singular = (word: string) => (word.length > 3 && word.endsWith("s") && !word.endsWith("ss") ? word.slice(0, -1) : word);

/** The category whose product nouns appear in the name, last word first ("necklace" -> jewelry). */
export function inferCategory(text: string): Category | null {
  const ws = words(normaliseKeyword(text)).reverse();
  for (const w of ws) {
    for (const category of CATEGORIES) {
      const nouns = CATEGORY_LEXICON[category].nouns;
      if (nouns.includes(w) || nouns.includes(singular(w))) return category;
    }
  }
  return null;
}

function lexiconFor(category: Category | null | undefined): CategoryLexicon {
  return category ? CATEGORY_LEXICON[category] : GENERAL_LEXICON;
}

/** Rank weight of a term in its list: the first 1, the last 0.55. */
const rankWeight = (index: number, length: number) => (length <= 1 ? 1 : 1 - (0.45 * index) / (length - 1));

interface Candidate {
  keyword: string;
  /** 0..1: how common the words added to the product noun are. */
  weight: number;
}

interface ExpandInput {
  productName: string;
  platform: Platform;
  category?: Category | null;
  /** The search's country: "TR" makes the ideas Turkish. */
  country?: string;
  /** What the name says, when the caller has read it already. */
  profile?: ProductProfile;
  /** Phrases people search, not tags: no 20-character limit of an Etsy tag. */
  searches?: boolean;
}

/**
 * Long-tail phrases for a product, built on what its name says (product-profile.ts, issue #26):
 *  - cores: the name itself, then shorter forms that still name the product, keep its craft and its
 *    form ("crochet bunny pattern", "amigurumi rabbit pattern"), with true synonyms of the head noun
 *    and the craft;
 *  - each core with the category's buyer phrases that fit the product: a modifier of its form (no
 *    "handmade" on a pattern, no "printable" on a mug, no "kit" on a finished item), a material only
 *    when the name names none (fibres only for a fibre craft), an audience of its kind (no "for her" on
 *    a dog collar), an occasion, a style, a marketplace word; Turkish products get Turkish words.
 * On Etsy a phrase fits a 20-character tag when the shortest core does; otherwise it may run 12
 * characters past that core. Deduplicated by their set of words. Always at least 12.
 */
export function expandProductName(input: ExpandInput): Candidate[] {
  const profile = input.profile ?? productProfile(input.productName, { country: input.country, category: input.category });
  const category = input.category ?? inferCategory(input.productName);
  const cores = productCores(profile);
  const shortest = Math.min(...cores.map((c) => c.text.length));
  const tagFits = input.platform !== "etsy" || shortest <= KEYWORD_LIMITS.etsyTagMax;
  // A name whose twelve ideas cannot all fit a tag gets room for one more word, then as much as it needs.
  const limits = input.platform === "etsy" && !input.searches ? [...(tagFits ? [KEYWORD_LIMITS.etsyTagMax] : []), Math.max(KEYWORD_LIMITS.etsyTagMax, shortest) + 12, 60] : [60];
  const terms = fittingTerms(profile, category, input.platform);

  let out = new Map<string, Candidate>();
  for (const maxLength of limits) {
    out = new Map<string, Candidate>();
    const add = (keyword: string, weight: number) => {
      const text = normaliseKeyword(keyword);
      if (!text || text.length > maxLength) return;
      const key = [...new Set(words(text))].sort().join(" ");
      const known = out.get(key);
      if (!known || known.weight < weight) out.set(key, { keyword: text, weight: Math.round(weight * 1000) / 1000 });
    };
    for (const core of cores) {
      add(core.text, core.weight);
      const taken = new Set(words(core.text));
      const fresh = (term: string) => words(normaliseKeyword(term)).every((w) => !taken.has(w) && !taken.has(singular(w)));
      for (const term of terms) {
        if (!fresh(term.text)) continue;
        const phrase = term.position === "before" ? `${term.text} ${core.text}` : `${core.text} ${term.text}`;
        add(phrase, core.weight * term.weight);
      }
    }
    if (out.size >= KEYWORD_LIMITS.suggestionsMin) break;
  }
  return [...out.values()];
}

/** Ages a phrase can say ("rare" with them): a brand's product gets only the ones its name says. */
const AGES = new Set([...AGE_WORDS, "rare"]);
/** The buyer words that fit a manufactured product: who it is for, where to buy it, its condition. */
const FACTORY_TERMS = new Set([
  "best",
  "used",
  "new",
  "gift",
  "for sale",
  "her",
  "him",
  "women",
  "men",
  "mom",
  "dad",
  "kaliteli",
  "ikinci el",
  "hediyelik",
  "anneye hediye",
  "babaya hediye",
  "sevgiliye hediye",
  "kadın",
  "erkek",
  "fiyatları",
  "modelleri",
]);

const SEASONAL_OCCASIONS = new Set(["christmas", "easter", "halloween", "valentines", "fall", "summer"]);

/** Form words that go before the noun ("digital planner", "printable wall art"); the others follow it ("bunny pattern", "planner pdf"). */
const FORM_ADJECTIVES = new Set(["digital", "printable", "editable", "dijital", "yazdırılabilir", "indirilebilir"]);
/** Products woven or sewn from a fibre: no wood, clay, stone or metal makes one. */
const TEXTILE_HEADS = new Set([
  "fabric",
  "fabrics",
  "yarn",
  "kumaş",
  "rug",
  "rugs",
  "kilim",
  "blanket",
  "blankets",
  "throw",
  "pillow",
  "pillows",
  "cushion",
  "cushions",
  "scarf",
  "towel",
  "towels",
  "napkin",
  "napkins",
  "tablecloth",
  "runner",
  "table runner",
  "curtain",
  "curtains",
  "quilt",
  "halı",
  "halısı",
  "battaniye",
  "battaniyesi",
  "yastık",
  "kırlent",
  "havlu",
  "şal",
  "atkı",
]);

/** What a candle is poured of or into. */
const CANDLE_MATERIALS = new Set(["soy wax", "beeswax", "coconut wax", "ceramic", "glass", "concrete", "tin", "amber"]);

/** Modifiers that describe only some products ("crossbody" is a bag, never a collar). */
const HEAD_ONLY: Record<string, readonly string[]> = {
  crossbody: ["bag", "purse", "tote", "tote bag", "pouch"],
  travel: ["bag", "wallet", "pouch", "case", "backpack", "tote", "tote bag"],
  stackable: ["ring", "rings", "bracelet", "bracelets", "bangle"],
  adjustable: ["ring", "bracelet", "necklace", "choker", "anklet", "collar", "hat", "belt"],
  "set of 3": ["print", "prints", "wall art", "art"],
  wall: ["art", "print", "decor", "sign", "mirror", "clock", "shelf", "hanging", "poster", "painting"],
  cropped: ["shirt", "tshirt", "tee", "top", "sweater", "hoodie", "cardigan", "jacket", "sweatshirt"],
  oversized: ["shirt", "tshirt", "tee", "sweater", "hoodie", "cardigan", "jacket", "sweatshirt", "blanket"],
  graphic: ["shirt", "tshirt", "tee", "hoodie", "sweatshirt"],
  layered: ["necklace", "necklaces"],
  name: ["necklace", "bracelet", "ring", "sign", "keychain", "pendant", "mug"],
  initial: ["necklace", "bracelet", "ring", "pendant", "mug", "keychain"],
  birthstone: ["necklace", "bracelet", "ring", "earrings", "pendant", "anklet"],
  // A home's materials go with what is made of them: no "macrame candle", "concrete pillow" or "marble garland".
  macrame: ["decor", "wall hanging", "hanging", "plant hanger", "hanger", "garland", "mirror", "planter", "curtain", "bag", "bracelet", "necklace", "keychain", "coaster"],
  concrete: ["decor", "planter", "candle", "coaster", "vase", "tray", "lamp", "clock", "candle holder", "bookends"],
  marble: ["decor", "tray", "coaster", "vase", "lamp", "clock", "candle holder", "bookends", "board", "planter"],
  rattan: ["decor", "mirror", "lamp", "tray", "basket", "planter", "shelf", "chair", "bag", "coaster", "pendant"],
  // A painter's medium goes with what is painted: no "oil photo" or "watercolor photo" (decision 0091).
  oil: ["painting", "paintings", "portrait", "art", "wall art"],
  watercolor: ["painting", "paintings", "portrait", "print", "prints", "art", "wall art", "illustration", "card", "cards"],
  acrylic: ["painting", "paintings", "portrait", "art", "wall art", "sign", "keychain", "earrings"],
  canvas: ["painting", "print", "art", "wall art", "bag", "tote", "tote bag", "portrait"],
  abstract: ["painting", "print", "prints", "art", "wall art", "poster", "rug", "pillow"],
  botanical: ["print", "prints", "art", "wall art", "poster", "painting", "illustration"],
};

interface Core {
  text: string;
  weight: number;
}

/**
 * The phrases that name the product with its craft and form: the name as written, then without each
 * optional part (material, descriptive words, what follows "for"/"with"), then with the synonyms of
 * the head and the craft. Every core keeps the head, the craft, the form word and the anchor.
 */
function productCores(profile: ProductProfile): Core[] {
  const { head, formWord, anchor } = profile;
  const craft = profile.crafts[0] ?? null;
  const optional = [...profile.materials, ...profile.facts.filter((f) => f !== anchor)];
  const required = (parts: { craft: string | null; head: string; keep: string[] }) => {
    // The anchor stays next to the head ("crochet octopus toy", "örgü bebek battaniyesi"); the craft
    // stays where the name has it ("cat cross stitch pattern" reads head-first).
    const headFirst = parts.craft !== null && profile.words.indexOf(head.split(" ")[0]) < profile.words.indexOf((craft ?? "").split(" ")[0]);
    const noun = [...(anchor ? [anchor] : []), parts.head];
    const body = headFirst ? [...parts.keep, ...noun, parts.craft as string] : [...parts.keep, ...(parts.craft ? [parts.craft] : []), ...noun];
    if (!formWord) return body.join(" ");
    return (FORM_ADJECTIVES.has(formWord) ? [formWord, ...body] : [...body, formWord]).join(" ");
  };
  const out = new Map<string, Core>();
  const add = (text: string, weight: number) => {
    const key = normaliseKeyword(text);
    if (key && !out.has(key)) out.set(key, { text: key, weight });
  };
  add(normaliseKeyword(profile.words.join(" ")), 1);
  // A brand's product: with and without its brand, its model whole and as buyers also type it ("wh1000xm5").
  const { brand, model } = profile;
  if (brand || model) {
    const noun = [...(anchor ? [anchor] : []), ...(head === model ? [] : [head])];
    const joined = model?.includes("-") ? model.replaceAll("-", "") : null;
    if (brand && model) add([brand, model, ...noun].join(" "), 0.99);
    if (model) add([model, ...noun].join(" "), 0.97);
    if (brand && model && noun.length > 0) add(`${brand} ${model}`, 0.96);
    if (brand && noun.length > 0) add([brand, ...noun].join(" "), 0.95);
    if (joined) {
      add([joined, ...noun].join(" "), 0.9);
      if (brand) add(`${brand} ${joined}`, 0.9);
    }
    // "vintage canon camera": an age goes before the brand, a kind of product after it ("bosch cordless drill").
    for (const fact of optional) if (brand) add((profile.aged.includes(fact) ? [fact, brand, ...noun] : [brand, fact, ...noun]).join(" "), 0.93);
  }
  const keepSets: string[][] = [optional, ...optional.map((o) => [o]), []];
  keepSets.forEach((keep, i) => add(required({ craft, head, keep }), i === 0 ? 0.99 : i === keepSets.length - 1 ? 0.97 : 0.95));
  for (const synonym of profile.heads.slice(1)) {
    add(required({ craft, head: synonym, keep: [] }), 0.9);
    if (optional.length > 0) add(required({ craft, head: synonym, keep: optional.slice(-1) }), 0.88);
  }
  for (const other of profile.crafts.slice(1)) {
    add(required({ craft: other, head, keep: [] }), 0.9);
    for (const synonym of profile.heads.slice(1)) add(required({ craft: other, head: synonym, keep: [] }), 0.84);
  }
  return [...out.values()];
}

interface Term {
  text: string;
  position: "before" | "after";
  weight: number;
}

/**
 * Foods and drinks: what their shoppers type before and after them, never a style, a material, an age or "personalized"
 * ("raw honey", "loose leaf tea", "honey gift"; no "vintage honey" or "boho honey"; decision 0091).
 */
const FOOD_TERMS: { heads: { test: (head: string) => boolean }; en: { before: string[]; after: string[] }; tr: { before: string[]; after: string[] } }[] = [
  {
    heads: /^(?:honey|bal|balı)$/u,
    en: { before: ["raw", "local", "organic", "pure", "natural", "unfiltered", "wildflower", "creamed"], after: ["gift", "jar"] },
    tr: { before: ["doğal", "süzme", "organik", "katkısız", "çiçek", "kestane"], after: ["fiyatları"] },
  },
  {
    heads: /^(?:tea|teas|matcha|çay|çayı)$/u,
    en: { before: ["organic", "loose leaf", "herbal", "ceremonial", "green"], after: ["gift", "sampler"] },
    tr: { before: ["organik", "doğal", "bitki", "dökme"], after: ["fiyatları"] },
  },
  {
    heads: /^(?:coffee|kahve|kahvesi)$/u,
    en: { before: ["organic", "whole bean", "ground", "fresh roasted", "single origin"], after: ["gift"] },
    tr: { before: ["taze çekilmiş", "çekirdek", "filtre", "türk"], after: ["fiyatları"] },
  },
  {
    // (Any other food the fact sheet knows, and a sourdough starter.)
    heads: { test: (head: string) => isFoodHead(head) || head === "starter" },
    en: { before: ["homemade", "artisan", "organic", "gourmet", "small batch"], after: ["gift", "gift box"] },
    tr: { before: ["ev yapımı", "doğal", "organik", "katkısız"], after: ["hediye kutusu", "fiyatları"] },
  },
];

/** Soaps and bath and skin products: what their shoppers type, never a style, an age or a material (decision 0091). */
const TOILETRY_TERMS = {
  heads: /^(?:soap|soaps|soap bar|lotion|balm|lip balm|body butter|bath bomb|bath bombs|bath salts|scrub|serum|sabun|sabunu)$/u,
  en: { before: ["handmade", "natural", "organic", "vegan", "unscented", "cold process"], after: ["gift", "gift set", "bar"] },
  tr: { before: ["doğal", "el yapımı", "organik", "katkısız"], after: ["hediye seti"] },
};

/** The category's buyer phrases that fit the product's form, kind and language, each with its rank weight. */
function fittingTerms(profile: ProductProfile, category: Category | null, platform: Platform): Term[] {
  const out: Term[] = [];
  const { form, audience } = profile;
  const materialNamed = profile.materials.length > 0;
  const fitsHead = (term: string) => !HEAD_ONLY[term] || profile.heads.some((h) => HEAD_ONLY[term].includes(h));
  const isMaterial = (term: string) => MATERIAL_WORDS.includes(term) || FIBRES.includes(term);
  // A textile is made of a fibre ("wool rug", never "wooden rug" or "ceramic rug"); soy wax makes a candle, nothing else.
  const textile = profile.heads.some((h) => TEXTILE_HEADS.has(h));
  const candle = profile.heads.some((h) => /candle|melt|mum/u.test(h));
  const photo = profile.heads.some((h) => /^(?:photos?|photographs?|fotoğraf\p{L}*)$/u.test(h));
  const fitsForm = (term: string) => {
    if (!fitsHead(term) || (materialNamed && isMaterial(term))) return false;
    const material = isMaterial(term) || lexiconFor(category).materials.includes(term);
    if ((textile && material && !FIBRES.includes(term)) || (term === "soy wax" && !candle)) return false;
    // A candle is made of wax and stands in a vessel: "ceramic candle", never "wooden candle".
    if (candle && material && !CANDLE_MATERIALS.has(term)) return false;
    // A photograph is made of no painter's medium: no "charcoal photo" or "ink photo".
    if (photo && material) return false;
    if (profile.fibreCraft && isMaterial(term) && !FIBRES.includes(term)) return false;
    if (form === "physical") return !DIGITAL_ONLY.has(term) && !MAKER_ONLY.has(term);
    if (form === "kit") return !DIGITAL_ONLY.has(term) && term !== "kit" && term !== "diy";
    return !PHYSICAL_ONLY.has(term) && term !== "kit" && term !== "diy" && term !== "starter";
  };
  // A brand's product or a device: no maker's claim, handmade style, material or occasion; an age only as its name says.
  const factoryFits = (term: string) => {
    if (!profile.factory) return true;
    if (AGES.has(term)) return profile.aged.includes(term) || (term === "rare" && profile.aged.length > 0);
    if (term === "new" || term === "yeni") return profile.aged.length === 0;
    return FACTORY_TERMS.has(term);
  };
  const list = (terms: readonly string[], position: Term["position"], factor: number, make: (t: string) => string = (t) => t) =>
    terms.filter((t) => fitsForm(t) && factoryFits(t)).forEach((t, i, all) => out.push({ text: make(t), position, weight: factor * rankWeight(i, all.length) }));
  const petAudiences =
    PET_AUDIENCES[
      profile.facts
        .concat(profile.words)
        .map((w) => (w === "köpek" || w === "puppy" || w === "dogs" ? "dog" : w === "kedi" || w === "kitten" || w === "cats" ? "cat" : w))
        .find((w) => PET_AUDIENCES[w]) ?? ""
    ];
  const humanGift = audience !== "pet" && audience !== "baby" && (form === "physical" || form === "kit");
  const audienceFits = (group: string) => {
    if (form === "pattern") return group === "maker" && profile.language === "en";
    if (form === "digital") return false;
    if (form === "kit") return group === "maker" || group === "kids";
    if (audience === "pet" || audience === "baby") return false;
    if (group === "maker") return false;
    if (audience === "men") return group === "men" || group === "place" || group === "travel";
    if (audience === "women") return group === "women" || group === "adults" || group === "place" || group === "travel";
    if (audience === "kids") return group === "kids" || group === "place";
    return true;
  };
  // Patterns and files are made for a season, not given at a wedding; a device is no "birthday scale".
  const occasionFits = (key: string) =>
    !profile.factory &&
    !profile.words.some((w) => OCCASION_WORDS.has(w)) &&
    !((audience === "pet" || audience === "baby") && HUMAN_ONLY_OCCASIONS.has(key)) &&
    (form !== "pattern" || SEASONAL_OCCASIONS.has(key));
  const materialsFit = form === "physical" && profile.materials.length === 0 && !profile.factory;
  // (A food takes its own words only: "raw honey", "honey gift".)
  const food = form === "physical" ? [...FOOD_TERMS, TOILETRY_TERMS].find((f) => profile.heads.some((h) => f.heads.test(h))) : undefined;
  if (food) {
    const words = food[profile.language];
    list(words.before, "before", 0.95);
    list(words.after, "after", 0.85);
    return out;
  }

  if (profile.language === "tr") {
    const lexicon = CATEGORY_LEXICON_TR[category ?? "decor"];
    list(PLATFORM_PREFIXES_TR[platform], "before", 0.95);
    list(lexicon.modifiers, "before", 0.92);
    if (materialsFit) list(profile.fibreCraft ? FIBRES.filter((f) => lexicon.materials.includes(f) || ["pamuk", "yün"].includes(f)) : lexicon.materials, "before", 0.95);
    list(lexicon.styles, "before", 0.85);
    if (form === "pattern") list(["kolay", "yeni başlayanlar için", "sevimli", "minimalist", "retro"], "before", 0.88);
    if (humanGift) {
      for (const [group, terms] of Object.entries(lexicon.audiences)) if (audienceFits(group)) list(terms ?? [], "before", 0.88);
    }
    if (audience === "pet" && petAudiences) list(petAudiences.tr, "before", 0.88);
    // What Turkish shoppers type after a manufactured product's name: its prices, its models.
    if (profile.factory) list(["fiyatları", "modelleri"], "after", 0.9);
    const occasions = CATEGORY_LEXICON[category ?? "decor"].occasions
      .filter(occasionFits)
      .flatMap((o) => (OCCASIONS_TR[o as keyof typeof OCCASIONS_TR] ? [OCCASIONS_TR[o as keyof typeof OCCASIONS_TR] as string] : []));
    list(occasions, "before", 0.8);
    return out;
  }

  const lexicon = lexiconFor(category);
  const platformWords = PLATFORM_LEXICON[platform];
  list(platformWords.prefixes, "before", 0.95);
  list(
    platformWords.suffixes.filter((t) => form === "physical" || t !== "gift"),
    "after",
    0.85,
  );
  const extra = form === "pattern" ? ["easy", "beginner", "printable", "modern"] : form === "digital" ? ["printable", "editable", "minimalist"] : form === "kit" ? ["beginner", "starter", "easy"] : [];
  list(lexicon.modifiers.filter((t) => !(form === "digital" && MAKER_ONLY.has(t))).concat(extra), "before", 0.92);
  if (form === "pattern" || form === "digital") list(["pdf", "instant download"], "after", 0.9);
  if (materialsFit) list(profile.fibreCraft ? FIBRES.filter((f) => !["pamuk", "yün"].includes(f)) : lexicon.materials, "before", 0.95);
  list(lexicon.styles, "before", 0.85);
  const audiences = lexicon.audiences.filter((a) => audienceFits(AUDIENCE_GROUPS[a] ?? "adults"));
  if (humanGift || form !== "physical") list(form === "pattern" || form === "kit" ? ["beginners"] : audiences, "after", 0.88, (t) => `for ${t}`);
  if (audience === "pet" && petAudiences) list(petAudiences.en, "before", 0.88);
  if (profile.factory && platform === "ebay") list(["for sale"], "after", 0.9);
  list(
    lexicon.occasions.filter(occasionFits).map((o) => OCCASIONS[o].phrase),
    "before",
    0.8,
  );
  return out;
}

interface SampleFigures {
  popularity: number;
  competition: number;
  trend: "increasing" | "declining" | "stable";
}

const LENGTH_DECAY = [1, 1, 0.8, 0.62, 0.5, 0.42];

/** Month-by-month demand for a phrase: its category's season, times any occasion it names. */
function seasonCurve(keyword: string, category?: Category | null): Curve {
  const text = ` ${normaliseKeyword(keyword)} `;
  const base = lexiconFor(category ?? inferCategory(keyword)).season;
  const occasion = Object.entries(OCCASIONS).find(([key, o]) => text.includes(` ${o.phrase} `) || text.includes(` ${OCCASIONS_TR[key as keyof typeof OCCASIONS_TR] ?? "\u0000"} `))?.[1];
  return (occasion ? base.map((x, i) => x * occasion.curve[i]) : [...base]) as unknown as Curve;
}

/** Popularity, competition and trend of one phrase; `now` only sets the month the trend is read at. */
export function scoreCandidate(candidate: Candidate, context: { platform: Platform; country: string; category?: Category | null; now: number }): SampleFigures {
  const category = context.category ?? inferCategory(candidate.keyword);
  const lexicon = lexiconFor(category);
  const platform = PLATFORM_LEXICON[context.platform];
  const random = seededSequence(fnv1a(`suggest|${context.platform}|${context.country}|${candidate.keyword}`));
  const count = words(candidate.keyword).length;
  const decay = LENGTH_DECAY[Math.min(count, LENGTH_DECAY.length - 1)];
  const demand = Math.sqrt(COUNTRY_DEMAND[context.country] ?? 0.25) * Math.pow(platform.demand, 0.3);
  const popularity = clampInt(92 * candidate.weight * decay * demand + (random() - 0.5) * 18, 1, 100);

  const generality = Math.pow(1 / count, 1.2);
  const crowd = lexicon.saturation * platform.saturation * (0.15 + 0.85 * generality) * (0.75 + 0.25 * candidate.weight);
  const competition = round2(clamp(crowd + (random() - 0.5) * 0.16, 0.02, 0.98));

  const curve = seasonCurve(candidate.keyword, category);
  const month = new Date(context.now).getUTCMonth();
  const at = (offset: number) => curve[(month + offset + 12) % 12];
  const ratio = (at(0) + at(1)) / (at(-2) + at(-1)) + (random() - 0.5) * 0.16;
  const trend = ratio > 1.1 ? "increasing" : ratio < 0.9 ? "declining" : "stable";
  return { popularity, competition, trend };
}

/** The sample competition of one keyword, as the suggestions table would show it on that platform. */
export function sampleCompetition(keyword: string, platform: Platform = "etsy", country = "US"): number {
  return scoreCandidate({ keyword: normaliseKeyword(keyword), weight: 0.9 }, { platform, country, now: 0 }).competition;
}

const WEEK_MS = 7 * 24 * 60 * 60 * 1000;
const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * 52 weekly points of relative interest ending with the week that holds `now` (weeks start on Sunday,
 * as Google Trends' do), shaped by the phrase's seasonal curve, a steady drift and some week-to-week
 * noise, then scaled so the peak is 100 as Google Trends does.
 */
export function sampleTimeline(keyword: string, geo: string, now: number): TimelinePoint[] {
  const text = normaliseKeyword(keyword);
  const random = seededSequence(fnv1a(`timeline|${geo}|${text}`));
  const curve = seasonCurve(text);
  const today = Math.floor(now / DAY_MS) * DAY_MS;
  const lastSunday = today - new Date(today).getUTCDay() * DAY_MS;
  const start = lastSunday - 51 * WEEK_MS;
  const drift = (random() - 0.5) * 0.9;
  const raw = Array.from({ length: 52 }, (_, i) => {
    const date = new Date(start + i * WEEK_MS);
    const season = curveAt(curve, date.getUTCMonth() + (date.getUTCDate() - 1) / 31);
    return season * (1 + drift * (i / 51 - 0.5)) * (0.9 + random() * 0.2);
  });
  const peak = Math.max(...raw);
  return raw.map((x, i) => ({ date: new Date(start + i * WEEK_MS).toISOString().slice(0, 10), value: clampInt((x / peak) * 100, 0, 100) }));
}

/** The curve read between month midpoints, so a weekly series has no monthly steps. */
function curveAt(curve: Curve, monthPosition: number) {
  const p = monthPosition - 0.5;
  const lower = Math.floor(p);
  const t = p - lower;
  return curve[(lower + 12) % 12] * (1 - t) + curve[(lower + 13) % 12] * t;
}

/** Up to 8 top (relative 0-100) and 8 rising (growth %, sometimes 'Breakout') related phrases. */
export function sampleRelatedQueries(keyword: string, geo: string, now: number): RelatedQueries {
  const text = normaliseKeyword(keyword);
  const random = seededSequence(fnv1a(`related|${geo}|${text}`));
  const country = geo === "GLOBAL" ? "GLOBAL" : geo;
  // What people search beside a phrase keeps the phrase ("rustic soy candle", "soy candle gift") as often as it
  // widens it to its noun ("candle", "personalized candle"): the two kinds alternate, each by its popularity.
  const seed = words(text);
  const keeps = (keyword: string) => seed.every((w) => words(keyword).includes(w));
  const ranked = expandProductName({ productName: text, platform: "etsy", searches: true })
    .filter((c) => c.keyword !== text)
    .map((c) => ({ ...c, ...scoreCandidate(c, { platform: "etsy", country, now }) }))
    .sort((a, b) => b.popularity - a.popularity || a.keyword.localeCompare(b.keyword));
  const narrow = ranked.filter((c) => keeps(c.keyword));
  const wide = ranked.filter((c) => !keeps(c.keyword));
  const scored = Array.from({ length: Math.max(narrow.length, wide.length) }, (_, i) => [narrow[i], wide[i]])
    .flat()
    .filter((c): c is (typeof ranked)[number] => c !== undefined);
  // (Shown as a search engine shows them: the most searched first, at 100.)
  const top = scored.slice(0, KEYWORD_LIMITS.relatedMax).sort((a, b) => b.popularity - a.popularity || a.keyword.localeCompare(b.keyword));
  const peak = top[0]?.popularity ?? 1;
  const risingPool = scored.slice(KEYWORD_LIMITS.relatedMax).filter((c) => c.trend !== "declining");
  const rising: RelatedQuery[] = risingPool
    .map((c) => ({ c, order: random() }))
    .sort((a, b) => a.order - b.order)
    .slice(0, KEYWORD_LIMITS.relatedMax)
    .map(({ c }) => ({ query: c.keyword, value: 40 + Math.round(random() * 56) * 10 }))
    .sort((a, b) => b.value - a.value);
  if (rising.length > 0 && random() < 0.4) rising[0] = { query: rising[0].query, value: "Breakout" };
  return {
    top: top.map((c) => ({ query: c.keyword, value: Math.round((c.popularity / peak) * 100) })),
    rising,
  };
}

function clamp(x: number, low: number, high: number) {
  return Math.min(high, Math.max(low, x));
}
function clampInt(x: number, low: number, high: number) {
  return Math.round(clamp(x, low, high));
}
function round2(x: number) {
  return Math.round(x * 100) / 100;
}
