/**
 * The seller's corrections of "Facts we used" (issue 24): the corrected list wins over what was read.
 * Every writer (offline composer, the model prompts, the enforcer) works from the seller's text, so a
 * correction is applied to that text: a removed fact's words leave it, an edited fact's value is
 * replaced where it was written, and an added fact is appended as a labelled line ("Colour: navy").
 */
import { extractFacts, factItems, type FactItem, type FactLang } from "./extract";
import { escapeRegExp, foldCase } from "./language";

export interface CorrectedFact {
  kind: string;
  value: string;
}

export interface CorrectedInput {
  /** The seller's text with the corrections applied. */
  description: string;
  /** The selected keywords, without the removed facts' words. */
  keywords: string[];
  /** The values the seller removed (the model prompt tells the writer never to state them). */
  removed: string[];
}

/** How an added fact is labelled in the text the writers read. */
const LABELS: Record<FactLang, Record<string, string>> = {
  en: {
    brand: "Brand",
    model: "Model",
    era: "Era",
    material: "Material",
    measure: "Size",
    size: "Sizes",
    tool: "Hook or needles",
    count: "Quantity",
    colour: "Colour",
    design: "Pattern",
    condition: "Condition",
    care: "Care",
    personalisation: "Personalisation",
    format: "File format",
    editor: "Edit in",
    skill: "Skill level",
    terms: "Terms",
    craft: "Craft",
    fits: "Fits",
    scent: "Scent",
    origin: "Made in",
    detail: "Detail",
  },
  tr: {
    brand: "Marka",
    model: "Model",
    era: "Dönem",
    material: "Malzeme",
    measure: "Ölçü",
    size: "Beden",
    tool: "Tığ veya şiş",
    count: "Adet",
    colour: "Renk",
    design: "Desen",
    condition: "Durum",
    care: "Bakım",
    personalisation: "Kişiselleştirme",
    format: "Dosya biçimi",
    editor: "Düzenleme",
    skill: "Seviye",
    terms: "Terimler",
    craft: "Teknik",
    fits: "Uyumlu",
    scent: "Koku",
    origin: "Üretim yeri",
    detail: "Ayrıntı",
  },
};

const same = (a: CorrectedFact, b: CorrectedFact) => a.kind === b.kind && foldCase(a.value.trim()) === foldCase(b.value.trim());

/** The ways a fact's value can be written: "100% cotton" is also "%100 cotton" and "cotton 100%". */
function spellings(item: CorrectedFact): string[] {
  const share = /^(\d{1,3})% (.+)$/.exec(item.value.trim());
  return share ? [item.value.trim(), `%${share[1]} ${share[2]}`, `${share[2]} ${share[1]}%`, `${share[2]} %${share[1]}`] : [item.value.trim()];
}

/** `text` with every whole-word occurrence of the fact's value replaced (a literal, escaped pattern: linear time). */
function replaceFact(text: string, item: CorrectedFact, by: string): { text: string; found: boolean } {
  let found = false;
  let out = text;
  for (const spelling of spellings(item)) {
    if (!spelling) continue;
    const pattern = new RegExp(`(?<![\\p{L}\\p{N}])${escapeRegExp(spelling)}(?![\\p{L}\\p{N}])`, "giu");
    out = out.replace(pattern, () => {
      found = true;
      return by;
    });
  }
  return { text: out, found };
}

/** Tidies what a removed word leaves behind: doubled spaces and commas, a space before punctuation. */
const tidy = (text: string) =>
  text
    .split("\n")
    .map((line) =>
      line
        .replace(/[ \t]{2,}/g, " ")
        .replace(/\s+([,.;:!?])/g, "$1")
        .replace(/([,;])(?:\s*[,;])+/g, "$1")
        .replace(/^[\s,;]+/, "")
        .replace(/\(\s*\)/g, "")
        .trimEnd(),
    )
    .join("\n")
    .trim();

/**
 * The writers' input with the seller's corrected fact list applied. `corrected` is the whole list as the
 * seller left it; what was read from `text` (and the keywords) and is not in it was removed, what is in
 * it and was not read was added. An edit (one fact of a kind removed and one of the same kind added) is
 * replaced where it was written; otherwise a removed fact's words are taken out and an added fact is
 * appended as a labelled line in the text's language.
 */
export function applyFactCorrections(text: string, keywords: string[], platform: string, corrected: CorrectedFact[] | null | undefined): CorrectedInput {
  if (!corrected) return { description: text, keywords, removed: [] };
  const sheet = extractFacts({ text, tags: keywords, platform });
  const read: FactItem[] = factItems(sheet);
  const removed = read.filter((r) => !corrected.some((c) => same(c, r)));
  const added = corrected.filter((c) => !read.some((r) => same(c, r)));

  let description = text;
  let words = [...keywords];
  const appended: CorrectedFact[] = [];
  const pending = [...removed];
  for (const fact of added) {
    const index = pending.findIndex((r) => r.kind === fact.kind);
    const old = index >= 0 ? pending.splice(index, 1)[0] : undefined;
    if (old) {
      const replaced = replaceFact(description, old, fact.value);
      description = replaced.text;
      words = words.map((k) => replaceFact(k, old, fact.value).text);
      if (replaced.found) continue;
    }
    appended.push(fact);
  }
  for (const old of pending) {
    description = replaceFact(description, old, "").text;
    words = words.map((k) => tidy(replaceFact(k, old, "").text));
  }
  description = tidy(description);
  if (appended.length) {
    const labels = LABELS[sheet.language];
    description = `${description}\n\n${appended.map((f) => `${labels[f.kind] ?? f.kind}: ${f.value}.`).join("\n")}`.trim();
  }
  const seen = new Set<string>();
  const cleanWords = words.filter((k) => {
    const key = foldCase(k.trim());
    if (!key || seen.has(key)) return false;
    seen.add(key);
    return true;
  });
  // A removed value the seller still wrote in another fact ("blue" edited to "navy blue") is not forbidden.
  const forbidden = removed.map((r) => r.value).filter((value) => !corrected.some((c) => foldCase(c.value).includes(foldCase(value))));
  return { description, keywords: cleanWords, removed: forbidden };
}
