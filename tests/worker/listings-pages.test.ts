/**
 * My Listings 50 at a time: the page's loader runs here in workerd with the load context of a page
 * request (decision 0041), over a seller with more listings than one page holds.
 */
import { createExecutionContext, env } from "cloudflare:test";
import type { AppLoadContext } from "react-router";
import { describe, expect, it } from "vitest";
import { SESSION_COOKIE } from "../../shared/session";
import { appContext } from "../../worker/app-context";
import { loadListings } from "../../app/lib/listings.server";
import { registerUser } from "./helpers";

const SITE = "http://localhost";

function pageOf(path: string, token: string) {
  const request = new Request(`${SITE}${path}`, { headers: { Cookie: `${SESSION_COOKIE}=${token}` } });
  return { request, context: { listora: appContext(request, env, createExecutionContext()) } as unknown as AppLoadContext };
}

async function load(path: string, token: string) {
  const { request, context } = pageOf(path, token);
  return loadListings(request, context);
}

/** What the loader threw (a redirect), or a failure when it answered. */
async function redirectOf(path: string, token: string): Promise<string | null> {
  try {
    await load(path, token);
  } catch (thrown) {
    if (thrown instanceof Response) return thrown.headers.get("Location");
    throw thrown;
  }
  throw new Error("the loader answered instead of redirecting");
}

/** A seller with `n` listings written straight into D1, "Item 1" the oldest; every third is a mug. */
async function sellerWith(n: number) {
  const user = await registerUser();
  const start = Date.UTC(2026, 0, 1);
  const rows = Array.from({ length: n }, (_, i) =>
    env.DB.prepare("INSERT INTO listings (id, user_id, title, description, tags, alt_texts, created_at, updated_at) VALUES (?, ?, ?, ?, ?, '[]', ?, ?)").bind(
      crypto.randomUUID(),
      user.userId,
      `Item ${i + 1}${i % 3 === 0 ? " stoneware mug" : " linen towel"}`,
      `Description of item ${i + 1}.`,
      JSON.stringify(["handmade", `item ${i + 1}`]),
      start + i * 60_000,
      start + i * 60_000,
    ),
  );
  await env.DB.batch(rows);
  return user;
}

const numbers = (titles: { title: string }[]) => titles.map((card) => Number(/Item (\d+)/.exec(card.title)?.[1]));

describe("My Listings, a page at a time", () => {
  it("shows 50 listings a page, newest first, each listing on exactly one page, with the number of them all", async () => {
    const { token } = await sellerWith(120);
    const pages = [await load("/listings", token), await load("/listings?page=2", token), await load("/listings?page=3", token)];
    expect(pages.map((page) => page.listings.length)).toEqual([50, 50, 20]);
    expect(pages.map((page) => [page.page, page.pages, page.total])).toEqual([
      [1, 3, 120],
      [2, 3, 120],
      [3, 3, 120],
    ]);
    const seen = pages.flatMap((page) => numbers(page.listings));
    expect(seen).toEqual(Array.from({ length: 120 }, (_, i) => 120 - i));
  });

  it("pages a sort by score and a search the same way: every match once, and the number of matches", async () => {
    const { token } = await sellerWith(120);
    const byScore = [await load("/listings?sort=score", token), await load("/listings?sort=score&page=2", token), await load("/listings?sort=score&page=3", token)];
    expect(byScore.map((page) => page.listings.length)).toEqual([50, 50, 20]);
    const scores = byScore.flatMap((page) => page.listings.map((card) => card.score ?? -1));
    expect(scores).toEqual([...scores].sort((a, b) => b - a));
    expect(new Set(byScore.flatMap((page) => numbers(page.listings))).size).toBe(120);

    // Every third listing is a mug: 40 of 120, one page.
    const mugs = await load("/listings?q=mug", token);
    expect([mugs.listings.length, mugs.total, mugs.pages]).toEqual([40, 40, 1]);
    expect(mugs.listings.every((card) => card.title.endsWith("stoneware mug"))).toBe(true);
    expect(await redirectOf("/listings?q=mug&page=2", token)).toBe("/listings?q=mug");
  });

  it("sends a page past the last to the last, keeping the search, the sort and what it said of a delete", async () => {
    const { token } = await sellerWith(60);
    expect(await redirectOf("/listings?page=7&sort=oldest&deleted=1", token)).toBe("/listings?page=2&sort=oldest&deleted=1");
    expect(await redirectOf("/listings?q=mug&page=3", token)).toBe("/listings?q=mug");
    // Nothing at all: the first page, which says there is nothing yet.
    const { token: empty } = await registerUser();
    expect(await redirectOf("/listings?page=2", empty)).toBe("/listings");
    expect(await load("/listings", empty)).toMatchObject({ listings: [], total: 0, page: 1, pages: 1 });
  });

  it("reads an address's page that is not a whole number from 1 as the first page", async () => {
    const { token } = await sellerWith(55);
    for (const asked of ["0", "-2", "two", "1.5", "", "1e3"]) {
      const page = await load(`/listings?page=${encodeURIComponent(asked)}`, token);
      expect([page.page, page.listings.length, numbers(page.listings)[0]]).toEqual([1, 50, 55]);
    }
  });

  it("never counts or pages another seller's listings", async () => {
    await sellerWith(70);
    const { token } = await sellerWith(3);
    const page = await load("/listings", token);
    expect([page.total, page.pages, page.listings.length]).toEqual([3, 1, 3]);
    expect(await redirectOf("/listings?page=2", token)).toBe("/listings");
  });
});
