/**
 * The last rule a writer's listing goes through (issue 24, decision 0030): it keeps every fact of the
 * seller's fact sheet and claims nothing the facts do not support. A title, tag, alt text, bullet or
 * sentence that makes an unsupported claim ("Handmade" on a factory board, "Easy to wash" on a
 * hand-wash-only cardigan, "PDF" on a Canva template, a stock line) loses that claim; a Turkish listing
 * loses the English words the seller did not write; facts the answer dropped are put back (every size of
 * a set, the brand and catalogue number in an eBay title, a "Details" list in the description).
 * Applied to what a writer wrote (the model writers, the offline composer, bulk optimize), never to a
 * seller's own edit.
 */
import type { ItemSpecific, ListingPart, RuleCheck } from "../../../schema/api/listings";
import { LISTING_LIMITS, PLATFORM_LIMITS } from "../../../schema/api/listings";
import { claimsWithoutSupport, englishWords, foldCase, keptFacts, manufactureCountry, type FactSheet } from "../../../shared/facts";
import { composeBullets, composeItemSpecifics, factLines, factsFor, productCategory, refillTags, titleFacts, unlabelledNotCare, type ComposeInput } from "../../providers/llm/offline-composer";
import type { CategoryId, Lang } from "../../../shared/listings/categories";
import { isStopWord } from "../../../shared/listings/phrases";

interface Checked {
  title: string;
  description: string;
  tags: string[];
  altTexts: string[];
  bullets?: string[];
  searchTerms?: string;
  itemSpecifics?: ItemSpecific[];
}

const result = (rule: string, repairs: string[]): RuleCheck => (repairs.length ? { rule, status: "repaired", detail: repairs.join("; ") } : { rule, status: "pass" });
const quote = (s: string) => `"${s.length > 40 ? `${s.slice(0, 37)}...` : s}"`;

/**
 * What a part may say: no claim the seller's facts and words do not support, neither a claim such as
 * "handmade" nor an audience, occasion, use or property ("Christmas gift for her" when the seller named
 * neither; decision 0039). One notion of support, shared with the Listing Doctor (decision 0047); and in
 * a Turkish listing no English word the seller did not write.
 */
function clean(text: string, facts: FactSheet, source: string, category: CategoryId): boolean {
  if (claimsWithoutSupport(text, facts, source, category).length) return false;
  return facts.language !== "tr" || englishWords(text, source).length === 0;
}

/** The offending phrases of a text (for the report). */
function offending(text: string, facts: FactSheet, source: string, category: CategoryId): string[] {
  return [...claimsWithoutSupport(text, facts, source, category).map((c) => c.phrase), ...(facts.language === "tr" ? englishWords(text, source) : [])];
}

// A full stop between digits ("3.5 mm") ends no sentence: split there, a seller's sentence came back
// a second time as "…a 3. 5 mm hook." (its halves' words "3" and "5" were not found in "3.5").
const SENTENCE = /(?:[^.!?\n]|(?<=\d)\.(?=\d))+[.!?]*/g;

/** A paragraph without its sentences that claim what the facts do not hold. */
function cleanSentences(text: string, facts: FactSheet, source: string, category: CategoryId): string {
  return (text.match(SENTENCE) ?? [])
    .map((s) => s.trim())
    .filter((s) => s && clean(s, facts, source, category))
    .join(" ");
}

/** A title without its unsupported phrases: segments between separators go whole; a claim word inside the product's own segment goes alone. */
function cleanTitle(title: string, facts: FactSheet, source: string, category: CategoryId): string {
  const parts = title.split(/(\s[-–|]\s|,\s)/);
  const out: string[] = [];
  for (let i = 0; i < parts.length; i += 2) {
    const segment = parts[i];
    if (clean(segment, facts, source, category)) {
      out.push(i > 0 && out.length ? parts[i - 1] : "", segment);
      continue;
    }
    if (i === 0) {
      // The product's own segment: remove the offending words, keep the name.
      let kept = segment;
      for (const phrase of offending(segment, facts, source, category)) kept = kept.replace(new RegExp(`(^|\\s)${phrase.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}(?=\\s|$)`, "iu"), " ");
      kept = kept.replace(/\s+/g, " ").trim();
      if (kept) out.push(kept);
    }
  }
  return out
    .join("")
    .replace(/^(?:\s[-–|]\s|,\s)+/, "")
    .replace(/(?:\s[-–|]\s|,\s)+$/, "")
    .trim();
}

