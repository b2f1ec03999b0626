import { describe, expect, it } from "vitest";
import { extractFacts, factItems, keptFacts, unsupportedClaims } from "../../shared/facts";
import { isDigitalProduct } from "../../shared/listings/phrases";
import { CORPUS } from "../fixtures/listing-corpus/quality";

const items = (text: string) => factItems(extractFacts({ text })).map((i) => `${i.kind}:${i.value}`);

describe("the fact sheet reads what the seller said", () => {
  it("keeps every size of a set, the count and the material of a cutting board set", () => {
    const facts = items("Bamboo cutting board set of 3 with juice groove, sizes 15x10, 12x8 and 9x6 inches, pre-oiled.");
    expect(facts).toEqual(expect.arrayContaining(["measure:15x10", "measure:12x8", "measure:9x6 inches", "count:set of 3", "material:bamboo"]));
    expect(extractFacts({ text: "Bamboo cutting board set of 3 with juice groove" }).head).toBe("board");
  });

  it("reads brand, catalogue number, era, capacity, colour and condition of a vintage bowl", () => {
    const sheet = extractFacts({ text: "Vintage 1970s Pyrex #403 mixing bowl, 2.5 qt, Turquoise Butterprint pattern. Used marks inside, no chips or cracks." });
    expect(sheet.brand).toBe("Pyrex");
    expect(sheet.models).toEqual(["#403"]);
    expect(sheet.era).toEqual(["1970s"]);
    expect(sheet.vintage).toBe(true);
    expect(sheet.measures).toEqual(["2.5 qt"]);
    expect(sheet.colours).toContain("turquoise");
    expect(sheet.condition).toEqual(["used marks", "no chips or cracks"]);
    expect(sheet.digital).toBe(false);
  });

  it("reads a Turkish description: share of merino wool, hand-wash-only care, sizes and colour", () => {
    const sheet = extractFacts({ text: "El örgüsü merinos yünü hırka, %100 merinos yünü. Sadece elde yıkayın. S-XL beden. Krem rengi." });
    expect(sheet.language).toBe("tr");
    expect(sheet.materials).toEqual([{ name: "merinos yünü", percent: 100 }]);
    expect(sheet.care).toEqual(["sadece elde yıkayın"]);
    expect(sheet.sizes).toEqual(["S-XL"]);
    expect(sheet.handmade).toBe(true);
    expect(sheet.craft).toBe("knit");
  });

  it("reads a digital template edited in Canva (not a PDF) from the whole text", () => {
    const sheet = extractFacts({ text: "Wedding seating chart template, 18x24 and 24x36 inches. Editable in Canva. No physical item will be shipped." });
    expect(sheet.digital).toBe(true);
    expect(sheet.editor).toBe("Canva");
    expect(sheet.formats).toEqual([]);
    expect(sheet.measures).toEqual(["18x24", "24x36 inches"]);
  });

  it("tells a pattern from the finished toy and reads its skill level, terms, hook and finished size", () => {
    const sheet = extractFacts({
      text: "Bunny amigurumi crochet pattern, US terms, beginner level. Finished size 20 cm with a 3 mm hook. This is a digital PDF pattern. No physical item will be shipped.",
    });
    expect(sheet).toMatchObject({ pattern: true, digital: true, craft: "crochet", formats: ["PDF"], terms: "us terms" });
    expect(sheet.measures).toEqual(["20 cm"]);
    expect(sheet.tools).toEqual(["3 mm hook"]);
    expect(sheet.sizes).toEqual([]);
  });

  it("a physical item that ships is not digital even when it says 'pattern'", () => {
    expect(extractFacts({ text: "Ceramic plate with a floral pattern, 10 inch. Ships in 2 days." }).digital).toBe(false);
  });

  it("a listing that drops a size or the catalogue number is told which", () => {
    const sheet = extractFacts({ text: "Vintage Pyrex #403 bowl, 2.5 qt, sizes 15x10 and 12x8 cm" });
    const { dropped } = keptFacts("Vintage Pyrex Bowl 15 x 10 cm, 2,5 qt", sheet);
    expect(dropped.map((d) => d.value)).toEqual(["#403", "12x8 cm"]);
  });
});

