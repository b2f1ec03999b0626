import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launchBrowser, newContext, pageApi, screenshot, signInFast } from "./browser";

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/** A product photo drawn by the browser: a dark rounded product on a flat grey background. */
async function productPng(page: Page, options: { width?: number; height?: number; background?: string; product?: string } = {}): Promise<Buffer> {
  const dataUrl = await page.evaluate(
    ({ width, height, background, product }) => {
      const canvas = document.createElement("canvas");
      canvas.width = width;
      canvas.height = height;
      const ctx = canvas.getContext("2d")!;
      ctx.fillStyle = background;
      ctx.fillRect(0, 0, width, height);
      ctx.fillStyle = product;
      ctx.beginPath();
      ctx.roundRect(width * 0.3, height * 0.25, width * 0.4, height * 0.5, 24);
      ctx.fill();
      ctx.fillStyle = "#d4af37";
      ctx.beginPath();
      ctx.arc(width / 2, height / 2, Math.min(width, height) * 0.08, 0, Math.PI * 2);
      ctx.fill();
      return canvas.toDataURL("image/png");
    },
    { width: options.width ?? 480, height: options.height ?? 360, background: options.background ?? "#9a9a9a", product: options.product ?? "#2b3a67" },
  );
  return Buffer.from(dataUrl.split(",")[1], "base64");
}

const png = (name: string, buffer: Buffer) => ({ name, mimeType: "image/png", buffer });

/**
 * A 4000 x 3000 phone photo of about 7.5 MB (grainy, JPEG quality 0.97) drawn by the browser, with an
 * EXIF orientation of 6 (turn 90° clockwise), so shown upright it is 3000 wide and 4000 tall.
 */
function sevenMegabyteJpeg(page: Page): Promise<{ name: string; mimeType: string; buffer: Buffer }> {
  // Drawn once per file: both editors' tests upload the same photo.
  sevenMegabytePhoto ??= drawSevenMegabyteJpeg(page);
  return sevenMegabytePhoto;
}
let sevenMegabytePhoto: Promise<{ name: string; mimeType: string; buffer: Buffer }> | undefined;

async function drawSevenMegabyteJpeg(page: Page): Promise<{ name: string; mimeType: string; buffer: Buffer }> {
  const dataUrl = await page.evaluate(async () => {
    const w = 4000;
    const h = 3000;
    const canvas = document.createElement("canvas");
    canvas.width = w;
    canvas.height = h;
    const ctx = canvas.getContext("2d")!;
    const img = ctx.createImageData(w, h);
    let s = 99;
    const product = [215, 162, 26];
    const backdrop = [232, 230, 226];
    for (let y = 0; y < h; y++) {
      for (let x = 0; x < w; x++) {
        s = (s * 1103515245 + 12345) & 0x7fffffff;
        const n = (s % 49) - 24;
        const inside = (x - 2000) ** 2 / 1200 ** 2 + (y - 1500) ** 2 / 1000 ** 2 < 1;
        const c = inside ? product : backdrop;
        const o = (y * w + x) * 4;
        img.data[o] = c[0] + n;
        img.data[o + 1] = c[1] + n;
        img.data[o + 2] = c[2] + n;
        img.data[o + 3] = 255;
      }
    }
    ctx.putImageData(img, 0, 0);
    const blob = await new Promise<Blob>((resolve) => canvas.toBlob((b) => resolve(b!), "image/jpeg", 0.97));
    return new Promise<string>((resolve) => {
      const reader = new FileReader();
      reader.onload = () => resolve(reader.result as string);
      reader.readAsDataURL(blob);
    });
  });
  const jpeg = Buffer.from(dataUrl.split(",")[1], "base64");
  // APP1 Exif, big-endian TIFF with one IFD0 entry: Orientation (0x0112) = 6.
  const tiff = [0x4d, 0x4d, 0, 0x2a, 0, 0, 0, 8, 0, 1, 0x01, 0x12, 0, 3, 0, 0, 0, 1, 0, 6, 0, 0, 0, 0, 0, 0];
  const payload = [0x45, 0x78, 0x69, 0x66, 0, 0, ...tiff];
  const app1 = Buffer.from([0xff, 0xe1, (payload.length + 2) >> 8, (payload.length + 2) & 0xff, ...payload]);
  const buffer = Buffer.concat([jpeg.subarray(0, 2), app1, jpeg.subarray(2)]);
  expect(buffer.length).toBeGreaterThan(7 * 1024 * 1024);
  return { name: "phone-photo.jpg", mimeType: "image/jpeg", buffer };
}

