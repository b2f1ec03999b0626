import { and, eq } from "drizzle-orm";
import { drizzle } from "drizzle-orm/d1";
import { idempotency } from "../../schema/db";
import type { Env } from "./env";
import { HttpError } from "./errors";
import { executionContextOf, json, sanitizeRequestId } from "./http";

export const PENDING = 0;
/**
 * A pending claim older than this belongs to a request that can no longer be running (the longest,
 * a wizard call, times out after 180 s): the Worker was stopped mid-request. A retry takes it over
 * instead of getting 409 forever.
 */
export const STALE_PENDING_MS = 5 * 60 * 1000;

type Db = ReturnType<typeof drizzle>;

const claimKey = (userId: string, scope: string, requestId: string) => and(eq(idempotency.userId, userId), eq(idempotency.scope, scope), eq(idempotency.requestId, requestId))!;

/**
 * Claims (user, scope, request id). Answers "claimed" for the first caller (or one taking over an
 * abandoned claim), else the existing row: finished (replay it) or still pending (409).
 */
export async function claimRequest(db: Db, userId: string, scope: string, requestId: string, now = Date.now()) {
  const key = claimKey(userId, scope, requestId);
  const claimed = await db.insert(idempotency).values({ userId, scope, requestId, status: PENDING, body: "", createdAt: now }).onConflictDoNothing().returning({ requestId: idempotency.requestId });
  if (claimed.length > 0) return { claimed: true as const, key };
  const [existing] = await db.select().from(idempotency).where(key).limit(1);
  if (existing && existing.status === PENDING && existing.createdAt < now - STALE_PENDING_MS) {
    const taken = await db
      .update(idempotency)
      .set({ createdAt: now })
      .where(and(key, eq(idempotency.status, PENDING), eq(idempotency.createdAt, existing.createdAt)))
      .returning({ requestId: idempotency.requestId });
    if (taken.length > 0) return { claimed: true as const, key };
  }
  return { claimed: false as const, key, existing };
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
  const db = drizzle(env.DB);
  const claim = await claimRequest(db, userId, scope, requestId);
  const key = claim.key;
  if (!claim.claimed) {
    const existing = claim.existing;
    if (!existing || existing.status === PENDING) throw new HttpError(409, "This request is already being processed. Please wait for it to finish.", { code: "request-in-progress" });
    return json(JSON.parse(existing.body), { status: existing.status, headers: { "Idempotent-Replayed": "true" } });
  }
  // The work and the claim's outcome outlive the client: a closed tab or a client time-out would
  // otherwise cancel this request mid-work and leave the claim pending, so the wizard's retry with the
  // same id got 409 until the claim went stale. Finished, the answer is kept for that retry.
  const run = (async () => {
    try {
      const result = await work();
      await db
        .update(idempotency)
        .set({ status: result.status, body: JSON.stringify(result.body) })
        .where(key);
      return result;
    } catch (error) {
      await releaseClaim(db, key, scope, requestId);
      throw error;
    }
  })();
  executionContextOf(request)?.waitUntil(run.catch(() => {}));
  const result = await run;
  return json(result.body, { status: result.status });
}

/** A failed run gives its claim up so a retry with the same id is processed; one more try if D1 hiccups. */
async function releaseClaim(db: Db, key: ReturnType<typeof claimKey>, scope: string, requestId: string) {
  for (let attempt = 1; attempt <= 2; attempt++) {
    try {
      await db.delete(idempotency).where(and(key, eq(idempotency.status, PENDING)));
      return;
    } catch (error) {
      if (attempt === 2) {
        console.error(JSON.stringify({ level: "error", event: "idempotency.release_failed", scope, requestId, error: error instanceof Error ? error.message : String(error) }));
      }
    }
  }
}
