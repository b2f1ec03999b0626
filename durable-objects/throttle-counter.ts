import { DurableObject } from "cloudflare:workers";
import type { Env } from "../worker/lib/env";

export interface ThrottleVerdict {
  allowed: boolean;
  /** Seconds until the oldest counted event leaves the window (0 when allowed). */
  retryAfterSeconds: number;
  count: number;
}

/**
 * Counts events (failed logins, reset requests) for one key (an account or an address) in a sliding
 * window. One object per key, so the check and the count never race (no await between them).
 */
export class ThrottleCounter extends DurableObject<Env> {
  private readonly sql: SqlStorage;

  constructor(ctx: DurableObjectState, env: Env) {
    super(ctx, env);
    this.sql = ctx.storage.sql;
    this.sql.exec("CREATE TABLE IF NOT EXISTS events (at INTEGER NOT NULL)");
  }

  /** Is another event allowed now? Does not count one. */
  check(max: number, windowMs: number, now = Date.now()): ThrottleVerdict {
    this.prune(windowMs, now);
    return this.verdict(max, windowMs, now);
  }

  /** Counts one event. */
  record(windowMs: number, now = Date.now()): void {
    this.prune(windowMs, now);
    this.sql.exec("INSERT INTO events (at) VALUES (?)", now);
    void this.ctx.storage.setAlarm(now + windowMs);
  }

  /** Checks and, when allowed, counts in one step. */
  hit(max: number, windowMs: number, now = Date.now()): ThrottleVerdict {
    const verdict = this.check(max, windowMs, now);
    if (verdict.allowed) {
      this.record(windowMs, now);
      return { ...verdict, count: verdict.count + 1 };
    }
    return verdict;
  }

  clear(): void {
    this.sql.exec("DELETE FROM events");
  }

  /** Old events are pruned on every call; the alarm only frees storage of idle keys. */
  async alarm() {
    this.sql.exec("DELETE FROM events");
  }

  private prune(windowMs: number, now: number) {
    this.sql.exec("DELETE FROM events WHERE at <= ?", now - windowMs);
  }

  private verdict(max: number, windowMs: number, now: number): ThrottleVerdict {
    const rows = this.sql.exec<{ n: number; oldest: number | null }>("SELECT count(*) AS n, min(at) AS oldest FROM events").one();
    if (rows.n < max) return { allowed: true, retryAfterSeconds: 0, count: rows.n };
    const retryAfterMs = (rows.oldest ?? now) + windowMs - now;
    return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil(retryAfterMs / 1000)), count: rows.n };
  }
}
