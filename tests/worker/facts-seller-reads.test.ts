/**
 * What a seller's listing says, read as they wrote it (decisions 0063, 0066): a device named right before
 * the accessory's noun ("Apple Watch band") is what the band fits, not its brand; a set's sizes are each in
 * the title once; a size list in brackets stays one part of an Amazon bullet.
 */
import { describe, expect, it } from "vitest";
import { extractFacts } from "../../shared/facts";
import { manufactureCountry } from "../../shared/facts/places";
import { generateListingParts } from "../../worker/domain/listings/generate";
import { offlineComposer } from "../../worker/providers/llm/offline-composer";

const write = async (description: string, platform: "etsy" | "ebay" | "amazon") => (await generateListingParts(offlineComposer(), { description, keywords: [], platform })).listing;

const BAND = "Apple Watch band, braided nylon, fits 45 mm, adjustable, navy blue";
const BOARDS = "Bamboo cutting board set of 3 (small 30x20 cm, medium 35x25 cm, large 40x30 cm), pre-oiled, juice groove. Care: hand wash.";

describe("a device named before the accessory's noun", () => {
  it("is what an 'Apple Watch band' fits, with its 45 mm, and Apple is not the band's brand", async () => {
    const facts = extractFacts({ text: BAND });
    expect(facts.brand).toBeUndefined();
    expect(facts.fits).toEqual(["Apple Watch 45 mm"]);
    const l = await write(BAND, "etsy");
    expect(l.description).not.toMatch(/Brand: Apple/u);
    expect(l.title).toMatch(/Apple Watch 45 mm/u);
  });

  it("reads 'iPhone 15 Pro case' and 'Kindle Paperwhite cover' as what they fit, and a 'Leather phone case' as fitting nothing named", () => {
    expect(extractFacts({ text: "iPhone 15 Pro case, clear silicone" }).fits).toEqual(["iPhone 15 Pro"]);
    expect(extractFacts({ text: "Kindle Paperwhite cover in green felt" }).fits).toEqual(["Kindle Paperwhite"]);
    expect(extractFacts({ text: "Leather phone case with card slot" }).fits ?? []).toEqual([]);
    expect(extractFacts({ text: "Personalised Nike strap for a gym bag" }).fits ?? []).toEqual([]);
  });
});

describe("a set's sizes", () => {
  it("are each in the title once, the one the seller's phrase carries included", async () => {
    for (const platform of ["amazon", "etsy", "ebay"] as const) {
      const { title } = await write(BOARDS, platform);
      for (const size of ["30x20 cm", "35x25 cm", "40x30 cm"]) {
        const said =
          title
            .split(/\s+/)
            .join(" ")
            .match(new RegExp(size.replace(" cm", "(?: cm)?"), "gu")) ?? [];
        expect(said.length, `${platform}: ${title}`).toBe(1);
      }
    }
  });

  it("stand together in the title, in the seller's order, with no feature between them", async () => {
    const unbracketed = "Bamboo cutting board set of 3, small 30x20 cm, medium 35x25 cm, large 40x30 cm, pre-oiled, juice groove";
    for (const platform of ["amazon", "etsy"] as const) {
      const { title } = await write(unbracketed, platform);
      expect(title, `${platform}: ${title}`).toMatch(/30x20 cm,? 35x25 cm,? 40x30 cm/u);
    }
    const { title } = await write("Printable weekly planner PDF, A4 and US Letter, instant download, 12 pages", "etsy");
    expect(title).toMatch(/A4, US Letter/u);
  });

  it("stay in one Amazon bullet when the seller listed them in brackets: no bullet ends inside the brackets", async () => {
    const { bullets } = await write(BOARDS, "amazon");
    for (const bullet of bullets ?? []) {
      expect((bullet.match(/\(/g) ?? []).length, bullet).toBe((bullet.match(/\)/g) ?? []).length);
    }
    expect((bullets ?? []).join(" ")).toMatch(/small 30x20 cm, medium 35x25 cm, large 40x30 cm/u);
  });
});

describe("where it was made", () => {
  it("reads every country eBay lists after 'made in' (Iran was missing), and gives eBay's value for it", () => {
    const facts = extractFacts({ text: "Hand-knotted wool rug, made in Iran, 120x180 cm." });
    expect(facts.origin).toBe("Iran");
    expect(manufactureCountry(facts.origin)).toBe("Iran");
  });
});
