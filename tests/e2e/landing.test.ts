import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { baseURL, launchBrowser, newContext, screenshot, settled } from "./browser";

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/** Top of a section relative to the viewport, once scrolling has settled. */
async function sectionTop(page: Page, id: string) {
  return page.evaluate((sel) => document.querySelector(sel)!.getBoundingClientRect().top, `#${id}`);
}

/** Waits until React has hydrated the element with this test id (its event handlers are attached). */
async function hydrated(page: Page, testId: string) {
  await page.waitForFunction((id) => {
    const element = document.querySelector(`[data-testid="${id}"]`);
    return !!element && Object.keys(element).some((key) => key.startsWith("__reactProps"));
  }, testId);
}

/** Moves the page's installed clock by `ms`, half a second at a time, so effects between the steps run. */
async function advance(page: Page, ms: number) {
  for (let moved = 0; moved < ms; moved += 500) await page.clock.runFor(Math.min(500, ms - moved));
}

describe("landing page", () => {
  it("is server-rendered with its title, description, Open Graph tags and the SPEC's claims", async () => {
    const res = await fetch(`${baseURL()}/landing`);
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toMatch(/<title>Listora · Marketplace listings in under 2 minutes<\/title>/);
    expect(html).toMatch(/<meta name="description" content="[^"]+"/);
    for (const property of ["og:title", "og:description", "og:type", "og:image"]) expect(html).toContain(`property="${property}"`);
    expect(html).toContain('name="twitter:card" content="summary_large_image"');
    expect(html).toContain("Create your first listing for free");
    expect(html).toContain("Try Listora Free");
    // Nothing is promised that the product does not have: no trial, no 'real search trends' claim.
    expect(html).toContain("No credit card required · The Free plan has no time limit: 10 of each tool a day");
    expect(html).not.toMatch(/14-day|free trial|real search trends|Real search trends/i);
    expect(html).toContain("Keyword figures that always name their source");
    const turkish = await (await fetch(`${baseURL()}/landing`, { headers: { Cookie: "lang=tr" } })).text();
    expect(turkish).toContain("Kaynağını her zaman belirten anahtar kelime değerleri");
    expect(turkish).not.toMatch(/14 gün|ücretsiz deneme|Gerçek arama trendleri/i);
    expect(html).toContain("under 2 minutes");
    expect(html).toContain("45+ minutes");
    expect(html).not.toMatch(/(src|href)="https?:\/\/(?!localhost)/);
    const image = html.match(/property="og:image" content="([^"]+)"/)![1];
    const png = await fetch(image);
    expect(png.status).toBe(200);
    expect(png.headers.get("content-type")).toContain("image/png");
  });

  it("scrolls to Features and How It Works from the header anchors, and the CTAs lead to /register", async () => {
    const context = await newContext(browser);
    const page = await context.newPage();
    await page.goto("/landing");
    await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Features" }).click();
    await expect.poll(() => page.evaluate(() => location.hash)).toBe("#features");
    await expect.poll(async () => Math.abs((await sectionTop(page, "features")) - 80) < 40).toBe(true);
    await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "How It Works" }).click();
    await expect.poll(async () => Math.abs((await sectionTop(page, "how-it-works")) - 80) < 40).toBe(true);
    expect(await page.getByTestId("hero-cta").getAttribute("href")).toBe("/register");
    expect(await page.getByTestId("closing-cta").getAttribute("href")).toBe("/register");
    await page.getByTestId("hero-cta").click();
    await page.waitForURL("**/register");
    await context.close();
  });

  it("leads from the header's Plans link to a plans section that says what Free and Premium give and how to get Premium", async () => {
    const context = await newContext(browser);
    const page = await context.newPage();
    await page.goto("/landing");
    await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Plans" }).click();
    await expect.poll(() => page.evaluate(() => location.hash)).toBe("#plans");
    const plans = page.getByTestId("plans-section");
    await expect.poll(async () => Math.abs((await sectionTop(page, "plans")) - 80) < 40).toBe(true);
    for (const [plan, n] of [
      ["free", 10],
      ["premium", 100],
    ] as const) {
      for (const feature of ["create-listing", "seo-analysis", "advanced-keywords", "edit-image"]) {
        expect(await plans.getByTestId(`plan-${plan}-${feature}`).textContent()).toContain(`${n} a day`);
      }
    }
    expect(await plans.getByTestId("plan-free-storage").textContent()).toContain("200 MB");
    expect(await plans.getByTestId("plan-premium-storage").textContent()).toContain("5 GB");
    expect(await plans.getByTestId("plan-premium-listings").textContent()).toContain("10,000");
    const how = await plans.getByTestId("plans-how").textContent();
    expect(how).toContain("How to get Premium");
    expect(how).toContain("no online checkout");
    expect(await plans.getByRole("button").count()).toBe(0);
    await context.close();
  });

  it("advances the feature carousel by itself, jumps with dots and the arrows, and holds while hovered", async () => {
    const context = await newContext(browser);
    const page = await context.newPage();
    // The page's timers run on a clock the test moves: a slide's 5 seconds pass without waiting for them.
    await page.clock.install();
    await page.goto("/landing");
    const carousel = page.getByTestId("feature-carousel");
    expect(await carousel.getAttribute("data-index")).toBe("0");
    await hydrated(page, "feature-carousel");
    await expect
      .poll(async () => {
        await page.clock.runFor(500);
        return carousel.getAttribute("data-index");
      })
      .toBe("1");

    await page.getByTestId("feature-carousel-dot-2").click();
    expect(await carousel.getAttribute("data-index")).toBe("2");
    expect(await page.getByTestId("feature-slide-2").getAttribute("data-active")).toBe("true");
    await page.getByTestId("feature-carousel-next").click();
    expect(await carousel.getAttribute("data-index")).toBe("0");
    await page.getByTestId("feature-carousel-previous").click();
    expect(await carousel.getAttribute("data-index")).toBe("2");

    // The pointer (and focus) are still on the carousel: it must not move.
    expect(await carousel.getAttribute("data-paused")).toBe("true");
    await advance(page, 6_000);
    expect(await carousel.getAttribute("data-index")).toBe("2");

    await page.getByTestId("demo-tab-image").click();
    expect(await page.getByTestId("demo-panel").getAttribute("data-demo")).toBe("image");
    await page.keyboard.press("ArrowUp");
    expect(await page.getByTestId("demo-panel").getAttribute("data-demo")).toBe("listing");
    await context.close();
  });

  it("does not auto-advance for visitors who prefer reduced motion", async () => {
    const context = await browser.newContext({ baseURL: baseURL(), reducedMotion: "reduce" });
    const page = await context.newPage();
    await page.clock.install();
    await page.goto("/landing");
    await hydrated(page, "feature-carousel");
    // Three slides' time on the page's clock.
    await advance(page, 15_000);
    expect(await page.getByTestId("feature-carousel").getAttribute("data-index")).toBe("0");
    await context.close();
  });

  it("opens the mobile menu at 375 px without horizontal scrolling, and its links work", async () => {
    const context = await newContext(browser, { width: 375, height: 760 });
    const page = await context.newPage();
    await page.goto("/landing");
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    expect(await page.getByTestId("mobile-menu").isVisible()).toBe(false);
    await page.getByTestId("mobile-menu-button").click();
    const menu = page.getByTestId("mobile-menu");
    await menu.waitFor();
    expect(await page.getByTestId("mobile-menu-button").getAttribute("aria-expanded")).toBe("true");
    await screenshot(page, "landing-375-menu");
    await menu.getByRole("link", { name: "How It Works" }).click();
    await menu.waitFor({ state: "hidden" });
    await expect.poll(async () => Math.abs((await sectionTop(page, "how-it-works")) - 80) < 40).toBe(true);
    await page.getByTestId("mobile-menu-button").click();
    await menu.getByRole("link", { name: "Login" }).click();
    await page.waitForURL("**/login");
    await context.close();
  });

  it("toggles the theme, and the server paints the chosen theme after a reload", async () => {
    const context = await newContext(browser);
    const page = await context.newPage();
    await page.goto("/landing");
    // The theme switch needs the page's JavaScript (the system theme is known only in the browser).
    await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
    const background = () => page.evaluate(() => getComputedStyle(document.body).backgroundColor);
    const light = await background();
    await page.getByTestId("theme-toggle").first().click();
    await expect.poll(() => page.evaluate(() => document.documentElement.classList.contains("dark"))).toBe(true);
    expect(await background()).not.toBe(light);
    const html = await (await page.request.get("/landing")).text();
    expect(html).toMatch(/<html[^>]*class="dark"/);
    await page.reload();
    expect(await page.evaluate(() => document.documentElement.className)).toContain("dark");
    await screenshot(page, "landing-1280-dark");
    await context.close();
  });

  it("switches to Turkish, keeps it after a reload, with <html lang> set by the server", async () => {
    const context = await newContext(browser);
    const page = await context.newPage();
    await page.goto("/landing");
    // Clicked as soon as the page shows, whether or not its JavaScript has loaded: the switch works either way.
    await page.getByTestId("language-tr").first().click();
    await page.getByRole("heading", { level: 1, name: "Satan ilanlar, 2 dakikadan kısa sürede hazır" }).waitFor();
    await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
    expect(new URL(page.url()).search).toBe("");
    await page.reload();
    expect(await page.evaluate(() => document.documentElement.lang)).toBe("tr");
    await page.getByRole("link", { name: "İlk ilanınızı ücretsiz oluşturun" }).waitFor();
    expect(await page.title()).toContain("2 dakikadan kısa");
    // And back to English, in place now that the page has hydrated.
    await page.getByTestId("language-en").first().click();
    await page.getByRole("link", { name: "İlk ilanınızı ücretsiz oluşturun" }).waitFor({ state: "detached" });
    expect(await page.evaluate(() => document.documentElement.lang)).toBe("en");
    await context.close();
  });

  it("switches language with JavaScript off (a slow phone before the page's scripts run): the server saves it and shows the same page", async () => {
    const context = await browser.newContext({ baseURL: baseURL(), javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto("/landing");
    expect(await page.evaluate(() => document.documentElement.lang)).toBe("en");
    await page.getByTestId("language-tr").first().click();
    await page.getByRole("heading", { level: 1, name: "Satan ilanlar, 2 dakikadan kısa sürede hazır" }).waitFor();
    expect(new URL(page.url()).pathname + new URL(page.url()).search).toBe("/landing");
    expect(await page.evaluate(() => document.documentElement.lang)).toBe("tr");
    expect(await page.getByTestId("language-tr").first().getAttribute("aria-current")).toBe("true");
    // An unknown language changes nothing and still lands on the page.
    await page.goto("/landing?lang=xx");
    expect(new URL(page.url()).search).toBe("");
    expect(await page.evaluate(() => document.documentElement.lang)).toBe("tr");
    await context.close();
  });

  it("looks finished in both themes at 1280 and 375 px", async () => {
    for (const [width, scheme] of [
      [1280, "light"],
      [375, "light"],
      [375, "dark"],
    ] as const) {
      const context = await newContext(browser, { width, colorScheme: scheme });
      const page = await context.newPage();
      await page.goto("/landing");
      await settled(page);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
      await screenshot(page, `landing-${width}-${scheme}`);
      await context.close();
    }
  });
});
