/**
 * Stitch abbreviations of the four crafts the wizard serves: how sellers write them (long forms,
 * odd casing, run-together spellings) and the one spelling Listora prints, with a glossary in
 * English and Turkish. US crochet terms; UK terms are left alone because UK "dc" means US "sc".
 */
export type Craft = "crochet" | "knitting" | "sewing" | "cross-stitch";
export type PatternLanguage = "en" | "tr";

export const CRAFTS: readonly Craft[] = ["crochet", "knitting", "sewing", "cross-stitch"];

// Letters and digits of any script: JS \b only knows ASCII, and Turkish words carry ğ, ş, ı, İ.
const B = "(?<![\\p{L}\\p{N}])";
const E = "(?![\\p{L}])";

interface Rule {
  re: RegExp;
  to: string;
}

const rule = (pattern: string, to: string, flags = "giu"): Rule => ({ re: new RegExp(pattern, flags), to });
/** A whole word or phrase, case-insensitive, with `s?` plurals folded in by the caller. */
const word = (pattern: string, to: string, flags = "giu") => rule(`${B}(?:${pattern})${E}`, to, flags);

const CROCHET: Rule[] = [
  word("half[ -]double[ -]crochets?", "hdc"),
  word("double[ -]crochets?", "dc"),
  word("single[ -]crochets?", "sc"),
  word("(?:treble|triple)[ -]crochets?", "tr"),
  word("slip[ -]stitch(?:es)?|sl\\.?\\s?st|slst", "sl st"),
  word("magic (?:ring|circle)|mr", "MR"),
  word("back loops? only|blo", "BLO"),
  word("front loops? only|flo", "FLO"),
  word("(?:chain|ch)[ -]?(?:space|sp)s?", "ch-sp"),
  word("sc ?2 ?tog|single crochet 2 together", "sc2tog"),
  word("invisible decreases?|inv ?dec", "invdec"),
  // "chain 3" and "3 chains" but not "chain" in prose such as "a chain of flowers".
  rule(`${B}chains?\\s+(?=\\d)`, "ch ", "giu"),
  rule(`(\\d+)\\s+chains?${E}`, "$1 ch", "giu"),
  word("increases?", "inc"),
  word("decreases?", "dec"),
  word("SC|Sc", "sc", "gu"),
  word("HDC|Hdc", "hdc", "gu"),
  word("DC|Dc", "dc", "gu"),
  word("TR|Tr", "tr", "gu"),
  word("CH|Ch", "ch", "gu"),
  word("INC|Inc", "inc", "gu"),
  word("DEC|Dec", "dec", "gu"),
  word("SK|Sk", "sk", "gu"),
  // "6sc" -> "6 sc", "ch3" -> "ch 3": the spacing every printed pattern uses.
  rule(`(\\d)(sc|hdc|dc|tr|inc|dec|ch)${E}`, "$1 $2", "gu"),
  rule(`${B}ch(\\d)`, "ch $1", "gu"),
];

const KNITTING: Rule[] = [
  word("knit (?:2|two) together|k ?2 ?tog", "k2tog"),
  word("purl (?:2|two) together|p ?2 ?tog", "p2tog"),
  word("slip,? slip,? knit|s\\.s\\.k|ssk", "ssk"),
  word("make (?:1|one) left|m1l", "M1L"),
  word("make (?:1|one) right|m1r", "M1R"),
  word("make (?:1|one)|m1", "M1"),
  word("through (?:the )?back loops?|tbl", "tbl"),
  word("place marker|pm", "pm"),
  word("slip marker|sm", "sm"),
  word("right side", "RS"),
  word("wrong side", "WS"),
  word("rs", "RS"),
  word("ws", "WS"),
  rule(`${B}(?:knit|K)\\s?(\\d+)${E}`, "k$1", "gu"),
  rule(`${B}(?:purl|P)\\s?(\\d+)${E}`, "p$1", "gu"),
  rule(`${B}knit\\s?(\\d+)${E}`, "k$1", "giu"),
  rule(`${B}purl\\s?(\\d+)${E}`, "p$1", "giu"),
  rule(`${B}(?:K|knit)\\s+(to end|across|to last|to marker|all)`, "k $1", "gu"),
  rule(`${B}(?:P|purl)\\s+(to end|across|to last|to marker|all)`, "p $1", "gu"),
  word("increases?", "inc"),
  word("decreases?", "dec"),
  word("INC|Inc", "inc", "gu"),
  word("DEC|Dec", "dec", "gu"),
];

