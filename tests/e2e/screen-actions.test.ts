import type { Browser, BrowserContext } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PASSWORD, SESSION_COOKIE, baseURL, launchBrowser, mailLink, newContext, screenshot, signInFast, uniqueEmail } from "./browser";

/**
 * The screens whose writes became route actions (decision 0054), as a seller sees them: the forms that
 * work as plain posts (with JavaScript off, exactly the server's HTML), and what each shows after.
 */

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

async function registered(email = uniqueEmail("actions")) {
  const res = await fetch(`${baseURL()}/api/auth/register`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ username: null, email, password: PASSWORD }),
  });
  expect(res.status).toBe(201);
  const { token } = (await res.json()) as { token: string };
  return { email, token };
}

/** A browser with JavaScript turned off (optionally signed in by the session cookie). */
async function withoutJavaScript(token?: string): Promise<BrowserContext> {
  const context = await browser.newContext({ baseURL: baseURL(), javaScriptEnabled: false, viewport: { width: 1280, height: 800 } });
  context.setDefaultTimeout(15_000);
  if (token) await context.addCookies([{ name: SESSION_COOKIE, value: token, url: baseURL(), httpOnly: true, sameSite: "Lax" }]);
  return context;
}

describe("forms that are route actions", () => {
  it("sends a reset link from Forgot password with JavaScript off, and says when the address is not one", async () => {
    const { email } = await registered();
    const context = await withoutJavaScript();
    const page = await context.newPage();
    await page.goto("/forgot-password");
    await page.getByLabel("Email").fill("not-an-address");
    await page.getByRole("button", { name: "Send Reset Link" }).click();
    await page.getByText("Please enter a valid email address").waitFor();

    await page.getByLabel("Email").fill(email);
    await page.getByRole("button", { name: "Send Reset Link" }).click();
    await page.getByText("Password reset instructions have been sent to your email address. Please check your inbox and follow the instructions.").waitFor();
    // SPEC: after success the form resets and the button stays disabled.
    expect(await page.getByLabel("Email").inputValue()).toBe("");
    expect(await page.getByRole("button", { name: "Send Reset Link" }).isDisabled()).toBe(true);
    // The mail really went out: its reset link is in the local outbox.
    expect(await mailLink(email, "/reset-password")).toContain("/reset-password?token=");
    await screenshot(page, "forgot-password-sent-no-js");
    await context.close();
  });

  it("confirms the e-mail from the link: at once with JavaScript, with one button without it; a used link says so", async () => {
    const first = await registered();
    const context = await newContext(browser);
    const page = await context.newPage();
    await page.goto(await mailLink(first.email, "/verify-email"));
    await page.getByTestId("verify-success").getByText("Your email address is confirmed.").waitFor();
    await screenshot(page, "verify-email-done-light");
    // The same link again: the token is used.
    await page.reload();
    await page.getByTestId("verify-error").waitFor();
    await context.close();

    const second = await registered();
    const plain = await withoutJavaScript();
    const noJs = await plain.newPage();
    await noJs.goto(await mailLink(second.email, "/verify-email"));
    // Opening the link changes nothing by itself (mail scanners open links too): the seller confirms.
    await noJs.getByRole("button", { name: "Confirm my email" }).click();
    await noJs.getByText("Your email address is confirmed.").waitFor();
    const profile = await fetch(`${baseURL()}/api/profile`, { headers: { Authorization: `Bearer ${second.token}` } });
    expect(((await profile.json()) as { emailVerified: boolean }).emailVerified).toBe(true);
    await plain.close();
  });

  it("audits and saves a listing on Audit a Listing with JavaScript off", async () => {
    const { token } = await registered();
    const context = await withoutJavaScript(token);
    const page = await context.newPage();
    await page.goto("/audit");
    await page.getByTestId("audit-title").fill("HANDMADE Silver Leaf Necklace & Pendant & Chain: Gift: Her");
    await page.getByTestId("audit-description").fill("This silver leaf necklace is handmade from recycled sterling silver. The pendant measures 2 cm on a 45 cm chain.");
    await page.getByRole("button", { name: "Check this listing" }).click();
    // The server audited the posted fields: the report is in the page, the fields are kept.
    await page.getByText("Listing Doctor").waitFor();
    expect(await page.getByTestId("audit-empty").count()).toBe(0);
    expect(await page.getByTestId("audit-title").inputValue()).toBe("HANDMADE Silver Leaf Necklace & Pendant & Chain: Gift: Her");
    await screenshot(page, "audit-checked-no-js");

    // Etsy refuses a title with "&" more than once: the save says why and keeps what was written.
    await page.getByTestId("audit-save").click();
    await page.getByTestId("audit-save-error").getByText("The listing could not be saved.").waitFor();
    expect(await page.getByTestId("audit-description").inputValue()).toContain("recycled sterling silver");
    await page.getByTestId("audit-title").fill("Handmade Silver Leaf Necklace, Sterling Leaf Pendant");
    await page.getByTestId("audit-save").click();
    await page.waitForURL(/\/listings\/[^/]+$/);
    await page.getByText("Handmade Silver Leaf Necklace, Sterling Leaf Pendant").first().waitFor();
    await context.close();
  });

  it("names the serving image editor in the first HTML of both editors", async () => {
    const { token } = await registered();
    const context = await withoutJavaScript(token);
    const page = await context.newPage();
    for (const path of ["/edit-image", "/edit-image-gpt"]) {
      await page.goto(path);
      expect(await page.getByTestId("active-editor").textContent()).toContain("Local image editor (offline default)");
    }
    await context.close();
  });

  it("shows the optimized pattern and its check after the optimize action, and step 2's draft after the format action", async () => {
    const context = await newContext(browser);
    const page = await context.newPage();
    await signInFast(page);
    await page.goto("/optimize");
    await page.getByTestId("paste-example").click();
    await page.getByTestId("optimize-button").click();
    await expect.poll(() => page.getByTestId("optimized-output").inputValue(), { timeout: 30_000 }).toContain("## Instructions");
    await page.getByTestId("tech-edit-card").waitFor();
    await page.getByTestId("next-step").click();
    await expect.poll(() => page.getByTestId("draft-status").textContent(), { timeout: 30_000 }).toBe("DRAFT READY");
    expect(await page.getByTestId("pdf-name").textContent()).toMatch(/\.pdf$/);
    await context.close();
  });

  it("shows step 2 when Next Step is clicked while the screen still reads again after the optimize action", async () => {
    const context = await newContext(browser);
    const page = await context.newPage();
    await signInFast(page);
    // A slow connection: the screen's data read after the action, and the first look-up of step 2's route.
    // A navigation that waited for that look-up while the read ended stayed on step 1 at /review's address.
    let revalidating = false;
    await page.route(/\/optimize\.data$/, async (route) => {
      if (route.request().method() === "GET") {
        revalidating = true;
        await new Promise((resolve) => setTimeout(resolve, 800));
      }
      await route.continue();
    });
    await page.route(/\/__manifest\?paths=%2Freview/, async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 2000));
      await route.continue();
    });
    await page.goto("/optimize");
    await page.locator('main[data-ready="true"]').waitFor();
    await page.getByTestId("paste-example").click();
    await page.getByTestId("optimize-button").click();
    await page.waitForFunction(() => (document.querySelector('[data-testid="next-step"]') as HTMLButtonElement | null)?.disabled === false, null, { timeout: 30_000 });
    expect(revalidating).toBe(true);
    await page.getByTestId("next-step").click();
    await page.getByRole("heading", { name: "Step 2 of 3 Review Draft" }).waitFor();
    expect(new URL(page.url()).pathname).toBe("/review");
    await expect.poll(() => page.getByTestId("draft-status").textContent(), { timeout: 30_000 }).toBe("DRAFT READY");
    await context.close();
  });
});
