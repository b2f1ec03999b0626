import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { baseURL, launchBrowser, newContext, screenshot, signInFast } from "./browser";

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const PRODUCT = "Knitted baby blanket in blue merino wool, 30x40 inches. Hand wash only.";

async function generate(page: Page) {
  await page.goto("/create");
  await page.getByLabel("Product description").fill(PRODUCT);
  await page.getByTestId("generate-listing").click();
  await page.getByTestId("result-facts").waitFor();
}

const factTexts = (page: Page) => page.getByTestId("result-facts").getByTestId("fact-item").allTextContents();

describe('"Facts we used" on Create Listing', () => {
  it("shows the facts read from the prompt, and a correction the seller saves reaches the regenerated description", async () => {
    const context = await newContext(browser);
    const page = await context.newPage();
    await signInFast(page);
    await generate(page);
    await expect.poll(() => factTexts(page)).toEqual(expect.arrayContaining(["Colour: blue", "Size: 30x40 inches", "Care: hand wash only"]));
    await page.getByTestId("part-description").and(page.locator("[data-ready=true]")).waitFor();
    expect(await page.getByTestId("result-description").textContent()).toMatch(/blue/i);

    // Remove the colour, correct the care and add a missing count.
    const facts = page.getByTestId("result-facts");
    await facts.getByTestId("fact-correct").click();
    await facts.getByRole("button", { name: "Remove blue" }).click();
    const rows = facts.getByTestId("fact-row");
    const care = rows.filter({ has: page.locator("select option:checked", { hasText: "Care" }) });
    await care.getByTestId("fact-value").fill("machine wash cold");
    await facts.getByTestId("fact-add").click();
    const added = rows.last();
    await added.getByTestId("fact-kind").selectOption("count");
    await added.getByTestId("fact-value").fill("set of 2");
    await screenshot(page, "facts-create-editing");
    await facts.getByTestId("fact-save").click();
    await facts.getByText("Facts saved. The listing is written from them the next time.").waitFor();
    const saved = await factTexts(page);
    expect(saved).toEqual(expect.arrayContaining(["Care: machine wash cold", "Quantity: set of 2"]));
    expect(saved).not.toContain("Colour: blue");

    // Regenerating the description writes it from the corrected facts.
    await page.getByRole("button", { name: "Regenerate description" }).click();
    await expect.poll(async () => (await page.getByTestId("result-description").textContent()) ?? "").toMatch(/machine wash cold/i);
    const description = (await page.getByTestId("result-description").textContent()) ?? "";
    expect(description).not.toMatch(/blue/i);
    expect(description).toMatch(/set of 2/i);
    await screenshot(page, "facts-create-corrected");
    await context.close();
  });

  it("refuses an empty fact with a clear message and keeps the list as it was", async () => {
    const context = await newContext(browser, { width: 390, height: 844, colorScheme: "dark" });
    const page = await context.newPage();
    await signInFast(page);
    await generate(page);
    const facts = page.getByTestId("result-facts");
    await expect.poll(() => factTexts(page)).toContain("Colour: blue");
    await facts.getByTestId("fact-correct").click();
    await facts.getByTestId("fact-add").click();
    await facts.getByTestId("fact-save").click();
    await facts.getByText("A fact cannot be empty: remove it instead.").waitFor();
    await facts.screenshot({ path: "test-results/screenshots/facts-create-phone-dark-list.png" });
    await screenshot(page, "facts-create-phone-dark");
    await facts.getByRole("button", { name: "Cancel" }).click();
    expect(await factTexts(page)).toContain("Colour: blue");
    await context.close();
  });

  it("lets the seller correct the facts on the listing detail, and keeps the correction after a reload", async () => {
    const context = await newContext(browser, { width: 390, height: 844 });
    const page = await context.newPage();
    const { token } = await signInFast(page);
    const res = await fetch(`${baseURL()}/api/listings/generate`, {
      method: "POST",
      headers: { "Content-Type": "application/json", Authorization: `Bearer ${token}` },
      body: JSON.stringify({ description: PRODUCT, keywords: [], platform: "etsy" }),
    });
    const done = JSON.parse((await res.text()).trim().split("\n").at(-1)!) as { listing: { id: string } };
    const id = done.listing.id;
    await page.goto(`/listings/${id}`);
    const facts = page.getByTestId("section-facts");
    await expect.poll(() => facts.getByTestId("fact-item").allTextContents()).toContain("Colour: blue");
    await facts.getByTestId("fact-correct").click();
    await facts.getByRole("button", { name: "Remove blue" }).click();
    await facts.getByTestId("fact-save").click();
    await facts.getByText("Facts saved. The listing is written from them the next time.").waitFor();
    await facts.screenshot({ path: "test-results/screenshots/facts-detail-phone-list.png" });
    await page.reload();
    await facts.getByText("Corrected by you").waitFor();
    const after = await facts.getByTestId("fact-item").allTextContents();
    expect(after).not.toContain("Colour: blue");
    expect(after).toContain("Size: 30x40 inches");
    await context.close();
  });
});
