/**
 * English words in a Turkish listing (issue 24: "a Turkish listing is Turkish throughout"). A word
 * counts when it is a common English word, not Turkish, and not the seller's own (a brand, a format,
 * a word they wrote themselves). Linear: one pass over the words.
 */
const ENGLISH = new Set(
  `the and with for of your you our this that these those is are was be it its a an to in on at by from as or not no
  gift gifts instant download downloads digital pattern patterns knit knitted knitting crochet crocheted handmade hand made
  skill level size sizes includes include included including made love loved care quality perfect features feature good know
  ready print printable file files set design designs photo view front close up new everyday every day great beautiful
  cute lovely unique style styles easy wash washable step instructions tutorial finished yarn hook needles needle
  beginner intermediate advanced terms cart today order now shop buy add will shipped shipping physical item items
  product products preview sample page pages screen detail details home decor wall art kids baby women men
  him mom dad friend christmas birthday wedding anniversary lover lovers project diy craft crafts template templates
  editable personalized personalised custom name names initials engraved vintage retro antique used condition
  material materials colour color colours colors white black blue red green pink grey gray cream natural
  bundle pack piece pieces cotton wool leather silver gold ceramic wood wooden glass mug cup bowl board necklace
  earrings ring bracelet hat blanket bag candle soap toy bunny rabbit sweater cardigan dress shirt why what how`.split(/\s+/),
);

const WORD = /[\p{L}][\p{L}'’]*/gu;

/** The English words of `text` that `source` (the seller's own text) does not have, each once. */
export function englishWords(text: string, source = ""): string[] {
  const own = new Set((source.match(WORD) ?? []).map((w) => w.toLocaleLowerCase("tr")));
  const out: string[] = [];
  for (const raw of text.match(WORD) ?? []) {
    const w = raw.toLocaleLowerCase("en").replace(/[’']s$/, "");
    if (!ENGLISH.has(w) || own.has(raw.toLocaleLowerCase("tr")) || own.has(w) || out.includes(w)) continue;
    out.push(w);
  }
  return out;
}

/** `s` as a literal inside a regular expression. */
export const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/** A comparison form for either language: lower case with dotted and dotless i as one letter ("Intermediate" and "İNDİRME" both match). */
export const foldCase = (s: string) => s.replace(/İ/g, "i").toLowerCase().replace(/ı/g, "i").replace(/i̇/g, "i");

/**
 * A word of a name that reads like a measure: a phone network ("4G", "5G", never five grams), a figure glued to a
 * capital right after a capitalised word ("Seamaster Professional 300M"), or the end of a model's code after its
 * hyphen ("91W" of "Casio F-91W", never 91 watts).
 */
export function inName(text: string, at: number, measure: string): boolean {
  if (/^\d+[\p{Lu}]$/u.test(measure) && /\p{Lu}-$/u.test(text.slice(Math.max(0, at - 2), at))) return true;
  return /^[2345]G$/u.test(measure) || (/^\d{1,4}[MG]$/u.test(measure) && /\p{Lu}[\p{L}\p{N}]*\s$/u.test(text.slice(Math.max(0, at - 40), at)));
}
