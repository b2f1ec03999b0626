/**
 * Reads a pattern as sellers paste it (free text, their own headings, any order) or as Listora wrote it
 * (markdown headings) into sections, WITHOUT moving or changing a line (docs/decisions/0014): every
 * non-blank input line stays, character for character, in its place; a section starts where the
 * seller's heading is, or where the text plainly changes (the first round after the materials), and a
 * heading is added only where the seller wrote none.
 */
import { GLOSSARY, type PatternLanguage } from "./abbreviations";

export type SectionKey = "summary" | "sizes" | "materials" | "gauge" | "abbreviations" | "instructions" | "notes";

export const SECTION_LABELS: Record<PatternLanguage, Record<SectionKey, string>> = {
  en: {
    summary: "At a glance",
    sizes: "Finished size",
    materials: "Materials",
    gauge: "Gauge",
    abbreviations: "Abbreviations",
    instructions: "Instructions",
    notes: "Notes",
  },
  tr: {
    summary: "Bir bakışta",
    sizes: "Bitmiş ölçü",
    materials: "Malzemeler",
    gauge: "Numune (gauge)",
    abbreviations: "Kısaltmalar",
    instructions: "Yapılışı",
    notes: "Notlar",
  },
};

// A heading may carry a note in brackets: "Abbreviations (US terms)", "Materials (for one coaster)".
const NOTE = String.raw`(?:\s*[([][^)\]]{1,40}[)\]])?`;
const heading = (words: string) => new RegExp(`^(?:${words})${NOTE}$`, "iu");

// Each heading word, English and Turkish. Checked in this order: "pattern notes" is notes, not instructions.
const HEADINGS: Array<[SectionKey, RegExp]> = [
  ["summary", heading(String.raw`at\s+a\s+glance|bir\s+bakışta`)],
  [
    "notes",
    heading(String.raw`pattern\s+notes?|notes?|tips|about\s+this\s+pattern|bu\s+model\s+hakkında|notlar|not|ipuçları|açıklamalar|copyright|telif(?:\s+hakkı)?|terms\s+of\s+use|kullanım\s+koşulları`),
  ],
  [
    "sizes",
    heading(
      String.raw`(?:finished|design|chart)\s+(?:sizes?|measurements?|dimensions?)|stitch\s+count|sizes?|dimensions?|measurements?|bitmiş\s+ölçü(?:ler)?|ölçü(?:ler)?|beden(?:ler)?|boyut(?:lar)?`,
    ),
  ],
  [
    "materials",
    heading(
      String.raw`materials?(?:\s+(?:and|&)\s+tools)?|supplies|tools(?:\s+(?:and|&)\s+materials)?|you(?:'|’)?ll\s+need|you\s+will\s+need|what\s+you(?:'|’)?ll\s+need|notions|gerekli\s+malzemeler|malzemeler|gereçler|malzeme\s+listesi|kullanılan\s+malzemeler`,
    ),
  ],
  ["gauge", heading(String.raw`gauge|tension|numune(?:\s*\(gauge\))?|örnek\s+kare|gerginlik|örgü\s+sıklığı|ilmek\s+sıklığı`)],
  [
    "abbreviations",
    heading(String.raw`(?:more\s+|standard\s+)?abbreviations?(?:\s+used)?|diğer\s+kısaltmalar|abbrev\.?|stitches\s+used|stitch\s+guide|special\s+stitches|kısaltmalar|kısaltmalar\s+ve\s+terimler`),
  ],
  ["instructions", heading(String.raw`instructions?|pattern|directions|method|steps|how\s+to\s+make(?:\s+it)?|yapılışı|yapılış|talimatlar|adımlar|tarif`)],
];

/** Words that start a materials line on their own ("Yarn: 2 skeins of ..."): the whole line is the item. */
const MATERIAL_ITEM =
  /^(?:[-*•]\s+)?(?:yarns?|hooks?|crochet\s+hook|needles?|knitting\s+needles?|circular\s+needles?|dpns?|fabric|main\s+fabric|lining(?:\s+fabric)?|interfacing|thread|floss|aida|evenweave|linen|stuffing|fiberfill|fibrefill|safety\s+eyes|eyes|stitch\s+markers?|tapestry\s+needle|notions|webbing|straps?|zipper|buttons?|batting|hoop|iplik|tığ|şiş(?:ler)?|kumaş|elyaf|göz|dolgu)\s*:/iu;

/** "sc = single crochet", "dc - double crochet", "MR (magic ring)", "sl st: slip stitch". */
const ABBREVIATION_ENTRY = /^(.{1,20}?)\s*(?:=|:|–|—|\s-\s|\s+-|\()\s*(.+?)\)?$/u;

