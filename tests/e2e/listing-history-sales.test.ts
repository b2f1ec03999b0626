import { join } from "node:path";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { briefText, baseURL, launchBrowser, newContext, screenshot, signInFast } from "./browser";

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const LISTINGS = join(import.meta.dirname, "../fixtures/shop/etsy-listings.csv");
const SALES = join(import.meta.dirname, "../fixtures/shop/etsy-sold-order-items.csv");
const LONG_TIMEOUT = { timeout: 60_000, interval: 250 };

async function firstRowId(page: Page, query: string) {
  await page.goto(`/shop?${query}`);
  await page.getByTestId("shop-row").first().waitFor(LONG_TIMEOUT);
  return (await page.getByTestId("row-title").first().getAttribute("href"))!.split("/").at(-1)!;
}

describe("a shop listing's history in the browser", () => {
  it("shows next to the version a change made its sales before and after, and for a listing that never sold where sales come from", async () => {
    const context = await newContext(browser);
    const page = await context.newPage();
    const { token } = await signInFast(page, undefined, { verified: false });
    await page.goto("/shop");
    await page.getByTestId("shop-import-input").setInputFiles(LISTINGS);
    // Each look is short, so the poll (not one look) waits for the import on a loaded machine.
    await expect.poll(() => briefText(page, "summary-listings"), LONG_TIMEOUT).toBe("12");
    await page.getByTestId("sales-card").getByTestId("sales-import-input").setInputFiles(SALES);
    await page.getByTestId("sales-import-result").waitFor({ timeout: 60_000 });

    // The seller edits the crochet bunny's title: version 2, an edit made today.
    const bunny = await firstRowId(page, "q=TOY-BUNNY-CRO");
    const res = await fetch(`${baseURL()}/api/listings/${bunny}`, {
      method: "PUT",
      headers: { Authorization: `Bearer ${token}`, "Content-Type": "application/json" },
      body: JSON.stringify({ title: "Crochet Bunny Toy, Handmade Amigurumi Rabbit, Easter Gift for Kids", version: 1 }),
    });
    expect(res.status).toBe(200);

    await page.goto(`/listings/${bunny}`);
    const history = page.getByTestId("section-history");
    const versions = history.getByTestId("history-version");
    await expect.poll(() => versions.count(), LONG_TIMEOUT).toBe(2);
    // Newest first: the edit shows its before/after; the import, which changed nothing here, shows none.
    const edit = versions.nth(0).getByTestId("history-version-sales");
    await edit.waitFor(LONG_TIMEOUT);
    expect(await edit.getByTestId("change-effect").getAttribute("data-verdict")).toBe("too-early");
    expect(await edit.getByTestId("effect-verdict").textContent()).toBe("Too early to tell: 0 days of sales after the change (14 needed)");
    expect(await edit.getByTestId("effect-after").textContent()).toContain("in 0 days");
    expect(await versions.nth(1).getByTestId("history-version-sales").count()).toBe(0);
    await history.getByTestId("history-sales-rule").getByText("fewer than 14 days on either side", { exact: false }).waitFor();
    await history.scrollIntoViewIfNeeded();
    await screenshot(page, "listing-history-sales");
    await page.setViewportSize({ width: 390, height: 844 });
    await page.emulateMedia({ colorScheme: "dark" });
    await history.getByTestId("history-version-sales").scrollIntoViewIfNeeded();
    await page.screenshot({ path: "test-results/screenshots/listing-history-sales-dark-phone.png" });
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.emulateMedia({ colorScheme: "light" });

    // In Turkish, the same figures.
    await context.addCookies([{ name: "lang", value: "tr", url: baseURL() }]);
    await fetch(`${baseURL()}/api/profile`, { method: "PUT", headers: { Authorization: `Bearer ${token}`, "Content-Type": "application/json" }, body: JSON.stringify({ language: "tr" }) });
    await page.reload();
    await expect
      .poll(() => page.getByTestId("history-version-sales").getByTestId("effect-verdict").textContent(), LONG_TIMEOUT)
      .toBe("Söylemek için erken: değişiklikten sonra 0 günlük satış var (14 gerekli)");
    await screenshot(page, "listing-history-sales-tr");
    await fetch(`${baseURL()}/api/profile`, { method: "PUT", headers: { Authorization: `Bearer ${token}`, "Content-Type": "application/json" }, body: JSON.stringify({ language: "en" }) });
    await context.addCookies([{ name: "lang", value: "en", url: baseURL() }]);

    // A listing that never sold: one line saying where sales come from, linking to My Shop.
    const unsold = await firstRowId(page, "sold=no");
    await page.goto(`/listings/${unsold}`);
    const none = page.getByTestId("history-sales-none");
    await none.waitFor(LONG_TIMEOUT);
    expect(await none.textContent()).toContain("Import Etsy's sold order items file in My Shop");
    expect(await none.getByRole("link", { name: "Open My Shop" }).getAttribute("href")).toBe("/shop");
    expect(await page.getByTestId("history-version-sales").count()).toBe(0);
    await context.close();
  });
});
