/**
 * The embedded formatter: turns an optimized pattern (Listora's own or a model's text) into the draft a
 * seller sells: title and subtitle, an "At a glance" box (skill level, yarn, hook or needles, size),
 * the seller's sections with every line as written, a generated table of the abbreviations the pattern
 * uses (standard Craft Yarn Council meanings) and the standard notes. The same draft feeds the review
 * step's text and the PDF, so the two never disagree.
 */
import { usedAbbreviations, type Terms } from "./abbreviations";
import { optimizePatternOffline, sectionHeading, type Craft, type PatternLanguage, type PatternOptions } from "./offline-optimizer";
import { definedAbbreviations, patternFacts } from "./pattern-facts";
import { SECTION_LABELS, splitStep, type SectionKey } from "./pattern-sections";

export interface DraftLine {
  /** The seller's line, as written. */
  text: string;
  /** A part heading inside the instructions ("HEAD", "Ears (make 2)"). */
  part?: boolean;
  /** A round or row: its label, text and stated count, each as written (joined by spaces they are `text`). */
  label?: string;
  body?: string;
  count?: string;
}

interface DraftSection {
  key: SectionKey | "intro";
  heading?: string;
  lines: DraftLine[];
}

interface AbbreviationEntry {
  abbr: string;
  meaning: string;
}

export interface FormattedPattern {
  title: string;
  /** "Crochet pattern · PDF download": the line under the title. */
  subtitle: string;
  craft: Craft;
  language: PatternLanguage;
  terms: Terms;
  /** Skill level, yarn, hook or needles, size: the seller's words, for the box at the top. */
  summary: Array<{ label: string; value: string }>;
  sections: DraftSection[];
  /** The generated table: abbreviations the pattern uses, with their standard meanings. */
  glossary: { heading: string; entries: AbbreviationEntry[] };
  /** Listora's standard notes (terms, personal use), added once. */
  standardNotes: string[];
}

const CRAFT_NAMES: Record<PatternLanguage, Record<Craft, string>> = {
  en: { crochet: "Crochet pattern", knitting: "Knitting pattern", sewing: "Sewing pattern", "cross-stitch": "Cross-stitch pattern" },
  tr: { crochet: "Tığ işi model", knitting: "Şiş örgü modeli", sewing: "Dikiş kalıbı", "cross-stitch": "Kanaviçe şeması" },
};

const DOWNLOAD: Record<PatternLanguage, string> = { en: "PDF download", tr: "PDF indirme" };

const TERMS_NOTE: Record<PatternLanguage, Partial<Record<Terms, string>>> = {
  en: { us: "Written in US crochet terms.", uk: "Written in UK crochet terms." },
  tr: { us: "ABD tığ işi terimleriyle yazılmıştır.", uk: "İngiliz (UK) tığ işi terimleriyle yazılmıştır." },
};

const USE_NOTE: Record<PatternLanguage, string> = {
  en: "This pattern is for personal use. You may sell the items you make from it; please do not share, copy or resell the pattern itself.",
  tr: "Bu model kişisel kullanım içindir. Modelden yaptığınız ürünleri satabilirsiniz; modelin kendisini paylaşmayın, kopyalamayın ve satmayın.",
};

const SUMMARY_LABELS: Record<PatternLanguage, { skill: string; yarn: string; hook: string; needles: string; tools: string; size: string; gauge: string }> = {
  en: { skill: "Skill level", yarn: "Yarn", hook: "Hook", needles: "Needles", tools: "Tools", size: "Size", gauge: "Gauge" },
  tr: { skill: "Seviye", yarn: "İplik", hook: "Tığ", needles: "Şiş", tools: "Araçlar", size: "Ölçü", gauge: "Numune" },
};

/** The heading of Listora's standard notes, apart from the seller's own Notes. */
export const ABOUT_HEADING: Record<PatternLanguage, string> = { en: "About this pattern", tr: "Bu model hakkında" };

const GLOSSARY_HEADING: Record<PatternLanguage, { all: string; more: string }> = {
  en: { all: "Abbreviations", more: "More abbreviations (standard meanings)" },
  tr: { all: "Kısaltmalar", more: "Diğer kısaltmalar (standart anlamları)" },
};

function subtitleFor(craft: Craft, language: PatternLanguage) {
  return `${CRAFT_NAMES[language][craft]} · ${DOWNLOAD[language]}`;
}

/** "Skill level: Easy" -> "Easy"; a line without a label is the value itself. */
const valueOf = (text: string) =>
  text
    .replace(/^\s*[-*•]\s+/u, "")
    .replace(/^[^:]{1,30}:\s*/u, "")
    .trim() || text;

