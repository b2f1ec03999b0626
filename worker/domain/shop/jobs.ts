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
 * unit uncharged, never charged twice. A unit is kept for every finished writer run, a proposal or
 * "already as good as we can make it" (the writer was called either way); it goes back when the
 * writer failed, the listing was deleted, or the item timed out (decision 0029).
 *
 * Metering (decision 0029): a listing unchanged since its last finished run (an item done at the
 * listing's current version, or a proposal made from it) is not queued again; a listing already
 * queued or processing in a job is not queued twice (a partial unique index on shop_job_items, so
 * concurrent submits cannot both queue it); submits are limited per user (OPTIMIZE_RATE_LIMIT).
 * Stuck items are swept by sweepShopJobs (the Worker's cron trigger).
 */
import { and, desc, eq, inArray, sql } from "drizzle-orm";
import { drizzle } from "drizzle-orm/d1";
import type { OptimizeMessage, OptimizeStarted, ShopJobInfo, ShopJobItemStatus, ShopJobStatus, ShopJobSummary } from "../../../schema/api/shop";
import { listings, shopJobItems, shopJobs, users, type Listing, type ShopJob, type User } from "../../../schema/db";
import type { Env } from "../../lib/env";
import { HttpError, notFound, tooManyRequests } from "../../lib/errors";
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
/** What the seller reads on a listing whose job was stuck (its messages lost in a crash) past the sweeper's tries. */
export const TIMED_OUT_MESSAGE =
  "We could not optimize this listing: it timed out (the optimizer stopped before it finished, and trying again did not help). Your listing was not changed, and no listing unit was used. Select it again to optimize it.";
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

/** Optimize submits per user: a seller clicks Optimize a few times an hour; a script is held back. */
const OPTIMIZE_RATE_LIMIT = { max: 10, windowMs: 10 * 60 * 1000 } as const;

/** Counts one optimize submit for the user, or throws 429 with Retry-After (before anything is read). */
export async function assertOptimizeAllowed(env: Pick<Env, "THROTTLE">, userId: string): Promise<void> {
  const verdict = await env.THROTTLE.get(env.THROTTLE.idFromName(`shop-optimize:${userId}`)).hit(OPTIMIZE_RATE_LIMIT.max, OPTIMIZE_RATE_LIMIT.windowMs);
  if (!verdict.allowed) throw tooManyRequests(verdict.retryAfterSeconds, "Too many optimize requests: at most 10 every 10 minutes. Please wait a moment before trying again.");
}

/** The listings among `rows` unchanged since their last finished writer run (an item done at, or a proposal made from, their current version). */
async function unchangedSinceLastRun(dbBinding: D1Database, userId: string, rows: Listing[]): Promise<Set<string>> {
  const out = new Set<string>();
  for (const part of chunk(rows, 90)) {
    const ids = part.map((r) => r.id);
    const marks = ids.map((_, k) => `?${k + 2}`).join(", ");
    const found = await dbBinding
      .prepare(
        `SELECT i.listing_id AS id FROM shop_job_items i JOIN listings l ON l.id = i.listing_id AND l.user_id = i.user_id
           WHERE i.user_id = ?1 AND i.status = 'done' AND i.base_version = l.version AND i.listing_id IN (${marks})
         UNION
         SELECT p.listing_id AS id FROM listing_proposals p JOIN listings l ON l.id = p.listing_id AND l.user_id = p.user_id
           WHERE p.user_id = ?1 AND p.base_version = l.version AND p.listing_id IN (${marks})`,
      )
      .bind(userId, ...ids)
      .all<{ id: string }>();
    for (const r of found.results) out.add(r.id);
  }
  return out;
}

export interface QueueSender {
  sendBatch(messages: Iterable<MessageSendRequest<OptimizeMessage>>): Promise<unknown>;
}

/**
 * POST /api/shop/optimize: checks every id is one of the caller's shop listings (404 'Listing not
 * found' otherwise, before anything is queued), refuses when today's quota is already used up, leaves
 * out the listings unchanged since their last run and those already queued in a job, writes the job
 * and its items, and sends one message per queued listing (100 per sendBatch call). With nothing left
 * to queue, no job is made: a 409 lists the ids (`unchanged`, `inProgress`).
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
  const same = await unchangedSinceLastRun(env.DB, user.id, rows);
  const unchanged = unique.filter((id) => same.has(id)).sort();
  const wanted = unique.filter((id) => !same.has(id));
  const jobId = crypto.randomUUID();
  const items = wanted.map((id) => {
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
  let queued: string[] = [];
  if (items.length) {
    const statements = [
      orm.insert(shopJobs).values({ id: jobId, userId: user.id, status: "queued", total: items.length, done: 0, failed: 0, stopReason: null, createdAt: now, updatedAt: now }),
      // A listing already queued or processing in another job (the partial unique index) is left out, even
      // when that job was submitted at the same moment. D1 binds at most 100 values per statement: 9 bound columns, 11 rows.
      ...chunk(items, 11).map((part) => orm.insert(shopJobItems).values(part).onConflictDoNothing().returning({ listingId: shopJobItems.listingId })),
      orm
        .update(shopJobs)
        .set({ total: sql`(SELECT count(*) FROM shop_job_items WHERE job_id = ${jobId})` })
        .where(eq(shopJobs.id, jobId)),
    ];
    const results = await orm.batch(statements as unknown as Parameters<Db["batch"]>[0]);
    queued = results.slice(1, -1).flatMap((r) => (r as unknown as { listingId: string }[]).map((x) => x.listingId));
  }
  const inProgress = wanted.filter((id) => !queued.includes(id)).sort();
  if (!queued.length) {
    if (items.length) await orm.delete(shopJobs).where(eq(shopJobs.id, jobId));
    throw new HttpError(409, nothingToOptimize(unchanged.length, inProgress.length), { code: "nothing-to-optimize", unchanged, inProgress });
  }

  const messages = queued.map((listingId) => ({ body: { jobId, userId: user.id, listingId } satisfies OptimizeMessage, contentType: "json" as const }));
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
    const unsent = queued.slice(sent);
    for (const part of chunk(unsent, 90)) {
      await orm
        .update(shopJobItems)
        .set({ status: "skipped", error: "Not queued: the optimizer was not reachable. Select it again to optimize it.", updatedAt: now })
        .where(and(eq(shopJobItems.jobId, jobId), inArray(shopJobItems.listingId, part), eq(shopJobItems.status, "queued")));
    }
    await refreshJob(env.DB, jobId, now);
  }
  return { jobId, total: queued.length, unchanged, inProgress };
}

/** Why nothing was queued, in the seller's words. */
function nothingToOptimize(unchanged: number, inProgress: number): string {
  const parts: string[] = [];
  if (unchanged) parts.push(unchanged === 1 ? "1 listing has not changed since it was last optimized" : `${unchanged} listings have not changed since they were last optimized`);
  if (inProgress) parts.push(inProgress === 1 ? "1 listing is already being optimized" : `${inProgress} listings are already being optimized`);
  return `Nothing to optimize: ${parts.join(", and ")}. No listing unit was used. Change a listing (or import its new text) to optimize it again.`;
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

  // The writer ran: its unit is kept, a proposal or not ("already as good as we can make it" was paid for too).
  const written = await finish(env, m, token, { status: "done", outcome, baseVersion: row.version }, now());
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
          .prepare(`UPDATE shop_job_items SET status = 'done', score_before = ?, score_after = ?, base_version = ?, error = NULL, updated_at = ? WHERE ${mine.sql}`)
          .bind(end.outcome.scoreBefore, end.outcome.scoreAfter, end.baseVersion, now, ...mine.args)
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

// ---- The sweeper ---------------------------------------------------------------------------------

/**
 * When an item counts as stuck (decision 0029). A "processing" item untouched for STALE_PROCESSING_MS was
 * left by a delivery that died; a "queued" item whose job has not moved for `staleQueuedMs` lost its
 * message (a retry waits at most 300 s, so a moving job is never touched). A stuck item's message is sent
 * again `maxResends` times; stuck once more after that, it fails with TIMED_OUT_MESSAGE.
 */
export const SWEEP = { staleQueuedMs: 15 * 60 * 1000, maxResends: 2, batchItems: 500 } as const;

interface SweepReport {
  requeued: number;
  failed: number;
  jobs: number;
}

interface StuckItem {
  job_id: string;
  listing_id: string;
  user_id: string;
  status: "queued" | "processing";
  attempts: number;
  unit_held: number;
  sweeps: number;
  updated_at: number;
}

/**
 * Brings stuck optimize jobs to an end state (the Worker's cron trigger; and GET /api/shop/jobs/:id for the
 * job being looked at, so a local run without cron recovers too). Each item moves by a conditional UPDATE
 * that requires it unchanged since it was read, so a delivery that is alive after all, a second sweeper or
 * the queue's own redelivery never make it run or charge twice:
 * - a stuck item goes back to "queued" and its message is sent again; a unit it holds stays with it, so
 *   the delivery that finishes it takes none;
 * - a stuck item the sweeper already sent `maxResends` times fails with TIMED_OUT_MESSAGE, and a unit it
 *   holds goes back (no proposal was written: an item with a proposal is "done");
 * - queued items of a stopped job are skipped; every job touched, and any active job left with no active
 *   item, is recounted (completed, or stopped with its reason).
 */
export async function sweepShopJobs(env: Pick<Env, "DB" | "QUOTA">, queue: QueueSender, options: { now?: number; jobId?: string } = {}): Promise<SweepReport> {
  const now = options.now ?? Date.now();
  const dbBinding = env.DB;
  const only = options.jobId ? " AND j.id = ?" : "";
  const onlyArgs = options.jobId ? [options.jobId] : [];
  const touched = new Set<string>();

  // Stopped jobs: their queued items will never be claimed (a lost message would have skipped them).
  const skipped = await dbBinding
    .prepare(
      `UPDATE shop_job_items SET status = 'skipped', updated_at = ?
       WHERE status = 'queued' AND job_id IN (SELECT j.id FROM shop_jobs j WHERE j.status = 'stopped'${only}) RETURNING job_id`,
    )
    .bind(now, ...onlyArgs)
    .all<{ job_id: string }>();
  for (const r of skipped.results) touched.add(r.job_id);

  const stuck = (
    await dbBinding
      .prepare(
        `SELECT i.job_id, i.listing_id, i.user_id, i.status, i.attempts, i.unit_held, i.sweeps, i.updated_at
         FROM shop_job_items i JOIN shop_jobs j ON j.id = i.job_id
         WHERE ((i.status = 'processing' AND i.updated_at < ?) OR (i.status = 'queued' AND i.updated_at < ? AND j.updated_at < ?))${only}
         ORDER BY i.updated_at LIMIT ?`,
      )
      .bind(now - STALE_PROCESSING_MS, now - SWEEP.staleQueuedMs, now - SWEEP.staleQueuedMs, ...onlyArgs, SWEEP.batchItems)
      .all<StuckItem>()
  ).results;

  const unchangedSince = "job_id = ? AND listing_id = ? AND status = ? AND attempts = ? AND sweeps = ? AND updated_at = ?";
  const seen = (i: StuckItem) => [i.job_id, i.listing_id, i.status, i.attempts, i.sweeps, i.updated_at];
  const statements = stuck.map((i) =>
    i.sweeps >= SWEEP.maxResends
      ? dbBinding.prepare(`UPDATE shop_job_items SET status = 'failed', error = ?, unit_held = 0, updated_at = ? WHERE ${unchangedSince}`).bind(TIMED_OUT_MESSAGE, now, ...seen(i))
      : dbBinding.prepare(`UPDATE shop_job_items SET status = 'queued', sweeps = sweeps + 1, updated_at = ? WHERE ${unchangedSince}`).bind(now, ...seen(i)),
  );
  const results = statements.length ? await dbBinding.batch(statements) : [];
  const resend: OptimizeMessage[] = [];
  const report: SweepReport = { requeued: 0, failed: 0, jobs: 0 };
  for (const [k, i] of stuck.entries()) {
    if (!results[k].meta.changes) continue;
    touched.add(i.job_id);
    if (i.sweeps >= SWEEP.maxResends) {
      report.failed++;
      // Given back after the item let it go: a crash in between can only leave the unit charged once more, never twice.
      if (i.unit_held) await releaseQuota(env as Env, { id: i.user_id }, "create-listing").catch((e) => log.error("quota.release_failed", { error: String(e) }));
    } else {
      report.requeued++;
      resend.push({ jobId: i.job_id, userId: i.user_id, listingId: i.listing_id });
    }
  }
  try {
    for (const part of chunk(resend, SEND_BATCH_MAX)) await queue.sendBatch(part.map((body) => ({ body, contentType: "json" as const })));
  } catch (error) {
    // Still queued: the next sweep sends them again (or fails them).
    log.error("shop.sweep_enqueue_failed", { items: resend.length, error: String(error) });
  }

  // Active jobs with no active item left (their last item ended without a recount) reach their end.
  const idle = await dbBinding
    .prepare(
      `SELECT j.id FROM shop_jobs j WHERE j.status IN ('queued', 'running') AND j.updated_at < ?${only}
         AND NOT EXISTS (SELECT 1 FROM shop_job_items i WHERE i.job_id = j.id AND i.status IN ('queued', 'processing'))
       LIMIT 100`,
    )
    .bind(now - STALE_PROCESSING_MS, ...onlyArgs)
    .all<{ id: string }>();
  for (const r of idle.results) touched.add(r.id);
  for (const jobId of touched) await refreshJob(dbBinding, jobId, now);
  report.jobs = touched.size;
  if (report.requeued || report.failed || touched.size) log.info("shop.sweep", { ...report });
  return report;
}

/** GET /api/shop/jobs/:id: a job of the caller's that looks stuck is swept before it is read (cheap when it is not). */
export async function sweepJobIfStuck(env: Pick<Env, "DB" | "QUOTA">, queue: QueueSender, userId: string, jobId: string, now = Date.now()): Promise<void> {
  const job = await env.DB.prepare("SELECT status, updated_at FROM shop_jobs WHERE id = ? AND user_id = ?").bind(jobId, userId).first<{ status: string; updated_at: number }>();
  if (!job || job.status === "completed" || job.updated_at >= now - STALE_PROCESSING_MS) return;
  await sweepShopJobs(env, queue, { now, jobId });
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
