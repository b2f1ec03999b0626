import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { registerViaApi, SESSION_COOKIE, baseURL, launchBrowser, newContext, screenshot, settled, uniqueEmail, useSession, tokenApi as api } from "./browser";

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const PRODUCT = "Handmade sterling silver necklace with a small moonstone pendant. Hypoallergenic 18 inch chain, gift box included, perfect birthday gift for her.";

/** A seller registered through the API, with a confirmed address (AI features ask for one). */
async function seller() {
  return registerViaApi(uniqueEmail("create-edge"));
}

/** The page's HTML as the edge answers it to the session cookie, before any JavaScript runs. */
async function firstHtml(path: string, token: string) {
  const res = await fetch(`${baseURL()}${path}`, { headers: { Cookie: `${SESSION_COOKIE}=${token}` }, redirect: "manual" });
  return { status: res.status, html: await res.text() };
}

/** A browser with JavaScript turned off, signed in by the session cookie: it shows exactly the server's first HTML. */
async function withoutJavaScript(token: string): Promise<BrowserContext> {
  const context = await browser.newContext({ baseURL: baseURL(), javaScriptEnabled: false });
  await context.addCookies([{ name: SESSION_COOKIE, value: token, url: baseURL(), httpOnly: true, sameSite: "Lax" }]);
  return context;
}

/**
 * A route action posted as a fetcher posts it (the `.data` request), with the seller's cookie, from
 * `origin` (null: a post that carries no Origin and no Sec-Fetch-Site, which the action cannot place).
 */
