import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { enforceAltTexts, enforceDescription, enforceListingRules, enforceTags, enforceTitle, splitAltTexts, type RuleContext } from "../../worker/domain/listings/enforce-rules";
import { parseTagsContent } from "../../worker/domain/listings/tags";
import { composeTags } from "../../worker/providers/llm/offline-composer";

const TITLE_CHARS = /^[\p{L}\p{M}\p{N} \-,.'"/()!?;$€£%:&+]*$/u;
const TAG_CHARS = /^[\p{L}\p{M}\p{N}' -]+$/u;
/** A word with four capitals in a row: shouting, unless it is a model code with its figures ("KSM150PSER"; decision 0091). */
const shouts = (title: string) => (title.match(/[\p{L}\p{N}]+/gu) ?? []).some((w) => /\p{Lu}{4,}/u.test(w) && !/\p{L}\d/u.test(w));

const context: RuleContext = {
  productDescription: "Handmade sterling silver moon necklace with a tiny crescent pendant, perfect for layering.",
  keywords: ["minimalist necklace", "moon jewelry", "gift for her"],
};

/** Text a model might answer: words, capitals, markdown, symbols, emoji, line breaks, other scripts. */
const pieces = fc.constantFrom(
  "moon",
  "NECKLACE",
  "Silver",
  "çiçek",
  "Kolye",
  "ハンドメイド",
  "DIY",
  "SVG",
  " ",
  " ",
  " - ",
  ", ",
  "\n",
  "**",
  "#",
  "_",
  "`",
  "|",
  "%",
  ":",
  "&",
  "+",
  "!",
  "?",
  "€",
  "<b>",
  "</b>",
  "[link](https://x.y)",
  "🌙",
  "™",
  "—",
  "“quoted”",
  "'",
  "=",
  "@",
  "\t",
  "a".repeat(25),
  "gift for her",
);
const modelText = fc.oneof(
  fc.string({ maxLength: 300 }),
  fc.string({ unit: "grapheme", maxLength: 200 }),
  fc.array(pieces, { maxLength: 80 }).map((p) => p.join("")),
);
const listOfText = fc.array(fc.oneof(modelText, fc.constant(""), fc.constant("Moon Necklace"), fc.constant("moon necklace")), { maxLength: 40 });
const anyValue = fc.oneof(modelText, fc.integer(), fc.constant(null));

function expectValid(listing: { title: string; tags: string[]; altTexts: string[]; description: string }) {
  const { title, tags, altTexts } = listing;
  expect(title.length).toBeGreaterThan(0);
  expect(title.length).toBeLessThanOrEqual(130);
  expect(title).toMatch(TITLE_CHARS);
  expect(title).not.toMatch(/\n/);
  expect(shouts(title), title).toBe(false);
  for (const symbol of ["%", ":", "&", "+"]) expect(title.split(symbol).length - 1).toBeLessThanOrEqual(1);

  // 13 when the product's facts give 13 true tags; never padded with an invented one (issue 24).
  const known = composeTags({ description: context.productDescription, keywords: [] }).length;
  expect(tags.length).toBeGreaterThanOrEqual(Math.min(13, known));
  expect(tags.length).toBeLessThanOrEqual(13);
  expect(new Set(tags.map((t) => t.toLowerCase())).size).toBe(tags.length);
  for (const tag of tags) {
    expect(tag.length).toBeLessThanOrEqual(20);
    expect(tag).toMatch(TAG_CHARS);
    expect(tag).toBe(tag.trim());
  }

  expect(altTexts.length).toBeGreaterThan(0);
  expect(new Set(altTexts.map((a) => a.toLowerCase())).size).toBe(altTexts.length);
  for (const alt of altTexts) {
    expect(alt.length).toBeLessThanOrEqual(130);
    expect(alt.trim().length).toBeGreaterThan(0);
    expect(alt).not.toMatch(/\n/);
  }
  expect(listing.description.trim().length).toBeGreaterThan(0);
}

describe("the rule enforcer, for any provider output", () => {
  it("saves a title of at most 130 allowed characters, 13 unique valid tags and unique alt texts of at most 130", () => {
    fc.assert(
      fc.property(modelText, modelText, listOfText, listOfText, fc.array(fc.string({ maxLength: 30 }), { maxLength: 5 }), (title, description, tags, altTexts, keywords) => {
        const { listing } = enforceListingRules({ title, description, tags, altTexts }, { ...context, keywords });
        expectValid(listing);
      }),
      { numRuns: 400 },
    );
  });

  it("copes with values that are not text at all", () => {
    fc.assert(
      fc.property(fc.array(anyValue, { maxLength: 20 }), fc.array(anyValue, { maxLength: 20 }), (tags, altTexts) => {
        const { listing } = enforceListingRules({ title: "", description: "", tags: tags as string[], altTexts: altTexts as string[] }, context);
        expectValid(listing);
      }),
      { numRuns: 200 },
    );
  });

  it("changes nothing when run again on what it saved", () => {
    fc.assert(
      fc.property(modelText, modelText, listOfText, listOfText, (title, description, tags, altTexts) => {
        const first = enforceListingRules({ title, description, tags, altTexts }, context);
        const second = enforceListingRules(first.listing, context);
        expect(second.listing).toEqual(first.listing);
        expect(second.report.checks.filter((c) => c.status === "repaired")).toEqual([]);
      }),
      { numRuns: 300 },
    );
  });

  it("keeps a listing that already follows the rules exactly as it is, and says every rule passed", () => {
    const listing = {
      title: "Sterling Silver Moon Necklace - Crescent Pendant, Layering Necklace, Gift for Her",
      description: "A tiny crescent moon on a fine chain.\n\nFeatures\n• Sterling silver\n\nWhy you'll love it\n• Easy to layer",
      tags: [
        "moon necklace",
        "crescent pendant",
        "silver necklace",
        "layering necklace",
        "gift for her",
        "celestial jewelry",
        "dainty necklace",
        "minimalist jewelry",
        "moon jewelry",
        "sterling silver",
        "birthday gift",
        "boho necklace",
        "witchy jewelry",
      ],
      altTexts: ["Front view of the moon necklace", "Close-up of the crescent pendant"],
    };
    const { listing: saved, report } = enforceListingRules(listing, context);
    expect(saved).toEqual(listing);
    expect(report.passed).toBe(true);
    expect(report.repaired).toBe(false);
    expect(report.checks.map((c) => c.rule)).toEqual(
      expect.arrayContaining([
        "title.length",
        "title.characters",
        "title.no-all-caps",
        "tags.count",
        "tags.length",
        "tags.unique",
        "alt-texts.length",
        "alt-texts.unique",
        "description.no-faq",
        "description.digital-disclaimer",
      ]),
    );
  });
});

describe("title rules", () => {
  const title = (text: string) => enforceTitle(text, context);
  const status = (checks: { rule: string; status: string }[], rule: string) => checks.find((c) => c.rule === rule)?.status;

  it("turns ALL-CAPS words into Title Case but keeps acronyms of up to three letters", () => {
    const result = title("HANDMADE Silver MOON Necklace DIY Kit SVG");
    expect(result.value).toBe("Handmade Silver Moon Necklace DIY Kit SVG");
    expect(status(result.checks, "title.no-all-caps")).toBe("repaired");
  });

  it("keeps % : & + once each", () => {
    const result = title("Moon: Star: Sun & Sky & Sea + Gold + Silver 10% 20%");
    expect(result.value).toBe("Moon: Star - Sun & Sky and Sea + Gold and Silver 10% 20 percent");
    expect(status(result.checks, "title.limited-symbols")).toBe("repaired");
  });

  it("removes markdown, labels, quotes and extra lines, keeping one title", () => {
    const result = title('Here is your SEO title:\n\n**Title:** "Moon Necklace - Silver Pendant"\n\nAlternative: Star Ring');
    expect(result.value).toBe("Moon Necklace - Silver Pendant");
    expect(status(result.checks, "title.single")).toBe("repaired");
  });

  it("replaces characters Etsy refuses", () => {
    const result = title("Moon Necklace | Silver 🌙 Pendant™ <b>Gift</b> #1 @shop");
    expect(result.value).toBe("Moon Necklace - Silver Pendant Gift 1 shop");
    expect(result.value).toMatch(TITLE_CHARS);
    expect(status(result.checks, "title.characters")).toBe("repaired");
  });

  it("keeps letters of every script", () => {
    expect(title("Gümüş Ay Kolye - Çiçek Desenli").value).toBe("Gümüş Ay Kolye - Çiçek Desenli");
  });

  it("cuts a long title at a separator, not in the middle of a word", () => {
    const long = `Sterling Silver Moon Necklace - ${Array.from({ length: 20 }, (_, i) => `Keyword Phrase ${i}`).join(", ")}`;
    const result = title(long);
    expect(result.value.length).toBeLessThanOrEqual(130);
    expect(long.startsWith(result.value)).toBe(true);
    expect(result.value).toMatch(/Keyword Phrase \d+$/);
    expect(status(result.checks, "title.length")).toBe("repaired");
  });

  it("writes a title from the product description when the answer has none", () => {
    const result = title("**\n\n");
    expect(result.value).toBe("Handmade Sterling Silver Moon Necklace");
    expect(status(result.checks, "title.present")).toBe("repaired");
  });
});

describe("tag rules", () => {
  const tags = (list: string[]) => enforceTags(list, context);

  it("parses a JSON array, a fenced array or an object with tags, and gives an empty list for anything else", () => {
    expect(parseTagsContent('["moon necklace", "silver ring"]')).toEqual(["moon necklace", "silver ring"]);
    expect(parseTagsContent('Here you go:\n```json\n["moon necklace"]\n```')).toEqual(["moon necklace"]);
    expect(parseTagsContent('{"tags": ["moon necklace"]}')).toEqual(["moon necklace"]);
    expect(parseTagsContent("moon necklace, silver ring")).toEqual([]);
    expect(parseTagsContent("")).toEqual([]);
  });

  it("fills an empty list to 13 from the keywords first, then the description's phrases", () => {
    const result = tags([]);
    expect(result.value).toHaveLength(13);
    expect(result.value.slice(0, 3)).toEqual(["minimalist necklace", "moon jewelry", "gift for her"]);
    expect(result.value).toContain("crescent pendant");
    expect(result.checks.find((c) => c.rule === "tags.count")).toMatchObject({ status: "repaired", detail: "added 13 from keywords, phrases and buyer searches" });
  });

  it("cuts a long tag to the words that still name the thing, and drops duplicates case-insensitively", () => {
    const result = tags(["Sterling Silver Moon Necklace For Her", "Moon Necklace", "moon necklace", "MOON NECKLACE", "Personalized Leather Dog Collar", "isimli bebek battaniyesi"]);
    expect(result.value[0]).toBe("silver moon necklace");
    expect(result.value).toContain("leather dog collar");
    expect(result.value).toContain("bebek battaniyesi");
    expect(result.value.filter((t) => t === "moon necklace").length).toBeLessThanOrEqual(1);
    expect(new Set(result.value).size).toBe(result.value.length);
    expect(result.checks.find((c) => c.rule === "tags.unique")?.status).toBe("repaired");
    expect(result.checks.find((c) => c.rule === "tags.length")?.status).toBe("repaired");
  });

  it("removes special characters and hashtags", () => {
    const result = tags(["#moon_necklace!", "silver & gold", "mom's gift"]);
    expect(result.value.slice(0, 3)).toEqual(["moon necklace", "silver gold", "mom's gift"]);
  });

  it("pairs a single word with the product's noun so the tag has two words", () => {
    const result = tags(["silver", "necklace"]);
    expect(result.value).toContain("silver necklace");
    expect(result.value).toContain("moon necklace");
    expect(result.checks.find((c) => c.rule === "tags.multi-word")?.status).toBe("repaired");
  });

  it("keeps 13 of a longer list", () => {
    const many = Array.from({ length: 20 }, (_, i) => `moon tag ${i}`);
    const result = tags(many);
    expect(result.value).toEqual(many.slice(0, 13));
    expect(result.checks.find((c) => c.rule === "tags.count")).toMatchObject({ status: "repaired", detail: "kept 13 of 20" });
  });
});

describe("alt text rules", () => {
  it("splits on bold 'Image N:' markers, else on blank lines, else keeps one entry (SPEC §4)", () => {
    expect(splitAltTexts("**Image 1:** Front view\n**Image 2:** Side view")).toEqual(["Front view", "Side view"]);
    expect(splitAltTexts("Front view\n\nSide view\n\n")).toEqual(["Front view", "Side view"]);
    expect(splitAltTexts("Front view of the necklace\nwith a second line")).toEqual(["Front view of the necklace\nwith a second line"]);
    expect(splitAltTexts("")).toEqual([]);
  });

  it("makes each one a single line of at most 130 characters, unique and non-empty", () => {
    const long = `Front view of the moon necklace ${"on a linen cloth ".repeat(10)}`;
    const result = enforceAltTexts(["Image 1: *Front* view", "front view", "", long, "Line one\nline two"], context);
    expect(result.value[0]).toBe("Front view");
    expect(result.value).toHaveLength(3);
    expect(result.value[1].length).toBeLessThanOrEqual(130);
    expect(result.value[2]).toBe("Line one line two");
    expect(result.checks.find((c) => c.rule === "alt-texts.unique")?.status).toBe("repaired");
  });

  it("writes alt texts from the product when the answer had none", () => {
    const result = enforceAltTexts([], context);
    expect(result.value.length).toBeGreaterThan(0);
    expect(result.value[0]).toMatch(/moon necklace/i);
    expect(result.checks.find((c) => c.rule === "alt-texts.present")?.status).toBe("repaired");
  });
});

describe("description rules", () => {
  it("removes an FAQ section and keeps what follows it", () => {
    const text = "A moon necklace.\n\n- Silver\n\n## FAQ\n\n**Q: Is it silver?**\nA: Yes.\n\n## Shipping\n\nShips in 2 days.";
    const result = enforceDescription(text, context);
    expect(result.value).not.toMatch(/FAQ|Is it silver/);
    expect(result.value).toMatch(/^Shipping$/m);
    expect(result.value).toContain("Ships in 2 days.");
    expect(result.checks.find((c) => c.rule === "description.no-faq")?.status).toBe("repaired");
  });

  it("adds the digital-product note to a digital product only", () => {
    const digital = enforceDescription("A crochet pattern.\n\n- 12 pages", { productDescription: "Crochet pattern PDF, instant download", keywords: [] });
    expect(digital.value).toMatch(/This is a digital product\. No physical item will be shipped\./);
    const physical = enforceDescription("A moon necklace.\n\n- Silver\n\nThis is a digital product. No physical item will be shipped.", context);
    expect(physical.value).not.toMatch(/digital product/);
    expect(physical.checks.find((c) => c.rule === "description.digital-disclaimer")?.status).toBe("repaired");
  });

  it("adds an intro before an answer that starts with a list", () => {
    const result = enforceDescription("- silver\n- moon", context);
    const blocks = result.value.split("\n\n");
    expect(blocks[0]).toMatch(/minimalist necklace|moon necklace/);
    expect(blocks[1]).toBe("• silver\n• moon");
    expect(result.checks.find((c) => c.rule === "description.sections")).toMatchObject({ status: "repaired", detail: "added an intro" });
  });

  it("adds the features (the seller's facts, no stock benefits) to an answer of one paragraph", () => {
    const result = enforceDescription("A lovely moon necklace.", context);
    expect(result.value.startsWith("A lovely moon necklace.\n\nFeatures\n• ")).toBe(true);
    expect(result.value).not.toMatch(/^Why you'll love it$/m);
    expect(result.checks.find((c) => c.rule === "description.sections")).toMatchObject({ status: "repaired", detail: "added features and benefits" });
  });

  it("turns Markdown and HTML into plain text, as the marketplaces' description fields take it", () => {
    const text = 'Moon necklace <script>alert(1)</script> [x](javascript:alert(1)) <img src=x onerror="alert(1)">\n\n**Features**\n- Silver';
    const result = enforceDescription(text, context);
    expect(result.value).not.toMatch(/<|>|\]\(|\*\*|^- /m);
    expect(result.value).toMatch(/^Features\n• Silver/m);
    expect(result.checks.find((c) => c.rule === "description.plain-text")?.status).toBe("repaired");
  });
});

describe("a model's buyer phrases (decision 0039)", () => {
  const mug = "Hand-thrown stoneware mug, 12 oz, speckled glaze. Dishwasher safe.";
  const careless = {
    title: "Speckled Stoneware Mug - Christmas Gift for Her - Kitchen Decor",
    description: "A speckled stoneware mug that holds 12 oz. The perfect Christmas gift for her. Dishwasher safe.",
    tags: ["stoneware mug", "speckled mug", "christmas gift", "gift for her", "kitchen decor", "coffee mug"],
    altTexts: ["Speckled stoneware mug, a Christmas gift for her"],
  };
  const all = (l: { title: string; description: string; tags: string[]; altTexts: string[] }) => [l.title, l.description, ...l.tags, ...l.altTexts].join("\n");

  it("a model's 'Christmas gift for her' and 'kitchen decor' are removed when the seller named no occasion, audience or kitchen", () => {
    const { listing, report } = enforceListingRules(careless, { productDescription: mug, keywords: ["stoneware mug"], platform: "etsy", writer: true });
    expect(all(listing)).not.toMatch(/christmas|gift|for her|kitchen/i);
    expect(listing.title).toMatch(/Speckled Stoneware Mug/);
    expect(listing.description).toMatch(/12 oz/);
    expect(listing.tags).toEqual(expect.arrayContaining(["stoneware mug", "speckled mug"]));
    expect(listing.altTexts[0]).toMatch(/Speckled stoneware mug/);
    expect(report.checks.find((c) => c.rule === "facts.claims-supported")?.status).toBe("repaired");
  });

  it("a seller who names Christmas keeps the model's Christmas gift, but not an audience they never named", () => {
    const { listing } = enforceListingRules(careless, { productDescription: `${mug} Ships in time for Christmas.`, keywords: ["stoneware mug"], platform: "etsy", writer: true });
    expect(listing.tags).toContain("christmas gift");
    expect(all(listing)).not.toMatch(/for her|kitchen/i);
  });

  it("a seller's own edit keeps its buyer phrases: the rule applies to what a writer wrote", () => {
    const { listing } = enforceListingRules(careless, { productDescription: mug, keywords: ["stoneware mug"], platform: "etsy" });
    expect(listing.tags).toContain("gift for her");
  });
});
