/** Small, pure text helpers of the audit engine (no imports, safe in the browser and the Worker). */

const WORD = /[\p{L}\p{M}\p{N}]+(?:['’-][\p{L}\p{M}\p{N}]+)*/gu;

export const wordsOf = (text: string): string[] => text.match(WORD) ?? [];

/** Lower-case words joined by single spaces: two texts match when their words match. */
export const normalWords = (text: string): string => {
  // The audit asks this of the same description and title for every phrase it looks for: remembered.
  let words = NORMAL_WORDS.get(text);
  if (words === undefined) {
    words = readNormalWords(text);
    if (NORMAL_WORDS.size >= 512) NORMAL_WORDS.clear();
    NORMAL_WORDS.set(text, words);
  }
  return words;
};
const NORMAL_WORDS = new Map<string, string>();

const readNormalWords = (text: string) =>
  wordsOf(text)
    // "İ" lower-cases to "i" plus a combining dot outside Turkish: drop the dot so "İsimli" matches "isimli".
    .map((w) =>
      w
        .toLowerCase()
        .replace(/\u0307/g, "")
        .replace(/’/g, "'"),
    )
    .join(" ");

/** True when `phrase` occurs in `text` as whole words (case and punctuation ignored). */
export function hasPhrase(text: string, phrase: string): boolean {
  const p = normalWords(phrase);
  return p.length > 0 && ` ${normalWords(text)} `.includes(` ${p} `);
}

/**
 * The phrase's words in their order, with at most `gap` words between two of them: a shopper's search for "raw honey" finds
 * "Raw Wildflower Honey", and "goat milk soap" finds "Goat Milk and Oatmeal Soap" (decision 0091).
 */
export function hasLoosePhrase(text: string, phrase: string, gap = 2): boolean {
  if (hasPhrase(text, phrase)) return true;
  const want = normalWords(phrase).split(" ").filter(Boolean);
  const have = normalWords(text).split(" ").filter(Boolean);
  if (want.length < 2) return false;
  for (let start = 0; start < have.length; start++) {
    if (have[start] !== want[0]) continue;
    let at = start;
    let matched = 1;
    for (; matched < want.length; matched++) {
      const next = have.slice(at + 1, at + 2 + gap).indexOf(want[matched]);
      if (next < 0) break;
      at += next + 1;
    }
    if (matched === want.length) return true;
  }
  return false;
}

/** Every word of the phrase somewhere in the text, in any order ("purple yoga mat" in "Yoga Mat 6 mm, Purple"). */
export function hasEveryWord(text: string, phrase: string): boolean {
  const have = new Set(normalWords(text).split(" "));
  const want = normalWords(phrase).split(" ").filter(Boolean);
  return want.length > 0 && want.every((w) => have.has(w));
}

/** The first `n` characters as a reader sees them: a word cut in half is not shown. */
export function visiblePrefix(text: string, n: number): string {
  if (text.length <= n) return text;
  const cut = text.slice(0, n);
  return /[\p{L}\p{M}\p{N}]/u.test(text[n]) ? cut.replace(/[\p{L}\p{M}\p{N}'’-]+$/u, "") : cut;
}

export const utf8Bytes = (text: string) => new TextEncoder().encode(text).length;

export const tidy = (text: string) =>
  text
    .replace(/\s+/g, " ")
    .replace(/\s+([,.;!?])/g, "$1")
    .replace(/(?:\s-)+\s/g, " - ")
    // (A grade's "+" stays: "… Vinyl VG+".)
    .replace(/^[\s,.;:\-–/&+|]+|(?:[\s,;:\-–/&|]|(?<![\p{L}\p{N}])\+)+$/gu, "")
    .trim();

/** At most `max` characters, cut at a separator (", " or " - ") or a space so the text still reads. */
export function cutAtWord(text: string, max: number, preferSeparators = false): string {
  const clean = text.trim();
  if (clean.length <= max) return clean;
  const window = clean.slice(0, max + 1);
  if (preferSeparators) {
    const at = Math.max(window.lastIndexOf(", "), window.lastIndexOf(" - "), window.lastIndexOf(" | "));
    if (at >= max / 2) return tidy(clean.slice(0, at)).slice(0, max);
  }
  const space = window.lastIndexOf(" ");
  const cut = space > max / 2 ? clean.slice(0, space) : clean.slice(0, max);
  return tidy(cut).slice(0, max);
}

/** Markdown markers and HTML tags removed, for counting and reading words. */
export const plainText = (text: string) =>
  text
    .replace(/<[^<>]*>/g, " ")
    .replace(/!?\[([^[\]]*)\]\((?:[^()]|\([^()]*\))*\)/g, "$1")
    .replace(/[*_`#>~|]+/g, " ")
    .replace(/[ \t]+/g, " ")
    .trim();

export const sentencesOf = (text: string) =>
  plainText(text)
    .split(/(?<=[.!?])\s+|\n+/)
    .map((s) => s.replace(/^[\s\-•*]+/, "").trim())
    .filter((s) => wordsOf(s).length > 0);

/** Function words: never "repeated words", never a tag on their own. */
const STOP_WORDS = new Set(
  `a an the and or but nor so for of with without in on at to from by as into onto over under about this that these those it its is are was were be
  been your you our my we i me he she they them their his her any all each every some no not only very just also than then too can will may must
  per via de la le el y et und für mit von`
    .split(/\s+/)
    .filter(Boolean),
);

export const isContentWord = (word: string) => word.length >= 3 && !STOP_WORDS.has(word.toLowerCase()) && !/^\d+$/.test(word);

/** A word of four or more capital letters in a row (DIY, SVG, USA, XL stay: acronyms). */
/** A model code with its figures ("KSM150PSER", "WH-1000XM5"): its maker writes it in capitals, so it never shouts (decision 0091). */
export const isModelCode = (word: string) => /\p{L}\d/u.test(word);

export const isShouting = (word: string) => /\p{Lu}{4,}/u.test(word) && !isModelCode(word);

export function tameWord(word: string): string {
  const letters = word.replace(/[^\p{L}]/gu, "");
  if (letters === letters.toUpperCase()) return word.toLowerCase().replace(/(^|-)(\p{L})/gu, (_, sep: string, ch: string) => sep + ch.toUpperCase());
  return word.replace(/\p{Lu}{4,}/gu, (run) => run[0] + run.slice(1).toLowerCase());
}

export const titleCase = (phrase: string) => phrase.replace(WORD, (w) => (w.length > 3 || !STOP_WORDS.has(w.toLowerCase()) ? w[0].toUpperCase() + w.slice(1) : w.toLowerCase()));

export const quoteList = (items: string[], max = 3) => {
  const shown = items.slice(0, max).map((s) => `"${s.length > 30 ? `${s.slice(0, 27)}...` : s}"`);
  return items.length > max ? `${shown.join(", ")} and ${items.length - max} more` : shown.join(", ");
};

/**
 * A function of strings that remembers its last answers: the audit tries each fix by auditing the listing
 * again, and most parts of it are the same text as before.
 */
export function memo<A extends string[], R>(fn: (...args: A) => R, size = 32): (...args: A) => R {
  // One map level per argument, keyed by the argument itself: no joined key string to build and hash for
  // every call (the arguments are whole descriptions). At most `size` answers, then it starts again.
  let root = new Map<string, unknown>();
  let count = 0;
  return (...args: A) => {
    let level = root;
    const last = args.length - 1;
    for (let i = 0; i < last; i++) {
      let next = level.get(args[i]) as Map<string, unknown> | undefined;
      if (!next) level.set(args[i], (next = new Map()));
      level = next;
    }
    const key = last >= 0 ? args[last] : "";
    if (level.has(key)) return level.get(key) as R;
    const value = fn(...args);
    if (count >= size) {
      root = new Map();
      count = 0;
      return remember(root, args, value);
    }
    count++;
    level.set(key, value);
    return value;
  };
}

/** Stores `value` under the arguments' path in a fresh memo map. */
function remember<R>(root: Map<string, unknown>, args: string[], value: R): R {
  let level = root;
  for (let i = 0; i < args.length - 1; i++) {
    const next = new Map<string, unknown>();
    level.set(args[i], next);
    level = next;
  }
  level.set(args.length ? args[args.length - 1] : "", value);
  return value;
}
