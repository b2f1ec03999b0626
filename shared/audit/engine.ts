/**
 * Listing Doctor: audits one listing against its marketplace's own rules and best practices, and
 * answers a score 0-100, a grade and findings. Pure and deterministic: no provider, no clock, no
 * randomness, no worker-only import (the app runs it too). Never throws on odd input.
 *
 * Scoring (decisions 0017 and 0031): each part of a listing (title, description, tags, photos...) has a
 * weight on its marketplace; the penalties of a part's findings take points from that weight, fewer as
 * the part nears zero, so no part can take more than its weight and every finding fixed gives points
 * back. A listing with an error (the marketplace refuses it) keeps 59 % of its points: grade D at best,
 * and still higher for every other fix. A fix is offered only when applying it removes the finding,
 * raises the score, adds no finding and drops no fact the listing had, so one click never makes a
 * listing worse.
 */
import { PLATFORM_LIMITS, PLATFORMS, type ItemSpecific, type Platform } from "../../schema/api/listings";
import { AUDIT_EXPLANATIONS_EN, AUDIT_MESSAGES_EN, AUDIT_NEEDS_EN, formatMessage } from "./messages";
import { SOURCES } from "./sources";
import {
  claimsWithoutSupport,
  escapeRegExp,
  extractFacts,
  FOOD_WORD,
  isDevice,
  isDeviceTitle,
  isFoodHead,
  isVehiclePart,
  isWatchListing,
  keptFacts,
  namesInCapitals,
  readCard,
  unsupportedClaims as claimsAgainstFacts,
  type Claim,
  type FactSheet,
} from "../facts";
import { categoryModel } from "../listings/categories";
import { MATERIALS, detectLanguage, isNounLike, nounCategory, readProduct, weaveLeadPhrase, withoutEditions } from "../listings/phrases";
import type { CategoryId } from "../listings/categories";
import { isFragmentTag, unsupportedPhrases } from "../listings/support";
import {
  cutAtWord,
  hasEveryWord,
  hasLoosePhrase,
  hasPhrase,
  isContentWord,
  isShouting,
  memo,
  normalWords,
  plainText,
  quoteList,
  sentencesOf,
  tameWord,
  tidy,
  titleCase,
  utf8Bytes,
  visiblePrefix,
  wordsOf,
} from "./text";
import { droppedFacts, englishWordsIn, factsOf, listingStems, noiseIn, stockSentences, tagIrrelevance, titleInformation, titleNamesNothing, withoutNoise, withoutSentences } from "./substance";
import type { AuditExplanation, AuditFinding, AuditFix, AuditInput, AuditParams, AuditPart, AuditPartScore, AuditReport, AuditSeverity, AuditSource, Grade } from "./types";
import { AUDIT_PARTS } from "./types";
import { claimingPhrases } from "./claim-phrases";

export const MARKETPLACE_NAMES: Record<Platform, string> = { etsy: "Etsy", ebay: "eBay", amazon: "Amazon" };

/** Thresholds of the best practices (the marketplaces' own limits are PLATFORM_LIMITS). */
export const AUDIT_THRESHOLDS = {
  mobileTitleWindow: 40,
  descriptionWindow: 160,
  titleWordsMax: 15,
  descriptionWordsMin: 40,
  photosMin: 5,
  ebayPhotosMax: 24,
  ebaySpecificMax: 65,
  ebaySpecificsMin: 3,
  amazonWordRepeatsMax: 2,
  /** A title that says fewer distinct words and measures than this says too little. */
  titleInformationMin: 4,
  /** The share of its points a listing the marketplace would refuse keeps (grade D at best). */
  errorShare: 0.59,
} as const;

/** What each part of a listing weighs on each marketplace (each row sums to 100). */
const PART_WEIGHTS: Record<Platform, Partial<Record<AuditPart, number>>> = {
  etsy: { title: 30, description: 25, tags: 20, photos: 15, altTexts: 10 },
  ebay: { title: 35, description: 25, itemSpecifics: 20, photos: 20, tags: 0 },
  amazon: { title: 30, description: 15, bullets: 25, searchTerms: 10, photos: 20, tags: 0 },
};

const SEVERITY_ORDER: Record<AuditSeverity, number> = { error: 0, warning: 1, tip: 2 };

export function gradeOf(score: number): Grade {
  if (score >= 90) return "A";
  if (score >= 80) return "B";
  if (score >= 65) return "C";
  if (score >= 50) return "D";
  return "F";
}

// ---- Input -------------------------------------------------------------------------------------

interface Normal {
  platform: Platform;
  title: string;
  description: string;
  tags: string[];
  altTexts: string[];
  bullets: string[];
  searchTerms: string;
  itemSpecifics: ItemSpecific[];
  photoCount: number | null;
  keywords: string[];
  digital: boolean;
  /** The digital flag as the caller gave it (null: read from the words), so a fix is judged as a fresh audit would. */
  digitalGiven: boolean | null;
  original: string;
}

const strings = (value: unknown): string[] => (Array.isArray(value) ? value.filter((v): v is string => typeof v === "string") : []);
const str = (value: unknown) => (typeof value === "string" ? value : "");

const DIGITAL_WORDS =
  /\b(digital (?:download|file|product|item|print|pattern|planner|art)s?|instant(?:ly)? download|downloadable|printable|svg|pdf (?:pattern|file|template)s?|png files?|jpe?g files?|canva template|e-?book)\b|\b(?:crochet|knitting|sewing|cross[ -]stitch|embroidery|amigurumi)\s+patterns?\b/i;
const PHYSICAL_WORDS = /\b(kit|ships?|shipped|shipping|physical|framed|printed on)\b/i;

function normalize(raw: AuditInput): Normal {
  const input = (raw ?? {}) as Partial<AuditInput>;
  const platform = (PLATFORMS as readonly string[]).includes(input.platform as string) ? (input.platform as Platform) : "etsy";
  const title = str(input.title);
  const description = str(input.description);
  const tags = strings(input.tags);
  const keywords = strings(input.keywords)
    .map((k) => k.trim())
    .filter(Boolean);
  const count = typeof input.photoCount === "number" && Number.isFinite(input.photoCount) && input.photoCount >= 0 ? Math.floor(input.photoCount) : null;
  const itemSpecifics = (Array.isArray(input.itemSpecifics) ? input.itemSpecifics : [])
    .filter((s): s is ItemSpecific => !!s && typeof s === "object" && typeof s.name === "string" && typeof s.value === "string")
    .filter((s) => s.name.trim() || s.value.trim());
  // Digital when its own words say so, or when the fact sheet of its whole text reads it as digital (decision 0030).
  const detected =
    typeof input.digital === "boolean"
      ? input.digital
      : detectDigital(title, description, keywords.join("\n")) || (MAY_BE_DIGITAL.test(`${title}\n${description}`) && factSheetOf(`${title}\n${description}`, platform).digital);
  return {
    platform,
    title,
    description,
    tags,
    altTexts: strings(input.altTexts),
    bullets: strings(input.bullets),
    searchTerms: str(input.searchTerms),
    itemSpecifics,
    photoCount: count,
    keywords,
    digital: detected,
    digitalGiven: typeof input.digital === "boolean" ? input.digital : null,
    original: str(input.original).trim(),
  };
}

/** A digital item, from its words: digital words and no kit in the title, or a description that says it is digital and nothing is shipped. */
const detectDigital = memo(
  (title: string, description: string, keywords: string) => (DIGITAL_WORDS.test(`${title}\n${description}\n${keywords}`) && !PHYSICAL_WORDS.test(title)) || descriptionSaysDigital(description),
);
/** The description's own word that the item is digital and nothing is shipped: read once per description, not once per title tried. */
const descriptionSaysDigital = memo((description: string) => SAYS_DIGITAL.test(description) && SAYS_NOT_SHIPPED.test(description));
/** Words without which no fact sheet reads a listing as digital: the sheet is read only when one is there. */
const MAY_BE_DIGITAL = /download|digital|printable|pdf|svg|png|jpe?g|canva|template|pattern|e-?book|file|dijital|indir|şablon|yazdır|dosya/i;

/** Facts said in many word forms ("elde yıkama", "elde yıkayın"; "S-M-L", "S, M ve L"): the Doctor does not call them dropped. */
const LOOSE_FACTS = new Set(["craft", "tool", "care", "size"]);

/** The fact sheet of the seller's own words (shared/facts), read once per text. */
const factSheetOf = memo((text: string, platform: string) => extractFacts({ text, platform }), 8);
const plainOf = memo(plainText);
const stockOf = memo(stockSentences);
const namesNothingOf = memo(titleNamesNothing);
const factsOfMemo = memo(factsOf);
const languageOfText = memo((title: string, description: string) => detectLanguage(`${title}\n${description}`));
/** The stems of what a listing says, and the nouns of its kind of product ("jewelry" for a brooch, "kolye" for a necklace). */
const stemsOf = memo((text: string, lang: "en" | "tr") => {
  const kind = categoryOfText(text, lang);
  const model = kind ? categoryModel(kind) : undefined;
  const jewelry = kind && ["necklace", "earrings", "ring", "bracelet", "jewelry"].includes(kind) ? ["jewelry", "jewellery", "takı"] : [];
  return listingStems([text, ...(model ? [...model.nouns[lang], model.type[lang]] : []), ...jewelry], lang);
});

function toInput(n: Normal): AuditInput {
  const { digitalGiven, ...rest } = n;
  return { ...rest, digital: digitalGiven };
}

// ---- Findings ----------------------------------------------------------------------------------

interface Candidate {
  id: string;
  severity: AuditSeverity;
  part: AuditPart;
  source: AuditSource;
  penalty: number;
  params: AuditParams;
  /** The fix, or how to write it: written only when a report shows it, never for a score. */
  fix?: AuditFix | (() => AuditFix | undefined);
  /** Tags the fix takes out on purpose (they claim what the seller never said): not a relevant tag lost. */
  removes?: string[];
}

const fixOf = (c: Candidate): AuditFix | undefined => (typeof c.fix === "function" ? c.fix() : c.fix);