async function openEditor(page: Page, path = "/edit-image") {
  await page.goto(path);
  await page.locator('main[data-ready="true"]').waitFor();
}

describe("Image Editor (/edit-image)", () => {
  it("edits one photo to a white background, shows before/after and downloads an edited- file", async () => {
    const context = await newContext(browser);
    const page = await context.newPage();
    await signInFast(page);
    await openEditor(page);
    await page.getByRole("heading", { name: "Image Editor" }).waitFor();
    await page.getByText("JPEG or PNG up to 5MB", { exact: true }).waitFor();
    await expect.poll(() => page.getByTestId("active-editor").textContent()).toContain("Local image editor (offline default)");
    await expect.poll(() => page.getByTestId("usage-used").textContent()).toBe("0/10 used");

    // The example popover fills the instruction.
    await page.getByTestId("example-prompts").first().click();
    await page.getByRole("tab", { name: "Lighting" }).click();
    await page.getByRole("button", { name: "Brighten the photo, it is too dark" }).click();
    expect(await page.getByTestId("single-prompt").inputValue()).toBe("Brighten the photo, it is too dark");

    await page.getByTestId("single-upload-input").setInputFiles(png("ring.png", await productPng(page)));
    await page.getByTestId("source-name").getByText("ring.png").waitFor();
    await page.getByTestId("single-prompt").fill("white background");
    await page.getByTestId("single-submit").click();
    await page.getByTestId("single-result").waitFor({ timeout: 60_000 });
    await page.getByText("Image Edited Successfully").first().waitFor();
    await page.getByTestId("what-we-did").getByText("What we did").waitFor();
    expect(await page.getByTestId("what-we-did").textContent()).toMatch(/pure white/i);
    // The result's own figures, in words (decision 0032), and the charge.
    expect(await page.getByTestId("check-background").textContent()).toMatch(/^\d+(\.\d)? % of the background is now white\./);
    await page.getByTestId("edit-charge").getByText("Used 1 of your daily edits.").waitFor();
    expect(await page.getByTestId("alt-text-value").textContent()).toMatch(/on a plain white background$/);
    await expect.poll(() => page.getByTestId("usage-used").textContent()).toBe("1/10 used");
    // The checklist's image step is kept on the account (decision 0016).
    // The page's own fetch, signed in by the session cookie.
    const steps = await page.evaluate(async () => {
      const res = await fetch("/api/onboarding");
      return ((await res.json()) as { data: { steps: Record<string, boolean> } }).data.steps;
    });
    expect(steps.image).toBe(true);

    // The comparison split is a keyboard-operable range input.
    const range = page.getByRole("slider", { name: "Before and after split" });
    expect(await range.inputValue()).toBe("50");
    await range.focus();
    await page.keyboard.press("ArrowLeft");
    await page.keyboard.press("ArrowLeft");
    expect(await range.inputValue()).toBe("48");
    await screenshot(page, "image-editor-single-light");

    const [download] = await Promise.all([page.waitForEvent("download"), page.getByTestId("single-download").click()]);
    expect(download.suggestedFilename()).toMatch(/^edited-ring\.(png|jpg)$/);
    await page.getByText("Download Started").first().waitFor();
    await context.close();
  });

  it("makes a 7 MB photo smaller in the browser, upright, and edits it; the batch takes it too", async () => {
    const context = await newContext(browser);
    const page = await context.newPage();
    await signInFast(page);
    await openEditor(page);
    const photo = await sevenMegabyteJpeg(page);
    await page.getByTestId("single-upload-input").setInputFiles(photo);
    await page.getByTestId("downscaled-note").waitFor();
    expect(await page.getByTestId("downscaled-note").textContent()).toMatch(/^Made smaller in your browser to fit the 5MB limit: 7\.\d MB → [1-4]\.\d MB\.$/);
    expect(await page.getByTestId("file-error").count()).toBe(0);
    // EXIF orientation 6 is applied: the 4000 x 3000 photo stands upright, at least 2000 px tall.
    const [width, height] = ((await page.getByTestId("source-name").locator("xpath=following-sibling::p[1]").textContent()) ?? "").match(/\d+/g)!.map(Number);
    expect(height).toBeGreaterThan(width);
    expect(height).toBeGreaterThanOrEqual(2000);
    await page.getByTestId("single-prompt").fill("white background");
    await page.getByTestId("single-submit").click();
    await page.getByTestId("single-result").waitFor({ timeout: 90_000 });

    await page.getByRole("tab", { name: "Batch Processing" }).click();
    await page.getByTestId("batch-upload-input").setInputFiles([photo]);
    await expect.poll(() => page.getByTestId("batch-selection").locator("li img").count(), { timeout: 30_000 }).toBe(1);
    expect(await page.getByText("1 file(s) exceed the 5MB size limit.").count()).toBe(0);
    await context.close();
  }, 180_000);

  it("says plainly what the offline editor cannot do instead of claiming success", async () => {
    const context = await newContext(browser);
    const page = await context.newPage();
    await signInFast(page);
    await openEditor(page);
    await page.getByTestId("single-upload-input").setInputFiles(png("mug.png", await productPng(page)));
    await page.getByTestId("single-prompt").fill("remove the text from the mug");
    await page.getByTestId("single-submit").click();
    const refusal = page.getByTestId("single-error");
    await refusal.waitFor({ timeout: 60_000 });
    await refusal.getByText("Image Not Edited").waitFor();
    await refusal.getByText("The image was not edited: the offline editor cannot do what was asked.").waitFor();
    expect(await refusal.getByTestId("not-applied-list").textContent()).toMatch(/“remove the text from the mug”: Removing text, logos, objects or shadows needs a generative AI editor/);
    expect(await page.getByText("Image Edited Successfully").count()).toBe(0);
    await expect.poll(() => page.getByTestId("usage-used").textContent()).toBe("0/10 used");
    await screenshot(page, "image-editor-refusal");

    // Part done, part refused: the plan says so before anything is edited, then the result says it again.
    await page.getByTestId("single-prompt").fill("brighten it and place it on a wooden table");
    await page.getByTestId("single-submit").click();
    const plan = page.getByTestId("plan-preview");
    await plan.waitFor({ timeout: 30_000 });
    expect(await plan.textContent()).toMatch(/Will not be done:.*“place it on a wooden table”: Putting the product in a new scene/);
    await screenshot(page, "image-editor-plan-preview");
    await expect.poll(() => page.getByTestId("usage-used").textContent()).toBe("0/10 used");
    await page.getByTestId("plan-edit-anyway").click();
    await page.getByTestId("single-result").waitFor({ timeout: 60_000 });
    await page.getByText("Image Edited, Not Everything Done").first().waitFor();
    expect(await page.getByTestId("not-applied").textContent()).toMatch(/Not done.*“place it on a wooden table”: Putting the product in a new scene/);
    await screenshot(page, "image-editor-partial");
    await context.close();
  }, 120_000);

  it("refuses a 6 MB file, a text file, more than 10 images and a missing prompt with the SPEC's messages", async () => {
    const context = await newContext(browser);
    const page = await context.newPage();
    await signInFast(page);
    await openEditor(page);

    const big = Buffer.alloc(6 * 1024 * 1024, 1);
    await page.getByTestId("single-upload-input").setInputFiles(png("huge.png", big));
    await page.getByText("Image size exceeds 5MB limit. Please select a smaller image.").waitFor();
    await page.getByTestId("single-upload-input").setInputFiles({ name: "notes.png", mimeType: "text/plain", buffer: Buffer.from("just some text") });
    await page.getByText("Failed to read the image file. Please try another image.").waitFor();
    await page.getByTestId("single-submit").click();
    await page.getByText("Please select an image and enter a prompt").waitFor();

    // A copied photo can be pasted instead of chosen.
    await page.evaluate(async () => {
      const canvas = document.createElement("canvas");
      canvas.width = canvas.height = 50;
      canvas.getContext("2d")!.fillRect(10, 10, 30, 30);
      const blob = await new Promise<Blob>((resolve) => canvas.toBlob((b) => resolve(b!), "image/png"));
      const data = new DataTransfer();
      data.items.add(new File([blob], "pasted.png", { type: "image/png" }));
      document.body.dispatchEvent(new ClipboardEvent("paste", { clipboardData: data, bubbles: true }));
    });
    await page.getByTestId("source-name").getByText("pasted.png").waitFor();

    await page.getByRole("tab", { name: "Batch Processing" }).click();
    const small = await productPng(page, { width: 64, height: 64 });
    await page.getByTestId("batch-upload-input").setInputFiles([{ name: "notes.txt", mimeType: "text/plain", buffer: Buffer.from("hello") }, png("big.png", big), png("ok.png", small)]);
    await page.getByText("1 file(s) are not images. Please select only image files.").waitFor();
    await page.getByText("1 file(s) exceed the 5MB size limit.").waitFor();
    expect(await page.getByTestId("batch-selection").locator("li img").count()).toBe(1);

    await page.getByRole("button", { name: "Clear all" }).click();
    await page.getByTestId("batch-upload-input").setInputFiles(Array.from({ length: 11 }, (_, i) => png(`p${i}.png`, small)));
    await page.getByText("You can only upload up to 10 images at a time.").waitFor();
    await page.getByTestId("batch-submit").click();
    await page.getByText("Please select images and enter a prompt").waitFor();
    await context.close();
  });

  it("runs a batch of three on the server with live progress, and shows it again after leaving", async () => {
    const context = await newContext(browser);
    const page = await context.newPage();
    await signInFast(page);
    await openEditor(page);
    await page.getByRole("tab", { name: "Batch Processing" }).click();
    const files = await Promise.all(["#8f8f8f", "#a0a0a0", "#b5b5b5"].map((background) => productPng(page, { background })));
    await page.getByTestId("batch-upload-input").setInputFiles(files.map((buffer, i) => png(`item-${i + 1}.png`, buffer)));
    await page.getByTestId("batch-prompt").fill("white background, sharpen");
    expect(await page.getByTestId("batch-submit").textContent()).toContain("Process 3 Images");
    await page.getByTestId("batch-submit").click();

    await page.getByTestId("batch-results").waitFor();
    await expect.poll(() => page.getByTestId("batch-item").count()).toBe(3);
    // Progress moves through the statuses while the page watches.
    await page.locator('[data-testid="batch-item"][data-status="completed"]').first().waitFor({ timeout: 60_000 });
    await screenshot(page, "image-editor-batch-running");
    await page.locator('[data-testid="batch-results"][data-status="completed"]').waitFor({ timeout: 60_000 });
    await expect.poll(() => page.locator('[data-testid="batch-item"][data-status="completed"]').count()).toBe(3);
    expect(await page.getByTestId("batch-progress-text").textContent()).toBe("3 of 3 images processed");
    await page.getByText("Batch Processing Complete").first().waitFor();
    await page.getByText("3 of 3 images processed, 0 skipped (no edits left today), 0 failed.").first().waitFor();
    await screenshot(page, "image-editor-batch-done");
    expect(await page.getByTestId("batch-submit").textContent()).toContain("Process Images");

    // A finished image opens in a before/after comparison.
    await page.getByRole("button", { name: "Compare before and after: item-2.png" }).click();
    await page.getByRole("dialog").getByRole("slider", { name: "Before and after split" }).waitFor();
    await screenshot(page, "image-editor-batch-compare");
    await page.keyboard.press("Escape");

    const [download] = await Promise.all([page.waitForEvent("download"), page.getByTestId("batch-item-download").first().click()]);
    expect(download.suggestedFilename()).toMatch(/^edited-item-1\.(png|jpg)$/);

    // Leaving and coming back shows the same batch, read from the server.
    await page.goto("/dashboard");
    await openEditor(page);
    await page.getByRole("tab", { name: "Batch Processing" }).click();
    await expect.poll(() => page.locator('[data-testid="batch-item"][data-status="completed"]').count(), { timeout: 15_000 }).toBe(3);
    await context.close();
  });

  it("finishes a batch while the user is away and announces it on return", async () => {
    const context = await newContext(browser);
    const page = await context.newPage();
    await signInFast(page);
    await openEditor(page);
    await page.getByRole("tab", { name: "Batch Processing" }).click();
    const files = await Promise.all([0, 1].map(() => productPng(page, { width: 200, height: 200 })));
    await page.getByTestId("batch-upload-input").setInputFiles(files.map((buffer, i) => png(`away-${i}.png`, buffer)));
    await page.getByTestId("batch-prompt").fill("brighten");
    await page.getByTestId("batch-submit").click();
    await page.getByTestId("batch-results").waitFor();
    const batchId = await page.evaluate(() => (JSON.parse(localStorage.getItem("listora.imageEditor.batch") ?? "null") as { id: string } | null)?.id);
    expect(batchId).toBeTruthy();
    await page.goto("/dashboard");
    // Away from the editor until the server says the batch is done.
    await expect.poll(async () => (await pageApi<{ data?: { status?: string } }>(page, `/api/batches/${batchId}`)).body?.data?.status, { timeout: 30_000, interval: 250 }).toBe("completed");
    await openEditor(page);
    await page.getByTestId("batch-away").waitFor({ timeout: 15_000 });
    await expect.poll(() => page.locator('[data-testid="batch-item"][data-status="completed"]').count()).toBe(2);
    await context.close();
  });

  it("looks right in dark mode and at 375 px", async () => {
    for (const [name, options] of [
      ["dark", { colorScheme: "dark" as const }],
      ["mobile", { width: 375, height: 812 }],
    ] as const) {
      const context = await newContext(browser, options);
      const page = await context.newPage();
      await signInFast(page);
      await openEditor(page);
      await page.getByTestId("single-upload-input").setInputFiles(png("vase.png", await productPng(page)));
      await page.getByTestId("single-prompt").fill("white background and brighten");
      await page.getByTestId("single-submit").click();
      await page.getByTestId("single-result").waitFor({ timeout: 60_000 });
      await screenshot(page, `image-editor-single-${name}`);
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
      expect(overflow).toBeLessThanOrEqual(0);
      await openEditor(page, "/edit-image-gpt");
      await page.getByTestId("gpt-placeholder").waitFor();
      await screenshot(page, `image-editor-gpt-${name}`);
      expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(0);
      await context.close();
    }
  });
});

