/**
 * Sixteen sellers' texts that were in no corpus (session 37), read as their sellers would before any
 * change. Each case failed before its fix: a PlayStation 5 Digital Edition was sold as a download with
 * "No physical item will be shipped", a record lost its artist's first name and its catalogue number, a
 * Pyrex bowl's dishwasher dullness was its care, a lens lost its front cap, a film camera was typed
 * "Body", an Air Jordan had no brand, no size system and no shoe specifics, a Turkish flask lost how long
 * it keeps drinks hot, a ring's hammered finish and a pattern's size range were dropped, and a keychain
 * in tan or black came in both.
 */
import { describe, expect, it } from "vitest";
import { extractFacts } from "../../shared/facts";
import { isConditionPhrase } from "../../shared/listings/support";
import { readDigital } from "../../shared/listings/digital";
import { readProduct } from "../../shared/listings/phrases";
import { generateListingParts } from "../../worker/domain/listings/generate";
import { offlineComposer } from "../../worker/providers/llm/offline-composer";

const write = async (description: string, platform: "etsy" | "ebay" | "amazon") => (await generateListingParts(offlineComposer(), { description, keywords: [], platform })).listing;
const specific = (listing: { itemSpecifics?: { name: string; value: string }[] }, name: string) => listing.itemSpecifics?.find((s) => s.name === name)?.value;

const PS5 = "Sony PlayStation 5 Slim Digital Edition 1TB, white, with one DualSense controller and all cables, factory reset.";
const RUMOURS = "Fleetwood Mac Rumours LP 1977 Warner Bros BSK 3010, original US pressing with inner sleeve. Vinyl VG+, cover VG with ring wear.";
const FLOYD = "Pink Floyd - The Dark Side of the Moon, 1973 UK first pressing, Harvest SHVL 804, with both posters and stickers. Vinyl VG+.";
const PYREX = "1960s Pyrex Butterprint Cinderella mixing bowl 443, 2.5 quart, turquoise on white, some dishwasher dullness.";
const LENS = "Canon EF 50mm f/1.8 STM lens, used, clean optics, front and rear caps, no hood.";
const FM2 = "Nikon FM2 35mm film camera body, black, shutter fires at all speeds, light meter works, light brassing on the top plate. Body only, no lens.";
const AJ1 = "Air Jordan 1 Retro High OG Chicago 2015, men's US 10, worn twice, original box included.";
const CASE = "Clear shockproof case for iPhone 15 Pro, TPU bumper with raised edges, MagSafe compatible, 2 pack.";
const TERMOS = "Paslanmaz çelik termos 500 ml, 12 saat sıcak 24 saat soğuk tutar, sızdırmaz kapak, siyah.";
const RING = "Sterling silver stacking ring, 2 mm band, available in sizes 5, 6, 7 and 8, hammered finish.";
const BEANIE = "Chunky cable knit beanie knitting pattern PDF, sizes baby to adult large, uses 1 skein of bulky weight yarn, 8 mm needles, written instructions and chart.";
const KEYRING = "Leather keychain, hand stitched, comes in tan or black, personalised with up to 3 initials.";

describe("what is shipped", () => {
  it("reads a console's Digital Edition as a console, never a download", async () => {
    expect(readDigital(PS5).digital).toBe(false);
    expect(extractFacts({ text: PS5 }).digital).toBe(false);
    const ebay = await write(PS5, "ebay");
    expect(ebay.description).not.toMatch(/digital product|No physical item/iu);
    expect(specific(ebay, "Format")).toBeUndefined();
    // Its storage in TB, and what comes with it, its first thing when the whole does not fit.
    expect(specific(ebay, "Storage Capacity")).toBe("1 TB");
    expect(ebay.title).toBe("Sony PlayStation 5 Slim Digital Edition 1TB White with DualSense Controller");
    // A printable that says it is one stays a file.
    expect(readDigital("Digital edition of my cookbook, PDF download, 40 pages").digital).toBe(true);
  });
});

describe("records", () => {
  it("keeps the seller's whole opening name of a record without a dash, and its label's catalogue number", async () => {
    const ebay = await write(RUMOURS, "ebay");
    expect(ebay.title).toMatch(/^Fleetwood Mac Rumours LP 1977 Warner Bros BSK 3010/u);
    expect(specific(ebay, "Record Label")).toBe("Warner Bros");
    expect(specific(ebay, "Catalog Number")).toBe("BSK 3010");
  });

  it("gives a record's artist and title the seller parted with a dash, and its whole catalogue number in the title", async () => {
    const ebay = await write(FLOYD, "ebay");
    expect(specific(ebay, "Artist")).toBe("Pink Floyd");
    expect(specific(ebay, "Release Title")).toBe("The Dark Side of the Moon");
    expect(specific(ebay, "Catalog Number")).toBe("SHVL 804");
    expect(ebay.title).toContain("Harvest SHVL 804");
  });
});

