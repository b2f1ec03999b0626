/**
 * Bulk optimize jobs of My Shop on Cloudflare Queues (decision 0021). A job is a row per listing in
 * shop_job_items and one queue message per listing. Each message moves its item through conditional
 * UPDATEs (queued -> processing -> done | failed | skipped), so a redelivered message never optimizes
 * or charges twice: a finished item is acknowledged without work, a fresh "processing" item belongs to
 * another delivery (retried later), and one left "processing" for STALE_PROCESSING_MS by a crashed
 * delivery is claimed again. The claim carries the item's attempt number: only the delivery holding
 * the latest claim can write the proposal and mark the item done, in one D1 batch.
 *
 * Each listing spends one create-listing unit. `unit_held` is set in D1 before the unit is taken from
 * the QuotaCounter and cleared after it is given back, so a crash between the two can only leave a
 * unit uncharged, never charged twice. A unit is kept only for a proposal.
 */
import { and, desc, eq, inArray, sql } from "drizzle-orm";
import { drizzle } from "drizzle-orm/d1";
import type { OptimizeMessage, OptimizeStarted, ShopJobInfo, ShopJobItemStatus, ShopJobStatus, ShopJobSummary } from "../../../schema/api/shop";
import { listings, shopJobItems, shopJobs, users, type Listing, type ShopJob, type User } from "../../../schema/db";
import type { Env } from "../../lib/env";
import { HttpError, notFound } from "../../lib/errors";
import type { LlmProvider } from "../../providers/llm/types";
import { LISTING_NOT_FOUND } from "../listings/store";
import { effectivePlan, quotaExceeded, readQuota, releaseQuota, reserveQuota } from "../quota";
import { optimizeShopListing, scoreShopText, type OptimizeOutcome } from "./optimize";
import { db, type Db } from "../../lib/db";
import { log } from "../../lib/log";
import { findHostileText, hostileTextMessage } from "../../lib/text-limits";

const JOB_NOT_FOUND = "Job not found";
/** A "processing" item older than this was left by a delivery that died; another delivery may claim it. */
export const STALE_PROCESSING_MS = 5 * 60 * 1000;
/** Queues' sendBatch takes at most 100 messages per call. */
const SEND_BATCH_MAX = 100;
/** Jobs GET /api/shop/jobs lists. */
const RECENT_JOBS = 20;
/** Each provider call of one listing; a queue consumer may run for minutes, a listing should not. */
const OPTIMIZE_TIMEOUT_MS = 60_000;
/** What the seller reads on a listing whose every try failed. */
export const FAILED_MESSAGE = "We could not optimize this listing: the writer did not answer after 4 tries. Your listing was not changed, and no listing unit was used. Try it again later.";
const DELETED_MESSAGE = "This listing was deleted before it could be optimized.";
const QUOTA_PREFIX = "Your daily listing quota ran out";

/** The delay before the nth retry of a failed listing: 5 s, 20 s, 80 s (Queues holds the message meanwhile). */
const retryDelaySeconds = (attempts: number) => Math.min(300, 5 * 4 ** Math.max(0, attempts - 1));

/** Why a job stopped when the quota ran out, in the seller's words. */
function quotaStopReason(optimized: number, total: number, skipped: number, plan: string | null | undefined): string {
  const other = skipped === 1 ? "The other 1 was not changed" : `The other ${skipped} were not changed`;
  const next = effectivePlan(plan) === "premium" ? "optimize them tomorrow (the quota resets at midnight UTC)." : "optimize them tomorrow or upgrade your plan.";
  return `${QUOTA_PREFIX} after ${optimized} of ${total} listings. ${other}: ${next}`;
}

// ---- Starting a job ------------------------------------------------------------------------------

export interface QueueSender {
  sendBatch(messages: Iterable<MessageSendRequest<OptimizeMessage>>): Promise<unknown>;
}

/**
 * POST /api/shop/optimize: checks every id is one of the caller's shop listings (404 'Listing not
 * found' otherwise, before anything is queued), refuses when today's quota is already used up, writes
 * the job and its items, and sends one message per listing (100 per sendBatch call).
 */
