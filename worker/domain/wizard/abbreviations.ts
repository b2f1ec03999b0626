/**
 * Stitch abbreviations of the four crafts the wizard serves: how sellers write them (long forms,
 * odd casing, run-together spellings) and a glossary of them in English and Turkish. The seller's
 * own spelling is printed as written (a pattern keeps every line where it was). US crochet terms; UK terms are left alone because UK "dc" means US "sc".
 */
import { escapeRegExp } from "../../../shared/facts/language";
export type Craft = "crochet" | "knitting" | "sewing" | "cross-stitch";
export type PatternLanguage = "en" | "tr";

const CRAFTS: readonly Craft[] = ["crochet", "knitting", "sewing", "cross-stitch"];

// Letters and digits of any script: JS \b only knows ASCII, and Turkish words carry ğ, ş, ı, İ.
const B = "(?<![\\p{L}\\p{N}])";
const E = "(?![\\p{L}])";

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
    ["dc2tog", { en: "double crochet 2 together", tr: "2 çubuğu birlikte ör" }],
    ["hdc2tog", { en: "half double crochet 2 together", tr: "2 yarım çubuğu birlikte ör" }],
    ["fpdc", { en: "front post double crochet", tr: "ön kabartma çubuk" }],
    ["bpdc", { en: "back post double crochet", tr: "arka kabartma çubuk" }],
    ["dtr", { en: "double treble crochet", tr: "üç kat çubuk" }],
    ["sp", { en: "space", tr: "boşluk" }],
    ["beg", { en: "beginning", tr: "başlangıç" }],
    ["rep", { en: "repeat", tr: "tekrarla" }],
    ["rnd", { en: "round", tr: "tur" }],
    ["tog", { en: "together", tr: "birlikte" }],
    ["RS", { en: "right side", tr: "ön yüz" }],
    ["WS", { en: "wrong side", tr: "arka yüz" }],
    ["MC", { en: "main colour", tr: "ana renk" }],
    ["CC", { en: "contrasting colour", tr: "kontrast renk" }],
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
    ["kfb", { en: "knit into the front and back of the same stitch (1 st increased)", tr: "aynı ilmeğin önünden ve arkasından düz ör (1 ilmek artar)" }],
    ["k3tog", { en: "knit 3 together (2 sts decreased)", tr: "3 ilmeği birlikte düz ör (2 ilmek azalır)" }],
    ["sk2p", { en: "slip 1, knit 2 together, pass the slipped st over (2 sts decreased)", tr: "1 kaydır, 2'yi birlikte ör, kaydırılanı üstünden geçir (2 ilmek azalır)" }],
    ["s2kp", { en: "slip 2 together, knit 1, pass the 2 slipped sts over (2 sts decreased)", tr: "2'yi birlikte kaydır, 1 düz, kaydırılanları üstünden geçir (2 ilmek azalır)" }],
    ["psso", { en: "pass the slipped stitch over", tr: "kaydırılan ilmeği üstünden geçir" }],
    ["sl", { en: "slip", tr: "kaydır" }],
    ["CO", { en: "cast on", tr: "ilmek başla" }],
    ["BO", { en: "bind off", tr: "ilmekleri kapat" }],
    ["dpn", { en: "double-pointed needle", tr: "çift uçlu şiş" }],
    ["st st", { en: "stockinette stitch", tr: "düz örgü (jarse)" }],
    ["rep", { en: "repeat", tr: "tekrarla" }],
    ["rnd", { en: "round", tr: "tur" }],
    ["beg", { en: "beginning", tr: "başlangıç" }],
    ["MC", { en: "main colour", tr: "ana renk" }],
    ["CC", { en: "contrasting colour", tr: "kontrast renk" }],
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

/** UK crochet terms (Craft Yarn Council): the same stitches one name taller than in US terms. */
const UK_CROCHET: Array<[string, Gloss]> = [
  ["dc", { en: "double crochet (US single crochet)", tr: "sık iğne (İngiliz terimi dc)" }],
  ["htr", { en: "half treble crochet (US half double crochet)", tr: "yarım çubuk (İngiliz terimi htr)" }],
  ["tr", { en: "treble crochet (US double crochet)", tr: "çubuk (İngiliz terimi tr)" }],
  ["dtr", { en: "double treble crochet (US treble crochet)", tr: "çift çubuk (İngiliz terimi dtr)" }],
  ["ss", { en: "slip stitch", tr: "kaydırma iğne" }],
  ["dc2tog", { en: "double crochet 2 together (US sc2tog)", tr: "2 sık iğneyi birlikte ör" }],
  ["htr2tog", { en: "half treble 2 together (US hdc2tog)", tr: "2 yarım çubuğu birlikte ör" }],
];

/** The glossary for a craft in the pattern's terms: UK crochet replaces the US stitch names. */
export function glossaryFor(craft: Craft, terms: Terms = "us"): Array<[string, Gloss]> {
  if (craft !== "crochet" || terms !== "uk") return GLOSSARY[craft];
  const uk = new Set(UK_CROCHET.map(([a]) => a));
  const us = GLOSSARY.crochet.filter(([a]) => !uk.has(a) && !["sc", "hdc", "sc2tog", "hdc2tog", "fpdc", "bpdc"].includes(a));
  return [...UK_CROCHET, ...us];
}

