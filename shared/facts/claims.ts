/**
 * Claims that need a fact behind them (issue 24): "handmade", "made with care", "one of a kind",
 * "easy to wash", "step-by-step instructions", "PDF", a gift occasion... A claim is supported when
 * the fact sheet holds what it says, or when the seller's own text says it (their words are theirs to
 * repeat). Stock lines ("Made to be used and loved every day", "Add it to your cart today") are never
 * supported unless the seller wrote them. Linear-time expressions only.
 */
import type { CategoryId } from "../listings/categories";
import { unsupportedPhrases, type ConceptKind } from "../listings/support";
import type { FactLang, FactSheet } from "./extract";
import { foldCase } from "./language";

export interface Claim {
  /** A short name of the claim ("handmade"). */
  claim: string;
  /** The words of the listing that make it. */
  phrase: string;
  /** What would support it, in words a seller reads ("the seller says it is handmade"). */
  needs: string;
  /** For a buyer phrase of decision 0039: who it is for, an occasion, a use or place, or a property. */
  kind?: ConceptKind;
}

interface ClaimRule {
  claim: string;
  pattern: RegExp;
  needs: string;
  /** `phrase`: the words that make the claim (a skill claim must name the seller's level). */
  supported: (f: FactSheet, source: string, phrase: string) => boolean;
}

const B = "(?<![\\p{L}\\p{N}])";
const E = "(?![\\p{L}\\p{N}])";
// Matched against lower-case text: no "i" flag (its Unicode case folding makes these alternations slow to compile).
const r = (body: string) => new RegExp(`${B}(?:${body})${E}`, "gu");
const says = (body: string) => new RegExp(`${B}(?:${body})${E}`, "u");
/** Lower case of the same length, so a match's place is the same in the original ("İ" → "i"). */
const lowerSameLength = (s: string) => s.replace(/İ/g, "i").replace(/[^\p{L}]+|\p{L}+/gu, (w) => (w.toLowerCase().length === w.length ? w.toLowerCase() : w));

const careMachine = (f: FactSheet) =>
  f.care.some((c) => /machine wash|makinede yıkanabilir|dishwasher[- ]safe|bulaşık makinesinde yıkanabilir|wipe clean|nemli bezle/iu.test(c) && !/not|yıkanmaz/iu.test(c));

/** The level of a skill word: beginner and easy are one level, as are "orta" and intermediate. */
const levelOf = (text: string): "easy" | "mid" | "hard" | undefined =>
  /beginner|easy|quick|kolay|başlangıç|yeni başlayan/u.test(text) ? "easy" : /intermediate|orta/u.test(text) ? "mid" : /advanced|experienced|ileri|zor/u.test(text) ? "hard" : undefined;

/** A skill claim agrees with the level the seller gave (the fact sheet's, or a level word in their own text). */
function skillAgrees(skill: string | undefined, source: string, phrase: string): boolean {
  const given = levelOf(lowerSameLength(skill ?? "")) ?? levelOf(lowerSameLength(/(?:skill level|level|difficulty|seviye)\s?[:\-–]\s?\p{L}+/iu.exec(source)?.[0] ?? ""));
  return given !== undefined && given === levelOf(lowerSameLength(phrase));
}

/** An occasion of the fact sheet that names who receives the item ("for mom", "anneye"), not an event. */
const RECIPIENT = /for |anneye|babaya|sevgiliye|arkadaşa|öğretmene/iu;

