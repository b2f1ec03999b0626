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
