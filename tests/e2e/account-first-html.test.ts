/**
 * The signed-in shell at the edge (decision 0051): the first HTML, before any JavaScript, already shows
 * the seller's user menu, usage card and banners; account writes are route actions; a missing listing
 * is a 404 its error boundary explains.
 */
import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { registerViaApi, SESSION_COOKIE, baseURL, launchBrowser, mailLink, newContext, screenshot, settled, uniqueEmail, useSession } from "./browser";

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

async function api(path: string, token: string, init: { method?: string; body?: unknown } = {}) {
  return fetch(`${baseURL()}/api${path}`, {
    method: init.method ?? (init.body === undefined ? "GET" : "POST"),
    headers: { Authorization: `Bearer ${token}`, ...(init.body === undefined ? {} : { "Content-Type": "application/json" }) },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
}

/** A seller registered through the API; verified (by the link of the mail) unless asked otherwise. */
async function seller(options: { verified?: boolean; prefix?: string } = {}) {
  return registerViaApi(uniqueEmail(options.prefix ?? "shell"), options);
}

/** A browser with JavaScript turned off, signed in by the session cookie: it shows exactly the server's first HTML. */
async function withoutJavaScript(token: string): Promise<BrowserContext> {
  const context = await browser.newContext({ baseURL: baseURL(), javaScriptEnabled: false });
  await context.addCookies([{ name: SESSION_COOKIE, value: token, url: baseURL(), httpOnly: true, sameSite: "Lax" }]);
  return context;
}

async function profileOf(token: string) {
  return (await (await api("/profile", token)).json()) as Record<string, unknown>;
}

describe("the signed-in shell's first HTML", () => {
  it("already shows the seller's name, e-mail and today's usage before any JavaScript, and only theirs", { timeout: 120_000 }, async () => {
    const me = await seller();
    await api("/profile", me.token, { method: "PUT", body: { firstName: "Ayşe", lastName: "Yılmaz" } });
    for (let i = 0; i < 3; i++) expect((await api("/increment-quota", me.token, { body: { featureKey: "advanced-keywords" } })).status).toBe(200);
    const other = await seller();
    for (let i = 0; i < 7; i++) expect((await api("/increment-quota", other.token, { body: { featureKey: "advanced-keywords" } })).status).toBe(200);

    // The raw answer of the edge, fetched with the cookie: status 200, the account data in the HTML itself.
    const raw = await fetch(`${baseURL()}/advanced-keywords`, { headers: { Cookie: `${SESSION_COOKIE}=${me.token}` } });
    expect(raw.status).toBe(200);
    const html = await raw.text();
    expect(html).toContain(me.email);
    expect(html).toContain("3/10 used");
    expect(html).not.toContain(other.email);

    const context = await withoutJavaScript(me.token);
    const page = await context.newPage();
    await page.goto("/advanced-keywords");
    expect(await page.getByTestId("user-name").textContent()).toBe("Ayşe Yılmaz");
    expect(await page.getByTestId("user-email").textContent()).toBe(me.email);
    const card = page.getByTestId("usage-card-advanced-keywords");
    expect(await card.getByTestId("usage-used").textContent()).toBe("3/10 used");
    expect(await card.getByTestId("usage-remaining").textContent()).toContain("7");
    expect(await card.getByTestId("usage-plan").textContent()).toBe("Free plan");
    expect(await page.getByTestId("verify-email-banner").count()).toBe(0);
    await context.close();

    // Another seller's cookie: their own account, none of the first one's.
    const theirs = await withoutJavaScript(other.token);
    const theirPage = await theirs.newPage();
    await theirPage.goto("/advanced-keywords");
    expect(await theirPage.getByTestId("user-email").textContent()).toBe(other.email);
    expect(await theirPage.getByTestId("usage-card-advanced-keywords").getByTestId("usage-used").textContent()).toBe("7/10 used");
    expect(await theirPage.content()).not.toContain(me.email);
    await theirs.close();
  });

  it("sends a signed-out visitor to /login carrying the address", async () => {
    const res = await fetch(`${baseURL()}/advanced-keywords?from=menu`, { redirect: "manual" });
    expect(res.status).toBe(302);
    expect(res.headers.get("Location")).toBe(`/login?redirectTo=${encodeURIComponent("/advanced-keywords?from=menu")}`);
  });

  it("shows the confirm-your-address banner in the first HTML, and 'Resend link' sends a new link through the route's action", { timeout: 120_000 }, async () => {
    const me = await seller({ verified: false, prefix: "unverified" });
    const bare = await withoutJavaScript(me.token);
    const first = await bare.newPage();
    await first.goto("/dashboard");
    expect(await first.getByTestId("verify-email-banner").textContent()).toContain(me.email);
    await bare.close();

    const context = await newContext(browser);
    const page = await context.newPage();
    await useSession(page, me.token);
    await page.goto("/dashboard");
    await page.locator('main[data-ready="true"]').waitFor();
    await page.getByTestId("verify-email-banner").getByRole("button", { name: "Resend link" }).click();
    await page.getByTestId("verify-email-sent").getByText("A new confirmation link is on its way").waitFor();
    // The link that arrived confirms the address; coming back to the tab re-reads the account data and the banner goes.
    const link = await mailLink(me.email, "/verify-email");
    const verified = await fetch(`${baseURL()}/api/auth/verify-email`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ token: new URL(link).searchParams.get("token") }),
    });
    expect(verified.status).toBe(200);
    await page.evaluate(() => window.dispatchEvent(new FocusEvent("focus")));
    await expect.poll(() => page.getByTestId("verify-email-banner").count()).toBe(0);
    await context.close();
  });

  it("saves the user menu's theme to the profile through the route's action", { timeout: 60_000 }, async () => {
    const me = await seller();
    const context = await newContext(browser, { colorScheme: "light" });
    const page = await context.newPage();
    await useSession(page, me.token);
    await page.goto("/dashboard");
    await page.locator('main[data-ready="true"]').waitFor();
    await page.getByTestId("user-menu").click();
    await page.getByTestId("menu-theme-toggle").click();
    await expect.poll(async () => (await profileOf(me.token)).theme).toBe("dark");
    expect(await page.evaluate(() => document.documentElement.classList.contains("dark"))).toBe(true);
    await context.close();
  });
});

