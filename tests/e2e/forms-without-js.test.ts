import { readFileSync } from "node:fs";
import type { Browser, BrowserContext, Download, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { registerViaApi, SESSION_COOKIE, baseURL, launchBrowser, newContext, screenshot, uniqueEmail, useSession, tokenApi as api, cardTitles } from "./browser";

/**
 * The keyword lists' and Create's last JavaScript-only writes as plain forms (decision 0057): renaming a
 * saved list, saving ticked keywords to a list, sending a list to Create Listing and generating a
 * listing, each with JavaScript turned off (exactly the server's HTML), as a seller's browser does
 * before the page has run.
 */
let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

type ListAnswer = { data: { list: { id: string; name: string; keywords: { keyword: string }[] } } };
type ListsAnswer = { data: { lists: { id: string; name: string; count: number }[] } };

/** A confirmed seller (AI features ask for it) with `lists` saved through the API. */
async function sellerWithLists(lists: { name: string; keywords: string[] }[]) {
  const { token } = await registerViaApi(uniqueEmail("no-js"));
  const ids: string[] = [];
  for (const list of lists) {
    const saved = await api<ListAnswer>("/keyword-lists", token, { body: { name: list.name, keywords: list.keywords.map((keyword) => ({ keyword })) } });
    expect(saved.status).toBe(201);
    ids.push(saved.body.data.list.id);
  }
  return { token, ids };
}

async function withoutJavaScript(token: string, options: { width?: number; colorScheme?: "light" | "dark" } = {}): Promise<BrowserContext> {
  const context = await browser.newContext({
    baseURL: baseURL(),
    javaScriptEnabled: false,
    viewport: { width: options.width ?? 1280, height: 900 },
    colorScheme: options.colorScheme ?? "light",
  });
  context.setDefaultTimeout(30_000);
  await context.addCookies([{ name: SESSION_COOKIE, value: token, url: baseURL(), httpOnly: true, sameSite: "Lax" }]);
  return context;
}

/** Clicks a submit button and waits for the page the server answers to the post (or the GET). */
async function submit(page: Page, click: () => Promise<void>) {
  await Promise.all([page.waitForEvent("load"), click()]);
}

describe("saved keyword lists without JavaScript", () => {
  it("renames a list: the field opens from the address, an empty name is refused under it, a new name is saved and said", { timeout: 120_000 }, async () => {
    const seller = await sellerWithLists([{ name: "Spring rings", keywords: ["silver ring", "dainty ring"] }]);
    const context = await withoutJavaScript(seller.token);
    const page = await context.newPage();
    await page.goto("/seo-keywords");
    expect(await page.getByTestId("rename-form").count()).toBe(0);

    await submit(page, () => page.getByRole("button", { name: "Rename Spring rings" }).click());
    expect(new URL(page.url()).searchParams.get("rename")).toBe(seller.ids[0]);
    expect(await page.getByTestId("rename-input").inputValue()).toBe("Spring rings");

    // An empty name: the API's rule, worded as the field's check words it, under the same list's field.
    await page.getByTestId("rename-input").fill("   ");
    await submit(page, () => page.getByTestId("rename-submit").click());
    expect(await page.getByTestId("rename-error").textContent()).toBe("List name is required");
    expect((await api<ListsAnswer>("/keyword-lists", seller.token)).body.data.lists.map((l) => l.name)).toEqual(["Spring rings"]);

    await page.getByTestId("rename-input").fill("Summer rings");
    await screenshot(page, "keyword-list-rename-no-js");
    await submit(page, () => page.getByTestId("rename-submit").click());
    expect(await page.getByTestId("list-write-notice").innerText()).toContain("Renamed to “Summer rings”");
    expect(await page.getByTestId("saved-list").getAttribute("data-name")).toBe("Summer rings");
    expect(await page.getByTestId("rename-form").count()).toBe(0);
    expect((await api<ListsAnswer>("/keyword-lists", seller.token)).body.data.lists.map((l) => l.name)).toEqual(["Summer rings"]);
    await context.close();
  });

  it("saves ticked keywords of a search to a new list, adds more to it, says when none is ticked, and takes ticked ones to Create", { timeout: 180_000 }, async () => {
    const seller = await sellerWithLists([]);
    const context = await withoutJavaScript(seller.token);
    const page = await context.newPage();
    const search = async (product: string) => {
      await page.goto("/seo-keywords");
      await page.getByLabel("Product Name*").fill(product);
      await submit(page, () => page.getByTestId("seo-submit").click());
      await page.getByTestId("keyword-results").waitFor();
    };
    await search("beeswax candle");
    const rows = page.getByTestId("keyword-row");
    const first = (await rows.nth(0).getAttribute("data-keyword"))!;
    const second = (await rows.nth(1).getAttribute("data-keyword"))!;
    // The plain boxes are the ones a seller without JavaScript sees and ticks.
    await page.getByRole("checkbox", { name: `Select ${first}`, exact: true }).check();
    await page.getByRole("checkbox", { name: `Select ${second}`, exact: true }).check();
    const form = page.getByTestId("save-ticked");
    await form.getByLabel("List name").fill("Candle ideas");
    await screenshot(page, "keyword-save-ticked-no-js");
    await submit(page, () => form.getByRole("button", { name: "New list" }).click());
    expect(await page.getByTestId("list-write-notice").innerText()).toContain("Saved to “Candle ideas”");
    expect(await page.getByTestId("list-write-notice").innerText()).toContain("The list now holds 2 keywords.");
    expect(await page.getByTestId("saved-list").innerText()).toContain("2 keywords");
    const [saved] = (await api<ListsAnswer>("/keyword-lists", seller.token)).body.data.lists;
    const stored = (await api<ListAnswer>(`/keyword-lists/${saved.id}`, seller.token)).body.data.list;
    expect(stored.keywords.map((k) => k.keyword)).toEqual([first, second]);

    // Another search: one more keyword (and one the list already holds) added to the same list.
    await search("beeswax candle");
    const third = (await rows.nth(2).getAttribute("data-keyword"))!;
    await page.getByRole("checkbox", { name: `Select ${first}`, exact: true }).check();
    await page.getByRole("checkbox", { name: `Select ${third}`, exact: true }).check();
    await form.locator('select[name="id"]').selectOption(saved.id);
    await submit(page, () => form.getByRole("button", { name: "Add to an existing list" }).click());
    expect(await page.getByTestId("list-write-notice").innerText()).toContain("The list now holds 3 keywords.");
    expect((await api<ListAnswer>(`/keyword-lists/${saved.id}`, seller.token)).body.data.list.keywords.map((k) => k.keyword)).toEqual([first, second, third]);

    // Nothing ticked: nothing is saved, and the page says why.
    await search("beeswax candle");
    await form.getByLabel("List name").fill("Empty");
    await submit(page, () => form.getByRole("button", { name: "New list" }).click());
    expect(await page.getByTestId("list-write-notice").innerText()).toContain("Tick the keywords to save first");
    expect((await api<ListsAnswer>("/keyword-lists", seller.token)).body.data.lists).toHaveLength(1);

    // The ticked rows go to Create Listing as its selection instead (SPEC §2's 'Use Selected Keywords').
    await search("beeswax candle");
    await page.getByRole("checkbox", { name: `Select ${second}`, exact: true }).check();
    await page.getByRole("checkbox", { name: `Select ${third}`, exact: true }).check();
    await submit(page, () => form.getByTestId("use-ticked").click());
    expect(new URL(page.url()).pathname).toBe("/create");
    const chips = await page.getByTestId("keyword-list").getByRole("listitem").allInnerTexts();
    expect(chips.map((c) => c.trim())).toEqual([second, third]);
    await context.close();
  });
});

describe("the forms without JavaScript at phone width", () => {
  it("lays out the ticked-keywords save form and Create's sent list at 375 px in the dark theme without horizontal scrolling", { timeout: 120_000 }, async () => {
    const seller = await sellerWithLists([{ name: "Mug ideas", keywords: ["ceramic mug", "handmade coffee mug"] }]);
    const context = await withoutJavaScript(seller.token, { width: 375, colorScheme: "dark" });
    const page = await context.newPage();
    await page.goto("/seo-keywords");
    await page.getByLabel("Product Name*").fill("linen tea towel");
    await submit(page, () => page.getByTestId("seo-submit").click());
    const form = page.getByTestId("save-ticked");
    await form.waitFor();
    expect(await form.getByRole("button", { name: "Add to an existing list" }).isVisible()).toBe(true);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await form.scrollIntoViewIfNeeded();
    await screenshot(page, "keyword-save-ticked-no-js-phone-dark");

    await submit(page, () => page.getByRole("button", { name: "Send Mug ideas to Create Listing" }).click());
    expect(await page.getByTestId("keyword-list").innerText()).toContain("handmade coffee mug");
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await screenshot(page, "create-sent-list-no-js-phone-dark");
    await context.close();
  });
});

describe("Send to Create Listing and Generate without JavaScript", () => {
  it("sends a list to Create as its keywords, generates there and lands on the saved listing", { timeout: 180_000 }, async () => {
    const seller = await sellerWithLists([{ name: "Mug ideas", keywords: ["ceramic mug", "handmade coffee mug"] }]);
    const context = await withoutJavaScript(seller.token);
    const page = await context.newPage();
    await page.goto("/seo-keywords");
    await submit(page, () => page.getByRole("button", { name: "Send Mug ideas to Create Listing" }).click());
    expect(new URL(page.url()).pathname).toBe("/create");
    expect(new URL(page.url()).searchParams.get("list")).toBe(seller.ids[0]);
    const picker = page.getByTestId("keyword-list");
    expect(await picker.innerText()).toContain("ceramic mug");
    expect(await picker.innerText()).toContain("handmade coffee mug");

    // An empty description: the SPEC's text under the field, nothing spent.
    await submit(page, () => page.getByTestId("generate-listing").click());
    expect(await page.getByRole("alert").filter({ hasText: "Please enter a product description" }).count()).toBe(1);
    expect((await api<{ used: number }>("/create-listing/quota", seller.token)).body.used).toBe(0);

    await page.getByLabel("Product description").fill("Handmade stoneware coffee mug, 350 ml, glazed in speckled cream, dishwasher safe.");
    await screenshot(page, "create-sent-list-no-js");
    await submit(page, () => page.getByTestId("generate-listing").click());
    // The server wrote the listing (one unit) and saved it: the seller is on its page.
    expect(new URL(page.url()).pathname).toMatch(/^\/listings\/[^/]+$/);
    const id = new URL(page.url()).pathname.split("/").pop()!;
    const listing = (await api<{ data: { listing: { title: string; tags: string[] } } }>(`/listings/${id}`, seller.token)).body.data.listing;
    expect(listing.title.length).toBeGreaterThan(10);
    await page.getByText(listing.title).first().waitFor();
    // The sent list's keywords went into the generation: a tag carries one of them.
    expect(listing.tags.some((tag) => tag.includes("mug"))).toBe(true);
    expect((await api<{ used: number }>("/create-listing/quota", seller.token)).body.used).toBe(1);
    await context.close();
  });

  it("does not send another seller's list: Create answers 404 and says so", { timeout: 60_000 }, async () => {
    const owner = await sellerWithLists([{ name: "Not yours", keywords: ["their phrase"] }]);
    const seller = await sellerWithLists([]);
    const context = await withoutJavaScript(seller.token);
    const page = await context.newPage();
    for (const id of [owner.ids[0], "no-such-list"]) {
      expect((await page.goto(`/create?list=${id}`))?.status()).toBe(404);
      expect(await page.getByTestId("sent-list-missing").innerText()).toContain("That keyword list is not in your account.");
      expect(await page.getByText("their phrase").count()).toBe(0);
    }
    await context.close();
  });
});

type SavedListing = { data: { listing: { platform: string; title: string; tags: string[]; item_specifics?: { name: string; value: string }[] } } };

describe("Create Listing's marketplace and Generate without JavaScript (decision 0062)", () => {
  it("generates an eBay listing when the seller picks eBay in the page's own select, and keeps the choice when the post is refused", { timeout: 180_000 }, async () => {
    const seller = await sellerWithLists([]);
    const context = await withoutJavaScript(seller.token);
    const page = await context.newPage();
    await page.goto("/create");
    const marketplace = page.getByLabel("Marketplace");
    // Every marketplace is in the server's HTML, not only the one the address names.
    expect(await marketplace.locator("option").allInnerTexts()).toEqual(["Etsy", "Amazon", "eBay"]);
    expect(await marketplace.inputValue()).toBe("etsy");
    // The wait is said before the press: this server writes with the built-in composer.
    expect(await page.getByTestId("generate-no-js-note").innerText()).toBe(
      "Without JavaScript this page waits while your listing is written (a few seconds with the built-in composer), then opens the saved listing.",
    );
    expect(await page.getByTestId("generate-no-js-note").isVisible()).toBe(true);

    // A refused post (no description) comes back with eBay still chosen, and the heading says so.
    await marketplace.selectOption({ label: "eBay" });
    await submit(page, () => page.getByTestId("generate-listing").click());
    expect(await page.getByRole("alert").filter({ hasText: "Please enter a product description" }).count()).toBe(1);
    expect(await page.getByLabel("Marketplace").inputValue()).toBe("ebay");
    expect(await page.getByRole("heading", { level: 1 }).textContent()).toBe("Create eBay Listing");
    expect((await api<{ used: number }>("/create-listing/quota", seller.token)).body.used).toBe(0);

    await page.getByLabel("Product description").fill("Handmade sterling silver leaf necklace, 2 cm pendant on a 45 cm chain, polished by hand, gift box included.");
    await submit(page, () => page.getByTestId("generate-listing").click());
    expect(new URL(page.url()).pathname).toMatch(/^\/listings\/[^/]+$/);
    const id = new URL(page.url()).pathname.split("/").pop()!;
    const listing = (await api<SavedListing>(`/listings/${id}`, seller.token)).body.data.listing;
    expect(listing.platform).toBe("ebay");
    expect(listing.title.length).toBeLessThanOrEqual(80);
    // The listing's page shows eBay's parts (item specifics), not Etsy's tags.
    const specifics = page.getByTestId("section-platform-parts").getByTestId("listing-item-specifics");
    expect(await specifics.isVisible()).toBe(true);
    expect((listing.item_specifics ?? []).length).toBeGreaterThan(0);
    expect(await specifics.innerText()).toContain(listing.item_specifics![0].value);
    expect(await page.getByTestId("section-tags").count()).toBe(0);
    expect((await api<{ used: number }>("/create-listing/quota", seller.token)).body.used).toBe(1);
    await context.close();
  });

  it("lays out Create without JavaScript at 1280 and 375 px, light and dark, with the marketplace select and the wait note, without horizontal scrolling", { timeout: 120_000 }, async () => {
    const seller = await sellerWithLists([]);
    for (const view of [
      { width: 1280, colorScheme: "light" as const },
      { width: 1280, colorScheme: "dark" as const },
      { width: 375, colorScheme: "light" as const },
      { width: 375, colorScheme: "dark" as const },
    ]) {
      const context = await withoutJavaScript(seller.token, view);
      const page = await context.newPage();
      await page.goto("/create?platform=amazon");
      expect(await page.getByLabel("Marketplace").inputValue()).toBe("amazon");
      expect(await page.getByLabel("Marketplace").isVisible()).toBe(true);
      expect(await page.getByTestId("generate-no-js-note").isVisible()).toBe(true);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(view.width);
      await screenshot(page, `create-no-js-${view.width}-${view.colorScheme}`);
      await context.close();
    }
  });
});

describe("the SEO search's selects without JavaScript (decision 0062)", () => {
  it("posts the chosen category, country and marketplace with the search and shows them chosen on the answer", { timeout: 120_000 }, async () => {
    const seller = await sellerWithLists([]);
    const context = await withoutJavaScript(seller.token);
    const page = await context.newPage();
    await page.goto("/seo-keywords");
    await page.getByLabel("Product Name*").fill("silver leaf necklace");
    expect(await page.getByTestId("select-category").locator("option").count()).toBe(7);
    await page.getByTestId("select-category").selectOption({ label: "Jewelry" });
    await page.getByTestId("select-country").selectOption("GB");
    await page.getByTestId("select-platform").selectOption("ebay");
    await submit(page, () => page.getByTestId("seo-submit").click());
    await page.getByTestId("keyword-results").waitFor();
    expect(await page.getByTestId("select-category").inputValue()).toBe("jewelry");
    expect(await page.getByTestId("select-country").inputValue()).toBe("GB");
    expect(await page.getByTestId("select-platform").inputValue()).toBe("ebay");
    await context.close();
  });
});

describe("Create Listing's keywords and Prompt Suggestions without JavaScript (decision 0062)", () => {
  it("adds keywords by hand (button and Enter), ignores a repeat, removes one, uses a prompt, and generates with what is left", { timeout: 180_000 }, async () => {
    const seller = await sellerWithLists([]);
    const context = await withoutJavaScript(seller.token);
    const page = await context.newPage();
    await page.goto("/create");
    const chips = async () => (await page.getByTestId("keyword-list").getByRole("listitem").allInnerTexts()).map((c) => c.trim());
    // This browser's stored list is not read without JavaScript: the SPEC's empty text, not a placeholder that never ends.
    expect(await page.getByTestId("keyword-list-empty").innerText()).toContain("No keywords selected.");
    expect(await page.getByTestId("keyword-list-pending").isVisible()).toBe(false);

    const description = "Handmade stoneware coffee mug, 350 ml, glazed in speckled cream, dishwasher safe.";
    await page.getByLabel("Product description").fill(description);
    await page.getByLabel("Marketplace").selectOption("amazon");
    await page.getByLabel("Add a keyword").fill("  speckled mug ");
    await submit(page, () => page.getByRole("button", { name: "Add", exact: true }).click());
    expect(await chips()).toEqual(["speckled mug"]);
    // The rest of the form is as the seller left it; the field is empty for the next keyword.
    expect(await page.getByLabel("Product description").inputValue()).toBe(description);
    expect(await page.getByLabel("Marketplace").inputValue()).toBe("amazon");
    expect(await page.getByLabel("Add a keyword").inputValue()).toBe("");

    // Enter in the field adds too, and does not generate.
    await page.getByLabel("Add a keyword").fill("Stoneware Mug");
    await submit(page, () => page.getByLabel("Add a keyword").press("Enter"));
    expect(await chips()).toEqual(["speckled mug", "Stoneware Mug"]);
    expect(new URL(page.url()).pathname).toBe("/create");
    // A keyword already selected (any case) is not added twice.
    await page.getByLabel("Add a keyword").fill("SPECKLED MUG");
    await submit(page, () => page.getByRole("button", { name: "Add", exact: true }).click());
    expect(await chips()).toEqual(["speckled mug", "Stoneware Mug"]);

    await submit(page, () => page.getByRole("button", { name: "Remove speckled mug" }).click());
    expect(await chips()).toEqual(["Stoneware Mug"]);
    expect((await api<{ used: number }>("/create-listing/quota", seller.token)).body.used).toBe(0);

    // Prompt Suggestions: a disclosure of the five prompts; Use puts one in the description.
    await page.getByTestId("prompt-suggestions-no-js").locator("summary").click();
    const suggestions = page.getByTestId("prompt-suggestions-no-js");
    expect(await suggestions.getByRole("listitem").count()).toBe(5);
    // The reason is written out under each prompt (a tooltip needs JavaScript).
    expect(await suggestions.getByText("Size and colour details become features buyers compare", { exact: false }).isVisible()).toBe(true);
    await screenshot(page, "create-prompt-suggestions-no-js");
    await submit(page, () => page.getByRole("button", { name: "Use prompt 2" }).click());
    expect(await page.getByLabel("Product description").inputValue()).toBe("[style] [product] for [audience]. Made of [material], size [size], available in [colors].");
    expect(await chips()).toEqual(["Stoneware Mug"]);
    expect(await page.getByLabel("Marketplace").inputValue()).toBe("amazon");

    await page.getByLabel("Product description").fill(description);
    await page.getByLabel("Marketplace").selectOption("etsy");
    await submit(page, () => page.getByTestId("generate-listing").click());
    expect(new URL(page.url()).pathname).toMatch(/^\/listings\/[^/]+$/);
    const id = new URL(page.url()).pathname.split("/").pop()!;
    const listing = (await api<SavedListing>(`/listings/${id}`, seller.token)).body.data.listing;
    // The keyword left in the list went into the listing; the removed one was not sent.
    expect(listing.tags.map((tag) => tag.toLowerCase())).toContain("stoneware mug");
    expect((await api<{ used: number }>("/create-listing/quota", seller.token)).body.used).toBe(1);
    await context.close();
  });
});

describe("Audit a Listing's marketplace without JavaScript (decision 0062)", () => {
  it("checks the pasted listing against the marketplace chosen in the page's own select", { timeout: 60_000 }, async () => {
    const seller = await sellerWithLists([]);
    const context = await withoutJavaScript(seller.token);
    const page = await context.newPage();
    await page.goto("/audit");
    await page.getByLabel("Marketplace").selectOption({ label: "Amazon" });
    await page.getByTestId("audit-title").fill("Silver Leaf Necklace for Women, Sterling Botanical Pendant on a 45 cm Chain");
    await page.getByTestId("audit-description").fill("This silver leaf necklace is handmade from recycled sterling silver. The pendant measures 2 cm on a 45 cm chain.");
    await submit(page, () => page.getByRole("button", { name: "Check this listing" }).click());
    await page.getByText("Checked against Amazon's rules and best practices.").waitFor();
    expect(await page.getByText("Checked against Etsy's rules").count()).toBe(0);
    expect(await page.getByLabel("Marketplace").inputValue()).toBe("amazon");
    await context.close();
  });
});

describe("My Listings and a listing without JavaScript", () => {
  type Saved = { data: { listing: { id: string; title: string } } };
  async function sellerWithListings(titles: string[]) {
    const { token } = await registerViaApi(uniqueEmail("no-js-listings"));
    const ids: string[] = [];
    for (const title of titles) {
      const saved = await api<Saved>("/listings", token, { body: { title, description: `${title}, made in small batches.`, tags: ["gift"], altTexts: [], originalPrompt: title } });
      expect(saved.status).toBe(201);
      ids.push(saved.body.data.listing.id);
    }
    return { token, ids };
  }

  it("asks on the page before deleting from My Listings: Cancel keeps the listing, Delete removes it and says so", { timeout: 120_000 }, async () => {
    const { token, ids } = await sellerWithListings(["Speckled stoneware mug", "Linen tea towel"]);
    const context = await withoutJavaScript(token);
    const page = await context.newPage();
    await page.goto("/listings");
    await submit(page, () => page.getByRole("button", { name: "Delete Speckled stoneware mug" }).click());
    expect(new URL(page.url()).searchParams.get("delete")).toBe(ids[0]);
    const ask = page.getByRole("alertdialog", { name: "Delete this listing?" });
    expect(await ask.textContent()).toContain('"Speckled stoneware mug" will be removed from My Listings.');
    await screenshot(page, "no-js-delete-confirm");
    await submit(page, () => ask.getByRole("link", { name: "Cancel" }).click());
    expect(await page.getByRole("alertdialog").count()).toBe(0);
    expect((await cardTitles(page)).sort()).toEqual(["Linen tea towel", "Speckled stoneware mug"]);

    await submit(page, () => page.getByRole("button", { name: "Delete Speckled stoneware mug" }).click());
    await submit(page, () => page.getByRole("alertdialog").getByRole("button", { name: "Delete listing" }).click());
    expect(new URL(page.url()).pathname).toBe("/listings");
    expect(await page.getByTestId("listings-deleted").textContent()).toContain("Listing deleted");
    expect(await cardTitles(page)).toEqual(["Linen tea towel"]);
    expect((await api(`/listings/${ids[0]}`, token)).status).toBe(404);
    await context.close();
  });

  it("asks for another seller's listing nothing: the address names no listing of theirs", { timeout: 60_000 }, async () => {
    const owner = await sellerWithListings(["Brass candle holder"]);
    const other = await sellerWithListings(["Wool blanket"]);
    const context = await withoutJavaScript(other.token);
    const page = await context.newPage();
    await page.goto(`/listings?delete=${owner.ids[0]}`);
    expect(await page.getByRole("alertdialog").count()).toBe(0);
    expect(await page.locator("body").textContent()).not.toContain("Brass candle holder");
    // A post to delete it is refused as not found, and it stays.
    const res = await page.request.post(`/listings/${owner.ids[0]}`, { form: { intent: "delete", back: "/listings" }, headers: { Origin: baseURL() }, maxRedirects: 0 });
    expect(res.status()).toBe(404);
    expect((await api(`/listings/${owner.ids[0]}`, owner.token)).status).toBe(200);
    await context.close();
  });

  it("deletes a listing from its own page after asking there, and sorts My Listings with the sort's own button", { timeout: 120_000 }, async () => {
    const { token, ids } = await sellerWithListings(["Oak serving board", "Walnut coaster set"]);
    const context = await withoutJavaScript(token, { width: 375, colorScheme: "dark" });
    const page = await context.newPage();
    await page.goto("/listings");
    expect(await cardTitles(page)).toEqual(["Walnut coaster set", "Oak serving board"]);
    await page.getByTestId("listings-sort").selectOption({ label: "Oldest first" });
    await submit(page, () => page.getByRole("button", { name: "Apply" }).click());
    expect(new URL(page.url()).searchParams.get("sort")).toBe("oldest");
    expect(await cardTitles(page)).toEqual(["Oak serving board", "Walnut coaster set"]);

    await page.goto(`/listings/${ids[1]}`);
    await submit(page, () => page.getByTestId("delete-listing").click());
    expect(new URL(page.url()).searchParams.get("delete")).toBe("1");
    const ask = page.getByRole("alertdialog", { name: "Delete this listing?" });
    await screenshot(page, "no-js-delete-detail-375-dark");
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    await submit(page, () => ask.getByRole("link", { name: "Cancel" }).click());
    expect(new URL(page.url()).pathname).toBe(`/listings/${ids[1]}`);
    await submit(page, () => page.getByTestId("delete-listing").click());
    await submit(page, () => page.getByRole("alertdialog").getByRole("button", { name: "Delete listing" }).click());
    expect(new URL(page.url()).pathname).toBe("/listings");
    expect(await cardTitles(page)).toEqual(["Oak serving board"]);
    await context.close();
  });
});

describe("a listing's edits without JavaScript (decision 0068)", () => {
  type Detail = { id: string; title: string; version: number; tags: string[]; alt_texts: string[]; facts?: { kind: string; value: string }[]; facts_corrected?: boolean };
  type Saved = { data: { listing: Detail } };
  async function sellerWithListing(title: string, description = `${title}, made in small batches.`) {
    const { token } = await registerViaApi(uniqueEmail("no-js-edit"));
    const saved = await api<Saved>("/listings", token, { body: { title, description, tags: ["gift"], altTexts: [], originalPrompt: description } });
    expect(saved.status).toBe(201);
    return { token, id: saved.body.data.listing.id };
  }
  const listingOf = async (token: string, id: string) => (await api<Saved>(`/listings/${id}`, token)).body.data.listing;
  const chips = async (page: Page) => (await page.getByTestId("edit-tags").locator("li span:first-child").allTextContents()).map((t) => t.trim());

  it(
    "edits a listing: the editor opens from the address, tags and alt texts are added and removed by the server, an empty title is refused under it with nothing typed lost, and a save says so",
    { timeout: 180_000 },
    async () => {
      const { token, id } = await sellerWithListing("Speckled stoneware mug");
      const context = await withoutJavaScript(token);
      const page = await context.newPage();
      await page.goto(`/listings/${id}`);
      expect(await page.getByTestId("listing-editor").count()).toBe(0);
      await submit(page, () => page.getByTestId("edit-listing").click());
      expect(new URL(page.url()).searchParams.get("edit")).toBe("1");
      // Cancel goes back to the listing, writing nothing.
      await page.getByTestId("edit-title").fill("Not this title");
      await submit(page, () => page.getByTestId("cancel-edit").click());
      expect(await page.getByTestId("listing-editor").count()).toBe(0);
      expect(await page.getByTestId("detail-title").textContent()).toBe("Speckled stoneware mug");
      await submit(page, () => page.getByTestId("edit-listing").click());
      expect(new URL(page.url()).searchParams.get("edit")).toBe("1");
      expect(await page.getByTestId("edit-title").inputValue()).toBe("Speckled stoneware mug");

      // A title typed before pressing Add tag is kept by the server's answer.
      await page.getByTestId("edit-title").fill("Speckled stoneware mug, 350 ml");
      await page.getByTestId("edit-tag-input").fill("stoneware mug");
      await submit(page, () => page.getByRole("button", { name: "Add tag" }).click());
      expect(await chips(page)).toEqual(["gift", "stoneware mug"]);
      expect(await page.getByTestId("edit-title").inputValue()).toBe("Speckled stoneware mug, 350 ml");
      expect(await page.getByTestId("edit-tag-input").inputValue()).toBe("");
      await submit(page, () => page.getByRole("button", { name: "Remove tag gift" }).click());
      expect(await chips(page)).toEqual(["stoneware mug"]);
      await submit(page, () => page.getByRole("button", { name: "Add alt text" }).click());
      await page.getByLabel("Image 1").fill("Blue speckled mug on an oak table");
      // Enter in the tag field adds the tag (the form's first button), it does not save.
      await page.getByTestId("edit-tag-input").fill("handmade mug");
      await submit(page, () => page.getByTestId("edit-tag-input").press("Enter"));
      expect(await chips(page)).toEqual(["stoneware mug", "handmade mug"]);
      expect((await listingOf(token, id)).version).toBe(1);

      await page.getByTestId("edit-title").fill("   ");
      await submit(page, () => page.getByTestId("save-listing").click());
      expect(await page.getByTestId("title-message").textContent()).toBe("Title is required");
      expect(await chips(page)).toEqual(["stoneware mug", "handmade mug"]);
      expect(await page.getByLabel("Image 1").inputValue()).toBe("Blue speckled mug on an oak table");
      expect((await listingOf(token, id)).title).toBe("Speckled stoneware mug");

      await page.getByTestId("edit-title").fill("Speckled stoneware mug, 350 ml");
      await screenshot(page, "no-js-listing-editor");
      await submit(page, () => page.getByTestId("save-listing").click());
      expect(new URL(page.url()).pathname).toBe(`/listings/${id}`);
      expect(await page.getByTestId("detail-done").textContent()).toMatch(/Listing saved|Saved\. Some parts were adjusted/);
      expect(await page.getByTestId("listing-editor").count()).toBe(0);
      expect(await page.getByTestId("detail-title").textContent()).toBe("Speckled stoneware mug, 350 ml");
      const saved = await listingOf(token, id);
      expect(saved.title).toBe("Speckled stoneware mug, 350 ml");
      expect(saved.tags).toEqual(["stoneware mug", "handmade mug"]);
      expect(saved.alt_texts).toEqual(["Blue speckled mug on an oak table"]);
      await context.close();
    },
  );

  it("asks on the page when the listing changed meanwhile: Overwrite saves the edit over the newer version", { timeout: 120_000 }, async () => {
    const { token, id } = await sellerWithListing("Linen tea towel");
    const context = await withoutJavaScript(token);
    const page = await context.newPage();
    await page.goto(`/listings/${id}?edit=1`);
    // Another tab saves first.
    const other = await api<Saved>(`/listings/${id}`, token, { method: "PUT", body: { title: "Linen tea towel, natural", version: 1 } });
    expect(other.status).toBe(200);
    await page.getByTestId("edit-title").fill("Stonewashed linen tea towel");
    await submit(page, () => page.getByTestId("save-listing").click());
    const ask = page.getByRole("alertdialog", { name: "This listing was changed elsewhere" });
    expect(await ask.textContent()).toContain("Their title: Linen tea towel, natural");
    expect(await page.getByTestId("edit-title").inputValue()).toBe("Stonewashed linen tea towel");
    expect((await listingOf(token, id)).title).toBe("Linen tea towel, natural");
    await submit(page, () => ask.getByRole("button", { name: "Overwrite" }).click());
    expect(await page.getByTestId("detail-done").textContent()).toMatch(/Listing saved|Saved\./);
    const saved = await listingOf(token, id);
    expect(saved.title).toBe("Stonewashed linen tea towel");
    expect(saved.version).toBe(3);
    await context.close();
  });

  it("restores an older version after asking on the page, and says which version came back; another address asks nothing", { timeout: 120_000 }, async () => {
    const { token, id } = await sellerWithListing("Brass candle holder");
    expect((await api(`/listings/${id}`, token, { method: "PUT", body: { title: "Brass candle holder, pair", version: 1 } })).status).toBe(200);
    const context = await withoutJavaScript(token, { width: 375, colorScheme: "dark" });
    const page = await context.newPage();
    await page.goto(`/listings/${id}`);
    await submit(page, () => page.getByRole("button", { name: "Restore version 1" }).click());
    const ask = page.getByRole("alertdialog", { name: "Restore version 1?" });
    expect(await ask.textContent()).toContain('"Brass candle holder"');
    await screenshot(page, "no-js-restore-confirm-375-dark");
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    await submit(page, () => ask.getByRole("link", { name: "Cancel" }).click());
    expect(await page.getByRole("alertdialog").count()).toBe(0);
    expect((await listingOf(token, id)).title).toBe("Brass candle holder, pair");

    await page.goto(`/listings/${id}?restore=00000000-0000-4000-8000-000000000000`);
    expect(await page.getByRole("alertdialog").count()).toBe(0);

    await page.goto(`/listings/${id}`);
    await submit(page, () => page.getByRole("button", { name: "Restore version 1" }).click());
    await submit(page, () => page.getByRole("alertdialog").getByRole("button", { name: "Restore" }).click());
    expect(await page.getByTestId("detail-done").textContent()).toBe("Version 1 restored");
    expect(await page.getByTestId("detail-title").textContent()).toBe("Brass candle holder");
    const restored = await listingOf(token, id);
    expect(restored.title).toBe("Brass candle holder");
    expect(restored.version).toBe(3);
    await context.close();
  });

  it(
    "corrects Facts we used: the rows open from the address, a row is added and removed by the server, an empty value is refused with the rows kept, and a save says so",
    { timeout: 120_000 },
    async () => {
      const { token, id } = await sellerWithListing("Walnut cutting board", "Walnut cutting board, 40 x 25 cm, finished with food-safe oil.");
      const before = await listingOf(token, id);
      const context = await withoutJavaScript(token);
      const page = await context.newPage();
      await page.goto(`/listings/${id}`);
      await submit(page, () => page.getByTestId("fact-correct").click());
      expect(new URL(page.url()).searchParams.get("facts")).toBe("1");
      const rows = page.getByTestId("fact-row");
      // Cancel closes the rows, writing nothing.
      await submit(page, () => page.getByTestId("fact-list").getByRole("button", { name: "Cancel" }).click());
      expect(await rows.count()).toBe(0);
      expect(new URL(page.url()).search).toBe("");
      await submit(page, () => page.getByTestId("fact-correct").click());
      const count = await rows.count();
      expect(count).toBe((before.facts ?? []).length);

      await submit(page, () => page.getByTestId("fact-add").click());
      expect(await rows.count()).toBe(count + 1);
      // An empty value is refused, in the words the page uses, and the rows stay as posted.
      await submit(page, () => page.getByTestId("fact-save").click());
      expect(await page.getByTestId("fact-error").textContent()).toBe("A fact cannot be empty: remove it instead.");
      expect(await rows.count()).toBe(count + 1);
      await rows.last().getByTestId("fact-kind").selectOption("origin");
      await rows.last().getByTestId("fact-value").fill("Made in Vermont");
      if (count > 0) {
        await submit(page, () => rows.first().getByTestId("fact-remove").click());
        expect(await rows.count()).toBe(count);
      }
      await screenshot(page, "no-js-facts-editor");
      await submit(page, () => page.getByTestId("fact-save").click());
      expect(new URL(page.url()).searchParams.get("facts")).toBe("saved");
      expect(await page.getByTestId("fact-corrected").textContent()).toBe("Facts saved. The listing is written from them the next time.");
      expect(await page.getByTestId("fact-items").textContent()).toContain("Made in Vermont");
      const after = await listingOf(token, id);
      expect(after.facts_corrected).toBe(true);
      expect(after.facts).toEqual([...(before.facts ?? []).slice(count > 0 ? 1 : 0), { kind: "origin", value: "Made in Vermont" }]);
      await context.close();
    },
  );
});

describe("Profile's preferences without JavaScript (decision 0071)", () => {
  it("saves the language, theme and notification switches with Save, and the page comes back in Turkish and dark", { timeout: 120_000 }, async () => {
    const { token } = await registerViaApi(uniqueEmail("no-js-prefs"));
    const context = await withoutJavaScript(token, { width: 375 });
    const page = await context.newPage();
    await page.goto("/profile");
    expect(await page.getByTestId("email-notifications").isChecked()).toBe(true);
    await page.getByTestId("language-select").selectOption({ label: "Türkçe" });
    await page.getByTestId("theme-select").selectOption({ label: "Dark" });
    await page.getByTestId("email-notifications").click();
    expect(await page.getByTestId("email-notifications").isChecked()).toBe(false);
    await submit(page, () => page.getByTestId("preferences-save").click());

    expect(new URL(page.url()).pathname).toBe("/profile");
    expect(await page.evaluate(() => document.documentElement.lang)).toBe("tr");
    expect(await page.evaluate(() => document.documentElement.classList.contains("dark"))).toBe(true);
    await page.getByRole("heading", { level: 1, name: "Profil Ayarları" }).waitFor();
    expect(await page.getByTestId("preferences-status").textContent()).toBe("Tercihler kaydedildi.");
    expect(await page.getByTestId("email-notifications").isChecked()).toBe(false);
    expect(await page.getByTestId("push-notifications").isChecked()).toBe(true);
    await screenshot(page, "no-js-profile-preferences-375-dark-tr");
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    const saved = (await api<Record<string, unknown>>("/profile", token)).body;
    expect(saved).toMatchObject({ language: "tr", theme: "dark", emailNotifications: false, pushNotifications: true });
    await context.close();
  });
});

describe("the SEO table's pages and sort without JavaScript (decision 0072)", () => {
  it("pages and sorts the results by posting the search again, which the day's cache answers without spending a search", { timeout: 120_000 }, async () => {
    const seller = await sellerWithLists([]);
    const context = await withoutJavaScript(seller.token);
    const page = await context.newPage();
    await page.goto("/seo-keywords");
    await page.getByLabel("Product Name*").fill("walnut cutting board");
    await submit(page, () => page.getByTestId("seo-submit").click());
    const words = () => page.getByTestId("keyword-row").evaluateAll((rows) => rows.map((row) => row.getAttribute("data-keyword") ?? ""));
    const firstPage = await words();
    expect(firstPage).toHaveLength(10);
    const range = await page.getByTestId("page-range").textContent();
    expect(range).toMatch(/^Showing 1–10 of \d+/);
    expect(await page.getByTestId("usage-used").textContent()).toBe("1/10 used");

    await submit(page, () => page.getByRole("button", { name: "Page 2" }).click());
    expect(await page.getByTestId("page-range").textContent()).toMatch(/^Showing 11–/);
    const secondPage = await words();
    expect(secondPage.length).toBeGreaterThan(0);
    expect(secondPage.some((word) => firstPage.includes(word))).toBe(false);
    expect(await page.getByRole("button", { name: "Page 2" }).getAttribute("aria-current")).toBe("page");

    // Sorting by keyword starts at page 1, A to Z; the next page keeps the sort.
    await submit(page, () => page.getByTestId("sort-keyword").click());
    const sorted = await words();
    expect(await page.getByTestId("page-range").textContent()).toMatch(/^Showing 1–10/);
    expect(sorted).toEqual([...sorted].sort((a, b) => a.localeCompare(b)));
    expect(await page.locator('th[aria-sort="ascending"]').count()).toBe(1);
    await submit(page, () => page.getByRole("button", { name: "Next" }).click());
    const sortedNext = await words();
    expect(sortedNext[0]!.localeCompare(sorted.at(-1)!)).toBeGreaterThanOrEqual(0);
    await screenshot(page, "no-js-seo-sorted-page-2");

    // The same search from the day's cache: still one search spent.
    expect(await page.getByTestId("usage-used").textContent()).toBe("1/10 used");
    await context.close();
  });
});

describe("the SEO table's All/Selected filter and CSV download without JavaScript (decision 0074)", () => {
  const used = async (token: string) => (await api<{ used: number }>("/seo-analysis/quota", token)).body.used;
  const words = (page: Page) => page.getByTestId("keyword-row").evaluateAll((rows) => rows.map((row) => row.getAttribute("data-keyword") ?? ""));
  /** A download's name and its bytes as written to disk (the byte-order mark included). */
  const saved = async (download: Download) => ({ name: download.suggestedFilename(), bytes: readFileSync((await download.path())!) });
  const plainBox = (page: Page, keyword: string) => page.getByRole("checkbox", { name: `Select ${keyword}`, exact: true });

  it(
    "downloads the same CSV as the page's JavaScript for the same search, ticks and view (all rows, then only the selected), from the cache without spending a search",
    { timeout: 180_000 },
    async () => {
      const seller = await sellerWithLists([]);
      const context = await withoutJavaScript(seller.token);
      const page = await context.newPage();
      await page.goto("/seo-keywords");
      // A product no other test searches: the keyword cache is shared by every seller.
      await page.getByLabel("Product Name*").fill("felted wool tea cosy");
      await submit(page, () => page.getByTestId("seo-submit").click());
      const firstPage = await words(page);
      // One search spent (none if a retried run finds it in the day's cache); nothing after it spends more.
      const spent = await used(seller.token);
      expect(spent).toBeLessThanOrEqual(1);

      // Two ticked on page 1, sorted A to Z (the ticks travel with the post), and one more on page 2.
      await plainBox(page, firstPage[0]!).check();
      await plainBox(page, firstPage[2]!).check();
      await submit(page, () => page.getByTestId("sort-keyword").click());
      expect((await page.locator('input[type="checkbox"][name="keyword"]:checked').count()) + (await page.locator('input[type="hidden"][name="keyword"][form="seo-search-form"]').count())).toBe(2);
      await submit(page, () => page.getByRole("button", { name: "Page 2" }).click());
      const onSecond = await words(page);
      const third = onSecond.find((word) => word !== firstPage[0] && word !== firstPage[2])!;
      await plainBox(page, third).check();
      const ticked = [firstPage[0]!, firstPage[2]!, third];

      const [noJsAll] = await Promise.all([page.waitForEvent("download"), page.getByTestId("download-csv").click()]);
      const allFile = await saved(noJsAll);
      expect(allFile.name).toBe("keywords-felted-wool-tea-cosy-us-etsy.csv");
      const lines = allFile.bytes
        .toString("utf8")
        .replace(/^\uFEFF/, "")
        .trimEnd()
        .split("\r\n");
      expect(allFile.bytes.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
      const keywords = lines.slice(1).map((line) => line.split(",")[0]!.replace(/^"|"$/g, ""));
      expect(keywords).toEqual([...keywords].sort((a, b) => a.localeCompare(b)));
      expect(
        lines
          .filter((line) => line.includes(",yes,"))
          .map((line) => line.split(",")[0])
          .sort(),
      ).toEqual([...ticked].sort());

      await submit(page, () => page.getByTestId("filter-selected").click());
      const [noJsSelected] = await Promise.all([page.waitForEvent("download"), page.getByTestId("download-csv").click()]);
      const selectedFile = await saved(noJsSelected);
      expect(selectedFile.bytes.toString("utf8").trimEnd().split("\r\n")).toHaveLength(4);
      expect(await used(seller.token)).toBe(spent);
      await context.close();

      // The page's JavaScript: the same search (the cache answers it), the same ticks and sort.
      const js = await newContext(browser);
      const tab = await js.newPage();
      await useSession(tab, seller.token);
      await tab.goto("/seo-keywords");
      await tab.locator('main[data-ready="true"]').waitFor();
      await tab.getByLabel("Product Name*").fill("felted wool tea cosy");
      await tab.getByTestId("seo-submit").click();
      await tab.getByTestId("keyword-results").waitFor();
      await tab.getByTestId("sort-keyword").click();
      for (const word of ticked) {
        for (let n = 1; (await tab.getByRole("checkbox", { name: `Select ${word}`, exact: true }).count()) === 0; n += 1) await tab.getByRole("button", { name: `Page ${n}` }).click();
        await tab.getByRole("checkbox", { name: `Select ${word}`, exact: true }).click();
      }
      const [jsAll] = await Promise.all([tab.waitForEvent("download"), tab.getByTestId("download-csv").click()]);
      expect(await saved(jsAll)).toEqual(allFile);
      await tab.getByTestId("filter-selected").click();
      const [jsSelected] = await Promise.all([tab.waitForEvent("download"), tab.getByTestId("download-csv").click()]);
      expect(await saved(jsSelected)).toEqual(selectedFile);
      expect(await used(seller.token)).toBe(spent);
      await js.close();
    },
  );

  it("shows only the ticked rows with Selected (ticks kept across pages and sorts), drops an unticked one, and goes back to every row with All", { timeout: 180_000 }, async () => {
    const seller = await sellerWithLists([]);
    const context = await withoutJavaScript(seller.token);
    const page = await context.newPage();
    await page.goto("/seo-keywords");
    await page.getByLabel("Product Name*").fill("enamel camping mug");
    await submit(page, () => page.getByTestId("seo-submit").click());
    const firstPage = await words(page);
    const spent = await used(seller.token);
    const total = Number((await page.getByTestId("page-range").textContent())!.match(/of (\d+)/)![1]);
    expect(await page.getByTestId("filter-selected").textContent()).toBe("Selected (0)");

    await plainBox(page, firstPage[1]!).check();
    await plainBox(page, firstPage[4]!).check();
    await submit(page, () => page.getByRole("button", { name: "Page 2" }).click());
    // The server now knows the two ticked on page 1; one more here.
    expect(await page.getByTestId("filter-selected").textContent()).toBe("Selected (2)");
    const secondPage = await words(page);
    await plainBox(page, secondPage[0]!).check();
    await submit(page, () => page.getByTestId("filter-selected").click());
    expect(await page.getByTestId("filter-selected").getAttribute("aria-pressed")).toBe("true");
    expect(await page.getByTestId("filter-selected").textContent()).toBe("Selected (3)");
    expect((await words(page)).sort()).toEqual([firstPage[1]!, firstPage[4]!, secondPage[0]!].sort());
    expect(await page.getByTestId("page-range").textContent()).toMatch(/^Showing 1–3 of 3/);
    await screenshot(page, "no-js-seo-selected-1280-light");

    // Sorting the Selected view keeps it; unticking one there drops it at the next post.
    await submit(page, () => page.getByTestId("sort-keyword").click());
    const sorted = await words(page);
    expect(sorted).toEqual([...sorted].sort((a, b) => a.localeCompare(b)));
    await plainBox(page, sorted[0]!).uncheck();
    await submit(page, () => page.getByTestId("filter-selected").click());
    expect(await words(page)).toEqual(sorted.slice(1));
    expect(await page.getByTestId("filter-selected").textContent()).toBe("Selected (2)");

    // All: every row again, from page 1, sorted as before, the two still ticked.
    await submit(page, () => page.getByTestId("filter-all").click());
    expect(await page.getByTestId("filter-all").getAttribute("aria-pressed")).toBe("true");
    expect(await page.getByTestId("page-range").textContent()).toMatch(new RegExp(`^Showing 1–10 of ${total}`));
    const every = await words(page);
    expect(every).toEqual([...every].sort((a, b) => a.localeCompare(b)));
    const checked = await page.locator('input[type="checkbox"][name="keyword"]:checked').count();
    const hidden = await page.locator('input[type="hidden"][name="keyword"][form="seo-search-form"]').count();
    expect(checked + hidden).toBe(2);

    // A new page, nothing ticked: Selected says so, and its Show all goes back.
    await page.goto("/seo-keywords");
    await page.getByLabel("Product Name*").fill("enamel camping mug");
    await submit(page, () => page.getByTestId("seo-submit").click());
    await submit(page, () => page.getByTestId("filter-selected").click());
    expect(await page.getByText("No keywords selected yet").count()).toBeGreaterThan(0);
    await submit(page, () => page.getByTestId("filter-show-all").click());
    expect(await page.getByTestId("keyword-row").count()).toBe(10);
    expect(await used(seller.token)).toBe(spent);
    await context.close();
  });

  it("lays out the filter and the CSV button without JavaScript at 375 px in the dark theme without horizontal scrolling", { timeout: 120_000 }, async () => {
    const seller = await sellerWithLists([]);
    const context = await withoutJavaScript(seller.token, { width: 375, colorScheme: "dark" });
    const page = await context.newPage();
    await page.goto("/seo-keywords");
    await page.getByLabel("Product Name*").fill("enamel camping mug");
    await submit(page, () => page.getByTestId("seo-submit").click());
    await plainBox(page, (await words(page))[0]!).check();
    await submit(page, () => page.getByTestId("filter-selected").click());
    expect(await page.getByTestId("keyword-row").count()).toBe(1);
    expect(await page.getByTestId("download-csv").isVisible()).toBe(true);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await screenshot(page, "no-js-seo-selected-375-dark");
    await context.close();
  });
});
