import { DurableObject } from "cloudflare:workers";
import type { Counter, QuotaState, Reservation } from "../worker/lib/durable-object-types";
import type { Env } from "../worker/lib/env";

const DAY_MS = 24 * 60 * 60 * 1000;
/** Days of history kept; older rows are pruned by the alarm. */
const KEEP_DAYS = 7;

function utcDay(now: number) {
  return new Date(now).toISOString().slice(0, 10);
}

/**
 * One per user (idFromName(userId)): today's usage per feature. The day is the UTC date, so a new day
 * starts empty whether or not the alarm ran. `reserve` checks and increments with no await in
 * between, and a Durable Object runs one such call at a time: the limit is exact under any
 * concurrency.
 */
export class QuotaCounter extends DurableObject<Env> {
  private readonly sql: SqlStorage;

  constructor(ctx: DurableObjectState, env: Env) {
    super(ctx, env);
    this.sql = ctx.storage.sql;
    this.sql.exec("CREATE TABLE IF NOT EXISTS usage (day TEXT NOT NULL, feature TEXT NOT NULL, used INTEGER NOT NULL, PRIMARY KEY (day, feature))");
  }

  read(feature: Counter, limit: number, now = Date.now()): QuotaState {
    return { used: this.used(feature, utcDay(now)), limit };
  }

  /** Takes one unit when one is left. */
  reserve(feature: Counter, limit: number, now = Date.now()): Reservation {
    const day = utcDay(now);
    const used = this.used(feature, day);
    if (used >= limit) return { ok: false, used, limit };
    this.sql.exec("INSERT INTO usage (day, feature, used) VALUES (?, ?, 1) ON CONFLICT (day, feature) DO UPDATE SET used = used + 1", day, feature);
    this.scheduleCleanup(Date.now());
    return { ok: true, used: used + 1, limit };
  }

  /** Gives back a unit taken by `reserve` on the same day (the work failed). Never goes below 0. */
  release(feature: Counter, now = Date.now()): { used: number; released: boolean } {
    const day = utcDay(now);
    const before = this.used(feature, day);
    if (before > 0) this.sql.exec("UPDATE usage SET used = used - 1 WHERE day = ? AND feature = ?", day, feature);
    return { used: Math.max(0, before - 1), released: before > 0 };
  }

  /** Today's usage of every feature, for the profile's overview. */
  readAll(now = Date.now()): Record<string, number> {
    const rows = this.sql.exec<{ feature: string; used: number }>("SELECT feature, used FROM usage WHERE day = ?", utcDay(now)).toArray();
    return Object.fromEntries(rows.map((r) => [r.feature, r.used]));
  }

  /** Prunes days older than KEEP_DAYS. Idempotent: running it twice changes nothing more. */
  async alarm() {
    this.prune(Date.now());
  }

  prune(now: number) {
    this.sql.exec("DELETE FROM usage WHERE day < ?", utcDay(now - KEEP_DAYS * DAY_MS));
  }

  private used(feature: Counter, day: string) {
    const row = this.sql.exec<{ used: number }>("SELECT used FROM usage WHERE day = ? AND feature = ?", day, feature).toArray()[0];
    return row?.used ?? 0;
  }

  private scheduleCleanup(now: number) {
    // Fire-and-forget: correctness never depends on the alarm.
    void this.ctx.storage.getAlarm().then((existing) => {
      if (existing === null) return this.ctx.storage.setAlarm(now + DAY_MS);
    });
  }
}
