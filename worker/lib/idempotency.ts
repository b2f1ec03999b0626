import { and, eq } from "drizzle-orm";
import { drizzle } from "drizzle-orm/d1";
import { idempotency } from "../../schema/db";
import { sanitizeRequestId } from "../api/router";
import type { Env } from "./env";
import { HttpError } from "./errors";
import { json } from "./http";

export const PENDING = 0;
/**
 * A pending claim older than this belongs to a request that can no longer be running (the longest,
 * a wizard call, times out after 180 s): the Worker was stopped mid-request. A retry takes it over
 * instead of getting 409 forever.
 */
export const STALE_PENDING_MS = 5 * 60 * 1000;

type Db = ReturnType<typeof drizzle>;

/**
 * Claims (user, scope, request id). Answers "claimed" for the first caller (or one taking over an
 * abandoned claim), else the existing row: finished (replay it) or still pending (409).
 */
export async function claimRequest(db: Db, userId: string, scope: string, requestId: string, now = Date.now()) {
  const key = and(eq(idempotency.userId, userId), eq(idempotency.scope, scope), eq(idempotency.requestId, requestId));
  const claimed = await db
    .insert(idempotency)
    .values({ userId, scope, requestId, status: PENDING, body: "", createdAt: now })
    .onConflictDoNothing()
    .returning({ requestId: idempotency.requestId });
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
export async function idempotent(
  env: Env,
  request: Request,
  userId: string,
  scope: string,
  work: () => Promise<{ status: number; body: unknown }>,
): Promise<Response> {
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
    if (!existing || existing.status === PENDING) throw new HttpError(409, "This request is already being processed. Please wait for it to finish.");
    return json(JSON.parse(existing.body), { status: existing.status, headers: { "Idempotent-Replayed": "true" } });
  }
  try {
    const result = await work();
    await db.update(idempotency).set({ status: result.status, body: JSON.stringify(result.body) }).where(key);
    return json(result.body, { status: result.status });
  } catch (error) {
    await db.delete(idempotency).where(key);
    throw error;
  }
}
