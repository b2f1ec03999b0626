/**
 * Decision 0063: what an item fits, where it was made and a material said by its adjective are facts;
 * every title carries what the item fits, eBay's item specifics carry Country/Region of Manufacture and
 * Material, and bulk optimize keeps a vintage item's era and every size of a set in an Etsy title.
 */
import { describe, expect, it } from "vitest";
import { extractFacts, factItems } from "../../shared/facts";
import { generateListingParts } from "../../worker/domain/listings/generate";
import { optimizeShopListing } from "../../worker/domain/shop/optimize";
import { offlineComposer } from "../../worker/providers/llm/offline-composer";
import type { LlmProvider } from "../../worker/providers/llm/types";
import { fakeModelAnswer } from "../fixtures/listing-corpus/quality";

const sheet = (text: string, platform = "etsy") => extractFacts({ text, platform });
const materials = (text: string) => sheet(text).materials.map((m) => m.name);
const write = async (description: string, platform: "etsy" | "ebay" | "amazon") => (await generateListingParts(offlineComposer(), { description, keywords: [], platform })).listing;
const specific = (list: { name: string; value: string }[] | undefined, name: string) => list?.find((s) => s.name === name)?.value;

describe("the fact sheet reads what an item fits", () => {
  it("reads the device or appliance after 'for', 'fits' and 'compatible with', as the seller wrote it", () => {
    expect(sheet("Silicone case for iPhone 15 Pro, shockproof corners, matte black.").fits).toEqual(["iPhone 15 Pro"]);
    expect(sheet("Silicone sealing ring, fits Instant Pot 6 qt models, pack of 2, BPA-free.").fits).toEqual(["Instant Pot 6 qt"]);
    expect(sheet("Replacement glass carafe compatible with Mr. Coffee 12-cup coffee makers, 60 oz.").fits).toEqual(["Mr. Coffee 12-cup"]);
    expect(sheet("Nylon sport loop band for Apple Watch 41 mm and 40 mm, olive green.").fits).toEqual(["Apple Watch 41 mm and 40 mm"]);
  });

  it("reads Turkish 'X ile uyumlu', 'X uyumlu' and leaves the product's name to the product", () => {
    const airpods = sheet("AirPods Pro 2 ile uyumlu silikon kılıf, karabinalı, lacivert.", "amazon");
    expect(airpods.fits).toEqual(["AirPods Pro 2"]);
    expect(airpods.head).toBe("kılıf");
    expect(sheet("iPhone 15 uyumlu şeffaf silikon telefon kılıfı, darbe emici köşeler.").fits).toEqual(["iPhone 15"]);
    expect(sheet("2025 dijital ajanda, Goodnotes uyumlu, köprülü PDF.").fits).toEqual(["Goodnotes"]);
  });

  it("does not take an occasion, a recipient, an audience or a size for something the item fits", () => {
    expect(sheet("Hand knit hat for Mom, one size fits most, for women.").fits).toEqual([]);
    expect(sheet("Christmas stocking for Christmas 2025, red velvet.").fits).toEqual([]);
    expect(sheet("Macrame plant hanger, fits pots up to 8 inches.").fits).toEqual([]);
    expect(sheet("Hand sewn doll dress, fits dolls 14-18 inches tall.").fits).toEqual([]);
    expect(sheet("Anneler Günü için el örgüsü şal, krem.").fits).toEqual([]);
    // Title-case text capitalises every word: a capital alone does not make a device.
    expect(sheet("Hand Knit Beanie Suitable For Beginners, Fits Most Adults, Made For Winter.").fits).toEqual([]);
    expect(sheet("Gift for Sarah, a personalised mug for Dog Lovers.").fits).toEqual([]);
    expect(sheet("SVG cut files for Cricut and Silhouette, instant download.").fits).toEqual(["Cricut and Silhouette"]);
    expect(sheet("Shelf insert, fits IKEA Kallax, white.").fits).toEqual(["IKEA Kallax"]);
  });

  it("does not make the brand of the device the brand of the accessory (a band for Apple Watch is not an Apple band)", () => {
    expect(sheet("Nylon sport loop band for Apple Watch 41 mm, olive green.").brand).toBeUndefined();
    expect(sheet("Apple iPhone 12 Pro, 128 GB, graphite, unlocked.").brand).toBe("Apple");
  });
});

