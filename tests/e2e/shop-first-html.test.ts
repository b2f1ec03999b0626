import { readFile } from "node:fs/promises";
import { join } from "node:path";
import type { Browser, BrowserContext } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { registerViaApi, SESSION_COOKIE, baseURL, launchBrowser, uniqueEmail } from "./browser";

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/** Four listings as Etsy's "Currently for sale listings" CSV has them, and one row without a title. */
const FIXTURE = join(import.meta.dirname, "../fixtures/shop/e2e-shop.csv");

async function api<T>(path: string, token: string, init: { method?: string; body?: unknown } = {}): Promise<{ status: number; data: T }> {
  const res = await fetch(`${baseURL()}/api${path}`, {
    method: init.method ?? (init.body === undefined ? "GET" : "POST"),
    headers: { Authorization: `Bearer ${token}`, ...(init.body === undefined ? {} : { "Content-Type": "application/json" }) },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
  const body = (await res.json()) as { data: T };
  return { status: res.status, data: body.data };
}

/** A seller registered through the API, with the fixture's shop imported (the CSV as multipart, as the drop zone sends it). */
async function sellerWithShop(options: { verified?: boolean } = {}) {
  // Optimizing is an AI feature: the address is confirmed first when asked, by the link of its verification mail.
  const { token } = await registerViaApi(uniqueEmail("first-html"), { verified: options.verified === true });
  const form = new FormData();
  form.append("file", new Blob([await readFile(FIXTURE)], { type: "text/csv" }), "EtsyListingsDownload.csv");
  const imported = await fetch(`${baseURL()}/api/shop/import`, { method: "POST", headers: { Authorization: `Bearer ${token}` }, body: form });
  expect(imported.status).toBe(200);
  const { data } = await api<{ listings: { id: string; title: string }[] }>("/shop/listings?sort=title&order=asc&page=1", token);
  return { token, listings: data.listings };
}

/** A browser with JavaScript turned off, signed in by the session cookie: it shows exactly the server's first HTML. */
async function withoutJavaScript(token: string): Promise<BrowserContext> {
  const context = await browser.newContext({ baseURL: baseURL(), javaScriptEnabled: false });
  await context.addCookies([{ name: SESSION_COOKIE, value: token, url: baseURL(), httpOnly: true, sameSite: "Lax" }]);
  return context;
}

describe("My Shop's first HTML, before any JavaScript", () => {
  it("already shows the seller's shop: the summary figures, the imported listings, the address's search, a listing's page; another seller's listing is a 404", { timeout: 120_000 }, async () => {
    const seller = await sellerWithShop();
    const moon = seller.listings.find((l) => l.title === "Moon necklace")!;
    expect(moon).toBeTruthy();

    const context = await withoutJavaScript(seller.token);
    const page = await context.newPage();
    const response = await page.goto("/shop");
    expect(response?.status()).toBe(200);
    expect(await page.getByTestId("summary-listings").textContent()).toBe("4");
    const summary = await api<{ averageScore: number }>("/shop/summary", seller.token);
    expect(await page.getByTestId("summary-average").textContent()).toContain(String(summary.data.averageScore));
    expect(await page.getByTestId("shop-row").count()).toBe(4);
    await page.getByTestId("shop-table").getByText("Moon necklace", { exact: true }).waitFor();
    expect(await page.getByTestId("shop-summary-skeleton").count()).toBe(0);
    expect(await page.getByTestId("shop-table-skeleton").count()).toBe(0);

    // The address's view is the server's too: a search finds only its listings.
    await page.goto("/shop?q=moon");
    expect(await page.getByTestId("shop-row").count()).toBe(1);

    // A shop listing's page, with its facts.
    await page.goto(`/shop/${moon.id}`);
    expect(await page.getByRole("heading", { level: 1 }).textContent()).toBe("Moon necklace");
    expect(await page.getByTestId("fact-sku").textContent()).toContain("MOON-01");

    // Another seller's listing (and one that never existed) is not in this shop: a 404 that says so.
    const other = await sellerWithShop();
    for (const id of [other.listings[0].id, "no-such-listing"]) {
      const answer = await page.goto(`/shop/${id}`);
      expect(answer?.status()).toBe(404);
      expect(await page.getByTestId("shop-detail-error").textContent()).toContain("This listing is not in your shop. It may have been deleted.");
    }
    await context.close();
  });

  it("shows the proposals waiting on the review's first HTML, and accepts one with a plain form post (no JavaScript); a post from another site is refused", { timeout: 180_000 }, async () => {
    const seller = await sellerWithShop({ verified: true });
    const moon = seller.listings.find((l) => l.title === "Moon necklace")!;
    const started = await api<{ jobId: string }>("/shop/optimize", seller.token, { body: { ids: [moon.id] } });
    expect(started.status).toBe(202);
    await expect.poll(async () => (await api<{ status: string }>(`/shop/jobs/${started.data.jobId}`, seller.token)).data.status, { timeout: 120_000, interval: 500 }).toBe("completed");
    const proposal = (await api<{ proposal: { title: string } | null }>(`/shop/listings/${moon.id}`, seller.token)).data.proposal!;

    const context = await withoutJavaScript(seller.token);
    const page = await context.newPage();
    await page.goto("/shop");
    expect(await page.getByTestId("open-review").textContent()).toBe("Review 1 proposal");
    await page.goto("/shop/review");
    const card = page.getByTestId("review-card");
    expect(await card.count()).toBe(1);
    expect(await card.getAttribute("data-id")).toBe(moon.id);
    expect(await card.getByTestId("diff-title-after").textContent()).toContain(proposal.title.split(" ")[0]);

    // Another site's form cannot accept it (the session cookie alone is not enough).
    // Both ways a page posts: a document form post (React Router's own check refuses it, 400) and a
    // fetcher's data request (the action's same-origin check, 403).
    for (const path of ["/shop/review", "/shop/review.data"]) {
      const forged = await fetch(`${baseURL()}${path}`, {
        method: "POST",
        headers: { Cookie: `${SESSION_COOKIE}=${seller.token}`, Origin: "https://evil.example", "Content-Type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams({ intent: "accept", listingId: moon.id }),
        redirect: "manual",
      });
      expect([400, 403], path).toContain(forged.status);
    }
    expect((await api<{ proposal: { status: string } | null }>(`/shop/listings/${moon.id}`, seller.token)).data.proposal?.status).toBe("pending");

    // The page's own form, before any JavaScript: the proposal is applied and no longer waits.
    await Promise.all([page.waitForLoadState("load"), card.getByTestId("proposal-accept").click()]);
    await page.getByTestId("review-empty").waitFor();
    const after = await api<{ listing: { title: string }; proposal: { status: string } | null }>(`/shop/listings/${moon.id}`, seller.token);
    expect(after.data.listing.title).toBe(proposal.title);
    expect(after.data.proposal?.status ?? "accepted").not.toBe("pending");
    await context.close();
  });
});
