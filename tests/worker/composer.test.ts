import { describe, expect, it } from "vitest";
import { LISTING_LIMITS } from "../../schema/api/listings";
import { enforceListingRules, splitAltTexts } from "../../worker/domain/listings/enforce-rules";
import { parseTagsContent } from "../../worker/domain/listings/tags";
import { extractFacts, keptFacts, unsupportedClaims } from "../../shared/facts";
import { composeAltTexts, composeDescription, composeTags, composeTitle, inferTask, offlineComposer, type ComposeInput } from "../../worker/providers/llm/offline-composer";

interface Case extends ComposeInput {
  category: string;
  /** A word of the seller's own description that the listing must use. */
  own: string;
  digital?: boolean;
}

const CASES: Case[] = [
  {
    category: "jewelry",
    own: "necklace",
    description: "Handmade sterling silver moon necklace with a tiny crescent pendant, perfect for layering. Each piece is hand polished in my studio.",
    keywords: ["minimalist necklace", "moon jewelry", "gift for her"],
  },
  {
    category: "jewelry",
    own: "earrings",
    description: "Gold filled hoop earrings with freshwater pearls. Lightweight and hypoallergenic for all-day wear.",
    keywords: ["pearl earrings", "bridal jewelry"],
  },
  { category: "jewelry", own: "ring", description: "Personalized birthstone ring in 14k rose gold, engraved with your initials.", keywords: [] },
  {
    category: "jewelry",
    own: "bracelet",
    description: "Beaded bracelet made of natural amethyst and lava stones; adjustable elastic cord.",
    keywords: ["healing crystals", "chakra bracelet", "yoga gift"],
  },
  { category: "clothing", own: "hoodie", description: "Oversized organic cotton hoodie, hand dyed in soft pastel colours. Relaxed unisex fit.", keywords: ["tie dye hoodie", "pastel sweatshirt"] },
  {
    category: "clothing",
    own: "dress",
    description: "Linen summer dress with pockets and a wrap waist, sewn to order in sizes XS to XXL.",
    keywords: ["linen dress", "boho summer dress", "plus size dress"],
  },
  { category: "clothing", own: "sweater", description: "Chunky merino wool sweater, hand knitted with a cable pattern on the front and sleeves.", keywords: ["wool sweater", "cable knit"] },
  {
    category: "decor",
    own: "candle",
    description: "Soy wax candle scented with lavender and vanilla, poured into a reusable amber glass jar. Burns for 40 hours.",
    keywords: ["soy candle", "lavender candle", "housewarming gift"],
  },
  { category: "decor", own: "pillow", description: "Embroidered throw pillow cover with a botanical fern design, 18x18 inches, hidden zipper.", keywords: ["boho pillow", "botanical decor"] },
  { category: "decor", own: "planter", description: "Handmade ceramic planter with drainage hole and a speckled white glaze for small succulents.", keywords: ["ceramic planter", "succulent pot"] },
  { category: "decor", own: "wreath", description: "Dried flower wreath with eucalyptus, lavender and pampas grass for your front door.", keywords: [] },
  { category: "art", own: "print", description: "Watercolor art print of a fox in a snowy forest, printed on archival cotton paper.", keywords: ["fox print", "woodland nursery", "watercolor art"] },
  {
    category: "art",
    own: "portrait",
    description: "Custom pet portrait painted in acrylic on canvas from your photo. Ships in a protective box.",
    keywords: ["pet portrait", "dog painting", "memorial gift"],
  },
  { category: "art", own: "painting", description: "Original abstract painting in ocean blues and sandy gold tones, 16x20 inch canvas.", keywords: ["abstract art"] },
  { category: "crafts", own: "kit", description: "Beginner embroidery kit with hoop, threads, needles and a printed floral pattern on fabric.", keywords: ["embroidery kit", "diy craft kit"] },
  { category: "crafts", own: "soap", description: "Cold process goat milk soap bar with oatmeal and honey, gentle for sensitive skin.", keywords: ["goat milk soap", "natural soap"] },
  { category: "crafts", own: "bookmark", description: "Pressed flower bookmark laminated with real pansies and a silk tassel.", keywords: ["flower bookmark", "book lover gift"] },
  {
    category: "accessories",
    own: "tote",
    description: "Canvas tote bag screen printed with a retro mushroom illustration, sturdy shoulder straps.",
    keywords: ["mushroom tote", "canvas bag", "reusable bag"],
  },
  {
    category: "accessories",
    own: "wallet",
    description: "Full grain leather wallet, hand stitched, with six card slots and a coin pocket.",
    keywords: ["leather wallet", "mens wallet", "anniversary gift"],
  },
  { category: "accessories", own: "scarf", description: "Silk scarf hand painted with poppies, rolled edges, 90 cm square.", keywords: ["silk scarf"] },
  { category: "accessories", own: "scrunchie", description: "Velvet scrunchie set of three in emerald, burgundy and navy.", keywords: ["velvet scrunchie", "hair accessories"] },
  {
    category: "digital",
    own: "pattern",
    digital: true,
    description: "Crochet pattern for a cozy chunky blanket. PDF instant download with step-by-step photos, suitable for beginners.",
    keywords: ["crochet pattern", "blanket pattern", "easy crochet"],
  },
  {
    category: "digital",
    own: "planner",
    digital: true,
    description: "Printable weekly planner template in A4 and US letter, digital download with 12 pages.",
    keywords: ["printable planner", "weekly planner"],
  },
  { category: "digital", own: "svg", digital: true, description: "Floral SVG cut file bundle for Cricut and Silhouette, instant download.", keywords: ["svg bundle", "cricut files"] },
];

