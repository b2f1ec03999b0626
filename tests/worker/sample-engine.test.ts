import { afterEach, describe, expect, it, vi } from "vitest";
import { CATEGORIES, PLATFORMS, type KeywordSearchInput } from "../../schema/api/keywords";
import { NO_PROVIDER_REASON } from "../../worker/domain/keywords/context";
import { summariseTimeline } from "../../worker/domain/keywords/statistics";
import { buildSuggestions } from "../../worker/domain/keywords/suggestions";
import { expandProductName, fnv1a, inferCategory, normaliseKeyword, sampleRelatedQueries, sampleTimeline } from "../../worker/providers/trends/sample-engine";
import { CATEGORY_LEXICON, OCCASIONS, PLATFORM_LEXICON } from "../../worker/providers/trends/sample-lexicon";

const OFFLINE = { trends: null, competition: null, name: "sample" };
const NOW = Date.UTC(2026, 10, 21, 12); // a Saturday in November
const search = (product_name: string, extra: Partial<KeywordSearchInput> = {}): KeywordSearchInput => ({
  product_name,
  platform: "etsy",
  country: "US",
  category: undefined,
  ...extra,
});
const suggest = async (input: KeywordSearchInput, now = NOW) => (await buildSuggestions(OFFLINE, input, now)).result;

const PRODUCTS = [
  "Silver moon necklace",
  "handmade ceramic mug",
  "Personalized leather dog collar with engraved name tag",
  "t-shirt",
  "Watercolor botanical print",
  "crochet pattern",
  "x",
  "zzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzz",
];

afterEach(() => vi.restoreAllMocks());

