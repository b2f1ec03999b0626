/**
 * Each listing's Listing Doctor score is stored at the listing's version, by the audit engine's build
 * (decision 0064): My Listings and GET /api/listings read it instead of auditing every listing on every
 * visit. What a seller notices: the score on a card is always the score of the listing as it is now (after
 * an edit, a fact correction or a new build of the Doctor), the same as the listing's own page shows.
 */
import { createExecutionContext, env, waitOnExecutionContext } from "cloudflare:test";
import type { AppLoadContext } from "react-router";
import { describe, expect, it } from "vitest";
import type { ListingDetail, ListingSummary, RuleReport } from "../../schema/api/listings";
import { SESSION_COOKIE } from "../../shared/session";
import { loadListings } from "../../app/lib/listings.server";
import { appContext } from "../../worker/app-context";
import { AUDIT_ENGINE } from "../../worker/domain/audit/saved";
import { auditStatement } from "../../worker/domain/shop/audits";
import { auditSummary } from "../../shared/audit/engine";
import { auditInputOf } from "../../worker/domain/audit/saved";
import { getListing, insertListing, setFactCorrections } from "../../worker/domain/listings/store";
import { db } from "../../worker/lib/db";
import { api, registerUser } from "./helpers";

const BEANIE = {
  title: "Dainty Wool Beanie, Handmade Merino Hat for Winter",
  description: "A dainty wool beanie, made by hand in my studio. Materials: merino wool. Care: hand wash cold.",
  tags: ["wool beanie", "merino hat", "winter hat"],
  altTexts: [],
  originalPrompt: "wool beanie",
};

/** My Listings as the seller opens it; the scores it computed are stored once the page is answered. */
async function myListings(token: string) {
  const request = new Request("http://localhost/listings", { headers: { Cookie: `${SESSION_COOKIE}=${token}` } });
  const ctx = createExecutionContext();
  const page = await loadListings(request, { listora: appContext(request, env, ctx) } as unknown as AppLoadContext);
  await waitOnExecutionContext(ctx);
  return page.listings;
}

async function detail(token: string, id: string) {
  return (await (await api(`/listings/${id}`, { token })).json<{ data: { listing: ListingDetail } }>()).data.listing;
}

async function stored(id: string) {
  return env.DB.prepare("SELECT version, score, grade, engine FROM listing_audits WHERE listing_id = ?").bind(id).first<{ version: number; score: number; grade: string; engine: string }>();
}

async function saveBeanie(token: string) {
  const res = await api("/listings", { token, body: BEANIE });
  expect(res.status).toBe(201);
  return (await res.json<{ data: { listing: ListingDetail } }>()).data.listing;
}