export async function startOptimizeJob(env: Pick<Env, "DB" | "QUOTA">, queue: QueueSender, user: Pick<User, "id" | "plan">, ids: string[], now = Date.now()): Promise<OptimizeStarted> {
  const orm = db(env);
  const unique = [...new Set(ids)];
  const rows: Listing[] = [];
  for (let i = 0; i < unique.length; i += 90) {
    rows.push(
      ...(await orm
        .select()
        .from(listings)
        .where(and(eq(listings.userId, user.id), inArray(listings.id, unique.slice(i, i + 90))))),
    );
  }
  if (rows.length !== unique.length) throw notFound(LISTING_NOT_FOUND);
  const notShop = rows.filter((r) => r.source !== "shop");
  if (notShop.length) throw new HttpError(400, "Only listings imported from your shop can be optimized here. Open the others on My Listings.", { field: "ids" });
  const quota = await readQuota(env as Env, user, "create-listing");
  if (quota.used >= quota.limit) throw quotaExceeded(quota);

  const byId = new Map(rows.map((r) => [r.id, r]));
  const jobId = crypto.randomUUID();
  const items = unique.map((id) => {
    const row = byId.get(id)!;
    return {
      jobId,
      listingId: id,
      userId: user.id,
      status: "queued" as const,
      scoreBefore: scoreShopText(row, { title: row.title, description: row.description, tags: (row.tags as string[]) ?? [], altTexts: (row.altTexts as string[]) ?? [] }).score,
      attempts: 0,
      updatedAt: now,
    };
  });
  const statements = [
    orm.insert(shopJobs).values({ id: jobId, userId: user.id, status: "queued", total: unique.length, done: 0, failed: 0, stopReason: null, createdAt: now, updatedAt: now }),
    // D1 binds at most 100 values per statement: 8 columns, 12 rows.
    ...chunk(items, 12).map((part) => orm.insert(shopJobItems).values(part)),
  ];
  await orm.batch(statements as unknown as Parameters<Db["batch"]>[0]);

  const messages = unique.map((listingId) => ({ body: { jobId, userId: user.id, listingId } satisfies OptimizeMessage, contentType: "json" as const }));
  let sent = 0;
  try {
    for (const part of chunk(messages, SEND_BATCH_MAX)) {
      await queue.sendBatch(part);
      sent += part.length;
    }
  } catch (error) {
    log.error("shop.optimize_enqueue_failed", { jobId, sent, error: String(error) });
    if (sent === 0) {
      await orm.delete(shopJobs).where(eq(shopJobs.id, jobId));
      throw new HttpError(503, "The optimizer is not reachable right now. Nothing was changed and no listing unit was used; please try again in a minute.", {}, { "Retry-After": "60" });
    }
    const unsent = unique.slice(sent);
    for (const part of chunk(unsent, 90)) {
      await orm
        .update(shopJobItems)
        .set({ status: "skipped", error: "Not queued: the optimizer was not reachable. Select it again to optimize it.", updatedAt: now })
        .where(and(eq(shopJobItems.jobId, jobId), inArray(shopJobItems.listingId, part), eq(shopJobItems.status, "queued")));
    }
    await refreshJob(env.DB, jobId, now);
  }
  return { jobId, total: unique.length };
}

function chunk<T>(list: T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < list.length; i += size) out.push(list.slice(i, i + size));
  return out;
}

// ---- Reading jobs --------------------------------------------------------------------------------

const iso = (ms: number) => new Date(ms).toISOString();

function toSummary(job: ShopJob): ShopJobSummary {
  return { id: job.id, status: job.status as ShopJobStatus, total: job.total, done: job.done, failed: job.failed, stopReason: job.stopReason ?? null, createdAt: iso(job.createdAt) };
}

/** GET /api/shop/jobs/:id: the job and every item with its listing's current title, by title. Another user's job is a 404. */
export async function readJob(dbBinding: D1Database, userId: string, jobId: string): Promise<ShopJobInfo> {
  const db = drizzle(dbBinding);
  const [job] = await db
    .select()
    .from(shopJobs)
    .where(and(eq(shopJobs.id, jobId), eq(shopJobs.userId, userId)))
    .limit(1);
  if (!job) throw notFound(JOB_NOT_FOUND);
  const items = await db
    .select({ item: shopJobItems, title: listings.title })
    .from(shopJobItems)
    .leftJoin(listings, and(eq(listings.id, shopJobItems.listingId), eq(listings.userId, shopJobItems.userId)))
    .where(and(eq(shopJobItems.jobId, job.id), eq(shopJobItems.userId, userId)))
    .orderBy(sql`lower(${listings.title})`, shopJobItems.listingId);
  return {
    ...toSummary(job),
    items: items.map(({ item, title }) => ({
      id: item.listingId,
      title: title ?? "(deleted listing)",
      status: item.status as ShopJobItemStatus,
      scoreBefore: item.scoreBefore,
      scoreAfter: item.scoreAfter,
      error: item.error,
    })),
  };
}

