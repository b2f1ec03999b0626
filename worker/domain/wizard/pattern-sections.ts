/**
 * Reads a pattern as sellers paste it (free text, their own headings, any order) or as Listora or an
 * LLM wrote it (markdown headings), into sections. No line is ever dropped: a line that fits no
 * section stays with the instructions, in its place.
 */
import type { PatternLanguage } from "./abbreviations";

export type SectionKey = "sizes" | "materials" | "gauge" | "abbreviations" | "instructions" | "notes";

export const SECTION_ORDER: readonly SectionKey[] = ["sizes", "materials", "gauge", "abbreviations", "instructions", "notes"];

export const SECTION_LABELS: Record<PatternLanguage, Record<SectionKey, string>> = {
  en: { sizes: "Finished size", materials: "Materials", gauge: "Gauge", abbreviations: "Abbreviations", instructions: "Instructions", notes: "Notes" },
  tr: { sizes: "Bitmiş ölçü", materials: "Malzemeler", gauge: "Numune (gauge)", abbreviations: "Kısaltmalar", instructions: "Yapılışı", notes: "Notlar" },
};

// Each heading word, English and Turkish. Checked in this order: "pattern notes" is notes, not instructions.
const HEADINGS: Array<[SectionKey, RegExp]> = [
  ["notes", /^(?:pattern\s+notes?|notes?|tips|notlar|not|ipuçları|copyright|telif)$/iu],
  ["sizes", /^(?:(?:finished|design|chart)\s+(?:sizes?|measurements?|dimensions?)|stitch\s+count|sizes?|dimensions?|measurements?|bitmiş\s+ölçü(?:ler)?|ölçü(?:ler)?|beden(?:ler)?|boyut(?:lar)?)$/iu],
  ["materials", /^(?:materials?(?:\s+(?:and|&)\s+tools)?|supplies|tools(?:\s+(?:and|&)\s+materials)?|you(?:'|’)?ll\s+need|you\s+will\s+need|what\s+you(?:'|’)?ll\s+need|notions|gerekli\s+malzemeler|malzemeler|gereçler|malzeme\s+listesi)$/iu],
  ["gauge", /^(?:gauge|tension|numune(?:\s*\(gauge\))?|örnek\s+kare)$/iu],
  ["abbreviations", /^(?:abbreviations?|abbrev\.?|stitches\s+used|stitch\s+guide|special\s+stitches|kısaltmalar)$/iu],
  ["instructions", /^(?:instructions?|pattern|directions|method|steps|how\s+to\s+make(?:\s+it)?|yapılışı|yapılış|talimatlar|adımlar|tarif)$/iu],
];

/** Words that start a materials line on their own ("Yarn: 2 skeins of ..."): the whole line is the item. */
const MATERIAL_ITEM = /^(?:yarns?|hooks?|crochet\s+hook|needles?|knitting\s+needles?|circular\s+needles?|dpns?|fabric|main\s+fabric|lining(?:\s+fabric)?|interfacing|thread|floss|aida|evenweave|linen|stuffing|fiberfill|fibrefill|safety\s+eyes|eyes|stitch\s+markers?|tapestry\s+needle|notions|webbing|straps?|zipper|buttons?|batting|hoop|iplik|tığ|şiş|kumaş|elyaf|göz|dolgu)\s*:/iu;

/** "sc = single crochet", "dc - double crochet", "MR (magic ring)", "sl st: slip stitch". */
export const ABBREVIATION_ENTRY = /^(.{1,20}?)\s*(?:=|:|–|—|\s-\s|\s+-|\()\s*(.+?)\)?$/u;

export interface ParsedLine {
  section: SectionKey | "intro";
  text: string;
  /** A `###` heading or a short line that names a part ("Arms (make 2)"); only inside instructions. */
  part?: boolean;
}

export interface ParsedPattern {
  title?: string;
  lines: ParsedLine[];
}

/** Strips list markers and markdown emphasis around a line; keeps its words. */
export function stripDecoration(line: string): string {
  return line
    .replace(/^\s*(?:[-*•·▪–]\s+)/u, "")
    .replace(/^\*\*(.+)\*\*$/u, "$1")
    .replace(/^__(.+)__$/u, "$1")
    .trim();
}

interface Heading {
  key: SectionKey;
  head: string;
  rest: string;
}

const GENERIC_HEAD = /^(?:finished\s+size|sizes?|gauge|tension|materials?|supplies|notes?|pattern\s+notes?|abbreviations?|instructions?|pattern|bitmiş\s+ölçü|ölçü|beden|malzemeler|notlar|not|kısaltmalar|numune|yapılışı)$/iu;

