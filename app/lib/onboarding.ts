/**
 * The dashboard's onboarding checklist, kept on the account (decision 0016): each feature marks its
 * step on the server where it completes; screens only tell the checklist to re-read. Flags an older
 * version of Listora left in this browser's localStorage are sent to the server once, then removed.
 */
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import { ONBOARDING_STEPS as STEPS, type OnboardingState, type OnboardingStep as Step } from "../../schema/api/onboarding";
import { api } from "./api";
import { getToken, storedUser } from "./auth";
import { STORAGE, safeLocalStorage } from "./storage-keys";

export type OnboardingStep = Step;
export const ONBOARDING_STEPS: OnboardingStep[] = [...STEPS];
export const ONBOARDING_KEY = ["onboarding"] as const;
const CHANGED = "listora:onboarding";

/** Steps a browser still holds as the text "true" under the old localStorage keys (SPEC §4). */
export function legacyCompletedSteps(storage: Storage | null = safeLocalStorage()): OnboardingStep[] {
  return ONBOARDING_STEPS.filter((step) => storage?.getItem(STORAGE.onboarding[step]) === "true");
}

/** Reads the account's checklist; the first time, hands over (and forgets) flags this browser kept. */
export async function fetchOnboarding(storage: Storage | null = safeLocalStorage()): Promise<OnboardingState> {
  const legacy = legacyCompletedSteps(storage);
  if (legacy.length > 0) {
    const body = await api<{ data: OnboardingState }>("/onboarding", { method: "PUT", body: { steps: legacy } });
    for (const step of ONBOARDING_STEPS) storage?.removeItem(STORAGE.onboarding[step]);
    return body.data;
  }
  return (await api<{ data: OnboardingState }>("/onboarding")).data;
}

export function useOnboarding() {
  const client = useQueryClient();
  useEffect(() => {
    const refresh = () => void client.invalidateQueries({ queryKey: ONBOARDING_KEY });
    window.addEventListener(CHANGED, refresh);
    return () => window.removeEventListener(CHANGED, refresh);
  }, [client]);
  return useQuery({
    queryKey: ONBOARDING_KEY,
    queryFn: () => fetchOnboarding(),
    enabled: typeof window !== "undefined" && !!getToken(),
    staleTime: 0,
    retry: 2,
  });
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
  const client = useQueryClient();
  const userId = storedUser()?.id ?? "";
  const firstInThisTab = typeof window !== "undefined" && window.sessionStorage?.getItem(FIRST_VISIT_KEY) === userId && userId !== "";
  useEffect(() => {
    if (!state || state.welcomed) return;
    try {
      window.sessionStorage.setItem(FIRST_VISIT_KEY, userId);
    } catch {
      /* private mode: the next visit simply says 'Welcome back' */
    }
    void api<{ data: OnboardingState }>("/onboarding", { method: "PUT", body: { welcomed: true } })
      .then((body) => client.setQueryData(ONBOARDING_KEY, (old: OnboardingState | undefined) => (old ? { ...old, welcomed: body.data.welcomed } : body.data)))
      .catch(() => {});
  }, [state, client, userId]);
  if (!state) return null;
  return !state.welcomed || firstInThisTab ? "first" : "back";
}