describe("a listing's score is stored at its version", () => {
  it("My Listings shows the listing page's score, and stores it with the version and the engine's build", async () => {
    const { token } = await registerUser();
    const listing = await saveBeanie(token);
    const [card] = await myListings(token);
    const audit = (await detail(token, listing.id)).audit;
    expect(card).toMatchObject({ score: audit?.score, grade: audit?.grade });
    expect(await stored(listing.id)).toEqual({ version: listing.version, score: audit?.score, grade: audit?.grade, engine: AUDIT_ENGINE });
  });

  it("the next visit shows the stored score without auditing the listing again", async () => {
    const { token } = await registerUser();
    const listing = await saveBeanie(token);
    await myListings(token);
    // A score only the store knows: the page shows it, so it did not audit the listing again.
    await env.DB.prepare("UPDATE listing_audits SET score = 12, grade = 'F' WHERE listing_id = ?").bind(listing.id).run();
    expect((await myListings(token))[0]).toMatchObject({ score: 12, grade: "F" });
    const listed = (await (await api("/listings", { token })).json<{ data: { listings: ListingSummary[] } }>()).data.listings;
    expect(listed[0]).toMatchObject({ score: 12, grade: "F" });
  });

  it("after an edit the card shows the edited listing's score, not the stored one", async () => {
    const { token } = await registerUser();
    const listing = await saveBeanie(token);
    const before = (await myListings(token))[0].score;
    const tags = [
      "wool beanie",
      "merino hat",
      "winter hat",
      "knit beanie",
      "slouchy beanie",
      "ski hat",
      "warm hat",
      "chunky knit",
      "cozy hat",
      "beanie for women",
      "merino beanie",
      "winter beanie",
      "knitted hat",
    ];
    const edited = await api(`/listings/${listing.id}`, { method: "PUT", token, body: { tags, version: listing.version } });
    expect(edited.status).toBe(200);
    const now = await detail(token, listing.id);
    const [card] = await myListings(token);
    expect(card.score).toBe(now.audit?.score);
    expect(card.score).not.toBe(before);
    expect(await stored(listing.id)).toMatchObject({ version: now.version, score: now.audit?.score });
  });

  it("a score stored by another build of the Doctor is computed again", async () => {
    const { token } = await registerUser();
    const listing = await saveBeanie(token);
    await myListings(token);
    await env.DB.prepare("UPDATE listing_audits SET score = 12, grade = 'F', engine = 'an-older-build' WHERE listing_id = ?").bind(listing.id).run();
    const audit = (await detail(token, listing.id)).audit;
    expect((await myListings(token))[0]).toMatchObject({ score: audit?.score, grade: audit?.grade });
    expect(await stored(listing.id)).toMatchObject({ score: audit?.score, engine: AUDIT_ENGINE });
  });

  it("the seller's fact corrections drop the stored score: the card shows the score against the corrected facts", async () => {
    const { userId, token } = await registerUser();
    const report: RuleReport = { passed: true, repaired: false, checks: [], generation: { keywords: [], digital: false, regenerations: 0 } };
    const row = await insertListing(env.DB, userId, {
      title: "Knitted Baby Blanket 30x40 Inches - Blue Merino Wool",
      description: "Knitted baby blanket in blue merino wool, 30x40 inches. Machine washable.\n\nFeatures\n• Material: merino wool\n• Size: 30x40 inches",
      tags: ["baby blanket", "knitted blanket", "merino blanket"],
      altTexts: [],
      originalPrompt: "Knitted baby blanket in blue merino wool, 30x40 inches. Hand wash only.",
      platform: "etsy",
      provider: "offline-composer",
      source: "create",
      ruleReport: report,
    });
    const claimed = (await myListings(token))[0].score;
    await setFactCorrections(env.DB, userId, row.id, [
      { kind: "material", value: "merino wool" },
      { kind: "measure", value: "30x40 inches" },
      { kind: "care", value: "machine washable" },
    ]);
    expect(await stored(row.id)).toBeNull();
    const corrected = (await detail(token, row.id)).audit?.score;
    expect(corrected).not.toBe(claimed);
    expect((await myListings(token))[0].score).toBe(corrected);
  });

  it("a score computed before the seller corrected the facts is not stored after it", async () => {
    const { userId } = await registerUser();
    const report: RuleReport = { passed: true, repaired: false, checks: [], generation: { keywords: [], digital: false, regenerations: 0 } };
    const row = await insertListing(env.DB, userId, { ...BEANIE, platform: "etsy", provider: "offline-composer", source: "create", ruleReport: report });
    const read = await getListing(env.DB, userId, row.id);
    const score = auditSummary(auditInputOf(read));
    // The seller corrects the facts between the read that computed the score and its storing.
    await setFactCorrections(env.DB, userId, row.id, [{ kind: "material", value: "alpaca wool" }]);
    await db(env).batch([auditStatement(db(env), { listingId: read.id, userId, version: read.version, score, now: Date.now(), factCorrections: read.factCorrections ?? null })]);
    expect(await stored(row.id)).toBeNull();
  });

  it("another seller's page never shows a listing or its stored score", async () => {
    const owner = await registerUser();
    await saveBeanie(owner.token);
    await myListings(owner.token);
    const other = await registerUser();
    expect(await myListings(other.token)).toEqual([]);
  });
});

