/**
 * What a product name says about the product, as far as keyword ideas need it (issue #26): its head
 * noun (and true synonyms), its craft, its form (a finished item, a pattern, a digital file, a kit),
 * its material, who it is for, and the language it is written in. The offline sample engine builds its
 * ideas on this, and the same profile filters the ideas a live provider returns, so both follow one
 * set of rules: every idea names the product, keeps its craft and its form, and takes only modifiers
 * that fit its kind.
 *
 * A small, hand-written extractor (no listing fact sheet is available to keyword research yet): it
 * reads the name only. Unknown words are kept as they are: the last word that is neither a craft nor a
 * form word is taken for the head noun.
 */
import type { Category } from "../../../schema/api/keywords";
import { BRANDS, isFirstName } from "../../../shared/facts/extract";
import { namesDigitalDevice } from "../../../shared/listings/digital";

type ProductForm = "physical" | "pattern" | "digital" | "kit";
type ProductLanguage = "en" | "tr";
/** Who the product is for, when its name says so. */
type Audience = "pet" | "baby" | "kids" | "men" | "women" | null;

export interface ProductProfile {
  language: ProductLanguage;
  /** The name's words, normalised, stop words removed. */
  words: string[];
  /** The product noun as written ("bunny", "dog collar" is head "collar" with "dog" a fact). */
  head: string;
  /** The head and its true synonyms, the head first. */
  heads: string[];
  /** Descriptive words of the name between craft and head ("moon", "friendship", "dog"), in order. */
  facts: string[];
  /** The craft as written ("crochet", "cross stitch", "örgü") and its synonyms, or none. */
  crafts: string[];
  form: ProductForm;
  /** The form word as written ("pattern", "tarifi", "pdf", "template", "kit"), or null for a finished item. */
  formWord: string | null;
  /** Materials the name names ("leather", "sterling silver"). */
  materials: string[];
  audience: Audience;
  /** A fact every idea keeps: the subject of a generic head ("octopus" of "crochet octopus toy"), or the word a Turkish possessive head belongs to ("köpek" of "köpek tasması"). */
  anchor: string | null;
  /** Fibre and textile crafts (crochet, knitting, macrame, cross stitch...): no hard materials fit them. */
  fibreCraft: boolean;
  /** The brand the product is sold under ("sony", "paşabahçe"), not one it only fits ("apple" of an Apple Watch band). */
  brand: string | null;
  /** The model, whole ("wh-1000xm5", "ae-1", "air max 90", "galaxy s23"): an idea has all of it or none. */
  model: string | null;
  /** Made in a factory (a brand's product, a device): no maker's claim, handmade style, material or occasion fits it. */
  factory: boolean;
  /** The name says the product is old or used (vintage, antique, retro, used): "new" does not fit it, and only these ages do. */
  aged: string[];
}

const STOP = new Set(["a", "an", "and", "the", "for", "with", "of", "in", "on", "to", "my", "your", "by", "from", "ve", "ile", "için", "bir"]);

/** Craft phrases, longest first, with the synonyms a buyer uses for the same craft. */
const CRAFTS: { words: string; synonyms: string[]; fibre: boolean }[] = [
  { words: "cross stitch", synonyms: ["cross stitch"], fibre: true },
  { words: "hand knit", synonyms: ["hand knit", "knitted"], fibre: true },
  { words: "hand knitted", synonyms: ["hand knitted", "knitted"], fibre: true },
  { words: "el örgüsü", synonyms: ["el örgüsü", "örgü"], fibre: true },
  { words: "tığ işi", synonyms: ["tığ işi", "örgü"], fibre: true },
  { words: "crochet", synonyms: ["crochet"], fibre: true },
  { words: "crocheted", synonyms: ["crochet"], fibre: true },
  { words: "knitting", synonyms: ["knitting"], fibre: true },
  { words: "knitted", synonyms: ["knitted", "hand knit"], fibre: true },
  { words: "knit", synonyms: ["knit", "knitted"], fibre: true },
  { words: "amigurumi", synonyms: ["amigurumi"], fibre: true },
  { words: "macrame", synonyms: ["macrame"], fibre: true },
  { words: "embroidery", synonyms: ["embroidery"], fibre: true },
  { words: "needlepoint", synonyms: ["needlepoint"], fibre: true },
  { words: "quilt", synonyms: ["quilt"], fibre: true },
  { words: "örgü", synonyms: ["örgü", "el örgüsü"], fibre: true },
  { words: "makrome", synonyms: ["makrome"], fibre: true },
  { words: "kanaviçe", synonyms: ["kanaviçe"], fibre: true },
  { words: "nakış", synonyms: ["nakış"], fibre: true },
];

