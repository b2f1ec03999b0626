/**
 * Trading cards: a collector names a card by its game, its name, its number in its set and its set, and a graded card by
 * its grader and grade ("Pokemon Charizard VMAX 020/189 Darkness Ablaze, PSA 10 Gem Mint"). Read only as the seller wrote
 * them (decision 0090).
 */

/** The games and makers a card's text opens with, and eBay's name for the game where it has one. */
const GAMES: [RegExp, string | undefined][] = [
  [/^pok[eé]mon(?: tcg)?(?![\p{L}])/iu, "Pokémon TCG"],
  [/^(?:magic(?::| -)? the gathering|mtg)(?![\p{L}])/iu, "Magic: The Gathering"],
  [/^yu-?gi-?oh!?(?![\p{L}])/iu, "Yu-Gi-Oh! TCG"],
  [/^(?:disney )?lorcana(?![\p{L}])/iu, "Disney Lorcana TCG"],
  [/^one piece(?: tcg| card game)?(?![\p{L}])/iu, "One Piece Card Game"],
  [/^(?:topps|panini|upper deck|bowman|fleer|donruss|prizm)(?![\p{L}])/iu, undefined],
];

/** Graders as eBay lists them. */
const GRADERS: Record<string, string> = {
  psa: "Professional Sports Authenticator (PSA)",
  bgs: "Beckett Grading Services (BGS)",
  beckett: "Beckett Grading Services (BGS)",
  cgc: "Certified Guaranty Company (CGC)",
  sgc: "Sportscard Guaranty (SGC)",
};
const GRADE = /(?<![\p{L}])(psa|bgs|beckett|cgc|sgc) (\d{1,2}(?:\.5)?)(?: (gem mint|pristine|mint|nm-mt|near mint-mint|black label))?(?![\p{L}\p{N}])/iu;
/** A grade's words as graders print them. */
const GRADE_WORDS: Record<string, string> = {
  "gem mint": "Gem Mint",
  pristine: "Pristine",
  mint: "Mint",
  "nm-mt": "NM-MT",
  "near mint-mint": "Near Mint-Mint",
  "black label": "Black Label",
};
/** A card's number in its set ("020/189", "#4", "No. 25"). */
const NUMBER = /(?<![\p{L}\p{N}/.])(\d{1,3}\/\d{2,3}|#[A-Z]{0,4}-?\d{1,4}|no\. ?\d{1,4})(?![\p{L}\p{N}/.])/iu;
/** A card's code in its set, in capitals ("LOB-001", "SDK-EN001"). */
const SET_CODE = /(?<![\p{L}\p{N}-])([A-Z0-9]{2,5}-(?:[A-Z]{2})?\d{3})(?![\p{L}\p{N}])/u;
const SET_NAME = /^(?:\p{Lu}[\p{L}'’:-]*)(?: (?:\p{Lu}[\p{L}'’:-]*|of|the|and|&)){0,4}$/u;
const FINISH = /(?<![\p{L}])(reverse holo|holo(?:graphic)?|foil|full art)(?![\p{L}])/iu;
const EDITION = /(?<![\p{L}])(1st edition|first edition|unlimited|shadowless)(?![\p{L}])/iu;
const LANGUAGES = /(?<![\p{L}])(english|japanese|german|french|italian|spanish|korean|chinese|portuguese)(?![\p{L}])/iu;

export interface CardReading {
  /** eBay's name of the game ("Pokémon TCG"), when the card is of one. */
  game?: string;
  /** A sports card's maker ("Topps", "Panini"). */
  manufacturer?: string;
  /** The card's name as the seller wrote it between the game and its number ("Charizard VMAX"). */
  name?: string;
  /** Its finish ("Holo", "Reverse Holo", "Foil") and its print run ("1st Edition", "Unlimited"). */
  finish?: string;
  edition?: string;
  /** The set named right after its number ("Darkness Ablaze"). */
  set?: string;
  number?: string;
  grader?: string;
  grade?: string;
  /** The grade with its grader and its words, as the seller wrote them ("PSA 10 Gem Mint"). */
  graded?: string;
  year?: string;
  language?: string;
  /** The seller's opening words that name the card ("Pokemon Charizard VMAX 020/189 Darkness Ablaze"). */
  opening: string;
}

