/**
 * Decision 0069: misreads a seller noticed in the fact sheet and the writers. A maker named first in a
 * vintage text is the brand; a flower or fruit before "pattern"/"print" is the pattern, not the colour;
 * a food word after "Apple" makes no brand; a Turkish describing word or a measure is no noun; a
 * person's first name after "for" is no fit; a short Etsy text gets more tags from its own words.
 */
import { describe, expect, it } from "vitest";
import { extractFacts } from "../../shared/facts";
import { MATERIALS, readProduct } from "../../shared/listings/phrases";
import { isFragmentTag, unsupportedPhrases } from "../../shared/listings/support";
import { generateListingParts } from "../../worker/domain/listings/generate";
import { optimizeShopListing } from "../../worker/domain/shop/optimize";
import { offlineComposer } from "../../worker/providers/llm/offline-composer";

const compose = async (description: string, platform: "etsy" | "ebay" | "amazon") => (await generateListingParts(offlineComposer(), { description, keywords: [], platform })).listing;
const specific = (listing: { itemSpecifics?: { name: string; value: string }[] }, name: string) => listing.itemSpecifics?.find((s) => s.name === name)?.value;

describe("a maker named first in a vintage text", () => {
  it("is the brand on eBay, on no list or not (Aynsley, Denby, Hornsea, Poole Pottery, Sümerbank), and a style, a nationality, a material or a pattern word never is", async () => {
    for (const [text, brand] of [
      ["Aynsley bone china cup and saucer, 1950s, rose pattern, made in England. Excellent condition, no chips.", "Aynsley"],
      ["Denby stoneware teapot, Greenwheat design, 1970s, 2 pints. Small chip on the spout.", "Denby"],
      ["Vintage Hornsea coffee mugs, pair, lavender print on white. No chips.", "Hornsea"],
      ["Poole Pottery vase, 1960s, orange and red, 20 cm tall. No chips or cracks.", "Poole Pottery"],
      ["Sümerbank basma kumaş, 1970'ler, 3 metre, gül desenli. Lekesiz.", "Sümerbank"],
    ]) {
      expect(extractFacts({ text, platform: "ebay" }).brand, text).toBe(brand);
      expect(specific(await compose(text, "ebay"), /Sümerbank/u.test(text) ? "Marka" : "Brand"), text).toBe(brand);
    }
    // Never a style, a nationality, a material or a pattern word, nor a name in a text that is not vintage.
    for (const text of [
      "Victorian brass candlestick, 1880s, 25 cm tall, light patina.",
      "English bone china teacup, 1930s, gilt rim, peach roses pattern, no maker's mark.",
      "Danish teak side table from the 1960s, 50x50 cm.",
      "Gül desenli porselen çay fincanı takımı, 6 kişilik, 1980'ler. Kırık yok.",
      "Brass desk lamp, circa 1962, 40 cm tall, original shade.",
      "Peshtemal beach towel in 100% cotton, 100x180 cm, navy and white stripes.",
    ])
      expect(extractFacts({ text, platform: "ebay" }).brand, text).toBeUndefined();
  });
});

describe("a flower or a fruit before 'pattern', 'design' or 'print'", () => {
  it("is the item's pattern, and no colour: eBay gets Pattern=Rose and no Color=Rose", async () => {
    const text = "Aynsley bone china cup and saucer, 1950s, rose pattern, made in England. Excellent condition, no chips.";
    const facts = extractFacts({ text, platform: "ebay" });
    expect(facts.designs).toEqual(["Rose"]);
    expect(facts.colours).not.toContain("rose");
    const listing = await compose(text, "ebay");
    expect(specific(listing, "Pattern")).toBe("Rose");
    expect(specific(listing, "Color")).toBeUndefined();
  });

  it("keeps its colour with the motif ('peach roses') and leaves a real colour the colour's ('blue floral design' is blue, pattern Floral)", () => {
    expect(extractFacts({ text: "English bone china teacup, 1930s, peach roses pattern.", platform: "ebay" }).designs).toEqual(["Peach Roses"]);
    expect(extractFacts({ text: "English bone china teacup, 1930s, peach roses pattern.", platform: "ebay" }).colours).not.toContain("peach");
    const spode = extractFacts({ text: "Spode dinner plates, set of 4, blue floral design, 27 cm, 1980s.", platform: "ebay" });
    expect(spode.designs).toEqual(["Floral"]);
    expect(spode.colours).toContain("blue");
    // A colour named as a colour stays one: "dusty rose linen napkins".
    expect(extractFacts({ text: "Dusty rose linen napkins, set of 4, 45x45 cm." }).colours).toContain("dusty rose");
  });

  it("makes a linen tea towel with a lavender print a tea towel, never wall art, in the composer and in bulk optimize", async () => {
    const text = "Linen tea towel with a lavender print, 50x70 cm, natural colour.";
    expect(readProduct(text).head).toBe("towel");
    expect(extractFacts({ text }).designs).toEqual(["Lavender"]);
    const listing = await compose(text, "etsy");
    expect(listing.title).toMatch(/^Linen Tea Towel/u);
    const row = { title: "Linen tea towel with a lavender print", description: text, tags: [], altTexts: [], platform: "etsy" as const, ruleReport: null, photoCount: 5 };
    const proposal = (await optimizeShopListing(row, offlineComposer())).proposal;
    for (const tags of [listing.tags ?? [], proposal?.tags ?? []]) {
      expect(tags.join("|")).not.toMatch(/wall art|gallery wall|wall decor/u);
      expect(tags.flatMap((t) => unsupportedPhrases(t, text, { lang: "en", category: "other" }))).toEqual([]);
    }
  });
});

