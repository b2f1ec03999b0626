/**
 * The offline sample engine's vocabulary: what marketplace shoppers add to a product noun, per
 * platform and category, and when in the year they search for it. Hand-written from how handmade and
 * marketplace listings are commonly titled; it is illustrative data, not measured demand, and every
 * answer built from it is labelled as sample data.
 *
 * Lists are ordered from the most to the least common term: the engine weighs a term by its rank.
 * Curves are twelve monthly multipliers, January first, where 1 is the year's average.
 */
import type { Category, Platform } from "../../../schema/api/keywords";

export type Curve = readonly [number, number, number, number, number, number, number, number, number, number, number, number];

export interface CategoryLexicon {
  /** Product nouns that identify the category in a product name; the first is the category's own noun. */
  nouns: readonly string[];
  /** Descriptive words placed before the noun ("dainty necklace"). */
  modifiers: readonly string[];
  materials: readonly string[];
  /** Keys of OCCASIONS that people shop this category for. */
  occasions: readonly string[];
  /** Who it is for, as in "necklace for her". */
  audiences: readonly string[];
  styles: readonly string[];
  /** Demand through the year for the category as a whole. */
  season: Curve;
  /** How crowded the category is on marketplaces, 0..1. */
  saturation: number;
}

interface PlatformLexicon {
  /** Words shoppers on this platform put before a noun. */
  prefixes: readonly string[];
  /** Words they put after it ("necklace set", "necklace lot"). */
  suffixes: readonly string[];
  /** How crowded the platform is for small sellers, 0..1. */
  saturation: number;
  /** Search demand relative to Etsy. */
  demand: number;
}

interface Occasion {
  /** The words as shoppers type them. */
  phrase: string;
  curve: Curve;
}

const FLAT: Curve = [1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1];

export const OCCASIONS: Record<string, Occasion> = {
  christmas: { phrase: "christmas", curve: [0.35, 0.3, 0.3, 0.3, 0.35, 0.4, 0.5, 0.6, 0.85, 1.4, 2.9, 3.6] },
  valentines: { phrase: "valentines", curve: [2.1, 3.4, 0.5, 0.4, 0.4, 0.4, 0.4, 0.4, 0.45, 0.5, 0.7, 1.0] },
  mothersDay: { phrase: "mothers day", curve: [0.4, 0.6, 1.1, 2.6, 3.6, 0.5, 0.4, 0.4, 0.45, 0.5, 0.7, 0.8] },
  fathersDay: { phrase: "fathers day", curve: [0.4, 0.4, 0.5, 0.9, 2.6, 4.0, 0.6, 0.4, 0.45, 0.5, 0.6, 0.7] },
  wedding: { phrase: "wedding", curve: [0.8, 0.9, 1.1, 1.25, 1.35, 1.35, 1.2, 1.1, 1.05, 0.95, 0.7, 0.55] },
  bridesmaid: { phrase: "bridesmaid", curve: [1.1, 1.2, 1.3, 1.3, 1.2, 1.1, 0.95, 0.9, 0.9, 0.85, 0.7, 0.5] },
  birthday: { phrase: "birthday", curve: FLAT },
  anniversary: { phrase: "anniversary", curve: [0.95, 1.3, 0.95, 0.95, 1.0, 1.05, 1.0, 0.95, 0.95, 0.95, 0.95, 1.0] },
  graduation: { phrase: "graduation", curve: [0.4, 0.5, 0.8, 1.6, 3.0, 2.4, 0.6, 0.4, 0.4, 0.4, 0.4, 0.5] },
  halloween: { phrase: "halloween", curve: [0.2, 0.2, 0.2, 0.2, 0.2, 0.25, 0.4, 1.0, 2.6, 4.4, 0.8, 0.2] },
  easter: { phrase: "easter", curve: [0.5, 1.4, 3.3, 3.3, 0.4, 0.3, 0.3, 0.3, 0.3, 0.3, 0.3, 0.3] },
  babyShower: { phrase: "baby shower", curve: [0.95, 1.0, 1.05, 1.05, 1.05, 1.0, 1.0, 1.0, 1.0, 1.0, 0.95, 0.9] },
  housewarming: { phrase: "housewarming", curve: [0.85, 0.85, 0.95, 1.05, 1.15, 1.2, 1.15, 1.1, 1.0, 0.95, 0.9, 0.85] },
  backToSchool: { phrase: "back to school", curve: [0.4, 0.3, 0.3, 0.3, 0.4, 0.8, 2.4, 3.6, 1.6, 0.5, 0.3, 0.3] },
  summer: { phrase: "summer", curve: [0.3, 0.4, 0.7, 1.1, 1.7, 2.2, 2.2, 1.6, 0.8, 0.4, 0.3, 0.3] },
  fall: { phrase: "fall", curve: [0.3, 0.3, 0.3, 0.3, 0.4, 0.5, 0.9, 1.8, 2.6, 2.5, 1.6, 0.5] },
};

