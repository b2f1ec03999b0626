/**
 * Twenty-four sellers' texts that were in no corpus (session 34), read as their sellers would: what the
 * writers claimed that the seller never said, and the facts they cut. Each case failed before its fix:
 * a kitchen gadget's "model 1252180" made it a digital knitting pattern, "not compatible with Kindle"
 * made it fit Kindle, a colour named "Rose Quartz" made quartz a material, a 2015 "Retro" sneaker was
 * vintage and a size 10.5 was 10, a T-shirt blank's brand was canvas, a wick's cotton was the candle's.
 */
import { describe, expect, it } from "vitest";
import { auditListing } from "../../shared/audit";
import { extractFacts } from "../../shared/facts";
import { generateListingParts } from "../../worker/domain/listings/generate";
import { factLines, offlineComposer } from "../../worker/providers/llm/offline-composer";

const write = async (description: string, platform: "etsy" | "ebay" | "amazon") => (await generateListingParts(offlineComposer(), { description, keywords: [], platform })).listing;
const specifics = (listing: { itemSpecifics?: { name: string; value: string }[] }) => Object.fromEntries((listing.itemSpecifics ?? []).map((s) => [s.name, s.value]));
const doctor = (listing: object, platform: string, original: string) => auditListing({ ...listing, platform, photoCount: 5, original } as never);

const AVOCADO = "OXO Good Grips 3-in-1 avocado slicer, green, dishwasher safe, BPA-free plastic with stainless steel pitter, model 1252180.";
const PLANNER = "Digital planner for GoodNotes and Notability, 2027 dated, hyperlinked tabs, 12 monthly and 52 weekly pages, portrait, PDF download. Not compatible with Kindle.";
const TUMBLER = "Stanley Quencher H2.0 FlowState tumbler 40 oz, stainless steel, vacuum insulated, keeps drinks cold 11 hours, dishwasher safe, fits most cup holders, color Rose Quartz.";
const JORDAN = "Nike Air Jordan 1 Retro High OG Chicago 2015, men's size 10.5, used, some creasing on toe box, original box with lid.";
const TEE = "Funny cat mom t-shirt, unisex Bella Canvas 3001, sizes S M L XL 2XL 3XL, soft ringspun cotton, printed in the USA, colors: black, heather grey, white.";
const CANDLE = "Hand-poured coconut soy candle in amber jar, 8 oz, 45 hour burn time, scent: cedar and sage, cotton wick, phthalate free.";
const SOAP = "Oatmeal honey goat milk soap, cold process, 4.5 oz bar. Made with shea butter and olive oil, palm oil free, unscented. Contains honey and goat milk.";
const BRACELET = "Minimalist initial bar bracelet, 14k gold filled or sterling silver, hand stamped, adjustable 6 to 8 inches, up to 3 initials.";
const TEAK = "1960s Danish teak side table by Kai Kristiansen, 55 cm tall, 50 cm diameter top, original finish with some ring marks, solid legs. Local pickup in Copenhagen or shipped.";
const DOG_BED = "Orthopedic dog bed for large dogs, 36 x 28 x 4 inches, memory foam, removable washable cover, waterproof liner, non-slip bottom, grey.";
const CAMERA =
  "Canon AE-1 Program 35mm film camera with Canon FD 50mm f/1.8 lens, black. Tested: shutter fires at all speeds, light meter works. Light seals replaced 2025. Minor brassing on top plate. Strap included, no box.";
const REDMI = "Xiaomi Redmi Note 13 Pro 256 GB 8 GB RAM, gece siyahı, Türkiye garantili, kutusunda şarj aleti ile.";
const WEDDING_SIGN = "Personalized wooden wedding welcome sign, 18x24 inches, white acrylic lettering on natural pine, custom names and date, ships in 5-7 business days. Easel not included.";
const INVITATION = "Dijital düğün davetiyesi şablonu, Canva'da düzenlenebilir, A5 boyut, Türkçe ve İngilizce metin, anında indirme.";

