/**
 * Phrase extraction from a seller's own words: the offline composer writes from it, and the rule
 * enforcer fills tags from it. Deterministic, no model. A product description is split into clauses,
 * a measure ("18 inch", "350 ml", "50x70 cm", "set of 3") is one token, and each clause gives whole
 * noun phrases: runs of content words cut at stop words, trimmed until they end on a noun (or on a
 * feature word such as "safe" or "resistant"). Only whole phrases and their tails are ever used, so
 * nothing ends on a preposition or a dangling adjective. English and Turkish are both read; the
 * language of the listing is the language of the description.
 */
import { CATEGORIES, categoryModel, type CategoryId, type CategoryModel, type Lang } from "./categories";
import { isModelCode } from "../audit/text";
import { isWatchMaker } from "../facts/devices";
import { escapeRegExp, inName } from "../facts/language";
import { readDigital } from "./digital";
import { isConditionPhrase } from "./support";

export type { CategoryId, Lang } from "./categories";

// (A lens's aperture, "f/2" or "f/1.8", is one word; so are a card's number in its set, "020/189", and a radio's "FM/AM".)
const WORD =
  /(?<![\p{L}\p{N}])f\/\d+(?:\.\d+)?(?![\p{L}\p{N}])|(?<![\p{L}\p{N}/.])\d{1,3}\/\d{2,3}(?![\p{L}\p{N}/.])|(?<![\p{L}\p{N}/])(?:AM|FM|am|fm)\/(?:AM|FM|am|fm)(?![\p{L}\p{N}/])|[\p{L}\p{M}\p{N}]+(?:['’-][\p{L}\p{M}\p{N}]+)*/gu;

/** Function words, fluff and the words of prompt templates; none of them names a product. */
const STOP_EN = `a an the and or but nor so yet for of with without in on at to from by as into onto over under about above below
  this that these those it its it's is are was were be been being am do does did done has have had having will would
  can could should may might must shall i me my we our ours you your yours he she him her his they them their theirs
  who whom whose which what when where why how all any both each every few more most other some such no not only own
  same than too very just also really quite perfect perfectly beautiful beautifully lovely amazing great nice best
  ideal ideally wonderful gorgeous stunning awesome cute pretty super truly absolutely simply totally extra
  item items product products piece pieces thing things one ones use used using make makes making made get gets
  generate create write give return provide please etsy amazon ebay listing listings title titles
  description descriptions keyword keywords seo optimized optimize text alt image images based following below above
  here there then now new add added adding looking look looks feel feels go goes well way ways lot lots much many
  every everyday day days year years designed design features feature includes include including
  comes come available approx approximately about each per via etc e.g ie if while because since until
  upon within across after before during between through fits fit holds hold ships ship shipped arrives sizes size
  vary varies slightly so each also great`;

const STOP_TR = `ve ile için bir bu şu o da de ki mi mı mu mü çok en daha gibi her ya veya ama fakat ancak olarak olan olup
  ise ne hem tüm bütün sizin sizi size bizim biz siz onun onlar kendi kendin şekilde yaklaşık kadar diye yani ayrıca
  ürün ürünü ürünler ürünümüz mükemmel harika güzel süper muhteşem ideal idealdir uygun uygundur dahil değildir değil
  gönderilir gönderilmektedir edilir yapılır hazırlanır bulunur mevcuttur vardır yoktur sahip sahiptir olur olması
  biraz oldukça gayet tam hemen sadece yalnızca yalnız bile artık hala hâlâ pek az fazla farklı aynı olabilir olabilirler
  olarak şekilde sonra önce kez defa her biri elde tek`;

const STOP = new Set(`${STOP_EN} ${STOP_TR}`.split(/\s+/).filter(Boolean));

/** Words that describe rather than name: a phrase never ends on one (unless a feature word follows). */
const ADJECTIVES = new Set(
  `big small tiny large little mini huge thick thin chunky dainty delicate soft cozy cosy warm fluffy fuzzy glossy matte
  shiny sparkly sturdy durable lightweight light heavy funny cute retro vintage modern minimalist minimal boho rustic
  classic elegant simple plain bold bright dark pale pastel natural organic vegan hand-knit hand-knitted handknit
  hand-made handmade handcrafted hand-painted hand-stamped hand-thrown hand-stitched personalized personalised custom
  unique special lovely gentle sensitive unscented scented waterproof weatherproof reusable adjustable oversized
  unisex long short wide tall deep round square oval floral botanical abstract geometric tropical coastal festive
  seasonal tarnish nickel free safe fine pure real genuine solid hollow double single triple reversible removable
  printable editable digital instant downloadable ready custom-made dainty everyday daily weekly monthly yearly
  tiny freshwater glazed speckled stuffed crocheted knitted knit crochet embroidered engraved printed painted dyed
  thrown stitched woven sewn poured carved pressed rolled drawn sketched illustrated laminated absorbent breathable stretchy comfy comfortable hand
  included about approximately cut laser-cut die-cut
  kalın ince büyük küçük yumuşak zarif hafif ağır mat parlak sevimli şık modern minimalist doğal organik güvenli
  sıcak renkli özel tek çift uzun kısa geniş dar yuvarlak kare eski yeni klasik sade el yapımı örgü tığ`.split(/\s+/),
);

/** Words a feature phrase may end on ("dishwasher safe", "tarnish resistant", "nickel free"). */
// (A gilding says how the item is decorated: "altın yaldızlı", gold gilded, "gümüş varaklı".)
const FEATURE_ENDS = new Set([
  "safe",
  "free",
  "resistant",
  "proof",
  "washable",
  "friendly",
  "waterproof",
  "yıkanabilir",
  "düzenlenebilir",
  "yazdırılabilir",
  "dayanıklı",
  "uyumlu",
  "yaldızlı",
  "varaklı",
]);

/** Nouns the suffix rules below would mistake for adjectives or verbs. */
const NOUNS = new Set(
  `bed seed red reed shed sled feed need thread bead beads tweed bundle family butterfly lily jelly holly belly assembly supply
  crystal metal petal animal journal manual tutorial signal pedal shawl floral-print festival mineral coral opal charcoal
  ceramic acrylic fabric elastic plastic mosaic graphic tunic magic music topic
  ribbed-brim drive native olive archive knife wife life wave sleeve glove dove stove
  table tables side-table cable cables turntable turntables vegetable vegetables timetable
  çamaşır hamur kavanoz yağmur kibrit`.split(/\s+/),
);

const COLOURS = new Set(
  `white black grey gray silver gold golden rose pink red blue navy teal turquoise green sage olive mint emerald yellow mustard
  orange terracotta rust brown tan beige cream ivory oatmeal natural purple lilac lavender burgundy maroon coral peach
  copper bronze multicolor multicolour rainbow pastel clear transparent charcoal indigo champagne blush taupe mauve khaki
  beyaz siyah gri gümüş altın pembe kırmızı mavi lacivert turkuaz yeşil sarı turuncu kahverengi bej krem ekru mor lila bordo`.split(/\s+/),
);

/** Materials as a shopper searches them; the longest written form wins ("sterling silver" over "silver"). */
export const MATERIALS = [
  "925 sterling silver",
  "sterling silver",
  "14k gold filled",
  "18k gold filled",
  "14k gold plated",
  "18k gold plated",
  "gold filled",
  "gold plated",
  "silver plated",
  "14k gold",
  "18k gold",
  "rose gold",
  "silver",
  "gold",
  "brass",
  "copper",
  "stainless steel",
  "titanium",
  "organic cotton",
  "cotton",
  "linen",
  "merino wool",
  "wool",
  "alpaca",
  "mohair",
  "cashmere",
  "silk",
  "leather",
  "vegan leather",
  "biothane",
  "wood",
  "oak",
  "walnut",
  "bamboo",
  "ceramic",
  "stoneware",
  "porcelain",
  "clay",
  "glass",
  "resin",
  "soy wax",
  "beeswax",
  "coconut wax",
  "paper",
  "cardstock",
  "canvas",
  "velvet",
  "denim",
  "muslin",
  "chenille",
  "pearl",
  "amethyst",
  "lab grown diamond",
  "moissanite",
  "opal",
  "sapphire",
  "rose quartz",
  "quartz",
  "agate",
  "onyx",
  "moonstone",
  "labradorite",
  "citrine",
  "obsidian",
  "hematite",
  "vinyl",
  "acrylic",
  "polyester",
  "goat milk",
  "olive oil",
  "shea butter",
  "yarn",
  "925 ayar gümüş",
  "gümüş",
  "altın",
  "pirinç",
  "bakır",
  "çelik",
  "organik pamuk",
  "pamuk",
  "pamuklu",
  "keten",
  "yün",
  "ipek",
  "deri",
  "ahşap",
  "bambu",
  "seramik",
  "porselen",
  "kil",
  "cam",
  "reçine",
  "soya",
  "balmumu",
  "kağıt",
  "kadife",
  "kot",
  "inci",
  "ametist",
  "kuvars",
  "akik",
  "oniks",
  "labradorit",
  "sitrin",
  "hematit",
  "zeytinyağı",
  "zeytinyağlı",
  "iplik",
];

/** Themes and styles an eBay item specific may name (only when the description says them). */
const THEMES = [
  "floral",
  "botanical",
  "boho",
  "rustic",
  "minimalist",
  "retro",
  "vintage",
  "christmas",
  "wedding",
  "animal",
  "cat",
  "dog",
  "moon",
  "sunset",
  "ocean",
  "beach",
  "nature",
  "woodland",
  "geometric",
  "abstract",
  "lemon",
  "mushroom",
  "lighthouse",
  "heart",
  "bunny",
  "fox",
  "çiçek",
  "botanik",
  "bohem",
  "rustik",
  "minimalist",
  "retro",
  "vintage",
  "yılbaşı",
  "düğün",
  "kedi",
  "köpek",
  "ay",
  "doğa",
  "deniz",
  "tavşan",
];

const FEATURE_PATTERNS: RegExp[] = [
  // A phone's network state, which its buyers filter by ("Unlocked", "Factory Unlocked", "SIM-free").
  /\b(?:factory )?unlocked\b|\bsim[- ]free\b/iu,
  /\beditable in (?:canva|corjl|templett|word|photoshop|adobe)\b/iu,
  /\bcanva'?(?:da|de)? düzenlenebilir\b/iu,
  /\bprint at home\b/iu,
  /\bmade to order\b/iu,
  /\bready to ship\b/iu,
  /\bone size fits most\b/iu,
  /\bdishwasher safe\b/iu,
  /\bmicrowave safe\b/iu,
  /\bmachine washable\b/iu,
  /\bbulaşık makinesinde yıkanabilir\b/iu,
  /\bmakinede yıkanabilir\b/iu,
  /\bevde yazdırılabilir\b/iu,
  /\bfood safe\b/iu,
  /\bnickel free\b/iu,
  /\btarnish resistant\b/iu,
  /\bhypoallergenic\b/iu,
  /\bwaterproof\b/iu,
  /\bsafety eyes\b/iu,
  // How hot it may go, whole ("oven safe to 450°F"): never a bare "450 F" apart from it.
  /\boven[- ]safe (?:up )?to \d{3} ?°? ?[FC]\b/iu,
  // How long it keeps warm or cold, whole ("keep warm 60 minutes", "keeps drinks cold for 24 hours").
  /\bkeeps? (?:\p{L}+ )?(?:warm|hot|cold)(?: for)? (?:up to )?\d+ (?:minutes?|mins?|hours?|hrs?)\b/iu,
  // How fast it is ready, whole ("sets up in 10 minutes"): never a bare "Sets Up".
  /\b(?:sets up|assembles|folds|installs|heats up|boils|charges|dries) in (?:under |about |less than )?\d+ (?:minutes?|mins?|seconds?|secs?|hours?|hrs?)\b/iu,
  /\bweatherproof\b/iu,
];

const UNIT = String.raw`(?:inches|inch|in\.|cm|mm|ml|fl\.? ?oz|oz|ounces?|qt|quarts?|pt|pints?|gal|gallons?|l|lt|litres?|liters?|g|gr|gram|grams|kg|lbs?|gsm|momme|count|carats?|ctw|cttw|ct|pages?|sayfa|stitches|ilmek|designs|hours?|hrs?|saat|pcs|pieces|adet|ft|feet|yards?|m|metres?|meters?|mt|w)`;
const NUMBER = String.raw`\d+(?:[.,]\d+)?`;
/** "18 inch", "350 ml", "50x70 cm", "8x10 inches", "18"", "100%", "set of 3", "3'lü set", "3 adet"; a range whole ("14-18 inches"), and a list before its unit ("16, 18 or 20 inch"). */
// The look-behinds: a number (or a "50x70" chain) is read from its start only, so a long run of digits
// or "1x1x1..." is read once (linear time, issue 23). A unit is never followed by a digit: "W32 L30" is a
// jeans size, not "32 L".
// (Linear: an item has no decimal comma, so a comma is always the list's, and a match starts only at a list's first figure,
// never after another figure and its comma.)
const LIST_NUMBER = String.raw`\d+(?:\.\d+)?`;
const SIZE_LIST = String.raw`(?<![\d.,]|\d, ?)${LIST_NUMBER}(?:, ?${LIST_NUMBER})*,? (?:or|and|ve|veya) ${LIST_NUMBER} ?${UNIT}(?![\p{L}])`;
/** A list of sizes before one unit, whose commas cut no clause. */
const LIST_COMMA = "\u2063";
/** The "&" of a name ("Melissa & Doug") while clauses are cut. */
const NAME_AND = "\u2064";
/** The slash of a lens's aperture ("f/2") while clauses are cut at slashes. */
const APERTURE_SLASH = "\u2065";
/** Two languages joined ("Türkçe ve İngilizce metin", "English and Spanish text"): one phrase, its "and" kept. */
const LANGUAGE_NAMES = "Türkçe|İngilizce|Almanca|Fransızca|İspanyolca|İtalyanca|Arapça|Rusça|English|Turkish|German|French|Spanish|Italian|Arabic|Russian";
const LANGUAGES_AND = new RegExp(`(?<![\\p{L}])(${LANGUAGE_NAMES}) (ve|and) (?=(?:${LANGUAGE_NAMES})(?![\\p{L}]))`, "gu");
/** Two colours joined before the word colour ("krem ve gri renk seçenekleri", "black and white colour options"): one phrase. */
const COLOURS_AND = new RegExp(`(?<![\\p{L}])(${[...COLOURS].join("|")}) (ve|and|&) (?=(?:${[...COLOURS].join("|")}) (?:renk|colou?r)\\p{L}*)`, "giu");
/** Two smells joined before the word scent ("fig and cedar scent", "lavanta ve gül kokulu"): one phrase, never a bare "Cedar Scent". */
const SCENTS_AND = /(?<![\p{L}])(\p{L}{3,}) (ve|and|&) (?=\p{L}{3,} (?:scent|scented|fragrance|aroma|koku|kokulu)(?![\p{L}]))/giu;
/** Two sides of one part ("front and rear caps", "top and bottom lids"): one phrase, never a bare "Rear Caps". */
const SIDES_AND = /(?<![\p{L}])(front|rear|back|top|bottom|left|right|inner|outer|upper|lower) (and|&) (?=(?:front|rear|back|top|bottom|left|right|inner|outer|upper|lower) \p{L}{2,})/giu;
/** Two sizes of one thing ("medium and large dogs", "small or medium breeds"): one phrase, never a bare "Large Dogs". */
const SIZES_AND = /(?<![\p{L}])(small|medium|large|extra large|mini|toy) (and|&|or) (?=(?:medium|large|extra large|giant|small) \p{L}{3,})/giu;
/** A cable's or an adapter's two ends ("USB-C to Lightning cable", "HDMI to VGA adapter"): one phrase, never a bare "Lightning Cable". */
const CONNECTORS =
  "usb-c|usb c|type-c|usb-a|usb|micro[- ]usb|mini[- ]usb|lightning|hdmi|mini hdmi|micro hdmi|displayport|mini displayport|vga|dvi|ethernet|rj45|thunderbolt(?: \\d)?|3\\.5 ?mm|aux|xlr|rca|sd|micro ?sd";
const CONNECTOR_TO = new RegExp(
  `(?<![\\p{L}\\p{N}])(${CONNECTORS}) (to) (?=(?:${CONNECTORS})(?: (?:male|female|audio|video|data))? (?:cables?|cords?|adapters?|adaptors?|converters?|chargers?|charging cables?|hubs?|dongles?|leads?)(?![\\p{L}]))`,
  "giu",
);
/** Joins the words of such a pair into one token (a combining mark, read as part of a word), turned back into spaces once the phrases are read. */
const JOINED = "\u034f";
const SIZE_LIST_RE = new RegExp(SIZE_LIST, "giu");
/** A decimal comma before a unit ("6,2 litre", "1,5 m"): one figure, whose comma cuts no clause. */
const DECIMAL_COMMA_RE = new RegExp(String.raw`(?<=(?<![\d,])\d{1,4}),(?=\d{1,3} ?${UNIT}(?![\p{L}\d]))`, "giu");
// (A temperature, whole with its sign: "40-100°C", "450°F".)
const MEASURE = new RegExp(
  String.raw`(?<![\p{L}\d.,])\d{1,3}(?: ?(?:-|–|to) ?\d{1,3})? ?°[CF](?![\p{L}\d])|(?<![\p{L}\d./])(?:\d{1,2} )?\d{1,2}\/\d{1,2} ?(?:inches|inch|in\.|in(?![\p{L}\d])|")|(?:set|pack|bundle|lot) of \d+|(?<!\d)\d+'?(?:li|lı|lu|lü) set|${SIZE_LIST}|(?<!\d|\d ?[x×] ?)${NUMBER}(?: ?[x×] ?${NUMBER})+ ?in(?![\p{L}\d])|(?<![\p{L}\d.,])${NUMBER} ?(?:-|–|—|to) ?${NUMBER} ?${UNIT}(?![\p{L}\d])|(?<!\d|\d\/|\d ?[x×] ?)${NUMBER}(?: ?[x×] ?${NUMBER})*(?: ?${UNIT}(?![\p{L}\d])|")|(?<!\d)\d+%|%\d+`,
  "giu",
);

export function words(text: string): string[] {
  return text.match(WORD) ?? [];
}

/** A feature's words, a temperature whole with its degree sign ("oven safe to 450°F"; "450 °F" as "450°F"). */
const FEATURE_WORD = new RegExp(String.raw`\d{2,4} ?°[FC](?![\p{L}\p{N}])|${WORD.source}`, "gu");
const featureWords = (text: string): string[] => (text.match(FEATURE_WORD) ?? []).map((w) => w.replace(" °", "°"));

export const isStopWord = (word: string) => STOP.has(word.toLowerCase().replace(/’/g, "'"));

// ---- Language and casing -----------------------------------------------------------------------

const TR_LETTERS = /[ıİğĞşŞ]/u;
// Common Turkish listing words written without Turkish-only letters ("Ceviz servis tepsisi, pirinç kulplu").
const TR_WORDS =
  /(?:^|[^\p{L}])(ve|için|ile|bir|bu|çok|olarak|el yapımı|yapımı|el|hediye|kişiye|özel|boyut|ölçü|malzeme|renk|ürün|ayar|örgü|tığ|doğal|beden|dijital|indirme|kokulu|yıkanabilir|yıkayın|yıkama|ceviz|servis|tepsi|tepsisi|kulplu|bezle|silin|kolye|bileklik|takı|zincir|zinciri|kupa|fincan|tabak|kase|sabun|bere|deri|keten|seramik|pamuk|pamuklu|havlu|renkli|takım|adet|boyu|uzunluk|genişlik|rengi|desenli)(?=$|[^\p{L}])/giu;
/** A lower-case word with ç, ö or ü ("önlük", "çorap"); a name that has them ("Türkiye", "Müller", "Zürich") is capitalised. */
const TR_LOWER_WORD = /(?<![\p{L}])\p{Ll}*[çöü]\p{L}*/u;

/**
 * "tr" when the text is written in Turkish: a letter only Turkish writes, two Turkish words, one with ç,
 * ö or ü, or a lower-case word with them; else "en". An English description that names Türkiye, Zürich
 * or a Müller brand stays English (its Amazon listing once said "Uyumlu" and "Detaylar"). The fact sheet,
 * the writers and the rules all read the language here.
 */
export function detectLanguage(text: string): Lang {
  const plain = plainText(text);
  if (TR_LETTERS.test(plain)) return "tr";
  const hits = plain.match(TR_WORDS)?.length ?? 0;
  return hits >= 2 || (hits >= 1 && /[çöü]/iu.test(plain)) || TR_LOWER_WORD.test(plain) ? "tr" : "en";
}

const localeOf = (lang: Lang) => (lang === "tr" ? "tr" : "en");
export const lower = (text: string, lang: Lang = "en") => text.toLocaleLowerCase(localeOf(lang));
const upper = (text: string, lang: Lang = "en") => text.toLocaleUpperCase(localeOf(lang));

/** Sentences of a text, markdown markers and HTML tags removed. */
// (A figure with its stop before a lower-case word is an ordinal, no sentence's end: "19. yüzyıl", "3. kat"; decision 0091.)
export function sentences(text: string): string[] {
  return plainText(text)
    .split(/(?<=[^\d\s][.!?]|\d[!?])\s+|(?<=\d\.)\s+(?!\p{Ll})|\n+/u)
    .map((s) => s.trim())
    .filter((s) => words(s).length > 0);
}

/** Section headings of a shop's description that start shop policy, not product facts. */
const POLICY_HEADING =
  /^\s*(?:shipping|delivery|processing(?: time)?|returns?|exchanges?|refunds?|care(?: instructions)?|washing|policies|policy|faq|contact|about (?:me|us|the shop)|kargo|teslimat|iade|değişim|bakım|yıkama|iletişim|hakkımda)\b\s*[:\-–]/iu;
/** Sentences about shipping, returns, washing, contact or wrapping: true, but no title, tag or material of the product. */
const POLICY_SENTENCE =
  /\b(?:ships?|shipping|shipped|dispatch(?:ed|es)?|delivery|deliver(?:ed)?|business days?|working days?|processing time|returns?|refunds?|exchanges?|message me|contact me|convo|questions|hand wash|wash (?:cold|warm|gently|by hand)|dry flat|tumble|dry clean|do not (?:bleach|iron|wash|tumble)|iron on low|comes (?:in|with) a|arrives in|packaged|wrapped in|gift[- ]wrapp?ed|gift ready)\b|kargo|iş günü|teslimat|iade|değişim|mesaj atın|bana yazın|elde yıkay|gönderilir|paketlenir|kesede|kutuda|kutusunda/iu;
/** A handmade piece's note that each one differs ("küçük farklılıklar olabilir", "each glaze is slightly different"): a note, said whole, never a tag. */
const VARIATION_NOTE = /farklılık(?:lar)? (?:olabilir|gösterebilir)|\bslight(?:ly)? (?:different|variations?)|\bmay vary\b|\bno two (?:are|will be) (?:alike|the same|identical)/iu;

/**
 * A description split into the part about the product and the shop's notes: shop-policy sections
 * (shipping, care, returns, contact) and sentences about delivery, washing or wrapping. The notes
 * are true and stay in the description, but never make a title phrase, a tag or a material, so
 * "Hand Wash Cold" or "3-5 Business" never reach a title and a velvet pouch never makes a bracelet
 * "velvet".
 */
export function splitDescription(text: string): { product: string; notes: string[] } {
  const kept: string[] = [];
  const notes: string[] = [];
  let inPolicy = false;
  for (const line of plainText(text).split(/\n/)) {
    if (!line.trim()) {
      inPolicy = false;
      continue;
    }
    const heading = POLICY_HEADING.exec(line);
    if (heading) inPolicy = true;
    if (inPolicy) {
      // "CARE: Hand wash cold" -> "Care: Hand wash cold"
      const body = heading ? line.slice(heading[0].length).trim() : line.trim();
      const label = heading ? heading[0].replace(/[:\-–]\s*$/u, "").trim() : "";
      const tidyLabel = label ? `${label.charAt(0).toLocaleUpperCase()}${label.slice(1).toLocaleLowerCase()}: ` : "";
      if (body) notes.push(`${tidyLabel}${body}`);
      continue;
    }
    const parts = line.split(/(?<=[.!?])\s+/);
    const product: string[] = [];
    for (const sentence of parts) {
      if (VARIATION_NOTE.test(sentence)) {
        notes.push(sentence.trim());
        continue;
      }
      if (!POLICY_SENTENCE.test(sentence)) {
        product.push(sentence);
        continue;
      }
      // A sentence that names the product first and ends with its care ("El örgüsü hırka, 2-3 yaş, elde
      // yıkayın.") keeps its product clauses; the care clauses become a note, so neither is lost nor said twice.
      const clauses = sentence.replace(/[.!?]+\s*$/u, "").split(/,\s+|;\s+/u);
      const at = clauses.findIndex((c) => POLICY_SENTENCE.test(c));
      if (at > 0 && clauses.slice(at).every((c) => POLICY_SENTENCE.test(c) || words(c).length <= 3)) {
        product.push(`${clauses.slice(0, at).join(", ")}.`);
        notes.push(clauses.slice(at).join(", ").trim());
      } else notes.push(sentence.trim());
    }
    if (product.length) kept.push(product.join(" "));
  }
  return { product: kept.join("\n"), notes };
}

/** The part of a description that is about the product (see splitDescription). */
export const productText = (text: string): string => splitDescription(text).product;

/** Markdown and HTML reduced to their words, so a seller's formatting never leaks into a title. */
export function plainText(text: string): string {
  return text
    .replace(/<[^<>]*>/g, " ")
    .replace(/!?\[([^[\]]*)\]\((?:[^()]|\([^()]*\))*\)/g, "$1")
    .replace(/^[ \t]*#{1,6}[ \t]+/gm, "")
    .replace(/#(?![\p{L}\p{N}])/gu, " ")
    .replace(/[*_`>~|•]+/g, " ")
    .replace(/[ \t]+/g, " ")
    .trim();
}

// ---- Noun phrases ------------------------------------------------------------------------------

const WARNING = /(?<![\p{L}])(?:not suitable for|warning:|choking hazard|keep (?:out of reach|away from)|uyarı:|uygun değildir)/iu;
const NEGATION = /\b(?:not|no|without|excludes?|excluding)\b|değil(?:dir)?|hariç|yoktur|(?:^|\s)yok(?=$|\s)/iu;

type PhraseKind = "noun" | "feature" | "colour" | "measure";

export interface Phrase {
  /** Tokens as the seller wrote them; a measure is one token ("18 inch"). */
  tokens: string[];
  kind: PhraseKind;
  /** The measure the phrase holds or is followed by, if any. */
  measure?: string;
  /** Index of the clause it came from (order of appearance). */
  clause: number;
}

interface Token {
  text: string;
  measure: boolean;
}

/** A measure as written, with a single space between number and unit and "x" for dimensions. */
function normaliseMeasure(m: string): string {
  return m
    .replace(/\s*[x×]\s*/giu, "x")
    .replace(/(\d)\s*"$/u, "$1 inch")
    .replace(/(\d)\s*(?=[\p{L}]+(?:\.? ?\p{L}+)?$)/u, "$1 ")
    .replace(/\s+/g, " ")
    .trim();
}

function tokenise(clause: string): Token[] {
  const out: Token[] = [];
  let last = 0;
  for (const match of clause.matchAll(MEASURE)) {
    // ("5G" of "Galaxy S21 5G", "300M" of "Seamaster Professional 300M": words of a name.)
    if (inName(clause, match.index ?? 0, match[0])) continue;
    for (const w of words(clause.slice(last, match.index))) out.push({ text: w, measure: false });
    out.push({ text: normaliseMeasure(match[0]), measure: true });
    last = (match.index ?? 0) + match[0].length;
  }
  for (const w of words(clause.slice(last))) out.push({ text: w, measure: false });
  return out;
}

/** Whether a phrase may end on this word: a noun, or a word the rules cannot tell from one. */
export function isNounLike(word: string, lang: Lang): boolean {
  const w = lower(word, lang);
  if (NOUNS.has(w) || nounCategory(w, lang)) return true;
  // Turkish "mat" (matte) describes; English "mat" is the thing ("yoga mat", "bath mat").
  if (lang !== "tr" && (w === "mat" || w === "mats")) return true;
  if (ADJECTIVES.has(w) || STOP.has(w) || FEATURE_ENDS.has(w)) return false;
  if (/^\d+$/.test(w)) return false;
  if (lang === "tr") {
    // ("kontrolü", "modülü", "protokolü": a noun ending in "l" with its possessive is a noun.)
    if (/(l[ıiuü]|s[ıiuü]z)$/u.test(w) && w.length > 4 && !/(?:kontrol|modül|protokol|panel|model|otel|sembol|tül)[üuıi]$/u.test(w)) return false; // sırlı, kokulu, esanslı: "with"; -sız: "without"
    if (/(?:[dt][ae]|[dt][ae]n|[dt][ıiuü]r)$/u.test(w) && w.length > 5) return false; // kavanozda, kutusunda, iplikten: a place, not a thing
    if (/(abil|ebil)[ıi]r$|[ıiuü]r$|d[ıi]r$|t[ıi]r$|m[ıi]ş$|m[ıi]z$/u.test(w) && w.length > 5) return false;
    return true;
  }
  if (/(?:ed|ly|ous|ful|able|ible|ive|ish|less)$/.test(w) && w.length > 4) return false;
  if (/(?:al|ic)$/.test(w) && w.length > 4) return false;
  return true;
}

/**
 * Turkish words that end a noun phrase rather than belong to one: verbs and participles
 * ("şekillendirildiği", "yapılan", "olabilir", "örülmüş") and words in the locative or ablative
 * case ("çarkta", "stüdyomda", "pamuktan"), which say where or from what, never what. A run that
 * crossed them would make a fragment such as "kupa çarkta şekillendirildiği".
 */
function breaksTurkishPhrase(word: string): boolean {
  const w = lower(word, "tr");
  if (w.length <= 4 || NOUNS.has(w) || FEATURE_ENDS.has(w) || COLOURS.has(w) || MATERIALS.includes(w) || THEMES.includes(w)) return false;
  if (nounCategory(w, "tr") || nounCategory(baseNoun(w, "tr"), "tr")) return false;
  if (/(?:[dt][ıiuü]ğ[ıiuü]|[dt][ıiuü]k[lr]|[yn]?[ae]n|m[ıiuü]ş|[ıiuü]yor|(?:abil|ebil)[ıi]r|[ae]c[ae]k|[dt][ıiuü]|[dt][ıiuü]r)$/u.test(w) && !/(?:lı|li|lu|lü|sı|si|su|sü)$/u.test(w)) {
    // -an/-en participles only from verb stems ("yapılan", "örülen"), not nouns ending in -an ("kazan", "mekan").
    if (/[yn]?[ae]n$/u.test(w) && !/(?:[ıiuü]l|[ıiuü]n|[dt][ıiuü]r)[ae]n$|(?:yan|yen)$/u.test(w)) return false;
    return true;
  }
  // (A noun that only ends like a place: "lavanta sabunu" is lavender soap, never "in lavender".)
  return /(?:[dt][ae]|[dt][ae]n)$/u.test(w) && w.length > 5 && !/^(?:lavanta|salata|karyola)$/u.test(w);
}

const isFeatureEnd = (word: string, lang: Lang) => FEATURE_ENDS.has(lower(word, lang));
const isColour = (word: string, lang: Lang) => COLOURS.has(lower(word, lang));

/**
 * Whole noun phrases of the text in order of appearance. A run of content tokens (a measure counts)
 * is cut at stop words and punctuation; leading words that only describe an action ("scented",
 * "glazed" before a preposition) fall away with single-word runs; trailing adjectives are trimmed
 * until the run ends on a noun, a colour, a measure or a feature word. Feature patterns such as
 * "editable in Canva" or "dishwasher safe" are kept whole.
 */
function nounPhrases(text: string, lang: Lang = detectLanguage(text)): Phrase[] {
  const out: Phrase[] = [];
  // (A list of sizes, "16, 18 or 20 inch", is one measure: its commas are kept from the split.)
  // (Nor is a name joined by "&", "Melissa & Doug", cut in two: it is read as one run.)
  const plain = plainText(text)
    .replace(DECIMAL_COMMA_RE, LIST_COMMA)
    .replace(SIZE_LIST_RE, (list) => list.replaceAll(",", LIST_COMMA))
    .replace(/(?<=\p{Lu}[\p{L}'’]*) & (?=\p{Lu})/gu, ` ${NAME_AND} `)
    .replace(LANGUAGES_AND, `$1${JOINED}$2${JOINED}`)
    .replace(COLOURS_AND, `$1${JOINED}$2${JOINED}`)
    .replace(SCENTS_AND, `$1${JOINED}$2${JOINED}`)
    .replace(SIDES_AND, `$1${JOINED}$2${JOINED}`)
    .replace(SIZES_AND, `$1${JOINED}$2${JOINED}`)
    .replace(CONNECTOR_TO, `$1${JOINED}$2${JOINED}`)
    .replace(/(?<![\p{L}\p{N}])f\/(?=\d)/gu, `f${APERTURE_SLASH}`)
    // (Nor does a fraction of an inch: "1/2 inch chuck".)
    .replace(/(?<![\p{L}\p{N}./])(\d{1,2})\/(?=\d{1,2} ?(?:inches|inch|in\.|in(?![\p{L}\p{N}])|"))/gu, `$1${APERTURE_SLASH}`)
    // (Nor does a radio's "FM/AM".)
    .replace(/(?<![\p{L}\p{N}/])(AM|FM|am|fm)\/(?=(?:AM|FM|am|fm)(?![\p{L}\p{N}/]))/gu, `$1${APERTURE_SLASH}`)
    // (Nor does a card's number in its set: "020/189".)
    .replace(/(?<![\p{L}\p{N}./])(\d{1,3})\/(?=\d{2,3}(?![\p{L}\p{N}/.]))/gu, `$1${APERTURE_SLASH}`);
  // A safety warning ("Not suitable for children under 3 years: small parts.") says what the item is not for: none of its words is a phrase of the listing.
  const clauses = plain
    .split(/(?<=[.!?\n])\s+/u)
    .map((sentence) => (WARNING.test(sentence) ? "" : sentence))
    .join(" ")
    .split(/[,;:!?()[\]{}"\n/&+|]+|\.(?=\s|$)|\s[-–—]\s/)
    .map((c) => c.replaceAll(LIST_COMMA, ",").replaceAll(` ${NAME_AND} `, " & ").replaceAll(APERTURE_SLASH, "/"));
  clauses.forEach((raw, clause) => {
    // What the product does not have or include is no phrase of the listing ("frame not included").
    if (NEGATION.test(raw)) return;
    let rest = raw.replace(/\bdishwasher and microwave safe\b/iu, (m) => {
      out.push({ tokens: words(m).slice(0, 1).concat("safe"), kind: "feature", clause });
      return "microwave safe";
    });
    for (const pattern of FEATURE_PATTERNS) {
      const m = pattern.exec(rest);
      if (m) {
        // A one-word feature before a noun describes it and stays in its phrase ("kids waterproof rain jacket"):
        // the part it describes has it, not the whole item ("waterproof liner" is no "Waterproof" dog bed).
        const after = rest.slice((m.index ?? 0) + m[0].length);
        const inPhrase = words(m[0]).length === 1 && /^\s+\p{L}/u.test(after);
        // A care feature of two words or more before a part, after the name's clause, is the part's: "…, nonstick dishwasher
        // safe basket" has a dishwasher-safe basket, not a dishwasher-safe air fryer; the feature keeps its part.
        const part = !inPhrase && clause > 0 && words(m[0]).length >= 2 ? /^\s+(\p{L}+(?: \p{L}+)?)\s*$/u.exec(after)?.[1] : undefined;
        // So is a part named before it in a later sentence ("Sepeti bulaşık makinesinde yıkanabilir", "The basket is
        // dishwasher safe"), unless it is the product's own noun ("The mug is dishwasher safe").
        const before = rest.slice(0, m.index ?? 0);
        const owner =
          !inPhrase && !part && clause > 0 && words(m[0]).length >= 2
            ? (lang === "tr" ? /^\s*(\p{L}+)\s+$/u : /^\s*(?:the |its |their )?(\p{L}+) (?:is|are) (?:also )?$/iu).exec(before)?.[1]
            : undefined;
        const name = out.find((p) => p.kind === "noun");
        const ownNoun = (w: string) => !!name && lower(name.tokens[name.tokens.length - 1], lang).slice(0, 4) === lower(w, lang).slice(0, 4);
        if (part && words(part).every((w) => !isStopWord(w) && isNounLike(w, lang))) {
          out.push({ tokens: [...words(m[0]), ...words(part)], kind: "feature", clause });
          rest = rest.replace(`${m[0]}${after}`, " , ");
        } else if (owner && !isStopWord(owner) && isNounLike(owner, lang) && !ownNoun(owner)) {
          out.push({ tokens: lang === "tr" ? [owner, ...words(m[0])] : [...words(m[0]), owner], kind: "feature", clause });
          rest = rest.replace(`${before}${m[0]}`, " , ");
        } else if (!inPhrase) {
          out.push({ tokens: featureWords(m[0]), kind: "feature", clause });
          rest = rest.replace(m[0], " , ");
        }
      }
    }
    for (const part of rest.split(" , ")) {
      // A describing word that is a clause by itself ("…, pre-seasoned, oven safe", "…, handmade, sold as a pair") says what the item is.
      if (lang === "en" && LONE_FEATURE.test(part.trim()) && !/^(?:pre-owned|well-used|pre-loved|non-returnable|non-refundable|non-exchangeable)$/iu.test(part.trim())) {
        out.push({ tokens: [part.trim()], kind: "feature", clause });
        continue;
      }
      // A Turkish describing word that is a clause by itself ("…, soğuk işlem, katkısız"): what the item is.
      if (lang === "tr" && LONE_FEATURE_TR.test(part.trim())) {
        out.push({ tokens: [part.trim()], kind: "feature", clause });
        continue;
      }
      // A standard it is certified to, as a clause ("MFi certified", "OEKO-TEX certified", "FSC certified").
      if (lang === "en" && CERTIFIED.test(part.trim())) {
        out.push({ tokens: words(part.trim()), kind: "feature", clause });
        continue;
      }
      let run: Token[] = [];
      const flush = () => {
        const phrase = trimRun(run, lang, clause);
        if (phrase) out.push(phrase);
        run = [];
      };
      const tokens = tokenise(part);
      for (const [i, token] of tokens.entries()) {
        // "up to" is a limit, never a phrase's word ("holds pots up to 20 cm" has no "Pots Up").
        const limit = !token.measure && /^up$/iu.test(token.text) && /^to$/iu.test(tokens[i + 1]?.text ?? "");
        // A small number right after a name with a capital is part of the name ("Air Max 90", "PlayStation 5"), not a count.
        // So is a small word written with a capital between two capitalised words ("Converse All Star", "The North Face").
        const capitalStop = /^\p{Lu}/u.test(token.text) && run.length > 0 && /^\p{Lu}/u.test(run[run.length - 1].text) && /^\p{Lu}/u.test(tokens[i + 1]?.text ?? "");
        // (A Turkish count of people or pieces opens its phrase: "4 kişilik kamp çadırı".)
        const counted = lang === "tr" && /^\d{1,2}$/.test(token.text) && /^(?:kişilik|parçalı|katlı|gözlü)$/iu.test(tokens[i + 1]?.text ?? "");
        const inName =
          counted ||
          capitalStop ||
          (/^\d{1,2}$/.test(token.text) && run.length > 0 && /^(?:\p{Lu}|i\p{Lu})/u.test(run[run.length - 1].text) && !/^(?:size|sizes|beden|no|nr|set|pack|lot)$/iu.test(run[run.length - 1].text));
        // A Turkish "-ebilir" word right before a noun describes it ("ayarlanabilir boy", adjustable size); at a clause's end it says what the item does.
        const describes =
          lang === "tr" && /(?:abil|ebil)[ıi]r$/u.test(token.text) && !!tokens[i + 1] && !tokens[i + 1].measure && isNounLike(tokens[i + 1].text, lang) && !breaksTurkishPhrase(tokens[i + 1].text);
        // "set" before "in" or "into" is a verb after a noun ("forget-me-nots set in resin"): no word of the phrase.
        const setIn = lang === "en" && run.length > 0 && /^set$/iu.test(token.text) && /^(?:in|into)$/iu.test(tokens[i + 1]?.text ?? "");
        // "ship" before a thing of a ship is a noun of the name ("brass ship lantern", "ship wheel"), not "ships in 2 days".
        const shipThing =
          lang === "en" &&
          /^ship$/iu.test(token.text) &&
          /^(?:lanterns?|lamps?|lights?|wheels?|bells?|models?|clocks?|compass(?:es)?|paintings?|prints?|figureheads?|portholes?|decor)$/iu.test(tokens[i + 1]?.text ?? "");
        // (Nor is "de" of a perfume's name: "eau de parfum", "eau de toilette".)
        const perfumeName = /^de$/iu.test(token.text) && /^eau$/iu.test(tokens[i - 1]?.text ?? "") && /^(?:parfum|toilette|cologne)$/iu.test(tokens[i + 1]?.text ?? "");
        // (Nor "based" of what a paint or an ink is made on: "water based paint", "plant based".)
        const basedOn = /^based$/iu.test(token.text) && /^(?:water|oil|plant|soy|alcohol|solvent|acrylic|gel|silicone)$/iu.test(tokens[i - 1]?.text ?? "");
        // (Nor "year" of an age: "100 year old San Francisco culture".)
        const yearsOld = /^years?$/iu.test(token.text) && /^\d{1,4}$/u.test(tokens[i - 1]?.text ?? "") && /^old$/iu.test(tokens[i + 1]?.text ?? "");
        if (
          !token.measure &&
          !inName &&
          !describes &&
          !shipThing &&
          !perfumeName &&
          !basedOn &&
          !yearsOld &&
          (limit || setIn || isStopWord(token.text) || /^\d{1,2}$/.test(token.text) || (lang === "tr" && breaksTurkishPhrase(token.text)))
        ) {
          flush();
          // A small count opens the phrase it counts ("3 colour modes", "31 grind settings"): the figure stays with it.
          // (Not a limit: "up to 10 letters" does not have 10 letters.)
          const limited = /^to$/iu.test(tokens[i - 1]?.text ?? "") && /^up$/iu.test(tokens[i - 2]?.text ?? "");
          // (Not a number of times: "charges a phone about 2 times" counts no thing.)
          if (
            lang === "en" &&
            !limited &&
            /^\d{1,2}$/.test(token.text) &&
            /^\p{Ll}/u.test(tokens[i + 1]?.text ?? "") &&
            !/^times$/u.test(tokens[i + 1]?.text ?? "") &&
            /s$/u.test(tokens[i + 2]?.text ?? tokens[i + 1]?.text ?? "")
          )
            run.push(token);
        } else {
          // "Dimensions 10 x 10 x 12 in", "180 cm wide": the label of a measure is no word of a phrase.
          if (token.measure && run.length === 1 && /^(?:dimensions?|measurements?|measures?|boyut(?:lar)?ı?|ölçü(?:ler)?i?)$/iu.test(run[0].text)) run = [];
          if (!token.measure && run[run.length - 1]?.measure && /^(?:wide|deep|high|tall|long|across)$/iu.test(token.text)) continue;
          run.push(token);
        }
      }
      flush();
    }
  });
  // A bare measure is the product's when it comes in the first sentence and the product has none
  // ("soy wax candle in an amber jar, 8 oz"), otherwise the measure of the phrase right before it.
  const sentenceEnd = plain.search(/\.(?=\s|$)|\n/);
  const firstSentenceClauses = sentenceEnd < 0 ? Infinity : plain.slice(0, sentenceEnd).split(/[,;:!?()[\]{}"\n/&+|]+|\s[-–—]\s/).length;
  const product = out.find((p) => p.kind === "noun" && categoryOfTokens(p.tokens, lang));
  for (let i = 1; i < out.length; i++) {
    if (out[i].kind !== "measure") continue;
    if (product && !product.measure && isSizeMeasure(out[i].tokens[0]) && out.indexOf(product) < i && out[i].clause < firstSentenceClauses) product.measure = out[i].tokens[0];
    // A share ("charges a MacBook to 50%") measures nothing of the noun before it.
    else if (out[i - 1].kind === "noun" && !out[i - 1].measure && out[i].clause - out[i - 1].clause <= 1 && !out[i].tokens[0].endsWith("%")) out[i - 1].measure = out[i].tokens[0];
  }
  for (const p of out) p.tokens = p.tokens.map((t) => t.replaceAll(JOINED, " "));
  return out;
}

/** Verbs a noun run can end on in prose ("what a winter evening needs"): the words before them are its subject, no phrase. */
const VERBS_3S = new Set(
  "needs makes feels looks keeps gives takes wants loves says goes comes brings lets helps means seems becomes deserves fires works runs operates functions spins ticks".split(" "),
);

/** Verbs a plural noun does ("raised edges protect the camera"): the phrase is the noun before them. */
const VERBS_AFTER_PLURAL = new Set("protect keep hold help let allow prevent stop reduce resist absorb".split(" "));

/** Turkish nouns that end as a "with" word does ("havlu", towel, is no "hav" + "lu"). */
const TR_NOUNS_IN_LI = /^(?:havlu|havlusu|havlular|havluları|bilgili|ilgili)$/u;

/** A word that says alone what the item is: "pre-seasoned", "hand stitched", "handmade", "non-slip", "lightweight". */
const LONE_FEATURE =
  /^(?:\p{L}{2,}-\p{L}{2,}ed|hand[- ]?(?:made|crafted|painted|stitched|knitted|woven|poured|dyed|forged|carved|thrown|sewn|blown|tooled|bound|lettered)|non-\p{L}{3,}|laser[- ](?:cut|engraved)|wooden|woollen|woolen|lightweight|waterproof|water-resistant|foldable|collapsible|reusable|portable|adjustable|breathable|stackable|rechargeable|cordless|dimmable|washable|unscented|stonewashed|prewashed|reversible|biodegradable|compostable)$/iu;

/** Turkish describing words that make a clause alone ("katkısız", additive-free; "parfümsüz", fragrance-free). */
const LONE_FEATURE_TR = /^(?:katkısız|koruyucusuz|parfümsüz|kokusuz|vegan|glutensiz|şekersiz|organik|katlanabilir|ayarlanabilir|şarj edilebilir|su geçirmez|kaymaz|el yapımı)$/iu;

/** A clause naming a standard the item is certified to: a capitalised name, then "certified" or "approved". */
const CERTIFIED = /^(?:\p{Lu}[\p{L}\d-]{0,11}|\p{Ll}\p{Lu}[\p{L}\d-]{0,10}|M[Ff]i)(?: \p{Lu}[\p{L}\d-]{0,11})? (?:certified|approved)$/u;

function trimRun(run: Token[], lang: Lang, clause: number): Phrase | undefined {
  if (lang === "en" && run.length >= 2 && VERBS_3S.has(run[run.length - 1].text.toLowerCase())) return undefined;
  const tokens = [...run];
  // A Turkish run that ends on a "with" word after a noun or a colour says what the item has, whole: "doğal turkuaz
  // taşlı" (with a natural turquoise stone), "lacivert beyaz çizgili" (navy and white striped), "lavanta esanslı".
  if (lang === "tr" && tokens.length >= 2) {
    const end = lower(tokens[tokens.length - 1].text, "tr");
    const before = tokens[tokens.length - 2];
    if (/[^aeıioöuü](?:lı|li|lu|lü)$/u.test(end) && end.length > 4 && !TR_NOUNS_IN_LI.test(end) && !before.measure && (isNounLike(before.text, lang) || isColour(before.text, lang)))
      return { tokens: tokens.map((t) => t.text), kind: "feature", clause };
  }
  if (lang === "en" && tokens.length >= 2 && VERBS_AFTER_PLURAL.has(tokens[tokens.length - 1].text.toLowerCase()) && /s$/iu.test(tokens[tokens.length - 2].text)) tokens.pop();
  while (tokens.length) {
    const last = tokens[tokens.length - 1];
    if (last.measure || isNounLike(last.text, lang) || isColour(last.text, lang) || isFeatureEnd(last.text, lang)) break;
    // A material said with its participle ends the phrase whole: "14k gold filled", "silver plated".
    if (tokens.length >= 2 && MATERIALS.includes(lower(`${tokens[tokens.length - 2].text} ${last.text}`, lang))) break;
    tokens.pop();
  }
  if (tokens.length === 0) return undefined;
  const texts = tokens.map((t) => t.text);
  const last = tokens[tokens.length - 1];
  const measure = tokens.find((t) => t.measure)?.text;
  if (tokens.length === 1 && last.measure) return { tokens: texts, kind: "measure", measure: last.text, clause };
  if (tokens.length === 1 && !nounCategory(lower(last.text, lang), lang)) {
    return isColour(last.text, lang) ? { tokens: texts, kind: "colour", clause } : undefined;
  }
  const kind: PhraseKind = isFeatureEnd(last.text, lang)
    ? "feature"
    : isColour(last.text, lang) && !isNounLike(last.text, lang)
      ? "colour"
      : isColour(last.text, lang) && tokens.length <= 3 && tokens.every((t) => isColour(t.text, lang) || ADJECTIVES.has(lower(t.text, lang)))
        ? "colour"
        : "noun";
  return { tokens: texts, kind, measure, clause };
}

export const phraseText = (p: Phrase) => p.tokens.join(" ");

/** A phrase with the measure that follows it ("burn time 45 hours"). */
export const phraseWithMeasure = (p: Phrase) => (p.measure && !p.tokens.includes(p.measure) ? `${p.tokens.join(" ")} ${p.measure}` : p.tokens.join(" "));

/** A measure of size, capacity or weight ("18 inch", "350 ml", "50x70 cm", "16 or 18 inch"), not a count ("120 pages") or a share ("100%"). */
export function isSizeMeasure(measure: string): boolean {
  return /^\d[\d.,x]*(?:(?:, ?|,? (?:or|and|ve|veya) )\d[\d.,x]*)*\s?(?:inches|inch|in\.|cm|mm|ml|fl\.? ?oz|oz|ounces?|qt|quarts?|pt|pints?|gal|gallons?|l|lt|litres?|liters?|g|gr|gram|grams|kg|lbs?|ft|feet|m|metres?|meters?|mt)$/iu.test(
    measure,
  );
}

// ---- Categories --------------------------------------------------------------------------------

const NOUN_INDEX: Record<Lang, Map<string, CategoryId>> = { en: new Map(), tr: new Map() };
for (const model of CATEGORIES) {
  for (const lang of ["en", "tr"] as const) for (const noun of model.nouns[lang]) if (!NOUN_INDEX[lang].has(noun)) NOUN_INDEX[lang].set(noun, model.id);
}
/**
 * Nouns of the other language that are words of this one with another sense: a listing in English with a
 * "model 1252180" is no "model" (Turkish for a knitting pattern), a gift "for mum" no "mum" (a candle),
 * a "body lotion" no "body" (a baby's bodysuit). Any other noun of the other language still names its
 * product ("amigurumi", "makrome" in an English listing, "sweatshirt" in a Turkish one).
 */
const FALSE_FRIENDS: Record<Lang, ReadonlySet<string>> = {
  en: new Set(["model", "modeli", "modelleri", "body", "mum", "mumu", "mumlar", "roman", "pike", "set", "seti", "peeling", "kart", "tablo", "resim"]),
  tr: new Set(),
};

/** A Turkish noun without its possessive suffix when the bare noun is known ("kupası" -> "kupa", "mumu" -> "mum"). */
export function baseNoun(word: string, lang: Lang): string {
  if (lang !== "tr") return word;
  for (const suffix of ["sı", "si", "su", "sü", "ı", "i", "u", "ü"]) {
    if (word.endsWith(suffix)) {
      const base = word.slice(0, -suffix.length);
      if (base.length >= 3 && NOUN_INDEX.tr.has(base)) return base;
    }
  }
  // "yatağı" is "yatak" with its last consonant softened; a word that is no known noun stays as written ("kedi yatağı", not "kedi yatakı").
  const softened = word.replace(/ğ([ıiuü])$/u, "k$1");
  if (softened !== word) {
    const base = baseNoun(softened, lang);
    if (base !== softened) return base;
  }
  return word;
}

/** The category a (lower-case) noun or two-word noun names, if any. */
export function nounCategory(noun: string, lang: Lang = "en"): CategoryId | undefined {
  const word = lower(noun, lang);
  const other = lang === "en" ? "tr" : "en";
  return NOUN_INDEX[lang].get(word) ?? (FALSE_FRIENDS[lang].has(word) ? undefined : NOUN_INDEX[other].get(word));
}

/** Nouns that say what the product is for rather than what it is: they decide only when nothing else does. */
const GENERIC = new Set<CategoryId>(["digital", "jewelry", "other"]);
/** Nouns that win over any other noun of the phrase: a pattern for a cardigan is a pattern. */
const DECISIVE: CategoryId[] = ["music", "pattern", "invitation", "planner", "sticker", "ornament"];

/** Two words that name a part of a device, whose second word alone would name a product: a lens's "focus ring" is no ring, its "rear caps" no hats. */
const DEVICE_PARTS = new Set([
  "focus ring",
  "aperture ring",
  "zoom ring",
  "o-ring",
  "o-rings",
  "d-ring",
  "d-rings",
  "ring light",
  "lens cap",
  "lens caps",
  "rear cap",
  "rear caps",
  "front cap",
  "front caps",
  "body cap",
  "end cap",
  "end caps",
]);
/** Whether the token at `i` is a word of a device's part ("ring" of "focus ring"). */
const inDevicePart = (tokens: string[], i: number, lang: Lang) => {
  // (The last word of a joined pair before it: "rear" of "front and rear caps".)
  const before = i > 0 ? tokens[i - 1].split(/[\s\u034f]/u).pop() : undefined;
  return (!!before && DEVICE_PARTS.has(lower(`${before} ${tokens[i]}`, lang))) || (i + 1 < tokens.length && DEVICE_PARTS.has(lower(`${tokens[i]} ${tokens[i + 1]}`, lang)));
};

function categoryOfTokens(tokens: string[], lang: Lang): { id: CategoryId; index: number; words: number } | undefined {
  const found: { id: CategoryId; index: number; words: number }[] = [];
  for (let i = 0; i < tokens.length; i++) {
    if (inDevicePart(tokens, i, lang)) continue;
    const two = i + 1 < tokens.length ? nounCategory(`${tokens[i]} ${tokens[i + 1]}`, lang) : undefined;
    if (two) found.push({ id: two, index: i + 1, words: 2 });
    const one = nounCategory(tokens[i], lang);
    // The second word of a two-word noun is not a noun of its own ("chart" of "seating chart" is no stitch chart).
    const inTwo = found.some((f) => f.words === 2 && f.index === i);
    if (one && !two && !inTwo) found.push({ id: one, index: i, words: 1 });
  }
  if (!found.length) return undefined;
  for (const id of DECISIVE) {
    const hits = found.filter((f) => f.id === id);
    if (hits.length) return hits[hits.length - 1];
  }
  const specific = found.filter((f) => !GENERIC.has(f.id));
  const pool = specific.length ? specific : found;
  return pool.reduce((a, b) => (b.index >= a.index ? b : a));
}

export interface ProductReading {
  lang: Lang;
  /** The product as the seller named it, e.g. "Dainty gold filled paperclip chain necklace". */
  phrase: Phrase | undefined;
  /** The noun the product is named with, e.g. "necklace". */
  head: string;
  category: CategoryModel;
  digital: boolean;
  /** Every noun phrase of the description, the product's first. */
  phrases: Phrase[];
  /** Measures in order, each once. */
  measures: string[];
  /** The product's own size: its phrase's measure, else the first size measure of the first sentence ("18 inch"). */
  size?: string;
  /** Materials named, longest form first. */
  materials: string[];
  themes: string[];
  /** "XS to 3XL", "S-XL", "one size" when the description says so. */
  sizes?: string;
  handmade: boolean;
}

const SIZE_RANGE =
  /\bsizes?\s+((?:\d?X{0,3}[SML]|X{1,3}L|\d{1,2})\s*(?:to|-|–)\s*(?:\d?X{0,3}[SML]|X{1,3}L|\d{1,2}))\b|\b((?:X{0,3}[SML]|X{1,3}L)\s*-\s*(?:\d?X{0,3}[SML]|X{1,3}L))\s+beden\b|\b(one size(?: fits most)?|tek beden)\b/iu;
const HANDMADE =
  /\bhand[- ]?(?:made|knit|knitted|crafted|painted|printed|stitched|sewn|thrown|stamped|poured|dyed|rolled|carved|woven)\b|\bcrochet(?:ed)?\b|(?:^|[^\p{L}])(?:el (?:yapımı|örgüsü|işi)|elde)(?=$|[^\p{L}])/iu;

const cache = new Map<string, ProductReading>();

const PACKAGING_EN = new Set([
  "box",
  "boxes",
  "pouch",
  "pouches",
  "envelope",
  "envelopes",
  "packaging",
  "package",
  "wrapping",
  "wrap",
  "tissue",
  "sleeve",
  "bag",
  "bags",
  "card",
  "cards",
  "mailer",
  "tube",
]);
const PACKAGING_TR = /^(?:kutu|kutus[ıu]|kese|kesesi|poşet|poşeti|zarf|zarfı|ambalaj|ambalajı|paket|paketi|torba|torbası)$/u;
const PACKAGING_LEAD = /^(?:gift|kraft|jewelry|jewellery|organza|cotton|velvet|linen|paper|cardboard|recycled|eco|eco-friendly|branded|hediye|karton|kraft)$/iu;

/**
 * Whether a noun phrase names the packaging ("kraft box", "gift box", "organza pouch", "hediye
 * kutusu"): a wrapping noun after a packaging word, or a bare wrapping noun that is not the product.
 */
function isPackaging(tokens: string[], lang: Lang): boolean {
  const last = lower(tokens[tokens.length - 1] ?? "", lang);
  const before = tokens.length > 1 ? lower(tokens[tokens.length - 2], lang) : "";
  if (lang === "tr") return PACKAGING_TR.test(last) && (tokens.length === 1 || PACKAGING_LEAD.test(before));
  if (!PACKAGING_EN.has(last)) return false;
  if (["card", "cards", "sleeve", "bag", "bags", "tube"].includes(last))
    return PACKAGING_LEAD.test(before) && before.toLowerCase() !== "paper" && before.toLowerCase() !== "cotton" && before.toLowerCase() !== "linen" && before.toLowerCase() !== "velvet";
  return tokens.length === 1 || PACKAGING_LEAD.test(before);
}

/** Everything the composer and the enforcer need to know about a product description, read once. */
/** A Turkish name's leading compatibility ("iPhone 15 uyumlu ", "AirPods Pro 2 ile uyumlu "). */
const FITS_FIRST = /^\s*(?:[\p{Lu}\d]|i\p{Lu})[\p{L}\p{N}'’.+-]*(?: [\p{L}\p{N}'’.+-]+){0,5}? (?:ile )?uyumlu\s+(?=\p{L})/u;

/**
 * An edition, not an art print: "1981 Türkiye baskısı", "ilk baskı", "orijinal baskı" of a record or a book
 * says when and where it was pressed; its "baskı" never makes the product a poster.
 */
const EDITION = /(?<![\p{L}\p{N}])(?:\d{4}|ilk|orijinal|yerli|türkiye|avrupa|alman|almanya|japon|japonya|ingiltere|abd|amerika|fransa|italya) baskı(?:sı)?(?![\p{L}])/giu;

/** The text without its editions ("1981 Türkiye baskısı"): what is left names the product's kind. */
export const withoutEditions = (text: string) => text.replace(EDITION, "");

export function readProduct(text: string, keywords: string[] = []): ProductReading {
  const key = `${text}\u0000${keywords.join("\u0001")}`;
  const hit = cache.get(key);
  if (hit) return hit;
  const reading = readProductOnce(withoutEditions(text), keywords.map((k) => withoutEditions(k).trim()).filter(Boolean));
  if (cache.size > 200) cache.clear();
  cache.set(key, reading);
  return reading;
}

/** A part named bare, or by its connector ("case", "USB-C case", "Lightning cable"): a part of the named thing before it. */
const barePart = (tokens: string[]) => tokens.length === 1 || (tokens.length === 2 && /^(?:usb-c|usb|lightning|magsafe|wireless|charging)$/iu.test(tokens[0]));

function readProductOnce(text: string, keywords: string[]): ProductReading {
  const lang = detectLanguage(text);
  // "AirPods Pro 2 ile uyumlu silikon kılıf": what it fits leads a Turkish name; the product follows it (decision 0063).
  const about = (productText(text) || plainText(text)).replace(FITS_FIRST, "");
  const phrases = nounPhrases(about, lang);
  // Wear is never the product: "ring wear" on a record's sleeve is no ring, "a small dent" no product.
  // (Nor is what the wear is on: "some sticker wear" on a toy car is no sticker.)
  const worn = (p: Phrase) =>
    p.tokens.join(" ").length <= 60 &&
    new RegExp(`(?<![\\p{L}])${escapeRegExp(p.tokens.join(" "))} (?:wear|damage|marks?|scratch(?:es)?|scuffs?|fading|peeling|residue|stains?|tears?|chips?|cracks?|yellowing)(?![\\p{L}])`, "iu").test(
      plainText(about),
    );
  let productIndex = phrases.findIndex((p) => p.kind === "noun" && categoryOfTokens(p.tokens, lang) && !isConditionPhrase(p.tokens.join(" ")) && !worn(p));
  let found = productIndex >= 0 ? categoryOfTokens(phrases[productIndex].tokens, lang) : undefined;
  // "Leather conditioner for boots, bags and saddles", "Linen spray for pillows": what the product is for is
  // not the product; the first sentence's noun before "for" is, even with no category of its own (decision 0063).
  if (productIndex > 0) {
    const first = phrases.findIndex((p) => p.kind === "noun");
    const use = escapeRegExp(phrases[productIndex].tokens.join(" "));
    if (
      first >= 0 &&
      first < productIndex &&
      phrases[first].clause === 0 &&
      use.length <= 80 &&
      // "Ninja AF101 air fryer, 4 quart, 1550 watts, nonstick dishwasher safe basket", "Philips Airfryer XL HD9270/90, 6,2
      // litre, …, bulaşık makinesinde yıkanabilir sepet": a bare noun two clauses after the seller's opening name is a part
      // of what that name names, in either language.
      // (Not a book's binding: "Dune by Frank Herbert, Ace 1990, paperback" is a paperback, never "Frank Herbert".)
      ((found?.id !== "book" && barePart(phrases[productIndex].tokens) && phrases[productIndex].clause >= 2 && phrases[first].tokens.length >= 2 && /^\p{Lu}/u.test(phrases[first].tokens[0])) ||
        // "…, taşıma çantası dahil", "… kılıfı ile birlikte": what comes with it in Turkish is not the product either.
        (lang === "tr" && new RegExp(`${use} (?:da |de )?(?:dahil|dahildir|hediye|hediyedir|ile birlikte(?![\\p{L}])|ile(?=\\s*(?:[.,;!]|$)))(?![\\p{L}])`, "iu").test(plainText(about))) ||
        (lang === "en" &&
          (new RegExp(`(?:^|[^\\p{L}])for (?:the |a |an |your |all )?(?:[\\p{L}-]+(?:, | and | or | & )){0,4}${use}(?![\\p{L}])`, "iu").test(plainText(about)) ||
            // "Linen tea towel with a lavender print": what the product has is not the product either (decision 0069).
            new RegExp(`(?:^|[^\\p{L}])with (?:a |an |the )?(?:[\\p{L}-]+ ){0,2}${use}(?![\\p{L}])`, "iu").test(plainText(about)) ||
            // "GoPro HERO9 action camera with 2 batteries, 64GB microSD card and chest mount": nor the things of a list it comes with.
            new RegExp(`(?:^|[^\\p{L}])with [^.;:]{0,80}?(?:,| and| &) (?:a |an |the |its )?(?:[\\p{L}\\p{N}-]+ ){0,2}${use}(?![\\p{L}])`, "iu").test(plainText(about)) ||
            // "Includes carrying case and 3.5 mm cable", "Some brassing on the top plate": what comes in the box, and the
            // part a flaw is on, are not the product either.
            new RegExp(
              `(?:^|[^\\p{L}])(?:includes?|including|comes with|come with|plus|on|near|to|at|under|inside|around|along) (?:a |an |the |its |each )?(?:[\\p{L}-]+ ){0,2}${use}(?![\\p{L}])`,
              "iu",
            ).test(plainText(about)) ||
            // "Activity cube, 5 sides of play: bead maze, shape sorter, clock": an item of a list after a colon is one of its parts.
            new RegExp(`:[^.;:]{0,160}?(?:^|[^\\p{L}])(?:a |an |the )?(?:[\\p{L}-]+ ){0,2}${use}(?![\\p{L}])`, "iu").test(
              plainText(about).slice(plainText(about).indexOf(phrases[first].tokens[phrases[first].tokens.length - 1])),
            ) ||
            // "Recipe book included", "batteries not included": what is said to come with the item, or not, is not the item.
            new RegExp(`(?:^|[^\\p{L}])${use} (?:is |are )?(?:also |not )?included(?![\\p{L}])`, "iu").test(plainText(about)) ||
            // "Includes USB-C to USB-C cable and travel pouch": the last of a list of what comes in the box.
            new RegExp(`(?:^|[^\\p{L}])(?:includes?|including|comes with|come with) [^.;:]{0,80}?(?:,| and| &) (?:a |an |the |its )?(?:[\\p{L}-]+ ){0,2}${use}(?![\\p{L}])`, "iu").test(
              plainText(about),
            ))))
    ) {
      productIndex = first;
      found = { id: "other", index: lastWordAt(phrases[first].tokens), words: 1 };
    }
  }
  // "Türk kahvesi makinesi, 4 fincan kapasiteli", "kettle, 1.7 litre, 6 cups": a count of cups is a capacity, not the product.
  if (productIndex > 0 && found?.id !== "other") {
    const first = phrases.findIndex((p) => p.kind === "noun");
    const counted = escapeRegExp(phrases[productIndex].tokens[0] ?? "");
    if (first >= 0 && first < productIndex && phrases[first].clause === 0 && counted && new RegExp(`(?<![\\p{L}\\p{N}])\\d+\\s?-?\\s?${counted}(?![\\p{L}])`, "iu").test(plainText(about))) {
      productIndex = first;
      found = { id: "other", index: lastWordAt(phrases[first].tokens), words: 1 };
    }
  }
  // "Vintage Omega Seamaster automatic, cal. 565, 1968, 35mm steel case": a watchmaker's piece named by its model; the
  // case, dial or bracelet a later clause names is a part of it (decision 0091).
  if (productIndex > 0) {
    const first = phrases.findIndex((p) => p.kind === "noun");
    const named = first >= 0 ? phrases[first].tokens : [];
    const part = lower(phrases[productIndex].tokens[phrases[productIndex].tokens.length - 1] ?? "", lang);
    if (
      first < productIndex &&
      phrases[first]?.clause === 0 &&
      named.some((t, i) => isWatchMaker(t) || isWatchMaker(`${t} ${named[i + 1] ?? ""}`)) &&
      /^(?:case|dial|bezel|crystal|bracelet|strap|band|movement|caliber|calibre|crown|kasa|kadran|kordon)$/u.test(part)
    ) {
      productIndex = first;
      found = { id: "other", index: lastWordAt(named), words: 1 };
    }
  }
  /** The product's noun when it stands outside every noun phrase ("Brass, adjustable." with the keyword "ring"). */
  let looseNoun: string | undefined;
  /** The keyword that names it, if any ("Brass Ring"): the product's name, with the text's describing words before it. */
  let looseFrom: string | undefined;
  if (productIndex < 0) {
    // The product noun may be a single word on its own ("Mug") or inside a keyword.
    // A noun of a kind ("ring") wins over a family word ("jewelry" of a tag "brass jewelry"), wherever each stands.
    // (Not a part a feature names: "dishwasher safe basket" has a basket, it is none.)
    // (Nor what the wear is on: "sticker" of "some sticker wear".)
    const parts = phrases.filter((p) => p.kind === "feature" || worn(p) || isConditionPhrase(p.tokens.join(" "))).reduce((rest, p) => rest.replace(p.tokens.join(" "), " "), plainText(text));
    const partWords = words(parts);
    const scan = [
      ...partWords.map((w, i) => ({ w, from: undefined as string | undefined, part: inDevicePart(partWords, i, lang) })),
      ...keywords.flatMap((k) => words(k).map((w, i, all) => ({ w, from: k, part: inDevicePart(all, i, lang) }))),
    ];
    for (const { w, from, part } of scan) {
      const id = part ? undefined : nounCategory(w, lang);
      if (id && (!found || (GENERIC.has(found.id) && !GENERIC.has(id)))) {
        found = { id, index: 0, words: 1 };
        looseNoun = lower(w, lang);
        looseFrom = from;
        if (!GENERIC.has(id)) break;
      }
    }
    productIndex = phrases.findIndex((p) => p.kind === "noun" && p.tokens.length >= 2);
  }
  // "Pirinç unu ile yapılmış glutensiz kurabiye": what a Turkish product is made with is its material; the noun after it is the product.
  if (productIndex >= 0 && lang === "tr") {
    const made = phrases[productIndex];
    const next = phrases.findIndex((p, i) => i > productIndex && p.kind === "noun" && p.clause === made.clause);
    const said = escapeRegExp(made.tokens.join(" "));
    if (
      next > productIndex &&
      said.length <= 80 &&
      new RegExp(`${said} ile (?:yapılmış|yapılan|yapıldı|hazırlanmış|hazırlanan|üretilmiş|üretilen|örülmüş|örülen|dikilmiş|dikilen|boyanmış|boyanan)(?![\\p{L}])`, "iu").test(plainText(about))
    ) {
      productIndex = next;
      const kind = categoryOfTokens(phrases[next].tokens, lang);
      if (kind || found) found = kind ?? { id: "other", index: phrases[next].tokens.length - 1, words: 1 };
    }
  }
  let phrase = productIndex >= 0 ? phrases[productIndex] : undefined;
  if (!phrase) {
    const first = words(plainText(text))
      .filter((w) => !isStopWord(w))
      .slice(0, 4);
    if (first.length) phrase = { tokens: first, kind: "noun", clause: 0 };
  }
  // Words without the product's noun ("Brass, adjustable." with the keyword or title "ring") are not the
  // product: its noun is, after their describing words ("brass adjustable ring"); else the product's name would be
  // "brass adjustable" and its family word ("brass jewelry") would lead the tags and the description.
  if (looseNoun && found && !GENERIC.has(found.id) && phrase && !phrase.tokens.some((t) => lower(t, lang) === looseNoun)) {
    const named = looseFrom ? words(looseFrom).slice(0, words(looseFrom).findIndex((w) => lower(w, lang) === looseNoun) + 1) : [looseNoun];
    const namedLower = named.map((w) => lower(w, lang));
    // Only the words that describe a product go before its noun ("brass", "adjustable"; not "holds" or "ml").
    // A name written with a capital inside the phrase ("Vintage Pyrex") is a brand: it stays too.
    const describing = phrase.tokens.filter(
      (t, i) => !namedLower.includes(lower(t, lang)) && (describesProduct(t, lang) || /(?:able|ible|ed)$/u.test(lower(t, lang)) || (i > 0 && /^\p{Lu}\p{Ll}/u.test(t))),
    );
    // A material stands next to the noun ("adjustable brass ring"), as a shopper types it.
    const isMaterial = (t: string) => MATERIALS.includes(lower(t, lang));
    const tokens = [...describing.slice(0, 3).filter((t) => !isMaterial(t)), ...describing.slice(0, 3).filter(isMaterial), ...named];
    const replaced = phrases.indexOf(phrase);
    if (replaced >= 0) phrases.splice(replaced, 1);
    phrase = { tokens, kind: "noun", clause: phrase.clause };
    productIndex = -1;
    found = found ? { ...found, index: tokens.length - 1 } : found;
  }
  // A noun found outside the product's phrase ("set" of "…napkins, set of 4") gives no position in it: the phrase's
  // own noun is its last word that is no measure ("Kaymaz yoga matı 183x61 cm" is a "yoga matı"; decision 0069).
  if (looseNoun && productIndex >= 0 && phrase && found) {
    const at = phrase.tokens.map((t) => lower(t, lang)).lastIndexOf(looseNoun);
    found = { ...found, index: at >= 0 ? at : lastWordAt(phrase.tokens), words: 1 };
  }
  if (phrase && phrase.tokens.length > 7) phrase = { ...phrase, tokens: phrase.tokens.slice(-7) };
  // How the product is wrapped ("gift ready in a kraft box") is for the description, never a title or tag phrase.
  const others = phrases.filter((p) => p !== phrases[productIndex] && !(p.kind === "noun" && isPackaging(p.tokens, lang)));
  const ordered = phrase ? [phrase, ...others] : others;

  let id: CategoryId = found?.id ?? "other";
  const productWords = (phrase?.tokens ?? []).map((t) => lower(t, lang));
  const headAt = found ? Math.min(found.index, (phrase?.tokens.length ?? 1) - 1) : 0;
  const headToken = phrase && found && productIndex >= 0 ? phrase.tokens.slice(Math.max(0, headAt - found.words + 1), headAt + 1).join(" ") : undefined;
  if (productWords.some((w) => ["baby", "newborn", "bebek", "yenidoğan"].includes(w)) && id !== "toy") id = "baby";
  else if (productWords.some((w) => ["wedding", "düğün", "nikah"].includes(w)) && ["decor", "other", "digital", "accessories", "jewelry"].includes(id)) id = "wedding";
  else if (productWords.some((w) => ["dog", "cat", "pet", "puppy", "köpek", "kedi"].includes(w)) && ["accessories", "other", "decor", "ceramics", "kitchen"].includes(id)) id = "pet";
  const category = categoryModel(id);

  const plainLower = lower(` ${about} `, lang);
  const has = (term: string) => new RegExp(`(?:^|[^\\p{L}\\p{N}])${escapeRegExp(term)}(?=$|[^\\p{L}\\p{N}])`, "u").test(plainLower);
  const materials: string[] = [];
  for (const m of MATERIALS) if (has(m) && !materials.some((f) => f.includes(m))) materials.push(m);
  // A record's title names no theme ("The Dark Side of the Moon" is no moon motif).
  const themes = found?.id === "music" ? [] : THEMES.filter((t) => has(t));
  const measures = [...new Set(phrases.flatMap((p) => (p.measure ? [p.measure] : [])))];
  const sizeMatch = SIZE_RANGE.exec(plainText(text));
  const sizes = sizeMatch ? (sizeMatch[1] ?? sizeMatch[2] ?? sizeMatch[3]).replace(/\s*(?:to|–)\s*/iu, "-").replace(/\s*-\s*/, "-") : undefined;

  const reading: ProductReading = {
    lang,
    phrase,
    head: watchCase(plainText(about), phrase, lang) ?? baseNoun(headToken ? lower(headToken, lang) : phrase ? ownNoun(phrase.tokens, lang) : "", lang),
    category,
    // Its words say it is a file, or its noun is a file's (a planner, a pattern) with no word of a shipped thing or a material.
    digital: readDigital(text, keywords).digital || (category.digital === true && !PHYSICAL.test(text) && (category.id === "pattern" || materials.length === 0)),
    phrases: ordered,
    measures,
    size: phrase?.measure && isSizeMeasure(phrase.measure) ? phrase.measure : firstSentenceSize(text),
    materials: materials.slice(0, 3),
    themes: themes.slice(0, 3),
    sizes,
    handmade: HANDMADE.test(plainText(text)),
  };
  return reading;
}

/**
 * A watch's case is a part of the watch that the same clause names first, with its size or series between ("Apple
 * Watch Series 7 GPS 45mm midnight aluminium case with sport band"): the product is the watch (decision 0086). A
 * "watch case" or a "watch storage case" is a box.
 */
function watchCase(text: string, phrase: Phrase | undefined, lang: Lang): string | undefined {
  const last = phrase ? lower(phrase.tokens[phrase.tokens.length - 1] ?? "", lang) : "";
  if (last !== "case" && last !== "kasa") return undefined;
  return /(?<![\p{L}])(?:smart ?watch|watch|akıllı saat|saat)(?![\p{L}])[^,.;:!?\n]{0,80}?\d[^,.;:!?\n]{0,60}?(?<![\p{L}])(?:case|kasa)(?![\p{L}])/iu
    .exec(text)?.[0]
    .match(/^(?:smart ?watch|watch|akıllı saat|saat)/iu)?.[0]
    .toLowerCase();
}

/** The position of a phrase's last word that is no measure or number ("matı" of "Kaymaz yoga matı 183x61 cm"). */
function lastWordAt(tokens: string[]): number {
  let at = tokens.length - 1;
  while (at > 0 && /^\d|^(?:set|pack|pair|box|lot|bundle) of \d|^\d+'?(?:li|lı|lu|lü) /iu.test(tokens[at])) at--;
  // A device's generation is no noun of it ("Kindle Paperwhite 11th generation", "iPad Air 4. nesil"; decision 0086).
  if (at > 1 && /^(?:generation|gen|nesil)$/iu.test(tokens[at]) && /^\d{1,2}(?:st|nd|rd|th|\.)?$/iu.test(tokens[at - 1])) at -= 2;
  return at;
}

/** Turkish describing endings ("kaymaz", "desenli", "dokuması"): such a word starts no compound noun. */
const TR_DESCRIBING = /(?:l[ıiuü]|s[ıiuü]z|maz|mez|[ıiuü])$/u;

/**
 * The noun a phrase with no category word ends on, lower case: its last word that is no measure, and in
 * Turkish the compound it closes ("yoga matı", "çamaşır sepeti", "turta kalıbı": a noun before a noun with its
 * possessive ending), never after a describing word or a colour ("Kaymaz", "desenli"; decision 0069). A possessive whose
 * bare noun stands alone ("önlüğü", "tepsisi") stays that noun.
 */
function ownNoun(tokens: string[], lang: Lang): string {
  const at = lastWordAt(tokens);
  const last = lower(tokens[at] ?? "", lang);
  // A possessive whose bare noun stands alone ("önlüğü" → "önlük", "tepsisi" → "tepsi") is read as that noun, as before.
  if (lang !== "tr" || at < 1 || !/(?:s?[ıiuü])$/u.test(last) || baseNoun(last, lang) !== last) return last;
  const before = lower(tokens[at - 1], lang);
  // (A possessive after a material names a compound too: "pirinç unu" is rice flour.)
  if (/^\d/u.test(before) || TR_DESCRIBING.test(before) || COLOURS.has(before) || isStopWord(before)) return last;
  return `${before} ${last}`;
}

/** The first size measure of the first sentence, if any. */
function firstSentenceSize(text: string): string | undefined {
  const first = sentences(text)[0] ?? "";
  for (const m of first.matchAll(MEASURE)) {
    const measure = normaliseMeasure(m[0]);
    if (isSizeMeasure(measure)) return measure;
  }
  return undefined;
}

const PHYSICAL = /\b(kit|ships?|shipped|shipping|physical)\b|kargo|kit\b/iu;

/**
 * A product sold as a file: the words of shared/listings/digital.ts, or a file's noun (a planner, a
 * pattern) with nothing shipped. The fact sheet (shared/facts) reads the same (decision 0038).
 */
export function isDigitalProduct(text: string, keywords: string[] = []): boolean {
  return readProduct(text, keywords).digital;
}

/** The product as the seller named it (at most `maxWords` words ending on its noun). */
export function productPhrase(text: string, maxWords = 6): string {
  const phrase = readProduct(text).phrase;
  return phrase ? phrase.tokens.slice(-maxWords).join(" ") : "";
}

/** The product's noun, lower-case, e.g. "necklace". */
export function headNoun(text: string): string {
  return readProduct(text).head;
}

/** Second halves of Turkish compounds: "el yapımı", "el örgüsü", "tığ işi". */
const COMPOUND_SECOND = new Set(["yapımı", "örgüsü", "işi", "boyası", "baskı", "geçirmez", "özel", "print", "pattern", "design", "motif"]);

/** The longest tail of a phrase within `max` characters. */
export function longestTail(tokens: string[], max: number, lang: Lang = "en"): string[] | undefined {
  for (let start = 0; start < tokens.length; start++) {
    const tail = tokens.slice(start);
    // A Turkish tail never starts on a word in a place case ("iplikten | el örgüsü").
    if (lang === "tr" && start < tokens.length - 1 && !isNounLike(tokens[start], lang) && /(?:[dt][ae]n?)$/u.test(tokens[start])) continue;
    // Never cut a number from its noun ("925 | ayar") or a compound from its first half ("tığ | işi", "rose | print", "su | geçirmez").
    if (start > 0 && (/^\d+$/.test(tokens[start - 1]) || COMPOUND_SECOND.has(tokens[start].toLocaleLowerCase("tr")))) continue;
    if (isStopWord(tokens[start])) continue;
    if (tail.join(" ").length <= max) return tail;
  }
  return undefined;
}

// ---- Casing ------------------------------------------------------------------------------------

// ("de" of a name from French: "Eau de Parfum", "Fleur de Lis".)
const SMALL_EN = new Set(["a", "an", "the", "and", "or", "for", "of", "with", "in", "on", "to", "by", "at", "as", "de"]);
const SMALL_TR = new Set(["ve", "ile", "veya", "de", "da"]);
/** Acronyms a title writes in capitals however the seller typed them. */
const ALWAYS_UPPER = new Set(["dpi", "jpg", "jpeg", "png", "pdf", "svg", "eps", "dxf", "usb", "hdmi", "diy", "eva", "bpa", "pvc", "mdf"]);
/** Unit abbreviations stay lower-case in a title: "350 ml", "50x70 cm", "11 oz". */
const UNITS_LOWER = new Set(["ml", "cm", "mm", "oz", "qt", "pt", "gal", "g", "gr", "kg", "lb", "lbs", "gsm", "l", "lt", "ct", "m", "ft", "fl"]);

/**
 * Whether a word shouts: four or more capital letters in a row. Acronyms of up to three letters
 * (DIY, SVG, USA, XL) do not, nor does a model code with its figures ("KSM150PSER", "WH-1000XM5").
 */
function isShoutingWord(word: string): boolean {
  return /\p{Lu}{4,}/u.test(word) && !ACRONYMS.has(word) && !isModelCode(word);
}

/** Four-letter acronyms sellers use that are not shouting. */
const ACRONYMS = new Set(["RSVP", "ASAP", "HDMI", "DIY", "LCV", "ISBN"]);

/**
 * Title Case in the listing's language (Turkish: "için" becomes "İçin"): each word capitalised,
 * short function words lower-case except first, unit abbreviations lower-case; words the seller cased
 * on purpose (iPhone, 925, DIY) are kept; shouting words of four or more letters are tamed.
 */
export function titleCase(text: string, lang: Lang = "en"): string {
  let index = 0;
  let previous = "";
  const small = lang === "tr" ? SMALL_TR : SMALL_EN;
  return text.replace(WORD, (word) => {
    const first = index === 0;
    index += 1;
    const afterNumber = /\d$/.test(previous);
    previous = word;
    if (isShoutingWord(word)) word = lower(word, lang);
    const low = lower(word, lang);
    if ((UNITS_LOWER.has(low) || low === "x" || low === "×") && afterNumber) return low;
    if (/^f\/\d/u.test(word)) return word;
    // A file's or a screen's acronym the seller wrote in lower case ("jpg 300 dpi") is still one.
    if (ALWAYS_UPPER.has(lower(word, lang))) return upper(word, lang);
    // ("4-Person", "12-Speed" as titles write them; "3-in-1" and "18-55mm" as they are.)
    const counted = lang === "en" ? /^(\d+-)(\p{L}{3,})$/u.exec(low) : null;
    if (counted && !UNITS_LOWER.has(counted[2]) && !small.has(counted[2])) return `${counted[1]}${upper(counted[2][0], lang)}${counted[2].slice(1)}`;
    if (/^\d/.test(word)) return lower(word, lang);
    if (!first && small.has(low)) return low;
    if (word !== low) return word;
    return low.replace(/(^|-)(\p{L})/gu, (_, sep: string, ch: string) => sep + upper(ch, lang));
  });
}

/** First letter upper-case (in the text's language), the rest as written. */
export function capitalise(text: string, lang: Lang = "en"): string {
  // A name written in mixed case stays as written ("iPhone", "eBay"): never "İPhone".
  if (/^\s*\p{Ll}+\p{Lu}/u.test(text)) return text;
  return text.replace(/^\s*(\p{L})/u, (m) => upper(m, lang));
}

/** Shouting words in Title Case ("NECKLACE" -> "Necklace", "moonNECKLACE" -> "moonNecklace"); answers the words it changed. */
export function tameShouting(text: string, lang: Lang = "en", names: ReadonlySet<string> = new Set()): { text: string; changed: string[] } {
  const changed: string[] = [];
  // Typed in capitals ("HAND KNITTED WOOL BEANIE HAT"): every all-caps word shouts but the known acronyms.
  const capsLock = isMostlyUpper(text);
  const shouts = (word: string) =>
    isShoutingWord(word) || (capsLock && /\p{Lu}{2,}/u.test(word) && word === upper(word, lang) && !KNOWN_ACRONYMS.has(word) && !/^\d*X{0,3}[SML]$/.test(word) && !isModelCode(word));
  const out = text.replace(WORD, (word) => {
    if (!shouts(word) || names.has(word)) return word;
    const letters = word.replace(/[^\p{L}]/gu, "");
    const tamed =
      letters === upper(letters, lang)
        ? lower(word, lang).replace(/(^|-)(\p{L})/gu, (_, sep: string, ch: string) => sep + upper(ch, lang))
        : word.replace(/\p{Lu}{4,}/gu, (run) => run[0] + lower(run.slice(1), lang));
    if (tamed !== word) changed.push(word);
    return tamed;
  });
  return { text: out, changed };
}

/** Acronyms the seller wrote (PDF, SVG, DIY, RSVP, LCV) put back where a phrase was lower-cased. */
export function restoreAcronyms(text: string, source: string): string {
  const acronyms = acronymsOf(source);
  if (acronyms.size === 0) return text;
  return text.replace(WORD, (word) => acronyms.get(word.toLowerCase()) ?? word);
}

/** The last source's acronyms: a title is put together from many segments of one source, read once (linear time, issue 23). */
let lastAcronyms: { source: string; acronyms: Map<string, string> } | undefined;

function acronymsOf(source: string): Map<string, string> {
  if (lastAcronyms?.source === source) return lastAcronyms.acronyms;
  const acronyms = new Map<string, string>();
  // A source typed in capitals ("HAND KNITTED WOOL BEANIE HAT"): only the known acronyms are acronyms, "HAT" is shouting.
  // Judged per line and per list item, so a shouting keyword does not make "HAT" an acronym of the whole text.
  const spoken = source.split(/[\n,;]/).flatMap((part) => (isMostlyUpper(part) ? words(part).filter((w) => KNOWN_ACRONYMS.has(w)) : words(part)));
  const shouting = isMostlyUpper(source);
  for (const word of shouting ? words(source).filter((w) => KNOWN_ACRONYMS.has(w)) : spoken) {
    const letters = word.replace(/[^\p{L}]/gu, "");
    if (letters.length >= 2 && letters.length <= 4 && letters === letters.toUpperCase() && letters !== letters.toLowerCase() && !/^X{0,3}[SML]$|^\dX{1,3}L$/.test(letters))
      acronyms.set(word.toLowerCase(), word);
    // A model or a specification as written ("24K", "WH-1000XM5", "24,000mAh"), not a size ("3XL").
    else if (!shouting && /\d/.test(word) && (/\p{Lu}/u.test(word) || /mAh$/.test(word)) && !/^\d*X{0,3}[SML]$/.test(word)) acronyms.set(word.toLowerCase(), word);
    // A name in the seller's mixed case ("GaN", "GoodNotes", "macOS").
    else if (!shouting && word.length <= 14 && /^\p{L}\p{Ll}*\p{Lu}/u.test(word)) acronyms.set(word.toLowerCase(), word);
  }
  lastAcronyms = { source, acronyms };
  return acronyms;
}

// ---- Shouting text and the lead sentence -------------------------------------------------------

/**
 * Upper-case words that are not shouting even in an all-caps text: file formats, sizes, countries,
 * common abbreviations. In a text written mostly in capitals only these stay upper-case.
 */
const KNOWN_ACRONYMS = new Set(
  `PDF SVG PNG JPG JPEG DXF EPS GIF DIY RSVP ASAP HDMI LCV USB LED UV TV DVD CD UK US USA EU NYC LA XS XL XXL XXXL 2XL 3XL 4XL 5XL S M L
  UPS DHL ID A4 A5 A3 A6 BFF LGBTQ OK NFC SPF BPA PVC MDF DPI`
    .split(/\s+/)
    .filter(Boolean),
);

/** Whether most of a text's letters are capitals (a seller typing with caps lock: "WARM WOOL HAT. ONE SIZE."). */
export function isMostlyUpper(text: string): boolean {
  const letters = text.replace(/[^\p{L}]/gu, "");
  if (letters.length < 6) return false;
  const upperCount = letters.replace(/[^\p{Lu}]/gu, "").length;
  return upperCount / letters.length > 0.6;
}

/**
 * A line written in capitals in sentence case, in the text's language ("WARM WOOL HAT. ONE SIZE." ->
 * "Warm wool hat. One size."; Turkish "İ/ı" kept): known acronyms (PDF, UK, XL) stay upper-case. Lines
 * with lower-case text, and one-word headings ("SIZES"), are left as written.
 */
export function tameShoutingText(text: string, lang: Lang = detectLanguage(text)): string {
  return text
    .split("\n")
    .map((line) => {
      const shouting = words(line).filter((w) => isShoutingWord(w));
      if (!isMostlyUpper(line) || shouting.length < 2) return line;
      const low = line.replace(WORD, (w) => (KNOWN_ACRONYMS.has(w) && w.length > 1 ? w : lower(w, lang)));
      // First letter of the line (after a bullet) and of every sentence.
      return low.replace(/(^\s*(?:[•\-*]\s+)?|[.!?]\s+)(\p{Ll})/gu, (_m, lead: string, ch: string) => lead + upper(ch, lang));
    })
    .join("\n");
}

/** Turkish words that start a sentence without being names ("Tamamen el ile örülmüş..."). */
const ORDINARY_TR = new Set("tamamen özenle el elde her bu bir çok doğal yumuşak sevimli şık minik küçük büyük sıcak yeni klasik sade".split(/\s+/));

/** Whether a capitalised first word is an ordinary word (lower-cased after a lead phrase) rather than a name or an acronym. */
function isOrdinaryFirstWord(word: string, text: string, lang: Lang): boolean {
  if (word === "I" || word.length < 1) return false;
  const rest = word.slice(1);
  if (rest !== lower(rest, lang)) return false; // "PDF", "iPhone"-like casing: kept.
  const low = lower(word, lang);
  if (isStopWord(low) || ADJECTIVES.has(low) || NOUNS.has(low) || COLOURS.has(low) || MATERIALS.includes(low) || nounCategory(low, lang)) return true;
  if (lang === "tr" && ORDINARY_TR.has(low)) return true;
  // The seller wrote it in lower case elsewhere: an ordinary word.
  return words(text.slice(word.length)).some((w) => w === low);
}

/**
 * The description with `phrase` woven into its first sentence ("Hand knitted blanket: a chunky knit
 * throw, knitted by hand from 100% merino wool."), not put above it as a bare line. The first word is
 * lower-cased only when it is an ordinary word (an article, an adjective, a word the seller writes in
 * lower case elsewhere); names and acronyms keep their capitals.
 */
export function weaveLeadPhrase(description: string, phrase: string, lang: Lang = detectLanguage(description)): string {
  const clean = phrase.replace(/\s+/g, " ").trim();
  if (!clean) return description;
  const lead = capitalise(restoreKnown(clean === upper(clean, lang) ? lower(clean, lang) : clean, lang), lang);
  const body = description.replace(/^\s+/, "");
  if (!body) return `${lead}.`;
  const first = body.match(WORD)?.[0] ?? "";
  const startsWithWord = first !== "" && body.startsWith(first);
  const firstLine = body.split("\n")[0];
  // A heading or a list first ("SIZES", "- Small"): the phrase goes in a sentence of its own before it.
  if (!startsWithWord || (!/\p{Ll}/u.test(firstLine) && words(firstLine).length <= 3)) return `${lead}.\n\n${body}`;
  const opened = isOrdinaryFirstWord(first, body, lang) ? lower(first.charAt(0), lang) + first.slice(1) : first;
  return `${lead}: ${opened}${body.slice(first.length)}`;
}

/** A phrase's words with the known acronyms upper-case ("pdf pattern" -> "PDF pattern"). */
function restoreKnown(text: string, lang: Lang): string {
  return text.replace(WORD, (w) => (KNOWN_ACRONYMS.has(upper(w, lang)) && w.length > 1 && /^[a-z0-9]+$/i.test(w) && !["us", "la", "ok", "id", "led"].includes(w.toLowerCase()) ? upper(w, lang) : w));
}

// ---- Single-word keywords ----------------------------------------------------------------------

/** Words that say nothing about the product itself: "gift candles" and "home candles" are no searches. */
const GENERIC_MODIFIERS = new Set(
  `gift gifts present presents home house decor decoration kitchen cute handmade hand-made sale idea ideas item items thing things stuff
  new best cheap nice lovely beautiful pretty gorgeous perfect great cool awesome unique special quality product shop store
  hediye hediyelik ev dekor dekorasyon mutfak sevimli güzel şirin harika ürün yeni indirim`.split(/\s+/),
);

/** Shapes, kinds and scents that name a product's own make ("pillar candles", "taper candles", "lavender soap"). */
const KIND_WORDS = new Set(
  `pillar taper votive tealight tea-light dinner column jar tin container hoop stud studs drop dangle huggie huggies chain pendant signet stacking
  cuff bangle choker beaded braided ribbed cable chunky pom-pom pompom slouchy fitted crew v-neck cardigan pullover
  lavender vanilla rose sandalwood cedar cedarwood citrus lemon orange eucalyptus jasmine peony pine cinnamon
  mint peppermint patchouli bergamot amber honey coconut unscented scented`.split(/\s+/),
);

/**
 * Whether a one-word keyword describes the product (a material, colour, style or theme, scent, shape or
 * another adjective), so that pairing it with the product's noun makes a search ("beeswax candles",
 * "pillar candles"). Generic words (gift, home, decor, kitchen, cute, handmade...) do not.
 */
export function describesProduct(word: string, lang: Lang = "en", head?: string): boolean {
  const w = lower(word.trim(), lang);
  if (!w || GENERIC_MODIFIERS.has(w) || SMALL_EN.has(w) || SMALL_TR.has(w)) return false;
  // A kind of the same product ("beanie" for a hat: "beanie hat").
  const kind = nounCategory(w, lang) ?? nounCategory(singularNoun(w, lang), lang);
  if (head && kind && kind === (nounCategory(lower(head, lang), lang) ?? nounCategory(singularNoun(lower(head, lang), lang), lang))) return true;
  return MATERIALS.includes(w) || COLOURS.has(w) || THEMES.includes(w) || KIND_WORDS.has(w) || ADJECTIVES.has(w);
}

/** An English plural product noun in the singular when the singular is a known product noun ("candles" -> "candle"); Turkish: the bare noun. */
export function singularNoun(word: string, lang: Lang = "en"): string {
  if (lang === "tr") return baseNoun(word, lang);
  const w = word.toLowerCase();
  if (/ss$/.test(w) || !w.endsWith("s")) return word;
  return nounCategory(w.slice(0, -1), lang) ? word.slice(0, -1) : word;
}

/** Whether a word names a product's shape or kind ("pillar", "taper", "hoop"): it stands right before the noun. */
export const isKindWord = (word: string, lang: Lang = "en") => KIND_WORDS.has(lower(word, lang));
/** Whether a word is a style or theme ("minimalist", "boho"). */
export const isThemeWord = (word: string, lang: Lang = "en") => THEMES.includes(lower(word, lang));