describe("the fact sheet reads where an item was made", () => {
  it("reads 'made in <country>' and 'Türkiye'de üretildi'", () => {
    expect(sheet("Wedgwood bone china cup and saucer, made in England, 1980s.").origin).toBe("England");
    expect(sheet("Peshtemal beach towel in 100% cotton, made in Turkey.").origin).toBe("Turkey");
    expect(sheet("Vintage brass magnifying glass, 1950s, made in West Germany.").origin).toBe("West Germany");
    expect(sheet("El dövmesi bakır cezve, 250 ml. Türkiye'de üretildi.").origin).toBe("Türkiye");
    expect(factItems(sheet("Teak bowl, made in the USA.")).map((i) => `${i.kind}:${i.value}`)).toContain("origin:USA");
  });

  it("reads no country from a city, a year or small batches", () => {
    expect(sheet("Soy candle made in small batches in Brooklyn, 8 oz.").origin).toBeUndefined();
    expect(sheet("Pyrex bowl made in 1962, 2.5 qt.").origin).toBeUndefined();
    expect(sheet("Ceramic mug made in my studio in Portland.").origin).toBeUndefined();
  });
});

describe("the fact sheet reads a material said by its adjective, and no material where the word names something else", () => {
  it("reads 'wooden', 'woollen' as wood and wool when they describe the product", () => {
    expect(materials("Hand carved wooden spoon, 30 cm, finished with food-safe oil.")).toEqual(["wood"]);
    expect(materials("Woollen mittens, hand knit, one size, charcoal grey.")).toEqual(["wool"]);
    expect(materials("Wooden toy train for toddlers, painted with non-toxic paint.")).toEqual(["wood"]);
    expect(materials("Wooden world map puzzle for kids ages 3 and up, 40 pieces.")).toEqual(["wood"]);
    expect(materials("Insulated stainless steel water bottle, 32 oz.")).toEqual(["stainless steel"]);
    expect(materials("Ceviz ağacından ahşap servis tepsisi, 40x25 cm.")).toEqual(expect.arrayContaining(["ahşap", "ceviz"]));
  });

  it("keeps a wooden part the part's and a wooden box the packaging's", () => {
    expect(materials("Hand knit cardigan in 100% merino wool with wooden buttons.")).toEqual(["merino wool"]);
    expect(materials("Sterling silver ring. Sent in a wooden box.")).toEqual(["sterling silver"]);
  });

  it("reads bone china, crystal, silicone and wicker", () => {
    expect(materials("Wedgwood bone china cup and saucer.")).toEqual(["bone china"]);
    expect(materials("Hand blown crystal wine glass, set of 2.")).toEqual(["crystal"]);
    expect(materials("Silicone sealing ring, pack of 2.")).toEqual(["silicone"]);
    expect(materials("Wicker picnic basket with leather straps, lined with cotton.")).toEqual(["wicker", "cotton"]);
  });

  it("reads no material from what a product is for or from an item named after a material", () => {
    expect(materials("Leather conditioner for boots and bags, 250 ml.")).toEqual([]);
    expect(materials("Glass cleaner spray, streak free, 500 ml.")).toEqual([]);
    expect(materials("Lavender linen spray for pillows and sheets, 100 ml.")).toEqual([]);
    expect(materials("Brass polish cream, 150 ml.")).toEqual([]);
    expect(materials("Cotton candy scented soy candle, 200 g.")).not.toContain("cotton");
    expect(materials("Vintage brass magnifying glass, 1950s.")).toEqual(["brass"]);
    expect(materials("Crystal clear phone case, shockproof.")).toEqual([]);
    expect(materials("Pirinç unu ile yapılmış glutensiz kurabiye, 12 adet.")).toEqual([]);
    expect(materials("Deri bakım kremi, 100 ml, balmumu içerir.")).toEqual(["balmumu"]);
    expect(materials("Cam silme bezi, 40x40 cm, 3 adet.")).toEqual([]);
    expect(materials("Hassas deri için zeytinyağlı sabun, 100 g.")).not.toContain("deri");
    expect(materials("El yapımı pirinç şamdan, 20 cm.")).toEqual(["pirinç"]);
    expect(materials("Sheet music for brass band, printable PDF, 12 pages.")).toEqual([]);
    expect(materials("Brass band ring, 4 mm wide, size 7.")).toEqual(["brass"]);
    expect(materials("Personalised map print, a perfect cotton anniversary gift, A4 on matte paper.")).toEqual(["paper"]);
    expect(materials("Suni deri çanta, kahverengi.")).toEqual(["suni deri"]);
  });
});