const RULES: ClaimRule[] = [
  // A book's binding: a hardcover is no paperback (a shopper who searched one would be let down), and the other way round.
  {
    claim: "hardcover",
    pattern: r("hardcover|hardback|hard cover|ciltli"),
    needs: "the seller says it is a hardcover",
    supported: (_f, source) => !/(?<![\p{L}])(?:paperback|softcover|soft cover|mass market|karton kapak)(?![\p{L}])/iu.test(source),
  },
  // A book is a novel only when its seller says it is fiction: a cookbook or a field guide is none.
  {
    claim: "novel",
    pattern: r("novels?|roman"),
    needs: "the seller says it is a novel",
    supported: (_f, source) => /(?<![\p{L}])(?:novels?|fiction|fantasy|thriller|mystery|romance|sci-fi|science fiction|roman|romanı)(?![\p{L}])/iu.test(source),
  },
  {
    claim: "paperback",
    pattern: r("paperback|softcover|soft cover|karton kapak"),
    needs: "the seller says it is a paperback",
    supported: (_f, source) => !/(?<![\p{L}])(?:hardcover|hardback|hard cover)(?![\p{L}])/iu.test(source),
  },
  {
    claim: "handmade",
    pattern: r("handmade|hand[- ]made|made by hand|handcrafted|hand[- ]crafted|brings a handmade touch|el yapımı(?:dır)?|el emeği|elde yapıl(?:dı|mıştır|mış)|el işçiliği|made by hand, so each one"),
    needs: "the seller says it is made by hand",
    supported: (f) => f.handmade,
  },
  {
    claim: "made with care",
    pattern: r("made with (?:care|love)|crafted with (?:care|love)|with love|özenle (?:hazırlan|yapıl|üretil)\\p{L}*|sevgiyle (?:hazırlan|yapıl)\\p{L}*|ayrıntısına kadar özenle"),
    needs: "the seller's own words",
    supported: () => false,
  },
  {
    claim: "one piece at a time",
    pattern: r("one (?:piece|at a) at a time|one piece at a time|made in small batches|small[- ]batch|tek tek (?:hazırlan|üretil|yapıl)\\p{L}*"),
    needs: "the seller's own words",
    supported: () => false,
  },
  {
    claim: "one of a kind",
    pattern: r("one of a kind|one-of-a-kind|ooak|each (?:piece|one) is unique|no two (?:are|pieces are) (?:exactly )?alike|tek ve eşsiz|eşsiz bir parça|her biri benzersiz|her biri farklı"),
    needs: "the seller says each piece is unique",
    supported: () => false,
  },
  {
    claim: "small variations",
    pattern: r(
      "small variations?(?: in (?:glaze|colou?r|size|shape|pattern))?|slight variations?|variations in glaze|its own (?:small )?character|kendine (?:has|özgü) (?:küçük )?farkları|küçük farklılıklar",
    ),
    needs: "the seller says pieces vary",
    supported: () => false,
  },
  {
    claim: "easy to wash",
    pattern: r("easy to (?:wash|clean|care for)|easy care|easy-care|kolay yıkanır|kolay temizlenir|kolayca yıkanabilir|bakımı kolay"),
    needs: "care that allows it (machine washable, dishwasher safe, wipe clean)",
    supported: (f) => careMachine(f),
  },
  {
    claim: "machine washable",
    pattern: r("machine[- ]washable|machine wash|makinede yıkanabilir"),
    needs: "the seller says it is machine washable",
    supported: (f) => f.care.some((c) => /machine wash|makinede yıkanabilir/iu.test(c) && !/not|yıkanmaz/iu.test(c)),
  },
  {
    claim: "dishwasher safe",
    pattern: r("dishwasher[- ]safe|bulaşık makinesinde yıkanabilir"),
    needs: "the seller says it is dishwasher safe",
    supported: (f) => f.care.some((c) => /dishwasher[- ]safe|dishwasher and microwave safe|bulaşık makinesinde yıkanabilir/iu.test(c) && !/not|yıkanmaz/iu.test(c)),
  },
  {
    claim: "step-by-step instructions",
    pattern: r("step[- ]by[- ]step(?: instructions| photos| tutorial| guide)?|detailed instructions|clear instructions|adım adım(?: anlatım| talimat)?|ayrıntılı anlatım"),
    needs: "a pattern or the seller's mention of instructions",
    supported: (f, source) => f.pattern || says("instructions?|step[- ]by[- ]step|tutorial|talimat|anlatım|adım adım").test(lowerSameLength(source)),
  },
  {
    claim: "skill level",
    pattern: r(
      "beginner[- ]friendly|for (?:absolute |complete )?beginners|beginners?(?: level| pattern| project)?|easy(?: level| pattern| project| to follow| to make| crochet| knit)|quick (?:and easy|make|project)|intermediate(?: level)?|advanced(?: level| beginner)?|experienced (?:crocheters?|knitters?|level)|yeni başlayanlar(?:a|a uygun| için(?: uygun)?)?|başlangıç seviye(?:si|sine uygun)?|kolay seviye|kolay (?:tarif|model|desen|yapılır)|orta seviye|ileri seviye",
    ),
    needs: "the skill level the seller gave",
    supported: (f, source, phrase) => skillAgrees(f.skill, source, phrase),
  },
  {
    claim: "DIY",
    pattern: r("diy(?: project| kit| craft| gift)?|do[- ]it[- ]yourself|kendin yap(?:ılır)?"),
    needs: "the seller says it is a kit or a DIY project",
    supported: (_f, source) => says("diy|do[- ]it[- ]yourself|kit|kits|kendin yap\\p{L}*|kiti").test(lowerSameLength(source)),
  },
  {
    claim: "PDF",
    pattern: r("pdf"),
    needs: "a PDF file among the formats",
    supported: (f) => f.formats.includes("PDF"),
  },
  {
    // A file made to order ("custom pet portrait … within 5 days") is sent when it is ready, not at once.
    claim: "instant download",
    pattern: r("instant(?:ly)? download(?:able)?|download (?:it )?(?:and start|right away|instantly)|ready the moment your order is confirmed|anında indirme|hemen indir\\p{L}*"),
    needs: "a digital item the buyer downloads at once",
    supported: (f, source) => f.digital && (!f.personalised || says("instant\\p{L}*|right away|anında|hemen").test(lowerSameLength(source))),
  },
  {
    // "Editable Template" on a Pokémon card (a "card" reads as an invitation): only a file the buyer edits is one.
    claim: "editable template",
    pattern: r("editable(?: (?:template|file|pdf|invitation))?|templates?|düzenlenebilir(?: şablon)?|şablon\\p{L}*"),
    needs: "a digital file the buyer edits",
    supported: (f, source) => f.digital && (!!f.editor || says("edit\\p{L}*|templates?|canva|corjl|templett|düzenle\\p{L}*|şablon\\p{L}*").test(lowerSameLength(source))),
  },
  {
    claim: "digital download",
    pattern: r("digital download|downloadable|dijital indirme|indirilebilir"),
    needs: "a digital item",
    supported: (f) => f.digital,
  },
  {
    claim: "printable",
    pattern: r("printable|print at home|yazdırılabilir|evde yazdır\\p{L}*"),
    needs: "a digital file the buyer prints",
    supported: (f, source) => f.digital && (says("print|yazdır").test(lowerSameLength(source)) || f.formats.some((x) => ["PDF", "PNG", "JPG", "JPEG"].includes(x)) || !!f.editor),
  },
  {
    claim: "no physical item",
    pattern: r("no physical (?:item|product) will be (?:shipped|sent)|this is a digital product|fiziksel (?:bir )?ürün gönderilmez|bu dijital bir üründür"),
    needs: "a digital item",
    supported: (f) => f.digital,
  },
  {
    claim: "gift",
    pattern: r(
      "(?:a |the )?(?:perfect|thoughtful|lovely|great|ideal|meaningful) gift|ready to (?:gift|give)(?: as a gift)?|gift[- ]ready|gift for (?:her|him|mom|mum|dad|kids|women|men|friends?|teachers?)|treat yourself or someone you love|for yourself or as a gift|someone you love|ready to give as a gift|hediye(?:ye)? hazır|anlamlı bir hediye|harika bir hediye|sevdikleriniz için|hediye paketinde",
    ),
    needs: "the seller mentions a gift or a recipient",
    supported: (f) => f.gift || f.occasions.some((o) => RECIPIENT.test(o)),
  },
  {
    claim: "gift",
    pattern: r("(?:kadına|erkeğe|anneye|babaya|sevgiliye|arkadaşa|öğretmene|çocuğa) hediye(?:si)?|hediyelik|gifts?|presents?|hediye|hediyesi"),
    needs: "the seller mentions a gift or a recipient",
    // A recipient ("for mom") or an occasion the seller names supports a gift (decision 0039), but not the
    // event the product itself is for ("wedding" of a wedding seating chart, "birthday" of a birthday banner).
    supported: (f) => f.gift || f.occasions.some((o) => RECIPIENT.test(o) || !foldCase(f.product).includes(foldCase(o))),
  },
  {
    claim: "occasion",
    pattern: r(
      "christmas(?: gift)?|birthday(?: gift)?|wedding gift|anniversary(?: gift)?|valentine'?s day|mother'?s day|father'?s day|baby shower|bridal shower|housewarming|graduation|yılbaşı(?: hediyesi)?|doğum günü(?: hediyesi)?|düğün hediyesi|yıldönümü|sevgililer günü|anneler günü|babalar günü",
    ),
    needs: "the seller names that occasion",
    supported: (f, source) => f.occasions.length > 0 && f.occasions.some((o) => foldCase(source).includes(foldCase(o.slice(0, 5)))),
  },
  {
    claim: "personalised",
    pattern: r("personali[sz]ed|personali[sz]e|custom (?:name|initials?|text|order)|engraved|monogrammed|kişiye özel|kişiselleştir\\p{L}*|isimli"),
    needs: "the seller offers personalisation",
    supported: (f) => f.personalised,
  },
  {
    claim: "vintage",
    pattern: r("vintage|antique|antika|retro"),
    needs: "the seller says it is vintage",
    supported: (f, source) => f.vintage || f.era.length > 0 || says("vintage|antique|antika|retro").test(lowerSameLength(source)),
  },
  {
    claim: "quality",
    pattern: r("high[- ]quality|premium(?: quality)?|best quality|top quality|quality materials|kaliteli malzeme|yüksek kalite(?:li)?|birinci sınıf"),
    needs: "the seller's own words",
    supported: () => false,
  },
  {
    claim: "eco",
    pattern: r("eco[- ]friendly|sustainable|sustainably|organic|recycled|non[- ]toxic|biodegradable|zero waste|çevre dostu|doğa dostu|organik|geri dönüştürülmüş"),
    needs: "the seller's own words",
    supported: () => false,
  },
  {
    claim: "safety",
    pattern: r("hypoallergenic|nickel[- ]free|lead[- ]free|bpa[- ]free|food[- ]safe|waterproof|water[- ]resistant|tarnish[- ]resistant|antialerjik|nikel içermez|su geçirmez"),
    needs: "the seller's own words",
    supported: () => false,
  },
  {
    claim: "stock line",
    pattern: r(
      "made to be used and loved(?: every day)?|loved every day|meet your new favou?rite|made to become a favou?rite|add it to your cart(?: today| now)?|order yours today|make it part of your every day|why you'?ll love it|you'?ll love|treat yourself|brings a handmade touch to everyday life|a fitting choice for anyone looking for|made to be used and enjoyed, not only admired|favoriniz olacak|ile tanışın|kullanılıp sevilmek için|hemen sepete ekleyin|bugün sipariş verin|neden seveceksiniz|yalnızca bakmak için değil|arayanlar için yerinde bir seçim|kendinizi ya da bir sevdiğinizi",
    ),
    needs: "nothing: a stock sentence says nothing about this product",
    supported: () => false,
  },
];

