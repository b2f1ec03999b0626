import type { Browser, BrowserContext } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { registerViaApi, SESSION_COOKIE, baseURL, launchBrowser, newContext, screenshot, uniqueEmail, useSession, cardTitles } from "./browser";

/**
 * My Listings 50 at a time: a seller whose shop of 55 listings was imported pages through them with
 * Previous and Next, with JavaScript and without it, and a delete on the second page stays there.
 */
let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/** A seller with `n` listings, "Shop item 01" to "Shop item NN", imported as Etsy's listings CSV. */
async function sellerWithShop(n: number) {
  const { token } = await registerViaApi(uniqueEmail("pages"));
  const rows = Array.from({ length: n }, (_, i) => {
    const no = String(i + 1).padStart(2, "0");
    return `Shop item ${no},"A ceramic piece, number ${no}.",${10 + i}.00,USD,1,"ceramic,item ${no}",stoneware,ITEM-${no}`;
  });
  const csv = ["TITLE,DESCRIPTION,PRICE,CURRENCY_CODE,QUANTITY,TAGS,MATERIALS,SKU", ...rows].join("\n");
  const form = new FormData();
  form.append("file", new Blob([csv], { type: "text/csv" }), "EtsyListingsDownload.csv");
  const res = await fetch(`${baseURL()}/api/shop/import`, { method: "POST", headers: { Authorization: `Bearer ${token}` }, body: form });
  expect(res.status).toBe(200);
  expect(((await res.json()) as { data: { imported: number } }).data.imported).toBe(n);
  return token;
}

async function withoutJavaScript(token: string): Promise<BrowserContext> {
  const context = await browser.newContext({ baseURL: baseURL(), javaScriptEnabled: false, viewport: { width: 1280, height: 900 } });
  context.setDefaultTimeout(30_000);
  await context.addCookies([{ name: SESSION_COOKIE, value: token, url: baseURL(), httpOnly: true, sameSite: "Lax" }]);
  return context;
}

describe("My Listings, 50 at a time", () => {
  it("pages a shop of 55 listings with Previous and Next, deletes on the second page and stays there, and a search starts at its first page", { timeout: 120_000 }, async () => {
    const token = await sellerWithShop(55);
    const context = await newContext(browser);
    const page = await context.newPage();
    await useSession(page, token);
    await page.goto("/listings");
    await page.locator('main[data-ready="true"]').waitFor();
    expect(await page.getByTestId("listing-card").count()).toBe(50);
    expect((await cardTitles(page)).slice(0, 2)).toEqual(["Shop item 01", "Shop item 02"]);
    expect(await page.getByTestId("listings-count").textContent()).toBe("1–50 of 55 listings");
    const pages = page.getByRole("navigation", { name: "Pages of listings" });
    expect(await pages.textContent()).toContain("Page 1 of 2");
    expect(await pages.getByRole("button", { name: "Previous" }).isDisabled()).toBe(true);
    const firstPage = await cardTitles(page);

    await pages.getByRole("link", { name: "Next" }).click();
    await expect.poll(() => new URL(page.url()).searchParams.get("page")).toBe("2");
    await expect.poll(() => page.getByTestId("listing-card").count()).toBe(5);
    expect(await page.getByTestId("listings-count").textContent()).toBe("51–55 of 55 listings");
    const secondPage = await cardTitles(page);
    // Every listing on one page, none on both.
    expect(new Set([...firstPage, ...secondPage]).size).toBe(55);
    expect(await pages.getByRole("button", { name: "Next" }).isDisabled()).toBe(true);
    await screenshot(page, "listings-page-2");

    // A delete from the second page: the dialog, then the same page with one listing fewer.
    const gone = secondPage[0];
    expect(gone).toBe("Shop item 51");
    await page.getByRole("button", { name: `Delete ${gone}` }).click();
    await page.getByTestId("confirm-delete").click();
    await page.getByText("Listing deleted").first().waitFor();
    await expect.poll(() => page.getByTestId("listing-card").count()).toBe(4);
    expect(await cardTitles(page)).not.toContain(gone);
    expect(new URL(page.url()).searchParams.get("page")).toBe("2");
    expect(await page.getByTestId("listings-count").textContent()).toBe("51–54 of 54 listings");

    await pages.getByRole("link", { name: "Previous" }).click();
    await expect.poll(() => new URL(page.url()).searchParams.get("page")).toBeNull();
    await expect.poll(() => page.getByTestId("listing-card").count()).toBe(50);

    // A search is a new view: its first page, and no pages when one holds every match.
    await page.goto("/listings?page=2");
    await page.locator('main[data-ready="true"]').waitFor();
    await page.getByTestId("listings-search").fill("Shop item 5");
    await expect.poll(() => cardTitles(page)).toEqual(["Shop item 50", "Shop item 52", "Shop item 53", "Shop item 54", "Shop item 55"]);
    expect(new URL(page.url()).searchParams.get("page")).toBeNull();
    expect(await page.getByTestId("listings-count").textContent()).toBe("5 listings");
    expect(await page.getByRole("navigation", { name: "Pages of listings" }).count()).toBe(0);
    await context.close();
  });

  it("pages and deletes on the second page before any JavaScript, and sends a page past the last to the last", { timeout: 120_000 }, async () => {
    const token = await sellerWithShop(52);
    const context = await withoutJavaScript(token);
    const page = await context.newPage();
    await page.goto("/listings?sort=oldest");
    expect(await page.getByTestId("listing-card").count()).toBe(50);
    // An import's listings keep the file's order: its first row is the newest, its last the oldest.
    expect((await cardTitles(page)).slice(0, 3)).toEqual(["Shop item 52", "Shop item 51", "Shop item 50"]);
    await Promise.all([page.waitForEvent("load"), page.getByRole("link", { name: "Next" }).click()]);
    expect(Object.fromEntries(new URL(page.url()).searchParams)).toEqual({ sort: "oldest", page: "2" });
    const [gone, kept] = await cardTitles(page);
    expect([gone, kept]).toEqual(["Shop item 02", "Shop item 01"]);

    // The card's delete asks on the same page (its search, sort and page kept), and Delete comes back to it.
    await Promise.all([page.waitForEvent("load"), page.getByRole("button", { name: `Delete ${gone}` }).click()]);
    expect(Object.fromEntries(new URL(page.url()).searchParams)).toMatchObject({ sort: "oldest", page: "2" });
    const ask = page.getByRole("alertdialog", { name: "Delete this listing?" });
    await Promise.all([page.waitForEvent("load"), ask.getByRole("button", { name: "Delete listing" }).click()]);
    expect(Object.fromEntries(new URL(page.url()).searchParams)).toEqual({ sort: "oldest", page: "2", deleted: "1" });
    expect(await page.getByTestId("listings-deleted").textContent()).toContain("Listing deleted");
    expect(await cardTitles(page)).toEqual([kept]);

    // An old bookmark past the end: the last page.
    await page.goto("/listings?sort=oldest&page=9");
    expect(Object.fromEntries(new URL(page.url()).searchParams)).toEqual({ sort: "oldest", page: "2" });
    expect(await cardTitles(page)).toEqual([kept]);
    await context.close();
  });
});
