/**
 * What sellers of made goods, records and patterns wrote, kept as they wrote it: a number's thousands
 * separator is no clause break, what comes in the box is not the product, a record's sleeve wear is no
 * ring and its artist no colour, a camera keeps the lens it comes with, a size is a word of the title.
 * Each case failed before its fix, read from a seller's text written for the test.
 */
import { describe, expect, it } from "vitest";
import { auditListing } from "../../shared/audit";
import { extractFacts, factItems } from "../../shared/facts";
import { isFragmentTag } from "../../shared/listings/support";
import { generateListingParts } from "../../worker/domain/listings/generate";
import { offlineComposer } from "../../worker/providers/llm/offline-composer";

const write = async (description: string, platform: "etsy" | "ebay" | "amazon") => (await generateListingParts(offlineComposer(), { description, keywords: [], platform })).listing;
const specifics = (listing: { itemSpecifics?: { name: string; value: string }[] }) => Object.fromEntries((listing.itemSpecifics ?? []).map((s) => [s.name, s.value]));

const POWER_BANK =
  "Anker 737 Power Bank (PowerCore 24K), 24,000mAh, 140W output, charges a MacBook Pro 16 to 50% in 50 minutes. Smart digital display shows remaining battery. Includes USB-C to USB-C cable and travel pouch.";
const RECORD =
  "Pink Floyd - The Dark Side of the Moon, 1973 UK first pressing, Harvest SHVL 804. Vinyl VG+, plays with light surface noise. Sleeve has ring wear and a small seam split. Both posters and stickers included.";
const CAMERA =
  "Nikon F3 35mm film camera body with Nikkor 50mm f/1.4 lens. Shutter fires at all speeds, light meter works. Light brassing on the top plate, small dent on the filter ring. Lens glass clear, no fungus or haze. Comes with original strap.";
const FLEECE = "Patagonia Better Sweater fleece jacket, men's size L, navy blue. Worn a handful of times, no pilling, no stains. Full zip, two zip hand pockets. Pit to pit 23 inches.";

describe("a power bank", () => {
  it("is the product, not the travel pouch it comes with, and keeps its 24,000mAh whole", async () => {
    expect(extractFacts({ text: POWER_BANK }).product).toBe("Anker 737 Power Bank");
    const l = await write(POWER_BANK, "amazon");
    expect(l.title).toMatch(/^Anker 737 Power Bank, 24,000mAh/u);
    expect(l.title).not.toMatch(/Travel Pouch|000mah|50%/u);
    expect(l.title).toContain("PowerCore 24K");
    // No bullet is a piece of a number ("Good to Know: 24." then "000mAh").
    expect(l.bullets?.some((b) => /: 24\.$|^Features: 000/u.test(b))).toBe(false);
  });
});

describe("a vinyl record", () => {
  it("is a record pressed in 1973, graded and worn as the seller says: no ring, no pink, no moon", async () => {
    const facts = extractFacts({ text: RECORD });
    expect(facts.head).not.toBe("ring");
    expect(facts.colours).toEqual([]);
    expect(facts.era).toEqual(["1973"]);
    expect(facts.condition).toEqual(expect.arrayContaining(["vinyl vg+", "light surface noise", "ring wear", "small seam split"]));
    // "Facts we used" shows the grade as collectors write it.
    expect(factItems(facts).filter((f) => f.kind === "condition")[0]?.value).toBe("vinyl VG+");
    const l = await write(RECORD, "ebay");
    expect(l.title).toMatch(/^Pink Floyd The Dark Side of the Moon 1973 UK First Pressing/u);
    expect(l.description).not.toMatch(/^Ring wear/u);
    const s = specifics(l);
    expect(s).toMatchObject({ Type: "Vinyl Record", Era: "1973", "Condition Notes": "Vinyl VG+, light surface noise, ring wear, small seam split" });
    expect(s.Color).toBeUndefined();
    expect(s.Theme).toBeUndefined();
    // The catalogue code the seller wrote in capitals is kept, and the Doctor does not call it shouting.
    expect(l.title).toContain("SHVL");
    const report = auditListing({ ...l, platform: "ebay", photoCount: 5, original: RECORD } as never);
    expect(report.findings.some((f: { id: string }) => f.id === "title.all-caps")).toBe(false);
  });

  it("names a Turkish record a record, not its artist's surname", async () => {
    const l = await write("Barış Manço - Sakla Samanı Gelir Zamanı plak, 1981 Türkiye baskısı. Plak iyi durumda, hafif çizikler var.", "ebay");
    expect(specifics(l).Tür).toBe("Plak");
    expect(l.title).toBe("1981 Barış Manço Sakla Samanı Gelir Zamanı Plak");
  });
});

