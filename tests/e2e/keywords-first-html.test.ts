import type { Browser, BrowserContext } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { registerViaApi, SESSION_COOKIE, baseURL, launchBrowser, screenshot, uniqueEmail, tokenApi as api } from "./browser";

/**
 * The keyword screens before any JavaScript (decision 0050): the first HTML from the edge already holds
 * the seller's saved keyword lists, and the screens' forms (a search, an analysis, opening and deleting
 * a list) work as plain form posts and links, as they do while the page is still hydrating.
 */
let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/** A seller registered through the API, e-mail confirmed (searches need it), with `lists` saved. */
async function sellerWithLists(lists: { name: string; keywords: string[] }[]) {
  const { token } = await registerViaApi(uniqueEmail("kw-html"));
  const ids: string[] = [];
  for (const list of lists) {
    const saved = await api<{ data: { list: { id: string } } }>("/keyword-lists", token, { body: { name: list.name, keywords: list.keywords.map((keyword) => ({ keyword })) } });
    expect(saved.status).toBe(201);
    ids.push(saved.body.data.list.id);
  }
  return { token, ids };
}

/** A browser with JavaScript turned off, signed in by the session cookie: it shows exactly the server's HTML. */
async function withoutJavaScript(token: string, options: { width?: number; colorScheme?: "light" | "dark"; javaScript?: boolean } = {}): Promise<BrowserContext> {
  const context = await browser.newContext({
    baseURL: baseURL(),
    javaScriptEnabled: options.javaScript ?? false,
    viewport: { width: options.width ?? 1280, height: 900 },
    colorScheme: options.colorScheme ?? "light",
  });
  await context.addCookies([{ name: SESSION_COOKIE, value: token, url: baseURL(), httpOnly: true, sameSite: "Lax" }]);
  return context;
}

const seoUsed = async (token: string) => (await api<{ used: number }>("/seo-analysis/quota", token)).body.used;

