/**
 * The embedded composer: with no model configured it writes a real listing from the seller's product
 * description and selected keywords, by rules (phrase extraction, the title pattern, a template per
 * description section, 13 tags, one keyword per alt text). Deterministic: the same input gives the
 * same listing; `variant` picks the next template when one part is regenerated.
 */
import { LISTING_LIMITS } from "../../../schema/api/listings";
import { tagCandidates } from "../../domain/listings/tags";
import {
  capitalise,
  contentWords,
  detectCategory,
  extractPhrases,
  isDigitalProduct,
  plainText,
  productPhrase,
  restoreAcronyms,
  sentences,
  titleCase,
  words,
  type Category,
} from "../../domain/listings/phrases";
import type { LlmProvider, LlmRequest, LlmTask } from "./types";

export interface ComposeInput {
  description: string;
  keywords: string[];
  platform?: string;
  variant?: number;
}

const pick = <T>(list: readonly T[], variant = 0, offset = 0) => list[(offset + variant) % list.length];

/** Keywords as the seller selected them, cleaned, each once; a regeneration starts at the next one. */
function keywordList(input: ComposeInput): string[] {
  const seen = new Set<string>();
  const list: string[] = [];
  for (const k of input.keywords) {
    const clean = words(k).join(" ").replace(/’/g, "'");
    if (clean && !seen.has(clean.toLowerCase())) {
      seen.add(clean.toLowerCase());
      list.push(clean);
    }
  }
  const shift = list.length ? (input.variant ?? 0) % list.length : 0;
  return [...list.slice(shift), ...list.slice(0, shift)];
}

function product(input: ComposeInput, maxWords = 5): string {
  return productPhrase(input.description, maxWords).replace(/’/g, "'") || "handmade item";
}

const CATEGORY_TITLE_TAIL: Record<Category, string[]> = {
  jewelry: ["Handmade Jewelry Gift", "Everyday Jewelry", "Jewelry Gift Idea"],
  clothing: ["Handmade Clothing", "Comfortable Everyday Wear", "Clothing Gift Idea"],
  decor: ["Home Decor Gift", "Handmade Home Decor", "Housewarming Gift"],
  art: ["Wall Art Gift", "Original Wall Art", "Art Print Gift"],
  crafts: ["Handmade Craft Gift", "Craft Lover Gift", "Creative Gift Idea"],
  accessories: ["Everyday Accessory", "Handmade Accessory", "Accessory Gift Idea"],
  digital: ["Instant Download", "Digital Download", "Printable Download"],
};

/**
 * The title pattern: the product as the seller named it first (the part a phone shows), then " - "
 * and the selected keywords, the description's own phrases and a category phrase, comma-separated,
 * while it stays within 130 characters. No word is repeated.
 */
export function composeTitle(input: ComposeInput): string {
  const head = titleCase(product(input, 6));
  const used = new Set(words(head).map((w) => w.toLowerCase()));
  const category = detectCategory(input.description) ?? "crafts";
  const segments: string[] = [];
  const consider = (phrase: string) => {
    const ws = words(phrase).map((w) => w.toLowerCase());
    if (ws.length === 0 || ws.every((w) => used.has(w))) return;
    ws.forEach((w) => used.add(w));
    segments.push(titleCase(phrase));
  };
  for (const k of keywordList(input)) consider(k);
  for (const p of extractPhrases(input.description)) consider(p);
  consider(pick(CATEGORY_TITLE_TAIL[category], input.variant));

  let title = head;
  for (const [i, segment] of segments.entries()) {
    const next = `${title}${i === 0 ? " - " : ", "}${segment}`;
    if (next.length > LISTING_LIMITS.titleMax) continue;
    title = next;
  }
  return restoreAcronyms(title, `${input.description} ${input.keywords.join(" ")}`);
}

const INTROS: Record<Category | "any", string[]> = {
  jewelry: [
    "Meet your new favourite {product}, a piece made to be worn every day and noticed every time.",
    "This {product} is made by hand to add a quiet, personal touch to any outfit.",
  ],
  clothing: [
    "Meet the {product}, made for comfort and made to be worn again and again.",
    "This {product} brings handmade quality to your everyday wardrobe.",
  ],
  decor: [
    "Bring warmth to your space with this {product}, made to make a room feel like home.",
    "This {product} adds a handmade finishing touch to any room.",
  ],
  art: [
    "Give your walls a story with this {product}, made to be looked at every day.",
    "This {product} brings colour and character to any wall.",
  ],
  crafts: [
    "Meet the {product}, made with care for makers and the people they make for.",
    "This {product} is crafted by hand, one piece at a time.",
  ],
  accessories: [
    "Meet the {product}, the everyday accessory that is made to last.",
    "This {product} is made by hand to carry you through every day in style.",
  ],
  digital: [
    "Get started right away with this {product}, ready the moment your order is confirmed.",
    "This {product} is a digital file you can use again and again.",
  ],
  any: ["Meet the {product}, made with care and attention to detail."],
};

