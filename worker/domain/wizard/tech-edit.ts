/**
 * The tech-edit report (issue 16, docs/decisions/0015): what a technical editor checks before a pattern
 * is sold. Stitch counts row by row (stitch-count.ts), abbreviations used but not defined and defined
 * but not used, US and UK crochet terms mixed, and the sections a buyer expects. Every issue points at
 * its 1-based line in the text the seller submitted. Deterministic, offline, free.
 */
import { GLOSSARY, detectTerms, glossaryFor, type Craft, type PatternLanguage, type Terms } from "./abbreviations";
import { optimizePatternOffline } from "./offline-optimizer";
import { definedAbbreviations, patternFacts } from "./pattern-facts";
import { sourceLines, type PatternSection } from "./pattern-sections";
import { checkStitchCounts, type RowCheck } from "./stitch-count";

type Severity = "error" | "warning" | "tip";

type IssueId = "stitch-count" | "abbreviation-undefined" | "abbreviation-unused" | "terms-mixed" | "missing-abbreviations";

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
    "stitch-count": (p) => `${p.row} makes ${p.computed} stitches, but the pattern says ${p.stated}.`,
    "abbreviation-undefined": (p) => `"${p.abbr}" is used but not defined in the abbreviations list.`,
    "abbreviation-unused": (p) => `"${p.abbr}" is defined in the abbreviations list but not used in the pattern.`,
    "terms-mixed": (p) => `US and UK crochet terms are mixed: "${p.abbr}" belongs to ${p.other} terms while the pattern uses ${p.main} terms.`,
    "missing-abbreviations": () => "The pattern uses abbreviations but has no abbreviations list.",
  },
  tr: {
    "stitch-count": (p) => `${p.row} ${p.computed} ilmek yapıyor, ancak modelde ${p.stated} yazıyor.`,
    "abbreviation-undefined": (p) => `"${p.abbr}" kullanılmış ama kısaltmalar listesinde tanımlanmamış.`,
    "abbreviation-unused": (p) => `"${p.abbr}" kısaltmalar listesinde tanımlı ama modelde kullanılmamış.`,
    "terms-mixed": (p) => `ABD ve İngiliz (UK) tığ işi terimleri karışık: "${p.abbr}" ${p.other} terimi, model ise ${p.main} terimleri kullanıyor.`,
    "missing-abbreviations": () => "Model kısaltmalar kullanıyor ama bir kısaltmalar listesi yok.",
  },
};

const TERM_NAMES: Record<PatternLanguage, Record<"us" | "uk", string>> = { en: { us: "US", uk: "UK" }, tr: { us: "ABD", uk: "İngiliz (UK)" } };

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

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
    return [abbr, new RegExp(`(?<![\\p{L}\\p{N}-])${escape(abbr)}(?![\\p{L}])${glued}`, "gu")] as const;
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

  // Stitch counts.
  const rows = checkStitchCounts(sections, craft);
  for (const row of rows) {
    if (row.status !== "wrong" || row.computed === undefined || row.stated === undefined) continue;
    const line = byNumber.get(row.line) ?? "";
    const issue: TechEditIssue = {
      line: row.line,
      row: labelOf(row),
      severity: "error",
      id: "stitch-count",
      message: say["stitch-count"]({ row: labelOf(row), computed: row.computed, stated: row.stated }),
      stated: row.stated,
      computed: row.computed,
    };
    if (row.statedText) {
      const at = line.lastIndexOf(row.statedText);
      if (at !== -1) issue.replacement = line.slice(0, at) + row.statedText.replace(/\d+/, String(row.computed)) + line.slice(at + row.statedText.length);
    }
    issues.push(issue);
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