describe("Image Editor (GPT) (/edit-image-gpt)", () => {
  it("says it runs offline, edits one image with the local editor and downloads edited-image-{timestamp}.png", async () => {
    const context = await newContext(browser);
    const page = await context.newPage();
    await signInFast(page);
    await openEditor(page, "/edit-image-gpt");
    await page.getByRole("heading", { name: "Image Editor (GPT)" }).waitFor();
    await page.getByText("PNG, JPG or WEBP, max 5MB", { exact: true }).waitFor();
    await page.getByText("No OpenAI key configured: edits run on the local image editor (offline default)").waitFor();
    expect(await page.getByTestId("gpt-submit").isDisabled()).toBe(true);
    await page.getByText("Edited Result").waitFor();

    await page.getByTestId("gpt-upload-input").setInputFiles(png("mug.png", await productPng(page)));
    await page.getByTestId("gpt-change-image").waitFor();
    await page.getByTestId("gpt-prompt").fill("Replace the background with pure white");
    await page.getByTestId("gpt-submit").click();
    await page.getByTestId("gpt-result").waitFor({ timeout: 60_000 });
    await page.getByText("Image Edited Successfully").first().waitFor();
    await page.getByTestId("gpt-response-text").waitFor();
    await screenshot(page, "image-editor-gpt-single-light");

    const [download] = await Promise.all([page.waitForEvent("download"), page.getByTestId("gpt-download").click()]);
    expect(download.suggestedFilename()).toMatch(/^edited-image-\d+\.png$/);
    await page.getByText("Image Downloaded").first().waitFor();
    await context.close();
  });

  it("makes a 7 MB photo smaller in the browser on the single and batch tabs, and shows a refusal plainly", async () => {
    const context = await newContext(browser);
    const page = await context.newPage();
    await signInFast(page);
    await openEditor(page, "/edit-image-gpt");
    const photo = await sevenMegabyteJpeg(page);
    await page.getByTestId("gpt-upload-input").setInputFiles(photo);
    await page.getByTestId("gpt-downscaled-note").waitFor();
    expect(await page.getByTestId("gpt-source-name").textContent()).toBe("phone-photo.jpg");
    await page.getByTestId("gpt-prompt").fill("add a soft shadow under it");
    await page.getByTestId("gpt-submit").click();
    const refusal = page.getByTestId("gpt-refusal");
    await refusal.waitFor({ timeout: 90_000 });
    await refusal.getByText("The image was not edited: the offline editor cannot do what was asked.").waitFor();
    expect(await refusal.textContent()).toMatch(/“add a soft shadow under it”: Adding shadows/);
    await screenshot(page, "image-editor-gpt-refusal");

    await page.getByRole("tab", { name: "Batch Processing" }).click();
    await page.getByTestId("gpt-batch-upload-input").setInputFiles([photo]);
    await page.getByTestId("gpt-batch-prompt").fill("sharpen");
    await expect.poll(() => page.getByTestId("gpt-batch-submit").textContent(), { timeout: 30_000 }).toContain("Start Batch Processing 1 Images");
    await context.close();
  }, 180_000);

  it("edits a batch in the browser one file at a time and clears the results when the selection changes", async () => {
    const context = await newContext(browser);
    const page = await context.newPage();
    await signInFast(page);
    await openEditor(page, "/edit-image-gpt");
    await page.getByRole("tab", { name: "Batch Processing" }).click();
    const files = await Promise.all([0, 1].map(() => productPng(page, { width: 160, height: 160 })));
    await page.getByTestId("gpt-batch-upload-input").setInputFiles(files.map((buffer, i) => png(`g-${i}.png`, buffer)));
    await page.getByTestId("gpt-batch-prompt").fill("sharpen");
    expect(await page.getByTestId("gpt-batch-submit").textContent()).toContain("Start Batch Processing 2 Images");
    await page.getByTestId("gpt-batch-submit").click();
    await page.getByTestId("gpt-batch-results").waitFor();
    await expect.poll(() => page.locator('[data-testid="gpt-batch-item"][data-status="completed"]').count(), { timeout: 60_000 }).toBe(2);
    await page.getByText("2 of 2 images processed, 0 skipped (no edits left today), 0 failed.").first().waitFor();
    await screenshot(page, "image-editor-gpt-batch");

    await page.getByRole("button", { name: "Change Images" }).waitFor();
    await page.getByTestId("gpt-batch-upload-input").setInputFiles([png("new.png", files[0])]);
    await expect.poll(() => page.getByTestId("gpt-batch-results").count()).toBe(0);
    await context.close();
  });
});
