import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launchBrowser, newContext, screenshot, signInFast, tokenApi } from "./browser";

/**
 * A reload of SEO & Keywords with this tab's last search (kept in sessionStorage, decision 0050): the
 * screen must not jump as its JavaScript restores the search (decision 0065). The page records, in
 * every frame before it is painted, where the saved lists' panel and its Send button are and whether
 * they are shown, and Chromium's own layout-shift entries (the browser's CLS), from the first byte.
 */
let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

interface Frame {
  shown: boolean;
  top: number;
  left: number;
  ready: boolean;
}

/** Installed before the page's own scripts on every load of the page: frames and layout shifts, read later. */
function recordFrames() {
  const w = window as unknown as { __frames: Frame[]; __shifts: { value: number; hadRecentInput: boolean }[]; __done: boolean };
  w.__frames = [];
  w.__shifts = [];
  w.__done = false;
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries() as unknown as { value: number; hadRecentInput: boolean }[]) w.__shifts.push({ value: entry.value, hadRecentInput: entry.hadRecentInput });
  }).observe({ type: "layout-shift", buffered: true });
  let afterReady = 0;
  const frame = () => {
    const send = document.querySelector<HTMLElement>('[data-testid="keyword-lists"] [data-testid="send-list"]');
    const ready = document.querySelector('main[data-ready="true"]') !== null;
    if (send) {
      const box = send.getBoundingClientRect();
      w.__frames.push({ shown: send.checkVisibility({ visibilityProperty: true, opacityProperty: true }), top: box.top + window.scrollY, left: box.left, ready });
    }
    if (ready) afterReady += 1;
    if (afterReady > 10) w.__done = true;
    else requestAnimationFrame(frame);
  };
  requestAnimationFrame(frame);
}

const quotaUsed = async (token: string) => (await tokenApi<{ used: number }>("/seo-analysis/quota", token)).body.used;

/** Signs in, saves one keyword list through the API, searches on the screen and ticks two keywords. */
async function searchedTab(page: Page) {
  const { token } = await signInFast(page);
  const created = await tokenApi("/keyword-lists", token, {
    body: { name: "Mug ideas", keywords: [{ keyword: "ceramic mug gift", popularity: 60, competition: 0.4, trend: "stable" }] },
  });
  expect(created.status).toBe(201);
  await page.goto("/seo-keywords");
  await page.locator('main[data-ready="true"]').waitFor();
  await page.getByLabel("Product Name*").fill("ceramic mug");
  await page.getByTestId("seo-submit").click();
  await page.getByTestId("keyword-results").waitFor();
  const rows = page.getByTestId("keyword-row");
  const first = (await rows.nth(0).getAttribute("data-keyword"))!;
  const second = (await rows.nth(1).getAttribute("data-keyword"))!;
  await page.getByRole("checkbox", { name: `Select ${first}` }).click();
  await page.getByRole("checkbox", { name: `Select ${second}` }).click();
  await expect.poll(() => page.getByTestId("selected-chip").allTextContents()).toEqual([first, second]);
  return { token, first, second, rowCount: await rows.count() };
}

