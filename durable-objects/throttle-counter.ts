import { DurableObject } from "cloudflare:workers";
import type { ThrottleVerdict } from "../worker/lib/durable-object-types";
import type { Env } from "../worker/lib/env";

/**
 * Counts events (failed logins, reset requests, registrations) for one key (an account or an address) in a sliding
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

  /**
   * Reserves one event before the work it guards (a password check, a registration): checks and
   * counts in one step, so concurrent callers can never pass the limit together. Answers the
   * reservation's id when allowed, for release() to refund it.
   */
  reserve(max: number, windowMs: number, now = Date.now()): ThrottleVerdict & { id: number | null } {
    const verdict = this.check(max, windowMs, now);
    if (!verdict.allowed) return { ...verdict, id: null };
    const row = this.sql.exec<{ id: number }>("INSERT INTO events (at) VALUES (?) RETURNING rowid AS id", now).one();
    void this.ctx.storage.setAlarm(now + windowMs);
    return { ...verdict, count: verdict.count + 1, id: row.id };
  }

  /** Refunds one reservation (the guarded work turned out not to count, e.g. a correct password). */
  release(id: number): void {
    this.sql.exec("DELETE FROM events WHERE rowid = ?", id);
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
