/**
 * The one normal form in which names a seller types are compared (keyword-list names, a shop listing's
 * title when it is the only thing that identifies it): Unicode NFKC (so "é" typed as e + accent, fullwidth
 * "Ｃａｆé", ligatures and mathematical letters are the letters they look like), invisible characters removed
 * (zero-width spaces and joiners, word joiners, byte-order marks, soft hyphens, bidi marks: every
 * Default_Ignorable_Code_Point and format character), every run of white space or control characters one
 * space, trimmed, and case-folded as Unicode's full case folding does (lower case, "ß" as "ss", final "ς" as "σ";
 * the Turkish dotless "ı" stays its own letter), then NFKC again.
 * Look-alike letters of other scripts (Cyrillic "а" for Latin "a") stay distinct: only what NFKC maps is one.
 * Every pattern is a single character class, so the time is linear in the text's length.
 */
const INVISIBLE = /[\p{Default_Ignorable_Code_Point}\p{Cf}]/gu;
const SPACE = /[\s\p{Cc}]+/gu;

export function nameKey(text: string): string {
  const visible = text.normalize("NFKC").replace(INVISIBLE, "").replace(SPACE, " ").trim();
  return visible.toLowerCase().replace(/ß/g, "ss").replace(/ς/g, "σ").normalize("NFKC");
}
