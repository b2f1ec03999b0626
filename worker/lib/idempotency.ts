/**
 * X-Request-ID idempotency: one row per (user, scope, request id) in the `idempotency` table. A
 * request claims its id before the work, completes it with the answer a retry replays, or forgets it
 * when the work failed so a retry runs again. `idempotent()` wraps a JSON handler in that; listing
 * generation (which streams) calls claim/complete/forget itself.
 */
import { and, eq } from "drizzle-orm";
import { idempotency } from "../../schema/db";
import { db, type Db } from "./db";
import type { Env } from "./env";
import { HttpError } from "./errors";
import { executionContextOf, json, sanitizeRequestId } from "./http";
import { log } from "./log";

const PENDING = 0;
/**
 * A pending claim older than this belongs to a request that can no longer be running (the longest,
 * a wizard call, times out after 180 s): the Worker was stopped mid-request. A retry takes it over
 * instead of getting 409 forever.
 */
export const STALE_PENDING_MS = 5 * 60 * 1000;

export const REQUEST_BUSY_MESSAGE = "This request is already being processed. Please wait for it to finish.";

/** One request as idempotency knows it: the same id in another scope or for another user is another request. */
interface RequestKey {
  userId: string;
  scope: string;
  requestId: string;
}

/**
 * What a claim found: the id is this caller's to run ("claimed"), it finished before (replay its
 * answer), or it is still running elsewhere ("busy": answer requestBusy(), a 409).
 */
type Claim = { kind: "claimed" } | { kind: "replay"; status: number; body: unknown } | { kind: "busy" };

/** The 409 of a request whose id is still being processed. */
export const requestBusy = () => new HttpError(409, REQUEST_BUSY_MESSAGE, { code: "request-in-progress" });

const where = (key: RequestKey) => and(eq(idempotency.userId, key.userId), eq(idempotency.scope, key.scope), eq(idempotency.requestId, key.requestId))!;

/**
 * Claims a request id. The first caller gets "claimed", and so does a caller taking over a claim
 * left pending for longer than STALE_PENDING_MS (only one of several such callers wins it).
 */
export async function claim(orm: Db, key: RequestKey, now = Date.now()): Promise<Claim> {
  const claimed = await orm
    .insert(idempotency)
    .values({ ...key, status: PENDING, body: "", createdAt: now })
    .onConflictDoNothing()
    .returning({ requestId: idempotency.requestId });
  if (claimed.length > 0) return { kind: "claimed" };
  const [existing] = await orm.select().from(idempotency).where(where(key)).limit(1);
  // Gone between the insert and the select: its owner is forgetting it right now, so it is still busy.
  if (!existing) return { kind: "busy" };
  if (existing.status !== PENDING) return { kind: "replay", status: existing.status, body: JSON.parse(existing.body) };
  if (existing.createdAt < now - STALE_PENDING_MS) {
    const taken = await orm
      .update(idempotency)
      .set({ createdAt: now })
      .where(and(where(key), eq(idempotency.status, PENDING), eq(idempotency.createdAt, existing.createdAt)))
      .returning({ requestId: idempotency.requestId });
    if (taken.length > 0) return { kind: "claimed" };
  }
  return { kind: "busy" };
}

/** Keeps a claimed request's answer for the retries that replay it. */
export async function complete(orm: Db, key: RequestKey, answer: { status: number; body: unknown }) {
  await orm
    .update(idempotency)
    .set({ status: answer.status, body: JSON.stringify(answer.body) })
    .where(where(key));
}

/**
 * Gives a claim up after its work failed, so a retry with the same id runs again. A finished answer is
 * never removed. One more try if D1 hiccups; a claim that still cannot be removed goes stale in
 * STALE_PENDING_MS.
 */
export async function forget(orm: Db, key: RequestKey) {
  for (let attempt = 1; attempt <= 2; attempt++) {
    try {
      await orm.delete(idempotency).where(and(where(key), eq(idempotency.status, PENDING)));
      return;
    } catch (error) {
      if (attempt === 2) log.error("idempotency.release_failed", { scope: key.scope, requestId: key.requestId, error: error instanceof Error ? error.message : String(error) });
    }
  }
}

/**
 * Runs `work` once per (user, scope, X-Request-ID). A retry with the same id gets the first answer
 * again; a retry while the first is still running gets 409. Without a request id the work just runs.
 * Only successful answers are kept: a failure may be retried with the same id.
 */
export async function idempotent(env: Env, request: Request, userId: string, scope: string, work: () => Promise<{ status: number; body: unknown }>): Promise<Response> {
  const requestId = sanitizeRequestId(request.headers.get("X-Request-ID"));
  if (!requestId) {
    const result = await work();
    return json(result.body, { status: result.status });
  }
  const orm = db(env);
  const key = { userId, scope, requestId };
  const claimed = await claim(orm, key);
  if (claimed.kind === "busy") throw requestBusy();
  if (claimed.kind === "replay") return json(claimed.body, { status: claimed.status, headers: { "Idempotent-Replayed": "true" } });
  // The work and the claim's outcome outlive the client: a closed tab or a client time-out would
  // otherwise cancel this request mid-work and leave the claim pending, so the wizard's retry with the
  // same id got 409 until the claim went stale. Finished, the answer is kept for that retry.
  const run = (async () => {
    try {
      const result = await work();
      await complete(orm, key, result);
      return result;
    } catch (error) {
      await forget(orm, key);
      throw error;
    }
  })();
  executionContextOf(request)?.waitUntil(run.catch(() => {}));
  const result = await run;
  return json(result.body, { status: result.status });
}
