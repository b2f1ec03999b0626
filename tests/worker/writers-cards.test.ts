/**
 * Sellers' texts of kinds no corpus held (session 40): trading cards graded and raw, a card game's sealed box, car brake
 * pads by part number, sneakers worn twice, a shower caddy, a wallet, a cast iron pan, a pattern's motif, earbuds and a
 * book, each written down first as its seller would publish it (decision 0090). Each case failed before its fix.
 */
import { describe, expect, it } from "vitest";
import { auditListing } from "../../shared/audit";
import { extractFacts } from "../../shared/facts";
import { generateListingParts } from "../../worker/domain/listings/generate";
import { offlineComposer } from "../../worker/providers/llm/offline-composer";

type Platform = "etsy" | "ebay" | "amazon";
const write = async (description: string, platform: Platform) => (await generateListingParts(offlineComposer(), { description, keywords: [], platform })).listing;
const specific = (listing: { itemSpecifics?: { name: string; value: string }[] }, name: string) => listing.itemSpecifics?.find((s) => s.name === name)?.value;
/** The listing's item specifics of these names, as one object to compare whole. */
const specificsOf = (listing: { itemSpecifics?: { name: string; value: string }[] }, wanted: Record<string, string>) =>
  Object.fromEntries(Object.keys(wanted).map((name) => [name, specific(listing, name)]));

const CHARIZARD = "Pokemon Charizard VMAX 020/189 Darkness Ablaze, PSA 10 Gem Mint, 2020, English.";
const BASE_SET = "Pokemon Charizard holo card 4/102, Base Set unlimited, English. Light whitening on the back edges, no creases.";
const YUGIOH = "Yu-Gi-Oh Blue-Eyes White Dragon LOB-001 1st Edition, near mint.";
const OHTANI = "2018 Topps Update Shohei Ohtani rookie card #US1, PSA 9 Mint.";
const BOOSTER = "Pokemon booster box Scarlet & Violet 151, sealed.";
const BRAKES = "Brake pads for 2016-2020 Honda Civic, front, ceramic, OEM part number 45022-TBA-A01, new in box.";
const JORDAN = "Nike Air Jordan 1 Retro High OG Chicago, men's size 10.5, 2015, worn twice, original box.";
const CADDY = "Bamboo shower caddy with 3 shelves, rust-proof, adjustable tension pole fits ceilings 60-97 inches, white.";
const WALLET = "Leather bifold wallet, full grain vegetable tanned leather, hand stitched, 6 card slots, personalised with initials.";
const SKILLET = "Pre-seasoned cast iron skillet, 10.25 inch, oven safe to 450°F, works on induction and campfire. Lodge.";
const CROSS_STITCH = "Cross stitch pattern PDF, sunflower design, 14 count aida, 120x120 stitches.";
const PORTRAIT = "Custom pet portrait, digital file, hand drawn from your photo, PNG and JPG, 8x10 and 11x14 print sizes.";
const AIRPODS = "Apple AirPods Pro 2nd generation, new in box, sealed, USB-C case.";
const HARRY_POTTER = "Harry Potter and the Philosopher's Stone, Bloomsbury 1997 first edition, paperback, good condition with light shelf wear";

