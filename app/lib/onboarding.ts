import { STORAGE, safeLocalStorage } from "./storage-keys";

export type OnboardingStep = keyof typeof STORAGE.onboarding;
export const ONBOARDING_STEPS: OnboardingStep[] = ["profile", "keyword", "listing", "image"];

/** A step is complete when its stored flag is the text "true" (SPEC §4). */
export function isStepComplete(step: OnboardingStep, storage = safeLocalStorage()) {
  return storage?.getItem(STORAGE.onboarding[step]) === "true";
}

/** Called by each feature the first time the user completes it. */
export function markOnboardingStep(step: OnboardingStep, storage = safeLocalStorage()) {
  storage?.setItem(STORAGE.onboarding[step], "true");
  if (typeof window !== "undefined") window.dispatchEvent(new CustomEvent("listora:onboarding", { detail: step }));
}

/** Rounded share of completed steps, 0-100. */
export function onboardingProgress(completed: number, total = ONBOARDING_STEPS.length) {
  if (total <= 0) return 0;
  return Math.round((Math.min(completed, total) / total) * 100);
}
