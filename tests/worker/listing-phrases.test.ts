/**
 * Decision 0039: the offline composer writes an audience, occasion, use or title tail only when the
 * seller's words support it; tags are whole phrases; condition words are never title keywords; the
 * description says each seller sentence once and always carries the care the seller gave.
 */
import { describe, expect, it } from "vitest";
import { isConditionPhrase, isFragmentTag, unsupportedPhrases } from "../../shared/listings/support";
import { MATERIALS } from "../../shared/listings/phrases";
import { generateListingParts } from "../../worker/domain/listings/generate";
import { offlineComposer } from "../../worker/providers/llm/offline-composer";

const compose = async (description: string, platform: "etsy" | "ebay" | "amazon", keywords: string[] = []) =>
  (await generateListingParts(offlineComposer(), { description, keywords, platform })).listing;
const everything = (l: Awaited<ReturnType<typeof compose>>) =>
  [l.title, l.description, ...(l.tags ?? []), ...(l.altTexts ?? []), ...(l.bullets ?? []), l.searchTerms ?? "", ...(l.itemSpecifics ?? []).map((s) => s.value)].join("\n").toLocaleLowerCase("tr");

describe("a toddler's hand-knit cardigan in Turkish", () => {
  const text = "El örgüsü çocuk hırkası, 2-3 yaş, %100 merinos yünü, elde yıkayın. Ahşap düğmeli, hardal sarısı.";

  it("names no adult audience, no everyday use and no fragment tag", async () => {
    const l = await compose(text, "etsy");
    const all = everything(l);
    for (const invented of ["kadın giyim", "erkek giyim", "unisex", "günlük giyim", "kadına hediye", "erkeğe hediye"]) expect(all).not.toContain(invented);
    expect(l.tags.filter((t) => ["el hırka", "örgüsü hırka", "ahşap hırka"].includes(t))).toEqual([]);
    expect(l.tags).toContain("çocuk hırkası");
  });

  it("says the seller's sentence once and keeps their care under its own heading", async () => {
    const l = await compose(text, "etsy");
    expect(l.description.split("El örgüsü çocuk hırkası").length - 1).toBe(1);
    expect(l.description).toMatch(/Elde yıkayın/);
  });

  it("gives a care line when the care sits inside a product sentence", async () => {
    const l = await compose("El örgüsü çocuk hırkası, 2-3 yaş, %100 merinos yünü, sadece elde yıkanır. Ahşap düğmeli.", "etsy");
    expect(l.description).toMatch(/Bakım: Sadece elde yıkanır/);
  });
});

describe("a 1970s Pyrex bowl on eBay", () => {
  const text = "Vintage Pyrex #403 2.5 qt mixing bowl, turquoise Butterprint, 1970s, light utensil marks inside, no chips";

  it("leads with Vintage, era, brand and #403, keeps the pattern, and invents no use or condition keyword", async () => {
    const l = await compose(text, "ebay");
    expect(l.title).toBe("Vintage 1970s Pyrex #403 2.5 qt Mixing Bowl Turquoise Butterprint");
    expect(l.title).not.toMatch(/Kitchen|Decor|Marks|Chips|Inside/i);
  });

  it("keeps the '#' of the catalogue number in the description", async () => {
    const l = await compose(text, "ebay");
    expect(l.description).toMatch(/Vintage Pyrex #403 2\.5 qt mixing bowl/);
  });
});

describe("phrases bound to the seller's words", () => {
  it("an audience needs its words: age words make a child's, months a baby's, 'unisex' women and men", () => {
    expect(unsupportedPhrases("kids clothing", "Rain jacket, ages 4-5 years")).toEqual([]);
    expect(unsupportedPhrases("bebek giyim", "Örgü tulum, 0-3 ay", { lang: "tr" })).toEqual([]);
    expect(unsupportedPhrases("kadın bere", "Unisex kışlık bere", { lang: "tr" })).toEqual([]);
    expect(unsupportedPhrases("gift for her", "Rain jacket, ages 4-5 years").map((p) => p.concept)).toEqual(["women", "gift"]);
    expect(unsupportedPhrases("gift for dad", "Mug for dad, a Father's Day gift")).toEqual([]);
    expect(unsupportedPhrases("erkeğe hediye", "Kadınlar için gümüş kolye, hediye kutusunda", { lang: "tr" }).map((p) => p.concept)).toEqual(["men"]);
  });

  it("a use or occasion needs its words, unless the category always has it", () => {
    expect(unsupportedPhrases("kitchen decor", "Pyrex mixing bowl").map((p) => p.concept)).toEqual(["kitchen", "decor"]);
    expect(unsupportedPhrases("wall decor", "Botanical print 8x10", { category: "art" })).toEqual([]);
    expect(unsupportedPhrases("köpek sevene hediye", "Tığ işi kedi yatağı, hediye paketinde", { lang: "tr" }).map((p) => p.concept)).toEqual(["dog"]);
    // "mum" is a candle in Turkish, a mother in English.
    expect(unsupportedPhrases("kokulu mum", "Soya mumu, lavanta kokulu", { lang: "tr" })).toEqual([]);
    expect(unsupportedPhrases("gift for mum", "Soy candle, a birthday gift").map((p) => p.concept)).toEqual(["mom"]);
  });

  it("a tag cut from inside a noun phrase is a fragment; a material of another part is not the product's", () => {
    const src = "El örgüsü çocuk hırkası, %100 merinos yün. Ahşap düğmeli.";
    expect(["el hırka", "örgüsü hırka", "ahşap hırka"].filter((t) => isFragmentTag(t, src, MATERIALS, "hırka"))).toEqual(["el hırka", "örgüsü hırka", "ahşap hırka"]);
    expect(["merinos hırka", "yün hırka", "örgü hırka"].filter((t) => isFragmentTag(t, src, MATERIALS, "hırka"))).toEqual([]);
    expect(isFragmentTag("brass collar", "Leather dog collar, solid brass buckle", MATERIALS, "collar")).toBe(true);
    expect(isFragmentTag("grain wallet", "Wallet in full grain leather", MATERIALS, "wallet")).toBe(true);
    expect(isFragmentTag("gold necklace", "Dainty gold moon phase necklace", MATERIALS, "necklace")).toBe(false);
  });

  it("condition words are recognised in English and Turkish", () => {
    expect(["utensil marks inside", "no chips", "hafif çizikler", "Turquoise Butterprint"].map(isConditionPhrase)).toEqual([true, true, true, false]);
  });
});