/** A seller with `n` listings written straight into D1 (no stored score), of uneven quality: more tags and a longer description as `i` grows, in a cycle of five. */
async function unevenSeller(n: number) {
  const user = await registerUser();
  const start = Date.UTC(2026, 0, 1);
  const words = ["linen", "towel", "kitchen", "cotton", "striped", "tea", "natural", "dish", "cloth", "waffle", "gift", "rustic", "farmhouse"];
  await env.DB.batch(
    Array.from({ length: n }, (_, i) =>
      env.DB.prepare("INSERT INTO listings (id, user_id, title, description, tags, alt_texts, created_at, updated_at) VALUES (?, ?, ?, ?, ?, '[]', ?, ?)").bind(
        crypto.randomUUID(),
        user.userId,
        `Item ${i + 1} linen tea towel${i % 5 > 1 ? ", striped waffle cotton kitchen towel" : ""}`,
        `A linen tea towel. ${"Woven from natural linen, it dries dishes fast and softens with every wash. ".repeat(i % 5)}`,
        JSON.stringify(words.slice(0, 1 + (i % 5) * 3)),
        start + i * 60_000,
        start + i * 60_000,
      ),
    ),
  );
  return user;
}

/** Every listing's score as the Doctor gives it now, by title. */
async function trueScores(userId: string) {
  const { results } = await env.DB.prepare("SELECT id FROM listings WHERE user_id = ?").bind(userId).all<{ id: string }>();
  const scores = new Map<string, number>();
  for (const { id } of results) {
    const row = await getListing(env.DB, userId, id);
    scores.set(row.title, auditSummary(auditInputOf(row)).score);
  }
  return scores;
}

const itemOf = (title: string) => Number(/Item (\d+)/.exec(title)?.[1]);

async function cardsOfPage(token: string, path: string) {
  const request = new Request(`http://localhost${path}`, { headers: { Cookie: `${SESSION_COOKIE}=${token}` } });
  return loadListings(request, { listora: appContext(request, env, createExecutionContext()) } as unknown as AppLoadContext);
}