/** Etsy's title characters (createDraftListing): anything else is refused. */
const ETSY_TITLE_DISALLOWED = /[^\p{L}\p{Nd}\p{P}\p{Sm}\p{Zs}™©®]/gu;
/** Etsy's tag characters. */
const ETSY_TAG_DISALLOWED = /[^\p{L}\p{Nd}\p{Zs}\-'™©®]/gu;
const AMAZON_TITLE_DISALLOWED = /[!$?_{}^¬¦]/g;
const AMAZON_PROMOTIONAL =
  /\b(?:free shipping|free delivery|best ?sell(?:er|ing)|hot (?:item|sale|deal)|on sale|sale|top rated|top seller|100% (?:quality |satisfaction )?guaranteed?|satisfaction guaranteed|money back|limited time|lowest price|cheapest|discount(?:ed)?|deal of the day|great deal|buy now|new arrival)\b|#1\b|\bno\.? ?1\b/gi;
const ONCE_ONLY: [string, string][] = [
  ["%", " percent"],
  [":", " -"],
  ["&", " and "],
  ["+", " and "],
];

const MATERIAL_TR =
  /(?<![\p{L}])(?:malzeme|%\s?\d+|(?<!\d)\d+\s?%|pamuk|pamuklu|yün|merinos|keten|ipek|deri|ahşap|bambu|seramik|porselen|cam|gümüş|altın|pirinç|bakır|çelik|reçine|soya|balmumu|kağıt|kadife|kot|inci|iplik|ip(?:ten|lik)?|akrilik|polyester|mermer|taş|kil|stoneware)/iu;
const SIZE_TR = /(?<![\p{L}])(?:ölçü|boyut|beden|boy|en|çap|yükseklik|genişlik|uzunluk|derinlik|(?<!\d)\d+\s?(?:cm|mm|m|ml|lt|gr|g|kg|ay|yaş))(?![\p{L}])|\d\s*[x×]\s*\d/iu;
// (Keeping silver from water and perfume is its care too: "parfümden ve sudan uzak tutun", "kararmaması için".)
const CARE_TR = /(?<![\p{L}])(?:bakım|yıka(?:y|n|m)|elde yıka|makinede|kuru temizleme|ütüle|ütü|silin|kurutun|saklayın|ağartıcı|bulaşık makinesi|uzak tutun|kararmaması için)/iu;
const FORMAT_TR = /(?<![\p{L}])(?:dosya|format|sayfa|çözünürlük|canva|pdf|png|jpe?g|svg)/iu;
const MATERIAL_WORDS =
  /\b(materials?|made (?:of|from|with|in)|crafted (?:from|with|of|in)|cotton|wool|merino|linen|silk|leather|silver|gold|brass|copper|steel|titanium|platinum|wood(?:en)?|oak|walnut|pine|bamboo|ceramic|porcelain|stoneware|clay|glass|resin|paper|cardstock|canvas|polyester|acrylic|nylon|beeswax|soy|wax|stone|pearls?|gemstones?|crystals?|quartz|yarn|felt|denim|velvet|plastic|metal|alloy|vinyl|cork|rattan|jute|hemp|marble|concrete|fabric|tpe|pvc|eva|rubber|silicone|neoprene|foam|latex|mahogany|rosewood|teak|diamonds?|moissanite|sapphire|ruby|opal)\b/i;
/** (A device's storage, "64GB", is the size its buyers look for.) */
const SIZE_WORDS =
  /\b(sizes?|sized|sizing|dimensions?|measures?|measuring|measurements?|length|width|height|diameter|depth|wide|tall|cm|mm|inch(?:es)?|ft|feet|oz|ml|litres?|liters?|grams?|kg|lbs?|a[2-6]|letter size|one size|fits)\b|\d\s*(?:cm|mm|in\b|"|″|x\s*\d|gb\b|tb\b)/i;
const CARE_WORDS =
  /\b(care|wash(?:able|ing|ed)?|hand[- ]?wash|machine[- ]?wash|dry[- ]clean|clean(?:ing)?|wipe|stor(?:e|age)|polish(?:ing)?|avoid (?:water|moisture|sunlight|perfume)|tumble|iron(?:ing)?|dishwasher|microwave|trim the wick|burn (?:for|no more than|no longer than)|keep (?:it|them) (?:dry|on|in|away|out)|between uses|let (?:it|them) dry|make it last)\b/i;
/** What is left of a list of sizes after a title's commas cut it ("18 or 20 inch"). */
const SIZE_LIST_PIECE = /^\d+(?:[.,]\d+)?(?:,? (?:or|and|ve|veya) \d+(?:[.,]\d+)?)+ ?\p{L}{1,8}$/u;
const EDITION_WORDS =
  /(?<![\p{L}])(?:editions?|printings?|print run|published|publisher|pressings?|press|reissue|repress|label|catalog(?:ue)? (?:no|number)|isbn|baskı\p{L}*|basım\p{L}*|yayın\p{L}*|plak şirketi)(?![\p{L}])/iu;
const CONDITION_WORDS =
  /(?<![\p{L}])(?:condition|mint|near mint|vg\+*|nm|wear|worn|creases?|yellow(?:ed|ing)|foxing|scratch(?:es|ed)?|marks?|tears?|stains?|no writing|noise|plays|durum\p{L}*|yıpran\p{L}*|çizik\p{L}*|temiz|sağlam)(?![\p{L}+])/iu;
/** What a short description should go on to say, by what the item is (decision 0086). */
const DESCRIBE_ADVICE = {
  describeItem: "what it is, what it is made of, its size and how to care for it",
  describeDevice: "what it is, its condition and what comes with it",
  describeMedium: "what it is, its edition or pressing and its condition",
  describeCard: "what it is, its set and number and its condition or grade",
  describePart: "what it is, what it fits and its condition",
  describeSet: "what it is, whether it is complete and its condition",
  describeFood: "what it is, what is in it, its size and how to store it",
  describeAutograph: "what it is, who signed it, how the signature is authenticated and its condition",
} as const;
/** What a food is made of: its ingredients, or what it is and no more ("raw", "pure", "100%"). */
const INGREDIENT_WORDS = /(?<![\p{L}])(?:ingredients?|made (?:with|from)|contains?|pure|100 ?%|raw|organic|single[- ]origin|içindekiler|içerik\p{L}*|katkısız|saf|%100)(?![\p{L}])/iu;
/** How a food is kept ("store in a cool, dry place", "best before", "keep refrigerated", "crystallises"). */
const STORE_WORDS =
  /(?<![\p{L}])(?:store|storage|stored|keep (?:in|it|them|refrigerated|cool|sealed)|refrigerat\p{L}*|cool,? dry|shelf life|best before|use by|crystalli[sz]\p{L}*|resealable|airtight|saklay\p{L}*|saklan\p{L}*|serin|buzdolab\p{L}*|son tüketim|raf ömrü)(?![\p{L}])/iu;
/** A signed piece's words: an autograph and who vouches for it. */
const AUTOGRAPH_WORDS =
  /(?<![\p{L}])(?:autograph(?:ed|s)?|hand[- ]signed|signed by|signed (?:[\p{L}.'’-]+ ){0,3}(?:photos?|jerseys?|balls?|baseballs?|footballs?|basketballs?|helmets?|posters?|albums?|programs?|programmes?|cards?|shirts?|bats?|gloves?|pucks?)|jsa|psa\/dna|beckett|certificate of authenticity|coa)(?![\p{L}])/iu;
const AUTHENTICATION_WORDS = /(?<![\p{L}])(?:authenticat\p{L}*|certificate|coa|jsa|psa\/dna|beckett|bas|fanatics|hologram|witnessed|loa)(?![\p{L}])/iu;
/** Apps and tablets a digital file is used in, never printed ("GoodNotes", "Notability", "iPad"). */
const TABLET_APPS = /(?<![\p{L}])(?:goodnotes|notability|noteshelf|xodo|ipad|tablet|remarkable|kindle scribe|onenote)(?![\p{L}])/iu;
/** Makers of sets and collectible toys ("LEGO 75192", "Funko Pop", "Hot Wheels Redline"). */
const TOY_MAKERS =
  /(?<![\p{L}])(?:lego|funko|hot wheels|matchbox|kenner|hasbro|mattel|barbie|playmobil|bandai|transformers|black series|polly pocket|my little pony|beanie babies|sylvanian families)(?![\p{L}])/iu;
/** Whether a set says it is complete ("complete", "all pieces", "7541 pieces", "sealed", "with instructions"). */
const COMPLETE_WORDS =
  /(?<![\p{L}])(?:complete|incomplete|all (?:pieces|parts|cards|minifigures)|pieces|pcs|sealed|unopened|minifig(?:ure)?s?|instructions|manual|missing|eksiksiz|tam set|parça)(?![\p{L}])/iu;
/** What a part says it fits ("fits 2016-2020 Civic", "for Honda Civic", "compatible with"). */
const FITS_WORDS = /(?<![\p{L}])(?:fits?|fitment|compatible|for (?:19|20)\d\d)(?![\p{L}])/iu;
/** A card's grade ("PSA 10", "BGS 9.5", "raw", "ungraded") and its number in its set ("020/189", "#4"). */
const CARD_GRADE_WORDS = /(?<![\p{L}])(?:(?:psa|bgs|cgc|sgc|beckett) \d|raw|ungraded|gem mint|near mint|mint|nm|lp|mp|hp|played)(?![\p{L}])/iu;
const CARD_NUMBER_WORDS = /(?<![\p{L}\p{N}/])(?:\d{1,3}\/\d{2,3}|#\d{1,4})(?![\p{N}])|(?<![\p{L}])(?:set|card number)(?![\p{L}])/iu;
/** A device's state as its seller says it ("works perfectly", "tested", "battery health 88%", "factory reset", "çalışıyor"). */
const DEVICE_STATE_WORDS =
  /(?<![\p{L}])(?:works?|working|running|runs|keeps (?:good |excellent )?time|serviced|fires|accurate|functional|tested|untested|for parts|battery (?:health|life|holds|lasts)|battery \d|factory reset|(?:clean|clear) (?:glass|optics|lens(?:es)?|elements)|no (?:fungus|haze|scratches)|smooth (?:focus|aperture|zoom)|refurbished|used|new|like new|sealed|unopened|lightly used|barely used|excellent|good|fair|cracked|dent(?:s|ed)?|scuffs?|çalış\p{L}*|kullanıl\p{L}*|sıfır|kutusunda|pil sağlığı|hasarsız)(?![\p{L}])/iu;
/** What comes with a device ("includes charger", "with original box", "no cables", "kutusu ve şarj aleti ile birlikte"). */
const INCLUDED_WORDS =
  /(?<![\p{L}])(?:includes?|included|including|comes with|in the box|with (?:the |its |a |an |one |two |\d )?(?:[\p{L}\p{N}./-]+ ){0,3}(?:box|charger|cables?|case|dock|controllers?|lens|batter(?:y|ies)|strap|band|cover|remote|manual|stand|earbuds|mouse|keyboard|sd card|microsd card)|no (?:box|charger|cables?|headphones|accessories)|(?:box|charger|cable) only|kutu\p{L}*|dahil|ile birlikte|(?:çanta|kılıf|kutu|şarj aleti)\p{L}* ile|şarj aleti|şarj kablosu)(?![\p{L}])/iu;
const FORMAT_WORDS = /\b(pdf|png|jpe?g|svg|dxf|eps|ai|psd|files?|formats?|pages?|resolution|dpi|canva|zip)\b/i;
/** Says it is a digital item, anywhere in the text ("This is a digital PDF pattern", "a PDF pattern", "Bu dijital bir üründür"). */
const SAYS_DIGITAL =
  /\bdigital (?:[\w-]+ ){0,2}(?:download|file|product|item|pattern|print|planner|template|version|copy|e-?book)s?\b|\binstant(?:ly)? download(?:able)?\b|\bdownloadable (?:file|pdf|pattern)s?\b|\bthis is a digital\b|\bpdf (?:pattern|file|download|chart|template|guide|e-?book)s?\b|(?<![\p{L}])(?:dijital|indirilebilir)(?![\p{L}])/iu;
const SAYS_NOT_SHIPPED =
  /\bno physical (?:[\w-]+ )?(?:item|product|goods|copy|print|book|parcel|package)s?\b|\bnothing (?:will be |is )?(?:shipped|mailed|sent)\b|\b(?:will|does|do) not (?:be )?(?:ship|mail|send)|\bwon'?t be (?:shipped|mailed|sent)\b|\bnot (?:be )?shipped\b|\bnot (?:a|the) (?:finished|physical|ready[- ]made|completed|made[- ]up) [\w-]+|\b(?:pattern|file)s? only\b|bitmiş (?:bir )?(?:ürün|oyuncak|parça)[^.]{0,20}değil|fiziksel (?:bir )?(?:ürün|gönderi|kargo)[^.]{0,30}(?:gönderilmez|yapılmaz|yoktur|yok)|kargo (?:gönderimi )?(?:yapılmaz|yoktur|gönderilmez)/iu;
export const DIGITAL_NOTE = "This is a digital download: no physical item will be shipped. Your files are ready to download once your payment is confirmed.";

const canonTag = (tag: string) => tag.replace(/\s+/g, " ").trim().toLowerCase();

/** The phrases a title is made of: its parts between separators. */
function titleSegments(title: string): string[] {
  return title
    .split(/\s[-–—|]\s|[,;:|()/]|\s&\s/)
    .map((s) => tidy(s))
    .filter(Boolean);
}

/** A valid Etsy tag from a phrase, or "" (characters cleaned, lower-case, at most 20 characters, whole words). */
function asTag(phrase: string): string {
  const clean = canonTag(phrase.replace(ETSY_TAG_DISALLOWED, " ").replace(/^[\s\-']+|[\s\-']+$/g, ""));
  if (!clean || clean.length > PLATFORM_LIMITS.etsy.tagMax) return "";
  return clean;
}

/** Words a description uses as verbs that read as nouns ("the pendant measures 2 cm"): never the end of a tag ("pendant measures"). */
const VERB_LIKE = new Set("measures weighs hangs arrives comes fits holds makes features includes contains ships looks feels works sits stands lasts needs".split(" "));

/** Tag candidates from the listing's own words: keywords, title phrases, then pairs of title and description words. */
function tagCandidates(n: Normal, fromDescription = true): string[] {
  const out: string[] = [];
  const seen = new Set(n.tags.map(canonTag));
  const language = languageOf(n);
  const stems = stemsOfListing(n, language);
  const own = `${n.title}\n${n.description}\n${n.tags.join("\n")}\n${n.keywords.join("\n")}`;
  const push = (phrase: string) => {
    const tag = asTag(phrase);
    // Never a tag the Doctor would flag: every candidate names something about the product, whole ("grain leather" is cut from "full grain leather").
    if (tag && tag.includes(" ") && !seen.has(tag) && !tagIrrelevance(tag, stems, language, n.digital) && !isFragmentTag(tag, own, MATERIALS)) {
      seen.add(tag);
      out.push(tag);
    }
  };
  n.keywords.forEach(push);
  titleSegments(n.title).forEach(push);
  const lang = detectLanguage(`${n.title}\n${n.description}`);
  const pairs = (text: string, prose = false) => {
    // Within one clause: no pair across a colon, a comma, a bullet, "&" or a line ("materials beeswax", "stone & band").
    // Never from a care sentence of the description ("damp cloth", "warm water"): shoppers search for the item, not its washing.
    const sentences = prose ? sentencesOf(text).filter((x) => !CARE_WORDS.test(x) && !CARE_TR.test(x)) : sentencesOf(text);
    for (const sentence of sentences.flatMap((x) => x.split(/[:;,•\n()|&+/]|\s[-–—]\s/))) {
      const ws = wordsOf(sentence);
      for (let i = 0; i + 1 < ws.length; i++) {
        if (!isContentWord(ws[i]) || !isContentWord(ws[i + 1])) continue;
        // A pair is a phrase when it ends on a thing: the run's last word, or a product noun inside it
        // ("leaf earrings" in "small leaf earrings"); never "everyday leaf" or "earrings cut".
        const second = ws[i + 1];
        const endsRun = i + 2 >= ws.length || !isContentWord(ws[i + 2]);
        if (!isNounLike(second, lang) || VERB_LIKE.has(second.toLowerCase()) || (!endsRun && !nounCategory(second.toLowerCase(), lang))) continue;
        push(`${ws[i]} ${second}`);
      }
    }
  };
  // Never across a title's separators: "Beeswax Candles - Housewarming Gift" gives no "candles housewarming".
  n.title.split(/\s[-–—|]\s|[,;:|()/]/).forEach((segment) => pairs(segment));
  if (!fromDescription) return out;
  pairs(n.description.split(/\n\s*\n/)[0] ?? "", true);
  pairs(n.description, true);
  // Last, what shoppers search for this kind of product ("layering necklace", "gift for her"), so a
  // listing with few words can still fill its thirteen tags.
  const kind = categoryOfText(`${n.title}\n${sentencesOf(n.description)[0] ?? ""}`, lang);
  // Only the ones the listing's own words support: no audience, occasion or use it never names (decision 0039).
  if (kind)
    categoryModel(kind)
      .intent[lang].filter((p) => unsupportedPhrases(p, own, { lang, category: kind }).length === 0)
      .forEach(push);
  return out;
}

// ---- Claims the seller's words do not support (decision 0047) ---------------------------------------

interface Support {
  /** The fact sheet of what the seller gave. */
  sheet: FactSheet;
  /** Their words and chosen keywords: a claim they make themselves is theirs to repeat. */
  source: string;
  /** The product's category, as the writers read it (a collar is a pet's, a print hangs on a wall). */
  category: CategoryId;
}

/** What supports a claim of a listing Listora wrote: the seller's own words (`original`), their keywords and the facts read from them. */
const supportOf = memo((original: string, keywords: string, platform: string): Support => {
  const words = keywords ? keywords.split("\n") : [];
  return { sheet: factSheetOf(original, platform), source: `${original}\n${keywords}`, category: readProduct(original, words).category.id };
}, 8);

const supportFor = (n: Normal): Support | undefined => (n.original ? supportOf(n.original, n.keywords.join("\n"), n.platform) : undefined);

/**
 * The claims of a text its seller's words do not support (shared/facts claimsWithoutSupport, the one rule
 * the writers follow too), except a claim said in the negative ("not dishwasher safe" claims nothing).
 */
function claimsOf(text: string, support: Support): Claim[] {
  const found = claimsWithoutSupport(text, support.sheet, support.source, support.category);
  if (!found.length) return found;
  const lower = text.toLowerCase();
  return found.filter((c) => !new RegExp(`(?:not|no|never|değil)\\s+${escapeRegExp(c.phrase.toLowerCase())}`).test(lower));
}

/** Why a claim is not supported, as a key of AUDIT_NEEDS_EN (the app words it in Turkish as `audit.need.<key>`). */
const CLAIM_NEEDS: Record<string, string> = {
  handmade: "handmade",
  "one of a kind": "unique",
  "easy to wash": "easyCare",
  "machine washable": "machineWash",
  "dishwasher safe": "dishwasher",
  "step-by-step instructions": "instructions",
  "skill level": "skill",
  DIY: "diy",
  PDF: "pdf",
  "instant download": "instant",
  "digital download": "digital",
  "editable template": "digital",
  printable: "digital",
  "no physical item": "digital",
  gift: "gift",
  occasion: "occasion",
  personalised: "personalised",
  vintage: "vintage",
};
const needOf = (c: Claim) => c.kind ?? CLAIM_NEEDS[c.claim] ?? "ownWords";

/** A finding's params for its claims: which words, and why nothing the seller gave supports them. */
function claimParams(claims: Claim[], quoted?: string[]): AuditParams {
  const phrases = quoted ?? [...new Set(claims.map((c) => c.phrase.trim()))];
  const needs = [...new Set(claims.map(needOf))];
  return { count: phrases.length, claims: quoteList(phrases, 4), needs: needs.map((k) => AUDIT_NEEDS_EN[k] ?? k).join("; "), needKeys: needs.join(",") };
}

/**
 * A title's claims as whole phrases and the title without them: a separated part that claims goes
 * whole ("Dog Mom Gift"); in the product's own part only the claiming phrase goes ("El Örgüsü Kadın
 * Hırka" keeps "El Örgüsü Hırka"). The Doctor quotes what its fix removes.
 */
function titleClaims(title: string, support: Support): { claims: Claim[]; phrases: string[]; fixed: string } {
  const parts = title.split(/(\s[-–—|]\s|,\s)/);
  const out: string[] = [];
  const claims: Claim[] = [];
  const phrases: string[] = [];
  for (let i = 0; i < parts.length; i += 2) {
    const segment = parts[i];
    const found = claimsOf(segment, support);
    if (!found.length) {
      out.push(out.length ? parts[i - 1] : "", segment);
      continue;
    }
    claims.push(...found);
    const spans = claimingPhrases(
      segment,
      found.map((c) => c.phrase),
    );
    let kept = segment;
    for (const s of [...spans].reverse()) kept = `${kept.slice(0, s.start)} ${kept.slice(s.end)}`;
    if (!spans.length) for (const c of found) kept = withoutPhrase(kept, c.phrase);
    kept = tidy(kept.replace(/^(?:for|with|and|a|an|the|için|ve|ile)\s+|\s+(?:for|with|and|a|an|the|için|ve|ile)$/giu, ""));
    if (!kept || claimsOf(kept, support).length || (i > 0 && wordsOf(kept).length < 2)) {
      phrases.push(segment.trim());
      continue;
    }
    phrases.push(...(spans.length ? spans.map((s) => s.phrase) : found.map((c) => c.phrase.trim())));
    out.push(out.length ? parts[i - 1] : "", kept);
  }
  return { claims, phrases: [...new Set(phrases)], fixed: tidy(out.join("")) };
}

/** A text without its sentences (and bullets) that make a claim; the rest as it was written. */
function withoutClaimSentences(text: string, support: Support): string {
  return text
    .split("\n")
    .map((line) => {
      if (!line.trim()) return line;
      const bullet = /^\s*(?:[•\-*]|\d+[.)])\s+/.exec(line)?.[0] ?? "";
      const kept = line
        .slice(bullet.length)
        .split(/(?<=[.!?])\s+/)
        .filter((sentence) => !claimsOf(sentence, support).length)
        .join(" ")
        .trim();
      return kept ? `${bullet}${kept}` : "\u0000";
    })
    .filter((line) => line !== "\u0000")
    .join("\n")
    .replace(/\n{3,}/g, "\n\n")
    .trim();
}

/** The category the first product noun of a text names (a word or two): a cheap reading for tag ideas. */
function categoryOfText(text: string, lang: "en" | "tr"): CategoryId | undefined {
  // "1975 baskı" of a record is its edition, never a print's kind.
  text = withoutEditions(text);
  // "Lavender linen spray for pillows and sheets": what it is for is not its kind (decision 0063); read before "for" first.
  // "Linen tea towel with a lavender print": what it has is not its kind either (decision 0069).
  const before = lang === "en" ? text.split("\n")[0].split(/\s(?:for|with)\s/iu)[0] : "";
  // With no kind before "for" there is none: the shopper phrases of what it is for ("home decor" for pillows) are not its own.
  if (before && before !== text.split("\n")[0] && wordsOf(before).length) return categoryOfWords(wordsOf(before), lang);
  // A material noun before the product's noun ("Handmade canvas tote bag") is no kind of its own: the first
  // noun decides only when it ends the name; else the writers' reading of the name does (decision 0066).
  const first = text.split("\n")[0];
  const byWords = categoryOfWords(wordsOf(text), lang);
  const named = readProduct(first, []).category.id;
  return byWords && byWords !== named && named !== "other" && MATERIAL_NOUN_KINDS.has(firstNoun(first, lang)) ? named : byWords;
}

/** Nouns that name a material as well as a kind ("canvas" of a canvas tote bag, "paper" of a paper garland), or a motif ("print" of a rose print scarf). */
const MATERIAL_NOUN_KINDS = new Set(["canvas", "paper", "clay", "felt", "glass", "ceramic", "leather", "resin", "print"]);
/** The first word of a text with a kind of its own, lower case. */
const firstNoun = (text: string, lang: "en" | "tr") =>
  wordsOf(text)
    .find((w) => nounCategory(w, lang))
    ?.toLowerCase() ?? "";

function categoryOfWords(ws: string[], lang: "en" | "tr"): CategoryId | undefined {
  for (let i = 0; i < ws.length; i++) {
    const two = i + 1 < ws.length ? nounCategory(`${ws[i]} ${ws[i + 1]}`, lang) : undefined;
    const id = two ?? nounCategory(ws[i], lang);
    if (id) return id;
  }
  return undefined;
}

/** At most `max` tags: the relevant ones first, in the seller's order, then the others. */
function keepBest(n: Normal, tags: string[], max: number): string[] {
  const relevant = relevantTags(n, tags);
  const rest = tags.filter((t) => !relevant.includes(t));
  const kept = new Set([...relevant, ...rest].slice(0, max));
  return tags.filter((t, i) => kept.has(t) && tags.indexOf(t) === i);
}

/** Units a title writes after each of its measures. */
const UNIT_WORDS = /^(?:inch|inches|feet|foot|yards?|ounces?|pounds?|quarts?|gallons?|litres?|liters?|grams?|watts?|pieces?|pages?|hours?|santim|metre|metres|meters?)$/iu;

/** A decade or a year as a title writes it ("1970s", "70s", "1970'ler", "1962"). */
const ERA_WORD = /(?<![\p{L}\p{N}])(?:1[89]\d0s|\d0s|1[89]\d0['’](?:lar|ler)|\d0['’](?:lar|ler)|1[89]\d\d)(?![\p{L}\p{N}])/gu;

function mainPhrase(n: Normal): { phrase: string; from: string; fromKey: string } | undefined {
  if (n.keywords.length) return { phrase: n.keywords[0], from: "your first keyword", fromKey: "keyword" };
  const tag = n.platform === "etsy" ? n.tags.map((t) => t.trim()).find(Boolean) : undefined;
  return tag ? { phrase: tag, from: "your first tag", fromKey: "tag" } : undefined;
}

/** Removes the first whole-word occurrence of `phrase` from `title` (case ignored). */
function withoutPhrase(title: string, phrase: string): string {
  const ws = wordsOf(phrase).map((w) => escapeRegExp(w));
  if (!ws.length) return title;
  const pattern = new RegExp(`(^|[^\\p{L}\\p{N}])${ws.join("[^\\p{L}\\p{N}]+")}(?=$|[^\\p{L}\\p{N}])`, "iu");
  return tidy(title.replace(pattern, "$1").replace(/\s*([,-])\s*([,-])\s*/g, " $1 "));
}

/** The first sentence of a seller's text (what a title should keep), or the whole text when it is short. */
function firstSentence(text: string): string {
  const first = sentencesOf(text)[0] ?? "";
  return text.length <= 200 ? text : first;
}

/** What the listing says about itself, outside its tags: a relevant tag shares a word with it. */
function ownWords(n: Normal): string[] {
  return [n.title, n.description, ...n.keywords, ...n.bullets, n.searchTerms, ...n.itemSpecifics.map((s) => s.value)];
}

const languageOf = (n: Normal) => languageOfText(n.title, n.description);
const stemsOfListing = (n: Normal, lang: "en" | "tr") => stemsOf(ownWords(n).join("\n"), lang);

/** The tags that say something about this product, in their order. */
function relevantTags(n: Normal, tags: string[]): string[] {
  const lang = languageOf(n);
  const stems = stemsOfListing(n, lang);
  return tags.filter((t) => !tagIrrelevance(t, stems, lang, n.digital));
}

/**
 * The findings of each part's rules, by what they read, for one audit: a fix is tried by auditing the
 * listing again, and most parts read the same as before. Emptied when an audit starts, and read only while
 * its fixes are tried, so a fix written for one listing is never shown on another.
 */
/** Which tags say nothing about the product: what the tag rules read of the rest of the listing. */
function tagRelevanceKey(n: Normal): string {
  return relevanceKeyOf(n.tags.join("\u0001"), ownWords(n).join("\n"), languageOf(n), n.digital ? "1" : "");
}

const relevanceKeyOf = memo((tags: string, own: string, lang: string, digital: string) => {
  const language = lang === "tr" ? "tr" : "en";
  const stems = stemsOf(own, language);
  return tags
    .split("\u0001")
    .map((t) => tagIrrelevance(t, stems, language, !!digital) ?? "")
    .join("\u0001");
});

const GROUP_CACHE = new Map<string, Candidate[]>();

function collect(n: Normal, reuse = false): Candidate[] {
  const out: Candidate[] = [];
  const add = (c: Candidate) => out.push(c);
  const p = n.platform;
  const marketplace = MARKETPLACE_NAMES[p];
  const title = n.title.trim();

  const tags = n.tags.map((t) => t.replace(/\s+/g, " ").trim()).filter(Boolean);
  const description = n.description.trim();
  const plain = plainOf(description);
  const specifics = JSON.stringify(n.itemSpecifics);
  const own = JSON.stringify([n.keywords, n.bullets, n.searchTerms, specifics]);
  const main = JSON.stringify(mainPhrase(n) ?? null);
  // Each part's rules run again only when what they read changed.
  const group = (name: string, key: unknown[], run: () => void) => {
    const k = `${name}\u0001${JSON.stringify(key)}`;
    const hit = reuse ? GROUP_CACHE.get(k) : undefined;
    if (hit) {
      out.push(...hit);
      return;
    }
    const start = out.length;
    run();
    if (GROUP_CACHE.size >= 64) GROUP_CACHE.clear();
    GROUP_CACHE.set(k, out.slice(start));
  };
  const relevance = p === "etsy" ? tagRelevanceKey(n) : "";
  const support = supportFor(n);

  group("title", [p, title, namesNothingOf(title, n.description), main, n.original, n.original ? n.keywords : ""], () => {
    // ---- Title ----
    const titleSource = p === "etsy" ? SOURCES.etsyTitle : p === "ebay" ? SOURCES.ebayTitle : SOURCES.amazonTitle;
    if (!title) {
      add({ id: "title.empty", severity: "error", part: "title", source: titleSource, penalty: 40, params: { marketplace } });
    } else {
      const max = PLATFORM_LIMITS[p].titleMax;
      if (title.length > max) {
        const target = p === "amazon" ? PLATFORM_LIMITS.amazon.titleWarn : max;
        add({
          id: "title.too-long",
          severity: "error",
          part: "title",
          source: titleSource,
          penalty: 20,
          params: { marketplace, length: title.length, max },
          fix: { label: `Shorten the title to ${target} characters or fewer`, patch: { title: cutAtWord(title, target, true) } },
        });
      } else if (p === "amazon" && title.length > PLATFORM_LIMITS.amazon.titleWarn) {
        const warn = PLATFORM_LIMITS.amazon.titleWarn;
        add({
          id: "title.long",
          severity: "warning",
          part: "title",
          source: SOURCES.amazonTitleAdvice,
          penalty: 6,
          params: { marketplace, length: title.length, warn },
          fix: { label: `Shorten the title to ${warn} characters or fewer`, patch: { title: cutAtWord(title, warn, true) } },
        });
      }

      const disallowed = p === "etsy" ? ETSY_TITLE_DISALLOWED : p === "amazon" ? AMAZON_TITLE_DISALLOWED : null;
      if (disallowed) {
        const nfc = title.normalize("NFC");
        const chars = [...new Set(nfc.match(disallowed) ?? [])].filter((c) => !/\s/.test(c));
        if (chars.length) {
          add({
            id: "title.characters",
            severity: "error",
            part: "title",
            source: titleSource,
            penalty: 20,
            params: { marketplace, chars: chars.map((c) => `"${c}"`).join(" ") },
            fix: { label: "Remove the characters", patch: { title: tidy(nfc.replace(disallowed, (c) => (/\s/.test(c) ? c : " "))) } },
          });
        }
      }

      if (p === "etsy") {
        const repeated = ONCE_ONLY.filter(([symbol]) => title.split(symbol).length > 2);
        if (repeated.length) {
          let fixed = title;
          for (const [symbol, replacement] of repeated) {
            const first = fixed.indexOf(symbol);
            fixed =
              fixed.slice(0, first + 1) +
              fixed
                .slice(first + 1)
                .split(symbol)
                .join(replacement);
          }
          add({
            id: "title.symbol-repeated",
            severity: "error",
            part: "title",
            source: SOURCES.etsyTitle,
            penalty: 20,
            params: { symbols: repeated.map(([s]) => `"${s}"`).join(", ") },
            fix: { label: "Keep each symbol once", patch: { title: tidy(fixed) } },
          });
        }
      }

      if (p === "amazon") {
        const phrases = [...new Set((title.match(AMAZON_PROMOTIONAL) ?? []).map((m) => m.toLowerCase()))];
        if (phrases.length) {
          add({
            id: "title.promotional",
            severity: "error",
            part: "title",
            source: SOURCES.amazonTitle,
            penalty: 20,
            params: { phrases: quoteList(phrases) },
            fix: { label: "Remove the promotional phrases", patch: { title: tidy(title.replace(AMAZON_PROMOTIONAL, " ")) } },
          });
        }
      }

      // A brand or model written in capitals ("LEGO", "ASUS") is its name, not shouting: read only when a word shouts.
      const capitals = wordsOf(title).filter(isShouting);
      const sheet = capitals.length ? (support?.sheet ?? extractFacts({ text: n.description, title, platform: n.platform })) : undefined;
      const names = sheet ? namesInCapitals(sheet, n.description) : new Set<string>();
      const shouting = capitals.filter((w) => !names.has(w));
      if (shouting.length) {
        add({
          id: "title.all-caps",
          severity: "warning",
          part: "title",
          source: p === "amazon" ? SOURCES.amazonTitleAdvice : p === "etsy" ? SOURCES.etsyTitleAdvice : SOURCES.capsAdvice,
          penalty: 6,
          params: { marketplace, words: quoteList([...new Set(shouting)]) },
          fix: {
            label: "Write the words in normal case",
            patch: { title: title.replace(/[\p{L}\p{M}\p{N}]+(?:['’-][\p{L}\p{M}\p{N}]+)*/gu, (w) => (isShouting(w) && !names.has(w) ? tameWord(w) : w)) },
          },
        });
      }

      const namesNothing = namesNothingOf(title, n.description);
      if (namesNothing) {
        add({ id: "title.not-product", severity: "error", part: "title", source: SOURCES.titleSubstance, penalty: 20, params: { marketplace, reasonKey: namesNothing } });
      } else if (titleInformation(title) < AUDIT_THRESHOLDS.titleInformationMin) {
        add({
          id: "title.thin",
          severity: "warning",
          part: "title",
          source: SOURCES.titleSubstance,
          penalty: 8,
          params: { count: titleInformation(title), min: AUDIT_THRESHOLDS.titleInformationMin },
        });
      }

      if (danglingSegment(title)) {
        add({ id: "title.fragment", severity: "warning", part: "title", source: SOURCES.titleSubstance, penalty: 6, params: {} });
      }

      const noise = noiseIn(title);
      if (noise.length) {
        add({
          id: "title.noise",
          severity: "warning",
          part: "title",
          source: p === "ebay" ? SOURCES.ebayTitleAdvice : p === "amazon" ? SOURCES.amazonTitle : SOURCES.etsyTitleAdvice,
          penalty: 10,
          params: { marketplace, examples: quoteList(noise) },
          fix: { label: "Remove the noise", patch: { title: tidy(withoutNoise(title)) } },
        });
      }

      if (n.original) {
        const lost = droppedFacts(factsOfMemo(firstSentence(n.original)), title).filter((f) => p !== "etsy" || f === "personalisation" || f === "vintage");
        if (lost.length) {
          add({ id: "title.dropped-facts", severity: "warning", part: "title", source: SOURCES.keepFacts, penalty: Math.min(16, 6 + 3 * (lost.length - 1)), params: { examples: quoteList(lost, 4) } });
        }
      }

      if (support) {
        const claims = claimsOf(title, support);
        if (claims.length) {
          // Quoted as whole phrases ("Dog Mom Gift", not "Mom", "Gift"); the fix removes exactly them.
          const whole = titleClaims(title, support);
          add({
            id: "title.unsupported-claims",
            severity: "error",
            part: "title",
            source: SOURCES.keepFacts,
            penalty: Math.min(28, 16 + 6 * (claims.length - 1)),
            params: claimParams(claims, whole.phrases.length ? whole.phrases : undefined),
            fix: () => {
              const fixed = whole.fixed;
              return fixed && fixed !== title ? { label: "Remove the unsupported words from the title", patch: { title: fixed } } : undefined;
            },
          });
        }
      }

      const main = mainPhrase(n);
      const window = AUDIT_THRESHOLDS.mobileTitleWindow;
      if (main && normalWords(main.phrase)) {
        // An era between its words ("Vintage 1970s Copper Pot" for "vintage copper pot") leaves the phrase there for a shopper's search.
        const eraless = title.replace(ERA_WORD, " ");
        // (So does a describing word between them, "Raw Wildflower Honey" for "raw honey"; and a title that says each of its
        // words is found by its search, in another order too, "Yoga Mat … Purple" for "purple yoga mat": the phrase is
        // there, late; decision 0091.)
        if (!hasLoosePhrase(title, main.phrase) && !hasPhrase(eraless, main.phrase) && !hasEveryWord(title, main.phrase)) {
          const max = p === "etsy" ? PLATFORM_LIMITS.etsy.titleWritten : p === "amazon" ? PLATFORM_LIMITS.amazon.titleWarn : PLATFORM_LIMITS.ebay.titleMax;
          add({
            id: "title.main-phrase-missing",
            severity: "warning",
            part: "title",
            source: SOURCES.mobileWindow,
            penalty: 10,
            params: { phrase: main.phrase, from: main.from, fromKey: main.fromKey },
            fix: { label: "Start the title with the main phrase", patch: { title: cutAtWord(`${titleCase(main.phrase.trim())} - ${title}`, max, true) } },
          });
        } else if (main.phrase.trim().length <= window && !hasLoosePhrase(visiblePrefix(title, window), main.phrase) && !hasPhrase(visiblePrefix(eraless, window), main.phrase)) {
          add({
            id: "title.main-phrase-late",
            severity: "warning",
            part: "title",
            source: SOURCES.mobileWindow,
            penalty: 8,
            params: { phrase: main.phrase, from: main.from, fromKey: main.fromKey, window },
            fix: { label: "Move the main phrase to the start", patch: { title: tidy(`${titleCase(main.phrase.trim())} - ${withoutPhrase(title, main.phrase)}`) } },
          });
        }
      }

      if (p === "etsy") {
        const count = wordsOf(title).length;
        if (count > AUDIT_THRESHOLDS.titleWordsMax) {
          add({ id: "title.too-many-words", severity: "warning", part: "title", source: SOURCES.etsyTitleAdvice, penalty: 6, params: { count, max: AUDIT_THRESHOLDS.titleWordsMax } });
        }
      }
      if (p !== "ebay") {
        const limit = p === "amazon" ? AUDIT_THRESHOLDS.amazonWordRepeatsMax : 1;
        const counts = new Map<string, number>();
        // (A unit after each of two measures is no repeated keyword: "40 Inches - Fits Pots up to 8 Inches".)
        for (const w of wordsOf(title)) if (isContentWord(w) && !UNIT_WORDS.test(w)) counts.set(w.toLowerCase(), (counts.get(w.toLowerCase()) ?? 0) + 1);
        const repeated = [...counts].filter(([, c]) => c > limit).map(([w]) => w);
        if (repeated.length) {
          add({
            id: "title.repeated-words",
            severity: "warning",
            part: "title",
            source: p === "amazon" ? SOURCES.amazonTitleAdvice : SOURCES.etsyTitleAdvice,
            penalty: 5,
            params: { words: quoteList(repeated) },
          });
        }
      }
    }
  });

  group("tags", [p, n.tags, title, relevance, n.digital, n.original, n.original ? n.keywords : ""], () => {
    // ---- Tags ----
    if (p === "etsy") {
      const { tagCount, tagMax } = PLATFORM_LIMITS.etsy;
      if (tags.length > tagCount) {
        add({
          id: "tags.too-many",
          severity: "error",
          part: "tags",
          source: SOURCES.etsyTags,
          penalty: 20,
          params: { count: tags.length, max: tagCount },
          // The tags that name the product stay; the ones that say nothing about it go first.
          fix: { label: `Keep the ${tagCount} tags that say most about the item`, patch: { tags: keepBest(n, tags, tagCount) } },
        });
      }
      const long = tags.filter((t) => t.length > tagMax);
      if (long.length) {
        add({
          id: "tags.too-long",
          severity: "error",
          part: "tags",
          source: SOURCES.etsyTags,
          penalty: 20,
          params: { count: long.length, max: tagMax, examples: quoteList(long) },
          fix: {
            label: `Shorten the tags to ${tagMax} characters`,
            patch: { tags: tags.map((t) => (t.length > tagMax ? cutAtWord(t, tagMax) : t)).filter((t) => t && t.length <= tagMax) },
          },
        });
      }
      const badChars = tags.filter((t) => new RegExp(ETSY_TAG_DISALLOWED.source, "u").test(t));
      if (badChars.length) {
        add({
          id: "tags.characters",
          severity: "error",
          part: "tags",
          source: SOURCES.etsyTags,
          penalty: 20,
          params: { count: badChars.length, examples: quoteList(badChars) },
          fix: { label: "Remove the characters", patch: { tags: tags.map((t) => tidy(t.replace(ETSY_TAG_DISALLOWED, " "))).filter(Boolean) } },
        });
      }
      const leading = tags.filter((t) => /^[-']/.test(t));
      if (leading.length) {
        add({
          id: "tags.leading-symbol",
          severity: "error",
          part: "tags",
          source: SOURCES.etsyTags,
          penalty: 20,
          params: { count: leading.length, examples: quoteList(leading) },
          fix: { label: "Remove the leading symbols", patch: { tags: tags.map((t) => t.replace(/^[\s\-']+/, "")).filter(Boolean) } },
        });
      }
      const seen = new Set<string>();
      const duplicates = new Set<string>();
      const unique: string[] = [];
      for (const t of tags) {
        const key = canonTag(t);
        if (seen.has(key)) duplicates.add(key);
        else {
          seen.add(key);
          unique.push(t);
        }
      }
      if (duplicates.size) {
        add({
          id: "tags.duplicate",
          severity: "warning",
          part: "tags",
          source: SOURCES.etsyDuplicateTag,
          penalty: 5,
          params: { examples: quoteList([...duplicates]), max: tagCount },
          fix: { label: "Remove the repeated tags", patch: { tags: unique } },
        });
      }
      const lang = languageOf(n);
      const stems = stemsOfListing(n, lang);
      const irrelevant = unique.map((t) => [t, tagIrrelevance(t, stems, lang, n.digital)] as const).filter(([, why]) => why);
      if (irrelevant.length) {
        const keep = unique.filter((t) => !irrelevant.some(([x]) => x === t));
        add({
          id: "tags.irrelevant",
          severity: "warning",
          part: "tags",
          source: SOURCES.tagRelevance,
          penalty: Math.min(15, 3 * irrelevant.length),
          params: { count: irrelevant.length, examples: quoteList(irrelevant.map(([x]) => x)), reasonKey: irrelevant[0][1] ?? "generic" },
          // Phrases from the keywords and the title replace them; with too few, they are removed (an empty slot matches as many shoppers).
          fix: () => {
            const fill = tagCandidates({ ...n, tags: keep }, false).slice(0, irrelevant.length);
            return fill.length ? { label: "Replace them with phrases from the listing", patch: { tags: [...keep, ...fill] } } : { label: "Remove them", patch: { tags: keep } };
          },
        });
      }
      // Tags that claim an audience, occasion or property the seller never named (decision 0047).
      const claimed = support ? unique.map((t) => [t, claimsOf(t, support)] as const).filter(([, c]) => c.length) : [];
      if (support && claimed.length) {
        const gone = claimed.map(([t]) => t);
        const keep = unique.filter((t) => !gone.includes(t));
        add({
          id: "tags.unsupported-claims",
          severity: "error",
          part: "tags",
          source: SOURCES.keepFacts,
          penalty: Math.min(20, 10 + 4 * (claimed.length - 1)),
          params: { ...claimParams(claimed.flatMap(([, c]) => c)), count: claimed.length, examples: quoteList(gone, 4) },
          removes: gone,
          // Phrases from the listing that claim nothing take their places; with too few, the slots stay empty.
          fix: () => {
            const fill = tagCandidates({ ...n, tags: keep })
              .filter((t) => !claimsOf(t, support).length)
              .slice(0, claimed.length);
            return { label: fill.length ? "Replace them with phrases from the listing" : "Remove them", patch: { tags: [...keep, ...fill] } };
          },
        });
      }
      if (unique.length < tagCount) {
        const missing = tagCount - unique.length;
        add({
          id: "tags.unused",
          severity: "warning",
          part: "tags",
          source: SOURCES.etsyTagAdvice,
          penalty: Math.min(12, missing),
          params: { count: unique.length, max: tagCount, missing },
          // As many as the listing's own words give, up to every empty slot: a partial fill is progress (fixHolds).
          fix: () => {
            const fill = tagCandidates({ ...n, tags: unique })
              .filter((t) => !support || !claimsOf(t, support).length)
              .slice(0, missing);
            return fill.length ? { label: `Add ${fill.length} ${fill.length === 1 ? "tag" : "tags"} from the title and description`, patch: { tags: [...unique, ...fill] } } : undefined;
          },
        });
      }
      const single = unique.filter((t) => wordsOf(t).length < 2);
      if (single.length) {
        add({
          id: "tags.single-word",
          severity: "tip",
          part: "tags",
          source: SOURCES.etsyTagAdvice,
          penalty: Math.min(6, 2 * single.length),
          params: { count: single.length, examples: quoteList(single) },
        });
      }
      if (unique.length && title) {
        const have = new Set(unique.map(canonTag));
        const uncovered = [
          ...new Set(
            titleSegments(title)
              .map(asTag)
              // (A list of sizes, "16, 18 or 20 inch", is searched size by size: no phrase of its own to tag.)
              .filter((t) => t && t.includes(" ") && !have.has(t) && !SIZE_LIST_PIECE.test(t)),
          ),
        ];
        if (uncovered.length) {
          const room = tagCount - unique.length;
          add({
            id: "tags.title-coverage",
            severity: "tip",
            part: "tags",
            source: SOURCES.etsyTagAdvice,
            penalty: 3,
            params: { count: uncovered.length, examples: quoteList(uncovered) },
            ...(room >= uncovered.length ? { fix: { label: "Add the title's phrases as tags", patch: { tags: [...unique, ...uncovered] } } } : {}),
          });
        }
      }
    } else if (tags.length) {
      const advice = p === "amazon" ? "Put their words in the backend search terms instead." : "Put the important ones in the title and the item specifics instead.";
      const fix: AuditFix | undefined =
        p === "amazon" && !n.searchTerms.trim()
          ? { label: "Move the tags into the search terms", patch: { tags: [], searchTerms: searchTermsFrom(tags, n.title) } }
          : { label: "Remove the tags", patch: { tags: [] } };
      add({
        id: "tags.not-used",
        severity: "tip",
        part: "tags",
        source: p === "amazon" ? SOURCES.amazonSearchTerms : SOURCES.ebaySpecifics,
        penalty: 0,
        params: { marketplace, count: tags.length, advice, adviceKey: p },
        fix,
      });
    }
  });

  group("description", [p, description, title, own, main, n.original, n.digital, languageOf(n) === "tr" || n.original ? n.tags : ""], () => {
    // ---- Description ----
    // A device's buyer asks what state it is in and what comes with it, not what it is made of or its care (decision 0086).
    // (A maker's: a felted "mouse" or a wooden "speaker" with no brand is a made thing.)
    // (So does a watch's, and a vehicle part's asks what it fits: neither asks its care; decision 0090.)
    const said = `${n.title}\n${support?.source ?? plain}`;
    const device = !n.digital && ((support ? isDevice(support.sheet, support.source) : isDeviceTitle(n.title)) || isWatchListing(said));
    const part = !n.digital && !device && isVehiclePart(said);
    // (A maker's toy or set is asked its state and whether it is complete, never its material or care.)
    const toySet = !n.digital && !device && !part && TOY_MAKERS.test(said);
    // A book's or a record's buyer asks how it was printed or pressed and what state it is in, not its material or its care.
    const medium = support && (support.category === "book" || support.category === "music");
    // A trading card's asks its set, its number and its grade (decision 0090).
    const card = !n.digital && !!readCard(support?.source ?? n.title);
    // A food's buyer asks what is in it and how to keep it, never its material or its care; a signed piece's, who vouches
    // for its signature (decision 0091).
    // (Its noun read from the seller's text, else from the title or the description: "Matcha." of a title in capitals.)
    // (Read only where a food's word is said at all: most listings name none, and a reading of the product costs.)
    const food =
      !n.digital &&
      !device &&
      FOOD_WORD.test(`${n.title}\n${plain.slice(0, 300)}`) &&
      [support?.sheet.head, readProduct(n.title).head, readProduct(plain.slice(0, 300)).head].some((h) => isFoodHead(h, `${n.title}\n${plain.slice(0, 300)}`));
    const autograph = !n.digital && !device && !card && AUTOGRAPH_WORDS.test(said);
    if (!wordsOf(plain).length) {
      const source = p === "etsy" ? SOURCES.etsyDescription : p === "ebay" ? SOURCES.ebayDescription : SOURCES.amazonDescription;
      add({ id: "description.empty", severity: p === "amazon" ? "warning" : "error", part: "description", source, penalty: p === "amazon" ? 15 : 30, params: { marketplace } });
    } else {
      const count = wordsOf(plain).length;
      if (count < AUDIT_THRESHOLDS.descriptionWordsMin) {
        // What to write follows what it is: a device's state and what comes with it, a book's or a record's edition and
        // state, a made thing's material, size and care.
        const adviceKey = card
          ? "describeCard"
          : device
            ? "describeDevice"
            : part
              ? "describePart"
              : toySet
                ? "describeSet"
                : medium
                  ? "describeMedium"
                  : autograph
                    ? "describeAutograph"
                    : food
                      ? "describeFood"
                      : "describeItem";
        add({
          id: "description.too-short",
          severity: "warning",
          part: "description",
          source: SOURCES.descriptionLength,
          penalty: 6,
          params: { count, min: AUDIT_THRESHOLDS.descriptionWordsMin, advice: DESCRIBE_ADVICE[adviceKey], adviceKey },
        });
      }
      const main = mainPhrase(n);
      const window = AUDIT_THRESHOLDS.descriptionWindow;
      if (p === "etsy" && main && normalWords(main.phrase) && main.phrase.length <= window && !hasLoosePhrase(visiblePrefix(plain, window), main.phrase)) {
        add({
          id: "description.main-phrase-late",
          severity: "warning",
          part: "description",
          source: SOURCES.etsyDescriptionAdvice,
          penalty: 6,
          params: { phrase: main.phrase, window },
          // Woven into the first sentence ("Hand knitted blanket: a chunky knit throw..."), never a bare line above it.
          fix: () => {
            const woven = weaveLeadPhrase(description, main.phrase);
            // A phrase that would make a physical listing read as a digital download (a stray "digital download" tag) is not woven in.
            const keepsKind = n.digital || !(DIGITAL_WORDS.test(`${n.title}\n${woven}\n${n.keywords.join("\n")}`) && !PHYSICAL_WORDS.test(n.title));
            return keepsKind ? { label: "Mention the main phrase in the first sentence", patch: { description: woven } } : undefined;
          },
        });
      }
      const everything = `${n.title}\n${plain}\n${n.bullets.join("\n")}\n${n.itemSpecifics.map((s) => `${s.name} ${s.value}`).join("\n")}`;
      const checks: [string, string, boolean][] = card
        ? [
            ["cardNumber", "its set and card number", CARD_NUMBER_WORDS.test(everything)],
            ["condition", "its condition", CONDITION_WORDS.test(everything) || CARD_GRADE_WORDS.test(everything)],
          ]
        : medium
          ? [
              ["edition", "its edition, printing or pressing", EDITION_WORDS.test(everything)],
              ["condition", "its condition", CONDITION_WORDS.test(everything)],
            ]
          : part
            ? [
                ["fits", "what it fits", FITS_WORDS.test(everything)],
                ["condition", "its condition", CONDITION_WORDS.test(everything) || DEVICE_STATE_WORDS.test(everything)],
              ]
            : toySet
              ? [
                  ["condition", "its condition", CONDITION_WORDS.test(everything) || DEVICE_STATE_WORDS.test(everything)],
                  ["complete", "whether it is complete", COMPLETE_WORDS.test(everything)],
                ]
              : device
                ? [
                    // (An Amazon offer's condition is set apart from its listing: a new device's listing is not asked it.)
                    ["condition", "its condition", p === "amazon" || CONDITION_WORDS.test(everything) || DEVICE_STATE_WORDS.test(everything)],
                    ["included", "what comes with it", INCLUDED_WORDS.test(everything)],
                  ]
                : autograph
                  ? [
                      ["authentication", "how the signature is authenticated", AUTHENTICATION_WORDS.test(everything)],
                      ["condition", "its condition", CONDITION_WORDS.test(everything)],
                    ]
                  : food
                    ? [
                        ["ingredients", "what is in it", INGREDIENT_WORDS.test(everything) || MATERIAL_WORDS.test(everything) || MATERIAL_TR.test(everything)],
                        ["size", "its size", SIZE_WORDS.test(everything) || SIZE_TR.test(everything)],
                        ["storage", "how to store it", STORE_WORDS.test(everything)],
                      ]
                    : n.digital
                      ? [
                          ["format", "the file format", FORMAT_WORDS.test(everything) || FORMAT_TR.test(everything)],
                          // (A file for a tablet's app has no print size: a GoodNotes planner.)
                          ["printSize", "the size (print sizes or dimensions)", SIZE_WORDS.test(everything) || SIZE_TR.test(everything) || TABLET_APPS.test(everything)],
                        ]
                      : [
                          ["materials", "what it is made of", MATERIAL_WORDS.test(everything) || MATERIAL_TR.test(everything)],
                          ["size", "its size", SIZE_WORDS.test(everything) || SIZE_TR.test(everything)],
                          ["care", "how to care for it", CARE_WORDS.test(everything) || CARE_TR.test(everything)],
                        ];
      const gaps = checks.filter(([, , present]) => !present);
      if (gaps.length) {
        add({
          id: "description.details",
          severity: "warning",
          part: "description",
          source: device ? SOURCES.deviceDetails : p === "etsy" ? SOURCES.etsyDescriptionAdvice : SOURCES.descriptionDetails,
          penalty: 3 * gaps.length,
          params: { missing: gaps.map(([, words]) => words).join(", "), missingKeys: gaps.map(([key]) => key).join(",") },
        });
      }
      const claimed = `${n.title}\n${plain}\n${n.bullets.join("\n")}`;
      if (n.original && support) {
        // The claims and facts of the listing against the fact sheet of the seller's words (decisions 0030, 0047):
        // the description's and the bullets' here, the title's and the tags' with their part.
        const sheet = support.sheet;
        const claims = claimsOf(`${plain}\n${n.bullets.join("\n")}`, support);
        if (claims.length) {
          add({
            id: "description.unsupported-claims",
            severity: "error",
            part: "description",
            source: SOURCES.keepFacts,
            penalty: Math.min(30, 15 + 5 * (claims.length - 1)),
            params: claimParams(claims),
            fix: () => {
              const text = withoutClaimSentences(description, support);
              const bullets = n.bullets.map((b) => withoutClaimSentences(b, support)).filter(Boolean);
              const changed = bullets.length !== n.bullets.length || bullets.some((b, i) => b !== n.bullets[i]);
              return text ? { label: "Remove the sentences that claim it", patch: { description: text, ...(changed ? { bullets } : {}) } } : undefined;
            },
          });
        }
        const said = `${claimed}\n${n.tags.join("\n")}\n${n.itemSpecifics.map((s) => `${s.name} ${s.value}`).join("\n")}`;
        const lost = [
          ...new Set([
            ...keptFacts(said, sheet)
              .dropped.filter((f) => !LOOSE_FACTS.has(f.kind))
              .map((f) => f.value),
            ...droppedFacts(factsOfMemo(n.original), said),
          ]),
        ];
        if (lost.length) {
          add({
            id: "description.dropped-facts",
            severity: "warning",
            part: "description",
            source: SOURCES.keepFacts,
            penalty: Math.min(20, 6 + 4 * (lost.length - 1)),
            params: { count: lost.length, examples: quoteList(lost, 4) },
          });
        }
      }
      const stock = stockOf(description);
      if (stock.length) {
        add({
          id: "description.filler",
          severity: "warning",
          part: "description",
          source: SOURCES.titleSubstance,
          penalty: Math.min(15, 5 * stock.length),
          params: { count: stock.length, examples: quoteList(stock, 2) },
          fix: { label: "Remove the stock sentences", patch: { description: withoutSentences(description, stock) } },
        });
      }
      if (languageOf(n) === "tr") {
        const english = englishWordsIn(`${n.title}\n${plain}\n${n.tags.join("\n")}\n${n.bullets.join("\n")}`);
        if (english.length) {
          add({
            id: "description.english-words",
            severity: "warning",
            part: "description",
            source: SOURCES.oneLanguage,
            penalty: Math.min(12, 4 + 2 * english.length),
            params: { count: english.length, examples: quoteList(english, 5) },
          });
        }
      }
      if (n.digital) {
        const lacks = [!SAYS_DIGITAL.test(plain) && "that it is a digital download", !SAYS_NOT_SHIPPED.test(plain) && "that no physical item is shipped"].filter((m): m is string => !!m);
        const lackKeys = [!SAYS_DIGITAL.test(plain) && "digital", !SAYS_NOT_SHIPPED.test(plain) && "notShipped"].filter((m): m is string => !!m);
        if (lacks.length) {
          add({
            id: "description.digital-note",
            severity: "warning",
            part: "description",
            source: p === "etsy" ? SOURCES.digitalNote : SOURCES.digitalNoteGeneral,
            penalty: 10,
            params: { missing: lacks.join(" or "), missingKeys: lackKeys.join(",") },
            fix: { label: "Add the digital-download note", patch: { description: `${description}\n\n${DIGITAL_NOTE}` } },
          });
        }
      }
      if (p === "amazon") {
        const tagsFound = [...new Set((description.match(/<\/?[a-z][^>]*>/gi) ?? []).filter((t) => !/^<br\s*\/?>$/i.test(t)).map((t) => t.toLowerCase()))];
        if (tagsFound.length) {
          add({
            id: "description.html",
            severity: "warning",
            part: "description",
            source: SOURCES.amazonDescription,
            penalty: 5,
            params: { examples: quoteList(tagsFound) },
            fix: {
              label: "Remove the HTML tags",
              patch: {
                description: description
                  .replace(/<(?!br\s*\/?>)\/?[a-z][^>]*>/gi, " ")
                  .replace(/[ \t]+/g, " ")
                  .trim(),
              },
            },
          });
        }
      }
    }
  });

  group("photos", [p, n.photoCount, n.altTexts], () => {
    // ---- Photos and alt texts ----
    const photos = n.photoCount;
    if (photos !== null) {
      if (photos === 0) {
        add({
          id: "photos.none",
          severity: "error",
          part: "photos",
          source: p === "etsy" ? SOURCES.etsyPhotos : p === "ebay" ? SOURCES.ebayPhotos : SOURCES.amazonPhotos,
          penalty: 20,
          params: { marketplace },
        });
      } else {
        const max = p === "etsy" ? PLATFORM_LIMITS.etsy.photosMax : p === "ebay" ? AUDIT_THRESHOLDS.ebayPhotosMax : undefined;
        if (max !== undefined && photos > max) {
          add({
            id: "photos.too-many",
            severity: "error",
            part: "photos",
            source: p === "etsy" ? SOURCES.etsyPhotos : SOURCES.ebayPhotos,
            penalty: 20,
            params: { marketplace, count: photos, max, extra: photos - max },
          });
        }
        if (p === "etsy" && photos < AUDIT_THRESHOLDS.photosMin) {
          add({ id: "photos.too-few", severity: "warning", part: "photos", source: SOURCES.etsyPhotoAdvice, penalty: 6, params: { count: photos, min: AUDIT_THRESHOLDS.photosMin } });
        }
      }
    }
    if (p === "etsy") {
      const alts = n.altTexts.map((a) => a.trim()).filter(Boolean);
      const max = PLATFORM_LIMITS.etsy.altTextMax;
      const long = alts.filter((a) => a.length > max);
      if (long.length) {
        add({
          id: "altTexts.too-long",
          severity: "error",
          part: "altTexts",
          source: SOURCES.etsyAltText,
          penalty: 20,
          params: { count: long.length, max },
          fix: { label: `Shorten the alt texts to ${max} characters`, patch: { altTexts: alts.map((a) => cutAtWord(a, max)) } },
        });
      }
      if (photos !== null && photos > 0 && alts.length < Math.min(photos, PLATFORM_LIMITS.etsy.photosMax)) {
        const shown = Math.min(photos, PLATFORM_LIMITS.etsy.photosMax);
        add({ id: "altTexts.missing", severity: "warning", part: "altTexts", source: SOURCES.etsyPhotoAdvice, penalty: 6, params: { missing: shown - alts.length, photos: shown } });
      } else if (photos === null && alts.length === 0) {
        add({ id: "altTexts.none", severity: "tip", part: "altTexts", source: SOURCES.etsyPhotoAdvice, penalty: 3, params: {} });
      }
    }
  });

  group("market", p === "etsy" ? [p] : [p, n.bullets, description, n.searchTerms, title, n.keywords, n.tags, specifics], () => {
    // ---- Amazon: bullets and search terms ----
    if (p === "amazon") {
      const { bulletCount, bulletMax, searchTermsMaxBytes } = PLATFORM_LIMITS.amazon;
      const bullets = n.bullets.map((b) => b.trim()).filter(Boolean);
      if (bullets.length < bulletCount) {
        const missing = bulletCount - bullets.length;
        add({
          id: "bullets.missing",
          severity: "warning",
          part: "bullets",
          source: SOURCES.amazonBullets,
          penalty: Math.min(10, 2 * missing),
          params: { count: bullets.length, max: bulletCount, missing },
          fix: () => {
            const have = new Set(bullets.map(normalWords));
            // A sentence every word of which a bullet already says is no new bullet ("RGB colour changing…" twice).
            // ("Includes: 12V adapter" says the "included" of "12V adapter included".)
            const said = bullets.flatMap((b) => wordsOf(b).map((w) => w.toLocaleLowerCase("tr"))).flatMap((w) => (/^[iı]ncludes?$/u.test(w) ? [w, "included", "including"] : [w]));
            const saysNew = (s: string) =>
              wordsOf(s)
                .filter(isContentWord)
                .map((w) => w.toLocaleLowerCase("tr"))
                .some((w) => !said.some((x) => x === w || (Math.min(x.length, w.length) >= 4 && (x.startsWith(w) || w.startsWith(x)))));
            const extra = sentencesOf(n.description)
              .filter((s) => wordsOf(s).length >= 4 && !have.has(normalWords(s)) && !stockSentences(s).length && saysNew(s))
              .filter((s, i, all) => all.findIndex((o) => normalWords(o) === normalWords(s)) === i)
              .map((s) => cutAtWord(s, bulletMax))
              .slice(0, missing);
            return extra.length === missing ? { label: "Write the missing bullets from the description", patch: { bullets: [...bullets, ...extra] } } : undefined;
          },
        });
      } else if (bullets.length > bulletCount) {
        add({
          id: "bullets.too-many",
          severity: "warning",
          part: "bullets",
          source: SOURCES.amazonBullets,
          penalty: 3,
          params: { count: bullets.length, max: bulletCount },
          fix: { label: `Keep the first ${bulletCount}`, patch: { bullets: bullets.slice(0, bulletCount) } },
        });
      }
      const stockBullets = bullets.filter((b) => stockSentences(b).length);
      if (stockBullets.length) {
        add({
          id: "bullets.filler",
          severity: "warning",
          part: "bullets",
          source: SOURCES.titleSubstance,
          penalty: Math.min(15, 5 * stockBullets.length),
          params: { count: stockBullets.length, examples: quoteList(stockBullets, 2) },
        });
      }
      const longBullets = bullets.filter((b) => b.length > bulletMax);
      if (longBullets.length) {
        add({
          id: "bullets.too-long",
          severity: "error",
          part: "bullets",
          source: SOURCES.amazonBullets,
          penalty: 20,
          params: { count: longBullets.length, max: bulletMax },
          fix: { label: `Shorten the bullets to ${bulletMax} characters`, patch: { bullets: bullets.map((b) => cutAtWord(b, bulletMax)) } },
        });
      }

      const terms = n.searchTerms.replace(/\s+/g, " ").trim();
      if (!terms) {
        const fromTags = searchTermsFrom([...n.keywords, ...tags], n.title);
        add({
          id: "searchTerms.missing",
          severity: "warning",
          part: "searchTerms",
          source: SOURCES.amazonSearchTerms,
          penalty: 8,
          params: {},
          ...(fromTags ? { fix: { label: "Write search terms from the keywords and tags", patch: { searchTerms: fromTags, ...(tags.length ? { tags: [] } : {}) } } } : {}),
        });
      } else {
        const bytes = utf8Bytes(terms);
        if (bytes > searchTermsMaxBytes) {
          add({
            id: "searchTerms.too-long",
            severity: "error",
            part: "searchTerms",
            source: SOURCES.amazonSearchTerms,
            penalty: 20,
            params: { bytes, max: searchTermsMaxBytes },
            fix: { label: `Cut the search terms to ${searchTermsMaxBytes} bytes`, patch: { searchTerms: fitBytes(terms.split(" "), searchTermsMaxBytes) } },
          });
        }
        const titleWords = new Set(wordsOf(n.title).map((w) => w.toLowerCase()));
        const termWords = terms.split(" ");
        const inTitle = [...new Set(termWords.map((w) => w.toLowerCase()).filter((w) => titleWords.has(w.replace(/[^\p{L}\p{M}\p{N}'-]/gu, ""))))];
        if (inTitle.length) {
          const kept = termWords.filter((w) => !titleWords.has(w.toLowerCase().replace(/[^\p{L}\p{M}\p{N}'-]/gu, "")));
          add({
            id: "searchTerms.repeats-title",
            severity: "warning",
            part: "searchTerms",
            source: SOURCES.amazonSearchTerms,
            penalty: 5,
            params: { count: inTitle.length, examples: quoteList(inTitle, 5) },
            ...(kept.length ? { fix: { label: "Remove the title's words", patch: { searchTerms: kept.join(" ") } } } : {}),
          });
        }
        const seenWords = new Set<string>();
        const repeats = new Set<string>();
        const deduped: string[] = [];
        for (const w of termWords) {
          const key = w.toLowerCase();
          if (seenWords.has(key)) repeats.add(key);
          else {
            seenWords.add(key);
            deduped.push(w);
          }
        }
        if (repeats.size) {
          add({
            id: "searchTerms.duplicates",
            severity: "tip",
            part: "searchTerms",
            source: SOURCES.amazonSearchTerms,
            penalty: 2,
            params: { examples: quoteList([...repeats], 5) },
            fix: { label: "Remove the repeated words", patch: { searchTerms: deduped.join(" ") } },
          });
        }
      }
    }

    // ---- eBay: item specifics ----
    if (p === "ebay") {
      const specifics = n.itemSpecifics;
      if (!specifics.length) {
        add({ id: "itemSpecifics.missing", severity: "warning", part: "itemSpecifics", source: SOURCES.ebaySpecifics, penalty: 10, params: {} });
      } else {
        const max = AUDIT_THRESHOLDS.ebaySpecificMax;
        const long = specifics.filter((s) => s.name.trim().length > max || s.value.trim().length > max);
        if (long.length) {
          add({
            id: "itemSpecifics.too-long",
            severity: "error",
            part: "itemSpecifics",
            source: SOURCES.ebaySpecificLimits,
            penalty: 20,
            params: { count: long.length, max, examples: quoteList(long.map((s) => s.name || s.value)) },
          });
        }
        const empty = specifics.filter((s) => !s.value.trim() || !s.name.trim());
        if (empty.length) {
          add({
            id: "itemSpecifics.empty-value",
            severity: "warning",
            part: "itemSpecifics",
            source: SOURCES.ebaySpecifics,
            penalty: 4,
            params: { count: empty.length, examples: quoteList(empty.map((s) => s.name || s.value)) },
          });
        }
        const filled = specifics.length - empty.length;
        if (filled < AUDIT_THRESHOLDS.ebaySpecificsMin) {
          add({ id: "itemSpecifics.few", severity: "tip", part: "itemSpecifics", source: SOURCES.ebaySpecifics, penalty: 3, params: { count: filled } });
        }
      }
    }
  });

  return out;
}

/** Words of `phrases` not in the title, each once, within Amazon's 249 bytes. */
function searchTermsFrom(phrases: string[], title: string): string {
  const titleWords = new Set(wordsOf(title).map((w) => w.toLowerCase()));
  const seen = new Set<string>();
  const out: string[] = [];
  for (const phrase of phrases) {
    for (const word of wordsOf(phrase)) {
      const key = word.toLowerCase();
      if (titleWords.has(key) || seen.has(key)) continue;
      seen.add(key);
      out.push(key);
    }
  }
  return fitBytes(out, PLATFORM_LIMITS.amazon.searchTermsMaxBytes);
}

function fitBytes(words: string[], max: number): string {
  const out: string[] = [];
  for (const word of words.filter(Boolean)) {
    if (utf8Bytes([...out, word].join(" ")) > max) break;
    out.push(word);
  }
  return out.join(" ");
}

// ---- Score and report --------------------------------------------------------------------------

/**
 * The points each part keeps: a part of weight W with penalties L keeps W * exp(-L / W) of its W points,
 * so one small finding costs about its penalty, many findings never cost more than the part weighs, and
 * each one fixed gives points back.
 */
function partPoints(platform: Platform, candidates: Candidate[]): AuditPartScore[] {
  const weights = PART_WEIGHTS[platform];
  const lost = new Map<AuditPart, number>();
  for (const c of candidates) lost.set(c.part, (lost.get(c.part) ?? 0) + c.penalty);
  return AUDIT_PARTS.filter((part) => (weights[part] ?? 0) > 0).map((part) => {
    const max = weights[part] ?? 0;
    return { part, points: max * Math.exp(-(lost.get(part) ?? 0) / max), max };
  });
}

function rawScore(platform: Platform, candidates: Candidate[]): number {
  const points = partPoints(platform, candidates).reduce((sum, p) => sum + p.points, 0);
  return candidates.some((c) => c.severity === "error") ? points * AUDIT_THRESHOLDS.errorShare : points;
}

function scoreOf(platform: Platform, candidates: Candidate[]): number {
  return Math.max(0, Math.min(100, Math.round(rawScore(platform, candidates))));
}

const PART_ORDER = new Map(AUDIT_PARTS.map((p, i) => [p, i]));

function toFinding(c: Candidate): AuditFinding {
  const template = AUDIT_MESSAGES_EN[c.id] ?? c.id;
  return {
    id: c.id,
    severity: c.severity,
    part: c.part,
    message: formatMessage(template, c.params),
    params: c.params,
    source: c.source,
    penalty: c.penalty,
    ...(c.fix && typeof c.fix !== "function" ? { fix: c.fix } : {}),
  };
}

/** The score in words: what it means for the seller and what the next step is worth. */
function explain(platform: Platform, candidates: Candidate[], score: number): AuditExplanation {
  const errors = candidates.filter((c) => c.severity === "error");
  const marketplace = MARKETPLACE_NAMES[platform];
  let key: AuditExplanation["key"];
  const params: AuditParams = { marketplace, score };
  if (errors.length) {
    key = "refused";
    params.errors = errors.length;
    params.ifFixed = scoreOf(
      platform,
      candidates.filter((c) => c.severity !== "error"),
    );
  } else {
    const parts = partPoints(platform, candidates).filter((p) => p.max - p.points >= 1);
    const weakest = parts.sort((a, b) => b.max - b.points - (a.max - a.points))[0];
    key = score >= 90 ? "excellent" : score >= 75 ? "good" : score >= 55 ? "fair" : "poor";
    params.warnings = candidates.filter((c) => c.severity === "warning").length;
    if (weakest) {
      params.weakPart = weakest.part;
      params.weakLost = Math.round(weakest.max - weakest.points);
    }
  }
  return {
    key,
    params,
    text: formatMessage(AUDIT_EXPLANATIONS_EN[key] + (params.weakPart && key !== "excellent" ? AUDIT_EXPLANATIONS_EN.weakest : ""), {
      ...params,
      weakPart: PART_NAMES_EN[params.weakPart as AuditPart] ?? "",
    }),
  };
}

const PART_NAMES_EN: Record<AuditPart, string> = {
  title: "title",
  tags: "tags",
  description: "description",
  altTexts: "alt texts",
  photos: "photos",
  bullets: "bullet points",
  searchTerms: "search terms",
  itemSpecifics: "item specifics",
};

/** The score alone (no fix is tried): for lists and sorting. */
export function auditScore(input: AuditInput): { score: number; grade: Grade } {
  const n = normalize(input);
  const score = scoreOf(n.platform, collect(n));
  return { score, grade: gradeOf(score) };
}

/**
 * The score, the grade and the ids of the findings, without trying each fix: what a cache of many listings
 * keeps (My Shop). The same score and ids as auditListing, at a fraction of its time.
 */
export function auditSummary(input: AuditInput): { score: number; grade: Grade; findingIds: string[] } {
  const n = normalize(input);
  const candidates = collect(n);
  const score = scoreOf(n.platform, candidates);
  return { score, grade: gradeOf(score), findingIds: [...new Set(candidates.map((c) => c.id))] };
}

/** The listing with a fix applied. */
export function applyFix<T extends AuditInput>(input: T, fix: AuditFix): T {
  return { ...input, ...fix.patch };
}

/** A title part left as one small word ("... - Her"): what a careless cut or symbol fix leaves behind. */
const danglingSegment = (title: string) => titleSegments(title).some((s) => wordsOf(s).length === 1 && !isContentWord(wordsOf(s)[0]) && !/\d/.test(s));

/** A part's words, for the claims check. */
const partText = (n: Normal, part: string): string => {
  const value = (n as unknown as Record<string, unknown>)[part];
  if (typeof value === "string") return value;
  if (Array.isArray(value)) return value.map((v) => (typeof v === "string" ? v : `${(v as ItemSpecific).name}: ${(v as ItemSpecific).value}`)).join("\n");
  return "";
};

/**
 * Whether a fix puts a claim into a part that the seller's words do not support (issue 24): measured
 * against what they gave Listora (`original`, the Create prompt) or, for their own listing, its words
 * before the fix. A claim the part already made is not the fix's.
 */
function addsClaims(n: Normal, next: Normal, patch: AuditFix["patch"]): boolean {
  // The seller's words: what they gave Listora, or their own listing; their selected keywords either way.
  const own = n.original || [n.title, n.description, ...n.tags, ...n.altTexts, ...n.bullets, n.searchTerms, ...n.itemSpecifics.map((s) => `${s.name}: ${s.value}`)].join("\n");
  const source = `${own}\n${n.keywords.join("\n")}`;
  // Only what the fix wrote is read: the lines, sentences and title parts the part did not have. Most
  // fixes only remove, cut or reorder, and write nothing new.
  const written: [string, string][] = [];
  // The digital note on a listing whose own words make it digital says what they say.
  const note = n.digital && !n.original ? new Set(chunksOf(DIGITAL_NOTE)) : undefined;
  for (const part of Object.keys(patch)) {
    const before = new Set(chunksOf(partText(n, part)));
    const fresh = chunksOf(partText(next, part)).filter((c) => !before.has(c) && !note?.has(c));
    if (fresh.length) written.push([part, fresh.join("\n")]);
  }
  // First against a sheet that supports nothing (it finds every claim the seller's sheet could flag);
  // the seller's fact sheet is read only when the new words make a claim.
  const suspect = written.filter(([, fresh]) => claimsAgainstFacts(fresh, NO_FACTS(), source).length > 0);
  if (!suspect.length) return false;
  const sheet = factSheetOf(source, n.platform);
  return suspect.some(([part, fresh]) => {
    const had = new Set(claimsAgainstFacts(partText(n, part), sheet, source).map((c) => c.phrase.toLowerCase()));
    return claimsAgainstFacts(fresh, sheet, source).some((c) => !had.has(c.phrase.toLowerCase()));
  });
}
/** A part's text as lines, sentences and title parts, in lower case. */
const chunksOf = (text: string) =>
  text
    .toLowerCase()
    .split(/\n|(?<=[.!?])\s+|\s[-–|]\s|,\s/)
    .map((c) => c.trim())
    .filter(Boolean);
let noFacts: FactSheet | undefined;
const NO_FACTS = () => (noFacts ??= extractFacts({ text: "" }));

/**
 * Whether a finding left after a fix is smaller than before: a lower penalty, or fewer missing (a
 * partial fill of the empty tag slots is progress when the listing's words give too few phrases for all).
 */
function improved(before: Candidate, after: Candidate): boolean {
  if (after.penalty < before.penalty) return true;
  const was = before.params.missing;
  const now = after.params.missing;
  return typeof was === "number" && typeof now === "number" && now < was;
}

/**
 * Whether a fix makes the listing better and nothing worse: its finding is gone (or smaller), the score
 * rises, no other error or warning appears, no fact the patched parts said is lost, no relevant tag is
 * replaced, no claim the seller's words do not support is added, and no title part is left as a lone small word.
 */
function fixHolds(n: Normal, c: Candidate, before: Candidate[], score: number): boolean {
  const fix = c.fix as AuditFix;
  const patch = fix.patch;
  const next = normalize(applyFix(toInput(n), fix));
  const after = collect(next, true);
  const left = after.find((a) => a.id === c.id);
  if (left && !improved(c, left)) return false;
  // Every fix the seller is offered raises the score they see.
  if (!(scoreOf(n.platform, after) > score)) return false;
  const had = new Set(before.map((b) => b.id));
  // Removing tags that match nobody, or that claim what the seller never said, may leave empty slots: no worse for the seller, and said as such.
  if (c.id === "tags.irrelevant" || c.id === "tags.unsupported-claims") had.add("tags.unused");
  // Taking out an untrue claim may leave a part shorter than advised: a warning where there was an error, and the score rose.
  if (c.id.endsWith(".unsupported-claims")) for (const id of ["title.thin", "description.too-short"]) had.add(id);
  // Tags that claim the same untrue thing the title no longer says now also match nothing in it: the same fault, already an error.
  if (c.id === "title.unsupported-claims" && had.has("tags.unsupported-claims")) had.add("tags.irrelevant");
  // No new error or warning (a new tip, such as a title phrase to add as a tag, is advice, and the score still rose).
  if (after.some((a) => !had.has(a.id) && a.severity !== "tip")) return false;
  if (addsClaims(n, next, patch)) return false;
  const cuts = c.id === "title.too-long" || c.id === "title.long" || c.id === "bullets.too-long" || c.id === "altTexts.too-long";
  if (!cuts) {
    if (patch.title !== undefined && droppedFacts(factsOfMemo(n.title), next.title).length) return false;
    if (patch.description !== undefined && droppedFacts(factsOfMemo(n.description), next.description).length) return false;
  }
  if (patch.title !== undefined && danglingSegment(next.title)) return false;
  if (patch.tags !== undefined && c.id !== "tags.too-many" && c.id !== "tags.too-long" && c.id !== "tags.not-used" && c.id !== "searchTerms.missing") {
    const key = (tag: string) => canonTag(tidy(tag.replace(ETSY_TAG_DISALLOWED, " ")).replace(/^[\s\-']+/, ""));
    const now = new Set(next.tags.map(key));
    const removes = new Set((c.removes ?? []).map(key));
    if (relevantTags(n, n.tags).some((t) => !now.has(key(t)) && !removes.has(key(t)))) return false;
  }
  return true;
}

export function auditListing(input: AuditInput): AuditReport {
  const n = normalize(input);
  GROUP_CACHE.clear();
  const candidates = collect(n);
  const score = scoreOf(n.platform, candidates);
  const checked = candidates.map((c) => {
    const fix = fixOf(c);
    return fix && fixHolds(n, { ...c, fix }, candidates, score) ? { ...c, fix } : { ...c, fix: undefined };
  });
  const findings = checked
    .sort((a, b) => SEVERITY_ORDER[a.severity] - SEVERITY_ORDER[b.severity] || (PART_ORDER.get(a.part) ?? 0) - (PART_ORDER.get(b.part) ?? 0) || a.id.localeCompare(b.id))
    .map(toFinding);
  return {
    platform: n.platform,
    score,
    grade: gradeOf(score),
    findings,
    counts: {
      errors: findings.filter((f) => f.severity === "error").length,
      warnings: findings.filter((f) => f.severity === "warning").length,
      tips: findings.filter((f) => f.severity === "tip").length,
    },
    parts: partPoints(n.platform, candidates).map((p) => ({ ...p, points: Math.round(p.points) })),
    explanation: explain(n.platform, candidates, score),
  };
}
