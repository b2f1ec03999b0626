import { describe, expect, it } from "vitest";
import type { GenerateEvent, ListingDetail } from "../../schema/api/listings";
import { applyFactCorrections, extractFacts } from "../../shared/facts";
import { optimizeShopListing } from "../../worker/domain/shop/optimize";
import { offlineComposer } from "../../worker/providers/llm/offline-composer";
import type { LlmProvider } from "../../worker/providers/llm/types";
import { api, registerUser } from "./helpers";

const PROMPT = "Knitted baby blanket in blue merino wool, 30x40 inches. Hand wash only.";
const BODY = { description: PROMPT, keywords: [], platform: "etsy" };

async function generated(token: string, body: unknown = BODY): Promise<ListingDetail> {
  const res = await api("/listings/generate", { token, body });
  const text = new TextDecoder().decode(await res.arrayBuffer());
  const done = text
    .split("\n")
    .filter(Boolean)
    .map((line) => JSON.parse(line) as GenerateEvent)
    .at(-1);
  if (done?.type !== "done") throw new Error(`expected done, got ${JSON.stringify(done)}`);
  return done.listing;
}

const correct = (token: string, id: string, body: unknown) => api(`/listings/${id}/facts`, { token, body, method: "PUT" });

/** A thin shop listing and the seller's corrected facts: navy (not blue), machine wash cold (not hand wash). */
const SHOP_ROW = { title: "Baby Blanket", description: PROMPT, tags: ["baby blanket", "knit blanket"], altTexts: [], platform: "etsy", ruleReport: null, photoCount: 5 };
const CORRECTED = [
  { kind: "material", value: "merino wool" },
  { kind: "measure", value: "30x40 inches" },
  { kind: "colour", value: "navy" },
  { kind: "care", value: "machine wash cold" },
];

describe("applyFactCorrections", () => {
  it("a pattern the seller adds on 'Facts we used' is written as a labelled line and read back as the item's pattern", () => {
    const text = "Pyrex casserole dish from 1962, 1.5 qt, no chips.";
    const out = applyFactCorrections(text, [], "ebay", [
      { kind: "brand", value: "Pyrex" },
      { kind: "era", value: "1962" },
      { kind: "measure", value: "1.5 qt" },
      { kind: "condition", value: "no chips" },
      { kind: "design", value: "Snowflake" },
    ]);
    expect(out.description).toMatch(/\n\nPattern: Snowflake\.$/);
    expect(extractFacts({ text: out.description, platform: "ebay" }).designs).toEqual(["Snowflake"]);
  });

  it("takes a removed fact out of the seller's text, replaces an edited one where it was written and appends an added one", () => {
    const out = applyFactCorrections(PROMPT, [], "etsy", [
      { kind: "material", value: "merino wool" },
      { kind: "measure", value: "30x40 inches" },
      { kind: "care", value: "machine wash cold" },
      { kind: "colour", value: "navy" },
    ]);
    expect(out.description).not.toMatch(/blue/i);
    expect(out.description).not.toMatch(/hand wash/i);
    expect(out.description).toContain("machine wash cold");
    expect(out.description).toContain("merino wool");
    expect(out.description).toContain("30x40 inches");
    expect(out.description).toMatch(/navy/);
  });

  it("leaves the text as it is when the seller has not corrected anything", () => {
    expect(applyFactCorrections(PROMPT, ["baby blanket"], "etsy", null)).toEqual({ description: PROMPT, keywords: ["baby blanket"], removed: [] });
  });

  it("labels an added fact in Turkish in a Turkish text", () => {
    const text = "El örgüsü bebek battaniyesi, mavi renk, %100 pamuk.";
    const out = applyFactCorrections(text, [], "etsy", [{ kind: "measure", value: "80x100 cm" }]);
    expect(out.description).toContain("Ölçü: 80x100 cm");
  });
});