describe("the fact sheet keeps what qualifies a part, a range, a year, Turkish care and the audience apart", () => {
  it("'ahşap düğmeli' on a cardigan is the buttons' material, not the cardigan's, in Turkish and English", () => {
    const tr = extractFacts({ text: "El örgüsü hırka, ahşap düğmeli, %100 merinos yünü. Sadece elde yıkanır." });
    expect(tr.materials).toEqual([{ name: "merinos yünü", percent: 100 }]);
    expect(tr.partMaterials.map((p) => p.phrase)).toEqual(["ahşap düğme"]);
    expect(factItems(tr)).toEqual(expect.arrayContaining([{ kind: "material", value: "ahşap düğme" }]));
    const en = extractFacts({ text: "Hand knit cardigan with wooden buttons, 100% wool." });
    expect(en.materials).toEqual([{ name: "wool", percent: 100 }]);
    expect(en.partMaterials.map((p) => p.phrase)).toEqual(["wooden buttons"]);
  });

  it("a leather bag with a brass buckle and a wooden handle is made of leather; the brass and the wood are its parts'", () => {
    const sheet = extractFacts({ text: "Leather bag with a brass buckle and a wooden handle." });
    expect(sheet.materials.map((m) => m.name)).toEqual(["leather"]);
    expect(sheet.partMaterials.map((p) => p.phrase)).toEqual(["brass buckle", "wooden handle"]);
    expect(extractFacts({ text: "Ceviz kesme tahtası, pirinç kulplu." }).partMaterials.map((p) => p.phrase)).toEqual(["pirinç kulp"]);
  });

  it("the product itself is never its own part: a brass ring is made of brass, a gold chain necklace of gold", () => {
    expect(extractFacts({ text: "Brass ring, adjustable" }).materials.map((m) => m.name)).toEqual(["brass"]);
    expect(extractFacts({ text: "14k gold chain necklace, 18 inch" }).materials.map((m) => m.name)).toEqual(["14k gold"]);
    const keychain = extractFacts({ text: "Leather keychain with a brass ring, 4 inches long." });
    expect(keychain.materials.map((m) => m.name)).toEqual(["leather"]);
    expect(keychain.partMaterials.map((p) => p.phrase)).toEqual(["brass ring"]);
  });

  it("keeps a range whole: '14-18 inches', '14 to 18 in', '14–18 cm' and Turkish '14-18 cm', never only its upper end", () => {
    // What a stand holds is no size of the stand (decision 0066): the range is read whole as what it fits.
    expect(extractFacts({ text: "Adjustable doll stand for dolls 14-18 inches tall." }).details).toEqual(["for dolls 14-18 inches"]);
    expect(extractFacts({ text: "Adjustable doll stand, 14-18 inches tall." }).measures).toEqual(["14-18 inches"]);
    expect(extractFacts({ text: "Chain necklace, adjustable 14 to 18 in." }).measures).toEqual(["14 to 18 in"]);
    expect(extractFacts({ text: "Linen napkin ring, 14–18 cm around." }).measures).toEqual(["14–18 cm"]);
    expect(extractFacts({ text: "Ayarlanabilir kolye zinciri, 14-18 cm." }).measures).toEqual(["14-18 cm"]);
    // A listing that says the range another way keeps it; one with only "18 inches" drops it.
    const sheet = extractFacts({ text: "Doll dress for dolls 14-18 inches tall." });
    expect(keptFacts("Fits dolls 14 to 18 inches.", sheet).dropped).toEqual([]);
    expect(keptFacts("Fits 18 inch dolls.", sheet).dropped.map((d) => d.value)).toEqual(["for dolls 14-18 inches"]);
  });

  it("reads the year a vintage item was made: '1962', 'from 1962', '1962 yapımı', 'circa 1962', '1960s'", () => {
    expect(extractFacts({ text: "Vintage Pyrex bowl, 1962, Butterprint." }).era).toEqual(["1962"]);
    expect(extractFacts({ text: "Pyrex mixing bowl from 1962, no chips." })).toMatchObject({ era: ["1962"], vintage: true });
    expect(extractFacts({ text: "1962 yapımı vintage duvar saati, çalışır durumda." }).era).toEqual(["1962"]);
    expect(extractFacts({ text: "Brass table lamp, circa 1962." }).era).toEqual(["circa 1962"]);
    expect(extractFacts({ text: "Teak sideboard from the 1960s." })).toMatchObject({ era: ["1960s"], vintage: true });
  });

  it("reads the item's pattern as the seller named it, in English and Turkish, and none the seller did not name", () => {
    const designs = (text: string) => extractFacts({ text, platform: "ebay" }).designs;
    expect(designs("Pyrex Snowflake casserole dish from 1962, 1.5 qt, white with turquoise, no chips.")).toEqual(["Snowflake"]);
    expect(designs("Vintage 1970s Pyrex #403 mixing bowl, 2.5 qt, Turquoise Butterprint pattern.")).toEqual(["Butterprint"]);
    expect(designs("Vintage Pyrex #403 2.5 qt mixing bowl, turquoise Butterprint, 1970s, no chips.")).toEqual(["Butterprint"]);
    expect(designs("Vintage Corningware Blue Cornflower casserole dish P-1-B with glass lid, 1 quart, 1960s.")).toEqual(["Blue Cornflower"]);
    expect(designs("Vintage Royal Albert Old Country Roses teacup and saucer, 1962, bone china.")).toEqual(["Old Country Roses"]);
    expect(designs("Ceramic mug with snowflake design, 350 ml.")).toEqual(["Snowflake"]);
    expect(designs("Floral midi dress in cotton, size M.")).toEqual(["Floral"]);
    expect(designs("Striped linen tea towel, 50x70 cm.")).toEqual(["Striped"]);
    expect(designs("Plaid wool scarf, 180 cm.")).toEqual(["Plaid"]);
    expect(designs("Knitted sweater, Fair Isle pattern, wool.")).toEqual(["Fair Isle"]);
    expect(designs("Çiçekli pamuk elbise, M beden.")).toEqual(["Çiçekli"]);
    expect(designs("Ekose yün atkı, 180 cm.")).toEqual(["Ekose"]);
    expect(designs("Vintage Pyrex kar tanesi desenli güveç, 1960'lar.")).toEqual(["Kar Tanesi"]);
    // A scent, a notebook's ruling, a pattern that is what is sold, a colour, a model or a product line is no pattern.
    expect(designs("Hand poured soy candle, lavender and floral scent, 8 oz.")).toEqual([]);
    expect(designs("Çizgili defter, A5, 120 sayfa.")).toEqual([]);
    expect(designs("Bunny amigurumi crochet pattern. Finished size 20 cm. This is a digital PDF pattern.")).toEqual([]);
    expect(designs("Set of 4 vintage Fire-King Jadeite D-handle mugs, 8 oz, 1950s.")).toEqual([]);
    expect(designs("Polaroid SX-70 Land Camera, 1972, tested and working.")).toEqual([]);
    expect(designs("Vintage Levi's 70505 trucker denim jacket from the 1980s, size M.")).toEqual([]);
    // "Facts we used" lists it, and a model number keeps its last part ("P-1-B", never "P-1").
    expect(items("Pyrex Snowflake casserole dish from 1962.")).toContain("design:Snowflake");
    expect(extractFacts({ text: "Corningware casserole dish P-1-B, 1 quart." }).models).toEqual(["P-1-B"]);
  });

  it("a year that is not when the item was made is no era: 'since 1962', a model number, a measure, a new item", () => {
    expect(extractFacts({ text: "Cookies from our family bakery, baking since 1962." }).era).toEqual([]);
    expect(extractFacts({ text: "Vintage Seiko watch, model 1962, 38 mm." }).era).toEqual([]);
    expect(extractFacts({ text: "Poster print 1962 x 1400 mm, new." }).era).toEqual([]);
  });

  it("reads Turkish care however it is phrased: 'sadece elde yıkanır', 'elde yıkayın', '30 derecede yıkanabilir', 'kuru temizleme'", () => {
    expect(extractFacts({ text: "Merinos yünü hırka. Sadece elde yıkanır." }).care).toEqual(["sadece elde yıkanır"]);
    expect(extractFacts({ text: "Pamuklu bebek battaniyesi. Elde yıkayın." }).care).toEqual(["elde yıkayın"]);
    expect(extractFacts({ text: "Keten masa örtüsü, 30 derecede yıkanabilir." }).care).toEqual(["30 derecede yıkanabilir"]);
    expect(extractFacts({ text: "Yün palto. Kuru temizleme önerilir." }).care).toEqual(["kuru temizleme önerilir"]);
    expect(extractFacts({ text: "Pamuk tişört, 30 derecede makinede yıkanabilir." }).care).toEqual(["30 derecede makinede yıkanabilir"]);
  });

  it("'for women' is an audience, not an occasion, and supports no gift claim", () => {
    const text = "Hand knit wool scarf for women, 180 cm long.";
    const sheet = extractFacts({ text });
    expect(sheet.occasions).toEqual([]);
    expect(sheet.audiences).toEqual(["for women"]);
    expect(unsupportedClaims("A lovely gift for women.", sheet, text).map((c) => c.claim)).toContain("gift");
    const gift = extractFacts({ text: "Wool scarf for women, a birthday gift for mom." });
    expect(gift.occasions).toEqual(["birthday", "for mom"]);
    expect(gift.audiences).toEqual(["for women"]);
    expect(extractFacts({ text: "Kadınlar için el örgüsü atkı." })).toMatchObject({ occasions: [], audiences: ["kadınlar için"] });
  });
});