describe("trading cards", () => {
  it("lists a graded card by its game, name, number, set and grade, and reads no colour from 'Gem Mint'", async () => {
    const ebay = await write(CHARIZARD, "ebay");
    expect(ebay.title).toBe("Pokemon Charizard VMAX 020/189 Darkness Ablaze PSA 10 Gem Mint 2020");
    const wanted = {
      Game: "Pokémon TCG",
      "Card Name": "Charizard VMAX",
      Set: "Darkness Ablaze",
      "Card Number": "020/189",
      Graded: "Yes",
      "Professional Grader": "Professional Sports Authenticator (PSA)",
      Grade: "10",
      "Year Manufactured": "2020",
      Language: "English",
    };
    expect(specificsOf(ebay, wanted)).toEqual(wanted);
    expect(specific(ebay, "Color")).toBeUndefined();
    expect(extractFacts({ text: CHARIZARD }).colours).toEqual([]);
    expect(ebay.description).toContain("• Grade: PSA 10 Gem Mint");
  });

  it("reads a raw card's finish and print run apart from its name, its set from the next clause, and its wear", async () => {
    const ebay = await write(BASE_SET, "ebay");
    expect(ebay.title).toBe("Pokemon Charizard Holo Card 4/102 Base Set");
    expect(specific(ebay, "Card Name")).toBe("Charizard");
    expect(specific(ebay, "Set")).toBe("Base Set");
    expect(specific(ebay, "Features")).toBe("Holo");
    expect(specific(ebay, "Edition")).toBe("Unlimited");
    expect(specific(ebay, "Condition Notes")).toBe("Light whitening on the back edges, no creases");
    expect(specific(ebay, "Type")).toBeUndefined();
  });

  it("reads a set code as a card's number and no colour from a name's 'Blue-Eyes'", async () => {
    const ebay = await write(YUGIOH, "ebay");
    expect(ebay.title).toMatch(/^Yu-Gi-Oh Blue-Eyes White Dragon LOB-001 1st Edition/u);
    expect(specific(ebay, "Card Name")).toBe("Blue-Eyes White Dragon");
    expect(specific(ebay, "Card Number")).toBe("LOB-001");
    expect(specific(ebay, "Edition")).toBe("1st Edition");
    expect(specific(ebay, "Color")).toBeUndefined();
    expect(ebay.title).not.toMatch(/ Blue Near/u);
  });

  it("keeps a sports card's season, maker and number, and no shoe size in its number", async () => {
    const ebay = await write(OHTANI, "ebay");
    expect(ebay.title).toBe("2018 Topps Update Shohei Ohtani Rookie Card #US1 PSA 9 Mint");
    expect(specific(ebay, "Manufacturer")).toBe("Topps");
    expect(specific(ebay, "Grade")).toBe("9");
    expect(extractFacts({ text: OHTANI }).sizes).toEqual([]);
  });

  it("names a sealed box by its seller's words, its set's '&' and number too, and says it is sealed", async () => {
    const ebay = await write(BOOSTER, "ebay");
    expect(ebay.title).toBe("Pokemon Booster Box Scarlet & Violet 151 Sealed");
    expect(specific(ebay, "Card Number")).toBeUndefined();
  });

  it("gives a card on Amazon a bullet for each of its set, number, grade and year, its grade in the grader's capitals", async () => {
    const amazon = await write(CHARIZARD, "amazon");
    expect(amazon.bullets).toEqual(expect.arrayContaining(["Set: Darkness Ablaze.", "Card number: 020/189.", "Grade: PSA 10 Gem Mint.", "Year: 2020."]));
    expect(amazon.bullets?.join("\n")).not.toMatch(/Psa|Good to Know: 2020/u);
  });

  it("asks a short card listing for its set, number and grade, not its material or care", async () => {
    const ebay = await write(CHARIZARD, "ebay");
    const report = auditListing({ ...ebay, platform: "ebay", photoCount: 5, original: CHARIZARD, keywords: [] } as never);
    const short = report.findings.find((f) => f.id === "description.too-short");
    expect(short?.params.adviceKey).toBe("describeCard");
    expect(report.findings.some((f) => f.id === "description.details")).toBe(false);
  });
});

