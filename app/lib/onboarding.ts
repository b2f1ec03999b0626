/**
 * The dashboard's onboarding checklist, kept on the account (decision 0016) and read by the app
 * layout's server loader with the rest of the account data (decision 0051): each feature marks its
 * step on the server where it completes, and the revalidation that follows the feature's use (its
 * action, or useRefreshQuota) shows it. Its writes (the first welcome, flags an older version left in
 * this browser) are the /profile action's intents.
 */
import { useEffect, useRef, useSyncExternalStore } from "react";
import { useFetcher } from "react-router";
import { ONBOARDING_STEPS as STEPS, type OnboardingState, type OnboardingStep as Step } from "../../schema/api/onboarding";
import { useAccountPart } from "./account";
import { legacyCompletedSteps } from "./api/onboarding";
import { useSessionUser } from "./auth";
import { STORAGE, safeLocalStorage } from "./storage-keys";

export type OnboardingStep = Step;
export const ONBOARDING_STEPS: OnboardingStep[] = [...STEPS];

/** Where the account's small writes go: the /profile route's action (app/lib/profile.server.ts). */
const ACCOUNT_ACTION = "/profile";

export function useOnboarding() {
  return useAccountPart((account) => account.onboarding);
}

/**
 * Hands the checklist flags an older version of Listora left in this browser's localStorage (SPEC §4)
 * to the account once, then forgets them (mounted once, by the app layout).
 */
export function useLegacyOnboardingHandover() {
  const fetcher = useFetcher<{ ok: boolean }>();
  const sent = useRef(false);
  useEffect(() => {
    if (sent.current) return;
    const steps = legacyCompletedSteps();
    if (steps.length === 0) return;
    sent.current = true;
    void fetcher.submit({ intent: "onboarding-steps", steps: steps.join(",") }, { method: "post", action: ACCOUNT_ACTION });
  }, [fetcher]);
  useEffect(() => {
    if (!fetcher.data?.ok) return;
    const storage = safeLocalStorage();
    for (const step of ONBOARDING_STEPS) storage?.removeItem(STORAGE.onboarding[step]);
  }, [fetcher.data]);
}

/** Rounded share of completed steps, 0-100. */
export function onboardingProgress(completed: number, total = ONBOARDING_STEPS.length) {
  if (total <= 0) return 0;
  return Math.round((Math.min(completed, total) / total) * 100);
}

const FIRST_VISIT_KEY = "listora.firstVisit";
const noChanges = () => () => {};

/**
 * 'Welcome' for an account the dashboard has never welcomed, 'Welcome back' afterwards. The first
 * visit is recorded on the account at once; this tab keeps saying 'Welcome' until it is closed.
 * Answers null while unknown.
 */
export function useWelcome(state: OnboardingState | undefined): "first" | "back" | null {
  const userId = useSessionUser()?.id ?? "";
  const sent = useRef(false);
  const fetcher = useFetcher();
  // Read from this tab's storage after hydration (the server's HTML cannot know it).
  const firstInThisTab = useSyncExternalStore(
    noChanges,
    () => userId !== "" && window.sessionStorage?.getItem(FIRST_VISIT_KEY) === userId,
    () => false,
  );
  useEffect(() => {
    if (!state || state.welcomed || sent.current) return;
    sent.current = true;
    try {
      window.sessionStorage.setItem(FIRST_VISIT_KEY, userId);
    } catch {
      /* private mode: the next visit simply says 'Welcome back' */
    }
    void fetcher.submit({ intent: "welcomed" }, { method: "post", action: ACCOUNT_ACTION });
  }, [state, userId, fetcher]);
  if (!state) return null;
  return !state.welcomed || firstInThisTab ? "first" : "back";
}