describe("what the seller never said", () => {
  it("reads a model number in an English listing as a model number, not the Turkish 'model' of a knitting pattern", async () => {
    const facts = extractFacts({ text: AVOCADO });
    expect(facts).toMatchObject({ head: "slicer", digital: false, pattern: false, models: ["model 1252180"] });
    const l = await write(AVOCADO, "amazon");
    expect(l.description).not.toMatch(/digital product|download/iu);
    expect(l.searchTerms ?? "").not.toMatch(/pattern|tutorial|craft/iu);
    // The product keeps its name, and the number follows it once.
    expect(l.title).toMatch(/^OXO Good Grips 3-in-1 Avocado Slicer Model 1252180,/u);
    expect(l.title.match(/model/giu)).toHaveLength(1);
    expect(l.description).toContain("Model: 1252180");
  });

  it("never says a planner fits the device the seller says it does not", async () => {
    expect(extractFacts({ text: PLANNER }).fits).toEqual(["GoodNotes and Notability"]);
    expect(extractFacts({ text: "Phone case, does not fit iPhone 15 Pro Max." }).fits).toEqual([]);
    expect(extractFacts({ text: "Watch band for Apple Watch 41 mm, won't work with Fitbit." }).fits).toEqual(["Apple Watch 41 mm"]);
    expect(extractFacts({ text: "AirPods Pro 2 ile uyumlu değildir, AirPods 3 ile uyumlu kılıf." }).fits).toEqual(["AirPods 3"]);
    const l = await write(PLANNER, "etsy");
    expect(l.title).not.toMatch(/kindle/iu);
    expect(l.tags.filter((t) => /kindle/iu.test(t))).toEqual([]);
    expect(l.description).not.toMatch(/Fits:[^\n]*Kindle/u);
  });

  it("reads a colour named after a stone as one colour, and the stone as no material", async () => {
    const facts = extractFacts({ text: TUMBLER });
    expect(facts.colours).toEqual(["rose quartz"]);
    expect(facts.materials.map((m) => m.name)).toEqual(["stainless steel"]);
    expect(extractFacts({ text: "T-shirt, colors: black, heather grey, white." }).colours).toEqual(["black", "heather grey", "white"]);
    expect(extractFacts({ text: "Kupa, renk: gece mavisi." }).colours).toEqual(["gece mavisi"]);
    const l = await write(TUMBLER, "amazon");
    expect(l.title).toMatch(/Rose Quartz$/u);
    expect(l.description).not.toMatch(/Materials?:[^\n]*quartz/iu);
    expect(l.description).toContain("Material: stainless steel");
  });

  it("calls a new 'Retro' sneaker neither vintage nor of an era, and keeps its half size and its creasing", async () => {
    const facts = extractFacts({ text: JORDAN });
    expect(facts).toMatchObject({ vintage: false, era: [], sizes: ["10.5"] });
    expect(facts.condition).toContain("some creasing on toe box");
    const l = await write(JORDAN, "ebay");
    const s = specifics(l);
    expect(s.Vintage).toBeUndefined();
    expect(s.Era).toBeUndefined();
    expect(s.Size).toBe("10.5");
    expect(s["Condition Notes"]).toContain("some creasing on toe box");
    expect(l.title).toContain("Size 10.5");
    // The place of a flaw is no title keyword.
    expect(l.title).not.toMatch(/Toe Box/u);
  });

  it("reads a T-shirt blank's brand as its brand, never its material, and a run of sizes written with spaces", async () => {
    const facts = extractFacts({ text: TEE });
    expect(facts.brand).toBe("Bella Canvas");
    expect(facts.materials.map((m) => m.name)).toEqual(["cotton"]);
    expect(facts.sizes).toEqual(["S M L XL 2XL 3XL"]);
    expect(extractFacts({ text: "Toddler girl linen dress, sage green, sizes 2T 3T 4T 5T, puff sleeves." }).sizes).toEqual(["2T 3T 4T 5T"]);
    const l = await write(TEE, "etsy");
    expect(l.tags).not.toContain("canvas t-shirt");
    expect(l.description).not.toMatch(/Materials?: [^\n]*canvas/iu);
  });

  it("gives a wick's cotton to the wick, and an oatmeal soap no colour", async () => {
    const candle = extractFacts({ text: CANDLE });
    // (Its own material is the soy wax of a "soy candle", decision 0090; never the wick's cotton.)
    expect(candle.materials).toEqual([{ name: "soy wax" }]);
    expect(candle.partMaterials).toEqual([{ material: "cotton", part: "wick", phrase: "cotton wick" }]);
    expect(extractFacts({ text: SOAP }).colours).toEqual([]);
    // Said as a colour, it is one.
    expect(extractFacts({ text: "Goat milk soap, colour: oatmeal." }).colours).toEqual(["oatmeal"]);
    const l = await write(SOAP, "etsy");
    expect(l.description).not.toMatch(/Colou?r:/u);
  });

  it("says gold filled whole, in the title and the tags, and names what is personalised", async () => {
    const l = await write(BRACELET, "etsy");
    expect(l.title).toContain("14k Gold Filled");
    expect(l.title).not.toMatch(/14k Gold(?! Filled)/u);
    expect(l.tags).not.toContain("14k gold");
    expect(extractFacts({ text: BRACELET }).personalisation).toEqual(["initials"]);
    expect(l.description).toContain("Personalisation: initials");
    // Said once: no list of dropped facts appended twice.
    expect(l.description).not.toMatch(/Details/u);
  });

  it("no 'rustic wedding' for a sign the seller never called rustic", async () => {
    const l = await write(WEDDING_SIGN, "etsy");
    expect(l.tags.filter((t) => /rustic/iu.test(t))).toEqual([]);
    expect(l.title).not.toMatch(/rustic/iu);
  });

  it("no 'Waterproof' dog bed when only its liner is", async () => {
    const l = await write(DOG_BED, "amazon");
    expect(l.title).toContain("Waterproof Liner");
    expect(l.title).not.toMatch(/Waterproof(?! Liner)/u);
    expect(l.title).toContain("for Large Dogs");
  });
});