/** Things a crochet or knitted toy is made as: with a crochet craft these are amigurumi. */
const TOY_SUBJECTS = new Set(
  "bunny rabbit bear teddy octopus cat kitten dog puppy elephant whale doll unicorn dinosaur dino fox owl turtle frog mouse lamb sheep giraffe lion monkey penguin duck bee toy toys plush tavşan ayı ahtapot kedi köpek fil balina unicorn dinozor tilki baykuş kaplumbağa kurbağa fare kuzu zürafa aslan maymun penguen ördek oyuncak".split(
    " ",
  ),
);

/** Occasions a product can be made for, as a word of its name. */
export const OCCASION_WORDS = new Set([
  "wedding",
  "christmas",
  "birthday",
  "halloween",
  "easter",
  "valentines",
  "valentine",
  "anniversary",
  "graduation",
  "bridesmaid",
  "baptism",
  "düğün",
  "yılbaşı",
  "nişan",
  "doğum",
  "bayram",
  "kına",
  "mezuniyet",
]);

/** Heads that say little on their own: the word before them names the product. */
const GENERIC_HEADS = new Set(["toy", "toys", "plush", "gift", "gifts", "decor", "oyuncak", "hediye", "süs"]);

const PATTERN_WORDS = new Set(["pattern", "patterns", "tutorial", "chart", "tarifi", "tarif", "deseni", "desen", "şeması", "şema"]);
const DIGITAL_WORDS = new Set(["pdf", "printable", "digital", "download", "svg", "png", "template", "editable", "dijital", "yazdırılabilir", "indirilebilir", "şablon", "şablonu"]);
const KIT_WORDS = new Set(["kit", "kiti"]);

/** Materials, longest first; a name that names one is never offered another. */
export const MATERIAL_WORDS = [
  "diamond",
  "moissanite",
  "sterling silver",
  "rose gold",
  "gold filled",
  "vegan leather",
  "soy wax",
  "coconut wax",
  "cast iron",
  "stainless steel",
  "carbon steel",
  "olive wood",
  "paslanmaz çelik",
  "polymer clay",
  "925 ayar gümüş",
  "hakiki deri",
  "gold",
  "silver",
  "leather",
  "ceramic",
  "porcelain",
  "stoneware",
  "wooden",
  "wood",
  "glass",
  "cotton",
  "wool",
  "merino",
  "linen",
  "brass",
  "copper",
  "resin",
  "vinyl",
  "clay",
  "canvas",
  "silk",
  "velvet",
  "denim",
  "felt",
  "pearl",
  "concrete",
  "marble",
  "rattan",
  "bamboo",
  "altın",
  "gümüş",
  "deri",
  "seramik",
  "porselen",
  "ahşap",
  "cam",
  "pamuk",
  "pamuklu",
  "yün",
  "keten",
  "ipek",
  "hasır",
  "bakır",
  "pirinç",
  "boncuk",
  "soya",
  "soy",
  "beeswax",
  "enamel",
  "aluminium",
  "aluminum",
  "titanium",
  "acrylic",
  "jute",
  "cork",
  "teak",
  "oak",
  "walnut",
  "döküm",
];