/** GET /api/shop/jobs: the caller's 20 most recent jobs, newest first, without their items. */
export async function listJobs(dbBinding: D1Database, userId: string): Promise<ShopJobSummary[]> {
  const rows = await drizzle(dbBinding).select().from(shopJobs).where(eq(shopJobs.userId, userId)).orderBy(desc(shopJobs.createdAt), desc(shopJobs.id)).limit(RECENT_JOBS);
  return rows.map(toSummary);
}

// ---- Job counters --------------------------------------------------------------------------------

/**
 * The job's counters recounted from its items (so they always agree), its status (completed once no
 * item is queued or processing, unless stopped), and a quota stop reason with the final counts.
 */
function refreshStatement(dbBinding: D1Database, jobId: string, now: number) {
  return dbBinding
    .prepare(
      `UPDATE shop_jobs SET
         done = (SELECT count(*) FROM shop_job_items WHERE job_id = ?1 AND status = 'done'),
         failed = (SELECT count(*) FROM shop_job_items WHERE job_id = ?1 AND status = 'failed'),
         status = CASE
           WHEN status = 'stopped' THEN 'stopped'
           WHEN (SELECT count(*) FROM shop_job_items WHERE job_id = ?1 AND status IN ('queued', 'processing')) = 0 THEN 'completed'
           WHEN (SELECT count(*) FROM shop_job_items WHERE job_id = ?1 AND status <> 'queued') > 0 THEN 'running'
           ELSE status END,
         updated_at = ?2
       WHERE id = ?1`,
    )
    .bind(jobId, now);
}

async function refreshJob(dbBinding: D1Database, jobId: string, now = Date.now()) {
  await refreshStatement(dbBinding, jobId, now).run();
  const job = await dbBinding
    .prepare("SELECT status, total, stop_reason, user_id FROM shop_jobs WHERE id = ?")
    .bind(jobId)
    .first<{ status: string; total: number; stop_reason: string | null; user_id: string }>();
  if (job?.status === "stopped" && job.stop_reason?.startsWith(QUOTA_PREFIX)) {
    // Listings in flight when the quota ran out finish (or fail and are skipped): the reason keeps up.
    const counts = await dbBinding
      .prepare("SELECT sum(status = 'skipped') AS skipped, sum(status = 'failed') AS failed FROM shop_job_items WHERE job_id = ?")
      .bind(jobId)
      .first<{ skipped: number; failed: number }>();
    const plan = await dbBinding.prepare("SELECT plan FROM users WHERE id = ?").bind(job.user_id).first<{ plan: string }>();
    const skipped = counts?.skipped ?? 0;
    const reason = quotaStopReason(job.total - skipped - (counts?.failed ?? 0), job.total, skipped, plan?.plan);
    if (reason !== job.stop_reason) await dbBinding.prepare("UPDATE shop_jobs SET stop_reason = ? WHERE id = ?").bind(reason, jobId).run();
  }
}

// ---- The consumer --------------------------------------------------------------------------------

type Outcome = { ack: true; note: string } | { retry: true; delaySeconds: number; note: string };

interface ConsumerDeps {
  provider: LlmProvider;
  now?: () => number;
  timeoutMs?: number;
}

function isMessage(body: unknown): body is OptimizeMessage {
  const b = body as Partial<OptimizeMessage> | null;
  return !!b && typeof b === "object" && typeof b.jobId === "string" && typeof b.userId === "string" && typeof b.listingId === "string";
}

interface ItemRow {
  status: ShopJobItemStatus;
  attempts: number;
  unit_held: number;
  updated_at: number;
  score_before: number | null;
  job_status: ShopJobStatus;
}

async function readItem(dbBinding: D1Database, m: OptimizeMessage) {
  return dbBinding
    .prepare(
      `SELECT i.status, i.attempts, i.unit_held, i.updated_at, i.score_before, j.status AS job_status
       FROM shop_job_items i JOIN shop_jobs j ON j.id = i.job_id
       WHERE i.job_id = ? AND i.listing_id = ? AND i.user_id = ? AND j.user_id = ?`,
    )
    .bind(m.jobId, m.listingId, m.userId, m.userId)
    .first<ItemRow>();
}