const BENEFITS: Record<Category, string[]> = {
  jewelry: ["Easy to wear every day and to layer with pieces you already love", "A thoughtful gift for birthdays, anniversaries and just because", "Made by hand, so yours has its own small character"],
  clothing: ["Comfortable enough for every day, special enough for occasions", "Easy to style with what is already in your wardrobe", "Made by hand with attention to fit and finish"],
  decor: ["Adds warmth and personality to any room", "Easy to place on a shelf, table or wall", "A welcome housewarming or holiday gift"],
  art: ["Brings colour and character to a bare wall", "Fits living rooms, bedrooms, offices and nurseries", "A meaningful gift for an art lover"],
  crafts: ["Made by hand with care, one piece at a time", "A thoughtful gift for makers and collectors", "Brings a handmade touch to everyday life"],
  accessories: ["Practical for everyday use", "Pairs easily with the outfits you already own", "A useful gift that gets used every day"],
  digital: ["Start right away: no waiting for shipping", "Use it again and again for your own projects", "Clear, easy-to-follow files"],
};

const CALLS_TO_ACTION = [
  "Add the {product} to your cart today and make it yours.",
  "Order your {product} today, for yourself or as a gift.",
  "Add it to your cart now and treat yourself or someone you love.",
];

export const DIGITAL_DISCLAIMER = "**Please note:** This is a digital product. No physical item will be shipped. Your files are ready to download once your payment is confirmed.";

const MATERIALS = ["sterling silver", "silver", "gold", "rose gold", "gold filled", "brass", "copper", "stainless steel", "cotton", "organic cotton", "linen", "wool", "merino", "silk", "leather", "vegan leather", "wood", "oak", "walnut", "ceramic", "porcelain", "clay", "glass", "resin", "soy wax", "beeswax", "bamboo", "paper", "canvas", "velvet", "denim", "pearl", "pearls", "gemstone", "crystal", "yarn", "acrylic"];

function materialsOf(text: string): string[] {
  const lower = ` ${plainText(text).toLowerCase()} `;
  const found: string[] = [];
  for (const m of MATERIALS) {
    if (new RegExp(`[^\\p{L}]${m}[^\\p{L}]`, "u").test(lower) && !found.some((f) => f.includes(m))) found.push(m);
  }
  return found.slice(0, 3);
}

const withStop = (s: string) => (/[.!?]$/.test(s) ? s : `${s}.`);
const fill = (template: string, productName: string) => template.replace(/\{product\}/g, productName);

/** The intro paragraph: a template for the product's category, then the seller's own first sentence. */
export function composeIntro(input: ComposeInput): string {
  const category = detectCategory(input.description);
  const own = sentences(input.description).map((s) => capitalise(s));
  const name = product(input).toLowerCase();
  return [fill(pick(INTROS[category ?? "any"], input.variant ?? 0), name), own[0] ? withStop(own[0]) : ""].filter(Boolean).join(" ");
}

/** Features (the seller's other sentences, materials, phrases, keywords) and benefits, as markdown sections. */
export function composeBody(input: ComposeInput): string {
  const category = detectCategory(input.description);
  const own = sentences(input.description).map((s) => capitalise(s));
  const features = own.slice(1, 7).map((s) => s.replace(/[.!?]+$/, ""));
  const materials = materialsOf(input.description);
  if (materials.length) features.push(`Made from ${materials.join(", ")}`);
  const named = new Set(words(product(input)).map((w) => w.toLowerCase()));
  for (const phrase of extractPhrases(input.description)) {
    if (features.length >= 4) break;
    if (words(phrase).every((w) => named.has(w))) continue;
    if (!features.some((f) => f.toLowerCase().includes(phrase))) features.push(restoreAcronyms(capitalise(phrase), input.description));
  }
  const keywords = keywordList(input);
  if (keywords.length) features.push(`Great for: ${keywords.slice(0, 5).map((k) => k.toLowerCase()).join(", ")}`);
  if (features.length === 0) features.push(`${capitalise(product(input))}, made with care`);
  const benefits = BENEFITS[category ?? "crafts"];
  return ["**Features**", features.map((f) => `- ${f}`).join("\n"), "**Why you'll love it**", benefits.map((b) => `- ${b}`).join("\n")].join("\n\n");
}

/** Description in markdown: intro, features, benefits, a digital disclaimer only for digital products, a call to action. No FAQ. */
export function composeDescription(input: ComposeInput): string {
  const sections = [composeIntro(input), composeBody(input)];
  if (isDigitalProduct(input.description, input.keywords)) sections.push(DIGITAL_DISCLAIMER);
  sections.push(fill(pick(CALLS_TO_ACTION, input.variant ?? 0), product(input).toLowerCase()));
  return sections.join("\n\n");
}

/** 13 clean, unique, multi-word tags from the keywords and the description's own phrases. */
export function composeTags(input: ComposeInput): string[] {
  const title = composeTitle(input);
  const candidates = tagCandidates({ productDescription: input.description, keywords: keywordList(input), title });
  return candidates.slice(0, LISTING_LIMITS.tagCount);
}

