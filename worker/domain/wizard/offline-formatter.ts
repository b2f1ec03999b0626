/**
 * The embedded formatter: turns an optimized pattern (Listora's own or an LLM's text) into the
 * structured draft a seller sells: title, subtitle, materials, abbreviations, instructions, notes.
 * The same draft feeds the review step's text and the PDF, so the two never disagree.
 */
import { SECTION_LABELS } from "./pattern-sections";
import {
  abbreviationLine,
  optimizePatternOffline,
  stepLine,
  type Craft,
  type OptimizedPattern,
  type PatternLanguage,
  type PatternOptions,
} from "./offline-optimizer";

export interface FormattedPattern extends OptimizedPattern {
  /** "Crochet pattern · PDF download": the line under the title. */
  subtitle: string;
}

const CRAFT_NAMES: Record<PatternLanguage, Record<Craft, string>> = {
  en: { crochet: "Crochet pattern", knitting: "Knitting pattern", sewing: "Sewing pattern", "cross-stitch": "Cross-stitch pattern" },
  tr: { crochet: "Tığ işi model", knitting: "Örgü modeli", sewing: "Dikiş kalıbı", "cross-stitch": "Kanaviçe şeması" },
};

const DOWNLOAD: Record<PatternLanguage, string> = { en: "PDF download", tr: "PDF indirme" };

/** Notes every sold pattern carries; added once, whatever the seller wrote. */
const STANDARD_NOTES: Record<PatternLanguage, { terms: Partial<Record<Craft, string>>; use: string }> = {
  en: {
    terms: { crochet: "Written in US crochet terms." },
    use: "This pattern is for personal use. You may sell the items you make from it; please do not share, copy or resell the pattern itself.",
  },
  tr: {
    terms: { crochet: "ABD tığ işi terimleriyle yazılmıştır." },
    use: "Bu model kişisel kullanım içindir. Modelden yaptığınız ürünleri satabilirsiniz; modelin kendisini paylaşmayın, kopyalamayın ve satmayın.",
  },
};

export function subtitleFor(craft: Craft, language: PatternLanguage) {
  return `${CRAFT_NAMES[language][craft]} · ${DOWNLOAD[language]}`;
}

/** Formats an optimized pattern; formatting an already formatted draft gives the same draft. */
export function formatPatternOffline(optimizedPattern: string, options: PatternOptions = {}): FormattedPattern {
  const base = optimizePatternOffline(optimizedPattern, options);
  const subtitle = subtitleFor(base.craft, base.language);
  const standard = STANDARD_NOTES[base.language];
  const extra = [standard.terms[base.craft], standard.use].filter((n): n is string => Boolean(n));
  const notes = [...base.notes];
  for (const note of extra) if (!notes.includes(note)) notes.push(note);
  return {
    ...base,
    subtitle,
    intro: base.intro.filter((line) => line !== subtitle),
    notes,
  };
}

/** The draft as the review step shows it and the listing step reads it (`pdfContent`). */
export function renderFormattedPattern(draft: FormattedPattern): string {
  const labels = SECTION_LABELS[draft.language];
  const out: string[] = [`# ${draft.title}`, draft.subtitle];
  if (draft.intro.length) out.push("", ...draft.intro);
  const list = (label: string, items: string[]) => {
    if (items.length) out.push("", `## ${label}`, ...items.map((i) => `- ${i}`));
  };
  list(labels.sizes, draft.sizes);
  list(labels.materials, draft.materials);
  list(labels.gauge, draft.gauge);
  list(labels.abbreviations, draft.abbreviations.map(abbreviationLine));
  if (draft.instructions.length) {
    out.push("", `## ${labels.instructions}`);
    for (const part of draft.instructions) {
      if (part.heading !== undefined) out.push("", `### ${part.heading}`);
      out.push(...part.steps.map(stepLine));
    }
  }
  list(labels.notes, draft.notes);
  return out.join("\n") + "\n";
}
