import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PASSWORD, SESSION_COOKIE, baseURL, launchBrowser, newContext, screenshot, signInFast, sessionToken, uniqueEmail, useSession } from "./browser";

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

async function serverProfile(page: Page) {
  const token = await sessionToken(page);
  const res = await fetch(`${baseURL()}/api/profile`, { headers: { Authorization: `Bearer ${token}` } });
  return (await res.json()) as Record<string, unknown>;
}

/** The profile is in the first HTML; the screen answers clicks once hydrated with the shell's account data shown. */
async function ready(page: Page) {
  await page.getByTestId("profile-loaded").waitFor();
  await page.locator('main[data-ready="true"]').waitFor();
}

async function logIn(page: Page, email: string, password: string) {
  await page.goto("/login");
  await page.getByLabel("Email", { exact: true }).fill(email);
  await page.getByLabel("Password", { exact: true }).fill(password);
  await page.getByRole("button", { name: "Login" }).click();
}

describe("profile settings", () => {
  it("loads the profile, saves the full name split at the first space and the store name", async () => {
    const context = await newContext(browser);
    const page = await context.newPage();
    const { email } = await signInFast(page);
    await page.goto("/profile");
    await ready(page);
    expect(await page.getByLabel("Email", { exact: true }).inputValue()).toBe(email);
    expect(await page.getByLabel("Email", { exact: true }).getAttribute("readonly")).not.toBeNull();
    expect(await page.getByTestId("plan-badge").textContent()).toBe("Free");
    await expect.poll(() => page.getByTestId("usage-create-listing").textContent()).toContain("0 / 10");
    await page.getByTestId("upgrade-cta").getByText("10x more daily usage").waitFor();
    expect(await page.getByTestId("two-factor").isDisabled()).toBe(true);
    expect(await page.getByTestId("delete-account").isDisabled()).toBe(true);
    await screenshot(page, "profile-1280-light");

    const save = page.getByTestId("save-profile");
    expect(await save.isDisabled()).toBe(true);
    await page.getByLabel("Full Name").fill("Ayşe Nur Yılmaz");
    await page.getByLabel("Store Name").fill("Moonlit Silver Studio");
    await save.click();
    await page.getByText("Profile updated successfully").first().waitFor();
    expect(await serverProfile(page)).toMatchObject({ firstName: "Ayşe", lastName: "Nur Yılmaz", storeName: "Moonlit Silver Studio" });
    // The checklist's profile step is recorded on the account by the save, not in this browser.
    const token = await sessionToken(page);
    const onboarding = await (await fetch(`${baseURL()}/api/onboarding`, { headers: { Authorization: `Bearer ${token}` } })).json();
    expect(onboarding.data.steps.profile).toBe(true);
    expect(await page.evaluate(() => localStorage.getItem("onboarding_profile_complete"))).toBeNull();

    await page.reload();
    await ready(page);
    expect(await page.getByLabel("Full Name").inputValue()).toBe("Ayşe Nur Yılmaz");
    expect(await page.getByLabel("Store Name").inputValue()).toBe("Moonlit Silver Studio");
    await expect.poll(() => page.getByTestId("user-name").textContent()).toBe("Ayşe Nur Yılmaz");
    await context.close();
  });

  it("changes the password (only once all three fields are filled and valid), then logs in with the new one", async () => {
    const context = await newContext(browser);
    const page = await context.newPage();
    const { email, token: before } = await signInFast(page, uniqueEmail("pw"));
    // Another session of the same account (a second device), signed in with the old password.
    const elsewhere = await fetch(`${baseURL()}/api/auth/login`, { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify({ email, password: PASSWORD }) });
    const { token: otherDevice } = (await elsewhere.json()) as { token: string };
    await page.goto("/profile");
    await ready(page);
    const update = page.getByTestId("update-password");
    expect(await update.isDisabled()).toBe(true);
    await page.getByLabel("Current password").fill(PASSWORD);
    await page.getByLabel("New password", { exact: true }).fill("short");
    expect(await update.isDisabled()).toBe(true);
    await page.getByLabel("Confirm new password").fill("short");
    await update.click();
    await page.getByText("Password must be at least 10 characters").waitFor();
    await page.getByLabel("New password", { exact: true }).fill("brand-new-pass-1");
    await page.getByLabel("Confirm new password").fill("brand-new-pass-2");
    await update.click();
    await page.getByText("Passwords do not match").waitFor();

    await page.getByLabel("Current password").fill("not-my-password");
    await page.getByLabel("Confirm new password").fill("brand-new-pass-1");
    await update.click();
    await page.getByText("Current password is incorrect").waitFor();

    await page.getByLabel("Current password").fill(PASSWORD);
    await update.click();
    await page.getByText("Password changed. Other sessions have been signed out.").first().waitFor();
    expect(await page.getByLabel("Current password").inputValue()).toBe("");
    // SPEC §7's change-password ends the other sessions: the other device's token and this tab's old one are refused.
    for (const ended of [otherDevice, before]) expect((await fetch(`${baseURL()}/api/profile`, { headers: { Authorization: `Bearer ${ended}` } })).status).toBe(401);
    expect(await sessionToken(page)).not.toBe(before);
    // The fresh token keeps this tab signed in.
    await page.reload();
    await ready(page);

    await page.getByTestId("user-menu").click();
    await page.getByTestId("logout").click();
    await page.waitForURL("**/login");
    await logIn(page, email, PASSWORD);
    await page.getByText("Invalid email or password").waitFor();
    await logIn(page, email, "brand-new-pass-1");
    await page.waitForURL("**/dashboard");
    await context.close();
  });

  it("signs out of all sessions and returns to /login", async () => {
    const context = await newContext(browser);
    const page = await context.newPage();
    const { token } = await signInFast(page);
    await page.goto("/profile");
    await ready(page);
    await page.getByTestId("logout-all").click();
    await page.getByTestId("logout-all-confirm").click();
    await page.waitForURL("**/login");
    expect(await sessionToken(page)).toBeNull();
    const res = await fetch(`${baseURL()}/api/profile`, { headers: { Authorization: `Bearer ${token}` } });
    expect(res.status).toBe(401);
    await context.close();
  });

  it("switches the interface to Turkish, saves it to the account, and keeps it after a reload and on another device", async () => {
    const context = await newContext(browser);
    const page = await context.newPage();
    const { email } = await signInFast(page);
    await page.goto("/profile");
    await ready(page);
    await page.getByTestId("language-select").selectOption({ label: "Türkçe" });
    await page.getByRole("heading", { level: 1, name: "Profil Ayarları" }).waitFor();
    await page.getByText("Tercihler kaydedildi.").waitFor();
    expect(await serverProfile(page)).toMatchObject({ language: "tr" });

    await page.reload();
    expect(await page.evaluate(() => document.documentElement.lang)).toBe("tr");
    await page.getByRole("heading", { level: 1, name: "Profil Ayarları" }).waitFor();
    await page.getByRole("link", { name: "Panel" }).first().click();
    // This account's first dashboard visit: 'Welcome', not 'Welcome back' (decision 0016).
    await page.getByRole("heading", { level: 1, name: "Hoş geldiniz", exact: true }).waitFor();
    await screenshot(page, "dashboard-1280-tr");

    // A fresh browser starts in English and turns Turkish once the profile arrives after login.
    const other = await newContext(browser);
    const second = await other.newPage();
    await logIn(second, email, PASSWORD);
    await second.waitForURL("**/dashboard");
    await second.getByRole("heading", { level: 1, name: "Tekrar hoş geldiniz" }).waitFor();
    await second.reload();
    expect(await second.evaluate(() => document.documentElement.lang)).toBe("tr");
    await other.close();
    await context.close();
  });

  it("applies and saves the theme and notification choices", async () => {
    const context = await newContext(browser, { width: 375 });
    const page = await context.newPage();
    await signInFast(page);
    await page.goto("/profile");
    await ready(page);
    await page.getByTestId("theme-select").selectOption({ label: "Dark" });
    await expect.poll(() => page.evaluate(() => document.documentElement.classList.contains("dark"))).toBe(true);
    await page.getByTestId("email-notifications").click();
    await expect.poll(async () => (await serverProfile(page)).emailNotifications).toBe(false);
    expect(await serverProfile(page)).toMatchObject({ theme: "dark", pushNotifications: true });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await screenshot(page, "profile-375-dark");
    await context.close();
  });

  // The load failure ('Unable to load profile', Try Again) is a server loader's answer now: tests/app/profile-screen.test.tsx.
  it("serves the seller's name, e-mail, plan and usage in the first HTML, read with the cookie and no JavaScript", async () => {
    const setup = await newContext(browser);
    const page = await setup.newPage();
    const { email, token } = await signInFast(page, uniqueEmail("edge"));
    await setup.close();
    const saved = await fetch(`${baseURL()}/api/profile`, {
      method: "PUT",
      headers: { "Content-Type": "application/json", Authorization: `Bearer ${token}` },
      body: JSON.stringify({ firstName: "Defne", lastName: "Kaya", storeName: "Kaya Ceramics" }),
    });
    expect(saved.status).toBe(200);
    const html = await (await fetch(`${baseURL()}/profile`, { headers: { Cookie: `${SESSION_COOKIE}=${token}` } })).text();
    // In the markup itself, not only in the data for hydration.
    expect(html).toMatch(/<input[^>]*value="Defne Kaya"/);
    expect(html).toMatch(new RegExp(`<input[^>]*value="${email.replace(/[.+]/g, "\\$&")}"`));
    expect(html).toMatch(/data-testid="plan-badge"[^>]*>Free</);
    expect(html).toContain('data-testid="profile-loaded"');
    const signedOut = await fetch(`${baseURL()}/profile`, { redirect: "manual" });
    expect(signedOut.status).toBe(302);
    expect(signedOut.headers.get("Location")).toBe("/login?redirectTo=%2Fprofile");

    const context = await browser.newContext({ baseURL: baseURL(), javaScriptEnabled: false });
    const noScript = await context.newPage();
    await useSession(noScript, token);
    await noScript.goto("/profile");
    expect(await noScript.getByLabel("Full Name").inputValue()).toBe("Defne Kaya");
    expect(await noScript.getByLabel("Store Name").inputValue()).toBe("Kaya Ceramics");
    expect(await noScript.getByTestId("plan-badge").textContent()).toBe("Free");
    expect(await noScript.getByTestId("usage-create-listing").textContent()).toContain("0 / 10");
    await context.close();
  });
});
