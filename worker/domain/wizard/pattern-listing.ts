/**
 * Step 3's listing for a digital pattern (issue 27), written from the formatted pattern alone: what the
 * PDF contains (rounds or rows with their counts, the designer's parts, sizes, materials, gauge,
 * abbreviations), skill level, finished size, yarn weight, hook or needle size, terms, and that it is an
 * instant download and not a finished item. Never the finished item's qualities ("soft", "a favourite
 * companion"), never a word the pattern does not back, and every generated word in the listing's
 * language; the seller's own title and measurements are kept as written.
 */
import type { Craft, PatternLanguage } from "./abbreviations";
import type { FormattedPattern } from "./offline-formatter";

type Skill = "beginner" | "easy" | "intermediate" | "advanced";

/** The facts a pattern listing is written from, read from the draft; nothing guessed. */
interface PatternListingFacts {
  name: string;
  craft: Craft;
  skill?: Skill;
  /** A measurement as the seller wrote it ("18 cm", "70 x 80 cm"). */
  size?: string;
  /** "S, M, L" when the pattern is written in several sizes. */
  sizes?: string[];
  yarnWeight?: string;
  /** "3 mm", "US 7". */
  tool?: string;
  terms?: "us" | "uk";
  rows: number;
  counts: boolean;
  parts: string[];
  has: { materials: boolean; gauge: boolean; abbreviations: boolean; notes: boolean };
}

const SKILL_WORDS: Array<[Skill, RegExp]> = [
  ["beginner", /(?<![\p{L}])(?:beginner|başlangıç|yeni başlayan)/iu],
  ["intermediate", /(?<![\p{L}])(?:intermediate|orta)(?![\p{L}])/iu],
  ["advanced", /(?<![\p{L}])(?:advanced|experienced|ileri|deneyimli)(?![\p{L}])/iu],
  ["easy", /(?<![\p{L}])(?:easy|kolay)(?![\p{L}])/iu],
];

const WEIGHTS: Array<[string, RegExp]> = [
  ["super bulky", /super[ -]?bulky|süper kalın/iu],
  ["bulky", /(?<![\p{L}])(?:bulky|chunky)(?![\p{L}])/iu],
  ["aran", /(?<![\p{L}])aran(?![\p{L}])/iu],
  ["worsted", /(?<![\p{L}])worsted(?![\p{L}])/iu],
  ["DK", /(?<![\p{L}])(?:dk|double knit)(?![\p{L}])/iu],
  ["sport", /(?<![\p{L}])sport(?![\p{L}])/iu],
  ["fingering", /(?<![\p{L}])(?:fingering|4[- ]ply|sock)(?![\p{L}])/iu],
  ["lace", /(?<![\p{L}])lace weight|(?<![\p{L}])lace yarn/iu],
];