/** The description: sentences and bullets that claim too much go; the facts it dropped come back as a list. */
const wordsOf = (text: string) => (foldCase(text).match(/[\p{L}\p{N}]+(?:[.,'’][\p{L}\p{N}]+)*/gu) ?? []).map((w) => w.replace(/,/g, "."));
const sentencesOf = (text: string) =>
  (text.match(SENTENCE) ?? [])
    .map((s) => s.trim())
    .filter((s) => /[\p{L}\p{N}]/u.test(s))
    .map((s) => (/[.!?]$/.test(s) ? s : `${s}.`));

function checkDescription(description: string, facts: FactSheet, source: string, category: CategoryId, lang: Lang, sellerText: string): { text: string; removed: string[]; restored: string[] } {
  const removed: string[] = [];
  const blocks = description.split(/\n\s*\n/).map((block) => {
    const lines = block.split("\n").map((line) => {
      const bullet = /^\s*(?:[•\-*]|\d+[.)])\s+/.exec(line)?.[0] ?? "";
      const body = line.slice(bullet.length);
      if (clean(body, facts, source, category)) return line;
      removed.push(...offending(body, facts, source, category));
      const kept = cleanSentences(body, facts, source, category);
      return kept ? `${bullet}${kept}` : "";
    });
    const left = lines.filter((l) => l.trim());
    // A heading left with nothing under it goes too.
    return left.length === 1 && block.split("\n").length > 1 && !/[.!?]$/.test(left[0]) ? "" : left.join("\n");
  });
  let text = blocks.filter((b) => b.trim()).join("\n\n");
  const restored: string[] = [];
  // Every sentence of the seller's that the answer left out (most of its words missing) comes back as they wrote it.
  const have = new Set(wordsOf(text));
  const left = sentencesOf(sellerText).filter((sentence) => {
    // A label the seller put before their words ("Care: Food-safe") is no content of its own.
    const content = wordsOf(sentence.replace(/^\s*[\p{L}][\p{L} ]{1,20}:\s/u, "")).filter((w) => (w.length >= 3 && !isStopWord(w)) || /\d/.test(w));
    return content.some((w) => !have.has(w));
  });
  if (left.length) {
    restored.push(...left.map(quote));
    // As the seller wrote it, less a Care label on what is no care ("Care: Food-safe" is "Food-safe", decision 0066).
    text = `${text}\n\n${left.map((l) => unlabelledNotCare(l.trim().replace(/[.!?]+$/u, "")) + (/[.!?]$/u.test(l.trim()) ? l.trim().slice(-1) : "")).join(" ")}`.trim();
  }
  const { dropped } = keptFacts(text, facts);
  if (dropped.length) {
    const lines = factLines(facts, lang).filter((line) => dropped.some((d) => foldCase(line).includes(foldCase(d.value).slice(0, 12))));
    const missing = lines.length ? lines : dropped.map((d) => d.value);
    restored.push(...dropped.map((d) => d.value));
    text = `${text}\n\n${lang === "tr" ? "Detaylar" : "Details"}\n${missing.map((l) => `• ${l}`).join("\n")}`.trim();
  }
  return { text, removed, restored };
}

/**
 * The writer's listing with every fact kept and no claim invented. `platform` decides which parts
 * exist; the report has one check per kind of repair. `only`: check that one part (a part streamed to
 * the screen as it arrives, or one raw call's answer) and leave the others as they are.
 */
export function keepFactsInventNone(listing: Checked, input: ComposeInput, only?: ListingPart): { listing: Checked; checks: RuleCheck[] } {
  const does = (part: ListingPart) => !only || only === part;
  const platform = input.platform === "amazon" || input.platform === "ebay" ? input.platform : "etsy";
  const facts = factsFor({ ...input, platform });
  const lang = facts.language;
  const source = `${input.description}\n${input.keywords.join("\n")}`;
  const category = productCategory(input);
  const claims: string[] = [];
  const restored: string[] = [];

  // Title.
  let title = listing.title;
  if (does("title") && !clean(title, facts, source, category)) {
    claims.push(...offending(title, facts, source, category));
    title = cleanTitle(title, facts, source, category);
  }
  const max = platform === "ebay" ? PLATFORM_LIMITS.ebay.titleMax : platform === "amazon" ? PLATFORM_LIMITS.amazon.titleMax : LISTING_LIMITS.titleMax;
  const withFacts = does("title") ? titleFacts(title, facts, platform, lang, input.description, max) : title;
  if (withFacts !== title) {
    restored.push(`title: ${quote(withFacts)}`);
    title = withFacts;
  }

  // Description.
  const described = does("description") ? checkDescription(listing.description, facts, source, category, lang, input.description) : { text: listing.description, removed: [], restored: [] };
  claims.push(...described.removed);
  restored.push(...described.restored.map((r) => `description: ${r}`));

  // Tags (Etsy): an offending tag goes; the pool of true tags fills the gap.
  let tags = listing.tags;
  if (does("tags") && platform === "etsy" && tags.length) {
    const keep = tags.filter((t) => clean(t, facts, source, category));
    if (keep.length < tags.length) {
      claims.push(...tags.filter((t) => !keep.includes(t)).map(quote));
      tags = refillTags(input, lang, keep);
    }
  }

  // Alt texts: an offending phrase after a comma goes; an alt text made only of it is written again.
  const altTexts = listing.altTexts.map((alt) => {
    if (!does("altTexts") || clean(alt, facts, source, category)) return alt;
    claims.push(...offending(alt, facts, source, category));
    const parts = alt.split(/,\s*/).filter((p) => clean(p, facts, source, category));
    return parts.join(", ");
  });

  // Amazon bullets: sentences that claim too much go, a label that claims is renamed, the facts fill the rest.
  let bullets = listing.bullets;
  if (bullets && does("bullets")) {
    const honest = composeBullets(input);
    const kept: string[] = [];
    for (const b of bullets) {
      if (clean(b, facts, source, category)) {
        kept.push(b);
        continue;
      }
      claims.push(...offending(b, facts, source, category));
      const colon = b.indexOf(": ");
      const label = colon > 0 ? b.slice(0, colon) : "";
      const body = cleanSentences(colon > 0 ? b.slice(colon + 2) : b, facts, source, category);
      if (body) kept.push(label && clean(label, facts, source, category) ? `${label}: ${body}` : `${lang === "tr" ? "Detaylar" : "Details"}: ${body}`);
    }
    for (const h of honest) if (kept.length < PLATFORM_LIMITS.amazon.bulletCount && !kept.some((k) => k.toLowerCase() === h.toLowerCase())) kept.push(h);
    bullets = kept;
  }

  // Amazon search terms: a word that claims too much goes.
  let searchTerms = listing.searchTerms;
  if (searchTerms && does("searchTerms")) {
    const terms = searchTerms.split(/\s+/).filter(Boolean);
    // A claim of several words ("el yapımı") is found in the whole line; each of its words goes.
    const claimWords = new Set(offending(searchTerms, facts, source, category).flatMap((p) => foldCase(p).split(/\s+/)));
    const keep = terms.filter((t) => clean(t, facts, source, category) && !claimWords.has(foldCase(t)));
    if (keep.length < terms.length) {
      claims.push(...terms.filter((t) => !keep.includes(t)).map(quote));
      searchTerms = keep.join(" ");
    }
  }

  // eBay item specifics: a value that claims too much is replaced by the facts' own; Brand, Model, Era... are added where known.
  let itemSpecifics = listing.itemSpecifics;
  if (itemSpecifics && platform === "ebay" && does("itemSpecifics")) {
    const own = composeItemSpecifics(input);
    const byName = new Map(own.map((s) => [s.name.toLowerCase(), s]));
    const out: ItemSpecific[] = [];
    for (const s of itemSpecifics) {
      const mine = byName.get(s.name.toLowerCase());
      // A brand that is only the fitted device's ("Apple" of "for Apple Watch") is not the item's (decision 0063).
      const deviceBrand = /^(?:brand|marka)$/iu.test(s.name) && !facts.brand && (facts.fits ?? []).some((f) => foldCase(f).includes(foldCase(s.value)));
      // Country/Region of Manufacture takes eBay's value ("United Kingdom" for the seller's "England"), and none that is not certain (decision 0066).
      if (/^(?:country\/region of manufacture|üretim yeri)$/iu.test(s.name)) {
        const value = mine?.value ?? manufactureCountry(s.value, facts.language);
        if (value && value !== s.value) claims.push(`${s.name}: ${quote(s.value)}`);
        if (value && (mine || foldCase(source).includes(foldCase(s.value)))) out.push({ name: s.name, value });
        continue;
      }
      if (clean(s.value, facts, source, category) && !deviceBrand && !(s.name.toLowerCase() === "brand" && facts.brand && s.value !== facts.brand)) out.push(s);
      else {
        claims.push(`${s.name}: ${quote(s.value)}`);
        if (mine) out.push(mine);
      }
    }
    // Added where known and missing: the specifics a buyer filters by (issue 24).
    const wanted = /^(?:brand|model|era|pattern|material|vintage|country\/region of manufacture|compatible model|marka|dönem|desen|malzeme|üretim yeri|uyumlu model)$/iu;
    for (const s of own) if (wanted.test(s.name) && !out.some((o) => o.name.toLowerCase() === s.name.toLowerCase())) out.push(s);
    itemSpecifics = out;
  }

  return {
    listing: { ...listing, title, description: described.text, tags, altTexts: altTexts.filter((a) => a.trim()), bullets, searchTerms, itemSpecifics },
    checks: [
      result("facts.claims-supported", claims.length ? [`removed ${[...new Set(claims)].map((c) => (c.startsWith('"') ? c : quote(c))).join(", ")}`] : []),
      result("facts.kept", restored.length ? [`put back ${restored.join(", ")}`] : []),
    ],
  };
}