describe("a film camera", () => {
  it("keeps the lens it comes with in the eBay title, and reads no colour or material from the lens's glass", async () => {
    const l = await write(CAMERA, "ebay");
    expect(l.title).toBe("Nikon F3 35 mm Film Camera Body with 50mm f/1.4 Lens and Original Strap");
    const s = specifics(l);
    expect(s.Color).toBeUndefined();
    expect(s.Material).toBeUndefined();
    // Both flaws, cut at a whole item within eBay's 65 characters.
    expect(s["Condition Notes"]).toBe("Light brassing on the top plate, small dent on the filter ring");
  });

  it("reads 'clear' as a colour only where it colours something", () => {
    expect(extractFacts({ text: "Clear glass vase, 20 cm tall." }).colours).toEqual(["clear"]);
    expect(extractFacts({ text: "Glass vase. Colour: clear." }).colours).toEqual(["clear"]);
    expect(extractFacts({ text: CAMERA }).colours).toEqual([]);
  });
});

describe("a size on eBay", () => {
  it("is a word of the title ('Men's Size L'), not a letter inside 'Fleece', and a zip is no file", async () => {
    const l = await write(FLEECE, "ebay");
    expect(l.title).toContain("Men's Size L");
    expect(extractFacts({ text: FLEECE }).formats).toEqual([]);
    expect(extractFacts({ text: "SVG and PNG files in a ZIP folder, instant download." }).formats).toEqual(["SVG", "PNG", "ZIP"]);
  });
});

describe("tags cut from a name", () => {
  it("never keep half of 'granny square', nor end on 'plus' or 'versions'", () => {
    const source = "Crochet pattern for a granny square cardigan. 12 monthly pages plus a yearly overview, Monday and Sunday start versions.";
    expect(isFragmentTag("square cardigan", source, [])).toBe(true);
    expect(isFragmentTag("granny pattern", source, [])).toBe(true);
    expect(isFragmentTag("granny square", source, [])).toBe(false);
    expect(isFragmentTag("pages plus", source, [])).toBe(true);
    expect(isFragmentTag("start versions", source, [])).toBe(true);
  });

  it("give a pattern what it makes: 'granny square', 'cardigan pattern', 'crochet cardigan', and its whole name in the title", async () => {
    const l = await write(
      "Crochet pattern for a granny square cardigan. Sizes XS to 3XL. Uses worsted weight yarn and a 5.5 mm hook. PDF includes written instructions in US terms, a chart, and photo tutorial for the joining.",
      "etsy",
    );
    expect(l.tags).toEqual(expect.arrayContaining(["granny square", "cardigan pattern", "crochet cardigan"]));
    expect(l.tags).not.toContain("square cardigan");
    const blanket = await write("Granny square baby blanket crochet pattern. Uses worsted weight yarn and a 5 mm hook. Finished size 30 x 36 inches.", "etsy");
    expect(blanket.title).toMatch(/^Granny Square Baby Blanket Crochet Pattern/u);
  });
});

