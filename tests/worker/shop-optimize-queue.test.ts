import { createExecutionContext, createMessageBatch, env, getQueueResult } from "cloudflare:test";
import { describe, expect, it, vi } from "vitest";
import worker from "../../worker/index";
import type { OptimizeMessage } from "../../schema/api/shop";
import type { Env } from "../../worker/lib/env";
import { UpstreamError } from "../../worker/lib/errors";
import { readQuota, reserveQuota } from "../../worker/domain/quota";
import { DEAD_LETTER_QUEUE, FAILED_MESSAGE, OPTIMIZE_QUEUE, STALE_PROCESSING_MS, handleShopQueue, readJob, startOptimizeJob, type QueueSender } from "../../worker/domain/shop/jobs";
import { offlineComposer } from "../../worker/providers/llm/offline-composer";
import type { LlmProvider, LlmRequest } from "../../worker/providers/llm/types";
import { registerUser } from "./helpers";
import { SHOP_FIXTURES, insertShopListing, type ShopFixture } from "./shop-listings";

const workerEnv = env as unknown as Env;

/** A producer that keeps what it was sent, so the test delivers the messages itself. */
function captureQueue() {
  const sent: OptimizeMessage[] = [];
  const calls: number[] = [];
  const queue: QueueSender = {
    async sendBatch(messages) {
      const list = [...messages];
      calls.push(list.length);
      sent.push(...list.map((m) => m.body));
    },
  };
  return { queue, sent, calls };
}

/** The offline composer behind a switch: fails while `failing` says so, like a provider that is down. */
function flakyProvider(failing: (call: number) => boolean): LlmProvider & { calls: number } {
  const composer = offlineComposer();
  const provider = {
    name: composer.name,
    label: composer.label,
    offline: composer.offline,
    calls: 0,
    async complete(request: LlmRequest) {
      provider.calls += 1;
      if (failing(provider.calls)) throw new UpstreamError("deepseek", "DeepSeek did not answer (HTTP 503)");
      return composer.complete(request);
    },
  };
  return provider;
}

let seq = 0;
function batchOf(queue: string, bodies: OptimizeMessage[], attempts = 1) {
  return createMessageBatch<OptimizeMessage>(
    queue,
    bodies.map((body) => ({ id: `m-${++seq}`, timestamp: new Date(), attempts, body })),
  );
}

/** The batch's result, with the delay each retried message asked for (createMessageBatch records the retry, not its delay). */
async function resultOf(batch: MessageBatch<OptimizeMessage>, ctx: ExecutionContext, run: () => Promise<void>) {
  const delays = new Map<string, number | undefined>();
  for (const message of batch.messages) {
    const retry = message.retry.bind(message);
    vi.spyOn(message, "retry").mockImplementation((options?: QueueRetryOptions) => {
      delays.set(message.id, options?.delaySeconds);
      retry(options);
    });
  }
  await run();
  const result = await getQueueResult(batch, ctx);
  return { ...result, retryMessages: result.retryMessages.map((r: { msgId: string }) => ({ ...r, delaySeconds: delays.get(r.msgId) })) };
}

async function deliver(bodies: OptimizeMessage[], provider: LlmProvider, options: { attempts?: number; queue?: string; now?: () => number } = {}) {
  const batch = batchOf(options.queue ?? OPTIMIZE_QUEUE, bodies, options.attempts);
  const ctx = createExecutionContext();
  return resultOf(batch, ctx, () => handleShopQueue(batch, workerEnv, { provider, now: options.now }));
}

/** Through the Worker's own `queue` export, as Cloudflare Queues (and miniflare) call it. */
async function deliverToWorker(queue: string, bodies: OptimizeMessage[], attempts = 1) {
  const batch = batchOf(queue, bodies, attempts);
  const ctx = createExecutionContext();
  return resultOf(batch, ctx, () => worker.queue(batch as MessageBatch<unknown>, workerEnv));
}

async function shopWith(fixtures: ShopFixture[]) {
  const user = await registerUser();
  const ids: string[] = [];
  for (const f of fixtures) ids.push(await insertShopListing(user.userId, f));
  return { ...user, ids, plan: "free" as string };
}

