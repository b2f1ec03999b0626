/**
 * What the Listing Doctor reads beyond form (issue #24): whether a title names the item, whether a tag
 * says anything about it, promotional noise, stock sentences, English words in a Turkish listing and
 * the facts a change lost (claims are checked by the fact sheet, shared/facts). English and Turkish. Pure and small: regular expressions and word
 * lists, no model, safe in the browser. Every pattern is linear (no nested quantifiers over the same
 * characters), so a long pasted text cannot make it slow.
 */
import { MATERIALS, baseNoun, nounCategory, readProduct, type Lang } from "../listings/phrases";
import { escapeRegExp } from "../facts/language";
import { withoutFlawClauses } from "../facts/extract";
import { cardGameName } from "../facts/cards";
import { isFoodHead } from "../facts/devices";
import { isContentWord, plainText, sentencesOf, wordsOf } from "./text";

/** Lower case; Turkish rules only where they differ (I and İ), since the locale-aware call is slow. */
const lowerOf = (text: string, lang: Lang) => (lang === "tr" && /[Iİ]/.test(text) ? text.toLocaleLowerCase("tr") : text.toLowerCase()).replace(/\u0307/g, "");

// ---- Titles ------------------------------------------------------------------------------------

/**
 * Nouns that name an item and that the composer's categories do not hold (those are read through
 * nounCategory): enough that a seller's ordinary title is never told it names nothing.
 */
const MORE_NOUNS = new Set(
  `apron aprons board boards bottle bottles bowl bowls vase vases camera cameras lens lenses shoes shoe sneakers sneaker boots boot trainers
  sandals record records lp vinyl album cd dvd book books cookbook e-book ebook guide case cases cover covers hanger hangers planter planters
  towel towels blanket cardigan cardigans sweater sweaters jumper jumpers pullover vest scarf gloves mittens socks dress dresses skirt jacket coat
  hoodie shirt top tops jeans trousers pants shorts kimono robe pyjamas pajamas chart charts template templates set sets kit kits lamp lamps
  light lights chair chairs table tables shelf shelves rug rugs mat mats basket baskets box boxes tray trays jar jars pot pots pan pans
  knife knives spoon spoons fork cutlery glass glasses teapot kettle clock clocks mirror mirrors frame frames print prints poster card cards
  pen pens pencil notebook notebooks journal journals diary bookmark bookmarks puzzle puzzles game games doll figurine figure statue sculpture
  watch watches phone tablet laptop headphones speaker charger cable keyboard mouse console controller toy toys tumbler flask thermos
  brooch pin badge patch patches sticker stickers magnet magnets coaster coasters napkin napkins tablecloth runner curtain curtains quilt
  pillow pillowcase duvet sheet sheets bedding hammock tent backpack bag purse wallet belt tie hat cap beanie headband hairclip scrunchie
  soap candle candles mug cup plate dish ornament wreath sign garland bunting banner invitation invitations planner stencil font fonts
  svg pattern patterns tutorial course preset presets printable printables worksheet worksheets bundle bundles clipart mockup mockups
  havlu havlusu peştemal peştemalı vazo vazosu tahta tahtası kesme hırka hırkası kazak kazağı yelek elbise etek ceket mont şal atkı eldiven
  çorap ayakkabı çanta cüzdan kemer şapka bere kolye küpe yüzük bileklik broş tablo çerçeve lamba masa sandalye raf halı paspas sepet kutu
  tepsi kavanoz tencere tava bıçak kaşık çatal bardak fincan demlik saat ayna defter ajanda kalem kitap oyuncak bebek mum sabun kupa tabak
  süs davetiye şablon model tarif desen kitap plak kamera şişe termos matara bed beds mattress crate carrier feeder slicer slicers
  organizer organizers divider dividers peeler grater machine machines typewriter typewriters radio radios gramophone chandelier
  sconce banneton makine makinesi makinası daktilo radyo gramofon pikap sehpa sehpası dolap sandık semaver cezve ibrik avize abajur
  önlük önlüğü önlükler powder oil seeds lotion balm cream serum scrub perfume cologne krem losyon parfüm`.split(/\s+/),
);

