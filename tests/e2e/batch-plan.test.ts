/**
 * The batch screen's plan preview (decisions 0032, 0040): before a batch starts, the seller sees what
 * the instruction will do to each photo and what it will not, with the reasons; an instruction of which
 * nothing can be done does not start a batch.
 */
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launchBrowser, newContext, screenshot, signInFast } from "./browser";

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/** A dark product on a flat grey backdrop, drawn by the browser. */
async function productPng(page: Page, background: string): Promise<Buffer> {
  const dataUrl = await page.evaluate((bg) => {
    const canvas = document.createElement("canvas");
    canvas.width = 320;
    canvas.height = 240;
    const ctx = canvas.getContext("2d")!;
    ctx.fillStyle = bg;
    ctx.fillRect(0, 0, 320, 240);
    ctx.fillStyle = "#2b3a67";
    ctx.beginPath();
    ctx.roundRect(100, 60, 120, 120, 20);
    ctx.fill();
    return canvas.toDataURL("image/png");
  }, background);
  return Buffer.from(dataUrl.split(",")[1], "base64");
}

async function openBatch(page: Page) {
  await page.goto("/edit-image");
  await page.locator('main[data-ready="true"]').waitFor();
  await page.getByRole("tab", { name: "Batch Processing" }).click();
  const files = await Promise.all(["#8f8f8f", "#a5a5a5"].map((bg) => productPng(page, bg)));
  await page.getByTestId("batch-upload-input").setInputFiles(files.map((buffer, i) => ({ name: `mug-${i + 1}.png`, mimeType: "image/png", buffer })));
  await expect.poll(() => page.getByTestId("batch-selection").locator("li img").count()).toBe(2);
}

describe("the batch screen's plan preview", () => {
  it("shows what will be done and what will not, with the reason, before the batch starts", async () => {
    const context = await newContext(browser);
    const page = await context.newPage();
    await signInFast(page);
    await openBatch(page);
    await page.getByTestId("batch-prompt").fill("white background, brighten, add a candle next to it");
    const plan = page.getByTestId("batch-plan");
    await plan.getByTestId("batch-plan-not-applied").waitFor();
    expect(await plan.getByTestId("batch-plan-steps").textContent()).toContain("pure white");
    expect(await plan.getByTestId("batch-plan-not-applied").textContent()).toMatch(/“add a candle next to it”: Etsy asks that listing photos show the actual item/);
    await screenshot(page, "image-editor-batch-plan");
    // Nothing was started: no results yet.
    expect(await page.getByTestId("batch-results").count()).toBe(0);

    // An instruction of which nothing can be done is refused before anything is sent.
    await page.getByTestId("batch-prompt").fill("add a Christmas tree behind it");
    await page.locator('[data-testid="batch-plan"][data-refused="true"]').waitFor();
    await page.getByTestId("batch-submit").click();
    await page.getByTestId("batch-start-error").getByText("Nothing in this instruction can be done, so the batch will not start").waitFor();
    expect(await page.getByTestId("batch-results").count()).toBe(0);

    // A doable one starts; the preview gives way to the batch's progress.
    await page.getByTestId("batch-prompt").fill("white background");
    await expect.poll(() => page.getByTestId("batch-plan-steps").textContent()).toContain("pure white");
    expect(await page.getByTestId("batch-plan-not-applied").count()).toBe(0);
    await page.getByTestId("batch-submit").click();
    await page.getByTestId("batch-results").waitFor();
    expect(await page.getByTestId("batch-plan").count()).toBe(0);
    await page.locator('[data-testid="batch-results"][data-status="completed"]').waitFor({ timeout: 60_000 });
    await context.close();
  }, 120_000);

  it("fits a phone in the dark theme, the refused part and its reason included", async () => {
    const context = await newContext(browser, { width: 390, height: 844, colorScheme: "dark" });
    const page = await context.newPage();
    await signInFast(page);
    await openBatch(page);
    await page.getByTestId("batch-prompt").fill("make the background white and put it on a marble kitchen counter");
    await page.getByTestId("batch-plan-not-applied").waitFor();
    await screenshot(page, "image-editor-batch-plan-phone-dark");
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await context.close();
  }, 60_000);
});
