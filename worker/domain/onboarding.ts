/**
 * The onboarding checklist on the user row (users.onboarding, JSON of step -> first completion ms).
 * Features call completeOnboardingStep where they complete; a failure to record is logged and never
 * fails the feature.
 */
import { ONBOARDING_STEPS, type OnboardingState, type OnboardingStep, type OnboardingUpdate } from "../../schema/api/onboarding";
import { log } from "../lib/log";

type Stored = Partial<Record<OnboardingStep | "welcomed", number>>;

function parse(raw: unknown): Stored {
  if (typeof raw !== "string") return {};
  try {
    const value = JSON.parse(raw);
    return value && typeof value === "object" && !Array.isArray(value) ? (value as Stored) : {};
  } catch {
    return {};
  }
}

function toOnboardingState(stored: Stored): OnboardingState {
  const steps = Object.fromEntries(ONBOARDING_STEPS.map((s) => [s, typeof stored[s] === "number"])) as Record<OnboardingStep, boolean>;
  const done = ONBOARDING_STEPS.filter((s) => steps[s]).length;
  return { steps, progress: Math.round((done / ONBOARDING_STEPS.length) * 100), welcomed: typeof stored.welcomed === "number" };
}

/** The checklist of a user row's `onboarding` column (a page's session already holds the row: decision 0055). */
export const onboardingOf = (stored: unknown): OnboardingState => toOnboardingState(parse(stored));

export async function readOnboarding(db: D1Database, userId: string): Promise<OnboardingState> {
  const row = await db.prepare("SELECT onboarding FROM users WHERE id = ?").bind(userId).first<{ onboarding: string }>();
  return onboardingOf(row?.onboarding);
}

/** Sets each flag once (the first time is kept); keys come from the fixed list, never from input text. */
async function setFlags(db: D1Database, userId: string, keys: readonly (OnboardingStep | "welcomed")[], now: number) {
  for (const key of keys) {
    if (key !== "welcomed" && !(ONBOARDING_STEPS as readonly string[]).includes(key)) continue;
    const path = `$.${key}`;
    await db
      .prepare(
        `UPDATE users SET onboarding = json_set(CASE WHEN json_valid(onboarding) THEN onboarding ELSE '{}' END, '${path}', ?)
         WHERE id = ? AND (NOT json_valid(onboarding) OR json_extract(onboarding, '${path}') IS NULL)`,
      )
      .bind(now, userId)
      .run();
  }
}

/** Marks a step done where the feature completes; never throws (the feature's answer matters more). */
export async function completeOnboardingStep(db: D1Database, userId: string, step: OnboardingStep, now = Date.now()) {
  try {
    await setFlags(db, userId, [step], now);
  } catch (error) {
    log.error("onboarding.mark_failed", { step, error: String(error) });
  }
}

/** PUT /api/onboarding: flags a browser held from before, and the first-visit welcome. */
export async function updateOnboarding(db: D1Database, userId: string, update: OnboardingUpdate, now = Date.now()): Promise<OnboardingState> {
  const keys: (OnboardingStep | "welcomed")[] = [...(update.steps ?? [])];
  if (update.welcomed) keys.push("welcomed");
  await setFlags(db, userId, keys, now);
  return readOnboarding(db, userId);
}