describe("the keyword screens' first HTML, before any JavaScript", () => {
  it("already lists the seller's saved keyword lists, and the address's list opens as the selection", { timeout: 120_000 }, async () => {
    const seller = await sellerWithLists([
      { name: "Spring rings", keywords: ["silver ring", "dainty ring", "stacking ring"] },
      { name: "Mug ideas", keywords: ["ceramic mug"] },
    ]);

    // The HTML as the edge answers it to the session cookie, read without a browser.
    const html = await (await fetch(`${baseURL()}/seo-keywords`, { headers: { Cookie: `${SESSION_COOKIE}=${seller.token}` } })).text();
    expect(html).toContain("Spring rings");
    expect(html).toContain("Mug ideas");
    expect(html).toContain("3 keywords");

    const context = await withoutJavaScript(seller.token);
    const page = await context.newPage();
    expect((await page.goto("/seo-keywords"))?.status()).toBe(200);
    const saved = page.getByTestId("saved-list");
    expect(await saved.count()).toBe(2);
    expect((await saved.allInnerTexts()).join("\n")).toContain("Spring rings");
    expect(await page.getByTestId("keyword-lists-empty").count()).toBe(0);

    // Open, as a plain GET form: the list's keywords are the selection of the page the server answers.
    await Promise.all([page.waitForURL(`**/seo-keywords?list=${seller.ids[0]}`), page.getByRole("button", { name: "Open Spring rings" }).click()]);
    expect(await page.getByTestId("selected-chip").allTextContents()).toEqual(["silver ring", "dainty ring", "stacking ring"]);

    // Another seller's list (or one that never existed) is not opened: a 404 that says so, with the page still usable.
    const other = await sellerWithLists([{ name: "Not yours", keywords: ["their phrase"] }]);
    for (const id of [other.ids[0], "no-such-list"]) {
      expect((await page.goto(`/seo-keywords?list=${id}`))?.status()).toBe(404);
      expect(await page.getByTestId("open-list-missing").innerText()).toContain("That keyword list is not in your account.");
      expect(await page.getByTestId("selected-chip").count()).toBe(0);
      expect(await page.getByTestId("saved-list").count()).toBe(2);
    }
    await context.close();
  });

  it("searches, deletes a list and analyses a keyword with plain form posts; reloading the screen spends no search", { timeout: 120_000 }, async () => {
    const seller = await sellerWithLists([{ name: "Old list", keywords: ["linen apron"] }]);
    const context = await withoutJavaScript(seller.token);
    const page = await context.newPage();
    await page.goto("/seo-keywords");
    await page.getByLabel("Product Name*").fill("walnut serving board");
    await Promise.all([page.waitForLoadState("load"), page.getByTestId("seo-submit").click()]);
    await page.getByTestId("keyword-results").waitFor();
    expect(await page.getByTestId("keyword-row").count()).toBeGreaterThan(0);
    expect(await page.getByLabel("Product Name*").inputValue()).toBe("walnut serving board");
    expect(await seoUsed(seller.token)).toBe(1);
    // The screen read again (a GET) shows the lists and searches nothing.
    await page.goto("/seo-keywords");
    expect(await seoUsed(seller.token)).toBe(1);

    // Another site's form cannot delete it (the session cookie alone is not enough): a document post
    // (React Router's own check, 400) and a data request (the action's same-origin check, 403).
    for (const path of ["/seo-keywords", "/seo-keywords.data"]) {
      const forged = await fetch(`${baseURL()}${path}`, {
        method: "POST",
        headers: { Cookie: `${SESSION_COOKIE}=${seller.token}`, Origin: "https://evil.example", "Content-Type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams({ intent: "delete", id: seller.ids[0] }),
        redirect: "manual",
      });
      expect([400, 403], path).toContain(forged.status);
    }
    expect((await api<{ data: { lists: unknown[] } }>("/keyword-lists", seller.token)).body.data.lists).toHaveLength(1);

    await Promise.all([page.waitForLoadState("load"), page.getByRole("button", { name: "Delete Old list" }).click()]);
    await page.getByTestId("keyword-lists-empty").waitFor();
    expect((await api<{ data: { lists: unknown[] } }>("/keyword-lists", seller.token)).body.data.lists).toEqual([]);

    await page.goto("/advanced-keywords?keyword=linen%20apron&geo=GB");
    // The address fills the form; nothing is analysed until it is posted.
    expect(await page.getByLabel("Keyword", { exact: true }).inputValue()).toBe("linen apron");
    expect(await page.getByTestId("analysis-result").count()).toBe(0);
    await Promise.all([page.waitForLoadState("load"), page.getByTestId("advanced-submit").click()]);
    await page.getByTestId("analysis-result").waitFor();
    expect(await page.getByTestId("detail-keyword").locator("dd").textContent()).toBe("linen apron");
    expect(await page.getByTestId("detail-region").textContent()).toContain("United Kingdom");
    await context.close();
  });
});

describe("the keyword screens' empty states", () => {
  it("look right in light, dark and at phone width", { timeout: 120_000 }, async () => {
    const seller = await sellerWithLists([]);
    for (const [name, options] of [
      ["light", { javaScript: true }],
      ["dark", { javaScript: true, colorScheme: "dark" as const }],
      ["phone", { javaScript: true, width: 375 }],
    ] as const) {
      // With JavaScript: the shell's usage card and theme are the hydrated page's.
      const context = await withoutJavaScript(seller.token, options);
      const page = await context.newPage();
      await page.goto("/seo-keywords");
      // Hydrated: the shell's account data (the usage card) is in.
      await page.getByTestId("usage-used").waitFor();
      await page.getByTestId("seo-start").waitFor();
      await page.getByTestId("keyword-lists-empty").waitFor();
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(options.width ?? 1280);
      await screenshot(page, `seo-keywords-empty-${name}`);
      await page.goto("/advanced-keywords");
      await page.getByTestId("usage-used").waitFor();
      await page.getByText("Analyze your first keyword").waitFor();
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(options.width ?? 1280);
      await screenshot(page, `advanced-keywords-empty-${name}`);
      await context.close();
    }
  });
});
