/**
 * Step 3 sells the pattern (issue 27): title, description, tags and alt texts describe a digital
 * pattern (what the PDF contains, skill level, finished size, yarn weight, hook or needle size, terms,
 * instant download, no physical item), never the finished item's qualities, entirely in the listing's
 * language, and invent nothing the pattern does not back (the fact sheet's unsupportedClaims).
 */
import { describe, expect, it } from "vitest";
import { extractFacts, unsupportedClaims } from "../../shared/facts";
import bunnyParts from "../fixtures/patterns/accuracy/en-crochet-bunny-parts.txt?raw";
import hatSizes from "../fixtures/patterns/accuracy/en-knit-hat-sizes.txt?raw";
import sleeveSizes from "../fixtures/patterns/accuracy/en-knit-sleeve-sizes.txt?raw";
import trBear from "../fixtures/patterns/accuracy/tr-crochet-bear.txt?raw";
import trBlanket from "../fixtures/patterns/accuracy/tr-knit-baby-blanket.txt?raw";
import { api, registerUser } from "./helpers";

interface Listing {
  title: string;
  description: string;
  tags: string[];
  altTexts: string[];
}

async function listingFor(token: string, pattern: string, options: Record<string, unknown> = {}) {
  const pdf = await (await api("/workflow/generate-pdf", { token, body: { pattern: { optimizedPattern: pattern }, options } })).json<{ pdfContent: string }>();
  const res = await api("/workflow/etsy-listing", { token, body: { input: { pdfContent: pdf.pdfContent }, options } });
  expect(res.status).toBe(200);
  return { listing: await res.json<Listing>(), pdfContent: pdf.pdfContent };
}

const all = (l: Listing) => [l.title, l.description, ...l.tags, ...l.altTexts].join("\n");

/** What a toy listing says and a pattern listing must not. */
const FINISHED_ITEM = /soft|huggable|cuddly|companion|bedtime|small hands|stuffed animal|plush|toy|tutorial|yumuşacık|sarılmalık|oyuncak/iu;
/** English words a Turkish listing must not carry (the "Knit Örgü", "İnstant Download", "Skill level: kolay"). */
const ENGLISH = /(?<![\p{L}])(?:pattern|instant|download|skill|level|knit|knitting|crochet|tutorial|size|yarn|hook|needles?|features?|please note)(?![\p{L}])/iu;

describe("step 3's listing for a digital pattern", () => {
  it("describes the English crochet pattern: what the PDF holds, its details, instant download, and nothing of a toy", async () => {
    const { token } = await registerUser();
    const { listing, pdfContent } = await listingFor(token, bunnyParts, { language: "en" });
    expect(listing.title).toBe("Sleepy Bunny Amigurumi Crochet Pattern, PDF Instant Download, Easy Level, 18 cm");
    for (const fact of [
      "What the PDF contains",
      "25 numbered rounds and rows, each with its stitch count",
      "The parts in order: HEAD (cream), EARS (make 2, pink), BODY (cream), Finishing",
      "Abbreviations table",
      "Written in US crochet terms",
      "Skill level: Easy",
      "Finished size: 18 cm",
      "Hook size: 3 mm",
      "This is the pattern, not a finished item",
      "No physical item will be shipped.",
    ]) {
      expect(listing.description).toContain(fact);
    }
    expect(all(listing)).not.toMatch(FINISHED_ITEM);
    expect(listing.tags).toHaveLength(13);
    expect(listing.tags).toEqual(expect.arrayContaining(["crochet pattern", "bunny pattern", "amigurumi pattern", "instant download", "us crochet terms"]));
    expect(listing.altTexts[0]).toBe("Cover page of the Sleepy Bunny Amigurumi pattern PDF");
    // Nothing the pattern does not back.
    const facts = extractFacts({ text: pdfContent, title: "Sleepy Bunny Amigurumi Pattern", platform: "etsy" });
    expect(unsupportedClaims(all(listing), facts, pdfContent)).toEqual([]);
  });

  it("writes the Turkish knitting pattern's listing entirely in Turkish", async () => {
    const { token } = await registerUser();
    const { listing, pdfContent } = await listingFor(token, trBlanket, { language: "tr", listingLanguage: "tr" });
    expect(listing.title).toBe("Bebek Battaniyesi Şiş Örgü Modeli, PDF Anında İndirme, Kolay Seviye, 70 x 80 cm");
    for (const fact of [
      "PDF'in içeriği",
      "Sırasıyla bölümler: ALT KENAR, DESEN, ÜST KENAR, BİTİRME",
      "Örgü sıklığı (numune)",
      "Seviye: Kolay",
      "Bitmiş ölçü: 70 x 80 cm",
      "Şiş numarası: 5 mm",
      "Fiziksel bir ürün gönderilmez.",
    ]) {
      expect(listing.description).toContain(fact);
    }
    // "worsted" is the yarn weight's standard name in Turkish too; no other English word.
    expect(all(listing).replace(/worsted/giu, "")).not.toMatch(ENGLISH);
    expect(all(listing)).not.toMatch(FINISHED_ITEM);
    expect(listing.tags).toHaveLength(13);
    expect(listing.tags).toEqual(expect.arrayContaining(["şiş örgü modeli", "bebek battaniyesi", "anında indirme"]));
    // The wizard sells a digital PDF pattern by definition: that is the one fact it states for the sheet.
    const facts = extractFacts({ text: pdfContent, title: "Bebek Battaniyesi Şiş Örgü Modeli", platform: "etsy", language: "tr", corrections: { digital: true, pattern: true } });
    expect(unsupportedClaims(all(listing), facts, pdfContent, "tr")).toEqual([]);

    const bear = await listingFor(token, trBear, { language: "tr", listingLanguage: "tr" });
    expect(bear.listing.title).toBe("Amigurumi Ayıcık Tığ İşi Modeli, PDF Anında İndirme, Kolay Seviye, 15 cm");
    expect(all(bear.listing)).not.toMatch(ENGLISH);
    expect(all(bear.listing)).not.toMatch(FINISHED_ITEM);
  });

  it("writes the listing in the interface's language, with the skill level in that language too", async () => {
    const { token } = await registerUser();
    const { listing } = await listingFor(token, trBlanket, { language: "tr", listingLanguage: "en" });
    expect(listing.description).toContain("Skill level: Easy");
    expect(listing.description).not.toMatch(/Seviye|kolay/iu);
    expect(listing.description).toContain("What the PDF contains");
  });

  it("names every size of a multi-size pattern", async () => {
    const { token } = await registerUser();
    const { listing } = await listingFor(token, hatSizes, { language: "en" });
    expect(listing.title).toBe("Ribbed Watch Cap Knitting Pattern, PDF Instant Download, Easy Level, S, M, L");
    expect(listing.description).toContain("Instructions for every size: S, M, L");
    expect(listing.description).toContain("Needle size: 4.5 mm");
    expect(listing.description).toContain("Yarn weight: worsted");
    expect(listing.tags).toContain("multi size pattern");
  });

  it("names the yarn weight the materials list gives ('DK cotton yarn: 40 g') and every needle size ('3.25 mm and 4 mm')", async () => {
    const { token } = await registerUser();
    expect((await listingFor(token, bunnyParts, { language: "en" })).listing.description).toContain("Yarn weight: DK");
    const { listing } = await listingFor(token, sleeveSizes, { language: "en" });
    expect(listing.description).toContain("Needle size: 3.25 mm, 4 mm");
    expect(listing.description).toContain("Yarn weight: DK");
  });
});