const VIEWS = [
  "Front view of the {product}",
  "Close-up of the {product} showing its details",
  "The {product} styled in everyday use",
  "The {product} shown to scale",
  "The {product} ready to give as a gift",
];
const DIGITAL_VIEWS = [
  "Preview of the {product}",
  "Sample page from the {product}",
  "The {product} shown on a tablet screen",
  "Close-up of the {product} details",
  "Overview of what comes with the {product}",
];

/** Five alt texts, one view each, each naming one keyword (SPEC: one keyword per image). */
export function composeAltTexts(input: ComposeInput): string[] {
  const digital = isDigitalProduct(input.description, input.keywords);
  const name = product(input).toLowerCase();
  const nameWords = new Set(words(name).map((w) => w.toLowerCase()));
  const extras = [
    ...keywordList(input).map((k) => k.toLowerCase()),
    ...extractPhrases(input.description).filter((p) => !words(p).every((w) => nameWords.has(w))),
    ...contentWords(input.description).filter((w) => !nameWords.has(w)),
  ];
  const views = digital ? DIGITAL_VIEWS : VIEWS;
  const out: string[] = [];
  const seen = new Set<string>();
  for (let i = 0; i < views.length; i++) {
    const view = fill(views[(i + (input.variant ?? 0)) % views.length], name);
    const keyword = extras[i];
    const text = cutAtWord(restoreAcronyms(keyword ? `${capitalise(view)}, ${keyword}` : capitalise(view), input.description), LISTING_LIMITS.altTextMax);
    if (!seen.has(text.toLowerCase())) {
      seen.add(text.toLowerCase());
      out.push(text);
    }
  }
  return out;
}

/** The alt texts in the shape a model is asked for: bold 'Image N:' markers. */
export function formatAltTexts(list: string[]): string {
  return list.map((text, i) => `**Image ${i + 1}:** ${text}`).join("\n");
}

export function cutAtWord(text: string, max: number): string {
  if (text.length <= max) return text;
  const cut = text.slice(0, max + 1);
  const space = cut.lastIndexOf(" ");
  return (space > max / 2 ? cut.slice(0, space) : text.slice(0, max)).replace(/[\s,;:\-–]+$/, "");
}

/** For a raw /api/ai call: what the prompt asks for, read from its words. */
export function inferTask(system: string, prompt: string): LlmTask {
  const text = `${system}\n${prompt}`.toLowerCase();
  if (/\balt[\s-]?texts?\b/.test(text)) return "alt-text";
  if (/\btags\b/.test(text)) return "tags";
  if (/\btitle\b/.test(text)) return "title";
  if (/\bdescription\b/.test(text)) return "description";
  return "generic";
}

/** For a raw /api/ai call: the product description and keywords inside a filled prompt template. */
export function readPrompt(prompt: string): { description: string; keywords: string[] } {
  let keywords: string[] = [];
  const lines: string[] = [];
  for (const line of prompt.split(/\r?\n/)) {
    const match = /^\s*(?:selected\s+)?keywords?\s*[:\-]\s*(.*)$/i.exec(line);
    if (match) keywords = match[1].split(/[,;]/).map((k) => k.trim()).filter(Boolean);
    else lines.push(line);
  }
  let description = lines.join("\n");
  const labelled = /product description\s*[:\-]\s*([\s\S]*)/i.exec(description);
  if (labelled && labelled[1].trim()) description = labelled[1];
  return { description: description.trim(), keywords };
}

/** The offline composer as an LLM provider: it answers each task in the same shape a model is asked for. */
export function offlineComposer(): LlmProvider {
  return {
    name: "offline-composer",
    label: "Offline composer (built in)",
    offline: true,
    async complete(request: LlmRequest) {
      const task = request.task && request.task !== "generic" ? request.task : inferTask(request.system, request.prompt);
      const fromPrompt = request.context?.description ? undefined : readPrompt(request.prompt);
      const input: ComposeInput = {
        description: request.context?.description ?? fromPrompt?.description ?? request.prompt,
        keywords: request.context?.keywords ?? fromPrompt?.keywords ?? [],
        platform: request.context?.platform,
        variant: request.context?.variant,
      };
      switch (task) {
        case "title":
          return composeTitle(input);
        case "tags":
          return JSON.stringify(composeTags(input));
        case "alt-text":
          return formatAltTexts(composeAltTexts(input));
        case "optimize-pattern":
          return tidyText(request.context?.pattern ?? request.prompt);
        case "format-pattern":
          return tidyText(request.context?.pattern ?? request.prompt);
        default:
          return composeDescription(input);
      }
    },
  };
}

/** Offline pattern handling: the text with its whitespace and blank lines made regular. */
function tidyText(text: string): string {
  return text
    .split(/\r?\n/)
    .map((line) => line.replace(/[ \t]+/g, " ").trimEnd())
    .join("\n")
    .replace(/\n{3,}/g, "\n\n")
    .trim();
}