describe("a sort by score", () => {
  it("computes and stores the scores it lacks before D1 sorts the page: every listing once, highest first, ties newest first", async () => {
    const { token, userId } = await unevenSeller(60);
    const first = await cardsOfPage(token, "/listings?sort=score");
    // Stored before the page was answered (nothing waited for the page's deferred work).
    const { results } = await env.DB.prepare("SELECT count(*) AS n FROM listing_audits WHERE user_id = ? AND engine = ?").bind(userId, AUDIT_ENGINE).all<{ n: number }>();
    expect(results[0].n).toBe(60);
    const second = await cardsOfPage(token, "/listings?sort=score&page=2");
    const cards = [...first.listings, ...second.listings];
    expect([first.total, first.pages, first.listings.length, second.listings.length]).toEqual([60, 2, 50, 10]);
    expect(new Set(cards.map((card) => card.id)).size).toBe(60);
    const truth = await trueScores(userId);
    const expected = [...truth].sort(([a, x], [b, y]) => y - x || itemOf(b) - itemOf(a)).map(([title]) => title);
    expect(cards.map((card) => card.title)).toEqual(expected);
    expect(cards.map((card) => card.score)).toEqual(expected.map((title) => truth.get(title)));
    expect(new Set(cards.map((card) => card.score)).size).toBeGreaterThan(2);
  });

  it("lowest first takes the same scores the other way, ties still newest first", async () => {
    const { token, userId } = await unevenSeller(12);
    const page = await cardsOfPage(token, "/listings?sort=score-asc");
    const truth = await trueScores(userId);
    expect(page.listings.map((card) => card.title)).toEqual([...truth].sort(([a, x], [b, y]) => x - y || itemOf(b) - itemOf(a)).map(([title]) => title));
  });

  it("never sorts by a score another build of the Doctor stored, or one of an older version", async () => {
    const { token, userId } = await unevenSeller(10);
    await cardsOfPage(token, "/listings?sort=score");
    // Scores that would turn the order upside down, each stale in one way.
    await env.DB.prepare(
      "UPDATE listing_audits SET score = 100 - score, engine = 'an-older-build' WHERE user_id = ? AND listing_id IN (SELECT id FROM listings WHERE title LIKE 'Item 1 %' OR title LIKE 'Item 2 %')",
    )
      .bind(userId)
      .run();
    await env.DB.prepare(
      "UPDATE listing_audits SET score = 100 - score, version = version - 1 WHERE user_id = ? AND listing_id IN (SELECT id FROM listings WHERE title LIKE 'Item 3 %' OR title LIKE 'Item 4 %')",
    )
      .bind(userId)
      .run();
    const page = await cardsOfPage(token, "/listings?sort=score");
    const truth = await trueScores(userId);
    expect(page.listings.map((card) => card.score)).toEqual([...truth.values()].sort((a, b) => b - a));
    const listed = await (await api("/listings?sort=score-asc", { token })).json<{ data: { listings: ListingSummary[] } }>();
    expect(listed.data.listings.map((summary) => summary.score)).toEqual([...truth.values()].sort((a, b) => a - b));
  });

  it("pages by the score stored at the listing's version, so a page reads only its own listings", async () => {
    const { token, userId } = await unevenSeller(55);
    await cardsOfPage(token, "/listings?sort=score");
    // A score only the store knows, on the oldest listing: the sort finds it there, not by auditing.
    await env.DB.prepare("UPDATE listing_audits SET score = 100, grade = 'A' WHERE user_id = ?1 AND listing_id = (SELECT id FROM listings WHERE user_id = ?1 AND title LIKE 'Item 1 %')")
      .bind(userId)
      .run();
    const page = await cardsOfPage(token, "/listings?sort=score");
    expect(page.listings[0]).toMatchObject({ score: 100, grade: "A" });
    expect(page.listings[0].title).toMatch(/^Item 1 /);
    const last = await cardsOfPage(token, "/listings?sort=score-asc&page=2");
    expect(last.listings.at(-1)?.title).toMatch(/^Item 1 /);
  });
});

describe("a sort by score of listings Listora wrote", () => {
  it("sorts each by the score its page shows, checked against the seller's own description", async () => {
    const { token, userId } = await registerUser();
    const report: RuleReport = { passed: true, repaired: false, checks: [], generation: { keywords: [], digital: false, regenerations: 0 } };
    const written = [];
    for (const [title, prompt] of [
      ["Knitted Baby Blanket, Blue Merino Wool, Machine Washable Nursery Gift", "Knitted baby blanket in blue merino wool, 30x40 inches. Hand wash only."],
      ["Dainty Wool Beanie, Handmade Merino Hat for Winter", "wool beanie"],
      ["Linen Tea Towel, Striped Kitchen Towel", "Striped linen tea towel, 50x70 cm, woven in Lithuania. Machine washable."],
    ]) {
      written.push(await insertListing(env.DB, userId, { ...BEANIE, title, originalPrompt: prompt, platform: "etsy", provider: "offline-composer", source: "create", ruleReport: report }));
    }
    const blanket = await getListing(env.DB, userId, written[0].id);
    // The seller's description counts: without it the Doctor would not see the claim "Machine Washable".
    expect(auditSummary(auditInputOf(blanket)).score).not.toBe(auditSummary(auditInputOf({ ...blanket, source: "manual" })).score);
    const page = await cardsOfPage(token, "/listings?sort=score");
    for (const card of page.listings) expect(card.score).toBe((await detail(token, card.id)).audit?.score);
    expect(page.listings.map((card) => card.score)).toEqual(page.listings.map((card) => card.score).sort((a, b) => (b ?? 0) - (a ?? 0)));
  });
});
