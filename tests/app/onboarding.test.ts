import { afterEach, describe, expect, it, vi } from "vitest";
import { fetchOnboarding, legacyCompletedSteps } from "~/lib/api/onboarding";
import { ONBOARDING_STEPS, markOnboardingStep, onboardingProgress } from "~/lib/onboarding";
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

  it("hands over a step only when its old stored flag is the text true", () => {
    localStorage.setItem(STORAGE.onboarding.profile, "true");
    localStorage.setItem(STORAGE.onboarding.keyword, "1");
    localStorage.setItem(STORAGE.onboarding.listing, "TRUE");
    expect(legacyCompletedSteps(localStorage)).toEqual(["profile"]);
  });

  it("sends the flags an older version left in this browser to the account once, then forgets them", async () => {
    localStorage.setItem(STORAGE.onboarding.listing, "true");
    const calls: { method: string; body: unknown }[] = [];
    const fetchMock = vi.fn(async (_url: string, init?: RequestInit) => {
      calls.push({ method: init?.method ?? "GET", body: init?.body ? JSON.parse(String(init.body)) : null });
      return new Response(JSON.stringify({ success: true, data: { steps: { profile: false, keyword: false, listing: true, image: false }, progress: 25, welcomed: false } }), {
        status: 200,
        headers: { "Content-Type": "application/json" },
      });
    });
    vi.stubGlobal("fetch", fetchMock);
    try {
      const first = await fetchOnboarding(localStorage);
      expect(first.steps.listing).toBe(true);
      expect(calls[0]).toEqual({ method: "PUT", body: { steps: ["listing"] } });
      expect(localStorage.getItem(STORAGE.onboarding.listing)).toBeNull();
      await fetchOnboarding(localStorage);
      expect(calls[1].method).toBe("GET");
    } finally {
      vi.unstubAllGlobals();
    }
  });

  it("no longer writes the browser's storage when a step is marked: it tells the dashboard to re-read", () => {
    const heard = vi.fn();
    window.addEventListener("listora:onboarding", heard);
    markOnboardingStep("image");
    window.removeEventListener("listora:onboarding", heard);
    expect(localStorage.getItem(STORAGE.onboarding.image)).toBeNull();
    expect(heard).toHaveBeenCalledTimes(1);
    expect((heard.mock.calls[0][0] as CustomEvent).detail).toBe("image");
  });
});