describe("a flaw keeps where it is", () => {
  it("reads 'small chip on saucer rim' whole, so eBay's condition notes say where the chip is, and stops at 'and'", () => {
    expect(extractFacts({ text: "Vintage Royal Albert teacup and saucer, bone china, small chip on saucer rim." }).condition).toEqual(["small chip on saucer rim"]);
    expect(extractFacts({ text: "Pyrex bowl, light wear to the base and some crazing." }).condition).toEqual(["light wear to the base", "some crazing"]);
    expect(extractFacts({ text: "Dish, minor scratches on rim and base." }).condition).toEqual(["minor scratches on rim"]);
    expect(extractFacts({ text: "Blue mug with a small chip." }).condition).toEqual(["small chip"]);
  });
});

describe("digital and pattern: one rule for the fact sheet and the composer, read from the whole text", () => {
  const both = (text: string) => {
    const sheet = extractFacts({ text });
    return { digital: sheet.digital, pattern: sheet.pattern, composer: isDigitalProduct(text) };
  };

  it("reads 'Crochet bunny pattern, PDF download' as a digital pattern that is not handmade, as the composer does", () => {
    const text = "Crochet bunny pattern, PDF download: a 20 cm amigurumi rabbit worked in DK cotton with a 3.5 mm hook, US terms";
    expect(both(text)).toEqual({ digital: true, pattern: true, composer: true });
    expect(extractFacts({ text }).handmade).toBe(false);
  });

  it("reads Turkish patterns and files: 'PDF desen', 'tarif', 'dijital indirme', 'şablon'", () => {
    expect(both("Tığ işi kedi PDF desen, bitmiş boyu 15 cm, 3 mm tığ.")).toEqual({ digital: true, pattern: true, composer: true });
    expect(both("Örgü bebek hırkası tarifi, 0-6 ay, 4 mm şiş.")).toEqual({ digital: true, pattern: true, composer: true });
    expect(both("Haftalık ajanda sayfaları, dijital indirme, A4 ve A5.")).toEqual({ digital: true, pattern: false, composer: true });
    expect(both("Düğün oturma planı şablonu, Canva ile düzenlenebilir, 50x70 cm.")).toEqual({ digital: true, pattern: false, composer: true });
  });

  it("a kit with a printed pattern, a patterned plate and a printable chart are told apart", () => {
    expect(both("Crochet kit: yarn, a 4 mm hook and a PDF pattern. Ships in 2 days.")).toEqual({ digital: false, pattern: true, composer: false });
    expect(both("Çiçek desenli seramik tabak, 25 cm. Kargo ile gönderilir.")).toEqual({ digital: false, pattern: false, composer: false });
    expect(both("Crochet blanket with a floral pattern, 100x120 cm, cotton.")).toEqual({ digital: false, pattern: false, composer: false });
    expect(both("Printable seating chart, editable in Canva, 18x24 and 24x36 inches.")).toEqual({ digital: true, pattern: false, composer: true });
  });

  it("every corpus product: a file or a pattern is digital to both, every other product to neither", () => {
    const wrong = CORPUS.filter((item) => {
      const { digital, composer } = both(item.text);
      // A personalised pet portrait sent as a file ("No physical item is shipped") is digital too.
      const expected = item.kind === "digital" || item.kind === "pattern" || /no physical item/i.test(item.text);
      return digital !== expected || composer !== expected;
    }).map((item) => item.id);
    expect(wrong).toEqual([]);
    expect(CORPUS.filter((item) => item.kind === "pattern" && !extractFacts({ text: item.text }).pattern).map((item) => item.id)).toEqual([]);
  });
});

