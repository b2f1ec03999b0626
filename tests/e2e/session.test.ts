import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PASSWORD, SESSION_COOKIE, baseURL, launchBrowser, newContext, registerViaUi, sessionToken, signInFast, useSession } from "./browser";

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const EVIL = "https://evil.example";

describe("the session cookie in the browser", () => {
  it("signs in with a cookie no page script can read: nothing in localStorage, nothing in document.cookie", async () => {
    const context = await newContext(browser);
    const page = await context.newPage();
    await registerViaUi(page, undefined, PASSWORD, { verified: false });
    const token = await sessionToken(page);
    expect(token?.startsWith("eyJ")).toBe(true);
    const cookie = (await context.cookies(baseURL())).find((c) => c.name === SESSION_COOKIE)!;
    expect(cookie.httpOnly).toBe(true);
    expect(cookie.sameSite).toBe("Lax");
    const seen = await page.evaluate(() => ({ cookie: document.cookie, storage: JSON.stringify({ ...localStorage }), session: JSON.stringify({ ...sessionStorage }) }));
    expect(seen.cookie).not.toContain(SESSION_COOKIE);
    for (const text of Object.values(seen)) expect(text).not.toContain(token!);
    expect(seen.storage).not.toContain("eyJ");
    // The page's own calls still work: the cookie rides along.
    expect(await page.evaluate(async () => (await fetch("/api/profile")).status)).toBe(200);
    await context.close();
  });

  it("signs in before the page's JavaScript runs: the form posts to the login action", async () => {
    const { email } = await (async () => {
      const setup = await newContext(browser);
      const page = await setup.newPage();
      const made = await signInFast(page);
      await setup.close();
      return made;
    })();
    const context = await browser.newContext({ baseURL: baseURL(), javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto("/login?redirectTo=%2Flistings");
    await page.getByLabel("Email").fill(email);
    await page.getByLabel("Password", { exact: true }).fill("not-the-password-1");
    await page.getByRole("button", { name: "Login" }).click();
    await page.getByText("Invalid email or password").waitFor();
    expect(await sessionToken(page)).toBeNull();

    await page.getByLabel("Email").fill(email);
    await page.getByLabel("Password", { exact: true }).fill(PASSWORD);
    await page.getByRole("button", { name: "Login" }).click();
    await page.waitForURL("**/listings");
    expect((await sessionToken(page))?.startsWith("eyJ")).toBe(true);
    await page.getByRole("heading", { level: 1, name: "My Listings" }).waitFor();
    await context.close();
  });

  it("refuses a cross-origin POST that carries the session cookie, on /api and on the sign-out action", async () => {
    const context = await newContext(browser);
    const page = await context.newPage();
    const { token } = await signInFast(page, undefined, { verified: false });
    // The browser context's own request client sends its cookies, as a forged cross-site post would.
    const api = await page.request.put("/api/profile", { headers: { Origin: EVIL }, data: { firstName: "Mallory" } });
    expect(api.status()).toBe(403);
    expect(await api.json()).toMatchObject({ success: false, code: "cross-origin" });
    const action = await page.request.post("/logout", { headers: { Origin: EVIL }, form: { intent: "everywhere" }, maxRedirects: 0 });
    expect(action.status()).toBe(403);
    // Nothing happened: still signed in with the same token, and the name is unchanged.
    expect(await sessionToken(page)).toBe(token);
    const profile = await fetch(`${baseURL()}/api/profile`, { headers: { Authorization: `Bearer ${token}` } });
    expect(profile.status).toBe(200);
    expect(((await profile.json()) as { firstName: string }).firstName).not.toBe("Mallory");
    // The same request from the site itself goes through.
    const own = await page.request.put("/api/profile", { headers: { Origin: new URL(baseURL()).origin }, data: { firstName: "Ayla" } });
    expect(own.status()).toBe(200);
    await context.close();
  });

  it("signs out everywhere from Profile: the cookie is cleared and the old token is dead", async () => {
    const context = await newContext(browser);
    const page = await context.newPage();
    const { token } = await signInFast(page);
    await page.goto("/profile");
    await page.getByTestId("logout-all").click();
    await page.getByTestId("logout-all-confirm").click();
    await page.waitForURL("**/login");
    expect(await sessionToken(page)).toBeNull();
    expect((await fetch(`${baseURL()}/api/profile`, { headers: { Authorization: `Bearer ${token}` } })).status).toBe(401);
    // Back shows no signed-in page from a cache: the server is asked, and sends the visitor to sign in.
    await page.goBack();
    await page.waitForURL("**/login**");
    expect(await page.getByTestId("logout-all").count()).toBe(0);
    // A signed-out visitor of a private screen goes to /login with the place kept.
    await page.goto("/listings");
    await page.waitForURL("**/login?redirectTo=%2Flistings");
    await context.close();
  });

  it("serves My Listings and a listing with the seller's data in the first HTML, read with the cookie and no JavaScript", async () => {
    const setup = await newContext(browser);
    const page = await setup.newPage();
    const { token } = await signInFast(page, undefined, { verified: false });
    await setup.close();
    const titles = ["Hand-knit merino wool beanie in forest green", "Sterling silver leaf necklace, botanical pendant"];
    const ids: string[] = [];
    for (const title of titles) {
      const res = await fetch(`${baseURL()}/api/listings`, {
        method: "POST",
        headers: { "Content-Type": "application/json", Authorization: `Bearer ${token}` },
        body: JSON.stringify({ title, description: `${title}. Made by hand.`, tags: ["handmade gift"], altTexts: [] }),
      });
      expect(res.status).toBe(201);
      ids.push(((await res.json()) as { data: { listing: { id: string } } }).data.listing.id);
    }
    const cookie = { Cookie: `${SESSION_COOKIE}=${token}` };
    const listed = await fetch(`${baseURL()}/listings`, { headers: cookie });
    // The seller's own page: no cache may keep it (Back after a sign-out asks the server again).
    expect(listed.headers.get("Cache-Control")).toBe("private, no-store");
    expect((await fetch(`${baseURL()}/landing`)).headers.get("Cache-Control") ?? "").not.toMatch(/no-store/);
    const list = await listed.text();
    // The cards themselves are in the markup, not only in the data for hydration.
    expect(list.split('data-testid="listing-card"').length - 1).toBe(2);
    for (const title of titles) expect(list).toContain(`>${title}</a>`);
    const detail = await (await fetch(`${baseURL()}/listings/${ids[1]}`, { headers: cookie })).text();
    expect(detail).toMatch(new RegExp(`data-testid="detail-title"[^>]*>${titles[1]}<`));
    // Another seller's listing is a 404 at the edge, and the signed-out visitor is sent to sign in.
    const other = await fetch(`${baseURL()}/api/auth/register`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ username: null, email: `other.${Date.now()}@example.com`, password: PASSWORD }),
    });
    const otherToken = ((await other.json()) as { token: string }).token;
    const foreign = await fetch(`${baseURL()}/listings/${ids[1]}`, { headers: { Cookie: `${SESSION_COOKIE}=${otherToken}` } });
    expect(foreign.status).toBe(404);
    expect(await foreign.text()).not.toContain(titles[1]);
    const signedOut = await fetch(`${baseURL()}/listings`, { redirect: "manual" });
    expect(signedOut.status).toBe(302);
    expect(signedOut.headers.get("Location")).toBe("/login?redirectTo=%2Flistings");
    // A cookie whose token has ended (signed out everywhere) sends the visitor to sign in and is cleared.
    await fetch(`${baseURL()}/api/auth/logout-all`, { method: "POST", headers: { Authorization: `Bearer ${otherToken}` } });
    const ended = await fetch(`${baseURL()}/listings`, { headers: { Cookie: `${SESSION_COOKIE}=${otherToken}` }, redirect: "manual" });
    expect(ended.status).toBe(302);
    expect(ended.headers.getSetCookie().some((c) => c.startsWith(`${SESSION_COOKIE}=;`) && c.includes("Max-Age=0"))).toBe(true);

    // In a browser without JavaScript the page shows them too.
    const context = await browser.newContext({ baseURL: baseURL(), javaScriptEnabled: false });
    const noScript = await context.newPage();
    await useSession(noScript, token);
    await noScript.goto("/listings");
    for (const title of titles) await noScript.getByRole("link", { name: title, exact: true }).waitFor();
    await context.close();
  });
});
