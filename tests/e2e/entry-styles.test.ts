import { gzipSync } from "node:zlib";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PASSWORD, SESSION_COOKIE, baseURL, launchBrowser, newContext, registerViaApi } from "./browser";

/**
 * The screens visitors land on paint with a small stylesheet of only their own utilities (inline on
 * sign-in and registration, a small file on the landing page); every other screen links the whole app's
 * sheet, and a visitor going on from an entry screen never sees a screen before its styles (decision 0061).
 */
let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const ENTRY_STYLE = /<style data-precedence="app" data-href="listora-entry-styles"[^>]*>([\s\S]*?)<\/style>/;
const FULL_SHEET = /\/assets\/app-[\w-]+\.css/;

function headOf(html: string) {
  return html.slice(0, html.indexOf("</head>"));
}

/** The whole app's stylesheet, found through the address the entry screens prefetch. */
async function fullSheet(head: string): Promise<string> {
  const href = head.match(/<link rel="prefetch" href="([^"]+)" as="style"/)?.[1];
  expect(href, "the entry screen prefetches the full sheet").toMatch(FULL_SHEET);
  return (await fetch(`${baseURL()}${href}`)).text();
}

/** The entry screens' stylesheet of a page: inline, or the linked file (the landing page). */
async function entrySheet(head: string): Promise<string> {
  const inline = head.match(ENTRY_STYLE)?.[1];
  if (inline) return inline;
  const href = head.match(/<link rel="stylesheet" href="([^"]+)"[^>]*data-entry-styles/)?.[1];
  expect(href, "the entry sheet is linked").toBeTruthy();
  return (await fetch(`${baseURL()}${href}`)).text();
}

/** Waits until React has attached its handlers to the element (the page answers clicks as an app). */
async function hydrated(page: Page, selector: string) {
  await page.waitForFunction((sel) => {
    const element = document.querySelector(sel);
    return !!element && Object.keys(element).some((key) => key.startsWith("__reactProps"));
  }, selector);
}

