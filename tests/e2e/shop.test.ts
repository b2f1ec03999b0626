import { readFile } from "node:fs/promises";
import { join } from "node:path";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { readCsv } from "../fixtures/read-csv";
import { briefText, launchBrowser, newContext, screenshot, sessionToken, signInFast, useSession } from "./browser";

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/** Four listings as Etsy's "Currently for sale listings" CSV has them, and one row without a title. */
const FIXTURE = join(import.meta.dirname, "../fixtures/shop/e2e-shop.csv");
const OPTIMIZED = ["Moon necklace", "ring", "Leaf earrings gift"] as const;
const LONG_TIMEOUT = { timeout: 60_000, interval: 250 };

/** Opens the same signed-in session in another browser context (another theme or width). */
async function sameSession(from: Page, context: BrowserContext): Promise<Page> {
  const token = await sessionToken(from);
  const page = await context.newPage();
  if (token) await useSession(page, token);
  return page;
}

describe("My Shop in the browser", () => {
  it("imports the Etsy CSV, shows the shop's health, optimizes three listings, reviews them, exports the accepted ones and restores an older version", async () => {
    const context = await newContext(browser);
    const page = await context.newPage();
    await signInFast(page);
    await page.goto("/dashboard");

    // The sidebar leads to My Shop; before any import it says what to do.
    await page.getByRole("link", { name: "My Shop" }).click();
    await page.waitForURL("**/shop");
    const empty = page.getByTestId("shop-empty");
    await empty.getByText("Bring in your Etsy shop").waitFor();
    await empty.getByTestId("etsy-steps").getByText("Download CSV", { exact: false }).waitFor();
    await screenshot(page, "shop-empty");

    // Import: the counts, and the skipped row with its reason in the folded list.
    await page.getByTestId("shop-import-input").setInputFiles(FIXTURE);
    const result = page.getByTestId("import-result");
    await result.waitFor({ timeout: 60_000 });
    expect(await result.getByTestId("import-imported").locator("dd").textContent()).toBe("4");
    expect(await result.getByTestId("import-skipped").locator("dd").textContent()).toBe("1");
    await result.getByTestId("import-errors-toggle").click();
    await result.getByTestId("import-errors").getByText("Row 6 has no title", { exact: false }).waitFor();

    // The summary: four listings, every one in the grade chart, the common issues with counts.
    await expect.poll(() => briefText(page, "summary-listings"), LONG_TIMEOUT).toBe("4");
    const bars = await page
      .getByTestId("grade-chart")
      .locator("[data-count]")
      .evaluateAll((els) => els.map((el) => Number(el.getAttribute("data-count"))));
    expect(bars.reduce((a, b) => a + b, 0)).toBe(4);
    await expect.poll(() => page.getByTestId("shop-row").count()).toBe(4);
    const issues = page.getByTestId("top-issue");
    expect(await issues.count()).toBeGreaterThan(0);

    // A common issue's link filters the table to its listings (the first here has a camel-case id,
    // altTexts.missing; the last affects fewer listings); clearing the filter brings all back.
    for (const issue of [issues.first(), issues.last()]) {
      const issueId = (await issue.getAttribute("data-issue")) as string;
      const affected = Number(/(\d+) listings?/.exec((await issue.textContent()) ?? "")?.[1]);
      await issue.getByRole("link").click();
      await page.waitForURL(`**/shop?issue=${issueId}`);
      await page.getByTestId("active-filter").waitFor();
      await expect.poll(() => page.getByTestId("shop-row").count()).toBe(affected);
    }
    expect(await page.getByTestId("shop-row").count()).toBeLessThan(4);
    await page.getByTestId("clear-filter").click();
    await expect.poll(() => page.getByTestId("shop-row").count()).toBe(4);

    // The table sorts by title when asked.
    await page.getByTestId("sort-title").click();
    await page.waitForURL("**/shop?sort=title&order=asc");
    await expect
      .poll(() => page.getByTestId("row-title").allTextContents())
      .toEqual(["Handmade Sterling Silver Stacking Ring Set, Dainty Minimalist Rings for Women, Gift for Her", "Leaf earrings gift", "Moon necklace", "ring"]);
    await screenshot(page, "shop-desktop-light");

    // Optimize three listings: the progress bar survives a reload and reaches 3/3.
    for (const title of OPTIMIZED) await page.getByRole("checkbox", { name: `Select ${title}`, exact: true }).check();
    await page.getByTestId("selected-count").getByText("3 selected").waitFor();
    await page.getByTestId("optimize").click();
    await page.getByTestId("optimize-progress").waitFor();
    await page.reload();
    await page.getByTestId("optimize-progress").waitFor();
    await expect.poll(() => page.getByTestId("job-count").textContent(), LONG_TIMEOUT).toBe("3/3 listings done");
    await expect.poll(() => page.getByTestId("optimize-progress").getAttribute("data-status")).toBe("completed");
    await expect.poll(() => page.getByTestId("proposal-badge").count(), LONG_TIMEOUT).toBe(3);
    await screenshot(page, "shop-desktop-light-optimized");

    // Screens for a look, while the proposals wait: dark desktop, and a phone (the table becomes cards).
    const dark = await newContext(browser, { colorScheme: "dark" });
    const darkPage = await sameSession(page, dark);
    await darkPage.goto("/shop");
    await expect.poll(() => darkPage.getByTestId("proposal-badge").count(), LONG_TIMEOUT).toBe(3);
    await screenshot(darkPage, "shop-desktop-dark");
    await darkPage.goto("/shop/review");
    await expect.poll(() => darkPage.getByTestId("review-card").count(), LONG_TIMEOUT).toBe(3);
    await screenshot(darkPage, "shop-review-desktop-dark");
    await dark.close();

    const phone = await newContext(browser, { width: 375, height: 812 });
    const phonePage = await sameSession(page, phone);
    await phonePage.goto("/shop");
    await phonePage.getByTestId("shop-cards").waitFor(LONG_TIMEOUT);
    expect(await phonePage.getByTestId("shop-table").count()).toBe(0);
    const overflow = () => phonePage.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(await overflow()).toBe(0);
    await screenshot(phonePage, "shop-phone");
    await phonePage.goto("/shop/review");
    await expect.poll(() => phonePage.getByTestId("review-card").count(), LONG_TIMEOUT).toBe(3);
    expect(await overflow()).toBe(0);
    await screenshot(phonePage, "shop-review-phone");
    await phone.close();

    // A listing's page in the shop shows its facts, its audit and the proposal beside it.
    await page.getByTestId("row-title").filter({ hasText: "Leaf earrings gift" }).click();
    await page.waitForURL(/\/shop\/[^/]+$/);
    await page.getByTestId("shop-facts").getByText("LEAF-03").waitFor();
    await page.getByTestId("shop-facts").getByText("€32.00").waitFor();
    await page.getByTestId("shop-facts").getByText("Finish: Bright, Antiqued").waitFor();
    await page.getByTestId("shop-detail-proposal").getByTestId("proposal-compare").waitFor();
    await page.getByTestId("listing-audit").waitFor();
    await screenshot(page, "shop-listing-detail");
    await page.getByTestId("shop-detail-back").click();
    await page.waitForURL("**/shop");

    // Review: three proposals side by side; accept two, reject one.
    await page.getByTestId("job-review").first().click();
    await page.waitForURL("**/shop/review");
    await expect.poll(() => page.getByTestId("review-card").count(), LONG_TIMEOUT).toBe(3);
    await screenshot(page, "shop-review-desktop-light");
    await page.getByRole("button", { name: "Accept the proposal for Moon necklace", exact: true }).click();
    await page.getByTestId("accepted-item").first().waitFor();
    await page.getByRole("button", { name: "Accept the proposal for ring", exact: true }).click();
    await expect.poll(() => page.getByTestId("accepted-item").count()).toBe(2);
    await page.getByRole("button", { name: "Reject the proposal for Leaf earrings gift", exact: true }).click();
    await page.getByTestId("review-empty").getByText("All proposals reviewed").waitFor();
    const accepted = page.getByTestId("accepted-item");
    await accepted.first().getByRole("button", { name: "Copy Title" }).waitFor();
    await screenshot(page, "shop-review-accepted");

    // The export: the two accepted listings, nothing of the rejected one.
    const [download] = await Promise.all([page.waitForEvent("download"), page.getByTestId("accepted-list").getByTestId("shop-export").click()]);
    const csv = (await readFile((await download.path()) as string, "utf8")).replace(/^\uFEFF/, "");
    const [header, ...rows] = readCsv(csv.trimEnd());
    expect(header.length).toBeGreaterThanOrEqual(5);
    expect(rows).toHaveLength(2);
    const flat = rows.map((r) => r.join("|")).join("\n");
    expect(flat).toContain("MOON-01");
    expect(flat).toContain("RING-02");
    expect(flat).not.toContain("LEAF-03");

    // Restore: the accepted ring's history (on its listing page) brings back the imported text.
    const ringTitle = (await accepted.filter({ hasText: "SKU RING-02" }).getByTestId("accepted-title").textContent()) ?? "";
    expect(ringTitle).not.toBe("ring");
    await page.goto("/shop?q=RING-02");
    await expect.poll(() => page.getByTestId("row-title").allTextContents(), LONG_TIMEOUT).toEqual([ringTitle]);
    await page.getByTestId("row-title").first().click();
    await page.waitForURL(/\/shop\/[^/]+$/);
    await page.getByTestId("shop-facts").getByText("RING-02").waitFor();
    await page.getByTestId("shop-facts").getByText("garnet").waitFor();
    await page.getByTestId("listing-audit").waitFor();
    await page.getByTestId("shop-detail-history").click();
    await page.waitForURL(/\/listings\/[^/]+$/);
    await expect.poll(() => page.getByTestId("detail-title").textContent()).toBe(ringTitle);
    const history = page.getByTestId("section-history");
    await expect.poll(() => history.getByTestId("history-version").count()).toBe(2);
    await history.getByText("Proposal accepted").waitFor();
    await history.getByText("Imported from the shop").waitFor();
    await history.getByRole("button", { name: "Restore version 1" }).click();
    await page.getByTestId("confirm-restore").click();
    await expect.poll(() => page.getByTestId("detail-title").textContent()).toBe("ring");
    await expect.poll(() => history.getByTestId("history-version").count()).toBe(3);

    await context.close();
  });
});