/** Five distinct listings from the three fixtures (a second colour, a second scent...). */
const FIVE: ShopFixture[] = [
  ...SHOP_FIXTURES,
  {
    ...SHOP_FIXTURES[0],
    sku: "NECK-SUN-01",
    title: SHOP_FIXTURES[0].title.replace(/Moon/g, "Sun").replace(/Crescent/g, "Sunburst"),
    description: SHOP_FIXTURES[0].description.replace(/crescent moon/g, "sunburst"),
  },
  {
    ...SHOP_FIXTURES[1],
    sku: "CANDLE-CED-8OZ",
    title: "SOY CANDLE cedarwood",
    description: SHOP_FIXTURES[1].description.replace(/lavender/g, "cedarwood"),
    tags: ["candle", "soy candle", "cedarwood"],
  },
];

async function rows<T>(sql: string, ...args: unknown[]) {
  return (
    await env.DB.prepare(sql)
      .bind(...args)
      .all<T>()
  ).results;
}

async function proposalsOf(userId: string) {
  return rows<{ listing_id: string; status: string; score_before: number; score_after: number; title: string; tags: string; alt_texts: string; job_id: string }>(
    "SELECT * FROM listing_proposals WHERE user_id = ? ORDER BY created_at",
    userId,
  );
}

async function unitsUsed(userId: string) {
  return (await readQuota(workerEnv, { id: userId, plan: "free" }, "create-listing")).used;
}

