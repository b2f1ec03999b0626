/**
 * Decision 0066: only the item's own measurements are its size (a part's or what it fits are not); what
 * it fits and where it was made are read from the seller's phrase, not only from lists; eBay's
 * Country/Region of Manufacture is one of eBay's values; "food-safe" is a property, not care; an Amazon
 * listing whose every seller word is in its title still gets honest search terms.
 */
import { describe, expect, it } from "vitest";
import { auditListing } from "../../shared/audit";
import { claimsWithoutSupport, extractFacts, factItems } from "../../shared/facts";
import { generateListingParts } from "../../worker/domain/listings/generate";
import { optimizeShopListing } from "../../worker/domain/shop/optimize";
import { offlineComposer } from "../../worker/providers/llm/offline-composer";
import type { LlmProvider } from "../../worker/providers/llm/types";
import { fakeModelAnswer } from "../fixtures/listing-corpus/quality";

const sheet = (text: string, platform = "etsy") => extractFacts({ text, platform });
const write = async (description: string, platform: "etsy" | "ebay" | "amazon") => (await generateListingParts(offlineComposer(), { description, keywords: [], platform })).listing;
const specific = (list: { name: string; value: string }[] | undefined, name: string) => list?.find((s) => s.name === name)?.value;
const sizeBullet = (bullets: string[] | undefined) => (bullets ?? []).find((b) => /^(?:Size|Sizes|Ölçü|Ölçüler|Beden): /u.test(b));

const CASE = "Slim silicone phone case for iPhone 15 with a 1.2 mm raised bezel to protect the camera, black.";
const BAND = "Nylon sport band for Apple Watch, fits 45 mm, with a steel buckle, navy.";

describe("only the item's own measurements are its size", () => {
  it("a phone case's 1.2 mm bezel is the bezel's, not the case's size: not the title's size, no Size bullet, the detail still said", async () => {
    expect(sheet(CASE, "amazon").measures).toEqual([]);
    expect(factItems(sheet(CASE, "amazon"))).toContainEqual({ kind: "detail", value: "1.2 mm raised bezel" });
    const l = await write(CASE, "amazon");
    // Said with its bezel ("1.2 mm Raised Bezel") when the title has room, never as the case's size after its name.
    expect(l.title).not.toMatch(/Case 1\.2|1\.2 mm(?! Raised Bezel)/u);
    expect(sizeBullet(l.bullets)).toBeUndefined();
    expect(l.description).not.toMatch(/Size: 1\.2 mm/u);
    expect([l.description, ...(l.bullets ?? [])].join("\n")).toContain("1.2 mm raised bezel");
  });

  it("a watch band that fits 45 mm has no size of 45 mm: it fits an Apple Watch 45 mm", async () => {
    const facts = sheet(BAND, "amazon");
    expect(facts.measures).toEqual([]);
    expect(facts.fits).toEqual(["Apple Watch 45 mm"]);
    const amazon = await write(BAND, "amazon");
    expect(sizeBullet(amazon.bullets)).toBeUndefined();
    expect(amazon.title).toContain("for Apple Watch 45 mm");
    const ebay = await write(BAND, "ebay");
    expect(specific(ebay.itemSpecifics, "Size")).toBeUndefined();
    expect(specific(ebay.itemSpecifics, "Compatible Model")).toBe("Apple Watch 45 mm");
  });

  it("a part's measure before or after its part ('strap width 20 mm', '3 cm wide cotton straps', '5 mm cotton cord') is not the item's", () => {
    expect(sheet("Canvas tote bag, 40x35 cm, with 3 cm wide cotton straps.").measures).toEqual(["40x35 cm"]);
    expect(sheet("Leather camera bag, 22x15 cm, strap width 4 cm.").measures).toEqual(["22x15 cm"]);
    expect(sheet("Macrame plant hanger made from 5 mm cotton cord, 40 inches long, fits pots up to 8 inches.").measures).toEqual(["40 inches"]);
    expect(sheet("Ceramic planter, 15 cm tall, with a 2 cm drainage hole.").measures).toEqual(["15 cm"]);
    expect(sheet("Kahve fincanı, 90 ml, 3 mm kenar kalınlığı.").measures).toEqual(["90 ml"]);
  });

  it("the item's own measures stay its size, a band's own width and a collar's neck size included", () => {
    expect(sheet("Non-slip yoga mat, 72x24 inches, 6 mm thick, TPE foam with carrying strap.").measures).toEqual(["72x24 inches", "6 mm"]);
    expect(sheet("Leather watch strap, 20 mm wide, brown.").measures).toEqual(["20 mm"]);
    expect(sheet("Handmade leather dog collar, 1 inch wide, fits necks 14-18 inches, solid brass buckle, tan.").measures).toEqual(["1 inch", "14-18 inches"]);
    // Both lengths the seller offers (it read "18 inch" alone before session 33).
    expect(sheet("Personalised name necklace, sterling silver, on a 16 or 18 inch chain.").measures).toEqual(["16 or 18 inch"]);
    expect(sheet("Vintage Seiko automatic watch 6309-7040, 1980s, 38 mm stainless steel case.").measures).toEqual(["38 mm"]);
  });
});