describe("every writer's title carries what the item fits", () => {
  it("an Amazon title names the device after the product ('Silicone Case for iPhone 15 Pro')", async () => {
    const l = await write("Silicone case for iPhone 15 Pro, shockproof corners, matte black.", "amazon");
    expect(l.title.startsWith("Silicone Case for iPhone 15 Pro")).toBe(true);
  });

  it("an Amazon title says a measure of what it fits once ('for Instant Pot 6 qt', not '6 qt for Instant Pot 6 qt')", async () => {
    const l = await write("Silicone sealing ring, fits Instant Pot 6 qt models, pack of 2, BPA-free, dishwasher safe.", "amazon");
    // In the seller's words ("Fits Instant Pot 6 qt Models") or Listora's ("for Instant Pot 6 qt").
    expect(l.title).toMatch(/(?:for|Fits) Instant Pot 6 qt/u);
    expect(l.title.match(/6 qt/g)?.length).toBe(1);
  });

  it("an English description made in Türkiye stays English: 'for iPhone 15 Pro' and English bullet labels, no 'Uyumlu' or 'Detaylar'", async () => {
    const description = "Clear silicone phone case for iPhone 15 Pro, 1.2 mm raised bezel, shock-absorbing corners, wireless charging compatible. Made in Türkiye.";
    expect(sheet(description, "amazon").language).toBe("en");
    expect(sheet("Müller glass vase, 1970s, bought in Zürich.").language).toBe("en");
    // Short Turkish descriptions stay Turkish: a lower-case word with ö, or two Turkish words.
    expect(sheet("Keten önlük, cepli").language).toBe("tr");
    expect(sheet("Seramik kupa 350 ml").language).toBe("tr");
    const l = await write(description, "amazon");
    expect(l.title).toContain("for iPhone 15 Pro");
    expect(l.title).not.toMatch(/Uyumlu/u);
    expect((l.bullets ?? []).join("\n")).not.toMatch(/Detaylar|Malzeme|Ürün/u);
  });

  it("a Turkish Amazon listing of a made-in-Türkiye silicone case claims no handwork in its search terms, joined or not", async () => {
    const l = await write("AirPods Pro 2 ile uyumlu silikon kılıf, karabinalı, lacivert. Türkiye'de üretildi.", "amazon");
    expect(l.searchTerms ?? "").not.toMatch(/el ?yapım|handmade/iu);
  });

  it("a Turkish Amazon title leads with 'AirPods Pro 2 Uyumlu'", async () => {
    const l = await write("AirPods Pro 2 ile uyumlu silikon kılıf, karabinalı, lacivert.", "amazon");
    expect(l.title.startsWith("AirPods Pro 2 Uyumlu Silikon Kılıf")).toBe(true);
  });

  it("an eBay title says 'Leather Cover for Kindle Paperwhite' and its specifics name the Compatible Model and Material", async () => {
    const l = await write("Leather cover for Kindle Paperwhite 11th generation, magnetic auto sleep closure, brown. Light scuffs on the corners.", "ebay");
    expect(l.title).toContain("Leather Cover for Kindle Paperwhite 11th Generation");
    expect(specific(l.itemSpecifics, "Compatible Model")).toBe("Kindle Paperwhite 11th generation");
    expect(specific(l.itemSpecifics, "Material")).toBe("Leather");
    expect(specific(l.itemSpecifics, "Brand")).toBeUndefined();
  });
});

