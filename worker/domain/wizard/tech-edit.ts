/**
 * The tech-edit report (issue 16, docs/decisions/0015): what a technical editor checks before a pattern
 * is sold. Stitch counts row by row (stitch-count.ts), abbreviations used but not defined and defined
 * but not used, US and UK crochet terms mixed, and the sections a buyer expects. Every issue points at
 * its 1-based line in the text the seller submitted. Deterministic, offline, free.
 */
import { escapeRegExp } from "../../../shared/facts/language";
import { GLOSSARY, detectTerms, glossaryFor, type Craft, type PatternLanguage, type Terms } from "./abbreviations";
import { optimizePatternOffline } from "./offline-optimizer";
import { definedAbbreviations, patternFacts } from "./pattern-facts";
import { sourceLines, splitStep, type PatternSection } from "./pattern-sections";
import { gradingGaps, inSize, replaceInSize, sizeCount, sizeNames } from "./pattern-sizes";
import { checkStitchCounts, type RowCheck } from "./stitch-count";

type Severity = "error" | "warning" | "tip";

type IssueId = "stitch-count" | "grading-gap" | "one-size-count" | "abbreviation-undefined" | "abbreviation-unused" | "terms-mixed" | "missing-abbreviations";

interface TechEditIssue {
  /** 1-based line number in the submitted text. */
  line: number;
  /** The row's label ("R4", "Rnd 3"), or "" for a line that is not a row. */
  row: string;
  severity: Severity;
  id: IssueId;
  message: string;
  stated?: number;
  computed?: number;
  /** For a stitch-count error: the line with the computed count in the stated count's place. */
  replacement?: string;
  /** The abbreviation an abbreviation issue is about. */
  abbreviation?: string;
  /** The size a finding is about, in a pattern written in several sizes. */
  size?: string;
}

type MissingSection = "skill-level" | "materials" | "yarn-weight" | "yarn-amount" | "hook-or-needle-size" | "gauge" | "finished-size" | "abbreviations" | "notes" | "copyright";

export interface TechEditReport {
  craft: Craft;
  terms: Terms;
  rowsChecked: number;
  rowsUnchecked: number;
  issues: TechEditIssue[];
  missingSections: MissingSection[];
  abbreviations: { used: string[]; undefined: string[]; unused: string[] };
  /** Every round and row the checker looked at, checked or not, in order. */
  rows: RowCheck[];
}

const MESSAGES: Record<PatternLanguage, Record<IssueId, (p: Record<string, string | number>) => string>> = {
  en: {
    "stitch-count": (p) => `${p.row}${p.size ? ` (size ${p.size})` : ""} makes ${p.computed} stitches, but the pattern says ${p.stated}.`,
    "grading-gap": (p) => `Size ${p.size} does not follow the other sizes here: ${p.values}.`,
    "one-size-count": (p) => `${p.row} gives one count (${p.stated}) for every size, but size ${p.size} makes ${p.computed}: give a count for each size.`,
    "abbreviation-undefined": (p) => `"${p.abbr}" is used but not defined in the abbreviations list.`,
    "abbreviation-unused": (p) => `"${p.abbr}" is defined in the abbreviations list but not used in the pattern.`,
    "terms-mixed": (p) => `US and UK crochet terms are mixed: "${p.abbr}" belongs to ${p.other} terms while the pattern uses ${p.main} terms.`,
    "missing-abbreviations": () => "The pattern uses abbreviations but has no abbreviations list.",
  },
  tr: {
    "stitch-count": (p) => `${p.row}${p.size ? ` (${p.size} beden)` : ""} ${p.computed} ilmek yapıyor, ancak modelde ${p.stated} yazıyor.`,
    "grading-gap": (p) => `${p.size} beden burada diğer bedenlerin sırasına uymuyor: ${p.values}.`,
    "one-size-count": (p) => `${p.row} her beden için tek bir sayı (${p.stated}) veriyor, ancak ${p.size} beden ${p.computed} ilmek yapıyor: her beden için sayıyı yazın.`,
    "abbreviation-undefined": (p) => `"${p.abbr}" kullanılmış ama kısaltmalar listesinde tanımlanmamış.`,
    "abbreviation-unused": (p) => `"${p.abbr}" kısaltmalar listesinde tanımlı ama modelde kullanılmamış.`,
    "terms-mixed": (p) => `ABD ve İngiliz (UK) tığ işi terimleri karışık: "${p.abbr}" ${p.other} terimi, model ise ${p.main} terimleri kullanıyor.`,
    "missing-abbreviations": () => "Model kısaltmalar kullanıyor ama bir kısaltmalar listesi yok.",
  },
};

