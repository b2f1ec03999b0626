import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { baseURL, launchBrowser, newContext, screenshot, signInFast } from "./browser";

// Which LLM writes listings, on the screen (decision 0020). The served build is a local run, so it
// really uses the offline composer; a deployment's answers (health naming Workers AI, as the page's
// loader data, and a Workers AI failure in the generation stream) are played into the page with the exact shapes the Worker sends
// (tests/worker/workers-ai-deploy.test.ts checks that the Worker sends them).

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const DEPLOYED_HEALTH = {
  success: true,
  status: "ok",
  version: "dev",
  environment: "production",
  d1: true,
  providers: { llm: "workers-ai", trends: "sample", images: "local", mail: "resend" },
  providerLabels: { llm: "Workers AI (llama-3.3-70b)", trends: "sample", images: "local", mail: "resend" },
};

const FAILED_STREAM = [
  { type: "start", provider: "workers-ai", providerLabel: "Workers AI (llama-3.3-70b)", offline: false, quota: { used: 1, limit: 10, plan: "free" } },
  {
    type: "error",
    status: 502,
    message: "Failed to generate listing. Please try again.",
    detail: "Workers AI failed (3040: Capacity temporarily exceeded, please try again.)",
    provider: "workers-ai",
  },
]
  .map((e) => JSON.stringify(e))
  .join("\n");

/**
 * The providers reach the page with the app layout's loader data (decision 0051), read from /api/health
 * on the server: the page's HTML (and a navigation's data) is answered as a deployment's, the local
 * run's offline composer renamed to what DEPLOYED_HEALTH names.
 */
async function asDeployment(page: Page) {
  const deployed = (text: string) => text.replaceAll("offline-composer", DEPLOYED_HEALTH.providers.llm).replaceAll("Offline composer (built in)", DEPLOYED_HEALTH.providerLabels.llm);
  await page.route(/\/create(\.data)?(\?.*)?$/, async (route) => {
    const response = await route.fetch();
    await route.fulfill({ response, body: deployed(await response.text()) });
  });
  await page.route("**/api/listings/generate", (route) => route.fulfill({ status: 200, contentType: "application/x-ndjson; charset=utf-8", body: `${FAILED_STREAM}\n` }));
}

describe("the active LLM on Create Listing", () => {
  it("says the offline composer writes listings on this local run, as /api/health does", async () => {
    const health = (await (await fetch(`${baseURL()}/api/health`)).json()) as { providers: Record<string, string>; providerLabels: Record<string, string> };
    expect(health.providers.llm).toBe("offline-composer");
    expect(health.providerLabels.llm).toBe("Offline composer (built in)");
    const context = await newContext(browser);
    const page = await context.newPage();
    await signInFast(page);
    await page.goto("/create");
    await page.getByTestId("provider-offline").getByText("Offline composer (built in)").waitFor();
    expect(await page.getByTestId("provider-active").count()).toBe(0);
    await context.close();
  });

  it("names Workers AI and its model on a deployment, and shows a Workers AI failure with the SPEC's text and why", async () => {
    const context = await newContext(browser, { width: 375, height: 812 });
    const page = await context.newPage();
    await signInFast(page);
    await asDeployment(page);
    await page.goto("/create");
    await page.getByTestId("provider-active").getByText("Listings are written by Workers AI (llama-3.3-70b)").waitFor();
    expect(await page.getByTestId("provider-offline").count()).toBe(0);

    await page.getByLabel("Product description").fill("Handmade sterling silver moon necklace on an 18 inch chain.");
    await page.getByTestId("generate-listing").click();
    const error = page.getByTestId("generate-error");
    await error.getByText("Failed to generate listing. Please try again.").waitFor();
    expect(await error.getByTestId("generate-error-detail").textContent()).toBe("Workers AI failed (3040: Capacity temporarily exceeded, please try again.)");
    await error.getByRole("button", { name: "Try Again" }).waitFor();
    // Nothing was written: the footer still says who writes, not "Written by".
    expect(await page.getByTestId("provider-active").textContent()).toBe("Listings are written by Workers AI (llama-3.3-70b)");
    await screenshot(page, "create-workers-ai-failure-phone");
    await context.close();
  });

  it("says it in Turkish, in the dark theme", async () => {
    const context = await newContext(browser, { locale: "tr-TR", colorScheme: "dark" });
    const page = await context.newPage();
    const { token } = await signInFast(page);
    // The signed-in shell follows the profile's language, so the profile says Turkish.
    const saved = await fetch(`${baseURL()}/api/profile`, {
      method: "PUT",
      headers: { "Content-Type": "application/json", Authorization: `Bearer ${token}` },
      body: JSON.stringify({ language: "tr" }),
    });
    expect(saved.status).toBe(200);
    await page.evaluate(() => {
      localStorage.setItem("language", "tr");
      document.cookie = "lang=tr; Path=/; SameSite=Lax";
    });
    await asDeployment(page);
    await page.goto("/create");
    await page.getByRole("heading", { name: "Etsy İlanı Oluştur" }).waitFor();
    await page.getByTestId("provider-active").getByText("İlanları Workers AI (llama-3.3-70b) yazıyor").waitFor();
    await page.waitForLoadState("networkidle");
    expect(await page.getByTestId("provider-active").textContent()).toBe("İlanları Workers AI (llama-3.3-70b) yazıyor");
    await screenshot(page, "create-workers-ai-tr-dark");
    await context.close();
  });
});
