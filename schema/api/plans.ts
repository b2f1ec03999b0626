/**
 * The plans and their daily limits: one source for the quota guard (worker/domain/quota.ts) and for
 * the screens that explain the plans (profile #plans, the landing page). There is no payment system:
 * an operator sets a user's plan (`npm run user:plan`), see decision 0016.
 */
import { FEATURES } from "./quota";

export const PLAN_NAMES = ["free", "premium"] as const;
export type PlanName = (typeof PLAN_NAMES)[number];

/** Daily units of each quota feature, per plan; every feature has the same limit (SPEC §6). */
export const PLAN_DAILY_LIMITS: Record<PlanName, number> = { free: 10, premium: 100 };

/** The features a plan's daily limit applies to, in the order screens list them. */
export const PLAN_FEATURES = FEATURES;
