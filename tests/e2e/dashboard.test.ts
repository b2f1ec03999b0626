import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Page } from "playwright-core";
import { baseURL, launchBrowser, newContext, screenshot, signInFast, useSession } from "./browser";

function api(token: string, path: string, init: RequestInit = {}) {
  return fetch(`${baseURL()}/api${path}`, { ...init, headers: { "Content-Type": "application/json", Authorization: `Bearer ${token}` } });
}

/** The same account in another browser: its session cookie, nothing else carried over. */
async function signInWith(page: Page, token: string) {
  await useSession(page, token);
}

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
  it("welcomes a new account with 'Welcome' and sends each Quick Action card to its screen", async () => {
    const context = await newContext(browser);
    const page = await context.newPage();
    await signInFast(page);
    await page.goto("/dashboard");
    await page.getByRole("heading", { level: 1, name: "Welcome", exact: true }).waitFor();
    expect((await page.getByTestId("greeting").textContent())?.length).toBeGreaterThan(10);
    await screenshot(page, "dashboard-1280-light");
    for (const [id, path] of [
      ["seo", "/seo-keywords"],
      ["create", "/create"],
      ["image", "/edit-image"],
      ["listings", "/listings"],
      ["wizard", "/optimize"],
    ]) {
      await page.getByTestId(`quick-${id}`).click();
      await page.waitForURL(`**${path}`);
      await page.goBack();
      await page.waitForURL("**/dashboard");
    }
    // Still the first visit in this tab.
    await page.getByRole("heading", { level: 1, name: "Welcome", exact: true }).waitFor();
    await context.close();
  });

  it("says 'Welcome back' on a later visit, in another browser", async () => {
    const first = await newContext(browser);
    const page = await first.newPage();
    const { token } = await signInFast(page);
    await page.goto("/dashboard");
    await page.getByRole("heading", { level: 1, name: "Welcome", exact: true }).waitFor();
    // The first HTML already says 'Welcome'; the visit is recorded on the account once the page is live.
    await expect.poll(async () => ((await (await api(token, "/onboarding")).json()) as { data: { welcomed: boolean } }).data.welcomed).toBe(true);
    await first.close();

    const later = await newContext(browser);
    const again = await later.newPage();
    await signInWith(again, token);
    await again.goto("/dashboard");
    await again.getByRole("heading", { level: 1, name: "Welcome back" }).waitFor();
    await later.close();
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

  it("keeps the checklist on the account: progress made by the features shows in another browser with empty storage", async () => {
    const context = await newContext(browser);
    const page = await context.newPage();
    const { token } = await signInFast(page);
    // A keyword search and a saved name, through the API: the server records the steps.
    expect((await api(token, "/keywords?product_name=felted%20wool%20slippers")).status).toBe(200);
    expect((await api(token, "/profile", { method: "PUT", body: JSON.stringify({ firstName: "Zeynep" }) })).status).toBe(200);
    await page.goto("/dashboard");
    await expect.poll(() => page.getByTestId("onboarding-percent").textContent()).toBe("50% complete");
    expect(await page.getByTestId("onboarding-step-profile").getAttribute("data-complete")).toBe("true");
    expect(await page.getByTestId("onboarding-step-keyword").getAttribute("data-complete")).toBe("true");
    expect(await page.getByTestId("onboarding-step-listing").getAttribute("data-complete")).toBe("false");
    expect(await page.getByTestId("onboarding-start-profile").count()).toBe(0);
    await page.getByTestId("onboarding-start-image").click();
    await page.waitForURL("**/edit-image");
    await page.goBack();

    // Cleared storage, a reload: the progress is still there.
    await page.evaluate(() => {
      for (const key of Object.keys(localStorage)) if (key.startsWith("onboarding_")) localStorage.removeItem(key);
      sessionStorage.clear();
    });
    await page.reload();
    await expect.poll(() => page.getByTestId("onboarding-percent").textContent()).toBe("50% complete");

    // Another browser altogether.
    const other = await newContext(browser);
    const elsewhere = await other.newPage();
    await signInWith(elsewhere, token);
    await elsewhere.goto("/dashboard");
    await expect.poll(() => elsewhere.getByTestId("onboarding-percent").textContent()).toBe("50% complete");

    // A step finished meanwhile shows up with the next write on this page (every route action re-reads the account data), without a reload.
    const listing = await api(token, "/save-listing", {
      method: "POST",
      body: JSON.stringify({ title: "Sterling Silver Moon Necklace", description: "A tiny crescent moon on a fine chain.", tags: ["moon necklace"], altTexts: [], originalPrompt: "moon necklace" }),
    });
    expect(listing.status).toBeLessThan(300);
    await elsewhere.locator('main[data-ready="true"]').waitFor();
    await elsewhere.getByTestId("user-menu").click();
    await elsewhere.getByTestId("menu-theme-toggle").click();
    await expect.poll(() => elsewhere.getByTestId("onboarding-percent").textContent()).toBe("75% complete");
    await other.close();
    await context.close();
  });

  it("hands over checklist flags an older version left in the browser once, then keeps them on the account", async () => {
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
    expect(await page.evaluate((flags) => localStorage.getItem(flags.profile), FLAGS)).toBeNull();
    await page.reload();
    await expect.poll(() => page.getByTestId("onboarding-percent").textContent()).toBe("50% complete");
    await context.close();
  });

  it("celebrates when all four steps are done", async () => {
    const context = await newContext(browser);
    const page = await context.newPage();
    const { token } = await signInFast(page);
    expect((await api(token, "/onboarding", { method: "PUT", body: JSON.stringify({ steps: ["profile", "keyword", "listing", "image"] }) })).status).toBe(200);
    await page.goto("/dashboard");
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
