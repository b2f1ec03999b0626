/**
 * The fact sheet of a listing (issue 24, decision 0030): what the seller said about the product, read
 * once from their own text (the Create prompt, an imported row, a pattern), in English or Turkish.
 * Every writer works from it, the claims check reads it, and the seller sees it as "Facts we used".
 *
 * Pure and linear: each expression is a flat alternation or a bounded run (no nested unbounded
 * quantifiers), and no DOM or Node API is used, so the same code runs in the Worker and the browser.
 */
import { readDigital } from "../listings/digital";
import { detectLanguage, isStopWord, readProduct } from "../listings/phrases";
import { escapeRegExp, foldCase, inName } from "./language";
import { EBAY_COUNTRIES } from "./places";
import { isDevice, isFoodPackaging } from "./devices";

export type FactLang = "en" | "tr";

export type Craft = "knit" | "crochet" | "sewn" | "embroidered" | "woven" | "macrame" | "quilted" | "hand-painted" | "hand-thrown" | "carved" | "beaded" | "printed" | "cross-stitch";

export interface Material {
  name: string;
  /** The share the seller gave ("100% merino wool" → 100). */
  percent?: number;
}

interface PartMaterial {
  material: string;
  /** The part ("buttons", "düğme"). */
  part: string;
  /** The material and the part as a listing states them ("wooden buttons", "ahşap düğme"). */
  phrase: string;
}

export interface FactSheet {
  language: FactLang;
  platform: string;
  /** The product as the seller named it ("bamboo cutting board"). */
  product: string;
  /** Its noun ("board"). */
  head: string;
  craft?: Craft;
  /** What the product is made of (not its parts: "wooden buttons" is not the cardigan's material). */
  materials: Material[];
  /** Materials of a part, as the seller wrote them ("wooden buttons", "ahşap düğme", "brass buckle"). */
  partMaterials: PartMaterial[];
  /** The item's own measures as written, each once ("15x10", "12x8", "9x6 inches", "2.5 qt", "350 ml"): never a part's or what it fits. */
  measures: string[];
  /** The dimension the seller named right before a measure ("34 in" → "bust" of "Bust 34 in"); said with it, so three numbers are not three sizes. */
  measureLabels?: Record<string, string>;
  /** A measure of a part or of what the item fits, with the words that say whose it is ("1.2 mm raised bezel", "strap width 4 cm", "fits pots up to 8 inches"). */
  details: string[];
  /** Garment and item sizes ("S-XL", "one size", "0-3 months", "A4"). */
  sizes: string[];
  /** Hook and needle sizes of a pattern or a kit ("3 mm hook", "5 mm needles"). */
  tools: string[];
  /** Counts and sets ("set of 3", "pack of 10", "3 adet"). */
  counts: string[];
  brand?: string;
  /** Model and catalogue numbers ("#403", "SX-70", "model 1234"). */
  models: string[];
  /** Era words ("1970s", "mid-century", "antique"). */
  era: string[];
  vintage: boolean;
  /** Condition phrases ("used marks", "no chips", "new with tags"). */
  condition: string[];
  colours: string[];
  /** The item's pattern or design as the seller named it ("Snowflake", "Old Country Roses", "Floral", "Çizgili"). */
  designs: string[];
  /** Care as written ("hand wash only", "dishwasher safe"). */
  care: string[];
  personalised: boolean;
  /** What can be personalised ("initials", "name"). */
  personalisation: string[];
  /** What comes with it, as written ("juice groove", "a gift box"). */
  included: string[];
  /** File formats of a digital item ("PDF", "SVG"). */
  formats: string[];
  /** The tool a digital file is edited in ("Canva"). */
  editor?: string;
  digital: boolean;
  /** A pattern (instructions to make the item), sold as a file or a printed booklet. */
  pattern: boolean;
  handmade: boolean;
  /** Gift occasions and recipients the seller named ("birthday", "for mom"); never an audience. */
  occasions: string[];
  /** Who the product is for ("for women", "kids", "kadın"): an audience, not an occasion or a gift. */
  audiences: string[];
  /** The seller said it is a gift or gift-ready. */
  gift: boolean;
  /** What the product fits or works with, as the seller named it ("iPhone 15 Pro", "Instant Pot 6 qt", "Goodnotes"). */
  fits: string[];
  /** How it smells, as the seller named it ("sandalwood and vanilla", "lavender", "lavanta", "unscented"). */
  scents?: string[];
  /** The second piece the product is named with ("saucer" of "teacup and saucer"): part of what is sold, so part of its name. */
  pairedWith?: string;
  /** The country the seller said it was made in ("England", "Turkey", "Türkiye"). */
  origin?: string;
  /** Skill level of a pattern ("beginner", "kolay"). */
  skill?: string;
  /** Pattern terms ("US terms", "UK terms"). */
  terms?: string;
}

export interface FactInput {
  text: string;
  title?: string;
  tags?: string[];
  platform?: string;
  language?: FactLang;
  /** The seller's corrections from "Facts we used", applied over what was read. */
  corrections?: Partial<FactSheet>;
}

const B = "(?<![\\p{L}\\p{N}])";
const E = "(?![\\p{L}\\p{N}])";
// Run on lower-case text: no "i" flag, whose Unicode case folding makes large alternations slow to compile.
const re = (body: string, flags = "u") => new RegExp(`${B}(?:${body})${E}`, flags);
const reAll = (body: string, flags = "gu") => new RegExp(`${B}(?:${body})${E}`, flags);
const lowerOf = (s: string, lang: FactLang) => s.toLocaleLowerCase(lang === "tr" ? "tr" : "en");
const uniq = (list: string[]) => {
  const seen = new Set<string>();
  return list.filter((x) => {
    const k = foldCase(x).replace(/\s+/g, " ");
    if (!x || seen.has(k)) return false;
    seen.add(k);
    return true;
  });
};
const clean = (s: string) => s.replace(/\s+/g, " ").trim();

/** The language of a text: the one rule the writers and the rules share (shared/listings/phrases.ts). */
export const factLanguage = (text: string): FactLang => detectLanguage(text);

// ---- Measures ------------------------------------------------------------------------------------

const NUM = "\\d+(?:[.,]\\d+)?";
const UNIT =
  'inches|inch|in\\.|in|cm|mm|ml|fl\\.? ?oz|oz|ounces?|qt|quarts?|pt|pints?|cups?|l|lt|litres?|liters?|litre|g|gr|grams?|kg|lbs?|lb|ft|feet|yards?|yds?|m|metres?|meters?|mt|santim|gsm|carats?|ctw|cttw|"|″';
const DIMENSION = new RegExp(`${B}${NUM} ?[x×] ?${NUM}(?: ?[x×] ?${NUM})?(?: ?(?:${UNIT})(?![\\p{L}]))?`, "giu");
// (Not a unit inside a part number: "1165G" of "i7-1165G7" is no weight.)
// (Nor the lower figure of a fraction: "2 inch" of "1/2 inch chuck".)
const SINGLE = new RegExp(`${B}(?<!\\d\\/)${NUM} ?(?:${UNIT})(?![\\p{L}\\p{N}])`, "giu");
/** A fraction of an inch, whole ("1/2 inch chuck", "4 3/8 in"): tools and fittings are measured so. */
const FRACTION = new RegExp(`${B}(?:\\d{1,2} )?\\d{1,2}\\/\\d{1,2} ?(?:inches|inch|in\\.|in|")(?![\\p{L}\\p{N}])`, "giu");
/** A range kept whole ("14-18 inches", "14 to 18 in", "14–18 cm"): its upper end alone is not the seller's measure. */
const RANGE = new RegExp(`${B}${NUM} ?(?:${UNIT})? ?(?:-|–|—|to|ile|ila) ?${NUM} ?(?:${UNIT})(?![\\p{L}])`, "giu");
/** Sizes offered as a list before one unit ("16, 18 or 20 inch", "1.5, 3 and 5 quart", "40, 50 veya 60 cm"): kept whole, each is the seller's. */
// (Linear: an item has no decimal comma, so a comma is always the list's, and a match starts only at a list's first figure,
// never after another figure and its comma.)
const LIST_NUM = "\\d+(?:\\.\\d+)?";
const LIST = new RegExp(`(?<![\\p{L}\\p{N}.,]|\\d, ?)${LIST_NUM}(?:, ?${LIST_NUM})*,? (?:or|and|ve|veya|ya da) ${LIST_NUM} ?(?:${UNIT})(?![\\p{L}])`, "giu");
const LIST_ONE = new RegExp(LIST.source, "iu");

/** The list of sizes a text holds ("16 or 18 inch" of "16 or 18 inch chain"), if any. */
export function sizeListIn(text: string): string | undefined {
  return LIST_ONE.exec(text)?.[0];
}

const LIST_WHOLE = new RegExp(`^(${LIST_NUM}(?:, ?${LIST_NUM})*),? (?:or|and|ve|veya|ya da) (${LIST_NUM})( ?)(${UNIT})$`, "iu");

/** The sizes of a list measure, each with the unit ("16, 18 or 20 inch" → "16 inch", "18 inch", "20 inch"); any other measure alone. */
export function measureItems(m: string): string[] {
  const list = LIST_WHOLE.exec(m.trim());
  if (!list) return [m];
  return [...list[1].split(/, ?/), list[2]].map((n) => `${n}${list[3]}${list[4]}`);
}

/** A single measure or a range, a list or a range first. */
const ONE_OR_RANGE = new RegExp(`${FRACTION.source}|${LIST.source}|${RANGE.source}|${SINGLE.source}`, "giu");

/** The first measure of a text (no "g" flag: no state between calls). */
const ONE_MEASURE = new RegExp(`${DIMENSION.source}|${RANGE.source}|${SINGLE.source}`, "iu");

