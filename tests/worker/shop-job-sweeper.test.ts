import { createExecutionContext, createMessageBatch, createScheduledController, env, getQueueResult } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import worker from "../../worker/index";
import type { OptimizeMessage, ShopJobInfo } from "../../schema/api/shop";
import type { Env } from "../../worker/lib/env";
import { readQuota, reserveQuota } from "../../worker/domain/quota";
import { OPTIMIZE_QUEUE, SWEEP, TIMED_OUT_MESSAGE, handleShopQueue, readJob, startOptimizeJob, sweepShopJobs, type QueueSender } from "../../worker/domain/shop/jobs";
import { offlineComposer } from "../../worker/providers/llm/offline-composer";
import { api, registerUser } from "./helpers";
import { SHOP_FIXTURES, insertShopListing } from "./shop-listings";

const workerEnv = env as unknown as Env;
const MINUTE = 60_000;

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
async function deliver(bodies: OptimizeMessage[], now?: () => number) {
  if (!bodies.length) return;
  const batch = createMessageBatch<OptimizeMessage>(
    OPTIMIZE_QUEUE,
    bodies.map((body) => ({ id: `sweep-${++seq}`, timestamp: new Date(), attempts: 1, body })),
  );
  const ctx = createExecutionContext();
  await handleShopQueue(batch, workerEnv, { provider: offlineComposer(), now });
  await getQueueResult(batch, ctx);
}

const unitsUsed = async (userId: string) => (await readQuota(workerEnv, { id: userId, plan: "free" }, "create-listing")).used;
const proposals = async (userId: string) => (await env.DB.prepare("SELECT count(*) AS n FROM listing_proposals WHERE user_id = ?").bind(userId).first<{ n: number }>())!.n;

/**
 * A job as `kill -9` left it: `done` listings finished (a proposal and a unit each), `processing` ones
 * claimed and holding their unit with no proposal, the rest queued; every message lost, and the last
 * change `age` ago.
 */
async function crashedJob(counts: { done: number; processing: number; queued: number }, age: number, now: number) {
  const user = await registerUser();
  const n = counts.done + counts.processing + counts.queued;
  const ids: string[] = [];
  for (let i = 0; i < n; i++) {
    const f = SHOP_FIXTURES[i % SHOP_FIXTURES.length];
    ids.push(await insertShopListing(user.userId, { ...f, sku: `${f.sku}-${i}`, title: `${f.title} ${i}` }));
  }
  const capture = captureQueue();
  const { jobId } = await startOptimizeJob(workerEnv, capture.queue, { id: user.userId, plan: "free" }, ids, now - age - MINUTE);
  // The first `done` messages went through before the crash.
  await deliver(
    capture.sent.filter((m) => ids.indexOf(m.listingId) < counts.done),
    () => now - age,
  );
  const processing = ids.slice(counts.done, counts.done + counts.processing);
  for (let i = 0; i < processing.length; i++) await reserveQuota(workerEnv, { id: user.userId, plan: "free" }, "create-listing");
  for (const id of processing) {
    await env.DB.prepare("UPDATE shop_job_items SET status = 'processing', attempts = 1, unit_held = 1, updated_at = ? WHERE job_id = ? AND listing_id = ?")
      .bind(now - age, jobId, id)
      .run();
  }
  await env.DB.prepare("UPDATE shop_job_items SET updated_at = ? WHERE job_id = ? AND status = 'queued'")
    .bind(now - age, jobId)
    .run();
  await env.DB.prepare("UPDATE shop_jobs SET status = 'running', updated_at = ? WHERE id = ?")
    .bind(now - age, jobId)
    .run();
  return { ...user, ids, jobId };
}

