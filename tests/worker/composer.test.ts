import { describe, expect, it } from "vitest";
import { LISTING_LIMITS } from "../../schema/api/listings";
import { enforceListingRules, splitAltTexts } from "../../worker/domain/listings/enforce-rules";
import { parseTagsContent } from "../../worker/domain/listings/tags";
import {
  composeAltTexts,
  composeDescription,
  composeTags,
  composeTitle,
  inferTask,
  offlineComposer,
  type ComposeInput,
} from "../../worker/providers/llm/offline-composer";

interface Case extends ComposeInput {
  category: string;
  /** A word of the seller's own description that the listing must use. */
  own: string;
  digital?: boolean;
}

const CASES: Case[] = [
  { category: "jewelry", own: "necklace", description: "Handmade sterling silver moon necklace with a tiny crescent pendant, perfect for layering. Each piece is hand polished in my studio.", keywords: ["minimalist necklace", "moon jewelry", "gift for her"] },
  { category: "jewelry", own: "earrings", description: "Gold filled hoop earrings with freshwater pearls. Lightweight and hypoallergenic for all-day wear.", keywords: ["pearl earrings", "bridal jewelry"] },
  { category: "jewelry", own: "ring", description: "Personalized birthstone ring in 14k rose gold, engraved with your initials.", keywords: [] },
  { category: "jewelry", own: "bracelet", description: "Beaded bracelet made of natural amethyst and lava stones; adjustable elastic cord.", keywords: ["healing crystals", "chakra bracelet", "yoga gift"] },
  { category: "clothing", own: "hoodie", description: "Oversized organic cotton hoodie, hand dyed in soft pastel colours. Relaxed unisex fit.", keywords: ["tie dye hoodie", "pastel sweatshirt"] },
  { category: "clothing", own: "dress", description: "Linen summer dress with pockets and a wrap waist, sewn to order in sizes XS to XXL.", keywords: ["linen dress", "boho summer dress", "plus size dress"] },
  { category: "clothing", own: "sweater", description: "Chunky merino wool sweater, hand knitted with a cable pattern on the front and sleeves.", keywords: ["wool sweater", "cable knit"] },
  { category: "decor", own: "candle", description: "Soy wax candle scented with lavender and vanilla, poured into a reusable amber glass jar. Burns for 40 hours.", keywords: ["soy candle", "lavender candle", "housewarming gift"] },
  { category: "decor", own: "pillow", description: "Embroidered throw pillow cover with a botanical fern design, 18x18 inches, hidden zipper.", keywords: ["boho pillow", "botanical decor"] },
  { category: "decor", own: "planter", description: "Handmade ceramic planter with drainage hole and a speckled white glaze for small succulents.", keywords: ["ceramic planter", "succulent pot"] },
  { category: "decor", own: "wreath", description: "Dried flower wreath with eucalyptus, lavender and pampas grass for your front door.", keywords: [] },
  { category: "art", own: "print", description: "Watercolor art print of a fox in a snowy forest, printed on archival cotton paper.", keywords: ["fox print", "woodland nursery", "watercolor art"] },
  { category: "art", own: "portrait", description: "Custom pet portrait painted in acrylic on canvas from your photo. Ships in a protective box.", keywords: ["pet portrait", "dog painting", "memorial gift"] },
  { category: "art", own: "painting", description: "Original abstract painting in ocean blues and sandy gold tones, 16x20 inch canvas.", keywords: ["abstract art"] },
  { category: "crafts", own: "kit", description: "Beginner embroidery kit with hoop, threads, needles and a printed floral pattern on fabric.", keywords: ["embroidery kit", "diy craft kit"] },
  { category: "crafts", own: "soap", description: "Cold process goat milk soap bar with oatmeal and honey, gentle for sensitive skin.", keywords: ["goat milk soap", "natural soap"] },
  { category: "crafts", own: "bookmark", description: "Pressed flower bookmark laminated with real pansies and a silk tassel.", keywords: ["flower bookmark", "book lover gift"] },
  { category: "accessories", own: "tote", description: "Canvas tote bag screen printed with a retro mushroom illustration, sturdy shoulder straps.", keywords: ["mushroom tote", "canvas bag", "reusable bag"] },
  { category: "accessories", own: "wallet", description: "Full grain leather wallet, hand stitched, with six card slots and a coin pocket.", keywords: ["leather wallet", "mens wallet", "anniversary gift"] },
  { category: "accessories", own: "scarf", description: "Silk scarf hand painted with poppies, rolled edges, 90 cm square.", keywords: ["silk scarf"] },
  { category: "accessories", own: "scrunchie", description: "Velvet scrunchie set of three in emerald, burgundy and navy.", keywords: ["velvet scrunchie", "hair accessories"] },
  { category: "digital", own: "pattern", digital: true, description: "Crochet pattern for a cozy chunky blanket. PDF instant download with step-by-step photos, suitable for beginners.", keywords: ["crochet pattern", "blanket pattern", "easy crochet"] },
  { category: "digital", own: "planner", digital: true, description: "Printable weekly planner template in A4 and US letter, digital download with 12 pages.", keywords: ["printable planner", "weekly planner"] },
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

      it("writes a listing that passes every rule without repair", () => {
        const { report } = enforceListingRules(listing, { productDescription: c.description, keywords: c.keywords });
        expect(report.checks.filter((check) => check.status !== "pass")).toEqual([]);
        expect(report.passed).toBe(true);
        expect(listing.title.length).toBeLessThanOrEqual(LISTING_LIMITS.titleMax);
        expect(listing.tags).toHaveLength(13);
        expect(listing.altTexts.length).toBeGreaterThan(0);
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

      it("writes intro, features and benefits, a digital note only for a digital product, and no FAQ", () => {
        const blocks = listing.description.split(/\n\n/);
        expect(blocks[0]).not.toMatch(/^(#|\*\*|-)/);
        expect(listing.description).toContain("**Features**");
        expect(listing.description).toContain("**Why you'll love it**");
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
    expect(title).toMatch(/^Handmade Ceramic Planter - Succulent Pot/);
  });
});