/** The text's season, its game or maker and its opening clause, when it opens with a card game or maker. */
function opens(text: string) {
  // (A sports card opens with its season: "2018 Topps Update Shohei Ohtani rookie card #US1".)
  const season = /^((?:19|20)\d\d)(?:-\d\d)? /u.exec(text.trim());
  const trimmed = text.trim().slice(season?.[0].length ?? 0);
  const game = GAMES.find(([game]) => game.test(trimmed));
  if (!game) return undefined;
  const opening = trimmed.split(/[,;\n]|\.(?=\s|$)/u)[0]?.trim() ?? "";
  return { season, trimmed, game, opening, full: season ? `${season[0]}${opening}` : opening };
}

/**
 * The name of a card game's product as its seller opened with it ("Pokemon Scarlet & Violet 151 booster box"): its
 * collectors search by every word of it, its set's "&" and number too.
 */
export const cardGameName = (text: string): string | undefined => opens(text)?.full;

/** A trading card as its text names it, or undefined when the text opens with no card game or maker. */
export function readCard(text: string): CardReading | undefined {
  const opened = opens(text);
  if (!opened) return undefined;
  const { season, trimmed, game, opening } = opened;
  const number = NUMBER.exec(opening) ?? SET_CODE.exec(opening);
  const grade = GRADE.exec(trimmed.slice(0, 400));
  // A card, not a box, a binder or a booster pack of the game: its number or its grade says so, or the word "card".
  if (!number && !grade && !/(?<![\p{L}])card(?![\p{L}])/iu.test(opening)) return undefined;
  const gameWords = game[0].exec(trimmed)?.[0] ?? "";
  const before = opening.slice(gameWords.length, number ? number.index : undefined).trim();
  const after = number ? opening.slice(number.index + number[0].length).trim() : "";
  // (A set is named in capitals: "Darkness Ablaze", "Base Set"; "holo" or "card" is no set.)
  // (Or the clause right after a number that ends the name: "… 4/102, Base Set unlimited".)
  const next = !after && number ? /^\s*,\s*(\p{Lu}[\p{L}'’:-]*(?: (?:\p{Lu}[\p{L}'’:-]*|of|the|and|&)){0,4})(?![\p{L}])/u.exec(trimmed.slice(opening.length))?.[1] : undefined;
  const named = next ?? after;
  const set = !game[1] ? undefined : SET_NAME.test(named) && !/^(?:holo|card|rare|english|japanese)$/iu.test(named) ? named.replace(/ (?:of|the|and|&)$/u, "") : undefined;
  // A card's finish is no word of its name ("Charizard holo card": "Charizard", Holo); nor is its print run.
  const finish = FINISH.exec(before)?.[1];
  const name = before.replace(/(?:\s+(?:reverse holo|holo(?:graphic)?|foil|full art|rare|card|1st edition|first edition|unlimited(?: edition)?|shadowless))+$/iu, "").trim();
  const year = season?.[1] ?? /(?<![\p{N}])(19[5-9]\d|20[0-3]\d)(?![\p{N}])/u.exec(trimmed.slice(0, 400))?.[1];
  // A sports card's maker ("Topps") is its manufacturer; its player and its set are not read apart (its name is said whole).
  const sports = !game[1];
  // (Each word capitalised as a collector writes it: "Topps", "Reverse Holo", "1st Edition", "English".)
  const capitalised = (words: string | undefined) => words?.toLowerCase().replace(/(?<![\p{L}\p{N}])\p{L}/gu, (c) => c.toUpperCase());
  return {
    game: game[1],
    manufacturer: sports ? capitalised(gameWords) : undefined,
    name: !sports && name && name.length <= 60 ? name : undefined,
    finish: capitalised(finish),
    edition: capitalised(EDITION.exec(trimmed.slice(0, 400))?.[1].replace(/^first /iu, "1st ")),
    set,
    number: number?.[1],
    grader: grade ? GRADERS[grade[1].toLowerCase()] : undefined,
    grade: grade?.[2],
    graded: grade ? [grade[1].toUpperCase(), grade[2], ...(grade[3] ? [GRADE_WORDS[grade[3].toLowerCase()]] : [])].join(" ") : undefined,
    year,
    language: capitalised(LANGUAGES.exec(trimmed.slice(0, 400))?.[1]),
    opening: opened.full,
  };
}
