import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { join } from "node:path";
import { PASSWORD, briefText, launchBrowser, newContext, registerViaApi, tokenApi as api, uniqueEmail, useSession } from "./browser";

/**
 * What a seller types, ticks or picks in the server's HTML before the page's JavaScript has run stays
 * there once it has run, and the screen acts on it (decision 0075). Each test holds the page's scripts
 * back until the seller has typed (a slow phone), then lets them run and waits for React to take the
 * field over before it looks.
 */
let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/** A page whose scripts wait for `release()`: the server's HTML is there and usable, hydration is not. */
async function slowScripts(page: Page) {
  let release!: () => void;
  const gate = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/assets\/.+\.js$/, async (route) => {
    await gate;
    await route.continue();
  });
  return release;
}

/** React has hydrated the field `selector` (it carries React's props): its onChange now runs. */
async function hydrated(page: Page, selector: string) {
  await page.waitForFunction((s) => {
    const field = document.querySelector(s);
    return field !== null && Object.keys(field).some((key) => key.startsWith("__reactProps"));
  }, selector);
}

/** My Listings of a seller with two listings (the towel saved last), its HTML shown and its scripts held back. */
async function myListingsBeforeHydration() {
  const { token } = await registerViaApi(uniqueEmail("typed"));
  for (const title of ["Walnut serving board", "Linen tea towel"]) {
    const saved = await api("/listings", token, { body: { title, description: `${title}, finished by hand.`, tags: ["gift"], altTexts: [], originalPrompt: title } });
    expect(saved.status).toBe(201);
  }
  const context = await newContext(browser);
  const page = await context.newPage();
  await useSession(page, token);
  const release = await slowScripts(page);
  await page.goto("/listings", { waitUntil: "domcontentloaded" });
  return { context, page, release };
}

describe("a field filled before the page's JavaScript has run", () => {
  it("keeps the e-mail and password typed on the sign-in page, and signs in with them", { timeout: 60_000 }, async () => {
    const { email } = await registerViaApi(uniqueEmail("typed"));
    const context = await newContext(browser);
    const page = await context.newPage();
    const release = await slowScripts(page);
    await page.goto("/login", { waitUntil: "domcontentloaded" });
    await page.getByLabel("Email").fill(email);
    await page.getByLabel("Password", { exact: true }).fill(PASSWORD);

    release();
    await hydrated(page, "input[name=email]");
    // A render after hydration is when React used to write its empty state back into the fields.
    await expect.poll(() => page.evaluate(() => document.querySelector<HTMLInputElement>("input[name=email]")?.value)).toBe(email);
    await expect(page.getByLabel("Password", { exact: true }).inputValue()).resolves.toBe(PASSWORD);

    await page.getByRole("button", { name: "Login" }).click();
    await page.waitForURL("**/dashboard");
    await context.close();
  });

  it("searches My Listings for the words typed in the search box before the page ran", { timeout: 60_000 }, async () => {
    const { context, page, release } = await myListingsBeforeHydration();
    await expect(page.getByTestId("listing-card").count()).resolves.toBe(2);
    await page.getByRole("searchbox").fill("linen");

    release();
    await page.locator('main[data-ready="true"]').waitFor();
    await page.waitForURL((url) => url.searchParams.get("q") === "linen");
    await expect.poll(() => page.getByTestId("listing-card").allInnerTexts()).toEqual([expect.stringContaining("Linen tea towel")]);
    await expect(page.getByRole("searchbox").inputValue()).resolves.toBe("linen");
    await context.close();
  });

  it("sorts My Listings as picked in the sort menu before the page ran", { timeout: 60_000 }, async () => {
    const { context, page, release } = await myListingsBeforeHydration();
    const titles = () => page.locator('[data-testid="listing-card"] .lc-title').allInnerTexts();
    await expect(titles()).resolves.toEqual(["Linen tea towel", "Walnut serving board"]);
    await page.getByTestId("listings-sort").selectOption("oldest");

    release();
    await page.locator('main[data-ready="true"]').waitFor();
    await page.waitForURL((url) => url.searchParams.get("sort") === "oldest");
    await expect.poll(titles).toEqual(["Walnut serving board", "Linen tea towel"]);
    await expect(page.getByTestId("listings-sort").inputValue()).resolves.toBe("oldest");
    await context.close();
  });

  it("imports the Etsy CSV picked in My Shop before the page ran", { timeout: 90_000 }, async () => {
    const { token } = await registerViaApi(uniqueEmail("typed"), { verified: false });
    const context = await newContext(browser);
    const page = await context.newPage();
    await useSession(page, token);
    const release = await slowScripts(page);
    await page.goto("/shop", { waitUntil: "domcontentloaded" });
    await page.getByTestId("shop-import-input").setInputFiles(join(import.meta.dirname, "../fixtures/shop/etsy-listings.csv"));

    release();
    await page.locator('main[data-ready="true"]').waitFor();
    // The import runs as if the file had been picked after hydration: the shop's summary counts its 12 listings.
    await expect.poll(() => briefText(page, "summary-listings"), { timeout: 60_000, interval: 250 }).toBe("12");
    await context.close();
  });

  it("saves a Profile switch turned off before the page ran, as the seller left it", { timeout: 60_000 }, async () => {
    const { token } = await registerViaApi(uniqueEmail("typed"));
    const context = await newContext(browser, { width: 375, colorScheme: "dark" });
    const page = await context.newPage();
    await useSession(page, token);
    const release = await slowScripts(page);
    await page.goto("/profile", { waitUntil: "domcontentloaded" });
    const email = page.getByRole("switch", { name: "Email notifications" });
    await expect(email.isChecked()).resolves.toBe(true);
    await email.uncheck();

    release();
    await page.locator('main[data-ready="true"]').waitFor();
    // The change reaches the account as a change made after hydration would.
    await expect.poll(async () => (await api<{ emailNotifications?: boolean }>("/profile", token)).body.emailNotifications).toBe(false);
    await expect(email.isChecked()).resolves.toBe(false);
    await page.reload();
    await expect(page.getByRole("switch", { name: "Email notifications" }).isChecked()).resolves.toBe(false);
    await context.close();
  });
});
