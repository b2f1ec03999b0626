/**
 * The embedded composer: with no model configured it writes a real listing from the seller's product
 * description and selected keywords, by rules. It reads the description once (whole noun phrases
 * with their measures, the product's category, materials, colours, occasions, the language) and
 * writes each marketplace's parts from that reading: Etsy's title, 13 tags and alt texts; eBay's
 * 80-character title and item specifics; Amazon's title, five bullets and backend search terms; and
 * a plain-text description for all three. A Turkish description gives a Turkish listing.
 * Deterministic: the same input gives the same listing; `variant` picks the next template when one
 * part is regenerated.
 */
import { LISTING_LIMITS, PLATFORM_LIMITS, type ItemSpecific, type Platform } from "../../../schema/api/listings";
import { FILLER_PHRASES, categoryModel, nounSynonyms, OCCASIONS, type CategoryId, type Lang } from "../../../shared/listings/categories";
import { NAMED_PAIRS, isConditionPhrase, isFragmentTag, unsupportedPhrases } from "../../../shared/listings/support";
import { isProductNoun, listingStems, tagIrrelevance } from "../../../shared/audit/substance";
import {
  capitalise,
  lower,
  phraseText,
  phraseWithMeasure,
  isSizeMeasure,
  readProduct,
  baseNoun,
  productText,
  splitDescription,
  restoreAcronyms,
  describesProduct,
  singularNoun,
  sentences,
  titleCase,
  weaveLeadPhrase,
  words,
  isStopWord,
  isNounLike,
  MATERIALS,
  nounCategory,
  longestTail,
  type Phrase,
  type ProductReading,
} from "../../../shared/listings/phrases";
import { cleanTag, isMultiWord, isSubPhraseDuplicate, tagCharacters } from "../../domain/listings/tags";
import {
  lineBrand,
  finishWord,
  englishWords,
  escapeRegExp,
  extractFacts,
  factItems,
  foldCase,
  isColourOption,
  isDevice,
  isFoodPackaging,
  isSmartwatch,
  isVehiclePart,
  isWatchMaker,
  isLabelledModel,
  manufactureCountry,
  measureItems,
  modelNumber,
  normalMeasure,
  cardGameName,
  readCard,
  sizeListIn,
  type CardReading,
  statesFact,
  unsupportedClaims,
  type FactSheet,
} from "../../../shared/facts";
import type { LlmProvider, LlmRequest, LlmTask } from "./types";

export interface ComposeInput {
  description: string;
  keywords: string[];
  platform?: string;
  variant?: number;
  /** The listing's language when the caller knows it (the wizard's interface language); else read from the text. */
  language?: Lang;
}

const pick = <T>(list: readonly T[], variant = 0, offset = 0) => list[(offset + variant) % list.length];

const platformOf = (input: ComposeInput): Platform => (input.platform === "amazon" || input.platform === "ebay" ? input.platform : "etsy");

function reading(input: ComposeInput): ProductReading {
  return readProduct(input.description, input.keywords);
}

/** The listing's fact sheet, read from the seller's own text (issue 24): every part keeps its facts and claims nothing it does not hold. */
export function factsFor(input: ComposeInput): FactSheet {
  const key = `${platformOf(input)}\u0000${input.language ?? ""}\u0000${input.description}\u0000${input.keywords.join("\u0001")}`;
  const hit = factCache.get(key);
  if (hit) return hit;
  // The seller's keywords are read with the text (the product reading is shared with the composer's own).
  const sheet = extractFacts({ text: input.description, tags: input.keywords, platform: platformOf(input), ...(input.language ? { language: input.language } : {}) });
  if (factCache.size > 100) factCache.clear();
  factCache.set(key, sheet);
  return sheet;
}
const factCache = new Map<string, FactSheet>();

/**
 * Whether a phrase the composer would write is backed by the seller's facts: no invented claim, no
 * audience, occasion, use or property the seller's words do not name ("kadın giyim" for a toddler's
 * cardigan, "Kitchen Decor" for a mixing bowl; decision 0039), and in a Turkish listing no English word.
 */
function supported(text: string, input: ComposeInput, facts = factsFor(input)): boolean {
  const source = sellerText(input);
  if (unsupportedClaims(text, facts, source).length) return false;
  if (unsupportedPhrases(text, source, { lang: facts.language, category: productCategory(input), extra: facts.sizes }).length) return false;
  return facts.language !== "tr" || englishWords(text, `${input.description} ${input.keywords.join(" ")}`).length === 0;
}

/** The seller's description and chosen keywords as one text, built once per input (checks compare it by reference). */
let lastSeller: { description: string; keywords: string[]; text: string; category?: CategoryId } | null = null;
function seller(input: ComposeInput) {
  if (!(lastSeller && lastSeller.description === input.description && lastSeller.keywords === input.keywords))
    lastSeller = { description: input.description, keywords: input.keywords, text: `${input.description}\n${input.keywords.join("\n")}` };
  return lastSeller;
}
const sellerText = (input: ComposeInput) => seller(input).text;
/** The product's category, read once per input (the reading's cache key is the whole text, so a lookup per phrase would be quadratic). */
export function productCategory(input: ComposeInput): CategoryId {
  const s = seller(input);
  s.category ??= reading(input).category.id;
  return s.category;
}

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

/** The product as the seller named it, lower-case except acronyms, e.g. "dainty gold filled paperclip chain necklace". */
function productName(r: ProductReading, source: string): string {
  const text = r.phrase ? phraseText(r.phrase) : r.lang === "tr" ? "el yapımı ürün" : "handmade item";
  return restoreAcronyms(lower(patternSubject(r, text, source) ?? text, r.lang), source).replace(/’/g, "'");
}

/** Words that end what a pattern makes ("a fox in the snow" makes a fox). */
const SUBJECT_END = new Set(["in", "on", "with", "and", "or", "for", "from", "by", "to", "at", "pdf", "instant", "digital"]);

/**
 * What a pattern makes, before its name: "Knitting pattern for a cabled beanie" is a "Cabled Beanie
 * Knitting Pattern", "Cross stitch pattern of a fox in the snow" a "Fox Cross Stitch Pattern", and an
 * "Original watercolor painting of a fox" an "Original Fox Watercolor Painting" (the name a shopper
 * searches). Up to three words after "for"/"of", stopping at a comma or a linking word.
 */
function patternSubject(r: ProductReading, name: string, source: string): string | undefined {
  const shown = subjectWords(r, name, source);
  // A painting's subject of one word leads its name ("Fox"); a longer one ("eucalyptus leaves") is a phrase of the title already.
  if (!shown || (r.category.id === "art" && shown.length > 1)) return undefined;
  // "original" stays first: it says what the piece is, not what it shows.
  if (r.category.id === "art" && /^original /iu.test(name)) return `${name.split(" ")[0]} ${shown.join(" ")} ${name.split(" ").slice(1).join(" ")}`;
  return `${shown.join(" ")} ${name}`;
}

/**
 * What a pattern makes or a painting, print or drawing shows, lower-case ("granny square cardigan" of a crochet
 * pattern "for a granny square cardigan"; "fox" of a painting "of a fox in the snow"), or none.
 */
function subjectWords(r: ProductReading, name: string, source: string): string[] | undefined {
  const art = r.category.id === "art" && /(?:painting|print|drawing|illustration|portrait|sketch)s?$/iu.test(name);
  if ((r.category.id !== "pattern" && !art) || r.lang !== "en" || !name.includes(" ")) return undefined;
  // The product is named in the text's opening: only that is read (this is asked for every title and tag
  // phrase, and a 50,000-character text must stay linear).
  const whole = readPatternSubject(name, source.slice(0, 400), art ? "of" : "for|of");
  return whole
    ? lower(whole.slice(0, whole.length - name.length).trim(), r.lang)
        .split(" ")
        .filter(Boolean)
    : undefined;
}

function readPatternSubject(name: string, opening: string, links = "for|of"): string | undefined {
  const escaped = name
    .split(" ")
    .map((w) => escapeRegExp(w))
    .join("\\s+");
  // ("Knitting pattern: chunky cable beanie." names what it makes after a colon.)
  const after = new RegExp(`${escaped}s?(?:\\s+(?:${links})|\\s*:)\\s+(?:an?\\s+|the\\s+)?([^,.;:\\n()]+)`, "iu").exec(opening)?.[1];
  if (!after) return undefined;
  const subject: string[] = [];
  for (const word of after.trim().split(/\s+/)) {
    if (SUBJECT_END.has(word.toLowerCase()) || /\d/.test(word) || subject.length === 3) break;
    subject.push(word);
  }
  // A person or a skill is whom it is for, not what it makes ("for beginners", "for kids").
  if (!subject.length || /^(?:beginners?|kids|children|adults?|women|men|her|him|babies|baby|toddlers?)$/iu.test(subject[subject.length - 1])) return undefined;
  return `${subject.join(" ")} ${name}`;
}

/** The product named for a title: its phrase in Title Case with its measure ("Ceramic Coffee Mug 350 ml"). */
function productHead(r: ProductReading, source: string, facts?: FactSheet, room = 40): string {
  // The part of the title a phone shows first (about 40 characters) holds the product's own noun phrase.
  // (eBay's buyers search its title's every word: a name keeps up to 60, "Star Wars Black Series Darth Vader 6 inch Action Figure".)
  const full = productName(r, source);
  // (A word that only vouches for it opens no name: "Orijinal Converse All Star …" is "Converse All Star …".)
  const named = room > 40 ? full.replace(/^(?:orijinal|original|genuine|authentic)\s+/iu, "") : full;
  const cut = longestTail(words(named).length === named.split(" ").length ? named.split(" ") : [named], room)?.join(" ") ?? named;
  // A two-word name is never cut in half ("Granny Square Baby Blanket", not "Square Baby Blanket").
  const halved = cut !== full && NAMED_PAIRS.some(([first, second]) => foldCase(cut).startsWith(`${foldCase(second)} `) && foldCase(full).includes(`${foldCase(first)} ${foldCase(second)} `));
  const name = halved ? full : cut;
  const own = r.size ?? r.phrase?.measure;
  // A set's sizes go together in one phrase of their own ("15x10, 12x8, 9x6 Inches"), never one of them alone.
  // (A body's measure, "chest 100 cm", is the wearer's fit, never the item's size after its name.)
  const isFact = !facts || facts.measures.some((m) => normalMeasure(m) === normalMeasure(own ?? "") && !bodyLabelled(facts, m));
  // (After a count, a comma: "Yoga Block Set of 2, 23x15x7.5 cm".)
  const measure = own && isFact && !r.phrase?.tokens.includes(own) && !/%/.test(own) && (facts?.measures.length ?? 0) < 2 ? `${/(?:set|pack|lot|bundle) of \d+$/iu.test(name) ? "," : ""} ${own}` : "";
  return restoreAcronyms(titleCase(`${name}${audienceAfter(r, source, name)}${measure}`, r.lang), source);
}

/** Who or which room the product is for, right after its name in the seller's words ("chore chart for kids"): part of its name in a title. */
// (And the room it is made for: "Baby Name Sign for Nursery".)
const AUDIENCE_NOUNS = "kids|children|toddlers|babies|baby|girls|boys|teens|teenagers|men|women|dogs|cats|puppies|beginners|nursery|kitchen|bathroom|bedroom|living room|kids room|playroom";
function audienceAfter(r: ProductReading, source: string, name: string): string {
  if (r.lang !== "en" || !r.phrase || /\bfor\b/iu.test(name) || r.phrase.tokens.join(" ").length > 80) return "";
  const phrase = escapeRegExp(r.phrase.tokens.join(" "));
  const m = new RegExp(`${phrase} (for (?:${AUDIENCE_NOUNS}))(?![\\p{L}])`, "iu").exec(source);
  return m ? ` ${m[1]}` : "";
}

const occasionsOf = (r: ProductReading, text: string) => OCCASIONS.filter((o) => o.match.test(text) && !o.not?.includes(r.category.id)).flatMap((o) => o[r.lang]);

/** Buyer-intent phrases for this product: its occasions first (what the seller said), then its category's. */
function buyerPhrases(input: ComposeInput): string[] {
  const r = reading(input);
  // A baby's cardigan is a baby item and clothing too: its own noun's category gives its searches after the reading's ("bebek giyim").
  const own = r.head ? nounCategory(r.head, r.lang) : undefined;
  const ownIntent = own && own !== r.category.id ? categoryModel(own).intent[r.lang] : [];
  const all = [...occasionsOf(r, `${input.description} ${input.keywords.join(" ")}`), ...r.category.intent[r.lang], ...ownIntent];
  const facts = factsFor(input);
  const namesOther = namesOtherProduct(input, r);
  return [...new Set(all)].filter((p) => !FILLER_PHRASES.includes(p) && supported(p, input, facts) && !namesOther(p));
}

/**
 * Whether a phrase names another product of the category ("wedding invitation" or "Printable Invitation" for a
 * seating chart, "printable planner"): it says what the seller does not sell; only the nouns they used may be named.
 */
function namesOtherProduct(input: ComposeInput, r: ProductReading): (phrase: string) => boolean {
  const said = new Set([...words(input.description), ...input.keywords.flatMap((k) => words(k))].map((w) => lower(w, r.lang)));
  const saidStems = new Set([...said].map((x) => singularNoun(x, r.lang)));
  return (p: string) =>
    words(p).some((w) => {
      const l = lower(w, r.lang);
      return !!(nounCategory(l, r.lang) ?? nounCategory(singularNoun(l, r.lang), r.lang)) && !said.has(l) && !saidStems.has(singularNoun(l, r.lang));
    });
}

// ---- Titles ------------------------------------------------------------------------------------

/** Words compared case-insensitively in either language ("İndirme" and "indirme" are one word). */
const key = (w: string) => w.toLocaleLowerCase("tr").replace(/ı/g, "i");

/** A file format a product phrase may carry ("Amigurumi Pattern PDF"). */
const FILE_FORMAT = /^(pdf|svg|png|jpe?g|dxf|eps|ai|docx?|xlsx?)$/i;

/**
 * The seller's first keyword leads the title when it names the same product with other words than
 * the product phrase ("personalized ring" for "Personalized Signet Ring"): "Personalized Ring -
 * Signet Ring 10 mm". The keyword is what the listing is meant to be found for, and a phone shows
 * the title's start.
 */
function withMainKeyword(head: string, keyword: string | undefined, r: ProductReading, source: string): string {
  if (!keyword || words(keyword).length < 2) return head;
  const kw = words(keyword).map(key);
  const hw = words(head).map(key);
  if (` ${hw.join(" ")} `.includes(` ${kw.join(" ")} `)) return head;
  // "usb c charger" is in "Anker USB-C Charger": spelled with a hyphen, the head already says it.
  if (squashed(head).includes(squashed(keyword))) return head;
  // The keyword says every word of the head and more ("beanie knitting pattern" for "Knitting Pattern"):
  // it is the fuller name, and leading with it before the head would say the head twice.
  if (hw.every((w) => kw.includes(w))) return restoreAcronyms(titleCase(keyword, r.lang), source);
  // The keyword ends with the head's own name and says more before it: the more leads the name, said once.
  // "fox cross stitch" for "Cross Stitch Pattern" is "Fox Cross Stitch Pattern"; "insulated water bottle" for
  // "Stainless Steel Water Bottle" is "Insulated Stainless Steel Water Bottle" (a name of two words or more
  // inside the head; one word only at its start, "Soy Candle" is no part of "Soy Wax Candle").
  for (let k = kw.length - 1; k >= 1; k--) {
    const tail = kw.slice(-k);
    const at = hw.findIndex((_, j) => tail.every((w, i) => hw[j + i] === w));
    if (at < 0 || (k < 2 && at > 0)) continue;
    if (kw.slice(0, -k).some((w) => hw.includes(w))) break;
    return `${restoreAcronyms(titleCase(words(keyword).slice(0, -k).join(" "), r.lang), source)} ${head}`;
  }
  // Turkish endings: "örgü hırka" is in "El Örgüsü (Merinos Yünü) Hırka" ("örgüsü" is "örgü" with its
  // ending); leading with it would say "Hırka" twice.
  const stemOf = (k: string, w: string) => k.length >= 3 && w.startsWith(k) && w.length - k.length <= 3;
  const inOrder = () => {
    let at = 0;
    return kw.every((k) => {
      const i = hw.findIndex((w, n) => n >= at && stemOf(k, w));
      at = i + 1;
      return i >= 0;
    });
  };
  if (r.lang === "tr" && inOrder()) return head;
  const noun = key(r.head.split(" ").pop() ?? "");
  if (!noun || kw[kw.length - 1] !== noun) return head;
  // The keyword's words stand in the product phrase with others between them ("moon ring" in
  // "Sterling Silver Moon Phase Ring"). Taking out a describing word leaves a name ("Personalized
  // Ring - Signet Ring"); taking out a noun would tear a compound ("Phase Ring"), so then the
  // keyword leads as the seller chose it and their name follows whole.
  const headWords = head.split(" ");
  const removed = headWords.filter((w, i) => kw.slice(0, -1).includes(key(w)) && i < headWords.length - 1);
  // What stays must still name the product: "Amigurumi Pattern" does, "Phase Ring" does not.
  const first = headWords.findIndex((w) => kw.includes(key(w)));
  // A file format ("PDF") or a figure names nothing and tears nothing: it is no part of the test.
  const gap = headWords.slice(first + 1, -1).filter((w) => !kw.includes(key(w)) && !/^\d/.test(w) && !FILE_FORMAT.test(w));
  const remainsAName = gap.length > 0 && gap.every((w) => nounCategory(lower(w, r.lang), r.lang));
  if (!remainsAName && removed.some((w) => isNounLike(w, r.lang) && !MATERIALS.includes(lower(w, r.lang)))) return `${restoreAcronyms(titleCase(keyword, r.lang), source)} - ${head}`;
  const rest = head
    .split(" ")
    .filter((w, i, all) => !(kw.slice(0, -1).includes(key(w)) && i < all.length - 1))
    .join(" ");
  return `${restoreAcronyms(titleCase(keyword, r.lang), source)} - ${rest}`;
}

