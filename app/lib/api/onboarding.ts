/**
 * Checklist flags an older version of Listora left in this browser's localStorage (SPEC §4): the app
 * layout hands them to the account once (useLegacyOnboardingHandover, decision 0051), then forgets them.
 */
import { ONBOARDING_STEPS, type OnboardingStep } from "../../../schema/api/onboarding";
import { STORAGE, safeLocalStorage } from "~/lib/storage-keys";

/** Steps a browser still holds as the text "true" under the old localStorage keys (SPEC §4). */
export function legacyCompletedSteps(storage: Storage | null = safeLocalStorage()): OnboardingStep[] {
  return ONBOARDING_STEPS.filter((step) => storage?.getItem(STORAGE.onboarding[step]) === "true");
}