describe("a Turkish baby cardigan", () => {
  it("keeps its colour whole ('hardal sarısı', not 'hardal') and tags a feature said with -li in any of its first sentences", async () => {
    const text = "El örgüsü yün bebek hırkası. 6-12 ay için. %100 merinos yünü, ahşap düğmeli. Elde yıkama önerilir. Renk: hardal sarısı.";
    expect(extractFacts({ text }).colours).toEqual(["hardal sarısı"]);
    const l = await write(text, "etsy");
    expect(l.tags).toEqual(expect.arrayContaining(["hardal sarısı hırka", "ahşap düğmeli hırka"]));
    expect(l.tags).not.toContain("hardal hırka");
  });
});

describe("what a part measures and what a painting shows", () => {
  it("reads a necklace's extender as a part: the necklace is 18 inch, never an '18 Inch Extender'", async () => {
    const text = "14k gold filled paperclip chain necklace, 18 inch with a 2 inch extender. Tarnish resistant, hypoallergenic.";
    const facts = extractFacts({ text });
    expect(facts.measures).toEqual(["18 inch"]);
    expect(facts.details).toEqual(["2 inch extender"]);
    const l = await write(text, "etsy");
    expect(l.title).toMatch(/^14k Gold Filled Paperclip Chain Necklace 18 Inch/u);
    expect(l.title).not.toMatch(/18 Inch Extender/u);
    // A drop earring's drop is its length, no part.
    expect(extractFacts({ text: "Gold drop earrings, 2 inch drop, hook fastening" }).measures).toEqual(["2 inch"]);
  });

  it("reads every size of 'S-M-L beden'", () => {
    expect(extractFacts({ text: "Keten kadın gömlek, oversize kesim, S-M-L beden seçenekleri." }).sizes).toEqual(["S-M-L"]);
  });

  it("names what a painting shows: 'Original Fox Watercolor Painting', 'fox painting', 'fox watercolor'", async () => {
    const l = await write("Original watercolor painting of a fox in the snow, 8x10 inches on 300gsm cold press paper. Signed on the front. Unframed.", "etsy");
    expect(l.title).toMatch(/^Original Fox Watercolor Painting/u);
    expect(l.tags).toEqual(expect.arrayContaining(["fox painting", "fox watercolor"]));
  });

  it("gives the product no material or property of another thing: no 'brass keychain' from its key ring, no 'water-based puzzle' from its paint", async () => {
    const keychain = await write("Personalized leather keychain with initials, hand stamped. Vegetable tanned leather, 4 inches long, brass key ring.", "etsy");
    expect(keychain.tags).not.toContain("brass keychain");
    const puzzle = await write("Wooden name puzzle for toddlers, personalised with up to 8 letters. Painted with non-toxic water-based paint.", "etsy");
    expect(puzzle.tags).not.toContain("water-based puzzle");
    // Safety the finish gives is the product's.
    expect(puzzle.tags).toContain("non-toxic puzzle");
  });
});

describe("Turkish sellers' clauses", () => {
  it("names a part without the 'var' that says it exists, and tags no option or difference", async () => {
    const wallet = await write("Hakiki deri erkek cüzdan, el dikimi. 6 kart bölmesi ve bozuk para gözü var. Ölçü: 11 x 9 cm. Kahverengi.", "etsy");
    expect(wallet.title).not.toMatch(/ Var(?:,|$)/u);
    expect(wallet.tags).toContain("bozuk para gözü");
    expect(wallet.tags).not.toContain("bozuk para gözü var");
    const necklace = await write("Kişiye özel isimli kolye, 925 ayar gümüş, rose altın kaplama seçeneği var. İsim en fazla 10 harf. Zincir 45 cm.", "etsy");
    expect(necklace.tags?.some((t) => /seçeneği|seçeneği var/u.test(t))).toBe(false);
    // Gold plating is a plating, not gold.
    expect(extractFacts({ text: "Kişiye özel isimli kolye, 925 ayar gümüş, rose altın kaplama seçeneği var." }).materials.map((m) => m.name)).not.toContain("altın");
  });

  it("reads a part's colour as the part's ('içi beyaz') and a handmade piece's variation note whole, as a note", async () => {
    const text = "El yapımı seramik kupa, 350 ml. Mat yeşil sır, içi beyaz. Bulaşık makinesinde yıkanabilir. Her kupa tek tek şekillendirildiği için küçük farklılıklar olabilir.";
    expect(extractFacts({ text }).colours).not.toContain("beyaz");
    const l = await write(text, "etsy");
    expect(l.tags).not.toContain("beyaz kupa");
    expect(l.tags).not.toContain("küçük farklılıklar");
    expect(l.description).toContain("Her kupa tek tek şekillendirildiği için küçük farklılıklar olabilir");
    const bowl = await write(
      "Hand-thrown stoneware ramen bowl with a speckled oat glaze. Holds about 32 oz. Dishwasher and microwave safe. Because they're handmade, each glaze pattern is slightly different.",
      "etsy",
    );
    expect(bowl.description).toContain("Because they're handmade, each glaze pattern is slightly different");
    expect(bowl.tags?.some((t) => /^each /u.test(t) || t === "glaze pattern")).toBe(false);
  });
});