export const CATEGORY_LEXICON: Record<Category, CategoryLexicon> = {
  jewelry: {
    nouns: ["jewelry", "necklace", "ring", "earrings", "earring", "bracelet", "pendant", "anklet", "choker", "charm", "brooch", "jewellery", "studs", "hoops", "locket", "bangle"],
    modifiers: ["dainty", "personalized", "layered", "name", "initial", "stackable", "delicate", "adjustable", "tiny", "statement"],
    materials: ["gold", "silver", "sterling silver", "rose gold", "gold filled", "pearl", "birthstone", "crystal", "gemstone", "beaded", "opal", "moonstone"],
    occasions: ["christmas", "valentines", "mothersDay", "birthday", "anniversary", "bridesmaid", "wedding", "graduation"],
    audiences: ["her", "women", "mom", "girlfriend", "wife", "men", "sister", "best friend"],
    styles: ["minimalist", "boho", "vintage", "celestial", "art deco", "gothic", "cottagecore"],
    season: [0.85, 1.15, 0.85, 0.9, 1.05, 0.85, 0.8, 0.8, 0.85, 0.95, 1.35, 1.6],
    saturation: 0.82,
  },
  clothing: {
    nouns: ["clothing", "shirt", "tshirt", "tee", "hoodie", "sweater", "dress", "skirt", "pants", "jeans", "jacket", "sweatshirt", "onesie", "cardigan", "leggings", "kimono", "top", "socks"],
    modifiers: ["oversized", "graphic", "matching", "funny", "embroidered", "custom", "cropped", "comfy", "linen", "printed"],
    materials: ["cotton", "organic cotton", "linen", "wool", "cashmere", "denim", "knit", "silk", "bamboo", "fleece"],
    occasions: ["christmas", "birthday", "halloween", "babyShower", "fall", "summer", "backToSchool", "fathersDay"],
    audiences: ["women", "men", "kids", "toddler", "baby", "mom", "dad", "teens"],
    styles: ["vintage", "boho", "streetwear", "retro", "y2k", "minimalist", "western"],
    season: [0.9, 0.85, 0.9, 0.95, 1.0, 0.95, 0.9, 1.0, 1.05, 1.1, 1.15, 1.25],
    saturation: 0.88,
  },
  decor: {
    nouns: ["decor", "pillow", "candle", "vase", "sign", "wreath", "rug", "blanket", "mirror", "lamp", "planter", "shelf", "ornament", "garland", "coaster", "mug", "clock", "tray"],
    modifiers: ["personalized", "rustic", "wall", "farmhouse", "modern", "cozy", "large", "custom", "hanging", "decorative"],
    materials: ["wooden", "ceramic", "macrame", "rattan", "linen", "concrete", "glass", "brass", "marble", "soy wax"],
    occasions: ["christmas", "housewarming", "halloween", "wedding", "fall", "easter", "mothersDay"],
    audiences: ["home", "living room", "bedroom", "kitchen", "nursery", "office", "bathroom"],
    styles: ["boho", "farmhouse", "minimalist", "mid century", "scandinavian", "cottagecore", "vintage"],
    season: [0.9, 0.85, 0.95, 1.0, 0.95, 0.85, 0.8, 0.85, 1.0, 1.2, 1.35, 1.3],
    saturation: 0.76,
  },
  art: {
    nouns: ["art", "print", "painting", "poster", "portrait", "illustration", "canvas", "drawing", "watercolor", "artwork", "sculpture", "photograph"],
    modifiers: ["wall", "custom", "printable", "framed", "large", "original", "abstract", "digital", "gallery", "set of 3"],
    materials: ["watercolor", "oil", "acrylic", "canvas", "ink", "charcoal", "linocut", "giclee"],
    occasions: ["christmas", "housewarming", "wedding", "anniversary", "birthday", "mothersDay"],
    audiences: ["nursery", "living room", "bedroom", "kitchen", "office", "kids room"],
    styles: ["abstract", "botanical", "minimalist", "boho", "line art", "mid century", "vintage"],
    season: [1.05, 0.95, 0.95, 0.9, 0.9, 0.85, 0.85, 0.9, 0.95, 1.05, 1.25, 1.4],
    saturation: 0.7,
  },
  crafts: {
    nouns: ["craft", "kit", "pattern", "yarn", "fabric", "sticker", "stickers", "stencil", "beads", "embroidery", "crochet", "knitting", "svg", "template", "supplies"],
    modifiers: ["beginner", "diy", "printable", "easy", "digital", "pdf", "starter", "mini", "bulk", "cute"],
    materials: ["cotton", "wool", "felt", "polymer clay", "resin", "wood", "vinyl", "paper", "glass"],
    occasions: ["christmas", "halloween", "easter", "valentines", "birthday", "fall"],
    audiences: ["beginners", "kids", "adults", "crafters", "teachers"],
    styles: ["boho", "kawaii", "vintage", "floral", "modern", "cottagecore"],
    season: [1.3, 1.1, 1.0, 0.9, 0.85, 0.8, 0.8, 0.85, 1.0, 1.15, 1.2, 1.05],
    saturation: 0.62,
  },
  accessories: {
    nouns: [
      "accessory",
      "bag",
      "tote",
      "wallet",
      "hat",
      "scarf",
      "keychain",
      "belt",
      "purse",
      "backpack",
      "sunglasses",
      "headband",
      "scrunchie",
      "pouch",
      "cufflinks",
      "beanie",
      "gloves",
      "phone case",
    ],
    modifiers: ["personalized", "monogram", "custom", "small", "crossbody", "minimalist", "cute", "embroidered", "travel", "mini"],
    materials: ["leather", "canvas", "vegan leather", "wool", "silk", "cotton", "corduroy", "suede", "crochet"],
    occasions: ["christmas", "birthday", "fathersDay", "mothersDay", "bridesmaid", "backToSchool", "summer"],
    audiences: ["women", "men", "her", "him", "kids", "dad", "mom", "travelers"],
    styles: ["boho", "vintage", "western", "preppy", "minimalist", "retro"],
    season: [0.85, 0.9, 0.9, 0.95, 1.05, 1.0, 0.95, 1.0, 0.95, 1.0, 1.25, 1.45],
    saturation: 0.78,
  },
};