const claimed = (m: OptimizeMessage, claim: number) => ({ sql: "job_id = ? AND listing_id = ? AND status = 'processing' AND attempts = ?", args: [m.jobId, m.listingId, claim] as const });

/**
 * One message of the optimize queue: one listing of one job. Answers whether to acknowledge the
 * message or retry it later. Never throws for a listing's own failure (it answers a retry).
 */
async function processOptimizeMessage(env: Pick<Env, "DB" | "QUOTA">, deps: ConsumerDeps, body: unknown): Promise<Outcome> {
  const now = deps.now ?? Date.now;
  if (!isMessage(body)) return { ack: true, note: "malformed message" };
  const m = body;
  const db = env.DB;
  const item = await readItem(db, m);
  if (!item) return { ack: true, note: "no such item (job deleted)" };
  if (item.status === "done" || item.status === "failed" || item.status === "skipped") return { ack: true, note: `already ${item.status}` };
  if (item.job_status === "stopped") {
    await db.batch([
      db.prepare("UPDATE shop_job_items SET status = 'skipped', updated_at = ? WHERE job_id = ? AND listing_id = ? AND status = 'queued'").bind(now(), m.jobId, m.listingId),
      refreshStatement(db, m.jobId, now()),
    ]);
    return { ack: true, note: "job stopped" };
  }

  // Claim the item: queued, or processing but left behind by a delivery that died.
  const at = now();
  const claim = await db
    .prepare(
      `UPDATE shop_job_items SET status = 'processing', attempts = attempts + 1, updated_at = ?
       WHERE job_id = ? AND listing_id = ? AND (status = 'queued' OR (status = 'processing' AND updated_at < ?))
       RETURNING attempts, unit_held`,
    )
    .bind(at, m.jobId, m.listingId, at - STALE_PROCESSING_MS)
    .first<{ attempts: number; unit_held: number }>();
  if (!claim) {
    const current = await readItem(db, m);
    if (!current || current.status !== "processing") return { ack: true, note: `already ${current?.status ?? "gone"}` };
    // Another delivery is working on it: look again once its claim would be stale.
    return { retry: true, delaySeconds: Math.max(5, Math.ceil((current.updated_at + STALE_PROCESSING_MS - at) / 1000) + 1), note: "being processed by another delivery" };
  }
  const token = claim.attempts;
  const mine = claimed(m, token);
  await refreshJob(db, m.jobId, at);

  const [row] = await drizzle(db)
    .select()
    .from(listings)
    .where(and(eq(listings.id, m.listingId), eq(listings.userId, m.userId)))
    .limit(1);
  const user = await drizzle(db).select({ id: users.id, plan: users.plan }).from(users).where(eq(users.id, m.userId)).get();
  if (!row || !user) {
    if (claim.unit_held) await releaseQuota(env as Env, { id: m.userId }, "create-listing").catch(() => {});
    await finish(env, m, token, { status: "failed", error: DELETED_MESSAGE }, now());
    return { ack: true, note: "listing deleted" };
  }

  // Text no seller writes (a number of thousands of digits, decision 0028) is not read: the item fails at once, free.
  const hostile = findHostileText({ title: row.title, description: row.description, tags: row.tags });
  if (hostile) {
    if (claim.unit_held) await releaseQuota(env as Env, user, "create-listing").catch(() => {});
    await finish(env, m, token, { status: "failed", error: hostileTextMessage(hostile.field, hostile.run) }, now());
    return { ack: true, note: "unreadable text" };
  }

  // The unit: marked held in D1 first, then taken; a redelivery of a held item takes none.
  if (!claim.unit_held) {
    const marked = await db
      .prepare(`UPDATE shop_job_items SET unit_held = 1 WHERE ${mine.sql}`)
      .bind(...mine.args)
      .run();
    if (!marked.meta.changes) return { ack: true, note: "claim lost" };
    try {
      await reserveQuota(env as Env, user, "create-listing");
    } catch (error) {
      await db
        .prepare(`UPDATE shop_job_items SET unit_held = 0 WHERE ${mine.sql}`)
        .bind(...mine.args)
        .run();
      if (error instanceof HttpError && error.status === 403) {
        await stopForQuota(env.DB, m, token, user.plan, now());
        return { ack: true, note: "quota ran out" };
      }
      throw error;
    }
  }

  let outcome: OptimizeOutcome;
  try {
    outcome = await optimizeShopListing(row, deps.provider, { timeoutMs: deps.timeoutMs ?? OPTIMIZE_TIMEOUT_MS });
  } catch (error) {
    const detail = error instanceof Error ? error.message : String(error);
    log.warn("shop.optimize_failed", { jobId: m.jobId, listingId: m.listingId, attempt: token, error: detail.slice(0, 300) });
    // Give the unit back and put the item back in the queue; the message comes again after a delay.
    const back = await db
      .prepare(`UPDATE shop_job_items SET status = 'queued', unit_held = 0, error = ?, updated_at = ? WHERE ${mine.sql} RETURNING listing_id`)
      .bind(`The writer failed (${detail.slice(0, 200)}); trying again.`, now(), ...mine.args)
      .first();
    if (back) await releaseQuota(env as Env, user, "create-listing").catch((e) => log.error("quota.release_failed", { error: String(e) }));
    return { retry: true, delaySeconds: retryDelaySeconds(token), note: "provider failed" };
  }

  const written = await finish(env, m, token, { status: "done", outcome, baseVersion: row.version }, now());
  if (written && !outcome.proposal) {
    // No proposal, no charge: the unit goes back.
    await releaseQuota(env as Env, user, "create-listing").catch((e) => log.error("quota.release_failed", { error: String(e) }));
    await db.prepare("UPDATE shop_job_items SET unit_held = 0 WHERE job_id = ? AND listing_id = ?").bind(m.jobId, m.listingId).run();
  }
  return { ack: true, note: written ? (outcome.proposal ? "proposal written" : "already as good as we can make it") : "claim lost" };
}