const SHARED_YARN: Rule[] = [
  word("yarn ?over|YO|Yo|yo", "yo"),
  rule(`(\\d+)\\s+stitches${E}`, "$1 sts", "giu"),
  rule(`(\\d+)\\s+stitch${E}`, "$1 st", "giu"),
  rule(`${B}(each|every|next|same|first|last|following)\\s+stitch${E}`, "$1 st", "giu"),
  word("STS|Sts", "sts", "gu"),
  word("ST|St", "st", "gu"),
  // "(sc, inc)x6" -> "(sc, inc) x 6"
  rule("([)\\]])\\s*[xX×*]\\s*(\\d+)", "$1 x $2", "gu"),
];

const SEWING: Rule[] = [word("r\\.s\\.t|rst", "RST"), word("w\\.s\\.t|wst", "WST")];

const CROSS_STITCH: Rule[] = [
  word("dmc", "DMC"),
  rule(`(\\d+)\\s*-?\\s*(?:ct|count)${E}`, "$1-count", "giu"),
  word("back[ -]stitch(?:es)?|bs", "backstitch"),
  word("french knots", "French knots"),
  word("french knot|fk", "French knot"),
  word("aida", "Aida"),
];

const RULES: Record<Craft, Rule[]> = {
  crochet: [...CROCHET, ...SHARED_YARN],
  knitting: [...KNITTING, ...SHARED_YARN],
  sewing: SEWING,
  "cross-stitch": CROSS_STITCH,
};

/** One line in the craft's canonical abbreviations. Only spelling changes: no word is dropped. */
export function normaliseAbbreviations(line: string, craft: Craft): string {
  let out = line;
  for (const r of RULES[craft]) out = out.replace(r.re, r.to);
  return out;
}

/** Canonical spelling of an abbreviation as a user wrote it in their own glossary line. */
export function canonicalAbbreviation(token: string, craft: Craft): string {
  const trimmed = token.trim();
  const normalised = normaliseAbbreviations(trimmed, craft);
  return normalised.length <= trimmed.length + 2 ? normalised : trimmed;
}

type Gloss = Record<PatternLanguage, string>;

export const GLOSSARY: Record<Craft, Array<[string, Gloss]>> = {
  crochet: [
    ["MR", { en: "magic ring", tr: "sihirli halka" }],
    ["ch", { en: "chain", tr: "zincir" }],
    ["ch-sp", { en: "chain space", tr: "zincir boşluğu" }],
    ["sl st", { en: "slip stitch", tr: "kaydırma iğne" }],
    ["sc", { en: "single crochet", tr: "sık iğne" }],
    ["hdc", { en: "half double crochet", tr: "yarım çubuk" }],
    ["dc", { en: "double crochet", tr: "çubuk" }],
    ["tr", { en: "treble crochet", tr: "çift çubuk" }],
    ["inc", { en: "increase: 2 sts in the same st", tr: "arttırma: aynı ilmeğe 2 ilmek" }],
    ["dec", { en: "decrease: 2 sts worked together", tr: "azaltma: 2 ilmeği birlikte ör" }],
    ["invdec", { en: "invisible decrease", tr: "görünmez azaltma" }],
    ["sc2tog", { en: "single crochet 2 together", tr: "2 sık iğneyi birlikte ör" }],
    ["BLO", { en: "back loop only", tr: "yalnızca arka ilmek" }],
    ["FLO", { en: "front loop only", tr: "yalnızca ön ilmek" }],
    ["sk", { en: "skip", tr: "atla" }],
    ["yo", { en: "yarn over", tr: "iplik at" }],
    ["st", { en: "stitch", tr: "ilmek" }],
    ["sts", { en: "stitches", tr: "ilmekler" }],
  ],
  knitting: [
    ["k", { en: "knit", tr: "düz ör" }],
    ["p", { en: "purl", tr: "ters ör" }],
    ["k2tog", { en: "knit 2 together", tr: "2 ilmeği birlikte düz ör" }],
    ["p2tog", { en: "purl 2 together", tr: "2 ilmeği birlikte ters ör" }],
    ["ssk", { en: "slip, slip, knit the 2 slipped sts together", tr: "kaydır, kaydır, birlikte düz ör" }],
    ["yo", { en: "yarn over", tr: "iplik at" }],
    ["M1", { en: "make one", tr: "1 ilmek arttır" }],
    ["M1L", { en: "make one left", tr: "sola yatık 1 ilmek arttır" }],
    ["M1R", { en: "make one right", tr: "sağa yatık 1 ilmek arttır" }],
    ["tbl", { en: "through the back loop", tr: "arka ilmekten" }],
    ["pm", { en: "place marker", tr: "işaretleyici tak" }],
    ["sm", { en: "slip marker", tr: "işaretleyiciyi kaydır" }],
    ["RS", { en: "right side", tr: "ön yüz" }],
    ["WS", { en: "wrong side", tr: "arka yüz" }],
    ["inc", { en: "increase", tr: "arttırma" }],
    ["dec", { en: "decrease", tr: "azaltma" }],
    ["st", { en: "stitch", tr: "ilmek" }],
    ["sts", { en: "stitches", tr: "ilmekler" }],
  ],
  sewing: [
    ["RST", { en: "right sides together", tr: "düz yüzler birbirine bakacak" }],
    ["WST", { en: "wrong sides together", tr: "ters yüzler birbirine bakacak" }],
    ["SA", { en: "seam allowance", tr: "dikiş payı" }],
  ],
  "cross-stitch": [
    ["DMC", { en: "DMC stranded cotton floss colour number", tr: "DMC muline ipliği renk numarası" }],
    ["backstitch", { en: "outline stitch worked after the crosses", tr: "çarpılardan sonra işlenen geri dikiş" }],
    ["French knot", { en: "wrap the needle twice and stitch down next to the exit hole", tr: "iğneye iki kez sar, çıkış deliğinin yanına batır" }],
  ],
};

