import { PLAN_DAILY_LIMITS } from "../../schema/api/plans";
import type { User } from "../../schema/db";
import { FEATURES, type Feature } from "../../schema/api/quota";
import type { Counter } from "../lib/durable-object-types";
import type { Env } from "../lib/env";
import { HttpError, badRequest } from "../lib/errors";
import { log } from "../lib/log";

export { FEATURES, type Feature };

const PLAN_LIMITS: Record<string, number> = { ...PLAN_DAILY_LIMITS };

/** The plan as the quota sees it: premium or, for any other value, free. */
export function effectivePlan(plan: string | null | undefined): "free" | "premium" {
  return plan === "premium" ? "premium" : "free";
}

export function dailyLimit(plan: string | null | undefined) {
  return PLAN_LIMITS[effectivePlan(plan)];
}

/** Raw /api/ai/:provider calls per day: the spec's flow makes 4 per listing, plus a margin for retries. */
export function aiCallLimit(plan: string | null | undefined) {
  return dailyLimit(plan) * 4 + 10;
}

function isFeature(value: unknown): value is Feature {
  return typeof value === "string" && (FEATURES as readonly string[]).includes(value);
}

export function parseFeature(value: unknown): Feature {
  if (!isFeature(value)) throw badRequest(`featureKey must be one of: ${FEATURES.join(", ")}`, { field: "featureKey" });
  return value;
}

const counterOf = (env: Env, user: Pick<User, "id">) => env.QUOTA.get(env.QUOTA.idFromName(user.id));

interface QuotaInfo {
  feature: Feature;
  used: number;
  limit: number;
  plan: "free" | "premium";
}

export async function readQuota(env: Env, user: Pick<User, "id" | "plan">, feature: Feature): Promise<QuotaInfo> {
  const limit = dailyLimit(user.plan);
  const state = await counterOf(env, user).read(feature, limit);
  return { feature, used: state.used, limit, plan: effectivePlan(user.plan) };
}

export async function readAllUsage(env: Env, user: Pick<User, "id" | "plan">) {
  return usageOnPlan(await readUsedToday(env, user.id), user.plan);
}

/** Today's count of every feature from the user's counter (a page reads it beside the user row, decision 0060). */
export function readUsedToday(env: Env, userId: string): Promise<Record<string, number>> {
  return counterOf(env, { id: userId }).readAll();
}

/** Today's counts with the limits of `plan`, as GET /api/usage answers them. */
export function usageOnPlan(used: Record<string, number>, plan: string | null | undefined) {
  const limit = dailyLimit(plan);
  return Object.fromEntries(FEATURES.map((f) => [f, { used: used[f] ?? 0, limit }])) as Record<Feature, { used: number; limit: number }>;
}

/** The 403 every feature answers when its daily quota is used up. */
export function quotaExceeded(info: QuotaInfo) {
  return new HttpError(403, `You have reached your daily limit of ${info.limit} for ${info.feature} on the ${info.plan} plan. Your quota resets at midnight UTC.`, {
    code: "quota-exhausted",
    quota: { feature: info.feature, used: info.used, limit: info.limit, plan: info.plan },
  });
}

/** Takes one unit of a feature or throws the 403. */
export async function reserveQuota(env: Env, user: Pick<User, "id" | "plan">, feature: Counter): Promise<QuotaInfo> {
  const limit = feature === "ai-call" ? aiCallLimit(user.plan) : dailyLimit(user.plan);
  const result = await counterOf(env, user).reserve(feature, limit);
  const info: QuotaInfo = { feature: feature as Feature, used: result.used, limit, plan: effectivePlan(user.plan) };
  if (!result.ok) throw quotaExceeded(info);
  return info;
}

export async function releaseQuota(env: Env, user: Pick<User, "id">, feature: Counter) {
  await counterOf(env, user).release(feature);
}

/**
 * The guard every feature endpoint uses: reserve one unit, do the work, give the unit back if the
 * work failed. A user is charged only for results and never gets past the limit.
 */
export async function withQuota<T>(env: Env, user: Pick<User, "id" | "plan">, feature: Counter, work: (quota: QuotaInfo) => Promise<T>): Promise<T> {
  const quota = await reserveQuota(env, user, feature);
  try {
    return await work(quota);
  } catch (error) {
    await releaseQuota(env, user, feature).catch((e) => log.error("quota.release_failed", { error: String(e) }));
    throw error;
  }
}