type Finish = { status: "done"; outcome: OptimizeOutcome; baseVersion: number } | { status: "failed"; error: string };

/**
 * Ends an item in one D1 batch, only while this delivery holds the claim: the old pending proposal
 * superseded, the new one written, the item done with its scores, the job recounted. Answers false
 * when the claim was lost (nothing written).
 */
async function finish(env: Pick<Env, "DB">, m: OptimizeMessage, token: number, end: Finish, now: number): Promise<boolean> {
  const db = env.DB;
  const mine = claimed(m, token);
  const holds = `EXISTS (SELECT 1 FROM shop_job_items WHERE ${mine.sql})`;
  const statements: D1PreparedStatement[] = [];
  if (end.status === "done" && end.outcome.proposal) {
    const p = end.outcome.proposal;
    statements.push(
      db
        .prepare(`UPDATE listing_proposals SET status = 'superseded', decided_at = ? WHERE listing_id = ? AND user_id = ? AND status = 'pending' AND ${holds}`)
        .bind(now, m.listingId, m.userId, ...mine.args),
      db
        .prepare(
          `INSERT INTO listing_proposals (id, listing_id, user_id, job_id, status, base_version, title, description, tags, alt_texts, score_before, score_after, grade_before, grade_after, provider, created_at)
           SELECT ?, ?, ?, ?, 'pending', ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ? WHERE ${holds}`,
        )
        .bind(
          crypto.randomUUID(),
          m.listingId,
          m.userId,
          m.jobId,
          end.baseVersion,
          p.title,
          p.description,
          JSON.stringify(p.tags),
          JSON.stringify(p.altTexts),
          end.outcome.scoreBefore,
          end.outcome.scoreAfter,
          end.outcome.gradeBefore,
          end.outcome.gradeAfter,
          p.provider,
          now,
          ...mine.args,
        ),
    );
  }
  const update =
    end.status === "done"
      ? db
          .prepare(`UPDATE shop_job_items SET status = 'done', score_before = ?, score_after = ?, error = NULL, updated_at = ? WHERE ${mine.sql}`)
          .bind(end.outcome.scoreBefore, end.outcome.scoreAfter, now, ...mine.args)
      : db.prepare(`UPDATE shop_job_items SET status = 'failed', error = ?, updated_at = ? WHERE ${mine.sql}`).bind(end.error, now, ...mine.args);
  statements.push(update, refreshStatement(db, m.jobId, now));
  const results = await db.batch(statements);
  const changed = results[results.length - 2].meta.changes > 0;
  if (changed) await refreshJob(db, m.jobId, now);
  return changed;
}

