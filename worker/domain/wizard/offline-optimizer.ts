/**
 * The embedded pattern optimizer: deterministic, offline, no model. It rewrites a pasted pattern into
 * one consistent shape (canonical abbreviations, numbered rounds/rows/steps, Materials, Gauge, Sizes,
 * Abbreviations as sections) and keeps every line the seller wrote.
 */
import {
  canonicalAbbreviation,
  detectCraft,
  detectLanguage,
  normaliseAbbreviations,
  usedAbbreviations,
  type Craft,
  type PatternLanguage,
} from "./abbreviations";
import { ABBREVIATION_ENTRY, SECTION_LABELS, looksLikeStitchLine, parsePattern, type ParsedLine } from "./pattern-sections";

export type { Craft, PatternLanguage };

export interface PatternOptions {
  craft?: Craft;
  language?: PatternLanguage;
  title?: string;
}

export type StepUnit = "round" | "row" | "step";

export interface InstructionStep {
  /** "Rnd 3", "Rows 4-6 (RS)", "Step 2"; absent for prose lines such as "Stuff the head firmly." */
  label?: string;
  text: string;
}

export interface InstructionPart {
  heading?: string;
  steps: InstructionStep[];
}

export interface AbbreviationEntry {
  abbr: string;
  meaning: string;
}

export interface OptimizedPattern {
  title: string;
  craft: Craft;
  language: PatternLanguage;
  /** How unnumbered rounds were numbered: rounds for work in the round, rows for flat work, steps otherwise. */
  unit: StepUnit;
  intro: string[];
  sizes: string[];
  materials: string[];
  gauge: string[];
  abbreviations: AbbreviationEntry[];
  instructions: InstructionPart[];
  notes: string[];
}

const DEFAULT_TITLE: Record<PatternLanguage, Record<Craft, string>> = {
  en: { crochet: "Crochet Pattern", knitting: "Knitting Pattern", sewing: "Sewing Pattern", "cross-stitch": "Cross-Stitch Pattern" },
  tr: { crochet: "Tığ İşi Model", knitting: "Örgü Modeli", sewing: "Dikiş Kalıbı", "cross-stitch": "Kanaviçe Şeması" },
};

const UNIT_WORDS: Record<PatternLanguage, Record<StepUnit, [string, string]>> = {
  en: { round: ["Rnd", "Rnds"], row: ["Row", "Rows"], step: ["Step", "Steps"] },
  tr: { round: ["Tur", "Tur"], row: ["Sıra", "Sıra"], step: ["Adım", "Adım"] },
};

interface Label {
  unit: StepUnit;
  from?: number;
  to?: number;
  side?: "RS" | "WS";
  rest: string;
}

const unitOf = (word: string): StepUnit => {
  const w = word.toLocaleLowerCase("tr");
  if (/^(?:rows?|sıra|sıralar)$/u.test(w)) return "row";
  if (/^(?:step|adım)$/u.test(w)) return "step";
  return "round";
};

const SIDE = String.raw`(?:\s*(?:\(\s*(rs|ws)\s*\)|(rs|ws)(?![\p{L}])))?`;
const NUMBERED = new RegExp(
  String.raw`^(rounds?|rnds?|rows?|r|tur(?:lar)?|sıra(?:lar)?|steps?|adım)\s*\.?\s*(\d+)(?:\s*(?:-|–|—|to|ila)\s*(?:r|rnds?|rounds?|rows?)?\s*(\d+))?${SIDE}\s*(?:[:.)\-–—]\s*|\s+|$)(.*)$`,
  "iu",
);
const TURKISH_NUMBERED = /^(\d+)\s*\.\s*(tur|sıra)(?![\p{L}])\s*[:.\-–]?\s*(.*)$/iu;
const NEXT = new RegExp(String.raw`^(?:next\s+(round|rnd|row)|(round|rnd|row)(?=\s*[:.(]))${SIDE}\s*[:.\-–]?\s*(.*)$`, "iu");
const LIST_NUMBER = /^(\d+)\s*[.)]\s+(.*)$/u;

