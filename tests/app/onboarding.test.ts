import { cleanup, render, screen, waitFor } from "@testing-library/react";
import { createElement } from "react";
import { createRoutesStub } from "react-router";
import { afterEach, describe, expect, it } from "vitest";
import { legacyCompletedSteps } from "~/lib/api/onboarding";
import { ONBOARDING_STEPS, onboardingProgress, useLegacyOnboardingHandover } from "~/lib/onboarding";
import { STORAGE } from "~/lib/storage-keys";

afterEach(() => {
  cleanup();
  localStorage.clear();
});

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

  it("hands the flags an older version left in this browser to the account once (the /profile action), then forgets them", async () => {
    localStorage.setItem(STORAGE.onboarding.listing, "true");
    localStorage.setItem(STORAGE.onboarding.keyword, "true");
    const posted: Record<string, string>[] = [];
    function Shell() {
      useLegacyOnboardingHandover();
      return createElement("p", null, "shell");
    }
    const Stub = createRoutesStub([
      { path: "/dashboard", Component: Shell },
      {
        path: "/profile",
        action: async ({ request }) => {
          posted.push(Object.fromEntries((await request.formData()) as unknown as Iterable<[string, string]>));
          return { ok: true, intent: "onboarding-steps" };
        },
      },
    ]);
    render(createElement(Stub, { initialEntries: ["/dashboard"] }));
    await waitFor(() => expect(localStorage.getItem(STORAGE.onboarding.listing)).toBeNull(), { timeout: 10_000 });
    expect(posted).toEqual([{ intent: "onboarding-steps", steps: "keyword,listing" }]);
    expect(localStorage.getItem(STORAGE.onboarding.keyword)).toBeNull();
    cleanup();
    // Nothing left to hand over: the next visit sends nothing.
    render(createElement(Stub, { initialEntries: ["/dashboard"] }));
    await screen.findByText("shell");
    expect(posted).toHaveLength(1);
  });
});