/** A measure's comparable form: "15 x 10 in" → "15x10in", "2,5 lt" → "2.5l". */
export function normalMeasure(m: string): string {
  return (
    m
      .toLowerCase()
      .replace(/×/g, "x")
      .replace(/(\d),(\d)/g, "$1.$2")
      // A range reads one way: "14 to 18 in", "14–18 in" and "14 ile 18 cm" are "14-18".
      .replace(/(\d)\s*(?:-|–|—|to|ile|ila)\s*(?=\d)/g, "$1-")
      .replace(/\s+/g, "")
      .replace(/inches|inch|in\.|″|"/g, "in")
      .replace(/litres|liters|litre|liter|lt/g, "l")
      .replace(/grams|gram|gr/g, "g")
      .replace(/quarts|quart/g, "qt")
      .replace(/santim/g, "cm")
  );
}

/** The numeric core of a measure ("9x6 inches" → "9x6"): what must be in a listing that keeps it. */
export function measureCore(m: string): string {
  const n = normalMeasure(m);
  const dims = /^[\d.]+x[\d.]+(?:x[\d.]+)?/.exec(n);
  return dims ? dims[0] : n;
}

const TOOL_AFTER = /^ ?(?:[\p{L}-]{1,12} )?(?:crochet )?(?:hook|hooks|needles?|dpns?|circular needles?|tığ|tığı|şiş|şişi|şişler|şişle)(?![\p{L}])/iu;

/** Measures that are tools ("a 3 mm hook", "5 mm needles"), not sizes of the item. */
function toolsOf(text: string): string[] {
  const out: string[] = [];
  for (const m of text.matchAll(ONE_OR_RANGE)) {
    const after = text.slice((m.index ?? 0) + m[0].length, (m.index ?? 0) + m[0].length + 40);
    const hit = TOOL_AFTER.exec(after);
    if (hit) out.push(clean(`${m[0]}${hit[0]}`));
  }
  return uniq(out);
}

/** Every measure once, with the place it is first written (its owner is read there: decision 0066). */
/** A dimension named right before a measure ("Bust 34 in", "waist: 27 in", "Boy: 56 cm"). */
const MEASURE_LABEL =
  /(?<![\p{L}])(bust|chest|waist|hips?|length|width|height|depth|diameter|inseam|rise|shoulders?|sleeves?|pit to pit|göğüs|bel|basen|kalça|boy|boyu|eni|yükseklik|genişlik|uzunluk|derinlik|çap|omuz)\s?:?\s?$/iu;

/** The dimensions of a body a garment is measured against. */
const BODY_LABEL = /^(?:bust|chest|waist|hips?|inseam|rise|shoulders?|pit to pit|göğüs|bel|basen|kalça|omuz)$/u;

/** A dimension named right after a measure ("180 cm wide", "75 cm high"), as the label it is. */
const MEASURE_LABEL_AFTER = /^\s?(wide|deep|high|tall|long|across|diameter|in diameter)(?![\p{L}])/iu;
const LABEL_OF_AFTER: Record<string, string> = { wide: "width", deep: "depth", high: "height", tall: "height", long: "length", across: "diameter", diameter: "diameter", "in diameter": "diameter" };

/** The labels of the item's own measures, where the seller wrote one before each of two or more (the first place each measure stands). */
function measureLabelsOf(body: string, placed: { at: number; text: string }[], own: string[]): { measureLabels?: Record<string, string> } {
  const labels: Record<string, string> = {};
  for (const m of own) {
    const at = placed.find((p) => p.text === m)?.at;
    const after = at === undefined ? undefined : MEASURE_LABEL_AFTER.exec(body.slice(at + m.length, at + m.length + 16))?.[1];
    const label = at === undefined ? undefined : (MEASURE_LABEL.exec(body.slice(Math.max(0, at - 16), at))?.[1] ?? (after ? LABEL_OF_AFTER[after.toLowerCase()] : undefined));
    if (label) labels[m] = label.toLocaleLowerCase(/[ğüşıöç]/u.test(label) ? "tr" : "en");
  }
  // One measure needs no name to tell it from another ("Ölçü: 15 cm", not "Ölçü: boyu 15 cm"), unless the name says it is
  // a body's ("chest 100 cm" of a sweater in size M): the wearer's fit, never the item's size.
  const body1 = Object.values(labels).some((l) => BODY_LABEL.test(l));
  return Object.keys(labels).length >= 2 || body1 ? { measureLabels: labels } : {};
}

function measurePlaces(text: string): { at: number; text: string }[] {
  const out: { at: number; text: string }[] = [];
  const taken: [number, number][] = [];
  for (const m of text.matchAll(DIMENSION)) {
    out.push({ at: m.index ?? 0, text: clean(m[0]) });
    taken.push([m.index ?? 0, (m.index ?? 0) + m[0].length]);
  }
  for (const m of text.matchAll(ONE_OR_RANGE)) {
    const at = m.index ?? 0;
    // ("Galaxy S21 5G", "Seamaster Professional 300M": words of a name, no measures.)
    if (taken.some(([a, b]) => at >= a && at < b) || inName(text, at, m[0])) continue;
    out.push({ at, text: clean(m[0]) });
  }
  // "in." at a sentence's end is "in": the full stop is the sentence's.
  const seen = new Set<string>();
  return out
    .sort((a, b) => a.at - b.at)
    .map((m) => ({ at: m.at, text: m.text.replace(/(?<=\d ?in)\.$/, "") }))
    .filter((m) => {
      const k = foldCase(m.text).replace(/\s+/g, " ");
      if (!m.text || seen.has(k)) return false;
      seen.add(k);
      return true;
    });
}

// ---- Whose measure: the item's, a part's, or what it fits (decision 0066) ------------------------

/** Parts a measure can belong to ("a 1.2 mm raised bezel", "strap width 4 cm", "3 mm kenar"): never the item's size. */
const MEASURE_PART =
  /^(?:bezels?|lips?|rims?|edges?|borders?|straps?|bands?|handles?|walls?|spouts?|openings?|holes?|slots?|cords?|cables?|beads?|stones?|gemstones?|birthstones?|crystals?|pearls?|charms?|buckles?|clasps?|heels?|soles?|brims?|pockets?|cuffs?|hems?|fringe|tassels?|legs?|blades?|lens(?:es)?|extenders?|pendants?|magnets?|wicks?|ribbons?|zippers?|margins?|trim|lining|frames?|lids?|wheels?|chucks?|shanks?|nozzles?|arbors?|spindles?|mandren|kenar|çeper|sap|kulp|kayış|kordon|boncuk|taş|topuk|cep|çerçeve|kapak|ağız|delik|fitil|kurdele|fermuar|toka|ayak|tekerlek|ip)(?:ı|i|u|ü|sı|si|su|sü|lı|li|lu|lü|ları|leri)?$/u;
/** A dimension's word, before ("strap width 4 cm") or after ("3 cm wide straps", "3 mm kenar kalınlığı") its measure. */
const DIMENSION_WORD =
  /^(?:width|thickness|height|length|depth|diameter|size|wide|thick|high|tall|long|deep|genişliği|kalınlığı|yüksekliği|uzunluğu|derinliği|çapı|genişlik|kalınlık|yükseklik|uzunluk|çap)$/u;
/** Words that end the run between a measure and its part ("a 30 cm board with handles": the board's). */
const MEASURE_RUN_STOP = /^(?:and|or|with|for|to|in|on|of|x|by|ve|ile|veya|each|per|adet|tane)$/u;
/** What a wearer's body measures is the worn item's size ("fits necks 14-18 inches", "fits wrists 6-7 in"). */
const BODY_WORDS = /^(?:necks?|wrists?|waists?|heads?|chests?|busts?|hips?|fingers?|ankles?|arms?|feet|foot|boyun|bilek|bel|baş|kafa|göğüs|kalça|parmak)$/u;
/** "fits", "for", "compatible with", "holds" (pots up to) within the last four words of the clause before a measure. */
const FIT_BEFORE = /(?:^|\s)(fits?|for|compatible with|suits?|designed for|made for|holds?)((?:\s+[\p{L}'’-]+){0,3})\s*$/iu;

const squashMeasure = (s: string) => s.toLowerCase().replace(/[\s,]+/g, "");

/**
 * The item's own measures and, apart, a measure that belongs to a part ("1.2 mm raised bezel",
 * "strap width 4 cm") or to what the item fits ("fits 45 mm", "fits pots up to 8 inches"); a measure
 * inside a fitted target ("Apple Watch 41 mm") is the target's. A bare "fits 45 mm" completes the one
 * target the seller named ("Apple Watch" → "Apple Watch 45 mm").
 */
function measureRoles(body: string, measures: string[], places: Map<string, number>, head: string, fits: string[], lang: FactLang): { own: string[]; details: string[]; fits: string[] } {
  const own: string[] = [];
  const details: string[] = [];
  let targets = [...fits];
  const headStem = head.split(" ").pop() ?? "";
  for (const m of measures) {
    if (targets.some((t) => squashMeasure(t).includes(squashMeasure(m)))) continue;
    // A paper's or fabric's weight ("300 gsm") is what it is made of, never its size.
    if (/gsm$/iu.test(m)) {
      details.push(m);
      continue;
    }
    const at = places.get(m);
    // A depth a watch or a device keeps water out to ("200m water resistant", "water resistant to 100 m", "WR 50m") is
    // a rating, never its size: a detail said whole.
    if (at !== undefined && /^\d+ ?(?:m|ft|atm|bar)$/iu.test(m)) {
      const around = body.slice(Math.max(0, at - 30), at + m.length + 30);
      const rating = new RegExp(
        `(?:water[- ]resist(?:ant|ance)|waterproof|wr)(?: to| up to)? ${escapeRegExp(m)}|${escapeRegExp(m)} (?:water[- ]resist(?:ant|ance)|waterproof|wr)(?![\\p{L}])`,
        "iu",
      ).exec(around);
      if (rating) {
        details.push(rating[0]);
        continue;
      }
    }
    if (at === undefined) {
      own.push(m);
      continue;
    }
    // The clause around the measure (a decimal point is no clause's end).
    const before = (
      body
        .slice(Math.max(0, at - 80), at)
        .split(/[,;\n(]|\.(?=\s|$)/u)
        .pop() ?? ""
    ).trim();
    const after = (body.slice(at + m.length, at + m.length + 80).split(/[,;\n)]|\.(?=\s|$)/u)[0] ?? "").trim();
    const next = after.split(/\s+/).filter(Boolean).slice(0, 4);
    // A part right after it, with at most two describing words between ("1.2 mm raised bezel", "3 cm wide cotton straps").
    let part = -1;
    for (let k = 0; k < Math.min(3, next.length); k++) {
      const w = lowerOf(next[k].replace(/[^\p{L}'’-]+$/u, ""), lang);
      // (A lens's aperture, "f/1.8", stands between its focal length and "lens".)
      if (/^f\/\d/u.test(w)) continue;
      if (!w || MEASURE_RUN_STOP.test(w) || /\d/.test(w) || sameNoun(w, headStem)) break;
      if (MEASURE_PART.test(w)) {
        part = k;
        break;
      }
    }
    if (part >= 0) {
      const dim = next[part + 1] && DIMENSION_WORD.test(lowerOf(next[part + 1].replace(/[^\p{L}]+$/u, ""), lang)) ? 1 : 0;
      details.push(clean(`${m} ${next.slice(0, part + 1 + dim).join(" ")}`).replace(/[.:]+$/, ""));
      continue;
    }
    // A part right before it ("strap width 4 cm", "bezel: 1.2 mm", "handle 12 cm").
    const prev = before.replace(/:$/, "").trim().split(/\s+/).filter(Boolean);
    const last = lowerOf(prev[prev.length - 1] ?? "", lang);
    const partBefore =
      MEASURE_PART.test(last) && !sameNoun(last, headStem)
        ? 1
        : DIMENSION_WORD.test(last) && MEASURE_PART.test(lowerOf(prev[prev.length - 2] ?? "", lang)) && !sameNoun(lowerOf(prev[prev.length - 2] ?? "", lang), headStem)
          ? 2
          : 0;
    if (partBefore) {
      details.push(clean(`${prev.slice(-partBefore).join(" ")} ${m}`));
      continue;
    }
    // A part named first in the brackets the measure stands in ("birthstones (Swarovski crystals, 3mm)"), read within 60 characters.
    const near = body.slice(Math.max(0, at - 60), at);
    const open = near.lastIndexOf("(");
    const inBrackets =
      open >= 0 && !near.slice(open).includes(")")
        ? near
            .slice(open + 1)
            .replace(/[,:;]\s*$/u, "")
            .trim()
        : "";
    if (inBrackets && inBrackets.split(/[\s,]+/).some((w) => MEASURE_PART.test(lowerOf(w, lang)) && !sameNoun(lowerOf(w, lang), headStem))) {
      details.push(clean(`${inBrackets} ${m}`));
      continue;
    }
    // What it fits ("fits 45 mm", "fits pots up to 8 inches"); a body's measure is the worn item's size.
    const fit = FIT_BEFORE.exec(before);
    const between = (fit?.[2] ?? "").trim().split(/\s+/).filter(Boolean);
    // ("Holds 350 ml" is the item's own capacity; "holds pots up to 20 cm" is what it fits.)
    const ownCapacity = !!fit && /^holds?$/iu.test(fit[1]) && between.every((w) => /^(?:about|approximately|approx\.?|around|roughly|nearly|up|to|just|over|under)$/iu.test(w));
    if (fit && !ownCapacity && !between.some((w) => BODY_WORDS.test(lowerOf(w, lang)) || /^sizes?$/iu.test(w))) {
      const bare = between.length === 0;
      const open = targets.filter((t) => !/\d/.test(t));
      if (bare && targets.length === 1 && open.length === 1) targets = [`${targets[0]} ${m}`];
      else details.push(clean(`${fit[1]} ${between.join(" ")} ${m}`));
      continue;
    }
    own.push(m);
  }
  return { own, details, fits: targets };
}

// ---- Sizes and counts ----------------------------------------------------------------------------

const SIZE_TOKEN = "\\d?X{0,3}[SML]|X{1,3}L|XXS|\\d{1,2}T|\\d{1,2}(?:[.,]5)?";
/** One size of a list the seller names ("S", "small", "child", "adult L"). */
const SIZE_ITEM = `(?:(?:adult|youth|women'?s|men'?s) (?:${SIZE_TOKEN})|${SIZE_TOKEN}|small|medium|large|child|kids|youth|adult)`;
const SIZES = new RegExp(
  [
    // Shoe sizes in a country's system, one or several ("UK 9 / US 10", "EU 42"), or a range of them ("US 6-9", "UK 6-24").
    // (Not a card's number: "#US1".)
    `${B}(?<!#)(?:UK|US|EU|EUR) ?\\d{1,2}(?:[.,]5)?(?: ?(?:-|–|to) ?\\d{1,2}(?:[.,]5)?(?!\\d))?(?: ?[/,] ?(?:UK|US|EU|EUR) ?\\d{1,2}(?:[.,]5)?){0,2}${E}`,
    // A Turkish shoe size ("40 numara", "38,5 numara").
    `${B}\\d{2}(?:[.,]5)? numara${E}`,
    // Jeans: waist and leg ("W32 L30").
    `${B}W\\d{2}(?: ?[/x]? ?L\\d{2})?${E}(?! ?(?:cm|mm|in|inch|inches|"))`,
    // A run of sizes written with spaces ("sizes S M L XL 2XL 3XL", "sizes 2T 3T 4T 5T"), read whole.
    `${B}sizes? (?:${SIZE_TOKEN})(?: (?:${SIZE_TOKEN})){2,9}${E}`,
    // A list of sizes ("sizes S, M and L", "sizes child, adult S and adult L"), read whole: each one is sold.
    `${B}sizes? ${SIZE_ITEM}(?:, ${SIZE_ITEM})*,? (?:and|or|&) ${SIZE_ITEM}${E}`,
    // A range from one wearer to another ("sizes baby to adult large", "sizes child to adult"), read whole.
    `${B}sizes? (?:from )?(?:newborn|baby|toddler|child|kids|youth|teen|adult)(?: (?:small|medium|large|${SIZE_TOKEN}))? (?:to|-|–) (?:baby|toddler|child|kids|youth|teen|adult)(?: (?:small|medium|large|${SIZE_TOKEN}))?${E}`,
    // "sizes 0-3 months" is read whole by the age alternative below, not as a bare "0-3".
    `${B}sizes? (?:${SIZE_TOKEN}) ?(?:to|-|–) ?(?:${SIZE_TOKEN})${E}(?! (?:months|month|years|yrs|ay|yaş)${E})`,
    // "S-M-L beden", "S-XL beden": every size of the run, read whole.
    `${B}(?:${SIZE_TOKEN})(?: ?(?:-|–|/) ?(?:${SIZE_TOKEN})){1,5} beden${E}`,
    `${B}(?:one size(?: fits most)?|tek beden|standart beden)${E}`,
    `${B}\\d{1,2} ?(?:-|–|to) ?\\d{1,2} (?:months|month|years|yrs|ay|yaş)${E}`,
    `${B}(?:newborn|yenidoğan)${E}`,
    `${B}(?:A[3-6]|US letter|letter size)${E}`,
    // (Not a dimension's first figure: "finished size 30 x 36 inches".)
    `${B}(?:size|beden) (?:${SIZE_TOKEN}|small|medium|large)${E}(?! ?(?:cm|mm|in|inch|inches|"|[x×] ?\\d))`,
    `${B}(?:queen|king|twin|full|double|single) size${E}`,
    // A garment's size said as a clause of its own ("Men's Carhartt hoodie, x-large, grey"; decision 0091).
    `(?<=^[^.\\n]{3,80}?,\\s*)(?:x{1,3}-?large|x{1,2}-?small|XXS|XS|XL|XXL|XXXL|[2-5]XL)(?=\\s*(?:[,.]|$))`,
  ].join("|"),
  "giu",
);
/** Metal words that name a machine's colour ("silver", "gümüş", "rose gold"). */
const METAL_FINISH = /^(?:silver|gold|rose gold|space gr[ae]y|gümüş|altın|gri metalik|metallic silver|champagne)$/u;
const PAPER_SIZE = /^(?:A[0-6]|US letter|letter size)$/iu;
const COUNTS = reAll(
  "(?:sets?|packs?|bundles?|lots?|box(?:es)?) of \\d+|\\d+ ?(?:-| )?(?:pieces?|pc|pcs|pack|count(?! (?:aida|evenweave|fabric|cloth|canvas|etamin|kanaviçe))|ct)(?: set)?|pair of|a pair|\\d+ pairs?|\\d+'?(?:li|lı|lu|lü) (?:set|takım|paket)|\\d+'(?:li|lı|lu|lü)(?= *(?:[,.;]|$))|\\d+ (?:adet|parça|çift)|\\d+(?: [\\p{L}-]+)?(?:(?:,| and|, and| &| ve) \\d+(?: [\\p{L}-]+)?){0,3} (?:sheets|pages|cards|designs|files|patterns|sayfa|tasarım)|\\d+ (?:card )?(?:slots|pockets|compartments)|\\d+ (?:kart )?(?:bölmeli|gözlü|cepli)",
);

// ---- Materials -----------------------------------------------------------------------------------

const MATERIAL_WORDS = [
  "925 sterling silver",
  "sterling silver",
  "14k gold filled",
  "18k gold filled",
  "gold filled",
  "gold plated",
  "14k gold",
  "18k gold",
  "rose gold",
  "stainless steel",
  "cast iron",
  "organic cotton",
  "merino wool",
  "vegan leather",
  "full grain vegetable tanned leather",
  "full grain veg tan leather",
  "full grain leather",
  "full-grain leather",
  "top grain leather",
  "vegetable tanned leather",
  "veg tan leather",
  "genuine leather",
  "soy wax",
  "coconut wax",
  "natural rubber",
  "borosilicate glass",
  "milk glass",
  "faux leather",
  "fine bone china",
  "bone china",
  "lead crystal",
  "crystal",
  "silicone",
  "wicker",
  "microfiber",
  "microfibre",
  "terracotta",
  "silver",
  "gold",
  "brass",
  "copper",
  "titanium",
  "cotton",
  "linen",
  "wool",
  "alpaca",
  "mohair",
  "cashmere",
  "silk",
  "leather",
  "suede",
  "wood",
  "oak",
  "walnut",
  "maple",
  "acacia",
  "olive wood",
  "teak",
  "mahogany",
  "rosewood",
  "cherry wood",
  "beech",
  "ash wood",
  "bamboo",
  "ceramic",
  "stoneware",
  "porcelain",
  "earthenware",
  "clay",
  "polymer clay",
  "glass",
  "resin",
  "beeswax",
  "paper",
  "cardstock",
  "canvas",
  "velvet",
  "denim",
  "muslin",
  "chenille",
  "pearl",
  "pearls",
  "amethyst",
  "rose quartz",
  "lapis lazuli",
  "tiger's eye",
  "tigers eye",
  "quartz",
  "agate",
  "onyx",
  "moonstone",
  "labradorite",
  "citrine",
  "garnet",
  "obsidian",
  "hematite",
  "malachite",
  "aventurine",
  // (A diamond that is a cut, a shape or a craft is none: "diamond cut chain", "diamond painting".)
  "lab grown diamond",
  "lab grown diamonds",
  "lab-grown diamond",
  "diamond",
  "diamonds",
  "moissanite",
  "opal",
  "topaz",
  "peridot",
  "aquamarine",
  "tanzanite",
  "sapphire",
  "ruby",
  "vinyl",
  "acrylic",
  "polyester",
  "nylon",
  "spandex",
  "elastane",
  "viscose",
  "rayon",
  "cork",
  "rubber",
  "rattan",
  "jute",
  "hemp",
  "marble",
  "concrete",
  "enamel",
  "pewter",
  "felt",
  "yarn",
  "plastic",
  "aluminium",
  "aluminum",
  // Turkish
  "925 ayar gümüş",
  "rose altın kaplama",
  "altın kaplama",
  "gümüş kaplama",
  "rodyum kaplama",
  "suni deri",
  "hakiki deri",
  "vegan deri",
  "gümüş",
  "altın",
  "pirinç",
  "bakır",
  "paslanmaz çelik",
  "çelik",
  "organik pamuk",
  "pamuk",
  "keten",
  "merinos yünü",
  "merinos",
  "yün",
  "tiftik",
  "kaşmir",
  "ipek",
  "deri",
  "süet",
  "ahşap",
  "meşe",
  "ceviz",
  "bambu",
  "seramik",
  "porselen",
  "kil",
  "cam",
  "reçine",
  "soya mumu",
  "balmumu",
  "kağıt",
  "kadife",
  "inci",
  "akrilik",
  "polyester",
  "iplik",
  "pamuklu",
  "mermer",
  "keçe",
  "hasır",
  "silikon",
  "kristal",
  "mikrofiber",
  "terakota",
  // Turkish stones ("ametist bileklik", "doğal akik taşı").
  "ametist",
  "pembe kuvars",
  "kuvars",
  "akik",
  "oniks",
  "kaplan gözü",
  "ay taşı",
  "labradorit",
  "sitrin",
  "obsidyen",
  "hematit",
  "malahit",
  "lapis",
];
const MATERIAL_RE = reAll(MATERIAL_WORDS.map((m) => m.replace(/ /g, " ")).join("|"));
const PERCENT_FIRST = reAll("(\\d{1,3}) ?% ?([\\p{L}]{2,20}(?: [\\p{L}]{2,20})?)");
const PERCENT_TR = reAll("% ?(\\d{1,3}) ([\\p{L}]{2,20}(?: [\\p{L}]{2,20})?)");

/** A sentence about the packaging ("sent in a velvet pouch"): its materials are not the product's. */
const PACKAGING = re("pouch|gift box|kraft box|box|bag|envelope|packaging|packaged|wrapped|kese|kesede|kutu|kutuda|ambalaj|paket|gönderilir|shipped in|ships in|arrives in");

// Parts of a product a material can qualify ("wooden buttons", "a brass buckle", "ahşap düğmeli"): the
// material is that part's, not the product's. English parts as written (singular or plural); Turkish
// stems, read with any suffix ("düğmeli", "düğmeleri", "saplı").
const PARTS_EN = [
  "buttons?",
  "twine",
  "handles?",
  "lids?",
  "buckles?",
  "straps?",
  "plates?",
  "chains?",
  "clasps?",
  "zippers?",
  "zips?",
  "toggles?",
  "beads?",
  "cords?",
  "rings?",
  "legs?",
  "feet",
  "base",
  "frames?",
  "knobs?",
  "pulls?",
  "hinges?",
  "hooks?",
  "lining",
  "trim",
  "tassels?",
  "soles?",
  "laces?",
  "spout",
  "stand",
  "stopper",
  "dowels?",
  "rods?",
  "pendant",
  "charms?",
  "caps?",
  "covers?",
  "inserts?",
  "tray",
  "wicks?",
  // What a food or a candle comes in ("12 oz glass jar" of honey is no glass honey; decision 0091).
  "jars?",
  "tins?",
  // An instrument's, a club's or a shoe's parts ("maple neck", "rosewood fretboard", "graphite shaft", "leather uppers").
  "necks?",
  "fretboards?",
  "fingerboards?",
  "bodies",
  "body",
  "shafts?",
  "grips?",
  "uppers?",
  "seats?",
];
const PARTS_TR = [
  "fitil",
  "düğme",
  "çubu[kğ]",
  "sap",
  "kapak",
  "toka",
  "kayış",
  "askı",
  "zincir",
  "kulp",
  "tabla",
  "fermuar",
  "boncuk",
  "halka",
  "kordon",
  "ayak",
  "çerçeve",
  "astar",
  "püskül",
  "menteşe",
  "taban",
  "uç",
  "tepsi",
];
/** Adjectives of material that only ever qualify a part here ("wooden buttons"). */
const PART_ONLY_MATERIALS = ["wooden", "metal", "metallic", "golden", "coconut shell", "horn", "bone", "shell", "tahta"];
const PART_MATERIAL_RE = reAll(
  `(${[...MATERIAL_WORDS, ...PART_ONLY_MATERIALS]
    .slice()
    .sort((a, b) => b.length - a.length)
    .join("|")}) (${PARTS_EN.join("|")}|(?:${PARTS_TR.join("|")})\\p{L}*)`,
);
const TR_PART = new RegExp(`^(${PARTS_TR.join("|")})`, "u");

/** Materials that qualify a part of the product, and the text without them (for the product's own materials). */
function partMaterialsOf(lower: string, head: string): { parts: PartMaterial[]; rest: string } {
  const parts: PartMaterial[] = [];
  let rest = lower;
  const headStem = head.replace(/s$/, "");
  for (const m of lower.matchAll(PART_MATERIAL_RE)) {
    const [whole, material, written] = m;
    const tr = TR_PART.exec(written)?.[1];
    const part = tr ?? written;
    // The product itself ("brass ring" when a ring is sold) is not a part of it.
    if (head && (part.replace(/s$/, "") === headStem || written.startsWith(head))) continue;
    // A part the seller says it does not have ("ahşap saplı değil", "no wooden handle", "without brass buttons").
    const at = m.index ?? 0;
    if (/^\s*(?:değil|yok)/u.test(lower.slice(at + whole.length, at + whole.length + 10)) || /(?:^|[^\p{L}])(?:no|not|without|sans)\s+$/u.test(lower.slice(Math.max(0, at - 10), at))) {
      rest = rest.slice(0, at) + " ".repeat(whole.length) + rest.slice(at + whole.length);
      continue;
    }
    // "gold chain necklace": the part word names the product's kind with the noun after it; the gold is the necklace's.
    const next = /^ ([\p{L}]+)/u.exec(lower.slice((m.index ?? 0) + whole.length))?.[1] ?? "";
    if (headStem && next.replace(/s$/, "") === headStem) continue;
    // A necklace's or bracelet's chain is the piece itself: "14k gold filled chain" is the necklace's gold.
    if (/^(?:chains?|zincir\p{L}*)$/u.test(part) && /^(?:necklace|bracelet|anklet|choker|kolye|bileklik|halhal)/u.test(headStem)) continue;
    // A Turkish stem must be the whole word or carry a suffix ("düğmeli"), not start another word ("sapan").
    if (tr && !/^(?:[lsyn]?[aeıioöuü]\p{L}{0,5})?$/u.test(written.slice(tr.length))) continue;
    const phrase = tr ? `${material} ${tr}` : `${material} ${written}`;
    if (!parts.some((p) => p.phrase === phrase)) parts.push({ material, part, phrase });
    rest = rest.slice(0, m.index) + " ".repeat(whole.length) + rest.slice((m.index ?? 0) + whole.length);
  }
  return { parts, rest };
}

/** A flaw said of a part ("cracked back glass", "chipped enamel", "kırık cam"). */
const FLAWED_PART = /(?<![\p{L}])(?:cracked|chipped|scratched|broken|dented|shattered|kırık|çatlak|çizik)(?![\p{L}])/iu;
/** A clause after the name that says what is broken ("cracked back glass") is the item's condition, not its material (decision 0086). */
const notAFlaw = (clause: string, i: number) => i === 0 || !FLAWED_PART.test(clause);
/** The text without the clauses after its name that say what is broken: what is left names the item's materials. */
export const withoutFlawClauses = (text: string) =>
  text
    .split(/(?<=[.!?\n,;])\s*/u)
    .filter(notAFlaw)
    .join(" ");

function materialsOf(text: string, lang: FactLang, head = ""): Material[] {
  // (Clause by clause: "Sterling silver cufflinks, …, comes in a gift box" loses the box's clause, not its silver.)
  const lower = partMaterialsOf(lowerOf(text, lang), head)
    .rest.split(/(?<=[.!?\n,;])\s*/u)
    .filter(notAFlaw)
    .filter(
      (sentence) =>
        !PACKAGING.test(sentence) ||
        !/(?:in|into|inside|within|içinde|ile) (?:a |an |the )?\p{L}*\s?(?:pouch|box|bag|envelope|kese|kutu)|\p{L}+ (?:kesede|kutuda|kesesinde)|(?:pouch|box|bag|kese|kutu)\p{L}* (?:ile )?gönderilir/iu.test(
          sentence,
        ),
    )
    .join(" ");
  const out: Material[] = [];
  const add = (name: string, percent?: number) => {
    const n = clean(name);
    const existing = out.find((m) => m.name === n || m.name.includes(n) || n.includes(m.name));
    if (existing) {
      if (percent !== undefined && existing.percent === undefined) existing.percent = percent;
      if (n.length > existing.name.length && MATERIAL_WORDS.includes(n)) existing.name = n;
      return;
    }
    out.push({ name: n, ...(percent !== undefined ? { percent } : {}) });
  };
  const percentName = (raw: string) => {
    const two = raw.split(" ");
    const name = MATERIAL_WORDS.includes(raw) ? raw : MATERIAL_WORDS.includes(two[0]) ? two[0] : undefined;
    return name;
  };
  for (const m of lower.matchAll(PERCENT_FIRST)) {
    const name = percentName(m[2]);
    if (name) add(name, Number(m[1]));
  }
  for (const m of lower.matchAll(PERCENT_TR)) {
    const name = percentName(m[2]);
    if (name) add(name, Number(m[1]));
  }
  for (const m of lower.matchAll(MATERIAL_RE)) {
    // "gold" in "gold hoop" is a colour or a material; "rose gold" only after the longer forms.
    if (notTheMaterial(lower, m.index ?? 0, m[0])) continue;
    // A watch's or a clock's crystal is its glass, a part ("Crystal has light scratches").
    if ((m[0] === "crystal" || m[0] === "kristal") && /^(?:watch|clock|saat)/u.test(head)) continue;
    add(m[0]);
  }
  // A material said by its adjective ("a wooden spoon", "woollen mittens") when it describes the product itself.
  for (const m of lower.matchAll(ADJECTIVE_MATERIAL_RE)) {
    const after = lower.slice((m.index ?? 0) + m[0].length, (m.index ?? 0) + m[0].length + 40);
    // The product's noun within the next three words ("wooden world map puzzle"), before any punctuation.
    const next = (/^ ([\p{L}\- ]+)/u.exec(after)?.[1] ?? "").split(" ").filter(Boolean).slice(0, 3);
    // (Or a clause of its own after the product's name: "Baby name sign, wooden, 12 inch".)
    const alone = /^\s*(?:[,.;]|$)/u.test(after) && /(?:^|,)\s*$/u.test(lower.slice(0, m.index ?? 0));
    if (!head || !(alone || next.some((w) => sameNoun(w, head)))) continue;
    // (Only a candle or a melt is made of soy wax: a "soy sauce dish" is not.)
    if (m[0] === "soy" && (alone || !/^(?:candles?|melts?|tealights?|tea lights?)$/u.test(head))) continue;
    add(ADJECTIVE_MATERIALS[m[0]]);
  }
  // A plural and its singular are one material ("pearls", "pearl"); yarn of a fibre named is that fibre ("100% cotton yarn").
  const fibreYarn = (m: Material) => /^(?:yarn|iplik)$/u.test(m.name) && out.some((o) => o !== m && new RegExp(`(?<![\\p{L}])${escapeRegExp(o.name)} (?:yarn|iplik)(?![\\p{L}])`, "u").test(lower));
  return out.filter((m, i) => !(m.name.endsWith("s") && out.some((o, j) => j !== i && o.name === m.name.slice(0, -1))) && !fibreYarn(m));
}

/** Adjectives that say what the product is made of ("a wooden spoon" is made of wood). */
// (A "soy candle" is made of soy wax.)
const ADJECTIVE_MATERIALS: Record<string, string> = { wooden: "wood", woollen: "wool", woolen: "wool", silken: "silk", soy: "soy wax" };
const ADJECTIVE_MATERIAL_RE = reAll(Object.keys(ADJECTIVE_MATERIALS).join("|"));
const sameNoun = (a: string, b: string) => a === b || a.replace(/e?s$/, "") === b.replace(/e?s$/, "");

/**
 * A material word that names what the product is for or a thing of its own, not what it is made of:
 * "leather conditioner", "glass cleaner", "linen spray", "cotton candy", "brass polish", "magnifying
 * glass", "wine glass", "pirinç unu" (rice flour), "deri bakım kremi", "cam silme bezi", "hassas deri".
 */
const NOT_MATERIAL_AFTER = new RegExp(
  `^ (?:${[
    // "hasır görünümlü", "wood effect", "marble look": it looks like the material, it is not made of it (decision 0069).
    "görünümlü",
    "görünüm",
    "desenli",
    "effect",
    "look",
    "style",
    "conditioners?",
    "cleaners?",
    "cleaning",
    "polish",
    "polishing",
    "sprays?",
    "mist",
    "candy",
    "care",
    "wash",
    "balm",
    "cream",
    "dye",
    "paint",
    "glue",
    "filler",
    "stain",
    "cutters?",
    "punch",
    "burning",
    "repair",
    "protector",
    "restorer",
    "shampoo",
    "detergent",
    "softener",
    "scented",
    "scent",
    "fragrance",
    "anniversary",
    "jubilee",
    // "sheet music for brass band": the band plays brass; a "brass band ring" is brass.
    "band(?! (?:rings?|bracelets?|wedding))",
    "quintet",
    "quartet",
    "ensemble",
    "instruments?",
    "yıldönümü",
    "bakım\\p{L}*",
    "temizle\\p{L}*",
    "sil\\p{L}*",
    "cila\\p{L}*",
    "boya\\p{L}*",
    "yapıştırıcı\\p{L}*",
    "unu",
    "un",
    "pilavı",
    "pilav",
    "sütü",
    "sirkesi",
    "kağıdı",
    "lapası",
    "nişastası",
    "spreyi",
    "kokusu",
    "kokulu",
    "şampuanı",
    "koruyucu\\p{L}*",
    "filmi",
    "kenarı",
    "önü",
    "için",
    // "altın yaldızlı", "gold rim", "silver accents": a decoration of the item in the metal, not what it is made of.
    "yaldız\\p{L}*",
    "varak\\p{L}*",
    "kenarlı",
    "rims?",
    "trims?",
    "trimmed",
    "accents?",
    "leaf",
    "gilt",
    "gilded",
    "edged",
    "edging",
  ].join("|")})(?![\\p{L}])`,
  "u",
);
const NOT_MATERIAL_BEFORE = /(?:^|[^\p{L}])(?:magnifying|looking|shot|wine|beer|drinking|pint|hour|spy|field|opera|cocktail|martini|champagne|whisky|whiskey|water|hassas|kuru|yağlı|karma|normal) $/u;
/** Words a material word starts that are no material ("crystal clear"), or that say it is absent ("plastic-free packaging", "plastik içermez"). */
const NOT_MATERIAL_PHRASE = /^(?: clear|[- ]free|[- ]less| içermez| içermeyen| yok)(?![\p{L}])/u;
/** Words before a material word that say it is absent ("no plastic", "without nickel", "zero plastic"). */
const ABSENT_BEFORE = /(?:^|[^\p{L}])(?:no|non|without|zero|sans)[- ]$/u;

function notTheMaterial(lower: string, at: number, word: string): boolean {
  const after = lower.slice(at + word.length, at + word.length + 30);
  const before = lower.slice(Math.max(0, at - 16), at);
  if (NOT_MATERIAL_AFTER.test(after) || NOT_MATERIAL_PHRASE.test(after) || ABSENT_BEFORE.test(before)) return true;
  // A diamond that is a cut, a shape or a craft ("diamond cut chain", "diamond painting"), a gem that is a colour ("ruby red").
  if (/^diamonds?$/u.test(word) && /^ (?:cut|painting|paintings|shape|shaped|dots?|mesh|pattern|plate|blade|stitch|quilt)(?![\p{L}])/u.test(after)) return true;
  if (/^(?:ruby|sapphire|opal|topaz)$/u.test(word) && /^ (?:red|blue|white|green|pink|yellow|colou?r)(?![\p{L}])/u.test(after)) return true;
  // "magnifying glass", "wine glass": the glass is the item; "hassas deri": the skin.
  return /^(?:glass|deri|cam)$/u.test(word) && NOT_MATERIAL_BEFORE.test(before);
}

// ---- What it fits, where it was made -------------------------------------------------------------

/** Brands of devices and appliances an accessory fits (a bare "for X" is compatibility only with one of these, a digit or a camel-case name). */
const DEVICE_BRANDS =
  /^(?:Apple|Samsung|Galaxy|Google|Pixel|Kindle|Kobo|Instant|Ninja|KitchenAid|Kitchenaid|Vitamix|Keurig|Nespresso|Dyson|Cricut|Silhouette|Stanley|Yeti|Hydro|Tesla|Canon|Nikon|Fujifilm|Sony|GoPro|Garmin|Fitbit|Xbox|PlayStation|Nintendo|Switch|Bosch|Makita|DeWalt|Philips|Thermomix|IKEA|Kallax|Lego|LEGO|Polaroid|Instax|Huawei|Xiaomi|Oppo|OnePlus|Motorola|Nokia|Goodnotes|GoodNotes|Notability|Procreate|Canva|Airpods|AirPods|iPhone|iPad|MacBook|iMac|Mr\.)$/u;
/** Words that may continue a compatibility target after its capitalised start ("6 qt", "12-cup", "41 mm and 40 mm"). */
// (A name in camel case: "iPhone", "macOS", "watchOS".)
const TARGET_WORD =
  /^(?:[\p{Lu}\d][\p{L}\p{N}'’+.-]*|\p{Ll}{1,5}[\p{Lu}][\p{L}\p{N}]*|qt|mm|cm|in|inch|inches|oz|l|lt|ml|cup|cups|gen|generation|mini|pro|max|plus|ultra|air|series|\d+(?:st|nd|rd|th))$/u;
const FITS_LEAD = /(?<![\p{L}])(compatible with|fits|fit for|designed for|made for|for use with|works with|suitable for|for)\s+(?:the |all |most |your )?/giu;

/** The capitalised run that starts `text` ("Instant Pot 6 qt" of "Instant Pot 6 qt models, pack of 2"). */
function targetAt(text: string): string {
  const out: string[] = [];
  for (const raw of (text.split("\n")[0] ?? "").split(/\s+/).slice(0, 8)) {
    const word = raw.replace(/[,;:!?)\]]+$/u, "");
    const ends = word !== raw || (/\.$/.test(word) && !/^(?:Mr|Mrs|Dr|St|No)\.$/u.test(word));
    const bare = /^(?:Mr|Mrs|Dr|St|No)\.$/u.test(word) ? word : word.replace(/\.$/, "");
    if (!bare || bare.length > 30) break;
    if (/^(?:and|&|\/)$/u.test(bare) && out.length && !ends) {
      out.push(bare);
      continue;
    }
    if (!TARGET_WORD.test(bare) || (!out.length && !/^[\p{Lu}\d]|^\p{Ll}{1,5}[\p{Lu}]/u.test(bare))) break;
    out.push(bare);
    if (ends) break;
  }
  while (out.length && /^(?:and|&|\/)$/u.test(out[out.length - 1])) out.pop();
  return out.join(" ");
}

/** Occasions, recipients and audiences: "for Christmas 2025", "for Mom", "Anneler Günü için" name no device. */
const NOT_TARGET =
  /^(?:Christmas|Xmas|Easter|Halloween|Thanksgiving|Hanukkah|Diwali|Eid|Ramadan|Valentine'?s?|Mother'?s|Father'?s|Mom|Mum|Dad|Her|Him|Them|Kids|Women|Men|Baby|Babies|Wedding|Birthday|Anniversary|Graduation|Summer|Winter|Spring|Autumn|Fall|Adults?|Teens?|Beginners?|Toddlers?|Yılbaşı|Noel|Anneler|Babalar|Sevgililer|Öğretmenler|Doğum|Düğün|Kadınlar|Erkekler|Bebek|Çocuklar|Ramazan|Bayram|Kurban|New)$/u;

/** A target names a device, an app or a model: a capitalised word, and for a bare "for"/"için" a digit, a camel-case name or a known brand. */
function isTarget(target: string, bare: boolean): boolean {
  const ws = target.split(" ");
  if (NOT_TARGET.test(ws[0])) return false;
  if (!ws.some((w) => /^[\p{Lu}]|^\p{Ll}{1,5}[\p{Lu}]/u.test(w))) return false;
  if (!bare) return true;
  return ws.some((w) => /\d/.test(w) || /^\p{Ll}*\p{Lu}\p{Ll}+\p{Lu}/u.test(w) || /^i\p{Lu}/u.test(w) || DEVICE_BRANDS.test(w));
}

/** The capitalised run that ends `text` ("AirPods Pro 2" of "AirPods Pro 2 ile"), for Turkish "X ile uyumlu", "X için" and English "X compatible". */
function targetBefore(text: string): string {
  const ws = (text.split("\n").pop() ?? "").trimEnd().split(/\s+/);
  const out: string[] = [];
  for (let i = ws.length - 1; i >= 0 && out.length < 6; i--) {
    const word = ws[i].replace(/['’](?:[eaiıuüoö]|y[eaiıuü]|n[ei]n|[dt][ea])$/u, "");
    if (/[,;:.!?(]$/u.test(ws[i]) || word.length > 30 || !TARGET_WORD.test(word)) break;
    out.unshift(word);
  }
  while (out.length && !/^[\p{Lu}\d]|^i[\p{Lu}]/u.test(out[0])) out.shift();
  return out.join(" ");
}

const TR_FITS = /\s(?:ile uyumlu(?:dur)?|uyumlu(?:dur)?|için|compatible)(?![\p{L}])/gu;
const FITS_LABEL = /(?<![\p{L}])(?:fits|compatible with|compatibility|uyumlu|uyumluluk)\s?:\s?([^\n.;]{2,60})/giu;

/** Lower-case nouns of a device, an appliance or a vehicle: "for Peloton bike" names what it fits, whatever the brand (decision 0066). */
const DEVICE_NOUN =
  /^(?:bike|bikes|treadmill|rower|vacuum|hoover|console|controller|phone|tablet|e-reader|ereader|reader|camera|lens|printer|machine|mixer|blender|stroller|pram|car|cars|truck|headphones|earbuds|watch|laptop|keyboard|mouse|speaker|models?|series|oven|fryer|air fryer|grill|kettle|toaster|coffee maker|espresso machine|cooker|pot|robot|drone|scooter|dryer|straightener|trimmer|shaver|toothbrush|charger|remote|router|projector|monitor|tv|television|pen|pencil|stylus|cartridge|pod|pods)$/u;
/** Words that start no device's name after "fits" ("Fits Snugly", "fits Most", "Fits True To Size"). */
const NOT_TARGET_START =
  /^(?:Most|All|Any|Every|Snugly|Perfectly|True|Well|Comfortably|Nicely|Securely|Standard|Small|Medium|Large|Up|Over|Under|Into|In|On|Your|You|Everyone|Everything|One|Size|Sizes|Both|Many|Easily|Great|Perfect|Like|Right|Loosely|Tightly)$|ly$/u;
/** A target whose last word is a person or a group is a recipient ("for Dog Lovers", "for New Puppy Owners", "for Sarah's Team"). */
const RECIPIENT_END =
  /^(?:Lovers?|Owners?|Fans?|Teachers?|Nurses?|Doctors?|Moms?|Mums?|Dads?|Brides?|Grooms?|Friends?|Girls?|Boys?|Women|Men|Ladies|Lady|Gardeners?|Runners?|Cyclists?|Knitters?|Crocheters?|Readers?|Bakers?|Cooks?|Chefs?|Grads?|Graduates?|Couples?|Sisters?|Brothers?|Grandma|Grandpa|Nana|Papa|Parents?|Mothers?|Fathers?|Team|Teams|Family|Families|People|Students?|Kids|Children|Babies|Adults?|Teens?|Toddlers?|Beginners?|Everyone)$/u;
/** Accessories whose "for <Name>" names what they fit ("cover for Peloton", "sleeve for Kobo"): never jewellery or a gift, whose "for" names a person. */
const ACCESSORY_BEFORE_FOR =
  /^(?:case|cases|cover|covers|sleeve|sleeves|skin|skins|mount|mounts|holder|holders|dock|docks|charger|chargers|cable|cables|strap|straps|filter|filters|refill|refills|attachment|attachments|adapter|adapters|protector|protectors|insert|inserts|seal|seals|gasket|gaskets|liner|liners|caddy|organizer|organiser|replacement|replacements|grip|grips|kılıf|kılıfı|kapağı|tutucu|tutucusu)$/u;
/**
 * An accessory's noun after the name of what it fits ("Apple Watch band", "Kindle Paperwhite cover"): the name is a device's, not the item's brand.
 * (A "stand mixer" or a "stand up paddle" is no stand: "KitchenAid Artisan stand mixer" is the maker's own.)
 */
const ACCESSORY_AFTER_NAME =
  /(?<=\s)(?:band|bands|strap|straps|case|cases|cover|covers|sleeve|sleeves|skin|skins|mount|mounts|holder|holders|dock|docks|stand(?! (?:mixers?|up|alone|lamps?|fans?|paddle))|stands|charger|chargers|protector|protectors|grip|grips|kılıfı|kılıf)(?![\p{L}])/giu;
/** People's first names (English and Turkish): after "for"/"için" one of these is whom the item is for, never what it fits ("Phone case for Emma"; decision 0069). */
const FIRST_NAMES = new Set(
  (
    "Emma Olivia Ava Sophia Sophie Isabella Mia Amelia Harper Evelyn Abigail Emily Ella Elizabeth Camila Luna Sofia Avery Mila Aria Scarlett Penelope Layla Chloe Victoria Madison Eleanor Grace Nora Riley Zoey Hannah Hazel Lily Ellie Violet Lillian Zoe Stella Aurora Natalie Emilia Everly Leah Aubrey Willow Addison Lucy Audrey Bella Nova Brooklyn Paisley Savannah Claire Skylar Isla Anna Maya Ruby Alice Freya Florence Poppy Evie Rosie Daisy Molly Jessica Sarah Laura Rachel Rebecca Megan Amy Kate Katie Lauren Charlotte Holly Jade Georgia Phoebe Matilda Elsie Ivy Esme Maisie Imogen Lottie Heidi Mary Jane Julia Clara Eva Nina Lisa Anne " +
    "Liam Noah Oliver Elijah James William Benjamin Lucas Henry Theodore Jack Levi Alexander Mateo Daniel Michael Mason Sebastian Ethan Logan Owen Samuel Jacob Asher Aiden John Joseph Wyatt David Leo Luke Julian Hudson Grayson Matthew Ezra Gabriel Carter Isaac Jayden Luca Anthony Dylan Lincoln Thomas Maverick Elias Josiah Charles Caleb Christopher Ezekiel Miles Jaxon Isaiah Andrew Joshua Nathan Nolan Adrian Cameron Harry George Oscar Archie Alfie Freddie Arthur Charlie Teddie Teddy Finley Reggie Ronnie Albie Tommy Max Ben Tom Sam Joe Adam Ryan Peter Paul Mark Simon " +
    "Elif Zeynep Defne Ecrin Azra Asel Eylül Duru Nehir Ela Meryem Esila Asya Nil Ada Ayşe Fatma Emine Hatice Zehra Merve Büşra Selin İrem Ceren Damla Gizem Buse Ezgi Derya Deniz Yusuf Eymen Ömer Mustafa Mehmet Ahmet Ali Emir Kerem Miraç Aras Çınar Poyraz Alparslan Efe Can Cem Burak Emre Murat Hakan Kaan Arda Baran Berk Mert Barış Umut Onur Serkan Oğuz Eren Batuhan"
  ).split(" "),
);

/** Whether a word is a person's first name of the list above, in any case ("michael", "Elif"). */
export const isFirstName = (word: string) => FIRST_NAMES.has(word) || FIRST_NAMES.has(word.charAt(0).toLocaleUpperCase("tr") + word.slice(1));

/** A text in title case capitalises every word: a capital then proves nothing. */
const isTitleCase = (body: string) => {
  const ws = body.match(/\p{L}[\p{L}'’-]*/gu) ?? [];
  const long = ws.filter((w) => w.length > 3);
  return long.length >= 4 && long.filter((w) => /^\p{Lu}/u.test(w)).length >= long.length * 0.7;
};

/** Words that deny the fit that follows them: "not", "does not", "won't", "never", "no longer" (with one word between at most). */
const DENIED_BEFORE = /(?:(?<![\p{L}])not|n['’]t|(?<![\p{L}])never|(?<![\p{L}])no longer)\s+(?:\p{L}+\s+)?$/iu;

/** What the product fits, as the seller named it (decisions 0063, 0066). */
function fitsOf(body: string): string[] {
  const out: string[] = [];
  const titled = isTitleCase(body);
  const personal = lowerOf(body, "en").search(PERSONAL_RE) >= 0;
  for (const m of body.matchAll(FITS_LABEL)) out.push(clean(m[1].replace(/,\s*$/, "")));
  for (const m of body.matchAll(FITS_LEAD)) {
    // What the seller says it does not fit ("Not compatible with Kindle", "does not fit", "won't work with") is no fit.
    if (DENIED_BEFORE.test(body.slice(Math.max(0, (m.index ?? 0) - 24), m.index ?? 0))) continue;
    const rest = body.slice((m.index ?? 0) + m[0].length);
    const target = targetAt(rest);
    if (!target) continue;
    const ws = target.split(" ");
    if (NOT_TARGET_START.test(ws[0]) || RECIPIENT_END.test(ws[ws.length - 1])) continue;
    // A person's first name alone ("for Emma", "for Oliver's") is whom it is for, whatever comes before it.
    if (ws.length === 1 && FIRST_NAMES.has(ws[0].replace(/['’]s$/u, ""))) continue;
    // "compatible with", "for use with" and "works with" name a target whatever it is; so does "fits" in a text
    // that is not title case ("fits Breville Barista Express"). A bare "for" needs a digit, a camel-case name, a
    // known brand or the device's noun after the name ("for Peloton bike"); "Suitable For Beginners", "Fits Most
    // Adults" in a title-case text are no target.
    const lead = m[1].toLowerCase();
    const named = /^(?:compatible with|for use with|works with)$/u.test(lead) || (/^fits?$/u.test(lead) && !titled);
    const noun = /^\s*([\p{Ll}][\p{Ll}-]*(?: [\p{Ll}]+)?)/u.exec(rest.slice(rest.indexOf(target) + target.length));
    const device = !!noun && (DEVICE_NOUN.test(noun[1]) || DEVICE_NOUN.test(noun[1].split(" ")[0]));
    // An accessory named right before "for" fits what follows ("Foam roller cover for Peloton"); a one-word name
    // after it in a personalised text is a person's ("Personalised phone case for Emma").
    const before = /([\p{L}]+)\s+$/u.exec(body.slice(Math.max(0, (m.index ?? 0) - 30), m.index ?? 0))?.[1] ?? "";
    const accessory = lead === "for" && ACCESSORY_BEFORE_FOR.test(before.toLowerCase()) && !(ws.length === 1 && personal);
    // The device's noun belongs to the name it proves ("Peloton Bike"): a title says "for Peloton Bike", not "for Peloton, Bike".
    if (!isTarget(target, !named && !device && !accessory)) continue;
    out.push(device && !named && !isTarget(target, true) && noun ? `${target} ${noun[1]}` : target);
    // A list of what it fits ("for MacBook, iPhone 15 and Galaxy S24"): each named device after the first, read the same way.
    let after = rest.slice(rest.indexOf(target) + target.length);
    for (let more = /^\s*(?:,\s*(?:and |or |& )?|\s(?:and|or|&)\s)/u.exec(after); more; more = /^\s*(?:,\s*(?:and |or |& )?|\s(?:and|or|&)\s)/u.exec(after)) {
      const next = targetAt(after.slice(more[0].length));
      if (!next || !isTarget(next, true)) break;
      out.push(next);
      after = after.slice(more[0].length + next.length);
    }
  }
  for (const m of body.matchAll(TR_FITS)) {
    if (/^\s*değil/u.test(body.slice((m.index ?? 0) + m[0].length))) continue;
    const target = targetBefore(body.slice(0, m.index ?? 0));
    if (target && isTarget(target, /için/u.test(m[0])) && !(!target.includes(" ") && FIRST_NAMES.has(target))) out.push(target);
  }
  // "Apple Watch band", "iPhone 15 Pro case": a device's name right before an accessory's noun is what the accessory fits.
  for (const m of body.matchAll(ACCESSORY_AFTER_NAME)) {
    const target = targetBefore(body.slice(0, m.index ?? 0));
    if (target && isTarget(target, true)) out.push(target);
  }
  // The longest of overlapping readings ("Apple Watch 41 mm and 40 mm", not also "Apple Watch").
  return uniq(out)
    .filter((t) => t.length <= 80)
    .filter((t, i, all) => !all.some((o, j) => j !== i && o.length > t.length && o.includes(t)));
}

/** The countries a seller names after "made in": their other names (eBay's value comes from places.ts), then eBay's own. */
const COUNTRIES_EN = [
  "England",
  "Scotland",
  "Wales",
  "Northern Ireland",
  "Great Britain",
  "Britain",
  "the UK",
  "UK",
  "the United Kingdom",
  "United Kingdom",
  "the USA",
  "USA",
  "U\\.S\\.A\\.",
  "the US",
  "the U\\.S\\.",
  "the United States",
  "United States",
  "the States",
  "America",
  "Korea",
  "South Korea",
  "Turkey",
  "Türkiye",
  "Turkiye",
  "the Netherlands",
  "Netherlands",
  "Holland",
  "the USSR",
  "USSR",
  ...EBAY_COUNTRIES,
];
const COUNTRIES_TR = [
  "Türkiye",
  "İskoçya",
  "Galler",
  "Birleşik Krallık",
  "Almanya",
  "Batı Almanya",
  "İtalya",
  "Fransa",
  "İngiltere",
  "Japonya",
  "Çin",
  "Hindistan",
  "İspanya",
  "Portekiz",
  "Yunanistan",
  "ABD",
  "Amerika",
  "Çekoslovakya",
  "Rusya",
  "Sovyetler Birliği",
  "İran",
  "Fas",
  "Mısır",
  "Hollanda",
  "Belçika",
  "İsviçre",
  "Avusturya",
  "Polonya",
  "Macaristan",
  "İsveç",
  "Danimarka",
  "Norveç",
];
const ORIGIN_EN = new RegExp(
  `(?<![\\p{L}])(?:made|manufactured|produced|crafted|handcrafted|hand ?made|woven|printed|assembled|sewn|knitted|designed and made) in (${COUNTRIES_EN.slice()
    .sort((a, b) => b.length - a.length)
    .join("|")})(?![\\p{L}])`,
  "iu",
);
const ORIGIN_TR = new RegExp(
  `(?<![\\p{L}])(${COUNTRIES_TR.slice()
    .sort((a, b) => b.length - a.length)
    .join("|")})['’]?(?:de|da|te|ta) (?:üretil\\p{L}*|yapıl\\p{L}*|imal edil\\p{L}*|dokun\\p{L}*|el yapımı\\p{L}*)`,
  "u",
);
const ORIGIN_LABEL = /(?<![\p{L}])(?:made in|country of (?:origin|manufacture)|country\/region of manufacture|origin|üretim yeri|menşei|menşe)\s?:\s?([\p{Lu}][\p{L}'’. ]{1,30}?)(?=\s*(?:[\n.,;]|$))/u;

/** A capitalised place after "made in" and its kin ("made in Istanbul", "handmade in Oaxaca", "made in Kyoto, Japan"). */
const ORIGIN_PLACE_EN =
  /(?<![\p{L}])(?:[Mm]ade|[Mm]anufactured|[Pp]roduced|[Cc]rafted|[Hh]andcrafted|[Hh]and ?made|[Hh]and-made|[Ww]oven|[Hh]andwoven|[Hh]and-woven|[Pp]rinted|[Aa]ssembled|[Ss]ewn|[Kk]nitted|[Hh]and knitted|[Cc]arved|[Hh]and carved|[Tt]hrown|[Bb]lown|[Dd]esigned and made) [Ii]n ((?:the )?\p{Lu}[\p{L}'’.-]{1,24}(?: (?:\p{Lu}[\p{L}'’.-]{1,24}|de|del|da|di|upon|on|le|la)){0,3})(?:, (\p{Lu}[\p{L}'’. ]{1,30}?))?(?=\s*(?:[\n.,;!?)]|$| [\p{Ll}\d]))/u;
/** Capitalised words after "made in" that are no place ("Made In Small Batches", "made in My Studio", "Made In Limited Runs"). */
const NOT_PLACE =
  /^(?:the |my |our |your |a |an |small|limited|batches|my|our|your|house|studio|home|workshop|every|each|one|two|three|just|only|store|shop|kitchen|garage|time|love|america's|god's|heaven|paradise|january|february|march|april|may|june|july|august|september|october|november|december|spring|summer|autumn|fall|winter|china town|here|house)(?![\p{L}])/iu;
/** Turkish "<Yer>'de üretildi/yapıldı/dokundu" with a place that is no country ("İstanbul'da üretildi"). */
const ORIGIN_PLACE_TR = /(?<![\p{L}])(\p{Lu}[\p{L}]{2,24})['’](?:da|de|ta|te) (?:üretil\p{L}*|yapıl\p{L}*|imal edil\p{L}*|dokun\p{L}*|el yapımı\p{L}*)/u;

/**
 * Where the seller said the product was made: a country ("made in England", "Türkiye'de üretildi"), or
 * the place they named after "made in" ("Istanbul", "Oaxaca", "Kyoto, Japan"); none from a year,
 * "small batches" or "my studio" (decision 0066: eBay's value is read from it, shared/facts/places.ts).
 */
function originOf(body: string): string | undefined {
  const labelled = ORIGIN_LABEL.exec(body)?.[1];
  if (labelled) return labelled.trim();
  const en = ORIGIN_EN.exec(body)?.[1];
  if (en) return en.replace(/^the /i, "");
  const tr = ORIGIN_TR.exec(body)?.[1];
  if (tr) return tr;
  const place = ORIGIN_PLACE_EN.exec(body);
  if (place && !NOT_PLACE.test(place[1]) && !/^the\s+\p{Ll}/u.test(place[1])) {
    const country = place[2] && COUNTRIES_EN_RE.test(place[2].trim()) ? `, ${place[2].trim()}` : "";
    return `${place[1].replace(/^the /i, "")}${country}`;
  }
  return ORIGIN_PLACE_TR.exec(body)?.[1];
}
const COUNTRIES_EN_RE = new RegExp(`^(?:${COUNTRIES_EN.join("|")})$`, "iu");

// ---- Brand, model, era, condition ----------------------------------------------------------------

/** Brands a product of their own is sold under (keyword ideas read them too: a brand's product is made in a factory). */
export const BRANDS = [
  "Pyrex",
  "Fire-King",
  "Fire King",
  "Corningware",
  "Corning Ware",
  "Corelle",
  "Le Creuset",
  "Dansk",
  "Wedgwood",
  "Royal Doulton",
  "Royal Albert",
  "Hummel",
  "Anchor Hocking",
  "Tupperware",
  "Levi's",
  "Levis",
  "Nike",
  "Adidas",
  "Apple",
  "Samsung",
  "Sony",
  "Canon",
  "Nikon",
  "Polaroid",
  "Kodak",
  "Lego",
  "LEGO",
  "Swarovski",
  "Pandora",
  "Fossil",
  "Seiko",
  "Casio",
  "Timex",
  "Singer",
  "Bosch",
  "Philips",
  "KitchenAid",
  "IKEA",
  "Zara",
  "Gucci",
  "Burberry",
  "Ralph Lauren",
  "Patagonia",
  "Lululemon",
  "The North Face",
  "Carhartt",
  "Arc'teryx",
  "Trek",
  "Specialized",
  "Cannondale",
  "Pendleton",
  "Fiskars",
  "Paşabahçe",
  "Karaca",
  "Kütahya Porselen",
  "Arzum",
  "Vakko",
  "Anker",
  "Stanley",
  "Hydro Flask",
  "OXO",
  "Carhartt",
  "Fenton",
  "Rosenthal",
  "Villeroy & Boch",
  "Melissa & Doug",
  "Crate & Barrel",
  "Black & Decker",
  "Dolce & Gabbana",
  "Marks & Spencer",
  "Cuisinart",
  "Staub",
  "Bormioli",
  "Marimekko",
  "Hermès",
  "Barbie",
  "Mattel",
  "Fisher-Price",
  "Matchbox",
  "Hot Wheels",
  "Nintendo",
  "Sega",
  "Omega",
  "Rolex",
  "Dr. Martens",
  "Dr Martens",
  "Converse",
  "New Balance",
  "Ray-Ban",
  "Dyson",
  "Nespresso",
  "Vitamix",
  // The blank T-shirts print-on-demand sellers name ("unisex Bella Canvas 3001"): a brand, never canvas.
  "Bella Canvas",
  "Bella+Canvas",
  "Gildan",
  "Comfort Colors",
  "Next Level",
  "Arçelik",
  "Beko",
  "Vestel",
  "Tefal",
  "Xiaomi",
  "Huawei",
  "JBL",
  "Bose",
  "Logitech",
  "Garmin",
  "Fitbit",
  "GoPro",
  "Fujifilm",
  "Olympus",
  "Pentax",
  "Leica",
  "Minolta",
  "Playmobil",
  "Funko",
  "Kenner",
  "Hasbro",
  "Bandai",
  "Tomy",
  "Corgi",
  "Dinky",
  "Schott",
  "Lodge",
  "Ninja",
  "Tamron",
  "Zenit",
  "Helios",
  // Makers of computers, phones, audio and cameras whose names sellers write with the model ("Dell XPS 13 9310").
  "Dell",
  "HP",
  "Lenovo",
  "Asus",
  "ASUS",
  "Acer",
  "Microsoft",
  "Google",
  "Sennheiser",
  "Sonos",
  "Panasonic",
  "LG",
  "Motorola",
  "Nokia",
  "OnePlus",
  "DJI",
  "Razer",
  "Kobo",
  "Jabra",
  "Toshiba",
  "SanDisk",
  "Seagate",
  "Belkin",
  // Makers of instruments, bicycle parts, sports gear, tools and outdoor gear, named with their model ("Fender Player
  // Stratocaster", "Shimano Deore M6100", "DeWalt 20V MAX"; session 39).
  "Fender",
  "Gibson",
  "Epiphone",
  "Ibanez",
  "Squier",
  "Gretsch",
  "Roland",
  "Korg",
  "Shimano",
  "SRAM",
  "Campagnolo",
  "Cannondale",
  "Brompton",
  "Babolat",
  "Yonex",
  "Titleist",
  "Callaway",
  "TaylorMade",
  "Spalding",
  "Rawlings",
  "DeWalt",
  "DEWALT",
  "Makita",
  "Ryobi",
  "Festool",
  "Dremel",
  "Yeti",
  "Osprey",
  "Jetboil",
];
/** Makers whose name is also a family's or a place's ("Wilson", "Coleman"): a brand only where the text opens with it. */
const BRANDS_AT_START = /^(?:(?:vintage|used|new|genuine|original)\s+)*(Wilson|Coleman|Milwaukee|Marshall|Yamaha|Trek|Giant|Specialized|Head|Prince)(?=\s+\p{Lu}|\s+\d)/u;
const BRAND_RE = new RegExp(`${B}(?:${BRANDS.map((b) => escapeRegExp(b)).join("|")})${E}`, "u");
/** A maker named after "by" ("by Dyrlund", "made by Hornsea", "designed by Arne Vodder"), not a person's hand ("by hand"). */
const BY_MAKER = /(?<![\p{L}])(?:made |designed |produced |manufactured )?by (\p{Lu}[\p{L}'’-]{2,20}(?: \p{Lu}[\p{L}'’-]{2,20})?)(?![\p{L}])/u;
const BRAND_LABEL = /(?<![\p{L}])(?:brand|marka|made by|maker)\s?[:\-–]\s?([\p{Lu}][\p{L}&'-]{1,20}(?: [\p{Lu}][\p{L}&'-]{1,20}){0,2})/u;
/** A brand's part inside another maker's piece ("Swarovski crystals", "YKK zipper"): the part's maker, not the item's. */
const COMPONENT_AFTER = /^[ -](?:crystals?|elements?|beads?|pearls?|stones?|rhinestones?|zippers?|zips?|kristal\p{L}*|taş\p{L}*|boncuk\p{L}*)(?![\p{L}])/iu;
/** Food, plant and colour words after a brand's name make it a word, not the brand ("Apple pie dish", "Apple green napkins"; decision 0069). */
const NOT_BRAND_AFTER =
  /^[ -](?:pie|pies|green|red|juice|cider|crumble|tart|tarts|tree|trees|wood|blossom|blossoms|sauce|butter|peeler|peelers|corer|corers|slicer|slicers|cutter|core|peel|jam|jelly|seed|seeds|leaf|leaves|cinnamon|and clove|scent|scented|print|pattern|design|motif|shaped|slice|slices|orchard|picking)(?![\p{L}])/iu;

/** The first known brand whose name is not a food, plant or colour word where it stands. */
function knownBrand(body: string): string | undefined {
  const opening = BRANDS_AT_START.exec(body.trim())?.[1];
  if (opening) return opening;
  for (const m of body.matchAll(new RegExp(BRAND_RE.source, "gu"))) {
    const at = (m.index ?? 0) + m[0].length;
    if (!NOT_BRAND_AFTER.test(body.slice(at, at + 16)) && !COMPONENT_AFTER.test(body.slice(at, at + 16))) return m[0];
  }
  return undefined;
}

/**
 * The maker of a product line the seller's text opens with ("Air Jordan 1 Retro High", "iPhone 13 128GB", "Kindle
 * Paperwhite"): the line is the maker's own name for it, so the brand is said with it. Only at the start of the text
 * (after "Vintage" or a year), never a line named as what the item fits ("case for iPhone 15").
 */
const PRODUCT_LINES: [RegExp, string][] = [
  [/^air jordan(?![\p{L}])/iu, "Jordan"],
  [/^(?:air max|air force 1|air huf|dunk (?:low|high)|blazer mid)(?![\p{L}])/iu, "Nike"],
  [/^(?:yeezy|stan smith|ultraboost|superstar)(?![\p{L}])/iu, "adidas"],
  [/^chuck taylor(?![\p{L}])/iu, "Converse"],
  [/^(?:iphone|ipad|macbook|airpods|imac|ipod)(?![\p{L}])/iu, "Apple"],
  [/^galaxy (?:s|z|a|note|tab|buds|watch)\d*(?![\p{L}])/iu, "Samsung"],
  [/^(?:playstation|dualsense|dualshock)(?![\p{L}])/iu, "Sony"],
  [/^xbox(?![\p{L}])/iu, "Microsoft"],
  [/^kindle(?![\p{L}])/iu, "Amazon"],
  [/^game ?boy(?![\p{L}])/iu, "Nintendo"],
  [/^thinkpad(?![\p{L}])/iu, "Lenovo"],
];
export function lineBrand(text: string): string | undefined {
  const start = text.trim().replace(/^(?:(?:vintage|retro|rare|used|new|genuine|original)\s+)*(?:(?:19|20)\d\d\s+)?/iu, "");
  return PRODUCT_LINES.find(([line]) => line.test(start))?.[1];
}

/** Words that start a vintage text without naming its maker: styles, eras, nationalities, sizes, praise, lots. */
const NOT_MAKER =
  /^(?:Victorian|Edwardian|Georgian|Regency|Tudor|Elizabethan|Art|Deco|Nouveau|Mid|Retro|Vintage|Antique|Antika|Eski|Rare|Old|New|Large|Small|Tiny|Big|Mini|Huge|Pair|Set|Lot|Box|Bundle|Collection|Genuine|Original|Authentic|Signed|Unsigned|Unmarked|Estate|Handmade|Hand|Pretty|Lovely|Beautiful|Stunning|Gorgeous|Unique|Superb|Fine|Boho|Shabby|Rustic|Primitive|Folk|Studio|Oriental|Scandinavian|Nordic|Murano|Venetian|Bohemian|French|English|Scottish|Irish|Welsh|British|American|Danish|Swedish|Norwegian|Finnish|German|Italian|Spanish|Portuguese|Greek|Japanese|Chinese|Turkish|Persian|Moroccan|Indian|Mexican|Russian|Dutch|Belgian|Austrian|Swiss|Czech|Polish|Hungarian|Soviet|Ottoman|Osmanlı|Türk|El|Çok|Büyük|Küçük|Orijinal|Nadir|Set|Takım|Çift)$/u;
/** Endings of describing words ("Japanese", "Handpainted", "Stunning", "Glossy" is not one: names end so too). */
const DESCRIBING_END = /(?:ish|ian|ese|ic|ical|ed|ing|ful|ous|ive|less|able|ible|lı|li|lu|lü|sız|siz|suz|süz|maz|mez)$/u;
/** The words a vintage text may start with before its maker ("Vintage 1950s Aynsley ..."). */
const MAKER_LEAD = /^(?:(?:vintage|antique|antika|retro|rare|genuine|original|signed)\s+)*(?:(?:c\.?\s?|circa\s)?(?:1[89]\d\d|1[89]\d0s|\d0s|1[89]\d0'(?:lar|ler)|\d0'(?:lar|ler))\s+)?/iu;

/**
 * A maker named first in a vintage text ("Aynsley bone china cup", "Denby stoneware teapot", "Sümerbank
 * basma kumaş"): one or two capitalised words no describing word, colour, material, country or pattern,
 * followed in the same clause by the product's noun, and never written lower-case elsewhere (decision 0069).
 */
function makerAtStart(body: string, head: string, lang: FactLang): string | undefined {
  const first = (body.split(/\n/u)[0] ?? "").trim();
  const lead = MAKER_LEAD.exec(first)?.[0] ?? "";
  const clause = first.slice(lead.length).split(/[,;:.!?(]/u)[0] ?? "";
  const ws = clause.split(/\s+/u).filter(Boolean);
  const name: string[] = [];
  for (const w of ws.slice(0, 2)) {
    if (!/^\p{Lu}\p{Ll}{2,}$/u.test(w)) break;
    const low = lowerOf(w, lang);
    if (NOT_MAKER.test(w) || DESCRIBING_END.test(low) || COLOURS.includes(low) || MATERIAL_WORDS.includes(low) || COUNTRIES_EN_RE.test(w) || DESIGN_WORDS_RE.test(low)) break;
    DESIGN_WORDS_RE.lastIndex = 0;
    if (head && (low === head || head.split(" ").includes(low))) break;
    name.push(w);
  }
  DESIGN_WORDS_RE.lastIndex = 0;
  if (!name.length) return undefined;
  // A model number may stand between the name and the product ("Schott Perfecto 618 leather jacket"): of two names before
  // it, the first is the maker and the second its line.
  let numbers = 0;
  while (numbers < 2 && /^\p{L}*\d[\p{L}\p{N}-]*$/u.test(ws[name.length + numbers] ?? "")) numbers += 1;
  const lineWords = numbers && name.length === 2 ? 1 : 0;
  const rest = ws.slice(name.length + numbers).map((w) => lowerOf(w, lang));
  // The product follows the name in lower case, within four words ("bone china cup"; not "Gül desenli", a pattern).
  if (!rest.length || !/^\p{Ll}/u.test(ws[name.length + numbers]) || /^(?:desenli|deseni|motifli|pattern|design|print|motif|and|or|ve|ile|for|için)$/u.test(rest[0])) return undefined;
  if (!head || !rest.slice(0, 5).some((w) => w === head || w.startsWith(head) || head.split(" ").includes(w))) return undefined;
  const lowered = lowerOf(body, lang);
  if (name.some((w) => new RegExp(`(?<![\\p{L}])${lowerOf(w, lang)}(?![\\p{L}])`, "u").test(body.replace(new RegExp(`(?<![\\p{L}])${w}(?![\\p{L}])`, "gu"), "")) && lowered.includes(lowerOf(w, lang))))
    return undefined;
  return name.slice(0, name.length - lineWords).join(" ");
}

/** The words a seller labels a model or catalogue number with ("model 1252180", "style no. 12", "kod 55"). */
const MODEL_LABELS = "model|style|ref|item|part|art|no|nr|kod";
const MODEL_LABEL_LEAD = new RegExp(`^(?:${MODEL_LABELS})\\.?\\s?(?:no\\.?|number|#)?\\s?[:#]?\\s?|^#\\s?`, "i");
const MODEL_LABEL_WORD = new RegExp(`^(?:${MODEL_LABELS})\\b`, "i");
const MODEL_RE = new RegExp(
  [
    `#\\s?\\d[\\dA-Za-z-]{0,10}`,
    // A book's ISBN, as its buyers search it ("ISBN 0441172717", "ISBN-13: 978-0-441-17271-9").
    `${B}ISBN(?:-1[03])?:?\\s?\\d[\\d-]{8,15}[\\dXx]${E}`,
    // (A reference keeps its dotted parts: "ref 2541.80".)
    `${B}(?:${MODEL_LABELS}|model no)\\.?\\s?(?:no\\.?|number|#)?\\s?[:#]?\\s?[A-Z0-9]*\\d(?:[A-Z0-9-]|\\.(?=\\d)){0,12}${E}`,
    // (Not a range of sizes: "XS-3XL".)
    `${B}(?!(?:\\d?X{0,3}[SML]|X{1,3}L|XXS)-(?:\\d?X{0,3}[SML]|X{1,3}L)${E})[A-Z]{1,5}-[A-Z]{0,2}\\d{1,6}(?:[A-Z]{1,3}\\d{0,2})?(?:-[A-Z0-9]{1,3})?${E}`,
    // A maker's code of capitals and figures ("SNK809", "AF101", "RTX3080"), never a rating, a port or a size ("SPF50", "UV400", "USB3").
    `${B}(?!(?:SPF|UV|IPX?|USB|HDMI|DDR|LED|MP|PS|AAA?|CR|UK|US|EU|EUR|ISO|TV|DC|AC|GB|TB|MB|KB|HD|FHD|UHD|QHD|BPA|PH|RH|LR|SR|AG|RGB|CMYK|DPI|PPI|SKU|UPC|EAN|ISBN|NO|NR|REF|KOD|XL|XXL)\\d)[A-Z]{2,4}\\d{2,6}[A-Z]{0,3}${E}`,
  ].join("|"),
  "gu",
);

/** A century ("19th century", "late 18th-century", "19. yüzyıl", "19. yy"; decision 0091). */
const CENTURY = "(?:(?:early|mid|late)[- ])?(?:1[5-9]|20)th[- ]century|(?:1[5-9]|20)\\. ?(?:yüzyıl|yy)(?:\\p{L}*)?(?: (?:başı|başları|ortası|ortaları|sonu|sonları))?";
const ERA_RE = reAll(
  // A span of years ("1968-1972", a lot's or a run's years) first, whole.
  "1[89]\\d0s ?[-–] ?(?:1[89]|20)\\d0s|1[89]\\d\\d ?[-–] ?(?:1[89]|20)\\d\\d|1[89]\\d0s|20[0-2]0s|'\\d0s|\\d0s|1[89]\\d0'(?:lar|ler|lı|li)|\\d0'(?:lar|ler|lı|li)(?: yıllar)?|mid[- ]century(?: modern)?|art deco|art nouveau|victorian|edwardian|antique|antika|y2k|circa 1[89]\\d\\d|c\\. ?1[89]\\d\\d|(?:made|produced|from) in (?:the )?1[89]\\d\\d|" +
    CENTURY,
);
/** A year the item was made, when the text says so ("from 1962", "made in 1962", "1962 yapımı", "circa 1962", a record's "1981 Türkiye baskısı"): read as the year. */
const YEAR_MADE_RE = reAll(
  "(?:from|made in|produced in|manufactured in|dated|dating from|built in|yapım yılı:?|üretim yılı:?|yılı:?) (?:the year )?(1[89]\\d\\d|200\\d)|(1[89]\\d\\d|200\\d) (?:yapımı|yapımıdır|üretimi|üretimidir|yılından|tarihli|model|(?:\\p{L}+ ){0,3}(?:baskı(?:sı)?|basımı|pressing|edition|printing|paperback|hardcover|hardback))",
);
/** A model or catalogue number without its label: "1252180" of "model 1252180", "403" of "#403" or "No. 403". */
export function modelNumber(model: string): string {
  return model.replace(MODEL_LABEL_LEAD, "");
}

/** Whether a model number came with a word for a label ("model 1252180", "style no. 12"): a catalogue number, not a name. */
export const isLabelledModel = (model: string) => MODEL_LABEL_WORD.test(model);

/** A bare year ("Pyrex bowl, 1962"): an era only on a vintage item, and never a measure, a model number or "since 1962". */
const BARE_YEAR_RE = /(?<![\p{L}\p{N}#\-/.,])(1[89]\d\d|200\d)(?![\p{L}\p{N}]|[.,]\d| ?(?:%|x|×|-|–|cm|mm|in|inch|inches|ml|g|kg|oz|qt|l|pcs|pieces|adet|parça)(?![\p{L}]))/gu;
const YEAR_NOT_ERA = /(?:since|est\.?|established|founded|model|no\.?|nr|kod|ref|style|art|item|part|#|kuruluş|beri) ?$/u;

// "Retro" is a look, not an age: a retro-style lamp or an "Air Jordan 1 Retro" is new (its style says "Retro").
// ("Vintage brown", "vintage style", "vintage inspired": a shade or a look, no age.)
const VINTAGE_RE = re(
  `vintage(?![- ](?:brown|white|rose|pink|blue|green|gold|black|cream|grey|gray|beige|style|styled|look|inspired|effect|finish|wash|washed))|antique|antika|eskitme olmayan|mid[- ]century|1[89]\\d0s|1[89]\\d0'(?:lar|ler|lı|li)|pre[- ]owned|estate|(?:1[5-9])th[- ]century|(?:1[5-9])\\. ?(?:yüzyıl|yy)`,
);

const CONDITION_RE = reAll(
  [
    "(?:used|utensil|usage|surface) marks|signs of (?:use|wear|age)|patina",
    // Where the flaw is belongs to it ("small chip on saucer rim", "light wear to the base"): a buyer asks.
    "(?:minor|light|small|some|faint|normal|tiny) (?:(?:dishwasher|sun|age|shelf|storage|surface|moth|pin|water) )?(?:wear|scratch(?:es)?|scuffs?|marks|dents?|dulling|staining|creases?|creasing|utensil marks|used marks|fading|crazing|chips?|stains?|repairs?|holes?|tears?|mends?|brassing|whitening|dings?|nicks?|tarnish|foxing)(?: (?:on|to|at|near|inside|under|along) (?:the |its |one )?(?!and |or |but |with )\\p{L}+(?: (?!and(?![\\p{L}])|or(?![\\p{L}])|but(?![\\p{L}])|with(?![\\p{L}]))\\p{L}+)?)?",
    "no (?:chips|cracks|crazing|stains|holes|tears|repairs|damage|scratches|fading|odou?rs?|smoke|fungus|haze|dents|pilling|writing|highlighting|markings|underlining|missing pages|creases|bends)(?:(?:,| or| and| nor) (?:chips|cracks|crazing|stains|holes|tears|repairs|damage|scratches|fading|fungus|haze|dents|pilling|writing|highlighting|markings|underlining|missing pages|creases|bends)){0,3}(?: inside)?",
    // What does not come with a used device ("no box", "without charger"): its buyer asks.
    "(?:no|without) (?:original )?(?:box|charger|cable|case|papers|manual|remote|headphones|earphones|lens cap|strap|dock|controller)",
    // A part the seller names first, then its wear ("crystal has light scratches"), and a part that is not the maker's own ("strap is not original").
    "[\\p{L}-]+ (?:has|have|shows) (?:minor|light|small|some|faint) (?:wear|scratches|scuffs|marks|dents?|chips?|stains?|fading|tarnish)",
    "(?:strap|band|bracelet|buckle|box|papers|lid|case|crown|hands|dial|battery) (?:is|are) not original|non[- ]original (?:strap|band|bracelet|buckle|box|crown|hands|dial)",
    // Damage named by the surface it is on ("veneer chip on left corner", "enamel loss", "glaze chip").
    "(?:veneer|enamel|paint|glaze|gilt|gilding|finish) (?:chips?|loss|lifting|damage|cracks?|wear)(?: (?:on|to|at|near) (?:the |its |one )?(?!and |or |but |with )\\p{L}+(?: (?!and(?![\\p{L}])|or(?![\\p{L}])|but(?![\\p{L}])|with(?![\\p{L}]))\\p{L}+)?)?",
    // A book's wear, as book buyers ask it ("spine creases", "yellowed pages", "ex-library").
    "(?:(?:light|minor|small|some|faint) )?(?:spine (?:creases|creasing|crease|wear|slant)|yellowed pages|yellowing pages|tanned pages|toned pages|dog[- ]eared(?: pages| corners)?|ex[- ]library|price sticker|remainder mark|(?:torn|worn|chipped) dust jacket|dust jacket (?:torn|worn|chipped))",
    // A graded card's grade, said whole ("PSA 10 Gem Mint", "BGS 9.5").
    "(?:psa|bgs|cgc|sgc|beckett) \\d{1,2}(?:\\.5)?(?: (?:gem mint|pristine|mint|nm-mt|near mint-mint|black label))?|gem mint",
    // How often a garment or a pair of shoes was worn ("worn twice", "worn once").
    "(?:only )?worn (?:once|twice|\\d times|a few times|a handful of times)",
    // The packaging a toy or a collectible is sold on, and its wear ("some cards bent", "two boxes creased"; decision 0091).
    "(?:some|a few|one|two|three|\\d{1,2}|most|all) (?:of the )?(?:cards?|boxes|box|blisters?|bubbles?|packages?|packs?|corners?|edges?) (?:are |is |slightly |a bit )?(?:bent|creased|torn|damaged|crushed|yellowed|cracked|dented|loose|soft corners|scuffed|worn)",
    // (A postcard or a letter someone wrote on: "some written", "a few written on".)
    "(?:some|a few|most|all) (?:are )?(?:written(?: on)?|used|posted|stamped)(?= *(?:[,.;]|$))",
    // A card's wear as its players grade it ("lightly played", "heavily played").
    "(?:lightly|moderately|heavily) played",
    "new with tags|new without tags|new without (?:the |its )?(?:original )?box|nwob|nwt|nwot|brand new|new in (?:its )?(?:original )?box|nib|unused|never used|never installed|never mounted|unworn|sealed|in (?:its )?original box|mint(?: condition)?|near mint",
    "(?:(?:excellent|very good|good|fair|great) (?=used|pre-owned|vintage))?(?:excellent|very good|good|fair|great|used|vintage|pre-owned) condition",
    "pre[- ]owned|gently used|lightly used|well loved|used",
    // What is missing ("battery cover missing", "lid is missing") and a Turkish chip or scratch ("küçük bir çentik").
    "(?:[\\p{L}-]+ ){0,2}[\\p{L}-]+ (?:is |are )?missing|(?:küçük|hafif|ufak|minik) (?:bir )?(?:çentik|çizik|leke|kırık)\\p{L}*",
    // A record's grade and the wear a record collector names ("Vinyl VG+", "light surface noise", "ring wear", "seam split").
    "(?:vinyl|record|sleeve|cover|jacket|media|disc|plak|kapak) (?:is |grades? |graded )?(?:m-|nm|ex\\+?|vg\\+{1,2}|vg|g\\+|mint-)(?![\\p{L}\\p{N}+])",
    "(?:(?:light|minor|small|some|faint) )?(?:surface noise|ring wear|seam splits?|split seams?|sleeve wear|edge wear|corner wear|crackles?)",
    // A device's broken part and its battery, as its buyer asks them ("cracked back glass", "battery health 88%"; decision 0086).
    "(?:cracked|chipped|scratched|broken|dented|shattered) (?:back |front |rear |top |bottom |side )?(?:glass|screen|display|lcd|lens|housing|case|corner|hinge|port|button|frame)s?|battery (?:health |life )?(?:is )?(?:\\d{2,3} ?%|good|excellent|great)|pil sağlığı (?:%\\d{2,3}|iyi)",
    // An instrument's, a game's or a box's wear as their buyers name it ("light buckle rash on the back", "frets 9/10",
    // "all pieces counted", "box shows shelf wear").
    "(?:(?:light|minor|some|slight|heavy) )?(?:buckle rash|fret wear|pick wear|finish checking|shelf wear|box wear)(?: on the (?:back|front|body|neck|box|lid|corners))?|frets? (?:at )?\\d{1,2}\\/10|all (?:pieces|parts|cards) (?:counted|present|included)|(?:box|case|lid) shows (?:some |light |minor )?(?:shelf )?wear",
    // A camera's shutter count, its wear as its buyer reads it ("shutter count about 4,000", "deklanşör sayısı 12.000").
    "shutter (?:count|actuations) (?:is |of )?(?:about |around |approx\\.? |approximately |under |less than |only |~ ?)?\\d{1,3}(?:[,.]\\d{3})*k?|(?:deklanşör|enstantane) sayısı (?:yaklaşık )?\\d{1,3}(?:[,.]\\d{3})*",
    // Whether it works, as the seller tested it ("runs well", "çalışır durumda").
    // (And when it was last serviced: "serviced 2023", "movement serviced in 2024", "recently serviced".)
    "(?:movement |fully |professionally )?serviced (?:in )?(?:19|20)\\d\\d|(?:recently|fully|professionally) serviced|runs well|running (?:well|fine|strong)|(?<=(?:^|[,.;] ?))(?:tested and )?works(?=\\s*(?:[,.;]|$))|keeps (?:good |excellent |accurate )?time|works (?:well|perfectly|fine)|in (?:full )?working (?:order|condition)|tested(?: and)? working|fully working|fully functional|çalışır durumda|sorunsuz çalışıyor|sorunsuz çalışır|test edildi",
    "sıfır|sıfır ayarında|hiç kullanılmamış|kullanılmamış|az kullanılmış|(?:çok )?az kullanıldı|hiç kullanılmadı|ikinci el|kullanılmış|temiz|kırık yok|çatlak yok|çizik yok|lekesiz|hafif çizikler|kullanım izleri",
  ].join("|"),
);

// ---- Colours, care, personalisation, included ----------------------------------------------------

const COLOURS = [
  "white",
  "black",
  "grey",
  "gray",
  "silver",
  "gold",
  "rose",
  "pink",
  "red",
  "blue",
  "navy",
  "teal",
  "turquoise",
  "green",
  "sage",
  "olive",
  "mint",
  "emerald",
  "yellow",
  "mustard",
  "indigo",
  "orange",
  "terracotta",
  "rust",
  "brown",
  "tan",
  "beige",
  "cream",
  "ivory",
  "oatmeal",
  "natural",
  "purple",
  "lilac",
  "lavender",
  "burgundy",
  "maroon",
  "coral",
  "peach",
  "charcoal",
  "clear",
  "amber",
  "champagne",
  "blush",
  "taupe",
  "mauve",
  "khaki",
  "multicolor",
  "multicolour",
  "rainbow",
  "pastel",
  "beyaz",
  "siyah",
  "gri",
  "pembe",
  "kırmızı",
  "mavi",
  "lacivert",
  "turkuaz",
  "yeşil",
  "sarı",
  "turuncu",
  "kahverengi",
  "bej",
  "krem",
  "ekru",
  "mor",
  "lila",
  "bordo",
  "hardal",
  "pudra",
  "haki",
];
const NATURAL_MATERIAL = /natural (?:rubber|latex|wood|cotton|linen|wool|stone|fib(?:re|er)s?|jute|wax|soy|hemp|leather|bamboo|cork|sisal|clay|materials?|ingredients|oils?|beeswax)(?![\p{L}])/u;
/** Turkish colours named with a thing and a colour's possessive ("hardal sarısı", "gece mavisi", "gül kurusu"): one colour, said whole. */
const TR_COLOUR_NAMED = `(?:${COLOURS.join("|")}|gece|petrol|zeytin|gül|bebek|buz|kiremit|toprak|fıstık|çimen|deniz|gök|tarçın|vişne|nar|limon|safran|lavanta|leylak|kum|antrasit|füme|yavruağzı|somon|kahve) (?:sarısı|mavisi|yeşili|kırmızısı|pembesi|moru|grisi|beyazı|siyahı|turuncusu|kurusu)`;
const COLOUR_RE = reAll(
  `${TR_COLOUR_NAMED}|rose (?:altın|gold)|(?:(?:light|dark|pale|dusty|deep|matte|matt|glossy|satin|metallic|sky|baby|royal|forest|midnight|space|powder|steel|hunter|slate|bottle|sierra|pacific|alpine|phantom|mystic|cosmic|arctic|polar|olympic|jet|apple|kelly|army|emerald|electric|neon|cerise|flame|volcanic|caribbean|marseille|açık|koyu|mat) )?(?:${COLOURS.join("|")})(?: (?:${COLOURS.join("|")}))?`,
);

/** Colour words that are what a soap or a candle is made with or smells of. */
const INGREDIENT_COLOURS =
  /^(?:oatmeal|honey|cream|chocolate|coffee|caramel|mint|lavender|rose|peach|cherry|lemon|lime|olive|charcoal|cinnamon|vanilla|coconut|mustard|sage|plum|berry|wine|tea|bal|lavanta|gül|kahve|zeytin|limon|tarçın|vanilya|hindistan cevizi)$/u;

/**
 * Colours the seller labels ("color Rose Quartz", "colours: black, heather grey, white", "renk: gece mavisi"):
 * each named whole, up to three words and before a word like "with", when one of its words is a colour.
 */
const COLOUR_LABEL = /(?<![\p{L}])(?:colou?rs?|renk(?:ler)?(?:i)?)\s?:?\s(\p{L}+(?: \p{L}+){0,2}(?:(?:, ?|,? and |,? or | ve | veya | & |\/)\p{L}+(?: \p{L}+){0,2})*)/giu;
const COLOUR_NAME_END = /\s(?:with|in|on|for|to|by|from|is|are|may|will|of|ile|için|olan|renk|colou?r)(?:\s.*)?$/u;
function labelledColours(lower: string): string[] {
  const names: string[] = [];
  for (const m of lower.matchAll(COLOUR_LABEL)) {
    for (const part of m[1].split(/, ?|,? and |,? or | ve | veya | & |\//u)) {
      const name = part.replace(COLOUR_NAME_END, "").trim();
      if (name.includes(" ") && name.match(COLOUR_RE)) names.push(name);
    }
  }
  return names;
}

const CARE_RE = reAll(
  [
    "dishwasher and microwave safe|hand wash(?:ing)?(?: only)?(?: in cold water| cold)?|machine wash(?:able)?(?: (?:cold|warm|at \\d{2} ?°?c?|on gentle|gentle))?|dishwasher[- ]safe|not dishwasher safe|microwave[- ]safe|oven[- ]safe|freezer[- ]safe",
    "dry clean(?: only)?|do not (?:tumble dry|bleach|iron|soak|put in the dishwasher|machine wash)|tumble dry(?: low)?|lay flat to dry|dry flat|air dry|wipe clean(?: with a damp cloth)?|spot clean(?: only)?|oil (?:it )?(?:regularly|monthly|occasionally)",
    "(?:sadece |yalnızca )?elde yıka(?:y[ıi]n(?:ız)?|nır|nmalıdır|nabilir|ma(?: önerilir)?)|(?:\\d{2} ?(?:derece|°c?)(?:de|da|'de|'da)? )?(?:çamaşır )?makinede yıkan(?:abilir|ır)|makinede yıkanmaz|(?:\\d{2} ?(?:derece|°c?)(?:de|da|'de|'da)?) (?:yıkay[ıi]n(?:ız)?|yıkanabilir|yıkanır)|bulaşık makinesinde yıkanabilir|bulaşık makinesinde yıkanmaz|mikrodalgada kullanılabilir|kuru temizleme(?:ye verin(?:iz)?| yapılabilir| önerilir)?|ütülemeyin|düşük ısıda ütüleyin|ağartıcı kullanmayın|kurutma makinesine atmayın|sermeyerek kurutun|düz zeminde kurutun|nemli bezle silin",
    "(?:wash|machine wash) at \\d{2} ?°?c?|hand wash only",
  ].join("|"),
);

/**
 * A care phrase said of a part keeps the part: "nonstick dishwasher safe basket" is a basket that may go in the
 * dishwasher, "Sepeti bulaşık makinesinde yıkanabilir" an air fryer's basket; the air fryer may not. (Not the
 * product's own noun: "dishwasher safe mug" is the mug's.)
 */
function careOfPart(lower: string, care: string, head: string | undefined, language: "en" | "tr"): string {
  const at = lower.indexOf(care);
  if (at < 0) return care;
  const own = (word: string) => !!head && head.split(" ").some((h) => h.slice(0, 4) === word.slice(0, 4));
  const after = /^ (\p{L}{3,})(?=\s*(?:[,.;!]|$))/u.exec(lower.slice(at + care.length))?.[1];
  if (after && !isStopWord(after) && !CARE_AFTER.test(after) && !own(after)) return `${care} ${after}`;
  const before = language === "tr" ? /(?:^|[.,;!]\s*)(\p{L}{3,}[ıiuü])\s$/u.exec(lower.slice(0, at))?.[1] : undefined;
  return before && !own(before) ? `${before} ${care}` : care;
}
/** Words after a care phrase that say more of the care, not of a part ("dishwasher safe only", "hand wash cold"). */
const CARE_AFTER = /^(?:only|too|also|recommended|cycle|cold|warm|gently|sadece|önerilir)$/u;

/** Properties the seller states of the item, never care ("food-safe", even when labelled "Care:"). */
/** What the item is, said by the seller: "food-safe", and a metal's or a wood's finish ("hammered finish", "brushed texture"). */
const PROPERTY_RE = reAll("food[- ]safe|(?:hammered|brushed|polished|high[- ]polish(?:ed)?|mirror[- ]polished|textured|oxidi[sz]ed|satin|frosted|sandblasted|antiqued|distressed) (?:finish|texture)");
/** The word of a finish ("hammered" of "hammered finish"), which a shopper types with the product ("hammered ring"). */
export const finishWord = (detail: string) =>
  /^(hammered|brushed|polished|high[- ]polish(?:ed)?|mirror[- ]polished|textured|oxidi[sz]ed|satin|frosted|sandblasted|antiqued|distressed) (?:finish|texture)$/u.exec(detail)?.[1];

const PERSONAL_RE = reAll(
  "custom (?:[\\p{L}-]+ ){0,2}(?:portraits?|illustrations?|drawings?|paintings?|maps?|logos?|caricatures?)|from your (?:own )?(?:photos?|pictures?|images?)|fotoğrafınızdan|personali[sz]ed|personali[sz]ation|personali[sz]e|custom(?:i[sz]ed|i[sz]able)? (?:name|names|initials?|text|date|message|monogram|engraving|photo|colou?rs?|order)|monogram(?:med)?|engraved|engraving|up to \\d+ (?:initials?|letters?|names?|characters?)|(?:hand[- ])?stamped with (?:your |a |the )?(?:initials?|names?|dates?)|kişiye özel|kişiselleştiril(?:ebilir|miş)|isim(?:li)? (?:yazılı|işlemeli)?|isimli|baş harf(?:li|ler)?",
);
const PERSONAL_WHAT = reAll("names?|initials?|dates?|monogram|messages?|photos?|text|isim|isimler|baş harfler?|tarih|not");

const INCLUDED_RE = reAll(
  "(?:includes?|including|comes with|come with|you will (?:receive|get)|you'll (?:receive|get)|in the (?:box|package)|what's included:?|the set includes|package includes|pakete dahil(?:dir)?:?|içerik:|ile birlikte gelir|kutu içeriği:?|dahil(?:dir)?:?) (?:[^.!?\\n]|\\.(?=\\d)){2,90}",
  "giu",
);
/** What a clause says comes with the item after naming it ("USB-C cable included", "Recipe book is included"); never what is not. */
const INCLUDED_AFTER = /(?:^|(?<=[.!?,;]\s?))\s*([^.!?,;\n]{3,60}?) (?:is |are )?(?:also )?included(?![\p{L}])/gu;
/** A counted thing of the same list before it ("2 batteries, charger and bag included": the batteries come too). */
const COUNTED_BEFORE = /(?:^|[.!?;]\s?|,\s?)((?:\d{1,2}|two|three|four|five|six) [\p{L}-]{3,}(?: [\p{L}-]{3,})?),\s?$/iu;
/** What a Turkish text says comes with it after the thing ("çanta ile birlikte", "taşıma çantası dahil"). */
const INCLUDED_AFTER_TR = /(?:^|(?<=[.!?,;]\s?))\s*([^.!?,;\n]{3,60}?) (?:ile birlikte|dahil|dahildir)(?![\p{L}])(?! gelir)/gu;
function includedAfter(body: string): string[] {
  // (Only an English count of things, "2 batteries": never "5 dakikada kurulur", sets up in 5 minutes, nor a measure.)
  const counted = (m: RegExpExecArray | RegExpMatchArray) => {
    const before = COUNTED_BEFORE.exec(body.slice(Math.max(0, (m.index ?? 0) - 40), m.index ?? 0))?.[1];
    return before && /s$/u.test(before) && !/(?:inches|minutes|hours|seconds|days|weeks|years)$/iu.test(before) ? `${before}, ${m[0].trim()}` : m[0].trim();
  };
  return [...[...body.matchAll(INCLUDED_AFTER)].map(counted), ...[...body.matchAll(INCLUDED_AFTER_TR)].map((m) => m[0].trim())].filter(
    (clause) => !/(?<![\p{L}])(?:not|no|nor|without)(?![\p{L}])/iu.test(clause),
  );
}
const WITH_FEATURE_RE = reAll("with (?:a |an |two |three )?(?:juice groove|handles?|lid|lids|pockets?|zipper|hood|drawstring|magnetic clasp|clasp|stand|chain|gift box|storage pouch)");

// ---- Digital, pattern, craft, handmade -----------------------------------------------------------

const FORMATS = ["PDF", "SVG", "PNG", "JPG", "JPEG", "DXF", "EPS", "DOCX", "XLSX", "PPTX", "MP3", "MP4", "ZIP", "STL", "EPUB", "AI", "PSD", "TTF", "OTF"];
const FORMAT_RE = new RegExp(`${B}(?:${FORMATS.join("|")})${E}`, "giu");
const EDITORS = [
  "Canva",
  "Templett",
  "Corjl",
  "Photoshop",
  "Illustrator",
  "Procreate",
  "Cricut Design Space",
  "Cricut",
  "Silhouette Studio",
  "Google Docs",
  "Google Sheets",
  "Google Slides",
  "Microsoft Word",
  "Word",
  "Excel",
  "PowerPoint",
  "Goodnotes",
  "Notability",
  "Lightroom",
];
const EDITOR_RE = new RegExp(`${B}(?:${EDITORS.join("|")})${E}`, "u");

const CRAFTS: [Craft, RegExp][] = [
  ["crochet", re("crochet(?:ed)?|amigurumi|tığ işi|tığ ile|tunisian")],
  ["knit", re("knit(?:ted|ting)?|hand[- ]knit(?:ted)?|şiş örgü|şişle örülmüş|el örgüsü")],
  ["cross-stitch", re("cross[- ]stitch(?:ed)?|kanaviçe|etamin")],
  ["embroidered", re("embroider(?:ed|y)|hand[- ]embroidered|nakış(?:lı)?|işlemeli")],
  // (Fabric, a ruler or thread for quilting is sold to quilters, never quilted itself.)
  ["quilted", re("quilt(?:ed)?|quilting(?! (?:fabrics?|cotton|cottons|rulers?|thread|pins|supplies|notions|hoops?|templates?))|kapitone")],
  ["macrame", re("macram[eé]|makrome")],
  ["woven", re("hand[- ]?woven|woven|dokuma|el dokuması")],
  // (A sewing machine, kit or box is a tool for sewing, never a sewn thing: "dikiş makinesi", "sewing kit".)
  [
    "sewn",
    re(
      "hand[- ]?sewn|sewn|sewing(?! (?:machines?|kits?|box(?:es)?|baskets?|tables?|scissors|needles?|pins|notions|supplies))|stitched|dikiş(?! (?:makine\\p{L}*|kutusu|seti|iğnesi|makası))|dikilmiş|el dikimi",
    ),
  ],
  ["hand-thrown", re("hand[- ]thrown|wheel[- ]thrown|çarkta")],
  ["hand-painted", re("hand[- ]painted|el boyaması|elle boyanmış")],
  ["carved", re("hand[- ]carved|carved|oyma")],
  ["beaded", re("beaded|boncuklu")],
  ["printed", re("3d printed|screen[- ]printed|block[- ]printed|letterpress")],
];

const HANDMADE_RE = re(
  "handmade|hand[- ]made|made by hand|hand(?:woven|knit|knitted|carved|painted|sewn|stitched|thrown|built|forged|poured|dyed|blown|crafted|stamped|printed)|hand[- ](?:knit|knitted|crafted|painted|printed|stitched|sewn|thrown|stamped|poured|dyed|rolled|carved|woven|embroidered|built|forged|bound|lettered)|handcrafted|crochet(?:ed)?|amigurumi|el yapımı|el yapımıdır|el örgüsü|el işi|el emeği|elde (?:yapılmış|örülmüş|dikilmiş|boyanmış)|tığ işi",
);

const SAYS_HANDMADE = re("handmade|hand[- ]made|made by hand|handcrafted|el yapımı|el yapımıdır|el emeği|el işi");

const SKILL_RE = reAll(
  "(?:skill level|level|difficulty)\\s?[:\\-–]\\s?(?:beginner|easy|intermediate|advanced|experienced)|(?:beginner|easy|intermediate|advanced|experienced)(?:[- ]friendly| level)|beginner|seviye\\s?[:\\-–]?\\s?(?:kolay|başlangıç|orta|ileri)|(?:kolay|başlangıç|orta|ileri) seviye|yeni başlayanlar",
);
const TERMS_RE = re("us terms|uk terms|us crochet terms|uk crochet terms|amerikan terimleri|ingiliz terimleri");

// Occasions are events and the gift recipients the seller named; who wears or uses the product ("for women",
// "kids", "kadın") is its audience, read apart: an audience supports neither an occasion nor a gift.
const OCCASION_RE = reAll(
  "christmas|xmas|birthdays?|weddings?|anniversary|anniversaries|valentine'?s(?: day)?|mother'?s day|father'?s day|baby shower|bridal shower|housewarming|graduation|easter|halloween|teacher appreciation|for (?:mom|mum|dad|teachers?|brides?|bridesmaids?|grandma|grandpa|new moms?|couples|friends?|coffee lovers|cat lovers|dog lovers)|yılbaşı|yeni yıl|doğum günü|düğün|nikah|yıldönümü|sevgililer günü|anneler günü|babalar günü|öğretmenler günü|baby ?shower|anneye|babaya|sevgiliye|arkadaşa|öğretmene",
);
const AUDIENCE_RE = reAll(
  "for (?:her|him|women|men|ladies|kids|children|girls|boys|babies|baby|toddlers|teens|adults|everyone)|women'?s|men'?s|ladies'?|kids'?|children'?s|girls'?|boys'?|baby|toddler|unisex|kadın(?:lar)? için|erkek(?:ler)? için|çocuk(?:lar)? için|bebek(?:ler)? için|kadına|erkeğe|çocuklara|bebeklere|kız çocuk|erkek çocuk|kadın|erkek|unisex|yeni doğan|yenidoğan",
);
const GIFT_RE = re("gift|gifts|gifting|gift[- ](?:ready|wrapped|box|boxed)|present|hediye|hediyelik|hediye paketi");

/** Era words, the decades and the year an item was made ("from 1962" and "1962 yapımı" are "1962"; a bare year only on a vintage item). */
function erasOf(lower: string, models: string[]): string[] {
  const out: { at: number; text: string }[] = [];
  for (const m of lower.matchAll(ERA_RE)) out.push({ at: m.index ?? 0, text: clean(m[0]) });
  for (const m of lower.matchAll(YEAR_MADE_RE)) {
    const year = m[1] ?? m[2];
    if (!out.some((o) => o.text.includes(year))) out.push({ at: m.index ?? 0, text: year });
  }
  // A year the text opens with, before the item's name ("1986 Kenner Real Ghostbusters Ecto-1 car"), is the year it was made.
  const opening = /^\s*(19\d\d|200[0-5]) (?=\p{L})(?!(?:pieces?|pcs|parça|adet|yılı|model)\b)/u.exec(lower)?.[1];
  if (opening && !models.some((x) => x.includes(opening)) && !out.some((o) => o.text.includes(opening))) out.push({ at: 0, text: opening });
  if (VINTAGE_RE.test(lower) || out.length) {
    for (const m of lower.matchAll(BARE_YEAR_RE)) {
      const year = m[1];
      if (out.some((o) => o.text.includes(year)) || models.some((x) => x.includes(year))) continue;
      if (YEAR_NOT_ERA.test(lower.slice(Math.max(0, (m.index ?? 0) - 14), m.index))) continue;
      out.push({ at: m.index ?? 0, text: year });
    }
  }
  return uniq(out.sort((a, b) => a.at - b.at).map((o) => o.text)).filter((e) => !/^\d0s$/.test(e) || /'\d0s|\d0s/.test(e));
}

// ---- The item's pattern (its design: "Snowflake", "floral", "çizgili") ---------------------------

/** Pattern words a seller writes about a fabric or a dish, each with its name for a Pattern field. */
const DESIGN_WORDS: [RegExp, string][] = [
  [/floral|flowered|flowery/, "Floral"],
  [/striped|stripes|stripy|pinstriped?/, "Striped"],
  [/plaid/, "Plaid"],
  [/tartan/, "Tartan"],
  [/gingham/, "Gingham"],
  [/polka[ -]dots?|polka[ -]dotted/, "Polka Dot"],
  [/paisley/, "Paisley"],
  [/houndstooth/, "Houndstooth"],
  [/herringbone/, "Herringbone"],
  [/chevron/, "Chevron"],
  [/argyle/, "Argyle"],
  [/fair isle/, "Fair Isle"],
  [/leopard(?: print)?/, "Leopard"],
  [/zebra(?: print)?/, "Zebra"],
  [/animal print/, "Animal Print"],
  [/camo|camouflage/, "Camouflage"],
  [/tie[ -]dye[d]?/, "Tie-Dye"],
  [/checkered|chequered|buffalo check/, "Checkered"],
  [/damask/, "Damask"],
  [/toile/, "Toile"],
  [/ikat/, "Ikat"],
  [/çiçekli|çiçek desenli/, "Çiçekli"],
  [/çizgili/, "Çizgili"],
  [/ekose/, "Ekose"],
  [/kareli|damalı/, "Kareli"],
  [/puantiyeli|puantiye/, "Puantiyeli"],
  [/leopar(?: desenli)?/, "Leopar"],
  [/kamuflaj/, "Kamuflaj"],
  [/zikzak/, "Zikzak"],
  [/şal desenli/, "Şal Desenli"],
];
const DESIGN_WORDS_RE = new RegExp(`${B}(?:${DESIGN_WORDS.map(([r]) => r.source).join("|")})${E}`, "gu");
const DESIGN_WORDS_WHOLE: [RegExp, string][] = DESIGN_WORDS.map(([r, name]) => [new RegExp(`^(?:${r.source})$`, "u"), name]);
/** "floral scent", "floral notes": a smell, not a pattern; "lined", "grid" paper is a notebook's ruling, not a pattern. */
const NOT_DESIGN_AFTER = /^\s*(?:scent|scented|notes?|fragrance|aroma|perfume|koku|kokulu|esans)/iu;
const RULED_HEADS = /^(?:notebook|notebooks|journal|planner|notepad|paper|defter|ajanda|kağıt|not defteri)$/iu;
/** Words before "pattern" that say what is made from a pattern, not what the item looks like ("crochet pattern"). */
const CRAFT_WORD =
  /^(?:crochet|knit|knitting|sewing|sew|cross|stitch|embroidery|quilt|quilting|amigurumi|pdf|digital|printable|paper|dress|bag|doll|toy|beading|macrame|weaving|tığ|örgü|dikiş|kanaviçe|nakış|the|a|an|this|that|my|our|its|same|repeating|all-over|allover|with|in|of|and|on|or|featuring|has|have|ile|ve|bir|bu)$/iu;
/** Flowers, fruits and creatures a pattern shows: before "pattern"/"print"/"desenli" a word of these is the motif, even one that is also a colour ("rose", "lavender", "peach"). */
const MOTIF_NOUN =
  /^(?:roses?|lavender|lilac|lilacs|peach|peaches|cherry|cherries|lemons?|oranges?|apples?|strawberry|strawberries|daisy|daisies|tulips?|poppy|poppies|pansy|pansies|violets?|bluebells?|sunflowers?|flowers?|blossoms?|leaf|leaves|ferns?|ivy|berries|birds?|butterfly|butterflies|bees?|gül|güller|lavanta|leylak|kiraz|limon|elma|lale|papatya|çiçek|yaprak|kuş|kelebek)$/u;
/** Glass and ware names that are a colour or a material, not a pattern ("Jadeite", "milk glass"). */
const WARE_NAMES = /^(?:jadeite|milk|glass|depression|carnival|crystal|bone|china|porcelain|stoneware|ironstone|vintage|antique|retro|kristal|porselen)$/iu;

/**
 * The item's pattern as the seller named it: a labelled "Pattern: Snowflake", a named "<X> pattern",
 * "<X> design", "<X> desenli" ("Turquoise Butterprint pattern" gives "Butterprint", the colour staying
 * the colour's), a pattern word ("floral", "striped", "çizgili"), and on tableware the name between the
 * brand and the piece ("Pyrex Snowflake casserole dish", "Royal Albert Old Country Roses teacup").
 * Never a sewing or crochet pattern (what is sold), a scent or a notebook's ruling. Nothing is invented:
 * with none of these, there is no pattern.
 */
/**
 * The words before a pattern word at `at`: up to 60 characters of `chars` ending where the whitespace
 * before it begins ("Turquoise Butterprint" before " pattern"), "" when fewer than two. Walked back by
 * hand: a lazy capture before `\s+` retried every split of a run of spaces (quadratic: 50,000 spaces
 * took minutes).
 */
function wordsBefore(body: string, at: number, chars: RegExp): string {
  let end = at;
  while (end > 0 && /\s/u.test(body[end - 1])) end--;
  if (end === at) return "";
  let start = end;
  while (start > 0 && end - start < 60 && chars.test(body[start - 1])) start--;
  return end - start >= 2 ? body.slice(start, end) : "";
}

function designsOf(body: string, language: FactLang, opts: { pattern: boolean; head: string; brand?: string; category: string; colours: string[] }): string[] {
  const out: string[] = [];
  const add = (value: string) => {
    const v = value.replace(/\s+/g, " ").trim();
    if (v && !out.some((o) => foldCase(o) === foldCase(v))) out.push(v);
  };
  // An item has a pattern or two; a text naming more is read no further (a long hostile text stays linear).
  const MAX = 4;
  const isColour = (w: string) => COLOURS.includes(lowerOf(w, language));
  const titled = (text: string) => text.replace(/(^|[\s-])(\p{Ll})/gu, (_, sep: string, ch: string) => sep + ch.toLocaleUpperCase(language === "tr" ? "tr" : "en"));
  // A named pattern, read back to the words before it that name it (not a craft, a colour alone or a number).
  const named = (before: string) => {
    const ws = before.split(/\s+/).filter(Boolean);
    const kept: string[] = [];
    for (let i = ws.length - 1; i >= 0 && kept.length < 3; i--) {
      const w = ws[i].replace(/^[("']+|[)"']+$/g, "");
      if (!w || /\d/.test(w) || CRAFT_WORD.test(w) || WARE_NAMES.test(w) || (opts.brand && foldCase(opts.brand).split(" ").includes(foldCase(w)))) break;
      if (lowerOf(w, language) === opts.head) break;
      kept.unshift(w);
    }
    // "Turquoise Butterprint": the colour stays the colour's; "peach roses" is the motif, in its colour (decision 0069).
    while (kept.length > 1 && isColour(kept[0]) && !MOTIF_NOUN.test(lowerOf(kept[kept.length - 1], language))) kept.shift();
    // A colour that is also a flower or a fruit names the motif before "pattern"/"print" ("rose pattern", "lavender print").
    const motif = kept.length === 1 && MOTIF_NOUN.test(lowerOf(kept[0], language));
    return kept.length && (motif || !kept.every(isColour)) ? titled(kept.join(" ")) : "";
  };
  if (!opts.pattern) {
    // "Pattern: Snowflake", "Desen: kar tanesi" (a line the seller or "Facts we used" labelled).
    for (const m of body.matchAll(/(?<![\p{L}])(?:pattern|design|desen|motif)\s?:\s?([^.\n,;]{2,40})/giu)) {
      add(titled(m[1].trim()));
      if (out.length >= MAX) break;
    }
    // "<X> pattern", "<X> design", "<X> motif", "<X> print" (a print that is a pattern, not an art print).
    for (const m of body.matchAll(/(?<=\s)(?:pattern|design|motif|print)(?![\p{L}])/giu)) {
      if (/^print$/i.test(m[0]) && (opts.head === "print" || opts.category === "art")) continue;
      const v = named(wordsBefore(body, m.index ?? 0, /[\p{L}'’ -]/u));
      if (v) add(v);
      if (out.length >= MAX) break;
    }
    // "<X> desenli", "<X> deseni", "<X> motifli".
    for (const m of body.matchAll(/(?<=\s)(?:desenli|deseni|desen|motifli)(?![\p{L}])/giu)) {
      const v = named(wordsBefore(body, m.index ?? 0, /[\p{L}'’ ]/u));
      if (v) add(v);
      if (out.length >= MAX) break;
    }
  }
  // A pattern's motif, named before "design" or "motif" ("sunflower design", "wildflower hoop design"): what the finished
  // piece shows, which its makers search by (decision 0090). ("Crochet pattern" names what is sold, never a motif.)
  if (opts.pattern)
    for (const m of body.matchAll(/(?<=\s)(?:design|motif|tasarım|motifli)(?![\p{L}])/giu)) {
      const v = named(wordsBefore(body, m.index ?? 0, /[\p{L}'’ -]/u).replace(/\s+(?:hoop|kasnak)$/iu, ""));
      if (v && !/^(?:pattern|chart|pdf|digital|printable|modern|simple|easy|original|custom|unique|my|our|own)$/iu.test(v)) add(v);
      if (out.length >= MAX) break;
    }
  // Pattern words anywhere ("floral midi dress", "çizgili gömlek"), never a scent or a notebook's ruling.
  const lowered = lowerOf(body, language);
  if (!RULED_HEADS.test(opts.head))
    for (const m of lowered.matchAll(DESIGN_WORDS_RE)) {
      const at = (m.index ?? 0) + m[0].length;
      if (NOT_DESIGN_AFTER.test(lowered.slice(at, at + 24))) continue;
      const name = DESIGN_WORDS_WHOLE.find(([r]) => r.test(m[0]))?.[1];
      if (name && !out.some((o) => foldCase(o).includes(foldCase(name)) || foldCase(name).includes(foldCase(o)))) add(name);
    }
  // Tableware: the name between the brand and the piece ("Pyrex Snowflake casserole dish").
  if (opts.brand && (opts.category === "ceramics" || opts.category === "mug") && !opts.pattern) {
    const at = body.indexOf(opts.brand);
    if (at >= 0) {
      const after = body
        .slice(at + opts.brand.length)
        .split(/[,;.\n]/)[0]
        .trim()
        .split(/\s+/);
      const run: string[] = [];
      for (const w of after) {
        if (!/^\p{Lu}[\p{Ll}'’]+$/u.test(w) || WARE_NAMES.test(w)) break;
        run.push(w);
      }
      // The run ends at the piece's own words ("casserole dish"); a run that is only colours is the colour.
      if (run.length && run.length < after.length && !run.every(isColour) && !run.some((w) => lowerOf(w, language) === opts.head)) add(run.join(" "));
    }
    // A name in capitals after a colour, inside a clause ("mixing bowl, turquoise Butterprint").
    for (const m of body.matchAll(/(?<![\p{L}])(\p{Ll}+) ((?:\p{Lu}\p{Ll}{3,})(?: \p{Lu}\p{Ll}{2,}){0,2})(?![\p{L}\p{N}-])/gu)) {
      const name = m[2];
      if (!isColour(m[1]) || name.split(" ").some((w) => WARE_NAMES.test(w) || isColour(w) || foldCase(opts.brand ?? "").includes(foldCase(w)))) continue;
      if (!out.some((o) => foldCase(o).includes(foldCase(name)))) add(name);
      if (out.length >= MAX) break;
    }
  }
  return out;
}

// ---- The sheet -----------------------------------------------------------------------------------

const all = (text: string, regex: RegExp) => [...text.matchAll(regex)].map((m) => clean(m[0]));

/** A Turkish part's possessive before its colour ("içi beyaz", white inside; "kapağı siyah"). */
const TR_PART_OF = "(?:içi|dışı|arkası|kenarı|kenarları|sapı|kapağı|astarı|tabanı)";

/** A clause of what comes with the item, to its end ("comes with a red case", "includes Pokemon Yellow cartridge"). */
const INCLUDED_CLAUSE = /(?<![\p{L}])(?:comes? with|includes?|including|bundled with|ile birlikte gelir|dahildir)(?![\p{L}])[^.;\n]{0,120}/gu;

/** A list of colours to choose from: "3 color versions (pastel, bright, neutral)", "colour options: sage, rust", "renk seçenekleri: ...". */
const COLOUR_OPTIONS =
  /(?:\d+ )?(?:colou?rs?|colou?r ?ways?|renk|renkler) ?(?:versions?|options?|variants?|choices?|to choose from|seçenekleri|seçeneği|seçenekli)\s*(?:\([^)\n]{0,120}\)|:[^.;\n]{0,120})|(?:choose|pick|select) (?:from|your|a|any)? ?colou?rs?:?[^.;\n]{0,120}/gu;

const COLOUR_OPTIONS_ANY_CASE = new RegExp(COLOUR_OPTIONS.source, "giu");
/** A watch's or a clock's movement ("quartz watch", "quartz movement"): how it keeps time, not what it is made of. */
const MOVEMENT = /(?<![\p{L}])quartz(?= (?:watch|wristwatch|movement|clock|chronograph|analog|analogue)(?![\p{L}]))/giu;

/** Whether the text names `colour` only as one to choose from ("3 color versions (pastel, bright, neutral)"). */
export function isColourOption(text: string, colour: string): boolean {
  const lower = text.toLocaleLowerCase();
  const said = new RegExp(`(?<![\\p{L}])${escapeRegExp(colour.toLocaleLowerCase())}(?![\\p{L}])`, "u");
  return said.test(lower) && !said.test(lower.replace(COLOUR_OPTIONS, " "));
}

/** Whether every time the text says `word` it is the first word of a capitalised name ("Pink Floyd"), never a plain word. */
function namesOnly(body: string, word: string): boolean {
  const all = [...body.matchAll(new RegExp(`(?<![\\p{L}])${escapeRegExp(word)}(?![\\p{L}])`, "giu"))];
  return all.length > 0 && all.every((m) => /^\p{Lu}/u.test(m[0]) && /^ \p{Lu}\p{Ll}/u.test(body.slice((m.index ?? 0) + m[0].length, (m.index ?? 0) + m[0].length + 3)));
}

/** Words a seller shouts, never a name: "SALE", "FREE", "WOW". */
const SHOUTED_WORDS =
  /^(?:SALE|FREE|WOW|LOOK|BEST|HOT|NEW|RARE|GIFT|CUTE|MUST|DEAL|NICE|GOOD|GREAT|LAST|ONLY|HUGE|LOVE|OFFER|CHEAP|FAST|SHIP|SHIPS|INDIRIM|FIRSAT|YENI|SÜPER|SUPER|ORJINAL|ORİJİNAL|ORIGINAL|VINTAGE|HANDMADE)$/u;

/**
 * The names a title keeps in the capitals the seller wrote them in: the brand, the models, a code written in capitals
 * before its number ("Harvest SHVL 804", "KDL 40") and a word in capitals of the opening name ("OLED"); the rule
 * enforcer and the Doctor's capitals check read one list.
 */
export function namesInCapitals(sheet: FactSheet, text: string): Set<string> {
  const codes = [...text.matchAll(/(?<![\p{L}\p{N}])(\p{Lu}{2,6})[ -]?\d{2,6}(?![\p{L}\p{N}])/gu)].map((m) => m[1]);
  // (A model's label in capitals is its name too: "ISBN" of "ISBN 0441172717".)
  const labels = sheet.models.map((m) => /^(\p{Lu}{2,6})[ -:]/u.exec(m)?.[1] ?? "");
  // A word in capitals in the name a text in ordinary case opens with ("Nintendo Switch OLED console"): its name, as
  // written ("OLED", "LEGO"); never a word that shouts a sale.
  const opening = text.slice(0, 120);
  const letters = opening.replace(/[^\p{L}]/gu, "");
  const upper = letters.replace(/[^\p{Lu}]/gu, "").length;
  // (With a figure glued to it too: "HERO9" of "GoPro HERO9 Black".)
  const named = upper * 2 < letters.length ? (opening.match(/(?<![\p{L}\p{N}])\p{Lu}{4,6}\d{0,4}(?![\p{L}\p{N}])/gu) ?? []).filter((w) => !SHOUTED_WORDS.test(w.replace(/\d+$/u, ""))) : [];
  return new Set([sheet.brand ?? "", ...sheet.models, ...codes, ...labels, ...named].filter(Boolean));
}

/** Reads the fact sheet of a listing from what the seller wrote. */
export function extractFacts(input: FactInput): FactSheet {
  const body = [input.title ?? "", input.text ?? ""].filter(Boolean).join("\n");
  const tagText = (input.tags ?? []).join(", ");
  const language = input.language ?? factLanguage(body);
  const lower = lowerOf(body, language);
  // The title is read too when the text does not name the product ("Ring" over "Brass, adjustable.").
  const reading = readProduct(input.text || input.title || "", [...(input.tags ?? []), ...(input.text && input.title ? [input.title] : [])]);

  const tools = toolsOf(body);
  const placed = measurePlaces(body);
  const measures = placed.map((m) => m.text).filter((m) => !tools.some((t) => t.startsWith(m)));
  const sizes = uniq(all(body, SIZES).map((x) => x.replace(/^sizes? /i, "").replace(/(?<!tek|standart) beden$/iu, "")));
  // "Sold in sets of 25": each sale is a set of 25.
  const counts = uniq(all(lower, COUNTS).map((c) => c.replace(/^(set|pack|bundle|lot|box)(?:e?s) of/u, "$1 of")));

  const labelled = BRAND_LABEL.exec(body)?.[1];
  const known = knownBrand(body);
  // "Band for Apple Watch": a brand named only inside what the item fits is not the item's brand (decision 0063).
  const fitsTargets = fitsOf(body);

  const models = uniq(all(body, MODEL_RE).filter((m) => !/^#\s?\d{1,2}$/.test(m) || /#\s?\d/.test(m)));
  // A maker's number right after the product's name, closing its clause ("Pyrex Butterprint mixing bowl 443,"): the
  // shape or pattern number its collectors search. Never a year ("vase 1962").
  const headNoun = reading.head ? lowerOf(reading.head, language) : "";
  const numbered = known && headNoun ? new RegExp(`${B}${escapeRegExp(headNoun)} (\\d{3,4})(?=\\s*(?:[,.;:]|$))`, "u").exec(lower)?.[1] : undefined;
  if (numbered && !/^(?:1[89]|20)\d\d$/u.test(numbered) && !models.some((m) => m.includes(numbered))) models.push(numbered);
  const era = erasOf(lower, models);
  // A year or decade of the last century is vintage, said or not ("Pyrex bowl from 1962").
  // ("Mid century wall art", a file, has the style, not the age: only the seller's "vintage" makes a file vintage.)
  const vintage = reading.digital ? /(?<![\p{L}])(?:vintage|antique|antika)(?![\p{L}])/u.test(lower) : VINTAGE_RE.test(lower) || era.some((e) => /(?:^|\D)1[89]\d\d|^\d0(?:s|')/.test(e));
  // A vintage text's first capitalised name before its product is its maker, on no list or not (decision 0069).
  // ("Danish teak sideboard, 1960s, by Dyrlund": a vintage piece's maker named after "by"; a book's "by" is its author.)
  const byMaker = vintage && !["book", "art", "music"].includes(reading.category.id) ? BY_MAKER.exec(body)?.[1] : undefined;
  const maker = !labelled && !known && vintage ? (byMaker ?? makerAtStart(input.text || body, reading.head, language)) : undefined;
  // (A line named as what the item fits, "iPhone 15 uyumlu kılıf", names no maker of the item.)
  const line = lineBrand(input.text || body);
  const brand = labelled ?? (known && !fitsTargets.some((t) => t.includes(known)) ? known : maker) ?? (line && !fitsTargets.some((t) => lineBrand(t) === line) ? line : undefined);
  const condition = uniq(all(lower, CONDITION_RE));
  // "lavender essential oil", "rose scented": a scent, not a colour, unless the seller calls it a colour.
  // The scents read whole count too ("scented with oatmeal and honey": oatmeal is no colour).
  const scentsRead = scentsOf(lower, reading.head ? lowerOf(reading.head, language) : "");
  const scents = new Set([...[...lower.matchAll(SCENT_OF)].map((m) => m[1]), ...scentsRead.flatMap((t) => t.split(/\s+/u))]);
  // What comes with the item ("Comes with Pokemon Yellow cartridge") has colours of its own: not the item's.
  // (So has what a device comes "with": the black of "Kindle Paperwhite … with black fabric cover" is the cover's; decision 0086.)
  const withKit = isDevice({ head: reading.head, brand, product: reading.phrase?.tokens.join(" ") }, body) ? /(?<![\p{L}])with [^.;:!?\n]*/gu : null;
  const colourText = withKit ? lower.replace(INCLUDED_CLAUSE, " ").replace(withKit, " ") : lower.replace(INCLUDED_CLAUSE, " ");
  const productWords = (reading.phrase?.tokens ?? []).map((t) => lowerOf(t, language));
  // A colour the seller names whole after its label ("color Rose Quartz") is one colour, not "rose" (and no quartz).
  const namedColours = labelledColours(colourText);
  const colours = uniq([...namedColours, ...all(colourText, COLOUR_RE).filter((c) => !namedColours.some((n) => ` ${n} `.includes(` ${c} `)))])
    .sort((a, b) => colourText.indexOf(a) - colourText.indexOf(b))
    .filter((c) => !scents.has(c) || new RegExp(`(?:colou?r|renk|renkli|renginde)\\s?:?\\s?${c}|${c} (?:colou?r|renk)`, "u").test(lower))
    // A line's name is no colour ("Star Wars Black Series", "Black Label"); nor is a food's ("green tea", "black pepper",
    // "white chocolate"; a "white tea towel" is white).
    .filter(
      (c) =>
        !new RegExp(
          `(?<![\\p{L}])${escapeRegExp(c)} (?:series|label|collection|friday|tea(?! (?:towels?|cups?|sets?|pots?|lights?|cos[yi]|coz[yi]))|coffee|wine|pepper|chocolate|sugar|rice|beans|truffles?|çay\\p{L}*|biber\\p{L}*|şarap\\p{L}*)(?![\\p{L}])`,
          "u",
        ).test(colourText),
    )
    // A word of a name joined to another ("Blue-Eyes White Dragon") is no colour; a colour joined to a colour is ("blue-green").
    .filter((c) => new RegExp(`(?<![\\p{L}])${escapeRegExp(c)}(?!-(?!(?:${COLOURS.join("|")})(?![\\p{L}]))\\p{L})`, "u").test(colourText))
    // "Rust-proof", "stain resistant": what it withstands is no colour; nor is a grade ("Gem Mint", "near mint", "mint condition").
    .filter((c) =>
      new RegExp(
        `(?<![\\p{L}])(?<!(?:gem|near|(?:psa|bgs|cgc|sgc|beckett) \\d{1,2}(?:\\.5)?) )${escapeRegExp(c)}(?![\\p{L}])(?![- ]?(?:proof|resistant|free|repellent)(?![\\p{L}]))(?! (?:condition|in (?:the )?box|sealed)(?![\\p{L}]))`,
        "u",
      ).test(colourText),
    )
    // "natural rubber", "natural wood": what the material is, not a colour (unless the seller says it is one).
    .filter((c) => c !== "natural" || !NATURAL_MATERIAL.test(lower) || /natural (?:colou?r|tone|shade|finish)|colou?r:? natural/u.test(lower))
    // A part's colour ("içi beyaz", white inside; "arkası siyah") is not the item's, unless the item is said to have it too.
    .filter((c) => new RegExp(`(?<!${TR_PART_OF} )${escapeRegExp(c)}(?![\\p{L}])`, "u").test(lower))
    // "Lens glass clear", "water runs clear": clear as a state is no colour; "clear glass vase" and "colour: clear" are.
    // (A clause of its own in the name's sentence says the item is clear: "Phone case for iPhone 15, clear, shockproof".)
    // ("Champagne" is a colour in a clause of its own or after its label, never "champagne glasses".)
    .filter((c) => c !== "champagne" || /(?:^|,)\s*champagne\s*(?:,|\.|$)|(?:colou?r|renk)\s?:?\s?champagne/imu.test(lower))
    .filter((c) => c !== "clear" || /clear (?!of|,|\.|and|or)\p{L}|(?:colou?r|renk)\s?:?\s?clear|^[^.!?\n]*,\s*clear\s*(?:,|$)/u.test(lower))
    // A record's artist or title ("Pink Floyd", "Deep Purple", "Black Sabbath") is no colour of the record.
    .filter((c) => reading.category.id !== "music" || !namesOnly(body, c))
    // A colour the buyer chooses ("3 color versions (pastel, bright, neutral)") is an option, not the item's colour.
    .filter((c) => !isColourOption(lower, c))
    // What a soap or a candle is made with, in its name ("oatmeal honey soap", "charcoal soap", "sage candle"), is no colour,
    // unless called one ("a candle in a lavender tin" keeps its tin's colour).
    .filter(
      (c) =>
        !["soap", "candle"].includes(reading.category.id) ||
        !INGREDIENT_COLOURS.test(c) ||
        !productWords.includes(c) ||
        namedColours.includes(c) ||
        new RegExp(`${escapeRegExp(c)} (?:colou?r|renk)|(?:colou?r|renk)\\s?:?\\s?${escapeRegExp(c)}`, "u").test(lower),
    );
  const care = uniq(all(lower, CARE_RE).map((c) => careOfPart(lower, c, reading.head ? lowerOf(reading.head, language) : undefined, language)));

  const personalHits = all(lower, PERSONAL_RE);
  const personalised = personalHits.length > 0;
  // Each thing personalised once ("initials", not also the "initial" of "initial bar bracelet").
  // (Turkish "not" is a note; in English it is only "not".)
  const personalWhat = uniq(all(lower, PERSONAL_WHAT)).filter((w) => language === "tr" || !["not", "isim", "isimler", "tarih"].includes(w));
  const personalisation = personalised ? personalWhat.filter((w) => !personalWhat.includes(`${w}s`)) : [];
  const included = uniq([...all(body, INCLUDED_RE), ...includedAfter(body), ...all(lower, WITH_FEATURE_RE)].map((s) => s.replace(/[,;:]+$/, "")));

  // "AI" only in capitals; a zip is a file only when it is no fastening ("full zip", "zip pockets", "fermuarlı").
  const formats = uniq(all(body, FORMAT_RE).map((f) => f.toUpperCase()))
    .filter((f) => f !== "AI" || /\bAI\b/.test(body))
    .filter((f) => f !== "ZIP" || /\bZIP\b|\.zip\b|zip (?:file|folder|archive|download)|(?:zipped|zip) (?:folder|file)/u.test(body));
  const editor = EDITOR_RE.exec(body)?.[0];
  // One rule with the composer's reading (shared/listings/digital.ts): the whole text and the keywords.
  const read = readDigital(body, input.tags ?? []);
  const digital = read.digital || reading.digital;
  const pattern = read.pattern;

  const craft = CRAFTS.find(([, r]) => r.test(lower))?.[0];
  // A pattern or a file is not made by hand, whatever craft it teaches: only the seller's own "handmade" says so.
  const handmade = digital || pattern ? SAYS_HANDMADE.test(lower) : HANDMADE_RE.test(lower);
  const occasions = uniq(all(lower, OCCASION_RE));
  // "kids'" and "women's" name the audience as "kids" and "women".
  const audiences = uniq(all(lower, AUDIENCE_RE).map((a) => a.replace(/(?<=\p{L})['’]s?$/u, "")));
  const gift = GIFT_RE.test(lower) || GIFT_RE.test(lowerOf(tagText, language));
  const skill = all(lower, SKILL_RE)[0]?.replace(/^(?:skill level|level|difficulty|seviye)\s?[:\-–]?\s?|[- ](?:level|friendly)$/giu, "");
  const terms = TERMS_RE.exec(lower)?.[0];

  // The product's name without a trailing count or measure ("bamboo cutting board set of 3" → "bamboo cutting board").
  const tokens = [...(reading.phrase?.tokens ?? [])];
  const TRAILING = /^(?:set|pack|of|x|inch|inches|cm|mm|pdf|(?:set|pack|bundle|lot) of \d+|\d+(?:[.,]\d+)?(?: ?[x×] ?\d+(?:[.,]\d+)?)*(?: ?\p{L}+)?)$/iu;
  while (tokens.length > 1 && TRAILING.test(tokens[tokens.length - 1])) tokens.pop();
  const product = tokens.join(" ");
  const materialHead = MATERIAL_WORDS.includes(lowerOf(reading.head, language));
  const head = materialHead || !reading.head ? lowerOf(tokens[tokens.length - 1] ?? "", language) : reading.head;
  const { parts: partMaterials } = partMaterialsOf(lower, head);
  // A flaw names the part it is on ("light scratches on crystal"), never what the item is made of.
  const unflawed = condition.reduce((text, flaw) => text.replace(new RegExp(escapeRegExp(flaw), "iu"), " "), body);
  // A material word in the brand's name ("Bella Canvas") is no material of the item, nor a colour to choose ("sage, oat or terracotta").
  const ownMaterials = materialsOf(
    [...namedColours, ...(brand ? [brand] : [])].reduce(
      (text, name) => text.replace(new RegExp(`(?<![\\p{L}])${escapeRegExp(name)}(?![\\p{L}])`, "giu"), " "),
      unflawed.replace(COLOUR_OPTIONS_ANY_CASE, " ").replace(MOVEMENT, " "),
    ),
    language,
    head,
  );
  // A machine's "silver" or "gümüş" is its finish's colour, never what it is made of ("Türk kahve makinesi, …, gümüş").
  const machine = reading.category.id === "appliance" || (DEVICE_NOUN.test(head) && !/^(?:watch|pen|pencil|pot)$/u.test(head));
  const metalColours = machine ? ownMaterials.filter((m) => METAL_FINISH.test(m.name)).map((m) => m.name) : [];
  if (metalColours.length) {
    ownMaterials.splice(0, ownMaterials.length, ...ownMaterials.filter((m) => !metalColours.includes(m.name)));
    for (const c of metalColours) if (!colours.includes(c)) colours.push(c);
  }
  const designs = designsOf(body, language, { pattern: pattern || reading.category.id === "pattern", head, brand, category: reading.category.id, colours });
  // Only the item's own measures are its size: a part's ("1.2 mm raised bezel") and what it fits ("fits 45 mm") are details.
  const roles = measureRoles(body, measures, new Map(placed.map((m) => [m.text, m.at])), head, fitsTargets, language);
  const fits = roles.fits;
  const origin = originOf(body);
  // "teacup and saucer", "cup & saucer": the product is the pair, named together in its first sentence.
  const firstSentence = lower.split(/[.!?\n]/u)[0] ?? "";
  // (Only for a name of real length: a pasted run of 50,000 characters makes no expression.)
  const pairedWith =
    head && head.length <= 60
      ? new RegExp(`(?<![\\p{L}])${escapeRegExp(head)} (?:and|&|ve) (?:a |matching )?(\\p{L}{3,})(?=\\s*(?:[,;:]|$| set(?![\\p{L}])))`, "u").exec(firstSentence)?.[1]
      : undefined;

  const sheet: FactSheet = {
    language,
    platform: input.platform ?? "etsy",
    product,
    head,
    ...(craft ? { craft } : {}),
    materials: ownMaterials.filter((m) => !colours.includes(m.name) || /\d/.test(String(m.percent ?? ""))),
    partMaterials,
    measures: roles.own,
    ...measureLabelsOf(body, placed, roles.own),
    // "Food-safe" is what the item is, not how to care for it ("Care: Food-safe" on a spoon): a detail (decision 0066).
    details: uniq([...roles.details, ...all(lower, PROPERTY_RE)]),
    tools,
    // A pattern's paper sizes beside its garment sizes ("A0 and A4 print-at-home files, sizes UK 6-24") are how it prints, not what it makes.
    sizes: pattern && sizes.some((x) => !PAPER_SIZE.test(x)) ? sizes.filter((x) => !PAPER_SIZE.test(x)) : sizes,
    counts,
    ...(brand ? { brand } : {}),
    models,
    era,
    vintage,
    condition,
    colours: colours.filter(
      (c) =>
        ![...ownMaterials.map((m) => m.name), ...partMaterials.map((p) => p.material)].some((m) => m.includes(c) && m !== c) &&
        !partMaterials.some((p) => p.material === c) &&
        // "rose pattern", "lavender print": the motif's word is the pattern's, not the item's colour (decision 0069).
        !designs.some((d) => lowerOf(d, language).split(" ").includes(c)),
    ),
    care,
    ...(scentsRead.length ? { scents: scentsRead } : {}),
    designs,
    personalised,
    personalisation,
    included: pairedWith && !included.some((i) => i.includes(pairedWith)) ? [...included, pairedWith] : included,
    formats,
    ...(editor ? { editor } : {}),
    digital,
    pattern,
    handmade,
    occasions,
    audiences,
    gift,
    fits,
    ...(pairedWith ? { pairedWith } : {}),
    ...(origin ? { origin } : {}),
    ...(skill ? { skill } : {}),
    ...(terms ? { terms } : {}),
  };
  return input.corrections ? { ...sheet, ...input.corrections } : sheet;
}

/** "Scent: sandalwood and vanilla", "Koku: lavanta" (a label names it whole, up to the clause's end). */
const SCENT_LABEL = /(?<![\p{L}])(?:scents?|fragrance|aroma|koku|kokusu)\s?:\s?([^\n.,;:()]{2,40}(?:,? (?:and|&|ve) [^\n.,;:()]{2,25})?)/gu;
/** "lavender scented", "scented with lavender", "lavanta kokulu", "lavender essential oil", "unscented". */
const SCENT_WORDS =
  /(?<![\p{L}])(?:(\p{L}{3,}(?: (?:and|&|ve) \p{L}{3,})?) (?:scented|kokulu|essential oils?|uçucu yağı)|scented with (?:pure |natural )?(\p{L}{3,}(?: (?:and|&) \p{L}{3,})?)|(unscented|fragrance[- ]free|kokusuz)|(\p{L}{3,}(?: (?:and|&) \p{L}{3,})?) (?:scent|fragrance|aroma))(?![\p{L}])/gu;
/** Words before "scented" that say nothing of the smell ("lightly scented", "naturally scented"). */
// ("a light scent", "its own scent", "candle scent": no smell named.)
const NOT_A_SCENT =
  /^(?:lightly|naturally|strongly|highly|subtly|delicately|beautifully|gently|hafif|doğal|pure|natural|organic|100|light|soft|strong|subtle|fresh|lovely|beautiful|gorgeous|amazing|delicate|gentle|clean|cozy|cosy|warm|its|their|own|the|your|our|any|each|every|no|one|signature|favourite|favorite|new|candle|candles|soap|room|home|wax|same|natural and|and)$/u;

const SCENT_HINT = /scent|fragrance|aroma|koku|essential oil|uçucu yağ|notes? of/u;
/** A perfume's notes ("notes of jasmine, sandalwood and vanilla"). */
// (A note is one or two words, never one ending on "and": "sandalwood and vanilla" is two notes.)
const SCENT_NOTES = /(?<![\p{L}])notes? of (\p{L}{3,}(?: (?!and(?!\p{L}))\p{L}{3,})?(?:, \p{L}{3,}(?: (?!and(?!\p{L}))\p{L}{3,})?){0,4}(?:,? (?:and|&) \p{L}{3,}(?: \p{L}{3,})?)?)/gu;
/** Smells a balm, a soap or a candle is named by in a clause of their own ("…, peppermint, 4.5 g tube"). */
const SCENT_NAMES =
  "peppermint|spearmint|lavender|vanilla|eucalyptus|jasmine|sandalwood|bergamot|cedarwood|patchouli|tea tree|chamomile|rosemary|ylang ylang|frankincense|lemongrass|grapefruit|sweet orange|coconut|unscented|nane|lavanta|vanilya|okaliptüs|yasemin";
const SCENT_CLAUSE = new RegExp(`(?:^|[,.;]\\s)((?:${SCENT_NAMES})(?:(?:,? and |, | & | ve )(?:${SCENT_NAMES}))?)(?=[,.;]|$)`, "gu");
/** What is named by its smell: a balm, a soap, a candle, a lotion, a scrub, an oil, a perfume, a melt. */
const SCENTED_HEADS = /^(?:lip balm|balm|soap|candle|lotion|scrub|oil|perfume|perfume oil|wax melts?|melts?|body butter|bath bombs?|sabun|mum|krem|balsam)$/u;

/** How the product smells, as the seller named it. */
function scentsOf(lower: string, head = ""): string[] {
  const clauses = SCENTED_HEADS.test(head) ? [...lower.matchAll(SCENT_CLAUSE)].map((m) => m[1].trim()) : [];
  // Most texts name no smell: the word search is one pass, the phrase reading only follows it.
  if (!SCENT_HINT.test(lower)) return clauses;
  // A perfume's notes in the seller's order; a clause of smells inside those notes is read once, as notes.
  const notes = [...lower.matchAll(SCENT_NOTES)].flatMap((m) => m[1].split(/,? (?:and|&) |, /u));
  const out: string[] = [...notes, ...clauses.filter((c) => !c.split(/,? (?:and|&|ve) |, /u).every((x) => notes.includes(x)))];
  for (const m of lower.matchAll(SCENT_LABEL)) out.push(m[1].trim());
  for (const m of lower.matchAll(SCENT_WORDS)) {
    const named = (m[1] ?? m[2] ?? m[3] ?? m[4] ?? "").trim();
    if (named && !NOT_A_SCENT.test(named)) out.push(named);
  }
  // The longest of overlapping readings ("sandalwood and vanilla", not also "vanilla").
  return uniq(out).filter((t, i, all) => !all.some((o, j) => j !== i && o.length > t.length && o.includes(t)));
}

/** A colour word named as a scent ("lavender essential oil", "rose scented", "vanilla fragrance", "lavanta kokulu"). */
const SCENT_OF = reAll("(\\p{L}+) (?:essential oils?|oils?|scent|scented|fragrance|fragranced|aroma|notes?|kokulu|kokusu|esansı|yağı|uçucu yağı)");

// ---- Facts as items ------------------------------------------------------------------------------

export type FactKind =
  | "product"
  | "craft"
  | "material"
  | "measure"
  | "size"
  | "tool"
  | "count"
  | "brand"
  | "model"
  | "era"
  | "condition"
  | "colour"
  | "design"
  | "care"
  | "personalisation"
  | "included"
  | "format"
  | "editor"
  | "digital"
  | "skill"
  | "terms"
  | "fits"
  | "scent"
  | "origin"
  | "detail";

export interface FactItem {
  kind: FactKind;
  value: string;
}

/**
 * The facts a listing must keep, one item each, in the order a seller reads them on "Facts we used".
 * The product's name and noun are shown but are not counted as a kept/dropped fact here (the title
 * always names the product).
 */
export function factItems(sheet: FactSheet): FactItem[] {
  const out: FactItem[] = [];
  const add = (kind: FactKind, value: string | undefined) => {
    if (value && value.trim()) out.push({ kind, value: value.trim() });
  };
  if (sheet.brand) add("brand", sheet.brand);
  // A labelled catalogue number is the number ("1252180" of "model 1252180"), as "Facts we used" shows it.
  sheet.models.forEach((m) => add("model", isLabelledModel(m) ? modelNumber(m) : m));
  sheet.era.forEach((e) => add("era", e));
  (sheet.fits ?? []).forEach((f) => add("fits", f));
  (sheet.scents ?? []).forEach((f) => add("scent", f));
  add("origin", sheet.origin);
  sheet.materials.forEach((m) => add("material", m.percent !== undefined ? `${m.percent}% ${m.name}` : m.name));
  // (What a food comes in is a detail of it, never its material: "glass jar" of honey; decision 0091.)
  (sheet.partMaterials ?? []).forEach((p) => add(isFoodPackaging(sheet.head, p.part) ? "detail" : "material", p.phrase));
  sheet.measures.forEach((m) => add("measure", m));
  (sheet.details ?? []).forEach((d) => add("detail", d));
  sheet.sizes.forEach((s) => add("size", s));
  sheet.tools.forEach((t) => add("tool", t));
  sheet.counts.forEach((c) => add("count", c));
  sheet.colours.forEach((c) => add("colour", c));
  (sheet.designs ?? []).forEach((d) => add("design", d));
  // A record's grade as collectors write it ("vinyl VG+", "NM").
  sheet.condition.forEach((c) =>
    add(
      "condition",
      c.replace(/(?<![\p{L}])(?:vg\+{0,2}|nm|ex\+?|m-)(?![\p{L}\p{N}])/gu, (g) => g.toUpperCase()),
    ),
  );
  sheet.care.forEach((c) => add("care", c));
  if (sheet.personalised) add("personalisation", sheet.personalisation.length ? sheet.personalisation.join(", ") : sheet.language === "tr" ? "kişiye özel" : "personalised");
  sheet.formats.forEach((f) => add("format", f));
  if (sheet.editor) add("editor", sheet.editor);
  if (sheet.skill) add("skill", sheet.skill);
  if (sheet.terms) add("terms", sheet.terms);
  if (sheet.craft) add("craft", sheet.craft);
  return out;
}

const squash = (s: string) =>
  s
    .replace(/İ/g, "i")
    .toLowerCase()
    .replace(/ı/g, "i")
    .replace(/i̇/g, "i")
    .replace(/×/g, "x")
    .replace(/(\d),(\d)/g, "$1.$2")
    // "S to XL" is "S-XL"; "sizes 6 to 24" is "6-24".
    .replace(/(?<=[\p{L}\p{N}]) to (?=[\p{L}\p{N}])/gu, "-")
    .replace(/[\s\-–—_/]+/g, "");

const CHAIN = new RegExp(`${B}${NUM}(?: ?[x×] ?${NUM})+ ?(?:${UNIT})(?![\\p{L}])`, "giu");

/** Whether `text` has a chain of dimensions holding the one measure `m` ("180 cm" in "180 x 45 x 75 cm"). */
function inChain(text: string, m: string): boolean {
  const one = /^(\d+(?:[.,]\d+)?) ?([\p{L}"]+)$/u.exec(m.trim());
  if (!one) return false;
  const unit = normalMeasure(`1${one[2]}`).slice(1);
  for (const chain of text.matchAll(CHAIN))
    if (
      normalMeasure(chain[0]).endsWith(unit) &&
      normalMeasure(chain[0])
        .replace(/[a-z"]+$/u, "")
        .split("x")
        .includes(normalMeasure(one[1]))
    )
      return true;
  return false;
}

/** Whether `text` states the fact (measures by their numbers, a share by number and material, others by their words). */
export function statesFact(text: string, item: FactItem): boolean {
  const flat = squash(text);
  switch (item.kind) {
    case "measure": {
      // (One dimension is stated inside a chain of them: "180 cm" in "180 x 45 x 75 cm".)
      const stated = (m: string) => flat.includes(squash(measureCore(m))) || normalMeasure(text).includes(normalMeasure(m)) || inChain(text, m);
      // A list of sizes is kept whole ("16, 18 or 20 inch") or size by size ("16 inch, 18 inch, 20 inch").
      const items = measureItems(item.value);
      return stated(item.value) || (items.length > 1 && items.every(stated));
    }
    case "material": {
      const m = /^(\d{1,3})% (.+)$/.exec(item.value);
      if (!m) return flat.includes(squash(item.value));
      return flat.includes(squash(m[2])) && (flat.includes(`${m[1]}%`) || flat.includes(`%${m[1]}`));
    }
    case "model":
      // "#403" is kept as "#403", "No. 403" or "403" (Etsy and Amazon titles refuse "#").
      return flat.includes(squash(modelNumber(item.value)));
    case "era":
      return flat.includes(squash(item.value)) || (/^\d{4}s$/.test(item.value) && flat.includes(squash(`${item.value.slice(2)}`)));
    case "craft":
      return true;
    case "fits": {
      // "for Apple Watch, fits 45 mm" states "Apple Watch 45 mm": its words in their order.
      if (flat.includes(squash(item.value))) return true;
      let from = 0;
      for (const w of item.value.split(/\s+/).map(squash).filter(Boolean)) {
        const at = flat.indexOf(w, from);
        if (at < 0) return false;
        from = at + w.length;
      }
      return true;
    }
    case "detail": {
      // "1.2 mm raised bezel": its measure by its numbers and each of its words ("1.2mm raised bezel" keeps it).
      const measure = ONE_MEASURE.exec(item.value)?.[0];
      const rest = (measure ? item.value.replace(measure, " ") : item.value).split(/\s+/).filter((w) => w.length >= 3 && !/^(?:fits?|for|with|the|and|up)$/iu.test(w));
      return (!measure || flat.includes(squash(measureCore(measure))) || normalMeasure(text).includes(normalMeasure(measure))) && rest.every((w) => flat.includes(squash(w)));
    }
    case "personalisation":
      return (
        /personali[sz]|custom|monogram|engrav|stamped|up to \d+ (?:initial|letter|name|character)|kişiye özel|kişisel|isim/iu.test(text) &&
        item.value.split(", ").every((v) => flat.includes(squash(v).replace(/s$/, "")) || v === "personalised" || v === "kişiye özel")
      );
    default:
      return flat.includes(squash(item.value));
  }
}

/** The facts of `sheet` that `text` keeps and drops. */
export function keptFacts(text: string, sheet: FactSheet): { kept: FactItem[]; dropped: FactItem[] } {
  const kept: FactItem[] = [];
  const dropped: FactItem[] = [];
  for (const item of factItems(sheet)) (statesFact(text, item) ? kept : dropped).push(item);
  return { kept, dropped };
}
