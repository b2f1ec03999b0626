import { execFileSync } from "node:child_process";
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

/** Spends `n` units of a feature's daily quota through the API, as real uses would. */
async function spend(token: string, feature: string, n: number) {
  for (let i = 0; i < n; i += 1) {
    const res = await fetch(`${baseURL()}/api/increment-quota`, {
      method: "POST",
      headers: { "Content-Type": "application/json", Authorization: `Bearer ${token}` },
      body: JSON.stringify({ featureKey: feature }),
    });
    expect(res.status).toBe(200);
  }
}

async function productPng(page: Page, hue: number): Promise<Buffer> {
  const dataUrl = await page.evaluate((h) => {
    const canvas = document.createElement("canvas");
    canvas.width = 240;
    canvas.height = 180;
    const ctx = canvas.getContext("2d")!;
    ctx.fillStyle = "#9a9a9a";
    ctx.fillRect(0, 0, 240, 180);
    ctx.fillStyle = `hsl(${h}, 60%, 35%)`;
    ctx.fillRect(70, 45, 100, 90);
    return canvas.toDataURL("image/png");
  }, hue);
  return Buffer.from(dataUrl.split(",")[1], "base64");
}

const png = (name: string, buffer: Buffer) => ({ name, mimeType: "image/png", buffer });

describe("quotas a person understands", () => {
  it("at 10/10 listing creations disables Generate, says so once, and 'See plans' leads to the plans section", async () => {
    const context = await newContext(browser);
    const page = await context.newPage();
    const { token, email } = await signInFast(page);
    await spend(token, "create-listing", 10);
    await page.goto("/create");
    await expect.poll(() => page.getByTestId("usage-used").textContent()).toBe("10/10 used");
    await page.getByTestId("quota-exhausted").waitFor();
    expect(await page.getByTestId("generate-listing").isDisabled()).toBe(true);
    // One message: the usage card's, no alert and no notice besides it.
    expect(await page.getByText("Daily limit reached").count()).toBe(1);
    expect(await page.getByTestId("quota-exhausted").textContent()).toContain("You have used all 10 listing generations for today. The limit resets at midnight UTC.");
    expect(await page.getByTestId("quota-alert").count()).toBe(0);
    expect(await page.locator("[data-slot=toast-title]").count()).toBe(0);
    await screenshot(page, "quota-create-exhausted");

    await page.getByTestId("see-plans").click();
    await page.waitForURL("**/profile#plans");
    const plans = page.getByTestId("plans-section");
    await plans.waitFor();
    await expect.poll(() => plans.evaluate((el) => el.getBoundingClientRect().top < window.innerHeight && el.getBoundingClientRect().bottom > 0)).toBe(true);
    expect(await plans.getByTestId("plan-free").getByTestId("plan-current").count()).toBe(1);
    expect(await plans.getByTestId("plan-premium-create-listing").textContent()).toContain("100 a day");
    const how = await plans.getByTestId("plans-how").textContent();
    expect(how).toContain("administrator");
    expect(how).toContain(email);

    // The account card's call to action goes to the same section instead of a dead-end notice.
    await page.getByTestId("upgrade-see-plans").click();
    await expect.poll(() => page.evaluate(() => location.hash)).toBe("#plans");
    expect(await page.locator("[data-slot=toast-title]").count()).toBe(0);
    await context.close();
  });

  it("at 10/10 image edits disables Edit and the batch, with one message", async () => {
    const context = await newContext(browser);
    const page = await context.newPage();
    const { token } = await signInFast(page);
    await spend(token, "edit-image", 10);
    await page.goto("/edit-image");
    await page.locator('main[data-ready="true"]').waitFor();
    await page.getByTestId("quota-exhausted").waitFor();
    await page.getByTestId("single-upload-input").setInputFiles(png("ring.png", await productPng(page, 220)));
    await page.getByTestId("single-prompt").fill("white background");
    expect(await page.getByTestId("single-submit").isDisabled()).toBe(true);
    await page.getByRole("tab", { name: "Batch Processing" }).click();
    expect(await page.getByTestId("batch-submit").isDisabled()).toBe(true);
    expect(await page.getByText("Daily limit reached").count()).toBe(1);
    expect(await page.getByTestId("quota-exhausted").textContent()).toContain("You have used all 10 image edits for today.");
    await context.close();
  });

  it("before a batch of 5 with 2 edits left, says 2 of 5 will be processed; going on processes 2, skips 3, and 'Download all' is one ZIP named after the originals", async () => {
    const context = await newContext(browser);
    const page = await context.newPage();
    const { token } = await signInFast(page);
    await spend(token, "edit-image", 8);
    await page.goto("/edit-image");
    await page.locator('main[data-ready="true"]').waitFor();
    await expect.poll(() => page.getByTestId("usage-used").textContent()).toBe("8/10 used");
    await page.getByRole("tab", { name: "Batch Processing" }).click();
    // Two photos share a name, as photos from two cameras do.
    const files = [png("photo.png", await productPng(page, 10)), png("photo.png", await productPng(page, 80))];
    for (const [i, hue] of [150, 200, 260].entries()) files.push(png(`extra-${i + 1}.png`, await productPng(page, hue)));
    await page.getByTestId("batch-upload-input").setInputFiles(files);
    await page.getByTestId("batch-prompt").fill("white background");
    await page.getByTestId("batch-submit").click();

    const question = page.getByTestId("batch-precheck");
    await question.waitFor();
    expect(await page.getByTestId("batch-precheck-text").textContent()).toBe(
      "You have 2 edits left today: 2 of 5 images will be processed. The others stay selected for when your edits reset at midnight UTC.",
    );
    await screenshot(page, "quota-batch-precheck");
    // Cancel sends nothing.
    await page.getByTestId("batch-precheck-cancel").click();
    await question.waitFor({ state: "hidden" });
    expect(await page.getByTestId("batch-results").count()).toBe(0);
    expect(await page.getByTestId("usage-used").textContent()).toBe("8/10 used");

    await page.getByTestId("batch-submit").click();
    await page.getByTestId("batch-precheck-proceed").click();
    await page.locator('[data-testid="batch-results"][data-status="completed"]').waitFor({ timeout: 60_000 });
    expect(await page.getByTestId("batch-item").count()).toBe(2);
    await expect.poll(() => page.locator("[data-slot=toast-description]").allTextContents()).toContain("2 of 5 images processed, 3 skipped (no edits left today), 0 failed.");
    expect(await page.getByText("Batch Processing Complete").count()).toBeGreaterThan(0);
    // The three left out stay selected; with no edits left the batch cannot start again.
    expect(await page.getByTestId("batch-selection").locator("li img").count()).toBe(3);
    await expect.poll(() => page.getByTestId("usage-used").textContent()).toBe("10/10 used");
    expect(await page.getByTestId("batch-submit").isDisabled()).toBe(true);

    const [download] = await Promise.all([page.waitForEvent("download"), page.getByTestId("batch-download-all").click()]);
    expect(download.suggestedFilename()).toMatch(/^listora-edited-\d{4}-\d{2}-\d{2}\.zip$/);
    const path = (await download.path())!;
    const listing = execFileSync("unzip", ["-Z1", path], { encoding: "utf8" }).trim().split("\n");
    expect(listing.sort()).toEqual(["photo (2).png", "photo.png"]);
    expect(execFileSync("unzip", ["-t", path], { encoding: "utf8" })).toContain("No errors detected");
    await context.close();
  });
});