describe("eBay's words for a new item, a part's number and a sneaker's year", () => {
  it("closes a new item's eBay title with its state, said whole", async () => {
    expect((await write("LEGO Star Wars 75192 Millennium Falcon, new and sealed, box has minor shelf wear.", "ebay")).title).toBe("LEGO Star Wars 75192 Millennium Falcon New Sealed");
    expect((await write("Nike Air Max 90 size 10, NIB, white.", "ebay")).title).toMatch(/ New in Box$/u);
    expect((await write("Vintage 1970s Pyrex bowl, new old stock, never used.", "ebay")).title).toBe("Vintage 1970s Pyrex Bowl New Old Stock");
    // (A board sealed with oil is no sealed box.)
    expect((await write("Walnut cutting board, sealed with food-safe oil.", "ebay")).title).not.toMatch(/sealed/iu);
    // (A used item's title says no such state.)
    expect((await write("Nike Air Max 90 size 10, white, not new, worn a few times.", "ebay")).title).not.toMatch(/new/iu);
  });

  it("says a part's number once, bare after 'OEM', as eBay's Manufacturer Part Number", async () => {
    const ebay = await write(BRAKES, "ebay");
    expect(ebay.title).toBe("Front Brake Pads for 2016-2020 Honda Civic OEM 45022-TBA-A01 New in Box");
    expect(specific(ebay, "Manufacturer Part Number")).toBe("45022-TBA-A01");
    expect(specific(ebay, "Model")).toBeUndefined();
    expect(specific(ebay, "Type")).toBe("Brake Pads");
  });

  it("reads a sneaker's year from a clause of its own, and how often it was worn", async () => {
    const ebay = await write(JORDAN, "ebay");
    expect(specific(ebay, "Release Year")).toBe("2015");
    expect(specific(ebay, "Condition Notes")).toBe("Worn twice");
  });

  it("reads earbuds named by their line as a device with its model, not as a case", async () => {
    const ebay = await write(AIRPODS, "ebay");
    expect(ebay.title).toMatch(/^Apple AirPods Pro 2nd Generation/u);
    expect(specific(ebay, "Model")).toBe("AirPods Pro 2nd Generation");
    expect(specific(ebay, "Type")).not.toBe("Case");
  });
});

describe("facts said as the seller meant them", () => {
  it("reads 'rust-proof' as what a caddy withstands, never its colour", async () => {
    const amazon = await write(CADDY, "amazon");
    expect(extractFacts({ text: CADDY }).colours).toEqual(["white"]);
    expect(amazon.bullets?.join("\n")).not.toMatch(/Colou?r: Rust/iu);
    expect(amazon.title).toMatch(/White$/u);
  });

  it("says a wallet's leather whole and its card slots as slots, not a quantity", async () => {
    const etsy = await write(WALLET, "etsy");
    expect(etsy.description).toContain("• Material: full grain vegetable tanned leather");
    expect(etsy.description).toContain("• Card slots: 6");
    expect(etsy.description).not.toMatch(/Quantity/u);
  });

  it("keeps a temperature's degree sign on Amazon and eBay, where titles allow it", async () => {
    expect((await write(SKILLET, "amazon")).title).toContain("Oven Safe to 450°F");
    expect((await write(SKILLET, "ebay")).title).toContain("Oven Safe to 450°F");
    // (Etsy's titles refuse the sign: the figure and its unit stay.)
    expect((await write(SKILLET, "etsy")).title).toContain("Oven Safe to 450 F");
  });

  it("leads a pattern's title with its motif", async () => {
    const etsy = await write(CROSS_STITCH, "etsy");
    expect(etsy.title).toMatch(/^Sunflower Cross Stitch Pattern PDF/u);
    expect(etsy.tags).toContain("sunflower pattern");
  });

  it("says a print size once in a title", async () => {
    const etsy = await write(PORTRAIT, "etsy");
    expect(etsy.title.match(/11x14/gu)).toHaveLength(1);
  });

  it("gives a book's year as when it was published, and asks a short book listing for its edition, not its care", async () => {
    const ebay = await write(HARRY_POTTER, "ebay");
    expect(ebay.description).toContain("• Published: 1997");
    expect(ebay.description).not.toContain("Era:");
    const report = auditListing({ ...ebay, platform: "ebay", photoCount: 5, original: HARRY_POTTER, keywords: [] } as never);
    expect(report.findings.find((f) => f.id === "description.too-short")?.params.adviceKey).toBe("describeMedium");
  });
});

