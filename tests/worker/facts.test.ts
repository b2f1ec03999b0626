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
