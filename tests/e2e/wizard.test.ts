import { readFile } from "node:fs/promises";
import { PDFDocument } from "pdf-lib";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { briefText, baseURL, launchBrowser, newContext, screenshot, sessionToken, settled, signInFast } from "./browser";

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/**
 * A rough pattern as a seller pastes it: R1/R2 labels, counts in (), [], "- 18", a part without numbers,
 * and one mistake: round 4 (line 18) makes 24 stitches but says 18.
 */
const PATTERN = `Chubby Whale Amigurumi
A round little whale worked in continuous rounds, a quick weekend make.

Size: about 10 cm long

Materials
- Worsted weight cotton yarn in blue (approx 40 m) and white (10 m)
- 3.5 mm crochet hook
- 8 mm safety eyes
- Fiberfill stuffing, stitch marker, tapestry needle

Gauge: 5 sc x 6 rounds = 2.5 cm. Gauge is not critical.

Body
R1: 6 SC in a magic ring (6)
R2: inc in each st around [12]
R3: (sc, inc)x6 - 18 sts
R4: (2sc, inc) x 6 (18)
R5-R9: sc around (24)
Insert the safety eyes between rounds 6 and 7, 7 stitches apart.
R10: (2 sc, dec) x 6 (18)
R11: (sc, dec) x 6 (12)
Stuff firmly.
R12: dec 6 times (6)
Fasten off and close the hole.

Tail
Ch 6, sc in 2nd ch from hook and next 4 ch. Sew to the back of the body.
`;

async function token(page: Page) {
  return (await sessionToken(page)) as string;
}

async function apiGet<T>(page: Page, path: string): Promise<T> {
  const res = await fetch(`${baseURL()}${path}`, { headers: { Authorization: `Bearer ${await token(page)}` } });
  expect(res.status).toBe(200);
  return (await res.json()) as T;
}

async function wizardProgress(page: Page) {
  return page.getByTestId("wizard-progress").getByRole("progressbar").getAttribute("aria-valuenow");
}

async function optimizeStep(page: Page, pattern = PATTERN) {
  await page.goto("/optimize");
  await page.getByRole("heading", { name: "Step 1 of 3 Optimize Pattern" }).waitFor();
  await page.getByTestId("original-pattern").fill(pattern);
  await page.getByTestId("optimize-button").click();
  await expect.poll(() => page.getByTestId("optimized-output").inputValue(), { timeout: 30_000 }).toContain("## Instructions");
}