/** Whether a word names an item ("earrings", "board", "hırkası"). */
export function isProductNoun(word: string, lang: Lang): boolean {
  const w = lowerOf(word, lang);
  // (A food's noun names one too: "honey", "matcha", "lokum".)
  if (MORE_NOUNS.has(w) || isFoodHead(w) || nounCategory(w, lang) || nounCategory(w, lang === "tr" ? "en" : "tr")) return true;
  // Turkish possessive and plural endings ("tahtası", "kolyeler"), English plurals.
  const stem = w.replace(/(?:ları|leri|lar|ler|sı|si|su|sü|ı|i|u|ü|s)$/u, "");
  return stem.length >= 3 && stem !== w && (MORE_NOUNS.has(stem) || !!nounCategory(stem, lang));
}

/**
 * Why a title does not say what the item is: "short" (one or two words) or "no-noun" (no word of it names
 * an item, and the description's own product noun is not in it). Undefined when it does.
 */
export function titleNamesNothing(title: string, description: string): "short" | "no-noun" | undefined {
  const words = wordsOf(title).filter((w) => !/^\d+$/.test(w));
  if (!words.length) return undefined;
  if (words.length <= 2) return "short";
  const lang: Lang = /[ıİğĞşŞ]/u.test(`${title} ${description}`) ? "tr" : "en";
  if (words.some((w) => isProductNoun(w, lang))) return undefined;
  // A card game's product is named by its game and its name ("Pokemon Charizard VMAX 020/189 Darkness Ablaze"; decision 0090).
  if (cardGameName(title)) return undefined;
  // A two-word name ("dog bed", "table runner") names the item too.
  if (words.some((w, i) => i > 0 && nounCategory(`${lowerOf(words[i - 1], lang)} ${lowerOf(w, lang)}`, lang))) return undefined;
  if (description.trim()) {
    // (A head of two words, "dikiş makinesi", is named when the title says both.)
    const head = readProduct(description).head;
    // (Also in its possessive form: "Mutfak Önlüğü" names the "önlük".)
    if (head && [words.map((w) => lowerOf(w, lang)), words.map((w) => baseNoun(lowerOf(w, lang), lang))].some((ws) => ` ${ws.join(" ")} `.includes(` ${head} `))) return undefined;
  }
  return "no-noun";
}

/** Distinct words and measures a title says: "Gold Hoop Earrings - Earrings" says three things. */
export function titleInformation(title: string): number {
  const seen = new Set<string>();
  for (const w of wordsOf(title)) if (isContentWord(w) || /\d/.test(w)) seen.add(w.toLowerCase());
  return seen.size;
}

/** Promotional noise a shopper skips and the marketplaces advise against: "L@@K", "WOW", "!!!", "MUST SEE", "SÜPER FIRSAT". */
const NOISE =
  /l[@o0]{2}k(?![\p{L}])|(?<![\p{L}])w[o0]w(?![\p{L}])|[!?*~+]{2,}|(?<![\p{L}])(?:must see|must have|look!|no reserve|nr|a\+|hot deal|f[ıi]rsat|kaç[ıi]rmay[ıi]n|kaç[ıi]rma|acele edin|[ıi]nd[ıi]r[ıi]m|kampanya)(?![\p{L}])|^[^\p{L}\p{N}]+/giu;

export function noiseIn(title: string): string[] {
  return [...new Set((title.match(NOISE) ?? []).map((m) => m.trim().toLowerCase()).filter(Boolean))];
}

export function withoutNoise(title: string): string {
  return title.replace(NOISE, " ");
}

// ---- Tags --------------------------------------------------------------------------------------

/** Words that praise rather than name: shoppers do not search for them. */
const FLUFF = new Set(
  `sweet cute lovely adorable beautiful pretty perfect nice amazing awesome best great gorgeous stunning special love loved lovable you'll
  youll you'd you favorite favourite fave trendy cool fun happy must wonderful fabulous fantastic super unique quality premium özel
  harika süper güzel çok tatlı sevimli mükemmel bayılacaksınız bayılacak muhteşem şahane en mutluluk şey şeyler sevdiklerinize`.split(/\s+/),
);

/** Words of gifting, recipients and occasions: true of any product, so a tag of only these says nothing of this one. */
const GIFTY = new Set(
  `gift gifts present presents idea ideas fikri for her him kids kid children child mom mum mother dad father men women man woman birthday
  christmas xmas easter anniversary valentine valentines mothers fathers day wedding bridesmaid housewarming shower teacher friend
  friends sister brother wife husband boyfriend girlfriend grandma grandpa nan new baby stocking stuffer party occasion
  hediye hediyesi hediyelik sevgiliye kadına erkeğe anneye babaya çocuğa bebeğe anneler babalar günü gün doğum yılbaşı
  arkadaşa öğretmene yıldönümü`.split(/\s+/),
);