describe("a seating chart template", () => {
  it("is no invitation: its title ends on no 'Printable Invitation'", async () => {
    const l = await write("Editable wedding seating chart template for Canva. 24x36 and 18x24 inch sizes. Change fonts, colours and names. Instant access after purchase.", "etsy");
    expect(l.title).toMatch(/^Editable Wedding Seating Chart Template for Canva/u);
    expect(l.title).not.toMatch(/Invitation/u);
    // An invitation keeps its tail.
    const invite = await write("Editable wedding invitation template for Canva, 5x7 inch. Instant download.", "etsy");
    expect(invite.title).toMatch(/Invitation/u);
  });
});

describe("an Amazon title", () => {
  it("opens with the name the seller gave the product, its line's name kept ('Karaca Hatır')", async () => {
    const l = await write("Karaca Hatır Türk kahve makinesi, 4 fincan kapasiteli, taşma önleyici sensör, sesli uyarı. Renk: rose gold.", "amazon");
    expect(l.title).toMatch(/^Karaca Hatır Türk Kahve Makinesi/u);
  });
});

describe("an eBay seller's name and condition", () => {
  it("writes 'Le Creuset 5.5 qt' once: a figure whose unit follows is the measure's, not the name's", async () => {
    const l = await write("Le Creuset 5.5 qt round Dutch oven in Flame orange, size 26. Enamel interior has light staining, no chips. Lid included.", "ebay");
    expect(l.title).toMatch(/^Le Creuset 5\.5 qt Round Dutch Oven/u);
    expect(l.title.match(/5\.5/gu)?.length).toBe(1);
    expect(l.title).not.toMatch(/Staining/u);
    expect(specifics(l)["Condition Notes"]).toBe("Light staining, no chips");
  });

  it("keeps what is missing, a crease and a Turkish chip out of the title and in the condition notes", async () => {
    const gameBoy = await write("Nintendo Game Boy Color, Atomic Purple, tested and working. Battery cover missing.", "ebay");
    expect(gameBoy.title).not.toMatch(/Missing/u);
    expect(specifics(gameBoy)).toMatchObject({ Brand: "Nintendo", "Condition Notes": "Tested and working, battery cover missing" });
    const boots = await write("Dr. Martens 1460 boots, black smooth leather, UK 7 / US 8. Worn a few times, small crease on the toe.", "ebay");
    expect(boots.title).toMatch(/^Dr\. Martens 1460 Boots/u);
    expect(boots.title).not.toMatch(/Crease/u);
    const bowl = await write("Vintage Paşabahçe kesme cam kase, 1970'ler. Çapı 20 cm. Küçük bir çentik var, çatlak yok.", "ebay");
    expect(bowl.title).not.toMatch(/Çentik/u);
    expect(specifics(bowl)["Durum Notu"]).toBe("Küçük bir çentik, çatlak yok");
  });
});