describe("the pattern wizard in the browser", () => {
  it("goes from a pasted pattern to a saved listing with its PDF, and survives a reload", async () => {
    const context = await newContext(browser);
    await context.grantPermissions(["clipboard-read", "clipboard-write"], { origin: baseURL() });
    const page = await context.newPage();
    await signInFast(page);

    // The sidebar leads to the wizard.
    await page.goto("/dashboard");
    await page.getByRole("navigation", { name: "Tools" }).getByRole("link", { name: "Pattern Wizard" }).click();
    await page.waitForURL("**/optimize");

    // Step 1: the Optimize button waits for a pattern; blank text does not count.
    await page.getByRole("heading", { name: "Step 1 of 3 Optimize Pattern" }).waitFor();
    expect(await wizardProgress(page)).toBe("33.33");
    const optimizeButton = page.getByRole("button", { name: "Optimize Content" });
    expect(await optimizeButton.isDisabled()).toBe(true);
    await page.getByTestId("original-pattern").fill("   \n\t  ");
    expect(await optimizeButton.isDisabled()).toBe(true);
    expect(await page.getByTestId("next-step").count()).toBe(0);

    await page.getByTestId("original-pattern").fill(PATTERN);
    expect(await optimizeButton.isDisabled()).toBe(false);
    await settled(page);
    await screenshot(page, "wizard-1-optimize-pasted-light");
    await optimizeButton.click();
    await expect.poll(() => page.getByTestId("optimized-output").inputValue(), { timeout: 30_000 }).toContain("## Instructions");
    let optimized = await page.getByTestId("optimized-output").inputValue();
    // Every line as the seller wrote it, in order, under section headings.
    for (const line of PATTERN.split("\n").filter((l) => l.trim())) expect(optimized).toContain(line);
    expect(optimized).toContain("## Materials\n- Worsted weight cotton yarn in blue (approx 40 m) and white (10 m)");
    expect(optimized).toMatch(/## Gauge\nGauge: 5 sc x 6 rounds/);
    expect(optimized).toContain("## Instructions\n### Body\nR1: 6 SC in a magic ring (6)");
    expect(await page.getByTestId("optimized-output").getAttribute("readonly")).not.toBeNull();
    await page.getByTestId("provider-offline").waitFor();

    // The sections, before any PDF: each heading with the lines under it, numbered as pasted.
    const outline = page.getByTestId("section-outline");
    await outline.waitFor();
    const headings = await outline.getByTestId("outline-heading").allTextContents();
    expect(headings).toEqual(["Introduction", "Finished size", "Materials", "Gauge", "Instructions"]);
    await outline.getByRole("button", { name: "Line 18: R4: (2sc, inc) x 6 (18)" }).waitFor();

    // The tech-edit report: the wrong round at its line, stated and counted side by side.
    const report = page.getByTestId("tech-edit-report");
    await report.waitFor();
    const issue = report.getByTestId("tech-issue").filter({ hasText: "Line 18" });
    await issue.getByText("R4 makes 24 stitches, but the pattern says 18.").waitFor();
    expect(await issue.getAttribute("data-severity")).toBe("error");
    expect(await issue.getByTestId("tech-stated").textContent()).toBe("18");
    expect(await issue.getByTestId("tech-computed").textContent()).toBe("24");
    expect(await report.getByTestId("tech-terms").textContent()).toBe("US terms");
    await settled(page);
    await screenshot(page, "wizard-1-optimize-done-light");

    // Clicking the issue shows its line in the pattern: selected, in view.
    await issue.getByTestId("tech-issue-line").click();
    const selected = await page.getByTestId("original-pattern").evaluate((el: HTMLTextAreaElement) => el.value.slice(el.selectionStart, el.selectionEnd));
    expect(selected).toBe("R4: (2sc, inc) x 6 (18)");
    expect(await page.evaluate(() => document.activeElement?.getAttribute("data-testid"))).toBe("original-pattern");

    // Use computed count: the seller's line changes, the pattern is checked again and the error is gone.
    await issue.getByTestId("use-computed").click();
    await page.getByTestId("tech-applied").getByText("Line 18 now says 24.", { exact: false }).waitFor();
    await expect.poll(() => page.getByTestId("original-pattern").inputValue()).toContain("R4: (2sc, inc) x 6 (24)\n");
    await expect.poll(() => page.getByTestId("optimized-output").inputValue()).toContain("\nR4: (2sc, inc) x 6 (24)\n");
    await expect.poll(() => report.getByTestId("tech-issue").filter({ hasText: "makes" }).count()).toBe(0);
    optimized = await page.getByTestId("optimized-output").inputValue();
    const corrected = await page.getByTestId("original-pattern").inputValue();
    expect(corrected).toBe(PATTERN.replace("R4: (2sc, inc) x 6 (18)", "R4: (2sc, inc) x 6 (24)"));

    // Step 2: Next Step carries the optimized pattern; the draft is formatted and the PDF built.
    await page.getByRole("button", { name: "Next Step" }).click();
    await page.waitForURL("**/review");
    await page.getByRole("heading", { name: "Step 2 of 3 Review Draft" }).waitFor();
    expect(await wizardProgress(page)).toBe("66.66");
    await expect.poll(() => briefText(page, "draft-status"), { timeout: 30_000 }).toBe("DRAFT READY");
    const draft = (await page.getByTestId("draft-box").textContent()) ?? "";
    expect(draft).toContain("Chubby Whale Amigurumi");
    expect(draft).toContain("R10: (2 sc, dec) x 6 (18)");
    expect(draft).toContain("R4: (2sc, inc) x 6 (24)");
    expect(draft).toContain("Abbreviations");
    expect(draft).toContain("At a glance");
    const pdfName = (await page.getByTestId("pdf-name").textContent()) ?? "";
    expect(pdfName).toMatch(/\.pdf$/);
    expect(Number(await page.getByTestId("pdf-pages").textContent())).toBeGreaterThanOrEqual(1);
    await settled(page);
    await screenshot(page, "wizard-2-review-light");

    // The PDF downloads with the bearer token, as a real PDF file.
    const [download] = await Promise.all([page.waitForEvent("download"), page.getByRole("button", { name: "Download PDF" }).click()]);
    expect(download.suggestedFilename()).toBe(pdfName);
    expect(download.suggestedFilename().endsWith(".pdf")).toBe(true);
    const bytes = await readFile((await download.path()) as string);
    expect(bytes.subarray(0, 5).toString("latin1")).toBe("%PDF-");
    expect(bytes.length).toBeGreaterThan(2000);

    // A reload mid-wizard keeps the draft and its PDF: the same file, no second formatting.
    await page.reload();
    await page.getByRole("heading", { name: "Step 2 of 3 Review Draft" }).waitFor();
    await expect.poll(() => briefText(page, "draft-status"), { timeout: 30_000 }).toBe("DRAFT READY");
    expect(await page.getByTestId("draft-box").textContent()).toBe(draft);
    expect(await page.getByTestId("pdf-name").textContent()).toBe(pdfName);
    const files = await apiGet<{ data?: { files?: unknown[] }; files?: unknown[] }>(page, "/api/files");
    const fileList = (files.data?.files ?? files.files ?? []) as Array<{ kind?: string; name?: string }>;
    expect(fileList.filter((f) => f.name === pdfName)).toHaveLength(1);

    // PDF details: the designer's name goes on the PDF as its author; Remake PDF builds it again.
    await page.getByTestId("pdf-designer").fill("Whale Works Studio");
    await page.getByTestId("pdf-remake").click();
    await expect.poll(() => briefText(page, "draft-status"), { timeout: 30_000 }).toBe("DRAFT READY");
    const [remade] = await Promise.all([page.waitForEvent("download"), page.getByRole("button", { name: "Download PDF" }).click()]);
    const remadePdf = await PDFDocument.load(await readFile((await remade.path()) as string));
    expect(remadePdf.getAuthor()).toBe("Whale Works Studio");
    await settled(page);
    await screenshot(page, "wizard-2-review-details-light");

    // Back to step 1 keeps what was pasted and optimized; forward again keeps the draft.
    await page.getByTestId("back").click();
    await page.waitForURL("**/optimize");
    expect(await page.getByTestId("original-pattern").inputValue()).toBe(corrected);
    expect(await page.getByTestId("optimized-output").inputValue()).toBe(optimized);
    await page.getByRole("button", { name: "Next Step" }).click();
    await expect.poll(() => briefText(page, "draft-status"), { timeout: 30_000 }).toBe("DRAFT READY");

    // Step 3: the listing for the digital pattern, its headings in the interface's language (English).
    await page.getByRole("button", { name: "Next Step" }).click();
    await page.waitForURL("**/listing-generation");
    await page.getByRole("heading", { name: "Step 3 of 3 Etsy Listing Generation" }).waitFor();
    expect(await wizardProgress(page)).toBe("100");
    await expect.poll(() => page.getByTestId("listing-status").textContent(), { timeout: 30_000 }).toBe("Ready");
    for (const label of ["Title", "Description", "Keywords", "Alt Texts"]) {
      await page.getByRole("heading", { name: label, exact: true }).waitFor();
    }
    expect(await page.getByRole("heading", { name: "Başlık", exact: true }).count()).toBe(0);
    const description = (await page.getByTestId("listing-description").textContent()) ?? "";
    expect(description).toContain("This is the pattern, not a finished item");
    expect(description).toContain("Craft: Crochet");
    expect(description).toContain("Written in US crochet terms");
    expect(description).toContain("What the PDF contains");
    expect(description).not.toMatch(/soft|huggable|companion|stuffed animal|tutorial/iu);
    const title = ((await page.getByTestId("listing-title").locator("p").textContent()) ?? "").trim();
    expect(title.length).toBeGreaterThan(10);
    expect(title.length).toBeLessThanOrEqual(130);
    expect(await page.getByTestId("listing-tags").locator("li").count()).toBe(13);
    expect(await page.getByTestId("listing-description").textContent()).toMatch(/digital|download|PDF/i);
    expect(await page.getByTestId("listing-alt-texts").locator("li").count()).toBeGreaterThan(0);
    expect(await page.getByTestId("attached-pdf").textContent()).toBe(pdfName);
    // One create-listing unit spent.
    await expect.poll(() => page.getByTestId("usage-used").textContent()).toBe("1/10 used");

    // The copy button copies the title.
    await page.getByRole("button", { name: "Copy title" }).click();
    await page.getByText("Copied to clipboard").first().waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(title);
    await settled(page);
    await screenshot(page, "wizard-3-listing-light");

    // A reload on step 3 shows the same listing without spending another unit.
    await page.reload();
    await expect.poll(() => page.getByTestId("listing-status").textContent()).toBe("Ready");
    expect(((await page.getByTestId("listing-title").locator("p").textContent()) ?? "").trim()).toBe(title);
    await expect.poll(() => page.getByTestId("usage-used").textContent()).toBe("1/10 used");

    // Finish: 'Success!' on this screen, then / which sends a signed-in user to the dashboard. The page
    // itself notes where it is when the message appears (no clock involved).
    const successShownOn: string[] = [];
    await page.exposeFunction("__successShownOn", (path: string) => void successShownOn.push(path));
    await page.evaluate(() => {
      const observer = new MutationObserver(() => {
        if (!document.querySelector('[data-testid="finish-success"]')) return;
        (window as unknown as { __successShownOn: (path: string) => void }).__successShownOn(location.pathname);
        observer.disconnect();
      });
      observer.observe(document.body, { childList: true, subtree: true });
    });
    await page.getByRole("button", { name: "Finish" }).click();
    await page.getByTestId("finish-success").getByText("Success!").waitFor();
    await page.waitForURL("**/dashboard");
    expect(successShownOn).toEqual(["/listing-generation"]);
    expect(await page.evaluate(() => sessionStorage.getItem("listora.wizard"))).toBeNull();
    const onboarding = await apiGet<{ data: { steps: Record<string, boolean> } }>(page, "/api/onboarding");
    expect(onboarding.data.steps.listing).toBe(true);

    // The listing is in My Listings, with the PDF attached to it.
    const listings = await apiGet<{ data: { listings: Array<{ id: string; title: string; tags: string[] }> } }>(page, "/api/listings");
    const saved = listings.data.listings.find((l) => l.title === title);
    expect(saved).toBeDefined();
    expect(saved!.tags).toHaveLength(13);
    const attached = await apiGet<{ data?: { files?: unknown[] }; files?: unknown[] }>(page, `/api/files?listingId=${saved!.id}`);
    const attachedFiles = (attached.data?.files ?? attached.files ?? []) as Array<{ name?: string }>;
    expect(attachedFiles.map((f) => f.name)).toContain(pdfName);

    // A new wizard starts empty.
    await page.goto("/optimize");
    await page.getByRole("heading", { name: "Step 1 of 3 Optimize Pattern" }).waitFor();
    await expect.poll(() => page.getByTestId("original-pattern").inputValue()).toBe("");
    await context.close();
  });

  it("shows optimize errors in the output box with 'Error: ' and keeps Next Step hidden", async () => {
    const context = await newContext(browser);
    const page = await context.newPage();
    await signInFast(page);
    // Optimizing is a post to the screen's own action (decision 0054); a post that never arrives says so.
    // (The server's refusals and the SPEC's fallback text are told by tests/app/wizard-actions.test.tsx.)
    await page.route(
      (url) => url.pathname === "/optimize.data",
      (route) => (route.request().method() === "POST" ? route.abort("connectionreset") : route.fallback()),
    );
    await page.goto("/optimize");
    await page.getByTestId("original-pattern").fill(PATTERN);
    await page.getByRole("button", { name: "Optimize Content" }).click();
    await expect.poll(() => page.getByTestId("optimized-output").inputValue()).toMatch(/^Error: Network error/);
    expect(await page.getByTestId("next-step").count()).toBe(0);
    await settled(page);
    await screenshot(page, "wizard-1-optimize-error-light");
    await context.close();
  });

  it("falls back to the sample draft when formatting fails, and shows the quota error on step 3", async () => {
    const context = await newContext(browser);
    const page = await context.newPage();
    const { token } = await signInFast(page);
    await optimizeStep(page);
    // Formatting is a post to step 2's own action (decision 0054): one that never arrives fails the step.
    await page.route(
      (url) => url.pathname === "/review.data",
      (route) => (route.request().method() === "POST" ? route.abort("connectionreset") : route.fallback()),
    );
    await page.getByRole("button", { name: "Next Step" }).click();
    await expect.poll(() => briefText(page, "draft-status"), { timeout: 30_000 }).toBe("FORMAT ERROR");
    await page.getByTestId("format-error").getByText("Failed to format content", { exact: true }).waitFor();
    await settled(page);
    await screenshot(page, "wizard-2-review-error-light");

    // Next Step continues with the built-in sample draft; today's listing quota is used up meanwhile.
    for (let i = 0; i < 10; i += 1) {
      const spent = await fetch(`${baseURL()}/api/increment-quota`, {
        method: "POST",
        headers: { "Content-Type": "application/json", Authorization: `Bearer ${token}` },
        body: JSON.stringify({ featureKey: "create-listing" }),
      });
      expect(spent.status).toBe(200);
    }
    // The listing is written by the step's route action (decision 0049), which the page posts to.
    const sent = page.waitForRequest((r) => r.url().includes("/listing-generation.data") && r.method() === "POST");
    await page.getByRole("button", { name: "Next Step" }).click();
    const request = await sent;
    const form = new URLSearchParams(request.postData() ?? "");
    expect(form.get("intent")).toBe("write");
    expect(form.get("input")).toContain("# Little Strawberry Keychain");
    expect(form.get("pdfFileId")).toBe("");
    expect(form.get("requestId")).toBeTruthy();
    await expect.poll(() => page.getByTestId("listing-status").textContent()).toBe("Error");
    await page.getByTestId("quota-alert").getByText("Your daily listing quota has been used (10/10). Please upgrade to continue.").waitFor();
    expect(await page.getByRole("button", { name: "Finish" }).isDisabled()).toBe(true);
    // The action's revalidation reads the usage card again: the seller sees the limit there too.
    await expect.poll(() => page.getByTestId("usage-used").textContent()).toBe("10/10 used");
    await settled(page);
    await screenshot(page, "wizard-3-listing-quota-light");
    // Any other failure (the SPEC's text and Try Again): tests/app/create-screens.test.tsx, with the action's API answering 500.
    await context.close();
  });

  for (const variant of [
    { name: "dark", options: { colorScheme: "dark" as const } },
    { name: "375", options: { width: 375, height: 800 } },
  ]) {
    it(`lays the three steps out in the ${variant.name} view without horizontal scrolling`, async () => {
      const context = await newContext(browser, variant.options);
      const page = await context.newPage();
      await signInFast(page);
      const noHorizontalScroll = () => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);

      await optimizeStep(page);
      const dark = await page.evaluate(
        () => document.documentElement.classList.contains("dark") || (matchMedia("(prefers-color-scheme: dark)").matches && !document.documentElement.classList.contains("light")),
      );
      expect(dark).toBe(variant.name === "dark");
      await settled(page);
      await screenshot(page, `wizard-1-optimize-${variant.name}`);
      expect(await noHorizontalScroll()).toBe(true);
      await page.getByRole("button", { name: "Next Step" }).click();
      await expect.poll(() => briefText(page, "draft-status"), { timeout: 30_000 }).toBe("DRAFT READY");
      await settled(page);
      await screenshot(page, `wizard-2-review-${variant.name}`);
      expect(await noHorizontalScroll()).toBe(true);
      await page.getByRole("button", { name: "Next Step" }).click();
      await expect.poll(() => page.getByTestId("listing-status").textContent(), { timeout: 30_000 }).toBe("Ready");
      await settled(page);
      await screenshot(page, `wizard-3-listing-${variant.name}`);
      expect(await noHorizontalScroll()).toBe(true);
      await context.close();
    });
  }

  it("speaks Turkish and keeps the SPEC's Turkish labels", async () => {
    const context = await newContext(browser, { locale: "tr-TR" });
    const page = await context.newPage();
    const { token } = await signInFast(page);
    // The signed-in shell follows the profile's language, so the profile says Turkish.
    const saved = await fetch(`${baseURL()}/api/profile`, {
      method: "PUT",
      headers: { "Content-Type": "application/json", Authorization: `Bearer ${token}` },
      body: JSON.stringify({ language: "tr" }),
    });
    expect(saved.status).toBe(200);
    await page.evaluate(() => {
      localStorage.setItem("language", "tr");
      document.cookie = "lang=tr; Path=/; SameSite=Lax";
    });
    await page.goto("/optimize");
    await page.getByRole("heading", { name: "Adım 1/3 Tarifi Düzenle" }).waitFor();
    await page.locator('main[data-ready="true"]').waitFor();
    await page.getByTestId("paste-example").click();
    expect(await page.getByTestId("original-pattern").inputValue()).toContain("Minik Ahtapot");
    await page.getByRole("button", { name: "İçeriği Düzenle" }).click();
    await expect.poll(() => page.getByTestId("optimized-output").inputValue(), { timeout: 30_000 }).toContain("Tur 1:");
    // The tech-edit report and the sections speak Turkish too.
    await page.getByTestId("tech-edit-card").getByText("Teknik kontrol").waitFor();
    await page.getByTestId("tech-craft").getByText("Tığ işi olarak okundu").waitFor();
    expect(await page.getByTestId("tech-summary").textContent()).toMatch(/^\d+ sıra kontrol edildi, \d+ kontrol edilemedi$/);
    await page.getByTestId("sections-card").getByText("Bölümler").waitFor();
    await settled(page);
    await screenshot(page, "wizard-1-optimize-tr");
    // A paper size chosen after optimizing still reaches the PDF; the detected language goes along.
    await page.getByTestId("paper-select").click();
    await page.getByRole("option", { name: "ABD Letter" }).click();
    // Formatting is a post to step 2's action (decision 0054), the options as JSON in its form.
    const pdfRequest = page.waitForRequest((request) => request.method() === "POST" && new URL(request.url()).pathname === "/review.data");
    await page.getByRole("button", { name: "Sonraki Adım" }).click();
    const posted = new URLSearchParams((await pdfRequest).postData() ?? "");
    expect(posted.get("intent")).toBe("format");
    expect(JSON.parse(posted.get("options") ?? "{}")).toMatchObject({ paperSize: "letter", language: "tr", craft: "crochet" });
    await expect.poll(() => briefText(page, "draft-status"), { timeout: 30_000 }).toBe("TASLAK HAZIR");
    await page.getByText("ABD Letter").waitFor();
    expect(await page.getByTestId("draft-box").textContent()).toContain("Minik Ahtapot");
    await page.getByRole("button", { name: "Sonraki Adım" }).click();
    await page.waitForURL("**/listing-generation", { timeout: 30_000 });
    const status = page.getByTestId("listing-status");
    try {
      await status.waitFor({ timeout: 30_000 });
    } catch (error) {
      // What the seller saw instead, for the log: the step 3 screen's text.
      throw new Error(
        `no listing status on ${page.url()}; the page read: ${(
          await page
            .locator("main")
            .innerText()
            .catch(() => "")
        ).slice(0, 600)}`,
        { cause: error },
      );
    }
    await expect.poll(() => status.textContent(), { timeout: 30_000 }).toBe("Hazır");
    for (const label of ["Başlık", "Açıklama", "Anahtar Kelimeler", "Alt Metinler"]) {
      await page.getByRole("heading", { name: label, exact: true }).waitFor();
    }
    // Who wrote it, in Turkish (decision 0020): this local run's offline composer.
    await page.getByTestId("listing-provider").getByText("Çevrimdışı yazıcı (yerleşik)").waitFor();
    await settled(page);
    await screenshot(page, "wizard-3-listing-tr");
    await context.close();
  });
});
