/**
 * The optimizer of My Shop: one imported listing in, at most one proposal out (decision 0021).
 *
 * It starts from the listing's own facts (its description, title, tags, materials and variations; the
 * price is not text). The listing writer (the configured LLM provider; the offline composer by default)
 * writes Etsy's parts from them, care and shipping lines left out (they stay word for word). Every
 * combination of the seller's or the writer's title, description and tags goes through the rule
 * enforcer and then the Listing Doctor's one-click fixes until none is left; the combination of the
 * seller's own parts is the "Doctor fixes only" candidate. Alt texts: one per photo.
 * A writer's text never adds a fact the listing did not state: a material or a measure that is not in
 * the facts drops the tag or the whole candidate, and a description sentence whose words are mostly
 * not the seller's is left out. What a seller would not paste (a stuttering title, "Shake Out Dust" as
 * a title part, a tag across a title's separators) is filtered too. The candidate that scores highest
 * wins (on a tie, the one that rewrites fewer parts); a thin listing (a title of three words or fewer,
 * or a description under 20 words) also gets a complete title and description from its own facts, and
 * within THIN_TIE points of the best score the candidate that rewrites most parts wins. When none
 * scores above the original, there is no proposal.
 */
import type { Listing } from "../../../schema/db";
import type { ShopVariation } from "../../../schema/api/shop";
import { AUDIT_THRESHOLDS, auditListing, auditScore, applyFix, type AuditInput, type Grade } from "../../../shared/audit";
import { hasPhrase, visiblePrefix } from "../../../shared/audit/text";
import { auditInputOf } from "../audit/saved";
import { enforceListingRules, type ListingText } from "../listings/enforce-rules";
import { generateListingParts, generatePart, type GenerationInput } from "../listings/generate";
import {
  capitalise,
  describesProduct,
  detectLanguage,
  isKindWord,
  isThemeWord,
  nounCategory,
  singularNoun,
  titleCase,
  type Lang,
  isMostlyUpper,
  isStopWord,
  plainText,
  tameShouting,
  tameShoutingText,
  weaveLeadPhrase,
  words,
} from "../../../shared/listings/phrases";
import { LISTING_LIMITS, PLATFORM_LIMITS } from "../../../schema/api/listings";
import type { LlmProvider } from "../../providers/llm/types";
import { TEMPLATE_WORDS, asWritten, titleFacts } from "../../providers/llm/offline-composer";
import { applyFactCorrections, extractFacts, keptFacts, statesFact, unsupportedClaims, type FactSheet } from "../../../shared/facts";

/** The parts of a listing the optimizer reads. */
export type ShopListingSource = Pick<Listing, "title" | "description" | "tags" | "altTexts" | "platform" | "ruleReport" | "photoCount"> & {
  materials?: unknown;
  variations?: unknown;
  /** The seller's corrected "Facts we used" (issue 24): the writer works from them and the proposal is checked against them. */
  factCorrections?: Listing["factCorrections"];
};

interface ShopText {
  title: string;
  description: string;
  tags: string[];
  altTexts: string[];
}

type CandidateKind = "fixes" | "hybrid" | "writer";

export interface OptimizeOutcome {
  scoreBefore: number;
  gradeBefore: Grade;
  scoreAfter: number;
  gradeAfter: Grade;
  /** The proposal to store, or null when nothing scores above the original ("already as good as we can make it"). */
  proposal: (ShopText & { kind: CandidateKind; provider: string }) | null;
  /** Every candidate tried, with its score (for logs and tests). */
  candidates: { kind: CandidateKind; score: number; rejected?: string }[];
}

const strings = (value: unknown): string[] => (Array.isArray(value) ? value.filter((v): v is string => typeof v === "string") : []);
const variationsOf = (value: unknown): ShopVariation[] =>
  Array.isArray(value)
    ? value.filter((v): v is ShopVariation => !!v && typeof v === "object" && typeof (v as ShopVariation).type === "string").map((v) => ({ type: v.type, values: strings(v.values) }))
    : [];

/** Alt texts Etsy takes: one per photo, as many as Etsy's photos (a CSV import has at most 10: IMAGE1..IMAGE10). */
const ALT_TEXTS_MAX = PLATFORM_LIMITS.etsy.photosMax;

/** The audit input of a shop listing with these parts: the same as the shop's own score (photo rules included). */
export function shopAuditInput(row: ShopListingSource, text: ShopText): AuditInput {
  return { ...auditInputOf({ ...row, ...text }), photoCount: row.photoCount ?? null };
}

export function scoreShopText(row: ShopListingSource, text: ShopText): { score: number; grade: Grade } {
  return auditScore(shopAuditInput(row, text));
}

const textOf = (row: ShopListingSource): ShopText => ({ title: row.title, description: row.description, tags: strings(row.tags), altTexts: strings(row.altTexts) });

// ---- The facts -----------------------------------------------------------------------------------

/** Everything the listing states, as one text: what the writer is given and what its output is checked against. */
export function factsOf(row: ShopListingSource): string {
  const description = plainText(row.description).trim();
  const materials = strings(row.materials)
    .map((m) => m.trim())
    .filter(Boolean);
  const variations = variationsOf(row.variations).filter((v) => v.type.trim() && v.values.length);
  const lines = [description || row.title.trim()];
  if (materials.length) lines.push(`Materials: ${materials.join(", ")}.`);
  for (const v of variations) lines.push(`${v.type.trim()} options: ${v.values.join(", ")}.`);
  return lines.join("\n\n");
}

/** Everything the listing states, including its title and tags: what the output may draw from. */
function groundOf(row: ShopListingSource): string {
  return [row.title, factsOf(row), strings(row.tags).join(", ")].join("\n").toLowerCase();
}

