/**
 * The offline keyword ideas of session 41's products, read as their sellers would (decision 0091): a food takes a food's
 * words, an English search of a Turkish loanword stays English, a lab's diamond and a person's name stay whole, and a
 * photo or a fabric takes no painter's medium or hard material. Each case failed before its fix.
 */
import { describe, expect, it } from "vitest";
import type { KeywordSearchInput } from "../../schema/api/keywords";
import { buildSuggestions } from "../../worker/domain/keywords/suggestions";

const OFFLINE = { trends: null, competition: null, name: "sample" };
const NOW = Date.UTC(2026, 10, 28, 12);
const ideas = async (product_name: string, extra: Partial<KeywordSearchInput> = {}) =>
  (await buildSuggestions(OFFLINE, { product_name, platform: "etsy", country: "US", category: undefined, ...extra }, NOW)).result.keywords.map((k) => k.keyword);

describe("offline keyword ideas that fit the product", () => {
  it("gives a food a food's words, never a style, an age or personalisation", async () => {
    const honey = await ideas("raw honey");
    expect(honey).toEqual(expect.arrayContaining(["local honey", "organic honey", "unfiltered honey", "honey gift"]));
    for (const idea of honey) expect(idea).not.toMatch(/vintage|personalized|custom|boho|minimalist|cute|christmas/u);
    expect(await ideas("çiçek balı", { country: "TR" })).toEqual(expect.arrayContaining(["doğal çiçek balı"]));
  });

  it("gives a soap a soap's words, its ingredient of two words whole", async () => {
    const soap = await ideas("goat milk soap");
    expect(soap).toEqual(expect.arrayContaining(["goat milk soap", "natural soap", "unscented soap", "cold process soap"]));
    for (const idea of soap) expect(idea).not.toMatch(/vintage|boho|minimalist|christmas|(?<!milk )soap for|^goat soap|^milk soap/u);
  });

  it("keeps an English search of a Turkish loanword in English", async () => {
    const kilim = await ideas("turkish kilim rug", { category: "decor" });
    for (const idea of kilim) expect(idea).not.toMatch(/yılbaşı|dekoratif|hediye|beton|mermer|pamuk/u);
    expect(kilim).toContain("turkish kilim rug");
  });

  it("keeps a lab's diamond and a person's name whole", async () => {
    const ring = await ideas("lab grown diamond ring", { category: "jewelry" });
    for (const idea of ring) expect(idea).not.toMatch(/(?<!lab )grown ring|(?:^| )lab ring|dainty grown/u);
    expect(ring).toContain("diamond ring");
    const photo = await ideas("signed michael jordan photo", { category: "art", platform: "ebay" });
    for (const idea of photo) expect(idea).not.toMatch(/(?<!michael )jordan photo|michael(?! jordan)/u);
    expect(photo).toContain("michael jordan photo");
  });

  it("gives a photo no painter's medium and a fabric no hard material", async () => {
    for (const idea of await ideas("signed michael jordan photo", { category: "art", platform: "ebay" })) expect(idea).not.toMatch(/oil|watercolor|charcoal|ink|linocut|canvas/u);
    for (const idea of await ideas("quilting fabric", { category: "crafts" })) expect(idea).not.toMatch(/glass|resin|wood|paper/u);
  });
});
