import { afterEach, describe, expect, it, vi } from "vitest";
import { ONBOARDING_STEPS, isStepComplete, markOnboardingStep, onboardingProgress } from "~/lib/onboarding";
import { STORAGE } from "~/lib/storage-keys";

afterEach(() => localStorage.clear());

describe("onboarding progress", () => {
  it("is the rounded share of the four steps", () => {
    expect(ONBOARDING_STEPS).toHaveLength(4);
    expect([0, 1, 2, 3, 4].map((n) => onboardingProgress(n))).toEqual([0, 25, 50, 75, 100]);
    expect(onboardingProgress(1, 3)).toBe(33);
    expect(onboardingProgress(2, 3)).toBe(67);
    expect(onboardingProgress(9)).toBe(100);
    expect(onboardingProgress(1, 0)).toBe(0);
  });

  it("counts a step as complete only when its stored flag is the text true", () => {
    localStorage.setItem(STORAGE.onboarding.profile, "true");
    localStorage.setItem(STORAGE.onboarding.keyword, "1");
    localStorage.setItem(STORAGE.onboarding.listing, "TRUE");
    expect(ONBOARDING_STEPS.map((s) => isStepComplete(s))).toEqual([true, false, false, false]);
  });

  it("marks a step in storage and tells the dashboard through a window event", () => {
    const heard = vi.fn();
    window.addEventListener("listora:onboarding", heard);
    markOnboardingStep("image");
    window.removeEventListener("listora:onboarding", heard);
    expect(localStorage.getItem(STORAGE.onboarding.image)).toBe("true");
    expect(heard).toHaveBeenCalledTimes(1);
    expect((heard.mock.calls[0][0] as CustomEvent).detail).toBe("image");
  });
});