/** Glossary entries for the abbreviations a text actually uses, in glossary order. */
export function usedAbbreviations(text: string, craft: Craft, language: PatternLanguage): Array<{ abbr: string; meaning: string }> {
  const found: Array<{ abbr: string; meaning: string }> = [];
  for (const [abbr, gloss] of GLOSSARY[craft]) {
    const escaped = abbr.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
    // Knitting's k and p appear glued to a count (k2, p2): match the letter before a digit too.
    const glued = craft === "knitting" && (abbr === "k" || abbr === "p") ? `|${B}${abbr}(?=\\d)` : "";
    const re = new RegExp(`${B}${escaped}s?${E}${glued}`, "u");
    if (re.test(text)) found.push({ abbr, meaning: gloss[language] });
  }
  return found;
}

const CRAFT_SIGNS: Record<Craft, RegExp[]> = {
  crochet: [/\bcrochet/i, /\b(sc|hdc|dc|sl st|MR|magic ring|amigurumi|granny)\b/i, /\bhook\b/i, /\btığ/i],
  knitting: [/\bknit/i, /\b(k2tog|ssk|purl|cast on|bind off|needles?)\b/i, /\b[kp]\d+\b/i, /\bşiş/i],
  sewing: [/\bsew/i, /\b(fabric|seam allowance|pin|press|hem|topstitch|interfacing|RST)\b/i, /\bdikiş/i],
  "cross-stitch": [/cross[ -]?stitch/i, /\b(aida|floss|dmc|backstitch|strands?|chart)\b/i, /\bkanaviçe/i],
};

/** The craft a pattern is written for, from its vocabulary; crochet when nothing stands out. */
export function detectCraft(text: string): Craft {
  let best: Craft = "crochet";
  let bestScore = 0;
  for (const craft of CRAFTS) {
    const score = CRAFT_SIGNS[craft].reduce((sum, re) => sum + (text.match(new RegExp(re.source, "gi"))?.length ?? 0), 0);
    if (score > bestScore) {
      best = craft;
      bestScore = score;
    }
  }
  return best;
}

/** Turkish when the text carries letters only Turkish uses, or common Turkish pattern words. */
export function detectLanguage(text: string): PatternLanguage {
  const turkishLetters = text.match(/[ğşıİĞŞ]/g)?.length ?? 0;
  const turkishWords = text.match(/(?<![\p{L}])(ve|ile|için|tur|sıra|ilmek|malzemeler|yapılışı|zincir|iplik)(?![\p{L}])/giu)?.length ?? 0;
  return turkishLetters + turkishWords >= 3 ? "tr" : "en";
}
