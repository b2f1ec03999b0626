/**
 * What a buyer phrase claims about who the product is for and what it is for (decision 0039): an
 * audience ("gift for her", "kadın giyim", "kids", "dog lover"), an occasion ("christmas gift",
 * "baby shower"), a use or place ("kitchen decor", "günlük giyim", "everyday wear", "laptop
 * sticker") or a property ("scented", "dainty", "cozy"). Each such concept enters a listing only when
 * the seller's own words (or the fact sheet's sizes: "2-3 yaş", "0-3 months") support it, so a toddler
 * cardigan is never "kadın giyim" and a Pyrex bowl never "Kitchen Decor". Also: which tags are
 * fragments cut from inside a noun phrase ("el hırka" from "el örgüsü hırka", "brass collar" from
 * "brass buckle"), and which words describe condition ("marks", "chips"), never a title keyword.
 * Linear-time expressions only (word alternations with boundaries, no nested quantifiers).
 */
import type { CategoryId, Lang } from "./categories";

const B = "(?<![\\p{L}\\p{N}])";
const E = "(?![\\p{L}\\p{N}])";
const re = (body: string) => new RegExp(`${B}(?:${body})${E}`, "u");
/** Lower case in either language, one letter per letter ("İ" and "I" both become "i"). */
const fold = (s: string) => s.replace(/[İI]/g, "i").toLocaleLowerCase("tr").replace(/[’`]/g, "'");

interface Concept {
  id: string;
  /** Words of a written phrase that claim the concept (matched on folded text). */
  say: RegExp;
  /** English-only words that claim it ("mum" is a candle in Turkish). */
  sayEn?: RegExp;
  /** Words of the seller's text that support it (matched on folded text). */
  evidence: RegExp;
  /** English-only evidence ("her" is "every" in Turkish). */
  evidenceEn?: RegExp;
  /** Categories whose every product carries the concept (a collar is a pet's). */
  inherent?: CategoryId[];
}

// Ages as sellers write them: "2-3 yaş", "ages 4-5", "4-5 years", "3T"; months: "0-3 ay", "0-6 months", "3-6m".
const YEARS = "\\d{1,2} ?(?:[-–]|to) ?\\d{1,2} ?(?:yaş\\p{L}*|years?(?: old)?|yrs?|y)|\\d{1,2} yaş\\p{L}*|\\d{1,2} years? old|ages? \\d{1,2}|\\d{1,2}t";
const MONTHS = "\\d{1,2} ?(?:[-–]|to) ?\\d{1,2} ?(?:months?|mos?|m|ay|aylık)|\\d{1,2} (?:months?|aylık)";

const CONCEPTS: Concept[] = [
  // ---- Audiences
  {
    id: "women",
    say: re("for her|women'?s?|womens|woman|ladies|lady|female|girlfriend|wife|sister|kadın\\p{L}*|bayan\\p{L}*|hanım\\p{L}*"),
    evidence: re(
      "women'?s?|womens|woman|ladies|lady|female|girlfriend|wife|sister|mom|mum|mother|bride|bridesmaids?|unisex|kadın\\p{L}*|bayan\\p{L}*|hanım\\p{L}*|anne\\p{L}*|gelin\\p{L}*|nedime\\p{L}*",
    ),
    evidenceEn: re("her|she"),
  },
  {
    id: "men",
    say: re("for him|men'?s|mens|men|man|male|boyfriend|husband|brother|erke[kğ]\\p{L}*"),
    evidence: re("men'?s|mens|men|man|male|boyfriend|husband|brother|dad|father|groom|groomsmen|groomsman|unisex|erke[kğ]\\p{L}*|baba\\p{L}*|damat\\p{L}*|ağabey\\p{L}*"),
    evidenceEn: re("him|his|he"),
  },
  { id: "unisex", say: re("unisex"), evidence: re("unisex|kadın ve erkek|women and men|men and women") },
  {
    id: "kids",
    say: re("kids?|children|child|childrens|toddlers?|girls?|çocu[kğ]\\p{L}*|okul öncesi"),
    evidence: re(`kids?|children|child|childrens|toddlers?|girls?|çocu[kğ]\\p{L}*|${YEARS}`),
    // Turkish "boy" is a height ("boy 110 cm"), no boy.
    sayEn: re("boys?"),
    evidenceEn: re("boys?"),
  },
  {
    id: "baby",
    say: re("baby|babies|babys|newborns?|infants?|bebek\\p{L}*|bebeğ\\p{L}*|yeni ?doğan\\p{L}*"),
    evidence: re(`baby|babies|newborns?|infants?|bebek\\p{L}*|bebeğ\\p{L}*|yeni ?doğan\\p{L}*|${MONTHS}`),
    inherent: ["baby"],
  },
  { id: "mom", say: re("moms?|mothers?|mother'?s|annel?\\p{L}*|anne"), sayEn: re("mums?"), evidence: re("moms?|mums?|mothers?|mother'?s|mama|mommy|anne\\p{L}*") },
  { id: "dad", say: re("dads?|fathers?|father'?s|daddy|papa|baba\\p{L}*"), evidence: re("dads?|fathers?|father'?s|daddy|papa|baba\\p{L}*") },
  { id: "dog", say: re("dogs?|doggy|puppy|puppies|pup|köpe[kğ]\\p{L}*"), evidence: re("dogs?|doggy|puppy|puppies|pup|köpe[kğ]\\p{L}*") },
  { id: "puppy", say: re("puppy|puppies|yavru\\p{L}*"), evidence: re("puppy|puppies|kitten|yavru\\p{L}*") },
  { id: "cat", say: re("cats?|kitten|kitty|kedi\\p{L}*"), evidence: re("cats?|kitten|kitty|kedi\\p{L}*") },
  { id: "pet", say: re("pets?|evcil\\p{L}*"), evidence: re("pets?|dogs?|puppy|cats?|kitten|evcil\\p{L}*|köpe[kğ]\\p{L}*|kedi\\p{L}*"), inherent: ["pet"] },
  { id: "teacher", say: re("teachers?|öğretmen\\p{L}*"), evidence: re("teachers?|öğretmen\\p{L}*") },
  { id: "friend", say: re("friends?|friendship|bestie|arkadaş\\p{L}*"), evidence: re("friends?|friendship|bestie|arkadaş\\p{L}*") },
  { id: "lover", say: re("sevgili\\p{L}*|valentines?|valentine'?s"), evidence: re("girlfriend|boyfriend|partner|valentines?|valentine'?s|sevgili\\p{L}*") },
  { id: "bridesmaid", say: re("bridesmaids?|nedime\\p{L}*"), evidence: re("bridesmaids?|nedime\\p{L}*") },
  { id: "bride", say: re("brides?|bridal|bride to be|gelin\\p{L}*"), evidence: re("brides?|bridal|gelin\\p{L}*") },
  { id: "family", say: re("family|aile\\p{L}*"), evidence: re("family|families|aile\\p{L}*") },
  { id: "coffee", say: re("coffee|kahve\\p{L}*"), evidence: re("coffee|latte|espresso|cappuccino|kahve\\p{L}*") },
  { id: "tea", say: re("tea|çay\\p{L}*"), evidence: re("tea|çay\\p{L}*") },
  { id: "book", say: re("books?|book lover|bookworm|kitap\\p{L}*"), evidence: re("books?|reading|reader|bookworm|kitap\\p{L}*") },
  // ---- Occasions
  {
    id: "christmas",
    say: re("christmas|xmas|holiday|holidays|stocking stuffer|yılbaşı\\p{L}*|yeni ?yıl\\p{L}*|noel"),
    evidence: re("christmas|xmas|holiday|holidays|stocking|yılbaşı\\p{L}*|yeni ?yıl\\p{L}*|noel"),
  },
  { id: "birthday", say: re("birthday|doğum günü\\p{L}*"), evidence: re("birthday|doğum günü\\p{L}*") },
  { id: "anniversary", say: re("anniversary|yıldönümü\\p{L}*"), evidence: re("anniversary|yıldönümü\\p{L}*") },
  { id: "wedding", say: re("weddings?|düğün\\p{L}*|nikah\\p{L}*"), evidence: re("weddings?|bride|bridal|düğün\\p{L}*|nikah\\p{L}*") },
  { id: "engagement", say: re("engagement|nişan\\p{L}*"), evidence: re("engagement|engaged|nişan\\p{L}*") },
  { id: "shower", say: re("baby shower|bridal shower|bebek partisi|hoş geldin bebek"), evidence: re("shower|bebek partisi|baby party|hoş geldin") },
  {
    id: "new baby",
    say: re("new baby|newborn gift|new mom|new mum|expecting|baby registry|registry|yeni anne\\p{L}*|hamile\\p{L}*"),
    evidence: re("new baby|new mom|new mum|expecting|registry|pregnan\\p{L}*|yeni anne\\p{L}*|hamile\\p{L}*"),
  },
  {
    // A gift needs the seller to speak of one, or of an occasion one is given for ("for women" alone is no gift).
    id: "gift",
    say: re("gifts?|presents?|stocking stuffer|hediye\\p{L}*|armağan\\p{L}*"),
    evidence: re(
      "gifts?|gifting|gifted|presents?|stocking|birthday|christmas|xmas|holiday|anniversary|valentines?|valentine'?s|mother'?s day|father'?s day|wedding|shower|housewarming|graduation|easter|hediye\\p{L}*|armağan\\p{L}*|doğum günü\\p{L}*|yılbaşı\\p{L}*|yıldönümü\\p{L}*|sevgililer günü|anneler günü|babalar günü|düğün\\p{L}*|nişan\\p{L}*|mezuniyet\\p{L}*",
    ),
  },
  { id: "housewarming", say: re("housewarming|new home|yeni ev\\p{L}*"), evidence: re("housewarming|new home|yeni ev\\p{L}*") },
  { id: "graduation", say: re("graduation|mezuniyet\\p{L}*"), evidence: re("graduation|graduate|mezuniyet\\p{L}*") },
  { id: "easter", say: re("easter|paskalya"), evidence: re("easter|paskalya") },
  { id: "halloween", say: re("halloween|cadılar bayramı"), evidence: re("halloween|cadılar bayramı") },
  { id: "self care", say: re("self[- ]care|spa|pamper|kendine|kendinize"), evidence: re("self[- ]care|spa|pamper\\p{L}*|relax\\p{L}*|kendin\\p{L}*") },
  { id: "keepsake", say: re("keepsakes?|hatıra\\p{L}*"), evidence: re("keepsakes?|memory|memories|memorial|guest book|hatıra\\p{L}*|anı\\p{L}*") },
  { id: "promise", say: re("promise|söz"), evidence: re("promise|söz\\p{L}*") },
  // ---- Uses and places
  { id: "everyday", say: re("everyday|every day|daily|casual|günlük|her gün"), evidence: re("everyday|every day|daily|casual|günlük|her gün") },
  { id: "kitchen", say: re("kitchen|mutfa[kğ]\\p{L}*"), evidence: re("kitchen|cooking|baking|pantry|mutfa[kğ]\\p{L}*|kiler"), inherent: ["appliance", "kitchen"] },
  {
    id: "decor",
    say: re("decor|decoration|decorations|decorative|dekor\\p{L}*|dekoratif|dekorasyon\\p{L}*"),
    evidence: re("decor|decoration|decorations|decorative|display|dekor\\p{L}*|dekoratif|dekorasyon\\p{L}*"),
    inherent: ["decor", "art", "ornament", "wedding"],
  },
  { id: "office", say: re("office|desk|ofis\\p{L}*"), evidence: re("office|desk|work|ofis\\p{L}*|masa\\p{L}*") },
  { id: "living room", say: re("living room|living|salon\\p{L}*"), evidence: re("living room|lounge|salon\\p{L}*") },
  { id: "bedroom", say: re("bedroom|yatak odası\\p{L}*"), evidence: re("bedroom|yatak odası\\p{L}*") },
  { id: "nursery", say: re("nursery|bebek odası\\p{L}*|çocuk odası\\p{L}*"), evidence: re("nursery|kids'? room|bebek odası\\p{L}*|çocuk odası\\p{L}*") },
  { id: "bathroom", say: re("bathroom|banyo\\p{L}*"), evidence: re("bathroom|bath|banyo\\p{L}*") },
  { id: "table", say: re("table decor|tablescape|sofra\\p{L}*"), evidence: re("table|tablescape|dining|sofra\\p{L}*|masa\\p{L}*") },
  { id: "wall", say: re("wall|gallery wall|duvar\\p{L}*"), evidence: re("wall|hang\\p{L}*|duvar\\p{L}*|ası\\p{L}*"), inherent: ["art"] },
  { id: "winter", say: re("winter|cold weather|kış\\p{L}*"), evidence: re("winter|cold|snow|ski|kış\\p{L}*|soğuk\\p{L}*") },
  { id: "beach", say: re("beach|plaj\\p{L}*"), evidence: re("beach|summer|pool|plaj\\p{L}*|yaz\\p{L}*") },
  { id: "market", say: re("market|grocery|groceries|shopping|alışveriş\\p{L}*|pazar\\p{L}*"), evidence: re("market|grocery|groceries|shopping|alışveriş\\p{L}*|pazar\\p{L}*|market\\p{L}*") },
  { id: "laptop", say: re("laptop|computer|bilgisayar\\p{L}*"), evidence: re("laptop|computer|macbook|bilgisayar\\p{L}*") },
  {
    id: "bottle",
    say: re("water bottle|bottle|matara\\p{L}*"),
    evidence: re("bottles?|tumbler|hydro flask|flasks?|thermos|matara\\p{L}*|şişe\\p{L}*|termos\\p{L}*|suluk\\p{L}*"),
    inherent: ["bottle"],
  },
  { id: "journal", say: re("journal|journaling|ajanda\\p{L}*"), evidence: re("journal\\p{L}*|planner|notebook|scrapbook\\p{L}*|ajanda\\p{L}*|defter\\p{L}*") },
  { id: "sofa", say: re("sofa|couch|kanepe\\p{L}*|koltuk\\p{L}*"), evidence: re("sofa|couch|kanepe\\p{L}*|koltuk\\p{L}*") },
  { id: "shoulder", say: re("shoulder|omuz\\p{L}*"), evidence: re("shoulder|strap\\p{L}*|crossbody|tote|omuz\\p{L}*|askı\\p{L}*") },
  { id: "book bag", say: re("book bag"), evidence: re("books?|book bag|kitap\\p{L}*") },
  { id: "tree", say: re("tree|ağaç\\p{L}*|çam\\p{L}*"), evidence: re("tree|ağaç\\p{L}*|çam\\p{L}*|christmas|yılbaşı"), inherent: ["ornament"] },
  // ---- Properties a shopper reads as promises
  { id: "layering", say: re("layering|stacking|stackable|kombin\\p{L}*"), evidence: re("layer\\p{L}*|stack\\p{L}*|kombin\\p{L}*") },
  { id: "dainty", say: re("dainty|minimalist|minimal|delicate|zarif\\p{L}*"), evidence: re("dainty|minimalist|minimal|delicate|tiny|small|thin|zarif\\p{L}*|ince|minik|sade") },
  {
    id: "scented",
    say: re("scented|aromatherapy|fragrance|kokulu|aromaterapi"),
    evidence: re("scent\\p{L}*|fragran\\p{L}*|essential oils?|aroma\\p{L}*|lavender|vanilla|koku\\p{L}*|esans\\p{L}*|lavanta"),
  },
  { id: "natural", say: re("natural|doğal"), evidence: re("natural|organic|doğal|organik") },
  { id: "cozy", say: re("cozy|cosy|warm|sıcak\\p{L}*|relaxing"), evidence: re("cozy|cosy|warm\\p{L}*|relax\\p{L}*|sıcak\\p{L}*|rahatlat\\p{L}*") },
  { id: "soft", say: re("soft|cuddly|huggable|gentle|yumuşa[kğ]\\p{L}*"), evidence: re("soft\\p{L}*|cuddl\\p{L}*|plush|gentle|yumuşa[kğ]\\p{L}*") },
  { id: "reusable", say: re("reusable|tekrar kullanılabilir"), evidence: re("reusable|reuse|tekrar kullan\\p{L}*") },
  {
    id: "insulated",
    say: re("insulated|thermal|yalıtımlı|termos"),
    evidence: re("insulated|insulation|vacuum|thermal|double[- ]wall(?:ed)?|keeps? (?:\\p{L}+ ){0,2}(?:cold|hot)|yalıtım\\p{L}*|vakum\\p{L}*|çift cidar\\p{L}*|termos\\p{L}*"),
  },
  { id: "gym", say: re("gym|workout|fitness|spor salonu|antrenman"), evidence: re("gym|workouts?|fitness|training|spor salonu|antrenman\\p{L}*") },
  { id: "beginner", say: re("beginner friendly|beginners?|yeni başlayan\\p{L}*"), evidence: re("beginners?|yeni başlayan\\p{L}*") },
  { id: "rustic", say: re("rustic|rustik|farmhouse"), evidence: re("rustic|rustik|farmhouse|wood\\p{L}*|ahşap|burlap") },
  { id: "plush", say: re("stuffed animal|stuffed|plush|plushie|peluş\\p{L}*"), evidence: re("stuffed|stuffing|plush\\p{L}*|fiberfill|filled|teddy|amigurumi|peluş\\p{L}*|elyaf\\p{L}*|dolgu\\p{L}*") },
  {
    id: "pottery",
    say: re("pottery|ceramics?|seramik\\p{L}*|çömlek\\p{L}*"),
    evidence: re("pottery|ceramics?|stoneware|earthenware|porcelain|clay|terracotta|seramik\\p{L}*|çömlek\\p{L}*|porselen\\p{L}*|kil"),
  },
  // A clay body is a material of its own: a "ceramic" dish may be porcelain or earthenware, so "stoneware" needs the seller's word.
  { id: "stoneware", say: re("stoneware"), evidence: re("stoneware") },
  { id: "productivity", say: re("productivity|organi[sz]ation|verimlilik"), evidence: re("productiv\\p{L}*|organi[sz]\\p{L}*|goals?|habits?|verimli\\p{L}*|hedef\\p{L}*") },
];

/** Every concept's words in one expression: most phrases claim none, and one test tells. */
const ANY_SAY = new RegExp(CONCEPTS.flatMap((c) => [c.say.source, ...(c.sayEn ? [c.sayEn.source] : [])]).join("|"), "u");

/** What a concept says of a product: who it is for, the occasion, the use or place, or a property. */
export type ConceptKind = "audience" | "occasion" | "use" | "property";

const AUDIENCES = new Set(["women", "men", "unisex", "kids", "baby", "mom", "dad", "dog", "puppy", "cat", "pet", "teacher", "friend", "lover", "bridesmaid", "bride", "family"]);
const OCCASIONS = new Set([
  "christmas",
  "birthday",
  "anniversary",
  "wedding",
  "engagement",
  "shower",
  "new baby",
  "gift",
  "housewarming",
  "graduation",
  "easter",
  "halloween",
  "self care",
  "keepsake",
  "promise",
]);
const PROPERTIES = new Set(["layering", "dainty", "scented", "natural", "cozy", "soft", "reusable", "beginner", "rustic", "plush", "pottery", "stoneware", "productivity"]);
const kindOf = (id: string): ConceptKind => (AUDIENCES.has(id) ? "audience" : OCCASIONS.has(id) ? "occasion" : PROPERTIES.has(id) ? "property" : "use");

interface UnsupportedPhrase {
  /** The concept the phrase claims ("women", "kitchen", "christmas"). */
  concept: string;
  /** Who it is for, an occasion, a use or place, or a property. */
  kind: ConceptKind;
  /** The words that make the claim. */
  phrase: string;
}

/** The seller's text folded once per text: writers check many phrases against the same source (a fresh key string per call would be quadratic). */
let lastEvidence: { source: string; extra: string; folded: string; found: Map<string, boolean> } | null = null;
function evidenceOf(source: string, extra: string[]) {
  const joined = extra.join("\n");
  if (lastEvidence?.source !== source || lastEvidence.extra !== joined) lastEvidence = { source, extra: joined, folded: fold(`${source}\n${joined}`), found: new Map() };
  return lastEvidence;
}

/**
 * The audiences, occasions, uses and properties a written phrase claims that the seller's words do
 * not support. `source` is the seller's text (their description and chosen keywords); `extra` holds
 * the fact sheet's values read from it (sizes such as "2-3 yaş"). A concept the product's category
 * always carries (a collar is for a pet, a print hangs on a wall) needs no words.
 */
export function unsupportedPhrases(text: string, source: string, options: { lang?: Lang; category?: CategoryId; extra?: string[] } = {}): UnsupportedPhrase[] {
  const said = claimsIn(text, options.lang !== "tr");
  if (!said.length) return [];
  const evidence = evidenceOf(source, options.extra ?? []);
  // Each concept's words are looked for once per text, however many phrases ask.
  const supports = (c: Concept) => {
    const key = `${c.id}\u0000${options.lang ?? ""}`;
    let hit = evidence.found.get(key);
    if (hit === undefined) {
      hit = c.evidence.test(evidence.folded) || (options.lang !== "tr" && !!c.evidenceEn?.test(evidence.folded));
      evidence.found.set(key, hit);
    }
    return hit;
  };
  const out: UnsupportedPhrase[] = [];
  for (const { c, start, end } of said) {
    if (options.category && c.inherent?.includes(options.category)) continue;
    if (supports(c)) continue;
    out.push({ concept: c.id, kind: kindOf(c.id), phrase: text.slice(start, end) });
  }
  return out;
}

/**
 * The concepts a text claims and where, whatever the seller said: the same short phrases (a category's
 * buyer phrases, tags, title parts) are asked about for listing after listing, so a short text's answer
 * is kept (a bounded cache); the seller's evidence is what changes.
 */
const CLAIMED = new Map<string, { c: Concept; start: number; end: number }[]>();
function claimsIn(text: string, english: boolean): { c: Concept; start: number; end: number }[] {
  const key = `${english ? "en" : "tr"}\u0000${text}`;
  const hit = CLAIMED.get(key);
  if (hit) return hit;
  const said = fold(text);
  const found: { c: Concept; start: number; end: number }[] = [];
  if (ANY_SAY.test(said)) {
    for (const c of CONCEPTS) {
      const m = c.say.exec(said) ?? (english ? c.sayEn?.exec(said) : null);
      if (m) found.push({ c, start: m.index, end: m.index + m[0].length });
    }
  }
  if (text.length <= 200) {
    if (CLAIMED.size >= 4096) CLAIMED.clear();
    CLAIMED.set(key, found);
  }
  return found;
}

// ---- Condition words -----------------------------------------------------------------------------

/** Words that describe wear or damage: true in a description's condition line, never a title keyword or a tag. */
const CONDITION = re(
  "marks?|chips?|chipped|chipping|cracks?|cracked|crazing|dullness|hazing|cloudiness|clouding|seam splits?|split seams?|surface noise|crackles?|dulling|staining|creases?|creased|creasing|bent|crushed|broken|damaged|warped|yellowed|rusted|glued|missing|çentik\\p{L}*|scratch(?:es|ed)?|stains?|stained|fading|faded|wear|worn|holes?|scuffs?|scuffed|dents?|dented|repairs?|repaired|flaws?|flawed|tears?|torn|pilling|discolou?r(?:ation|ed)|hairline|rust|rusty|utensil|brassing|whitening|dings?|nicks?|tarnish(?:ed|ing)?|foxing|yellowing|corrosion|corroded|fraying|frayed|çizik\\p{L}*|leke\\p{L}*|kırı[kğ]\\p{L}*|çatla[kğ]\\p{L}*|aşın\\p{L}*|yıpran\\p{L}*|sol(?:ma|muş|uk)\\p{L}*|deli[kğ]\\p{L}*|hasar\\p{L}*|izler\\p{L}*|izi",
);

/**
 * Words with a wear word in them that speak of no wear: a craft ("stained glass"), a property ("scratch
 * resistant", "stain-proof", "rust colour") or care that keeps wear away ("dry at once to prevent rust").
 */
const NO_WEAR = new RegExp(
  `${B}(?:stained glass|vitray|(?:scratch|stain|rust|fade|wear|crack|chip|tear|tarnish)(?:es)?[- ]?(?:resistant|resistance|proof|free)|(?:prevent|prevents|avoid|against|resists?) (?:rust|stains?|scratch(?:es)?|fading|cracks?|cracking)|(?:drainage|drain|hanging|mounting|pre-?drilled|screw|button|finger|thumb|key) ?holes?|(?:drenaj|su|askı|vida) deli[kğ]\\p{L}*|rust (?:orange|red|brown|colou?r)|(?:çizik|leke|pas|solma)(?:ye|ya)? (?:dayanıklı|tutmaz|yapmaz))${E}`,
  "gu",
);

/** Whether a phrase speaks of wear or damage ("utensil marks inside", "no chips"); "stained glass" and "scratch resistant" do not. */
export const isConditionPhrase = (text: string) => CONDITION.test(fold(text).replace(NO_WEAR, " "));

// ---- Fragment tags -----------------------------------------------------------------------------

/** First halves of compounds that never describe a product alone ("hand" of "hand knit", "el" of "el örgüsü"). */
const BOUND_FIRST = new Set(["hand", "wheel", "full", "top", "rose", "sterling", "stainless", "machine", "dishwasher", "el", "tığ", "şiş", "makine"]);
/** Second halves that never describe a product alone ("thrown" of "wheel thrown", "örgüsü" of "el örgüsü"). */
const BOUND_SECOND =
  /^(?:ayar|karat|carat|made|thrown|painted|stamped|poured|dyed|rolled|carved|crafted|lettered|drawn|printed|sewn|stitched|blown|built|cut|grain|filled|plated|tone|safe|washable|yapımı|örgüsü|örmesi|işi|işlemesi|boyası|boyaması|baskı|baskısı|dikimi|dikişi|dokuması|kesimi|üretimi|tasarımı)$/u;
/** Second halves that bind a first half but describe a product alone too ("knit" of "hand knit": "knit bonnet"). */
const SECOND_ALONE = /^(?:knit|knitted|crochet|crocheted|quilted|woven|embroidered|beaded|silver|steel|gold|örgü)$/u;
/** Things named with two words, neither of which names it alone: a tag keeps both or neither. */
export const NAMED_PAIRS: [string, string][] = [
  ["granny", "square"],
  ["cross", "stitch"],
  ["tie", "dye"],
  ["pit", "pit"],
  ["power", "bank"],
  // A lab's diamond and a chain's cut are said whole: never "grown diamond ring", nor "diamond chain" of a "diamond cut
  // rope chain" (decision 0091).
  ["lab", "grown"],
  ["diamond", "cut"],
  // Turkish: "yukarıdan aşağı" (top-down), "yaş arası" (between ages) are said whole.
  ["yukarıdan", "aşağı"],
  // "el dövmesi" (hand-hammered): never "dövmesi sahan" or "el sahan".
  ["el", "dövmesi"],
];
/** Substances a material word may stand before and still be the product's material ("cotton yarn", "merinos yün"). */
const SUBSTANCE = /^(?:yarn|thread|fabric|cord|fibre|fiber|blend|mix|wool|cotton|silk|ip|ipi|iplik|ipliği|kumaş|kumaşı|yün|yünü|karışım|rengi|renkli|tonu|tonlarında)$/u;
const STOP = new Set("a an the and or but for of with without in on at to from by as into ve ile için bir bu da de veya gibi olarak".split(" "));

const WORD = /[\p{L}\p{N}]+(?:['’-][\p{L}\p{N}]+)*/gu;
const wordsOf = (text: string): string[] => fold(text).match(WORD) ?? [];

interface SourceWords {
  source: string;
  text: string;
  runs: string[][];
  /** First halves bound to a second half somewhere in the text. */
  boundFirst: Set<string>;
  /** Second halves bound to a first half somewhere in the text. */
  boundSecond: Set<string>;
  /** The two-word names (NAMED_PAIRS) the text holds. */
  pairs: [string, string][];
}
let lastSource: SourceWords | null = null;

/** The seller's text as runs of content words (cut at punctuation and small words), read once per text. */
function sourceWords(source: string): SourceWords {
  if (lastSource?.source === source) return lastSource;
  const runs: string[][] = [];
  for (const clause of fold(source).split(/[.,;:!?()[\]{}"\n/&+|•]+|\s[-–—]\s/u)) {
    let run: string[] = [];
    for (const w of clause.match(WORD) ?? []) {
      if (STOP.has(w)) {
        if (run.length) runs.push(run);
        run = [];
      } else run.push(w);
    }
    if (run.length) runs.push(run);
  }
  const boundFirst = new Set<string>();
  const boundSecond = new Set<string>();
  for (const run of runs)
    for (let i = 0; i + 1 < run.length; i++)
      if ((BOUND_FIRST.has(run[i]) || /^\d+$/.test(run[i])) && (BOUND_SECOND.test(run[i + 1]) || SECOND_ALONE.test(run[i + 1]))) {
        if (!/^\d/.test(run[i])) boundFirst.add(run[i]);
        boundSecond.add(run[i + 1]);
      }
  const text = ` ${wordsOf(source).join(" ")} `;
  // The two-word names the text holds, read once (a tag is checked against them, linear in the text).
  const pairs = NAMED_PAIRS.filter(([first, second]) => text.includes(` ${first} ${second} `));
  lastSource = { source, text, runs, boundFirst, boundSecond, pairs };
  return lastSource;
}

/** Same word up to a suffix or a softened last consonant ("hırka"/"hırkası", "yatak"/"yatağı", "bowl"/"bowls"). */
function sameStem(a: string, b: string): boolean {
  const n = Math.max(3, Math.min(a.length, b.length) - 1);
  // A suffix apart at most ("hırka"/"hırkası", "bowl"/"bowls"): "key" of "key ring" is no "keychain".
  return a.length >= 3 && b.length >= 3 && Math.abs(a.length - b.length) <= 4 && a.slice(0, n) === b.slice(0, n);
}

/**
 * Whether a tag is a fragment cut from inside the seller's noun phrases: a compound's half on its
 * own ("el hırka", "örgüsü hırka", "grain wallet", "thrown bowl"), or a material taken from another
 * thing of the product ("brass collar" from "solid brass buckle", "ahşap hırka" from "ahşap
 * düğmeli"); a compound's half is a fragment even where the text has it ("painted silk scarf" is cut
 * from "hand painted silk scarf"). `materials` lists the material words the reader knows; `productHead` is the product's
 * noun ("gold jewelry" is the hoops' gold when the text says "gold hoops").
 */
export function isFragmentTag(tag: string, source: string, materials: readonly string[], productHead = ""): boolean {
  const t = wordsOf(tag);
  if (t.length < 2) return false;
  const s = sourceWords(source);
  for (let i = 0; i < t.length; i++) {
    const w = t[i];
    // "el" without "örgüsü", "hand" without "knit".
    if (s.boundFirst.has(w) && !(i + 1 < t.length && (BOUND_SECOND.test(t[i + 1]) || SECOND_ALONE.test(t[i + 1])))) return true;
    // "örgüsü" or "thrown" without "el" or "wheel".
    if (s.boundSecond.has(w) && BOUND_SECOND.test(w) && !(i > 0 && (BOUND_FIRST.has(t[i - 1]) || /^\d+$/.test(t[i - 1])))) return true;
  }
  // A named thing of two words cut in half ("square cardigan" of "granny square cardigan", "stitch pattern" of "cross stitch pattern").
  for (const [first, second] of s.pairs) if (t.some((w, i) => (w === second && t[i - 1] !== first) || (w === first && t[i + 1] !== second))) return true;
  // A word that only joins ("pages plus a yearly overview", "a or b"), or a tag that names only a kind of file or choice ("start versions").
  if (
    // A tag never opens on a determiner ("each glaze bowl" of "each glaze pattern").
    /^(?:each|every|some|any|this|that|these|those|bazı|tüm|bütün)$/u.test(t[0]) ||
    /^(?:plus|versus|vs|via|per)$/u.test(t[t.length - 1]) ||
    /^(?:versions?|options?|variants?|variations?|choices?|seçeneği|seçenekleri|seçenek|farklılıklar|farklılık)$/u.test(t[t.length - 1])
  )
    return true;
  if (s.text.includes(` ${t.join(" ")} `)) return false;
  // A material that belongs to another noun of the seller's text.
  const head = t[t.length - 1];
  const product = fold(productHead).split(" ").pop() ?? "";
  for (let i = 0; i < t.length - 1; i++) {
    const m = t[i];
    if (!materials.includes(m)) continue;
    const uses = s.runs.flatMap((run) => run.flatMap((w, at) => (w === m ? [{ run, at }] : [])));
    if (!uses.length) continue;
    const own = uses.some(({ run, at }) => {
      const next = run[at + 1];
      if (next === undefined || /^\d/.test(next) || SUBSTANCE.test(next) || materials.includes(next) || t.includes(next)) return true;
      return run.slice(at + 1).some((w) => sameStem(w, head) || (product !== "" && sameStem(w, product)));
    });
    if (!own) return true;
  }
  return false;
}
