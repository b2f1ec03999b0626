import { readFile } from "node:fs/promises";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { baseURL, launchBrowser, newContext, screenshot, sessionToken, signInFast } from "./browser";

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const PRODUCT = "Handmade sterling silver necklace with a small moonstone pendant. Hypoallergenic 18 inch chain, gift box included, perfect birthday gift for her.";

async function generateViaApi(token: string, description = PRODUCT) {
  const res = await fetch(`${baseURL()}/api/listings/generate`, {
    method: "POST",
    headers: { "Content-Type": "application/json", Authorization: `Bearer ${token}` },
    body: JSON.stringify({ description, keywords: ["silver necklace"], platform: "etsy" }),
  });
  const text = await res.text();
  return {
    status: res.status,
    events: text
      .split("\n")
      .filter(Boolean)
      .map((line) => JSON.parse(line) as { type: string; listing?: { id: string; title: string } }),
  };
}

async function generatedTitle(page: Page) {
  await page.getByTestId("part-title").and(page.locator("[data-ready=true]")).waitFor();
  return (await page.getByTestId("result-title").textContent())?.trim() ?? "";
}

describe("Create Listing, My Listings and the listing detail in the browser", () => {
  it("adds keywords, generates offline, copies, finds, edits, exports and deletes the listing", async () => {
    const context = await newContext(browser);
    await context.grantPermissions(["clipboard-read", "clipboard-write"], { origin: baseURL() });
    const page = await context.newPage();
    await signInFast(page);
    await page.goto("/create");
    await page.getByRole("heading", { name: "Create Etsy Listing" }).waitFor();
    await page.getByText("No keywords selected.").waitFor();
    await page.getByTestId("provider-offline").getByText("Offline composer (built in)").waitFor();

    // Keywords: Enter, the Add button, a duplicate in another case, and a blank one.
    const keywordInput = page.getByLabel("Add a keyword");
    await keywordInput.fill("  silver necklace  ");
    await keywordInput.press("Enter");
    expect(await keywordInput.inputValue()).toBe("");
    await keywordInput.fill("gift for her");
    await page.getByRole("button", { name: "Add", exact: true }).click();
    await keywordInput.fill("Silver Necklace");
    await keywordInput.press("Enter");
    await keywordInput.fill("   ");
    await keywordInput.press("Enter");
    await expect.poll(() => page.getByTestId("keyword-list").locator("li").allTextContents()).toEqual(["silver necklace", "gift for her"]);
    const stored = await page.evaluate(() => JSON.parse(localStorage.getItem("selectedKeywords") ?? "[]"));
    expect(stored).toHaveLength(2);
    expect(stored[0]).toMatchObject({ keyword: "silver necklace", popularity: 0, competition: 0, trend: "stable", selected: true });
    expect(stored[0].id).toMatch(/^manual-/);

    // A blank description is refused with the SPEC's message, and nothing is spent.
    await page.getByTestId("generate-listing").click();
    await page.getByText("Please enter a product description").waitFor();
    await expect.poll(() => page.getByTestId("usage-used").textContent()).toBe("0/10 used");

    // The Prompt Suggestions popover fills the description; then the seller's own text replaces it.
    await page.getByRole("button", { name: "Prompt Suggestions" }).click();
    await page.getByTestId("prompt-suggestions").waitFor();
    await page.getByRole("button", { name: "Why this works" }).first().focus();
    await page.locator("[data-slot=tooltip-content]").getByText("Naming the product, material and occasion up front").waitFor();
    await screenshot(page, "listings-create-suggestions");
    await page.getByRole("button", { name: "Use prompt 1" }).click();
    await expect.poll(() => page.getByLabel("Product description").inputValue()).toContain("[material]");
    await page.getByLabel("Product description").fill(PRODUCT);
    await page.getByText(`${PRODUCT.length} characters`).waitFor();
    await screenshot(page, "listings-create-form");

    const started = Date.now();
    await page.getByTestId("generate-listing").click();
    const title = await generatedTitle(page);
    for (const part of ["description", "tags", "altTexts"]) await page.locator(`[data-testid=part-${part}][data-ready=true]`).waitFor();
    await page.getByRole("link", { name: "View in My Listings" }).waitFor();
    const elapsed = Date.now() - started;
    expect(title.length).toBeGreaterThan(10);
    expect(title.length).toBeLessThanOrEqual(130);
    expect(title.toLowerCase()).toContain("necklace");
    // Only tags the seller's words support, up to 13 (decision 0030).
    const tagCount = await page.getByTestId("result-tags").locator("li").count();
    expect(tagCount).toBeGreaterThanOrEqual(8);
    expect(tagCount).toBeLessThanOrEqual(13);
    expect(await page.getByTestId("result-alt-texts").locator("li").count()).toBeGreaterThan(0);
    expect(await page.getByTestId("result-description").locator("script").count()).toBe(0);
    await page.getByTestId("rule-report").waitFor();
    await page.getByText(`${title.length}/130`).first().waitFor();
    // The quota card re-reads after the success.
    await expect.poll(() => page.getByTestId("usage-used").textContent()).toBe("1/10 used");
    // The checklist's listing step is recorded on the account (decision 0016), not in this browser.
    const bearer = await sessionToken(page);
    const onboarding = await (await fetch(`${baseURL()}/api/onboarding`, { headers: { Authorization: `Bearer ${bearer}` } })).json();
    expect(onboarding.data.steps.listing).toBe(true);
    await screenshot(page, "listings-create-result");

    // Copy: the clipboard holds the title, the toast says so and the button shows the check.
    await page.getByRole("button", { name: "Copy title" }).click();
    await page.getByText("Copied to clipboard").first().waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(title);
    await page.getByRole("button", { name: "Copy all tags" }).click();
    const tagLine = await page.evaluate(() => navigator.clipboard.readText());
    expect(tagLine.split(", ")).toHaveLength(tagCount);
    // The description is plain text, as Etsy's field is: what is shown is what is copied (decision 0013).
    await page.getByRole("button", { name: "Copy description" }).click();
    await expect.poll(() => page.evaluate(() => navigator.clipboard.readText())).toMatch(/^• /m);
    const copiedDescription = await page.evaluate(() => navigator.clipboard.readText());
    expect(copiedDescription).not.toMatch(/\*\*|^#|^- /m);
    expect(await page.getByTestId("result-description").getByTestId("plain-description").textContent()).toBe(copiedDescription);

    // Regenerating the tags spends no unit.
    await page.getByRole("button", { name: "Regenerate tags" }).click();
    await page.getByText("New tags ready").first().waitFor();
    await page.getByText("4 free regenerations left").waitFor();
    expect(await page.getByTestId("result-tags").locator("li").count()).toBe(tagCount);
    await expect.poll(() => page.getByTestId("usage-used").textContent()).toBe("1/10 used");

    // The rule report opens and lists the rules.
    await page.getByTestId("rule-report").getByRole("button").click();
    await page.getByText("Exactly 13 tags").waitFor();

    // My Listings shows it; the detail opens from 'View Details'.
    await page.getByRole("link", { name: "View in My Listings" }).click();
    await page.waitForURL("**/listings");
    const card = page.getByTestId("listing-card").filter({ hasText: title });
    await card.waitFor();
    expect(await card.getByText(`+${tagCount - 3} more`).count()).toBe(1);
    await card.getByText(/now|seconds? ago|minute ago/).waitFor();
    await screenshot(page, "listings-library");
    await card.getByRole("link", { name: /View Details/ }).click();
    await page.waitForURL(/\/listings\/[^/]+$/);
    await expect.poll(() => page.getByTestId("detail-title").textContent()).toBe(title);
    for (const heading of ["Title", "Description", "Tags", "Alt Texts for Images", "Original Prompt"]) {
      await page.getByRole("heading", { name: heading, exact: true }).waitFor();
    }
    await page.getByText("Image 1", { exact: true }).waitFor();
    await page.getByTestId("section-prompt").getByText(PRODUCT).waitFor();
    await screenshot(page, "listings-detail");

    // Edit and save: a new title and one tag fewer; the rule report follows the save.
    await page.getByTestId("edit-listing").click();
    const newTitle = "Moonstone Silver Necklace, Handmade Birthday Gift for Her";
    await page.getByLabel("Title", { exact: true }).fill(newTitle);
    const firstTag = (await page.getByTestId("edit-tags").locator("li").first().textContent()) ?? "";
    await page.getByTestId("edit-tags").getByRole("button").first().click();
    await screenshot(page, "listings-detail-edit");
    await page.getByTestId("save-listing").click();
    await expect.poll(() => page.getByTestId("detail-title").textContent()).toBe(newTitle);
    await page.getByTestId("rule-report").getByText("Exactly 13 tags").waitFor();
    expect(firstTag.length).toBeGreaterThan(0);

    // Export all as CSV from My Listings: the header and the edited listing are in the file.
    await page.getByTestId("detail-back").click();
    await page.waitForURL("**/listings");
    await page.getByTestId("listing-card").filter({ hasText: newTitle }).waitFor();
    await page.getByTestId("export-menu").click();
    const [download] = await Promise.all([page.waitForEvent("download"), page.getByTestId("export-csv").click()]);
    expect(download.suggestedFilename()).toMatch(/^listora-listings-\d{4}-\d{2}-\d{2}\.csv$/);
    const csv = (await readFile((await download.path()) as string, "utf8")).replace(/^\uFEFF/, "");
    const [header, ...rows] = csv.trim().split("\r\n");
    expect(header).toBe("title,description,tags,alt_texts,created_at");
    expect(csv).toContain(`"${newTitle}"`);
    expect(rows.length).toBeGreaterThanOrEqual(1);

    // Delete with confirmation; the empty state leads back to /create.
    await page
      .getByTestId("listing-card")
      .filter({ hasText: newTitle })
      .getByRole("link", { name: /View Details/ })
      .click();
    await page.getByTestId("delete-listing").click();
    await page.getByRole("alertdialog").getByText("Delete this listing?").waitFor();
    await page.getByRole("button", { name: "Cancel" }).click();
    expect(await page.getByTestId("detail-title").textContent()).toBe(newTitle);
    await page.getByTestId("delete-listing").click();
    await page.getByTestId("confirm-delete").click();
    await page.waitForURL("**/listings");
    await page.getByTestId("listings-empty").waitFor();
    expect(await page.getByTestId("export-menu").isDisabled()).toBe(true);
    await page.getByText("Listing deleted").first().waitFor();
    await screenshot(page, "listings-empty");
    await page.getByRole("link", { name: "Create a listing" }).click();
    await page.waitForURL("**/create");
    // The keywords are still there when the screen opens again.
    await expect.poll(() => page.getByTestId("keyword-list").locator("li").count()).toBe(2);

    console.log(`offline generation in the browser: ${elapsed} ms`);
    await context.close();
  });

  it("searches and sorts the library, and shows the SPEC's errors on a missing listing", async () => {
    const context = await newContext(browser);
    const page = await context.newPage();
    const { token } = await signInFast(page);
    const first = await generateViaApi(token, "Hand-knitted merino wool beanie in forest green, warm winter hat for men and women.");
    const second = await generateViaApi(token, "Ceramic coffee mug with a hand-painted lemon pattern, 12 oz, dishwasher safe.");
    expect(first.status).toBe(200);
    expect(second.status).toBe(200);

    await page.goto("/listings");
    await expect.poll(() => page.getByTestId("listing-card").count()).toBe(2);
    // Newest first by default; oldest first on request.
    expect(await page.getByTestId("listing-card").first().textContent()).toContain("Mug");
    // The select sorts at once once the page has run (before that, its form's own button sends it).
    await page.locator('main[data-ready="true"]').waitFor();
    await page.getByTestId("listings-sort").selectOption({ label: "Oldest first" });
    await expect.poll(() => page.getByTestId("listing-card").first().textContent()).toContain("Beanie");
    expect(new URL(page.url()).searchParams.get("sort")).toBe("oldest");

    await page.getByTestId("listings-search").fill("merino");
    await expect.poll(() => page.getByTestId("listing-card").count()).toBe(1);
    await expect.poll(() => new URL(page.url()).searchParams.get("q")).toBe("merino");
    await page.getByTestId("listings-search").fill("zebra-unicorn");
    await page.getByTestId("listings-no-matches").waitFor();
    await page.getByRole("button", { name: "Clear search" }).click();
    await expect.poll(() => page.getByTestId("listing-card").count()).toBe(2);

    // A card's delete button asks first (the list's one dialog); Cancel keeps the card and returns focus to the button.
    const mugCard = page.getByTestId("listing-card").filter({ hasText: "Mug" });
    const deleteMug = mugCard.getByRole("button", { name: /^Delete / });
    await deleteMug.click();
    await page.getByRole("alertdialog").getByText("Delete this listing?").waitFor();
    await page.getByRole("button", { name: "Cancel" }).click();
    await page.getByRole("alertdialog").waitFor({ state: "hidden" });
    await expect.poll(() => deleteMug.evaluate((button) => button === document.activeElement)).toBe(true);
    await deleteMug.click();
    await page.getByTestId("confirm-delete").click();
    await page.getByText("Listing deleted").first().waitFor();
    await expect.poll(() => page.getByTestId("listing-card").count()).toBe(1);
    expect(await page.getByTestId("listing-card").first().textContent()).toContain("Beanie");

    await page.goto("/listings/00000000-0000-4000-8000-000000000000");
    await page.getByTestId("detail-error").getByText("Listing not found").waitFor();
    await page.getByRole("link", { name: "Return to Listings" }).click();
    await page.waitForURL("**/listings");
    await context.close();
  });

  it("disables Generate after 10 generations, with the usage card's one quota message (decision 0016)", async () => {
    const context = await newContext(browser);
    const page = await context.newPage();
    const { token } = await signInFast(page);
    for (let i = 0; i < 10; i += 1) expect((await generateViaApi(token, `Handmade soy candle number ${i + 1} with lavender scent`)).status).toBe(200);
    await page.goto("/create");
    await expect.poll(() => page.getByTestId("usage-used").textContent()).toBe("10/10 used");
    await page.getByLabel("Product description").fill(PRODUCT);
    expect(await page.getByTestId("generate-listing").isDisabled()).toBe(true);
    expect(await page.getByTestId("quota-exhausted").textContent()).toContain("You have used all 10 listing generations for today.");
    expect(await page.getByTestId("quota-alert").count()).toBe(0);
    await screenshot(page, "listings-create-quota");
    await context.close();
  });

  it("looks right in dark mode and at phone width", async () => {
    for (const [name, options] of [
      ["dark", { colorScheme: "dark" as const }],
      ["mobile", { width: 375, height: 812 }],
      ["mobile-dark", { width: 375, height: 812, colorScheme: "dark" as const }],
    ] as const) {
      const context = await newContext(browser, options);
      const page = await context.newPage();
      const { token } = await signInFast(page);
      const generated = await generateViaApi(token);
      const id = generated.events.find((e) => e.type === "done")?.listing?.id;
      expect(id).toBeTruthy();

      await page.goto("/create");
      await page.locator("main[data-ready=true]").waitFor();
      await page.getByLabel("Product description").fill(PRODUCT);
      await page.getByTestId("generate-listing").click();
      await generatedTitle(page);
      await page.getByRole("link", { name: "View in My Listings" }).waitFor();
      await screenshot(page, `listings-create-${name}`);
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);

      await page.goto("/listings");
      await expect.poll(() => page.getByTestId("listing-card").count()).toBe(2);
      await screenshot(page, `listings-library-${name}`);
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);

      await page.goto(`/listings/${id}`);
      await page.getByTestId("detail-title").waitFor();
      await screenshot(page, `listings-detail-${name}`);
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
      await context.close();
    }
  });

  it("speaks Turkish when the seller chose Turkish", async () => {
    const context = await newContext(browser, { width: 375, height: 812, locale: "tr-TR" });
    const page = await context.newPage();
    const { token } = await signInFast(page);
    // The profile's language wins over local choices once it loads, so the choice is saved there.
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
    await page.goto("/create");
    await page.getByRole("heading", { name: "Etsy İlanı Oluştur" }).waitFor();
    await page.getByText("Seçili anahtar kelime yok.").waitFor();
    // Clicks before hydration do nothing: wait for the shell to say it is ready.
    await page.locator("main[data-ready=true]").waitFor();
    await page.getByTestId("generate-listing").click();
    await page.getByText("Lütfen bir ürün açıklaması girin").waitFor();
    await page.getByLabel("Ürün açıklaması").fill(PRODUCT);
    await page.getByTestId("generate-listing").click();
    await page.getByRole("link", { name: "İlanlarımda Gör" }).waitFor();
    await screenshot(page, "listings-create-tr");
    await page.getByRole("link", { name: "İlanlarımda Gör" }).click();
    await page.getByRole("heading", { name: "İlanlarım" }).waitFor();
    await page.getByTestId("listing-card").getByText("Ayrıntıları Gör").waitFor();
    await screenshot(page, "listings-library-tr");
    await context.close();
  });
});