/** The phrases the listing is meant to be found for: the seller's own tags, phrases first, then the title's parts. */
function keywordsOf(row: ShopListingSource): string[] {
  const tags = strings(row.tags)
    .map((t) => t.replace(/\s+/g, " ").trim())
    .filter(Boolean);
  const segments = row.title
    .split(/\s[-–—|]\s|[,;:|()/]/)
    .map((s) => s.replace(/\s+/g, " ").trim())
    .filter((s) => s && s.length <= LISTING_LIMITS.tagMax && words(s).length >= 2);
  const seen = new Set<string>();
  const out: string[] = [];
  // When the description does not name the product ("Adjustable."), the title's name of it ("Brass Ring", a one-word
  // "Ring") is read first: the writer takes the product's name from it, never from a family tag ("brass jewelry").
  const lang = detectLanguage(row.title);
  const name = (row.title.split(/\s[-–—|]\s|[,;:|()/]/)[0] ?? "").replace(/\s+/g, " ").trim();
  const nouns = words(name).filter((w) => nounCategory(w.toLocaleLowerCase(lang), lang) || nounCategory(singularNoun(w.toLocaleLowerCase(lang), lang), lang));
  const said = new Set(words(plainText(row.description)).map((w) => singularNoun(w.toLocaleLowerCase(lang), lang)));
  const unsaid = nouns.length > 0 && !nouns.some((n) => said.has(singularNoun(n.toLocaleLowerCase(lang), lang)));
  const lead = unsaid && name.length <= LISTING_LIMITS.tagMax ? [name] : [];
  for (const phrase of [...lead, ...tags.filter((t) => words(t).length >= 2), ...segments, ...tags.filter((t) => words(t).length < 2)]) {
    const key = phrase.toLowerCase();
    if (!seen.has(key)) {
      seen.add(key);
      out.push(phrase);
    }
  }
  return out.slice(0, 6);
}

// ---- Invented facts ------------------------------------------------------------------------------

/** Materials a listing can claim: naming one that the listing never stated is inventing a fact. */
const MATERIALS =
  /\b(cotton|wool|merino|cashmere|alpaca|mohair|linen|silk|leather|suede|sterling silver|silver|gold|rose gold|gold filled|brass|copper|bronze|steel|stainless steel|titanium|platinum|wood|wooden|oak|walnut|maple|pine|bamboo|ceramic|porcelain|stoneware|clay|glass|resin|epoxy|paper|cardstock|canvas|polyester|acrylic|nylon|beeswax|soy|coconut wax|stone|pearls?|gemstones?|crystals?|quartz|amethyst|jade|turquoise|opal|diamonds?|yarn|felt|denim|velvet|plastic|vinyl|cork|rattan|jute|hemp|marble|concrete|organic|recycled|vegan|hypoallergenic|nickel[- ]free|lead[- ]free|waterproof|14k|18k|10k|925|scented|unscented|beginner|personali[sz]ed|engraved)\b/gi;