/** Strips list markers and markdown emphasis around a line; keeps its words. For reading only. */
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

/** "Materials", "MATERIALS:", "## Materials", "Gauge: 18 sts = 10 cm" (inline rest). */
function matchHeading(raw: string): Heading | undefined {
  const line = raw
    .replace(/^#{1,2}\s+/u, "")
    .replace(/^\*\*(.+?)\*\*/u, "$1")
    .trim();
  const colon = line.indexOf(":");
  const head = (colon === -1 ? line : line.slice(0, colon)).replace(/[*_]+/g, "").trim();
  const rest =
    colon === -1
      ? ""
      : line
          .slice(colon + 1)
          .replace(/^[*_]+/u, "")
          .trim();
  if (head.length === 0 || head.length > 50) return undefined;
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
const TURKISH_LABEL = /^\d+\.?(?:\s*[-–]\s*\d+)?\s*\.\s*(?:tur|sıra)(?:lar|ler)?(?![\p{L}])/iu;
const NEXT_LABEL =
  /^(?:next\s+(?:round|rnd|row)|(?:round|rnd|row)\s*[:.]|(?:all\s+)?(?:rs|ws)\s+rows?\s*:|(?:inc|dec|increase|decrease|set-up|setup)\s+(?:rnd|round|row)\s*:|sonraki\s+(?:tur|sıra))/iu;

export function looksLabelled(line: string) {
  return LABEL.test(line) || TURKISH_LABEL.test(line) || NEXT_LABEL.test(line);
}

/** Starts with a stitch, a count of stitches, or a bracketed repeat: a round or row, not prose. */
export function looksLikeStitchLine(line: string) {
  return /^(?:[*[(]\s*)?(?:\d+\s*)?(?:sc|hdc|dc|tr|ch|sl st|inc|dec|invdec|sc2tog|MR|BLO|FLO|k\d*|p\d*|k2tog|p2tog|ssk|kfb|yo|M1[LR]?|sk|rep(?:eat)?\s+(?:rnd|round|row)s?)(?![\p{L}])/iu.test(line);
}

/** "Cast on 96 sts", "Şişe 88 ilmek başlayın", "Ch 4 and join": the first instruction of a piece. */
export function looksLikeStart(line: string) {
  return (
    /^(?:(?:using|with)\s+[^,]{1,40},\s*)?(?:cast\s+on|co\s+\d|chain\s+\d|ch\s+\d|make\s+a\s+(?:magic|adjustable)\s+ring|pick\s+up\s+and\s+knit\s+\d)/iu.test(line) ||
    /^(?:place|slip)\s+(?:the\s+)?\d+\s+(?:held\s+)?(?:sts|stitches)/iu.test(line) ||
    /(?<![\p{L}])(?:ilmek|zincir)\s+(?:başla|başlayın|başlayınız|aç|açın|atın|çekin|çıkın|zincir\s+çekin)/iu.test(line) ||
    /^(?:sihirli\s+halka|şişe\s+\d+)/iu.test(line)
  );
}

/** A measurement ("10 cm", "4 mm", "100 g", '4"'): gauge and materials lines carry them, rounds rarely do. */
const MEASURE = /\d\s*(?:cm|mm|m|in(?:ch(?:es)?)?|"|”|yds?|yards?|g|gr|oz)(?![\p{L}])/iu;

/** Names of the usual parts of a pattern that are headings even without a round after them. */
const PART_WORDS =
  /^(?:finishing|assembly|making up|construction|cutting(?: out)?|preparation|embellishments?|border|edging|blocking|montaj|birleştirme|son işlemler|kesim|hazırlık|tepe|tepe azaltmaları)$/iu;

function isPartHeading(line: string, next: string | undefined): boolean {
  if (/^###\s+/u.test(line)) return true;
  const plain = stripDecoration(line);
  if (PART_WORDS.test(plain.replace(/:$/u, ""))) return true;
  if (plain.length === 0 || plain.length > 50 || looksLabelled(plain) || looksLikeStitchLine(plain) || looksLikeStart(plain)) return false;
  if (/[.!?,;]$/u.test(plain)) return false;
  if (plain.split(/\s+/u).length > 6) return false;
  if (/:$/u.test(plain)) return true;
  const letters = plain.replace(/[^\p{L}]/gu, "");
  if (letters.length >= 3 && letters === letters.toLocaleUpperCase("en")) return true;
  if (!next) return false;
  const after = stripDecoration(next);
  return looksLabelled(after) || looksLikeStitchLine(after) || looksLikeStart(after);
}

/** Every standard abbreviation, lower case: "BLO (back loop only)" is a glossary line, not a part. */
const KNOWN_ABBREVIATIONS = new Set(Object.values(GLOSSARY).flatMap((list) => list.map(([a]) => a.toLocaleLowerCase("en"))));

/** "HEAD (cream)", "BAŞ (kahverengi)": a capitalised name of three letters or more and a note, not a glossary line. */
function capitalPart(plain: string) {
  const m = /^(\p{Lu}{3,30}(?: \p{Lu}{1,30}){0,3}) ?\(/u.exec(plain);
  return Boolean(m) && !KNOWN_ABBREVIATIONS.has(m![1].toLocaleLowerCase("en"));
}

/** "Head" or "Arms (make 2)" right before "Rnd 1:": a part that also starts the instructions. */
function startsPart(plain: string, next: string | undefined) {
  if (!next || /[=:]./u.test(plain) || (isAbbreviationEntry(plain) && !capitalPart(plain)) || /\d/u.test(plain.replace(/\([^)]*\)/gu, "")) || /[.!?,;]$/u.test(plain) || plain.split(/\s+/u).length > 4)
    return false;
  const after = stripDecoration(next);
  return looksLabelled(after) || looksLikeStart(after);
}

/** A glossary line: a short abbreviation, a separator, its meaning. Not a round ("1-10. turlar: ..."). */
export function isAbbreviationEntry(plain: string) {
  const m = ABBREVIATION_ENTRY.exec(plain);
  if (!m || looksLabelled(plain) || looksLikeStart(plain)) return false;
  return m[1].trim().split(/\s+/u).length <= 3 && !/^\d/u.test(m[1].trim());
}

const isTitleCandidate = (line: string) => line.length <= 100 && !/[.:;]$/u.test(line) && !looksLabelled(line) && !looksLikeStitchLine(line) && !matchHeading(line) && !MATERIAL_ITEM.test(line);

/** One line as the seller wrote it (spaces around it trimmed), with its 1-based line number. */
export interface SourceLine {
  n: number;
  text: string;
  /** A part of the instructions ("HEAD", "Ears (make 2)", "### Body"). */
  part?: boolean;
}

export interface PatternSection {
  key: SectionKey | "intro";
  /** The seller's own heading line, verbatim; absent when Listora names the section. */
  heading?: SourceLine;
  lines: SourceLine[];
}

interface StructuredPattern {
  title?: SourceLine;
  sections: PatternSection[];
}

/** The lines of a text, numbered from 1 as an editor numbers them; blank lines are skipped. */
export function sourceLines(text: string): SourceLine[] {
  const out: SourceLine[] = [];
  text
    .replace(/\r\n?/g, "\n")
    .split("\n")
    .forEach((raw, i) => {
      const line = raw.trim();
      if (line) out.push({ n: i + 1, text: line });
    });
  return out;
}

/**
 * Splits a pattern into its title and sections. Lines keep their order and their text; only where a
 * section starts is decided here.
 */
export function structurePattern(text: string): StructuredPattern {
  const rows = sourceLines(text);
  let title: SourceLine | undefined;
  let start = 0;
  if (rows.length > 1) {
    const first = rows[0].text
      .replace(/^#\s+/u, "")
      .replace(/^\*\*(.+)\*\*$/u, "$1")
      .trim();
    if (/^#\s+/u.test(rows[0].text) || isTitleCandidate(first)) {
      title = rows[0];
      start = 1;
    }
  }

  const sections: PatternSection[] = [];
  let current: PatternSection = { key: "intro", lines: [] };
  sections.push(current);
  const open = (key: SectionKey, own?: SourceLine) => {
    current = { key, heading: own, lines: [] };
    sections.push(current);
  };

  for (let i = start; i < rows.length; i++) {
    const row = rows[i];
    const raw = row.text;
    const next = rows[i + 1]?.text;
    const plain = stripDecoration(raw.replace(/^#{1,2}\s+/u, ""));
    const found = /^###\s+/u.test(raw) ? undefined : matchHeading(raw);
    if (found) {
      if (!found.rest) {
        // A heading on its own line is always the seller's section break.
        open(found.key, row);
        continue;
      }
      // "Gauge: 22 sts = 10 cm" opens its section, unless it is already the section or sits inside the
      // instructions ("Note: stuff firmly" between two rounds stays where it is).
      if (found.key !== current.key && current.key !== "instructions") {
        open(found.key);
        current.lines.push(row);
        continue;
      }
    }
    if (current.key !== "instructions") {
      const labelled = looksLabelled(plain);
      const stitches = looksLikeStitchLine(plain) || looksLikeStart(plain);
      let starts: boolean;
      if (current.key === "abbreviations") starts = labelled || (stitches && !isAbbreviationEntry(plain));
      else if (current.key === "gauge") starts = labelled || (looksLikeStart(plain) && !MEASURE.test(plain));
      else if (current.key === "intro") starts = labelled || stitches;
      else starts = labelled || (stitches && !MEASURE.test(plain));
      if (current.key === "intro" && !starts && MATERIAL_ITEM.test(plain)) {
        open("materials");
        current.lines.push(row);
        continue;
      }
      // A part right before its first round ends any section, notes too ("Notes ... HEAD (cream) / Rnd 1:").
      if (!starts && startsPart(plain, next)) {
        open("instructions");
        current.lines.push({ ...row, part: true });
        continue;
      }
      if (starts) open("instructions");
    }
    if (current.key === "instructions" && isPartHeading(raw, next)) {
      current.lines.push({ ...row, part: true });
      continue;
    }
    current.lines.push(row);
  }

  const kept = sections.filter((s) => s.heading || s.lines.length > 0);
  // A pattern of prose with no heading and no round (much sewing) is all instructions.
  if (!kept.some((s) => s.key === "instructions") && kept[0]?.key === "intro" && kept[0].lines.length > 2) kept[0].key = "instructions";
  return { title, sections: kept };
}

// ---- A round's parts, for layout: its label, its text, its stated stitch count -----------------

const STEP_LABEL = [
  /^((?:rounds?|rnds?|rows?|r|tur(?:lar)?|sıra(?:lar)?|steps?|adım)\s*\.?\s*\d+(?:\s*(?:-|–|—|to|ila|and|&|,)\s*(?:r|rnds?|rounds?|rows?)?\s*\d+)*(?:\s*\(?(?:rs|ws)\)?|\s*\((?:right side|wrong side|inc(?:rease)? row|dec(?:rease)? row)\))?\s*[:.)\-–—]?)\s+(\S.*)$/iu,
  /^(\d+\.?(?:\s*[-–]\s*\d+)?\s*\.\s*(?:tur|sıra)(?:lar)?(?:\s*\((?:ön|arka)\s+yüz\))?\s*[:.\-–]?)\s+(\S.*)$/iu,
  /^((?:next\s+(?:round|rnd|row)|(?:all\s+)?(?:rs|ws)\s+rows?|(?:inc|dec|increase|decrease|set-up|setup)\s+(?:rnd|round|row)|sonraki\s+(?:tur|sıra))\s*(?:\((?:rs|ws)\))?\s*[:.\-–]?)\s+(\S.*)$/iu,
];
const LIST_LABEL = /^(\d{1,3}[.)])\s+(\S.*)$/u;

/**
 * A stated stitch count at the end of a round: "(18)", "[18]", "- 18 sts", "18 sts.", "(18 stitches)",
 * "= 18 sts", "(12 dc, 4 ch-2 sps)". Group 1 is the count as written, set apart by whitespace.
 */
export const STATED_COUNT =
  /\s+((?:[([{]\s*\d+\s*(?:(?:sts?|stitches|ilmek(?:ler)?|ilm)(?:\s+(?:rem(?:ain(?:ing)?)?|total|in\s+total|on\s+(?:the\s+)?needles?|kaldı))?|[a-z-]{1,8}|(?:sık|yarım|çift)\s(?:iğne|çubuk)|çubuk)?(?:\s*,\s*\d+\s*[\p{L}\d -]{1,24})*\s*[)\]}]|(?:[-–—=:]\s*)?\d+\s*(?:sts?|stitches|ilmek(?:ler)?)(?:\s+(?:rem(?:ain(?:ing)?)?|total))?)\s*\.?)$/iu;

interface StepParts {
  /** "Rnd 3:", "R5-R9:", "1-10. turlar:", "3." (sewing); as written. */
  label?: string;
  body: string;
  /** "(18)", "- 18 sts" as written. */
  count?: string;
}

/**
 * Splits a round into label, text and stated count, each as written and only at whitespace, so that
 * joining the parts with single spaces gives the line back.
 */
export function splitStep(text: string, numberedList = false): StepParts {
  let label: string | undefined;
  let body = text;
  for (const re of numberedList ? [...STEP_LABEL, LIST_LABEL] : STEP_LABEL) {
    const m = re.exec(text);
    if (m) {
      label = m[1];
      body = m[2];
      break;
    }
  }
  // The count is at the end: only the end is searched, so a long line costs no more than a short one.
  const from = Math.max(0, body.length - 120);
  const c = STATED_COUNT.exec(body.slice(from));
  if (c && from + c.index > 0) return { label, body: body.slice(0, from + c.index), count: c[1] };
  return { label, body };
}