describe("a second round: consoles, watches, blankets, signs, kettles, books and Turkish describing words", () => {
  it("reads a console named by its line as a device, and no colour from the game that comes with it", async () => {
    const ebay = await write("Nintendo Game Boy Color, teal, tested and working, battery cover missing, with Pokemon Yellow cartridge.", "ebay");
    expect(ebay.title).toBe("Nintendo Game Boy Color Teal with Pokemon Yellow Cartridge");
    expect(specific(ebay, "Color")).toBe("Teal");
    expect(specific(ebay, "Model")).toBe("Game Boy Color");
  });

  it("reads a watchmaker's model as a wristwatch, with its year, case size, box and papers and its service", async () => {
    const ebay = await write("Rolex Datejust 16233 two-tone 36mm, 1991, box and papers, serviced 2023.", "ebay");
    expect(ebay.title).toBe("Rolex Datejust 16233 Two-Tone 36 mm Watch 1991 Box and Papers");
    const wanted = { Type: "Wristwatch", "Case Size": "36 mm", "Year Manufactured": "1991", "With Papers": "Yes", "Condition Notes": "Serviced 2023" };
    expect(specificsOf(ebay, wanted)).toEqual(wanted);
  });

  it("keeps a watch's flaws in eBay's 65 characters before its service date", async () => {
    const ebay = await write("Omega Seamaster automatic watch, 1960s, 34mm, silver dial. Serviced in 2024, crystal has light scratches, strap is not original.", "ebay");
    expect(specific(ebay, "Condition Notes")).toBe("Crystal has light scratches, strap is not original");
    // (The description keeps every word of it: the seller's own sentence.)
    expect(ebay.description).toContain("Serviced in 2024, crystal has light scratches, strap is not original.");
  });

  it("says two colours said together whole, and a moth hole as the blanket's condition", async () => {
    const text = "Vintage 1960s Pendleton wool blanket, 64 x 80 inches, red and black plaid, small moth hole near the edge.";
    expect((await write(text, "etsy")).title).toMatch(/Red and Black Plaid$/u);
    expect(extractFacts({ text }).condition).toContain("small moth hole near the edge");
  });

  it("titles a sign by what the seller said of it: its room, its wood, its cut and that it is personalised", async () => {
    const text = "Baby name sign for nursery, wooden, laser cut, 12 inch, personalised with your baby's name, painted white.";
    const etsy = await write(text, "etsy");
    expect(etsy.title).toBe("Baby Name Sign for Nursery 12 Inch - Wooden, Laser Cut, Personalised");
    expect(extractFacts({ text }).materials).toEqual([{ name: "wood" }]);
  });

  it("keeps a kettle's temperature range with its sign and how long it keeps warm", async () => {
    const amazon = await write("Electric gooseneck kettle, 1 litre, variable temperature control 40-100°C, keep warm 60 minutes, matte black, stainless steel.", "amazon");
    expect(amazon.title).toContain("Variable Temperature Control 40-100°C, Keep Warm 60 Minutes");
  });

  it("never calls a paperback a hardcover in its search terms, nor a cookbook a novel", async () => {
    const paperback = await write(HARRY_POTTER, "amazon");
    expect(paperback.searchTerms).not.toMatch(/hardcover/iu);
    const cookbook = await write("The Joy of Cooking, 1975 hardcover, dust jacket worn.", "amazon");
    expect(cookbook.searchTerms).not.toMatch(/novel|paperback/iu);
  });

  it("makes a tag of a Turkish '-ebilir' word and keeps it before its noun in the title", async () => {
    expect((await write("925 ayar gümüş yüzük, ayarlanabilir, minimalist tasarım, hediye kutusu ile gönderilir.", "etsy")).tags).toContain("ayarlanabilir yüzük");
    expect((await write("Katlanabilir çamaşır sepeti, 60 litre, gri.", "etsy")).title).toMatch(/^Katlanabilir Çamaşır Sepeti/u);
  });

  it("leads the tags with one the title holds when the first does not", async () => {
    const etsy = await write("Düzenlenebilir düğün davetiyesi şablonu, Canva ile düzenlenir, 13x18 cm. Anında indirme, fiziksel ürün gönderilmez.", "etsy");
    expect(etsy.tags[0]).toBe("düğün davetiyesi");
    expect(etsy.title.toLocaleLowerCase("tr")).toContain(etsy.tags[0]);
  });
});