/** Glossary entries for the abbreviations a text actually uses, in glossary order. */
export function usedAbbreviations(text: string, craft: Craft, language: PatternLanguage, terms: Terms = "us"): Array<{ abbr: string; meaning: string }> {
  const found: Array<{ abbr: string; meaning: string }> = [];
  for (const [abbr, gloss] of glossaryFor(craft, terms)) {
    const escaped = escapeRegExp(abbr);
    // Knitting's k and p appear glued to a count (k2, p2): match the letter before a digit too.
    const glued = craft === "knitting" && (abbr === "k" || abbr === "p") ? `|${B}${abbr}(?=\\d)` : "";
    const re = new RegExp(`${B}${escaped}s?${E}${glued}`, "iu");
    if (re.test(text)) found.push({ abbr, meaning: gloss[language] });
  }
  return found;
}

// Each sign counts once per occurrence. Words are matched on letters of any script (JS \b only knows
// ASCII, so "\bşiş" never matched and Turkish knitting used to read as crochet).
const sign = (pattern: string) => new RegExp(`${B}(?:${pattern})${E}`, "giu");

const CRAFT_SIGNS: Record<Craft, RegExp[]> = {
  crochet: [
    sign("crochet(?:ed|ing)?|amigurumi|granny|hook|tığ|tığ işi|örgü tığı"),
    sign("sc|hdc|dc|htr|dtr|sl st|slst|sc2tog|dc2tog|hdc2tog|invdec|mr|magic ring|magic circle|ch-sp|ch sp|fpdc|bpdc"),
    sign("sık iğne|yarım çubuk|çubuk|zincir|kaydırma iğne|sihirli halka"),
  ],
  knitting: [
    sign("knit(?:ting|ted)?|purl(?:ed|ing)?|stockinette|stocking stitch|garter stitch|cast on|cast off|bind off|needles?|dpns?|circular needle"),
    sign("k2tog|k3tog|p2tog|ssk|sk2p|s2kp|kfb|m1l?|m1r|pm|sm|psso|tbl"),
    sign("[kp]\\d+"),
    sign("şiş|şişe|şişler|şiş ile|düz örgü|ters örgü|lastik örgü|ilmek başla\\p{L}*|2 ilmeği birlikte|saç örgü|bere|örgü şişi"),
  ],
  sewing: [sign("sew(?:ing|n)?|fabric|seam allowance|seams?|pin|press|hem|topstitch|interfacing|rst|wst|bias tape|dikiş|kumaş|dikiş payı|overlok")],
  "cross-stitch": [sign("cross[ -]?stitch(?:es)?|aida|evenweave|floss|dmc|anchor|backstitch|strands?|chart|kanaviçe|etamin|muline|goblen")],
};

/** The craft a pattern is written for, from its vocabulary; crochet when nothing stands out. */
export function detectCraft(text: string): Craft {
  let best: Craft = "crochet";
  let bestScore = 0;
  for (const craft of CRAFTS) {
    const score = CRAFT_SIGNS[craft].reduce((sum, re) => sum + (text.match(re)?.length ?? 0), 0);
    if (score > bestScore) {
      best = craft;
      bestScore = score;
    }
  }
  return best;
}

export type Terms = "us" | "uk" | "mixed" | "unknown";

/**
 * US or UK crochet terms: what the pattern declares, else what it clearly uses. UK patterns have no sc
 * or hdc (their dc is the US sc); US patterns have no htr or dtr. Both declared, or a declaration
 * contradicted by the stitches, is "mixed". Knitting terms differ in words only (bind off / cast off).
 */
export function detectTerms(text: string, craft: Craft): Terms {
  const count = (pattern: string) => text.match(sign(pattern))?.length ?? 0;
  const declaredUs = count("us(?:a)? (?:crochet )?terms?|us (?:crochet )?terminology|american (?:crochet )?terms|(?:abd|[aA]merikan) (?:tığ işi )?terimler\\p{L}*|amerikan terimler\\p{L}*");
  const declaredUk = count("uk (?:crochet )?terms?|uk (?:crochet )?terminology|british (?:crochet )?terms|english (?:crochet )?terms|[iİı]ngiliz terimler\\p{L}*");
  if (craft === "crochet") {
    const usSigns = count("sc|hdc|sc2tog|hdc2tog|single crochets?|half double crochets?|sık iğne");
    const ukSigns = count("htr|dtr|htr2tog|half trebles?|double trebles?");
    const us = declaredUs > 0 || usSigns > 0;
    const uk = declaredUk > 0 || ukSigns > 0;
    if (us && uk) return "mixed";
    if (us) return "us";
    if (uk) return "uk";
    return "unknown";
  }
  if (craft === "knitting") {
    if (declaredUs && !declaredUk) return "us";
    if (declaredUk && !declaredUs) return "uk";
    const us = count("bind off|stockinette|gauge");
    const uk = count("cast off|stocking stitch|tension");
    if (us > uk) return "us";
    if (uk > us) return "uk";
    return "unknown";
  }
  return "unknown";
}

/** Turkish when the text carries letters only Turkish uses, or common Turkish pattern words. */
export function detectLanguage(text: string): PatternLanguage {
  const turkishLetters = text.match(/[ğşıİĞŞ]/g)?.length ?? 0;
  const turkishWords = text.match(/(?<![\p{L}])(ve|ile|için|tur|sıra|ilmek|malzemeler|yapılışı|zincir|iplik)(?![\p{L}])/giu)?.length ?? 0;
  return turkishLetters + turkishWords >= 3 ? "tr" : "en";
}