describe("PUT /api/listings/:id/facts", () => {
  it("keeps the seller's corrected list with the listing and shows it as the listing's facts", async () => {
    const { token } = await registerUser();
    const listing = await generated(token);
    expect(listing.facts?.map((f) => f.value)).toEqual(expect.arrayContaining(["blue", "30x40 inches"]));
    const facts = [...listing.facts!.filter((f) => f.value !== "blue"), { kind: "colour", value: "navy" }];
    const res = await correct(token, listing.id, { facts });
    expect(res.status).toBe(200);
    const body = await res.json<{ success: boolean; data: { listing: ListingDetail } }>();
    expect(body.success).toBe(true);
    expect(body.data.listing.facts_corrected).toBe(true);
    expect(body.data.listing.facts?.map((f) => f.value)).toContain("navy");
    expect(body.data.listing.facts?.map((f) => f.value)).not.toContain("blue");
    // The listing's text is not changed by a correction: the next generation writes from it.
    expect(body.data.listing.title).toBe(listing.title);
    expect(body.data.listing.version).toBe(listing.version);
    const again = await (await api(`/listings/${listing.id}`, { token })).json<{ data: { listing: ListingDetail } }>();
    expect(again.data.listing.facts).toEqual(body.data.listing.facts);
  });

  it("answers 400 with a clear message for an unknown kind, an empty value or a list that is not a list", async () => {
    const { token } = await registerUser();
    const listing = await generated(token);
    const cases: [unknown, RegExp][] = [
      [{ facts: [{ kind: "price", value: "10" }] }, /kind must be one of: brand, model/],
      [{ facts: [{ kind: "colour", value: "   " }] }, /cannot be empty: remove the fact instead/],
      [{ facts: "blue" }, /facts must be a list/],
      [{}, /facts/],
      [{ facts: [{ kind: "colour", value: "x".repeat(121) }] }, /at most 120 characters/],
    ];
    for (const [body, message] of cases) {
      const res = await correct(token, listing.id, body);
      expect(res.status).toBe(400);
      const answer = await res.json<{ success: boolean; message: string }>();
      expect(answer.success).toBe(false);
      expect(answer.message).toMatch(message);
    }
    const unchanged = await (await api(`/listings/${listing.id}`, { token })).json<{ data: { listing: ListingDetail } }>();
    expect(unchanged.data.listing.facts_corrected).toBeUndefined();
  });

  it("answers 404 for another user's listing and leaves its facts alone", async () => {
    const owner = await registerUser();
    const other = await registerUser();
    const listing = await generated(owner.token);
    const res = await correct(other.token, listing.id, { facts: [] });
    expect(res.status).toBe(404);
    expect((await correct(other.token, crypto.randomUUID(), { facts: [] })).status).toBe(404);
    const still = await (await api(`/listings/${listing.id}`, { token: owner.token })).json<{ data: { listing: ListingDetail } }>();
    expect(still.data.listing.facts).toEqual(listing.facts);
  });

  it("answers 401 without a session", async () => {
    const res = await api(`/listings/${crypto.randomUUID()}/facts`, { body: { facts: [] }, method: "PUT" });
    expect(res.status).toBe(401);
  });
});

describe("a corrected fact sheet feeds the next generation", () => {
  it("writes an added fact and an edited value into the regenerated description, and not a removed one", async () => {
    const { token } = await registerUser();
    const listing = await generated(token);
    expect(listing.description).toMatch(/blue/i);
    expect(listing.description).toMatch(/hand wash/i);
    const facts = [...listing.facts!.filter((f) => f.value !== "blue" && f.kind !== "care"), { kind: "care", value: "machine wash cold" }, { kind: "count", value: "set of 2" }];
    expect((await correct(token, listing.id, { facts })).status).toBe(200);
    const res = await api("/listings/generate/part", { token, body: { listingId: listing.id, part: "description" } });
    expect(res.status).toBe(200);
    const { data } = await res.json<{ data: { value: string; listing: ListingDetail } }>();
    expect(data.value).not.toMatch(/blue/i);
    expect(data.value).not.toMatch(/hand wash/i);
    expect(data.value).toMatch(/machine wash cold/i);
    expect(data.value).toMatch(/set of 2/i);
    expect(data.value).toMatch(/30x40/);
    expect(data.value).toMatch(/merino/i);
    // The corrections stay with the listing after it was written again.
    expect(data.listing.facts_corrected).toBe(true);
  });

  it("bulk optimize of a listing with stored facts writes from the corrections: navy and machine wash cold, never blue or hand wash", async () => {
    const row = { ...SHOP_ROW, factCorrections: CORRECTED };
    const outcome = await optimizeShopListing(row, offlineComposer());
    const text = [outcome.proposal!.title, outcome.proposal!.description, ...outcome.proposal!.tags, ...outcome.proposal!.altTexts].join("\n");
    expect(text).toMatch(/navy/i);
    expect(text).toMatch(/machine wash cold/i);
    expect(text).not.toMatch(/blue|hand wash/i);
    expect(text).toMatch(/30x40/);
    // Without stored facts the same listing is written from its own words.
    const plain = await optimizeShopListing(SHOP_ROW, offlineComposer());
    expect(plain.proposal!.description).toMatch(/blue/);
  });

  it("bulk optimize tells a model writer the facts the seller removed", async () => {
    const prompts: string[] = [];
    const composer = offlineComposer();
    const model: LlmProvider = { name: "deepseek", label: "spy", offline: false, complete: (request) => (prompts.push(request.prompt), composer.complete(request)) };
    await optimizeShopListing({ ...SHOP_ROW, factCorrections: CORRECTED }, model);
    expect(prompts.length).toBeGreaterThan(0);
    for (const p of prompts) expect(p).toMatch(/never write them: .*blue/);
  });

  it("tells a model writer the facts the seller removed", async () => {
    const { partRequest } = await import("../../worker/domain/listings/generate");
    const request = partRequest("title", { description: "Knitted baby blanket", keywords: [], platform: "etsy", removedFacts: ["blue"] });
    expect(request.prompt).toMatch(/never write them: blue/);
  });
});
