/**
 * The dashboard's onboarding checklist, kept on the account (decision 0016) and loaded with the account
 * data of the app layout (decision 0024): each feature marks its step on the server where it completes;
 * screens only tell the checklist to re-read.
 */
import { useEffect, useRef } from "react";
import { useRevalidator } from "react-router";
import { ONBOARDING_STEPS as STEPS, type OnboardingState, type OnboardingStep as Step } from "../../schema/api/onboarding";
import { useAccountPart } from "./account";
import { markWelcomed } from "./api/onboarding";
import { useSessionUser } from "./auth";

export type OnboardingStep = Step;
export const ONBOARDING_STEPS: OnboardingStep[] = [...STEPS];
const CHANGED = "listora:onboarding";

export function useOnboarding() {
  return useAccountPart((account) => account.onboarding);
}

/** Re-reads the account data whenever a screen marks a step (mounted once, by the app layout). */
export function useOnboardingRefresh() {
  const { revalidate } = useRevalidator();
  useEffect(() => {
    const refresh = () => void revalidate();
    window.addEventListener(CHANGED, refresh);
    return () => window.removeEventListener(CHANGED, refresh);
  }, [revalidate]);
}

/**
 * Called by a screen after its feature succeeded. The server has already recorded the step; this only
 * tells an open checklist to re-read it.
 */
export function markOnboardingStep(step: OnboardingStep, _storage?: Storage | null) {
  if (typeof window !== "undefined") window.dispatchEvent(new CustomEvent(CHANGED, { detail: step }));
}

/** Rounded share of completed steps, 0-100. */
export function onboardingProgress(completed: number, total = ONBOARDING_STEPS.length) {
  if (total <= 0) return 0;
  return Math.round((Math.min(completed, total) / total) * 100);
}

const FIRST_VISIT_KEY = "listora.firstVisit";

/**
 * 'Welcome' for an account the dashboard has never welcomed, 'Welcome back' afterwards. The first
 * visit is recorded on the account at once; this tab keeps saying 'Welcome' until it is closed.
 * Answers null while unknown.
 */
export function useWelcome(state: OnboardingState | undefined): "first" | "back" | null {
  const userId = useSessionUser()?.id ?? "";
  const sent = useRef(false);
  const firstInThisTab = typeof window !== "undefined" && window.sessionStorage?.getItem(FIRST_VISIT_KEY) === userId && userId !== "";
  useEffect(() => {
    if (!state || state.welcomed || sent.current) return;
    sent.current = true;
    try {
      window.sessionStorage.setItem(FIRST_VISIT_KEY, userId);
    } catch {
      /* private mode: the next visit simply says 'Welcome back' */
    }
    void markWelcomed().catch(() => {});
  }, [state, userId]);
  if (!state) return null;
  return !state.welcomed || firstInThisTab ? "first" : "back";
}