/** Used when the category is neither given nor recognisable in the product name. */
export const GENERAL_LEXICON: CategoryLexicon = {
  nouns: [],
  modifiers: ["personalized", "custom", "unique", "cute", "small", "large", "mini"],
  materials: [],
  occasions: ["christmas", "birthday", "mothersDay", "valentines", "wedding", "housewarming"],
  audiences: ["her", "him", "women", "men", "mom", "dad", "kids"],
  styles: ["vintage", "minimalist", "boho", "modern", "retro"],
  season: [0.85, 0.95, 0.9, 0.9, 1.0, 0.9, 0.85, 0.85, 0.9, 1.0, 1.3, 1.5],
  saturation: 0.75,
};

export const PLATFORM_LEXICON: Record<Platform, PlatformLexicon> = {
  etsy: { prefixes: ["personalized", "handmade", "custom", "unique"], suffixes: ["gift"], saturation: 0.85, demand: 1 },
  amazon: { prefixes: ["best", "premium"], suffixes: ["set", "gift set", "pack", "kit", "gift box"], saturation: 1, demand: 1.6 },
  ebay: { prefixes: ["vintage", "new", "antique", "rare", "used"], suffixes: ["lot", "bundle"], saturation: 0.75, demand: 0.8 },
};

/** Search demand of a market relative to the United States (by online-shopper population, roughly). */
export const COUNTRY_DEMAND: Record<string, number> = {
  US: 1,
  GB: 0.62,
  DE: 0.55,
  CA: 0.48,
  AU: 0.42,
  FR: 0.5,
  IT: 0.4,
  ES: 0.4,
  NL: 0.3,
  IE: 0.22,
  NZ: 0.2,
  GLOBAL: 1.25,
};

