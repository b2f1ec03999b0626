/**
 * The Listing Doctor ranks listings the way a seller would (issue #24): on the hand-judged pairs of
 * tests/fixtures/doctor-pairs/ (written before the rules were tuned), the better listing scores higher.
 */
import { describe, expect, it } from "vitest";
import { auditListing, type AuditInput } from "../../shared/audit";
import amazon from "../fixtures/doctor-pairs/amazon.json";
import claims from "../fixtures/doctor-pairs/claims.json";
import ebay from "../fixtures/doctor-pairs/ebay.json";
import etsyEn from "../fixtures/doctor-pairs/etsy-en.json";
import etsyTr from "../fixtures/doctor-pairs/etsy-tr.json";
import fixes from "../fixtures/doctor-pairs/fixes.json";

interface RawPair {
  id: string;
  reason: string;
  better: Record<string, unknown>;
  worse: Record<string, unknown>;
}

/** `{ "like": "better", ... }` is the other listing with the given fields replaced (as scripts/lib/doctor-bench.mjs reads it). */
function resolve(pair: RawPair): { id: string; reason: string; better: AuditInput; worse: AuditInput } {
  const one = (listing: Record<string, unknown>, other: Record<string, unknown>) => {
    const { like, ...rest } = listing;
    return like ? { ...other, ...rest } : rest;
  };
  const better = one(pair.better, pair.worse);
  return { id: pair.id, reason: pair.reason, better: better as unknown as AuditInput, worse: one(pair.worse, better) as unknown as AuditInput };
}

const PAIRS = ([...etsyEn, ...etsyTr, ...ebay, ...amazon, ...fixes, ...claims] as RawPair[]).map(resolve);

describe("the Doctor's pairwise agreement with a seller", () => {
  it("covers at least 40 pairs: English and Turkish, Etsy, eBay and Amazon, each with a reason", () => {
    expect(PAIRS.length).toBeGreaterThanOrEqual(40);
    expect(new Set(PAIRS.map((p) => p.id)).size).toBe(PAIRS.length);
    for (const p of PAIRS) expect(p.reason.length, p.id).toBeGreaterThan(20);
    const platforms = new Set(PAIRS.map((p) => p.better.platform));
    expect([...platforms].sort()).toEqual(["amazon", "ebay", "etsy"]);
    expect(PAIRS.filter((p) => /[ıİğĞşŞ]/.test(`${p.better.title} ${p.better.description}`)).length).toBeGreaterThanOrEqual(8);
  });

  it("scores the better listing higher on at least 90 % of the pairs", () => {
    const misses = PAIRS.filter((p) => !(auditListing(p.better).score > auditListing(p.worse).score)).map((p) => `${p.id}: ${auditListing(p.better).score} vs ${auditListing(p.worse).score}`);
    const agreement = (PAIRS.length - misses.length) / PAIRS.length;
    expect(agreement, misses.join("\n")).toBeGreaterThanOrEqual(0.9);
  });

  it("never lets a better listing the marketplace accepts score below a worse one it refuses", () => {
    for (const p of PAIRS) {
      const better = auditListing(p.better);
      const worse = auditListing(p.worse);
      if (better.counts.errors === 0 && worse.counts.errors > 0) expect(better.score, p.id).toBeGreaterThan(worse.score);
    }
  });
});