const TERM_NAMES: Record<PatternLanguage, Record<"us" | "uk", string>> = { en: { us: "US", uk: "UK" }, tr: { us: "ABD", uk: "İngiliz (UK)" } };

/** "st(s)" -> ["st", "sts"]; "sl st / ss" -> ["sl st", "ss"]; lower case. */
function abbreviationForms(abbr: string): string[] {
  const base = abbr
    .toLocaleLowerCase("en")
    .replace(/[“”"'`*]/g, "")
    .trim();
  return base
    .split(/\s*(?:\/|\bor\b)\s*/u)
    .flatMap((a) => (/\(s\)$/.test(a) ? [a.replace(/\(s\)$/, ""), `${a.replace(/\(s\)$/, "")}s`] : [a]))
    .map((a) => a.trim())
    .filter(Boolean);
}

/**
 * The standard abbreviations a text uses, longest first so that "sl st" is not also read as "st", with
 * the first line each appears on.
 */
function usedIn(lines: Array<{ n: number; text: string }>, candidates: string[]): Map<string, number> {
  const sorted = [...new Set(candidates)].sort((a, b) => b.length - a.length);
  const patterns = sorted.map((abbr) => {
    const glued = abbr === "k" || abbr === "p" ? `|(?<![\\p{L}\\p{N}])${abbr}(?=\\d)` : "";
    return [abbr, new RegExp(`(?<![\\p{L}\\p{N}-])${escapeRegExp(abbr)}(?![\\p{L}])${glued}`, "gu")] as const;
  });
  const found = new Map<string, number>();
  for (const line of lines) {
    // "ch-2 sp" and "ch-1 space" are the chain space ("ch-sp") of the standard list.
    let text = ` ${line.text.toLocaleLowerCase("en").replace(/\bch-\d+\s*(?:sp|space)s?\b/g, "ch-sp")} `;
    for (const [abbr, re] of patterns) {
      re.lastIndex = 0;
      if (re.test(text)) {
        if (!found.has(abbr)) found.set(abbr, line.n);
        re.lastIndex = 0;
        text = text.replace(re, " ");
      }
    }
  }
  return found;
}

/** Abbreviations worth checking: the craft's standard list (US and UK) and whatever the seller defined. */
function candidateAbbreviations(craft: Craft, defined: string[]): string[] {
  const standard = [...GLOSSARY[craft], ...(craft === "crochet" ? glossaryFor("crochet", "uk") : [])].map(([a]) => a.toLocaleLowerCase("en"));
  // Words too common in prose to count as abbreviations on their own.
  const prose = new Set(["rep", "sp", "beg", "tog", "sl", "st", "sts", "rnd", "mc", "cc"]);
  return [...standard.filter((a) => !prose.has(a)), ...defined];
}

const US_ONLY = ["sc", "hdc", "sc2tog", "hdc2tog"];
const UK_ONLY = ["htr", "dtr", "htr2tog"];

function labelOf(row: RowCheck) {
  return row.row;
}

/** The tech-edit report for a pattern as the seller submitted it. */
export function techEdit(text: string, options: { craft?: Craft; language?: PatternLanguage } = {}): TechEditReport {
  const pattern = optimizePatternOffline(text, { craft: options.craft, language: options.language });
  const { craft, sections } = pattern;
  const language = options.language ?? pattern.language;
  const say = MESSAGES[language];
  const terms = detectTerms(text, craft);
  const issues: TechEditIssue[] = [];
  const lines = sourceLines(text);
  const byNumber = new Map(lines.map((l) => [l.n, l.text]));

  // Stitch counts, once per size in a pattern written in several.
  const { rows, sizes } = checkEverySize(sections, craft, pattern.titleLine);
  for (const row of rows) {
    if (row.status !== "wrong" || row.computed === undefined || row.stated === undefined) continue;
    const line = byNumber.get(row.line) ?? "";
    const issue: TechEditIssue = {
      line: row.line,
      row: labelOf(row),
      severity: "error",
      id: "stitch-count",
      message: say["stitch-count"]({ row: labelOf(row), computed: row.computed, stated: row.stated, size: row.size ?? "" }),
      stated: row.stated,
      computed: row.computed,
    };
    if (row.size) issue.size = row.size;
    const replacement = row.size ? replaceSizeCount(line, sizes.indexOf(row.size), row.stated, row.computed) : replaceCount(line, row.statedText, row.computed);
    if (replacement) issue.replacement = replacement;
    issues.push(issue);
  }
  const oneSize = rows.find((r) => r.reason === "one-size-count");
  if (oneSize) {
    issues.push({
      line: oneSize.line,
      row: labelOf(oneSize),
      severity: "warning",
      id: "one-size-count",
      message: say["one-size-count"]({ row: labelOf(oneSize), size: oneSize.size ?? "", computed: oneSize.computed ?? "", stated: oneSize.stated ?? "" }),
      size: oneSize.size,
      stated: oneSize.stated,
      computed: oneSize.computed,
    });
  }
  if (sizes.length > 1) {
    for (const gap of gradingGaps(sections)) {
      const size = sizes[gap.size];
      issues.push({ line: gap.line, row: "", severity: "warning", id: "grading-gap", message: say["grading-gap"]({ size, values: gap.values.join(", ") }), size });
    }
  }

  // Abbreviations.
  const definitions = definedAbbreviations(sections);
  const definedForms = new Map<string, number>();
  for (const d of definitions) for (const f of abbreviationForms(d.abbr)) if (!definedForms.has(f)) definedForms.set(f, d.line);
  const instructionLines = sections.filter((s) => s.key === "instructions").flatMap((s) => s.lines.filter((l) => !l.part));
  const used = usedIn(instructionLines, candidateAbbreviations(craft, [...definedForms.keys()]));
  const isDefined = (abbr: string) =>
    definedForms.has(abbr) ||
    definedForms.has(abbr.replace(/s$/, "")) ||
    definedForms.has(`${abbr}s`) ||
    // A chain space is a "ch" and a "sp": a list that defines both explains "ch-2 sp".
    (abbr === "ch-sp" && definedForms.has("ch") && definedForms.has("sp"));
  const hasList = sections.some((s) => s.key === "abbreviations");
  // Abbreviation checks follow the Craft Yarn Council's lists: crochet and knitting only.
  const yarnCraft = craft === "crochet" || craft === "knitting";
  const undefinedList = [...used.keys()].filter((a) => !isDefined(a));
  const usedAll = new Set([...used.keys()]);
  // Every defined form is a candidate above, so a definition the instructions use is in `used`.
  const unused = definitions.filter((d) => !abbreviationForms(d.abbr).some((f) => usedAll.has(f) || usedAll.has(f.replace(/s$/, "")) || usedAll.has(`${f}s`)));
  if (yarnCraft && hasList) {
    for (const abbr of undefinedList) {
      issues.push({ line: used.get(abbr)!, row: "", severity: "warning", id: "abbreviation-undefined", message: say["abbreviation-undefined"]({ abbr }), abbreviation: abbr });
    }
    for (const d of unused) {
      issues.push({ line: d.line, row: "", severity: "tip", id: "abbreviation-unused", message: say["abbreviation-unused"]({ abbr: d.abbr }), abbreviation: d.abbr });
    }
  } else if (yarnCraft && used.size > 0) {
    issues.push({ line: Math.min(...used.values()), row: "", severity: "warning", id: "missing-abbreviations", message: say["missing-abbreviations"]({}) });
  }

  // US and UK crochet terms mixed: point at the first stitch of the side the pattern uses less.
  if (craft === "crochet" && terms === "mixed") {
    const inSections = new Set(sections.flatMap((s) => s.lines.map((x) => x.n)));
    const all = lines.filter((l) => inSections.has(l.n));
    const us = usedIn(all, US_ONLY);
    const uk = usedIn(all, UK_ONLY);
    const declaredUk = /(?<![\p{L}])uk\s+(?:crochet\s+)?terms?/iu.test(text) || /ingiliz terim/iu.test(text);
    const main: "us" | "uk" = declaredUk ? "uk" : us.size >= uk.size ? "us" : "uk";
    const odd = main === "us" ? uk : us;
    const [abbr, line] = [...odd.entries()].sort((a, b) => a[1] - b[1])[0] ?? [];
    if (abbr) {
      issues.push({
        line,
        row: "",
        severity: "warning",
        id: "terms-mixed",
        message: say["terms-mixed"]({ abbr, other: TERM_NAMES[language][main === "us" ? "uk" : "us"], main: TERM_NAMES[language][main] }),
        abbreviation: abbr,
      });
    }
  }

  issues.sort((a, b) => a.line - b.line || severityRank(a.severity) - severityRank(b.severity));
  return {
    craft,
    terms,
    rowsChecked: rows.filter((r) => r.status !== "unchecked").length,
    rowsUnchecked: rows.filter((r) => r.status === "unchecked").length,
    issues,
    missingSections: missingSections(sections, craft, pattern.titleLine, hasList),
    abbreviations: { used: [...used.keys()].sort(), undefined: undefinedList.sort(), unused: unused.map((d) => d.abbr) },
    rows,
  };
}

/** The line with the computed count in the stated count's place and format. */
function replaceCount(line: string, statedText: string | undefined, computed: number) {
  if (!statedText) return undefined;
  const at = line.lastIndexOf(statedText);
  return at === -1 ? undefined : line.slice(0, at) + statedText.replace(/\d+/, String(computed)) + line.slice(at + statedText.length);
}

/** In a multi-size line, only that size's number of the stated count changes: "— 64 (72, 78) sts" -> "— 64 (72, 80) sts". */
function replaceSizeCount(line: string, size: number, stated: number, computed: number) {
  return replaceInSize(line, size, stated, computed);
}

/** At most this many rows are read across all sizes (a 50,000-character pattern has about 3,000). */
const MAX_SIZE_ROWS = 6_000;

const inSizeSections = (sections: PatternSection[], i: number): PatternSection[] => sections.map((s) => ({ ...s, lines: s.lines.map((l) => ({ ...l, text: inSize(l.text, i) })) }));

/**
 * Checks the rows once for each size ("Cast on 96 (104, 112) sts" is 96, then 104, then 112). Where
 * every size agrees a row is reported once; where they differ, once per size with the size's name.
 */
function checkEverySize(sections: PatternSection[], craft: Craft, title: ReturnType<typeof optimizePatternOffline>["titleLine"]): { rows: RowCheck[]; sizes: string[] } {
  const count = sizeCount(sections);
  if (count < 2) return { rows: checkStitchCounts(sections, craft), sizes: [] };
  // Bounded work: a pattern of thousands of rows in many sizes is checked in its first size only.
  const rowLines = sections.reduce((n, s) => n + (s.key === "instructions" ? s.lines.length : 0), 0);
  if (count * rowLines > MAX_SIZE_ROWS) return { rows: checkStitchCounts(inSizeSections(sections, 0), craft), sizes: [] };
  const sizes = sizeNames(sections, title, count);
  const perSize = sizes.map((_, i) => checkStitchCounts(inSizeSections(sections, i), craft));
  const lines = [...new Set(perSize.flatMap((rows) => rows.map((r) => r.line)))].sort((a, b) => a - b);
  const original = new Map(sections.flatMap((s) => s.lines.map((l) => [l.n, l.text] as const)));
  const rows: RowCheck[] = [];
  for (const n of lines) {
    const at = perSize.map((r) => r.find((x) => x.line === n));
    // "(84)" in a pattern of three sizes: the count is the first size's; another size's different count
    // is not a mistake in its row but a count the pattern does not give (one warning says so).
    const written = splitStep(original.get(n) ?? "").count;
    if (at[0]?.statedText && written && !/\d ?\(\d/u.test(written)) {
      at.forEach((r, i) => {
        if (i > 0 && r?.status === "wrong") at[i] = { ...r, status: "unchecked", reason: "one-size-count" };
      });
    }
    // One entry where every size reads alike (all ok, or all unchecked for the same reason); a wrong
    // count, or sizes that differ, one entry per size with its name.
    const first = at[0];
    const same = at.every((r) => r && first && r.status === first.status && r.reason === first.reason && (r.status !== "wrong" || (r.computed === first.computed && r.stated === first.stated)));
    if (same) rows.push(at[0]!);
    else at.forEach((r, i) => r && rows.push({ ...r, size: sizes[i] }));
  }
  return { rows, sizes };
}

const severityRank = (s: Severity) => (s === "error" ? 0 : s === "warning" ? 1 : 2);

function missingSections(sections: PatternSection[], craft: Craft, title: ReturnType<typeof optimizePatternOffline>["titleLine"], hasList: boolean): MissingSection[] {
  const facts = patternFacts(sections, craft, title);
  const yarnCraft = craft === "crochet" || craft === "knitting";
  const hasMaterials = sections.some((s) => s.key === "materials") || Boolean(facts.yarn) || Boolean(facts.tool);
  const out: MissingSection[] = [];
  if (!facts.skillLevel) out.push("skill-level");
  if (!hasMaterials) out.push("materials");
  if (yarnCraft && hasMaterials && !facts.yarnWeight) out.push("yarn-weight");
  if (yarnCraft && hasMaterials && !facts.yarnAmount) out.push("yarn-amount");
  if (yarnCraft && !facts.tool) out.push("hook-or-needle-size");
  if (yarnCraft && !facts.gauge) out.push("gauge");
  if (!facts.size) out.push("finished-size");
  if (yarnCraft && !hasList) out.push("abbreviations");
  if (!facts.hasNotes) out.push("notes");
  if (!facts.copyright) out.push("copyright");
  return out;
}