describe("vintage makers", () => {
  it("reads a bowl's number after its name as its model, its dullness as wear, and its print on its ground", async () => {
    const facts = extractFacts({ text: PYREX });
    expect(facts.models).toEqual(["443"]);
    expect(facts.care).toEqual([]);
    expect(isConditionPhrase("some dishwasher dullness")).toBe(true);
    // A year after a product is no model.
    expect(extractFacts({ text: "Pyrex mixing bowl 1962, blue" }).models).toEqual([]);
    const etsy = await write(PYREX, "etsy");
    expect(etsy.title).toContain("Mixing Bowl 443");
    expect(etsy.title).toContain("Turquoise on White");
    expect(etsy.description).not.toMatch(/Care: /u);
    expect(etsy.description).toContain("Colour: turquoise on white");
    // Thirteen tags, the maker's pattern and era among them, as its collectors search.
    expect(etsy.tags).toHaveLength(13);
    expect(etsy.tags).toEqual(expect.arrayContaining(["butterprint pyrex", "1960s pyrex", "pyrex 443"]));
    // A pattern any maker prints is no collector's search with the maker.
    const shirt = await write("Vintage 1970s Pendleton wool plaid shirt, men's size L, red and black, made in USA.", "etsy");
    expect(shirt.tags).not.toContain("plaid pendleton");
  });
});

describe("cameras and lenses", () => {
  it("keeps both caps of a lens, and gives its focal length, aperture and mount", async () => {
    expect(readProduct(LENS).phrase?.tokens.join(" ")).toBe("Canon EF 50 mm f/1.8 STM lens");
    const ebay = await write(LENS, "ebay");
    expect(ebay.title).toContain("Front and Rear Caps");
    expect(ebay.title).toMatch(/^Canon EF 50 mm f\/1\.8 STM Lens/u);
    expect(specific(ebay, "Focal Length")).toBe("50 mm");
    expect(specific(ebay, "Maximum Aperture")).toBe("f/1.8");
    expect(specific(ebay, "Mount")).toBe("Canon EF");
    expect(specific(ebay, "Size")).toBeUndefined();
  });

  it("types a film camera body as a film camera, with its film format and model", async () => {
    const ebay = await write(FM2, "ebay");
    expect(specific(ebay, "Type")).toBe("Film Camera");
    expect(specific(ebay, "Film Format")).toBe("35mm");
    expect(specific(ebay, "Model")).toBe("FM2");
    expect(specific(ebay, "Size")).toBeUndefined();
    const ae1 = await write("Canon AE-1 Program 35mm SLR film camera, body only, tested: shutter fires at all speeds.", "ebay");
    expect(specific(ae1, "Film Format")).toBe("35mm");
  });
});