const normal = (s: string) => foldCase(s).replace(/[’']/g, "'").replace(/\s+/g, " ");

/**
 * The seller's text in normal form, read once per text: writers check many candidate sentences against
 * the same source, and normalising it for each was quadratic in the text's length (issue 23's test found it).
 */
let lastSource: { source: string; normal: string } | null = null;
function normalSource(source: string): string {
  if (lastSource?.source !== source) lastSource = { source, normal: normal(source) };
  return lastSource.normal;
}

/**
 * The claims of `text` that nothing supports: neither the fact sheet nor the seller's own words
 * (`source`, the text the facts were read from). Each claim once, with the phrase that makes it.
 */
export function unsupportedClaims(text: string, facts: FactSheet, source = "", _language?: FactLang): Claim[] {
  const out: Claim[] = [];
  const seen = new Set<string>();
  const lower = lowerSameLength(text);
  for (const rule of RULES) {
    for (const m of lower.matchAll(rule.pattern)) {
      const phrase = text.slice(m.index ?? 0, (m.index ?? 0) + m[0].length);
      const key = `${rule.claim}\u0000${normal(phrase)}`;
      if (seen.has(key)) continue;
      seen.add(key);
      // The seller's own words are theirs to repeat.
      const own = normalSource(source);
      if (own && own.includes(normal(phrase))) continue;
      if (rule.supported(facts, source, lowerSameLength(phrase))) continue;
      out.push({ claim: rule.claim, phrase, needs: rule.needs });
    }
  }
  return out;
}

const NEEDS: Record<ConceptKind, string> = {
  audience: "the seller says who it is for",
  occasion: "the seller names that occasion or a gift",
  use: "the seller names that use or place",
  property: "the seller says so",
};

/**
 * Every claim of `text` that neither the fact sheet nor the seller's words support: the claims above
 * ("handmade", "one of a kind", "easy to wash", "PDF"...) and the audience, occasion, use and property
 * phrases of decision 0039 ("gift for her", "dog mom", "baby shower", "for kids"). The one notion of
 * support the writers' repair (worker/domain/listings/fact-check.ts) and the Listing Doctor share
 * (decision 0047). `source`: the seller's text and chosen keywords; `category`: the product's, whose
 * inherent concepts need no words (a collar is a pet's).
 */
export function claimsWithoutSupport(text: string, facts: FactSheet, source: string, category?: CategoryId): Claim[] {
  const out = unsupportedClaims(text, facts, source);
  for (const p of unsupportedPhrases(text, source, { lang: facts.language, ...(category ? { category } : {}), extra: facts.sizes })) {
    // A phrase the claims table already names ("gift for her" is a gift claim) is said once.
    if (out.some((c) => c.phrase.toLowerCase().includes(p.phrase.toLowerCase()) || p.phrase.toLowerCase().includes(c.phrase.toLowerCase()))) continue;
    out.push({ claim: p.concept, phrase: p.phrase, needs: NEEDS[p.kind], kind: p.kind });
  }
  return out;
}