describe("what the seller said, kept in its place", () => {
  it("titles a side table as a side table, its height and its top's diameter each named", async () => {
    const facts = extractFacts({ text: TEAK });
    expect(facts.head).toBe("side table");
    expect(facts.measureLabels).toEqual({ "55 cm": "height", "50 cm": "diameter" });
    const l = await write(TEAK, "etsy");
    expect(l.title).toMatch(/^1960s Danish Teak Side Table - /u);
    expect(l.title).toContain("50 cm Diameter Top");
    expect(l.title).toContain("Height 55 cm");
    expect(l.title).not.toMatch(/55 cm Diameter/u);
    // Within Etsy's 15 words: a phrase that says no fact ("Solid Legs") gives way to the measures.
    expect(l.title.split(/\s+/u).filter((w) => /[\p{L}\p{N}]/u.test(w)).length).toBeLessThanOrEqual(15);
    expect(doctor(l, "etsy", TEAK).findings.some((f: { id: string }) => f.id === "title.too-many-words")).toBe(false);
  });

  it("keeps a phone's maker and model in its title once its maker is known", async () => {
    const l = await write(REDMI, "amazon");
    expect(l.title).toMatch(/^Xiaomi Redmi Note 13 Pro 256 GB 8 GB RAM/u);
  });

  it("says what was done to a camera's part with it, or not at all", async () => {
    const l = await write(CAMERA, "ebay");
    expect(l.title).not.toMatch(/Light Seals(?! Replaced)/u);
    expect(l.title).toMatch(/^Canon AE-1 Program/u);
  });

  it("calls a paper size a size, not a garment's 'Beden'", async () => {
    const l = await write(INVITATION, "etsy");
    expect(l.description).toContain("Ölçü: A5");
    expect(l.description).not.toContain("Beden");
  });

  it("lets the Doctor read a two-word product name ('dog bed') as naming the item", async () => {
    const l = await write(DOG_BED, "amazon");
    expect(doctor(l, "amazon", DOG_BED).findings.some((f: { id: string }) => f.id === "title.not-product")).toBe(false);
    const seller = { title: "Orthopedic Dog Bed, Memory Foam, Grey", description: DOG_BED, tags: [], altTexts: [] };
    expect(doctor(seller, "amazon", DOG_BED).findings.some((f: { id: string }) => f.id === "title.not-product")).toBe(false);
  });
});