const MEASURE = /(?<!\d)(\d+(?:[.,]\d+)?)\s*(cm|mm|m|in|inch|inches|"|″|ft|feet|oz|ml|l|litres?|liters?|g|grams?|kg|lbs?|x\s*\d+(?:[.,]\d+)?)(?![\p{L}])/giu;

const normalMeasure = (m: string) =>
  m
    .toLowerCase()
    .replace(/\s+/g, "")
    .replace(/inches|inch|″|"/g, "in")
    .replace(/,/g, ".");

/** The materials and measures `text` names that `ground` (everything the listing states) does not. */
export function inventedFacts(text: string, ground: string): string[] {
  const lower = text.toLowerCase();
  const out = new Set<string>();
  for (const match of lower.matchAll(MATERIALS)) {
    const word = match[0].replace(/s$/, "");
    if (!ground.includes(word)) out.add(match[0]);
  }
  const groundMeasures = new Set([...ground.matchAll(MEASURE)].map((m) => normalMeasure(m[0])));
  for (const match of lower.matchAll(MEASURE)) if (!groundMeasures.has(normalMeasure(match[0]))) out.add(match[0].trim());
  return [...out];
}

const stem = (w: string) => w.toLowerCase().replace(/’/g, "'").slice(0, 5);

/** The writer's stock lines: claims about a product the seller never made ("made with care, down to the last detail"). */
const STOCK_CLAIMS =
  /made to be used and loved|loved every day|made with care|down to the last detail|made to become a favou?rite|meet your new favou?rite|you'?ll love|perfect for everyone|one of a kind|high[- ]quality|best quality|premium quality|favoriniz ol|ile tanışın|kullanılıp sevilmek|ayrıntısına kadar özenle/i;

/**
 * The writer's description without what the seller did not say: a sentence or bullet whose content
 * words are mostly not the listing's own ("Light enough to forget you are wearing it") is left out, and
 * a heading left with nothing under it goes too.
 */
export function groundedDescription(description: string, ground: string): string {
  const groundStems = new Set(
    words(ground)
      .filter((w) => w.length >= 3 && !isStopWord(w))
      .map(stem),
  );
  const grounded = (sentence: string) => {
    if (STOCK_CLAIMS.test(sentence)) return false;
    const content = words(sentence).filter((w) => w.length >= 3 && !isStopWord(w));
    if (!content.length) return true;
    const known = content.filter((w) => groundStems.has(stem(w))).length;
    return known / content.length > 0.5;
  };
  const blocks = description.split(/\n\s*\n/);
  const kept: string[] = [];
  for (const block of blocks) {
    const lines = block.split("\n");
    const out: string[] = [];
    for (const line of lines) {
      const trimmed = line.trim();
      if (!trimmed) continue;
      const bullet = /^[•\-*]\s/.test(trimmed);
      const heading = !bullet && lines.length > 1 && line === lines[0] && !/[.!?]$/.test(trimmed) && trimmed.length <= 40;
      if (heading) {
        out.push(trimmed);
        continue;
      }
      if (bullet) {
        // A fact line's label ("• Brand: Pyrex", "• Era: 1962") claims nothing: its value is what must be the listing's.
        if (grounded(trimmed.replace(/^[•\-*]\s+[\p{L} ]{2,24}:\s/u, ""))) out.push(trimmed);
        continue;
      }
      const sentences = trimmed.match(/(?:[^.!?]|\.(?=\d))+[.!?]*(?:\s+|$)/g) ?? [trimmed];
      const keep = sentences.filter(grounded).join("").trim();
      if (keep) out.push(keep);
    }
    const headingOnly = out.length === 1 && lines.length > 1 && out[0] === lines[0].trim();
    if (out.length && !headingOnly) kept.push(out.join("\n"));
  }
  return kept.join("\n\n");
}

// ---- The Doctor's fixes --------------------------------------------------------------------------

/** Applies the Doctor's one-click fixes, best first, until no fix is left (or the score would not rise). */
function doctorFixes(row: ShopListingSource, start: ShopText, maxSteps = 25): ShopText {
  let text = start;
  const seen = new Set<string>([JSON.stringify(text)]);
  for (let step = 0; step < maxSteps; step++) {
    const input = shopAuditInput(row, text);
    const report = auditListing(input);
    let next: ShopText | undefined;
    for (const finding of report.findings) {
      if (!finding.fix) continue;
      const fixed = applyFix(input, finding.fix);
      const candidate: ShopText = { title: fixed.title, description: fixed.description, tags: fixed.tags ?? [], altTexts: fixed.altTexts ?? [] };
      const key = JSON.stringify(candidate);
      if (seen.has(key)) continue;
      if (scoreShopText(row, candidate).score < report.score) continue;
      // "Start the title with the main phrase" on a title that already names it in other words makes it stutter.
      if (repeatedWords(candidate.title) > repeatedWords(text.title)) continue;
      seen.add(key);
      next = candidate;
      break;
    }
    if (!next) break;
    text = next;
  }
  return text;
}

// ---- Alt texts -----------------------------------------------------------------------------------

/** How many alt texts the listing should have: one per photo (Etsy's photo limit at most); 5 when the photo count is unknown. */
function altTextTarget(row: ShopListingSource): number {
  const photos = row.photoCount;
  if (photos === null || photos === undefined) return 5;
  return Math.max(0, Math.min(ALT_TEXTS_MAX, photos));
}

/**
 * Alt texts for the photos the writer had no view for: the product as the title names it, which photo,
 * and one of the listing's search phrases. Plain about what is not known (what each photo shows).
 */
function fillAltTexts(alts: string[], row: ShopListingSource, tags: string[], target: number): string[] {
  if (alts.length >= target) return alts;
  const head = (row.title.split(/\s[-–—|]\s|[,;:|()]/)[0] ?? row.title).replace(/\s+/g, " ").trim();
  const name = head ? head.charAt(0).toUpperCase() + head.slice(1).toLowerCase() : "Product photo";
  const used = new Set(
    alts
      .join("\n")
      .toLowerCase()
      .match(/[^,\n]+/g)
      ?.map((t) => t.trim()) ?? [],
  );
  const phrases = tags.filter((t) => !used.has(t.toLowerCase()));
  const out = [...alts];
  for (let n = alts.length + 1; out.length < target; n++) {
    const phrase = phrases[n - alts.length - 1];
    out.push(cutAt(`${name}, photo ${n} of ${target}${phrase ? `, ${phrase}` : ""}`, LISTING_LIMITS.altTextMax));
  }
  return out;
}

const cutAt = (text: string, max: number) => (text.length <= max ? text : text.slice(0, text.lastIndexOf(" ", max)).trim());

/** The seller's alt texts first, then the writer's, each once, up to the target. */
function mergeAltTexts(own: string[], written: string[], target: number): string[] {
  const out: string[] = [];
  const seen = new Set<string>();
  for (const text of [...own, ...written]) {
    const clean = text.replace(/\s+/g, " ").trim();
    if (!clean || seen.has(clean.toLowerCase())) continue;
    seen.add(clean.toLowerCase());
    out.push(clean);
    if (out.length >= Math.max(target, own.length)) break;
  }
  return out;
}

// ---- Claims and facts (issue 24) -----------------------------------------------------------------

/** The listing's fact sheet, from everything it states (title, description, materials, options, tags). */
function sheetOf(row: ShopListingSource): FactSheet {
  return extractFacts({ text: factsOf(row), title: row.title, tags: strings(row.tags), platform: "etsy" });
}

/** A proposal part claims nothing the listing does not state (the seller's own words are theirs to keep). */
const claimsNothing = (text: string, facts: FactSheet, ground: string) => unsupportedClaims(text, facts, ground).length === 0;

/**
 * The candidate without what it may not say: a tag, an alt-text phrase or a description sentence with an
 * unsupported claim goes (tags are refilled from the pool of clean phrases).
 */
function withoutClaims(text: ShopText, facts: FactSheet, ground: string, pool: string[]): ShopText {
  const tags = text.tags.filter((t) => claimsNothing(t, facts, ground));
  for (const t of pool) {
    if (tags.length >= PLATFORM_LIMITS.etsy.tagCount) break;
    if (!tags.some((x) => x.toLowerCase() === t.toLowerCase()) && claimsNothing(t, facts, ground)) tags.push(t);
  }
  const altTexts = text.altTexts.map((a) =>
    claimsNothing(a, facts, ground)
      ? a
      : a
          .split(/,\s*/)
          .filter((p) => claimsNothing(p, facts, ground))
          .join(", "),
  );
  const description = claimsNothing(text.description, facts, ground)
    ? text.description
    : text.description
        .split("\n")
        .map((line) =>
          claimsNothing(line, facts, ground)
            ? line
            : (line.match(/(?:[^.!?]|\.(?=\d))+[.!?]*/g) ?? [])
                .filter((x) => claimsNothing(x, facts, ground))
                .join("")
                .trim(),
        )
        .filter((line, i, all) => line.trim() || (i > 0 && all[i - 1].trim()))
        .join("\n");
  return { ...text, tags, altTexts: altTexts.filter((a) => a.trim()), description };
}

/** The facts the seller's title states that a candidate title drops (a size, the brand, "Personalized Initials"). */
function titleFactsDropped(original: string, candidate: string, facts: FactSheet): string[] {
  // A title says "Sterling Silver" for "925 sterling silver": materials are compared by their last two words.
  const short = { ...facts, materials: facts.materials.map((m) => ({ name: m.name.split(" ").slice(-2).join(" ") })) };
  const had = keptFacts(original, short).kept;
  const now = keptFacts(candidate, short).kept;
  const lost = had.filter((f) => !now.some((n) => n.kind === f.kind && n.value === f.value)).map((f) => f.value);
  // Personalisation said in the title stays in the title.
  if (/personali[sz]ed|custom|initials?|monogram|engraved|kişiye özel|isimli/iu.test(original) && !/personali[sz]ed|custom|initials?|monogram|engraved|kişiye özel|isimli/iu.test(candidate))
    lost.push("personalisation");
  return lost;
}

/**
 * The facts a seller expects in an Etsy title when the listing states them (decision 0063): what the
 * item fits, a vintage item's era, and every size of a set. A proposal whose title lacks one ranks
 * below one that carries it.
 */
function titleMustFacts(facts: FactSheet): { kind: "fits" | "era" | "measure"; value: string }[] {
  const sizes = facts.measures.filter((m) => !/%/.test(m));
  return [
    ...(facts.fits ?? []).map((value) => ({ kind: "fits" as const, value })),
    ...(facts.vintage ? facts.era.filter((e) => !/^(?:vintage|antique|antika|retro)$/iu.test(e)).map((value) => ({ kind: "era" as const, value })) : []),
    ...(sizes.filter((m) => /x/i.test(m)).length > 1 ? sizes.map((value) => ({ kind: "measure" as const, value })) : []),
  ];
}

const titleMissing = (title: string, facts: FactSheet) => titleMustFacts(facts).filter((f) => !statesFact(title, f)).length;

/** The seller's tags that name the product or one of its facts: a proposal keeps them. */
function relevantOwnTags(own: string[], facts: FactSheet, title: string): string[] {
  const known = new Set(
    words(`${title} ${facts.product} ${facts.head} ${facts.materials.map((m) => m.name).join(" ")} ${facts.colours.join(" ")} ${facts.brand ?? ""}`)
      .map((w) => w.toLowerCase().replace(/s$/, ""))
      .filter((w) => w.length >= 3 && !isStopWord(w)),
  );
  return own.filter((t) => words(t).some((w) => known.has(w.toLowerCase().replace(/s$/, ""))));
}

// ---- The optimizer -------------------------------------------------------------------------------

/** Words of care, shipping and option lines: a tag or title built on them is not a search ("avoid water", "dry flat"); "cast iron" is a material, not ironing. */
const NOT_A_SEARCH =
  /\b(avoid|wash|washing|dry|store|stored|ship|ships|shipping|shipped|dispatch|allow|please|burns?|measures?|options?|pouch|gift box|business days?|processing|returns?|refunds?|wipe|(?<!cast |wrought )iron)\b/i;
/** How many words a title names more than once. */
function repeatedWords(title: string): number {
  const counts = new Map<string, number>();
  for (const w of words(title)) {
    if (w.length < 3 || isStopWord(w)) continue;
    const key = w.toLowerCase().replace(/(?<!s)s$/, "");
    counts.set(key, (counts.get(key) ?? 0) + 1);
  }
  return [...counts.values()].filter((c) => c >= 2).length;
}

/** A phrase that names one word twice ("candle candles") is no search and no title. */
function repeatsAWord(phrase: string, times = 2): boolean {
  const counts = new Map<string, number>();
  for (const w of words(phrase)) {
    if (w.length < 3 || isStopWord(w)) continue;
    const key = w.toLowerCase().replace(/(?<!s)s$/, "");
    counts.set(key, (counts.get(key) ?? 0) + 1);
  }
  return [...counts.values()].some((c) => c >= times);
}

/**
 * Every part of a written title after the first names a thing: it ends with the last word of one of the
 * listing's tags ("... Housewarming Gift"), or names a material or a measure ("100% Merino Wool"). A part
 * like "Winter Evening Needs" (a fragment of the seller's prose) is not a title's.
 */
function namesThings(title: string, tags: string[]): boolean {
  const heads = new Set(tags.filter((t) => words(t).length >= 2).map((t) => words(t).pop()?.toLowerCase() ?? ""));
  const parts = title
    .split(/\s[-–—|]\s|[,;:|()]/)
    .map((p) => p.trim())
    .filter(Boolean);
  return parts.slice(1).every((part) => {
    const last = words(part).pop()?.toLowerCase() ?? "";
    return heads.has(last) || heads.has(last.replace(/s$/, "")) || new RegExp(MATERIALS.source, "i").test(part) || /\d/.test(part);
  });
}

/** Measures the seller did not put in their own title or tags: the writer may not (a cord's 5 mm is not the wall hanging's size). */
function newMeasures(text: string, row: ShopListingSource): string[] {
  return inventedFacts(text, `${row.title}\n${strings(row.tags).join("\n")}`.toLowerCase()).filter((f) => /\d/.test(f));
}

/** "100 merino wool" (a share whose "%" a tag cannot carry): no search. A measure ("8 oz candle") is one. */
const bareNumberTag = (tag: string) => /^\d+\s+\p{L}{3,}/u.test(tag.trim()) && !/^\d+\s*(?:oz|ml|cm|mm|in|inch|inches|g|kg|lb|lbs|pcs|pack|piece|pieces|set)\b/i.test(tag.trim());

/**
 * A title part that names one of several options ("Blush Pink" of four colours) says the product is
 * only that: the part goes.
 */
function withoutOptionParts(title: string, row: ShopListingSource): string {
  const options = new Set(
    variationsOf(row.variations)
      .filter((v) => v.values.length >= 2)
      .flatMap((v) => v.values.map((x) => x.trim().toLowerCase())),
  );
  if (!options.size) return title;
  const parts = title.split(/(\s[-–—|]\s|,\s*)/);
  const out: string[] = [];
  for (let i = 0; i < parts.length; i += 2) {
    const part = parts[i].trim();
    if (i > 0 && options.has(part.toLowerCase())) continue;
    if (out.length) out.push(parts[i - 1]);
    out.push(parts[i]);
  }
  return out.join("").trim();
}

const isSearchPhrase = (phrase: string) => !NOT_A_SEARCH.test(phrase) && !/\b(length|colou?r|size|style|type)$/i.test(phrase.trim());

const POLICY_PARAGRAPH = /^(care|shipping|delivery|returns?|refunds?|processing|production|please|note|payment|policies|policy|exchanges?)\b/i;
const paragraphsOf = (text: string) =>
  plainText(text)
    .split(/\n\s*\n/)
    .map((p) => p.trim())
    .filter(Boolean);

/** The seller's care, shipping and policy paragraphs, kept word for word under a rewritten description. */
function policyParagraphsOf(row: ShopListingSource): string[] {
  const out: string[] = [];
  for (const p of paragraphsOf(row.description)) {
    if (POLICY_PARAGRAPH.test(p)) out.push(p);
    else
      out.push(
        ...p
          .split("\n")
          .map((l) => l.trim())
          .filter((l) => POLICY_PARAGRAPH.test(l) && /^[^\s:]+\s*:/.test(l)),
      );
  }
  return out;
}

/** A paragraph without its "Care: ..." or "Shipping: ..." lines (they are kept word for word, not rewritten). */
const withoutPolicyLines = (p: string) =>
  p
    .split("\n")
    .filter((l) => !(POLICY_PARAGRAPH.test(l.trim()) && /^[^\s:]+\s*:/.test(l.trim())))
    .join("\n")
    .trim();

/** The facts the writer composes from: the description without its care, shipping and policy paragraphs (they are added back word for word). */
function writerFactsOf(row: ShopListingSource): string {
  const lang = detectLanguage(`${row.title}\n${row.description}`);
  const description = tameShoutingText(row.description, lang);
  const paragraphs = paragraphsOf(description)
    .filter((p) => !POLICY_PARAGRAPH.test(p))
    .map(withoutPolicyLines)
    .filter(Boolean)
    .map((p) => foldHeadingLists(p, lang));
  const materials = strings(row.materials)
    .map((m) => m.trim())
    .filter(Boolean);
  const variations = variationsOf(row.variations).filter((v) => v.type.trim() && v.values.length);
  const lines = [paragraphs.join("\n\n") || row.title.trim()];

  // The materials column, in the description's language, when the description does not already name them.
  const said = plainText(description).toLocaleLowerCase(lang);
  const unsaid = materials.filter((m) => !said.includes(m.toLocaleLowerCase(lang)));
  if (unsaid.length) lines.push(lang === "tr" ? `Malzeme: ${materials.join(", ")}.` : `Made of ${materials.join(", ")}.`);
  for (const v of variations) {
    // Options the description already lists ("BEDENLER - 0-3 ay ...") are not said twice.
    if (v.values.every((value) => said.includes(value.toLocaleLowerCase(lang)))) continue;
    lines.push(`${v.type.trim()}: ${v.values.join(", ")}.`);
  }
  return lines.join("\n\n");
}

/**
 * A heading over a dashed list ("BEDENLER\n- 0-3 ay\n- 3-6 ay") as one line the writer can turn into a
 * feature ("Bedenler: 0-3 ay; 3-6 ay"), so no bare capitals heading lands inside a features list.
 */
function foldHeadingLists(paragraph: string, lang: Lang): string {
  const lines = paragraph.split("\n").map((l) => l.trim());
  if (lines.length < 2) return paragraph;
  const [head, ...items] = lines;
  if (/[.!?]$/.test(head) || words(head).length > 3 || !items.every((l) => /^[-*•]\s+\S/.test(l))) return paragraph;
  const name = head.replace(/:$/, "");
  const heading = name === name.toLocaleUpperCase(lang) ? capitalise(name.toLocaleLowerCase(lang), lang) : name;
  return `${heading}: ${items.map((l) => l.replace(/^[-*•]\s+/, "")).join("; ")}.`;
}

/** The seller's phrase tags first, then the writer's, each once, 13 at most; the seller's one-word tags only when nothing better is left. */
function mergedTags(own: string[], written: string[]): string[] {
  const out: string[] = [];
  const seen = new Set<string>();
  const push = (tag: string) => {
    const clean = tag.replace(/\s+/g, " ").trim();
    // "yeni doğan hediyesi" and "yenidoğan hediyesi" are one search.
    const key = clean.toLowerCase().replace(/[\s-]+/g, "");
    if (!clean || seen.has(key) || out.length >= PLATFORM_LIMITS.etsy.tagCount) return;
    seen.add(key);
    out.push(clean);
  };
  own.filter((t) => words(t).length >= 2).forEach(push);
  written.forEach(push);
  own.filter((t) => words(t).length < 2).forEach(push);
  return out;
}

/** Whether `tag` is written as one phrase somewhere: inside one title part, one sentence of the facts, or one tag. */
function isWholePhrase(tag: string, sources: string[]): boolean {
  const ws = words(tag).map((w) => w.replace(/[.*+?^${}()|[\]\\]/g, "\\$&"));
  if (!ws.length) return false;
  const pattern = new RegExp(`(^|[^\\p{L}\\p{N}])${ws.join("[ \\t]+")}(?=$|[^\\p{L}\\p{N}])`, "iu");
  return sources.some((s) => pattern.test(s));
}

/**
 * The Doctor fills empty tag slots with pairs of neighbouring words, which across a title's separators
 * gives tags nobody searches ("blanket merino" from "Blanket - Merino Wool Throw"). Such a pair is
 * replaced by the writer's and the seller's own phrases when they keep the score.
 */
function tidyTags(row: ShopListingSource, doctored: ShopText, before: string[], pool: string[]): ShopText {
  // Never pasteable, whatever the score: "100 merino wool".
  const text = doctored.tags.some(bareNumberTag) ? { ...doctored, tags: doctored.tags.filter((t) => !bareNumberTag(t)) } : doctored;
  const sources = [...row.title.split(/\s[-–—|]\s|[,;:|()/]/), ...plainText(row.description).split(/[.!?\n]+/), ...strings(row.tags), ...pool];
  // A search names a thing: its last word is the last word of one of the seller's or the writer's phrases ("candle", "jar").
  const heads = new Set([...strings(row.tags).filter((t) => words(t).length >= 2), ...pool].map((t) => words(t).pop()?.toLowerCase() ?? ""));
  const named = (t: string) => heads.has(words(t).pop()?.toLowerCase() ?? "");
  const kept = text.tags.filter((t) => before.some((b) => b.toLowerCase() === t.toLowerCase()) || (isSearchPhrase(t) && named(t) && isWholePhrase(t, sources)));
  if (kept.length === text.tags.length && text === doctored) return text;
  const have = new Set(kept.map((t) => t.toLowerCase()));
  for (const t of pool) {
    if (kept.length >= PLATFORM_LIMITS.etsy.tagCount) break;
    if (!have.has(t.toLowerCase()) && !bareNumberTag(t)) {
      have.add(t.toLowerCase());
      kept.push(t);
    }
  }
  const tidy = { ...text, tags: kept };
  return text !== doctored || scoreShopText(row, tidy).score >= scoreShopText(row, text).score ? tidy : text;
}

/**
 * When the description does not name the listing's main phrase near its start (Etsy shows the first
 * lines in search), the phrase is woven into the first sentence, in the words of the first tag
 * ("Hand knitted blanket: a chunky knit throw, ..."). Kept only when it raises the score.
 */
function leadLine(row: ShopListingSource, text: ShopText): ShopText {
  const report = auditListing(shopAuditInput(row, text));
  if (!report.findings.some((f) => f.id === "description.main-phrase-late")) return text;
  const phrase = text.tags[0]?.trim();
  if (!phrase) return text;
  const led = { ...text, description: weaveLeadPhrase(text.description, phrase) };
  return scoreShopText(row, led).score > report.score ? led : text;
}

/** The writer's bullets as a seller writes them: no "• - 0-3 ay", and a heading the seller wrote in capitals is a heading, not a bullet. */
function tidyBullets(description: string): string {
  return description
    .split("\n")
    .map((line) => line.replace(/^(\s*•\s*)[-*•]\s+/, "$1"))
    .map((line) => (/^\s*•\s*[\p{Lu}\s]{3,40}:?$/u.test(line) && !/\p{Ll}/u.test(line) ? line.replace(/^\s*•\s*/, "") : line))
    .join("\n");
}

/**
 * Etsy's tag order does not matter to search, but the Doctor reads the first tag as the main phrase:
 * a tag the title already starts with goes first, so the title need not be rewritten around another.
 */
function titleTagFirst(title: string, tags: string[], head = ""): string[] {
  const window = visiblePrefix(title, AUDIT_THRESHOLDS.mobileTitleWindow);
  const index = tags.findIndex((t) => words(t).length >= 2 && hasPhrase(window, t) && (!head || namesHead(t, head)));
  const first = index >= 0 ? index : head ? tags.findIndex((t) => words(t).length >= 2 && namesHead(t, head)) : -1;
  return first > 0 ? [tags[first], ...tags.slice(0, first), ...tags.slice(first + 1)] : tags;
}

/** Whether a phrase names the product by its noun ("brass ring" for a ring; "brass jewelry" does not). */
const namesHead = (phrase: string, head: string) =>
  words(phrase).some((w) => {
    const x = w.toLocaleLowerCase("tr");
    const h = head.toLocaleLowerCase("tr");
    // "rings", "hırkası": the noun with an ending is the noun.
    return sameWord(x, h) || (h.length >= 3 && x.startsWith(h) && x.length - h.length <= 3);
  });

/** The phrases with the first that names the product leading (the Doctor and a shopper read the first as the main phrase). */
const productPhraseFirst = (phrases: string[], head: string) => titleTagFirst("", phrases, head);

// ---- Thin listings -------------------------------------------------------------------------------

/** A listing that says little: a title of three words or fewer, or a description under 20 words. */
function isThinListing(text: Pick<ShopText, "title" | "description">): boolean {
  return words(text.title).length <= 3 || words(plainText(text.description)).length < 20;
}

const sameWord = (a: string, b: string) => {
  const x = a.toLowerCase();
  const y = b.toLowerCase();
  return x === y || x.replace(/s$/, "") === y.replace(/s$/, "");
};

/**
 * The product's full name from what the listing states: the title's words, the material of the
 * MATERIALS column (or of a seller's tag) it is made of, the shape and style words of the tags
 * ("Clay Earrings" + "polymer clay" + "minimalist earrings" -> "Minimalist Polymer Clay Earrings").
 */
function productNameOf(row: ShopListingSource, title: string, tags: string[], lang: Lang): string {
  const base = (title.split(/\s[-–—|]\s|[,;:|()]/)[0] ?? title).trim();
  let tokens = base.split(/\s+/).filter(Boolean);
  if (!tokens.length) return base;
  const has = (w: string) => tokens.some((t) => sameWord(t, w) || (w.length >= 4 && t.toLowerCase().startsWith(w.toLowerCase())));
  const nounIndex = () => {
    const i = tokens.findIndex((t) => nounCategory(t.toLowerCase(), lang) || nounCategory(singularNoun(t.toLowerCase(), lang), lang));
    return i >= 0 ? i : tokens.length - 1;
  };
  const cap = (w: string) => capitalise(w, lang);
  // The material: "polymer clay" completes "Clay Earrings"; a tag "ceramic mug" names the mug's.
  const materials = strings(row.materials)
    .map((m) => m.trim().toLowerCase())
    .filter(Boolean);
  let named = materials.some((m) => words(m).some((w) => has(w)));
  for (const m of materials) {
    const mw = words(m);
    const at = tokens.findIndex((t) => sameWord(t, mw[mw.length - 1]));
    if (at >= 0 && mw.length > 1 && !mw.slice(0, -1).every(has)) {
      tokens = [
        ...tokens.slice(0, at),
        ...mw
          .slice(0, -1)
          .filter((w) => !has(w))
          .map(cap),
        ...tokens.slice(at),
      ];
      named = true;
      break;
    }
  }
  const pairs = tags.map((t) => words(t)).filter((w) => w.length === 2);
  if (!named) {
    const pair = pairs.find(([first, last]) => has(last) && MATERIAL_WORDS.test(first) && !has(first));
    if (pair) {
      const at = tokens.findIndex((t) => sameWord(t, pair[1]));
      tokens = [...tokens.slice(0, at), cap(pair[0]), ...tokens.slice(at)];
    }
  }
  // Shapes right before the noun ("Beeswax Pillar Candle"), styles and other describing words first.
  const kinds: string[] = [];
  const styles: string[] = [];
  for (const [first, last] of pairs) {
    if (!has(last) || has(first) || MATERIAL_WORDS.test(first) || !describesProduct(first, lang)) continue;
    if (isKindWord(first, lang)) kinds.push(first);
    else if (isThemeWord(first, lang)) styles.unshift(first);
    else styles.push(first);
  }
  const noun = nounIndex();
  tokens = [...[...new Set(styles)].slice(0, 2).map(cap), ...tokens.slice(0, noun), ...[...new Set(kinds)].slice(0, 1).map(cap), ...tokens.slice(noun)];
  return titleCase(tokens.join(" "), lang);
}

const MATERIAL_WORDS = new RegExp(`^(?:${MATERIALS.source})$`, "i");

/**
 * A complete title for a thin listing: its full name, then up to two of its search phrases that
 * repeat none of its words ("Minimalist Everyday Polymer Clay Earrings - Gift for Her").
 */
function thinTitle(row: ShopListingSource, title: string, tags: string[], lang: Lang): string {
  const name = productNameOf(row, title, tags, lang);
  const used = new Set(words(name).map((w) => w.toLowerCase().replace(/s$/, "")));
  const parts: string[] = [];
  for (const tag of tags) {
    if (parts.length >= 2 || words(tag).length < 2 || !isSearchPhrase(tag) || bareNumberTag(tag)) continue;
    const ws = words(tag)
      .filter((w) => !isStopWord(w))
      .map((w) => w.toLowerCase().replace(/s$/, ""));
    if (ws.some((w) => used.has(w))) continue;
    const next = `${name} - ${[...parts, titleCase(tag, lang)].join(", ")}`;
    if (next.length > 90) continue;
    parts.push(titleCase(tag, lang));
    ws.forEach((w) => used.add(w));
  }
  return parts.length ? `${name} - ${parts.join(", ")}` : name;
}

/**
 * A description for a thin listing in the composer's sections, from its facts only: an intro naming
 * the product (with the seller's own describing words: "Cute polymer clay earrings."), the features it
 * states (materials, options) and the seller's care and shipping lines word for word.
 */
function thinDescription(row: ShopListingSource, description: string, name: string, lang: Lang, mainPhrase = ""): string {
  const T = TEMPLATE_WORDS[lang];
  const own = plainText(description).trim();
  const ownParagraphs = paragraphsOf(description).filter((p) => !POLICY_PARAGRAPH.test(p));
  const nameWords = new Set(words(name).map((w) => w.toLowerCase().replace(/s$/, "")));
  const ownWords = words(ownParagraphs.join(" ")).filter((w) => !FUNCTION_WORDS.test(w));
  // "Cute earrings." says no more than the name: the name with the seller's describing words is the intro.
  const saysOnlyTheName = ownWords.length > 0 && ownWords.length <= 6 && ownWords.every((w) => nameWords.has(w.toLowerCase().replace(/s$/, "")) || describesProduct(w, lang) || ADJECTIVE_LIKE.test(w));
  const extra = ownWords.filter((w) => !nameWords.has(w.toLowerCase().replace(/s$/, "")) && !MATERIAL_WORDS.test(w));
  const nameText = name.toLocaleLowerCase(lang === "tr" ? "tr" : "en");
  const named = `${capitalise([...extra.map((w) => w.toLocaleLowerCase(lang === "tr" ? "tr" : "en")), restoreCase(nameText, name)].join(" "), lang)}.`;
  const ownText = ownParagraphs.join("\n\n");
  const says = (text: string) => !mainPhrase || hasPhrase(text, mainPhrase);
  // The intro names the listing's main phrase (the Doctor reads it there): the name with the seller's
  // describing words when that says it, else the seller's own text, else the seller's text led by the phrase.
  const intro = !own ? `${capitalise(nameText, lang)}.` : saysOnlyTheName && says(named) ? named : says(ownText) ? ownText : weaveLeadPhrase(ownText, mainPhrase || nameText, lang);
  const features: string[] = [];
  const materials = strings(row.materials)
    .map((m) => m.trim())
    .filter(Boolean);
  if (materials.length) features.push(`${T.materials}: ${materials.join(", ")}`);
  for (const v of variationsOf(row.variations).filter((x) => x.type.trim() && x.values.length)) features.push(`${v.type.trim()}: ${v.values.join(", ")}`);
  const blocks = [intro, ...(features.length ? [`${T.features}\n${features.map((f) => `• ${f}`).join("\n")}`] : []), ...policyParagraphsOf(row)];
  return blocks.join("\n\n");
}

const FUNCTION_WORDS = /^(?:a|an|the|and|or|of|with|in|on|for|to|by|ve|ile|bir|bu)$/i;
const ADJECTIVE_LIKE = /^(?:cute|lovely|pretty|beautiful|simple|small|little|handmade|hand-made)$/i;
/** Acronyms of the name ("PDF") kept in its lower-cased form. */
const restoreCase = (lowered: string, original: string) => {
  const upperWords = new Map(
    words(original)
      .filter((w) => w.length > 1 && w === w.toUpperCase() && /\p{L}/u.test(w))
      .map((w) => [w.toLowerCase(), w]),
  );
  return lowered.replace(/[\p{L}\p{N}]+/gu, (w) => upperWords.get(w) ?? w);
};

/** How many points below the best score a more complete candidate of a thin listing may be and still win. */
const THIN_TIE = 3;

interface OptimizeOptions {
  timeoutMs?: number;
}

/**
 * Optimizes one shop listing. Throws when the provider fails (the queue retries the message); answers
 * no proposal when no candidate scores above the listing as it is.
 */
export async function optimizeShopListing(row: ShopListingSource, provider: LlmProvider, options: OptimizeOptions = {}): Promise<OptimizeOutcome> {
  const lang = detectLanguage(`${row.title}\n${row.description}`);
  // A description or alt text typed in capitals is shouting: the proposal has it in sentence case.
  const own = textOf(row);
  const original: ShopText = {
    ...own,
    title: isMostlyUpper(own.title) ? tameShouting(own.title, lang).text : own.title,
    description: tameShoutingText(own.description, lang),
    altTexts: own.altTexts.map((a) => tameShoutingText(a, lang)),
  };
  const before = scoreShopText(row, own);
  // The seller's corrected facts win over what their text says (issue 24): the writer works from them,
  // a fact they added is no invention, and one they removed is never written.
  const corrected = row.factCorrections ? applyFactCorrections(writerFactsOf(row), keywordsOf(row), "etsy", row.factCorrections) : undefined;
  const ground = corrected ? `${groundOf(row)}\n${corrected.description.toLowerCase()}` : groundOf(row);
  const input: GenerationInput = corrected
    ? { description: corrected.description, keywords: corrected.keywords, platform: "etsy", removedFacts: corrected.removed }
    : { description: writerFactsOf(row), keywords: keywordsOf(row), platform: "etsy" };
  const context = { productDescription: input.description, keywords: input.keywords, platform: "etsy" as const };

  const written = await generateListingParts(provider, input, undefined, { timeoutMs: options.timeoutMs });
  const target = altTextTarget(row);
  let writtenAlts = written.listing.altTexts.filter((a) => !inventedFacts(a, ground).length);
  // More views from the writer: up to three more answers offline (instant), one from a model (each call costs time and money).
  const extraCalls = provider.offline ? 3 : 1;
  for (let variant = 1; variant <= extraCalls && mergeAltTexts(original.altTexts, writtenAlts, target).length < target; variant++) {
    const more = await generatePart(provider, "altTexts", input, variant, options.timeoutMs);
    writtenAlts = [...writtenAlts, ...(Array.isArray(more) ? (more as string[]) : []).filter((a) => !inventedFacts(a, ground).length)];
  }
  const writerTags = written.listing.tags.filter((t) => isSearchPhrase(t) && !repeatsAWord(t) && !inventedFacts(t, ground).length && !newMeasures(t, row).length);
  writtenAlts = writtenAlts.map((a) => tameShoutingText(a, lang));
  const alts = fillAltTexts(mergeAltTexts(original.altTexts, writtenAlts, target), row, mergedTags(original.tags, writerTags), target);
  const writtenTitle = withoutOptionParts(written.listing.title, row);
  const writerTitle =
    isSearchPhrase(writtenTitle) &&
    !repeatsAWord(writtenTitle, 3) &&
    !inventedFacts(writtenTitle, ground).length &&
    !newMeasures(writtenTitle, row).length &&
    namesThings(writtenTitle, [...strings(row.tags), ...written.listing.tags])
      ? writtenTitle
      : undefined;
  const writerDescription = [tidyBullets(groundedDescription(tameShoutingText(written.listing.description, lang), ground)), ...policyParagraphsOf(row).map((p) => tameShoutingText(p, lang))]
    .filter(Boolean)
    .join("\n\n");

  // Every combination of the parts: the seller's or the writer's title, description and tags; and the
  // seller's title with the facts a title carries that it lacks (era, every size, what it fits).
  const titles: [string, boolean][] = [[original.title, false], ...(writerTitle ? ([[writerTitle, true]] as [string, boolean][]) : [])];
  const sheet = sheetOf(row);
  const completed = titleFacts(original.title, sheet, "etsy", lang, `${row.title}\n${row.description}`, LISTING_LIMITS.titleMax);
  if (titleMissing(completed, sheet) < titleMissing(original.title, sheet) && !titles.some(([t]) => t === completed) && !inventedFacts(completed, ground).length) titles.push([completed, true]);
  const descriptions: [string, boolean][] = [
    [original.description, false],
    ...(writerDescription && inventedFacts(writerDescription, ground).length === 0 ? ([[writerDescription, true]] as [string, boolean][]) : []),
  ];
  // A thin listing ("Clay Earrings", "Cute earrings.") also gets a complete title and description from its own facts.
  const thin = isThinListing(own);
  if (thin) {
    // The product's own phrase leads ("brass ring"), never its family's ("brass jewelry").
    const phrases = productPhraseFirst(mergedTags(original.tags, writerTags), sheetOf(row).head);
    const fullTitle = words(original.title).length <= 3 ? thinTitle(row, original.title, phrases, lang) : original.title;
    if (!titles.some(([t]) => t === fullTitle) && !inventedFacts(fullTitle, ground).length) titles.push([fullTitle, true]);
    const fullDescription = thinDescription(row, original.description, productNameOf(row, original.title, phrases, lang), lang, phrases[0] ?? "");
    if (!descriptions.some(([d]) => d === fullDescription) && !inventedFacts(fullDescription, ground).length) descriptions.push([fullDescription, true]);
  }
  // The seller's tags that name the product stay in every written tag set ("rabbit pattern", "personalized keychain").
  const facts = corrected ? extractFacts({ text: corrected.description, tags: strings(row.tags), platform: "etsy" }) : sheetOf(row);
  const keep = relevantOwnTags(original.tags, facts, row.title);
  const tagSets: [string[], boolean][] = [
    [original.tags, false],
    [mergedTags(original.tags, writerTags), true],
    [mergedTags(keep, writerTags), true],
  ];
  const tried: { kind: CandidateKind; text: ShopText; score: number; changed: number; missing: number; rejected?: string }[] = [];
  for (const [title, newTitle] of titles) {
    for (const [description, newDescription] of descriptions) {
      for (const [tags, newTags] of tagSets) {
        const raw: ShopText = { title, description, tags, altTexts: alts };
        // The writer's parts go through the enforcer (Etsy's limits, clean tags); the seller's own words stay as written.
        const enforced = newTitle || newTags ? enforceListingRules(raw as ListingText, context).listing : raw;
        const startTitle = newTitle ? enforced.title : title;
        const start: ShopText = {
          title: startTitle,
          description,
          tags: titleTagFirst(
            startTitle,
            newTags ? enforced.tags.filter((t) => isSearchPhrase(t) && !repeatsAWord(t) && !newMeasures(t, row).length && !inventedFacts(t, ground).length) : tags,
            newTags ? facts.head : "",
          ),
          altTexts: alts,
        };
        const doctored = doctorFixes(row, start);
        const tidied = tidyTags(row, doctored, start.tags, mergedTags(original.tags, writerTags));
        const claimless = withoutClaims(leadLine(row, tidied), facts, ground, mergedTags(keep, writerTags));
        // A fix's casing never changes a model number or what the item fits ("P-1-B", not "P-1-b").
        const text = { ...claimless, title: asWritten(claimless.title, facts) };
        const invented = inventedFacts(`${text.title}\n${text.description}\n${text.tags.join("\n")}\n${text.altTexts.join("\n")}`, ground);
        // No claim the listing does not support, and no fact or personalisation the seller's title had is lost.
        if (!invented.length && !claimsNothing(text.title, facts, ground)) invented.push(`an unsupported claim in the title (${unsupportedClaims(text.title, facts, ground)[0].phrase})`);
        const lost = titleFactsDropped(original.title, text.title, facts);
        if (!invented.length && lost.length) invented.push(`a title that drops ${lost.join(", ")}`);
        // A title that stutters ("Chunky Knit Blanket - Chunky Knit Merino Blanket") is no title to paste.
        if (!invented.length && repeatedWords(text.title) > repeatedWords(original.title)) invented.push("a title that repeats its words");
        // Tags refilled from the writer's phrases count as a written part.
        const writerParts = Number(newTitle) + Number(newDescription) + Number(newTags || tidied !== doctored);
        tried.push({
          kind: writerParts === 0 ? "fixes" : newDescription ? "writer" : "hybrid",
          text,
          score: scoreShopText(row, text).score,
          changed: writerParts,
          missing: titleMissing(text.title, facts),
          ...(invented.length ? { rejected: `not pasteable: ${invented.join(", ")}` } : {}),
        });
      }
    }
  }

  // Highest score; on a tie the one with fewer parts rewritten (the seller's words kept). A thin
  // listing is the exception: within THIN_TIE points of the best score, the most complete candidate
  // wins (most parts rewritten, then the longer title and description), because "Clay Earrings" with
  // "Cute earrings." is not what a seller pastes even when the Doctor scores it the same.
  // A title that carries every fact a seller expects there (era, every size, what it fits) comes first.
  const fewest = tried.filter((c) => !c.rejected).reduce((m, c) => Math.min(m, c.missing), Infinity);
  const eligible = tried.filter((c) => !c.rejected && c.missing === fewest);
  const top = eligible.reduce((m, c) => Math.max(m, c.score), -Infinity);
  const size = (c: (typeof eligible)[number]) => words(c.text.title).length + words(plainText(c.text.description)).length;
  const best = thin
    ? eligible
        .filter((c) => c.score >= top - THIN_TIE)
        .reduce<(typeof eligible)[number] | undefined>(
          (a, c) => (!a || c.changed > a.changed || (c.changed === a.changed && (c.score > a.score || (c.score === a.score && size(c) > size(a)))) ? c : a),
          undefined,
        )
    : eligible.reduce<(typeof eligible)[number] | undefined>((a, c) => (!a || c.score > a.score || (c.score === a.score && c.changed < a.changed) ? c : a), undefined);
  const report = tried.map((c) => ({ kind: c.kind, score: c.score, ...(c.rejected ? { rejected: c.rejected } : {}) }));
  const unchanged = best && JSON.stringify(best.text) === JSON.stringify(own);
  if (!best || best.score <= before.score || unchanged) {
    return { scoreBefore: before.score, gradeBefore: before.grade, scoreAfter: before.score, gradeAfter: before.grade, proposal: null, candidates: report };
  }
  const after = scoreShopText(row, best.text);
  return {
    scoreBefore: before.score,
    gradeBefore: before.grade,
    scoreAfter: after.score,
    gradeAfter: after.grade,
    proposal: { ...best.text, kind: best.kind, provider: best.kind === "fixes" ? "listing-doctor-fixes" : provider.name },
    candidates: report,
  };
}