describe("reloading SEO & Keywords with this tab's last search", () => {
  for (const view of [
    { name: "desktop, light", width: 1280, colorScheme: "light" as const },
    { name: "390 px phone, dark", width: 390, colorScheme: "dark" as const },
  ]) {
    it(`paints the saved lists where they stay: nothing the seller can click moves while the search is restored (${view.name})`, async () => {
      const context = await newContext(browser, { width: view.width, colorScheme: view.colorScheme });
      const page = await context.newPage();
      const { token, first, second, rowCount } = await searchedTab(page);
      const used = await quotaUsed(token);
      const posts: string[] = [];
      page.on("request", (request) => {
        if (request.method() !== "GET") posts.push(`${request.method()} ${request.url()}`);
      });

      const errors: string[] = [];
      page.on("console", (message) => {
        if (message.type() === "error") errors.push(message.text());
      });
      page.on("pageerror", (error) => errors.push(error.message));
      await page.addInitScript(recordFrames);
      await page.reload();
      await page.locator('main[data-ready="true"]').waitFor();
      await page.waitForFunction(() => (window as unknown as { __done: boolean }).__done, undefined, { polling: "raf" });

      // The search is back as it was: its rows, the selection and the product name.
      await expect.poll(() => page.getByTestId("keyword-row").count()).toBe(rowCount);
      expect(await page.getByTestId("selected-chip").allTextContents()).toEqual([first, second]);
      expect(await page.getByLabel("Product Name*").inputValue()).toBe("ceramic mug");
      expect(await page.getByTestId("seo-restoring").isVisible()).toBe(false);

      const frames = (await page.evaluate(() => (window as unknown as { __frames: Frame[] }).__frames)).filter((f) => f.shown);
      const final = await page.getByRole("button", { name: "Send Mug ideas to Create Listing" }).evaluate((el) => {
        const box = el.getBoundingClientRect();
        return { top: box.top + window.scrollY, left: box.left };
      });
      const shifts = await page.evaluate(() => (window as unknown as { __shifts: { value: number; hadRecentInput: boolean }[] }).__shifts);
      const score = shifts.filter((s) => !s.hadRecentInput).reduce((sum, s) => sum + s.value, 0);
      // Every frame that showed the Send button showed it where it ends up (its distinct offsets from there, in px).
      expect(frames.length).toBeGreaterThan(0);
      expect([...new Set(frames.map((f) => `${Math.round(f.left - final.left)},${Math.round(f.top - final.top)}`))]).toEqual(["0,0"]);
      // Chromium's layout-shift score of the load (nothing the seller did): none.
      expect(score).toBeLessThan(0.01);

      // Restoring spent nothing and asked nothing: no post, no unit of the day.
      expect(posts).toEqual([]);
      expect(await quotaUsed(token)).toBe(used);
      // Hydration took the server's HTML as it was (no mismatch reported).
      expect(errors).toEqual([]);
      await screenshot(page, `seo-reload-hydrated-${view.width}-${view.colorScheme}`);

      await page.getByRole("button", { name: "Send Mug ideas to Create Listing" }).click();
      await page.waitForURL("**/create");
      await context.close();
    });
  }

  it("shows a skeleton in place of the restored part until the page's JavaScript runs, and the plain screen if it never arrives", async () => {
    const context = await newContext(browser);
    const page = await context.newPage();
    await searchedTab(page);
    await page.route("**/assets/**/*.js", (route) => route.abort());
    // The page's timers run on the browser's clock, paused and moved on by the test instead of waited for
    // (a clock that is only installed flows with real time, so a slow machine would reach the 6 s early).
    await page.clock.install();
    await page.clock.pauseAt(Date.now() + 1_000);
    await page.reload();
    // Before it runs: the heading is there, a skeleton stands for the form and the lists (which would move).
    await page.getByRole("heading", { level: 1 }).waitFor();
    await screenshot(page, "seo-reload-before-hydration");
    expect(await page.getByTestId("keyword-lists").isVisible()).toBe(false);
    expect(await page.getByTestId("seo-submit").isVisible()).toBe(false);
    expect(await page.getByTestId("seo-restoring").isVisible()).toBe(true);
    // It never runs: after 6 seconds the server's screen shows (its plain forms work without JavaScript).
    await page.clock.runFor(5_000);
    expect(await page.getByTestId("seo-restoring").isVisible()).toBe(true);
    await page.clock.runFor(1_500);
    await page.getByTestId("keyword-lists").waitFor({ state: "visible" });
    // (The button eases in: its visibility follows the part's through a transition, so it is waited for.)
    await page.getByTestId("seo-start").waitFor({ state: "visible" });
    await page.getByTestId("seo-submit").waitFor({ state: "visible" });
    expect(await page.getByTestId("seo-restoring").isVisible()).toBe(false);
    await context.close();
  });

  it("starts empty in a new tab: the last search belongs to the tab it was made in", async () => {
    const context = await newContext(browser);
    const page = await context.newPage();
    await searchedTab(page);
    const other = await context.newPage();
    await other.goto("/seo-keywords");
    await other.locator('main[data-ready="true"]').waitFor();
    expect(await other.getByTestId("seo-start").isVisible()).toBe(true);
    expect(await other.getByTestId("keyword-lists").isVisible()).toBe(true);
    expect(await other.getByTestId("keyword-row").count()).toBe(0);
    await context.close();
  });
});
