import { and, eq } from "drizzle-orm";
import { drizzle } from "drizzle-orm/d1";
import { idempotency } from "../../schema/db";
import { sanitizeRequestId } from "../api/router";
import type { Env } from "./env";
import { HttpError } from "./errors";
import { json } from "./http";

const PENDING = 0;

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
  const key = and(eq(idempotency.userId, userId), eq(idempotency.scope, scope), eq(idempotency.requestId, requestId));
  const claimed = await db
    .insert(idempotency)
    .values({ userId, scope, requestId, status: PENDING, body: "", createdAt: Date.now() })
    .onConflictDoNothing()
    .returning({ requestId: idempotency.requestId });
  if (claimed.length === 0) {
    const [existing] = await db.select().from(idempotency).where(key).limit(1);
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