const MEASURE = /\d{1,4}(?:[.,]\d{1,2})?(?: ?(?:x|×) ?\d{1,4}(?:[.,]\d{1,2})?)? ?(?:cm|mm|in(?:ches)?|")(?![\p{L}])/iu;
const TOOL = /\d{1,2}(?:[.,]\d{1,2})? ?mm|US ?\d{1,2}(?:\.\d)?|(?<![\p{L}])size [A-N](?:-\d{1,2})?/iu;

const summaryOf = (draft: FormattedPattern, labels: string[]) => draft.summary.find((s) => labels.includes(s.label))?.value;

/** Reads the listing facts from a formatted draft. */
function patternListingFacts(draft: FormattedPattern): PatternListingFacts {
  const skillText = summaryOf(draft, ["Skill level", "Seviye"]);
  const skill = skillText ? SKILL_WORDS.find(([, re]) => re.test(skillText))?.[0] : undefined;
  const sizeText = summaryOf(draft, ["Size", "Ölçü"]);
  const yarnText = summaryOf(draft, ["Yarn", "İplik"]) ?? "";
  const toolText = summaryOf(draft, ["Hook", "Needles", "Tığ", "Şiş"]) ?? "";
  const materialsText = draft.sections
    .filter((s) => s.key === "materials")
    .flatMap((s) => s.lines.map((l) => l.text))
    .join("\n");
  const instructions = draft.sections.filter((s) => s.key === "instructions").flatMap((s) => s.lines);
  const rows = instructions.filter((l) => l.label).length;
  const counts = instructions.some((l) => l.count);
  const parts = instructions.filter((l) => l.part).map((l) => l.text.replace(/:$/u, ""));
  const keys = new Set(draft.sections.map((s) => s.key));
  const sizesLine = sizeText && /\(([^()]{1,80})\)/u.exec(sizeText) && /^[^(]{1,20}\(/u.test(sizeText) ? sizeText : undefined;
  const sizes = sizesLine ? sizeNamesOf(sizesLine) : undefined;
  return {
    name: draft.title,
    craft: draft.craft,
    skill,
    size: sizeText ? MEASURE.exec(sizeText)?.[0] : undefined,
    sizes,
    // The weight as the summary gives it, else as the materials list names it ("- DK cotton yarn: 40 g cream").
    yarnWeight: (WEIGHTS.find(([, re]) => re.test(yarnText)) ?? WEIGHTS.find(([, re]) => re.test(materialsText)))?.[0],
    // Every size of hook or needle ("3.25 mm and 4 mm needles" is both, not the first).
    tool: [...new Set(toolText.match(new RegExp(TOOL.source, "giu")) ?? [])].join(", ") || undefined,
    terms: draft.craft === "crochet" && (draft.terms === "us" || draft.terms === "uk") ? draft.terms : undefined,
    rows,
    counts,
    parts: parts.slice(0, 8),
    has: {
      materials: keys.has("materials"),
      gauge: keys.has("gauge") || draft.summary.some((s) => s.label === "Gauge" || s.label === "Numune"),
      abbreviations: keys.has("abbreviations") || draft.glossary.entries.length > 0,
      notes: keys.has("notes"),
    },
  };
}

/** "S (M, L) to fit 50 (54, 58) cm" -> ["S", "M", "L"]. */
function sizeNamesOf(text: string): string[] | undefined {
  const m = /^(?:[^:]{1,20}:\s*)?([^\s(),]{1,20}) ?\(([^()]{1,80})\)/u.exec(text);
  if (!m) return undefined;
  const names = [m[1], ...m[2].split(",").map((s) => s.trim())].filter(Boolean);
  return names.length >= 2 && names.length <= 8 ? names : undefined;
}

// ---- Words, per listing language --------------------------------------------------------------

const WORDS = {
  en: {
    craftPattern: { crochet: "Crochet Pattern", knitting: "Knitting Pattern", sewing: "Sewing Pattern", "cross-stitch": "Cross Stitch Pattern" } as Record<Craft, string>,
    craft: { crochet: "crochet", knitting: "knitting", sewing: "sewing", "cross-stitch": "cross stitch" } as Record<Craft, string>,
    craftName: { crochet: "Crochet", knitting: "Knitting", sewing: "Sewing", "cross-stitch": "Cross-stitch" } as Record<Craft, string>,
    skill: { beginner: "Beginner", easy: "Easy", intermediate: "Intermediate", advanced: "Advanced" } as Record<Skill, string>,
    download: "PDF Instant Download",
    intro: (name: string, craft: string) => `${name}: a ${craft} pattern as a PDF you download right after purchase. This is the pattern, not a finished item: you make the piece yourself.`,
    contains: "What the PDF contains",
    rowsWithCounts: (n: number) => `${n} numbered rounds and rows, each with its stitch count`,
    rows: (n: number) => `${n} numbered rounds and rows`,
    parts: (p: string) => `The parts in order: ${p}`,
    sizes: (s: string) => `Instructions for every size: ${s}`,
    materials: "Materials list",
    gauge: "Gauge",
    abbreviations: "Abbreviations table",
    notes: "The designer's notes",
    terms: { us: "Written in US crochet terms", uk: "Written in UK crochet terms" },
    details: "Pattern details",
    skillLabel: "Skill level",
    sizeLabel: "Finished size",
    yarnLabel: "Yarn weight",
    hookLabel: "Hook size",
    needleLabel: "Needle size",
    craftLabel: "Craft",
    digital: "Digital PDF pattern for instant download. This is the pattern, not a finished item: you make the piece yourself.",
    ai: "Disclosure: this pattern was made with the help of AI tools, under the seller's creative direction.",
    alt: [
      (n: string) => `Cover page of the ${n} pattern PDF`,
      (n: string) => `Instructions page of the ${n} pattern with numbered rounds and rows`,
      (n: string) => `Materials and abbreviations of the ${n} pattern`,
      (n: string) => `Finished piece made from the ${n} pattern`,
      (n: string) => `The ${n} pattern PDF open on a tablet`,
    ],
  },
  tr: {
    craftPattern: { crochet: "Tığ İşi Modeli", knitting: "Şiş Örgü Modeli", sewing: "Dikiş Kalıbı", "cross-stitch": "Kanaviçe Şeması" } as Record<Craft, string>,
    craft: { crochet: "tığ işi", knitting: "şiş örgü", sewing: "dikiş", "cross-stitch": "kanaviçe" } as Record<Craft, string>,
    craftName: { crochet: "Tığ işi", knitting: "Şiş örgü", sewing: "Dikiş", "cross-stitch": "Kanaviçe" } as Record<Craft, string>,
    skill: { beginner: "Başlangıç", easy: "Kolay", intermediate: "Orta", advanced: "İleri" } as Record<Skill, string>,
    download: "PDF Anında İndirme",
    intro: (name: string, craft: string) => `${name}: satın aldıktan hemen sonra indirdiğiniz PDF ${craft} modeli. Bu bir modeldir, bitmiş ürün değildir: ürünü kendiniz yaparsınız.`,
    contains: "PDF'in içeriği",
    rowsWithCounts: (n: number) => `Her birinde ilmek sayısı yazan ${n} numaralı tur ve sıra`,
    rows: (n: number) => `${n} numaralı tur ve sıra`,
    parts: (p: string) => `Sırasıyla bölümler: ${p}`,
    sizes: (s: string) => `Her beden için talimat: ${s}`,
    materials: "Malzeme listesi",
    gauge: "Örgü sıklığı (numune)",
    abbreviations: "Kısaltmalar tablosu",
    notes: "Tasarımcının notları",
    terms: { us: "ABD tığ işi terimleriyle yazılmıştır", uk: "İngiliz (UK) tığ işi terimleriyle yazılmıştır" },
    details: "Model bilgileri",
    skillLabel: "Seviye",
    sizeLabel: "Bitmiş ölçü",
    yarnLabel: "İplik kalınlığı",
    hookLabel: "Tığ numarası",
    needleLabel: "Şiş numarası",
    craftLabel: "Teknik",
    digital: "Anında indirilebilen dijital PDF model. Bu bir modeldir, bitmiş ürün değildir: ürünü kendiniz yaparsınız.",
    ai: "Açıklama: Bu model, satıcının yaratıcı yönlendirmesiyle yapay zekâ araçlarının yardımıyla hazırlanmıştır.",
    alt: [
      (n: string) => `${n} PDF modelinin kapak sayfası`,
      (n: string) => `${n} modelinin numaralı turlar ve sıralarla talimat sayfası`,
      (n: string) => `${n} modelinin malzemeleri ve kısaltmaları`,
      (n: string) => `${n} modeliyle yapılmış bitmiş ürün`,
      (n: string) => `Tablette açık ${n} PDF modeli`,
    ],
  },
} as const;

/** "Pattern" and its kin at the end of a title ("Sleepy Bunny Amigurumi Pattern" -> "Sleepy Bunny Amigurumi"); one word at a time, no nested quantifier. */
const TRAILING_WORD = /\s(?:pattern|patterns|pdf|tarifi|tarif|modeli|model|kalıbı|şeması)$/iu;
function baseName(name: string) {
  let base = name.trim();
  for (let i = 0; i < 4 && TRAILING_WORD.test(base); i++) base = base.replace(TRAILING_WORD, "").trimEnd();
  return base || name;
}

/** A Turkish title without its craft words ("Bebek Battaniyesi Şiş Örgü" -> "bebek battaniyesi"): the thing, as buyers search it. */
function turkishThing(name: string) {
  const words = baseName(name).split(/\s/u);
  const at = words.findIndex((w) => /^(?:şiş|tığ|örgü)$/iu.test(w));
  const thing = (at === -1 ? words : words.slice(0, at)).join(" ").toLocaleLowerCase("tr");
  return thing.includes(" ") ? thing : "";
}
const CRAFT_IN_NAME: Record<Craft, RegExp> = {
  crochet: /crochet|tığ/iu,
  knitting: /knit|şiş|örgü/iu,
  sewing: /sew|dikiş/iu,
  "cross-stitch": /cross[ -]?stitch|kanaviçe/iu,
};

/** The title: the seller's name, the craft pattern, the download, skill and size; at most 140 characters. */
function titleOf(f: PatternListingFacts, language: PatternLanguage) {
  const w = WORDS[language];
  const base = baseName(f.name);
  const product = CRAFT_IN_NAME[f.craft].test(base) ? `${base} ${language === "tr" ? "Modeli" : "Pattern"}` : `${base} ${w.craftPattern[f.craft]}`;
  const parts = [product, w.download];
  if (f.skill) parts.push(language === "tr" ? `${w.skill[f.skill]} Seviye` : `${w.skill[f.skill]} Level`);
  if (f.sizes) parts.push(f.sizes.join(", "));
  else if (f.size) parts.push(f.size);
  let title = parts.join(", ");
  while (title.length > 140 && parts.length > 2) title = parts.slice(0, -1).join(", ");
  return title.slice(0, 140);
}

/** "What the PDF contains" and the details, from the facts only. */
function descriptionOf(f: PatternListingFacts, language: PatternLanguage, aiAssisted: boolean) {
  const w = WORDS[language];
  const contains: string[] = [];
  if (f.rows) contains.push(f.counts ? w.rowsWithCounts(f.rows) : w.rows(f.rows));
  if (f.parts.length) contains.push(w.parts(f.parts.join(", ")));
  if (f.sizes) contains.push(w.sizes(f.sizes.join(", ")));
  if (f.has.materials) contains.push(w.materials);
  if (f.has.gauge) contains.push(w.gauge);
  if (f.has.abbreviations) contains.push(w.abbreviations);
  if (f.has.notes) contains.push(w.notes);
  if (f.terms) contains.push(w.terms[f.terms]);
  const details = [
    `${w.craftLabel}: ${w.craftName[f.craft]}`,
    f.skill ? `${w.skillLabel}: ${w.skill[f.skill]}` : "",
    f.sizes ? `${w.sizeLabel}: ${f.sizes.join(", ")}` : f.size ? `${w.sizeLabel}: ${f.size}` : "",
    f.yarnWeight ? `${w.yarnLabel}: ${f.yarnWeight}` : "",
    f.tool ? `${f.craft === "crochet" ? w.hookLabel : w.needleLabel}: ${f.tool}` : "",
  ].filter(Boolean);
  const blocks = [
    w.intro(f.name, w.craft[f.craft]),
    contains.length ? [w.contains, ...contains.map((c) => `• ${c}`)].join("\n") : "",
    [w.details, ...details.map((d) => `• ${d}`), `• ${w.digital}`, ...(aiAssisted ? [`• ${w.ai}`] : [])].join("\n"),
  ];
  return blocks.filter(Boolean).join("\n\n");
}

const SUBJECT_STOP =
  /^(?:the|and|with|for|pattern|patterns|pdf|easy|crochet|knit|knitting|knitted|sewing|cross|stitch|amigurumi|tarifi|tarif|modeli|model|kalıbı|şeması|şiş|örgü|tığ|işi|simple|basit|everyday)$/iu;

/** The thing the pattern makes, in the seller's words ("bunny", "blanket"; Turkish "battaniyesi" -> "battaniye"). */
function subjectOf(name: string, language: PatternLanguage) {
  const words = (name.toLocaleLowerCase(language).match(/\p{L}+/gu) ?? []).filter((w) => w.length > 2 && !SUBJECT_STOP.test(w));
  const last = words[words.length - 1];
  // A Turkish compound's possessive ending ("bebek battaniyesi"): the noun alone reads as a search.
  return last && language === "tr" && words.length > 1 ? last.replace(/(?<=[aeıioöuü])s[ıiuü]$/u, "") : last;
}

/** 13 tags for the pattern, each at most 20 characters and two words or more; no tutorial, no toy. */
function tagsOf(f: PatternListingFacts, language: PatternLanguage) {
  const subject = subjectOf(f.name, language);
  const amigurumi = /amigurumi/iu.test(f.name);
  const candidates =
    language === "tr"
      ? [
          { crochet: "tığ işi model", knitting: "şiş örgü modeli", sewing: "dikiş kalıbı", "cross-stitch": "kanaviçe şeması" }[f.craft],
          subject ? `${subject} modeli` : "",
          turkishThing(f.name),
          amigurumi ? "amigurumi tarifi" : "",
          subject ? `${subject} tarifi` : "",
          "pdf model",
          "dijital model",
          "anında indirme",
          f.craft === "knitting" ? "örgü modeli" : f.craft === "crochet" ? "örgü tarifi" : "",
          f.skill === "beginner" || f.skill === "easy" ? `kolay ${WORDS.tr.craft[f.craft]}` : "",
          f.sizes ? "çok bedenli model" : "",
          f.yarnWeight ? `${f.yarnWeight} iplik modeli` : "",
          f.terms ? (f.terms === "us" ? "abd terimleri" : "ingiliz terimleri") : "",
          "pdf örgü modeli",
          `${WORDS.tr.craft[f.craft]} pdf`,
          "indirilebilir model",
        ]
      : [
          `${WORDS.en.craft[f.craft]} pattern`,
          subject ? `${subject} pattern` : "",
          amigurumi ? "amigurumi pattern" : "",
          subject ? `${WORDS.en.craft[f.craft]} ${subject}` : "",
          "pdf pattern",
          "digital pattern",
          "instant download",
          f.skill === "beginner" || f.skill === "easy" ? `easy ${WORDS.en.craft[f.craft]}` : "",
          // (An "easy" pattern is the level after "beginner": no beginner's pattern.)
          f.skill === "beginner" ? "beginner pattern" : "",
          f.sizes ? "multi size pattern" : "",
          f.yarnWeight ? `${f.yarnWeight.toLowerCase()} yarn pattern` : "",
          f.terms ? `${f.terms} crochet terms` : "",
          `${WORDS.en.craft[f.craft]} pdf`,
          "downloadable pattern",
          `${WORDS.en.craft[f.craft]} design`,
        ];
  const out: string[] = [];
  for (const tag of candidates) {
    const t = tag.trim();
    if (t && t.length <= 20 && t.includes(" ") && !out.includes(t)) out.push(t);
  }
  return out.slice(0, 13);
}

interface PatternListing {
  title: string;
  description: string;
  tags: string[];
  altTexts: string[];
  /** What the listing is written from, for the listing rules and a model's prompt: in the listing's language. */
  brief: string;
}

/** The listing of a digital pattern in `language`, from its draft. */
export function writePatternListing(draft: FormattedPattern, language: PatternLanguage, aiAssisted = false): PatternListing {
  const f = patternListingFacts(draft);
  const w = WORDS[language];
  const title = titleOf(f, language);
  const description = descriptionOf(f, language, aiAssisted);
  const base = baseName(f.name);
  const altTexts = w.alt.map((alt) => alt(base).slice(0, 130));
  return { title, description, tags: tagsOf(f, language), altTexts, brief: `${title}. ${w.intro(f.name, w.craft[f.craft])}` };
}

/** The details block a model's description ends with (the same facts as the offline listing's). */
export function patternDetails(draft: FormattedPattern, language: PatternLanguage, aiAssisted = false): string {
  const text = descriptionOf(patternListingFacts(draft), language, aiAssisted);
  return text.slice(text.indexOf(WORDS[language].details));
}
