/**
 * The offline composer never writes a tag its own Listing Doctor calls irrelevant (decision 0085): every
 * Etsy product of the listing corpus, composed and audited. Before, 32 of 400 composed listings of the
 * corpora had one ("custom gift" on a mug never called custom, "print at home" on a GoodNotes planner,
 * "kişiye özel hediye" read as "special gift", "yeni doğan hediyesi" on a "bebek" piece).
 */
import { describe, expect, it } from "vitest";
import { auditListing } from "../../shared/audit";
import { generateListingParts } from "../../worker/domain/listings/generate";
import { offlineComposer } from "../../worker/providers/llm/offline-composer";
import { CORPUS } from "../fixtures/listing-corpus/quality";

describe("the composer's tags and the Doctor agree", () => {
  it("writes no tag the Doctor calls irrelevant, on any Etsy product of the corpus", async () => {
    const etsy = CORPUS.filter((p) => p.platform === "etsy");
    expect(etsy.length).toBeGreaterThan(80);
    const flagged: string[] = [];
    for (const product of etsy) {
      const { listing } = await generateListingParts(offlineComposer(), { description: product.text, keywords: [], platform: "etsy" });
      const audit = auditListing({ ...listing, platform: "etsy", photoCount: 5, original: product.text } as never);
      const irrelevant = audit.findings.find((f) => f.id === "tags.irrelevant");
      if (irrelevant) flagged.push(`${product.id}: ${irrelevant.message}`);
    }
    expect(flagged).toEqual([]);
  });
});

describe("a describing word the seller gave a clause of its own", () => {
  // Session 39: "Brass ring, adjustable." had 2 tags; the adjective stood in its own clause, so no tag held it.
  it("makes a tag of it with the product's noun, in English and after a Turkish colour", async () => {
    const tagsOf = async (description: string) => (await generateListingParts(offlineComposer(), { description, keywords: [], platform: "etsy" })).listing.tags;
    expect(await tagsOf("Brass ring, adjustable.")).toContain("adjustable ring");
    expect(await tagsOf("Collapsible silicone water bottle, 500 ml, foldable, leakproof lid, BPA free.")).toContain("foldable bottle");
    expect(await tagsOf("Şiş örgü bere, %50 yün %50 akrilik, tek beden, hardal rengi ponponlu. Elde yıkayınız.")).toContain("ponponlu bere");
    // A state or a term of the sale in a clause of its own describes no product ("usable cup", "negotiable cup").
    const tags = await tagsOf("Vintage enamel camping cup, usable, price negotiable.");
    expect(tags.some((t) => /usable|negotiable/u.test(t))).toBe(false);
  });
});
