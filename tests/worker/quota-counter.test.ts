import { env, runDurableObjectAlarm, runInDurableObject } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import type { QuotaCounter } from "../../durable-objects/quota-counter";

const stub = (name: string) => env.QUOTA.get(env.QUOTA.idFromName(name)) as DurableObjectStub<QuotaCounter>;

describe("QuotaCounter", () => {
  it("lets exactly 10 of 50 concurrent reserves through for a free user, 20 times over", async () => {
    for (let round = 0; round < 20; round++) {
      const counter = stub(`free-race-${round}`);
      const results = await Promise.all(Array.from({ length: 50 }, () => counter.reserve("create-listing", 10)));
      expect(results.filter((r) => r.ok)).toHaveLength(10);
      expect((await counter.read("create-listing", 10)).used).toBe(10);
    }
  });

  it("lets exactly 100 of 150 concurrent reserves through for a premium user, 20 times over", async () => {
    for (let round = 0; round < 20; round++) {
      const counter = stub(`premium-race-${round}`);
      const results = await Promise.all(Array.from({ length: 150 }, () => counter.reserve("seo-analysis", 100)));
      expect(results.filter((r) => r.ok)).toHaveLength(100);
      expect((await counter.read("seo-analysis", 100)).used).toBe(100);
    }
  });

  it("gives a unit back on release, never below zero", async () => {
    const counter = stub("release");
    await counter.reserve("edit-image", 10);
    await counter.reserve("edit-image", 10);
    expect((await counter.release("edit-image")).used).toBe(1);
    expect((await counter.read("edit-image", 10)).used).toBe(1);
    await counter.release("edit-image");
    expect((await counter.release("edit-image")).released).toBe(false);
    expect((await counter.read("edit-image", 10)).used).toBe(0);
  });

  it("counts each feature separately", async () => {
    const counter = stub("features");
    for (let i = 0; i < 10; i++) await counter.reserve("create-listing", 10);
    expect((await counter.reserve("create-listing", 10)).ok).toBe(false);
    expect((await counter.reserve("seo-analysis", 10)).ok).toBe(true);
  });

  it("starts a new UTC day empty: full at 23:59:59.999, empty at 00:00:00.000", async () => {
    const counter = stub("day-boundary");
    const lastMs = Date.UTC(2026, 10, 21, 23, 59, 59, 999);
    const nextDay = Date.UTC(2026, 10, 22, 0, 0, 0, 0);
    for (let i = 0; i < 10; i++) expect((await counter.reserve("create-listing", 10, lastMs)).ok).toBe(true);
    expect((await counter.reserve("create-listing", 10, lastMs)).ok).toBe(false);
    expect((await counter.read("create-listing", 10, lastMs)).used).toBe(10);
    expect((await counter.read("create-listing", 10, nextDay)).used).toBe(0);
    expect((await counter.reserve("create-listing", 10, nextDay)).ok).toBe(true);
  });

  it("keeps its counts when the object restarts", async () => {
    const id = env.QUOTA.idFromName("restart");
    const first = env.QUOTA.get(id);
    for (let i = 0; i < 4; i++) await first.reserve("advanced-keywords", 10);
    // Abort the running instance; the next call starts a fresh one on the same storage.
    await runInDurableObject(first, (_instance, state) => state.abort()).catch(() => {});
    const second = env.QUOTA.get(id);
    expect((await second.read("advanced-keywords", 10)).used).toBe(4);
  });

  it("prunes old days in its alarm, and a second run changes nothing", async () => {
    const counter = stub("alarm");
    const old = Date.now() - 30 * 24 * 60 * 60 * 1000;
    await counter.reserve("create-listing", 10, old);
    await counter.reserve("create-listing", 10);
    const rows = () => runInDurableObject(counter, (instance) => (instance as unknown as { ctx: DurableObjectState }).ctx.storage.sql.exec("SELECT count(*) AS n FROM usage").one().n);
    expect(await rows()).toBe(2);
    await runInDurableObject(counter, (instance) => (instance as QuotaCounter).alarm());
    expect(await rows()).toBe(1);
    await runInDurableObject(counter, (instance) => (instance as QuotaCounter).alarm());
    expect(await rows()).toBe(1);
    expect((await counter.read("create-listing", 10)).used).toBe(1);
    await runDurableObjectAlarm(counter);
    expect((await counter.read("create-listing", 10)).used).toBe(1);
  });
});
