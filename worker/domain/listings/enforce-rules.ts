/**
 * The listing rules of SPEC §5 and DESIGN §5, enforced by code after any provider (and on every save):
 * output that breaks a rule is repaired rather than refused, and every rule says in the report
 * whether it passed or what was repaired.
 *
 * Decisions: an ALL-CAPS word is one of four or more capital letters; shorter ones (DIY, SVG, USA,
 * XL) are acronyms and stay. Tags are stored lower-case. A single-word tag is paired with the
 * product's noun ("silver" -> "silver necklace") where that fits, otherwise replaced by a
 * multi-word candidate, and kept (with a warning) only when no candidate of the listing's own words
 * is left.
 */
import { LISTING_LIMITS, type RuleCheck, type RuleReport } from "../../../schema/api/listings";
import { DIGITAL_DISCLAIMER, composeAltTexts, composeBody, composeDescription, composeIntro, cutAtWord } from "../../providers/llm/offline-composer";
import { isDigitalProduct, plainText, productPhrase, tameShouting, titleCase } from "./phrases";
import { fitTag, genericTags, isMultiWord, pairWithProduct, tagCandidates, tagCharacters } from "./tags";

export interface ListingText {
  title: string;
  description: string;
  tags: string[];
  altTexts: string[];
}

/** What the listing is about: the seller's product description and selected keywords. */
export interface RuleContext {
  productDescription: string;
  keywords: string[];
  platform?: string;
  /** Overrides the detection from the description's words. */
  digital?: boolean;
}

export interface PartResult<T> {
  value: T;
  checks: RuleCheck[];
}

const result = (rule: string, repairs: string[], warning?: string): RuleCheck =>
  repairs.length ? { rule, status: "repaired", detail: repairs.join("; ") } : warning ? { rule, status: "warning", detail: warning } : { rule, status: "pass" };

const quote = (s: string) => `"${s.length > 40 ? `${s.slice(0, 37)}...` : s}"`;

// ---- Title -------------------------------------------------------------------------------------