/** Monthly searches a keyword at interest 100 might see in each market: the scale of the volume estimate. */
export const MARKET_SEARCH_SCALE: Record<string, number> = {
  US: 60_000,
  GB: 24_000,
  DE: 20_000,
  CA: 14_000,
  AU: 11_000,
  GLOBAL: 150_000,
};

// ---- What fits which product (issue #26): a modifier is offered only where it keeps the product's form and kind ----

/** Words that describe a finished, physical item: never offered for a pattern or a digital file. */
export const PHYSICAL_ONLY = new Set([
  "handmade",
  "personalized",
  "custom",
  "framed",
  "original",
  "used",
  "new",
  "antique",
  "rare",
  "bulk",
  "set",
  "pack",
  "gift box",
  "gift set",
  "lot",
  "bundle",
  "gift",
  "el yapımı",
  "kişiye özel",
  "hediyelik",
  "isimli",
  "çerçeveli",
  "orijinal",
  "antika",
  "ikinci el",
]);
/** Words that make a product a file: only for patterns and digital products. */
export const DIGITAL_ONLY = new Set(["printable", "digital", "pdf", "instant download", "editable", "svg", "dijital", "yazdırılabilir", "indirilebilir", "türkçe"]);
/** Words of a do-it-yourself product: only for patterns and kits. */
export const MAKER_ONLY = new Set(["beginner", "easy", "diy", "starter", "kit", "kolay"]);
/** Fibres a crochet, knitted or woven item can be made of; hard materials never fit them. */
export const FIBRES = ["cotton", "wool", "merino", "chunky", "linen", "bamboo", "alpaca", "pamuk", "yün"];

/** Who a gift is for, by group, so a pet or baby product is never offered "for her". */
export const AUDIENCE_GROUPS: Record<string, "women" | "men" | "kids" | "adults" | "place" | "maker" | "travel"> = {
  her: "women",
  women: "women",
  mom: "women",
  girlfriend: "women",
  wife: "women",
  sister: "women",
  "best friend": "adults",
  him: "men",
  men: "men",
  dad: "men",
  boyfriend: "men",
  husband: "men",
  kids: "kids",
  toddler: "kids",
  baby: "kids",
  teens: "kids",
  home: "place",
  "living room": "place",
  bedroom: "place",
  kitchen: "place",
  nursery: "place",
  office: "place",
  bathroom: "place",
  "kids room": "place",
  beginners: "maker",
  adults: "maker",
  crafters: "maker",
  teachers: "maker",
  travelers: "travel",
};

/** Occasions a pet's or a baby's product is not bought for. */
export const HUMAN_ONLY_OCCASIONS = new Set(["valentines", "mothersDay", "fathersDay", "bridesmaid", "graduation", "anniversary", "wedding", "backToSchool", "housewarming"]);

/** The Turkish names of the occasions, as Turkish shoppers type them (only those celebrated in Turkey). */
export const OCCASIONS_TR: Partial<Record<keyof typeof OCCASIONS, string>> = {
  christmas: "yılbaşı",
  valentines: "sevgililer günü",
  mothersDay: "anneler günü",
  fathersDay: "babalar günü",
  birthday: "doğum günü",
  wedding: "düğün",
  anniversary: "yıldönümü",
  graduation: "mezuniyet",
  housewarming: "yeni ev",
  bridesmaid: "nişan",
  backToSchool: "okula dönüş",
  summer: "yazlık",
};

interface TurkishLexicon {
  modifiers: readonly string[];
  materials: readonly string[];
  styles: readonly string[];
  /** Prefixes by audience group: "anneye hediye kolye", "erkek cüzdan". */
  audiences: Partial<Record<"women" | "men" | "kids" | "adults", readonly string[]>>;
}