describe("the GPT editor's batch", () => {
  it("asks before a batch larger than the edits left, processes only that many, and reports the skipped ones", async () => {
    const context = await newContext(browser);
    const page = await context.newPage();
    const { token } = await signInFast(page);
    await spend(token, "edit-image", 9);
    await page.goto("/edit-image-gpt");
    await page.locator('main[data-ready="true"]').waitFor();
    await page.getByRole("tab", { name: "Batch Processing" }).click();
    await page.getByTestId("gpt-batch-upload-input").setInputFiles([png("mug.png", await productPng(page, 30)), png("vase.png", await productPng(page, 120))]);
    await page.getByTestId("gpt-batch-prompt").fill("sharpen");
    await page.getByTestId("gpt-batch-submit").click();
    expect(await page.getByTestId("batch-precheck-text").textContent()).toBe(
      "You have 1 edit left today: 1 of 2 images will be processed. The others stay selected for when your edits reset at midnight UTC.",
    );
    await page.getByTestId("batch-precheck-proceed").click();
    await expect.poll(() => page.locator('[data-testid="gpt-batch-item"][data-status="completed"]').count(), { timeout: 60_000 }).toBe(1);
    expect(await page.getByTestId("gpt-batch-item").count()).toBe(1);
    await expect.poll(() => page.locator("[data-slot=toast-description]").allTextContents()).toContain("1 of 2 images processed, 1 skipped (no edits left today), 0 failed.");
    await context.close();
  });
});
