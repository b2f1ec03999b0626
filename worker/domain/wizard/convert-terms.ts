/**
 * US <-> UK crochet terms, on the seller's request (issue 27): the same stitch has a name one size up in
 * UK terms (US sc is UK dc, US dc is UK tr). Every abbreviation and long name is changed in one pass, so
 * "sc" -> "dc" is never changed again to "tr"; the seller's own abbreviations list changes with the
 * instructions, and the formatter's table and terms note follow the converted text. Linear-time: one
 * alternation of fixed words, each bounded by letters on both sides.
 */
import { escapeRegExp } from "../../../shared/facts/language";
import { detectTerms, type Craft } from "./abbreviations";

type Side = "us" | "uk";

/** [US, UK] pairs: abbreviations, then long names. */
const PAIRS: Array<[string, string]> = [
  ["sc", "dc"],
  ["hdc", "htr"],
  ["dc", "tr"],
  ["tr", "dtr"],
  ["dtr", "trtr"],
  ["sc2tog", "dc2tog"],
  ["hdc2tog", "htr2tog"],
  ["dc2tog", "tr2tog"],
  ["tr2tog", "dtr2tog"],
  ["sc3tog", "dc3tog"],
  ["dc3tog", "tr3tog"],
  ["fpsc", "fpdc"],
  ["bpsc", "bpdc"],
  ["fphdc", "fphtr"],
  ["bphdc", "bphtr"],
  ["fpdc", "fptr"],
  ["bpdc", "bptr"],
  ["fptr", "fpdtr"],
  ["bptr", "bpdtr"],
  ["single crochet", "double crochet"],
  ["half double crochet", "half treble crochet"],
  ["double crochet", "treble crochet"],
  ["treble crochet", "double treble crochet"],
  ["triple crochet", "double treble crochet"],
  ["double treble crochet", "triple treble crochet"],
  ["us terms", "uk terms"],
  ["us crochet terms", "uk crochet terms"],
];

function table(from: Side): { re: RegExp; map: Map<string, string> } {
  const map = new Map<string, string>();
  for (const [us, uk] of PAIRS) {
    const [a, b] = from === "us" ? [us, uk] : [uk, us];
    // "treble crochet" is UK tr -> US dc; a later pair with the same source word does not override it.
    if (!map.has(a)) map.set(a, b);
  }
  const words = [...map.keys()].sort((x, y) => y.length - x.length).map((w) => escapeRegExp(w).replace(/ /g, "[ -]"));
  // Plurals ("single crochets") keep their s; a count glued in front ("2sc") is allowed.
  return { re: new RegExp(`(?<![\\p{L}])(${words.join("|")})(s?)(?![\\p{L}])`, "giu"), map };
}

const TABLES: Record<Side, ReturnType<typeof table>> = { us: table("us"), uk: table("uk") };

/** Keeps the case the seller wrote, word by word: "SC" -> "DC", "Single crochet" -> "Double crochet", "US terms" -> "UK terms". */
function likeCase(original: string, word: string) {
  const from = original.split(/[ -]/u);
  return word
    .split(" ")
    .map((w, i) => {
      const o = from[Math.min(i, from.length - 1)];
      if (o === o.toLocaleUpperCase("en") && /\p{L}/u.test(o)) return w.toLocaleUpperCase("en");
      if (o[0] === o[0].toLocaleUpperCase("en") && i === 0) return w[0].toLocaleUpperCase("en") + w.slice(1);
      return w;
    })
    .join(" ");
}

/**
 * The pattern in the other terms. Unchanged when it is not crochet, already in those terms, or its
 * terms are unknown; "mixed" when the pattern mixes US and UK terms (which cannot be converted safely).
 */
export function convertCrochetTerms(text: string, craft: Craft, to: Side): { text: string; converted: boolean } | "mixed" {
  if (craft !== "crochet") return { text, converted: false };
  const terms = detectTerms(text, craft);
  if (terms === "mixed") return "mixed";
  if (terms === "unknown" || terms === to) return { text, converted: false };
  const { re, map } = TABLES[terms];
  const out = text.replace(re, (_m, word: string, plural: string) => {
    const target = map.get(word.toLocaleLowerCase("en").replace(/-/g, " "));
    return target ? likeCase(word, target) + plural : word + plural;
  });
  return { text: out, converted: true };
}