/** Formats an optimized pattern. Every line the seller wrote is in the draft, in order. */
export function formatPatternOffline(optimizedPattern: string, options: PatternOptions = {}): FormattedPattern {
  const base = optimizePatternOffline(optimizedPattern, options);
  const { craft, language, terms } = base;
  const subtitle = subtitleFor(craft, language);
  const glossHeadings = new Set([GLOSSARY_HEADING.en.more, GLOSSARY_HEADING.tr.more].map((h) => h.toLowerCase()));
  const standard = new Set([TERMS_NOTE.en.us, TERMS_NOTE.en.uk, TERMS_NOTE.tr.us, TERMS_NOTE.tr.uk, USE_NOTE.en, USE_NOTE.tr]);

  // A draft formatted again: leave out what this formatter added (subtitle, summary, glossary, notes).
  const own = base.sections
    .filter((s) => s.key !== "summary" && !(s.heading && glossHeadings.has(s.heading.text.replace(/^#+\s*/u, "").toLowerCase())))
    .map((s) => ({ ...s, before: s.lines.length, lines: s.lines.filter((l) => l.text !== subtitle && !standard.has(l.text.replace(/^[-*•]\s+/u, ""))) }))
    .filter((s) => s.lines.length > 0 || (s.heading && s.before === 0));

  const numbered = craft === "sewing" || craft === "cross-stitch";
  const sections: DraftSection[] = own.map((s) => ({
    key: s.key,
    heading: sectionHeading(s, language)?.replace(/^#{1,6}\s+/u, ""),
    lines: s.lines.map((l) => {
      if (l.part) return { text: l.text.replace(/^#{1,6}\s+/u, ""), part: true };
      if (s.key !== "instructions") return { text: l.text };
      return { text: l.text, ...splitStep(l.text, numbered) };
    }),
  }));

  const facts = patternFacts(own, craft, base.titleLine);
  const labels = SUMMARY_LABELS[language];
  const summary: FormattedPattern["summary"] = [];
  if (facts.skillLevel) summary.push({ label: labels.skill, value: valueOf(facts.skillLevel.text) });
  if (facts.yarn) summary.push({ label: labels.yarn, value: valueOf(facts.yarn.text) });
  if (facts.tool && facts.tool !== facts.yarn) {
    summary.push({ label: craft === "crochet" ? labels.hook : craft === "knitting" ? labels.needles : labels.tools, value: valueOf(facts.tool.text) });
  }
  if (facts.size) summary.push({ label: labels.size, value: valueOf(facts.size.text) });
  if (facts.gauge) summary.push({ label: labels.gauge, value: valueOf(facts.gauge.text) });

  // The generated table: the standard meaning of each abbreviation the instructions use. When the
  // seller has their own list it stays as written and the table adds only what the list leaves out.
  const instructionText = own
    .filter((s) => s.key === "instructions" || s.key === "gauge")
    .flatMap((s) => s.lines.map((l) => l.text))
    .join("\n");
  const defined = new Set(definedAbbreviations(own).map((d) => d.abbr.toLowerCase()));
  const used = usedAbbreviations(instructionText, craft, language, terms === "uk" ? "uk" : "us");
  const sellerList = own.some((s) => s.key === "abbreviations");
  const entries = used.filter((e) => !defined.has(e.abbr.toLowerCase()));
  const glossary = { heading: sellerList ? GLOSSARY_HEADING[language].more : GLOSSARY_HEADING[language].all, entries };

  const termsNote = craft === "crochet" ? TERMS_NOTE[language][terms] : undefined;
  const standardNotes = [termsNote, USE_NOTE[language]].filter((n): n is string => Boolean(n));

  return { title: base.title, subtitle, craft, language, terms, summary, sections, glossary, standardNotes };
}

/** Every instruction line of a draft (rounds, rows, prose between them), in order. */
export function instructionLines(draft: FormattedPattern): string[] {
  return draft.sections.filter((s) => s.key === "instructions").flatMap((s) => s.lines.filter((l) => !l.part).map((l) => l.text));
}

/** The draft as the review step shows it and the listing step reads it (`pdfContent`). */
export function renderFormattedPattern(draft: FormattedPattern): string {
  const labels = SECTION_LABELS[draft.language];
  const out: string[] = [`# ${draft.title}`, draft.subtitle];
  const intro = draft.sections.filter((s) => s.key === "intro");
  for (const s of intro) out.push("", ...s.lines.map((l) => l.text));
  if (draft.summary.length) out.push("", `## ${labels.summary}`, ...draft.summary.map((i) => `- ${i.label}: ${i.value}`));
  let glossaryDone = false;
  const glossary = () => {
    if (glossaryDone || !draft.glossary.entries.length) return;
    glossaryDone = true;
    out.push("", `## ${draft.glossary.heading}`, ...draft.glossary.entries.map((e) => `- ${e.abbr}: ${e.meaning}`));
  };
  for (const section of draft.sections) {
    if (section.key === "intro") continue;
    // The table goes after the seller's abbreviations, else right before the instructions.
    if (section.key === "instructions") glossary();
    out.push("");
    if (section.heading) out.push(`## ${section.heading}`);
    for (const line of section.lines) out.push(line.part ? `### ${line.text}` : line.text);
    if (section.key === "abbreviations") glossary();
  }
  glossary();
  out.push("", `## ${ABOUT_HEADING[draft.language]}`, ...draft.standardNotes.map((n) => `- ${n}`));
  return out.join("\n") + "\n";
}
