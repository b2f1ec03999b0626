import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { baseURL, launchBrowser, newContext, screenshot, signInFast } from "./browser";

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const LISTING = {
  title: "Moonstone Silver Necklace - Handmade Gift for Her",
  description: "A small moonstone pendant on an 18 inch sterling silver chain.",
  tags: ["moonstone necklace", "silver necklace", "gift for her"],
  altTexts: ["Front view of the moonstone necklace"],
  originalPrompt: "Handmade moonstone necklace",
};

async function saveViaApi(token: string) {
  const res = await fetch(`${baseURL()}/api/save-listing`, {
    method: "POST",
    headers: { "Content-Type": "application/json", Authorization: `Bearer ${token}` },
    body: JSON.stringify(LISTING),
  });
  if (res.status !== 201) throw new Error(`save failed: ${res.status} ${await res.text()}`);
  return ((await res.json()) as { data: { listing: { id: string; version: number } } }).data.listing;
}

async function putViaApi(token: string, id: string, body: Record<string, unknown>) {
  const res = await fetch(`${baseURL()}/api/listings/${id}`, {
    method: "PUT",
    headers: { "Content-Type": "application/json", Authorization: `Bearer ${token}` },
    body: JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as { data?: { listing: { title: string; description: string; version: number } } } };
}

async function readViaApi(token: string, id: string) {
  const res = await fetch(`${baseURL()}/api/listings/${id}`, { headers: { Authorization: `Bearer ${token}` } });
  return ((await res.json()) as { data: { listing: { title: string; description: string; tags: string[]; version: number } } }).data.listing;
}

async function openEditor(page: Page, id: string) {
  await page.goto(`/listings/${id}`);
  await page.getByTestId("detail-title").waitFor();
  await page.getByTestId("edit-listing").click();
  await page.getByTestId("listing-editor").waitFor();
}

describe("editing a listing in My Listings", () => {
  it("stops the counters at Etsy's limits with an inline message, and saves nothing the server would refuse", async () => {
    const context = await newContext(browser);
    const page = await context.newPage();
    const { token } = await signInFast(page);
    const listing = await saveViaApi(token);
    await openEditor(page, listing.id);

    // Title: typing past 140 characters stops at 140, and the limit is said under the field.
    const title = page.getByTestId("edit-title");
    await title.fill("");
    await title.pressSequentially(`Moonstone ${"a".repeat(140)}`, { delay: 0 });
    expect((await title.inputValue()).length).toBe(140);
    await page.getByTestId("listing-editor").getByText("140/140").waitFor();
    await page.getByTestId("title-message").getByText("That is the most Etsy allows: 140 characters.").waitFor();

    // A tag stops at 20 characters, with its message.
    const tagInput = page.getByTestId("edit-tag-input");
    await tagInput.pressSequentially("a moonstone pendant for her", { delay: 0 });
    expect(await tagInput.inputValue()).toBe("a moonstone pendant ");
    await page.getByTestId("tags-message").getByText("A tag can have at most 20 characters.").waitFor();
    await tagInput.fill("");

    // Tags stop at 13: the input and Add are disabled, and the message says why.
    for (
      let i = 0;
      await page
        .getByTestId("edit-tags")
        .locator("li")
        .count()
        .then((n) => n < 13);
      i++
    ) {
      await tagInput.fill(`moon tag ${i}`);
      await tagInput.press("Enter");
    }
    await page.getByTestId("edit-tag-count").getByText("13/13 tags").waitFor();
    expect(await tagInput.isDisabled()).toBe(true);
    await page.getByTestId("tags-message").getByText("Etsy allows 13 tags. Remove one to add another.").waitFor();
    await screenshot(page, "listing-editor-limits");

    // A character Etsy refuses in a title is an inline error on save, and nothing is sent.
    await title.fill("Moonstone Necklace | Silver");
    await page.getByTestId("save-listing").click();
    await page.getByTestId("title-message").getByText('Title cannot contain "|"', { exact: false }).waitFor();
    await page.getByTestId("editor-fix-first").waitFor();
    expect((await readViaApi(token, listing.id)).version).toBe(1);

    // Fixed, it saves: 140 characters and 13 tags kept exactly as typed.
    const kept = `Moonstone Necklace ${"b".repeat(121)}`;
    await title.fill(kept);
    await page.getByTestId("save-listing").click();
    await expect.poll(() => page.getByTestId("detail-title").textContent()).toBe(kept);
    const saved = await readViaApi(token, listing.id);
    expect(saved.title).toBe(kept);
    expect(saved.tags).toHaveLength(13);
    await context.close();
  });

  it("offers Reload or Overwrite when someone saved in between, and both do what they say", async () => {
    const context = await newContext(browser);
    const page = await context.newPage();
    const { token } = await signInFast(page);
    const listing = await saveViaApi(token);

    // Overwrite: the seller's edit wins, over the other save, from the version the server answered.
    await openEditor(page, listing.id);
    expect((await putViaApi(token, listing.id, { description: "Changed in another tab.", version: 1 })).status).toBe(200);
    await page.getByTestId("edit-title").fill("Moonstone Necklace Mine");
    await page.getByTestId("save-listing").click();
    const dialog = page.getByTestId("conflict-dialog");
    await dialog.getByText("This listing was changed elsewhere").waitFor();
    await dialog.getByText(`Their title: ${LISTING.title}`).waitFor();
    await screenshot(page, "listing-conflict-dialog");
    await page.getByTestId("conflict-overwrite").click();
    await expect.poll(() => page.getByTestId("detail-title").textContent()).toBe("Moonstone Necklace Mine");
    const overwritten = await readViaApi(token, listing.id);
    expect(overwritten).toMatchObject({ title: "Moonstone Necklace Mine", version: 3 });

    // Reload: the other save is shown and the seller's edit is dropped.
    await page.getByTestId("edit-listing").click();
    expect((await putViaApi(token, listing.id, { title: "Moonstone Necklace Theirs", version: 3 })).status).toBe(200);
    await page.getByTestId("edit-title").fill("Moonstone Necklace Dropped");
    await page.getByTestId("save-listing").click();
    await page.getByTestId("conflict-reload").click();
    await expect.poll(() => page.getByTestId("detail-title").textContent()).toBe("Moonstone Necklace Theirs");
    expect(await page.getByTestId("listing-editor").count()).toBe(0);
    expect((await readViaApi(token, listing.id)).title).toBe("Moonstone Necklace Theirs");
    await context.close();
  });

  it("lists the versions in History and restores one after a confirmation", async () => {
    const context = await newContext(browser);
    const page = await context.newPage();
    const { token } = await signInFast(page);
    const listing = await saveViaApi(token);
    expect((await putViaApi(token, listing.id, { title: "Moonstone Necklace Second", version: 1 })).status).toBe(200);

    await page.goto(`/listings/${listing.id}`);
    const history = page.getByTestId("section-history");
    await history.getByRole("heading", { name: "History" }).waitFor();
    await expect.poll(() => history.getByTestId("history-version").count()).toBe(2);
    await history.getByText("Edited").waitFor();
    await history.getByText("Saved", { exact: true }).waitFor();
    await screenshot(page, "listing-history");

    await history.getByRole("button", { name: "Restore version 1" }).click();
    await page.getByRole("alertdialog").getByText("Restore version 1?").waitFor();
    await page.getByRole("button", { name: "Cancel" }).click();
    expect(await page.getByTestId("detail-title").textContent()).toBe("Moonstone Necklace Second");

    await history.getByRole("button", { name: "Restore version 1" }).click();
    await page.getByTestId("confirm-restore").click();
    await expect.poll(() => page.getByTestId("detail-title").textContent()).toBe(LISTING.title);
    await expect.poll(() => history.getByTestId("history-version").count()).toBe(3);
    await history.getByText("Restored").waitFor();
    expect(await readViaApi(token, listing.id)).toMatchObject({ title: LISTING.title, version: 3 });
    await context.close();
  });
});