describe("a food or colour word after a brand's name", () => {
  it("makes no brand: 'Apple pie dish', 'Apple green napkins', 'Apple corer', while 'Apple iPad Air' is Apple's", async () => {
    for (const text of ["Apple pie dish, ceramic, 24 cm", "Apple green cotton napkins, set of 6, 40x40 cm.", "Apple corer and slicer, stainless steel, 8 blades, dishwasher safe."]) {
      expect(extractFacts({ text }).brand, text).toBeUndefined();
      expect((await compose(text, "etsy")).description, text).not.toMatch(/Brand: Apple/u);
    }
    expect(extractFacts({ text: "Apple iPad Air 4th generation, 64 GB, sky blue, 2020.", platform: "ebay" }).brand).toBe("Apple");
  });
});

describe("the product's noun", () => {
  it("is 'yoga matı' in 'Kaymaz yoga matı 183x61 cm', never the measure, and no tag cuts it ('kaymaz 183x61 cm')", async () => {
    for (const [text, head] of [
      ["Kaymaz yoga matı 183x61 cm", "yoga matı"],
      ["Kaymaz banyo paspası 50x80 cm, pamuk, gri.", "banyo paspası"],
      // A possessive whose bare noun stands alone is that noun: "sepeti" is a "sepet" (basket), as before.
      ["Katlanır çamaşır sepeti 40x30 cm, hasır görünümlü.", "sepet"],
      ["Non-slip yoga mat 183x61 cm, natural rubber.", "mat"],
      ["Hand blown crystal wine glass, set of 2, 350 ml each.", "glass"],
      ["Dusty rose linen napkins, set of 4, 45x45 cm, stonewashed.", "napkins"],
    ])
      expect(readProduct(text).head, text).toBe(head);
    const tags = (await compose("Kaymaz yoga matı 183x61 cm", "etsy")).tags ?? [];
    expect(tags).toContain("kaymaz yoga matı");
    expect(tags).not.toContain("kaymaz 183x61 cm");
    // "matı" only in the whole name or in its other name ("egzersiz matı"), never alone after a describing word.
    expect(tags.filter((t) => /(?:^| )matı$/u.test(t) && !/(?:yoga|egzersiz) matı$/u.test(t))).toEqual([]);
    // One tag for the same words in another order ("yoga matı 183x61 cm", "183x61 cm yoga matı").
    expect(new Set(tags.map((t) => t.split(" ").sort().join(" "))).size).toBe(tags.length);
  });

  it("keeps a Turkish compound whole in tags: no 'paspası 50x80 cm', and the colour and material go with the whole name", async () => {
    const tags = (await compose("Kaymaz banyo paspası 50x80 cm, pamuk, gri.", "etsy")).tags ?? [];
    expect(tags).toEqual(expect.arrayContaining(["kaymaz banyo paspası", "gri banyo paspası", "pamuk banyo paspası"]));
    expect(tags.filter((t) => t.includes("paspası") && !t.includes("banyo paspası"))).toEqual([]);
  });

  it("'hasır görünümlü' (wicker-look) is no material: no Malzeme: Hasır bullet", async () => {
    expect(extractFacts({ text: "Katlanır çamaşır sepeti 40x30 cm, hasır görünümlü." }).materials).toEqual([]);
    const listing = await compose("Katlanır çamaşır sepeti 40x30 cm, hasır görünümlü.", "amazon");
    expect((listing.bullets ?? []).join("\n")).not.toMatch(/Malzeme: Hasır/u);
    expect(listing.searchTerms).not.toBe("");
  });
});