describe("a third round: tags, stones, wax, yarn, radios and a Turkish sewing machine", () => {
  it("keeps a dog tag a tag, and a gift tag no 'tags gift'", async () => {
    const tag = await write("Personalized dog tag, stainless steel, engraved with pet's name and phone number, 1 inch round.", "etsy");
    expect(tag.title).toMatch(/^Personalized Dog Tag 1 Inch/u);
    expect(tag.tags).toContain("personalized dog tag");
    const gift = await write("Kraft paper gift tags, set of 50, with jute twine.", "etsy");
    expect(gift.tags).not.toContain("tags gift");
    expect(gift.tags.join(" | ")).not.toMatch(/jute tags|jute gift/u);
    expect(extractFacts({ text: "Kraft paper gift tags, set of 50, with jute twine." }).materials).toEqual([{ name: "paper" }]);
  });

  it("reads what a Turkish item comes 'ile' as what comes with it, and its compound kind whole", async () => {
    const ebay = await write("Vintage Singer 221 Featherweight dikiş makinesi, 1950'ler, çalışır durumda, orijinal çantası ile.", "ebay");
    expect(ebay.title).toBe("Vintage 1950'ler Singer 221 Featherweight Dikiş Makinesi Orijinal Çantası ile");
    expect(specific(ebay, "Tür")).toBe("Dikiş Makinesi");
  });

  it("reads no colour from a line's name ('Black Series'), and keeps its franchise in an eBay title", async () => {
    const ebay = await write("Star Wars Black Series Darth Vader 6 inch action figure, new in box, 2020.", "ebay");
    expect(specific(ebay, "Color")).toBeUndefined();
    expect(ebay.title).toBe("Star Wars Black Series Darth Vader 6 Inch Action Figure New in Box");
  });

  it("searches a plant pot by no dinnerware, and mixing bowls still by it", async () => {
    expect((await write("Ceramic plant pot with drainage hole and saucer, 6 inch, matte white, for indoor plants.", "amazon")).searchTerms).not.toMatch(/dinnerware|tableware/u);
    expect((await write("OXO Good Grips 3-piece stainless steel mixing bowl set with non-slip bases, 1.5, 3 and 5 quart, dishwasher safe.", "amazon")).searchTerms).toMatch(/dinnerware/u);
  });

  it("reads a stone named in a clause of its own as the piece's, in either language, and puts it in the title", async () => {
    const tr = await write("Doğal taş bileklik, ametist, 8 mm boncuk, elastik ip.", "etsy");
    expect(tr.title).toContain("Ametist");
    expect(tr.tags).toContain("ametist bileklik");
    expect((await write("Natural stone bracelet, amethyst, 8mm beads, elastic cord.", "etsy")).title).toContain("Amethyst");
  });

  it("reads a soy candle's soy wax, never a soy sauce dish's, and yarn of a fibre as that fibre", () => {
    expect(extractFacts({ text: "Hand poured soy candle, 8 oz amber jar, lavender and eucalyptus, 45 hour burn time, cotton wick." }).materials).toEqual([{ name: "soy wax" }]);
    expect(extractFacts({ text: "Soy sauce dish, ceramic, 4 inch." }).materials).toEqual([{ name: "ceramic" }]);

    expect(extractFacts({ text: "Crochet bucket hat, 100% cotton yarn, adult size, pastel rainbow stripes, handmade." }).materials).toEqual([{ name: "cotton", percent: 100 }]);
  });

  it("tags no 'amber candle' when only its jar is amber: candle shoppers read it as a scent", async () => {
    const etsy = await write("Hand poured soy candle, 8 oz amber jar, lavender and eucalyptus, 45 hour burn time, cotton wick.", "etsy");
    expect(etsy.tags).not.toContain("amber candle");
    expect(etsy.tags).toContain("lavender candle");
  });

  it("keeps a radio's 'FM/AM' and a maker's colour name whole", async () => {
    expect((await write("Sony Walkman WM-FX195 cassette player, FM/AM radio, tested and working, with headphones.", "ebay")).title).toContain("FM/AM Radio");
    const pot = await write("Le Creuset enameled cast iron Dutch oven, 5.5 quart, cerise red, minor chips on the rim.", "ebay");
    expect(specific(pot, "Color")).toBe("Cerise Red");
  });
});