describe("bulk optimize queue consumer", () => {
  it("sends one message per listing in sendBatch calls of at most 100", async () => {
    const user = await registerUser();
    const fixture = SHOP_FIXTURES[1];
    const ids: string[] = [];
    for (let i = 0; i < 130; i++) ids.push(await insertShopListing(user.userId, { ...fixture, sku: `C-${i}`, title: `${fixture.title} ${i}` }));
    const capture = captureQueue();
    const started = await startOptimizeJob(workerEnv, capture.queue, { id: user.userId, plan: "free" }, [...ids, ids[0]]);
    expect(started.total).toBe(130);
    expect(capture.calls).toEqual([100, 30]);
    expect(new Set(capture.sent.map((m) => m.listingId)).size).toBe(130);
    expect(capture.sent.every((m) => m.jobId === started.jobId && m.userId === user.userId)).toBe(true);
    const job = await readJob(env.DB, user.userId, started.jobId);
    expect(job).toMatchObject({ status: "queued", total: 130, done: 0, failed: 0, stopReason: null });
    expect(job.items.every((i) => i.status === "queued" && typeof i.scoreBefore === "number")).toBe(true);
  });

  it("optimizes three listings through the Worker's queue handler: a pending proposal each, scores up, one unit each", async () => {
    const shop = await shopWith(SHOP_FIXTURES);
    const capture = captureQueue();
    const { jobId } = await startOptimizeJob(workerEnv, capture.queue, { id: shop.userId, plan: "free" }, shop.ids);
    const result = await deliverToWorker(OPTIMIZE_QUEUE, capture.sent);
    expect(result.explicitAcks.length).toBe(3);
    expect(result.retryMessages).toEqual([]);

    const job = await readJob(env.DB, shop.userId, jobId);
    expect(job).toMatchObject({ status: "completed", total: 3, done: 3, failed: 0, stopReason: null });
    const proposals = await proposalsOf(shop.userId);
    expect(proposals.map((p) => p.listing_id).sort()).toEqual([...shop.ids].sort());
    for (const p of proposals) {
      expect(p.status).toBe("pending");
      expect(p.job_id).toBe(jobId);
      expect(p.score_after).toBeGreaterThan(p.score_before);
      const item = job.items.find((i) => i.id === p.listing_id)!;
      expect(item).toMatchObject({ status: "done", scoreBefore: p.score_before, scoreAfter: p.score_after, error: null });
    }
    expect(await unitsUsed(shop.userId)).toBe(3);
    // Nothing is applied: each listing is still at its first version, as imported.
    const versions = await rows<{ version: number }>("SELECT version FROM listings WHERE user_id = ?", shop.userId);
    expect(versions.map((v) => v.version)).toEqual([1, 1, 1]);
  });

  it("retries a listing whose provider failed, with a delay, gives its unit back meanwhile, and succeeds on the next delivery", async () => {
    const shop = await shopWith([SHOP_FIXTURES[0]]);
    const capture = captureQueue();
    const { jobId } = await startOptimizeJob(workerEnv, capture.queue, { id: shop.userId, plan: "free" }, shop.ids);
    const provider = flakyProvider((call) => call <= 4);

    const first = await deliver(capture.sent, provider, { attempts: 1 });
    expect(first.explicitAcks).toEqual([]);
    expect(first.retryMessages).toHaveLength(1);
    expect(first.retryMessages[0].delaySeconds).toBe(5);
    let job = await readJob(env.DB, shop.userId, jobId);
    expect(job.items[0].status).toBe("queued");
    expect(job.items[0].error).toContain("DeepSeek did not answer");
    expect(await unitsUsed(shop.userId)).toBe(0);
    expect(await proposalsOf(shop.userId)).toEqual([]);

    const second = await deliver(capture.sent, provider, { attempts: 2 });
    expect(second.explicitAcks).toHaveLength(1);
    job = await readJob(env.DB, shop.userId, jobId);
    expect(job).toMatchObject({ status: "completed", done: 1, failed: 0 });
    expect(job.items[0]).toMatchObject({ status: "done", error: null });
    expect(await proposalsOf(shop.userId)).toHaveLength(1);
    expect(await unitsUsed(shop.userId)).toBe(1);
  });

  it("marks a listing failed with a message the seller understands when its message reaches the dead-letter queue", async () => {
    const shop = await shopWith([SHOP_FIXTURES[1], SHOP_FIXTURES[2]]);
    const capture = captureQueue();
    const { jobId } = await startOptimizeJob(workerEnv, capture.queue, { id: shop.userId, plan: "free" }, shop.ids);
    const down = flakyProvider(() => true);
    const failing = capture.sent.filter((m) => m.listingId === shop.ids[0]);

    // max_retries = 3: four tries, each retried later with a longer delay.
    const delays: number[] = [];
    for (let attempts = 1; attempts <= 4; attempts++) {
      const result = await deliver(failing, down, { attempts });
      expect(result.retryMessages).toHaveLength(1);
      delays.push(result.retryMessages[0].delaySeconds!);
    }
    expect(delays).toEqual([5, 20, 80, 300]);
    // The other listing goes through.
    await deliver(
      capture.sent.filter((m) => m.listingId === shop.ids[1]),
      offlineComposer(),
    );
    expect((await readJob(env.DB, shop.userId, jobId)).status).toBe("running");

    // Queues moves the message to listora-shop-optimize-dlq; its consumer gives up on the listing.
    const dead = await deliverToWorker(DEAD_LETTER_QUEUE, failing);
    expect(dead.explicitAcks).toHaveLength(1);
    const job = await readJob(env.DB, shop.userId, jobId);
    expect(job).toMatchObject({ status: "completed", total: 2, done: 1, failed: 1 });
    const item = job.items.find((i) => i.id === shop.ids[0])!;
    expect(item).toMatchObject({ status: "failed", error: FAILED_MESSAGE, scoreAfter: null });
    expect(FAILED_MESSAGE).toMatch(/not changed/);
    // The failed listing used no unit and has no proposal; the listing itself is as it was.
    expect(await unitsUsed(shop.userId)).toBe(1);
    expect((await proposalsOf(shop.userId)).map((p) => p.listing_id)).toEqual([shop.ids[1]]);
    // A late redelivery of the failed listing's message changes nothing.
    const late = await deliver(failing, offlineComposer(), { attempts: 5 });
    expect(late.explicitAcks).toHaveLength(1);
    expect((await readJob(env.DB, shop.userId, jobId)).failed).toBe(1);
  });

  it("stops the job when the daily quota runs out mid-job, skips the rest, and writes nothing half-way", async () => {
    const shop = await shopWith(FIVE);
    // 8 of the free plan's 10 units are already used today.
    for (let i = 0; i < 8; i++) await reserveQuota(workerEnv, { id: shop.userId, plan: "free" }, "create-listing");
    const capture = captureQueue();
    const { jobId } = await startOptimizeJob(workerEnv, capture.queue, { id: shop.userId, plan: "free" }, shop.ids);

    const result = await deliver(capture.sent, offlineComposer());
    expect(result.explicitAcks).toHaveLength(5);
    expect(result.retryMessages).toEqual([]);

    const job = await readJob(env.DB, shop.userId, jobId);
    expect(job.status).toBe("stopped");
    expect(job.stopReason).toBe("Your daily listing quota ran out after 2 of 5 listings. The other 3 were not changed: optimize them tomorrow or upgrade your plan.");
    expect(job.done).toBe(2);
    expect(job.failed).toBe(0);
    expect(job.items.filter((i) => i.status === "skipped")).toHaveLength(3);
    const proposals = await proposalsOf(shop.userId);
    expect(proposals).toHaveLength(2);
    const skipped = new Set(job.items.filter((i) => i.status === "skipped").map((i) => i.id));
    expect(proposals.some((p) => skipped.has(p.listing_id))).toBe(false);
    expect(await unitsUsed(shop.userId)).toBe(10);
    // The skipped listings' messages, redelivered, do nothing more.
    const again = await deliver(capture.sent, offlineComposer(), { attempts: 2 });
    expect(again.explicitAcks).toHaveLength(5);
    expect(await proposalsOf(shop.userId)).toHaveLength(2);
    expect((await readJob(env.DB, shop.userId, jobId)).status).toBe("stopped");
  });

  it("loses nothing and doubles nothing when a restart delivers the same messages again, one after the other or at once", async () => {
    const shop = await shopWith(SHOP_FIXTURES);
    const capture = captureQueue();
    const { jobId } = await startOptimizeJob(workerEnv, capture.queue, { id: shop.userId, plan: "free" }, shop.ids);
    const provider = flakyProvider(() => false);

    // The whole batch twice at the same time (two consumers), then once more after.
    const [a, b] = await Promise.all([deliver(capture.sent, provider), deliver(capture.sent, provider)]);
    const settled = [...a.explicitAcks, ...b.explicitAcks].length + [...a.retryMessages, ...b.retryMessages].length;
    expect(settled).toBe(6);
    await deliver(capture.sent, provider, { attempts: 2 });

    const job = await readJob(env.DB, shop.userId, jobId);
    expect(job).toMatchObject({ status: "completed", total: 3, done: 3, failed: 0 });
    const proposals = await proposalsOf(shop.userId);
    expect(proposals).toHaveLength(3);
    expect(new Set(proposals.map((p) => p.listing_id)).size).toBe(3);
    expect(await unitsUsed(shop.userId)).toBe(3);
  });

  it("finishes a listing a crashed delivery left 'processing' holding its unit, without taking a second unit", async () => {
    const shop = await shopWith([SHOP_FIXTURES[2]]);
    const capture = captureQueue();
    const { jobId } = await startOptimizeJob(workerEnv, capture.queue, { id: shop.userId, plan: "free" }, shop.ids);
    // The first delivery claimed the item and took its unit, then the isolate died.
    await reserveQuota(workerEnv, { id: shop.userId, plan: "free" }, "create-listing");
    const crashedAt = Date.now();
    await env.DB.prepare("UPDATE shop_job_items SET status = 'processing', attempts = 1, unit_held = 1, updated_at = ? WHERE job_id = ?").bind(crashedAt, jobId).run();

    // Redelivered soon after: the claim is still fresh, so it waits until it would be stale.
    const soon = await deliver(capture.sent, offlineComposer(), { attempts: 2, now: () => crashedAt + 60_000 });
    expect(soon.retryMessages).toHaveLength(1);
    expect(soon.retryMessages[0].delaySeconds).toBe((STALE_PROCESSING_MS - 60_000) / 1000 + 1);

    // Redelivered after the claim went stale: finished, with the unit the first delivery took.
    const later = await deliver(capture.sent, offlineComposer(), { attempts: 3, now: () => crashedAt + STALE_PROCESSING_MS + 1000 });
    expect(later.explicitAcks).toHaveLength(1);
    const job = await readJob(env.DB, shop.userId, jobId);
    expect(job).toMatchObject({ status: "completed", done: 1 });
    expect(await proposalsOf(shop.userId)).toHaveLength(1);
    expect(await unitsUsed(shop.userId)).toBe(1);
  });

  it("acknowledges a malformed message or one for a job that no longer exists without doing anything", async () => {
    const ghost = { jobId: crypto.randomUUID(), userId: crypto.randomUUID(), listingId: crypto.randomUUID() };
    const batch = createMessageBatch<unknown>(OPTIMIZE_QUEUE, [
      { id: "bad-1", timestamp: new Date(), attempts: 1, body: "not a message" },
      { id: "bad-2", timestamp: new Date(), attempts: 1, body: { jobId: 7 } },
      { id: "ghost", timestamp: new Date(), attempts: 1, body: ghost },
    ]);
    const ctx = createExecutionContext();
    await handleShopQueue(batch, workerEnv, { provider: offlineComposer() });
    const result = await getQueueResult(batch, ctx);
    expect(result.explicitAcks.sort()).toEqual(["bad-1", "bad-2", "ghost"]);
  });
});