/** "Materials", "MATERIALS:", "## Materials", "Gauge: 18 sts = 10 cm" (inline rest). */
export function matchHeading(raw: string): Heading | undefined {
  const line = raw.replace(/^#{1,2}\s+/u, "").replace(/^\*\*(.+?)\*\*/u, "$1").trim();
  const colon = line.indexOf(":");
  const head = (colon === -1 ? line : line.slice(0, colon)).replace(/[*_]+/g, "").trim();
  const rest = colon === -1 ? "" : line.slice(colon + 1).trim();
  if (head.length === 0 || head.length > 40) return undefined;
  for (const [key, re] of HEADINGS) {
    if (re.test(head)) {
      // "Pattern: bunny" is a heading with text; "Pattern is worked in rounds." is a sentence.
      if (colon === -1 && line !== head) return undefined;
      return { key, head, rest };
    }
  }
  return undefined;
}

const LABEL = /^(?:rounds?|rnds?|rows?|r|tur(?:lar)?|sıra(?:lar)?|step|adım)\s*\.?\s*\d/iu;
const TURKISH_LABEL = /^\d+\s*\.\s*(?:tur|sıra)(?![\p{L}])/iu;
const NEXT_LABEL = /^(?:next\s+(?:round|rnd|row)|(?:round|rnd|row)\s*[:.])/iu;

export function looksLabelled(line: string) {
  return LABEL.test(line) || TURKISH_LABEL.test(line) || NEXT_LABEL.test(line);
}

/** Starts with a stitch, a count of stitches, or a bracketed repeat: a round or row, not prose. */
export function looksLikeStitchLine(line: string) {
  return /^(?:[*[(]\s*)?(?:\d+\s*)?(?:sc|hdc|dc|tr|ch|sl st|inc|dec|invdec|sc2tog|MR|BLO|FLO|k\d*|p\d*|k2tog|p2tog|ssk|yo|M1[LR]?|sk|rep(?:eat)?\s+(?:rnd|round|row)s?)(?![\p{L}])/iu.test(line);
}

/** Names of the usual parts of a pattern that are headings even without a round after them. */
const PART_WORDS = /^(?:finishing|assembly|making up|construction|cutting(?: out)?|preparation|embellishments?|border|edging|blocking|montaj|birleştirme|son işlemler|kesim|hazırlık)$/iu;

function isPartHeading(line: string, next: string | undefined): boolean {
  if (/^###\s+/u.test(line)) return true;
  const plain = stripDecoration(line);
  if (PART_WORDS.test(plain.replace(/:$/u, ""))) return true;
  if (plain.length === 0 || plain.length > 50 || looksLabelled(plain) || looksLikeStitchLine(plain)) return false;
  if (/[.!?]$/u.test(plain)) return false;
  if (plain.split(/\s+/u).length > 6) return false;
  if (/:$/u.test(plain)) return true;
  const letters = plain.replace(/[^\p{L}]/gu, "");
  if (letters.length >= 3 && letters === letters.toLocaleUpperCase("en")) return true;
  if (!next) return false;
  const after = stripDecoration(next);
  return looksLabelled(after) || looksLikeStitchLine(after);
}

/** "Head" or "Arms (make 2)" right before "Rnd 1:": a part that also starts the instructions. */
function startsPart(plain: string, next: string | undefined) {
  if (!next || /\d/u.test(plain.replace(/\([^)]*\)/gu, "")) || /[.!?,;]$/u.test(plain) || plain.split(/\s+/u).length > 4) return false;
  return looksLabelled(stripDecoration(next));
}

const isTitleCandidate = (line: string) =>
  line.length <= 100 && !/[.:;]$/u.test(line) && !looksLabelled(line) && !looksLikeStitchLine(line) && !matchHeading(line) && !MATERIAL_ITEM.test(line);

/** Splits a pattern into its title and section lines, keeping every non-blank line. */
export function parsePattern(text: string): ParsedPattern {
  const rows = text
    .replace(/\r\n?/g, "\n")
    .replace(/\t/g, " ")
    .split("\n")
    .map((l) => l.replace(/[ \u00a0]+$/u, "").replace(/^[ \u00a0]+/u, ""))
    .filter((l) => l.trim().length > 0);

  let title: string | undefined;
  let start = 0;
  if (rows.length > 1) {
    const first = rows[0].replace(/^#\s+/u, "").replace(/^\*\*(.+)\*\*$/u, "$1").trim();
    if (/^#\s+/u.test(rows[0]) || isTitleCandidate(first)) {
      title = first;
      start = 1;
    }
  }

  const lines: ParsedLine[] = [];
  let section: SectionKey | "intro" = "intro";
  for (let i = start; i < rows.length; i++) {
    const raw = rows[i];
    const heading = /^###\s+/u.test(raw) ? undefined : matchHeading(raw);
    if (heading) {
      section = heading.key;
      // "Gauge: 22 sts" keeps only its text; "Design size: 98 x 84" keeps its own label, which says more.
      if (heading.rest) lines.push({ section, text: GENERIC_HEAD.test(heading.head) ? heading.rest : `${heading.head}: ${heading.rest}` });
      continue;
    }
    const plain = stripDecoration(raw.replace(/^#{1,2}\s+/u, ""));
    if (section === "abbreviations" && !ABBREVIATION_ENTRY.test(plain) && looksLikeStitchLine(plain)) {
      // "Ch 4 and join with a sl st to form a ring." under an abbreviations list is the first instruction.
      section = "instructions";
    }
    if (section !== "instructions") {
      // Free text before any heading is a materials item, the first round, or the seller's introduction;
      // after a heading only a labelled round ("Rnd 1:") is strong enough to start the instructions.
      if (section === "intro" && MATERIAL_ITEM.test(plain)) section = "materials";
      else if (looksLabelled(plain) || (section === "intro" && looksLikeStitchLine(plain))) section = "instructions";
      else if (startsPart(plain, rows[i + 1])) {
        section = "instructions";
        lines.push({ section, text: plain.replace(/:$/u, ""), part: true });
        continue;
      }
    }
    if (section === "instructions" && isPartHeading(raw, rows[i + 1])) {
      lines.push({ section, text: stripDecoration(raw.replace(/^#{1,3}\s+/u, "")).replace(/:$/u, ""), part: true });
      continue;
    }
    lines.push({ section, text: plain });
  }
  return { title, lines };
}
