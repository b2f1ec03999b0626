/**
 * The dashboard's onboarding checklist, kept on the account (decision 0016): GET/PUT /api/onboarding.
 * Each feature marks its step on the server where it completes; PUT only carries the flags a browser
 * still holds from before (read once from localStorage) and the first-visit welcome.
 */
import * as v from "valibot";

export const ONBOARDING_STEPS = ["profile", "keyword", "listing", "image"] as const;
export type OnboardingStep = (typeof ONBOARDING_STEPS)[number];

export const OnboardingUpdateSchema = v.object({
  steps: v.optional(
    v.pipe(
      v.array(v.picklist(ONBOARDING_STEPS, `Each step must be one of: ${ONBOARDING_STEPS.join(", ")}`), "Steps must be a list"),
      v.maxLength(ONBOARDING_STEPS.length, `At most ${ONBOARDING_STEPS.length} steps`),
    ),
  ),
  welcomed: v.optional(v.literal(true, "Welcomed can only be true")),
});

export type OnboardingUpdate = v.InferOutput<typeof OnboardingUpdateSchema>;

/** `data` of GET/PUT /api/onboarding. */
export interface OnboardingState {
  steps: Record<OnboardingStep, boolean>;
  /** Rounded share of completed steps, 0-100. */
  progress: number;
  /** The dashboard has already welcomed this account once (so it says 'Welcome back'). */
  welcomed: boolean;
}