describe("what an item fits and where it was made, read from the seller's phrase", () => {
  it("reads a capitalised name after 'fits' and after 'for' with the device's noun, whatever the brand", () => {
    expect(sheet("Foam seat cover for Peloton bike, washable, black.", "amazon").fits).toEqual(["Peloton bike"]);
    // An accessory's "for <Name>" names what it fits.
    expect(sheet("Foam roller cover for Peloton, washable.", "amazon").fits).toEqual(["Peloton"]);
    expect(sheet("Leather sleeve, fits Kobo Clara 2E, handmade.").fits).toEqual(["Kobo Clara 2E"]);
    expect(sheet("Replacement mesh filter, fits Breville Barista Express, pack of 2.", "amazon").fits).toEqual(["Breville Barista Express"]);
    expect(sheet("Felt sleeve compatible with Remarkable 2, grey.").fits).toEqual(["Remarkable 2"]);
  });

  it("reads no occasion, recipient, person or audience as what it fits", () => {
    expect(sheet("Hand knit hat for Her, for Christmas 2025, for Mom.").fits).toEqual([]);
    expect(sheet("Hand Knit Beanie, Fits Most Adults, Gift For Her.").fits).toEqual([]);
    expect(sheet("Gift for Sarah, a personalised mug for Dog Lovers.").fits).toEqual([]);
    expect(sheet("Personalised necklace for Emma, sterling silver.").fits).toEqual([]);
    expect(sheet("Personalised phone case for Emma, clear.").fits).toEqual([]);
    expect(sheet("Gold ring for Sarah.").fits).toEqual([]);
    expect(sheet("Leather case for Dog Lovers.").fits).toEqual([]);
    expect(sheet("Mug for Coffee Lovers, fits Snugly In Your Hand.").fits).toEqual([]);
  });

  it("reads the city or region after 'made in' and 'handmade in'", () => {
    expect(sheet("Copper coffee pot, made in Istanbul, 250 ml.").origin).toBe("Istanbul");
    expect(sheet("Wool rug handmade in Oaxaca, 120x180 cm.").origin).toBe("Oaxaca");
    expect(sheet("Ceramic bowl made in Kyoto, Japan.").origin).toBe("Kyoto, Japan");
    expect(sheet("Soy candle made in small batches in Brooklyn, 8 oz.").origin).toBeUndefined();
    expect(sheet("Ceramic mug made in my studio in Portland.").origin).toBeUndefined();
    expect(sheet("Tote Bag Made In Small Batches, 40x35 cm.").origin).toBeUndefined();
  });
});

describe("eBay's Country/Region of Manufacture is one of eBay's values", () => {
  const country = async (text: string) => specific((await write(text, "ebay")).itemSpecifics, "Country/Region of Manufacture");

  it("England, Scotland and Wales are the United Kingdom; the USA, America and the States are the United States; Türkiye is Turkey", async () => {
    expect(await country("Tweed flat cap made in Scotland, size 58 cm.")).toBe("United Kingdom");
    expect(await country("Wedgwood bone china cup and saucer, made in England, 1980s.")).toBe("United Kingdom");
    expect(await country("Wool blanket woven in Wales, 130x180 cm.")).toBe("United Kingdom");
    expect(await country("Teak bowl, made in the USA.")).toBe("United States");
    expect(await country("Leather belt made in America, 38 inches.")).toBe("United States");
    expect(await country("Cast iron skillet made in the States, 10 inch.")).toBe("United States");
    expect(await country("Cotton peshtemal towel, made in Türkiye, 100x180 cm.")).toBe("Turkey");
    expect(await country("Copper coffee pot, made in Istanbul, 250 ml.")).toBe("Turkey");
    expect(await country("Ceramic bowl made in Kyoto, Japan.")).toBe("Japan");
  });

  it("a city that is not known or not unambiguous gives no country: never a guess", async () => {
    expect(await country("Wool rug handmade in Oaxaca, 120x180 cm.")).toBeUndefined();
    expect(await country("Pine cutting board made in Portland, 30x20 cm.")).toBeUndefined();
  });

  it("a Turkish listing says the country in Turkish", async () => {
    const l = await write("El dövmesi bakır cezve, 250 ml. Türkiye'de üretildi.", "ebay");
    expect(specific(l.itemSpecifics, "Üretim Yeri")).toBe("Türkiye");
    const uk = await write("İskoçya'da dokunmuş yün atkı, 180x30 cm.", "ebay");
    expect(specific(uk.itemSpecifics, "Üretim Yeri")).toBe("Birleşik Krallık");
  });

  it("the enforcer replaces a model's 'England' with eBay's value", async () => {
    const model: LlmProvider = {
      name: "openai",
      label: "A model that writes the seller's word for the country (test fake)",
      offline: false,
      async complete(request) {
        if (request.task === "item-specifics") return JSON.stringify({ Type: "Cup", "Country/Region of Manufacture": "England" });
        return fakeModelAnswer(request.task ?? "generic", request.context?.description ?? request.prompt, "ebay");
      },
    };
    const { listing } = await generateListingParts(model, { description: "Wedgwood bone china cup, made in England, 1980s.", keywords: [], platform: "ebay" });
    expect(specific(listing.itemSpecifics, "Country/Region of Manufacture")).toBe("United Kingdom");
  });
});

