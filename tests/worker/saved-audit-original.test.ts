/**
 * The Doctor on a saved listing that Listora wrote (source "create") reads it against what the seller
 * gave: their prompt with their "Facts we used" corrections (issue 24). A claim the seller never made is
 * an error there; a listing the seller wrote or imported is their own words and is judged as before.
 */
import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import type { ListingDetail, RuleReport } from "../../schema/api/listings";
import { insertListing, setFactCorrections, toDetail } from "../../worker/domain/listings/store";
import { api, registerUser } from "./helpers";

const PROMPT = "Knitted baby blanket in blue merino wool, 30x40 inches. Hand wash only.";
const REPORT: RuleReport = { passed: true, repaired: false, checks: [], generation: { keywords: [], digital: false, regenerations: 0 } };
/** A listing written before every path ran the claims check: it says handmade, machine washable and a gift. */
const WRITTEN = {
  title: "Knitted Baby Blanket 30x40 Inches - Blue Merino Wool",
  description:
    "Knitted baby blanket in blue merino wool, 30x40 inches. Handmade with love, machine washable and a perfect gift for baby showers.\n\nFeatures\n• Material: merino wool\n• Size: 30x40 inches\n• Colour: blue\n• Care: hand wash only",
  tags: ["baby blanket", "knitted blanket", "merino blanket", "blue baby blanket", "knit baby blanket", "wool blanket"],
  altTexts: ["Knitted baby blanket in blue merino wool"],
};

const ids = (l: ListingDetail) => l.audit?.findings.map((f) => f.id) ?? [];

async function saved(source: "create" | "manual", originalPrompt = PROMPT) {
  const { userId, token } = await registerUser();
  const row = await insertListing(env.DB, userId, { ...WRITTEN, originalPrompt, platform: "etsy", provider: source === "create" ? "offline-composer" : "manual", source, ruleReport: REPORT });
  return { userId, token, row };
}

describe("the Doctor on a saved listing reads it against the seller's own words", () => {
  it("a Create listing that claims handmade, machine washable and a gift gets the unsupported-claims error, naming them", async () => {
    const { token, row } = await saved("create");
    const res = await api(`/listings/${row.id}`, { token });
    expect(res.status).toBe(200);
    const listing = (await res.json<{ data: { listing: ListingDetail } }>()).data.listing;
    const finding = listing.audit?.findings.find((f) => f.id === "description.unsupported-claims");
    expect(finding?.severity).toBe("error");
    expect(finding?.message).toMatch(/Handmade/);
    expect(finding?.message).toMatch(/machine washable/);
  });

  it("the seller's correction counts: once they say it is machine washable, only the other claims are left", async () => {
    const { userId, row } = await saved("create");
    const corrected = await setFactCorrections(env.DB, userId, row.id, [
      { kind: "material", value: "merino wool" },
      { kind: "measure", value: "30x40 inches" },
      { kind: "colour", value: "blue" },
      { kind: "care", value: "machine washable" },
    ]);
    const finding = toDetail(corrected).audit?.findings.find((f) => f.id === "description.unsupported-claims");
    expect(finding?.message).not.toMatch(/machine washable/);
    expect(finding?.message).toMatch(/Handmade/);
  });

  it("a Create listing that says only what the seller said has no claims finding", async () => {
    const { userId } = await registerUser();
    const own = { ...WRITTEN, description: "Knitted baby blanket in blue merino wool, 30x40 inches. Hand wash only.\n\nFeatures\n• Material: merino wool\n• Size: 30x40 inches" };
    const row = await insertListing(env.DB, userId, { ...own, originalPrompt: PROMPT, platform: "etsy", provider: "offline-composer", source: "create", ruleReport: REPORT });
    expect(ids(toDetail(row))).not.toContain("description.unsupported-claims");
  });

  it("a listing the seller saved themselves is their own words: the same text gets no claims finding", async () => {
    const { row } = await saved("manual");
    expect(ids(toDetail(row))).not.toContain("description.unsupported-claims");
  });
});