describe("the Doctor on a seller's own card, watch and car part listings", () => {
  const audit = (listing: Record<string, unknown>) => auditListing({ tags: [], bullets: [], searchTerms: "", altTexts: [], photoCount: 5, keywords: [], itemSpecifics: [], ...listing } as never);
  const careful = {
    platform: "ebay",
    title: "Pokemon Charizard VMAX 020/189 Darkness Ablaze PSA 10 Gem Mint 2020 English",
    description: "PSA 10 Gem Mint Charizard VMAX from Darkness Ablaze, card number 020/189. Graded by PSA, cert visible in photos. Ships in a semi-rigid with bubble wrap, tracked.",
    itemSpecifics: [
      { name: "Game", value: "Pokémon TCG" },
      { name: "Card Name", value: "Charizard VMAX" },
      { name: "Set", value: "Darkness Ablaze" },
      { name: "Card Number", value: "020/189" },
      { name: "Grade", value: "10" },
    ],
  };

  it("scores a careful card listing above a careless one, and never says its title names no product", () => {
    const good = audit(careful);
    const poor = audit({ platform: "ebay", title: "pokemon card charizard", description: "charizard card good" });
    expect(good.findings.some((f) => f.id === "title.not-product")).toBe(false);
    expect(good.score).toBeGreaterThan(poor.score);
    expect(good.grade).toBe("A");
  });

  it("asks a watch for its state and what comes with it, and a car part for what it fits, never their care", () => {
    const watch = audit({ platform: "ebay", title: "Rolex Datejust 16233 Two Tone 36mm 1991", description: "Rolex Datejust ref 16233, two-tone steel and 18k gold, 36mm, made in 1991." });
    const details = watch.findings.find((f) => f.id === "description.details");
    expect(details?.params.missingKeys).toBe("condition,included");
    const part = audit({ platform: "ebay", title: "Front Brake Pads for 2016-2020 Honda Civic OEM 45022-TBA-A01", description: "OEM front brake pads, part number 45022-TBA-A01." });
    expect(part.findings.find((f) => f.id === "description.details")?.params.missingKeys).toBe("condition");
    expect(part.findings.find((f) => f.id === "description.too-short")?.params.adviceKey).toBe("describePart");
    // (What is made for a watch is asked what it is made of and its size, as any made thing.)
    const band = audit({ platform: "etsy", title: "Leather Apple Watch Band 45mm", description: "Leather band for Apple Watch." });
    expect(band.findings.find((f) => f.id === "description.too-short")?.params.adviceKey).toBe("describeItem");
    const wooden = audit({ platform: "etsy", title: "Handmade Wooden Watch, Engraved Walnut Watch for Men", description: "Walnut wood watch, engraved." });
    expect(wooden.findings.find((f) => f.id === "description.too-short")?.params.adviceKey).toBe("describeItem");
  });
});