describe("food-safe is a property of the item, not care", () => {
  it("'Care: Food-safe' on a wooden spoon is not written as a care instruction; the property and the real care stay", async () => {
    const text = "Hand-carved olive wood spoon, 30 cm. Care: Food-safe. Hand wash only, oil monthly.";
    expect(sheet(text).care).not.toContain("food-safe");
    const l = await write(text, "etsy");
    expect(l.description).not.toMatch(/Care: Food-safe/iu);
    expect(l.description).toMatch(/food-safe/iu);
    expect(l.description).toMatch(/Hand wash only/iu);
    expect(l.description).not.toMatch(/Care: Food/iu);
  });
});

describe("Amazon search terms hold honest words when the title holds every word the seller said", () => {
  it("the bamboo board set gets search terms, each a synonym its words support, none an invented claim", async () => {
    const text = "Bamboo cutting board set of 3 with juice groove, sizes 15x10, 12x8 and 9x6 inches, pre-oiled.";
    const l = await write(text, "amazon");
    expect(l.searchTerms).toBeTruthy();
    expect(l.searchTerms).toMatch(/chopping/u);
    expect(claimsWithoutSupport(l.searchTerms ?? "", extractFacts({ text, platform: "amazon" }), text)).toEqual([]);
    expect(l.searchTerms).not.toMatch(/gift|handmade|organic|eco/iu);
  });
});

describe("a watch's band is an accessory, not a ring", () => {
  it("an Apple Watch band's search terms name no jewelry or finger", async () => {
    const l = await write(BAND, "amazon");
    expect(l.searchTerms ?? "").not.toMatch(/jewel|finger/u);
    expect(l.searchTerms ?? "").toMatch(/strap/u);
    expect((await write("Foam seat cover for Peloton bike, washable, black.", "amazon")).title).toContain("Seat Cover for Peloton Bike");
  });
});

describe("a material noun before the product's noun does not make it that kind of product", () => {
  it("the Doctor offers a canvas tote bag no 'wall art' tags (canvas is its material, a bag its kind)", () => {
    const description = "Handmade canvas tote bag, 40x35 cm, with 3 cm wide cotton straps, natural.";
    const report = auditListing({ title: "Handmade canvas tote bag", description, tags: [], altTexts: [], platform: "etsy", photoCount: 5 });
    const offered = report.findings.flatMap((f) => (f.fix?.patch as { tags?: string[] } | undefined)?.tags ?? []);
    expect(offered).toContain("tote bag");
    expect(offered.filter((t) => /wall|decor/u.test(t))).toEqual([]);
    // A canvas print is still art.
    const print = auditListing({
      title: "Canvas print of a lighthouse",
      description: "Canvas print of a lighthouse, 30x40 cm, ready to hang.",
      tags: [],
      altTexts: [],
      platform: "etsy",
      photoCount: 5,
    });
    expect(print.findings.flatMap((f) => (f.fix?.patch as { tags?: string[] } | undefined)?.tags ?? []).some((t) => /wall/u.test(t))).toBe(true);
  });
});

describe("cast iron is a material, never a care word or a fragment", () => {
  it("bulk optimize proposes a vintage skillet's era in its title and 'cast iron skillet' as a tag, never 'cast skillet'", async () => {
    const description = "Vintage cast iron skillet made in the USA, 10 inch, 1950s, freshly seasoned.";
    const outcome = await optimizeShopListing(
      { title: "Vintage cast iron skillet made in the USA", description, tags: [], altTexts: [], platform: "etsy", ruleReport: null, photoCount: 5 },
      offlineComposer(),
    );
    expect(outcome.proposal?.title).toContain("1950s");
    expect(outcome.proposal?.tags).toContain("cast iron skillet");
    expect(outcome.proposal?.tags).not.toContain("cast skillet");
    expect((await write(description, "etsy")).tags).not.toContain("cast skillet");
  });
});