function parseLabel(line: string, craft: Craft): Label | undefined {
  let m = NUMBERED.exec(line);
  if (m) {
    const side = (m[4] ?? m[5])?.toUpperCase() as Label["side"];
    return { unit: unitOf(m[1] === "r" || m[1] === "R" ? "round" : m[1]), from: Number(m[2]), to: m[3] ? Number(m[3]) : undefined, side, rest: m[6].trim() };
  }
  m = TURKISH_NUMBERED.exec(line);
  if (m) return { unit: unitOf(m[2]), from: Number(m[1]), rest: m[3].trim() };
  m = NEXT.exec(line);
  if (m) {
    const side = (m[3] ?? m[4])?.toUpperCase() as Label["side"];
    return { unit: unitOf(m[1] ?? m[2]), side, rest: m[5].trim() };
  }
  if (craft === "sewing" || craft === "cross-stitch") {
    m = LIST_NUMBER.exec(line);
    if (m) return { unit: "step", from: Number(m[1]), rest: m[2].trim() };
  }
  return undefined;
}

function renderLabel(label: Omit<Label, "rest">, language: PatternLanguage): string {
  const [one, many] = UNIT_WORDS[language][label.unit];
  const range = label.to !== undefined && label.to !== label.from;
  const head = range ? `${many} ${label.from}-${label.to}` : `${one} ${label.from}`;
  return label.side ? `${head} (${label.side})` : head;
}

/** "(12)", "[12 sts]", "= 12 stitches" at the end of a round: always "(12 sts)". */
function normaliseStitchCount(text: string, language: PatternLanguage): string {
  const sts = language === "tr" ? "ilmek" : "sts";
  return text
    .replace(/\s*[([{]\s*(\d+)\s*(?:sts?|stitches|ilmek)?\s*[)\]}]\s*\.?$/iu, ` (${"$1"} ${sts})`)
    .replace(/\s*(?:=|–|—|-)\s*(\d+)\s*(?:sts?|stitches|ilmek)\s*\.?$/iu, ` (${"$1"} ${sts})`);
}

/** An unnumbered line that is a whole round: stitches with a count or "around", not a finishing step. */
function looksLikeRound(text: string) {
  if (!looksLikeStitchLine(text) || /fasten off|bind off|cast off|weave in/iu.test(text)) return false;
  return /[([{]\s*\d+\s*(?:sts?|stitches|ilmek)?\s*[)\]}]\s*\.?$/iu.test(text) || /(?<![\p{L}])(?:around|across|to end|rep from)(?![\p{L}])/iu.test(text);
}

function chooseUnit(text: string, craft: Craft): StepUnit {
  if (craft === "sewing" || craft === "cross-stitch") return "step";
  const rows = text.match(/(?<![\p{L}])(?:rows?|turn|sıra)(?![\p{L}])/giu)?.length ?? 0;
  const rounds = text.match(/(?<![\p{L}])(?:rounds?|rnds?|in the round|magic ring|MR|join|tur)(?![\p{L}])/giu)?.length ?? 0;
  return rows > rounds ? "row" : "round";
}

function parseAbbreviationLine(line: string, craft: Craft): AbbreviationEntry | string {
  const m = ABBREVIATION_ENTRY.exec(line);
  if (!m) return line;
  return { abbr: canonicalAbbreviation(m[1], craft), meaning: m[2].trim() };
}

/** Groups instruction lines into parts and labels rounds, rows or steps. */
function buildInstructions(lines: ParsedLine[], craft: Craft, language: PatternLanguage, unit: StepUnit): InstructionPart[] {
  const parts: InstructionPart[] = [];
  let current: InstructionPart = { steps: [] };
  const raw: Array<{ part: InstructionPart; text: string }> = [];
  parts.push(current);
  for (const line of lines) {
    if (line.part) {
      current = { heading: line.text, steps: [] };
      parts.push(current);
      continue;
    }
    raw.push({ part: current, text: line.text });
  }

  const labelled = raw.map((r) => {
    const text = normaliseAbbreviations(r.text, craft);
    return { part: r.part, text, label: parseLabel(text, craft) };
  });

  // Steps are numbered through the whole pattern; rounds and rows start again in every part.
  let stepCounter = 0;
  const counters = new Map<InstructionPart, number>();
  const partHasNumbers = new Set(labelled.filter((l) => l.label?.from !== undefined && l.label.unit !== "step").map((l) => l.part));

  for (const item of labelled) {
    let { label } = item;
    let text = label ? label.rest : item.text;
    if (unit === "step") {
      if (label?.unit === "step" && label.from !== undefined) stepCounter = label.to ?? label.from;
      else {
        stepCounter += 1;
        label = { unit: "step", from: stepCounter, side: label?.side, rest: text };
      }
    } else {
      const last = counters.get(item.part) ?? 0;
      if (label?.from !== undefined) {
        counters.set(item.part, label.to ?? label.from);
      } else if (label || (!partHasNumbers.has(item.part) && looksLikeRound(text))) {
        label = { unit: label?.unit === "step" ? unit : (label?.unit ?? unit), from: last + 1, side: label?.side, rest: text };
        counters.set(item.part, last + 1);
      }
    }
    if (label && label.unit !== "step") text = normaliseStitchCount(text, language);
    item.part.steps.push(label ? { label: renderLabel(label, language), text } : { text });
  }
  return parts.filter((p) => p.heading !== undefined || p.steps.length > 0);
}