/** A model or catalogue number as the seller wrote it ("#403", not "403"; "Mixing Bowl 443" where the seller's number follows the product). */
function withModels(head: string, facts: FactSheet, source = ""): string {
  let out = head;
  for (const model of facts.models.filter((m) => /^\d{3,4}$/u.test(m))) {
    if (` ${key(out)} `.includes(` ${key(model)} `)) continue;
    const ws = out.split(" ");
    const after = ws.findIndex((w) => /\p{L}{3}/u.test(w) && new RegExp(`(?<![\\p{L}])${escapeRegExp(w)} ${model}(?![\\p{L}\\p{N}])`, "iu").test(source));
    if (after >= 0) out = [...ws.slice(0, after + 1), model, ...ws.slice(after + 1)].join(" ");
  }
  for (const model of facts.models) {
    const bare = model.replace(/^#\s?/, "");
    if (model.startsWith("#") && new RegExp(`(?:^|\\s)${escapeRegExp(bare)}(?=\\s|$)`).test(out) && !out.includes(model))
      out = out.replace(new RegExp(`(^|\\s)${escapeRegExp(bare)}(?=\\s|$)`), `$1${model}`);
  }
  return out;
}

/** Whether a measure the phrases read is one of the item's own (not a part's, "1.2 mm raised bezel", nor what it fits, "fits 45 mm"). */
function isOwnMeasure(facts: FactSheet, measure: string): boolean {
  return facts.measures.some((m) => normalMeasure(m) === normalMeasure(measure));
}

/** A measure with the dimension the seller named before it ("bust 34 in"), else as written. */
const labelledMeasure = (facts: FactSheet, m: string) => (facts.measureLabels?.[m] ? `${facts.measureLabels[m]} ${m}` : m);

/** A body's measure the seller named ("bust 34 in", "göğüs 90 cm"): the fit of one piece, which nobody searches. */
const OBJECT_DIMENSIONS = /^(?:width|depth|height|length|diameter)$/u;
// (A garment's length beside its bust and waist is a fit measure too: "Bust 34 in, waist 27 in, length 56 in".)
const bodyLabelled = (facts: FactSheet, m: string) => !!facts.measureLabels?.[m] && Object.values(facts.measureLabels).some((label) => !OBJECT_DIMENSIONS.test(label));

/** An object's two or three dimensions in one unit, as a title writes them ("180 x 45 x 75 cm" of "180 cm wide, 45 cm deep, 75 cm high"). */
function dimensionsPhrase(facts: FactSheet, list: string[]): string | undefined {
  if (list.length < 2 || list.length > 3 || !list.every((m) => OBJECT_DIMENSIONS.test(facts.measureLabels?.[m] ?? ""))) return undefined;
  // A round piece's height and diameter are no box's sides: "Height 55 cm, Diameter 50 cm", never "55 x 50 cm".
  if (list.some((m) => facts.measureLabels?.[m] === "diameter")) return undefined;
  const parts = list.map((m) => /^(\d+(?:[.,]\d+)?) ?([\p{L}"]+)$/u.exec(m));
  if (parts.some((p) => !p) || new Set(parts.map((p) => normalMeasure(`1${p![2]}`))).size !== 1) return undefined;
  return `${parts.map((p) => p![1]).join(" x ")} ${parts[0]![2]}`;
}

/** The measures of a set, in one phrase with their unit once at the end ("15x10, 12x8, 9x6 Inches"; "Bust 34 in, Waist 27 in"). */
function measuresPhrase(facts: FactSheet, lang: Lang): string | undefined {
  const list = facts.measures.filter((m) => !/%/.test(m));
  if (list.length < 2) return undefined;
  return titleCase(dimensionsPhrase(facts, list) ?? list.map((m) => labelledMeasure(facts, m)).join(", "), lang);
}

/** Title phrases that carry facts: every size of a set, the count, the sizes range. */
function factSegments(facts: FactSheet, lang: Lang, source: string): string[] {
  const out: string[] = [];
  const set = measuresPhrase(facts, lang);
  if (set) out.push(restoreAcronyms(set, source));
  for (const c of facts.counts.slice(0, 1)) out.push(titleCase(c, lang));
  // What it smells of, as its shoppers search a perfume or a balm ("Jasmine, Sandalwood and Vanilla", "Peppermint").
  const scents = (facts.scents ?? []).flatMap((x) => x.split(/,? (?:and|&|ve) |, /u)).filter((x) => !/^(?:unscented|fragrance[- ]free|kokusuz)$/u.test(x));
  // (Not when the seller's own phrase says it as a smell, "lavender and cedar scent", "incir ve sedir kokulu": that phrase does.)
  const phrased = scents.length && new RegExp(`${escapeRegExp(foldCase(scents[scents.length - 1]))}\\s(?:scent|scented|fragrance|aroma|essential oil|kokulu|kokusu|esans)`, "u").test(foldCase(source));
  if (scents.length && scents.length <= 4 && !phrased) out.push(titleCase(listOf(scents, lang), lang));
  return out;
}

/**
 * A new item's state as the seller said it, in eBay's title words ("New with Tags", "New in Box", "New Sealed"): its
 * buyers search by them. Only a state the seller wrote, and never a used item's.
 */
const NEW_STATES: [RegExp, string][] = [
  [/(?<![\p{L}])(?:(?:brand )?new with tags|nwt)(?![\p{L}])/iu, "New with Tags"],
  [/(?<![\p{L}])(?:new without tags|nwot)(?![\p{L}])/iu, "New without Tags"],
  [/(?<![\p{L}])(?:(?:brand )?new without (?:the |its )?(?:original )?box|nwob)(?![\p{L}])/iu, "New without Box"],
  [/(?<![\p{L}])(?:(?:brand )?new in (?:the |its )?(?:original )?box|b?nib)(?![\p{L}])/iu, "New in Box"],
  [/(?<![\p{L}])(?:brand )?new(?:,| and)? (?:factory |still )?sealed(?![\p{L}])|(?:^|[,.;]\s*)(?:factory|still) sealed(?=\s*(?:[,.;]|$))/imu, "New Sealed"],
  [/(?<![\p{L}])new old stock(?![\p{L}])/iu, "New Old Stock"],
  [/(?<![\p{L}])brand new(?![\p{L}])/iu, "Brand New"],
  // (A clause of its own: "Pokemon booster box …, sealed."; never "sealed with oil".)
  [/(?:^|[,.;]\s*)sealed(?=\s*(?:[,.;]|$))/imu, "Sealed"],
];
function ebayNewState(description: string): string | undefined {
  const text = description.slice(0, 2000);
  if (/(?<![\p{L}])(?:not|never) (?:brand )?new(?![\p{L}])/iu.test(text)) return undefined;
  return NEW_STATES.find(([said]) => said.test(text))?.[1];
}

/** A collectible's opening clause that starts with its franchise ("Star Wars Black Series Darth Vader 6 inch action figure"). */
const FRANCHISE_OPENING =
  /^\s*(?:star wars|marvel legends|marvel|dc comics|transformers|teenage mutant ninja turtles|tmnt|g\.i\. joe|gi joe|masters of the universe|he-man|harry potter|lord of the rings|disney|pixar|jurassic park|ghostbusters|power rangers)\b[^,.;\n]{3,60}/iu;

/** An eBay title's lead: Vintage, era, brand and model first, then the product, then its size and colour. */
function ebayLead(head: string, facts: FactSheet, lang: Lang, source: string, music = false): string {
  // A lot leads with its count ("Lot of 12 Vintage Hot Wheels Redline Cars"), then the rest is led as any title.
  // (So does a pair: "Pair of Mid Century Teak Armchairs", never "… Armchairs Pair of".)
  const lot = /^((?:lot|set|pack|bundle|box) of \d+|pair of)\s+/iu.exec(head);
  if (lot) return `${lot[1]} ${ebayLead(head.slice(lot[0].length), facts, lang, source, music)}`;
  const lead: string[] = [];
  const has = (text: string, w: string) => ` ${key(text)} `.includes(` ${key(w)} `);
  if (facts.vintage && /vintage|antika|antique/iu.test(source)) lead.push(/antika/iu.test(source) ? "Antika" : /antique/i.test(source) ? "Antique" : "Vintage");
  for (const e of facts.era) if (!has(head, e) && !/^(?:vintage|antique|antika|retro)$/i.test(e)) lead.push(titleCase(e, lang));
  // The item's name as the seller opened with it, capitals and numbers as written ("LEGO Star Wars 75192 Millennium
  // Falcon", "Canon AE-1 Program"): a collector searches by it, and the product phrase keeps only its last words.
  const name = facts.brand ? sellersName(source, facts.brand) : undefined;
  if (name) {
    const rest = withoutWordsOf(head, [name, ...lead]);
    const specs = deviceSpecs(source, facts).filter((spec) => !squashed(`${name} ${rest}`).includes(squashed(spec)));
    // (The tail's colour is said once: "Black" of "GoPro HERO9 Black" is in the name.)
    return [...lead, name, rest, ...specs, ...ebayTail(`${name} ${rest} ${specs.join(" ")}`, facts, lang, source)].filter(Boolean).join(" ").replace(/\s+/g, " ").trim();
  }
  const brandInHead = !!facts.brand && key(head).includes(key(facts.brand));
  // A record's label ("1969 UK Apple first pressing") is no maker to lead its title: the artist and title do.
  if (facts.brand && !brandInHead && !music) lead.push(facts.brand);
  // The catalogue number follows its maker: "Pyrex #403 Butterprint", also when the product's name holds the maker.
  const models = facts.models.filter((m) => !isLabelledModel(m) && !key(head).includes(key(m.replace(/^#\s?/, ""))));
  const after = modelsAfter(head, facts, source);
  if (!brandInHead) lead.push(...models);
  let rest = head
    .split(" ")
    .filter((w) => !lead.some((l) => key(l) === key(w)))
    .join(" ");
  if (brandInHead && models.length) {
    const at = key(rest).indexOf(key(facts.brand!));
    rest = at < 0 ? `${models.join(" ")} ${rest}` : `${rest.slice(0, at + facts.brand!.length)} ${models.join(" ")}${rest.slice(at + facts.brand!.length)}`;
  }
  const specs = deviceSpecs(source, facts).filter((spec) => !squashed(`${lead.join(" ")} ${rest}`).includes(squashed(spec)));
  return [...lead, rest, ...after, ...specs, ...ebayTail(`${rest} ${specs.join(" ")}`, facts, lang, source)].filter(Boolean).join(" ").replace(/\s+/g, " ").trim();
}

/** A device's storage as its seller writes it ("64GB", "128 GB", "1TB"; a one-digit GB is memory, "8GB RAM"). */
// (Nor a memory card's or a stick's that comes with it: "with 64GB microSD card".)
const STORAGE =
  /(?<![\p{L}\p{N}.])(\d{2,4}(?= ?GB)|\d{1,2}(?= ?TB)) ?(GB|TB)(?![\p{L}])(?! (?:of )?(?:RAM|memory|unified memory|DDR\d?)(?![\p{L}]))(?! (?:[Mm]icro ?)?SD(?:HC|XC)?(?![\p{L}])| (?:memory|SD|CF|USB|flash|thumb) (?:card|stick|drive)| card)/u;
/** A computer's memory as its seller writes it ("8GB RAM", "16 GB unified memory"). */
const MEMORY = /(?<![\p{L}\p{N}.])(\d{1,3}) ?GB (?:of )?(?:RAM|memory|unified memory|DDR\d?)(?![\p{L}])/iu;
/** A one-figure storage ("8GB" of a Kindle): never a computer's, whose "8GB" is its memory however it is written. */
const STORAGE_ONE = new RegExp(STORAGE.source.replace("(\\d{2,4}(?= ?GB)|\\d{1,2}(?= ?TB))", "(\\d(?= ?GB))"), "u");
const COMPUTER_WORDS = /(?<![\p{L}])(?:laptop|notebook|computer|chromebook|macbook|desktop|pc|ram|ssd|hdd|memory)(?![\p{L}])/iu;

/** A device's storage as its seller wrote it ("128GB", "1 TB", a reader's "8GB"; decision 0086). */
function storageIn(text: string): RegExpExecArray | null {
  return STORAGE.exec(text) ?? (COMPUTER_WORDS.test(text) ? null : STORAGE_ONE.exec(text));
}

/**
 * Where a device's name starts in its seller's text: after its maker's name, or at the maker's own line the text opens
 * with when the maker is not written ("iPhone 12 64GB", "Kindle Paperwhite 11th generation": the line is part of the model).
 */
function modelLead(description: string, brand: string): { pattern: string; withLine: boolean } | undefined {
  // (The line first: "iPad Air 4th generation 64GB … with Apple Pencil 2" names its maker only in what comes with it.)
  if (lineBrand(description) === brand) return { pattern: "^\\s*(?:(?:vintage|retro|rare|used|new|genuine|original)\\s+)*", withLine: true };
  return new RegExp(`(?<![\\p{L}])${escapeRegExp(brand)}(?![\\p{L}])`, "iu").test(description.slice(0, 300)) ? { pattern: `(?<![\\p{L}])${escapeRegExp(brand)}\\s+`, withLine: false } : undefined;
}

/** A year its seller gives as a clause of its name's sentence ("…electric guitar, 2021, Polar White"), from `earliest` to 2039. */
function yearClause(text: string, earliest: number): string | undefined {
  for (const m of firstSentenceOf(text).matchAll(/(?:^|,\s*)((?:19|20)\d\d)(?=\s*(?:[,.;]|$))/gu)) if (Number(m[1]) >= earliest && Number(m[1]) <= 2039) return m[1];
  return undefined;
}

/** A device's or a maker's gear's year, said as a clause of its name's sentence. */
function modelYearOf(source: string, facts: FactSheet): string | undefined {
  if (facts.vintage || !(isDevice(facts, source) || GEAR_HEADS.test(facts.head ?? ""))) return undefined;
  return yearClause(source, 1990);
}

/** A watch: its noun, or a watchmaker's piece named only by its model ("Rolex Datejust 16233 two-tone 36mm"). */
const isWatchItem = (head: string, brand: string | undefined, lang: Lang) => WATCH_HEADS.test(head) || (isWatchMaker(brand) && !isProductNoun(head, lang));

/**
 * A device's or a maker's gear's year, then a phone's, a tablet's or a console's storage and connection and a camera's
 * resolution as the seller wrote them ("2021", "64GB" or "128 GB", "Wi-Fi", "Wi-Fi + Cellular", "24.1MP"): what its buyers
 * search and filter by on eBay, right after its name. Only for a maker's device (a brand named).
 */
function deviceSpecs(source: string, facts: FactSheet): string[] {
  const year = modelYearOf(source, facts);
  return [...(year ? [year] : []), ...storageAndResolution(source.slice(0, 400), facts)];
}

function storageAndResolution(text: string, facts: FactSheet): string[] {
  // A digital camera's resolution, as its buyers compare it ("24.1MP").
  const pixels = facts.brand && DIGITAL_CAMERA.test(text) ? MEGAPIXELS.exec(text) : null;
  const resolution = pixels ? [`${pixels[1]}MP`] : [];
  const storage = facts.brand ? storageIn(text) : null;
  if (!storage) return resolution;
  const link = /(?<![\p{L}])(?:wi-?fi(?: ?\+ ?cellular)?|cellular|5G)(?![\p{L}\p{N}])/iu.exec(text)?.[0];
  // (A computer's drive keeps its kind: "512GB SSD".)
  const drive = /^ ?(SSD|HDD|eMMC)(?![\p{L}])/u.exec(text.slice((storage.index ?? 0) + storage[0].length))?.[1];
  return [drive ? `${storage[0]} ${drive}` : storage[0], ...(link ? [link.replace(/^wi-?fi/iu, "Wi-Fi").replace(/cellular/iu, "Cellular")] : []), ...resolution];
}

/** A camera's resolution as its seller writes it ("24.1MP", "20 megapixels"). */
const MEGAPIXELS = /(?<![\p{L}\p{N}.])(\d{1,3}(?:\.\d)?) ?(?:MP|megapixels?|mega pixels?)(?![\p{L}])/iu;
/** A digital camera's words ("DSLR", "mirrorless camera", "digital camera", "camcorder"). */
const DIGITAL_CAMERA = /(?<![\p{L}])(?:dslr|mirrorless|digital camera|camcorder|action camera|compact camera|point[- ]and[- ]shoot)(?![\p{L}])/iu;

/**
 * One word its seller gives a clause of its own to say what the item is ("unfiltered", "signed", "unframed", "shockproof"):
 * never a state of its wear or of the sale (decision 0091).
 */
function isStateWord(said: string): boolean {
  return (
    /^(?:un\p{L}{4,}|\p{L}{3,}(?:ed|less|proof|free))$/u.test(said) &&
    !/^(?:used|unused|unworn|unwashed|boxed|preowned|pre-owned|refurbished|untested|included|dated|undated|personali[sz]ed|customi[sz]ed|handmade|unisex|limited|unbranded|tested|needed|required|listed|shipped|posted|packed|wrapped)$/u.test(
      said,
    ) &&
    !isConditionPhrase(said)
  );
}

/** The first sentence of a seller's text (a decimal point ends none: "6.8 inch display"). */
function firstSentenceOf(description: string): string {
  return description.slice(0, 300).split(/(?<!\d)[.!?]|[.!?](?!\d)|\n/u)[0] ?? "";
}

/**
 * A device's whole "with" list in its name's sentence, also without a comma before it ("GoPro HERO9 Black action camera with 2
 * batteries, 64GB microSD card and chest mount"): what comes in its box, which its buyers compare (decision 0086). Its things
 * only, up to the first word of its state or its colour: "with FM/AM radio, tested and working" is "with FM/AM Radio".
 */
function deviceKit(input: { description: string }, facts: FactSheet): string | undefined {
  if (!isDevice(facts, input.description)) return undefined;
  // (What it works with is no part of its box: "works with Windows and macOS".)
  const listed = /(?<![\p{L}])(?<!(?:works|compatible|pairs|syncs|connects|fits|use|used) )with (?:a |an |the |one )?([\p{L}\p{N}][^;:]{2,80}?)\s*$/iu.exec(firstSentenceOf(input.description))?.[1];
  const things = listed?.split(/,\s*|\s+(?:and|&)\s+/u) ?? [];
  const stateAt = things.findIndex(
    (t) => isConditionPhrase(t) || facts.colours.includes(foldCase(t.trim())) || /^(?:no|not|without|tested|working|works|untested|minor|some|light|used|factory)(?![\p{L}])/iu.test(t),
  );
  const kept = stateAt < 0 ? things : things.slice(0, stateAt);
  return kept.length > 1 ? `${kept.slice(0, -1).join(", ")} and ${kept[kept.length - 1]}` : kept[0];
}

/** The most of a "with" list that fits, whole things only ("with 2 Batteries, 64GB microSD Card" of "… and Chest Mount"). */
function withFitting(segment: string, fits: (segment: string) => boolean): string | undefined {
  if (!segment.startsWith("with ")) return undefined;
  const things = segment.slice(5).split(/,\s*|\s+(?:and|&)\s+/u);
  for (let n = things.length - 1; n >= 1; n--) {
    const text = `with ${n > 1 ? `${things.slice(0, n - 1).join(", ")} and ${things[n - 1]}` : things[0]}`;
    if (fits(text)) return text;
  }
  return undefined;
}

/** "Complete", with what it is complete with when that is short ("complete with figure": "Complete with Figure"). */
function completeWith(description: string, lang: Lang, source: string): string {
  const what = /complete with (?:the |its |a |an )?([\p{L}][\p{L} -]{2,20}?)\s*(?=[,.;:]|$)/imu.exec(description.slice(0, 4000))?.[1];
  return what && !/(?:^| )(?:and|or|all)(?: |$)/iu.test(what) ? `Complete with ${restoreAcronyms(titleCase(what, lang), source)}` : "Complete";
}

/** An eBay book title's lead: its title and author, then its year ("Dune by Frank Herbert 1990 Ace Paperback"); its ISBN closes the title. */
function bookLead(head: string, facts: FactSheet, name = "", source = "", room = Infinity): string {
  const has = (w: string) => ` ${key(head)} `.includes(` ${key(w)} `);
  const rest = head.split(" ").filter((w) => !facts.models.some((m) => /^isbn/iu.test(m) && key(m).includes(key(w)) && key(w).length > 3));
  const whole = [...rest, ...facts.era.filter((e) => !has(e))].join(" ").replace(/\s+/g, " ").trim();
  if (!name) return whole;
  // Too long whole ("… by J.K. Rowling Bloomsbury 1997 first edition hardback" is 95): its title and author, then
  // what a collector searches, each whole while it fits: the year, the edition, the binding, the publisher; never
  // a word cut from one ("… 1997 First").
  // (Whole, it still says them when they fit: "1st edition Harry Potter and the Chamber of Secrets, Bloomsbury 1998" is
  // titled with its year, edition and publisher; decision 0091.)
  const after = source.slice(source.indexOf(name.split(" by ")[0]) + name.length);
  const year = facts.era.find((e) => /^\d{4}$/u.test(e)) ?? /^[^.\n]{0,40}?(?<![\p{N}])(1[5-9]\d\d|20[0-2]\d)(?![\p{N}])/u.exec(after)?.[1];
  const edition = /(?<![\p{L}])(first|1st|second|2nd|third|3rd|limited|signed|special|collector'?s) edition(?![\p{L}])/iu.exec(whole.length <= room ? source : after)?.[0];
  const binding = /(?<![\p{L}])(hardback|hardcover|paperback|mass market paperback|trade paperback|board book)(?![\p{L}])/iu.exec(after)?.[0];
  const publisher = /^[\s,]*((?:\p{Lu}[\p{L}&.'’-]+)(?: \p{Lu}[\p{L}&.'’-]+){0,2})(?= (?:1[89]|20)\d\d| first| 1st|,)/u.exec(after)?.[1];
  let out = whole.length <= room ? whole : name;
  for (const part of [year, edition, binding, publisher]) {
    const text = part && titleCase(part, "en");
    if (text && !` ${key(out)} `.includes(` ${key(text)} `) && `${out} ${text}`.length <= room) out = `${out} ${text}`;
  }
  return out;
}

/** What follows an eBay title's name: its one measure, its one size and its colours, when the name does not say them. */
function ebayTail(rest: string, facts: FactSheet, lang: Lang, source = ""): string[] {
  const has = (text: string, w: string) => ` ${key(text)} `.includes(` ${key(w)} `);
  const tail: string[] = [];
  // The one size it is ("UK 9 / US 10", "W32 L30"): a shopper on eBay searches by it, before any measurement.
  // A bare figure or letter says "Size" ("Size 40", "Men's Size L"; not "Jacket 40 Buttons"), and a size is a word of
  // the title, not a letter inside one ("L" of "Fleece").
  const size = facts.sizes.length === 1 ? facts.sizes[0] : undefined;
  if (size && !has(rest, size)) {
    const bare = /^(?:\d+(?:[.,]\d)?|\d?X{0,3}[SML]|X{1,3}L)$/u.test(size);
    // (Said once: "Women's Lululemon Align Leggings … Size 6", never "… Women's Size 6" after a name that says it.)
    const whose = lang === "en" && facts.audiences.length === 1 && /^(?:men|women)$/u.test(facts.audiences[0]) ? `${facts.audiences[0] === "men" ? "Men's" : "Women's"} ` : "";
    const who = whose && !new RegExp(`(?<![\\p{L}])${whose.trim()}`, "iu").test(rest) ? whose : "";
    // ("Men's US 10": a shoe size in a system says whose too.)
    const system = /^(?:US|UK|EU) /u.test(size) && !/(?:men|women)['’]s/iu.test(rest);
    // (A racket's size is its grip's: "Grip Size 3".)
    const grip = lang === "en" && new RegExp(`(?<![\\p{L}])grip size ${escapeRegExp(size)}(?![\\p{L}\\p{N}])`, "iu").test(source) ? "Grip " : "";
    tail.push(bare ? `${who}${grip}${lang === "tr" ? "Beden" : "Size"} ${size}` : system ? `${who}${size}` : /\p{Lu}/u.test(size) ? size : titleCase(size, lang));
  }
  // ("35 mm" in the name is the "35mm" the seller wrote.)
  if (facts.measures.length === 1 && !has(rest, facts.measures[0]) && !squashed(rest).includes(squashed(facts.measures[0]))) tail.push(facts.measures[0]);
  // A colour the seller gave a part ("black dial") is said with it: "Black Dial", never a bare "Black" beside a "Green Canvas Strap".
  for (const c of facts.colours.slice(0, 2)) {
    if (has(rest, c)) continue;
    // (A strap's or a band's material comes with it: "Black Resin Strap".)
    const part =
      lang === "en" ? new RegExp(`(?<![\\p{L}])${escapeRegExp(c)} (dial|face|frame|lid|sole|laces|handles?|(?:[\\p{L}]+ )?(?:strap|band|bracelet))(?![\\p{L}])`, "iu").exec(source)?.[1] : undefined;
    tail.push(titleCase(part ? `${c} ${part}` : c, lang));
  }
  return tail;
}

/**
 * The name the seller's text opens with, when it is a run of three or more words written with capitals or
 * figures that starts with the brand ("LEGO Star Wars 75192 Millennium Falcon Ultimate Collector Series"),
 * cut at a word to 60 characters; else none.
 */
function sellersName(source: string, brand: string): string | undefined {
  // (A name may join two names with "&", "Melissa & Doug", and a word may be a camel-cased name, "iPhone".)
  const run = /^\s*((?:[\p{Lu}\d#][\p{L}\p{N}'’.#/-]*)(?: (?:&|i\p{Lu}[\p{L}\p{N}]*|[\p{Lu}\d#][\p{L}\p{N}'’.#/-]*)){2,11})(?![\p{L}\p{N}])/u.exec(source.slice(0, 200))?.[1];
  // (Or a maker's line that names its maker, "Air Jordan 1 Retro High OG Chicago 2015".)
  if (!run || (key(run.split(" ")[0]) !== key(brand.split(" ")[0]) && lineBrand(run) !== brand)) return undefined;
  // A measure ends the name ("35mm" of "Canon AE-1 Program 35mm film camera" is the film's): the product phrase says it.
  const measureAt = run.split(" ").findIndex((w) => /^\d+(?:[.,]\d+)?(?:mm|cm|in|ml|l|g|kg|oz|w|v|mah|gb|tb)$/iu.test(w));
  let ws = measureAt < 0 ? run.split(" ") : run.split(" ").slice(0, measureAt);
  // A figure whose unit follows the name ("Le Creuset 5.5 qt") is the measure's, not the name's.
  const end = source.indexOf(run) + run.length;
  const after = source.slice(end, end + 12);
  if (measureAt < 0 && /^\d+(?:[.,]\d+)?$/u.test(ws[ws.length - 1] ?? "") && /^ ?(?:qt|quarts?|oz|ounces?|ml|l|lt|litres?|liters?|cm|mm|in|inch(?:es)?|ft|lbs?|kg|g|gal)\b/iu.test(after))
    ws = ws.slice(0, -1);
  while (ws.join(" ").length > 60) ws.pop();
  if (ws.length < 3) return undefined;
  // A maker's line says its maker first, as its buyers search it ("Samsung Galaxy S21 Ultra", "Sony PlayStation 5"), unless
  // the line holds the maker's name ("Air Jordan 1").
  return ws.some((w) => key(w) === key(brand)) || key(ws[0]) === key(brand.split(" ")[0]) ? ws.join(" ") : `${brand} ${ws.join(" ")}`;
}

/** `head` without the words `names` already say, each matched whole as written ("5.5") or as a word ("AE-1"). */
function withoutWordsOf(head: string, names: string[]): string {
  const named = new Set(names.flatMap((n) => [...words(n), ...n.split(" ")]).map(key));
  return head
    .split(" ")
    .filter((w) => !named.has(key(w)))
    .join(" ");
}

/** The catalogue numbers the seller labelled ("model 1252180"), as they follow the product in a title: "… Avocado Slicer Model 1252180". */
// (A part's number is said as its buyers search it, bare, "OEM" first when the seller said it is one: "OEM 45022-TBA-A01".)
const modelsAfter = (head: string, facts: FactSheet, source = "") =>
  facts.models
    .filter((m) => isLabelledModel(m) && !key(head).includes(key(modelNumber(m))))
    .map((m) => (/^(?:part|p\/n|mpn)/iu.test(m) ? `${/(?<![\p{L}])oem part/iu.test(source) ? "OEM " : ""}${modelNumber(m)}` : `Model ${modelNumber(m)}`));

/** An Amazon title's lead: the brand, then the model, then the product, each once ("Sony WH-1000XM5 Wireless Headphones"). */
function amazonLead(head: string, facts: FactSheet, source: string): string {
  // The name the seller opened with, capitals as written ("Karaca Hatır Türk kahve makinesi"): its line's name stays.
  const name = facts.brand ? sellersName(source, facts.brand) : undefined;
  // A model that is a name leads with the brand; a labelled catalogue number follows the product.
  const named = facts.models.filter((m) => !isLabelledModel(m));
  const after = modelsAfter(head, facts, source);
  if (name) {
    const rest = withoutWordsOf(head, [name]);
    const models = named.filter((m) => !key(`${name} ${rest}`).includes(key(m)));
    return [name, ...models, rest, ...after].filter(Boolean).join(" ");
  }
  const lead = [facts.brand ?? "", ...named].filter((w) => w && !key(head).includes(key(w)));
  return [...lead, head, ...after].filter(Boolean).join(" ");
}

/**
 * A writer's title with the facts a title must carry (issue 24): on eBay vintage, era, brand and
 * catalogue number lead, then size and colour; on every marketplace each size of a set is there. What
 * is added goes at its place; the title is then cut at a word to `max`, never losing the lead.
 */
export function titleFacts(title: string, facts: FactSheet, platform: Platform, lang: Lang, source: string, max: number): string {
  let out = withFits(withPair(withModels(title, facts), facts, lang), facts, platform, lang);
  if (platform === "ebay") {
    const lead = ebayLead(out.replace(/\s[-–|]\s|,\s/g, " "), facts, lang, source);
    if (lead !== out.replace(/\s[-–|]\s|,\s/g, " ")) out = lead;
  } else out = withEra(out, facts, lang, source);
  const set = facts.measures.filter((m) => !/%/.test(m));
  const flat = (t: string) => t.toLocaleLowerCase("tr").replace(/\s+/g, "").replace(/×/g, "x").replace(/[–—]/g, "-");
  const missing = set.filter((m) => !flat(out).includes(flat(m).replace(/[a-z"]+$/u, "")));
  // The whole set in one phrase when the title names none of it; the ones it lacks when it names some ("Small 30x20 cm" stays, said once).
  if (missing.length && set.length > 1 && missing.length === set.length) {
    const phrase = measuresPhrase(facts, lang) ?? "";
    out = `${out}${platform === "ebay" ? " " : ", "}${phrase}`;
  } else if (missing.length) {
    // The object's dimensions it lacks in one phrase ("32 oz, 7 x 3.5 Inches"), else each with its label.
    const dims = dimensionsPhrase(facts, missing);
    out = dims ? withMeasuresBeside(out, set, [missing[0]], platform, () => titleCase(dims, lang)) : withMeasuresBeside(out, set, missing, platform, (m) => titleCase(labelledMeasure(facts, m), lang));
  }
  out = asWritten(withEverySize(out, facts, platform, lang), facts);
  const fitWords = new Set((facts.fits ?? []).flatMap((f) => f.split(" ").map((w) => foldCase(w))));
  // An Etsy title the facts made longer than its 15 words loses whole phrases that say no fact, from its end
  // ("…, Height 55 cm, Kai Kristiansen, Solid Legs" keeps its measures and drops "Solid Legs").
  if (platform === "etsy") {
    const parts = out.split(", ");
    const items = factItems(facts);
    const sayless = (part: string) => !/\d/u.test(part) && !part.split(" ").some((w) => fitWords.has(foldCase(w))) && !items.some((item) => statesFact(part, item));
    for (let i = parts.length - 1; i > 0 && words(parts.join(", ")).length > ETSY_TITLE_WORDS; i--) if (sayless(parts[i])) parts.splice(i, 1);
    out = parts.join(", ");
  }
  if (out.length <= max) return out;
  // Too long: a closing word on its state goes whole ("… Made in England Excellent Condition" never ends "… Excellent").
  const state = /[\s,]+(?:in )?(?:excellent|very good|good|great|mint|fair|working|near mint|used) (?:condition|order|used condition)$/iu.exec(out);
  if (state) out = out.slice(0, state.index);
  if (out.length <= max) return out;
  // Then the last words that are not facts go first (what it fits is a fact).
  const ws = out.split(" ");
  // (A measure's "x" and unit go with its figures: "180 x 45 x 75 cm" stays whole.)
  const measureWord = (i: number) => /^(?:x|×|cm|mm|m|in|inch|inches|ml|l|oz|qt|kg|g|lbs?)[,]?$/iu.test(ws[i]) && /\d/.test(ws[i - 1] ?? "");
  const keep = (w: string, i: number) => /\d/.test(w) || measureWord(i) || (facts.brand ?? "").toLowerCase().includes(w.toLowerCase()) || fitWords.has(foldCase(w.replace(/[,]$/, "")));
  for (let i = ws.length - 1; i > 0 && ws.join(" ").length > max; i--) if (!keep(ws[i], i)) ws.splice(i, 1);
  return ws
    .join(" ")
    .replace(/[\s,\-–]+$/, "")
    .slice(0, max)
    .trim();
}

/**
 * The sizes of a set the title lacks, beside the one it names ("Small 30x20 cm, 35x25 cm, 40x30 cm,
 * Juice Groove", not the feature between them); at the end when the named one is not found as written.
 */
function withMeasuresBeside(title: string, set: string[], missing: string[], platform: Platform, shown: (m: string) => string): string {
  const join = platform === "ebay" ? " " : ", ";
  const added = missing.map(shown).join(join);
  const fold = (t: string) => foldCase(t).replace(/×/g, "x").replace(/[–—]/g, "-");
  const ends = set.filter((m) => !missing.includes(m)).map((m) => (fold(title).indexOf(fold(m)) < 0 ? -1 : fold(title).indexOf(fold(m)) + m.length));
  let end = Math.max(-1, ...ends);
  if (end < 0) return `${title}${join}${added}`;
  // After the whole segment that says the measure ("50 cm Diameter Top"), never inside it.
  if (platform !== "ebay") {
    const next = title.slice(end).search(/,\s|\s[-–|]\s/u);
    end = next < 0 ? title.length : end + next;
  }
  return `${title.slice(0, end)}${join}${added}${title.slice(end)}`;
}

/** Model numbers and what the item fits as the seller wrote them ("P-1-B", "iPhone 15 Pro"), whatever the title's casing did. */
export function asWritten(title: string, facts: FactSheet): string {
  let out = title;
  // Word by word: a word the seller wrote with a capital keeps their casing ("iPhone", "P-1-B"); the title's casing of the others stays ("11th Generation").
  for (const name of [...facts.models, ...(facts.fits ?? [])].filter((n) => n.length <= 80))
    out = out.replace(new RegExp(`(?<![\\p{L}\\p{N}])${escapeRegExp(name)}(?![\\p{L}\\p{N}])`, "giu"), (found) => {
      const mine = name.split(" ");
      return found
        .split(" ")
        .map((w, i) => (mine[i] && /\p{Lu}/u.test(mine[i]) ? mine[i] : w))
        .join(" ");
    });
  return out;
}

const squashed = (t: string) => foldCase(t).replace(/[^\p{L}\p{N}]+/gu, "");

/** Whether `title` names what the item fits ("iPhone 15 Pro"), in any case and spacing. */
function titleHasFit(title: string, target: string): boolean {
  return squashed(title).includes(squashed(target));
}

/**
 * What the item fits in the title (decision 0063): "Silicone Case for iPhone 15 Pro, Shockproof Corners",
 * "AirPods Pro 2 Uyumlu Silikon Kılıf". English puts "for <target>" after the product's name (its first
 * part), Turkish "<target> Uyumlu" before it, eBay without separators; a title part the target already
 * holds ("Apple Watch 41 mm" of "Apple Watch 41 mm and 40 mm") gives way to it.
 */
function withFits(title: string, facts: FactSheet, platform: Platform, lang: Lang): string {
  let out = title;
  for (const target of facts.fits ?? []) {
    // Named without "for" in an English title ("Leather Cover Brown Kindle Paperwhite"): moved after the product's name with it.
    // (A lens's "M42 Mount" is said as its seller wrote it: the mount is the lens's own.)
    if (titleHasFit(out, target) && lang === "en" && !new RegExp(`(^|\\s)${escapeRegExp(target)} mount(?![\\p{L}])`, "iu").test(out)) {
      const at = new RegExp(`(^|\\s)${escapeRegExp(target)}(?![\\p{L}\\p{N}])`, "iu").exec(out);
      const before = at ? out.slice(0, at.index + at[1].length) : "";
      // (Already in the list after "for": "for GoodNotes and Notability, iPad" stays as it is.)
      if (at && at.index > 0 && !/(?:for|fits|with|compatible|and|&)\s*$/iu.test(before) && !/(?:for|fits|compatible with)\s[^-–|]*,\s*$/iu.test(before))
        out = `${out.slice(0, at.index)}${out.slice(at.index + at[0].length)}`
          // (A phrase taken from between two commas leaves one comma: "Machine Washable, Non-Slip Base".)
          .replace(/,(?:\s*,)+/gu, ",")
          .replace(/\s{2,}/g, " ")
          .replace(/(?:\s[-–|]|,)\s*$/u, "")
          .trim();
    }
    if (titleHasFit(out, target)) continue;
    // A title cut inside the target ("... Compatible with Mr") is completed where it stops.
    // In the title's case, with the seller's capitals ("Kindle Paperwhite 11th Generation", "iPhone 15 Pro").
    const shown = asWritten(titleCase(target, lang), facts);
    const tw = shown.split(" ");
    const ow = out.split(" ");
    const plain = (w: string) => foldCase(w).replace(/[^\p{L}\p{N}]+/gu, "");
    const k = [3, 2, 1].find((n) => n < tw.length && ow.length > n && ow.slice(-n).every((w, i) => plain(w) === plain(tw[i])) && /^(?:for|with|fits)$/iu.test(ow[ow.length - n - 1]));
    if (k) {
      out = [...ow.slice(0, -k), ...tw].join(" ");
      continue;
    }
    // The target's leading words named alone in a title without separators ("Band Navy Apple Watch" for "Apple Watch 45 mm") go: they come back whole.
    // After "for" it is completed where it stands ("for Apple Watch" → "for Apple Watch 45 mm").
    let placed = false;
    for (let n = tw.length - 1; n >= 1 && !placed; n--) {
      const lead = tw.slice(0, n);
      if (n < 2 && !/\d|^\p{Lu}{2,}|^i\p{Lu}/u.test(lead[0])) break;
      const found = new RegExp(`(^|\\s)${lead.map((w) => escapeRegExp(w)).join("\\s+")}(?=[\\s,]|$)`, "iu").exec(out);
      if (!found) continue;
      const after = /(?:for|fits|with)\s*$/iu.test(out.slice(0, found.index + 1));
      out = `${out.slice(0, found.index)}${found[1]}${after ? shown : ""}${out.slice(found.index + found[0].length)}`.replace(/\s{2,}/g, " ").trim();
      placed = after;
      if (!after) break;
    }
    if (placed) continue;
    // Another thing it fits is named already ("for MacBook"): this one joins that list ("for MacBook, iPhone 15 and Galaxy S24").
    if (lang !== "tr") {
      const escaped = (t: string) =>
        t
          .split(/\s+/)
          .map((w) => escapeRegExp(w))
          .join("\\s+");
      const listed = (facts.fits ?? [])
        .filter((f) => f !== target && titleHasFit(out, f))
        .map((f) => new RegExp(`(?:for|fits|compatible with)\\s+${escaped(f)}(?![\\p{L}\\p{N}])`, "iu").exec(out))
        .find((m) => m !== null);
      if (listed) {
        const end = listed.index + listed[0].length;
        // A later part that only says part of it goes ("…, Galaxy S24"): its words come with it.
        const later = out
          .slice(end)
          .split(/(\s[-–|]\s|,\s)/)
          .filter((p, i) => i % 2 === 1 || !p.trim() || !squashed(target).includes(squashed(p)))
          .join("")
          .replace(/(\s[-–|]\s|,\s)(?=\s[-–|]\s|,\s|$)/g, "");
        out = `${out.slice(0, end)}, ${shown}${later}`;
        continue;
      }
    }
    const parts = out.split(/(\s[-–|]\s|,\s)/);
    // Parts that only say part of the target go (their words come back with it).
    const kept = parts.filter((p, i) => i === 0 || i % 2 === 1 || !squashed(target).includes(squashed(p)));
    const joined = kept.join("").replace(/(\s[-–|]\s|,\s)(?=\s[-–|]\s|,\s|$)/g, "");
    const at = joined.search(/\s[-–|]\s|,\s/);
    let first = at < 0 ? joined : joined.slice(0, at);
    const rest = at < 0 ? "" : joined.slice(at);
    // A measure the target says ("Instant Pot 6 qt") is the target's, not the product's: said once.
    for (const m of facts.measures) if (m.length <= 40 && squashed(target).includes(squashed(m))) first = first.replace(new RegExp(`\\s${escapeRegExp(m)}(?![\\p{L}\\p{N}])`, "iu"), "");
    if (lang === "tr") out = `${shown} Uyumlu ${first}${rest}`;
    else {
      // eBay: right after the product's noun when the title names it there, else after the first part.
      const head = facts.head && facts.head.length <= 60 ? new RegExp(`(?<![\\p{L}])${escapeRegExp(facts.head)}s?(?![\\p{L}])`, "iu").exec(first) : null;
      const cut = platform === "ebay" && head ? head.index + head[0].length : first.length;
      out = `${first.slice(0, cut)} for ${shown}${first.slice(cut)}${rest}`;
    }
  }
  return out;
}

/** A pair keeps both pieces in the title ("Teacup and Saucer", never "Teacup" alone): the second after the product's noun. */
function withPair(title: string, facts: FactSheet, lang: Lang): string {
  const second = facts.pairedWith;
  if (!second || !facts.head || second.length > 40 || facts.head.length > 60 || new RegExp(`(?<![\\p{L}])${second}`, "iu").test(title)) return title;
  const at = new RegExp(`(?<![\\p{L}])${escapeRegExp(facts.head)}(?![\\p{L}])`, "iu").exec(title);
  if (!at) return title;
  const end = at.index + at[0].length;
  return `${title.slice(0, end)} ${lang === "tr" ? "ve" : "and"} ${titleCase(second, lang)}${title.slice(end)}`;
}

const ERA_WORD = /(?<![\p{L}])(vintage|antique|antika|retro)(?![\p{L}])/iu;

/**
 * A vintage item's era in an Etsy or Amazon title, as on eBay (decision 0063): after "Vintage" when the
 * title says it, else "Vintage <era>" first when the seller called it vintage, else at the end.
 */
function withEra(title: string, facts: FactSheet, lang: Lang, source: string): string {
  if (!facts.vintage) return title;
  let out = title;
  // (Said as a title says it: "19. Yüzyıl", "Late 19th Century".)
  for (const era of facts.era.map((e) => titleCase(e, lang))) {
    if (/^(?:vintage|antique|antika|retro)$/iu.test(era) || squashed(out).includes(squashed(era)) || (/^\d{4}s$/.test(era) && squashed(out).includes(era.slice(2)))) continue;
    const said = ERA_WORD.exec(out);
    if (said) out = `${out.slice(0, said.index + said[0].length)} ${era}${out.slice(said.index + said[0].length)}`;
    else if (ERA_WORD.test(source)) out = `${titleCase(ERA_WORD.exec(source)![1], lang)} ${era} ${out}`;
    else out = `${out}, ${era}`;
  }
  return out;
}

/**
 * A title that names some of the seller's sizes names them all ("0-3 Ay, 6-12 Ay, 1-2 Yaş", never
 * "0-3 Ay, 1-2 Yaş" as if it were a range): each missing size goes after the size before it.
 */
function withEverySize(title: string, facts: FactSheet, platform: Platform, lang: Lang): string {
  const has = (t: string, size: string) => foldCase(t).replace(/\s+/g, "").includes(foldCase(size).replace(/\s+/g, ""));
  if (facts.sizes.length < 2 || !facts.sizes.some((s) => has(title, s))) return title;
  let out = title;
  facts.sizes.forEach((size, i) => {
    if (has(out, size)) return;
    const before = facts.sizes
      .slice(0, i)
      .reverse()
      .find((s) => has(out, s));
    const text = titleCase(size, lang);
    if (!before) {
      // Before the first later size the title names ("A4, US Letter"), else at the end.
      const after = facts.sizes.slice(i + 1).find((s) => has(out, s));
      const at = after ? foldCase(out).indexOf(foldCase(after)) : -1;
      out = at < 0 ? `${out}${platform === "ebay" ? " " : ", "}${text}` : `${out.slice(0, at)}${text}${platform === "ebay" ? " " : ", "}${out.slice(at)}`;
      return;
    }
    const at = foldCase(out).indexOf(foldCase(before));
    if (at < 0) {
      out = `${out}${platform === "ebay" ? " " : ", "}${text}`;
      return;
    }
    // After the unit the sizes share ("0-3 Months" → "0-3 Months, 3-6 Months").
    const unit = /^ ([\p{L}]+)/u.exec(out.slice(at + before.length))?.[1];
    const end = at + before.length + (unit && foldCase(size).endsWith(foldCase(unit)) ? unit.length + 1 : 0);
    out = `${out.slice(0, end)}${platform === "ebay" ? " " : ", "}${text}${out.slice(end)}`;
  });
  return out;
}

/** Etsy's advice: a short, clear title; at most 15 words. */
const ETSY_TITLE_WORDS = 15;

interface Segment {
  text: string;
  priority: number;
}

/** What is put on it, said before its verb ("name and phone number engraved"): a title says "Engraved with Name and Phone Number". */
const PERSONAL_BEFORE =
  /(?<![\p{L}])((?:your |the |(?:dog|cat|pet)['’]s )?(?:names?|initials?|dates?|phone numbers?|monograms?|messages?)(?:(?:,| and| &) (?:your |the )?(?:names?|initials?|dates?|phone numbers?|monograms?|messages?)){0,3}) (engraved|embroidered|monogrammed|stamped)(?![\p{L}])/iu;

/** What is put on a personalised item, alone ("name", "phone number"): no search and nothing a photo shows. */
const PUT_ON_THING = /^(?:names?|initials?|dates?|phone numbers?|numbers?|messages?)$/u;

/** The phrases a title is built from, best first, each a whole phrase in Title Case. */
/** A personalisation clause in the seller's words ("personalised with name", "engraved with initials"). */
const PERSONAL_CLAUSE =
  /(?<![\p{L}])(?:personali[sz]ed|customi[sz]ed|engraved|embroidered|monogrammed|hand[- ]stamped) with (?:a |an |your |the |her |his |their |up to \d+ )?(?:(?:baby|child|kid|dog|cat|pet)['’]s )?(?:names?|initials?|dates?|monogram|messages?|text)(?![\p{L}])/iu;

/** Specifications of a device ("Bluetooth 5.3", "IPX5 waterproof", "Wi-Fi 6", "5000 mAh", "USB 3.0", "120W"), with the word a rating goes with. */
const SPEC =
  /(?<![\p{L}\p{N}-]|\d[,.])(?:IP[X\d]\d(?: (?:waterproof|water[- ]resistant|dustproof))?|Bluetooth \d(?:\.\d)?|Wi-?Fi \d[E]?|USB \d\.\d|HDMI \d\.\d|\d{1,3}(?:,\d{3})+ ?mAh|\d{3,5} ?mAh|\d{2,4} ?(?:gsm|GSM)|\d{2,4} ?(?:W|[Ww]atts?))(?![\p{L}\p{N}])/gu;

/** The seller's lists of sizes ("S, M and L"): each is sold, so each is said whole. */
// (Letter sizes written with spaces or slashes are one too: "S M L", "S/M/L".)
const sizeListsOf = (facts: FactSheet) => facts.sizes.filter((size) => /,| and | or | & | ve | veya /iu.test(size) || LETTER_SIZES.test(size));
const LETTER_SIZES = /^(?:\d?X{0,3}[SML]|XXS)(?:\s*[ /]\s*(?:\d?X{0,3}[SML]|XXS))+$/iu;
/** Letter sizes in their order, each with its other spellings. */
const SIZE_ORDER = ["XXS", "XS", "S", "M", "L", "XL", "2XL|XXL", "3XL|XXXL", "4XL", "5XL"];
/**
 * A list of sizes as a title writes it: letter sizes in a run as a range ("S-3XL" of "S M L XL 2XL 3XL", "S-L" of "S/M/L"),
 * others with spaces; never with commas, which a title's reader takes for its phrases' ends.
 */
function sizeListText(size: string): string {
  if (!LETTER_SIZES.test(size)) return size;
  const sizes = size.split(/\s*[ /]\s*/u).map((x) => x.toUpperCase());
  const at = sizes.map((x) => SIZE_ORDER.findIndex((o) => o.split("|").includes(x)));
  const run = sizes.length >= 3 && at.every((a, i) => a >= 0 && (i === 0 || a === at[i - 1] + 1));
  return run ? `${sizes[0]}-${sizes[sizes.length - 1]}` : sizes.join(" ");
}
/** A piece of one of those lists ("adult S" of "child, adult S and adult L"), which alone would name one size as the product's. */
const isPieceOfSizeList = (lists: string[], text: string) => lists.some((size) => foldCase(size).includes(foldCase(text)));

/** A noun that names a quantity without its figure ("cure time" of "cure time 6 weeks", "battery life"): says nothing alone. */
const withoutItsValue = (phrase: string) => /(?:^|\s)(?:time|life|count|süresi|ömrü|sayısı)$/iu.test(phrase) && !/\d/u.test(phrase);

/**
 * What an included clause names, without the seller's verb or its "included" ("with lid", "Includes carrying case",
 * "USB-C cable included": "lid", "carrying case", "USB-C cable").
 */
function includedThing(clause: string): string {
  return clause
    .replace(/^(?:with|includes?|including|comes? with)\s+(?:a |an |two |three )?/iu, "")
    .replace(/\s+(?:is |are )?(?:also )?included$/iu, "")
    .replace(/\s+(?:ile birlikte|dahil|dahildir)$/iu, "");
}

/** The words that say what comes with an item ("comes with", "includes", "you will receive"). */
const COMES_WITH = /^(?:comes? with|includes?|including|you will (?:receive|get)|you'll (?:receive|get)|package includes|the set includes)\s+/u;

/** What was done to a part, said right after it ("replaced" of "Light seals replaced 2025", "serviced" of "Movement serviced in 2024"). */
const SERVICED = "replaced|serviced|cleaned|restored|refurbished|overhauled|tested|calibrated|rebuilt|reupholstered|restrung|refinished|resealed|regreased";
function servicedAfter(text: string, phrase: string): string | undefined {
  if (phrase.length > 60) return undefined;
  return new RegExp(`(?<![\\p{L}])${escapeRegExp(phrase)} (${SERVICED})(?![\\p{L}])`, "iu").exec(text.slice(0, 4000))?.[1]?.toLowerCase();
}

function titleSegments(input: ComposeInput, r: ProductReading): Segment[] {
  const source = `${input.description} ${input.keywords.join(" ")}`;
  const out: Segment[] = [];
  // A Turkish clause that says a part exists ("Bozuk Para Gözü Var") names the part without its "var".
  // ("for" stays small where a segment opens with it: "…, for Large Dogs", as the marketplaces write it.)
  // (A grade keeps its "+": "Vinyl VG+", the reader of phrases drops it.)
  const graded = (text: string) => (/(?:VG|EX|NM)$/iu.test(text) && text.length <= 40 && new RegExp(`${escapeRegExp(text)}\\+`, "iu").test(source) ? `${text}+` : text);
  const add = (text: string, priority: number) =>
    out.push({
      text: restoreAcronyms(titleCase(graded(r.lang === "tr" ? text.replace(/\s(?:var|vardır|mevcut|mevcuttur|bulunur)$/iu, "") : text), r.lang), source)
        .replace(/^(?:For|With) (?=\p{Lu})/u, (m) => (text.startsWith(m.toLowerCase()) ? m.toLowerCase() : m))
        // A letter size keeps its capitals ("2XL", "XS"), as every size chart writes it.
        .replace(/(?<![\p{L}\p{N}])\d?(?:x{1,3}[sl]|xxs)(?![\p{L}\p{N}])/giu, (size) => size.toUpperCase()),
      priority,
    });
  for (const k of keywordList(input)) if (words(k).length >= 2) add(k, 0);
  // A record's label with its catalogue number ("Harvest SHVL 804"): what its collectors search first, after its name.
  const { label, catalogue } = r.category.id === "music" && r.lang === "en" ? recordLabel(input.description) : {};
  if (catalogue && label) out.push({ text: `${label} ${catalogue}`, priority: 0 });
  // Wear and damage ("utensil marks inside", "crack on the saucer rim") belong to the description's condition line, never a title keyword.
  const conditionClauses = new Set(r.phrases.filter((p) => p !== r.phrase && isConditionPhrase(phraseText(p))).map((p) => p.clause));
  // A part a flaw the fact sheet read is on ("top plate" of "some brassing on the top plate").
  // ("Excellent condition", "in working order" are no flaw: an eBay title may say them.)
  const flaws = factsFor(input)
    .condition.filter((c) => isConditionPhrase(c))
    .map((c) => foldCase(c));
  // A list of sizes the seller sells ("child, adult S and adult L") is said whole, never one piece of it ("Adult S").
  const sizeLists = sizeListsOf(factsFor(input));
  const pieceOfList = (text: string) => isPieceOfSizeList(sizeLists, text);
  // The words right after "fits" in the seller's text ("fits drawers 30-45 cm wide"), read once.
  // ("fits most cup holders": the quantifier stays with it, "Fits Most Cup Holders".)
  const fittedAs = new Map(
    r.lang === "en"
      ? [...input.description.matchAll(/(?<![\p{L}])fits? ((?:most|all|any|standard) )?(\p{L}+)/giu)].map((m) => [foldCase(m[2]), m[1] ? `${titleCase(m[1].trim(), r.lang)} ` : ""] as const)
      : [],
  );
  const fitted = new Set(fittedAs.keys());
  // A phrase the seller's text goes on to call a state ("Plak iyi durumda", "shutter in good condition") is the item's condition.
  // The words before each state word, read once ("plak iyi" of "Plak iyi durumda").
  // ("Plak temiz", the record is clean, at a clause's end too.)
  // The words before each state word and with it, read once ("plak iyi" of "Plak iyi durumda", "plak temiz").
  const states = [
    ...foldCase(input.description).matchAll(/([^.,;:!?\n]{1,60}) (durumda|durumdadır|condition|(?:temiz|sağlam|iyi|perfect|good|fine|flawless)(?=\s*(?:[.,;:!?\n]|$)))(?![\p{L}])/gu),
  ].flatMap((m) =>
    // ("Excellent Condition" may stay in an eBay title; "Plak Temiz", the record is clean, and "Battery Good", "Front Screen" of
    // "front screen perfect" read as broken phrases.)
    /^(?:temiz|sağlam|iyi|perfect|good|fine|flawless)$/u.test(m[2]) ? [` ${m[1]}`, ` ${m[1]} ${m[2]}`] : [` ${m[1]}`],
  );
  const isState = (text: string) => states.some((said) => said.endsWith(` ${foldCase(text)}`));
  // The lens a camera comes with, whole ("with 50mm f/1.4 Lens"): a buyer searches a body with its lens, never a piece of it ("4 Lens").
  const lenses = factsFor(input).details.filter((d) => /(?<![\p{L}])lens$/iu.test(d));
  // ("with" stays small after the product's name, an aperture keeps its small f: "f/1.4".)
  for (const lens of lenses) out.push({ text: `with ${restoreAcronyms(titleCase(lens, r.lang), source).replace(/(?<![\p{L}])F\/(?=\d)/gu, "f/")}`, priority: 0 });
  const ofALens = (text: string) => lenses.length > 0 && /(?<![\p{L}])lens(?![\p{L}])/iu.test(text);
  // (A pattern's yarn is what it needs, not what it is: no material leads a pattern's phrases.)
  // (Only where the material makes the piece, jewelry's metal: a candle's jar or a basket's lining is no lead.)
  const materialNames = factsFor(input).pattern || r.digital || !JEWELRY.has(r.category.id) ? [] : factsFor(input).materials.map((m) => foldCase(m.name));
  const designNames = factsFor(input).designs.map((d) => foldCase(d));
  // A Turkish range of ages or sizes, said whole ("0-6 Ay ile 2 Yaş Arası"); its pieces are no phrases of their own.
  const range = /(?<![\p{L}\p{N}])(\d+(?:-\d+)? (?:ay|yaş|aylık)) ile (\d+(?:-\d+)? (?:ay|yaş)) arası(?![\p{L}])/iu.exec(input.description.slice(0, 2000));
  if (range) add(range[0], 1);
  const pieceOfRange = (text: string) => !!range && (foldCase(range[0]).includes(foldCase(text)) || /(?:^| )arası$/iu.test(text));
  // What comes with the item ("comes with case and charging cable") is said as such, "with Case and Charging Cable",
  // never as the item's own words ("Headphones Black Charging Cable").
  // (Only what comes with it: "with juice groove" is the board's own feature, and a digital bundle's files are the product.)
  const included =
    r.lang === "en" && !r.digital
      ? factsFor(input)
          // ("USB-C cable included" says what "includes USB-C cable" says.)
          .included.map((i) => foldCase(i).replace(/^([^;.]{3,50}?) (?:is |are )?(?:also )?included$/u, "includes $1"))
          .filter((i) => COMES_WITH.test(i))
      : [];
  const includedWords = included.map((i) => ` ${i.replace(/[,;:.]/gu, " ")} `);
  const inIncluded = (text: string) => includedWords.some((i) => i.includes(` ${foldCase(text)} `));
  // (A short list whole: "with 2 Batteries, Charger and Bag" of "2 batteries, charger and bag included".)
  const withWhat = included
    .map((i) => i.replace(COMES_WITH, ""))
    .map((i) =>
      /^(?:[^,;]+, )+[^,;]+ and [^,;]+$/u.test(i) && i.length <= 40 && !/(?<![\p{L}])(?:no|not|without)(?![\p{L}])/u.test(i)
        ? i.replace(/^(?:a |an |the )/u, "").trim()
        : /^\s*(?:a |an |the )?([^,;]{3,40}?)\s*(?:[,;]|$)/u.exec(i)?.[1],
    )
    .find((w) => w && /\p{L}{3}/u.test(w));
  // (Beside a lens it comes with, one "with": "with 50mm f/1.4 Lens and Original Strap".)
  const lensSegment = out.find((o) => o.priority === 0 && /^with .* Lens$/u.test(o.text));
  // What comes with it follows what it is and has ("… 8000 DPI Sensor, Quiet Clicks, with Logi Bolt Receiver"); on eBay, where
  // a title holds three phrases after the name, it keeps its place among them ("… White with Dock and Joy-Cons").
  const withPriority = platformOf(input) === "ebay" ? 2 : 2.5;
  // A device's "with" list of its name's sentence and what the text says it includes are one list ("Apple Watch … with sport
  // band. … Charger included.": "with Sport Band and Charger").
  const kit = r.lang === "en" && !r.digital && !lensSegment ? deviceKit(input, factsFor(input)) : undefined;
  const withBoth = kit && withWhat && !` ${foldCase(kit)} `.includes(` ${foldCase(withWhat)} `) ? `${kit.replace(/ and /u, ", ")} and ${withWhat}` : undefined;
  if (withWhat && lensSegment) lensSegment.text = `${lensSegment.text} and ${restoreAcronyms(titleCase(withWhat, r.lang), source)}`;
  else if (withBoth && withBoth.length <= 60) out.push({ text: `with ${restoreAcronyms(titleCase(withBoth, r.lang), source)}`, priority: withPriority });
  else if (withWhat) out.push({ text: `with ${restoreAcronyms(titleCase(withWhat, r.lang), source)}`, priority: withPriority });
  // A clause of the name's sentence that opens with "with" says what the item comes with ("Nintendo Switch OLED console,
  // white, 64GB, with dock and Joy-Cons"): said as such, "with Dock and Joy-Cons". (Not what is put on it: "with your names".)
  else if (r.lang === "en" && !r.digital && !lensSegment) {
    const firstSentence = firstSentenceOf(input.description);
    const said = /,\s*with (?:a |an |the |one )?((?!(?:your|my|our|his|her|their|custom|personali[sz]ed)\b)[\p{L}\p{N}'’-]+(?: (?:and |& )?[\p{L}\p{N}'’-]+){0,4})\s*(?=,|$)/iu.exec(
      firstSentence,
    )?.[1];
    // (What it is for stays out: "a chain to hang it" comes as a chain.)
    const clause = kit ?? said?.replace(/ to .*$/u, "");
    if (clause && clause.length <= (kit ? 60 : 40)) out.push({ text: `with ${restoreAcronyms(titleCase(clause, r.lang), source)}`, priority: withPriority });
  }
  // The words of what it comes with are said there, never again as the item's own ("Original Case" beside "with Original Case and Foot Pedal").
  const withText = out.filter((o) => o.text.startsWith("with ")).map((o) => ` ${words(o.text).map(key).join(" ")} `);
  const inWith = (text: string) => withText.some((w) => w.includes(` ${words(text).map(key).join(" ")} `));
  // One colour of several the seller offers ("colors: black, heather grey, white") is no colour of the item a title may name.
  const offered = factsFor(input).colours.length > 1 && /(?<![\p{L}])(?:colou?rs\s?:|available in|comes in|choose (?:from|your)|renkler\s?:)/iu.test(input.description);
  const oneOffered = (text: string) => offered && factsFor(input).colours.some((c) => foldCase(c) === foldCase(text));
  // (Read once for the phrases below: the file's formats, and two appliances it is safe in.)
  const formats = factsFor(input).formats;
  const safeIn = SAFE_IN_TWO.exec(input.description)?.[0];
  for (const p of r.phrases) {
    if (
      p === r.phrase ||
      oneOffered(phraseText(p)) ||
      (p.kind === "noun" && (inIncluded(phraseText(p)) || inWith(phraseText(p)))) ||
      // (A unit cut from its figure opens no phrase: "Min Charge" of "3 min charge for 3 hours play".)
      /^(?:min|mins|sec|secs|hr|hrs|h|mm|cm|in|ml|g|kg|oz|lb|lbs|saat)$/iu.test(p.tokens[0] ?? "") ||
      pieceOfRange(phraseText(p)) ||
      ofALens(phraseText(p)) ||
      conditionClauses.has(p.clause) ||
      flaws.some((c) => c.includes(foldCase(phraseText(p)))) ||
      pieceOfList(phraseText(p)) ||
      isState(phraseText(p)) ||
      withoutItsValue(phraseWithMeasure(p))
    )
      continue;
    // Care ("Nemli Bezle Silin", wipe with a damp cloth) is for the description, never a title keyword; what may go in the
    // dishwasher is, with the part it is said of ("Dishwasher Safe Basket").
    if (
      CARE_CLAUSE.test(phraseText(p)) &&
      !(/(?:safe|washable|yıkanabilir)$/iu.test(phraseText(p)) || (p.kind === "feature" && /(?:safe|washable|yıkanabilir) \p{L}+(?: \p{L}+)?$/iu.test(phraseText(p))))
    )
      continue;
    // A file's formats whole ("PNG, DXF, EPS Files" of "SVG PNG DXF and EPS files"), never the last one alone ("EPS Files");
    // a format the product's name says ("SVG Bundle") is not said again.
    if (r.digital && formats.length >= 2 && p.kind === "noun" && p.tokens.length === 2 && /^files?$/iu.test(p.tokens[1]) && formats.some((f) => foldCase(f) === foldCase(p.tokens[0]))) {
      const name = foldCase(input.description.split(/[,.;\n]/u)[0] ?? "");
      const others = formats.filter((f) => !new RegExp(`(?<![\\p{L}])${escapeRegExp(foldCase(f))}(?![\\p{L}])`, "u").test(name));
      if (others.length) {
        add(`${others.join(", ")} Files`, 2);
        continue;
      }
    }
    // ("Dishwasher and Microwave Safe" whole, as the seller said it, never its first half.)
    // (In either order: "Microwave and Dishwasher Safe".)
    if (p.kind === "feature" && safeIn && / safe$/iu.test(phraseText(p)) && foldCase(safeIn).includes(foldCase(phraseText(p)).replace(/ safe$/u, ""))) add(safeIn, 1);
    else if (p.kind === "feature") add(phraseText(p), /size|beden/i.test(phraseText(p)) ? 3 : 1);
    else if (p.kind === "noun" && p.tokens.length >= 2) {
      // What it fits keeps its verb: "Fits Drawers 30-45 cm", never "Drawers 30-45 cm" as if it were the product's size.
      // A phrase naming what the item is made of ("14k gold filled chain") is a fact a buyer filters by, as a measure is.
      // So is its design or pattern's name ("Eucalyptus design").
      // So is its smell ("Fig and Cedar Scent"): a candle's or a soap's shoppers search by it first.
      // The product's own size, read after another phrase ("high density EVA foam, 23 x 15 x 7.5 cm"), is no measure of that phrase.
      const sizeOfProduct = !!p.measure && p.measure === r.size && !p.tokens.includes(p.measure);
      const madeOf = [...materialNames, ...designNames, ...(factsFor(input).scents ?? []).map((sc) => foldCase(sc))].some((m) => ` ${foldCase(phraseText(p))} `.includes(` ${m} `));
      // A part the seller says was serviced keeps what was done ("Light Seals Replaced"), never "Light Seals" as if it were a feature.
      const done = p.measure ? undefined : servicedAfter(input.description, phraseText(p));
      // Whom or what it is for keeps its "for" ("for Large Dogs", "for Kitchen Utensils"), never a bare "Large Dogs".
      // (What it fits has its own place, right after the product: "Phone Case for iPhone 15 Pro".)
      const aFit = (factsFor(input).fits ?? []).some((f) => foldCase(f).includes(foldCase(phraseText(p))) || foldCase(phraseText(p)).includes(foldCase(f)));
      // (What it fits, said after the product's own size, has its place right after the product's name: no phrase of its own here.)
      if (aFit && sizeOfProduct) continue;
      // (Not the yarn a pattern is made "ile", "Pamuk İp", nor what a soap is made "ile", "Lavanta Yağlı".)
      const withTr = (text: string) =>
        r.lang === "tr" &&
        !r.digital &&
        !factsFor(input).pattern &&
        text.length <= 60 &&
        !/(?:yağı|özü|ekstresi|sütü|balı|tozu|unu|suyu)$/iu.test(text) &&
        new RegExp(`(?<![\\p{L}])${escapeRegExp(text)} ile(?=\\s*(?:[.,;!]|$))`, "iu").test(input.description.slice(0, 2000));
      const forIt =
        r.lang === "en" && !aFit && !p.measure && phraseText(p).length <= 60 && new RegExp(`(?<![\\p{L}])for ${escapeRegExp(phraseText(p))}(?![\\p{L}])`, "iu").test(input.description.slice(0, 4000));
      add(
        fitted.has(foldCase(p.tokens[0]))
          ? `Fits ${fittedAs.get(foldCase(p.tokens[0])) ?? ""}${phraseWithMeasure(p)}`
          : done
            ? `${phraseText(p)} ${done}`
            : forIt
              ? `for ${phraseText(p)}`
              : // (What a Turkish item comes "ile" keeps it: "Orijinal Çantası ile", never a bare "Orijinal Çantası".)
                withTr(phraseText(p))
                ? `${phraseText(p)} ile`
                : // (The product's own size beside another phrase is the product's: "High Density EVA Foam", never "… Foam 23x15x7.5 cm".)
                  sizeOfProduct
                  ? phraseText(p)
                  : phraseWithMeasure(p),
        (p.measure && !sizeOfProduct) || madeOf ? 1 : 2,
      );
    }
  }
  // A state the seller gives a clause of its own in the name's sentence ("…, unfiltered, unpasteurized", "…, signed, unframed",
  // "…, shockproof"): one word the phrase reading keeps no phrase for, which its shoppers search by (decision 0091).
  if (r.lang === "en") {
    for (const m of firstSentenceOf(input.description).matchAll(/(?<=,\s*)([\p{L}-]{4,})(?=\s*(?:,|\.|$))/gu)) {
      const word = m[1];
      const said = foldCase(word);
      if (!isStateWord(said) || out.some((o) => ` ${foldCase(o.text)} `.includes(` ${said} `)) || ` ${foldCase(productName(r, source))} `.includes(` ${said} `)) continue;
      // (A new item's "sealed" is said by its state: "New in Box", "New Sealed".)
      if (said === "sealed" && /(?<![\p{L}])(?:new|brand new)(?![\p{L}])/iu.test(input.description.slice(0, 300))) continue;
      // (On eBay, after what comes with it: "… with Original Case and Foot Pedal" keeps its place.)
      add(word, platformOf(input) === "ebay" ? 2.2 : 1.5);
    }
  }
  // Fabric's measure of sale ("By the Yard", "Fat Quarter"): what its quilters and sewists search it by (decision 0091).
  const cut = r.lang === "en" ? /(?<![\p{L}])(?:by the (?:half )?(?:yard|metre|meter)|fat quarters?)(?![\p{L}])/iu.exec(input.description.slice(0, 300))?.[0] : undefined;
  if (cut && !out.some((o) => foldCase(o.text).includes(foldCase(cut)))) add(cut, 1);
  // A supply's use ("for jewelry making", "for card making"): what its makers search it by (decision 0091).
  const use = r.lang === "en" ? /(?<![\p{L}])for ((?:[\p{L}-]+ ){1,2}(?:making|crafting|crafts|projects))(?![\p{L}])/iu.exec(input.description.slice(0, 300))?.[1] : undefined;
  if (use && !out.some((o) => foldCase(o.text).includes(foldCase(use)))) add(`for ${use}`, 2);
  // A span of years said as a clause of the name's sentence ("Lot of 12 Hot Wheels Treasure Hunt cars, 2019-2022"): its
  // collectors search by it (decision 0091).
  const years = /(?:^|,\s*)((?:19|20)\d\d ?[-–] ?(?:(?:19|20)\d\d|\d\d))(?=\s*(?:[,.;]|$))/u.exec(firstSentenceOf(input.description))?.[1];
  if (years && !out.some((o) => o.text.includes(years))) add(years.replace(/ ?[-–] ?/u, "-"), 1);
  // A piece of jewelry's stone or metal said in a clause of its own ("Natural stone bracelet, amethyst, …"): its shoppers search by it.
  for (const m of materialNames)
    if (
      !out.some((o) => foldCase(o.text).includes(m)) &&
      !foldCase(productName(r, source)).includes(m) &&
      new RegExp(`(?:^|[,.;]\\s*)${escapeRegExp(m)}(?=\\s*[,.;]|$)`, "iu").test(input.description.slice(0, 2000))
    )
      add(m, 1);
  // "Tek beden" is already a size in Turkish: "Tek Beden", never "Tek Beden Beden".
  if (r.sizes && !out.some((s) => s.text.toLowerCase().includes(r.sizes!.toLowerCase())))
    // (The sizes it comes in are a fact its shoppers filter by, as a measure is.)
    // ("One size" says it alone: never "Sizes One Size".)
    add(r.lang === "tr" ? (/beden$/iu.test(r.sizes) ? r.sizes : `${r.sizes} Beden`) : /^sizes?\s|^one size/iu.test(r.sizes) ? r.sizes : `Sizes ${r.sizes}`, 1);
  for (const size of sizeLists) if (!out.some((s) => foldCase(s.text).includes(foldCase(size)))) add(r.lang === "tr" ? `${sizeListText(size)} Beden` : `Sizes ${sizeListText(size)}`, 1);
  // What the item holds, with its limit ("Holds Pots up to 20 cm" of "holds pots up to 20 cm wide"): a buyer's measure, never its own size.
  for (const held of factsFor(input).details.filter((d) => /^(?:holds?|fits?) \p{L}+ up to \d/iu.test(d)))
    if (!out.some((o) => squashed(o.text).includes(squashed(held)))) out.push({ text: titleCase(held, r.lang).replace(/\bUp(?= [Tt]o\b)/u, "up"), priority: 0 });
  // An Etsy item's colour, as its shoppers filter by it ("Sage Green", "Red and Black" of a plaid), before any buyer phrase; a colour to choose from is no item's colour.
  const facts = factsFor(input);
  const colours = facts.colours;
  // (Two said with "or" are a choice: "tan or black".)
  // (A print's colour on its ground keeps its "on": "Turquoise on White".)
  const joined = !offered && r.lang === "en" ? colourJoin(colours, input.description) : undefined;
  const colourText = joined === "and" || joined === "on" ? `${colours[0]} ${joined} ${colours[1]}` : colours.length === 1 ? colours[0] : undefined;
  if (platformOf(input) === "etsy" && !r.digital && colourText && !colours.some((c) => out.some((o) => foldCase(o.text).includes(foldCase(c))))) add(colourText, 2);
  // A bed's size ("Queen Size"): what its shoppers filter bedding by (decision 0091).
  for (const size of facts.sizes.filter((x) => /^(?:california king|queen|king|twin|full|double|single) size$/iu.test(x)))
    if (!out.some((o) => foldCase(o.text).includes(foldCase(size)))) add(size, 1);
  // A garment's one size ("Men's Size L" of "men's size L"), as its shoppers filter by it; eBay's title says it its own way.
  const oneSize =
    facts.sizes.length === 1 && !sizeLists.length && !r.sizes && r.lang === "en" && /^(?:\d?X{0,3}[SML]|X{1,3}L|XXS|\d{1,2}(?:[.,]5)?)$/u.test(facts.sizes[0]) ? facts.sizes[0] : undefined;
  if (oneSize && platformOf(input) !== "ebay" && !out.some((o) => /(?<![\p{L}])size(?![\p{L}])/iu.test(o.text))) {
    const who = facts.audiences.length === 1 && /^(?:men|women)$/u.test(facts.audiences[0]) ? `${facts.audiences[0] === "men" ? "Men's" : "Women's"} ` : "";
    out.push({ text: `${who}Size ${oneSize}`, priority: 1 });
  }
  // A set the seller says is complete ("complete with all minifigures and instructions", "100% complete"): a collector searches "Complete".
  if (r.lang === "en" && /(?:^|[,.;:]\s*|100% |\bis |\bare |\ball )complete(?= with\b|\s*[,.;:]|\s*$)/imu.test(input.description.slice(0, 4000)) && !out.some((o) => /complete/iu.test(o.text)))
    out.push({ text: completeWith(input.description, r.lang, source), priority: 0 });
  // A finish the seller names ("Hammered Finish"): what its shoppers filter by, as a material is.
  for (const detail of factsFor(input).details.filter((d) => !!finishWord(d))) if (!out.some((o) => foldCase(o.text).includes(foldCase(detail)))) add(detail, 1);
  // A device's specifications as the seller wrote them ("Bluetooth 5.3", "IPX5 Waterproof", "5000 mAh"): a
  // shopper filters by them, and the phrase reading has no noun for them.
  for (const spec of input.description.match(SPEC) ?? []) if (!out.some((o) => squashed(o.text).includes(squashed(spec)))) add(spec, 0);
  // Where a vintage piece was made ("Made in USSR", "Made in USA"): its collectors search by it.
  // So do Amazon's shoppers of anything ("Made in USA").
  if (r.lang === "en" && facts.origin && (platformOf(input) === "amazon" || facts.vintage || facts.era.length > 0) && !out.some((o) => foldCase(o.text).includes(foldCase(facts.origin!))))
    add(`Made in ${facts.origin}`, platformOf(input) === "amazon" ? 2 : 1);
  // A Turkish machine's capacity in cups or servings ("5 fincan kapasiteli", "6 kişilik"), said whole.
  const servings = r.lang === "tr" ? /(?<![\p{L}\p{N}])\d+(?:-\d+)? (?:fincan(?:lık)?|kişilik|bardak(?:lık)?)(?: kapasiteli)?(?![\p{L}])/iu.exec(input.description.slice(0, 300)) : null;
  if (servings && !out.some((o) => foldCase(o.text).includes(foldCase(servings[0])))) add(servings[0], 1);
  // The year a planner or a calendar is for ("2027 dated"): the first thing its shoppers search by.
  const year = /(?:planner|calendar|diary|agenda|ajanda|takvim)/iu.test(r.head)
    ? /(?<![\p{L}\p{N}])(20[2-9]\d)(?:[-–/](?:20)?\d\d)?(?: (dated|undated))?(?![\p{L}\p{N}])/iu.exec(input.description.slice(0, 300))
    : null;
  if (year && !out.some((o) => o.text.includes(year[1]))) add(year[2] ? `${year[0].replace(/ (dated|undated)$/iu, "")} ${year[2]}` : year[0], 0);
  // A watch's year and "Box and Papers" ("full set"), as its buyers search a watch (decision 0090).
  if (r.lang === "en" && isWatchItem(lower(r.head, r.lang), facts.brand, r.lang)) {
    // A watch named only by its maker and model says what it is with its movement ("Omega Seamaster Automatic Watch"), and
    // a vintage one its calibre ("Cal. 565"): its collectors search by both (decision 0091).
    if (!WATCH_HEADS.test(lower(r.head, r.lang))) {
      const movement = MOVEMENTS.exec(input.description.slice(0, 300))?.[1];
      add(movement ? `${titleCase(movement.replace(/^self-winding$/iu, "automatic"), r.lang)} Watch` : "Watch", 0);
      const calibre = /(?<![\p{L}])(?:cal\.?|calibre|caliber) ?(\d{2,4}[\p{L}\d/.-]*)(?![\p{L}\p{N}])/iu.exec(input.description.slice(0, 300))?.[1];
      if (calibre) add(`Cal. ${calibre}`, 1);
    }
    const year = yearClause(input.description, 1920);
    if (year && !out.some((o) => o.text.includes(year))) out.push({ text: year, priority: 0 });
    const set = /(?<![\p{L}])(?:full set|box (?:and|&) papers|box only|papers only)(?![\p{L}])/iu.exec(input.description.slice(0, 2000))?.[0];
    if (set) add(set.replace("&", "and"), 0);
  }
  // Cookware the seller says works on induction is "Induction Compatible", as its shoppers filter it.
  if (
    r.lang === "en" &&
    /(?<![\p{L}])(?:works (?:on|with)|suitable for|compatible with|safe for|use on) induction(?![\p{L}])/iu.test(input.description.slice(0, 2000)) &&
    !out.some((o) => /induction/iu.test(o.text))
  )
    add("Induction Compatible", 1);
  // "Phone case for Emma, personalised with name": the seller's personalisation clause is a title keyword, in their words (decision 0069).
  const personal = PERSONAL_CLAUSE.exec(input.description);
  if (personal && !out.some((o) => o.text.toLowerCase().includes(personal[0].toLowerCase()))) {
    add(personal[0], 1);
    // (Its words alone where what is put on it repeats the name: "Personalised" for "… Baby Name Sign".)
    add(personal[0].replace(/ with .*$/u, ""), 1.5);
  }
  // (Said the other way round, "name and phone number engraved": "Engraved with Name and Phone Number", and its things
  // never again alone, "Phone Number".)
  const putOnBefore = personal ? null : PERSONAL_BEFORE.exec(input.description.slice(0, 2000));
  if (putOnBefore) {
    for (let i = out.length - 1; i >= 0; i--) if (` ${foldCase(putOnBefore[1])} `.includes(` ${foldCase(out[i].text)} `)) out.splice(i, 1);
    add(`${putOnBefore[2]} with ${putOnBefore[1].replace(/^(?:your|the) /iu, "")}`, 0.5);
  }
  // A file sold for commercial use says so ("Commercial Use"): its buyers (makers who sell what they cut) filter by it.
  if (
    r.digital &&
    r.lang === "en" &&
    /(?<![\p{L}])commercial use(?! (?:is |not |prohibited|forbidden))(?![\p{L}])/iu.test(input.description) &&
    !/(?:no|not for) commercial use/iu.test(input.description) &&
    !out.some((o) => /commercial/iu.test(o.text))
  )
    add("Commercial Use", 1);
  // The ages a toy is for, as the seller wrote them ("Ages 3 and Up", "3 Yaş ve Üzeri"): its shoppers and the
  // marketplace's rules look for it first.
  const ages = AGES.exec(input.description.slice(0, 2000))?.[0];
  if (ages && !out.some((o) => foldCase(o.text).includes(foldCase(ages)))) add(ages, 1);
  // A Turkish soap's or cream's oil said with "ile" ("lavanta yağı ile"), as its shoppers search it: "Lavanta Yağlı".
  const oil = r.lang === "tr" ? OIL_WITH_TR.exec(input.description.slice(0, 2000))?.[1] : undefined;
  // (Said once, as what it is made with: "Lavanta Yağlı", never also the bare phrase "Lavanta Yağı".)
  const bareOil = oil ? out.findIndex((o) => foldCase(o.text) === foldCase(`${oil} yağı`)) : -1;
  if (bareOil >= 0) out.splice(bareOil, 1);
  if (oil && !out.some((o) => foldCase(o.text).includes(foldCase(oil)))) add(`${oil} yağlı`, 1);
  // Turkish "kişiye özel" (personalised), as its shoppers search it: "Kişiye Özel".
  if (r.lang === "tr" && factsFor(input).personalised && /kişiye özel/iu.test(input.description) && !out.some((o) => /kişiye özel/iu.test(o.text))) add("kişiye özel", 1);
  // "Personalised leather keychain with initials": what is put on it, "with Initials".
  const putOn =
    !personal && !putOnBefore && factsFor(input).personalised && r.lang === "en"
      ? /(?<![\p{L}])with (?:your |her |his |their |custom )?(initials?|names?|monogram|name and date)(?![\p{L}])/iu.exec(input.description.slice(0, 300))
      : null;
  if (putOn && !out.some((o) => foldCase(o.text).includes(foldCase(putOn[1])))) add(`with ${putOn[1]}`, 1);
  // A phrase that opens with the second of two colours said together keeps the first ("Red and Black Plaid", never "Black Plaid").
  // (eBay's title says the colours after the name: "… Red Black Zigzag".)
  for (const segment of platformOf(input) === "ebay" ? [] : out) {
    const first = foldCase(words(segment.text)[0] ?? "");
    if (!facts.colours.includes(first) || segment.text.length > 60) continue;
    const before = new RegExp(`(?<![\\p{L}])(\\p{L}+) (?:and|&|ve) ${escapeRegExp(segment.text)}(?![\\p{L}])`, "iu").exec(input.description.slice(0, 2000))?.[1];
    if (before && facts.colours.includes(foldCase(before)) && foldCase(before) !== first) segment.text = `${titleCase(before, r.lang)} ${r.lang === "tr" ? "ve" : "and"} ${segment.text}`;
  }
  return out.sort((a, b) => a.priority - b.priority);
}

const UNIT_WORD = /^(?:cm|mm|m|in|inch|inches|ml|l|oz|qt|kg|g|lbs?)$/u;
/** The ages a product is for ("ages 3 and up", "ages 3+", "3 years and older", "3 yaş ve üzeri", "3+ yaş"). */
const AGES =
  /(?<![\p{L}\p{N}])(?:ages? \d{1,2}(?: ?\+| and (?:up|over|older)|(?: ?(?:-|–|to) ?\d{1,2}))|\d{1,2} ?\+? years? and (?:up|over|older)|\d{1,2} yaş ve üzeri|\d{1,2} ?\+ yaş|\d{1,2} ?(?:-|–) ?\d{1,2} yaş arası)(?![\p{L}\p{N}])/iu;

/** A Turkish soap's or cream's oil said with "ile" ("lavanta yağı ile"). */
const OIL_WITH_TR = /(?<![\p{L}])(\p{L}{3,}) yağı ile(?![\p{L}])/iu;

/** Two appliances an item is safe in, said as one ("dishwasher and microwave safe"). */
const SAFE_IN_TWO = /(?<![\p{L}])(?:dishwasher|microwave|oven|freezer) (?:and|&) (?:dishwasher|microwave|oven|freezer) safe(?![\p{L}])/iu;

/** Units of time, said once per figure ("12 Saat Sıcak 24 Saat Soğuk", "8 Hours Hot, 24 Hours Cold"): no repeated word. */
const TIME_WORD = /^(?:hours?|hrs?|minutes?|mins?|days?|saat|dakika|dk|gün)$/u;
/** A measure in a title ("38 mm", "183x61 cm", "20 cm"). */
const TITLE_MEASURE = /(?<![\p{L}\p{N}.,])\d+(?:[.,]\d+)?(?: ?[x×] ?\d+(?:[.,]\d+)?)* ?(?:cm|mm|m|in|inch|inches|ml|l|oz|qt|kg|g|lbs?|w|v|mah)(?![\p{L}])/giu;

/** The measures a title says, compared by their normal form; each figure of a chain is one ("120 x 60 x 75 cm" says "120 cm"). */
function titleMeasures(text: string): string[] {
  return (text.match(TITLE_MEASURE) ?? []).flatMap((m) => {
    const n = normalMeasure(m);
    const unit = /[a-z"]+$/u.exec(n)?.[0] ?? "";
    return [
      n,
      ...n
        .slice(0, n.length - unit.length)
        .split("x")
        .map((f) => `${f}${unit}`),
    ];
  });
}

/** Adds whole segments while the title stays within `max`; a segment whose words are all in the title already is skipped. */
function fillTitle(head: string, segments: string[], max: number, separator: (i: number) => string, maxSegments: number, maxWords = Infinity): string {
  const used = new Set(words(head).map(key));
  let title = head;
  let count = 0;
  for (let segment of segments) {
    if (count >= maxSegments) break;
    let ws = words(segment).map(key);
    // A segment that goes on from the title's last words continues it ("… Turquoise" + "Turquoise Butterprint").
    const titleWords = words(title).map(key);
    const overlap = separator(count) === " " && ws.length > 1 && titleWords[titleWords.length - 1] === ws[0] ? 1 : 0;
    if (overlap) {
      const rest = segment.split(" ").slice(overlap).join(" ");
      ws = ws.slice(overlap);
      segment = rest;
    }
    // A segment repeating a word of the title says it twice: left out.
    // A short doubled word is a name ("pom pom"); a longer one ("adım adım", step by step) repeats a word.
    // A list of sizes names a word per size ("Sizes Child, Adult S and Adult L"): that is no repeat.
    const sizeList = /^sizes\s|\sbeden$/iu.test(segment);
    // A segment the title already says whole ("3-piece" after "OXO Good Grips 3-piece Mixing Bowl Set") is said once.
    if (` ${words(title).map(key).join(" ")} `.includes(` ${ws.join(" ")} `)) continue;
    // (A chain of dimensions says "x" once per figure, "180 x 45 x 75 cm"; what the item holds or fits has a measure of its own,
    // "Holds Pots up to 20 cm" after "90 cm", whose unit is no repeat; a measure the title has is.)
    const otherThings = /^(?:holds|fits)\s/iu.test(segment);
    const had = new Set(titleMeasures(title));
    if (titleMeasures(segment).some((m) => had.has(m))) continue;
    if (
      ws.length === 0 ||
      ws.some(
        (w, i) =>
          ((used.has(w) && !(otherThings && UNIT_WORD.test(w) && /^\d/.test(ws[i - 1] ?? ""))) ||
            (!sizeList && ws.indexOf(w) !== i && !(ws[i - 1] === w && w.length <= 3) && !(TIME_WORD.test(w) && /^\d/.test(ws[i - 1] ?? "")))) &&
          !isStopWord(w) &&
          // (A figure may stand twice, "4 Pack 4 oz"; a print size may not: "11x14" after "8x10, 11x14".)
          (!/^\d/.test(w) || /^\d+(?:[.,]\d+)?[x×]\d/u.test(w)) &&
          !/^[x×]$/u.test(w),
      )
    )
      continue;
    // "%", ":", "&" and "+" may stand once in a title (the rule enforcer would write "percent50" for a second "%50"):
    // a segment with a second share goes without its shares ("Yün Akrilik"); the description keeps them.
    const twice = (text: string) => {
      const once = text.match(/[%:&+]/gu) ?? [];
      return new Set(once).size !== once.length;
    };
    if (twice(`${title} ${segment}`)) segment = segment.replace(/%\s?\d+(?:[.,]\d+)?\s*|\d+(?:[.,]\d+)?\s?%\s*/gu, "").trim();
    const next = `${title}${separator(count)}${segment}`;
    if (!segment || twice(next) || next.length > max || words(next).length > maxWords) continue;
    title = next;
    ws.forEach((w) => used.add(w));
    count += 1;
  }
  return title;
}

/**
 * The title pattern per marketplace. Etsy: the product as the seller named it (the part a phone
 * shows), " - ", then whole phrases (keywords, features, phrases with measures) and a buyer phrase,
 * within 130 characters. eBay: the same words without separators within 80. Amazon: product, key
 * features and a buyer phrase within 150 (Amazon allows 200), no promotional words.
 */
export function composeTitle(input: ComposeInput): string {
  const title = titleOnce(input, false);
  // A regenerated title that would come out the same (few phrases to rotate) leads with the product's own name instead.
  if ((input.variant ?? 0) % 2 === 1 && title === titleOnce({ ...input, variant: 0 }, false)) return withOneColour(input, titleOnce(input, true));
  return withOneColour(input, title);
}

/**
 * An Amazon title names the item's one colour ("…, Navy Blue"), as Amazon's title pattern asks (brand, product,
 * key features, colour, size), when the search terms still have a word of their own without it.
 */
function withOneColour(input: ComposeInput, title: string): string {
  if (platformOf(input) !== "amazon") return title;
  const facts = factsFor(input);
  if (facts.colours.length !== 1) return title;
  const colour = titleCase(facts.colours[0], facts.language);
  const withColour = `${title}, ${colour}`;
  if (foldCase(title).includes(foldCase(facts.colours[0])) || withColour.length > PLATFORM_LIMITS.amazon.titleWarn) return title;
  // (Checked against the title as the rule enforcer completes it: what it fits, "AirPods Pro 2 Uyumlu", joins it there.)
  const final = titleFacts(withColour, facts, "amazon", facts.language, sellerText(input), PLATFORM_LIMITS.amazon.titleWarn);
  return composeSearchTerms(input, final) ? withColour : title;
}

/** A record's opening "Artist - Title" ("Barış Manço - Sakla Samanı Gelir Zamanı"), up to the first comma or full stop. */
const RECORD_NAME = /^\s*(\p{Lu}[^,.\n–-]{0,40}?)\s[-–]\s(\p{Lu}[^,.\n]{0,60}?)\s*(?=[,.(\n]|$)/u;

/** Words that name a record's format ("LP", "vinyl", "plak"), which end its name in the seller's opening words. */
const RECORD_FORMAT = /(?<![\p{L}\p{N}])(?:LP|EP|2LP|vinyl|vinyl record|record|album|single|45|plak|plağı)(?![\p{L}\p{N}])/iu;

/**
 * A record's name as the seller opened with it when no dash parts artist and title ("Fleetwood Mac Rumours LP 1977
 * Warner Bros BSK 3010"): the words up to the first comma or full stop, when they hold its format. A collector searches
 * by every one of them; the phrase reading would keep only the last seven.
 */
function recordOpening(description: string): string | undefined {
  const opening = /^\s*(\p{Lu}[^,.;:!?\n]{4,75}?)\s*(?=[,.;:!?\n]|$)/u.exec(description)?.[1];
  return opening && RECORD_FORMAT.test(opening) && !/(?<![\p{L}])(?:with|for|in|and)(?![\p{L}])/iu.test(opening.split(RECORD_FORMAT)[0] ?? "") ? opening : undefined;
}

/** Record labels whose names a seller writes beside the catalogue number ("Warner Bros BSK 3010", "Harvest SHVL 815"). */
const RECORD_LABEL =
  /(?<![\p{L}])(Warner Bros\.?|Warner|Columbia|Capitol|Apple|Harvest|EMI|Atlantic|Motown|Parlophone|Decca|RCA(?: Victor)?|Elektra|Island|Virgin|A&M|Asylum|Reprise|Polydor|Mercury|Epic|Sire|Chrysalis|Blue Note|Vertigo|Stax|Chess|Geffen|Sub Pop|4AD|Factory|Rough Trade|Philips|Atco|Arista|MCA|Verve|Impulse!?|ECM|Tamla|Def Jam|Rhino|Odeon|Columbia Masterworks)(?![\p{L}])/u;

/** A record's label and the catalogue number after it ("Warner Bros", "BSK 3010" of "Warner Bros BSK 3010"), as eBay's Record Label and Catalog Number. */
function recordLabel(description: string): { label?: string; catalogue?: string } {
  const head = description.slice(0, 300);
  const found = RECORD_LABEL.exec(head);
  if (!found) return {};
  const after = head.slice((found.index ?? 0) + found[0].length);
  return { label: found[1].replace(/\.$/u, ""), catalogue: /^\s+([A-Z]{1,6}[ -]?\d{2,6}(?:[ -]?[A-Z]\d?)?)(?![\p{L}\p{N}])/u.exec(after)?.[1] };
}

/** A book's opening "Title by Author" ("Dune by Frank Herbert"), up to the first comma or full stop. */
const BOOK_NAME = /^\s*(\p{Lu}[^,.\n]{0,60}?) by (\p{Lu}[\p{L}.'’-]*(?: \p{Lu}[\p{L}.'’-]*){0,3})(?=\s*[,.(\n]|\s\d|$)/u;
/** A book's opening title alone, when its seller names no author ("Harry Potter and the Philosopher's Stone, Bloomsbury 1997 …"). */
const BOOK_TITLE_ONLY = /^\s*(\p{Lu}[^,.\n]{3,70}?)(?=\s*,)/u;

/** A book's title and author as its text opens with them; the title alone when no author is named (decision 0089). */
function bookNameOf(text: string, category: string): { title: string; author?: string; name: string } | undefined {
  if (category !== "book") return undefined;
  // (An edition said before the name, "1st edition Harry Potter and the Chamber of Secrets, …", is the book's edition, not its title.)
  const description = text.replace(/^\s*(?:true |signed )?(?:1st|first|2nd|second|3rd|third) (?:edition|printing|impression)(?:,? (?:1st|first) (?:printing|impression))?\s*,?\s*/iu, "");
  const full = BOOK_NAME.exec(description);
  if (full) return { title: full[1].trim(), author: full[2].trim(), name: `${full[1].trim()} by ${full[2].trim()}` };
  const title = BOOK_TITLE_ONLY.exec(description)?.[1].trim();
  // (A binding or a kind is no title: "Paperback, 1990".)
  if (!title || title.split(" ").length < 2 || /^(?:(?:vintage|used|new|old|rare|signed|first edition|mass market|trade)\s+)*(?:paperback|hardcover|hardback|books?|novels?|cookbooks?)$/iu.test(title))
    return undefined;
  return { title, name: title };
}

function titleOnce(input: ComposeInput, ownNameFirst: boolean): string {
  const r = reading(input);
  const facts = factsFor(input);
  const source = `${input.description} ${input.keywords.join(" ")}`;
  const own = productHead(r, source, facts, platformOf(input) === "ebay" ? 60 : 40);
  const mainKeyword = keywordList({ ...input, variant: 0 })[0];
  // eBay: a keyword whose words the product's name already holds adds nothing but a repeat ("Vintage Pyrex Bowl Vintage 1970s Pyrex...").
  const repeats = ownNameFirst || (platformOf(input) === "ebay" && !!mainKeyword && words(mainKeyword).every((w) => words(own).some((h) => key(h) === key(w))));
  let head = withModels(repeats ? own : withMainKeyword(own, mainKeyword, r, source), facts, input.description);
  // A record opens with its artist and title, as the seller wrote them ("Pink Floyd - The Dark Side of the Moon"): a collector searches by them.
  const record = r.category.id === "music" ? RECORD_NAME.exec(input.description) : null;
  if (record) {
    // What it is pressed as follows in the product's own words ("... Gelir Zamanı plak" names the record, not its title).
    const name = `${record[1].trim()} ${record[2].trim().replace(/\s+(?:plak|plağı|lp|vinyl|vinyl record|record)$/iu, "")}`;
    head = `${name} ${withoutWordsOf(head, [name])}`.trim();
  }
  const opening = r.category.id === "music" && !record ? recordOpening(input.description) : undefined;
  if (opening) head = `${restoreAcronyms(titleCase(opening, r.lang), source)} ${withoutWordsOf(head, [opening])}`.trim();
  // A book opens with its title and author ("Dune by Frank Herbert"): its buyers search by them.
  const book = bookNameOf(input.description, r.category.id);
  if (book) head = `${book.name} ${withoutWordsOf(head, [book.name])}`.trim();
  // A trading card opens with its game, name, number and set as the seller wrote them ("Pokemon Charizard VMAX 020/189
  // Darkness Ablaze"), then its grade and year: its collectors search by each (decision 0090).
  const card = r.lang === "en" ? readCard(input.description) : undefined;
  // (So does a card game's sealed product: "Pokemon Scarlet & Violet 151 Booster Box".)
  const gameName = r.lang === "en" ? cardGameName(input.description) : undefined;
  if (gameName && gameName.length <= 70) head = restoreAcronyms(titleCase(gameName, r.lang), source);
  // (On eBay, so does a collectible its text opens with by its franchise: "Star Wars Black Series Darth Vader 6 Inch Action
  // Figure", whose product's phrase keeps only its last seven words.)
  const franchise = platformOf(input) === "ebay" && !gameName ? FRANCHISE_OPENING.exec(input.description)?.[0].trim() : undefined;
  if (franchise && franchise.length <= 60 && words(franchise).length > words(head).length) head = restoreAcronyms(titleCase(franchise, r.lang), source);
  // A vehicle part's side leads its name, as its buyers search it ("Front Brake Pads for 2016-2020 Honda Civic"; decision 0091).
  const side = r.lang === "en" && isVehiclePart(input.description) ? PLACEMENT.exec(firstSentenceOf(input.description))?.[1] : undefined;
  if (side && !key(head).includes(key(side))) head = `${titleCase(side, r.lang)} ${head}`;
  // A pattern's motif leads its name ("Sunflower Cross Stitch Pattern PDF"): its makers search by both (decision 0090).
  const motif = facts.pattern && facts.designs.length === 1 && facts.designs[0].length <= 25 ? facts.designs[0] : undefined;
  if (motif && !key(head).includes(key(motif))) head = `${titleCase(motif, r.lang)} ${head}`;
  // A phrase that names the product's material more closely leads its name ("22 Momme Mulberry Silk Pillowcase" of "Silk
  // pillowcase, 22 momme mulberry silk"): said once, never left out as a repeat of "Silk" (decision 0091).
  const firstWord = key(words(head)[0] ?? "");
  const titlePhrases = titleSegments(input, r);
  const closer = facts.materials.some((m) => key(m.name) === firstWord)
    ? titlePhrases.find((x) => x.text.length <= 30 && words(x.text).length >= 2 && key(words(x.text).at(-1) ?? "") === firstWord)
    : undefined;
  if (closer) head = `${closer.text} ${head.split(" ").slice(1).join(" ")}`;
  // A pair the seller's name opens with leads it ("Pair of Mid Century Teak Armchairs"), never "Pair of" alone after it.
  const pair = /^\s*(?:a )?pair of\s/iu.test(input.description) && !/^pair of\s/iu.test(head);
  if (pair) head = `Pair of ${head}`;
  const cardSegments = card ? [card.graded, card.year].filter((x): x is string => !!x && !head.includes(x)) : [];
  // (Its grade is also a fact of its condition: said once.)
  const saidForCard = new Set(cardSegments.map(key));
  const ordered = titlePhrases.map((s) => s.text);
  // A regenerated title leads with other phrases.
  const shift = ordered.length ? (input.variant ?? 0) % ordered.length : 0;
  const rotated = [...ordered.slice(shift), ...ordered.slice(0, shift)];
  // The facts a title must carry (every size of a set, the count) come before any other phrase.
  const segments = [
    ...cardSegments,
    ...factSegments(facts, r.lang, source).filter((segment) => !saidForCard.has(key(segment)) && !(pair && /^pair of$/iu.test(segment))),
    ...(ownNameFirst && mainKeyword ? [restoreAcronyms(titleCase(mainKeyword, r.lang), source)] : []),
    ...((input.variant ?? 0) % 2 === 1 ? rotated.reverse() : rotated),
  ];
  // A buyer phrase only when the seller's facts back it ("Gift for Her" needs a gift or a recipient).
  // "Printable Invitation" names an invitation: not the tail of a seating chart, a menu or place cards of the same category.
  const invitation = /invit|davetiye/iu.test(r.head) || /invit|davetiye/iu.test(input.description);
  const tails = r.category.titleTail[r.lang].filter((t) => supported(t, input, facts) && (invitation || !/invitation|davetiye/iu.test(t)));
  const tailOptions = tails.map((_, i) => restoreAcronyms(titleCase(pick(tails, input.variant, i), r.lang), source));
  const tail = tailOptions[0] ?? "";
  const platform = platformOf(input);
  if (platform === "ebay") {
    const max = PLATFORM_LIMITS.ebay.titleMax;
    // eBay titles are search words that lead with brand, model, era, size and colour; no separators.
    // A book's title and author lead, then its year, edition and format; its ISBN closes the title.
    // A lot leads with its count ("Lot of 12 Vintage Hot Wheels Redline Cars"), said once.
    // (The name cut to a phone's width may keep only its figure: "12 Vintage Hot Wheels…" of "Lot of 12 vintage Hot Wheels…".)
    const figure = /^(\d+)\s+/u.exec(head)?.[1];
    const counted = figure ? facts.counts.find((c) => new RegExp(`^(?:lot|set|pack|bundle|box) of ${figure}$`, "iu").test(c)) : undefined;
    const named = counted ? `${titleCase(counted, r.lang)} ${head.slice(figure!.length).trim()}` : head;
    const plainHead = book ? bookLead(head, facts, book.name, input.description, PLATFORM_LIMITS.ebay.titleMax) : ebayLead(named.replace(" - ", " "), facts, r.lang, source, r.category.id === "music");
    const isbn = book ? facts.models.filter((m) => /^isbn/iu.test(m) && !key(plainHead).includes(key(m))).join(" ") : "";
    const room = isbn ? max - isbn.length - 1 : max;
    // (A phrase too long to follow the name at all takes none of the three places: "with Both Posters and Stickers"
    // never pushes out the catalogue number "Harvest SHVL".)
    const lastWord = key(words(plainHead).pop() ?? "");
    // (One that goes on from the name's last word, "… Turquoise" + "Turquoise Butterprint", adds only the rest.)
    const added = (segment: string) => (key(words(segment)[0] ?? "") === lastWord ? segment.length - (words(segment)[0]?.length ?? 0) : segment.length + 1);
    // (A phrase the name already says whole takes none of the three places: "Fleetwood Mac" after "Fleetwood Mac Rumours LP".)
    const headWords = ` ${words(plainHead).map(key).join(" ")} `;
    // (What comes with it, too long whole, gives its first thing: "with DualSense Controller" of "… Controller and All Cables".)
    const fits = (segment: string) => plainHead.length + added(segment) <= room;
    // (Nor one that says a number the name already carries again: "OEM Part 45022-TBA-A01" after "OEM 45022-TBA-A01".)
    const numbers = facts.models.map((m) => key(modelNumber(m))).filter((m) => /\d/u.test(m) && key(plainHead).includes(m));
    const fitting = segments
      .map((segment) => (fits(segment) ? segment : (withFitting(segment, fits) ?? segment)))
      .filter((segment) => fits(segment) && !headWords.includes(` ${words(segment).map(key).join(" ")} `) && !numbers.some((m) => key(segment).includes(m)));
    // A new item's state closes its phrases ("… Millennium Falcon New Sealed"), before any buyer phrase.
    const fresh = r.lang === "en" && !r.digital ? ebayNewState(input.description) : undefined;
    const state = fresh && !new RegExp(`(?<![\\p{L}])${escapeRegExp(fresh)}(?![\\p{L}])`, "iu").test(plainHead) ? [fresh] : [];
    // (Said whole, never also a piece of it: "Old Stock" of "New Old Stock".)
    const phrases = state.length ? fitting.filter((segment) => !` ${key(fresh!)} `.includes(` ${key(segment)} `)) : fitting;
    const withTail = fillTitle(plainHead, [...phrases.slice(0, 3), ...state, ...(tail && !book ? [tail] : [])], room, () => " ", 4 + state.length);
    const title = withTail.length <= room ? withTail : fillTitle(plainHead, segments, room, () => " ", 3);
    // A year said twice (the era it leads with, and the seller's "1969 UK Apple first pressing") is said once, first.
    const once = title.replace(/(?<![\p{L}\p{N}])(1[89]\d\d|20\d\d)(?![\p{L}\p{N}])(.*?) \1(?![\p{L}\p{N}])/u, "$1$2");
    return isbn && once.length + isbn.length + 1 <= max ? `${once} ${isbn}` : once;
  }
  const max = platform === "amazon" ? PLATFORM_LIMITS.amazon.titleWarn : LISTING_LIMITS.titleMax;
  // Amazon titles lead with the brand and the model ("Sony WH-1000XM5 Wireless Noise Cancelling Headphones").
  if (platform === "amazon") head = amazonLead(head, facts, source);
  const tailWordCount = words(tail).length;
  // One " - " at most: after the product, unless the main keyword already put it there.
  const first = platform === "amazon" || head.includes(" - ") ? ", " : " - ";
  const body = fillTitle(head, segments, max - tail.length - 2, (i) => (i === 0 ? first : ", "), platform === "amazon" ? 4 : 3, platform === "etsy" ? ETSY_TITLE_WORDS - tailWordCount : Infinity);
  const separator = body === head ? first : ", ";
  const bodyWords = new Set(words(body).map(key));
  // The first buyer phrase that says something new ("Christmas Gift" when the title already says "Hat").
  // (An Amazon title is brand, product, key features, colour and size: no shopper's phrase such as "Pet Accessories".)
  for (const option of platform === "amazon" ? [] : tailOptions) {
    const optionWords = words(option);
    // A tail starting with a word the title already has drops that word ("PDF Instant Download" after "PDF Pattern").
    const trimmed = optionWords.length > 2 && optionWords[0] === "PDF" && bodyWords.has(key("pdf")) ? option.slice(option.indexOf(optionWords[1])) : option;
    if (words(trimmed).some((w) => bodyWords.has(key(w)) && !isStopWord(w))) continue;
    const withTail = `${body}${separator}${trimmed}`;
    if (withTail.length <= max && (platform !== "etsy" || words(withTail).length <= ETSY_TITLE_WORDS)) return withTail;
  }
  return body;
}

// ---- Descriptions ------------------------------------------------------------------------------

interface Words {
  intro: string[];
  digitalIntro: string[];
  hook: string[];
  digitalHook: string[];
  keywordIntro: string[];
  digitalKeywordIntro: string[];
  madeFrom: string;
  features: string;
  benefits: string;
  note: string;
  disclaimer: string;
  customDisclaimer: string;
  cta: string[];
  size: string;
  materials: string;
  views: string[];
  digitalViews: string[];
  bulletLabels: string[];
  digitalLabel: string;
  goodToKnow: string;
  /** The heading of the seller's care, shipping and contact notes in a description. */
  shopNotes: string;
  handmadeLine: string;
  searchLine: string;
  typeLine: string;
  giftLine: string;
}

const EN: Words = {
  intro: ["Meet your new favourite {product}.", "This {product} is made to be used and loved every day.", "Here is a {product} made with care, down to the last detail."],
  digitalIntro: ["Download this {product} and start right away.", "This {product} is ready the moment your order is confirmed."],
  keywordIntro: ["A {product} made to be used and loved every day.", "A {product} made with care, down to the last detail."],
  digitalKeywordIntro: ["A {product} you can download and use right away.", "A {product}, ready the moment your order is confirmed."],
  hook: ["Made to be used and loved every day.", "Made with care, down to the last detail.", "Made to become a favourite."],
  digitalHook: ["Download it and start right away.", "Ready the moment your order is confirmed."],
  madeFrom: "Made from {list}.",
  features: "Features",
  benefits: "Why you'll love it",
  note: "Please note",
  disclaimer: "This is a digital product. No physical item will be shipped. Your files are ready to download once your payment is confirmed.",
  customDisclaimer: "This is a digital product. No physical item will be shipped.",
  cta: ["Add it to your cart today, for yourself or as a gift.", "Order yours today and make it part of your every day.", "Add it to your cart now and treat yourself or someone you love."],
  size: "Size",
  materials: "Materials",
  views: ["{Product}, front view", "Close-up of the {product} showing the detail", "{Product} from the side", "{Product} shown to scale", "{Product} from above"],
  digitalViews: ["Preview of the {product}", "Sample page of the {product}", "{Product} shown on a tablet screen", "Close-up of the {product} design", "Everything included with the {product}"],
  bulletLabels: ["What You Get", "Materials", "Details", "Good to Know", "Good to Know"],
  digitalLabel: "Instant Download",
  goodToKnow: "Good to Know",
  shopNotes: "Good to know",
  handmadeLine: "Made by hand, so each one has its own small character.",
  searchLine: "A fitting choice for anyone looking for a {phrase}.",
  typeLine: "A {type} made to be used and enjoyed, not only admired.",
  giftLine: "A thoughtful gift for {occasion}.",
};

const TR: Words = {
  intro: ["Yeni favoriniz olacak {product} ile tanışın.", "Bu {product}, her gün kullanılıp sevilmek için hazırlandı.", "En küçük ayrıntısına kadar özenle hazırlanan {product}."],
  digitalIntro: ["Bu {product} dosyasını indirin ve hemen başlayın.", "Bu {product}, siparişiniz onaylandığı anda hazır."],
  keywordIntro: ["Her gün kullanılıp sevilmek için hazırlanan bir {product}.", "En küçük ayrıntısına kadar özenle hazırlanan bir {product}."],
  digitalKeywordIntro: ["Hemen indirip kullanabileceğiniz bir {product}.", "Siparişiniz onaylandığı anda hazır bir {product}."],
  hook: ["Her gün kullanılıp sevilmek için hazırlandı.", "En küçük ayrıntısına kadar özenle hazırlandı.", "Favoriniz olmak için hazırlandı."],
  digitalHook: ["İndirin ve hemen başlayın.", "Siparişiniz onaylandığı anda hazır."],
  madeFrom: "Malzemesi: {list}.",
  features: "Özellikler",
  benefits: "Neden seveceksiniz",
  note: "Lütfen dikkat",
  disclaimer: "Bu dijital bir üründür. Fiziksel bir ürün gönderilmez. Ödemeniz onaylandığında dosyalarınızı hemen indirebilirsiniz.",
  customDisclaimer: "Bu dijital bir üründür. Fiziksel bir ürün gönderilmez.",
  cta: ["Kendiniz ya da sevdikleriniz için hemen sepete ekleyin.", "Bugün sipariş verin, her gününüzün parçası olsun.", "Hemen sepete ekleyin ve kendinizi ya da bir sevdiğinizi mutlu edin."],
  size: "Ölçü",
  materials: "Malzeme",
  views: ["{Product}, önden görünüm", "{Product}, yakın çekim detay", "{Product}, yandan görünüm", "{Product}, boyut karşılaştırması", "{Product}, üstten görünüm"],
  digitalViews: ["{Product}, önizleme", "{Product}, örnek sayfa", "{Product}, tablet ekranında", "{Product}, tasarım detayı", "{Product}, pakete dahil olanlar"],
  bulletLabels: ["Ürün", "Malzeme", "Detaylar", "Bilmeniz Gerekenler", "Bilmeniz Gerekenler"],
  digitalLabel: "Anında İndirme",
  goodToKnow: "Bilmeniz Gerekenler",
  shopNotes: "Bilmeniz gerekenler",
  handmadeLine: "El yapımıdır; her birinin kendine has küçük farkları vardır.",
  searchLine: '"{phrase}" arayanlar için yerinde bir seçim.',
  typeLine: "Yalnızca bakmak için değil, kullanıp keyfini çıkarmak için.",
  giftLine: "{occasion} için anlamlı bir hediye.",
};

export const TEMPLATE_WORDS: Record<Lang, Words> = { en: EN, tr: TR };
/** The digital note; a personalised or made-to-order file is sent when it is ready, not downloaded at once. */
export const digitalDisclaimer = (lang: Lang, facts?: FactSheet) => `${TEMPLATE_WORDS[lang].note}\n${facts?.personalised ? TEMPLATE_WORDS[lang].customDisclaimer : TEMPLATE_WORDS[lang].disclaimer}`;

const withStop = (s: string) => (/[.!?]$/.test(s) ? s : `${s}.`);
const fill = (template: string, productName: string, lang: Lang) => template.replace(/\{Product\}/g, capitalise(productName, lang)).replace(/\{product\}/g, productName);

/** The seller's sentences, cleaned and capitalised, without a trailing stop. */
function ownSentences(input: ComposeInput, lang: Lang): string[] {
  const about = productText(input.description) || input.description;
  return sentences(about).map((s) => capitalise(unlabelledNotCare(s.replace(/\s+/g, " ").replace(/[.!?]+$/, "")), lang));
}

/** "Care: Food-safe" says what the item is, not how to care for it: its value alone ("Food-safe"); a real care line keeps its label. */
export function unlabelledNotCare(sentence: string): string {
  const m = /^(?:care|bakım)\s?:\s?(.{2,80})$/iu.exec(sentence);
  return m && !CARE_CLAUSE.test(m[1]) && !extractFacts({ text: m[1] }).care.length ? m[1] : sentence;
}

/** The seller's shop notes (care, shipping, returns, contact), each as they wrote it. */
function shopNotes(input: ComposeInput, lang: Lang): string[] {
  return splitDescription(input.description).notes.map((s) => capitalise(unlabelledNotCare(s.replace(/\s+/g, " ").replace(/[.!?]+$/, "")), lang));
}

/**
 * The intro paragraph: the seller's own first sentences, as they wrote them. No template hook: a line
 * such as "Made to be used and loved every day" says nothing about this product (issue 24).
 */
export function composeIntro(input: ComposeInput): string {
  const r = reading(input);
  const own = ownSentences(input, r.lang);
  if (!own.length) return withStop(capitalise(productName(r, input.description), r.lang));
  // Two short sentences make one paragraph; a long first sentence stands alone.
  const take = own[0].length < 90 && own[1] ? 2 : 1;
  const intro = own.slice(0, take).map(withStop).join(" ");
  // The product leads: when the seller's first words do not name it ("Adjustable." for a brass ring named by
  // the title or a keyword), its name does, then their words; a sentence of only its name's words is the name.
  const name = productName(r, input.description);
  const nameWords = new Set(words(name).map((x) => lower(x, r.lang)));
  const saysNoun = (text: string) => !!r.head && words(text).some((x) => lower(x, r.lang).startsWith(r.head));
  if (!r.head || saysNoun(own[0]) || !saysNoun(name)) return intro;
  if (words(own[0]).every((x) => nameWords.has(lower(x, r.lang)))) return [withStop(capitalise(name, r.lang)), ...own.slice(1, take).map(withStop)].join(" ");
  return weaveLeadPhrase(intro, name, r.lang);
}

const FACT_LABELS: Record<Lang, Record<string, string>> = {
  en: {
    brand: "Brand",
    model: "Model",
    era: "Era",
    condition: "Condition",
    material: "Material",
    materials: "Materials",
    size: "Size",
    sizes: "Sizes",
    count: "Quantity",
    colour: "Colour",
    care: "Care",
    personalisation: "Personalisation",
    included: "Includes",
    format: "File format",
    formats: "File formats",
    editor: "Edit in",
    skill: "Skill level",
    terms: "Terms",
    tools: "Hook or needles",
    fits: "Fits",
    scent: "Scent",
    packaging: "Comes in",
    audience: "Who It Is For",
    yarn: "Yarn used",
    fabric: "Fabric used",
  },
  tr: {
    brand: "Marka",
    model: "Model",
    era: "Dönem",
    condition: "Durum",
    material: "Malzeme",
    materials: "Malzeme",
    size: "Ölçü",
    sizes: "Beden",
    count: "Adet",
    colour: "Renk",
    care: "Bakım",
    personalisation: "Kişiselleştirme",
    included: "İçerik",
    format: "Dosya biçimi",
    formats: "Dosya biçimi",
    editor: "Düzenleme",
    skill: "Seviye",
    terms: "Terimler",
    tools: "Tığ veya şiş",
    fits: "Uyumlu olduğu",
    scent: "Koku",
    packaging: "Ambalaj",
    audience: "Kimin İçin",
    yarn: "Kullanılan ip",
    fabric: "Kullanılan kumaş",
  },
};

/**
 * The item's materials and its parts', and apart from them what a food comes in ("12 oz glass jar" of honey is its
 * packaging, never honey's material; decision 0091).
 */
function materialsAndPackaging(facts: FactSheet, lang: Lang): { materials: string[]; packaging: string[] } {
  const container = (p: { part: string }) => isFoodPackaging(facts.head, p.part);
  return {
    materials: [...facts.materials.map((m) => materialText(m, lang)), ...(facts.partMaterials ?? []).filter((p) => !container(p)).map((p) => p.phrase)],
    packaging: (facts.partMaterials ?? []).filter(container).map((p) => p.phrase),
  };
}

/** A pattern's material is what it is made with, not what the file is: "Yarn used: merino wool", "Fabric used: linen". */
function materialLabel(facts: FactSheet, count: number, lang: Lang): string {
  const l = FACT_LABELS[lang];
  if (!facts.pattern) return count > 1 ? l.materials : l.material;
  return /sew|quilt|dikiş|kumaş|patchwork|applique|aplike/iu.test(facts.product) ? l.fabric : l.yarn;
}

const listOf = (items: string[], lang: Lang) => (items.length <= 1 ? (items[0] ?? "") : `${items.slice(0, -1).join(", ")} ${lang === "tr" ? "ve" : "and"} ${items[items.length - 1]}`);

/**
 * The item's colours as the seller joined them: a choice with "or" ("tan or black"), a print on its ground with "on"
 * ("turquoise on white"), else a list (`joiner` ", " or the language's "and").
 */
function coloursText(facts: FactSheet, description: string, lang: Lang, list: (items: string[]) => string): string {
  const joined = colourJoin(facts.colours, description);
  return joined && joined !== "and" ? `${facts.colours[0]} ${joined} ${facts.colours[1]}` : list(facts.colours);
}

/** The word the seller joined the item's two colours with ("and", "or", "on"; "&" as "and"), or none. */
function colourJoin(colours: string[], description: string): "and" | "or" | "on" | undefined {
  if (colours.length !== 2) return undefined;
  const word = new RegExp(`(?<![\\p{L}])${escapeRegExp(colours[0])} (and|&|or|veya|ya da|on) ${escapeRegExp(colours[1])}(?![\\p{L}])`, "iu").exec(description)?.[1].toLowerCase();
  return word === "&" ? "and" : word === "veya" || word === "ya da" ? "or" : (word as "and" | "or" | "on" | undefined);
}

/** A count of an item's own slots, pockets or compartments ("6 card slots", "6 kart bölmeli"). */
const COMPARTMENTS = /^\d+ (?:(?:card |kart )?(?:slots|pockets|compartments)|(?:kart )?(?:bölmeli|gözlü|cepli))$/iu;

/** A book's ISBN apart from the models, and its year as the year it was published ("Published: 1990", not "Era"). */
function bookFacts(facts: FactSheet, lang: Lang, book: boolean): { models: string[]; isbn?: string; eraLabel: string } {
  const isbn = facts.models.find((m) => /^isbn/iu.test(m));
  // A labelled catalogue number is shown as its number ("Model: 1252180", not "Model: model 1252180").
  const models = facts.models.filter((m) => m !== isbn).map((m) => (isLabelledModel(m) ? modelNumber(m) : m));
  const eraLabel = isbn || book ? (lang === "tr" ? "Basım yılı" : "Published") : FACT_LABELS[lang].era;
  return { models, isbn: isbn?.replace(/^isbn(?:-1[03])?:?\s?/iu, ""), eraLabel };
}

/** A record's grades in capitals, as collectors write them ("VG+", "NM"); "ex-library" stays a word. */
const gradesInCapitals = (text: string) =>
  text
    .replace(/(?<![\p{L}-])(?:vg\+{0,2}|nm|ex\+?|m-)(?![\p{L}\p{N}]|-(?=\p{L})| librar)/gu, (g) => g.toUpperCase())
    // (And a card's grader: "PSA 10 gem mint".)
    .replace(/(?<![\p{L}])(?:psa|bgs|cgc|sgc)(?= \d)/giu, (g) => g.toUpperCase());

/** A material with its share as the seller wrote it ("100% merino wool", "%100 merinos yünü"). */
const materialText = (m: { name: string; percent?: number }, lang: Lang) => (m.percent === undefined ? m.name : lang === "tr" ? `%${m.percent} ${m.name}` : `${m.percent}% ${m.name}`);

/**
 * The fact sheet as labelled lines ("Size: 15x10, 12x8 and 9x6 inches"), every fact once, in the
 * listing's language. Only what the seller said; nothing is added. A `book`'s year is when it was published.
 */
export function factLines(facts: FactSheet, lang: Lang = facts.language, description = "", book = false): string[] {
  const l = FACT_LABELS[lang];
  const lines: string[] = [];
  const add = (label: string, value: string) => {
    if (value.trim()) lines.push(`${label}: ${value.trim()}`);
  };
  if (facts.brand) add(l.brand, facts.brand);
  const { models, isbn, eraLabel } = bookFacts(facts, lang, book);
  if (models.length) add(l.model, models.join(", "));
  if (isbn) add("ISBN", isbn);
  if (facts.era.length) add(eraLabel, facts.era.join(", "));
  // The product's materials, then its parts' as the seller named them ("100% wool and wooden buttons").
  const { materials, packaging } = materialsAndPackaging(facts, lang);
  if (materials.length && !(facts.pattern && materials.every((m) => /^(?:yarn|fabric|ip|iplik|kumaş)$/iu.test(m)))) add(materialLabel(facts, materials.length, lang), listOf(materials, lang));
  if (packaging.length) add(l.packaging, listOf(packaging, lang));
  if (facts.measures.length)
    add(
      l.size,
      listOf(
        facts.measures.map((m) => labelledMeasure(facts, m)),
        lang,
      ),
    );
  // One size ("W32 L30") is the item's Size in English; a list, or Turkish "Beden", says Sizes.
  // (A run of sizes, "UK 6-24" or "XS-3XL", is several; an age band, "0-6 months", is one.)
  const oneSize =
    lang === "en" &&
    facts.sizes.length === 1 &&
    !facts.measures.length &&
    !/,| and | or | & /u.test(facts.sizes[0]) &&
    !/^[^\s]*(?: \S+)? ?(?:[-–]| to ) ?\S+$(?<!months?|years?|yrs)/u.test(facts.sizes[0]);
  // A paper size ("A5", "US letter") is a size, never a garment's "Beden".
  const paper = facts.sizes.length > 0 && facts.sizes.every((size) => /^(?:A[3-6]|US letter|letter size)$/iu.test(size));
  if (facts.sizes.length) add(oneSize || paper ? l.size : l.sizes, listOf(facts.sizes, lang));
  if (facts.tools.length) add(l.tools, listOf(facts.tools, lang));
  // What it fits, as one list ("MacBook, iPhone 15 and Galaxy S24").
  if (facts.fits?.length) add(l.fits, facts.fits.join(", "));
  if (facts.scents?.length) add(l.scent, listOf(facts.scents, lang));
  // (How many slots or pockets it has is no quantity of the item: "Card slots: 6", "Bölmeler: 6 kart bölmeli".)
  const compartments = facts.counts.filter((c) => COMPARTMENTS.test(c));
  const counts = facts.counts.filter((c) => !compartments.includes(c));
  if (counts.length) add(l.count, counts.join(", "));
  for (const c of compartments) {
    const en = /^(\d+) (.+)$/u.exec(c);
    if (lang === "en" && en) add(capitalise(en[2], lang), en[1]);
    else add(lang === "tr" ? "Bölmeler" : "Compartments", c);
  }
  if (facts.colours.length)
    add(
      l.colour,
      coloursText(facts, description, lang, (cs) => cs.join(", ")),
    );
  // A record's grade as collectors write it ("Vinyl VG+, sleeve VG"), as in its item specifics.
  if (facts.condition.length) add(l.condition, gradesInCapitals(capitalise(facts.condition.join(", "), lang)));
  if (facts.care.length) add(l.care, capitalise(facts.care.join(", "), lang));
  if (facts.personalised && facts.personalisation.length) add(l.personalisation, listOf(facts.personalisation, lang));
  if (facts.formats.length) add(facts.formats.length > 1 ? l.formats : l.format, facts.formats.join(", "));
  if (facts.editor) add(l.editor, facts.editor);
  if (facts.skill) add(l.skill, facts.skill);
  if (facts.terms)
    add(
      l.terms,
      facts.terms
        .toUpperCase()
        .replace(/TERMS$/, lang === "tr" ? "" : "terms")
        .trim(),
    );
  return lines;
}

const sameSentence = (a: string, lang: Lang) =>
  lower(a, lang)
    .replace(/[\s.!?…]+$/u, "")
    .replace(/\s+/g, " ");

/**
 * The seller's notes that the description shows under their own heading: each once, and none the
 * intro or the features already hold (a sentence with both product facts and care, "El örgüsü…, elde
 * yıkayın.", is the intro's, and is not repeated under "Bilmeniz gerekenler").
 */
function shownNotes(input: ComposeInput, lang: Lang): string[] {
  const own = ownSentences(input, lang);
  const intro = own[0] && own[0].length < 90 && own[1] ? 2 : 1;
  const used = new Set(own.slice(0, intro + 6).map((o) => sameSentence(o, lang)));
  return shopNotes(input, lang).filter((n) => {
    const key = sameSentence(n, lang);
    if (used.has(key)) return false;
    used.add(key);
    return true;
  });
}

/** Care as the seller wrote it: washing, drying, ironing, cleaning ("sadece elde yıkanır", "lay flat to dry"). Linear. */
const CARE_CLAUSE =
  /(?<![\p{L}\p{N}])(?:(?<!(?:light|medium|dark|stone|acid|mid|black) )wash(?:es|ed|ing|able)?|tumble dry|dry (?:flat|clean)|lay flat|air dry|do not (?:iron|bleach|tumble)|iron (?:on )?low|wipe clean|spot clean|dishwasher|microwave safe|yıka\p{L}*|kurut\p{L}*|kuru temizle\p{L}*|ütüle\p{L}*|çamaşır suyu|bezle sil\p{L}*)(?![\p{L}\p{N}])/iu;

/** Every care instruction the seller gave: their clauses about care, then the fact sheet's care that no clause holds. */
function careItems(input: ComposeInput, facts: FactSheet, lang: Lang): string[] {
  const clauses = sentences(input.description)
    .flatMap((s) => s.split(/[,;]\s*|\s[-–]\s/u))
    .map((c) => c.trim().replace(/[.!?]+$/u, ""))
    // Wear the washing left ("some dishwasher fading") is the item's condition, not how to care for it.
    .filter((c) => c && CARE_CLAUSE.test(c) && words(c).length <= 10 && !isConditionPhrase(c));
  const out = [...new Set(clauses)];
  for (const c of facts.care) if (!out.some((o) => lower(o, lang).includes(lower(c, lang)))) out.push(c);
  return out;
}

/** Feature lines: the seller's other sentences, then the facts as labelled lines. */
function featureLines(input: ComposeInput, r: ProductReading): string[] {
  const own = ownSentences(input, r.lang);
  const intro = own[0] && own[0].length < 90 && own[1] ? 2 : 1;
  const features = own.slice(intro, intro + 6);
  // A fact the seller's care or shipping notes already state stays there, under its own heading.
  const notes = lower(shownNotes(input, r.lang).join(" "), r.lang);
  const facts = factsFor(input);
  const inNotes = (value: string) => notes.includes(lower(value, r.lang));
  // The care the seller gave always has its line, unless their notes below already say it.
  const care = careItems(input, facts, r.lang);
  const sheet = { ...facts, care: care.every(inNotes) ? [] : care.filter((c) => !inNotes(c)), condition: facts.condition.filter((c) => !inNotes(c)) };
  // A fact the seller's feature lines already list ("Bedenler: 0-3 ay; 3-6 ay") is not listed twice.
  const listed = lower([...own.slice(1), ...features].join(" "), r.lang);
  const careLabel = `${FACT_LABELS[r.lang].care}: `;
  for (const line of factLines(sheet, r.lang, input.description, r.category.id === "book")) {
    const values = line.slice(line.indexOf(": ") + 2).split(/, | and | ve /);
    // The care line stands even when a sentence above holds the same words: a buyer looks for it.
    if (!features.includes(line) && (line.startsWith(careLabel) || !values.every((v) => listed.includes(lower(v, r.lang))))) features.push(line);
  }
  // A trading card's set, number, grade and language, each on its line (decision 0090).
  const card = r.lang === "en" ? readCard(input.description) : undefined;
  if (card) {
    const lines = cardLines(card);
    // (Its grade is its condition: said once.)
    const grade = card.graded ? features.findIndex((f) => foldCase(f) === foldCase(`${FACT_LABELS.en.condition}: ${card.graded}`)) : -1;
    if (grade >= 0) features.splice(grade, 1);
    features.push(...lines);
  }
  if (features.length === 0) features.push(capitalise(productName(r, input.description), r.lang));
  return features;
}

/** A trading card's set, number, grade, year and language, each as a labelled line (decision 0090). */
function cardLines(card: CardReading): string[] {
  return [
    card.set && `Set: ${card.set}`,
    card.number && `Card number: ${card.number}`,
    card.graded && `Grade: ${card.graded}`,
    card.year && `Year: ${card.year}`,
    card.language && `Language: ${card.language}`,
  ].filter((line): line is string => !!line);
}

/** Features (the seller's sentences and the fact sheet) as a plain-text section: a heading, then "•" bullets; the shop notes after. */
export function composeBody(input: ComposeInput): string {
  const r = reading(input);
  const w = TEMPLATE_WORDS[r.lang];
  const features = featureLines(input, r);
  const notes = shownNotes(input, r.lang);
  return [
    `${w.features}\n${features.map((f) => `• ${f}`).join("\n")}`,
    // Care, shipping and contact notes stay as the seller wrote them, under their own heading.
    ...(notes.length ? [`${w.shopNotes}\n${notes.map((n) => `• ${n}`).join("\n")}`] : []),
  ].join("\n\n");
}

/** The digital note goes into a description unless the seller's own words already say that nothing is shipped. */
const saysNothingShipped = (description: string) => /no physical (?:item|product)|nothing (?:physical )?will be (?:shipped|mailed)|fiziksel (?:bir )?ürün gönderilmez/iu.test(description);

/**
 * The description in plain text (the marketplaces' description fields are plain): the seller's own
 * sentences, the facts, the digital note only for a digital product. No stock sentences, no call to
 * action, no FAQ, no Markdown.
 */
export function composeDescription(input: ComposeInput): string {
  const r = reading(input);
  const sections = [composeIntro(input), composeBody(input)];
  if ((r.digital || factsFor(input).digital) && !saysNothingShipped(input.description)) sections.push(digitalDisclaimer(r.lang, factsFor(input)));
  return sections.join("\n\n");
}

// ---- Tags --------------------------------------------------------------------------------------

const TAG_MAX = LISTING_LIMITS.tagMax;

const GIFT_FALLBACK: Record<Lang, string[]> = {
  en: ["gift for her", "gift for him", "gift for mom", "birthday gift", "christmas gift", "gift for friend", "gift for women", "anniversary gift"],
  tr: ["kadına hediye", "erkeğe hediye", "anneye hediye", "doğum günü hediyesi", "yılbaşı hediyesi", "arkadaşa hediye", "sevgiliye hediye", "yıldönümü hediyesi"],
};
const BABY_FALLBACK: Record<Lang, string[]> = {
  en: ["new mom gift", "baby gift", "expecting mom gift", "baby registry", "gift for kids", "birthday gift", "christmas gift"],
  tr: ["yeni anne hediyesi", "bebek hediyesi", "hamile hediyesi", "çocuğa hediye", "doğum günü hediyesi", "yılbaşı hediyesi"],
};
const DIGITAL_FALLBACK: Record<Lang, string[]> = {
  en: ["instant download", "digital download", "printable download", "diy project", "digital file", "print at home", "digital product", "downloadable file", "craft project", "digital gift"],
  tr: ["anında indirme", "dijital indirme", "yazdırılabilir dosya", "kendin yap", "dijital dosya", "evde yazdır", "dijital ürün", "indirilebilir dosya", "el işi projesi", "dijital hediye"],
};

/** The craft as a shopper types it, per language. */
const CRAFT_WORDS: Record<Lang, Record<string, string>> = {
  en: {
    knit: "knit",
    crochet: "crochet",
    sewn: "sewn",
    embroidered: "embroidered",
    woven: "woven",
    macrame: "macrame",
    quilted: "quilted",
    "hand-painted": "hand painted",
    "hand-thrown": "wheel thrown",
    carved: "carved",
    beaded: "beaded",
    "cross-stitch": "cross stitch",
  },
  tr: {
    knit: "örgü",
    crochet: "tığ işi",
    sewn: "dikiş",
    embroidered: "nakışlı",
    woven: "dokuma",
    macrame: "makrome",
    quilted: "kapitone",
    "hand-painted": "el boyaması",
    "hand-thrown": "çark",
    carved: "oyma",
    beaded: "boncuklu",
    "cross-stitch": "kanaviçe",
  },
};

/** Category words that name a family every product of the category belongs to ("jewelry" for a necklace). */
const HYPERNYMS = new Set([
  "jewelry",
  "takı",
  "decor",
  "dekor",
  "home decor",
  "ev dekorasyonu",
  "clothing",
  "giyim",
  "accessories",
  "aksesuar",
  "ceramics",
  "seramik",
  "toy",
  "oyuncak",
  "stationery",
  "kırtasiye",
  "wall art",
  "duvar sanatı",
]);

/** Themes that are styles, true of the product itself ("boho necklace", "floral bundle"). */
const STYLE_THEMES = new Set(["floral", "botanical", "boho", "rustic", "minimalist", "retro", "vintage", "christmas", "geometric", "abstract", "çiçek", "botanik", "bohem", "rustik", "yılbaşı"]);

/** Jewelry's categories: its metal makes the piece, so a title names it early ("14k Gold Filled Chain"). */
const JEWELRY = new Set(["necklace", "earrings", "ring", "bracelet", "jewelry"]);
/** Categories whose products are made of their material, so "merino wool hat" or "leather keychain" is true. */
const MATERIAL_MADE = new Set(["necklace", "earrings", "ring", "bracelet", "jewelry", "clothing", "hat", "bag", "accessories", "blanket", "ceramics", "toy", "pet", "soap", "mug", "bottle"]);

/** Whether two words of a phrase are one word with different endings ("quilted quilt", "seramik seramik"). */
function repeatsAStem(phrase: string): boolean {
  const ws = phrase
    .toLocaleLowerCase("tr")
    .split(/\s+/)
    .filter((w) => w.length > 3);
  return ws.some((w, i) => ws.slice(i + 1).some((x) => x.slice(0, 4) === w.slice(0, 4) && (x.startsWith(w) || w.startsWith(x) || x.slice(0, -2) === w.slice(0, -2))));
}

/** Patterns any maker prints ("plaid", "floral"): no name a collector searches with the maker. */
const GENERIC_DESIGN =
  /^(?:plaid|tartan|floral|flowers?|striped|stripes?|checked|checks?|gingham|paisley|polka dots?|dots?|geometric|abstract|leopard|animal print|camo|camouflage|houndstooth|herringbone|argyle|solid|print)$/u;

/** Every tag candidate for this product, best first (the enforcer fills from the same list). */
function tagPool(input: ComposeInput): string[] {
  const r = reading(input);
  const head = r.head;
  const product = r.phrase?.tokens ?? [];
  const pool: string[] = [];
  // The second words of places the seller names with capitals ("Francisco" of "San Francisco"), read once.
  const placeSeconds = new Set(
    r.lang === "en"
      ? [...input.description.slice(0, 4000).matchAll(/(?<![\p{L}])(?:San|Santa|New|Los|Las|Saint|St\.|Rio|Hong|Buenos|Costa|Puerto|Sri|Cape) (\p{Lu}\p{L}+)/gu)].map((m) => lower(m[1], r.lang))
      : [],
  );
  const facts = factsFor(input);
  // A pattern's yarn, fabric and finished size are the piece the maker will make with it, not the file's:
  // "cotton pattern" and "15 cm pattern" name no pattern.
  const supplies = r.category.id === "pattern";
  const ownMaterials = supplies ? [] : facts.materials;
  const sizeLists = sizeListsOf(facts);
  const headSynonyms =
    r.lang === "tr"
      ? nounSynonyms(
          tokensBeforeCount(product).filter((t) => !/^\d/u.test(t)),
          r.lang,
        )
      : [];
  const source = sellerText(input);
  // The colours its tags name: a scented thing's colour said only of its jar or tin ("8 oz amber jar") is the jar's, and
  // "amber candle" would read as a scent.
  const scented = /^(?:candles?|melts?|wax melts?|soaps?|diffusers?)$/u.test(head);
  const tagColours = facts.colours.filter(
    (c) => !scented || new RegExp(`(?<![\\p{L}])${escapeRegExp(c)}(?! (?:glass |metal )?(?:jars?|tins?|bottles?|vessels?|containers?|lids?)(?![\\p{L}]))(?![\\p{L}])`, "iu").test(source),
  );
  const sourceTr = r.lang === "tr" ? lower(source, "tr") : "";
  // The labels that open a sentence or a line of the seller's text ("Skill level:", "Yarn:").
  const labels = new Set([...source.toLocaleLowerCase(r.lang === "tr" ? "tr" : "en").matchAll(/(?:^|[\n.!?])[ \t]{0,4}([\p{L}][\p{L} ]{1,28}):/gu)].map((m) => m[1].trim()));
  // The numbers the seller wrote as shares ("%50 yün", "100% cotton"), read once.
  const labelled = Object.keys(facts.measureLabels ?? {})
    .filter((m) => bodyLabelled(facts, m))
    .map((m) => m.toLocaleLowerCase("tr"));
  const shares = new Set([...source.matchAll(/%\s?(\d+)(?!\d)|(?<!\d)(\d+)\s?%/gu)].map((m) => m[1] ?? m[2]));
  const add = (tag: string | undefined): void => {
    // A list of sizes is searched size by size: "16 or 18 inch chain" is "16 inch chain" and "18 inch chain".
    const list = tag ? sizeListIn(tag) : undefined;
    if (tag && list) return measureItems(list).forEach((m) => add(tag.replace(list, m)));
    // A tag cannot carry "%", and "100 merino wool" says nothing a shopper types: the share goes. Nor
    // does a verb the seller's sentence began with ("uses dk cotton yarn" is "dk cotton yarn").
    // ("bozuk para gözü var", there is a coin pocket: the pocket is the search, "var" says it exists.)
    const clean = tag
      ?.replace(/^(?:\d+\s?%|%\s?\d+)\s+/u, "")
      .replace(/^(?:uses?|using|needs?|requires?|includes?|including|features?|featuring)\s+(?=\S+\s)/u, "")
      .replace(/\s(?:var|vardır|mevcut|mevcuttur|bulunur)$/u, "");
    // A tag claims what it says ("handmade mug", "gift for her"): only what the seller's facts back.
    if (!clean || !supported(clean, input, facts) || isPieceOfSizeList(sizeLists, clean)) return;
    // A label the seller wrote before its value ("Skill level: intermediate") is no search.
    // (The product's own name before a colon, "Knitting pattern: chunky cable beanie", is its name.)
    if (labels.has(clean) && !clean.split(" ").includes(head.split(" ").pop() ?? "")) return;
    // A measure the seller named a dimension of ("bust 34 in", "göğüs 90 cm") fits one piece: nobody searches it.
    if (labelled.some((m) => clean.includes(m))) return;
    // A count and its noun alone ("3 initials", "2 weeks") is no search; nor is what is put on it ("phone number" of "name
    // and phone number engraved").
    if (/^\d{1,2} \p{L}+$/u.test(clean) || PUT_ON_THING.test(clean)) return;
    // A share inside a tag ("yün 50 akrilik" of "%50 yün %50 akrilik") is a number that says nothing.
    if ((clean.match(/(?<![\p{L}\p{N}x×.,])\d+(?![\p{L}\p{N}x×.,])/gu) ?? []).some((n) => shares.has(n))) return;
    // A phrase cut before its object ends on a particle ("pots up" of "fits pots up to 20 cm"), or on a size system
    // cut from its size ("modern us" of "fits a modern US 6"): no search.
    if (/\s(?:up|to|for|with|of|in|on|at|and|or|from|by|ve|ile|için|gibi|kadar|geri|us|uk|eu)$/u.test(clean) || withoutItsValue(clean)) return;
    // A whole phrase, never a piece cut from inside one ("el hırka" from "el örgüsü hırka", "brass collar"
    // from "brass buckle"); wear or damage ("utensil marks") is left out where the tags are chosen (selectTags).
    if (isFragmentTag(clean, source, MATERIALS, head)) return;
    // (Nor one that opens on the second word of a place's name: "francisco culture" of "San Francisco culture".)
    if (placeSeconds.has(clean.split(" ")[0] ?? "")) return;
    // (Nor on the second word of a look: "style brass lamp" of "vintage style brass lamp".)
    if (/^(?:style|styled|inspired|look)\s/u.test(clean)) return;
    // (Nor one that is cut to a tag's length into a piece: "grown diamond ring" of "lab grown diamond ring".)
    const cut = cleanTag(clean, r.lang);
    if (cut && cut !== clean && isFragmentTag(cut, source, MATERIALS, head)) return;
    // A care instruction is no search ("lay flat", "machine wash"); "dishwasher safe" and "machine washable" are.
    if (CARE_CLAUSE.test(clean) && !/(?:safe|washable|yıkanabilir)$/u.test(clean)) return;
    // A tag cannot carry "." ("4.5x3.5 inches" would become "4 5x3 5 inches"), nor say a word twice ("quilted quilt").
    if (/\d[.,]\d/.test(clean) || repeatsAStem(clean)) return;
    // A Turkish noun that carries its compound's possessive ("hırkası") names the head of its own compound, never the modifier of
    // another bare noun ("hırkası tarif"); "arası" (between) needs the figures it is between ("2 yaş arası").
    if (r.lang === "tr") {
      const ws = clean.split(" ");
      const last = ws[ws.length - 1];
      if (/(?:^| )arası$/u.test(clean) || ws.slice(0, -1).some((w) => isPossessive(w) && baseNoun(last, "tr") === last)) return;
      // A phrase that opens on an attribute's possessive whose owner the seller named before it ("rengi ponponlu" of
      // "hardal rengi ponponlu", "uzunluğu 45 cm" of "zincir uzunluğu 45 cm") has lost whose colour or length it is.
      // (So has a compound's head cut from its owner: "davetiyesi şablonu" of "düğün davetiyesi şablonu".)
      if ((ATTRIBUTE_POSSESSIVE.test(ws[0]) || isPossessive(ws[0])) && new RegExp(`\\p{L} ${escapeRegExp(ws[0])}(?![\\p{L}])`, "u").test(sourceTr)) return;
    }
    // A Turkish compound noun is one name: "paspası" without "banyo" says nothing; another name of it does ("egzersiz matı"; decision 0069).
    if (r.lang === "tr" && head.includes(" ")) {
      const said = ` ${lower(clean, r.lang)} `;
      const last = head.split(" ").pop() ?? "";
      if (said.includes(` ${last} `) && ![head, ...headSynonyms].some((n) => said.includes(` ${n} `))) return;
    }
    pool.push(clean);
  };
  const tail = (tokens: string[]) =>
    longestTail(
      tokens.map((t) => lower(t, r.lang)),
      TAG_MAX,
      r.lang,
    )?.join(" ");
  const productLower = product.map((t) => lower(t, r.lang));
  const withHead = (modifier: string) => {
    const m = lower(modifier, r.lang);
    const mWords = m.split(" ");
    // "soya" + "mum" when the product is already "soya mumu" says nothing new.
    // (A one-word product has no word before its noun: "brass" + "ring" is a tag, not a repeat.)
    const at = productLower.indexOf(mWords[mWords.length - 1]);
    if (!head || mWords.includes(head) || (at >= 0 && at === productLower.length - 2)) return undefined;
    return `${m} ${head}`;
  };

  // A one-word keyword makes a tag with the product's noun only when it describes the product ("pillar candles", not "gift candles").
  for (const k of keywordList(input)) add(words(k).length >= 2 ? k : describesProduct(k, r.lang, head) ? withHead(k) : undefined);
  // A trading card's tags as its collectors search it: its name, its game's card, the card by its name, its set, its grade
  // with its name, its finish and print run ("charizard vmax", "pokemon card", "charizard card", "darkness ablaze", "psa 10
  // charizard", "graded pokemon card", "holo charizard"; decision 0091).
  const card = r.lang === "en" ? readCard(input.description) : undefined;
  if (card?.name) {
    const name = lower(card.name, r.lang);
    const first = name.split(" ")[0];
    const game = lower(card.opening.replace(/^(?:19|20)\d\d(?:-\d\d)? /u, "").split(" ")[0] ?? "", r.lang);
    const graded = card.graded ? lower(card.graded.split(" ").slice(0, 2).join(" "), r.lang) : undefined;
    const cardTags = [
      `${game} ${first}`,
      name,
      `${game} card`,
      `${first} card`,
      card.set && lower(card.set, r.lang),
      graded && `${graded} ${first}`,
      graded && `graded ${game} card`,
      card.finish && `${lower(card.finish, r.lang)} ${first}`,
      card.edition && `${lower(card.edition, r.lang)} ${first}`,
      card.edition && /1st/u.test(card.edition) && `${lower(card.edition, r.lang)} ${game}`,
      card.year && `${card.year} ${game} card`,
      card.language && card.language !== "English" && `${lower(card.language, r.lang)} ${game} card`,
    ];
    // (Each whole or not at all: "1st edition blue-eyes" is too long for a tag, and "edition blue-eyes" says nothing.)
    for (const tag of cardTags) if (tag && tagCharacters(tag, r.lang).length <= TAG_MAX) add(tag);
    // (A card's other phrases are pieces of its name and its wear: "vmax ablaze", "back edges".)
    return pool;
  }
  // A tail that cuts the product's noun in two ("paspası 50x80 cm" of "Kaymaz banyo paspası 50x80 cm") is no name: the
  // name without its measure is (the measure has its own "<measure> <noun>" tag; decision 0069).
  const whole = tail(product);
  const bare = product.filter((t, i) => !(i >= product.length - 2 && /^\d/u.test(t)));
  add(whole && head.includes(" ") && !` ${whole} `.includes(` ${head} `) && bare.length < product.length ? tail(bare) : whole);
  if (product.length >= 3) add(tail(product.slice(0, -1).slice(-1).concat(product.slice(-1))));
  // A Turkish pattern ("bebek hırkası örgü tarifi"): what it makes with "tarifi", as shoppers search it ("bebek hırkası tarifi").
  if (r.lang === "tr" && facts.pattern && productLower.length >= 3) {
    const at = productLower.findIndex((t) => /^(?:tarifi|deseni|modeli|şeması)$/u.test(t));
    const made =
      at > 1
        ? productLower
            .slice(0, at)
            .filter((t) => !/^(?:örgü|tığ|şiş|işi|el|yukarıdan|aşağı)$/u.test(t))
            .slice(-2)
        : [];
    const searched = `${made.join(" ")} ${productLower[at]}`;
    if (made.length && !startsOnPossessive(searched) && tagCharacters(searched, r.lang).length <= LISTING_LIMITS.tagMax) add(searched);
  }
  // What a pattern makes ("granny square cardigan" of a crochet pattern): the garment with "pattern" and with its craft,
  // and a two-word name of its own ("granny square") whole.
  const subject = r.phrase ? subjectWords(r, phraseText(r.phrase), source) : undefined;
  if (subject && r.category.id === "art") {
    // What a painting shows, with its noun and its medium: "fox painting", "fox watercolor", "black cat painting",
    // "eucalyptus print" (of "eucalyptus leaves": a plural of any plant's parts names none).
    const noun = productLower[productLower.length - 1] ?? "art";
    const last = subject[subject.length - 1];
    const shown = `${subject.join(" ")} ${noun}`.length <= TAG_MAX ? subject.join(" ") : /^(?:leaves|flowers|petals|blooms|branches|trees)$/u.test(last) ? subject[0] : last;
    add(`${shown} ${noun}`);
    for (const medium of productLower.filter((t) => /^(?:watercolou?r|oil|acrylic|ink|pencil|charcoal|pastel|gouache)$/u.test(t))) add(`${shown} ${medium}`);
  } else if (subject) {
    const made = subject[subject.length - 1];
    add(`${made} pattern`);
    for (const craft of product
      .slice(0, -1)
      .map((t) => lower(t, r.lang))
      .filter((t) => /^(?:crochet|knitting|knit|sewing|quilt|quilting|embroidery|amigurumi)$/u.test(t)))
      add(`${craft === "knitting" ? "knit" : craft} ${made}`);
    if (subject.join(" ").length <= TAG_MAX) add(subject.join(" "));
    if (subject.length === 3) add(subject.slice(0, 2).join(" "));
  }
  // A two-word name the product's phrase holds ("granny square") is searched by itself.
  for (const [first, second] of NAMED_PAIRS) if (productLower.join(" ").includes(`${first} ${second}`)) add(`${first} ${second}`);
  // The item's own size only: a part's measure ("1.2 mm bezel") or what it fits ("45 mm") makes no "<measure> <noun>" tag.
  const ownMeasure = supplies ? undefined : [r.size, ...r.measures.filter(isSizeMeasure)].find((m) => m && isOwnMeasure(facts, m));
  if (ownMeasure) add(withHead(ownMeasure));
  // A material is the product's own when the product phrase names it, or when the product is made of one material (clothing, jewelry...).
  const productText = lower(product.join(" "), r.lang);
  // (Beyond the product's name, only a material the fact sheet reads as the item's: "canvas" of a "Bella Canvas" blank is its maker's name.)
  const itsOwn = (m: string) => facts.materials.some((f) => ` ${foldCase(f.name)} `.includes(` ${foldCase(m)} `));
  for (const m of r.materials.slice(0, 2)) if (productText.includes(m) || (itsOwn(m) && MATERIAL_MADE.has(r.category.id) && !["yarn", "iplik", "paper", "kağıt"].includes(m))) add(withHead(m));
  const intent = buyerPhrases(input);
  intent.slice(0, 3).forEach(add);
  for (const p of r.phrases) {
    if (p === r.phrase || p.kind === "measure" || p.kind === "colour") continue;
    add(tail(p.tokens));
  }
  // (A colour the fact sheet reads as an option to choose, "3 color versions (pastel, ...)", is none of the item's.)
  for (const p of r.phrases) if (p.kind === "colour" && !isColourOption(source, phraseText(p))) add(withHead(phraseText(p)));
  intent.slice(3).forEach(add);
  // A theme names the product only when the product phrase says it or it is a style ("boho necklace").
  // (An age is no style where the item has none: "vintage brown" is a shade, "vintage style" a look.)
  for (const t of r.themes) if ((productLower.includes(t) || STYLE_THEMES.has(t)) && (facts.vintage || !/^(?:vintage|antique)$/u.test(t))) add(withHead(t));
  if (r.handmade) add(withHead(r.lang === "tr" ? "el yapımı" : "handmade"));
  // The facts a shopper searches with: brand, era, vintage, craft, every material and colour with the product's noun.
  if (facts.brand) add(withHead(facts.brand));
  if (facts.brand && facts.vintage) add(`${r.lang === "tr" ? "vintage" : "vintage"} ${lower(facts.brand, r.lang)}`);
  for (const e of facts.era) add(withHead(e));
  if (facts.vintage) add(withHead("vintage"));
  for (const m of facts.models) add(facts.brand ? `${lower(facts.brand, r.lang)} ${m.replace(/^#\s?/, "")}` : undefined);
  for (const m of ownMaterials) if (!["yarn", "iplik", "ip", "paper", "kağıt"].includes(m.name)) add(withHead(m.name));
  for (const c of tagColours) add(withHead(c));
  // ("apple green" is searched as "green" too, with each name of the product: "green serviettes".)
  for (const base of tagColours.map(baseColour)) if (base) add(withHead(base));
  // Each smell with the noun ("lavender candle", "cedar candle" of "lavender and cedar scent"): what its shoppers search.
  // (In Turkish with "kokulu": "sedir kokulu mum".)
  for (const scent of (facts.scents ?? []).flatMap((sc) => sc.split(/ (?:and|&|ve) |, /u)))
    if (!/^(?:unscented|fragrance[- ]free|kokusuz)$/u.test(scent)) add(withHead(r.lang === "tr" && !/kokulu$/u.test(scent) ? `${scent} kokulu` : scent));
  if (facts.personalised) add(withHead(r.lang === "tr" ? "kişiye özel" : "personalized"));
  // The product's own describing words with its noun, and with the family it belongs to ("moon necklace", "silver jewelry").
  // (An age only where the item has one, "vintage style" is a look; and a look's word alone describes nothing: no "style
  // lamp"; decision 0091.)
  const modifiers = productLower
    .slice(0, -1)
    .filter((t) => !isStopWord(t) && !/^\d/.test(t) && t !== head && !/^(?:style|styled|inspired|look)$/u.test(t) && (facts.vintage || !/^(?:vintage|antique|antika)$/u.test(t)));
  // A word of a material of more than one word is no modifier alone ("cast" of "cast iron skillet" makes no "cast skillet").
  const materialWords = new Set(facts.materials.filter((x) => x.name.includes(" ")).flatMap((x) => x.name.split(" ")));
  // A Turkish describing word of two ("su geçirmez") is one modifier: "su" alone describes nothing (decision 0069).
  // A pattern word after its motif is no modifier alone ("print" of "rose print silk scarf", "desenli" of "elma desenli").
  const joined0 = modifiers.filter((m, i) => !(i > 0 && /^(?:desenli|motifli|baskılı|işlemeli|nakışlı|print|pattern|patterned|design|motif)$/u.test(m)));
  // So are "baş harfli" (with initials) and "kişiye özel" (personalised): "baş" and "kişiye" alone describe nothing.
  const secondOfTwo = (w: string) => /(?:maz|mez|s[ıiuü]z|l[ıiuü])$|^özel$/u.test(w);
  const joined =
    r.lang === "tr" ? joined0.filter((m, i) => !(i + 1 < modifiers.length && secondOfTwo(modifiers[i + 1]) && productLower.indexOf(modifiers[i + 1]) === productLower.indexOf(m) + 1)) : joined0;
  const pairs = joined.map((m) => {
    const at = productLower.indexOf(m);
    return r.lang === "tr" && at > 0 && secondOfTwo(m) && modifiers.includes(productLower[at - 1]) ? `${productLower[at - 1]} ${m}` : m;
  });
  // A word of a colour of two words is no modifier alone ("dusty" of "dusty rose napkins").
  const colourWords = new Set(tagColours.filter((c) => c.includes(" ")).flatMap((c) => c.split(" ")));
  // A naming word followed by another naming word names that one, not the product ("cold" of "cold process", "goat" of
  // "goat milk", "wedding" of "wedding guest book"): no "cold soap bar", "goat soap bar" or "wedding book".
  // (Not a pattern's name, whose words name what it makes: "sweater" of "raglan sweater knitting pattern"; nor whom it is
  // for, "men's", nor a scent, "clove" of "clove soy candle".)
  const scentWords = new Set((facts.scents ?? []).flatMap((s) => s.split(" ")));
  const naming = (w: string | undefined) => !!w && w !== head && isNounLike(w, r.lang) && !describesProduct(w, r.lang, head) && !/^(?:handmade|hand-?made)$|['’]s$/u.test(w) && !scentWords.has(w);
  const compoundFirst = (m: string) => {
    const at = productLower.indexOf(m);
    return r.lang === "en" && !supplies && naming(m) && naming(productLower[at + 1]) && modifiers.includes(productLower[at + 1]);
  };
  for (const m of pairs) if (!materialWords.has(m) && !colourWords.has(m) && !compoundFirst(m)) add(withHead(m));
  // Facts a shopper filters by: craft, care, personalisation, what comes with it, file formats and editor.
  // (A pattern's craft is in its name, "sewing pattern": a "sewn pattern" is no search.)
  if (facts.craft && !["printed"].includes(facts.craft) && !(facts.pattern && ["sewn", "woven", "embroidered"].includes(facts.craft))) add(withHead(CRAFT_WORDS[r.lang][facts.craft] ?? facts.craft));
  // (What an invitation prints, "your names and date", is what every invitation has: no search.)
  const printsNames = ["invitation", "wedding"].includes(r.category.id);
  if (!printsNames) for (const p of facts.personalisation) add(withHead(r.lang === "tr" ? personalisedTr(p) : p.replace(/s$/, "")));
  for (const inc of facts.included) {
    const noun = lower(includedThing(inc), r.lang);
    // A thing that comes with it is said with "with" ("dish with lid"), never as the product's kind ("lid dish"); a part
    // of its own shape describes it ("juice groove board").
    if (words(noun).length > 2) continue;
    // (So are things of it said in the plural: "apron with pockets", never "pockets apron".)
    if (r.lang === "en" && (/^(?:lids?|gift box|box|storage pouch|pouch|stand|chain|case|dust bag|bag|cover|strap)$/u.test(noun) || /^\p{L}+[^s]s$/u.test(noun))) {
      // (Whole or not at all: "necklace with gift box" is too long for a tag, and "necklace with gift" says another thing.)
      const tag = [`${head} with ${noun}`, `${head.split(" ").pop() ?? head} with ${noun}`].find((t) => t.length <= LISTING_LIMITS.tagMax);
      if (tag) add(tag);
      // (A Turkish thing said to come with it, "ahşap çubuk dahil", describes no product: no "çubuk duvar süsü".)
    } else if (!/(?:ile birlikte|dahil|dahildir)$/iu.test(inc)) add(withHead(noun));
  }
  if (facts.digital) {
    for (const f of facts.formats) add(withHead(lower(f, r.lang)));
    if (facts.editor) add(`${lower(facts.editor, r.lang)} ${r.lang === "tr" ? "şablon" : "template"}`);
  }
  const family = r.category.synonyms[r.lang].find((x) => HYPERNYMS.has(x));
  // Only a word that describes a product makes a family phrase ("brass jewelry"; never "seating stationery").
  if (family)
    // (Not "özel" of "kişiye özel", personalised: "özel takı" is "special jewelry".)
    for (const m of [...modifiers.filter((x) => (describesProduct(x, r.lang) || /^(?:handmade|hand-?made)$/u.test(x)) && x !== "özel"), ...ownMaterials.map((x) => x.name), ...tagColours])
      if (lower(m, r.lang) !== family) add(`${m} ${family}`);
  // More of the seller's own words, combined with the product's name as a shopper types them (decision 0069): a
  // short text gave 3 of 13 tags. Each goes through the same checks: supported, whole, never a fragment.
  // Only phrases that fit whole: one cut to 20 characters would lose a word of its name ("rose serviettes" of "dusty rose serviettes").
  const addWhole = (tag: string | undefined): void => {
    const list = tag ? sizeListIn(tag) : undefined;
    if (tag && list) return measureItems(list).forEach((m) => addWhole(tag.replace(list, m)));
    if (tag && tagCharacters(tag, r.lang).length <= LISTING_LIMITS.tagMax) add(tag);
    // A name of two words too long with its describing word ("rattan proofing basket") keeps its noun ("rattan basket").
    // (Not a measure's: "36 inches hanging" says less than the size alone; and only a last word that names a thing by itself.)
    else if (tag && r.lang === "en" && head.includes(" ") && tag.endsWith(` ${head}`) && !/^\d/u.test(tag) && nounCategory(head.split(" ").pop() ?? "", r.lang))
      addWhole(`${tag.slice(0, tag.length - head.length)}${head.split(" ").pop()}`);
  };
  const name2 = productLower
    .filter((t) => !/^\d/.test(t))
    .slice(-2)
    .join(" ");
  // (Not a word of a material's name: "ağacı kaşık" of "zeytin ağacı kaşık" is no name.)
  // (Turkish: the head is already the whole compound, "yoga matı"; a word before it may end another compound, "zeytin ağacı".)
  // (Nor the second half of a maker's term: "process soap" of "cold process soap", "iron skillet" of "cast iron skillet".)
  const boundBefore = /^(?:cold|hot|cast|wrought)$/u.test(productLower.filter((t) => !/^\d/.test(t)).slice(-3, -2)[0] ?? "");
  const named =
    r.lang === "en" &&
    name2.includes(" ") &&
    name2.endsWith(head) &&
    !boundBefore &&
    !materialWords.has(name2.split(" ")[0]) &&
    !facts.materials.some((x) => x.name.split(" ").includes(name2.split(" ")[0]))
      ? name2
      : head;
  for (const fit of facts.fits ?? []) {
    const f = lower(fit, r.lang);
    if (r.lang === "tr") addWhole(`${f} ${head}`);
    else for (const t of [`${f} ${named}`, `${f} ${head}`, `${head} for ${f}`, `${head} for ${f.split(" ")[0]}`, `${f.split(" ")[0]} ${head}`]) addWhole(t);
  }
  // The clauses of the first sentences, lower case, each on its own ("Brass ring, adjustable." is "brass ring", "adjustable").
  const clauses = sentences(source)
    .slice(0, 3)
    .join(", ")
    .split(/(?<!\d),\s*|,\s+|,(?!\d)/u)
    .map((clause) => lower(clause.trim().replace(/[.!?]+$/u, ""), r.lang));
  // (Not a state or a term of the sale: "usable", "playable", "negotiable", "available".)
  const describing = (w: string) =>
    /^\p{L}{3,}(?:able|ible|proof)$/u.test(w) &&
    !isConditionPhrase(w) &&
    !/^(?:usable|unusable|wearable|playable|serviceable|repairable|acceptable|reasonable|available|unavailable|negotiable|returnable|refundable)$/u.test(w);
  for (const c of clauses) {
    if (c.includes(head)) continue;
    // A Turkish feature said with "-li" ("iç cepli", "fermuarlı", "papatya desenli") or "-sız" ("katkısız sabun"): the product with it.
    // (So is one said with "-ebilir"/"-abilir", what can be done with it: "ayarlanabilir yüzük", "katlanabilir sepet".)
    if (r.lang === "tr" && words(c).length <= 2 && /\p{L}{2,}(?:l[ıiuü]|s[ıiuü]z|[ae]bilir)$/u.test(c) && !/yıkanabilir$/u.test(c)) addWhole(`${c} ${head}`);
    // (After its colour, the feature alone: "ponponlu bere" of "hardal rengi ponponlu".)
    else if (r.lang === "tr" && words(c).length === 3 && /^\p{L}+ (?:rengi|renk) \p{L}{3,}(?:l[ıiuü])$/u.test(c)) addWhole(`${c.split(" ")[2]} ${head}`);
    // An English clause of one describing word, or two ("adjustable", "foldable, water-resistant"): what the seller says the
    // product is, as a shopper types it before the noun (decision 0088).
    else if (r.lang === "en" && words(c).length >= 1 && words(c).length <= 2 && words(c).every(describing)) addWhole(`${c} ${head}`);
    // (So is a clause of one word that says what state it is in: "unfiltered honey", "signed painting"; decision 0091.)
    // (Not a device's, whose noun is its model: "unlocked ultra" is no search.)
    else if (r.lang === "en" && words(c).length === 1 && isStateWord(c) && c !== "sealed" && !isDevice(facts, source)) addWhole(`${c} ${head}`);
  }
  // The seller's hyphenated describing words ("non-slip", "hand-rolled") and Turkish ones before the noun ("kaymaz").
  // One that describes another noun of the text ("water-based paint", "non-toxic water-based paint") is that noun's, not the product's.
  const headWord = head.split(" ").pop() ?? head;
  for (const m of source.matchAll(/(?<![\p{L}\p{N}-])(\p{L}{2,}-\p{L}{2,})(?![\p{L}\p{N}-])((?: [\p{L}-]+){0,3})/gu)) {
    const following = lower(m[2], r.lang).trim().split(" ").filter(Boolean);
    // (A safety the finish gives is the product's too: "non-toxic paint" makes a "non-toxic puzzle".)
    const safety = /^(?:non-toxic|food-safe|child-safe|baby-safe|pet-safe|eco-friendly|lead-free|nickel-free|bpa-free)$/iu.test(m[1]);
    // (A part of the product's own shape gives its style: a "fold-over brim" makes a "fold-over beanie".)
    const part = /^(?:brim|cuff|cuffs|collar|hem|sleeves?|lid|handle|handles|strap|straps|neckline|waist|toe|heel)$/u.test(following[0] ?? "");
    if (!safety && !part && following.length > 0 && !following.some((f) => f.startsWith(headWord.slice(0, Math.max(3, headWord.length - 1)))) && !following.every((f) => isStopWord(f))) continue;
    addWhole(`${lower(m[1], r.lang)} ${named}`);
    addWhole(`${lower(m[1], r.lang)} ${head}`);
  }
  // "personalised" as the seller spells it, with the product's name and its last word ("personalised case").
  const personalWord = /personali[sz]ed/iu.exec(source)?.[0];
  if (facts.personalised && personalWord && r.lang === "en") for (const t of [`${lower(personalWord, r.lang)} ${named}`, `${lower(personalWord, r.lang)} ${head.split(" ").pop()}`]) addWhole(t);
  if (!printsNames) for (const p of facts.personalisation) if (r.lang === "en") addWhole(`${p.replace(/s$/, "")} ${named}`);
  // A design with the occasion it is for ("eucalyptus wedding"), when the design with the noun is too long for a tag.
  for (const d of facts.designs) for (const o of facts.occasions.slice(0, 1)) addWhole(`${lower(d, r.lang)} ${lower(o, r.lang)}`);
  // Who the product is for, as a shopper types it before the noun ("kids chore chart", "toddler puzzle").
  const forWhom = /^ for (kids|children|toddlers|babies|baby|dogs|cats|puppies)$/u.exec(lower(audienceAfter(r, source, ""), r.lang))?.[1];
  if (forWhom) addWhole(`${{ children: "kids", toddlers: "toddler", babies: "baby", dogs: "dog", cats: "cat", puppies: "puppy" }[forWhom] ?? forWhom} ${named}`);
  // The occasion the product is made for, as a shopper types it before the noun ("welcome sign for weddings": "wedding
  // welcome sign", "wedding sign"; "düğün için karşılama panosu": "düğün karşılama panosu").
  const forOccasion =
    head.length <= 60
      ? new RegExp(
          r.lang === "tr"
            ? `(?<![\\p{L}])(düğün|nikah|doğum günü|yılbaşı|baby shower|kına|nişan) için (?:[\\p{L}-]+ ){0,2}${escapeRegExp(head)}`
            : `${escapeRegExp(head)} for (?:your |a |the )?(weddings?|birthdays?|baby showers?|bridal showers?|christmas|graduations?|engagements?|parties)(?![\\p{L}])`,
          "iu",
        ).exec(source)?.[1]
      : undefined;
  if (forOccasion) {
    const occasion = lower(forOccasion, r.lang)
      .replace(/^parties$/u, "party")
      .replace(/s$/u, "");
    addWhole(`${occasion} ${named}`);
    addWhole(`${occasion} ${headWord}`);
  }
  for (const d of facts.designs) {
    addWhole(`${lower(d, r.lang)} ${named}`);
    addWhole(`${lower(d, r.lang)} ${head}`);
  }
  // How a personalised thing's words are put on it, after whom and what it is for ("engraved dog collar", "embroidered bib":
  // its shoppers search by it too; decision 0091).
  const putOnWord = facts.personalised && r.lang === "en" ? /(?<![\p{L}])(?:engraved|embroidered|monogrammed|hand[- ]stamped)(?![\p{L}])/iu.exec(source)?.[0] : undefined;
  if (putOnWord) for (const t of [`${lower(putOnWord, r.lang)} ${named}`, `${lower(putOnWord, r.lang)} ${head.split(" ").pop()}`]) addWhole(t);
  // A Turkish soap's oil with the product ("lavanta yağlı sabun" of "lavanta yağı ile").
  const oilWith = r.lang === "tr" ? OIL_WITH_TR.exec(source.slice(0, 2000))?.[1] : undefined;
  if (oilWith) addWhole(`${lower(oilWith, r.lang)} yağlı ${head}`);
  // A finish the seller names ("hammered finish"), with the product and its metal: "hammered ring", "hammered silver ring".
  for (const finish of facts.details.map(finishWord).filter((f): f is string => !!f)) {
    for (const m of ownMaterials.slice(0, 1)) addWhole(`${finish} ${lower(m.name, r.lang).split(" ").pop()} ${head}`);
    addWhole(`${finish} ${head}`);
  }

  for (const c of tagColours) addWhole(`${c} ${named}`);
  // A colour with its finish or shade ("mat yeşil", "dusty rose") is searched by its colour too ("yeşil kupa").
  for (const c of tagColours) {
    const base = baseColour(c);
    if (base) addWhole(`${base} ${named}`);
  }
  for (const m of ownMaterials) addWhole(`${lower(m.name, r.lang)} ${named}`);
  // A handmade piece's material, as Turkish shoppers search a craft ("el yapımı seramik", "el yapımı deri"; never a
  // fibre: "el yapımı pamuk" is no craft).
  if (r.lang === "tr" && facts.handmade)
    for (const m of ownMaterials.slice(0, 1))
      if (/^(?:seramik|ahşap|deri|gümüş|pirinç|bakır|cam|porselen|çini|ceviz|zeytin ağacı)$/u.test(lower(m.name, r.lang))) addWhole(`el yapımı ${lower(m.name, r.lang)}`);
  for (const c of facts.counts)
    if (
      !lower(c, r.lang)
        .split(" ")
        .includes(head.split(" ").pop() ?? "")
    )
      add(r.lang === "tr" ? `${c} ${named}` : `${named} ${c}`);
  // A labelled measure ("bust 34 in") is the fit of one piece, not a size a shopper searches.
  if (!supplies) for (const m of facts.measures.filter((x) => isOwnMeasure(facts, x) && !bodyLabelled(facts, x))) addWhole(`${m} ${named}`);
  if (facts.brand) addWhole(`${lower(facts.brand, r.lang)} ${named}`);
  // A Turkish compound too long with a describing word ("su geçirmez sırt çantası") gives the bare noun with it: "su geçirmez çanta".
  const lastWord = head.split(" ").pop() ?? "";
  const bareNoun = r.lang === "tr" && head.includes(" ") ? baseNoun(lastWord, "tr") : lastWord;
  if (bareNoun !== lastWord)
    for (const x of [
      ...pairs.filter((m) => !colourWords.has(m) && !head.split(" ").includes(m)),
      ...tagColours,
      ...facts.materials.map((m) => lower(m.name, r.lang)),
      ...facts.measures.filter((m) => isOwnMeasure(facts, m)),
    ])
      if (tagCharacters(`${x} ${head}`, r.lang).length > LISTING_LIMITS.tagMax) addWhole(`${x} ${bareNoun}`);
  if (facts.origin) addWhole(r.lang === "tr" ? `${lower(facts.origin, r.lang)} yapımı` : `made in ${lower(facts.origin, r.lang)}`);
  // Other names of the product's own noun (shared/listings/categories.ts, as Amazon's search terms use them), alone
  // and with the seller's describing words, materials and colours ("egzersiz matı", "kaymaz egzersiz matı").
  const nameTokens = r.phrase ? tokensBeforeCount(r.phrase.tokens) : [];
  while (nameTokens.length > 1 && /^\d/u.test(nameTokens[nameTokens.length - 1])) nameTokens.pop();
  for (const syn of nounSynonyms(nameTokens, r.lang).filter((x) => supported(x, input, facts))) {
    addWhole(syn);
    // (Not a word the synonym stands for: "yoga" of "yoga mat" is in "exercise mat" already; "pie" of "pie dish" in "pie plate".)
    const describing = pairs.filter((x) => !materialWords.has(x) && !colourWords.has(x) && !named.split(" ").includes(x) && !syn.split(" ").includes(x));
    // (A shade's colour too: "green serviettes" of "apple green".)
    for (const m of [...describing, ...ownMaterials.map((x) => lower(x.name, r.lang)), ...tagColours, ...tagColours.map(baseColour).filter((c): c is string => !!c)]) addWhole(`${m} ${syn}`);
  }
  for (const e of facts.era) addWhole(`${lower(e, r.lang)} ${named}`);
  // A maker's named pattern, its era and its colour with the maker, as collectors search a vintage maker ("spring blossom
  // pyrex", "butterprint pyrex" of "Butterprint Cinderella", "1960s pyrex", "turquoise pyrex"), after the product's own tags.
  // (Not a pattern any maker has: "plaid pendleton" is no search.)
  if (facts.brand && facts.vintage && r.lang === "en") {
    const brand = lower(facts.brand, r.lang);
    for (const d of facts.designs.map((x) => lower(x, r.lang)).filter((x) => !GENERIC_DESIGN.test(x)))
      if (tagCharacters(`${d} ${brand}`, r.lang).length <= LISTING_LIMITS.tagMax) addWhole(`${d} ${brand}`);
      else for (const w of d.split(" ")) addWhole(`${w} ${brand}`);
    for (const e of facts.era) addWhole(`${lower(e, r.lang)} ${brand}`);
    for (const c of tagColours.slice(0, 2)) addWhole(`${c} ${brand}`);
  }
  // Last resorts that are still searches: the product as a gift, then gift phrases, only when the seller speaks of a gift.
  // (Not a thing for giving, "gift tags": no "tags gift".)
  const forGiving = (r.phrase?.tokens ?? []).some((t) => /^(?:gift|hediye\p{L}*)$/iu.test(t));
  if (!r.digital && !forGiving) add(head ? (r.lang === "tr" ? `hediyelik ${head}` : `${singularNoun(head, r.lang)} gift`) : undefined);
  // (Only those the listing's own words back, as the Doctor reads them: "print at home" for a printable, never for a
  // GoodNotes planner.)
  // (With the digital note the description will carry, as the Doctor reads the listing.)
  const note = r.digital && !saysNothingShipped(input.description) ? digitalDisclaimer(r.lang, facts) : "";
  const stems = listingStems([source, note, ...r.category.nouns[r.lang], r.category.type[r.lang]], r.lang);
  for (const t of r.digital ? DIGITAL_FALLBACK[r.lang] : r.category.id === "baby" || r.category.id === "toy" ? BABY_FALLBACK[r.lang] : GIFT_FALLBACK[r.lang])
    if (!r.digital || !tagIrrelevance(t, stems, r.lang, true)) add(t);
  return pool;
}

/**
 * Thirteen tags: whole phrases of at most 20 characters, multi-word, no filler, none a sub-phrase of
 * another ("ribbed brim" and "thick ribbed brim" are one tag, not two), buyer phrases included.
 */
export function composeTags(input: ComposeInput): string[] {
  const r = reading(input);
  // Every keyword the seller selected is a tag, even when one holds another ("bebek hırkası", "örgü bebek hırkası").
  const chosen = keywordList({ ...input, variant: 0 })
    .map((k) => cleanTag(k, r.lang))
    .filter((t): t is string => !!t && isMultiWord(t))
    .filter((t, i, all) => all.indexOf(t) === i)
    .slice(0, LISTING_LIMITS.tagCount);
  const tags = refillTags(input, r.lang, chosen);
  // The first tag is read as the listing's main phrase: a phrase naming the product leads, never a
  // buyer phrase such as "gift for her" (which only leads when nothing names the product).
  const names = (t: string) => !!r.head && words(t).some((w) => lower(w, r.lang) === r.head || baseNoun(lower(w, r.lang), r.lang) === r.head);
  const intent = new Set(buyerPhrases(input).map((p) => lower(p, r.lang)));
  // A keyword the seller chose stays first, whatever it is.
  if (tags.length && intent.has(tags[0]) && !keywordList(input).some((k) => lower(k, r.lang) === tags[0])) {
    const at = tags.findIndex((t) => names(t) && !/\bgifts?\b|hediye/iu.test(t));
    if (at > 0) return [tags[at], ...tags.slice(0, at), ...tags.slice(at + 1)];
  }
  // (And one the title says, where the first does not: the Doctor reads the first tag as the phrase the title must hold.)
  if (tags.length > 1 && !keywordList(input).length && platformOf(input) === "etsy") {
    const title = ` ${words(composeTitle(input)).map(key).join(" ")} `;
    const inTitle = (t: string) => title.includes(` ${words(t).map(key).join(" ")} `);
    const at = inTitle(tags[0]) ? 0 : tags.findIndex((t) => inTitle(t) && names(t));
    if (at > 0) return [tags[at], ...tags.slice(0, at), ...tags.slice(at + 1)];
  }
  return tags;
}

/** The possessive of an attribute ("rengi", its colour; "uzunluğu", its length): it belongs to the word before it. */
const ATTRIBUTE_POSSESSIVE = /^(?:rengi|boyu|eni|çapı|uzunluğu|genişliği|yüksekliği|derinliği|ölçüsü|kapasitesi|hacmi|ağırlığı)$/u;

/** A Turkish noun carrying its compound's possessive ("hırkası" of "bebek hırkası"). */
const isPossessive = (word: string) => baseNoun(word, "tr") !== word && /(?:sı|si|su|sü)$/u.test(word);
const startsOnPossessive = (tag: string) => isPossessive(tag.split(" ")[0]);

/** The tags of the pool, each once, 13 at most; wear the seller owns up to ("hafif yıpranma", "small stain near") is for the description's condition line, never a tag. */
function selectTags(pool: string[], lang: Lang, count: number, start: string[] = [], colours: string[] = []): string[] {
  const chosen = [...start];
  // (A wear word that is the item's colour speaks of no wear: "rust apron" of a "rust colour" apron.)
  const worn = (tag: string) => isConditionPhrase(colours.reduce((t, c) => t.replace(new RegExp(`(?<![\\p{L}])${escapeRegExp(c)}(?![\\p{L}])`, "u"), " "), tag));
  // A phrase cut to 20 characters that a later whole phrase holds ("banyo paspası" of "50x80 cm banyo paspası", with
  // "gri banyo paspası" to come) would keep that whole phrase out as its repeat: the whole one goes in instead (decision 0069).
  const whole = pool.map((raw) => {
    const chars = tagCharacters(raw, lang);
    return chars.length <= LISTING_LIMITS.tagMax ? chars : "";
  });
  for (const [i, raw] of pool.entries()) {
    if (chosen.length >= count) break;
    const tag = cleanTag(raw, lang);
    if (!tag || !isMultiWord(tag) || FILLER_PHRASES.includes(tag) || worn(tag)) continue;
    if (tag !== tagCharacters(raw, lang) && whole.some((w, j) => j > i && w && w !== tag && isMultiWord(w) && !chosen.includes(w) && isSubPhraseDuplicate(tag, w, lang))) continue;
    // The same words in another order are the same search ("yoga matı 183x61 cm", "183x61 cm yoga matı").
    // (So are the same words with a measure written with or without its space: "6mm bead", "6 mm bead".)
    const sorted = (t: string) =>
      t
        .replace(/(\d) (?=(?:mm|cm|in|oz|ml|g|kg|m|ft|qt|l|gb|tb)(?![\p{L}]))/giu, "$1")
        .split(" ")
        .sort()
        .join(" ");
    if (chosen.includes(tag) || chosen.some((c) => sorted(c) === sorted(tag))) continue;
    // One search, one tag: a phrase and a longer one holding it ("sırt çantası", "siyah sırt çantası") are one tag.
    // The longer one says more and still answers the shorter search: it takes the shorter one's place (never a
    // keyword the seller chose), so "20 litre sırt çantası" and "siyah sırt çantası" are two tags, not one (decision 0069).
    const held = chosen.findIndex((c) => isSubPhraseDuplicate(c, tag, lang));
    if (held >= 0) {
      const shorter = chosen[held].split(" ").length < tag.split(" ").length;
      const cut = tag !== tagCharacters(raw, lang);
      if (held >= start.length && shorter && !cut && !chosen.some((c, k) => k !== held && isSubPhraseDuplicate(c, tag, lang))) chosen[held] = tag;
      continue;
    }
    chosen.push(tag);
  }
  return chosen;
}

/** What a Turkish piece is personalised with, as a describing word before its noun ("isimli tasma", never "isim tasma"). */
function personalisedTr(what: string): string {
  const withIt: Record<string, string> = { isim: "isimli", harf: "harfli", "baş harf": "baş harfli", tarih: "tarihli", not: "notlu", fotoğraf: "fotoğraflı", yazı: "yazılı", mesaj: "mesajlı" };
  return withIt[what] ?? what;
}

/** The colour of a colour with its finish or shade ("green" of "mat yeşil"→"yeşil", "apple green", "dusty rose"). */
function baseColour(colour: string): string | undefined {
  return /^(?:mat|matte|matt|açık|koyu|light|dark|pale|deep|glossy|parlak|apple|kelly|army|emerald|electric|neon|sage|forest|olive|mint|midnight|navy|sky|dusty)\s+(\p{L}+)$/iu.exec(colour)?.[1];
}

/** The tags of the seller's facts after the ones kept (`start`), up to Etsy's 13 (the composer's, the fact check's and the enforcer's). */
export function refillTags(input: ComposeInput, lang: Lang, start: string[] = []): string[] {
  return selectTags(tagPool(input), lang, LISTING_LIMITS.tagCount, start, factsFor(input).colours);
}

// ---- Alt texts ---------------------------------------------------------------------------------

/** Five alt texts, one view each, each naming one keyword or phrase of the listing (SPEC: one keyword per image). */
export function composeAltTexts(input: ComposeInput): string[] {
  const r = reading(input);
  const facts = factsFor(input);
  const w = TEMPLATE_WORDS[r.lang];
  const name = productName(r, input.description);
  const nameWords = new Set(words(name).map((x) => lower(x, r.lang)));
  const saysNothingNew = (x: string) => words(x).every((t) => nameWords.has(lower(t, r.lang)) || isStopWord(t));
  const extras = [
    ...keywordList(input).map((k) => lower(k, r.lang)),
    // (Not a list of letter sizes, "s m l", nor what is engraved on it, "phone number": neither is seen in a photo.)
    ...r.phrases
      .filter(
        (p) =>
          p !== r.phrase && p.kind !== "measure" && p.tokens.length >= 2 && !isConditionPhrase(phraseText(p)) && !LETTER_SIZES.test(phraseText(p)) && !PUT_ON_THING.test(lower(phraseText(p), r.lang)),
      )
      .map((p) => restoreAcronyms(lower(phraseText(p), r.lang), input.description)),
    // A share ("100%") alone tells a screen-reader user nothing.
    ...r.measures.filter((m) => !/%/.test(m) && isOwnMeasure(facts, m)),
    ...(facts.details ?? []),
    ...buyerPhrases(input),
  ].filter((x, i, all) => all.indexOf(x) === i && !saysNothingNew(x) && !/^(?:\d+\s?%|%\s?\d+)$/.test(x.trim()) && supported(x, input, facts));
  const views = r.digital ? w.digitalViews : w.views;
  const out: string[] = [];
  const seen = new Set<string>();
  const usedExtras = new Set<string>();
  for (let i = 0; i < views.length; i++) {
    const view = fill(views[(i + (input.variant ?? 0)) % views.length], name, r.lang);
    const viewWords = new Set(words(view).map((x) => lower(x, r.lang)));
    // One phrase per image that the view does not already say ("ready to give as a gift" needs no "gift for her").
    const keyword = extras.find((x) => !usedExtras.has(x) && !words(x).some((t) => viewWords.has(lower(t, r.lang)) && !nameWords.has(lower(t, r.lang)) && !isStopWord(t)));
    if (keyword) usedExtras.add(keyword);
    const text = cutAtWord(capitalise(keyword ? `${view}, ${keyword}` : view, r.lang), LISTING_LIMITS.altTextMax);
    if (!seen.has(text.toLowerCase())) {
      seen.add(text.toLowerCase());
      out.push(text);
    }
  }
  return out;
}

/** The alt texts in the shape a model is asked for: bold 'Image N:' markers. */
function formatAltTexts(list: string[]): string {
  return list.map((text, i) => `**Image ${i + 1}:** ${text}`).join("\n");
}

export function cutAtWord(text: string, max: number): string {
  if (text.length <= max) return text;
  const cut = text.slice(0, max + 1);
  const space = cut.lastIndexOf(" ");
  return (space > max / 2 ? cut.slice(0, space) : text.slice(0, max)).replace(/[\s,;:\-–]+$/, "");
}

// ---- Amazon: bullets and search terms ----------------------------------------------------------

/**
 * Up to five bullet points, each a short capitalised label, a colon, then the seller's own words: what
 * you get (the product as the seller named it), then one bullet for each group of facts (sizes,
 * materials, brand and model, colour, condition, care...), then the seller's other clauses that no
 * bullet says yet ("TPE foam with carrying strap", "shockproof corners"). Nothing is added: when the
 * seller's facts give fewer than five, there are fewer than five, never one that only repeats the
 * product's name or a fact another bullet already says.
 */
export function composeBullets(input: ComposeInput): string[] {
  const r = reading(input);
  const facts = factsFor(input);
  const w = TEMPLATE_WORDS[r.lang];
  const l = FACT_LABELS[r.lang];
  const and = r.lang === "tr" ? " ve " : " and ";
  const { bulletCount, bulletMax } = PLATFORM_LIMITS.amazon;
  const clauses = ownSentences(input, r.lang).map(clausesOf);
  const lead = clauses[0]?.[0];
  const bullets: string[] = [];
  const add = (label: string, body: string | undefined) => {
    if (body && body.trim()) bullets.push(cutAtWord(`${label}: ${body.trim()}`, bulletMax));
  };
  // Each fact bullet is one group of the seller's facts.
  const groups: [string, string][] = [];
  const fact = (label: string, body: string) => groups.push([label, body]);
  // (A measure with the dimension the seller named after it keeps it: "6 mm thick", "60 cm yükseklik"; decision 0091.)
  const sizes = [...facts.measures.map((m) => measureWithDimension(input.description, labelledMeasure(facts, m))), ...facts.sizes];
  if (sizes.length) fact(sizes.length > 1 ? FACT_LABELS[r.lang].sizes.replace("Beden", "Ölçüler") : l.size, withStop(capitalise(listOf(sizes, r.lang), r.lang)));
  const { materials, packaging } = materialsAndPackaging(facts, r.lang);
  if (materials.length && !(facts.pattern && materials.every((m) => /^(?:yarn|fabric|ip|iplik|kumaş)$/iu.test(m))))
    fact(materialLabel(facts, materials.length, r.lang), withStop(capitalise(listOf(materials, r.lang), r.lang)));
  if (packaging.length) fact(l.packaging, withStop(capitalise(listOf(packaging, r.lang), r.lang)));
  const book = bookFacts(facts, r.lang, r.category.id === "book");
  // A brand or a model the product's name says ("Ninja AF101 air fryer") is said there: its bullet gives way to another fact.
  const named = (name: string) => foldCase(lead ?? "").includes(foldCase(name));
  const details = [
    facts.brand ? `${l.brand}: ${facts.brand}` : "",
    book.models.length ? `${l.model}: ${book.models.join(", ")}` : "",
    book.isbn ? `ISBN: ${book.isbn}` : "",
    facts.era.length ? `${book.eraLabel}: ${facts.era.join(", ")}` : "",
  ].filter(Boolean);
  const detailsSaidInName = (!facts.brand || named(facts.brand)) && book.models.every(named) && !book.isbn && !facts.era.length;
  if (details.length) fact(w.bulletLabels[2], withStop(details.join(". ")));
  const detailsAt = details.length ? groups.length - 1 : -1;
  if (facts.colours.length)
    fact(
      l.colour,
      withStop(
        capitalise(
          coloursText(facts, input.description, r.lang, (cs) => listOf(cs, r.lang)),
          r.lang,
        ),
      ),
    );
  // Its smell or a perfume's notes, as one fact ("Scent: Jasmine, vanilla and sandalwood."; decision 0091).
  const scentsSaid = (facts.scents ?? []).filter((x) => !/^(?:unscented|fragrance[- ]free|kokusuz)$/u.test(x));
  if (scentsSaid.length) fact(l.scent, withStop(capitalise(listOf(scentsSaid, r.lang), r.lang)));
  // A trading card's set, number, grade, year and language are one bullet; its grade is its condition, said there once.
  const card = r.lang === "en" ? readCard(input.description) : undefined;
  // (One bullet each, as Amazon's five ask: "Set: Darkness Ablaze.", "Card number: 020/189.")
  for (const line of card ? cardLines(card) : []) fact(line.slice(0, line.indexOf(": ")), withStop(line.slice(line.indexOf(": ") + 2)));
  const condition = facts.condition.filter((c) => !card?.graded || foldCase(c) !== foldCase(card.graded));
  if (condition.length) fact(l.condition, withStop(gradesInCapitals(capitalise(condition.join(", "), r.lang))));
  // The label says "Includes": the seller's own verb does not follow it ("Includes: carrying case", not "Includes: Includes carrying case").
  if (facts.included.length) fact(l.included, withStop(capitalise(facts.included.map(includedThing).join("; "), r.lang)));
  if (facts.tools.length) fact(l.tools, withStop(listOf(facts.tools, r.lang)));
  if (facts.skill || facts.terms) fact(l.skill, withStop(capitalise([facts.skill, facts.terms].filter(Boolean).join(", "), r.lang)));
  if (facts.care.length) fact(l.care, withStop(capitalise(facts.care.join(and), r.lang)));
  if (facts.personalised) fact(l.personalisation, withStop(capitalise(facts.personalisation.length ? facts.personalisation.join(", ") : l.personalisation, r.lang)));
  if (facts.formats.length || facts.editor) fact(l.format, withStop([facts.formats.join(", "), facts.editor ? `${l.editor}: ${facts.editor}` : ""].filter(Boolean).join(". ")));
  if (facts.digital) fact(w.digitalLabel, facts.personalised ? w.customDisclaimer : w.disclaimer);
  // Who it is for, as the seller said it ("unisex", "for kids"): a fact, never a gift claim.
  const audiences = facts.audiences.map((a) => a.replace(/^for\s+|\s+için$/iu, "")).filter(Boolean);
  if (audiences.length) fact(l.audience, withStop(capitalise(listOf(audiences, r.lang), r.lang)));
  // The seller's other clauses that no bullet says yet, in their order.
  const unsaid = (bullets: [string, string][]) => {
    // (The "Includes" label says the seller's "included": "charger and bag included" is said by "Includes: Charger and bag".)
    const included = facts.included.length ? (r.lang === "tr" ? "dahil dahildir" : "included includes") : "";
    // (So does the "Scent" label say a perfume's "notes of" and a candle's "scent".)
    const smells = scentsSaid.length ? (r.lang === "tr" ? "koku kokulu kokusu notaları" : "scent scented notes note fragrance aroma") : "";
    const said = saidWords([lead ?? "", ...facts.counts, included, smells, ...bullets.map(([, body]) => body)].join(" "), r.lang);
    return clauses.flatMap((cs, sentence) => cs.map((text) => ({ text, sentence }))).filter((c) => c.text !== lead && !coveredBy(c.text, said, r.lang));
  };
  // (The details the name says give way to another fact, or to the seller's own words that would find no bullet.)
  const full = groups.length >= bulletCount - 1;
  if (detailsAt >= 0 && detailsSaidInName && full && (groups.length > bulletCount - 1 || unsaid(groups.slice(0, bulletCount - 1)).length > 0)) groups.splice(detailsAt, 1);
  const factBullets = groups.slice(0, bulletCount - 1);
  const rest = unsaid(factBullets);
  // Clauses of one sentence join with commas, sentences with stops ("Keeps drinks cold 24 hours. Leak-proof lid, BPA-free").
  const joined = (list: typeof rest) => list.map((c, i) => (i && list[i - 1].sentence !== c.sentence ? `. ${capitalise(c.text, r.lang)}` : i ? `, ${c.text}` : c.text)).join("");
  const slots = bulletCount - 1 - factBullets.length;
  // What you get: the product as the seller named it, and the count when the name does not hold it.
  // When no bullet is left for the other clauses, they stay with it (the seller's first sentence, as written).
  const leadText = lead ? (slots > 0 || !rest.length ? lead : joined([{ text: lead, sentence: 0 }, ...rest])) : undefined;
  const counts = facts.counts.filter((c) => !leadText || !coveredBy(c, saidWords(leadText, r.lang), r.lang));
  add(w.bulletLabels[0], [leadText && withStop(leadText), counts.length ? withStop(capitalise(counts.join(", "), r.lang)) : ""].filter(Boolean).join(" "));
  for (const [label, body] of factBullets) add(label, body);
  if (slots > 0 && rest.length) {
    // One clause a bullet while bullets are left; the last one holds the rest.
    const single = rest.length <= slots ? rest : rest.slice(0, slots - 1);
    for (const c of single) add(w.goodToKnow, withStop(capitalise(c.text, r.lang)));
    if (single.length < rest.length) add(w.features, withStop(capitalise(joined(rest.slice(single.length)), r.lang)));
  }
  return bullets.slice(0, bulletCount);
}

/** A measure with the dimension its seller wrote after it ("6 mm thick", "40 inches long", "60 cm yükseklik"), else as it is. */
function measureWithDimension(text: string, measure: string): string {
  const said = new RegExp(
    `(?<![\\p{L}\\p{N}])${escapeRegExp(measure)} (thick|long|tall|wide|deep|high|in diameter|yükseklik|yüksekliğinde|uzunluk|uzunluğunda|genişlik|derinlik|kalınlık|çap|çapında)(?![\\p{L}])`,
    "iu",
  ).exec(text);
  return said ? `${measure} ${said[1].toLowerCase()}` : measure;
}

/**
 * A sentence's clauses: its parts between commas and semicolons, a part that goes on a list of measures
 * ("15x10, 12x8 and 9x6 inches") joined to the one before it.
 */
function clausesOf(sentence: string): string[] {
  const out: string[] = [];
  for (const part of splitOutsideBrackets(sentence.replace(/[.!?]+$/, ""))) {
    const text = part.trim();
    if (!text) continue;
    // Only a measure of the same shape goes on the list: "set of 4, 27x54 inches" are two clauses.
    const shape = (token: string) => (/^\d+(?:[.,]\d+)?\s*[x×]\s*\d+(?:[.,]\d+)?/u.test(token) ? "area" : /^\d+(?:[.,]\d+)?$/.test(token) ? "number" : "");
    const last = shape(out[out.length - 1]?.split(" ").pop() ?? "");
    if (last && last === shape(text.split(" ")[0]) && (last === "area" || / (?:and|ve|or|veya) /u.test(text))) out[out.length - 1] += `, ${text}`;
    else out.push(text);
  }
  return out;
}

/** A sentence's parts between the commas and semicolons outside brackets: "set of 3 (small 30x20 cm, large 40x30 cm)" is one part. */
function splitOutsideBrackets(sentence: string): string[] {
  const parts: string[] = [];
  let depth = 0;
  let start = 0;
  for (let i = 0; i < sentence.length; i++) {
    const c = sentence[i];
    if (c === "(" || c === "[") depth++;
    else if ((c === ")" || c === "]") && depth > 0) depth--;
    // A comma between digits is part of the number ("24,000 mAh", Turkish "2,5 litre").
    else if ((c === "," || c === ";") && depth === 0 && !(c === "," && /\d/.test(sentence[i - 1] ?? "") && /\d/.test(sentence[i + 1] ?? ""))) {
      parts.push(sentence.slice(start, i));
      start = i + 1;
    }
  }
  parts.push(sentence.slice(start));
  return parts.map((part) => part.trim());
}

/** Words that say nothing of their own in a bullet (joins, articles, units and size labels). */
const JOIN_WORDS = new Set("a an and the of with in on for to its it is are each ve ile bir için da de size sizes ölçü ölçüler beden bedenler inch inches in cm mm ft oz ml qt lt l kg g".split(" "));

/** The words a text says, lower-case, for telling whether a clause adds anything. */
function saidWords(text: string, lang: Lang): string[] {
  return lower(text, lang).match(/[\p{L}\p{N}][\p{L}\p{N}'.x×-]*/gu) ?? [];
}

/** Whether every word of a clause that says something is already said (a Turkish ending aside: "ölçülerinde" by "ölçüler"). */
function coveredBy(clause: string, said: string[], lang: Lang): boolean {
  const join = (w: string) => JOIN_WORDS.has(w) || [...JOIN_WORDS].some((j) => j.length >= 4 && w.startsWith(j));
  const all = saidWords(clause, lang);
  const words = all.filter((w) => !join(w));
  // A clause of linking words and units only ("oz" of "units g, oz, lb and ml") is said only when its words are.
  if (!words.length) return all.every((w) => said.includes(w));
  const stem = (w: string) => w.replace(/[.'-]+$/, "");
  return words.every((word) => {
    const w = stem(word);
    return said.some((s0) => {
      const s = stem(s0);
      return s === w || (Math.min(s.length, w.length) >= 4 && (w.startsWith(s) || s.startsWith(w)));
    });
  });
}

/** The singular and plural of an English word ("accessory"/"accessories", "case"/"cases", "box"/"boxes"). */
function englishForms(word: string): string[] {
  if (/[^aeiou]ies$/u.test(word)) return [`${word.slice(0, -3)}y`];
  if (/(?:s|x|z|ch|sh)es$/u.test(word)) return [word.slice(0, -2), word.slice(0, -1)];
  if (/[^s]s$/u.test(word)) return [word.slice(0, -1)];
  if (/[^aeiou]y$/u.test(word)) return [`${word.slice(0, -1)}ies`];
  if (/(?:s|x|z|ch|sh)$/u.test(word)) return [`${word}es`];
  return [`${word}s`];
}

/** What is set on a table ("dinnerware", "tableware", "sofra"): a plate's or a bowl's other names, never a vase's, a planter's or a coaster's. */
const TABLE_WORDS = /^(?:dinnerware|tableware|sofra)$/u;
const TABLE_HEADS = /^(?:bowls?|plates?|dish(?:es)?|platters?|mugs?|cups?|saucers?|jugs?|pitchers?|teapots?|kase|tabak|çanak|demlik|sürahi)$/u;

const utf8 = new TextEncoder();
export const byteLength = (text: string) => utf8.encode(text).length;

/**
 * Backend search terms: single lower-case words a shopper may type that the title does not already
 * hold (Amazon indexes title words anyway), space-separated, each once, within 249 bytes (UTF-8).
 */
export function composeSearchTerms(input: ComposeInput, title = composeTitle({ ...input, platform: "amazon" })): string {
  const r = reading(input);
  const facts = factsFor(input);
  const titleWords = new Set(words(title).map((x) => lower(x, r.lang)));
  const candidates = [
    ...keywordList(input).flatMap((k) => words(k)),
    ...r.phrases.flatMap((p) => (p.kind === "measure" || isConditionPhrase(phraseText(p)) ? [] : p.tokens.flatMap((t) => words(t)))),
    ...buyerPhrases(input).flatMap((p) => words(p)),
    // A synonym is checked whole, then split: "el yapımı" squashed into one term slipped past the claim check as "elyapımı".
    ...r.category.synonyms[r.lang]
      .filter((s) => supported(s, input, facts) && !(TABLE_WORDS.test(s) && !(r.phrase?.tokens ?? [r.head]).some((t) => TABLE_HEADS.test(lower(t, r.lang)))))
      .flatMap((s) => words(s)),
    // Other names of the product's own noun ("chopping board" for a cutting board), claim-checked whole (decision 0066).
    ...nounSynonyms(r.phrase ? tokensBeforeCount(r.phrase.tokens) : [], r.lang)
      .filter((s) => supported(s, input, facts))
      .flatMap((s) => words(s)),
    // What a shopper types with a device's name when the seller named what it fits ("breville compatible filter").
    ...((facts.fits ?? []).length ? [r.lang === "tr" ? "uyumlu" : "compatible"] : []),
    // The seller's own describing compounds that no phrase holds ("pre-oiled", "non-slip").
    ...(sellerText(input).match(/(?<![\p{L}\p{N}-])\p{L}{2,}-\p{L}{2,}(?![\p{L}\p{N}-])/gu) ?? []).filter((w) => supported(w, input, facts)),
    ...r.materials.flatMap((m) => words(m)),
    ...facts.colours.flatMap((c) => words(c)),
    ...r.themes,
  ];
  const out: string[] = [];
  // One form of a word: "accessory accessories" or a title's "Case" again as "cases" adds nothing a shopper types.
  const said = (term: string) => [term, ...(r.lang === "en" ? englishForms(term) : [])].some((form) => titleWords.has(form) || out.includes(form));
  for (const raw of candidates) {
    const term = lower(raw, r.lang).replace(/[^\p{L}\p{N}'-]/gu, "");
    // ("ages" of "ages 3 and up" says nothing without its figure.)
    if (!term || term.length < 3 || isStopWord(term) || /^\d+$/.test(term) || /^(?:ages?|years?|months?|yaş|yaşında|aylık)$/u.test(term) || said(term)) continue;
    if (PROMOTIONAL_WORDS.includes(term) || !supported(term, input, facts)) continue;
    if (byteLength([...out, term].join(" ")) > PLATFORM_LIMITS.amazon.searchTermsMaxBytes) continue;
    out.push(term);
  }
  // A name with nothing else to add ("Xiaomi Redmi Note 13 Pro 256 GB…, Türkiye garantili, kutusunda şarj aleti ile"):
  // the seller's own other words a shopper may type ("garantili şarj aleti"), never a word of wear or a figure.
  if (out.length === 0) {
    const worn = new Set(facts.condition.flatMap((c) => words(c).map((w) => lower(w, r.lang))));
    for (const raw of words(sellerText(input).slice(0, 2000))) {
      const term = lower(raw, r.lang).replace(/[^\p{L}\p{N}'-]/gu, "");
      // (Not a word that only links or counts: "times", "included", "approximately".)
      if (term.length < 4 || /\d/u.test(term) || isStopWord(term) || FALLBACK_SKIP.test(term) || worn.has(term) || said(term) || PROMOTIONAL_WORDS.includes(term) || !supported(term, input, facts))
        continue;
      if (byteLength([...out, term].join(" ")) > PLATFORM_LIMITS.amazon.searchTermsMaxBytes) break;
      out.push(term);
    }
  }
  return out.join(" ");
}

/** A product phrase's words before a trailing count or measure ("bamboo cutting board" of "bamboo cutting board set of 3"). */
function tokensBeforeCount(tokens: string[]): string[] {
  const out = [...tokens];
  while (out.length > 1 && /^(?:(?:set|pack|bundle|lot|box) of \d+|set|pack|of|x|\d.*)$/iu.test(out[out.length - 1])) out.pop();
  return out;
}

/** Seller's words that say nothing a shopper types alone: counts, links, verbs' forms ("times", "included", "approximately"). */
// (Nor a label's word: "Renk: krem", "Colour: sage".)
const FALLBACK_SKIP = /^(?:times|included|includes|including|about|approximately|each|only|also|very|just|ready|comes|come|renk|rengi|colou?r|malzeme|material|boyut|size|beden|ölçü)$|(?:ed|ly|ing)$/u;

/** Words Amazon refuses in titles and search terms. */
export const PROMOTIONAL_WORDS = ["best", "sale", "cheap", "discount", "bestseller", "bestselling", "deal", "deals", "guaranteed", "amazing", "#1"];

// ---- eBay: item specifics ----------------------------------------------------------------------

const SPECIFIC_NAMES: Record<Lang, Record<string, string>> = {
  en: {
    brand: "Brand",
    model: "Model",
    era: "Era",
    vintage: "Vintage",
    pattern: "Pattern",
    condition: "Condition Notes",
    type: "Type",
    material: "Material",
    color: "Color",
    size: "Size",
    capacity: "Capacity",
    theme: "Theme",
    style: "Style",
    features: "Features",
    personalize: "Personalize",
    format: "Format",
    occasion: "Occasion",
    handmade: "Handmade",
    origin: "Country/Region of Manufacture",
    fits: "Compatible Model",
    scent: "Scent",
    bookTitle: "Book Title",
    author: "Author",
    publicationYear: "Publication Year",
    isbn: "ISBN",
    storage: "Storage Capacity",
    network: "Network",
    movement: "Movement",
    caseSize: "Case Size",
    dialColor: "Dial Color",
    bandMaterial: "Band Material",
    bandColor: "Band Color",
    withPapers: "With Papers",
    withBox: "With Original Box/Packaging",
    usShoeSize: "US Shoe Size",
    ukShoeSize: "UK Shoe Size",
    euShoeSize: "EU Shoe Size",
    department: "Department",
    processor: "Processor",
    os: "Operating System",
    screenSize: "Screen Size",
    modelYear: "Model Year",
  },
  tr: {
    brand: "Marka",
    model: "Model",
    era: "Dönem",
    vintage: "Vintage",
    pattern: "Desen",
    condition: "Durum Notu",
    type: "Tür",
    material: "Malzeme",
    color: "Renk",
    size: "Boyut",
    capacity: "Kapasite",
    theme: "Tema",
    style: "Stil",
    features: "Özellikler",
    personalize: "Kişiselleştirme",
    format: "Biçim",
    occasion: "Özel Gün",
    handmade: "El Yapımı",
    origin: "Üretim Yeri",
    fits: "Uyumlu Model",
    scent: "Koku",
    bookTitle: "Kitap Adı",
    author: "Yazar",
    publicationYear: "Basım Yılı",
    isbn: "ISBN",
    storage: "Depolama Kapasitesi",
    network: "Şebeke",
    movement: "Mekanizma",
    caseSize: "Kasa Çapı",
    dialColor: "Kadran Rengi",
    bandMaterial: "Kordon Malzemesi",
    bandColor: "Kordon Rengi",
    withPapers: "Belgeleriyle",
    withBox: "Orijinal Kutusuyla",
    usShoeSize: "ABD Ayakkabı Numarası",
    ukShoeSize: "İngiltere Ayakkabı Numarası",
    euShoeSize: "AB Ayakkabı Numarası",
    department: "Bölüm",
    processor: "İşlemci",
    os: "İşletim Sistemi",
    screenSize: "Ekran Boyutu",
    modelYear: "Model Yılı",
  },
};

const WATCH_HEADS = /^(?:watch|watches|wristwatch|saat|kol saati)$/u;
const SHOE_LINES = /^(?:(?:nike |adidas |converse )?(?:air jordan|air max|air force 1|dunk (?:low|high)|yeezy|stan smith|ultraboost|superstar|chuck taylor))(?![\p{L}])/iu;
const SHOE_HEADS = /^(?:sneakers?|shoes?|trainers?|boots?|sandals?|heels|loafers|ayakkabı(?:sı)?|bot(?:u)?|çizme(?:si)?|spor ayakkabı)$/u;
const MOVEMENTS = /(?<![\p{L}])(automatic|self-winding|quartz|mechanical|manual[- ]wind(?:ing)?|hand[- ]wound|kinetic|solar|otomatik|kuvars|mekanik)(?![\p{L}])/iu;
const BAND_MATERIALS = "stainless steel|steel|leather|canvas|rubber|silicone|resin|plastic|mesh|nylon|titanium|gold|silver|metal|fabric|ceramic|çelik|deri|kauçuk|silikon";

/**
 * What eBay's watch and shoe categories ask beyond the common specifics, only as the seller said it: a
 * watch's movement, case size, dial colour, band material and colour, papers and box; a shoe's size in
 * its country's system and whom it is for. Answers the specifics and the generic names they say better.
 */
/** A camera as eBay's camera categories type it ("35mm film camera": Film Camera). */
const CAMERA_KIND = /(?<![\p{L}])(film|digital|instant|mirrorless|slr|dslr|rangefinder|tlr|point[- ]and[- ]shoot|compact|medium format) camera(?![\p{L}])/iu;
/** A computer's processor as its seller names it ("Intel Core i7-1165G7", "Ryzen 5 5600U", "M2 chip"). */
const PROCESSOR =
  /(?<![\p{L}\p{N}])(?:(?:Intel )?Core (?:i[3579]|Ultra [579])[- ]\d{3,5}[A-Z]{0,2}\d?|(?:AMD )?Ryzen [3579] \d{4}[A-Z]{0,2}|(?:Apple )?M[1-4](?: Pro| Max| Ultra)? chip)(?![\p{L}\p{N}])/u;
/** A computer's or a phone's system ("Windows 11 Home", "macOS Sonoma", "ChromeOS", "Android 13"). */
const OPERATING_SYSTEM = /(?<![\p{L}])(?:Windows (?:10|11)(?: Home| Pro)?|macOS(?: [A-Z][a-z]+)?|Chrome ?OS|Android \d{1,2})(?![\p{L}\p{N}])/u;
/** A maker's gear that its buyers search by model: instruments, bicycle parts, rackets, clubs, power tools, tents. */
const GEAR_HEADS =
  /^(?:guitar|bass|ukulele|amplifier|amp|pedal|synthesizer|bike|bicycle|ebike|e-bike|derailleur|crankset|groupset|shifter|racket|racquet|club|putter|irons|drill|saw|sander|grinder|tent|stove|gitar|amfi|raket|matkap|testere|çadır|çadırı)$/u;
/** Devices whose size in inches is their screen's. */
const SCREEN_HEADS = /^(?:laptop|notebook|computer|chromebook|macbook|tablet|ipad|monitor|phone|smartphone|e-reader|ereader|kindle)$/u;
/** A lens's mount as its seller names it ("Canon EF", "M42 mount", "Nikon F mount", "Sony E-mount"). */
const LENS_MOUNT =
  /(?<![\p{L}\p{N}])(?:(Canon) (EF-S|EF-M|EF|RF|FD)|(M42|M39|PK|K|F|E|FE|X|Z|L|RF|EF|FD|MD|OM|M)[- ]mount|(Nikon) (F|Z)[- ]?mount|(Sony) (E|FE|A)[- ]?mount|(Micro Four Thirds|MFT))(?![\p{L}\p{N}])/u;

/** A lens's mount alone, which is no model ("EF" of "Canon EF 50mm": said as its Mount). */
const LENS_MOUNT_ONLY = /^(?:EF-S|EF-M|EF|RF|FD|FE|E|Z|F|X|L|M42|K|PK)$/iu;

/** A vehicle part's side said as a clause of its own ("front", "rear left", "front and rear"). */
const PLACEMENT = /(?:^|,\s*)((?:front|rear)(?: (?:left|right))?|left|right|front and rear)(?=\s*(?:[,.;]|$))/iu;

/** Who vouches for a signature, as eBay names them ("JSA", "PSA/DNA", "Beckett"), and a bare certificate. */
const AUTHENTICATORS: [RegExp, string][] = [
  [/(?<![\p{L}])(?:JSA|James Spence)(?![\p{L}])/u, "James Spence Authentication (JSA)"],
  [/(?<![\p{L}])PSA ?\/ ?DNA(?![\p{L}])/u, "PSA/DNA"],
  [/(?<![\p{L}])(?:Beckett|BAS)(?![\p{L}])/u, "Beckett Authentication Services (BAS)"],
  [/(?<![\p{L}])Fanatics(?![\p{L}])/u, "Fanatics"],
  [/(?<![\p{L}])(?:Upper Deck|UDA)(?![\p{L}])/u, "Upper Deck Authenticated (UDA)"],
  [/(?<![\p{L}])(?:COA|certificate of authenticity)(?![\p{L}])/iu, "Certificate of Authenticity (COA)"],
];

/** A signed piece's signer ("Signed Michael Jordan photo", "autographed by Tom Brady") and its authentication. */
function autographOf(text: string): { by?: string; authentication?: string } | undefined {
  const head = text.slice(0, 300);
  const said = /(?<![\p{L}])(?:[Hh]and[- ])?(?:[Ss]igned|[Aa]utographed)(?: by)? ((?:\p{Lu}[\p{L}.'’-]*)(?: \p{Lu}[\p{L}.'’-]*){1,2})(?![\p{L}])/u.exec(head);
  // (Or the name it opens with: "Tom Brady autographed football".)
  const before = /^\s*((?:\p{Lu}[\p{L}.'’-]*)(?: \p{Lu}[\p{L}.'’-]*){1,2}) (?:hand[- ])?(?:signed|autographed)(?![\p{L}])/u.exec(head);
  const by = said?.[1] ?? before?.[1];
  // (A painting "signed" by its maker says so in its own words, with no name: no autograph of a famous hand.)
  if (!by && !/(?<![\p{L}])autograph(?:ed|s)?(?![\p{L}])/iu.test(head)) return undefined;
  const authentication = AUTHENTICATORS.find(([re]) => re.test(head))?.[1];
  if (!by && !authentication) return undefined;
  return { by, authentication };
}

/** A garment's size as eBay's letter ("M" of "medium", "XL" of "x-large"); any other size as written. */
function letterSize(size: string): string {
  const low = size.toLowerCase();
  const word = ({ small: "S", medium: "M", large: "L" } as Record<string, string>)[low];
  if (word) return word;
  const x = /^(x{1,3})-?(small|large)$/u.exec(low);
  return x ? `${x[1].toUpperCase()}${x[2][0].toUpperCase()}` : /^(?:x{0,3}[sml]|[2-5]xl|xxs|xs)$/u.test(low) ? size.toUpperCase() : size;
}

function categorySpecifics(text: string, facts: FactSheet, head: string, lang: Lang, n: Record<string, string>): { specifics: ItemSpecific[]; instead: string[]; type?: string } {
  const specifics: ItemSpecific[] = [];
  const instead: string[] = [];
  let type: string | undefined;
  const cap = (v: string) => titleCase(v, lang);
  const low = foldCase(text);
  if (isWatchItem(head, facts.brand, lang)) {
    // (A watchmaker's piece named only by its model is typed as eBay's watch category types it.)
    if (!WATCH_HEADS.test(head)) type = lang === "tr" ? "Kol Saati" : "Wristwatch";
    const movement = MOVEMENTS.exec(text)?.[1];
    if (movement) specifics.push({ name: n.movement, value: cap(movement.replace(/^self-winding$/iu, "automatic")) });
    const mm = facts.measures.find((m) => /^\d+(?:[.,]\d+)? ?mm$/u.test(m));
    if (mm) specifics.push({ name: n.caseSize, value: mm.replace(/ ?mm$/u, " mm") });
    const dial = facts.colours.find((c) => new RegExp(`(?<![\\p{L}])${escapeRegExp(c)} (?:dial|kadran)`, "u").test(low));
    if (dial) specifics.push({ name: n.dialColor, value: cap(dial) });
    const band = new RegExp(`(?<![\\p{L}])(${BAND_MATERIALS}) (?:strap|bracelet|band|kordon|kayış)(?![\\p{L}])`, "u").exec(low);
    if (band) {
      specifics.push({ name: n.bandMaterial, value: cap(band[1]) });
      // Its colour is the word before it ("green canvas strap").
      const colour = /(\p{L}+)\s*$/u.exec(low.slice(0, band.index))?.[1];
      if (colour && facts.colours.includes(colour)) specifics.push({ name: n.bandColor, value: cap(colour) });
      // The band's material is no material of the whole watch.
      if (facts.materials.every((m) => m.name === band[1])) instead.push(n.material);
    }
    if (dial || band) instead.push(n.color);
    if (mm) instead.push(n.size);
    // ("No box", "no papers": said as the seller said them.)
    const papers = /(?<![\p{L}])papers(?![\p{L}])/u.test(low) ? !/(?<![\p{L}])no (?:box (?:or|and|nor) )?papers/u.test(low) : undefined;
    const box = /(?<![\p{L}])box(?![\p{L}])/u.test(low) ? !/(?<![\p{L}])(?:no|without) (?:original )?box/u.test(low) : undefined;
    const yes = lang === "tr" ? "Evet" : "Yes";
    const no = lang === "tr" ? "Hayır" : "No";
    if (papers !== undefined) specifics.push({ name: n.withPapers, value: papers ? yes : no });
    if (box !== undefined) specifics.push({ name: n.withBox, value: box ? yes : no });
    // A smartwatch maker's watch is typed as eBay's smartwatch category types it (decision 0086).
    if (isSmartwatch(facts)) type = lang === "tr" ? "Akıllı Saat" : "Smartwatch";
    // The year it was made, as a clause of its name's sentence ("…, 1991, box and papers"; decision 0090).
    const year = lang === "en" ? yearClause(text, 1920) : undefined;
    if (year) specifics.push({ name: "Year Manufactured", value: year });
  }
  // (A sneaker named by its line and colourway, "Air Jordan 1 Retro High OG Chicago", is a shoe too.)
  if (SHOE_HEADS.test(head) || SHOE_LINES.test(text.trim())) {
    // ("UK 9 / US 10" is a size in each system.)
    for (const size of facts.sizes.flatMap((x) => x.split(/ ?[/,] ?/u))) {
      const m = /^(US|UK|EU|EUR) ?(\d{1,2}(?:[.,]5)?)$/u.exec(size);
      if (!m) continue;
      specifics.push({ name: m[1] === "US" ? n.usShoeSize : m[1] === "UK" ? n.ukShoeSize : n.euShoeSize, value: m[2] });
      instead.push(n.size);
    }
    const who = facts.audiences.find((a) => /^(?:men|women|kids|unisex)$/u.test(a));
    if (who) specifics.push({ name: n.department, value: who === "men" ? "Men" : who === "women" ? "Women" : who === "kids" ? "Kids" : "Unisex Adults" });
    // A line's model and its release year, as the seller named them ("Air Jordan 1 Retro High OG Chicago 2015"); its
    // "Retro" is a word of its name, no style.
    const line = SHOE_LINES.exec(text.trim());
    if (line) {
      const model = new RegExp(`^${escapeRegExp(line[0])}(?: \\d{1,3})?(?![\\p{L}\\p{N}])`, "iu").exec(text.trim())?.[0];
      if (model && !facts.models.length) specifics.push({ name: n.model, value: model.replace(/^(?:nike|adidas|converse) /iu, "") });
      const opening = text.trim().split(/[,.;\n]/u)[0] ?? "";
      // (Or a clause of its name's sentence that is only a year: "…, men's size 10.5, 2015, worn twice".)
      const year = /(?<![\p{N}])(19[89]\d|20[0-3]\d)(?![\p{N}])/u.exec(opening)?.[1] ?? yearClause(text, 1980);
      if (year) specifics.push({ name: "Release Year", value: year });
      if (/(?<![\p{L}])retro(?![\p{L}])/iu.test(opening)) instead.push(n.style);
    }
  }
  // A bicycle drivetrain part's speeds, and a racket's grip size as its buyers give it ("12-speed", "grip size 3 (4 3/8)").
  if (lang === "en" && /^(?:derailleur|cassette|shifter|crankset|groupset|chain)$/u.test(head)) {
    const speeds = /(?<![\p{L}\p{N}])(\d{1,2})[- ]speed(?![\p{L}])/iu.exec(text)?.[1];
    if (speeds) specifics.push({ name: "Number of Speeds", value: speeds });
  }
  if (lang === "en" && /^(?:racket|racquet)$/u.test(head)) {
    const grip = /(?<![\p{L}])grip(?: size)? (L?\d)(?: \((\d \d\/8)(?: ?in(?:ch(?:es)?)?)?\))?/iu.exec(text);
    if (grip) {
      specifics.push({ name: "Grip Size", value: grip[2] ? `${grip[1]} (${grip[2]} in)` : grip[1] });
      instead.push(n.size);
    }
  }
  // A camera's kind and film format, and a lens's focal length, aperture and mount, as eBay's camera categories ask them.
  const camera = lang === "en" ? CAMERA_KIND.exec(text) : null;
  const lens = lang === "en" && /^(?:lens|lenses)$/u.test(head);
  if (camera && !lens) {
    const kind = camera[1].toLowerCase().replace(/-/gu, " ");
    type =
      kind === "film" || kind === "tlr" || kind === "rangefinder" || kind === "medium format"
        ? "Film Camera"
        : kind === "slr"
          ? "SLR Camera"
          : kind === "dslr"
            ? "Digital SLR"
            : `${titleCase(kind, lang)} Camera`;
    const pixels = type === "Film Camera" || type === "SLR Camera" ? null : MEGAPIXELS.exec(text);
    if (pixels) specifics.push({ name: "Maximum Resolution", value: `${pixels[1]} MP` });
    const format =
      type === "Film Camera" ? /(?<![\p{L}\p{N}])(35 ?mm|120|medium format|110|instax(?: mini| wide)?)(?= (?:slr |rangefinder |tlr )?(?:film|format|camera)(?![\p{L}]))/iu.exec(text)?.[1] : undefined;
    if (format) {
      specifics.push({ name: "Film Format", value: format.replace(/^35 ?mm$/iu, "35mm").replace(/^120$/u, "120 (Medium Format)") });
      // ("35mm" of a film camera is its film, not its size.)
      if (/^35 ?mm$/iu.test(format) && facts.measures.every((m) => /^35 ?mm$/iu.test(m))) instead.push(n.size);
    }
  }
  if (lens) {
    const focal = /(?<![\p{L}\p{N}.])(\d{1,3}(?:-\d{1,3})?) ?mm(?![\p{L}])/u.exec(text)?.[1];
    if (focal) {
      specifics.push({ name: "Focal Length", value: `${focal} mm` });
      if (facts.measures.every((m) => new RegExp(`^${escapeRegExp(focal)} ?mm$`, "u").test(m))) instead.push(n.size);
    }
    const aperture = /(?<![\p{L}])f\/(\d{1,2}(?:\.\d)?(?:-\d{1,2}(?:\.\d)?)?)(?![\p{N}])/iu.exec(text)?.[1];
    if (aperture) specifics.push({ name: "Maximum Aperture", value: `f/${aperture.split("-")[0]}` });
    const mount = LENS_MOUNT.exec(text);
    if (mount) {
      const [maker, name] = [mount[1] ?? mount[4] ?? mount[6], mount[2] ?? mount[3] ?? mount[5] ?? mount[7] ?? mount[8]];
      const value = name === "Micro Four Thirds" || name === "MFT" ? "Micro Four Thirds" : maker ? `${maker} ${name}` : /^M\d\d$/u.test(name) ? name : `${name} Mount`;
      specifics.push({ name: "Mount", value });
      // (The mount is no model it fits: "Compatible Model: M42" says the Mount again.)
      if ((facts.fits ?? []).every((f) => foldCase(value).includes(foldCase(f)) || foldCase(f).includes(foldCase(name)))) instead.push(n.fits);
    }
  }
  // A vehicle part's side, as eBay's parts ask it ("…, front, ceramic": Placement on Vehicle "Front"; decision 0091).
  const placement = lang === "en" && isVehiclePart(text) ? PLACEMENT.exec(firstSentenceOf(text))?.[1] : undefined;
  if (placement) specifics.push({ name: "Placement on Vehicle", value: titleCase(placement, lang) });
  // A signed piece: who signed it and who vouches for the signature, as eBay's autographs ask (decision 0091).
  const autograph = lang === "en" ? autographOf(text) : undefined;
  if (autograph) {
    specifics.push({ name: "Autographed", value: "Yes" });
    if (autograph.by) specifics.push({ name: "Signed By", value: autograph.by });
    if (autograph.authentication) specifics.push({ name: "Autograph Authentication", value: autograph.authentication });
  }
  return { specifics, instead, type };
}

const STYLES = ["minimalist", "boho", "rustic", "retro", "vintage", "modern", "classic", "dainty", "chunky", "oversized", "bohem", "rustik", "klasik", "zarif"];
const STYLE_SET = new Set(STYLES);
const OCCASION_NAMES: { match: RegExp; en: string; tr: string; inSentence: Record<Lang, string> }[] = [
  { match: /\b(christmas|xmas)\b|yılbaşı|noel/iu, en: "Christmas", tr: "Yılbaşı", inSentence: { en: "Christmas", tr: "yılbaşı" } },
  { match: /\bwedding\b|düğün|nikah/iu, en: "Wedding", tr: "Düğün", inSentence: { en: "weddings", tr: "düğün" } },
  { match: /\bbirthday\b|doğum günü/iu, en: "Birthday", tr: "Doğum Günü", inSentence: { en: "birthdays", tr: "doğum günü" } },
  { match: /\bbaby shower\b|yeni ?doğan/iu, en: "Baby Shower", tr: "Yeni Doğan", inSentence: { en: "baby showers", tr: "yeni doğan" } },
  { match: /\banniversary\b|yıldönümü/iu, en: "Anniversary", tr: "Yıldönümü", inSentence: { en: "anniversaries", tr: "yıldönümü" } },
  { match: /\bvalentine/iu, en: "Valentine's Day", tr: "Sevgililer Günü", inSentence: { en: "Valentine's Day", tr: "Sevgililer Günü" } },
];

/**
 * eBay item specifics read from the description, only what it says: Brand "Handmade" only for a
 * handmade product, Type from the product's noun, Country/Region of Manufacture, Compatible Model,
 * Material, Color, Size, Capacity, Theme, Style, Features, Personalize, Format and Occasion each only
 * when named. Nothing is invented.
 */
export function composeItemSpecifics(input: ComposeInput): ItemSpecific[] {
  const r = reading(input);
  const n = SPECIFIC_NAMES[r.lang];
  const text = plainDescription(input.description);
  const cap = (s: string) => titleCase(s, r.lang);
  const out: ItemSpecific[] = [];
  const add = (name: string, value: string | undefined) => {
    // eBay takes 65 characters: a longer value ends at its last whole item ("..., small dent on the filter ring"), never mid-word.
    const text = value?.trim() ?? "";
    const cut = text.length <= 65 ? text : text.slice(0, text.slice(0, 66).lastIndexOf(", ") > 0 ? text.slice(0, 66).lastIndexOf(", ") : 65).trim();
    if (cut && !saidBetter.has(name)) out.push({ name, value: cut });
  };
  const saidBetter = new Set<string>();
  const facts = factsFor(input);
  // A book is listed by its title, author, year, ISBN and format, as eBay's book category asks (a publisher's year is no era).
  const book = bookNameOf(input.description, r.category.id);
  const { models, isbn } = bookFacts(facts, r.lang, !!book);
  if (book) {
    add(n.bookTitle, book.title);
    add(n.author, book.author);
    // (Its year also when no era is read: "Ace 1990, paperback".)
    add(n.publicationYear, facts.era.find((e) => /^\d{4}$/.test(e)) ?? /(?<![\p{N}])(1[5-9]\d\d|20[0-2]\d)(?![\p{N}])/u.exec(input.description.slice(book.name.length, 300))?.[1]);
    // Its publisher, named before its year ("Bloomsbury 1997"), and its edition ("First Edition"), as eBay's book category asks them.
    if (r.lang === "en") {
      add("Publisher", /(?<![\p{L}])(\p{Lu}[\p{L}&'’]+(?: \p{Lu}[\p{L}&'’]+){0,2}),? (?:1[89]|20)\d\d(?![\p{N}])/u.exec(input.description.slice(book.name.length))?.[1]);
      add("Edition", cap(/(?<![\p{L}])(?:first|1st|second|2nd|third|3rd|limited|signed|special|collector'?s) edition(?![\p{L}])/iu.exec(text)?.[0] ?? ""));
    }
  }
  if (isbn) add(n.isbn, isbn);
  // A trading card by its game, name, set, number and grade, as eBay's card categories ask them (decision 0090); its
  // year is the year it was made, no era, and its name's words are no type or colour.
  const card = r.lang === "en" ? readCard(input.description) : undefined;
  if (card) {
    add("Game", card.game);
    add("Manufacturer", card.manufacturer);
    add("Card Name", card.name);
    add("Set", card.set);
    add("Card Number", card.number);
    add("Features", card.finish);
    add("Edition", card.edition);
    if (card.grader) {
      add("Graded", "Yes");
      add("Professional Grader", card.grader);
      add("Grade", card.grade);
    }
    add("Year Manufactured", card.year);
    add("Language", card.language);
    for (const name of [n.era, n.type, n.color, n.model, n.size]) saidBetter.add(name);
  }
  // Brand, model and era as the seller wrote them ("Pyrex", "#403", "1970s"); "Handmade" is a brand only for a handmade piece with none.
  // A record's maker is its label ("Apple" of "1969 UK Apple first pressing"), eBay's Record Label.
  if (r.category.id === "music") {
    const read = recordLabel(input.description);
    const label = facts.brand ?? read.label;
    // Its artist and title as the seller parted them ("Pink Floyd - Animals"); its label and catalogue number.
    const record = RECORD_NAME.exec(input.description);
    if (record && r.lang === "en") {
      add("Artist", record[1].trim());
      add("Release Title", record[2].trim().replace(/\s+(?:lp|vinyl|vinyl record|record)$/iu, ""));
    }
    if (label) add(r.lang === "tr" ? "Plak Şirketi" : "Record Label", label);
    if (read.catalogue && r.lang === "en") add("Catalog Number", read.catalogue);
  } else if (facts.brand) add(n.brand, facts.brand);
  else if (r.handmade) add(n.brand, r.lang === "tr" ? "El Yapımı" : "Handmade");
  if (r.handmade) add(n.handmade, r.lang === "tr" ? "Evet" : "Yes");
  // eBay's Model field takes the number itself ("403"); the title and description keep the seller's "#403".
  // (A part's number is eBay's Manufacturer Part Number, never its Model: "part number 45022-TBA-A01".)
  const partNumbers = r.lang === "en" ? facts.models.filter((m) => /^(?:part|p\/n|mpn)/iu.test(m)).map(modelNumber) : [];
  if (partNumbers.length) add("Manufacturer Part Number", partNumbers.join(", "));
  const modelNames = models.filter((m) => !partNumbers.includes(modelNumber(m)));
  if (modelNames.length) add(n.model, modelNames.map(modelNumber).join(", "));
  // A LEGO set's number, as eBay's LEGO category asks it ("LEGO Star Wars Millennium Falcon 75257").
  const legoSet = r.lang === "en" && /^lego$/iu.test(facts.brand ?? "") ? /(?<![\p{L}\p{N}#-])(\d{4,6})(?![\p{L}\p{N}]| ?(?:pieces|pcs|parça))/u.exec(input.description.slice(0, 300))?.[1] : undefined;
  if (legoSet) add("LEGO Set Number", legoSet);
  // A phone's or a tablet's storage and network, as eBay's phone category asks ("64 GB", "Unlocked"); its model is
  // the name after the brand up to the storage ("iPhone 12", "iPad Air 4th Generation").
  const storage = storageIn(input.description);
  // Where its model starts: after its maker, or at the maker's line it opens with (read once for the model below too).
  const named = facts.brand ? modelLead(input.description, facts.brand) : undefined;
  const device = storage && named ? new RegExp(`${named.pattern}([^,.;\\n]{2,40}?)\\s*,?\\s*${storage[1]} ?${storage[2]}`, "iu").exec(input.description.slice(0, 300)) : null;
  const deviceModel = device?.[1].trim();
  // (Title case keeps the seller's own capitals: "iPhone 12", "iPad Air 4th Generation".)
  if (deviceModel && facts.models.length === 0 && !LENS_MOUNT_ONLY.test(deviceModel)) add(n.model, restoreAcronyms(titleCase(deviceModel, r.lang), input.description));
  // (Also where the storage follows a colour: "Nintendo Switch OLED console, white, 64GB".)
  if (storage && facts.brand && (device || (storage.index ?? Infinity) < 200)) add(n.storage, `${storage[1]} ${storage[2]}`);
  if (device && /(?<![\p{L}])(?:factory )?unlocked(?![\p{L}])/iu.test(input.description)) add(n.network, "Unlocked");
  // A computer's memory, as eBay's laptop category asks it ("RAM Size: 8 GB").
  const memory = facts.brand && r.lang === "en" ? MEMORY.exec(input.description.slice(0, 400))?.[1] : undefined;
  if (memory) add("RAM Size", `${memory} GB`);
  if (facts.era.length && !book) add(n.era, facts.era.join(", "));
  if (facts.vintage && (r.lang === "en" || /vintage/iu.test(text))) add(n.vintage, r.lang === "tr" ? "Evet" : "Yes");
  // The item's pattern as the seller named it ("Snowflake", "Floral", "Çizgili"); none when they named none.
  if (facts.designs?.length) add(n.pattern, facts.designs.join(", "));
  // A record's grade as collectors write it ("VG+", "NM").
  // (Too long for eBay's 65 characters, its flaws come first: a buyer asks them before a service date.)
  const working = (c: string) => /serviced|runs well|running|keeps .*time|works|working|tested|functional/iu.test(c);
  const conditions = facts.condition.join(", ").length > 65 ? [...facts.condition.filter((c) => !working(c)), ...facts.condition.filter(working)] : facts.condition;
  if (conditions.length) add(n.condition, gradesInCapitals(capitalise(conditions.join(", "), r.lang)));
  // A word that names a kind of release, not a thing ("Ultimate Collector Series", "Limited Edition"), is no Type.
  // A book's format is its binding as the seller named it ("Paperback"); none when they named none.
  if (book)
    add(n.format, cap(/(?<![\p{L}])(?:mass market paperback|trade paperback|paperback|hardcover|hardback|board book|spiral[- ]bound|karton kapak|ciltli|cep boy)(?![\p{L}])/iu.exec(text)?.[0] ?? ""));
  add(
    n.type,
    // A record is a record, whichever pressing it is; a book has no Type but its format.
    book
      ? undefined
      : r.category.id === "music"
        ? r.category.type[r.lang]
        : r.head &&
            !/^(?:series|edition|collection|seri|serisi|koleksiyon|koleksiyonu|colou?r|renk|generation|gen|nesil|model|version|sürüm|\d.*)$/iu.test(r.head) &&
            !facts.colours.includes(lower(r.head, r.lang)) &&
            // A word of a name the seller wrote with capitals only ("Chicago" of "Air Jordan 1 Retro High OG Chicago", "Falcon" of
            // "Millennium Falcon") is no kind of thing, unless it is one of the nouns the writers know.
            !(!isProductNoun(r.head, r.lang) && !new RegExp(`(?<![\\p{L}])${escapeRegExp(lower(r.head, r.lang))}(?![\\p{L}])`, "u").test(text))
          ? cap(
              r.phrase &&
                r.phrase.tokens.length >= 2 &&
                /^(pom|guest|cake|bow|phone|pet|dog|cat|cassette|cd|dvd|mp3|action|dash|electric|acoustic|classical|rear|front|tennis|badminton|squash|board|card|camping|brake|sewing|mountain|road|gravel|hybrid|bmx|akustik|elektro|klasik|kamp)$/iu.test(
                  r.phrase.tokens[r.phrase.tokens.length - 2],
                )
                ? r.phrase.tokens.slice(-2).join(" ")
                : // (A Turkish compound is said whole: "Dikiş Makinesi", never "Makinesi".)
                  r.lang === "tr" && r.phrase && r.phrase.tokens.length >= 2 && /[aeıioöuü]s[ıiuü]$/u.test(lower(r.phrase.tokens[r.phrase.tokens.length - 1], r.lang))
                  ? r.phrase.tokens.slice(-2).join(" ")
                  : r.head,
            )
          : undefined,
  );
  // A watch's or a shoe's own specifics, as eBay's categories ask them; the common ones they say better are left out.
  const special = categorySpecifics(text, facts, lower(r.head, r.lang), r.lang, n);
  for (const specific of special.specifics) add(specific.name, specific.value);
  for (const name of special.instead) saidBetter.add(name);
  // A garment's department, as eBay's clothing categories ask it ("women's medium", "men's"; decision 0091).
  const whose = facts.audiences.find((a) => /^(?:men|women|kids)$/u.test(a));
  // (And its size said as a word after whose it is, "women's medium": eBay's letter, "M".)
  const worded =
    r.lang === "en" && !facts.sizes.length
      ? /(?<![\p{L}])(?:men|women|ladies|kids|boys|girls)['’]?s? (?:size )?(x{1,2}-?small|small|medium|large|x{1,3}-?large)(?![\p{L}])/iu.exec(text)?.[1]
      : undefined;
  if (worded) add(n.size, letterSize(worded));
  if (r.category.id === "clothing" && whose && !special.specifics.some((x) => x.name === n.department))
    add(n.department, r.lang === "tr" ? { men: "Erkek", women: "Kadın", kids: "Çocuk" }[whose] : { men: "Men", women: "Women", kids: "Kids" }[whose]);
  // The category's own Type ("Film Camera") over the product's noun ("Body" of "camera body").
  const typed = special.type ? out.find((o) => o.name === n.type) : undefined;
  if (typed) typed.value = special.type!;
  else if (special.type) add(n.type, special.type);
  // A camera's or a device's model as the seller wrote it after the brand ("FM2" of "Nikon FM2 35mm film camera",
  // "XPS 13 9310" of "Dell XPS 13 9310 laptop", "QuietComfort 45"; decision 0086).
  // (The Doctor's reading of a device, one for both: a maker's camera, laptop, console or phone of a storage, or a charger.)
  const aDevice = isDevice(facts, input.description);
  // (So has a maker's instrument, bicycle part, racket, club, tool or tent: "Player Stratocaster", "Deore M6100", "Pro Staff 97 v13".)
  const gear = GEAR_HEADS.test(lower(r.head, r.lang));
  if ((special.type || aDevice || gear) && named && !out.some((o) => o.name === n.model)) {
    // (A line opens the model with its own name, in its own capitals: "Kindle Paperwhite 11th Generation".)
    const first = named.withLine ? "[\\p{L}][\\p{L}\\p{N}-]*" : "[\\p{Lu}\\d][\\p{L}\\p{N}-]*";
    const generation = "(?: (?:[Gg]eneration|[Gg]en)(?![\\p{L}]))?";
    const model = new RegExp(`${named.pattern}((?:${first})(?: (?:[\\p{Lu}\\d][\\p{L}\\p{N}-]*|v\\d{1,2}(?![\\p{L}]))){0,${named.withLine || gear ? 3 : 2}}${generation})`, "u")
      .exec(input.description.slice(0, 200))?.[1]
      ?.replace(/ (gen(?:eration)?)$/u, (_, g: string) => ` ${capitalise(g, r.lang)}`);
    // (A measure or a count of speeds, people or pieces ends it: "12-speed" of "Deore M6100 12-speed".)
    const ends = (x: string) => /^\d+ ?mm$|^\d+-(?:speed|person|piece|inch|volt|v)$/iu.test(x);
    const cut = model?.split(" ").filter((w, i, all) => !ends(w) && !all.slice(0, i).some(ends));
    if (cut?.length && !LENS_MOUNT_ONLY.test(cut.join(" "))) add(n.model, cut.join(" "));
  }
  add(n.modelYear, modelYearOf(input.description, facts));
  // A computer's processor and system, and a screen's size, as eBay's computer, tablet and phone categories ask them.
  if (aDevice && r.lang === "en") {
    add(n.processor, PROCESSOR.exec(text)?.[0]);
    add(n.os, OPERATING_SYSTEM.exec(text)?.[0]);
    // (The device's noun may stand before its model: "Kindle Paperwhite".)
    const screened = SCREEN_HEADS.test(r.head) || (r.phrase?.tokens ?? []).some((t) => SCREEN_HEADS.test(lower(t, r.lang)));
    const screen = screened ? facts.measures.filter((m) => /^\d{1,2}(?:\.\d)? ?(?:inch|in|")$/u.test(m)) : [];
    if (screen.length === 1) {
      add(n.screenSize, `${screen[0].replace(/ ?(?:inch|in|")$/u, "")} in`);
      saidBetter.add(n.size);
    }
  }
  // Where it was made and what it fits, only as the seller said them ("made in England", "for Kindle Paperwhite").
  // eBay's value for the country ("England" → "United Kingdom"); a place whose country is not certain gives none (decision 0066).
  add(n.origin, manufactureCountry(facts.origin, r.lang));
  add(n.fits, (facts.fits ?? []).join(", "));
  add(n.scent, (facts.scents ?? []).join(", "));
  // The fact sheet's materials and colours: what it read as a part's ("lens glass") or a state ("glass clear") is none of the item's.
  add(
    n.material,
    facts.materials
      .map((m) => materialText(m, r.lang))
      .map(cap)
      .join(", "),
  );
  add(n.color, facts.colours.map(cap).join(", "));
  const dimensions = r.measures.filter((m) => /x|inch|cm|mm|"|\bin\b|ft|\bm\b/i.test(m) && isOwnMeasure(facts, m));
  const capacity = factsFor(input).measures.filter((m) => /(?<![\p{L}])(ml|oz|l|lt|fl oz|qt|gr|g|kg)$/iu.test(m));
  const allDimensions = facts.measures.filter((m) => /x|inch|cm|mm|"|\bin\b|ft|\bm\b/i.test(m));
  const size = r.sizes
    ? /^(one|tek)/i.test(r.sizes)
      ? cap(r.sizes)
      : r.sizes
    : facts.sizes.length
      ? facts.sizes.map(letterSize).join(", ")
      : allDimensions.length
        ? (dimensionsPhrase(facts, allDimensions) ?? allDimensions.join(", "))
        : dimensions.length
          ? dimensions.join(", ")
          : undefined;
  add(n.size, size);
  if (["mug", "bottle", "candle", "soap", "ceramics"].includes(r.category.id)) add(n.capacity, capacity.join(", "));
  add(
    n.theme,
    r.themes
      .filter((t) => !STYLE_SET.has(t))
      .map(cap)
      .join(", "),
  );
  add(
    n.style,
    STYLES.filter((s) => new RegExp(`(?:^|[^\\p{L}])${s}(?=$|[^\\p{L}])`, "iu").test(text))
      .map(cap)
      .slice(0, 2)
      .join(", "),
  );
  add(
    n.features,
    r.phrases
      .filter((p) => p.kind === "feature")
      .map((p) => cap(phraseText(p)))
      .filter((f) => lower(f, r.lang) !== lower(size ?? "", r.lang) && !(device && /unlocked/iu.test(f)))
      .slice(0, 4)
      .join(", "),
  );
  if (/\bpersonali[sz]ed\b|\bcustom\b|\bengraved\b|kişiye özel|isimli/iu.test(text)) add(n.personalize, r.lang === "tr" ? "Evet" : "Yes");
  if (r.digital) add(n.format, /\bpdf\b/i.test(text) ? (r.lang === "tr" ? "Dijital (PDF)" : "Digital (PDF)") : r.lang === "tr" ? "Dijital" : "Digital");
  add(
    n.occasion,
    OCCASION_NAMES.filter((o) => o.match.test(text))
      .map((o) => o[r.lang])
      .join(", "),
  );
  return out;
}

const plainDescription = (text: string) => text.replace(/\s+/g, " ");

/** Item specifics in the shape a model is asked for: a JSON object of name to value. */
function formatItemSpecifics(list: ItemSpecific[]): string {
  return JSON.stringify(Object.fromEntries(list.map((s) => [s.name, s.value])));
}

// ---- The provider ------------------------------------------------------------------------------

/** For a raw /api/ai call: what the prompt asks for, read from its words. */
export function inferTask(system: string, prompt: string): LlmTask {
  const text = `${system}\n${prompt}`.toLowerCase();
  if (/\balt[\s-]?texts?\b/.test(text)) return "alt-text";
  if (/\bitem specifics\b/.test(text)) return "item-specifics";
  if (/\bsearch terms\b/.test(text)) return "search-terms";
  if (/\bbullet points\b/.test(text)) return "bullets";
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
    const match = /^\s*(?:selected\s+)?keywords?\s*[:-]\s*(.*)$/i.exec(line);
    if (match)
      keywords = match[1]
        .split(/[,;]/)
        .map((k) => k.trim())
        .filter((k) => k && !/^\(none/.test(k));
    else lines.push(line);
  }
  let description = lines.join("\n");
  const labelled = /product description\s*[:-]\s*([\s\S]*)/i.exec(description);
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
        case "bullets":
          return JSON.stringify(composeBullets(input));
        case "search-terms":
          return composeSearchTerms(input);
        case "item-specifics":
          return formatItemSpecifics(composeItemSpecifics(input));
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

export type { Phrase };
