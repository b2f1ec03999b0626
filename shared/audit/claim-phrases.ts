/**
 * The whole phrase of a title that makes a claim, as the seller reads it (issue 24): "Dog Mom Gift",
 * "Christmas Gift for Her", "for New Puppy Owners", "Anneler Günü Hediyesi", never the single words
 * "Mom", "Gift" the claims table matched. The Doctor quotes these phrases and its fix removes exactly them.
 */

interface Token {
  word: string;
  start: number;
  end: number;
}

/** Words that join two claims into one phrase ("Gift for Her", "Anneler Günü İçin Hediye"). */
const CONNECTOR = /^(?:for|of|and|&|to|ve|için|ile)$/iu;
/** "Dog Mom", "Cat Dad", "Plant Lady": the owner's word belongs to the audience it names. */
const OWNER = /^(?:dog|cat|pet|plant|horse|coffee|wine|book|köpek|kedi)$/iu;
const OWNED = /^(?:mom|mum|mama|mommy|dad|daddy|papa|lady|lover|mother|father|parent|annesi|babası|sever)/iu;
/** Words a "for …" tail may end on after its claim ("for New Puppy Owners"): a person, not the product. */
const PERSON = /^(?:owners?|lovers?|parents?|moms?|mums?|dads?|friends?|people|fans?|teachers?|her|him|them|kids|girls|boys|women|men)$/iu;

const fold = (s: string) => s.replace(/İ/g, "i").replace(/I/g, "ı").toLocaleLowerCase("tr").replace(/ı/g, "i");

function tokensOf(text: string): Token[] {
  return [...text.matchAll(/[\p{L}\p{N}][\p{L}\p{N}'’-]*|&/gu)].map((m) => ({ word: m[0], start: m.index ?? 0, end: (m.index ?? 0) + m[0].length }));
}

/**
 * The claiming phrases of one title part (the text between " - ", ", " or " | "), given the words the
 * claims table found in it: each claim's words, joined where nothing or only a connecting word stands
 * between them, with the owner of an audience ("Dog Mom") and a "for …" tail that names a person.
 * Answers each phrase as written, with its place in the part.
 */
export function claimingPhrases(part: string, claims: string[]): { phrase: string; start: number; end: number }[] {
  const tokens = tokensOf(part);
  const hit = tokens.map(() => false);
  const folded = tokens.map((t) => fold(t.word));
  for (const claim of claims) {
    const words = tokensOf(claim).map((t) => fold(t.word));
    if (!words.length) continue;
    for (let i = 0; i + words.length <= tokens.length; i++) {
      if (words.every((w, k) => folded[i + k] === w)) for (let k = 0; k < words.length; k++) hit[i + k] = true;
    }
  }
  if (!hit.some(Boolean)) return [];
  for (let i = 1; i < tokens.length; i++) if (hit[i] && !hit[i - 1] && OWNER.test(tokens[i - 1].word) && OWNED.test(tokens[i].word)) hit[i - 1] = true;
  // "for New Puppy Owners": the claim's "for" and the words up to it, and a person it ends on.
  for (let f = 0; f < tokens.length; f++) {
    if (fold(tokens[f].word) !== "for") continue;
    const first = hit.findIndex((h, j) => h && j > f);
    if (first < 0 || first - f > 2) continue;
    for (let j = f; j <= first; j++) hit[j] = true;
    let last = first;
    while (last + 1 < tokens.length && hit[last + 1]) last++;
    if (last + 1 < tokens.length && PERSON.test(tokens[last + 1].word)) hit[last + 1] = true;
  }
  for (let i = 1; i + 1 < tokens.length; i++) if (!hit[i] && hit[i - 1] && hit[i + 1] && CONNECTOR.test(tokens[i].word)) hit[i] = true;
  const out: { phrase: string; start: number; end: number }[] = [];
  for (let i = 0; i < tokens.length; i++) {
    if (!hit[i]) continue;
    let j = i;
    while (j + 1 < tokens.length && hit[j + 1]) j++;
    out.push({ phrase: part.slice(tokens[i].start, tokens[j].end), start: tokens[i].start, end: tokens[j].end });
    i = j;
  }
  return out;
}
