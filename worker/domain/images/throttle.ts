import type { Env } from "../../lib/env";
import { tooManyRequests } from "../../lib/errors";

/**
 * Edit requests per user per minute, for both single editors together, and batch submissions. An
 * edit holds the Worker's CPU and memory for about a second, so a burst (a script, a stuck retry
 * loop) is refused with 429 before any image is read.
 */
const IMAGE_RATE_LIMITS = { editsPerMinute: 20, batchesPerMinute: 6, windowMs: 60 * 1000 } as const;

export async function assertImageRequestAllowed(env: Pick<Env, "THROTTLE">, userId: string, kind: "edit" | "batch") {
  const max = kind === "edit" ? IMAGE_RATE_LIMITS.editsPerMinute : IMAGE_RATE_LIMITS.batchesPerMinute;
  const verdict = await env.THROTTLE.get(env.THROTTLE.idFromName(`image-${kind}:${userId}`)).hit(max, IMAGE_RATE_LIMITS.windowMs);
  if (!verdict.allowed) throw tooManyRequests(verdict.retryAfterSeconds);
}
