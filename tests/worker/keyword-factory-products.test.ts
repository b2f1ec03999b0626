/**
 * Keyword ideas for what a factory makes (a brand's headphones, a digital kitchen scale, Levi's jeans):
 * the offline engine and the filter of a live provider's ideas keep the brand and the model whole and
 * add no maker's claim, handmade style, material, occasion or age the product does not have.
 */
import { describe, expect, it } from "vitest";
import { buildSuggestions } from "../../worker/domain/keywords/suggestions";
import { ideaMisfits, productProfile } from "../../worker/providers/trends/product-profile";
import { normaliseKeyword, sampleRelatedQueries } from "../../worker/providers/trends/sample-engine";

const NOW = Date.UTC(2026, 10, 27);
const OFFLINE = { trends: null, competition: null, name: "sample" };
const ideas = async (product_name: string, platform: "etsy" | "amazon" | "ebay", country = "US") =>
  (await buildSuggestions(OFFLINE, { product_name, platform, country, category: undefined }, NOW)).result.keywords.map((k) => k.keyword);
const NO_ENGLISH = new Set<string>();

describe("keyword ideas for a factory-made product", () => {
  it("reads the brand, the model kept whole, and what the product is", () => {
    expect(productProfile("Sony WH-1000XM5 headphones")).toMatchObject({ brand: "sony", model: "wh-1000xm5", head: "headphones", factory: true, aged: [] });
    expect(productProfile("vintage Canon AE-1 camera")).toMatchObject({ brand: "canon", model: "ae-1", head: "camera", factory: true, aged: ["vintage"] });
    // No noun after the model: the model is the product's name.
    expect(productProfile("nike air max 90")).toMatchObject({ brand: "nike", model: "air max 90", head: "air max 90", factory: true });
    expect(productProfile("levis 501 jeans")).toMatchObject({ brand: "levis", model: "501", head: "jeans" });
    // A size at the end is no product.
    expect(productProfile("stanley quencher tumbler 40 oz")).toMatchObject({ head: "tumbler", facts: ["quencher", "40 oz"] });
    // "digital" before a device, no brand: still a factory's product.
    expect(productProfile("digital kitchen scale")).toMatchObject({ head: "scale", factory: true, form: "physical" });
    // A Turkish possessive chain stays whole.
    expect(productProfile("arzum okka türk kahvesi makinesi")).toMatchObject({ brand: "arzum", head: "makinesi", anchor: "türk kahvesi", factory: true });
  });

  it("reads an accessory for a brand's device as the maker's own: the device stays, handmade ideas fit", async () => {
    expect(productProfile("leather apple watch band")).toMatchObject({ brand: null, anchor: "apple watch", head: "band", factory: false });
    expect(productProfile("samsung galaxy s23 kılıf")).toMatchObject({ brand: null, model: "s23", anchor: "samsung galaxy s23", factory: false });
    const band = await ideas("leather apple watch band", "etsy");
    expect(band.every((idea) => idea.includes("apple watch band"))).toBe(true);
    expect(band).toContain("handmade apple watch band");
  });

  it("offers a brand's headphones its brand and model as buyers type them, never a piece of the model or a maker's claim", async () => {
    const list = await ideas("sony wh-1000xm5 headphones", "amazon");
    expect(list).toEqual(expect.arrayContaining(["sony wh-1000xm5", "wh-1000xm5 headphones", "sony wh1000xm5", "sony headphones"]));
    for (const idea of list) {
      expect(idea).not.toMatch(/\b(?:personalized|custom|handmade|vintage|cute|boho|christmas|birthday)\b/);
      // "1000xm5 headphones" or "wh headphones" is a misread model.
      expect(/\bwh\b|(?<!-)\b1000xm5\b/.test(idea) && !idea.includes("wh-1000xm5") && !idea.includes("wh1000xm5")).toBe(false);
    }
  });

  it("keeps a model that is the product's name in every idea, on eBay with its conditions", async () => {
    const list = await ideas("nike air max 90", "ebay");
    expect(list.length).toBeGreaterThanOrEqual(12);
    expect(list.every((idea) => idea.includes("air max 90"))).toBe(true);
    expect(list).toEqual(expect.arrayContaining(["nike air max 90", "used air max 90", "air max 90 for sale"]));
  });

  it("offers a vintage camera its age, never 'new' or another age", async () => {
    const list = await ideas("vintage canon ae-1 camera", "ebay");
    expect(list).toEqual(expect.arrayContaining(["canon ae-1", "canon ae1", "vintage canon camera"]));
    expect(list.some((idea) => /\b(?:new|antique|retro)\b/.test(idea))).toBe(false);
  });

  it("gives a digital kitchen scale no birthday, no personalisation and no material", async () => {
    const list = await ideas("digital kitchen scale", "amazon");
    expect(list).toEqual(expect.arrayContaining(["digital kitchen scale", "kitchen scale", "best kitchen scale"]));
    expect(list.some((idea) => /\b(?:birthday|christmas|personalized|custom|wooden|ceramic|cute|vintage)\b/.test(idea))).toBe(false);
  });

  it("answers a Turkish manufactured product with Turkish searches that keep its whole name", async () => {
    const list = await ideas("paşabahçe çay bardağı seti", "amazon", "TR");
    expect(list.length).toBeGreaterThanOrEqual(12);
    expect(list.every((idea) => idea.includes("çay bardağı seti"))).toBe(true);
    expect(list).toContain("çay bardağı seti fiyatları");
    expect(list.some((idea) => /\b(?:el yapımı|kişiye özel|seramik|ahşap|boho|yılbaşı)\b/u.test(idea))).toBe(false);
  });

  it("filters a live provider's ideas by the same rules", () => {
    const sony = productProfile("sony wh-1000xm5 headphones");
    expect(ideaMisfits(sony, "personalized sony headphones", NO_ENGLISH)).toContain("a maker's claim on a factory-made product");
    expect(ideaMisfits(sony, "1000xm5 headphones", NO_ENGLISH)).toContain("a piece of the model");
    expect(ideaMisfits(sony, "vintage sony headphones", NO_ENGLISH)).toContain("an age it does not have");
    expect(ideaMisfits(sony, "sony wh 1000xm5 headphones", NO_ENGLISH)).toEqual([]);
    expect(ideaMisfits(sony, "wh1000xm5 headphones", NO_ENGLISH)).toEqual([]);
    const scale = productProfile("digital kitchen scale");
    expect(ideaMisfits(scale, "birthday kitchen scale", NO_ENGLISH)).toContain("an occasion on a factory-made product");
    expect(ideaMisfits(scale, "kitchen scale birthday gift", NO_ENGLISH)).toEqual([]);
    expect(ideaMisfits(scale, "wooden kitchen scale", NO_ENGLISH)).toContain("a material its name does not say");
    const camera = productProfile("vintage canon ae-1 camera");
    expect(ideaMisfits(camera, "new canon ae-1 camera", NO_ENGLISH)).toContain("new on an old or used product");
    expect(ideaMisfits(camera, "ae camera", NO_ENGLISH)).toContain("a piece of the model");
    // A handmade product is untouched by these rules.
    expect(ideaMisfits(productProfile("soy wax candle"), "personalized soy candle", NO_ENGLISH)).toEqual([]);
  });

  it("keeps a model's hyphen in a keyword, and only a model's", () => {
    expect(normaliseKeyword("Canon AE-1!")).toBe("canon ae-1");
    expect(normaliseKeyword("Sony WH-1000XM5")).toBe("sony wh-1000xm5");
    expect(normaliseKeyword("3-piece t-shirt set, 2-in-1")).toBe("3 piece t shirt set 2 in 1");
  });

  it("relates searches that name the product: no 'birthday scale', no '90' alone", () => {
    const scale = sampleRelatedQueries("digital kitchen scale", "US", NOW);
    expect([...scale.top, ...scale.rising].every((q) => /\bscale\b/.test(q.query) && !/birthday|personalized/.test(q.query))).toBe(true);
    const shoes = sampleRelatedQueries("nike air max 90", "US", NOW);
    expect([...shoes.top, ...shoes.rising].every((q) => q.query.includes("air max 90"))).toBe(true);
  });
});
