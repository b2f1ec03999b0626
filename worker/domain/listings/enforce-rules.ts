/**
 * The listing rules of SPEC §5 and DESIGN §5, enforced by code after any provider (and on every save),
 * per marketplace: output that breaks a rule is repaired rather than refused, and every rule says in
 * the report whether it passed or what was repaired.
 *
 * Decisions: an ALL-CAPS word is one of four or more capital letters; shorter ones (DIY, SVG, USA,
 * XL) are acronyms and stay. Tags are stored lower-case. A single-word tag is paired with the
 * product's noun ("silver" -> "silver necklace") where that fits, otherwise replaced by a
 * multi-word candidate. Descriptions are plain text (decision 0013). Etsy: title at most 130, 13
 * tags, alt texts. eBay: title at most 80, item specifics, no tags. Amazon: title at most 200 without
 * promotional words, five bullets of at most 500 characters, backend search terms within 249 bytes,
 * alt texts, no tags.
 */
import { LISTING_LIMITS, PLATFORM_LIMITS, writtenTitleMax, type ItemSpecific, type Platform, type RuleCheck, type RuleReport } from "../../../schema/api/listings";
import { toPlainDescription } from "../../../schema/plain-text";
import {
  PROMOTIONAL_WORDS,
  byteLength,
  composeAltTexts,
  composeBody,
  composeBullets,
  composeDescription,
  composeIntro,
  composeItemSpecifics,
  composeSearchTerms,
  cutAtWord,
  digitalDisclaimer,
  refillTags,
} from "../../providers/llm/offline-composer";
import { extractFacts, namesInCapitals } from "../../../shared/facts";
import { FILLER_PHRASES } from "../../../shared/listings/categories";
import { detectLanguage, isDigitalProduct, isStopWord, lower, plainText, productPhrase, tameShouting, titleCase, words, type Lang } from "../../../shared/listings/phrases";
import { keepFactsInventNone } from "./fact-check";
import { fitTag, isMultiWord, isSubPhraseDuplicate, pairWithProduct, tagCharacters } from "./tags";

export interface ListingText {
  title: string;
  description: string;
  tags: string[];
  altTexts: string[];
  /** Amazon: five bullet points. */
  bullets?: string[];
  /** Amazon: backend search terms. */
  searchTerms?: string;
  /** eBay: item specifics. */
  itemSpecifics?: ItemSpecific[];
}

/** What the listing is about: the seller's product description and selected keywords. */
export interface RuleContext {
  productDescription: string;
  keywords: string[];
  platform?: string;
  /** Overrides the detection from the description's words. */
  digital?: boolean;
  /**
   * The text came from a writer (a model, the offline composer, bulk optimize), not from the seller:
   * it must keep every fact of the seller's description and claim nothing they did not (issue 24).
   */
  writer?: boolean;
  /** The listing's language when the caller decides it (the wizard writes in the interface's language). */
  language?: Lang;
}

interface PartResult<T> {
  value: T;
  checks: RuleCheck[];
}

const result = (rule: string, repairs: string[], warning?: string): RuleCheck =>
  repairs.length ? { rule, status: "repaired", detail: repairs.join("; ") } : warning ? { rule, status: "warning", detail: warning } : { rule, status: "pass" };

const quote = (s: string) => `"${s.length > 40 ? `${s.slice(0, 37)}...` : s}"`;

const platformOf = (context: RuleContext): Platform => (context.platform === "amazon" || context.platform === "ebay" ? context.platform : "etsy");
const langOf = (context: RuleContext): Lang => context.language ?? detectLanguage(context.productDescription);
const composeInput = (context: RuleContext) => ({
  description: context.productDescription,
  keywords: context.keywords,
  platform: platformOf(context),
  ...(context.language ? { language: context.language } : {}),
});

/** The longest title each marketplace takes: Etsy 130 (the SPEC's), eBay 80, Amazon 200. */
function titleMaxFor(platform: Platform): number {
  return writtenTitleMax(platform);
}

