import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launchBrowser, newContext, screenshot, signInFast } from "./browser";

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const FLAGS = {
  profile: "onboarding_profile_complete",
  keyword: "onboarding_keyword_analysis",
  listing: "onboarding_listing_created",
  image: "onboarding_image_edited",
};

describe("dashboard", () => {
  it("greets the user and sends each Quick Action card to its screen", async () => {
    const context = await newContext(browser);
    const page = await context.newPage();
    await signInFast(page);
    await page.goto("/dashboard");
    await page.getByRole("heading", { level: 1, name: "Welcome back" }).waitFor();
    expect((await page.getByTestId("greeting").textContent())?.length).toBeGreaterThan(10);
    await screenshot(page, "dashboard-1280-light");
    for (const [id, path] of [["seo", "/seo-keywords"], ["create", "/create"], ["image", "/edit-image"], ["listings", "/listings"], ["wizard", "/optimize"]]) {
      await page.getByTestId(`quick-${id}`).click();
      await page.waitForURL(`**${path}`);
      await page.goBack();
      await page.waitForURL("**/dashboard");
    }
    await context.close();
  });

  it("uses the stored user name in the greeting", async () => {
    const context = await newContext(browser);
    const page = await context.newPage();
    await signInFast(page);
    await page.evaluate(() => localStorage.setItem("userName", "Zeynep"));
    await page.goto("/dashboard");
    await expect.poll(() => page.getByTestId("greeting").textContent()).toContain("Zeynep");
    await context.close();
  });

  it("reflects the stored onboarding flags, offers Start for the rest, and celebrates when all are done", async () => {
    const context = await newContext(browser);
    const page = await context.newPage();
    await signInFast(page);
    await page.evaluate((flags) => {
      localStorage.setItem(flags.profile, "true");
      localStorage.setItem(flags.keyword, "true");
      localStorage.setItem(flags.listing, "yes");
    }, FLAGS);
    await page.goto("/dashboard");
    await expect.poll(() => page.getByTestId("onboarding-percent").textContent()).toBe("50% complete");
    expect(await page.getByTestId("onboarding-step-profile").getAttribute("data-complete")).toBe("true");
    expect(await page.getByTestId("onboarding-step-listing").getAttribute("data-complete")).toBe("false");
    expect(await page.getByTestId("onboarding-start-profile").count()).toBe(0);
    await page.getByTestId("onboarding-start-image").click();
    await page.waitForURL("**/edit-image");
    await page.goBack();

    // A step finished in another tab shows up without a reload.
    await page.evaluate((flags) => {
      localStorage.setItem(flags.listing, "true");
      localStorage.setItem(flags.image, "true");
      window.dispatchEvent(new CustomEvent("listora:onboarding", { detail: "image" }));
    }, FLAGS);
    await expect.poll(() => page.getByTestId("onboarding-percent").textContent()).toBe("100% complete");
    await page.getByText("All steps completed!").waitFor();
    await context.close();
  });

  it("moves the tips with the arrows and dots, wrapping around", async () => {
    const context = await newContext(browser, { width: 375, colorScheme: "dark" });
    const page = await context.newPage();
    await signInFast(page);
    await page.goto("/dashboard");
    const tips = page.getByTestId("tips");
    await tips.waitFor();
    await page.getByTestId("tips-previous").click();
    expect(await tips.getAttribute("data-index")).toBe("5");
    await page.getByTestId("tips-next").click();
    expect(await tips.getAttribute("data-index")).toBe("0");
    await page.getByTestId("tips-dot-3").click();
    expect(await tips.getAttribute("data-index")).toBe("3");
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await screenshot(page, "dashboard-375-dark");
    await context.close();
  });
});