async function postAction(path: string, token: string, fields: Record<string, string>, origin: string | null = new URL(baseURL()).origin) {
  const send = () =>
    fetch(`${baseURL()}${path}.data`, {
      method: "POST",
      headers: { Cookie: `${SESSION_COOKIE}=${token}`, ...(origin ? { Origin: origin } : {}), "Content-Type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams(fields),
      redirect: "manual",
    });
  let res = await send();
  // The local dev server's proxy may answer "retry now" (503, Retry-After: 0) while the Worker reloads.
  for (let attempt = 0; res.status === 503 && res.headers.get("Retry-After") === "0" && attempt < 3; attempt += 1) res = await send();
  return res;
}

/** Hydrated, with the shell's account data on screen: the screen answers clicks. */
async function hydrated(page: Page) {
  await page.locator('main[data-ready="true"]').waitFor();
}

describe("Dashboard, Create and the listing step at the edge", () => {
  it("serves the seller's checklist and greeting in the dashboard's first HTML, read with the cookie and no JavaScript", async () => {
    const { token } = await seller();
    // A keyword search and a saved name: the server records two of the four steps.
    expect((await api("/keywords?product_name=beeswax%20candle%20tin", token)).status).toBe(200);
    expect((await api("/profile", token, { method: "PUT", body: { firstName: "Zeynep" } })).status).toBe(200);

    const { status, html } = await firstHtml("/dashboard", token);
    expect(status).toBe(200);
    // In the markup itself, not only in the data for hydration.
    expect(html).toMatch(/data-testid="onboarding-percent"[^>]*>50% complete</);
    expect(html).toMatch(/data-testid="onboarding-step-profile" data-complete="true"/);
    expect(html).toMatch(/data-testid="onboarding-step-listing" data-complete="false"/);
    expect(html).toMatch(/<h1[^>]*>Welcome<\/h1>/);

    // Once welcomed (recorded by the account's action, decision 0051), the first HTML says 'Welcome back'.
    const context = await newContext(browser);
    const page = await context.newPage();
    await useSession(page, token);
    const welcomed = page.waitForResponse((r) => r.url().includes("/profile.data") && r.request().method() === "POST");
    await page.goto("/dashboard");
    expect((await welcomed).status()).toBe(200);
    await page.getByRole("heading", { level: 1, name: "Welcome", exact: true }).waitFor();
    await context.close();
    expect((await firstHtml("/dashboard", token)).html).toMatch(/<h1[^>]*>Welcome back<\/h1>/);

    const noScript = await withoutJavaScript(token);
    const plain = await noScript.newPage();
    await plain.goto("/dashboard");
    expect(await plain.getByTestId("onboarding-percent").textContent()).toBe("50% complete");
    expect(await plain.getByRole("heading", { level: 1 }).textContent()).toBe("Welcome back");
    await noScript.close();

    const signedOut = await fetch(`${baseURL()}/dashboard`, { redirect: "manual" });
    expect(signedOut.status).toBe(302);
    expect(signedOut.headers.get("Location")).toBe("/login?redirectTo=%2Fdashboard");
  });

  it("serves today's usage and the listing writer in Create's first HTML, with the marketplace of the address in the heading", async () => {
    const { token } = await seller();
    for (let i = 0; i < 3; i += 1) expect((await api("/increment-quota", token, { body: { featureKey: "create-listing" } })).status).toBe(200);

    const { status, html } = await firstHtml("/create", token);
    expect(status).toBe(200);
    expect(html).toMatch(/data-testid="usage-used"[^>]*>3\/10 used</);
    expect(html).toMatch(/data-testid="usage-remaining"[^>]*>7 remaining</);
    expect(html).toContain("Offline composer (built in)");
    expect(html).toMatch(/<h1[^>]*>Create Etsy Listing<\/h1>/);
    expect((await firstHtml("/create?platform=ebay", token)).html).toMatch(/<h1[^>]*>Create eBay Listing<\/h1>/);
    expect((await firstHtml("/create?platform=amazon", token)).html).toMatch(/<h1[^>]*>Create Amazon Listing<\/h1>/);

    const noScript = await withoutJavaScript(token);
    const plain = await noScript.newPage();
    await plain.goto("/create?platform=ebay");
    expect(await plain.getByRole("heading", { level: 1 }).textContent()).toBe("Create eBay Listing");
    expect(await plain.getByTestId("usage-used").textContent()).toBe("3/10 used");
    expect(await plain.getByTestId("usage-plan").textContent()).toContain("Free");
    await noScript.close();
  });

  it("serves the usage card and the writer in the listing step's first HTML", async () => {
    const { token } = await seller();
    expect((await api("/increment-quota", token, { body: { featureKey: "create-listing" } })).status).toBe(200);
    const { status, html } = await firstHtml("/listing-generation", token);
    expect(status).toBe(200);
    expect(html).toMatch(/data-testid="usage-used"[^>]*>1\/10 used</);
    expect(html).toContain('data-testid="listing-provider"');
  });

  it("refuses each screen's action from another site (403 cross-origin), a bad form with a clear 400, and another seller's listing with a 404", async () => {
    const owner = await seller();
    const other = await seller();
    const generated = await fetch(`${baseURL()}/api/listings/generate`, {
      method: "POST",
      headers: { "Content-Type": "application/json", Authorization: `Bearer ${owner.token}` },
      body: JSON.stringify({ description: PRODUCT, keywords: [], platform: "etsy" }),
    });
    const done = (await generated.text())
      .split("\n")
      .filter(Boolean)
      .map((line) => JSON.parse(line) as { type: string; listing?: { id: string; title: string } })
      .find((event) => event.type === "done");
    const listingId = done!.listing!.id;

    for (const [path, fields] of [
      ["/create", { intent: "regenerate", listingId, part: "title" }],
      ["/listing-generation", { intent: "write", requestId: "request-0001", input: "# Pattern" }],
    ] as const) {
      // Another site's Origin: React Router's own check refuses it (400) before the action runs.
      expect((await postAction(path, owner.token, fields, "https://evil.example")).status, path).toBe(400);
      // No Origin at all: the action's same-origin check refuses it (403 cross-origin).
      const unplaced = await postAction(path, owner.token, fields, null);
      expect(unplaced.status, path).toBe(403);
      expect(await unplaced.text(), path).toContain("cross-origin");
    }
    // Nothing was spent by the refused posts.
    expect((await api<{ used: number }>("/create-listing/quota", owner.token)).body.used).toBe(1);

    const badPart = await postAction("/create", owner.token, { intent: "regenerate", listingId, part: "price" });
    expect(badPart.status).toBe(400);
    expect(await badPart.text()).toContain("part must be one of: title, description, tags, altTexts, bullets, searchTerms, itemSpecifics");
    const badIntent = await postAction("/listing-generation", owner.token, { intent: "publish", requestId: "request-0002" });
    expect(badIntent.status).toBe(400);
    expect(await badIntent.text()).toContain("Unknown change on the listing step");

    // Another seller cannot regenerate (or even see) this listing: a 404, and the title is unchanged.
    const foreign = await postAction("/create", other.token, { intent: "regenerate", listingId, part: "title" });
    expect(foreign.status).toBe(404);
    expect(await foreign.text()).toContain("not-found");
    const still = await api<{ data: { listing: { title: string } } }>(`/listings/${listingId}`, owner.token);
    expect(still.body.data.listing.title).toBe(done!.listing!.title);

    // The owner's own regeneration goes through.
    const own = await postAction("/create", owner.token, { intent: "regenerate", listingId, part: "title" });
    expect(own.status).toBe(200);
  });

  for (const marketplace of [
    { platform: "eBay", heading: "Create eBay Listing", turkish: "eBay İlanı Oluştur", max: 80 },
    { platform: "Amazon", heading: "Create Amazon Listing", turkish: "Amazon İlanı Oluştur", max: 200 },
  ]) {
    it(`names ${marketplace.platform} in Create's heading and counts the title against ${marketplace.max} characters, in English and Turkish`, async () => {
      const { token } = await seller();
      const context = await newContext(browser);
      const page = await context.newPage();
      await useSession(page, token);
      await page.goto("/create");
      await hydrated(page);
      await page.getByRole("heading", { level: 1, name: "Create Etsy Listing" }).waitFor();
      await page.getByTestId("platform-select").selectOption({ label: marketplace.platform });
      await page.getByRole("heading", { level: 1, name: marketplace.heading }).waitFor();
      expect(await page.getByRole("heading", { level: 1, name: "Create Etsy Listing" }).count()).toBe(0);

      await page.getByLabel("Product description").fill(PRODUCT);
      await page.getByTestId("generate-listing").click();
      await page.getByTestId("part-title").and(page.locator("[data-ready=true]")).waitFor();
      await page.getByRole("link", { name: "View in My Listings" }).waitFor();
      const title = (await page.getByTestId("result-title").textContent())?.trim() ?? "";
      expect(title.length).toBeGreaterThan(10);
      expect(title.length).toBeLessThanOrEqual(marketplace.max);
      await page.getByTestId("part-title").getByText(`${title.length}/${marketplace.max}`).waitFor();
      expect(await page.getByTestId("part-title").getByText("/130").count()).toBe(0);
      // eBay listings have no alt texts: no empty Alt Texts section; Amazon's are shown.
      expect(await page.getByTestId("result-alt-texts").count()).toBe(marketplace.platform === "eBay" ? 0 : 1);
      // The generation's answer carries the unit it spent: the usage card shows it without a reload.
      await expect.poll(() => page.getByTestId("usage-used").textContent()).toBe("1/10 used");
      if (marketplace.platform === "eBay") {
        await settled(page);
        await screenshot(page, "create-ebay-1280-light");
      }

      // A seller who chose Turkish: saved in the profile (which the shell applies) and in the page's cookie.
      const saved = await fetch(`${baseURL()}/api/profile`, {
        method: "PUT",
        headers: { "Content-Type": "application/json", Authorization: `Bearer ${token}` },
        body: JSON.stringify({ language: "tr" }),
      });
      expect(saved.status).toBe(200);
      await context.addCookies([{ name: "lang", value: "tr", url: baseURL() }]);
      await page.goto(`/create?platform=${marketplace.platform.toLowerCase()}`);
      await hydrated(page);
      await page.getByRole("heading", { level: 1, name: marketplace.turkish }).waitFor();
      await context.close();
    });
  }

  for (const view of [
    { name: "375-dark", options: { width: 375, height: 800, colorScheme: "dark" as const } },
    { name: "1280-dark", options: { colorScheme: "dark" as const } },
    { name: "375-light", options: { width: 375, height: 800 } },
  ]) {
    it(`lays out Create, the listing step and the dashboard in the ${view.name} view without horizontal scrolling`, async () => {
      const { token } = await seller();
      const context = await newContext(browser, view.options);
      const page = await context.newPage();
      await useSession(page, token);
      for (const [path, name] of [
        ["/create", "create-etsy"],
        ["/create?platform=ebay", "create-ebay"],
        ["/listing-generation", "listing-step"],
        ["/dashboard", "dashboard"],
      ] as const) {
        await page.goto(path);
        await hydrated(page);
        await settled(page);
        expect(await page.evaluate(() => document.documentElement.scrollWidth), path).toBeLessThanOrEqual(view.options.width ?? 1280);
        await screenshot(page, `edge-${name}-${view.name}`);
      }
      await context.close();
    });
  }
});
