/**
 * The embedded, offline trends engine. It expands a product name into the long-tail phrases shoppers
 * type (from the lexicon in sample-lexicon.ts) and gives each figures that are plausible and fully
 * deterministic: every number comes from an FNV-1a hash of the normalised input, never from
 * Math.random, so the same question always gets the same answer. Its output is sample data and is
 * always labelled as such by the domain (data.error / isFallback).
 */
import { CATEGORIES, KEYWORD_LIMITS, type Category, type Platform } from "../../../schema/api/keywords";
import { CATEGORY_LEXICON, COUNTRY_DEMAND, GENERAL_LEXICON, OCCASIONS, PLATFORM_LEXICON, STOP_WORDS, type CategoryLexicon, type Curve } from "./sample-lexicon";
import type { RelatedQueries, RelatedQuery, TimelinePoint } from "./types";

export const SAMPLE_ENGINE_NAME = "sample";

/** FNV-1a, 32 bits: a small, well-spread hash, so nearby inputs get unrelated figures. */
export function fnv1a(text: string): number {
  let hash = 0x811c9dc5;
  for (const byte of new TextEncoder().encode(text)) {
    hash ^= byte;
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash >>> 0;
}

/** Mulberry32: a sequence of numbers in [0, 1) fully determined by its seed. */
function seededSequence(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Lower case, letters and digits only, single spaces: "Silver  Moon-Necklace!" -> "silver moon necklace". */
export function normaliseKeyword(text: string): string {
  return text
    .normalize("NFKC")
    .toLowerCase()
    .replace(/['’]/g, "")
    .replace(/[^\p{L}\p{N}]+/gu, " ")
    .trim()
    .replace(/\s+/g, " ");
}

const words = (text: string) => (text ? text.split(" ") : []);
const singular = (word: string) => (word.length > 3 && word.endsWith("s") && !word.endsWith("ss") ? word.slice(0, -1) : word);

/** The category whose product nouns appear in the name, last word first ("necklace" -> jewelry). */
export function inferCategory(text: string): Category | null {
  const ws = words(normaliseKeyword(text)).reverse();
  for (const w of ws) {
    for (const category of CATEGORIES) {
      const nouns = CATEGORY_LEXICON[category].nouns;
      if (nouns.includes(w) || nouns.includes(singular(w))) return category;
    }
  }
  return null;
}

function lexiconFor(category: Category | null | undefined): CategoryLexicon {
  return category ? CATEGORY_LEXICON[category] : GENERAL_LEXICON;
}

const ALL_MATERIALS = [...new Set(Object.values(CATEGORY_LEXICON).flatMap((l) => l.materials))];

/** Rank weight of a term in its list: the first 1, the last 0.55. */
const rankWeight = (index: number, length: number) => (length <= 1 ? 1 : 1 - (0.45 * index) / (length - 1));

interface Candidate {
  keyword: string;
  /** 0..1: how common the words added to the product noun are. */
  weight: number;
}

interface ExpandInput {
  productName: string;
  platform: Platform;
  category?: Category | null;
}

/**
 * Long-tail phrases for a product: the product noun (and the last two words of the name) combined
 * with platform words, modifiers, materials, styles, occasions and audiences. Phrases that repeat a
 * word of the product are left out; on Etsy only phrases that fit a 20-character tag are kept.
 * Deduplicated by their set of words. Always at least 12.
 */
export function expandProductName(input: ExpandInput): Candidate[] {
  const name = normaliseKeyword(input.productName);
  const category = input.category ?? inferCategory(name);
  const lexicon = lexiconFor(category);
  const platform = PLATFORM_LEXICON[input.platform];
  const maxLength = input.platform === "etsy" ? KEYWORD_LIMITS.etsyTagMax : 60;
  const nameWords = words(name).filter((w) => !STOP_WORDS.has(w));
  const head = nameWords.at(-1);
  const bases: { text: string; weight: number }[] = [];
  if (name) bases.push({ text: name, weight: 1 });
  if (nameWords.length >= 2) bases.push({ text: nameWords.slice(-2).join(" "), weight: 0.97 });
  if (head) bases.push({ text: head, weight: 0.94 });

  const out = new Map<string, Candidate>();
  const add = (keyword: string, weight: number) => {
    const text = normaliseKeyword(keyword);
    if (!text || text.length > maxLength) return;
    const key = [...new Set(words(text))].sort().join(" ");
    const known = out.get(key);
    if (!known || known.weight < weight) out.set(key, { keyword: text, weight: Math.round(weight * 1000) / 1000 });
  };
  const expand = (base: { text: string; weight: number }) => {
    const taken = new Set(words(base.text));
    const fresh = (term: string) => words(normaliseKeyword(term)).every((w) => !taken.has(w) && !taken.has(singular(w)));
    const each = (list: readonly string[], make: (term: string) => string, factor = 1) => list.forEach((term, i) => fresh(term) && add(make(term), base.weight * factor * rankWeight(i, list.length)));
    add(base.text, base.weight);
    each(platform.prefixes, (t) => `${t} ${base.text}`, 0.95);
    each(platform.suffixes, (t) => `${base.text} ${t}`, 0.85);
    each(lexicon.modifiers, (t) => `${t} ${base.text}`, 0.92);
    // A product that already names its material ("ceramic mug") is not offered another one.
    const hasMaterial = ALL_MATERIALS.some((m) => ` ${base.text} `.includes(` ${m} `));
    if (!hasMaterial) each(lexicon.materials, (t) => `${t} ${base.text}`, 0.95);
    each(lexicon.styles, (t) => `${t} ${base.text}`, 0.85);
    each(lexicon.audiences, (t) => `${base.text} for ${t}`, 0.88);
    each(
      lexicon.occasions.map((o) => OCCASIONS[o].phrase),
      (t) => `${t} ${base.text}`,
      0.8,
    );
    // A few three-word long tails: the most common material with the most common styles and audiences.
    const material = hasMaterial ? undefined : lexicon.materials.find(fresh);
    if (material) {
      each(lexicon.styles.slice(0, 3), (t) => `${t} ${material} ${base.text}`, 0.7);
      each(lexicon.audiences.slice(0, 3), (t) => `${material} ${base.text} for ${t}`, 0.72);
    }
  };
  bases.forEach(expand);
  // A name too long or too unusual to build on still gets suggestions, from the category's own noun.
  if (out.size < KEYWORD_LIMITS.suggestionsMin) {
    for (const noun of lexicon.nouns.slice(0, 2).concat(lexicon.nouns.length ? [] : ["gift"])) expand({ text: noun, weight: 0.75 });
  }
  return [...out.values()];
}

interface SampleFigures {
  popularity: number;
  competition: number;
  trend: "increasing" | "declining" | "stable";
}

const LENGTH_DECAY = [1, 1, 0.8, 0.62, 0.5, 0.42];

/** Month-by-month demand for a phrase: its category's season, times any occasion it names. */
function seasonCurve(keyword: string, category?: Category | null): Curve {
  const text = ` ${normaliseKeyword(keyword)} `;
  const base = lexiconFor(category ?? inferCategory(keyword)).season;
  const occasion = Object.values(OCCASIONS).find((o) => text.includes(` ${o.phrase} `));
  return (occasion ? base.map((x, i) => x * occasion.curve[i]) : [...base]) as unknown as Curve;
}

/** Popularity, competition and trend of one phrase; `now` only sets the month the trend is read at. */
export function scoreCandidate(candidate: Candidate, context: { platform: Platform; country: string; category?: Category | null; now: number }): SampleFigures {
  const category = context.category ?? inferCategory(candidate.keyword);
  const lexicon = lexiconFor(category);
  const platform = PLATFORM_LEXICON[context.platform];
  const random = seededSequence(fnv1a(`suggest|${context.platform}|${context.country}|${candidate.keyword}`));
  const count = words(candidate.keyword).length;
  const decay = LENGTH_DECAY[Math.min(count, LENGTH_DECAY.length - 1)];
  const demand = Math.sqrt(COUNTRY_DEMAND[context.country] ?? 0.25) * Math.pow(platform.demand, 0.3);
  const popularity = clampInt(92 * candidate.weight * decay * demand + (random() - 0.5) * 18, 1, 100);

  const generality = Math.pow(1 / count, 1.2);
  const crowd = lexicon.saturation * platform.saturation * (0.15 + 0.85 * generality) * (0.75 + 0.25 * candidate.weight);
  const competition = round2(clamp(crowd + (random() - 0.5) * 0.16, 0.02, 0.98));

  const curve = seasonCurve(candidate.keyword, category);
  const month = new Date(context.now).getUTCMonth();
  const at = (offset: number) => curve[(month + offset + 12) % 12];
  const ratio = (at(0) + at(1)) / (at(-2) + at(-1)) + (random() - 0.5) * 0.16;
  const trend = ratio > 1.1 ? "increasing" : ratio < 0.9 ? "declining" : "stable";
  return { popularity, competition, trend };
}

/** The sample competition of one keyword, as the suggestions table would show it on that platform. */
export function sampleCompetition(keyword: string, platform: Platform = "etsy", country = "US"): number {
  return scoreCandidate({ keyword: normaliseKeyword(keyword), weight: 0.9 }, { platform, country, now: 0 }).competition;
}

const WEEK_MS = 7 * 24 * 60 * 60 * 1000;
const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * 52 weekly points of relative interest ending with the week that holds `now` (weeks start on Sunday,
 * as Google Trends' do), shaped by the phrase's seasonal curve, a steady drift and some week-to-week
 * noise, then scaled so the peak is 100 as Google Trends does.
 */
export function sampleTimeline(keyword: string, geo: string, now: number): TimelinePoint[] {
  const text = normaliseKeyword(keyword);
  const random = seededSequence(fnv1a(`timeline|${geo}|${text}`));
  const curve = seasonCurve(text);
  const today = Math.floor(now / DAY_MS) * DAY_MS;
  const lastSunday = today - new Date(today).getUTCDay() * DAY_MS;
  const start = lastSunday - 51 * WEEK_MS;
  const drift = (random() - 0.5) * 0.9;
  const raw = Array.from({ length: 52 }, (_, i) => {
    const date = new Date(start + i * WEEK_MS);
    const season = curveAt(curve, date.getUTCMonth() + (date.getUTCDate() - 1) / 31);
    return season * (1 + drift * (i / 51 - 0.5)) * (0.9 + random() * 0.2);
  });
  const peak = Math.max(...raw);
  return raw.map((x, i) => ({ date: new Date(start + i * WEEK_MS).toISOString().slice(0, 10), value: clampInt((x / peak) * 100, 0, 100) }));
}

/** The curve read between month midpoints, so a weekly series has no monthly steps. */
function curveAt(curve: Curve, monthPosition: number) {
  const p = monthPosition - 0.5;
  const lower = Math.floor(p);
  const t = p - lower;
  return curve[(lower + 12) % 12] * (1 - t) + curve[(lower + 13) % 12] * t;
}

/** Up to 8 top (relative 0-100) and 8 rising (growth %, sometimes 'Breakout') related phrases. */
export function sampleRelatedQueries(keyword: string, geo: string, now: number): RelatedQueries {
  const text = normaliseKeyword(keyword);
  const random = seededSequence(fnv1a(`related|${geo}|${text}`));
  const country = geo === "GLOBAL" ? "GLOBAL" : geo;
  const scored = expandProductName({ productName: text, platform: "etsy" })
    .filter((c) => c.keyword !== text)
    .map((c) => ({ ...c, ...scoreCandidate(c, { platform: "etsy", country, now }) }))
    .sort((a, b) => b.popularity - a.popularity || a.keyword.localeCompare(b.keyword));
  const top = scored.slice(0, KEYWORD_LIMITS.relatedMax);
  const peak = top[0]?.popularity ?? 1;
  const risingPool = scored.slice(KEYWORD_LIMITS.relatedMax).filter((c) => c.trend !== "declining");
  const rising: RelatedQuery[] = risingPool
    .map((c) => ({ c, order: random() }))
    .sort((a, b) => a.order - b.order)
    .slice(0, KEYWORD_LIMITS.relatedMax)
    .map(({ c }) => ({ query: c.keyword, value: 40 + Math.round(random() * 56) * 10 }))
    .sort((a, b) => b.value - a.value);
  if (rising.length > 0 && random() < 0.4) rising[0] = { query: rising[0].query, value: "Breakout" };
  return {
    top: top.map((c) => ({ query: c.keyword, value: Math.round((c.popularity / peak) * 100) })),
    rising,
  };
}

function clamp(x: number, low: number, high: number) {
  return Math.min(high, Math.max(low, x));
}
function clampInt(x: number, low: number, high: number) {
  return Math.round(clamp(x, low, high));
}
function round2(x: number) {
  return Math.round(x * 100) / 100;
}
