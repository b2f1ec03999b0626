/**
 * The dashboard's onboarding checklist, kept on the account (decision 0016) and read by the dashboard's
 * server loader (decision 0049): each feature marks its step on the server where it completes; a route
 * action's revalidation shows it, and screens that still write outside actions tell the shell to re-read.
 */
import { useEffect, useRef, useSyncExternalStore } from "react";
import { useFetcher, useRevalidator } from "react-router";
import { ONBOARDING_STEPS as STEPS, type OnboardingState, type OnboardingStep as Step } from "../../schema/api/onboarding";
import { legacyCompletedSteps } from "./api/onboarding";
import { useSessionUser } from "./auth";
import { useHydrationLoadersDone } from "./create-actions";
import { STORAGE, safeLocalStorage } from "./storage-keys";

export type OnboardingStep = Step;
export const ONBOARDING_STEPS: OnboardingStep[] = [...STEPS];
const CHANGED = "listora:onboarding";

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

/** The dashboard action's answer (app/lib/dashboard.server.ts). */
export type DashboardActionAnswer = { ok: true; onboarding: OnboardingState } | { ok: false; status: number; error: { code: string; message: string; [key: string]: unknown } };

const noChanges = () => () => {};

function safeSessionStorage(): Storage | null {
  try {
    return typeof window === "undefined" ? null : window.sessionStorage;
  } catch {
    return null;
  }
}

/** Steps an older version left in this browser, read once when the app starts (before anything hands them over and forgets them). */
const legacyAtStart = typeof window === "undefined" ? [] : legacyCompletedSteps();

/**
 * 'Welcome' for an account the dashboard has never welcomed, 'Welcome back' afterwards; null while
 * unknown (the checklist could not be read). On arrival one post to the dashboard's action records
 * the first welcome and hands over the checklist flags an older version kept in this browser's
 * localStorage (then forgotten); its revalidation shows them. This tab keeps saying 'Welcome' until it
 * is closed. One post, not two: two fetchers revalidating at once lose the loaders' answer.
 */
export function useWelcome(state: OnboardingState | null): "first" | "back" | null {
  const userId = useSessionUser()?.id ?? "";
  const fetcher = useFetcher<DashboardActionAnswer>();
  const submit = fetcher.submit;
  const sent = useRef(false);
  // The tab's own record, which the server cannot read: false on the server and while hydrating.
  const firstInThisTab = useSyncExternalStore(
    noChanges,
    () => userId !== "" && safeSessionStorage()?.getItem(FIRST_VISIT_KEY) === userId,
    () => false,
  );
  // Posted once the router has finished the loaders it runs on hydration (the shell's clientLoader).
  const initialized = useHydrationLoadersDone();
  useEffect(() => {
    if (!state || sent.current || !initialized) return;
    const welcome = !state.welcomed;
    if (!welcome && legacyAtStart.length === 0) return;
    sent.current = true;
    if (welcome) safeSessionStorage()?.setItem(FIRST_VISIT_KEY, userId);
    const form = new FormData();
    form.set("intent", "record");
    if (welcome) form.set("welcomed", "true");
    for (const step of legacyAtStart.splice(0)) form.append("step", step);
    void submit(form, { method: "post", action: "/dashboard" });
  }, [state, userId, submit, initialized]);
  const recorded = fetcher.data?.ok === true;
  useEffect(() => {
    if (!recorded) return;
    const storage = safeLocalStorage();
    for (const step of ONBOARDING_STEPS) storage?.removeItem(STORAGE.onboarding[step]);
  }, [recorded]);
  if (!state) return null;
  return !state.welcomed || firstInThisTab ? "first" : "back";
}
