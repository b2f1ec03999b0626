import type { Browser, Locator, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { baseURL, launchBrowser, newContext, registerViaApi, screenshot, SESSION_COOKIE, tokenApi as api, uniqueEmail, useSession } from "./browser";

/**
 * The Listing Doctor's one-click fix where decision 0057 moved it to the listing route's action: on
 * Create, right after a generation, and on a shop listing's page (/shop/:id). With JavaScript on, as a
 * seller uses them: the click changes the score and the text on screen, and the saved listing keeps it.
 */
let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const scoreOf = async (scope: Locator) => Number(await scope.getByTestId("score-ring").first().getAttribute("data-score"));

/** Hydrated, with the shell's account data on screen: the screen answers clicks. */
async function hydrated(page: Page) {
  await page.locator('main[data-ready="true"]').waitFor();
}

type SavedListing = { data: { listing: { title: string; tags: string[]; audit: { score: number; findings: { id: string; message: string }[] } } } };

describe("the Listing Doctor's fix on Create", () => {
  it("applies a fix to the listing just generated: the score rises, the parts change on screen, and the saved listing keeps it", { timeout: 180_000 }, async () => {
    const { token } = await registerViaApi(uniqueEmail("doctor-create"));
    const context = await newContext(browser);
    const page = await context.newPage();
    await useSession(page, token);
    await page.goto("/create");
    await hydrated(page);
    await page.getByLabel("Product description").fill("Handmade sterling silver leaf necklace, 2 cm pendant on a 45 cm chain, polished by hand, gift box included.");
    await page.getByTestId("generate-listing").click();
    const result = page.getByTestId("generated-listing");
    const audit = result.getByTestId("listing-audit");
    await audit.waitFor({ timeout: 60_000 });
    await result.getByRole("link", { name: "View in My Listings" }).waitFor();
    // The seller's one listing: the one just generated and saved.
    const [{ id }] = (await api<{ data: { listings: { id: string }[] } }>("/listings", token)).body.data.listings;

    const parts = async () =>
      (await result.getByTestId("result-title").innerText()) + "\n" + (await result.getByTestId("result-description").innerText()) + "\n" + (await result.getByTestId("result-tags").innerText());
    const before = { score: await scoreOf(audit), parts: await parts() };
    const fix = audit.getByTestId("audit-fix").first();
    expect(await fix.count(), "the generated listing has a finding the Doctor can fix").toBe(1);
    const finding = (await audit
      .getByTestId("audit-finding")
      .filter({ has: page.getByTestId("audit-fix") })
      .first()
      .getAttribute("data-finding"))!;
    // What the finding said: a fix takes it away, or (tags the listing's own words give, fewer than the
    // empty slots) leaves less of it to say ("Only 12 of 13 tags are used").
    const said = async () => ((await audit.locator(`[data-finding="${finding}"]`).count()) ? await audit.locator(`[data-finding="${finding}"]`).first().innerText() : "");
    const saidBefore = await said();
    await fix.click();

    // The fix's answer is on screen: a higher score, that finding gone or answered in part, and the listing's text changed.
    await expect.poll(() => scoreOf(audit), { timeout: 30_000 }).toBeGreaterThan(before.score);
    await expect.poll(said).not.toBe(saidBefore);
    const after = { score: await scoreOf(audit), parts: await parts() };
    expect(after.parts).not.toBe(before.parts);
    await page.getByText(`${before.score} → ${after.score}`, { exact: false }).first().waitFor();
    await screenshot(page, "doctor-fix-create");

    // Saved: the listing's own page (a fresh load) shows the fixed listing and its score.
    const saved = (await api<SavedListing>(`/listings/${id}`, token)).body.data.listing;
    expect(saved.audit.score).toBe(after.score);
    const left = saved.audit.findings.find((f) => f.id === finding);
    if (left) expect(saidBefore).not.toContain(left.message);
    await page.goto(`/listings/${id}`);
    await hydrated(page);
    expect(await scoreOf(page.getByTestId("listing-audit"))).toBe(after.score);
    expect(await page.getByTestId("detail-title").textContent()).toBe(saved.title);
    for (const tag of saved.tags) await page.getByTestId("section-tags").getByText(tag, { exact: true }).waitFor();
    await context.close();
  });
});

/** Etsy's "Currently for sale listings" CSV with one listing whose title shouts two words. */
const SHOP_CSV = [
  "TITLE,DESCRIPTION,PRICE,CURRENCY_CODE,QUANTITY,TAGS,MATERIALS,IMAGE1,SKU",
  '"HANDMADE Moon Necklace in STERLING Silver","A crescent moon pendant cut from recycled sterling silver on a 45 cm chain. It arrives in a gift box.",24.00,USD,5,"moon necklace,silver moon,crescent necklace",sterling silver,https://i.etsystatic.com/e2e/moon-01-1.jpg,MOON-01',
].join("\n");

/** A seller with the CSV's one listing imported into My Shop. */
async function sellerWithShoutingListing(prefix: string) {
  const { token } = await registerViaApi(uniqueEmail(prefix));
  const form = new FormData();
  form.append("file", new Blob([SHOP_CSV], { type: "text/csv" }), "EtsyListingsDownload.csv");
  const imported = await fetch(`${baseURL()}/api/shop/import`, { method: "POST", headers: { Authorization: `Bearer ${token}` }, body: form });
  expect(imported.status).toBe(200);
  const { body } = await api<{ data: { listings: { id: string; title: string }[] } }>("/shop/listings?page=1", token);
  const moon = body.data.listings.find((l) => l.title === "HANDMADE Moon Necklace in STERLING Silver")!;
  expect(moon).toBeTruthy();
  return { token, moon };
}

describe("the Listing Doctor's fix on a shop listing", () => {
  it("writes a shouting title in normal case: the heading and the score change, and a reload keeps them", { timeout: 180_000 }, async () => {
    const { token, moon } = await sellerWithShoutingListing("doctor-shop");

    const context = await newContext(browser);
    const page = await context.newPage();
    await useSession(page, token);
    await page.goto(`/shop/${moon.id}`);
    await hydrated(page);
    const heading = page.getByRole("heading", { level: 1 });
    expect(await heading.textContent()).toBe("HANDMADE Moon Necklace in STERLING Silver");
    const audit = page.getByTestId("listing-audit");
    const before = await scoreOf(audit);
    const caps = audit.locator('[data-finding="title.all-caps"]');
    expect(await caps.innerText()).toContain("HANDMADE");
    await caps.getByTestId("audit-fix").click();

    await expect.poll(() => heading.textContent(), { timeout: 30_000 }).toBe("Handmade Moon Necklace in Sterling Silver");
    await expect.poll(() => scoreOf(audit)).toBeGreaterThan(before);
    expect(await caps.count()).toBe(0);
    const after = await scoreOf(audit);
    // The page header's grade follows the same audit.
    expect(await page.getByTestId("shop-detail-score").innerText()).toContain(String(after));
    await screenshot(page, "doctor-fix-shop-listing");

    await page.reload();
    await hydrated(page);
    expect(await heading.textContent()).toBe("Handmade Moon Necklace in Sterling Silver");
    expect(await scoreOf(audit)).toBe(after);
    expect(await audit.locator('[data-finding="title.all-caps"]').count()).toBe(0);
    // The shop's table reads the same listing.
    const listed = (await api<{ data: { listings: { id: string; title: string }[] } }>("/shop/listings?page=1", token)).body.data.listings;
    expect(listed.find((l) => l.id === moon.id)?.title).toBe("Handmade Moon Necklace in Sterling Silver");
    await context.close();
  });
});

describe("the Listing Doctor's fix without JavaScript (decision 0062)", () => {
  async function withoutJavaScript(token: string) {
    const context = await browser.newContext({ baseURL: baseURL(), javaScriptEnabled: false });
    context.setDefaultTimeout(30_000);
    await context.addCookies([{ name: SESSION_COOKIE, value: token, url: baseURL(), httpOnly: true, sameSite: "Lax" }]);
    return context;
  }
  const press = (page: Page, button: Locator) => Promise.all([page.waitForEvent("load"), button.click()]);

  it("fixes a shop listing's shouting title and comes back to the shop listing, fixed", { timeout: 120_000 }, async () => {
    const { token, moon } = await sellerWithShoutingListing("doctor-shop-no-js");
    const context = await withoutJavaScript(token);
    const page = await context.newPage();
    await page.goto(`/shop/${moon.id}`);
    const audit = page.getByTestId("listing-audit");
    const before = await scoreOf(audit);
    await press(page, audit.locator('[data-finding="title.all-caps"]').getByTestId("audit-fix"));
    // Back on the shop listing (a GET: a reload does not post again), with the fixed title and a higher score.
    expect(new URL(page.url()).pathname).toBe(`/shop/${moon.id}`);
    expect(await page.getByRole("heading", { level: 1 }).textContent()).toBe("Handmade Moon Necklace in Sterling Silver");
    expect(await scoreOf(audit)).toBeGreaterThan(before);
    expect(await audit.locator('[data-finding="title.all-caps"]').count()).toBe(0);
    await page.reload();
    expect(await page.getByRole("heading", { level: 1 }).textContent()).toBe("Handmade Moon Necklace in Sterling Silver");
    await context.close();
  });

  it("fixes a listing on its own page, and says so when the listing changed since the page was read", { timeout: 120_000 }, async () => {
    const { token } = await registerViaApi(uniqueEmail("doctor-detail-no-js"));
    const saved = await api<{ data: { listing: { id: string; audit: { score: number } } } }>("/save-listing", token, {
      body: {
        title: "HANDMADE Silver Leaf Necklace, Sterling Leaf Pendant",
        description: "A leaf pendant cut from recycled sterling silver on a 45 cm chain. It arrives in a gift box.",
        tags: ["silver leaf necklace", "leaf pendant"],
      },
    });
    expect(saved.status).toBe(201);
    const { id } = saved.body.data.listing;
    const context = await withoutJavaScript(token);
    const page = await context.newPage();
    await page.goto(`/listings/${id}`);
    const audit = page.getByTestId("listing-audit");

    // Someone (another tab) edits the listing after this page was read: the fix is refused, nothing is overwritten.
    expect((await api(`/listings/${id}`, token, { method: "PUT", body: { title: "HANDMADE Silver Leaf Necklace, Leaf Pendant", version: 1 } })).status).toBe(200);
    await press(page, audit.locator('[data-finding="title.all-caps"]').getByTestId("audit-fix"));
    expect(await page.getByTestId("audit-fix-refused").innerText()).toContain("The fix could not be saved.");
    expect((await api<{ data: { listing: { title: string } } }>(`/listings/${id}`, token)).body.data.listing.title).toBe("HANDMADE Silver Leaf Necklace, Leaf Pendant");

    // Read again, the fix goes through: the title is written in normal case and the score rises.
    await page.goto(`/listings/${id}`);
    const before = await scoreOf(audit);
    await press(page, audit.locator('[data-finding="title.all-caps"]').getByTestId("audit-fix"));
    expect(new URL(page.url()).pathname).toBe(`/listings/${id}`);
    expect(await page.getByTestId("detail-title").textContent()).toBe("Handmade Silver Leaf Necklace, Leaf Pendant");
    expect(await scoreOf(audit)).toBeGreaterThan(before);
    expect(await page.getByTestId("audit-fix-refused").count()).toBe(0);
    await context.close();
  });
});