describe("a product line names its maker", () => {
  it("gives a sneaker named by its line its brand, size system, department, model and year", async () => {
    expect(extractFacts({ text: AJ1 }).brand).toBe("Jordan");
    const ebay = await write(AJ1, "ebay");
    expect(ebay.title).toBe("Air Jordan 1 Retro High OG Chicago 2015 Men's US 10 with Original Box");
    expect(specific(ebay, "US Shoe Size")).toBe("10");
    expect(specific(ebay, "Department")).toBe("Men");
    expect(specific(ebay, "Model")).toBe("Air Jordan 1");
    expect(specific(ebay, "Release Year")).toBe("2015");
    expect(specific(ebay, "Style")).toBeUndefined();
  });

  it("never makes the line a case fits its maker", () => {
    expect(extractFacts({ text: CASE }).brand).toBeUndefined();
    expect(extractFacts({ text: "iPhone 15 uyumlu şeffaf silikon telefon kılıfı, darbe emici köşeler" }).brand).toBeUndefined();
    expect(extractFacts({ text: "iPhone 13 128GB, midnight, unlocked" }).brand).toBe("Apple");
  });

  it("says Men's once", async () => {
    const ebay = await write("Nike Air Max 90 men's running shoes, UK 9 / US 10, white, with original box.", "ebay");
    expect(ebay.title.match(/Men's/gu)).toHaveLength(1);
  });
});

describe("facts the titles and features kept", () => {
  it("keeps how long a Turkish flask keeps drinks hot and cold: a unit of time said per figure is no repeat", async () => {
    const amazon = await write(TERMOS, "amazon");
    expect(amazon.title).toContain("12 Saat Sıcak 24 Saat Soğuk Tutar");
  });

  it("says a ring's hammered finish in its title and tags", async () => {
    const etsy = await write(RING, "etsy");
    expect(etsy.title).toContain("Hammered Finish");
    expect(etsy.title).toContain("Sizes 5, 6, 7 and 8");
    expect(etsy.tags).toEqual(expect.arrayContaining(["hammered ring", "hammered silver ring"]));
  });

  it("reads a pattern's range of sizes from one wearer to another", async () => {
    expect(extractFacts({ text: BEANIE }).sizes).toEqual(["baby to adult large"]);
    const etsy = await write(BEANIE, "etsy");
    expect(etsy.description).toContain("baby to adult large");
  });

  it("says colours offered as a choice with their 'or'", async () => {
    const etsy = await write(KEYRING, "etsy");
    expect(etsy.description).toContain("Colour: tan or black");
    expect(etsy.description).not.toContain("Colour: tan, black");
  });
});

describe("a second round (session 37)", () => {
  const GSHOCK = "Casio G-Shock DW-5600E digital watch, black resin strap, 200m water resistant, new battery fitted.";
  const CABLE = "USB-C to Lightning cable, 2 m, braided nylon, MFi certified, fast charging for iPhone 14 and 15, 2 pack.";
  const HP = "Harry Potter and the Philosopher's Stone by J.K. Rowling, Bloomsbury 1997 first edition hardback, 10th printing, some foxing on the page edges.";
  const KOLYE = "925 ayar gümüş isim kolye, 45 cm zincir, kişiye özel, hediye kutusu ile gönderilir.";
  const SABUN = "Doğal zeytinyağlı sabun, 100 gr, soğuk işlem, lavanta yağı ile, katkısız.";
  const MACBOOK = "Apple MacBook Air M1 2020 13-inch, 8GB RAM, 256GB SSD, space grey, battery cycle count 210, charger included.";

  it("reads a watch's water resistance as a rating, never its size", async () => {
    const facts = extractFacts({ text: GSHOCK });
    expect(facts.measures).toEqual([]);
    expect(facts.details).toContain("200m water resistant");
    const ebay = await write(GSHOCK, "ebay");
    expect(specific(ebay, "Size")).toBeUndefined();
    expect(ebay.title).toContain("Black Resin Strap");
    expect(ebay.title).toContain("Water Resistant");
  });

  it("keeps a cable's two ends and its certification", async () => {
    expect(readProduct(CABLE).phrase?.tokens.join(" ")).toBe("USB-C to Lightning cable");
    const amazon = await write(CABLE, "amazon");
    expect(amazon.title).toMatch(/^USB-C to Lightning Cable/u);
    expect(amazon.title).toContain("MFi Certified");
    expect(extractFacts({ text: CABLE }).brand).toBeUndefined();
  });

  it("titles a book too long whole with its title, author, year and edition, never a word cut from one", async () => {
    const ebay = await write(HP, "ebay");
    expect(ebay.title).toBe("Harry Potter and the Philosopher's Stone by J.K. Rowling 1997 First Edition");
    expect(specific(ebay, "Format")).toBe("Hardback");
  });

  it("says a Turkish piece is personalised, its oil and what it is without", async () => {
    expect((await write(KOLYE, "etsy")).title).toContain("Kişiye Özel");
    const sabun = await write(SABUN, "etsy");
    expect(sabun.title).toContain("Katkısız");
    expect(sabun.title).toContain("Lavanta Yağlı");
    expect(sabun.tags).toEqual(expect.arrayContaining(["katkısız sabun", "lavanta yağlı sabun"]));
  });

  it("gives a laptop its memory apart from its storage, and its drive's kind once", async () => {
    const ebay = await write(MACBOOK, "ebay");
    expect(specific(ebay, "Storage Capacity")).toBe("256 GB");
    expect(specific(ebay, "RAM Size")).toBe("8 GB");
    expect(ebay.title).toContain("256GB SSD");
    const pro = await write("Apple MacBook Pro 14-inch M3 Pro, 18GB unified memory, 512GB SSD, space black.", "ebay");
    expect(specific(pro, "Storage Capacity")).toBe("512 GB");
    expect(pro.title.match(/512GB/gu)).toHaveLength(1);
  });
});

describe("a third round, Etsy makers (session 37)", () => {
  const SWEATER = "Hand knitted fisherman sweater in Aran wool, cream, women's size M, chest 100 cm, made to order in 3 weeks.";
  const PUZZLE = "Wooden puzzle for kids, 12 pieces, ages 3 and up, water-based paint, dinosaur design.";
  const YAPBOZ = "Çocuklar için ahşap yapboz, 12 parça, 3 yaş ve üzeri, su bazlı boya, dinozor figürlü.";
  const SVG = "Christmas SVG bundle, 25 designs, SVG PNG DXF and EPS files, for Cricut and Silhouette, commercial use allowed.";
  const EARRINGS = "Pressed flower earrings, real forget-me-nots set in resin, gold plated hooks, nickel free, 3 cm drop.";
  const SEMA = "Kanaviçe şeması PDF, lale deseni, 120 x 80 ilmek, 18 renk DMC, 14 count etamin için.";

  it("never calls a made-to-order piece personalised, and reads a chest measure as the wearer's, not the sweater's size", async () => {
    const facts = extractFacts({ text: SWEATER });
    expect(facts.personalised).toBe(false);
    expect(facts.measureLabels).toEqual({ "100 cm": "chest" });
    const etsy = await write(SWEATER, "etsy");
    expect(etsy.tags).not.toContain("personalized sweater");
    expect(etsy.title).not.toMatch(/Sweater 100 cm/u);
    expect(etsy.title).toContain("Chest 100 cm");
    expect(etsy.title).toContain("Made to Order");
  });

  it("says the ages a toy is for, in either language", async () => {
    expect((await write(PUZZLE, "etsy")).title).toContain("Ages 3 and Up");
    expect((await write(YAPBOZ, "etsy")).title).toContain("3 Yaş ve Üzeri");
    expect((await write("Wooden stacking toy, ages 3+, non-toxic paint.", "amazon")).title).toContain("Ages 3+");
  });

  it("says a file may be used commercially only when the seller allows it", async () => {
    expect((await write(SVG, "etsy")).title).toContain("Commercial Use");
    expect((await write("Floral SVG bundle, 10 designs, personal use only, no commercial use.", "etsy")).title).not.toContain("Commercial");
  });

  it("reads 'set in resin' as a verb, not a set", async () => {
    const etsy = await write(EARRINGS, "etsy");
    expect(etsy.title).toContain("Real Forget-Me-Nots");
    expect(etsy.title).not.toMatch(/Forget-Me-Nots Set/u);
    expect(etsy.tags).not.toContain("forget-me-nots set");
  });

  it("reads a Turkish chart's stitches as its size, and 14 count etamin as its fabric, never a quantity", async () => {
    expect(extractFacts({ text: SEMA }).counts).toEqual([]);
    const etsy = await write(SEMA, "etsy");
    expect(etsy.title).toContain("120x80 İlmek");
    expect(etsy.title).not.toMatch(/120 x,|120 x$/u);
  });

  it("tags a personalised piece with the seller's own word for it, never 'custom gift' the Doctor calls irrelevant", async () => {
    const mug = await write("Personalised name mug, 11 oz white ceramic, printed both sides, dishwasher and microwave safe, gift box included.", "etsy");
    expect(mug.tags).not.toContain("custom gift");
    expect(mug.tags).toContain("personalized gift");
    const necklace = await write("Custom name necklace in 925 sterling silver, any name up to 10 letters, on a 16 or 18 inch chain. Gift for her.", "etsy");
    expect(necklace.tags).toContain("custom gift");
  });

  it("gives an Amazon title no shopper's phrase of its category", async () => {
    const amazon = await write("Orthopedic dog bed for large dogs, 100x70 cm, memory foam, removable washable cover, grey.", "amazon");
    expect(amazon.title).toBe("Orthopedic Dog Bed 100x70 cm, for Large Dogs, Memory Foam, Grey");
  });

  it("says 'Dishwasher and Microwave Safe' whole, and a file's formats whole", async () => {
    const mug = await write("Personalised name mug, 11 oz white ceramic, printed both sides, dishwasher and microwave safe, gift box included.", "etsy");
    expect(mug.title).toContain("Dishwasher and Microwave Safe");
    const svg = await write("Christmas SVG bundle, 25 designs, SVG PNG DXF and EPS files, for Cricut and Silhouette, commercial use allowed.", "etsy");
    expect(svg.title).toContain("PNG, DXF, EPS Files");
  });

  it("keeps one-word features a seller gives as clauses: stonewashed, reversible", async () => {
    expect((await write("Set of 4 linen napkins, 45 x 45 cm, sage green, stonewashed, mitred corners.", "etsy")).title).toContain("Stonewashed");
    expect((await write("Bucket hat sewing pattern PDF, sizes S to XL, reversible, with A4 and US letter print files.", "etsy")).title).toContain("Reversible");
  });
});
