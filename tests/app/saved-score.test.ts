import { describe, expect, it } from "vitest";
import { auditScore } from "../../shared/audit/engine";
import { auditInputOf, scoreSaved } from "../../worker/domain/audit/saved";

const row = {
  platform: "etsy",
  title: "Dainty Wool Beanie, Handmade Merino Hat for Winter",
  description: "A dainty wool beanie, made by hand in my studio. Materials: merino wool. Care: hand wash cold.",
  tags: ["wool beanie", "merino hat", "winter hat"],
  altTexts: [],
  ruleReport: null,
  source: "manual",
};

describe("the score My Listings shows for a saved listing", () => {
  it("is the Listing Doctor's score of the listing as saved, read again the same", () => {
    const expected = auditScore(auditInputOf(row));
    expect(scoreSaved(row)).toEqual(expected);
    expect(scoreSaved({ ...row })).toEqual(expected);
  });

  it("follows an edit of the listing instead of an earlier score", () => {
    const before = scoreSaved(row);
    const richer = {
      ...row,
      tags: [
        "wool beanie",
        "merino hat",
        "winter hat",
        "knit beanie",
        "handmade hat",
        "gift for her",
        "cozy hat",
        "slouchy beanie",
        "ski hat",
        "warm hat",
        "women hat",
        "chunky knit",
        "fall accessory",
      ],
    };
    const after = scoreSaved(richer);
    expect(after).toEqual(auditScore(auditInputOf(richer)));
    expect(after.score).not.toBe(before.score);
  });

  it("follows the seller's fact corrections of a listing Listora wrote", () => {
    const created = { ...row, source: "create", originalPrompt: "dainty wool beanie for women, merino wool, hand wash cold" };
    const corrected = { ...created, factCorrections: [{ kind: "material" as const, value: "alpaca wool" }] };
    expect(scoreSaved(created)).toEqual(auditScore(auditInputOf(created)));
    expect(scoreSaved(corrected)).toEqual(auditScore(auditInputOf(corrected)));
    // A correction the listing does not back changes the score (the row's id and version stay the same).
    expect(scoreSaved(corrected).score).not.toBe(scoreSaved(created).score);
  });

  it("gives each caller its own copy, so changing one answer changes no other", () => {
    const first = scoreSaved(row);
    first.score = -1;
    expect(scoreSaved(row).score).toBe(auditScore(auditInputOf(row)).score);
  });
});