/** The gift words themselves: saying "gift" somewhere does not make every gift tag about the item. */
const GIFT_WORDS = new Set("gift gifts present presents idea ideas for her him hediye hediyesi hediyelik fikri".split(" "));
/** "gift idea", "hediye fikri": says only that it is a gift. */
const IDEA_WORDS = new Set("idea ideas fikri".split(" "));

const STOP_SHORT = new Set("a an the and or of for to in on with by at is it my your our de da ve ile için bir".split(" "));

/** A word's first five letters; a Turkish stem softened before a suffix ends as written alone ("patiği", "patik": "patik"). */
const stemOf = (word: string) => (word.length > 5 ? word.slice(0, 5) : word).replace(/ğ$/u, "k");

/** Turkish words written as one that a tag may write as two ("yenidoğan", "yeni doğan"). */
const JOINED_TR: Record<string, string[]> = { yenidoğan: ["yeni", "doğan"] };

/** A phrase whose second word is no praise ("kişiye özel", personalised; "özel" alone is "special"): one word. */
const fixedPhrases = (text: string) => text.replace(/(?<![\p{L}])kişiye özel(?![\p{L}])/giu, "kişiyeözel");

/** The stems of every word the listing says about itself (not its tags): what a relevant tag must share. */
export function listingStems(texts: string[], lang: Lang): Set<string> {
  const out = new Set<string>();
  for (const text of texts)
    for (const w of wordsOf(fixedPhrases(lowerOf(text, lang)))) {
      out.add(stemOf(w));
      for (const [joined, parts] of Object.entries(JOINED_TR)) if (w.startsWith(joined)) for (const part of parts) out.add(stemOf(part));
    }
  return out;
}

/**
 * Why a tag says nothing about the product, or undefined when it does: "vague" (a word of praise and one
 * other word: "sweet bunny"), "generic" (only praise, gifting or occasion words: "you'll love", "perfect
 * gift"; on a digital item also "gift for kids") or "unrelated" (none of its words is in the listing).
 */
export function tagIrrelevance(tag: string, stems: Set<string>, lang: Lang, digital: boolean): "vague" | "generic" | "unrelated" | undefined {
  const words = wordsOf(fixedPhrases(lowerOf(tag, lang))).filter((w) => !STOP_SHORT.has(w));
  if (!words.length) return "generic";
  const fluff = words.filter((w) => FLUFF.has(w));
  const specific = words.filter((w) => !FLUFF.has(w) && !GIFTY.has(w));
  if (fluff.length && specific.length <= 1) return specific.length ? "vague" : "generic";
  if (words.some((w) => IDEA_WORDS.has(w)) && words.every((w) => GIFT_WORDS.has(w))) return "generic";
  // An occasion or recipient the listing itself names ("wedding" on a seating chart) is about it.
  if (words.some((w) => !FLUFF.has(w) && !GIFT_WORDS.has(w) && (stems.has(stemOf(w)) || /\d/.test(w)))) return undefined;
  if (!specific.length) return digital || fluff.length ? "generic" : undefined;
  return "unrelated";
}

// ---- Claims and facts --------------------------------------------------------------------------

/** Stock sentences that say nothing about the item: the seller never wrote them, the shopper skips them. */
const STOCK =
  /made to be (?:used and )?loved|loved every day|add (?:it|this|one|yours) to your (?:cart|basket)|order (?:yours )?(?:now|today)|buy (?:it |yours )?now|don'?t miss|brings? a handmade touch|perfect gift for (?:anyone|everyone|any occasion)|every home needs|must[- ]have for every|great gift|severek kullanman|sepete ekle|kaçırmayın|stoklar sınırlı|hemen (?:alın|sipariş)|bayılacak|harika bir fikir|en güzel seçim|mükemmel bir hediye/iu;

export function stockSentences(text: string): string[] {
  return sentencesOf(text).filter((s) => STOCK.test(s));
}

export function withoutSentences(text: string, drop: string[]): string {
  const gone = new Set(drop.map((s) => s.trim()));
  return text
    .split(/\n/)
    .map((line) =>
      line
        .split(/(?<=[.!?])\s+/)
        .filter((s) => !gone.has(s.replace(/^[\s\-•*]+/, "").trim()))
        .join(" "),
    )
    .join("\n")
    .replace(/\n{3,}/g, "\n\n")
    .trim();
}