/** Amazon's title refuses these characters and promotional claims. */
const AMAZON_DISALLOWED = /[!$?_{}^¬¦~#<>*]/g;
const PROMOTION =
  /(?:^|(?<=[\s,-]))(?:free shipping|free gift|best[- ]?sell(?:er|ing)|top[- ]rated|top seller|limited time(?: offer)?|on sale|hot sale|hot deal|best(?! friends?\b)|sale|cheap|discount(?:ed)?|deals?|guaranteed|amazing|#1)(?=$|[\s,\-!.])/giu;

// ---- Title -------------------------------------------------------------------------------------

/** Etsy's title characters: letters, digits, spaces and - , . ' " / ( ) ! ? ; $ € £ % : & + */
const TITLE_DISALLOWED = /[^\p{L}\p{M}\p{N} \-,.'"/()!?;$€£%:&+]/gu;
/** Amazon's and eBay's titles also keep a temperature's degree sign ("Oven Safe to 450°F"); eBay's a catalogue number's "#". */
const AMAZON_TITLE_DISALLOWED = /[^\p{L}\p{M}\p{N} \-,.'"/()!?;$€£%:&+°]/gu;
const EBAY_TITLE_DISALLOWED = /[^\p{L}\p{M}\p{N} \-,.'"/()!?;$€£%:&+#°]/gu;
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
    // (A grade's "+" stays: "… Vinyl VG+".)
    .replace(/^[\s,.;:\-/&+]+|(?:[\s,;:\-/&]|(?<![\p{L}\p{N}])\+)+$/gu, "")
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
  const unlabelled = title.replace(/^\s*(?:\d+[.)]\s+|[-*•]\s+)/, "").replace(/^(?:\*\*|__)?\s*(?:title|option\s*\d+)\s*(?:\*\*|__)?\s*[:\-–]\s*(?:\*\*|__)?\s*/i, "");
  if (unlabelled !== title) single.push("removed a label");
  title = unlabelled;

  // No markdown or HTML.
  const plain = title
    .replace(/<\/?[a-z][^<>]*>/gi, " ")
    .replace(/!?\[([^[\]]*)\]\((?:[^()]|\([^()]*\))*\)/g, "$1")
    // (A number's "#" is no heading: "#403", a card's "#US1" stay; decision 0091.)
    .replace(/[*_`~]+|#+(?!\d|[A-Za-z]{1,4}-?\d)/g, "")
    .replace(/^\s*>\s*/, "");
  const markdown = plain !== title ? ["removed markdown"] : [];
  title = plain;

  // Allowed characters only; typographic quotes and dashes become their plain forms.
  const typed = title
    .replace(/[“”„]/g, '"')
    .replace(/[‘’‚]/g, "'")
    .replace(/[–—‒]/g, "-")
    .replace(/(?<!\s)\s*[|•·]\s*/g, " - ");
  // eBay titles keep a catalogue number as written ("Pyrex #403"); Etsy and Amazon refuse "#".
  const platform = platformOf(context);
  const disallowed = platform === "ebay" ? EBAY_TITLE_DISALLOWED : platform === "amazon" ? AMAZON_TITLE_DISALLOWED : TITLE_DISALLOWED;
  const removed = [...new Set([...(title.match(/[|•·]/g) ?? []), ...(typed.match(disallowed) ?? [])])].filter((c) => !/\s/.test(c));
  title = tidySpaces(typed.replace(disallowed, (c) => (/\s/.test(c) ? c : " ")));
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
    title =
      title.slice(0, first + 1) +
      title
        .slice(first + 1)
        .split(symbol)
        .join(replacement);
    symbols.push(`"${symbol}" kept once`);
  }
  title = tidySpaces(title);

  // No ALL-CAPS words.
  const lang = langOf(context);
  // The seller's brand or model written in capitals ("LEGO", "ASUS") is its name: it stays (read only when a word shouts).
  const sheet = /\p{Lu}{4,}/u.test(title) ? extractFacts({ text: context.productDescription ?? "" }) : undefined;
  // (And a code written in capitals before its number, "Harvest SHVL 804".)
  const names = sheet ? namesInCapitals(sheet, context.productDescription ?? "") : new Set<string>();
  const tamed = tameShouting(title, lang, names);
  title = tamed.text;

  // Amazon: no promotional words and none of the characters it refuses.
  const promotional: string[] = [];
  if (platform === "amazon") {
    const found = [...new Set((title.match(PROMOTION) ?? []).map((m) => m.replace(/^[\s,-]+/, "")))];
    const refused = [...new Set(title.match(AMAZON_DISALLOWED) ?? [])];
    if (found.length || refused.length) {
      title = tidySpaces(title.replace(PROMOTION, " ").replace(AMAZON_DISALLOWED, " ").replace(/,\s*,/g, ","));
      promotional.push(`removed ${[...found, ...refused].map(quote).join(", ")}`);
    }
  }

  // At most 130 characters (eBay 80, Amazon 200), cut at a separator so the title still reads.
  const length: string[] = [];
  const max = titleMaxFor(platform);
  if (title.length > max) {
    const before = title.length;
    title = cutTitle(title, max);
    length.push(`shortened from ${before} to ${title.length} characters`);
  }

  const present: string[] = [];
  if (!/[\p{L}\p{N}]/u.test(title)) {
    const fallback = titleCase(productPhrase(context.productDescription, 6), lang) || "Handmade Item";
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
    result(
      "title.length",
      length,
      platform === "amazon" && title.length > PLATFORM_LIMITS.amazon.titleWarn ? `${title.length} characters; Amazon recommends at most ${PLATFORM_LIMITS.amazon.titleWarn}` : undefined,
    ),
  );
  if (platform === "amazon") checks.push(result("title.no-promotional", promotional));
  return { value: title, checks };
}

function cutTitle(title: string, max: number): string {
  const window = title.slice(0, max + 1);
  const separators = [window.lastIndexOf(", "), window.lastIndexOf(" - ")].filter((i) => i >= Math.min(LISTING_LIMITS.titleMobile, max * 0.6));
  const at = separators.length ? Math.max(...separators) : window.lastIndexOf(" ");
  const cut = at > max / 2 ? title.slice(0, at) : title.slice(0, max);
  return tidySpaces(cut).slice(0, max);
}

// ---- Tags --------------------------------------------------------------------------------------

interface TagRuleContext extends RuleContext {
  /** The enforced title: its phrases are fill candidates too. */
  title?: string;
}

export function enforceTags(input: unknown[], context: TagRuleContext): PartResult<string[]> {
  const platform = platformOf(context);
  if (platform !== "etsy") {
    const supplied = (Array.isArray(input) ? input : []).filter((t) => typeof t === "string" && t.trim()).length;
    return { value: [], checks: [result("tags.platform", supplied ? [`removed ${supplied} tags: ${platform === "ebay" ? "eBay" : "Amazon"} listings have no tags`] : [])] };
  }
  const lang = langOf(context);
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
    const plain = lower(raw.replace(/\s+/g, " ").trim(), lang);
    const chars = tagCharacters(raw, lang);
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

  // No filler ("one of a kind", "made with love"): it is no search anyone types.
  const filler = cleaned.filter((t) => FILLER_PHRASES.includes(t));
  const useful = cleaned.filter((t) => !FILLER_PHRASES.includes(t));

  // Multi-word preferred: pair single words with the product's noun where that makes a new tag.
  const multi: string[] = [];
  const multiWord: string[] = [];
  const unpaired: string[] = [];
  for (const tag of useful) {
    if (isMultiWord(tag)) {
      multi.push(tag);
      continue;
    }
    const paired = pairWithProduct(tag, context.productDescription);
    if (paired && !seen.has(paired)) {
      seen.add(paired);
      multi.push(paired);
      multiWord.push(`${quote(tag)} -> ${quote(paired)}`);
    } else {
      unpaired.push(tag);
    }
  }

  // One search, one tag: a tag inside another ("ribbed brim" in "thick ribbed brim") is dropped.
  // A keyword the seller selected stays, even inside another (issue 26: selected keywords reach the tags).
  const selected = new Set(context.keywords.map((k) => lower(k.replace(/\s+/g, " ").trim(), lang)));
  const distinct: string[] = [];
  const subPhrases: string[] = [];
  for (const tag of multi) {
    if (!selected.has(tag) && distinct.some((d) => !selected.has(d) && isSubPhraseDuplicate(d, tag, lang))) subPhrases.push(quote(tag));
    else distinct.push(tag);
  }

  const supplied = new Set([...multi, ...unpaired]);
  let tags = refillTags(composeInput(context), lang, distinct.slice(0, LISTING_LIMITS.tagCount));
  for (const single of unpaired) if (tags.length < LISTING_LIMITS.tagCount && !tags.includes(single)) tags.push(single);
  // Single words last, so enforcing the saved list again keeps its order.
  tags = [...tags.filter(isMultiWord), ...tags.filter((t) => !isMultiWord(t))];

  const replaced = unpaired.filter((t) => !tags.includes(t));
  if (replaced.length) multiWord.push(`replaced single words ${replaced.map(quote).join(", ")}`);
  const stillSingle = tags.filter((t) => !isMultiWord(t));

  const count: string[] = [];
  const added = tags.filter((t) => !supplied.has(t)).length;
  if (supplied.size > LISTING_LIMITS.tagCount) count.push(`kept ${LISTING_LIMITS.tagCount} of ${supplied.size}`);
  if (added > 0) count.push(`added ${added} from keywords, phrases and buyer searches`);
  if (dropped) count.push(`dropped ${dropped} empty or invalid`);

  return {
    value: tags,
    checks: [
      result("tags.count", count, tags.length < LISTING_LIMITS.tagCount ? `only ${tags.length} distinct tags could be written` : undefined),
      result("tags.characters", characters.length ? [`cleaned ${characters.join(", ")}`] : []),
      result("tags.length", length),
      result("tags.unique", duplicates.length ? [`removed duplicates ${[...new Set(duplicates)].join(", ")}`] : []),
      result("tags.distinct", subPhrases.length ? [`removed ${subPhrases.join(", ")}: part of another tag`] : []),
      result("tags.no-filler", filler.length ? [`removed ${filler.map(quote).join(", ")}`] : []),
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
  const blocks = text
    .split(/\n\s*\n/)
    .map((s) => s.trim())
    .filter(Boolean);
  return blocks.length > 1 ? blocks : [text];
}

// ---- Description -------------------------------------------------------------------------------

const DISCLAIMER =
  /no physical (?:item|product|goods)s?\b|this is a digital (?:product|download|file|item)|digital (?:product|download|file)s? only|instant download only|dijital bir üründür|fiziksel (?:bir )?ürün gönderilmez/iu;
const FAQ_HEADING = /^\s*(?:#{1,6}\s*|\*\*|__)?\s*(?:faqs?|frequently asked questions|sıkça sorulan sorular|sss)(?=$|[^\p{L}])/iu;
const SECTION_HEADING = /^\s*(?:#{1,6}\s+\S|(?:\*\*|__)[^*_\n]+(?:\*\*|__)\s*:?\s*$)/;
const QA_LINE = /^\s*(?:#{1,6}\s*|\*\*|__)?\s*(?:q|a|question|answer)\s*\d*\s*[:.)]/i;
/** A plain-text section heading: a short line without a closing stop, followed by bullets or standing alone. */
const PLAIN_HEADING = /^[^\s•\-*\d][^\n.!?]{0,48}$/u;

function removeFaq(text: string): { text: string; removed: boolean } {
  const lines = text.split("\n");
  const out: string[] = [];
  let inFaq = false;
  let removed = false;
  for (const [i, line] of lines.entries()) {
    if (FAQ_HEADING.test(line)) {
      inFaq = true;
      removed = true;
      continue;
    }
    // A FAQ ends at the next section heading: Markdown, or a plain heading line after a blank line.
    const plainHeading = i > 0 && lines[i - 1].trim() === "" && PLAIN_HEADING.test(line.trim()) && !/\?\s*$/.test(line) && !QA_LINE.test(line);
    if (inFaq && ((SECTION_HEADING.test(line) && !QA_LINE.test(line)) || plainHeading)) inFaq = false;
    if (!inFaq) out.push(line);
  }
  return {
    text: out
      .join("\n")
      .replace(/\n{3,}/g, "\n\n")
      .trim(),
    removed,
  };
}

const isBulletLine = (l: string) => /^\s*(?:[•\-*+]|\d+[.)])\s+/.test(l);
/** A block that is only a heading, or a heading over bullets: not an intro. */
const isHeadingBlock = (block: string) => {
  const [first, ...rest] = block.split("\n");
  return PLAIN_HEADING.test(first.trim()) && (rest.length === 0 ? words(first).length <= 4 : rest.every(isBulletLine));
};
const isListBlock = (block: string) => block.split("\n").every(isBulletLine);

/**
 * The description as plain text (Markdown and HTML converted: what is shown is what the seller
 * pastes), then the SPEC's sections: an intro first, features and benefits, the digital note for a
 * digital product only (in the listing's language), no FAQ.
 */
export function enforceDescription(input: string, context: RuleContext): PartResult<string> {
  const compose = composeInput(context);
  let text = String(input ?? "")
    .replace(/\r\n?/g, "\n")
    .trim();

  const present: string[] = [];
  if (!/[\p{L}\p{N}]/u.test(plainText(text))) {
    text = composeDescription(compose);
    present.push("the answer had no description; written from the product description");
  }

  const faq = removeFaq(text);
  text = faq.text;
  const noFaq = faq.removed ? ["removed the FAQ section"] : [];

  const plain = toPlainDescription(text);
  const plainRepairs = plain !== text ? ["converted Markdown or HTML to plain text"] : [];
  text = plain;

  const digital = context.digital ?? isDigitalProduct(context.productDescription, context.keywords);
  const disclaimer: string[] = [];
  if (digital && !DISCLAIMER.test(text)) {
    text = `${text}\n\n${digitalDisclaimer(langOf(context))}`;
    disclaimer.push("added the digital-product note");
  } else if (!digital && DISCLAIMER.test(text)) {
    text = text
      .split(/\n\s*\n/)
      .filter((block) => !DISCLAIMER.test(block))
      .join("\n\n");
    disclaimer.push("removed a digital-product note from a physical product");
  }

  const sections: string[] = [];
  let blocks = text
    .split(/\n\s*\n/)
    .map((b) => b.trim())
    .filter(Boolean);
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
      result("description.plain-text", plainRepairs),
      result("description.sections", sections),
      result("description.no-faq", noFaq),
      result("description.digital-disclaimer", disclaimer),
    ],
  };
}

// ---- Amazon: bullets and search terms ----------------------------------------------------------

/** Five bullet points, each one plain line of at most 500 characters, all different; missing ones written from the description. */
export function enforceBullets(input: unknown, context: RuleContext): PartResult<string[]> {
  const { bulletCount, bulletMax } = PLATFORM_LIMITS.amazon;
  const list = Array.isArray(input) ? input : typeof input === "string" ? input.split(/\n+/) : [];
  const format: string[] = [];
  const length: string[] = [];
  const duplicates: string[] = [];
  const values: string[] = [];
  for (const raw of list) {
    if (typeof raw !== "string") continue;
    let text = toPlainDescription(raw)
      .replace(/\s+/g, " ")
      .replace(/^\s*(?:[•\-*+]|\d+[.)])\s*/, "")
      .trim();
    if (text !== raw.trim()) format.push(quote(raw.trim()));
    if (!/[\p{L}\p{N}]/u.test(text)) continue;
    if (text.length > bulletMax) {
      length.push(`shortened one from ${text.length} to ${bulletMax} characters or fewer`);
      text = cutAtWord(text, bulletMax);
    }
    if (values.some((v) => v.toLowerCase() === text.toLowerCase())) {
      duplicates.push(quote(text));
      continue;
    }
    values.push(text);
  }
  const count: string[] = [];
  if (values.length > bulletCount) {
    count.push(`kept ${bulletCount} of ${values.length}`);
    values.length = bulletCount;
  }
  let short: string | undefined;
  if (values.length < bulletCount) {
    const had = values.length;
    for (const b of composeBullets(composeInput(context))) {
      if (values.length >= bulletCount) break;
      if (!values.some((v) => v.toLowerCase() === b.toLowerCase())) values.push(b);
    }
    if (values.length > had) count.push(`wrote ${values.length - had} from the product description`);
    // Fewer than five when the seller's facts hold no more: a bullet is never padded with a stock line.
    if (values.length < bulletCount) short = `only ${values.length} bullets could be written from the product's facts`;
  }
  return {
    value: values,
    checks: [
      result("bullets.count", count, short),
      result("bullets.plain-text", format.length ? [`cleaned ${format.length} (Markdown, list markers or line breaks)`] : []),
      result("bullets.length", length),
      result("bullets.unique", duplicates.length ? [`removed duplicates ${duplicates.join(", ")}`] : []),
    ],
  };
}

/**
 * Backend search terms: lower-case words separated by single spaces (commas are not needed), none
 * already in the title, none repeated, no promotional words, within 249 bytes of UTF-8.
 */
export function enforceSearchTerms(input: unknown, context: RuleContext & { title?: string }): PartResult<string> {
  const lang = langOf(context);
  const raw = Array.isArray(input) ? input.filter((t) => typeof t === "string").join(" ") : typeof input === "string" ? input : "";
  const separators = /[,;|]/.test(raw) ? ["replaced commas with spaces"] : [];
  const titleWords = new Set(words(context.title ?? "").map((w) => lower(w, lang)));
  const inTitle: string[] = [];
  const repeated: string[] = [];
  const promotional: string[] = [];
  const kept: string[] = [];
  for (const word of lower(raw, lang).split(/[\s,;|]+/)) {
    const term = word.replace(/^[^\p{L}\p{N}]+|[^\p{L}\p{N}]+$/gu, "");
    if (!term) continue;
    if (PROMOTIONAL_WORDS.includes(term)) {
      promotional.push(term);
      continue;
    }
    if (isStopWord(term)) continue;
    if (titleWords.has(term)) {
      inTitle.push(term);
      continue;
    }
    if (kept.includes(term)) {
      repeated.push(term);
      continue;
    }
    kept.push(term);
  }
  const bytes: string[] = [];
  let value = kept.join(" ");
  const max = PLATFORM_LIMITS.amazon.searchTermsMaxBytes;
  if (byteLength(value) > max) {
    const before = byteLength(value);
    while (kept.length && byteLength(kept.join(" ")) > max) kept.pop();
    value = kept.join(" ");
    bytes.push(`cut from ${before} to ${byteLength(value)} bytes`);
  }
  const present: string[] = [];
  if (!value) {
    value = composeSearchTerms(composeInput(context), context.title);
    present.push("none usable; written from the product description and keywords");
  }
  return {
    value,
    checks: [
      result("search-terms.present", present),
      result("search-terms.separators", separators),
      result("search-terms.no-title-words", inTitle.length ? [`removed ${[...new Set(inTitle)].map(quote).join(", ")}: already in the title`] : []),
      result("search-terms.unique", repeated.length ? [`removed repeated ${[...new Set(repeated)].map(quote).join(", ")}`] : []),
      result("search-terms.no-promotional", promotional.length ? [`removed ${promotional.map(quote).join(", ")}`] : []),
      result("search-terms.bytes", bytes),
    ],
  };
}

// ---- eBay: item specifics ----------------------------------------------------------------------

const SPECIFIC_MAX = 65;
const SPECIFICS_MAX = 45;

/** Item specifics as name/value pairs (a list or an object), each at most 65 characters, names unique; none usable: read from the description. */
export function enforceItemSpecifics(input: unknown, context: RuleContext): PartResult<ItemSpecific[]> {
  const entries: [unknown, unknown][] = Array.isArray(input)
    ? input.map((e) => [(e as { name?: unknown })?.name, (e as { value?: unknown })?.value])
    : input && typeof input === "object"
      ? Object.entries(input as Record<string, unknown>)
      : [];
  const length: string[] = [];
  const duplicates: string[] = [];
  let dropped = 0;
  const values: ItemSpecific[] = [];
  for (const [rawName, rawValue] of entries) {
    const valueText = Array.isArray(rawValue) ? rawValue.filter((v) => typeof v === "string" || typeof v === "number").join(", ") : rawValue;
    if (typeof rawName !== "string" || (typeof valueText !== "string" && typeof valueText !== "number")) {
      dropped += 1;
      continue;
    }
    let name = plainText(rawName).replace(/\s+/g, " ").replace(/:$/, "").trim();
    let value = plainText(String(valueText)).replace(/\s+/g, " ").trim();
    if (!name || !value || /^(n\/?a|unknown|none|-)$/i.test(value)) {
      dropped += 1;
      continue;
    }
    if (name.length > SPECIFIC_MAX || value.length > SPECIFIC_MAX) {
      length.push(quote(`${name}: ${value}`));
      name = cutAtWord(name, SPECIFIC_MAX);
      value = cutAtWord(value, SPECIFIC_MAX);
    }
    if (values.some((v) => v.name.toLowerCase() === name.toLowerCase())) {
      duplicates.push(quote(name));
      continue;
    }
    values.push({ name, value });
  }
  const count: string[] = [];
  if (values.length > SPECIFICS_MAX) {
    count.push(`kept ${SPECIFICS_MAX} of ${values.length}`);
    values.length = SPECIFICS_MAX;
  }
  if (dropped) count.push(`dropped ${dropped} empty or unknown`);
  const present: string[] = [];
  if (values.length === 0) {
    values.push(...composeItemSpecifics(composeInput(context)));
    present.push(`none usable; read ${values.length} from the product description`);
  }
  return {
    value: values,
    checks: [
      result("item-specifics.present", present),
      result("item-specifics.count", count),
      result("item-specifics.length", length.length ? [`shortened ${length.join(", ")} to ${SPECIFIC_MAX} characters`] : []),
      result("item-specifics.unique", duplicates.length ? [`removed repeated names ${duplicates.join(", ")}`] : []),
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

/**
 * Every rule on every part the listing's marketplace has. Etsy: title, description, tags, alt texts.
 * eBay: title, description, item specifics (tags and alt texts are removed). Amazon: title, bullets,
 * description, search terms (without the title's words), alt texts (tags are removed).
 */
export function enforceListingRules(raw: ListingText, context: RuleContext): { listing: ListingText; report: RuleReport } {
  const formed = formRules(raw, context);
  if (!context.writer) return formed;
  // A writer's listing: every fact kept, no claim invented; then the form rules once more on what changed.
  const checked = keepFactsInventNone(formed.listing, composeInput(context));
  const again = formRules({ ...formed.listing, ...checked.listing } as ListingText, context);
  const repaired = new Set(formed.report.checks.filter((c) => c.status === "repaired").map((c) => c.rule));
  const merged = again.report.checks.map((c) => (repaired.has(c.rule) && c.status !== "repaired" ? formed.report.checks.find((f) => f.rule === c.rule)! : c));
  return { listing: again.listing, report: buildReport([...merged, ...checked.checks]) };
}

function formRules(raw: ListingText, context: RuleContext): { listing: ListingText; report: RuleReport } {
  const platform = platformOf(context);
  const title = enforceTitle(raw.title, context);
  const description = enforceDescription(raw.description, context);
  const tags = enforceTags(raw.tags, { ...context, title: title.value });
  if (platform === "etsy") {
    const altTexts = enforceAltTexts(raw.altTexts, context);
    return {
      listing: { title: title.value, description: description.value, tags: tags.value, altTexts: altTexts.value },
      report: buildReport([...title.checks, ...description.checks, ...tags.checks, ...altTexts.checks]),
    };
  }
  if (platform === "ebay") {
    const specifics = enforceItemSpecifics(raw.itemSpecifics, context);
    const alt = (raw.altTexts ?? []).filter((a) => typeof a === "string" && a.trim()).length;
    const altCheck = result("alt-texts.platform", alt ? [`removed ${alt} alt texts: eBay listings have none`] : []);
    return {
      listing: { title: title.value, description: description.value, tags: [], altTexts: [], bullets: [], searchTerms: "", itemSpecifics: specifics.value },
      report: buildReport([...title.checks, ...description.checks, ...tags.checks, ...specifics.checks, altCheck]),
    };
  }
  const bullets = enforceBullets(raw.bullets, context);
  // Tags a seller typed for an Amazon listing become search terms rather than being lost.
  const terms = enforceSearchTerms(raw.searchTerms || (raw.tags ?? []).join(" "), { ...context, title: title.value });
  const altTexts = enforceAltTexts(raw.altTexts, context);
  return {
    listing: { title: title.value, description: description.value, tags: [], altTexts: altTexts.value, bullets: bullets.value, searchTerms: terms.value, itemSpecifics: [] },
    report: buildReport([...title.checks, ...bullets.checks, ...description.checks, ...terms.checks, ...tags.checks, ...altTexts.checks]),
  };
}