const compose = (c: ComposeInput) => ({ title: composeTitle(c), description: composeDescription(c), tags: composeTags(c), altTexts: composeAltTexts(c) });

describe("the offline composer", () => {
  it("covers every category of the spec with at least 20 descriptions", () => {
    expect(CASES.length).toBeGreaterThanOrEqual(20);
    expect(new Set(CASES.map((c) => c.category))).toEqual(new Set(["jewelry", "clothing", "decor", "art", "crafts", "accessories", "digital"]));
  });

  for (const c of CASES) {
    describe(`${c.category}: ${c.description.slice(0, 40)}...`, () => {
      const listing = compose(c);

      it("writes a listing that passes every rule without repair (fewer than 13 tags only when no more are true of the product)", () => {
        const { report } = enforceListingRules(listing, { productDescription: c.description, keywords: c.keywords });
        expect(report.checks.filter((check) => check.status === "repaired")).toEqual([]);
        expect(report.checks.filter((check) => check.status === "warning").map((check) => check.rule)).toEqual(listing.tags.length < 13 ? ["tags.count"] : []);
        expect(listing.title.length).toBeLessThanOrEqual(LISTING_LIMITS.titleMax);
        // A one-sentence description gives few true tags ("goat milk soap", "natural soap", "soap bar", "sensitive
        // skin"); "bathroom decor" or "self care gift" would be inventions (decision 0039).
        expect(listing.tags.length).toBeGreaterThanOrEqual(4);
        expect(listing.tags.length).toBeLessThanOrEqual(13);
        expect(listing.altTexts.length).toBeGreaterThan(0);
      });

      it("claims nothing the seller did not say (no stock sentence, no invented gift, care or handmade claim)", () => {
        const all = [listing.title, listing.description, ...listing.tags, ...listing.altTexts].join("\n");
        expect(unsupportedClaims(all, extractFacts({ text: c.description, tags: c.keywords }), `${c.description}\n${c.keywords.join("\n")}`)).toEqual([]);
      });

      it("uses the product's own words in the title, description, tags and alt texts", () => {
        const own = c.own.toLowerCase();
        expect(listing.title.toLowerCase()).toContain(own);
        expect(listing.description.toLowerCase()).toContain(own);
        expect(listing.tags.some((t) => t.includes(own))).toBe(true);
        expect(listing.altTexts.every((a) => a.toLowerCase().includes(own))).toBe(true);
      });

      it("puts the product first, within the part of the title a phone shows", () => {
        expect(listing.title.toLowerCase().indexOf(c.own.toLowerCase())).toBeLessThan(LISTING_LIMITS.titleMobile);
      });

      it("writes the seller's intro, the features with every fact, a digital note only for a digital product, and no FAQ", () => {
        const blocks = listing.description.split(/\n\n/);
        expect(blocks[0]).not.toMatch(/^(#|\*\*|-|•)/);
        expect(listing.description).toMatch(/^Features$/m);
        expect(listing.description).not.toMatch(/^Why you'll love it$/m);
        expect(keptFacts(listing.description, extractFacts({ text: c.description })).dropped).toEqual([]);
        expect(listing.description).not.toMatch(/faq|frequently asked/i);
        if (c.digital) expect(listing.description).toMatch(/This is a digital product\. No physical item will be shipped\./);
        else expect(listing.description).not.toMatch(/digital product|no physical item/i);
      });

      it("uses each selected keyword somewhere in the listing", () => {
        const all = [listing.title, listing.description, ...listing.tags, ...listing.altTexts].join(" ").toLowerCase();
        for (const k of c.keywords) expect(all).toContain(k.toLowerCase());
      });
    });
  }

  it("writes the same listing for the same input", () => {
    expect(compose(CASES[0])).toEqual(compose({ ...CASES[0] }));
  });

  it("writes a different title and alt texts when one part is regenerated", () => {
    const first = compose(CASES[0]);
    const second = compose({ ...CASES[0], variant: 1 });
    expect(second.title).not.toBe(first.title);
    expect(second.altTexts).not.toEqual(first.altTexts);
  });

  it("gives one alt text per image, each naming a different keyword", () => {
    const alt = composeAltTexts(CASES[0]);
    expect(alt[0]).toContain("minimalist necklace");
    expect(alt[1]).toContain("moon jewelry");
    expect(alt[2]).toContain("gift for her");
  });

  it("keeps the seller's acronyms in the title", () => {
    expect(composeTitle(CASES[23])).toContain("SVG");
  });

  it("writes a usable listing from a one-word description", () => {
    const listing = compose({ description: "Mug", keywords: [] });
    const { report } = enforceListingRules(listing, { productDescription: "Mug", keywords: [] });
    expect(listing.title).toMatch(/mug/i);
    expect(report.checks.filter((check) => check.status === "repaired")).toEqual([]);
  });
});

describe("the offline composer as an LLM provider", () => {
  const provider = offlineComposer();

  it("says it is the offline composer", () => {
    expect(provider.name).toBe("offline-composer");
    expect(provider.offline).toBe(true);
    expect(provider.label).toMatch(/offline/i);
  });

  it("answers each task in the shape a model is asked for", async () => {
    const context = { description: CASES[0].description, keywords: CASES[0].keywords };
    const title = await provider.complete({ system: "", prompt: "", task: "title", context });
    const tags = await provider.complete({ system: "", prompt: "", task: "tags", context });
    const alt = await provider.complete({ system: "", prompt: "", task: "alt-text", context });
    expect(title).toBe(composeTitle(CASES[0]));
    expect(parseTagsContent(tags)).toEqual(composeTags(CASES[0]));
    expect(alt).toMatch(/^\*\*Image 1:\*\* /);
    expect(splitAltTexts(alt)).toEqual(composeAltTexts(CASES[0]));
  });

  it("reads a raw prompt of the spec's client flow: task from its words, keywords from its Keywords line", async () => {
    const prompt = `Product description: Handmade ceramic planter with a speckled glaze.\nKeywords: succulent pot, ceramic planter`;
    expect(inferTask("Generate an SEO title for an Etsy listing", prompt)).toBe("title");
    expect(inferTask("Generate 13 tags as a JSON array", prompt)).toBe("tags");
    expect(inferTask("Write alt text for each image", prompt)).toBe("alt-text");
    expect(inferTask("Write the listing description", prompt)).toBe("description");
    const title = await provider.complete({ system: "Generate an SEO title", prompt });
    expect(title).toMatch(/^Handmade Ceramic Planter - (Succulent Pot|Ceramic Planter)/);
  });
});

// ---- Listings worth pasting: 30 English and 10 Turkish products, every marketplace -------------

import { PLATFORM_LIMITS, type Platform } from "../../schema/api/listings";
import { hasMarkdown } from "../../schema/plain-text";
import { auditListing } from "../../shared/audit";
import { CATEGORIES, FILLER_PHRASES, OCCASIONS } from "../../shared/listings/categories";
import { readProduct, titleCase } from "../../shared/listings/phrases";
import { isSubPhraseDuplicate } from "../../worker/domain/listings/tags";
import { TEMPLATE_WORDS, byteLength, composeBullets, composeItemSpecifics, composeSearchTerms } from "../../worker/providers/llm/offline-composer";
import enFixtures from "../fixtures/products/en.json";
import trFixtures from "../fixtures/products/tr.json";

interface Fixture {
  id: string;
  category: string;
  product: string;
  measures: string[];
  keywords: string[];
  description: string;
  digital?: boolean;
}

const EN_FIXTURES = enFixtures as Fixture[];
const TR_FIXTURES = trFixtures as Fixture[];

/** Words a title segment or a tag must not end on: prepositions, conjunctions and adjectives that need their noun. */
const DANGLING = new Set(
  `for with in of to by on at from and or the a an as into
  big small tiny large thick thin chunky dainty soft cozy warm glossy matte shiny sturdy funny retro vintage minimalist
  hand-knit handmade hand knitted crocheted printed painted ribbed speckled scented unscented stuffed glazed engraved
  freshwater vegan organic natural personalized custom adjustable reusable lightweight oversized
  için ile ve veya de da gibi kalın büyük küçük yumuşak zarif hafif mat doğal organik el`.split(/\s+/),
);
const UNIT_FIRST = /^(inch|inches|cm|mm|ml|oz|gr|g|gsm)(?=\s|$)/i;
const MARKDOWN = /\*\*|__|^#{1,6}\s|^\s*[-*+]\s|\[[^\]]+\]\([^)]*\)/m;

function composeFor(f: Fixture, platform: Platform) {
  const i = { description: f.description, keywords: f.keywords, platform };
  const raw = {
    title: composeTitle(i),
    description: composeDescription(i),
    tags: platform === "etsy" ? composeTags(i) : [],
    altTexts: platform === "ebay" ? [] : composeAltTexts(i),
    bullets: platform === "amazon" ? composeBullets(i) : undefined,
    searchTerms: platform === "amazon" ? composeSearchTerms(i) : undefined,
    itemSpecifics: platform === "ebay" ? composeItemSpecifics(i) : undefined,
  };
  return { raw, ...enforceListingRules(raw, { productDescription: f.description, keywords: f.keywords, platform }) };
}

const segmentsOf = (title: string) =>
  title
    .split(/\s+-\s+|,\s+/)
    .map((s) => s.trim())
    .filter(Boolean);
const lastWord = (text: string) => (text.toLocaleLowerCase("tr").match(/[\p{L}\p{N}'-]+/gu) ?? []).pop() ?? "";

/** Every word of the English templates and category phrases: none may appear in a Turkish listing unless the seller wrote it. */
function englishTemplateVocabulary(): Set<string> {
  const texts: string[] = [];
  const collect = (value: unknown) => {
    if (typeof value === "string") texts.push(value);
    else if (Array.isArray(value)) value.forEach(collect);
    else if (value && typeof value === "object") Object.values(value).forEach(collect);
  };
  collect(TEMPLATE_WORDS.en);
  for (const c of CATEGORIES) collect([c.intent.en, c.titleTail.en, c.synonyms.en, c.type.en]);
  for (const o of OCCASIONS) collect(o.en);
  const turkish = new Set<string>();
  const collectTr = (value: unknown) => {
    if (typeof value === "string") for (const w of value.toLocaleLowerCase("tr").match(/\p{L}+/gu) ?? []) turkish.add(w);
    else if (Array.isArray(value)) value.forEach(collectTr);
    else if (value && typeof value === "object") Object.values(value).forEach(collectTr);
  };
  collectTr(TEMPLATE_WORDS.tr);
  for (const c of CATEGORIES) collectTr([c.intent.tr, c.titleTail.tr, c.synonyms.tr, c.type.tr, c.nouns.tr]);
  const vocab = new Set<string>();
  for (const t of texts) for (const w of t.toLowerCase().match(/\p{L}+/gu) ?? []) if (w.length >= 3 && !turkish.has(w)) vocab.add(w);
  return vocab;
}

describe("listings worth pasting: 30 English and 10 Turkish products", () => {
  it("holds 30 English products across the common Etsy categories and 10 Turkish ones, with measures", () => {
    expect(EN_FIXTURES).toHaveLength(30);
    expect(TR_FIXTURES).toHaveLength(10);
    expect(new Set(EN_FIXTURES.map((f) => f.category)).size).toBeGreaterThanOrEqual(18);
    for (const m of ["18 inch", "350 ml", "11 oz"]) expect(EN_FIXTURES.some((f) => f.measures.includes(m))).toBe(true);
    expect(EN_FIXTURES.some((f) => f.measures.some((m) => /^\d+x\d+ cm$/.test(m)))).toBe(true);
  });

  for (const f of [...EN_FIXTURES, ...TR_FIXTURES]) {
    describe(`${f.id}`, () => {
      const etsy = composeFor(f, "etsy");
      const lang = readProduct(f.description).lang;

      it("reads the product's language and names its product", () => {
        expect(lang).toBe(TR_FIXTURES.includes(f) ? "tr" : "en");
        expect(etsy.listing.title.toLocaleLowerCase(lang)).toContain(f.product.toLocaleLowerCase(lang).slice(0, Math.max(3, f.product.length - 2)));
      });

      it("writes a title and tags of whole phrases: no fragment ends on a preposition or a dangling adjective", () => {
        for (const segment of segmentsOf(etsy.listing.title)) expect(DANGLING.has(lastWord(segment)), `title segment "${segment}"`).toBe(false);
        for (const tag of etsy.listing.tags) {
          expect(DANGLING.has(lastWord(tag)), `tag "${tag}"`).toBe(false);
          expect(tag, `tag "${tag}" starts with a unit`).not.toMatch(UNIT_FIRST);
        }
        for (const segment of segmentsOf(etsy.listing.title)) expect(segment, `segment "${segment}" starts with a unit`).not.toMatch(UNIT_FIRST);
      });

      it("keeps numbers with their units", () => {
        const all = [etsy.listing.title, etsy.listing.description, ...etsy.listing.tags].join("\n").toLocaleLowerCase(lang);
        for (const m of f.measures) expect(all, `measure "${m}"`).toContain(m.toLocaleLowerCase(lang));
        if (f.measures.length)
          expect([etsy.listing.title, ...etsy.listing.tags].join(" ").toLocaleLowerCase(lang)).toMatch(new RegExp(f.measures.map((m) => m.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")).join("|"), "i"));
        expect(etsy.listing.title).not.toMatch(/\b(Ml|Cm|Mm|Oz|Gr)\b/);
      });

      it("writes up to 13 distinct tags, each true of the product: no filler, no tag inside another, no invented claim", () => {
        const tags = etsy.listing.tags;
        // Only tags true of the product: a coffee mug is no "çay kupası" or "ofis kupası", and "el sabun" is a fragment (decision 0039).
        expect(tags.length).toBeGreaterThanOrEqual(5);
        expect(tags.length).toBeLessThanOrEqual(13);
        expect(unsupportedClaims(tags.join("\n"), extractFacts({ text: f.description, tags: f.keywords }), `${f.description}\n${f.keywords.join("\n")}`)).toEqual([]);
        for (const tag of tags) {
          expect(tag.length).toBeLessThanOrEqual(20);
          expect(tag.split(" ").length).toBeGreaterThanOrEqual(2);
          expect(FILLER_PHRASES).not.toContain(tag);
        }
        for (const [i, a] of tags.entries()) for (const b of tags.slice(i + 1)) expect(isSubPhraseDuplicate(a, b, lang), `"${a}" / "${b}"`).toBe(false);
      });

      it("writes a plain-text description with its sections on their own lines", () => {
        const d = etsy.listing.description;
        expect(d).not.toMatch(MARKDOWN);
        expect(hasMarkdown(d)).toBe(false);
        expect(d).toMatch(lang === "tr" ? /^Özellikler$/m : /^Features$/m);
        expect(d).toMatch(/^• /m);
        if (f.digital) expect(d).toMatch(lang === "tr" ? /dijital bir üründür/ : /This is a digital product/);
      });

      it("follows every marketplace's rules without needing a repair", () => {
        for (const platform of ["etsy", "ebay", "amazon"] as const) {
          const { report } = composeFor(f, platform);
          expect(
            report.checks.filter((c) => c.status === "repaired"),
            platform,
          ).toEqual([]);
        }
      });

      it("writes eBay's parts: a title of at most 80, item specifics only from the description, no tags", () => {
        const { listing } = composeFor(f, "ebay");
        expect(listing.title.length).toBeLessThanOrEqual(PLATFORM_LIMITS.ebay.titleMax);
        expect(listing.tags).toEqual([]);
        expect(listing.itemSpecifics!.length).toBeGreaterThanOrEqual(1);
        const source = f.description.toLocaleLowerCase(lang);
        const constants = new Set(["handmade", "yes", "evet", "el yapımı", "digital", "dijital", "digital (pdf)", "dijital (pdf)"]);
        for (const s of listing.itemSpecifics!) {
          expect(s.value.length).toBeLessThanOrEqual(65);
          for (const part of s.value.toLocaleLowerCase(lang).split(/,\s*/)) {
            if (constants.has(part)) continue;
            const known = (part.match(/[\p{L}\p{N}]+/gu) ?? []).every((w) => source.includes(w) || source.includes(w.slice(0, -1)) || /^\d+$/.test(w));
            expect(known, `${s.name}: ${s.value} is not in the description`).toBe(true);
          }
        }
      });

      it("writes Amazon's parts: a clean title, up to five bullets of the seller's facts and search terms within 249 bytes", () => {
        const { listing } = composeFor(f, "amazon");
        expect(listing.title.length).toBeLessThanOrEqual(PLATFORM_LIMITS.amazon.titleWarn);
        expect(listing.title).not.toMatch(/\b(best|sale|free shipping|cheap|discount)\b|#1|[!$?_{}^~#<>*]/i);
        expect(listing.bullets!.length).toBeGreaterThanOrEqual(3);
        expect(listing.bullets!.length).toBeLessThanOrEqual(5);
        for (const b of listing.bullets!) {
          expect(b.length).toBeLessThanOrEqual(PLATFORM_LIMITS.amazon.bulletMax);
          expect(b).toMatch(/^\p{Lu}[^:]{2,40}: \S/u);
          expect(b).not.toMatch(MARKDOWN);
        }
        const terms = listing.searchTerms!;
        expect(byteLength(terms)).toBeLessThanOrEqual(PLATFORM_LIMITS.amazon.searchTermsMaxBytes);
        expect(terms).not.toMatch(/,/);
        const words = terms.split(" ").filter(Boolean);
        expect(new Set(words).size).toBe(words.length);
        const titleWords = new Set(listing.title.toLocaleLowerCase(lang).match(/[\p{L}\p{N}'-]+/gu) ?? []);
        for (const w of words) expect(titleWords.has(w), `"${w}" is in the title`).toBe(false);
        // One form of a word: not "accessory accessories", not the title's "case" again as "cases".
        if (lang === "en") {
          const singular = (w: string) =>
            w
              .replace(/([^aeiou])ies$/u, "$1y")
              .replace(/(s|x|z|ch|sh)es$/u, "$1")
              .replace(/([^s])s$/u, "$1");
          const forms = [...words, ...titleWords].map(singular);
          for (const w of words) expect(forms.filter((x) => x === singular(w)).length, `"${w}" is said twice in two forms`).toBe(1);
        }
        expect(listing.tags).toEqual([]);
      });
    });
  }

  describe("a Turkish product gives a Turkish listing throughout", () => {
    const vocabulary = englishTemplateVocabulary();
    for (const f of TR_FIXTURES) {
      it(`${f.id}: no English template word on any marketplace`, () => {
        const own = new Set(f.description.toLocaleLowerCase("tr").match(/\p{L}+/gu) ?? []);
        for (const platform of ["etsy", "ebay", "amazon"] as const) {
          const { listing } = composeFor(f, platform);
          const text = [
            listing.title,
            listing.description,
            ...listing.tags,
            ...listing.altTexts,
            ...(listing.bullets ?? []),
            listing.searchTerms ?? "",
            ...(listing.itemSpecifics ?? []).flatMap((s) => [s.name, s.value]),
          ].join(" ");
          const english = (text.toLocaleLowerCase("tr").match(/\p{L}+/gu) ?? []).filter((w) => vocabulary.has(w) && !own.has(w));
          expect(english, platform).toEqual([]);
          expect(listing.title, "Turkish capital i").not.toMatch(/(^|\s)I[a-zçğöşü]/u);
        }
      });
    }

    it("capitalises Turkish words with Turkish rules", () => {
      expect(titleCase("yetişkinler için ince iplik", "tr")).toBe("Yetişkinler İçin İnce İplik");
      expect(titleCase("for kids in ice blue", "en")).toBe("For Kids in Ice Blue");
    });
  });

  describe("the marketplaces' listing doctor", () => {
    for (const platform of ["etsy", "ebay", "amazon"] as const) {
      // Issue 24: the composer no longer pads a listing with stock sentences and gift tags, so a seller's
      // short description gives a shorter listing, and the Doctor scores it for what it holds.
      it(`scores every one of the composer's ${platform} listings at 65 or more (80 on average) without filler`, () => {
        const scores = [...EN_FIXTURES, ...TR_FIXTURES].map((f) => {
          const { listing } = composeFor(f, platform);
          return { id: f.id, score: auditListing({ platform, ...listing, keywords: f.keywords }).score };
        });
        const average = scores.reduce((sum, s) => sum + s.score, 0) / scores.length;
        console.log(
          `${platform}: average ${average.toFixed(1)}, lowest ${Math.min(...scores.map((s) => s.score))}, below 85: ${
            scores
              .filter((s) => s.score < 85)
              .map((s) => `${s.id} ${s.score}`)
              .join(", ") || "none"
          }`,
        );
        for (const s of scores) expect(s.score, s.id).toBeGreaterThanOrEqual(65);
        expect(average).toBeGreaterThanOrEqual(80);
      });
    }
  });
});

describe("held-out products read as a seller would write them", () => {
  const ring = {
    description: "Handmade sterling silver moon phase ring, adjustable band, oxidized finish. Each ring is hand stamped in my studio in Portland. Gift ready in a kraft box.",
    keywords: ["moon ring", "celestial jewelry"],
  };
  const kupa = {
    description: "El yapımı seramik kupa, 300 ml, mat lacivert sır. Bulaşık makinesinde yıkanabilir. Her kupa çarkta şekillendirildiği için boyutlar biraz farklı olabilir.",
    keywords: ["seramik kupa"],
  };

  it("keeps the seller's product name whole when the keyword's words sit apart in it ('Moon Phase Ring', never 'Phase Ring')", () => {
    const title = composeTitle({ ...ring, platform: "etsy" });
    expect(title.startsWith("Moon Ring - ")).toBe(true);
    expect(title).toContain("Sterling Silver Moon Phase Ring");
  });

  it("still drops a describing word the keyword already says ('Personalized Ring - Birthstone Ring')", () => {
    const title = composeTitle({ description: "Personalized birthstone ring in 14k rose gold, engraved with your initials.", keywords: ["personalized ring"], platform: "etsy" });
    expect(title.startsWith("Personalized Ring - ")).toBe(true);
    expect(title.match(/personalized/gi)).toHaveLength(1);
  });

  it("leads with the keyword once when the product phrase says its words in another order, a file format aside ('Octopus Crochet Pattern - Amigurumi Pattern PDF')", () => {
    const octopus = {
      description: "Crochet octopus amigurumi pattern PDF, beginner friendly, uses DK cotton yarn and 3 mm hook, finished size 15 cm",
      keywords: ["octopus crochet pattern"],
      platform: "etsy",
    };
    const title = composeTitle(octopus);
    expect(title.startsWith("Octopus Crochet Pattern - ")).toBe(true);
    expect(title).toContain("Amigurumi Pattern PDF");
    expect(title.match(/octopus/gi)).toHaveLength(1);
    expect(title.match(/crochet/gi)).toHaveLength(1);
  });

  it("tags a pattern with the supplies as the seller names them, never as the pattern's own material or size", () => {
    const tags = composeTags({
      description: "Crochet octopus amigurumi pattern PDF, beginner friendly, uses DK cotton yarn and 3 mm hook, finished size 15 cm",
      keywords: ["octopus crochet pattern"],
      platform: "etsy",
    });
    expect(tags).toContain("dk cotton yarn");
    expect(tags.some((t) => /^(?:uses?|using)\b/.test(t))).toBe(false);
    for (const wrong of ["cotton pattern", "yarn pattern", "15 cm pattern"]) expect(tags).not.toContain(wrong);
    expect(tags).toContain("amigurumi pattern");
  });

  it("names every size of a list the seller sells, whole, in the title and the description ('Sizes S, M and L', never 'Adult S' alone)", () => {
    const collar = { description: "Leather dog collar with brass buckle, sizes S, M and L, handmade in Portugal", keywords: ["leather dog collar"], platform: "etsy" };
    expect(composeTitle(collar)).toContain("Sizes S, M and L");
    expect(composeDescription(collar)).toContain("Sizes: S, M and L");
    const beanie = {
      description: "Knitting pattern for a cabled beanie, PDF in English, sizes child, adult S and adult L, worsted weight yarn",
      keywords: ["beanie knitting pattern"],
      platform: "etsy",
    };
    const title = composeTitle(beanie);
    expect(title).toContain("Sizes Child, Adult S and Adult L");
    expect(composeDescription(beanie)).toContain("Sizes: child, adult S and adult L");
    expect(composeTags(beanie)).not.toContain("adult s");
  });

  it("takes a keyword that holds the whole product name as the name, and one spelled with a hyphen as said ('Beanie Knitting Pattern', 'Anker USB-C Charger')", () => {
    const mitts = composeTitle({ description: "Knitting pattern, fingerless mitts, PDF in English, worsted weight yarn", keywords: ["mitts knitting pattern"], platform: "etsy" });
    expect(mitts.startsWith("Mitts Knitting Pattern - ")).toBe(true);
    expect(mitts.match(/knitting pattern/gi)).toHaveLength(1);
    // What a pattern makes leads its name ("Knitting pattern for a cabled beanie").
    const beanie = composeTitle({
      description: "Knitting pattern for a cabled beanie, PDF in English, sizes child, adult S and adult L, worsted weight yarn",
      keywords: ["beanie knitting pattern"],
      platform: "etsy",
    });
    expect(beanie.startsWith("Cabled Beanie Knitting Pattern - ")).toBe(true);
    expect(beanie.match(/knitting pattern/gi)).toHaveLength(1);
    const charger = composeTitle({ description: "Anker USB-C charger 65W, GaN, 3 ports, foldable plug, for MacBook, iPhone 15 and Galaxy S24", keywords: ["usb c charger"], platform: "amazon" });
    expect(charger.startsWith("Anker USB-C Charger")).toBe(true);
    expect(charger.match(/charger/gi)).toHaveLength(1);
  });

  it("never makes the packaging a title phrase, a tag or an alt text keyword ('kraft box')", () => {
    for (const platform of ["etsy", "amazon", "ebay"] as const) expect(composeTitle({ ...ring, platform }).toLowerCase()).not.toContain("box");
    expect(composeTags({ ...ring, platform: "etsy" }).some((t) => t.includes("box"))).toBe(false);
    expect(composeAltTexts({ ...ring, platform: "etsy" }).some((t) => t.includes("box"))).toBe(false);
    expect(composeDescription({ ...ring, platform: "etsy" })).toContain("kraft box");
  });

  it("cuts Turkish phrases at verbs, participles, adverbs and place words: no 'boyutlar biraz' or 'kupa çarkta şekillendirildiği'", () => {
    const parts = [
      composeTitle({ ...kupa, platform: "etsy" }),
      composeTitle({ ...kupa, platform: "amazon" }),
      ...composeTags({ ...kupa, platform: "etsy" }),
      ...composeAltTexts({ ...kupa, platform: "etsy" }),
    ];
    for (const part of parts) expect(part.toLocaleLowerCase("tr"), part).not.toMatch(/biraz|şekillendirildiği|çarkta|olabilir/u);
  });

  it("gives each alt text a phrase the product name and its view do not already say", () => {
    for (const input of [ring, kupa]) {
      const alts = composeAltTexts({ ...input, platform: "etsy" });
      expect(alts).toHaveLength(5);
      const name = readProduct(input.description).phrase!.tokens.map((t) => t.toLocaleLowerCase("tr"));
      for (const alt of alts) {
        const extra = alt.slice(alt.lastIndexOf(", ") + 2).toLocaleLowerCase("tr");
        expect(
          extra.split(" ").every((w) => name.includes(w)),
          alt,
        ).toBe(false);
      }
      expect(alts.some((a) => /as a gift, gift for/.test(a))).toBe(false);
    }
  });

  it("leaves a shop description's care, shipping and contact sections out of the title, tags and alt texts", () => {
    const shop = {
      description:
        "This cozy chunky knit blanket is hand knitted from 100% merino wool. Size: 120x150 cm. Perfect for your sofa or bed.\n\nCARE: Hand wash cold, dry flat. Do not tumble dry.\n\nSHIPPING: Ships within 3-5 business days from Istanbul. Free shipping to the US.\n\nPlease message me with any questions!",
      keywords: ["chunky knit blanket"],
    };
    const parts = [composeTitle({ ...shop, platform: "etsy" }), ...composeTags({ ...shop, platform: "etsy" }), ...composeAltTexts({ ...shop, platform: "etsy" })];
    for (const part of parts) expect(part.toLowerCase(), part).not.toMatch(/wash|dry flat|business|shipping|istanbul|questions/);
    expect(composeTags({ ...shop, platform: "etsy" })).toContain("merino wool blanket");
  });

  it("never calls the product after the material of its pouch ('kadife kesede' does not make a velvet bracelet)", () => {
    const bileklik = { description: "Doğal taş bileklik, ametist ve lav taşı, elastik ip. Her bileklik elde tek tek dizilir. Şık bir kadife kesede gönderilir.", keywords: ["ametist bileklik"] };
    const parts = [composeTitle({ ...bileklik, platform: "etsy" }), ...composeTags({ ...bileklik, platform: "etsy" })];
    for (const part of parts) expect(part.toLocaleLowerCase("tr"), part).not.toMatch(/kadife|elde/u);
  });

  it("keeps a share with its material ('%100 pamuk' in a Turkish title) and never leaves it alone in a tag or alt text", () => {
    const battaniye = { description: "Kişiye özel isimli bebek battaniyesi, %100 pamuk, 75x100 cm. Doğum hediyesi olarak idealdir.", keywords: ["isimli bebek battaniyesi"] };
    expect(composeTitle({ ...battaniye, platform: "etsy" })).toContain("%100 Pamuk");
    for (const tag of composeTags({ ...battaniye, platform: "etsy" })) expect(tag).not.toMatch(/^100 /);
    for (const alt of composeAltTexts({ ...battaniye, platform: "etsy" })) expect(alt).not.toMatch(/, %?100%?$/);
  });

  it("lets the Listing Doctor find a Turkish keyword that starts with a dotted capital İ", () => {
    const report = auditListing({
      platform: "etsy",
      title: "İsimli Bebek Battaniyesi - %100 Pamuk",
      description: "Kişiye özel isimli bebek battaniyesi, %100 pamuk.",
      tags: [],
      keywords: ["isimli bebek battaniyesi"],
    });
    expect(report.findings.map((f) => f.id)).not.toContain("title.main-phrase-missing");
  });

  it("keeps the seller's care, shipping and contact notes in the description under their own heading, not as product features", () => {
    const description = composeDescription({
      description:
        "This cozy chunky knit blanket is hand knitted from 100% merino wool. Size: 120x150 cm.\n\nCARE: Hand wash cold, dry flat.\n\nSHIPPING: Ships within 3-5 business days from Istanbul.",
      keywords: [],
      platform: "etsy",
    });
    const [features, notes] = [description.slice(description.indexOf("Features"), description.indexOf("Good to know")), description.slice(description.indexOf("Good to know"))];
    expect(features).not.toMatch(/wash|ships/i);
    expect(notes).toContain("• Care: Hand wash cold, dry flat");
    expect(notes).toContain("• Shipping: Ships within 3-5 business days from Istanbul");
    expect(description.startsWith("This cozy chunky knit blanket is hand knitted from 100% merino wool.")).toBe(true);
  });
});