describe("a listing that is not there", () => {
  it("answers 404 at the edge with 'Listing not found' and 'Return to Listings', for a missing listing and for another seller's", { timeout: 120_000 }, async () => {
    const owner = await seller({ prefix: "owner" });
    const saved = await api("/listings", owner.token, {
      body: { title: "Hand-knit wool beanie", description: "A warm beanie.", tags: ["beanie"], altTexts: [], originalPrompt: "beanie" },
    });
    expect(saved.status).toBeLessThan(300);
    const id = ((await saved.json()) as { data: { listing: { id: string } } }).data.listing.id;
    const stranger = await seller({ prefix: "stranger" });

    const context = await withoutJavaScript(stranger.token);
    const page = await context.newPage();
    for (const path of ["/listings/00000000-0000-4000-8000-000000000000", `/listings/${id}`]) {
      const answer = await page.goto(path);
      expect(answer?.status()).toBe(404);
      expect(await page.getByTestId("detail-error").getByText("Listing not found").count()).toBe(1);
      expect(await page.getByRole("link", { name: "Return to Listings" }).getAttribute("href")).toBe("/listings");
      expect(await page.content()).not.toContain("Hand-knit wool beanie");
      // The shell stays: the stranger's own account in the user menu.
      expect(await page.getByTestId("user-email").textContent()).toBe(stranger.email);
    }
    await context.close();

    // The owner opens it.
    const own = await fetch(`${baseURL()}/listings/${id}`, { headers: { Cookie: `${SESSION_COOKIE}=${owner.token}` } });
    expect(own.status).toBe(200);
    expect(await own.text()).toContain("Hand-knit wool beanie");
  });
});

/** The shell with its usage card and user menu, light, dark and at phone width (for the report). */
describe("the shell's look", () => {
  it("shows the usage card and the user menu in light, dark and at phone width", { timeout: 120_000 }, async () => {
    const me = await seller({ prefix: "look" });
    await api("/profile", me.token, { method: "PUT", body: { firstName: "Ayşe", lastName: "Yılmaz", storeName: "Moonlit Silver Studio" } });
    for (let i = 0; i < 4; i++) await api("/increment-quota", me.token, { body: { featureKey: "advanced-keywords" } });
    for (const [name, options] of [
      ["shell-1280-light", { colorScheme: "light" as const }],
      ["shell-1280-dark", { colorScheme: "dark" as const }],
      ["shell-390-light", { colorScheme: "light" as const, width: 390, height: 844 }],
    ] as const) {
      const context = await newContext(browser, options);
      const page: Page = await context.newPage();
      await useSession(page, me.token);
      await api("/profile", me.token, { method: "PUT", body: { theme: options.colorScheme } });
      await page.goto("/advanced-keywords");
      await page.locator('main[data-ready="true"]').waitFor();
      await page.getByTestId("usage-card-advanced-keywords").getByText("4/10 used").waitFor();
      // At phone width the user menu is in the sidebar's sheet, opened from the header.
      if ("width" in options) await page.getByTestId("mobile-header").getByRole("button").first().click();
      await page.getByTestId("user-menu").click();
      await page.getByTestId("menu-theme-toggle").waitFor();
      await settled(page);
      await screenshot(page, name);
      await context.close();
    }
    const context = await newContext(browser, { colorScheme: "light" });
    const page = await context.newPage();
    await useSession(page, me.token);
    await page.goto("/listings/00000000-0000-4000-8000-000000000000");
    await page.getByTestId("detail-error").waitFor();
    await settled(page);
    await screenshot(page, "listing-404-1280-light");
    await context.close();
  });
});
