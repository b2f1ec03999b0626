import { createExecutionContext, createMessageBatch, env, getQueueResult } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import type { OptimizeMessage, OptimizeStarted } from "../../schema/api/shop";
import type { Env } from "../../worker/lib/env";
import { HttpError } from "../../worker/lib/errors";
import { readQuota } from "../../worker/domain/quota";
import { OPTIMIZE_QUEUE, handleShopQueue, readJob, startOptimizeJob, type QueueSender } from "../../worker/domain/shop/jobs";
import { offlineComposer } from "../../worker/providers/llm/offline-composer";
import type { LlmProvider, LlmRequest } from "../../worker/providers/llm/types";
import { api, registerUser } from "./helpers";
import { SHOP_FIXTURES, insertShopListing, type ShopFixture } from "./shop-listings";

const workerEnv = env as unknown as Env;

/** The offline composer, counting the listings it was asked to write (its first call for each). */
function countingWriter(): LlmProvider & { runs: () => number } {
  const composer = offlineComposer();
  let calls = 0;
  const provider = {
    name: composer.name,
    label: composer.label,
    offline: composer.offline,
    runs: () => calls,
    async complete(request: LlmRequest) {
      calls += 1;
      return composer.complete(request);
    },
  };
  return provider;
}

function captureQueue() {
  const sent: OptimizeMessage[] = [];
  const queue: QueueSender = {
    async sendBatch(messages) {
      sent.push(...[...messages].map((m) => m.body));
    },
  };
  return { queue, sent };
}

let seq = 0;
async function deliver(bodies: OptimizeMessage[], provider: LlmProvider) {
  if (!bodies.length) return;
  const batch = createMessageBatch<OptimizeMessage>(
    OPTIMIZE_QUEUE,
    bodies.map((body) => ({ id: `meter-${++seq}`, timestamp: new Date(), attempts: 1, body })),
  );
  const ctx = createExecutionContext();
  await handleShopQueue(batch, workerEnv, { provider });
  await getQueueResult(batch, ctx);
}

const FIVE: ShopFixture[] = [
  ...SHOP_FIXTURES,
  { ...SHOP_FIXTURES[0], sku: "NECK-SUN-01", title: SHOP_FIXTURES[0].title.replace(/Moon/g, "Sun").replace(/Crescent/g, "Sunburst") },
  {
    ...SHOP_FIXTURES[1],
    sku: "CANDLE-CED-8OZ",
    title: "SOY CANDLE cedarwood",
    description: SHOP_FIXTURES[1].description.replace(/lavender/g, "cedarwood"),
    tags: ["candle", "soy candle", "cedarwood"],
  },
];

async function shopWith(fixtures: ShopFixture[]) {
  const user = await registerUser();
  const ids: string[] = [];
  for (const f of fixtures) ids.push(await insertShopListing(user.userId, f));
  return { ...user, ids };
}

const unitsUsed = async (userId: string) => (await readQuota(workerEnv, { id: userId, plan: "free" }, "create-listing")).used;
const writerRunsOf = async (userId: string) => (await env.DB.prepare("SELECT count(*) AS n FROM shop_job_items WHERE user_id = ? AND status = 'done'").bind(userId).first<{ n: number }>())!.n;

/** A submit as the API makes it: started, or refused with nothing left to queue. */
async function submit(userId: string, ids: string[], queue: QueueSender): Promise<OptimizeStarted | { refused: number; unchanged: string[]; inProgress: string[] }> {
  try {
    return await startOptimizeJob(workerEnv, queue, { id: userId, plan: "free" }, ids);
  } catch (error) {
    if (!(error instanceof HttpError)) throw error;
    const extra = error.extra as { unchanged?: string[]; inProgress?: string[] };
    return { refused: error.status, unchanged: extra.unchanged ?? [], inProgress: extra.inProgress ?? [] };
  }
}