describe("eBay item specifics carry the seller's material and country of manufacture, and only those", () => {
  it("the enforcer drops a model's Brand that is only the fitted device's and adds Compatible Model, Material and the country", async () => {
    const model: LlmProvider = {
      name: "openai",
      label: "A model that brands the accessory after the device (test fake)",
      offline: false,
      async complete(request) {
        if (request.task === "item-specifics") return JSON.stringify({ Brand: "Apple", Type: "Watch band", Color: "Olive green" });
        return fakeModelAnswer(request.task ?? "generic", request.context?.description ?? request.prompt, "ebay");
      },
    };
    const text = "Nylon sport loop band for Apple Watch 41 mm, olive green, made in Vietnam.";
    const { listing } = await generateListingParts(model, { description: text, keywords: [], platform: "ebay" });
    expect(specific(listing.itemSpecifics, "Brand")).toBeUndefined();
    expect(specific(listing.itemSpecifics, "Compatible Model")).toBe("Apple Watch 41 mm");
    expect(specific(listing.itemSpecifics, "Material")).toBe("Nylon");
    expect(specific(listing.itemSpecifics, "Country/Region of Manufacture")).toBe("Vietnam");
    expect(listing.title).toContain("Apple Watch 41 mm");
  });

  it("bone china made in England", async () => {
    const l = await write("Wedgwood bone china cup and saucer, Wild Strawberry pattern, made in England, 1980s, no chips or cracks.", "ebay");
    expect(specific(l.itemSpecifics, "Material")).toBe("Bone China");
    expect(specific(l.itemSpecifics, "Country/Region of Manufacture")).toBe("United Kingdom");
  });

  it("a Turkish copper cezve made in Türkiye", async () => {
    const l = await write("El dövmesi bakır cezve, 250 ml, içi kalaylı. Türkiye'de üretildi.", "ebay");
    expect(specific(l.itemSpecifics, "Malzeme")).toBe("Bakır");
    expect(specific(l.itemSpecifics, "Üretim Yeri")).toBe("Türkiye");
  });

  it("a cup and saucer is named as the pair in the eBay title, never as a cup alone", async () => {
    expect(sheet("Vintage Royal Albert Old Country Roses teacup and saucer, 1962, bone china.").pairedWith).toBe("saucer");
    const l = await write("Wedgwood bone china cup and saucer, Wild Strawberry pattern, made in England, 1980s, no chips or cracks.", "ebay");
    expect(l.title).toContain("Cup and Saucer");
    expect(sheet("Linen apron with two front pockets and cross back straps.").pairedWith).toBeUndefined();
  });

  it("no country when the seller named none", async () => {
    const l = await write("Vintage 1970s Pyrex #403 mixing bowl, 2.5 qt, Turquoise Butterprint pattern. No chips.", "ebay");
    expect(specific(l.itemSpecifics, "Country/Region of Manufacture")).toBeUndefined();
  });
});

describe("bulk optimize keeps in an Etsy title the facts a seller expects there", () => {
  const propose = async (title: string, description: string) =>
    (await optimizeShopListing({ title, description, tags: [], altTexts: [], platform: "etsy", ruleReport: null, photoCount: 5 }, offlineComposer())).proposal;

  it("a vintage casserole's era, with its model number as written", async () => {
    const p = await propose("Corningware Blue Cornflower casserole dish P-1-B", "Corningware Blue Cornflower casserole dish P-1-B, vintage 1960s, 1 quart, with lid. No chips.");
    expect(p?.title).toContain("1960s");
    expect(p?.title).toContain("P-1-B");
  });

  it("every size of a cutting board set", async () => {
    const p = await propose("Bamboo cutting board set of 3 with juice groove", "Bamboo cutting board set of 3 with juice groove, sizes 15x10, 12x8 and 9x6 inches, pre-oiled.");
    for (const size of ["15x10", "12x8", "9x6"]) expect(p?.title).toContain(size);
  });

  it("what a phone case fits", async () => {
    const p = await propose("Clear phone case", "Clear phone case for iPhone 15 Pro, shockproof corners, 1.2 mm raised bezel.");
    expect(p?.title).toContain("iPhone 15 Pro");
  });
});

describe("what a product is for is not the product, and a scent is not a colour", () => {
  it("names a leather conditioner and a linen spray, not the boots and pillows they are for", async () => {
    expect(sheet("Leather conditioner for boots, bags and saddles, 250 ml, with beeswax and lanolin.").product).toBe("Leather conditioner");
    const spray = await write("Lavender linen spray for pillows and sheets, 100 ml, made with lavender essential oil.", "etsy");
    expect(spray.title.startsWith("Lavender Linen Spray")).toBe(true);
    expect(spray.tags).not.toContain("home decor");
  });

  it("reads 'lavender essential oil' and 'rose scented' as scents; a lavender tin keeps its colour", () => {
    expect(sheet("Lavender linen spray, 100 ml, made with lavender essential oil.").colours).toEqual([]);
    expect(sheet("Soy wax candle in a lavender tin, rose scented, 8 oz.").colours).toEqual(["lavender"]);
  });
});