describe("a person's first name after 'for'", () => {
  it("is whom the item is for, never what it fits: Emma, Sophie, Oliver, Elif", () => {
    for (const text of [
      "Phone case for Emma, personalised with name",
      "Phone case for Emma, pink glitter.",
      "Felt glasses case for Sophie, embroidered with her name, 17x8 cm.",
      "Leather keyring for Oliver, hand stamped name, brass ring.",
      "Elif için isimli telefon kılıfı, şeffaf silikon.",
    ])
      expect(extractFacts({ text }).fits, text).toEqual([]);
    // A device's name still is: "Felt sleeve for Kindle Paperwhite", "Foam roller cover for Peloton".
    expect(extractFacts({ text: "Felt sleeve for Kindle Paperwhite, 17x12 cm, grey." }).fits).toEqual(["Kindle Paperwhite"]);
    expect(extractFacts({ text: "Foam handlebar cover for Peloton bike, made in Istanbul, non-slip, 2 pack" }).fits).toEqual(["Peloton bike"]);
  });

  it("leaves the title the seller's personalisation: 'Phone Case - Personalised with Name', never 'Phone Case for Emma'", async () => {
    for (const platform of ["etsy", "amazon", "ebay"] as const) {
      const { title } = await compose("Phone case for Emma, personalised with name", platform);
      expect(title, platform).toMatch(/Personalised with Name/u);
      expect(title, platform).not.toMatch(/for Emma/u);
    }
  });
});

describe("a short Etsy text", () => {
  it("gets tags from the seller's own words and honest combinations of them: the Peloton cover's fit, 'non-slip', 'made in Istanbul'", async () => {
    const text = "Foam handlebar cover for Peloton bike, made in Istanbul, non-slip, 2 pack";
    const tags = (await compose(text, "etsy")).tags ?? [];
    expect(tags.length).toBeGreaterThanOrEqual(7);
    expect(tags).toEqual(expect.arrayContaining(["foam handlebar cover", "peloton bike cover", "non-slip cover", "made in istanbul"]));
    // Nothing the seller did not say: no audience, occasion or use, no piece cut from a phrase.
    expect(tags.flatMap((t) => unsupportedPhrases(t, text, { lang: "en", category: "other" }))).toEqual([]);
    expect(tags.filter((t) => isFragmentTag(t, text, MATERIALS, readProduct(text).head))).toEqual([]);
    expect(tags.join("|")).not.toMatch(/gift|cycling|fitness/u);
  });

  it("lets a longer whole phrase take the place of the shorter one it holds, so 'siyah sırt çantası' is a tag, not blocked by 'sırt çantası'", async () => {
    const tags = (await compose("Su geçirmez sırt çantası 20 litre, siyah.", "etsy")).tags ?? [];
    expect(tags).toContain("siyah sırt çantası");
    // No piece of a describing phrase or a unit alone: "su sırt çantası" (of "su geçirmez"), "litre sırt çantası".
    expect(tags).not.toContain("su sırt çantası");
    expect(tags).not.toContain("litre sırt çantası");
  });
});

describe("a clay body the seller did not name", () => {
  it("is never written: a ceramic pie dish's Amazon search terms say no stoneware, a stoneware mug's may", async () => {
    const dish = await compose("Apple pie dish, ceramic, 24 cm, oven safe, sage green glaze", "amazon");
    expect(dish.searchTerms).not.toMatch(/stoneware/);
    expect(unsupportedPhrases("stoneware pie dish", "Apple pie dish, ceramic, 24 cm")).toEqual([expect.objectContaining({ concept: "stoneware" })]);
    expect(unsupportedPhrases("stoneware mug", "Hand-thrown stoneware mug, speckled glaze, 350 ml")).toEqual([]);
    // "pottery" and "ceramic" still say what any clay body is.
    expect(unsupportedPhrases("pottery bowl", "Porcelain bowl, 15 cm")).toEqual([]);
  });
});
