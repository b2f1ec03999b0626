/**
 * The embedded pattern optimizer: deterministic, offline, no model. It shows the pattern's structure
 * (title, Finished size, Materials, Gauge, Abbreviations, Instructions with their parts, Notes) by
 * adding markdown headings, and changes nothing the seller wrote: every non-blank line stays, character
 * for character, in its order (docs/decisions/0014). Corrections are the seller's to accept in the
 * tech-edit report (tech-edit.ts), never silent rewrites.
 */
import { detectCraft, detectLanguage, detectTerms, type Craft, type PatternLanguage, type Terms } from "./abbreviations";
import { SECTION_LABELS, structurePattern, type PatternSection, type SourceLine } from "./pattern-sections";

export type { Craft, PatternLanguage, Terms };

export interface PatternOptions {
  craft?: Craft;
  language?: PatternLanguage;
  title?: string;
}

interface OptimizedPattern {
  /** The title line as the seller wrote it (without a leading "# "), or a default one. */
  title: string;
  /** The seller's own title line, when the first line was one. */
  titleLine?: SourceLine;
  craft: Craft;
  /** Whether the craft was detected from the text (false when the seller chose it). */
  craftDetected: boolean;
  language: PatternLanguage;
  terms: Terms;
  sections: PatternSection[];
}

const DEFAULT_TITLE: Record<PatternLanguage, Record<Craft, string>> = {
  en: { crochet: "Crochet Pattern", knitting: "Knitting Pattern", sewing: "Sewing Pattern", "cross-stitch": "Cross-Stitch Pattern" },
  tr: { crochet: "Tığ İşi Model", knitting: "Şiş Örgü Modeli", sewing: "Dikiş Kalıbı", "cross-stitch": "Kanaviçe Şeması" },
};

/** Reads a pasted (or already optimized) pattern; every non-blank line is in exactly one section. */
export function optimizePatternOffline(text: string, options: PatternOptions = {}): OptimizedPattern {
  const craft = options.craft ?? detectCraft(text);
  const language = options.language ?? detectLanguage(text);
  const structure = structurePattern(text);
  const titleText = structure.title?.text.replace(/^#\s+/u, "");
  return {
    title: options.title?.trim() || titleText || DEFAULT_TITLE[language][craft],
    titleLine: structure.title,
    craft,
    craftDetected: !options.craft,
    language,
    terms: detectTerms(text, craft),
    sections: structure.sections,
  };
}

/** A heading as the seller wrote it, made a markdown heading when it is not one already. */
function headingLine(line: string, level: "#" | "##" | "###") {
  return /^#{1,6}\s/u.test(line) ? line : `${level} ${line}`;
}

/** The heading a section shows: the seller's line, or the section's name in the pattern's language. */
export function sectionHeading(section: PatternSection, language: PatternLanguage): string | undefined {
  if (section.heading) return section.heading.text;
  return section.key === "intro" ? undefined : SECTION_LABELS[language][section.key];
}

/**
 * The optimized pattern as the optimize step shows it: markdown headings around the seller's lines.
 * Reading it again gives the same sections, so optimizing twice changes nothing.
 */
export function renderOptimizedPattern(p: OptimizedPattern): string {
  const out: string[] = [headingLine(p.titleLine?.text ?? p.title, "#")];
  for (const section of p.sections) {
    out.push("");
    const heading = sectionHeading(section, p.language);
    if (heading) out.push(headingLine(heading, "##"));
    for (const line of section.lines) out.push(line.part ? headingLine(line.text, "###") : line.text);
  }
  return out.join("\n") + "\n";
}

/** Every line of the pattern in reading order, with the section it is in: what the step 1 screen lists. */
export function sectionOutline(p: OptimizedPattern) {
  return p.sections.map((section) => ({
    key: section.key,
    heading: sectionHeading(section, p.language) ?? "",
    own: Boolean(section.heading),
    lines: section.lines.map((l) => ({ line: l.n, text: l.text, part: Boolean(l.part) })),
  }));
}