/** Rewrites a pasted pattern into the canonical shape; every non-blank line survives somewhere. */
export function optimizePatternOffline(text: string, options: PatternOptions = {}): OptimizedPattern {
  const craft = options.craft ?? detectCraft(text);
  const language = options.language ?? detectLanguage(text);
  const parsed = parsePattern(text);
  const by = (key: ParsedLine["section"]) => parsed.lines.filter((l) => l.section === key);

  let intro = by("intro").map((l) => l.text);
  let instructionLines = by("instructions");
  // A pattern with no recognisable rounds or headings (much sewing prose) is all instructions.
  if (instructionLines.length === 0 && intro.length > 0) {
    instructionLines = intro.map((t) => ({ section: "instructions" as const, text: t }));
    intro = [];
  }
  const unit = chooseUnit(text, craft);
  const instructions = buildInstructions(instructionLines, craft, language, unit);

  const gauge = by("gauge").map((l) => normaliseAbbreviations(l.text, craft));
  // Cross-stitch vocabulary (DMC, 14-count Aida) is safe in any section; yarn rules would rewrite prose.
  const plainOrChart = (l: ParsedLine) => (craft === "cross-stitch" ? normaliseAbbreviations(l.text, craft) : l.text);
  const own: AbbreviationEntry[] = [];
  const ownLines: string[] = [];
  for (const l of by("abbreviations")) {
    const entry = parseAbbreviationLine(l.text, craft);
    if (typeof entry === "string") ownLines.push(entry);
    else own.push(entry);
  }
  const instructionText = instructions.flatMap((p) => p.steps.map((s) => s.text)).join("\n") + "\n" + gauge.join("\n");
  const known = new Set(own.map((e) => e.abbr.toLowerCase()));
  const added = usedAbbreviations(instructionText, craft, language).filter((e) => !known.has(e.abbr.toLowerCase()));
  const abbreviations = [...own, ...ownLines.map((line) => ({ abbr: "", meaning: line })), ...added];

  return {
    title: options.title?.trim() || parsed.title || DEFAULT_TITLE[language][craft],
    craft,
    language,
    unit,
    intro,
    sizes: by("sizes").map(plainOrChart),
    materials: by("materials").map(plainOrChart),
    gauge,
    abbreviations,
    instructions,
    notes: by("notes").map((l) => l.text),
  };
}

export function abbreviationLine(entry: AbbreviationEntry) {
  return entry.abbr ? `${entry.abbr}: ${entry.meaning}` : entry.meaning;
}

export function stepLine(step: InstructionStep) {
  return step.label ? `${step.label}: ${step.text}` : step.text;
}

/** The optimized pattern as the text the optimize step shows (markdown headings, one line per round). */
export function renderOptimizedPattern(p: OptimizedPattern): string {
  const labels = SECTION_LABELS[p.language];
  const out: string[] = [`# ${p.title}`];
  if (p.intro.length) out.push("", ...p.intro);
  const list = (key: "sizes" | "materials" | "gauge" | "notes", items: string[]) => {
    if (items.length) out.push("", `## ${labels[key]}`, ...items.map((i) => `- ${i}`));
  };
  list("sizes", p.sizes);
  list("materials", p.materials);
  list("gauge", p.gauge);
  if (p.abbreviations.length) out.push("", `## ${labels.abbreviations}`, ...p.abbreviations.map((a) => `- ${abbreviationLine(a)}`));
  if (p.instructions.length) {
    out.push("", `## ${labels.instructions}`);
    for (const part of p.instructions) {
      if (part.heading !== undefined) out.push("", `### ${part.heading}`);
      out.push(...part.steps.map(stepLine));
    }
  }
  list("notes", p.notes);
  return out.join("\n") + "\n";
}
