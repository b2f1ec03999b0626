import { createExecutionContext, createMessageBatch, env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import type { OptimizeMessage } from "../../schema/api/shop";
import { auditListing } from "../../worker/domain/audit";
import { OPTIMIZE_QUEUE, handleShopQueue, readJob, startOptimizeJob } from "../../worker/domain/shop/jobs";
import { groundedDescription, optimizeShopListing, scoreShopText, shopAuditInput, type ShopListingSource } from "../../worker/domain/shop/optimize";
import { readQuota } from "../../worker/domain/quota";
import type { Env } from "../../worker/lib/env";
import { offlineComposer } from "../../worker/providers/llm/offline-composer";
import type { LlmProvider, LlmRequest } from "../../worker/providers/llm/types";
import { registerUser } from "./helpers";
import { SHOP_FIXTURES, insertShopListing, type ShopFixture } from "./shop-listings";

const rowOf = (f: ShopFixture, extra: Partial<ShopListingSource> = {}): ShopListingSource => ({
  title: f.title,
  description: f.description,
  tags: f.tags,
  altTexts: [],
  platform: "etsy",
  ruleReport: null,
  photoCount: f.photoCount,
  materials: f.materials,
  variations: f.variations,
  ...extra,
});

/** Materials and claims none of the fixtures states (each fixture's own words are taken out per case). */
const NOT_STATED = ["gold", "leather", "wooden", "ceramic", "organic", "vegan", "hypoallergenic", "waterproof", "24 inch", "14k", "cashmere", "recycled"];

/** A model that writes well but makes things up, as real models do. */
const inventingModel: LlmProvider = {
  name: "deepseek",
  label: "DeepSeek (fake)",
  offline: false,
  async complete(request: LlmRequest) {
    switch (request.task) {
      case "title":
        return "Moon Necklace, 14k Gold Crescent Pendant on a 24 inch Chain, Gift for Her";
      case "description":
        return "Meet your new favourite moon necklace.\n\nFeatures\n• Made of hypoallergenic 14k gold\n• The pendant measures 12mm and hangs on an 18 inch cable chain\n• Light enough to forget you are wearing it\n\nWhy you'll love it\n• Waterproof and tarnish free forever";
      case "tags":
        return JSON.stringify(["moon necklace", "gold moon necklace", "crescent necklace", "leather cord necklace", "gift for her", "celestial jewelry", "layering necklace", "dainty necklace", "silver moon pendant", "minimalist necklace", "moon pendant", "crescent pendant", "night sky gift"]);
      case "alt-text":
        return "**Image 1:** Moon necklace on a gold chain\n**Image 2:** Crescent pendant close-up\n**Image 3:** Necklace worn layered";
      default:
        return "";
    }
  },
};

/** A provider that answers nothing useful. */
const uselessModel: LlmProvider = { name: "deepseek", label: "DeepSeek (fake)", offline: false, complete: async () => "ok" };

describe("the shop optimizer", () => {
  it.each(SHOP_FIXTURES.map((f) => [f.sku, f] as const))("proposes %s scoring higher, in the seller's facts, with one alt text per photo", async (_sku, fixture) => {
    const row = rowOf(fixture);
    const outcome = await optimizeShopListing(row, offlineComposer());
    const p = outcome.proposal!;
    expect(p).not.toBeNull();
    expect(outcome.scoreAfter).toBeGreaterThan(outcome.scoreBefore);
    expect(outcome.scoreAfter).toBe(auditListing(shopAuditInput(row, p)).score);
    expect(p.altTexts).toHaveLength(fixture.photoCount);
    expect(new Set(p.altTexts.map((a) => a.toLowerCase())).size).toBe(p.altTexts.length);
    expect(p.tags.length).toBeLessThanOrEqual(13);
    const own = `${fixture.title} ${fixture.description} ${fixture.tags.join(" ")} ${fixture.materials.join(" ")}`.toLowerCase();
    const text = `${p.title}\n${p.description}\n${p.tags.join("\n")}\n${p.altTexts.join("\n")}`.toLowerCase();
    for (const word of NOT_STATED.filter((w) => !own.includes(w))) expect(text, word).not.toContain(word);
    // The seller's care and shipping lines are never lost.
    for (const line of fixture.description.split("\n").filter((l) => /^(Care|Shipping):/.test(l))) expect(p.description).toContain(line);
  });

  it("never takes a material, a measure or a claim from a model that invents them", async () => {
    const fixture = SHOP_FIXTURES[0];
    const outcome = await optimizeShopListing(rowOf(fixture), inventingModel);
    const p = outcome.proposal!;
    const text = `${p.title}\n${p.description}\n${p.tags.join("\n")}\n${p.altTexts.join("\n")}`.toLowerCase();
    for (const invented of ["gold", "14k", "24 inch", "leather", "hypoallergenic", "waterproof", "light enough to forget"]) expect(text, invented).not.toContain(invented);
    expect(outcome.scoreAfter).toBeGreaterThan(outcome.scoreBefore);
  });

  it("leaves out of a written description the sentences the listing never said", () => {
    const ground = "solid 925 sterling silver crescent moon necklace pendant measures 12mm hangs 18 inch cable chain hand polished studio gift box".toLowerCase();
    const written = "This crescent moon necklace is solid sterling silver.\n\nFeatures\n• The pendant measures 12mm on an 18 inch cable chain\n• Light enough to forget you are wearing it\n\nWhy you'll love it\n• Turns heads at every party you attend";
    expect(groundedDescription(written, ground)).toBe("This crescent moon necklace is solid sterling silver.\n\nFeatures\n• The pendant measures 12mm on an 18 inch cable chain");
  });

  it("keeps the seller's title and description when the writer gives nothing usable, and still improves the listing", async () => {
    const outcome = await optimizeShopListing(rowOf(SHOP_FIXTURES[0]), uselessModel);
    expect(outcome.proposal!.title.toLowerCase()).not.toBe("ok");
    expect(outcome.proposal!.title).toContain("Moon Necklace");
    expect(outcome.proposal!.description).toBe(SHOP_FIXTURES[0].description);
    expect(outcome.scoreAfter).toBeGreaterThan(outcome.scoreBefore);
  });

  it("proposes nothing for a listing it cannot improve: already as good as we can make it", async () => {
    const first = await optimizeShopListing(rowOf(SHOP_FIXTURES[0]), offlineComposer());
    const best = rowOf(SHOP_FIXTURES[0], { ...first.proposal! });
    const again = await optimizeShopListing(best, offlineComposer());
    expect(again.proposal).toBeNull();
    expect(again.scoreAfter).toBe(again.scoreBefore);
    expect(again.scoreBefore).toBe(scoreShopText(best, { title: best.title, description: best.description, tags: best.tags as string[], altTexts: best.altTexts as string[] }).score);
    for (const c of again.candidates) expect(c.score).toBeLessThanOrEqual(again.scoreBefore);
  });

  it("writes one alt text per photo up to Etsy's 20 photos (a CSV import has at most 10)", async () => {
    const fourteen = await optimizeShopListing(rowOf(SHOP_FIXTURES[2], { photoCount: 14 }), offlineComposer());
    expect(fourteen.proposal!.altTexts).toHaveLength(14);
    expect(fourteen.proposal!.altTexts[13]).toMatch(/^Chunky knit blanket, photo 14 of 14/);
    const many = await optimizeShopListing(rowOf(SHOP_FIXTURES[2], { photoCount: 20 }), offlineComposer());
    expect(many.proposal!.altTexts).toHaveLength(20);
  });

  it("marks a listing it cannot improve done with its score unchanged, no proposal and no unit used", async () => {
    const user = await registerUser();
    const first = await optimizeShopListing(rowOf(SHOP_FIXTURES[0]), offlineComposer());
    const id = await insertShopListing(user.userId, SHOP_FIXTURES[0]);
    await env.DB.prepare("UPDATE listings SET title = ?, description = ?, tags = ?, alt_texts = ? WHERE id = ?")
      .bind(first.proposal!.title, first.proposal!.description, JSON.stringify(first.proposal!.tags), JSON.stringify(first.proposal!.altTexts), id)
      .run();
    const sent: OptimizeMessage[] = [];
    const { jobId } = await startOptimizeJob(env as unknown as Env, { sendBatch: async (m) => void sent.push(...[...m].map((x) => x.body)) }, { id: user.userId, plan: "free" }, [id]);
    const batch = createMessageBatch<OptimizeMessage>(OPTIMIZE_QUEUE, sent.map((body) => ({ id: "best", timestamp: new Date(), attempts: 1, body })));
    createExecutionContext();
    await handleShopQueue(batch, env as unknown as Env, { provider: offlineComposer() });
    const job = await readJob(env.DB, user.userId, jobId);
    expect(job).toMatchObject({ status: "completed", done: 1, failed: 0 });
    expect(job.items[0].scoreAfter).toBe(job.items[0].scoreBefore);
    expect(await env.DB.prepare("SELECT count(*) AS n FROM listing_proposals WHERE listing_id = ?").bind(id).first("n")).toBe(0);
    expect((await readQuota(env as unknown as Env, { id: user.userId, plan: "free" }, "create-listing")).used).toBe(0);
  });
});