describe("the offline sample engine", () => {
  it("hashes with FNV-1a", () => {
    expect(fnv1a("")).toBe(0x811c9dc5);
    expect(fnv1a("a")).toBe(0xe40c292c);
    expect(fnv1a("foobar")).toBe(0xbf9cf968);
  });

  it("gives the same figures for the same search every time", async () => {
    const first = await suggest(search("Silver moon necklace"));
    const again = await suggest(search("Silver moon necklace"));
    expect(again.keywords).toEqual(first.keywords);
    expect(sampleTimeline("silver necklace", "US", NOW)).toEqual(sampleTimeline("silver necklace", "US", NOW));
    expect(sampleRelatedQueries("silver necklace", "US", NOW)).toEqual(sampleRelatedQueries("silver necklace", "US", NOW));
  });

  it("treats case, spacing and punctuation of the product name as the same search", async () => {
    const a = await suggest(search("Silver  Moon-Necklace!"));
    const b = await suggest(search("silver moon necklace"));
    expect(a.keywords).toEqual(b.keywords);
  });

  it("gives different figures for different products, countries and platforms", async () => {
    const necklace = await suggest(search("silver necklace"));
    const mug = await suggest(search("ceramic mug"));
    expect(mug.keywords.map((k) => k.keyword)).not.toEqual(necklace.keywords.map((k) => k.keyword));
    const figures = (r: typeof necklace) => r.keywords.map((k) => `${k.keyword}:${k.popularity}:${k.competition}`).sort();
    expect(figures(await suggest(search("silver necklace", { country: "DE" })))).not.toEqual(figures(necklace));
    expect(figures(await suggest(search("silver necklace", { platform: "amazon" })))).not.toEqual(figures(necklace));
    expect(sampleTimeline("silver necklace", "US", NOW)).not.toEqual(sampleTimeline("silver necklace", "GB", NOW));
    expect(sampleTimeline("silver necklace", "US", NOW)).not.toEqual(sampleTimeline("wool scarf", "US", NOW));
  });

  it("never draws on Math.random", async () => {
    const random = vi.spyOn(Math, "random");
    await suggest(search("boho wall art", { category: "art" }));
    sampleTimeline("boho wall art", "AU", NOW);
    sampleRelatedQueries("boho wall art", "AU", NOW);
    expect(random).not.toHaveBeenCalled();
  });

  it("suggests 12 to 30 keywords for any product, platform and category", async () => {
    for (const name of PRODUCTS) {
      for (const platform of PLATFORMS) {
        for (const category of [undefined, ...CATEGORIES]) {
          const { keywords } = await suggest(search(name, { platform, category }));
          expect(keywords.length, `${name} on ${platform} (${category})`).toBeGreaterThanOrEqual(12);
          expect(keywords.length).toBeLessThanOrEqual(30);
        }
      }
    }
  });

  it("keeps every Etsy suggestion short enough to be a tag (20 characters) when the product's name allows it", async () => {
    for (const name of PRODUCTS.filter((n) => !n.startsWith("zzz") && n !== "crochet pattern")) {
      const { keywords } = await suggest(search(name));
      const long = keywords.filter((k) => k.keyword.length > 20);
      expect(long, name).toEqual([]);
    }
    // A product that cannot be named in 20 characters keeps its name rather than losing its craft or form.
    const pattern = (await suggest(search("crochet bunny pattern"))).keywords.map((k) => k.keyword);
    expect(pattern).toContain("crochet bunny pattern");
    expect(pattern.every((k) => k.length <= 21 + 12)).toBe(true);
    // Fewer than twelve crochet patterns fit in 20 characters: the rest run longer rather than drop "crochet" or "pattern".
    const generic = (await suggest(search("crochet pattern"))).keywords.map((k) => k.keyword);
    expect(generic.length).toBeGreaterThanOrEqual(12);
    expect(generic.every((k) => k.includes("crochet") && k.includes("pattern"))).toBe(true);
  });

  it("lets Amazon and eBay suggestions run longer and speak each marketplace's words", async () => {
    const amazon = (await suggest(search("Silver moon necklace", { platform: "amazon" }))).keywords.map((k) => k.keyword);
    const ebay = (await suggest(search("Silver moon necklace", { platform: "ebay" }))).keywords.map((k) => k.keyword);
    expect(amazon.some((k) => k.length > 20)).toBe(true);
    expect(amazon.some((k) => PLATFORM_LEXICON.amazon.suffixes.some((s) => k.endsWith(` ${s}`)))).toBe(true);
    expect(ebay.some((k) => PLATFORM_LEXICON.ebay.prefixes.some((p) => k.startsWith(`${p} `)) || PLATFORM_LEXICON.ebay.suffixes.some((s) => k.endsWith(` ${s}`)))).toBe(true);
  });

  it("never lists the same keyword twice, even in another word order", async () => {
    for (const name of PRODUCTS) {
      const { keywords } = await suggest(search(name, { platform: "amazon" }));
      const sets = keywords.map((k) => k.keyword.split(" ").sort().join(" "));
      expect(new Set(sets).size, name).toBe(keywords.length);
      expect(new Set(keywords.map((k) => k.id)).size).toBe(keywords.length);
    }
  });

  it("gives figures in range: popularity a whole number 0-100, competition 0..1 with two decimals", async () => {
    const { keywords } = await suggest(search("Silver moon necklace"));
    for (const k of keywords) {
      expect(Number.isInteger(k.popularity)).toBe(true);
      expect(k.popularity).toBeGreaterThanOrEqual(0);
      expect(k.popularity).toBeLessThanOrEqual(100);
      expect(k.competition).toBeGreaterThanOrEqual(0);
      expect(k.competition).toBeLessThanOrEqual(1);
      expect(Math.round(k.competition * 100) / 100).toBe(k.competition);
      expect(["increasing", "declining", "stable"]).toContain(k.trend);
    }
  });

  it("ranks by opportunity: in demand and not crowded first", async () => {
    const { keywords } = await suggest(search("ceramic mug"));
    const score = (k: (typeof keywords)[number]) => (k.popularity / 100) * (1 - k.competition);
    for (let i = 1; i < keywords.length; i++) expect(score(keywords[i - 1])).toBeGreaterThanOrEqual(score(keywords[i]));
  });

  it("builds on the product's own words and the lexicon of its category", async () => {
    const words = (await suggest(search("Silver moon necklace"))).keywords.map((k) => k.keyword);
    expect(words).toContain("moon necklace");
    expect(words.every((k) => k.includes("necklace"))).toBe(true);
    // It does not offer a second material to a product that names one.
    expect(words.some((k) => /\bgold silver\b|\bsilver gold\b/.test(k))).toBe(false);
    expect(inferCategory("Silver moon necklace")).toBe("jewelry");
    expect(inferCategory("cozy wool beanies")).toBe("accessories");
    expect(inferCategory("qwzx plorb")).toBeNull();
  });

  it("labels its answers as sample data with the reason", async () => {
    const result = await suggest(search("silver necklace"));
    expect(result.error).toBe(true);
    expect(result.source).toBe("sample");
    expect(result.fallbackReason).toBe(NO_PROVIDER_REASON);
    expect(result.keywords.every((k) => k.popularitySource === "sample" && k.competitionSource === "sample")).toBe(true);
  });

  it("reads the season: Christmas phrases rise in November and fall in January", async () => {
    const november = await suggest(search("christmas ornament"), Date.UTC(2026, 10, 10));
    const january = await suggest(search("christmas ornament"), Date.UTC(2027, 0, 20));
    const trendOf = (r: typeof november) => r.keywords.find((k) => k.keyword === "christmas ornament")?.trend;
    expect(trendOf(november)).toBe("increasing");
    expect(trendOf(january)).toBe("declining");
  });

  it("draws 52 weekly points ending this week, peaking at 100, with the season's shape", () => {
    const points = sampleTimeline("christmas ornament", "US", NOW);
    expect(points).toHaveLength(52);
    expect(points.at(-1)!.date).toBe("2026-11-15"); // the Sunday that starts this week
    for (let i = 1; i < points.length; i++) {
      expect(Date.parse(points[i].date) - Date.parse(points[i - 1].date)).toBe(7 * 24 * 60 * 60 * 1000);
    }
    expect(Math.max(...points.map((p) => p.value))).toBe(100);
    const month = (m: number) => points.filter((p) => new Date(p.date).getUTCMonth() === m).map((p) => p.value);
    const avg = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;
    expect(avg(month(11))).toBeGreaterThan(avg(month(6)) * 4);
    expect(summariseTimeline(points).trend).toBe("rising");
  });

  it("offers up to 8 top and 8 rising related phrases, top values relative to the first", () => {
    const related = sampleRelatedQueries("ceramic mug", "US", NOW);
    expect(related.top.length).toBeGreaterThan(0);
    expect(related.top.length).toBeLessThanOrEqual(8);
    expect(related.rising.length).toBeLessThanOrEqual(8);
    expect(related.top[0].value).toBe(100);
    expect(related.rising.every((q) => q.value === "Breakout" || (typeof q.value === "number" && q.value > 0))).toBe(true);
    expect(related.top.map((q) => q.query)).not.toContain("ceramic mug");
  });

  it("relates a phrase to searches that keep it whole as often as to searches of its noun, the most searched first", () => {
    for (const name of ["soy candle", "cast iron skillet", "silver hoop earrings"]) {
      const top = sampleRelatedQueries(name, "US", NOW).top;
      const keeps = top.filter((q) => name.split(" ").every((w) => q.query.split(" ").includes(w)));
      expect(keeps.length, name).toBeGreaterThanOrEqual(3);
      expect(top.length - keeps.length, name).toBeGreaterThanOrEqual(3);
      const values = top.map((q) => q.value as number);
      expect(values).toEqual([...values].sort((a, b) => b - a));
      expect(Math.max(...values)).toBe(100);
    }
    // A material of two words stays whole, and a candle of soy is offered no other material.
    const skillet = [...sampleRelatedQueries("cast iron skillet", "US", NOW).top, ...sampleRelatedQueries("cast iron skillet", "US", NOW).rising].map((q) => q.query);
    expect(skillet.filter((q) => /\bcast skillet|\biron skillet/u.test(q) && !q.includes("cast iron"))).toEqual([]);
    const ideas = expandProductName({ productName: "cast iron skillet", platform: "etsy" }).map((c) => c.keyword);
    expect(ideas.filter((k) => /(?:^|\s)(?:cast|iron) skillet/u.test(k) && !k.includes("cast iron skillet"))).toEqual([]);
    const candle = sampleRelatedQueries("soy candle", "US", NOW).top.map((q) => q.query);
    expect(candle.filter((q) => /ceramic|wooden|concrete|glass/u.test(q))).toEqual([]);
  });

  it("ships a complete lexicon: every category has each kind of word, and every occasion a 12-month curve", () => {
    for (const category of CATEGORIES) {
      const lexicon = CATEGORY_LEXICON[category];
      for (const list of [lexicon.nouns, lexicon.modifiers, lexicon.materials, lexicon.occasions, lexicon.audiences, lexicon.styles]) expect(list.length).toBeGreaterThan(3);
      expect(lexicon.season).toHaveLength(12);
      for (const occasion of lexicon.occasions) expect(OCCASIONS[occasion]?.curve).toHaveLength(12);
    }
    for (const platform of PLATFORMS) expect(PLATFORM_LEXICON[platform].prefixes.length).toBeGreaterThan(0);
    expect(normaliseKeyword("  Gift   FOR  Mom’s ")).toBe("gift for moms");
  });

  it("expands a name with no known product noun around the name itself, never another product", () => {
    const candidates = expandProductName({ productName: "zzzzzzzzzzzzzzzzzzzzzzzzzzzzz", platform: "etsy" });
    expect(candidates.length).toBeGreaterThanOrEqual(12);
    expect(candidates.every((c) => c.keyword.includes("zzzzzzzzzzzzzzzzzzzzzzzzzzzzz"))).toBe(true);
  });

  it("keeps the craft and the pattern: 'crochet bunny pattern' gives crochet or amigurumi bunny or rabbit patterns, never resin or vinyl", async () => {
    const ideas = (await suggest(search("crochet bunny pattern", { category: "crafts" }))).keywords.map((k) => k.keyword);
    expect(ideas.length).toBeGreaterThanOrEqual(12);
    for (const idea of ideas) {
      expect(idea, idea).toMatch(/\b(crochet|amigurumi)\b/);
      expect(idea, idea).toMatch(/\b(bunny|rabbit)\b/);
      expect(idea, idea).toMatch(/\bpattern\b/);
      expect(idea, idea).not.toMatch(/\b(resin|vinyl|wood|glass|handmade|kit)\b/);
    }
    expect(ideas).toEqual(expect.arrayContaining(["amigurumi bunny pattern", "crochet rabbit pattern"]));
  });

  it("offers a dog collar no human audience: no 'collar for her' or 'for women'", async () => {
    const ideas = (await suggest(search("leather dog collar", { category: "accessories" }))).keywords.map((k) => k.keyword);
    expect(ideas.every((k) => /\bcollar\b/.test(k))).toBe(true);
    expect(ideas.filter((k) => /\b(her|him|women|men|mom|dad|wife|girlfriend)\b/.test(k))).toEqual([]);
    expect(ideas.filter((k) => /\b(gold|silver|canvas|wool|silk)\b/.test(k))).toEqual([]);
    const candidates = expandProductName({ productName: "leather dog collar", category: "accessories", platform: "amazon" }).map((c) => c.keyword);
    expect(candidates).toEqual(expect.arrayContaining(["small dog collar", "large dog collar"]));
    // The animal stays: a bare "collar" could be a shirt's.
    expect(candidates.every((k) => /\bdog collar\b/.test(k))).toBe(true);
  });

  it("answers a Turkish product in Turkish: 'seramik kupa' gives kupa or bardak ideas with Turkish words only", async () => {
    const ideas = (await suggest(search("seramik kupa", { category: "decor", country: "TR" }))).keywords.map((k) => k.keyword);
    expect(ideas.length).toBeGreaterThanOrEqual(12);
    expect(ideas.every((k) => /\b(kupa|bardak)\b/.test(k))).toBe(true);
    expect(ideas.filter((k) => /\b(christmas|for|him|her|gift|handmade|personalized|ceramic)\b/.test(k))).toEqual([]);
    expect(ideas).toEqual(expect.arrayContaining(["yılbaşı kupa"]));
  });

  it("keeps a digital product digital and a finished one finished", async () => {
    const printable = (await suggest(search("printable wall art", { category: "art" }))).keywords.map((k) => k.keyword);
    expect(printable.every((k) => /\b(printable|digital|pdf|download)\b/.test(k))).toBe(true);
    expect(printable.filter((k) => /\b(framed|canvas|original|handmade)\b/.test(k))).toEqual([]);
    const mug = (await suggest(search("ceramic mug", { category: "decor" }))).keywords.map((k) => k.keyword);
    expect(mug.filter((k) => /\b(printable|digital|pdf|pattern|kit|diy)\b/.test(k))).toEqual([]);
    const toy = (await suggest(search("crochet octopus toy", { category: "crafts" }))).keywords.map((k) => k.keyword);
    expect(toy.every((k) => k.includes("octopus") && !/\bpattern\b/.test(k))).toBe(true);
  });

  it("offers a rug or a blanket no wood, clay or stone, a candle only wax and its vessel, and soy wax only a candle", () => {
    for (const name of ["turkish rug", "wool blanket", "linen pillow"]) {
      const related = sampleRelatedQueries(name, "US", Date.UTC(2026, 10, 28));
      const all = [...related.top, ...related.rising].map((q) => q.query);
      expect(all.filter((k) => /\b(wooden|ceramic|concrete|glass|brass|marble|macrame|rattan|soy wax)\b/.test(k))).toEqual([]);
    }
    const vase = expandProductName({ productName: "vase", category: "decor", platform: "etsy" }).map((c) => c.keyword);
    expect(vase.filter((k) => /soy wax/.test(k))).toEqual([]);
    // A candle is poured of wax into a vessel; macrame, marble and concrete go with what is made of them.
    const candle = sampleRelatedQueries("soy candle", "US", Date.UTC(2026, 10, 28));
    expect([...candle.top, ...candle.rising].map((q) => q.query).filter((k) => /\b(wooden|macrame|rattan|marble|brass|linen)\b/.test(k))).toEqual([]);
    const pillow = expandProductName({ productName: "pillow", category: "decor", platform: "etsy" }).map((c) => c.keyword);
    expect(pillow.filter((k) => /\b(macrame|concrete|marble|rattan)\b/.test(k))).toEqual([]);
  });
});