describe("the screens visitors land on", () => {
  for (const path of ["/landing", "/login"]) {
    it(`${path} holds its first paint for at most 12 KB of CSS, gzipped, about half the whole app's sheet, and for no script`, async () => {
      const head = headOf(await (await fetch(`${baseURL()}${path}`)).text());
      const full = await fullSheet(head);
      // Every stylesheet <link> in <head> holds the first paint until its file arrives; an inline <style> is parsed first.
      const linked = [...head.matchAll(/<link rel="stylesheet" href="([^"]+)"/g)].map((m) => m[1]);
      expect(linked.filter((href) => FULL_SHEET.test(href))).toEqual([]);
      const blocking = [...(await Promise.all(linked.map(async (href) => (await fetch(`${baseURL()}${href}`)).text()))), ...[...head.matchAll(/<style\b[^>]*>([\s\S]*?)<\/style>/g)].map((m) => m[1])];
      expect(blocking).toHaveLength(1);
      expect(gzipSync(blocking[0]).length).toBeLessThanOrEqual(12 * 1024);
      expect(blocking[0].length).toBeLessThan(full.length * 0.6);
      // The scripts are not fetched beside the first paint: their preloads come from a script after it.
      expect(head).not.toMatch(/rel="modulepreload"/);
      expect(await (await fetch(`${baseURL()}${path}`)).text()).toMatch(/<script[^>]*data-module-preloads[^>]*>[\s\S]*?\)\(\[[^\]]*"\/assets\/entry\.client-[\w-]+\.js"/);
    });
  }

  it("sign-in paints from its first HTML alone: its stylesheet is inline, and so is no other screen's", async () => {
    const head = headOf(await (await fetch(`${baseURL()}/login`)).text());
    expect(head).not.toMatch(/<link[^>]*rel="stylesheet"/);
    expect(head).toMatch(ENTRY_STYLE);
  });

  it("style every class they show, in both languages and on a phone, as the whole app's sheet does", async () => {
    const missing = new Set<string>();
    for (const language of ["en", "tr"]) {
      for (const width of [1280, 375]) {
        const context = await newContext(browser, { width });
        await context.addCookies([{ name: "lang", value: language, url: baseURL() }]);
        const page = await context.newPage();
        for (const path of ["/landing", "/login", "/register"]) {
          await page.goto(path);
          // The landing page's sections render live once their chunk is there (decision 0056).
          await hydrated(page, path === "/landing" ? '[data-testid="closing-cta"]' : "form");
          if (path === "/landing" && width === 375) await page.getByTestId("mobile-menu-button").click();
          const head = headOf(await page.content());
          const full = await fullSheet(head);
          const entryCss = await entrySheet(head);
          const unstyled: string[] = await page.evaluate(
            ({ full, entryCss }) => {
              /** The class names a stylesheet's selectors name, unescaped. */
              const classes = (css: string) => {
                const sheet = new CSSStyleSheet();
                sheet.replaceSync(css);
                const names = new Set<string>();
                const walk = (rules: CSSRuleList) => {
                  for (const rule of Array.from(rules)) {
                    if (rule instanceof CSSStyleRule)
                      for (const m of rule.selectorText.matchAll(/\.((?:\\[0-9a-fA-F]{1,6} ?|\\.|[\w-])+)/g))
                        names.add(m[1].replace(/\\([0-9a-fA-F]{1,6}) ?|\\(.)/g, (_, hex: string, char: string) => (hex ? String.fromCodePoint(parseInt(hex, 16)) : char)));
                    if ("cssRules" in rule) walk((rule as CSSGroupingRule).cssRules);
                  }
                };
                walk(sheet.cssRules);
                return names;
              };
              const entry = classes(entryCss);
              const styled = classes(full);
              const shown = new Set(Array.from(document.querySelectorAll("[class]")).flatMap((element) => (element.getAttribute("class") ?? "").split(/\s+/)));
              return [...shown].filter((name) => name && styled.has(name) && !entry.has(name));
            },
            { full, entryCss },
          );
          for (const name of unstyled) missing.add(`${name} (${path}, ${language}, ${width} px)`);
        }
        await context.close();
      }
    }
    expect([...missing]).toEqual([]);
  });

  it("hand a visitor going from /landing to /login to the dashboard each screen only once its styles are there", async () => {
    const { email, token } = await registerViaApi();
    const context = await newContext(browser);
    const page = await context.newPage();
    // Every animation frame: whether the signed-in shell is on screen, and whether the whole app's sheet is applied.
    await page.addInitScript(() => {
      const frames: { path: string; shell: boolean; full: boolean }[] = [];
      (window as unknown as { __frames: typeof frames }).__frames = frames;
      const tick = () => {
        frames.push({
          path: location.pathname,
          shell: !!document.querySelector('[data-testid="mobile-header"]'),
          full: Array.from(document.querySelectorAll<HTMLLinkElement>('link[rel="stylesheet"]')).some((link) => !!link.sheet && /\/assets\/app-[\w-]+\.css/.test(link.href)),
        });
        requestAnimationFrame(tick);
      };
      requestAnimationFrame(tick);
    });
    // A slow connection: the whole app's sheet arrives only when the test lets it.
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    await page.route(/\/assets\/app-[\w-]+\.css$/, async (route) => {
      await released;
      await route.continue();
    });
    await page.goto("/landing");
    await hydrated(page, 'header a[href="/login"]');
    await page.locator('header a[href="/login"]').first().click();
    await page.waitForURL("**/login");
    await hydrated(page, "form button[type=submit]");
    await page.getByLabel("Email").fill(email);
    await page.getByLabel("Password", { exact: true }).fill(PASSWORD);
    await page.getByRole("button", { name: "Login" }).click();
    await page.waitForURL("**/dashboard");
    // Thirty frames later the sheet is still on its way: the dashboard is not painted without it.
    await page.evaluate(async () => {
      for (let frame = 0; frame < 30; frame += 1) await new Promise((resolve) => requestAnimationFrame(resolve));
    });
    const framesOf = (): Promise<{ path: string; shell: boolean; full: boolean }[]> => page.evaluate(() => (window as unknown as { __frames: [] }).__frames);
    expect((await framesOf()).filter((frame) => frame.shell)).toEqual([]);
    release();
    await page.waitForSelector('main[data-ready="true"]');
    const frames = await framesOf();
    // One document from /landing on: the screens changed by client navigation.
    expect(frames[0].path).toBe("/landing");
    expect(frames.some((frame) => frame.path === "/login" && !frame.shell)).toBe(true);
    expect(frames.filter((frame) => frame.shell).length).toBeGreaterThan(0);
    expect(frames.filter((frame) => frame.shell && !frame.full)).toEqual([]);

    // The dashboard reached this way looks as the dashboard loaded directly does.
    const look = () =>
      page.evaluate(() =>
        Array.from(document.querySelectorAll("body [class]"))
          .filter((element) => !element.closest('[aria-live], [role="status"], [data-sonner-toaster]'))
          .slice(0, 400)
          .map((element) => {
            const style = getComputedStyle(element);
            return [element.tagName, style.display, style.position, style.color, style.backgroundColor, style.fontSize, style.paddingLeft, style.marginTop, style.borderTopWidth].join(" ");
          }),
      );
    const navigated = await look();
    await context.addCookies([{ name: SESSION_COOKIE, value: token, url: baseURL(), httpOnly: true, sameSite: "Lax" }]);
    await page.goto("/dashboard");
    await page.waitForSelector('main[data-ready="true"]');
    expect(await look()).toEqual(navigated);
    await context.close();
  });

  it("a signed-in screen's first HTML links the whole app's sheet and inlines none", async () => {
    const { token } = await registerViaApi();
    const head = headOf(await (await fetch(`${baseURL()}/dashboard`, { headers: { Cookie: `${SESSION_COOKIE}=${token}` } })).text());
    expect(head).toMatch(/<link rel="stylesheet" href="\/assets\/app-[\w-]+\.css"[^>]*data-precedence="app"/);
    expect(head).not.toMatch(ENTRY_STYLE);
  });
});