describe("claims need a fact", () => {
  const board = "Bamboo cutting board set of 3 with juice groove, sizes 15x10, 12x8 and 9x6 inches, pre-oiled.";
  it("flags invented handmade, care and stock lines on a manufactured board", () => {
    const found = unsupportedClaims("Made with care, one piece at a time. Brings a handmade touch to everyday life. Add it to your cart today.", extractFacts({ text: board }), board);
    expect(found.map((c) => c.claim)).toEqual(expect.arrayContaining(["handmade", "made with care", "one piece at a time", "stock line"]));
  });

  it("'kolay yıkanır' on a hand-wash-only cardigan is unsupported; on a machine-washable one it is supported", () => {
    const handWash = "Merinos yünü hırka. Sadece elde yıkayın.";
    const machine = "Pamuklu hırka. 30 derecede makinede yıkanabilir.";
    expect(unsupportedClaims("Kolay yıkanır.", extractFacts({ text: handWash }), handWash).map((c) => c.claim)).toEqual(["easy to wash"]);
    expect(unsupportedClaims("Kolay yıkanır.", extractFacts({ text: machine }), machine)).toEqual([]);
  });

  it("'PDF' and 'step-by-step instructions' on a Canva seating chart are unsupported", () => {
    const chart = "Printable seating chart, editable in Canva, 18x24 and 24x36 inches.";
    const found = unsupportedClaims("Clear, step-by-step instructions. PDF included.", extractFacts({ text: chart }), chart);
    expect(found.map((c) => c.claim)).toEqual(["step-by-step instructions", "PDF"]);
  });

  it("the seller's own words are never flagged", () => {
    const own = "Handmade ceramic mug, one of a kind, made with love in my studio.";
    expect(unsupportedClaims("Handmade ceramic mug. One of a kind, made with love.", extractFacts({ text: own }), own)).toEqual([]);
  });
});