/** True synonyms of head nouns, both ways: a buyer typing either means the same product. */
const SYNONYM_GROUPS: string[][] = [
  ["bunny", "rabbit"],
  ["mug", "cup"],
  ["tshirt", "tee", "t shirt"],
  ["sweater", "jumper", "pullover"],
  ["hoodie", "hooded sweatshirt"],
  ["invitation", "invite"],
  ["onesie", "bodysuit"],
  ["tote", "tote bag"],
  ["wall hanging", "tapestry"],
  ["candle holder", "candlestick holder"],
  ["pillow cover", "cushion cover"],
  ["earrings", "earring"],
  ["kupa", "bardak"],
  ["tablo", "resim"],
  ["duvar süsü", "duvar askısı"],
];

/** Two-word product nouns, so "tote bag" is the head and not "bag" with a fact "tote". */
const COMPOUNDS = new Set([
  "wall art",
  "wall hanging",
  "tote bag",
  "dryer balls",
  "candle holder",
  "pillow cover",
  "cushion cover",
  "cutting board",
  "bucket hat",
  "sticker sheet",
  "phone case",
  "key chain",
  "duvar süsü",
  "duvar askısı",
  "kesme tahtası",
  "sunum tahtası",
  "anahtarlık",
]);

const TURKISH_LETTERS = /[çğışöü]/;
const TURKISH_WORDS = new Set(
  "kupa bardak kolye yüzük küpe bileklik tasma tasması cüzdan çanta mum yastık tablo resim poster battaniye battaniyesi kazak elbise tişört şapka bere atkı anahtarlık vazo saksı halı kilim tahta tahtası takı örgü tarifi deseni seramik gümüş altın deri ahşap keten hasır soya dijital boncuk kedi köpek tavşan makrome kanaviçe amigurumi".split(
    " ",
  ),
);

/** Products worn by women: no men's audience fits them. */
const WOMENS_HEADS = new Set(["dress", "skirt", "bra", "blouse", "elbise", "etek", "bluz"]);

const AUDIENCE_WORDS: Record<string, Exclude<Audience, null>> = {
  dog: "pet",
  dogs: "pet",
  puppy: "pet",
  cat: "pet",
  cats: "pet",
  kitten: "pet",
  pet: "pet",
  köpek: "pet",
  kedi: "pet",
  baby: "baby",
  newborn: "baby",
  infant: "baby",
  bebek: "baby",
  kids: "kids",
  kid: "kids",
  child: "kids",
  children: "kids",
  toddler: "kids",
  çocuk: "kids",
  men: "men",
  mens: "men",
  man: "men",
  him: "men",
  erkek: "men",
  women: "women",
  womens: "women",
  woman: "women",
  her: "women",
  kadın: "women",
};

/** Two-word descriptions that are one fact ("el yapımı" is "handmade", not "el" and "yapımı"). */
// (A soap's ingredient of two words is one: "goat milk soap", never "goat soap" or "milk soap"; decision 0091.)
const FACT_PHRASES = new Set([
  "usb c",
  "el yapımı",
  "yağlı boya",
  "kişiye özel",
  "el boyaması",
  "doğal taş",
  "hand made",
  "hand painted",
  "best friend",
  "mid century",
  "goat milk",
  "shea butter",
  "olive oil",
  "tea tree",
  "sea salt",
  "cold process",
]);

function joinPhrases(list: string[]): string[] {
  const out: string[] = [];
  for (let i = 0; i < list.length; i++) {
    const pair = `${list[i]} ${list[i + 1] ?? ""}`;
    // (A person's name is one fact: "michael jordan", never "michael photo"; decision 0091.)
    if (FACT_PHRASES.has(pair) || (list[i + 1] !== undefined && isFirstName(list[i]))) {
      out.push(pair);
      i++;
    } else out.push(list[i]);
  }
  return out;
}

