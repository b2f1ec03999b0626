/**
 * The browser side of /api/onboarding (decision 0016). Flags an older version of Listora left in this
 * browser's localStorage are sent to the server once, then removed.
 */
import { ONBOARDING_STEPS, type OnboardingState, type OnboardingStep } from "../../../schema/api/onboarding";
import { api } from "~/lib/api";
import { STORAGE, safeLocalStorage } from "~/lib/storage-keys";

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
