import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { UpstreamError } from "../../worker/lib/errors";
import { aiCallLimit, dailyLimit, effectivePlan, readQuota, withQuota } from "../../worker/domain/quota";
import { api, registerUser } from "./helpers";

async function setPlan(userId: string, plan: string) {
  await env.DB.prepare("UPDATE users SET plan = ? WHERE id = ?").bind(plan, userId).run();
}

async function use(token: string, featureKey: string, times: number) {
  for (let i = 0; i < times; i++) {
    const res = await api("/increment-quota", { token, body: { featureKey } });
    expect(res.status).toBe(200);
  }
}

describe("quota endpoints", () => {
  it.each(["create-listing", "edit-image", "seo-analysis"])("GET /api/%s/quota answers { success, used, limit, plan }", async (feature) => {
    const { token } = await registerUser();
    await use(token, feature, 3);
    const res = await api(`/${feature}/quota`, { token });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ success: true, used: 3, limit: 10, plan: "free" });
  });

  it("GET /api/advanced-keywords/quota answers { success, data: { currentUsage, limit, remaining, percentage, plan } }", async () => {
    const { token } = await registerUser();
    await use(token, "advanced-keywords", 4);
    const body = await (await api("/advanced-keywords/quota", { token })).json();
    expect(body).toEqual({ success: true, data: { currentUsage: 4, limit: 10, remaining: 6, percentage: 40, plan: "free" } });
  });

  it("needs a token on every quota call", async () => {
    for (const path of ["/create-listing/quota", "/edit-image/quota", "/seo-analysis/quota", "/advanced-keywords/quota"]) {
      expect((await api(path)).status).toBe(401);
    }
    expect((await api("/increment-quota", { body: { featureKey: "create-listing" } })).status).toBe(401);
  });

  it("answers 403 with the quota body once the day's units are used", async () => {
    const { token } = await registerUser();
    await use(token, "create-listing", 10);
    const res = await api("/increment-quota", { token, body: { featureKey: "create-listing" } });
    expect(res.status).toBe(403);
    const body = await res.json<{ success: boolean; quota: unknown }>();
    expect(body.success).toBe(false);
    expect(body.quota).toEqual({ feature: "create-listing", used: 10, limit: 10, plan: "free" });
  });

  it("answers 400 for an unknown or missing featureKey", async () => {
    const { token } = await registerUser();
    for (const body of [{ featureKey: "unlimited" }, {}, { featureKey: 7 }]) {
      const res = await api("/increment-quota", { token, body });
      expect(res.status).toBe(400);
      expect((await res.json<{ message: string }>()).message).toContain("featureKey must be one of");
    }
  });

  it("keeps each user's usage to themselves", async () => {
    const a = await registerUser();
    const b = await registerUser();
    await use(a.token, "seo-analysis", 10);
    expect(await (await api("/seo-analysis/quota", { token: b.token })).json()).toMatchObject({ used: 0 });
    expect((await api("/increment-quota", { token: b.token, body: { featureKey: "seo-analysis" } })).status).toBe(200);
  });

  it("gives a premium user 100 a day, from the moment the plan changes", async () => {
    const { token, userId } = await registerUser();
    await use(token, "edit-image", 10);
    expect((await api("/increment-quota", { token, body: { featureKey: "edit-image" } })).status).toBe(403);
    await setPlan(userId, "premium");
    expect(await (await api("/edit-image/quota", { token })).json()).toMatchObject({ used: 10, limit: 100, plan: "premium" });
    expect((await api("/increment-quota", { token, body: { featureKey: "edit-image" } })).status).toBe(200);
  });

  it("treats an unknown plan as free with limit 10", async () => {
    const { token, userId } = await registerUser();
    await setPlan(userId, "platinum");
    expect(await (await api("/create-listing/quota", { token })).json()).toMatchObject({ limit: 10, plan: "free" });
    expect(effectivePlan("platinum")).toBe("free");
    expect(dailyLimit(undefined)).toBe(10);
    expect(aiCallLimit("free")).toBeGreaterThan(4 * 10);
  });

  it("GET /api/usage answers today's usage of every feature", async () => {
    const { token } = await registerUser();
    await use(token, "seo-analysis", 2);
    const body = await (await api("/usage", { token })).json<{ data: Record<string, { used: number; limit: number }> }>();
    expect(body.data).toEqual({
      "create-listing": { used: 0, limit: 10 },
      "seo-analysis": { used: 2, limit: 10 },
      "advanced-keywords": { used: 0, limit: 10 },
      "edit-image": { used: 0, limit: 10 },
    });
  });
});

describe("the quota guard around feature work", () => {
  it("gives a user with 9 of 10 used exactly one of 20 concurrent generations and nineteen 403s", async () => {
    const { token, userId } = await registerUser();
    await use(token, "create-listing", 9);
    const user = { id: userId, plan: "free" };
    let providerCalls = 0;
    let refusals = 0;
    // Every generation that got through is still running until all 20 have an answer: no time involved.
    let release!: () => void;
    const running = new Promise<void>((resolve) => (release = resolve));
    const settle = () => providerCalls + refusals === 20 && release();
    const outcomes = await Promise.allSettled(
      Array.from({ length: 20 }, () =>
        withQuota(env as never, user, "create-listing", async () => {
          providerCalls++;
          settle();
          await running;
          return "a listing";
        }).catch((error: unknown) => {
          refusals++;
          settle();
          throw error;
        }),
      ),
    );
    expect(outcomes.filter((o) => o.status === "fulfilled")).toHaveLength(1);
    const refused = outcomes.filter((o): o is PromiseRejectedResult => o.status === "rejected");
    expect(refused).toHaveLength(19);
    expect(refused.every((o) => o.reason.status === 403)).toBe(true);
    expect(providerCalls).toBe(1);
    expect((await readQuota(env as never, user, "create-listing")).used).toBe(10);
  });

  it("refunds the unit when the provider fails", async () => {
    const { userId } = await registerUser();
    const user = { id: userId, plan: "free" };
    await expect(
      withQuota(env as never, user, "seo-analysis", async () => {
        throw new UpstreamError("serpapi", "The search-trends service failed");
      }),
    ).rejects.toMatchObject({ status: 502 });
    expect((await readQuota(env as never, user, "seo-analysis")).used).toBe(0);
  });
});
