/**
 * Listora's own writers and the Listing Doctor agree on what a seller's words support (decision 0047): no
 * listing the offline composer, the enforcer on a careless model or bulk optimize writes from the corpus
 * is flagged by the Doctor for an unsupported claim.
 */
import { describe, expect, it } from "vitest";
import { doctorFlags } from "../fixtures/listing-corpus/doctor-flags";

describe("the Doctor on the listings Listora writes", () => {
  it("flags no claim in any listing the writers produce from the corpus's products", async () => {
    const { listings, flagged } = await doctorFlags();
    expect(listings).toBeGreaterThanOrEqual(180);
    expect(flagged.map((f) => `${f.writer} ${f.id}: ${f.findings.join("; ")}`)).toEqual([]);
  }, 300_000);
});