const PERSONAL = /personali[sz]ed|personali[sz]ation|custom(?:i[sz]ed)?(?![\p{L}])|monogram|initials?(?![\p{L}])|engraved|your name|kişiye özel|isimli|isim(?![\p{L}])|baş harf/iu;
const VINTAGE = /vintage|antique|(?<![\p{L}])retro(?![\p{L}])|(?<!\d)1[89]\d0'?s|(?<!\d)(?:19|20)\d0'?l[ae]r|antika/iu;
const MEASURE =
  // A number is read from its first digit only (?<!\d): tried at every digit of a long run, the pattern was quadratic.
  /(?<!\d)\d+(?:[.,]\d+)?(?:\s*[x×]\s*\d+(?:[.,]\d+)?)+|(?<!\d)\d+(?:[.,]\d+)?\s*(?:cm|mm|in(?:ch(?:es)?)?|"|qt|quarts?|oz|ml|l|lt|g|gr|kg|lbs?|gsm|pages?|sayfa)(?![\p{L}])|%\s?\d+|(?<!\d)\d+\s?%|set of \d+|(?<!\d)\d+'?(?:li|lı|lu|lü)(?![\p{L}])|(?<![\p{L}])a[3-6](?![\p{L}\d])|#\s?\d+/giu;

/** Every material of the composer's list, longest first, as one pattern (built once). */
const MATERIAL_RE = new RegExp(
  `(?<![\\p{L}])(?:${[...MATERIALS]
    .sort((a, b) => b.length - a.length)
    .map((m) => escapeRegExp(m))
    .join("|")})(?![\\p{L}])`,
  "giu",
);

/** The number a measure is known by ("15x10", "2.5", "403"): a listing keeps the fact when it says that number. */
const numberOf = (measure: string) =>
  measure
    .toLowerCase()
    .replace(/\s*[x×]\s*/g, "x")
    .replace(/,/g, ".")
    .match(/[\d.]+(?:x[\d.]+)*|a[3-6]/)?.[0] ?? measure.toLowerCase();

interface FactSheet {
  personal: boolean;
  vintage: boolean;
  numbers: string[];
  materials: string[];
}

/** The facts of a text a rewrite must keep: personalisation, vintage or era, every number with its unit, materials. */
export function factsOf(text: string): FactSheet {
  const plain = plainText(text);
  const lower = lowerOf(plain, "tr");
  const numbers = [...new Set((plain.match(MEASURE) ?? []).map(numberOf))];
  // (Not the material of a broken part: "cracked back glass".)
  const found = [...new Set((withoutFlawClauses(lower).match(MATERIAL_RE) ?? []).map((m) => m.trim()))];
  const materials = found.filter((m) => !found.some((o) => o !== m && o.includes(m)));
  return { personal: PERSONAL.test(plain), vintage: VINTAGE.test(plain), numbers, materials };
}

/** The facts of `before` that `after` no longer says, as short names ("personalisation", "15x10", "merino wool"). */
export function droppedFacts(before: FactSheet, after: string): string[] {
  const now = factsOf(after);
  const text = ` ${plainText(after)
    .toLowerCase()
    .replace(/\s*[x×]\s*/g, "x")
    .replace(/,/g, ".")} `;
  const out: string[] = [];
  if (before.personal && !now.personal) out.push("personalisation");
  if (before.vintage && !now.vintage) out.push("vintage");
  for (const n of before.numbers) if (!now.numbers.includes(n) && !new RegExp(`(?<![\\d.])${n.replace(/\./g, "\\.")}(?![\\d])`).test(text)) out.push(n);
  for (const m of before.materials) if (!now.materials.some((x) => x.includes(m) || m.includes(x))) out.push(m);
  return out;
}

// ---- Language ----------------------------------------------------------------------------------

/** English words a Turkish listing should not have (never words Turkish sellers use as they are: PDF, vintage, Canva). */
const ENGLISH_IN_TURKISH =
  /(?<![\p{L}])(?:the|and|with|for|includes?|instant|download|pattern|patterns|knitting|knit|crochet|easy|skill|level|step|tutorial|gift|cute|baby|cardigan|project|diy|handmade|beautiful|perfect)(?![\p{L}])/giu;

export function englishWordsIn(text: string): string[] {
  return [...new Set((text.match(ENGLISH_IN_TURKISH) ?? []).map((w) => w.toLowerCase()))];
}