describe("Turkish sellers' phrases, whole", () => {
  const RING = "El yapımı 925 ayar gümüş yüzük, doğal turkuaz taşlı, ayarlanabilir boy, hediye kutusunda gönderilir.";
  const BERET = "Şiş örgü bere, yün akrilik, hardal rengi ponponlu, tek beden.";
  const NECKLACE = "925 ayar gümüş kolye, doğal ametist taşlı. Zincir uzunluğu 45 cm. Hediye kutusunda gönderilir.";
  const CHAIN = "Ayarlanabilir gümüş kolye zinciri, 40–45 cm, 925 ayar gümüş.";

  it("keeps what a ring has and how it fits: 'Doğal Turkuaz Taşlı', 'Ayarlanabilir Boy'", async () => {
    const l = await write(RING, "etsy");
    expect(l.title).toBe("El Yapımı 925 Ayar Gümüş Yüzük - Doğal Turkuaz Taşlı, Ayarlanabilir Boy");
    expect(l.tags).toEqual(expect.arrayContaining(["doğal turkuaz taşlı", "ayarlanabilir boy"]));
  });

  it("says a template's two languages together, never only the second", async () => {
    const l = await write(INVITATION, "etsy");
    expect(l.title).toContain("Türkçe ve İngilizce Metin");
    expect(l.title).not.toMatch(/(?<!ve )İngilizce Metin/u);
  });

  it("writes no tag that lost whose colour, length or compound it was", async () => {
    const beret = await write(BERET, "etsy");
    expect(beret.tags).not.toContain("rengi ponponlu");
    const necklace = await write(NECKLACE, "etsy");
    expect(necklace.tags).not.toContain("uzunluğu 45 cm");
    expect(necklace.tags).toContain("doğal ametist taşlı");
    const invitation = await write(INVITATION, "etsy");
    expect(invitation.tags).not.toContain("davetiyesi şablonu");
  });

  it("says a range written with an en dash once", async () => {
    const l = await write(CHAIN, "etsy");
    expect(l.title).toBe("Ayarlanabilir Gümüş Kolye Zinciri 40-45 cm");
    expect((await write("Adjustable sterling silver chain, 16–18 inch, 1.5 mm.", "etsy")).title.match(/16-18/gu)).toHaveLength(1);
  });
});

describe("what comes with an item, a set's completeness, a name's words and an Etsy item's colour", () => {
  const SONY = "Sony WH-1000XM4 wireless noise cancelling headphones, black, used, excellent condition, battery holds 30 hours, comes with case and charging cable, no box.";
  const GAME_BOY = "Nintendo Game Boy Color, purple, comes with Pokemon Yellow cartridge, works great.";
  const LEGO = "LEGO Star Wars Millennium Falcon 75257, complete with all minifigures and instructions, built once, no box.";
  const SCARF = "Hand knit alpaca scarf for women, 170x25 cm, charcoal.";

  it("says what comes with an item with its 'with', never as the item's own words", async () => {
    const ebay = await write(SONY, "ebay");
    expect(ebay.title).not.toMatch(/Black Charging Cable/u);
    expect((await write(SONY, "etsy")).title).toContain("with Case and Charging Cable");
    expect((await write(GAME_BOY, "ebay")).title).toBe("Nintendo Game Boy Color Purple with Pokemon Yellow Cartridge");
    // A board's own groove is no accessory: "with juice groove" stays a feature.
    expect((await write("Bamboo cutting board set of 3, 15x10, 12x8 and 9x6 inches, with juice groove.", "etsy")).title).toContain("Juice Groove");
  });

  it("calls a LEGO set complete when the seller does, gives its set number, and no Type from a word of its name", async () => {
    const l = await write(LEGO, "ebay");
    expect(l.title).toContain("Complete");
    const s = specifics(l);
    expect(s["LEGO Set Number"]).toBe("75257");
    expect(s.Type).toBeUndefined();
    expect(specifics(await write(JORDAN, "ebay")).Type).toBeUndefined();
    // A noun the seller wrote with a capital is still a kind of thing ("Polaroid SX-70 Land Camera").
    expect(specifics(await write("Polaroid SX-70 Land Camera, brown leather, tested and working.", "ebay")).Type).toBe("Camera");
  });

  it("names an Etsy item's one colour in its title, and none of several on offer", async () => {
    expect((await write(SCARF, "etsy")).title).toBe("Hand Knit Alpaca Scarf for Women 170x25 cm - Charcoal");
    // Colours to choose from are no colour of the item; its letter sizes keep their capitals.
    expect((await write(TEE, "etsy")).title).toBe("Funny Cat Mom T-Shirt - Sizes S-3XL, Unisex Bella Canvas, Soft Ringspun Cotton");
  });

  it("keeps what a cup holder fit says whole: 'Fits Most Cup Holders'", async () => {
    const l = await write(TUMBLER, "amazon");
    expect(l.title).toContain("Fits Most Cup Holders");
    expect(l.title).not.toMatch(/, Cup Holders/u);
  });
});