/** The Turkish shopper's words per category (hand-written, illustrative like the English lexicon). */
export const CATEGORY_LEXICON_TR: Record<Category, TurkishLexicon> = {
  jewelry: {
    modifiers: ["kişiye özel", "isimli", "zarif", "ince", "harfli", "taşlı", "el yapımı", "hediyelik"],
    materials: ["gümüş", "925 ayar gümüş", "altın", "çelik", "doğal taş", "inci"],
    styles: ["minimalist", "vintage", "boho"],
    audiences: { women: ["kadın", "anneye hediye", "sevgiliye hediye"], men: ["erkek", "babaya hediye"], kids: ["çocuk"] },
  },
  clothing: {
    modifiers: ["oversize", "nakışlı", "baskılı", "yazlık", "kışlık", "el yapımı", "rahat kesim"],
    materials: ["pamuk", "keten", "yün", "ipek", "organik pamuk"],
    styles: ["vintage", "boho", "retro", "minimalist"],
    audiences: { women: ["kadın"], men: ["erkek"], kids: ["çocuk", "bebek"] },
  },
  decor: {
    modifiers: ["el yapımı", "dekoratif", "kişiye özel", "hediyelik", "rustik", "el boyaması", "büyük boy"],
    materials: ["seramik", "ahşap", "cam", "beton", "keten", "pamuk", "mermer"],
    styles: ["boho", "vintage", "minimalist", "retro"],
    audiences: { women: ["anneye hediye", "sevgiliye hediye"], men: ["babaya hediye"] },
  },
  art: {
    modifiers: ["orijinal", "çerçeveli", "büyük boy", "soyut", "el yapımı", "duvar", "dijital", "yazdırılabilir", "indirilebilir"],
    materials: ["yağlı boya", "akrilik", "suluboya", "kanvas"],
    styles: ["minimalist", "boho", "vintage", "retro"],
    audiences: {},
  },
  crafts: {
    modifiers: ["kolay", "türkçe", "el yapımı", "hediyelik", "sevimli", "dijital"],
    materials: ["pamuk", "yün", "keçe"],
    styles: ["vintage", "boho", "kawaii"],
    audiences: { kids: ["çocuk"] },
  },
  accessories: {
    modifiers: ["el yapımı", "kişiye özel", "isimli", "hediyelik", "küçük", "büyük"],
    materials: ["deri", "hakiki deri", "hasır", "keten", "kanvas", "örgü"],
    styles: ["vintage", "boho", "minimalist", "retro"],
    audiences: { women: ["kadın", "anneye hediye", "sevgiliye hediye"], men: ["erkek", "babaya hediye", "sevgiliye hediye"], kids: ["çocuk"] },
  },
};

/** Turkish words of a marketplace's shoppers (prefixes only: Turkish puts them before the noun). */
export const PLATFORM_PREFIXES_TR: Record<Platform, readonly string[]> = {
  etsy: ["el yapımı", "kişiye özel", "hediyelik"],
  amazon: ["kaliteli"],
  ebay: ["vintage", "antika", "ikinci el"],
};

/** Who a pet product is for, by the animal its name names. */
export const PET_AUDIENCES: Record<string, { en: readonly string[]; tr: readonly string[] }> = {
  dog: { en: ["small", "large", "puppy"], tr: ["küçük ırk", "büyük ırk", "yavru"] },
  cat: { en: ["kitten"], tr: ["yavru"] },
};

/** The English shopper vocabulary: a Turkish idea that takes one of these words (and "for") from the lexicon is not Turkish. */
export const ENGLISH_SHOPPER_WORDS: ReadonlySet<string> = new Set(
  [
    "for",
    ...Object.values(CATEGORY_LEXICON).flatMap((l) => [...l.modifiers, ...l.materials, ...l.audiences, ...l.styles]),
    ...GENERAL_LEXICON.modifiers,
    ...GENERAL_LEXICON.audiences,
    ...Object.values(OCCASIONS).map((o) => o.phrase),
    ...Object.values(PLATFORM_LEXICON).flatMap((p) => [...p.prefixes, ...p.suffixes]),
  ]
    .flatMap((t) => t.split(" "))
    .filter((w) => !["vintage", "boho", "retro", "minimalist", "kawaii", "y2k", "3", "of", "to"].includes(w)),
);