/** The quota ran out: this item and every queued one are skipped, and the job stops with the reason. */
async function stopForQuota(dbBinding: D1Database, m: OptimizeMessage, token: number, plan: string, now: number) {
  const mine = claimed(m, token);
  await dbBinding.batch([
    dbBinding.prepare(`UPDATE shop_job_items SET status = 'skipped', updated_at = ? WHERE ${mine.sql}`).bind(now, ...mine.args),
    dbBinding.prepare("UPDATE shop_job_items SET status = 'skipped', updated_at = ? WHERE job_id = ? AND status = 'queued'").bind(now, m.jobId),
    dbBinding.prepare("UPDATE shop_jobs SET status = 'stopped', stop_reason = coalesce(stop_reason, ?), updated_at = ? WHERE id = ?").bind(quotaStopReason(0, 0, 0, plan), now, m.jobId),
  ]);
  await refreshJob(dbBinding, m.jobId, now);
}

/**
 * One message of the dead-letter queue: every try of the listing failed. The item is marked failed
 * with a message the seller understands (its unit, if it still holds one, goes back). A fresh claim
 * of another delivery is left alone for a while.
 */
async function processDeadLetter(env: Pick<Env, "DB" | "QUOTA">, body: unknown, now = Date.now()): Promise<Outcome> {
  if (!isMessage(body)) return { ack: true, note: "malformed message" };
  const m = body;
  const item = await readItem(env.DB, m);
  if (!item) return { ack: true, note: "no such item (job deleted)" };
  if (item.status === "done" || item.status === "failed" || item.status === "skipped") return { ack: true, note: `already ${item.status}` };
  const failed = await env.DB.prepare(
    `UPDATE shop_job_items SET status = 'failed', error = ?, unit_held = 0, updated_at = ?
     WHERE job_id = ? AND listing_id = ? AND attempts = ? AND (status = 'queued' OR (status = 'processing' AND updated_at < ?))`,
  )
    .bind(FAILED_MESSAGE, now, m.jobId, m.listingId, item.attempts, now - STALE_PROCESSING_MS)
    .run();
  if (failed.meta.changes) {
    // A delivery that died holding the unit: it goes back.
    if (item.unit_held) await releaseQuota(env as Env, { id: m.userId }, "create-listing").catch((e) => log.error("quota.release_failed", { error: String(e) }));
    await refreshJob(env.DB, m.jobId, now);
    return { ack: true, note: "marked failed" };
  }
  const current = await readItem(env.DB, m);
  if (current?.status === "processing") return { retry: true, delaySeconds: Math.max(5, Math.ceil((current.updated_at + STALE_PROCESSING_MS - now) / 1000) + 1), note: "still being processed" };
  return { ack: true, note: `already ${current?.status ?? "gone"}` };
}

// ---- The queue handler ---------------------------------------------------------------------------

export const OPTIMIZE_QUEUE = "listora-shop-optimize";
export const DEAD_LETTER_QUEUE = "listora-shop-optimize-dlq";

/**
 * The Worker's `queue` handler: each message acknowledged or retried on its own. The messages of a batch
 * run at the same time (each holds its own item's claim), so a batch takes about as long as its slowest
 * listing, well inside a consumer's 15 minutes even when a model is slow.
 */
export async function handleShopQueue(batch: MessageBatch<unknown>, env: Env, deps: ConsumerDeps): Promise<void> {
  const dead = batch.queue === DEAD_LETTER_QUEUE || String(batch.queue ?? "").endsWith("-dlq");
  await Promise.all(batch.messages.map((message) => handleOne(message, dead, env, deps, batch.queue)));
}

async function handleOne(message: Message<unknown>, dead: boolean, env: Env, deps: ConsumerDeps, queue: string) {
  {
    let outcome: Outcome;
    try {
      outcome = dead ? await processDeadLetter(env, message.body, (deps.now ?? Date.now)()) : await processOptimizeMessage(env, deps, message.body);
    } catch (error) {
      log.error("shop.queue_message_failed", { queue, id: message.id, attempts: message.attempts, error: String(error) });
      outcome = { retry: true, delaySeconds: retryDelaySeconds(message.attempts), note: "unexpected error" };
    }
    if ("ack" in outcome) message.ack();
    else message.retry({ delaySeconds: outcome.delaySeconds });
  }
}