describe("ten more sellers' texts (session 34, second round)", () => {
  const FRYER = "Ninja AF101 air fryer, 4 quart, 1550 watts, grey, nonstick dishwasher safe basket, recipe book included. Not for outdoor use.";
  const CUFFLINKS = "Sterling silver cufflinks, engraved with initials, 15 mm round, comes in a gift box. Not plated: solid 925 silver.";
  const SAHAN = "El dövmesi bakır sahan, 18 cm çap, içi kalaylı, ahşap saplı değil, pirinç kulplu. Bulaşık makinesinde yıkanmaz.";
  const ABBEY_ROAD = "The Beatles - Abbey Road LP, 1969 UK Apple first pressing, vinyl VG+, sleeve VG with ring wear, no inner sleeve.";
  const PUZZLE = "Wooden jigsaw puzzle for toddlers, 24 pieces, farm animals, non-toxic water-based paint, ages 3+. Not suitable for children under 3 years: small parts.";

  it("titles an air fryer as the air fryer, never its basket, and searches no 'decor'", async () => {
    const l = await write(FRYER, "amazon");
    expect(l.title).toMatch(/^Ninja AF101 Air Fryer 4 Quart/u);
    expect(l.searchTerms ?? "").not.toMatch(/decor|interior/iu);
  });

  it("reads no English 'not' as what is personalised, and a gift box's clause takes no material with it", async () => {
    const facts = extractFacts({ text: CUFFLINKS });
    expect(facts.personalisation).toEqual(["initials"]);
    expect(facts.materials.map((m) => m.name)).toContain("sterling silver");
    const l = await write(CUFFLINKS, "etsy");
    expect(l.tags.filter((t) => /(?:^| )not(?: |$)/u.test(t))).toEqual([]);
    expect(l.description).toContain("Personalisation: initials");
  });

  it("gives a pan no wooden handle when the seller says it has none, and keeps 'el dövmesi' whole", async () => {
    const facts = extractFacts({ text: SAHAN });
    expect(facts.partMaterials.map((p) => p.phrase)).toEqual(["pirinç kulp"]);
    expect(facts.materials.map((m) => m.name)).toEqual(["bakır"]);
    const l = await write(SAHAN, "etsy");
    expect(l.tags).not.toEqual(expect.arrayContaining(["el sahan"]));
    expect(l.tags.filter((t) => /^dövmesi/u.test(t))).toEqual([]);
  });

  it("reads a record's year of pressing, its label as the label, and says the year once", async () => {
    const l = await write(ABBEY_ROAD, "ebay");
    // (The seller's grade whole, "+" and all: decision 0083.)
    expect(l.title).toBe("1969 The Beatles Abbey Road LP UK Apple First Pressing Vinyl VG+");
    const s = specifics(l);
    expect(s["Record Label"]).toBe("Apple");
    expect(s.Brand).toBeUndefined();
    expect(s.Era).toBe("1969");
    // The description grades it as the item specifics do; an "ex-library" book keeps its word.
    expect(l.description).toContain("Condition: Vinyl VG+, sleeve VG, ring wear");
    expect(factLines(extractFacts({ text: "Dune paperback, ex-library copy, light wear." }))).toContain("Condition: Ex-library, light wear");
  });

  it("takes no title words from a safety warning", async () => {
    const l = await write(PUZZLE, "amazon");
    expect(l.title).not.toMatch(/Small Parts/u);
    expect(l.description).toContain("Not suitable for children under 3 years: small parts");
  });
});