describe("the Doctor asks each kind of listing what its buyers ask (pasted as their sellers wrote them)", () => {
  const audit = (listing: Record<string, unknown>) => auditListing({ tags: [], bullets: [], searchTerms: "", altTexts: [], photoCount: 5, keywords: [], itemSpecifics: [], ...listing } as never);
  const missing = (listing: Record<string, unknown>) => audit(listing).findings.find((f) => f.id === "description.details")?.params.missingKeys;

  it("reads a candle's wick trimming and a silver necklace's Turkish care as care", () => {
    expect(
      missing({ platform: "etsy", title: "Lavender Soy Candle 8 oz", description: "100% soy wax, cotton wick, 8 oz amber glass jar. Trim the wick to 1/4 inch before each burn." }),
    ).toBeUndefined();
    expect(missing({ platform: "etsy", title: "925 Ayar Gümüş İsim Kolye", description: "925 ayar gümüş, zincir 45 cm. Kararmaması için parfümden ve sudan uzak tutun." })).toBeUndefined();
  });

  it("reads earbuds and a film camera by their model codes as devices, and a lens 'with' the camera as what comes with it", () => {
    const earbuds = audit({
      platform: "amazon",
      title: "Soundcore P20i Wireless Earbuds, Bluetooth 5.3, 30H Playtime",
      description: "True wireless earbuds with 10mm drivers.",
      bullets: ["Includes earbuds, charging case and USB-C cable"],
    });
    expect(earbuds.findings.find((f) => f.id === "description.too-short")?.params.adviceKey).toBe("describeDevice");
    expect(earbuds.findings.some((f) => f.id === "description.details")).toBe(false);
    expect(missing({ platform: "ebay", title: "Canon AE-1 Program 35mm SLR Film Camera with FD 50mm f/1.8 Lens", description: "Shutter fires at all speeds, light meter accurate." })).toBeUndefined();
  });

  it("asks a LEGO set whether it is complete, and a GoodNotes planner no print size", () => {
    expect(missing({ platform: "ebay", title: "LEGO Star Wars 75192 Millennium Falcon", description: "LEGO Star Wars 75192 Millennium Falcon, used, good condition." })).toBe("complete");
    expect(missing({ platform: "ebay", title: "LEGO Star Wars 75192 Millennium Falcon", description: "LEGO Star Wars 75192, 7541 pieces, new and factory sealed." })).toBeUndefined();
    expect(missing({ platform: "etsy", title: "2027 Digital Planner for GoodNotes", description: "Hyperlinked digital planner for GoodNotes and Notability, PDF, portrait." })).toBeUndefined();
  });
});

describe("a maker's machine (a browser try as a seller, session 40)", () => {
  const SINGER_TR = "Vintage Singer 221 Featherweight dikiş makinesi, 1950'ler, çalışır durumda, orijinal çantası ile.";
  it("never calls a sewing machine sewn, and asks it its state and what comes with it, never its care", async () => {
    expect(extractFacts({ text: SINGER_TR }).craft).toBeUndefined();
    expect(extractFacts({ text: "Vintage Singer 221 Featherweight sewing machine, 1950s, works, with original case." }).craft).toBeUndefined();
    expect(extractFacts({ text: "Hand sewn linen apron." }).craft).toBe("sewn");
    const ebay = await write(SINGER_TR, "ebay");
    const report = auditListing({ ...ebay, platform: "ebay", photoCount: 5, original: SINGER_TR, keywords: [] } as never);
    expect(report.findings.some((f) => f.id === "description.details")).toBe(false);
    expect(report.findings.find((f) => f.id === "description.too-short")?.params.adviceKey).toBe("describeDevice");
  });

  it("types an English sewing machine whole and reads a lone 'works' as its state", async () => {
    const ebay = await write("Vintage Singer 221 Featherweight sewing machine, 1950s, works, with original case.", "ebay");
    expect(specific(ebay, "Type")).toBe("Sewing Machine");
    expect(specific(ebay, "Condition Notes")).toBe("Works");
    expect(extractFacts({ text: "Phone stand, works with iPhone and Android." }).condition).toEqual([]);
  });
});