/** Etsy's title characters: letters, digits, spaces and - , . ' " / ( ) ! ? ; $ € £ % : & + */
const TITLE_DISALLOWED = /[^\p{L}\p{M}\p{N} \-,.'"/()!?;$€£%:&+]/gu;
const ONCE_ONLY: [string, string][] = [
  ["%", " percent"],
  [":", " -"],
  ["&", " and "],
  ["+", " and "],
];

const tidySpaces = (s: string) =>
  s
    .replace(/\s+/g, " ")
    .replace(/(\s-)+\s/g, " - ")
    .replace(/\s+([,.;!?])/g, "$1")
    .replace(/^[\s,.;:\-/&+]+|[\s,;:\-/&+]+$/g, "")
    .trim();

/**
 * One pass can uncover another problem (a removed character leaves "1) " at the start), so the
 * passes repeat until the title stops changing; the report keeps every repair made on the way.
 */
export function enforceTitle(input: string, context: RuleContext): PartResult<string> {
  let current = titlePass(String(input ?? ""), context);
  const checks = current.checks;
  for (let i = 0; i < 4; i++) {
    const next = titlePass(current.value, context);
    if (next.value === current.value) break;
    next.checks.forEach((check, index) => {
      if (check.status === "repaired" && checks[index].status !== "repaired") checks[index] = check;
    });
    current = next;
  }
  return { value: current.value, checks };
}

function titlePass(input: string, context: RuleContext): PartResult<string> {
  const checks: RuleCheck[] = [];

  // One title: a model may answer several lines, a preface ("Here is your title:"), a label or quotes.
  const single: string[] = [];
  let lines = String(input ?? "")
    .replace(/\r/g, "")
    .split("\n")
    .map((l) => l.trim())
    .filter((l) => l && !/^[-*_=]{3,}$/.test(l));
  if (lines.length > 1) {
    const content = lines.filter((l) => !/:\s*(\*\*)?$/.test(l));
    single.push(`kept one of ${lines.length} lines`);
    lines = content.length ? content : lines;
  }
  let title = lines[0] ?? "";
  const unlabelled = title
    .replace(/^\s*(?:\d+[.)]\s+|[-*•]\s+)/, "")
    .replace(/^(?:\*\*|__)?\s*(?:title|option\s*\d+)\s*(?:\*\*|__)?\s*[:\-–]\s*(?:\*\*|__)?\s*/i, "");
  if (unlabelled !== title) single.push("removed a label");
  title = unlabelled;

  // No markdown or HTML.
  const plain = title
    .replace(/<\/?[a-z][^>]*>/gi, " ")
    .replace(/!?\[([^\]]*)\]\([^)]*\)/g, "$1")
    .replace(/[*_`#~]+/g, "")
    .replace(/^\s*>\s*/, "");
  const markdown = plain !== title ? ["removed markdown"] : [];
  title = plain;

  // Allowed characters only; typographic quotes and dashes become their plain forms.
  const typed = title
    .replace(/[“”„]/g, '"')
    .replace(/[‘’‚]/g, "'")
    .replace(/[–—‒]/g, "-")
    .replace(/\s*[|•·]\s*/g, " - ");
  const removed = [...new Set([...(title.match(/[|•·]/g) ?? []), ...(typed.match(TITLE_DISALLOWED) ?? [])])].filter((c) => !/\s/.test(c));
  title = tidySpaces(typed.replace(TITLE_DISALLOWED, (c) => (/\s/.test(c) ? c : " ")));
  const characters = removed.length ? [`replaced or removed ${removed.map((c) => quote(c)).join(", ")}`] : [];

  // A title wrapped in quotes as a whole: the quotes are the model's, not the title's.
  for (let wrapped = /^"([^"]*)"$|^'([^']*)'$/.exec(title); wrapped; wrapped = /^"([^"]*)"$|^'([^']*)'$/.exec(title)) {
    title = tidySpaces(wrapped[1] ?? wrapped[2]);
    if (!single.includes("removed surrounding quotes")) single.push("removed surrounding quotes");
  }

  // % : & + at most once each.
  const symbols: string[] = [];
  for (const [symbol, replacement] of ONCE_ONLY) {
    const first = title.indexOf(symbol);
    if (first < 0 || title.indexOf(symbol, first + 1) < 0) continue;
    title = title.slice(0, first + 1) + title.slice(first + 1).split(symbol).join(replacement);
    symbols.push(`"${symbol}" kept once`);
  }
  title = tidySpaces(title);

  // No ALL-CAPS words.
  const tamed = tameShouting(title);
  title = tamed.text;

  // At most 130 characters, cut at a separator so the title still reads.
  const length: string[] = [];
  if (title.length > LISTING_LIMITS.titleMax) {
    const before = title.length;
    title = cutTitle(title);
    length.push(`shortened from ${before} to ${title.length} characters`);
  }

  const present: string[] = [];
  if (!/[\p{L}\p{N}]/u.test(title)) {
    const fallback = titleCase(productPhrase(context.productDescription, 6)) || "Handmade Item";
    title = enforceTitle(fallback, { ...context, productDescription: "" }).value || "Handmade Item";
    present.push("the answer had no title; written from the product description");
  }

  checks.push(
    result("title.present", present),
    result("title.single", single),
    result("title.no-markdown", markdown),
    result("title.characters", characters),
    result("title.limited-symbols", symbols),
    result("title.no-all-caps", tamed.changed.length ? [`changed ${tamed.changed.map(quote).join(", ")} to Title Case`] : []),
    result("title.length", length),
  );
  return { value: title, checks };
}

function cutTitle(title: string): string {
  const max = LISTING_LIMITS.titleMax;
  const window = title.slice(0, max + 1);
  const separators = [window.lastIndexOf(", "), window.lastIndexOf(" - ")].filter((i) => i >= LISTING_LIMITS.titleMobile);
  const at = separators.length ? Math.max(...separators) : window.lastIndexOf(" ");
  const cut = at > max / 2 ? title.slice(0, at) : title.slice(0, max);
  return tidySpaces(cut).slice(0, max);
}

// ---- Tags --------------------------------------------------------------------------------------

export interface TagRuleContext extends RuleContext {
  /** The enforced title: its phrases are fill candidates too. */
  title?: string;
}

export function enforceTags(input: unknown[], context: TagRuleContext): PartResult<string[]> {
  const characters: string[] = [];
  const length: string[] = [];
  const duplicates: string[] = [];
  const cleaned: string[] = [];
  const seen = new Set<string>();
  let dropped = 0;

  for (const raw of Array.isArray(input) ? input : []) {
    if (typeof raw !== "string") {
      dropped += 1;
      continue;
    }
    const plain = raw.replace(/\s+/g, " ").trim().toLowerCase();
    const chars = tagCharacters(raw);
    if (chars !== plain && plain) characters.push(quote(raw.trim()));
    const fitted = fitTag(chars);
    if (fitted !== chars) length.push(fitted ? `${quote(chars)} -> ${quote(fitted)}` : `dropped ${quote(chars)}`);
    if (!fitted) {
      if (!chars) dropped += 1;
      continue;
    }
    if (seen.has(fitted)) {
      duplicates.push(quote(fitted));
      continue;
    }
    seen.add(fitted);
    cleaned.push(fitted);
  }

  // Multi-word preferred: pair single words with the product's noun where that makes a new tag.
  const multi = cleaned.filter(isMultiWord);
  const multiWord: string[] = [];
  const unpaired: string[] = [];
  for (const single of cleaned.filter((t) => !isMultiWord(t))) {
    const paired = pairWithProduct(single, context.productDescription);
    if (paired && !seen.has(paired)) {
      seen.add(paired);
      multi.push(paired);
      multiWord.push(`${quote(single)} -> ${quote(paired)}`);
    } else {
      unpaired.push(single);
    }
  }

  const pool: string[] = [];
  const inPool = new Set<string>();
  const add = (tag: string) => {
    if (!inPool.has(tag)) {
      inPool.add(tag);
      pool.push(tag);
    }
  };
  multi.forEach(add);
  const supplied = new Set([...multi, ...unpaired]);
  tagCandidates(context, { generic: false }).forEach(add);
  unpaired.forEach(add);
  genericTags(context).forEach(add);
  const chosen = pool.slice(0, LISTING_LIMITS.tagCount);
  // Single words last, so enforcing the saved list again keeps its order.
  const tags = [...chosen.filter(isMultiWord), ...chosen.filter((t) => !isMultiWord(t))];

  const replaced = unpaired.filter((t) => !tags.includes(t));
  if (replaced.length) multiWord.push(`replaced single words ${replaced.map(quote).join(", ")}`);
  const stillSingle = tags.filter((t) => !isMultiWord(t));

  const count: string[] = [];
  const added = tags.filter((t) => !supplied.has(t)).length;
  if (supplied.size > LISTING_LIMITS.tagCount) count.push(`kept ${LISTING_LIMITS.tagCount} of ${supplied.size}`);
  if (added > 0) count.push(`added ${added} from keywords and phrases`);
  if (dropped) count.push(`dropped ${dropped} empty or invalid`);

  return {
    value: tags,
    checks: [
      result("tags.count", count),
      result("tags.characters", characters.length ? [`cleaned ${characters.join(", ")}`] : []),
      result("tags.length", length),
      result("tags.unique", duplicates.length ? [`removed duplicates ${[...new Set(duplicates)].join(", ")}`] : []),
      result("tags.multi-word", multiWord, stillSingle.length ? `kept single-word ${stillSingle.map(quote).join(", ")}` : undefined),
    ],
  };
}

// ---- Alt texts ---------------------------------------------------------------------------------

export function enforceAltTexts(input: unknown[], context: RuleContext): PartResult<string[]> {
  const format: string[] = [];
  const length: string[] = [];
  const duplicates: string[] = [];
  const values: string[] = [];
  const seen = new Set<string>();
  let empty = 0;

  for (const raw of Array.isArray(input) ? input : []) {
    if (typeof raw !== "string") {
      empty += 1;
      continue;
    }
    let text = plainText(raw)
      .replace(/\s+/g, " ")
      .replace(/^\s*(?:image|photo|picture|alt text)\s*\d*\s*[:.\-–]\s*/i, "")
      .replace(/^\s*["“”](.*)["“”]\s*$/, "$1")
      .trim();
    if (text !== raw.trim()) format.push(quote(raw.trim()));
    if (text.length > LISTING_LIMITS.altTextMax) {
      const before = text.length;
      text = cutAtWord(text, LISTING_LIMITS.altTextMax);
      length.push(`shortened one from ${before} to ${text.length} characters`);
    }
    if (!/[\p{L}\p{N}]/u.test(text)) {
      empty += 1;
      continue;
    }
    const key = text.toLowerCase();
    if (seen.has(key)) {
      duplicates.push(quote(text));
      continue;
    }
    seen.add(key);
    values.push(text);
  }

  const count: string[] = [];
  if (values.length > LISTING_LIMITS.altTextsMax) {
    count.push(`kept ${LISTING_LIMITS.altTextsMax} of ${values.length}`);
    values.length = LISTING_LIMITS.altTextsMax;
  }
  if (empty) count.push(`dropped ${empty} empty`);

  const present: string[] = [];
  if (values.length === 0) {
    values.push(...composeAltTexts({ description: context.productDescription, keywords: context.keywords }));
    present.push(`none usable; wrote ${values.length} from the product description and keywords`);
  }

  return {
    value: values,
    checks: [
      result("alt-texts.present", present),
      result("alt-texts.single-line", format.length ? [`cleaned ${format.length} (markdown, line breaks or 'Image N:' labels)`] : []),
      result("alt-texts.length", length),
      result("alt-texts.unique", duplicates.length ? [`removed duplicates ${duplicates.join(", ")}`] : []),
      result("alt-texts.count", count),
    ],
  };
}

/**
 * The SPEC's alt-text split: entries on bold 'Image N:' markers when present, otherwise on blank
 * lines, otherwise the whole text as one entry.
 */
export function splitAltTexts(content: string): string[] {
  const text = content.replace(/\r\n/g, "\n").trim();
  if (!text) return [];
  const marker = /\*\*\s*Image\s*\d+\s*:?\s*\*\*\s*:?/gi;
  if (marker.test(text)) {
    return text
      .split(marker)
      .map((s) => s.trim())
      .filter(Boolean);
  }
  const blocks = text.split(/\n\s*\n/).map((s) => s.trim()).filter(Boolean);
  return blocks.length > 1 ? blocks : [text];
}

// ---- Description -------------------------------------------------------------------------------

const DISCLAIMER = /no physical (?:item|product|goods)s?\b|this is a digital (?:product|download|file|item)|digital (?:product|download|file)s? only|instant download only/i;
const FAQ_HEADING = /^\s*(?:#{1,6}\s*|\*\*|__)?\s*(?:faqs?|frequently asked questions)\b/i;
const SECTION_HEADING = /^\s*(?:#{1,6}\s+\S|(?:\*\*|__)[^*_\n]+(?:\*\*|__)\s*:?\s*$)/;
const QA_LINE = /^\s*(?:#{1,6}\s*|\*\*|__)?\s*(?:q|a|question|answer)\s*\d*\s*[:.)]/i;

function removeFaq(text: string): { text: string; removed: boolean } {
  const lines = text.split("\n");
  const out: string[] = [];
  let inFaq = false;
  let removed = false;
  for (const line of lines) {
    if (FAQ_HEADING.test(line)) {
      inFaq = true;
      removed = true;
      continue;
    }
    if (inFaq && SECTION_HEADING.test(line) && !QA_LINE.test(line)) inFaq = false;
    if (!inFaq) out.push(line);
  }
  return { text: out.join("\n").replace(/\n{3,}/g, "\n\n").trim(), removed };
}

const isHeadingBlock = (block: string) => SECTION_HEADING.test(block) && !block.includes("\n");
const isListBlock = (block: string) => block.split("\n").every((l) => /^\s*(?:[-*+]|\d+[.)])\s+/.test(l));

export function enforceDescription(input: string, context: RuleContext): PartResult<string> {
  const compose = { description: context.productDescription, keywords: context.keywords };
  let text = String(input ?? "").replace(/\r\n?/g, "\n").trim();

  const present: string[] = [];
  if (!/[\p{L}\p{N}]/u.test(plainText(text))) {
    text = composeDescription(compose);
    present.push("the answer had no description; written from the product description");
  }

  const faq = removeFaq(text);
  text = faq.text;
  const noFaq = faq.removed ? ["removed the FAQ section"] : [];

  const digital = context.digital ?? isDigitalProduct(context.productDescription, context.keywords);
  const disclaimer: string[] = [];
  if (digital && !DISCLAIMER.test(text)) {
    text = `${text}\n\n${DIGITAL_DISCLAIMER}`;
    disclaimer.push("added the digital-product note");
  } else if (!digital && DISCLAIMER.test(text)) {
    text = text
      .split(/\n\s*\n/)
      .filter((block) => !DISCLAIMER.test(block))
      .join("\n\n");
    disclaimer.push("removed a digital-product note from a physical product");
  }

  const sections: string[] = [];
  let blocks = text.split(/\n\s*\n/).map((b) => b.trim()).filter(Boolean);
  if (blocks.length === 0 || isHeadingBlock(blocks[0]) || isListBlock(blocks[0])) {
    blocks = [composeIntro(compose), ...blocks];
    sections.push("added an intro");
  }
  if (blocks.length < 2) {
    blocks = [blocks[0], composeBody(compose), ...blocks.slice(1)];
    sections.push("added features and benefits");
  }
  text = blocks.join("\n\n");

  return {
    value: text,
    checks: [
      result("description.present", present),
      result("description.sections", sections),
      result("description.no-faq", noFaq),
      result("description.digital-disclaimer", disclaimer),
    ],
  };
}

// ---- The whole listing -------------------------------------------------------------------------

export function buildReport(checks: RuleCheck[]): RuleReport {
  return {
    passed: checks.every((c) => c.status === "pass"),
    repaired: checks.some((c) => c.status === "repaired"),
    checks,
  };
}

/** Every rule on every part; the tags fill from the enforced title too. */
export function enforceListingRules(raw: ListingText, context: RuleContext): { listing: ListingText; report: RuleReport } {
  const title = enforceTitle(raw.title, context);
  const description = enforceDescription(raw.description, context);
  const tags = enforceTags(raw.tags, { ...context, title: title.value });
  const altTexts = enforceAltTexts(raw.altTexts, context);
  return {
    listing: { title: title.value, description: description.value, tags: tags.value, altTexts: altTexts.value },
    report: buildReport([...title.checks, ...description.checks, ...tags.checks, ...altTexts.checks]),
  };
}
