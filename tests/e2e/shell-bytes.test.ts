/**
 * What a signed-in page ships for its shell (decision 0070): the sidebar's icons from one sprite, drawn
 * in the browser as before; the page's scripts preloaded from one list in <head>, all of them fetched,
 * the page hydrated and following its links without reloading.
 */
import type { Browser, Locator } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { baseURL, launchBrowser, newContext, registerViaApi, SESSION_COOKIE, screenshot, uniqueEmail, useSession } from "./browser";

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const headOf = (html: string) => html.slice(0, html.indexOf("</head>"));

/** An element's drawn size in whole CSS pixels (0 x 0 when it is not drawn). */
async function sizeOf(locator: Locator): Promise<[number, number]> {
  const box = await locator.boundingBox();
  return box ? [Math.round(box.width), Math.round(box.height)] : [0, 0];
}

describe("a signed-in page's shell", () => {
  it("lists its module preloads once in <head>, and the browser fetches every one of them and follows a sidebar link without reloading", async () => {
    const { token } = await registerViaApi(uniqueEmail("shell-bytes"));
    const html = await (await fetch(`${baseURL()}/listings`, { headers: { Cookie: `${SESSION_COOKIE}=${token}` } })).text();
    const head = headOf(html);
    expect(head).not.toMatch(/<link[^>]*rel="modulepreload"/);
    const list = /<script nonce="[^"]+" data-module-preloads="">[\s\S]*?\)\((\[[^\]]*\])/.exec(head);
    expect(list).not.toBeNull();
    const hrefs = JSON.parse(list![1]) as string[];
    expect(hrefs.some((href) => /^\/assets\/entry\.client-[\w-]+\.js$/.test(href))).toBe(true);
    // Before the stylesheet: an inline script after it would wait for the sheet.
    expect(head.indexOf("data-module-preloads")).toBeLessThan(head.indexOf('rel="stylesheet"'));

    const context = await newContext(browser);
    const page = await context.newPage();
    const errors: string[] = [];
    page.on("pageerror", (error) => errors.push(String(error)));
    // A preload the CSP refused, or a failed hydration, is reported on the console.
    page.on("console", (message) => message.type() === "error" && errors.push(message.text()));
    // The preload links the page adds while it loads (its script runs only if the CSP lets it).
    await page.addInitScript(() => {
      const added: string[] = ((window as unknown as { added: string[] }).added = []);
      new MutationObserver((mutations) => {
        for (const mutation of mutations)
          for (const node of mutation.addedNodes) if (node instanceof HTMLLinkElement && node.rel === "modulepreload" && node.fetchPriority === "low") added.push(node.getAttribute("href") ?? "");
      }).observe(document, { childList: true, subtree: true });
    });
    await useSession(page, token);
    await page.goto("/listings");
    await page.locator('main[data-ready="true"]').waitFor();
    const added = await page.evaluate(() => (window as unknown as { added: string[] }).added);
    expect([...new Set(added)].sort()).toEqual([...hrefs].sort());
    // Every script of the list is fetched (React keeps only its own links in <head> once it hydrates, as before).
    const fetched = await page.evaluate(() => performance.getEntriesByType("resource").map((entry) => new URL(entry.name).pathname));
    expect(hrefs.filter((href) => !fetched.includes(href))).toEqual([]);
    // A click on a sidebar entry is a navigation in the page: the document stays the same one.
    await page.evaluate(() => ((window as unknown as { marker: string }).marker = "same document"));
    await page.getByRole("navigation", { name: "Main menu" }).getByRole("link", { name: "My Shop" }).click();
    await page.getByRole("heading", { level: 1, name: "My Shop" }).waitFor();
    expect(await page.evaluate(() => (window as unknown as { marker?: string }).marker)).toBe("same document");
    expect(errors).toEqual([]);
    await context.close();
  });

  for (const [width, colorScheme] of [
    [1280, "light"],
    [390, "dark"],
  ] as const) {
    it(`draws every sidebar entry's icon, the toggle's and the logo's at ${width} px ${colorScheme}, each link keeping its name`, async () => {
      const { token } = await registerViaApi(uniqueEmail("shell-icons"));
      const context = await newContext(browser, { width, colorScheme });
      const page = await context.newPage();
      await useSession(page, token);
      await page.goto("/listings");
      await page.locator('main[data-ready="true"]').waitFor();
      if (width < 768) {
        await page.getByTestId("mobile-header").getByTestId("sidebar-trigger").click();
        await page.getByTestId("sidebar-drawer").waitFor();
      }
      const menu = page.getByRole("navigation", { name: "Main menu" });
      const names = ["Dashboard", "Advanced Keywords", "SEO & Keywords", "Create Listing", "Edit Image", "My Listings", "My Shop"];
      for (const name of names) {
        const icon = menu.getByRole("link", { name, exact: true }).locator("svg");
        // Drawn: the icon has its size and its <use> reaches a symbol of the page with shapes in it.
        expect(await sizeOf(icon)).toEqual([16, 16]);
        expect(await icon.evaluate((svg) => document.querySelector(svg.querySelector("use")?.getAttribute("href") ?? "#none")?.querySelectorAll("path, rect, circle").length ?? 0)).toBeGreaterThan(0);
      }
      const toggle = page.locator("[data-testid=sidebar-trigger]:visible svg").first();
      expect(await sizeOf(toggle)).toEqual([16, 16]);
      const logo = page.getByRole("link", { name: "Listora" }).locator("svg:visible").first();
      expect(await sizeOf(logo)).toEqual([32, 32]);
      await screenshot(page, `shell-icons-${width}-${colorScheme}`);
      await context.close();
    });
  }
});