/** Lower case (Turkish-aware), letters and digits only (a model keeps its hyphen: "wh-1000xm5"), single spaces. */
function normalise(text: string, language: ProductLanguage): string {
  const lowered = language === "tr" ? text.normalize("NFKC").toLocaleLowerCase("tr") : text.normalize("NFKC").toLowerCase();
  // (A lab's diamond is "lab-grown", one word: never "lab ring" or "grown ring"; decision 0091.)
  return withModelHyphens(lowered.replace(/['’]/g, "").replace(/(?<![\p{L}])lab[- ]grown(?![\p{L}])/gu, `lab${KEPT_HYPHEN}grown`));
}

const HYPHENATED = /[\p{L}\p{N}]+(?:-[\p{L}\p{N}]+)+/gu;
const KEPT_HYPHEN = "\u2011";
/** A model's hyphen: a name that starts with letters and has a digit after a hyphen ("ae-1", "wh-1000xm5", "sx-70"); "3-piece", "t-shirt", "2-in-1" are words. */
const isModelToken = (token: string) => /^\p{L}/u.test(token) && /-[\p{L}\p{N}]*\d/u.test(token);

/** Letters and digits only, single spaces; a model's hyphens stay ("Canon AE-1!" -> "canon ae-1"). */
export function withModelHyphens(text: string): string {
  return text
    .replace(HYPHENATED, (token) => (isModelToken(token) ? token.replaceAll("-", KEPT_HYPHEN) : token))
    .replace(/[^\p{L}\p{N}\u2011]+/gu, " ")
    .trim()
    .replace(/\s+/g, " ")
    .replaceAll(KEPT_HYPHEN, "-");
}

/** The language of a product: Turkish for a Turkish search or a name in Turkish, else English. */
function productLanguage(name: string, country?: string): ProductLanguage {
  if (country === "TR") return "tr";
  const words = name
    .normalize("NFKC")
    .toLocaleLowerCase("tr")
    .split(/[^\p{L}\p{N}]+/u);
  if (words.some((w) => TURKISH_LETTERS.test(w))) return "tr";
  // (A Turkish word English has taken, "kilim", in a search of another country is English: "turkish kilim rug" for the
  // US; decision 0091.)
  const turkish = words.filter((w) => TURKISH_WORDS.has(w)).length;
  const content = words.filter(Boolean).length;
  return turkish > 0 && (!country || turkish * 2 > content) ? "tr" : "en";
}

function synonymsOf(head: string): string[] {
  const group = SYNONYM_GROUPS.find((g) => g.includes(head));
  return group ? [head, ...group.filter((x) => x !== head)] : [head];
}

const BRAND_NAMES = BRANDS.map((b) => withModelHyphens(b.normalize("NFKC").toLocaleLowerCase("tr").replace(/['’]/g, ""))).sort((a, b) => b.length - a.length);
/** Devices a brand makes that accessories are made for: "apple watch band", "samsung galaxy s23 kılıf" are for the device, not the brand's own. */
const DEVICE_LINES = new Set(["watch", "iphone", "ipad", "airpods", "macbook", "galaxy", "pixel", "kindle", "switch", "playstation", "xbox", "ps5", "ps4"]);
/** Nouns of things made in factories: a name ending in one, with no craft or material, is a manufactured product. */
const FACTORY_HEADS = new Set(
  "headphones earbuds earphones speaker speakers camera cameras lens charger cable adapter mixer blender kettle toaster airfryer fryer drill saw vacuum printer laptop phone tablet monitor keyboard mouse router console controller watch smartwatch scale tumbler thermos makinesi makine tartı tartısı kulaklık şarj cihazı süpürge".split(
    " ",
  ),
);
/** A size, power or capacity, not a model ("65w", "40oz", "500ml", "3d"). */
const SPEC_TOKEN = /^\d+(?:[.,]\d+)?(?:w|v|mah|gb|tb|mb|oz|ml|l|lt|cm|mm|m|in|inch|kg|g|gr|lb|lbs|gsm|mp|hz|k|d|x|p)$/;
const UNIT_WORD = /^(?:w|v|mah|gb|tb|oz|ml|l|lt|cm|mm|m|in|inch|inches|kg|g|gr|lb|lbs|litre|liter|litres|liters|watt|watts)$/;
const modelish = (w: string) => !SPEC_TOKEN.test(w) && ((/\p{L}/u.test(w) && /\d/.test(w)) || isModelToken(w));
/** The two-word ones ("şarj cihazı"), read in the name as a phrase. */
const FACTORY_PHRASES = [...FACTORY_HEADS].filter((h) => h.includes(" "));
/** Ages a product can have: its name's say which fit it ("vintage canon camera"), and none fits a product its name gives none. */
export const AGE_WORDS = ["vintage", "antique", "retro", "antika", "eski"];
/** What the name says of its condition besides its age ("used", "ikinci el"): "new" fits none of these either. */
const USED_WORDS = ["used", "ikinci el"];
/** What only a maker can promise ("handmade", "kişiye özel"): a name that says one is no factory's product, and no idea gives one to a factory's. */
const MAKER_WORDS = ["handmade", "handcrafted", "hand made", "hand painted", "custom", "customized", "personalized", "personalised", "el yapımı", "kişiye özel", "isme özel", "isimli"];

/** The brand the name starts its product with, and whether it is only what the product fits (a device line follows it). */
function brandOf(full: string, words: string[]): { brand: string | null; fits: string | null } {
  const brand = BRAND_NAMES.find((b) => full.includes(` ${b} `)) ?? null;
  if (!brand) {
    const device = words.findIndex((w) => DEVICE_LINES.has(w) && w !== "watch" && w !== "switch");
    return { brand: null, fits: device >= 0 ? words[device] : null };
  }
  const after = words[words.indexOf(brand.split(" ").at(-1) as string) + 1];
  return after && DEVICE_LINES.has(after) ? { brand: null, fits: `${brand} ${after}` } : { brand, fits: null };
}

/** The model: the run after the brand (or the device it fits) up to its last model-like word ("wh-1000xm5", "galaxy s23", "air max 90" when nothing follows), or a lone model-like word. */
function modelOf(rest: string[], lead: string | null, headless: boolean): string | null {
  const start = lead ? rest.indexOf(lead.split(" ").at(-1) as string) + 1 : -1;
  if (start > 0) {
    const run = rest.slice(start);
    let last = -1;
    run.forEach((w, i) => {
      if (modelish(w) || (/^\d+$/.test(w) && (i === 0 || last === i - 1 || headless) && !UNIT_WORD.test(run[i + 1] ?? ""))) last = i;
    });
    // "nike air max 90": nothing after the model, the model is the product's name.
    if (last >= 0 && (headless ? last === run.length - 1 : true)) return run.slice(0, last + 1).join(" ");
  }
  return rest.find(modelish) ?? null;
}

/** Reads a product name; `category` is the seller's choice (unused for now beyond the caller's lexicon). */
export function productProfile(name: string, options: { country?: string; category?: Category | null } = {}): ProductProfile {
  const language = productLanguage(name, options.country);
  const full = ` ${normalise(name, language)} `;
  const words = full
    .trim()
    .split(" ")
    .filter((w) => w && !STOP.has(w));
  // "cat collar with bell", "wallet for men": the product is named before "with" / "for".
  const cut = [" with ", " for "].map((w) => full.indexOf(w)).filter((i) => i > 0);
  let text = cut.length > 0 ? `${full.slice(0, Math.min(...cut))} ` : full;

  // The craft: first craft phrase in the name.
  const craft = CRAFTS.find((c) => text.includes(` ${c.words} `));
  let crafts = craft ? [...craft.synonyms] : [];
  if (craft) text = text.replace(` ${craft.words} `, " ");

  // Materials, longest first, each taken out of the text.
  const materials: string[] = [];
  for (const m of MATERIAL_WORDS) {
    if (text.includes(` ${m} `)) {
      materials.push(m);
      text = text.replace(` ${m} `, " ");
    }
  }

  let rest = text
    .trim()
    .split(" ")
    .filter((w) => w && !STOP.has(w));
  // The form: a pattern word wins over a digital one ("crochet pattern pdf" is a pattern).
  let form: ProductForm = "physical";
  let formWord: string | null = null;
  const patternWord = rest.find((w) => PATTERN_WORDS.has(w));
  // "digital kitchen scale", "dijital saat": a device is shipped, not a file.
  const digitalWord = rest.find((w, i) => DIGITAL_WORDS.has(w) && !((w === "digital" || w === "dijital") && namesDigitalDevice(rest.slice(i + 1).join(" "))));
  const kitWord = rest.find((w) => KIT_WORDS.has(w));
  if (patternWord) [form, formWord] = ["pattern", patternWord];
  else if (digitalWord) [form, formWord] = ["digital", digitalWord];
  else if (kitWord) [form, formWord] = ["kit", kitWord];
  // A form word that is the only noun left is the head itself ("knitting kit", "wedding template").
  const nouns = rest.filter((w) => !PATTERN_WORDS.has(w) && !DIGITAL_WORDS.has(w));
  if (formWord && nouns.length > 0) rest = nouns;

  // A size at the end is no product ("stanley tumbler 40 oz"): it is kept as a fact.
  let measure: string | null = null;
  if (rest.length >= 2 && (SPEC_TOKEN.test(rest.at(-1) as string) || (UNIT_WORD.test(rest.at(-1) as string) && /^\d+(?:[.,]\d+)?$/.test(rest.at(-2) as string)))) {
    const size = SPEC_TOKEN.test(rest.at(-1) as string) ? 1 : 2;
    measure = rest.slice(-size).join(" ");
    rest = rest.slice(0, -size);
  }
  // The brand, the device an accessory fits ("apple watch"), and the model, kept whole.
  const { brand, fits } = brandOf(full, words);
  const lead = brand ?? fits;
  const leadWords = lead ? lead.split(" ") : [];
  let model: string | null = null;
  let headless = false;
  if (lead || rest.some(modelish)) {
    const whole = modelOf(rest, lead, true);
    headless = whole !== null && lead !== null && rest.at(-1) === whole.split(" ").at(-1) && !FACTORY_HEADS.has(rest.at(-1) as string);
    model = headless ? whole : modelOf(rest, lead, false);
  }
  const modelWords = model ? model.split(" ") : [];
  if (lead || model) rest = rest.filter((w) => !leadWords.includes(w) && !modelWords.includes(w));

  let head = headless && model ? model : (rest.at(-1) ?? model ?? craft?.words ?? words.at(-1) ?? "");
  const lastTwo = rest.slice(-2).join(" ");
  if (!headless && rest.length >= 2 && COMPOUNDS.has(lastTwo)) head = lastTwo;
  const headWords = headless ? 0 : head.split(" ").length;
  const facts = joinPhrases(rest.slice(0, Math.max(0, rest.length - headWords)));
  if (measure) facts.push(measure);
  // The form word is the head itself ("crochet pattern", "knitting kit", "wedding template"): no second one.
  if (head === formWord) formWord = null;

  // A crochet or knitted toy is amigurumi to its buyers.
  const subject = [head, ...facts];
  if (craft && ["crochet", "crocheted", "tığ işi", "örgü", "amigurumi"].includes(craft.words) && subject.some((w) => TOY_SUBJECTS.has(w))) {
    crafts = [...new Set([...crafts, language === "tr" ? "amigurumi" : "amigurumi"])];
    if (craft.words === "amigurumi") crafts.push(language === "tr" ? "örgü" : "crochet");
  }

  const isPossessive = (w: string) => language === "tr" && /(s[ıiuü]|[^aeıioöuü][ıiuü])$/.test(w) && !w.includes(" ");
  const possessive = isPossessive(head);
  const audience = words.map((w) => AUDIENCE_WORDS[w]).find(Boolean) ?? (WOMENS_HEADS.has(head) ? "women" : null);
  // A pet's product keeps its animal: "dog collar", never a bare "collar" (a shirt has one too).
  const pet = audience === "pet" ? facts.find((f) => AUDIENCE_WORDS[f] === "pet") : undefined;
  // An occasion the product is made for stays too: a "wedding invitation" is not a Christmas one.
  const occasion = facts.find((f) => OCCASION_WORDS.has(f));
  // A Turkish possessive chain stays whole: "türk kahvesi makinesi", "çay bardağı seti" (never "kahvesi makinesi").
  const owner = facts.at(-1);
  const chain = owner && isPossessive(owner) && facts.length >= 2 && facts.at(-2) !== measure ? `${facts.at(-2)} ${owner}` : owner;
  let anchor = facts.length > 0 && (GENERIC_HEADS.has(head) || possessive) ? (chain ?? null) : (pet ?? occasion ?? null);
  // An accessory keeps what it fits, and a model that is not the name itself stays with its noun.
  const fitted = fits ? [fits, ...(model && !headless ? [model] : [])].join(" ") : null;
  if (fitted) anchor = fitted;
  else if (model && !headless && !brand) anchor = model;
  const anchorWords = anchor ? anchor.split(" ") : [];
  const factsLeft = facts.filter((f) => f === anchor || !anchorWords.includes(f));
  const said = (list: readonly string[]) => list.filter((w) => full.includes(` ${w} `));
  const handmade = craft !== undefined || said(MAKER_WORDS).length > 0;
  const factory = !handmade && form === "physical" && !fits && (brand !== null || (materials.length === 0 && (FACTORY_HEADS.has(head) || said(FACTORY_PHRASES).length > 0)));
  return {
    language,
    words,
    head,
    heads: headless ? [head] : synonymsOf(head),
    facts: factsLeft,
    crafts: [...new Set(crafts)],
    form,
    formWord,
    materials,
    audience,
    anchor,
    fibreCraft: craft?.fibre ?? false,
    brand,
    model,
    factory,
    aged: said([...AGE_WORDS, ...USED_WORDS]),
  };
}

// ---- Relevance: the rules every idea follows, offline or from a provider ----

const HUMAN_WORDS = [
  "her",
  "him",
  "women",
  "woman",
  "men",
  "man",
  "mom",
  "dad",
  "girlfriend",
  "boyfriend",
  "wife",
  "husband",
  "sister",
  "kids",
  "teens",
  "toddler",
  "adults",
  "kadın",
  "erkek",
  "anneye",
  "babaya",
  "sevgiliye",
];
const ADULT_WORDS = ["her", "him", "women", "woman", "men", "man", "girlfriend", "boyfriend", "wife", "husband", "sister", "teens", "adults", "kadın", "erkek", "sevgiliye"];
const WOMEN_WORDS = ["her", "women", "woman", "womens", "girlfriend", "wife", "mom", "sister", "ladies", "kadın", "anneye", "kız"];
const MEN_WORDS = ["him", "men", "mens", "man", "boyfriend", "husband", "dad", "erkek", "babaya"];
const PATTERN_IDEA_WORDS = [...PATTERN_WORDS, "desenleri", "tarifleri"];
const DIGITAL_IDEA_WORDS = [...DIGITAL_WORDS, ...PATTERN_IDEA_WORDS, "downloadable", "printables", "templates", "instant"];
const MAKER_IDEA_WORDS = ["kit", "kits", "kiti", "diy"];
const HARD_MATERIALS = [
  "resin",
  "vinyl",
  "polymer",
  "clay",
  "wood",
  "wooden",
  "glass",
  "paper",
  "concrete",
  "marble",
  "brass",
  "metal",
  "ceramic",
  "gold",
  "silver",
  "sterling",
  "leather",
  "reçine",
  "ahşap",
  "cam",
  "seramik",
  "kağıt",
  "altın",
  "gümüş",
  "deri",
];
/** The styles of handmade goods: none fits a brand's product. */
const HANDMADE_STYLE_WORDS = ["boho", "rustic", "rustik", "farmhouse", "cottagecore", "cute", "dainty", "unique", "whimsical", "kawaii", "macrame", "funny", "matching", "monogram", "dekoratif"];
/** Words that say someone wants the thing for free or how to make it: not a buyer's search. */
const NON_BUYER = ["free", "ücretsiz", "bedava", "youtube", "video", "how", "nasıl", "near", "me"];

function tokenMatches(token: string, term: string, language: ProductLanguage) {
  if (token === term || token === `${term}s` || token === `${term}es` || `${token}s` === term) return true;
  return language === "tr" && term.length >= 3 && token.startsWith(term.slice(0, Math.max(3, term.length - 2))) && token.length <= term.length + 5;
}

function contains(words: readonly string[], term: string, language: ProductLanguage) {
  const parts = term.split(" ");
  for (let i = 0; i + parts.length <= words.length; i++) if (parts.every((p, j) => tokenMatches(words[i + j], p, language))) return true;
  return false;
}

/**
 * Why an idea does not fit the product, or an empty list when it does: it must name the product (its head
 * or a true synonym), keep its craft and its form, and add no word that contradicts its kind (another
 * material, a hard material on a fibre craft, a person on a pet product, an adult on a baby's, the other
 * sex, English words on a Turkish product, "free" or "how to").
 */
export function ideaMisfits(profile: ProductProfile, idea: string, englishWords: ReadonlySet<string>): string[] {
  const lang = profile.language;
  const words = normalise(idea, lang).split(" ").filter(Boolean);
  const named = (term: string) => contains(profile.words, term, lang) || profile.facts.includes(term) || profile.materials.includes(term);
  const added = (list: readonly string[]) => list.filter((w) => contains(words, w, lang) && !named(w));
  const out: string[] = [];
  if (!profile.heads.some((h) => contains(words, h, lang))) out.push("does not name the product");
  if (profile.crafts.length > 0 && !profile.crafts.some((c) => contains(words, c, lang))) out.push("drops the craft");
  if (profile.anchor && !contains(words, profile.anchor, lang)) out.push("drops what the product is");
  const has = (list: readonly string[]) => list.some((w) => contains(words, w, lang));
  if (profile.form === "pattern" && (!has(PATTERN_IDEA_WORDS) || has(MAKER_IDEA_WORDS))) out.push("not a pattern");
  if (profile.form === "digital" && (!has(DIGITAL_IDEA_WORDS) || has(["framed", "canvas", ...MAKER_IDEA_WORDS]))) out.push("not digital");
  if (profile.form === "physical" && added([...DIGITAL_IDEA_WORDS, ...MAKER_IDEA_WORDS]).length > 0) out.push("not a finished item");
  if (profile.form === "kit" && added(DIGITAL_IDEA_WORDS).length > 0) out.push("not a kit");
  if (profile.materials.length > 0 && added(MATERIAL_WORDS.filter((m) => !m.includes(" "))).length > 0) out.push("another material");
  if (profile.fibreCraft && added(HARD_MATERIALS).length > 0) out.push("a material the craft does not use");
  if (profile.audience === "pet" && added(HUMAN_WORDS).length > 0) out.push("a person on a pet product");
  if (profile.audience === "baby" && added(ADULT_WORDS).length > 0) out.push("an adult on a baby product");
  if (profile.audience === "men" && added(WOMEN_WORDS).length > 0) out.push("women on a men's product");
  if (profile.audience === "women" && added(MEN_WORDS).length > 0) out.push("men on a women's product");
  if (lang === "tr" && words.some((w) => englishWords.has(w) && !profile.words.includes(w))) out.push("English words on a Turkish product");
  if (profile.factory) {
    if (added(MAKER_WORDS).length > 0) out.push("a maker's claim on a factory-made product");
    if (added(HANDMADE_STYLE_WORDS).length > 0) out.push("a handmade style on a factory-made product");
    if (added(MATERIAL_WORDS).length > 0) out.push("a material its name does not say");
    if (added([...OCCASION_WORDS]).length > 0 && !has(["gift", "gifts", "hediye", "hediyelik"])) out.push("an occasion on a factory-made product");
    if (added(AGE_WORDS).length > 0) out.push("an age it does not have");
    if (profile.aged.length > 0 && added(["new", "yeni", "sıfır"]).length > 0) out.push("new on an old or used product");
  }
  if (profile.model) {
    const parts = profile.model.split(/[ -]/);
    const whole = contains(words, profile.model, lang) || words.includes(parts.join("")) || contains(words, parts.join(" "), lang);
    if (!whole && parts.some((p) => words.includes(p))) out.push("a piece of the model");
  }
  // "... yapımı" is how to make it ("tavşan yapımı"); "el yapımı" is handmade.
  if (added(NON_BUYER).length > 0 || words.some((w, i) => w === "yapımı" && words[i - 1] !== "el")) out.push("not a buyer's search");
  return out;
}