describe("every writer run is metered", () => {
  it("runs the writer 5 times and charges 5 units for 20 submits of the same 5 listings, and lists the repeats as unchanged", async () => {
    const shop = await shopWith(FIVE);
    const writer = countingWriter();
    const capture = captureQueue();
    const first = await submit(shop.userId, shop.ids, capture.queue);
    expect(first).toMatchObject({ total: 5, unchanged: [], inProgress: [] });
    await deliver(capture.sent.splice(0), writer);
    const callsForFive = writer.runs();
    expect(callsForFive).toBeGreaterThan(0);
    expect(await unitsUsed(shop.userId)).toBe(5);

    for (let i = 0; i < 19; i++) {
      const again = await submit(shop.userId, shop.ids, capture.queue);
      expect(again).toEqual({ refused: 409, unchanged: [...shop.ids].sort(), inProgress: [] });
      await deliver(capture.sent.splice(0), writer);
    }
    expect(writer.runs()).toBe(callsForFive);
    expect(await writerRunsOf(shop.userId)).toBe(5);
    expect(await unitsUsed(shop.userId)).toBe(5);

    // A listing changed since its last run is written again (one more unit); the others are listed as unchanged.
    await env.DB.prepare("UPDATE listings SET description = description || ' Gift wrapped on request.', version = version + 1 WHERE id = ?").bind(shop.ids[2]).run();
    const changed = await submit(shop.userId, shop.ids, capture.queue);
    expect(changed).toMatchObject({ total: 1, unchanged: shop.ids.filter((id) => id !== shop.ids[2]).sort(), inProgress: [] });
    await deliver(capture.sent.splice(0), writer);
    expect(await writerRunsOf(shop.userId)).toBe(6);
    expect(await unitsUsed(shop.userId)).toBe(6);
  });

  it("queues a listing named by 3 concurrent submits once: 1 writer run, 1 unit", async () => {
    const shop = await shopWith([SHOP_FIXTURES[0]]);
    const writer = countingWriter();
    const capture = captureQueue();
    const answers = await Promise.all([0, 1, 2].map(() => submit(shop.userId, shop.ids, capture.queue)));
    const started = answers.filter((a): a is OptimizeStarted => "jobId" in a);
    expect(started).toHaveLength(1);
    expect(answers.filter((a) => "refused" in a)).toEqual([
      { refused: 409, unchanged: [], inProgress: shop.ids },
      { refused: 409, unchanged: [], inProgress: shop.ids },
    ]);
    // Every message sent, delivered (twice over, as a redelivery would): one run, one unit.
    await deliver([...capture.sent, ...capture.sent], writer);
    expect(await writerRunsOf(shop.userId)).toBe(1);
    expect(await unitsUsed(shop.userId)).toBe(1);
    expect((await readJob(env.DB, shop.userId, started[0].jobId)).status).toBe("completed");
  });

  it("keeps the unit of a listing the writer could not improve ('already as good'): the writer was called", async () => {
    const shop = await shopWith([SHOP_FIXTURES[2]]);
    const capture = captureQueue();
    await submit(shop.userId, shop.ids, capture.queue);
    await deliver(capture.sent.splice(0), offlineComposer());
    // The seller takes the proposal: the listing is now the optimizer's best.
    const accepted = await env.DB.prepare("SELECT title, description, tags, alt_texts FROM listing_proposals WHERE listing_id = ? AND status = 'pending'")
      .bind(shop.ids[0])
      .first<{ title: string; description: string; tags: string; alt_texts: string }>();
    expect(accepted).not.toBeNull();
    await env.DB.prepare("UPDATE listings SET title = ?, description = ?, tags = ?, alt_texts = ?, version = version + 1 WHERE id = ?")
      .bind(accepted!.title, accepted!.description, accepted!.tags, accepted!.alt_texts, shop.ids[0])
      .run();
    await env.DB.prepare("UPDATE listing_proposals SET status = 'accepted' WHERE listing_id = ?").bind(shop.ids[0]).run();
    expect(await unitsUsed(shop.userId)).toBe(1);

    const { jobId } = (await submit(shop.userId, shop.ids, capture.queue)) as OptimizeStarted;
    await deliver(capture.sent.splice(0), offlineComposer());
    const job = await readJob(env.DB, shop.userId, jobId);
    expect(job.items[0]).toMatchObject({ status: "done" });
    expect(job.items[0].scoreAfter).toBe(job.items[0].scoreBefore);
    expect(await unitsUsed(shop.userId)).toBe(2);
    // And it is not written a third time.
    expect(await submit(shop.userId, shop.ids, capture.queue)).toEqual({ refused: 409, unchanged: shop.ids, inProgress: [] });
  });

  it("limits optimize requests to 10 per 10 minutes per user: the 11th is a 429 with Retry-After, another user is not held back", async () => {
    const { token } = await registerUser();
    const missing = crypto.randomUUID();
    for (let i = 0; i < 10; i++) expect((await api("/shop/optimize", { token, body: { ids: [missing] } })).status).toBe(404);
    const limited = await api("/shop/optimize", { token, body: { ids: [missing] } });
    expect(limited.status).toBe(429);
    const retryAfter = Number(limited.headers.get("Retry-After"));
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(600);
    const body = await limited.json<{ success: boolean; code: string; message: string }>();
    expect(body).toMatchObject({ success: false, code: "rate-limited" });
    expect(body.message).toBe("Too many optimize requests: at most 10 every 10 minutes. Please wait a moment before trying again.");
    const other = await registerUser();
    expect((await api("/shop/optimize", { token: other.token, body: { ids: [missing] } })).status).toBe(404);
  });
});