describe("stuck optimize jobs are swept to an end state", () => {
  it("sends a crashed job's lost messages again; the job completes with one unit per run and no unit taken twice", async () => {
    const now = Date.now();
    // 9 listings: the free plan's 10 units a day cover every run.
    const job = await crashedJob({ done: 3, processing: 2, queued: 4 }, 30 * MINUTE, now);
    expect(await unitsUsed(job.userId)).toBe(5);
    expect(await proposals(job.userId)).toBe(3);

    const capture = captureQueue();
    const report = await sweepShopJobs(workerEnv, capture.queue, { now });
    expect(report).toMatchObject({ requeued: 6, failed: 0 });
    expect(new Set(capture.sent.map((m) => m.listingId))).toEqual(new Set(job.ids.slice(3)));
    // A sweep right after finds nothing more to do (the items were just sent again).
    expect(await sweepShopJobs(workerEnv, captureQueue().queue, { now: now + MINUTE })).toMatchObject({ requeued: 0, failed: 0 });

    await deliver(capture.sent, () => now + MINUTE);
    const done = await readJob(env.DB, job.userId, job.jobId);
    expect(done).toMatchObject({ status: "completed", total: 9, done: 9, failed: 0 });
    // 9 writer runs, 9 units: the 2 items that held a unit when the isolate died took no second one.
    expect(await unitsUsed(job.userId)).toBe(9);
  });

  it("fails items whose messages stay lost after the sweeper's tries, with words the seller reads, and gives their units back", async () => {
    const now = Date.now();
    const job = await crashedJob({ done: 1, processing: 2, queued: 3 }, 30 * MINUTE, now);
    expect(await unitsUsed(job.userId)).toBe(3);
    let at = now;
    let sweeps = 0;
    for (;;) {
      const report = await sweepShopJobs(workerEnv, captureQueue().queue, { now: at }); // every message lost again
      sweeps++;
      if (report.failed) break;
      expect(sweeps).toBeLessThanOrEqual(SWEEP.maxResends + 1);
      at += SWEEP.staleQueuedMs + MINUTE;
    }
    const ended = await readJob(env.DB, job.userId, job.jobId);
    expect(ended).toMatchObject({ status: "completed", total: 6, done: 1, failed: 5 });
    for (const item of ended.items.filter((i) => i.status === "failed")) expect(item.error).toBe(TIMED_OUT_MESSAGE);
    expect(TIMED_OUT_MESSAGE).toMatch(/timed out/);
    expect(TIMED_OUT_MESSAGE).toMatch(/no listing unit was used/);
    // Only the finished listing keeps its unit.
    expect(await unitsUsed(job.userId)).toBe(1);

    // Selected again: optimized once each, charged once each.
    const capture = captureQueue();
    const again = await startOptimizeJob(workerEnv, capture.queue, { id: job.userId, plan: "free" }, job.ids);
    expect(again).toMatchObject({ total: 5, unchanged: [job.ids[0]], inProgress: [] });
    await deliver(capture.sent);
    await deliver(capture.sent); // a redelivery changes nothing
    expect(await unitsUsed(job.userId)).toBe(6);
    expect((await readJob(env.DB, job.userId, again.jobId)).status).toBe("completed");
  });

  it("leaves a job that is moving alone, and a listing waiting for its retry", async () => {
    const now = Date.now();
    const job = await crashedJob({ done: 1, processing: 0, queued: 2 }, 2 * MINUTE, now);
    const capture = captureQueue();
    expect(await sweepShopJobs(workerEnv, capture.queue, { now })).toMatchObject({ requeued: 0, failed: 0 });
    expect(capture.sent).toEqual([]);
    expect((await readJob(env.DB, job.userId, job.jobId)).status).toBe("running");
  });

  it("skips the queued items of a stopped job whose messages were lost, so the job shows its end", async () => {
    const now = Date.now();
    const job = await crashedJob({ done: 1, processing: 0, queued: 2 }, 30 * MINUTE, now);
    await env.DB.prepare("UPDATE shop_jobs SET status = 'stopped', stop_reason = 'Your daily listing quota ran out after 1 of 3 listings.' WHERE id = ?").bind(job.jobId).run();
    await sweepShopJobs(workerEnv, captureQueue().queue, { now });
    const ended = await readJob(env.DB, job.userId, job.jobId);
    expect(ended.status).toBe("stopped");
    expect(ended.items.map((i) => i.status).sort()).toEqual(["done", "skipped", "skipped"]);
  });

  it("runs from the Worker's cron trigger, and when the seller opens a stuck job", async () => {
    const now = Date.now();
    // Items the sweeper already sent twice: this time they fail, so nothing is left for the queue.
    const cron = await crashedJob({ done: 0, processing: 1, queued: 1 }, 60 * MINUTE, now);
    await env.DB.prepare("UPDATE shop_job_items SET sweeps = ? WHERE job_id = ?").bind(SWEEP.maxResends, cron.jobId).run();
    await worker.scheduled(createScheduledController({ scheduledTime: new Date(now), cron: "*/5 * * * *" }), workerEnv);
    expect(await readJob(env.DB, cron.userId, cron.jobId)).toMatchObject({ status: "completed", failed: 2 });

    const opened = await crashedJob({ done: 0, processing: 0, queued: 2 }, 60 * MINUTE, now);
    await env.DB.prepare("UPDATE shop_job_items SET sweeps = ? WHERE job_id = ?").bind(SWEEP.maxResends, opened.jobId).run();
    const res = await api(`/shop/jobs/${opened.jobId}`, { token: opened.token });
    expect(res.status).toBe(200);
    const body = await res.json<{ data: ShopJobInfo }>();
    expect(body.data).toMatchObject({ status: "completed", failed: 2 });
    expect(body.data.items.every((i) => i.error === TIMED_OUT_MESSAGE)).toBe(true);
  });
});
