import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import type { GenerateEvent, ListingDetail, ListingVersionInfo } from "../../schema/api/listings";
import { regeneratePart } from "../../worker/domain/listings/generate";
import { offlineComposer } from "../../worker/providers/llm/offline-composer";
import type { LlmProvider, LlmRequest } from "../../worker/providers/llm/types";
import { api, registerUser } from "./helpers";

const LISTING = {
  title: "Sterling Silver Moon Necklace - Crescent Pendant, Gift for Her",
  description: "A tiny crescent moon on a fine chain.\n\n- Sterling silver",
  tags: ["moon necklace", "crescent pendant", "silver necklace"],
  altTexts: ["Front view of the moon necklace"],
  originalPrompt: "Handmade sterling silver moon necklace",
};

async function save(token: string, body: Record<string, unknown> = LISTING) {
  const res = await api("/save-listing", { token, body });
  expect(res.status).toBe(201);
  return (await res.json<{ data: { listing: ListingDetail } }>()).data.listing;
}

async function read(token: string, id: string) {
  const res = await api(`/listings/${id}`, { token });
  expect(res.status).toBe(200);
  return (await res.json<{ data: { listing: ListingDetail } }>()).data.listing;
}

const put = (token: string, id: string, body: Record<string, unknown>, headers: Record<string, string> = {}) => api(`/listings/${id}`, { token, method: "PUT", body, headers });

async function versions(token: string, id: string) {
  const res = await api(`/listings/${id}/versions`, { token });
  expect(res.status).toBe(200);
  return (await res.json<{ data: { currentVersion: number; versions: ListingVersionInfo[] } }>()).data;
}

describe("optimistic concurrency on PUT /api/listings/:id", () => {
  it("answers the version on GET (and as an ETag), and adds one on every edit", async () => {
    const { token } = await registerUser();
    const saved = await save(token);
    expect(saved.version).toBe(1);
    const res = await api(`/listings/${saved.id}`, { token });
    expect(res.headers.get("ETag")).toBe('"1"');
    const edited = await put(token, saved.id, { title: "Moon Necklace in Sterling Silver", version: 1 });
    expect(edited.status).toBe(200);
    expect((await edited.json<{ data: { listing: ListingDetail } }>()).data.listing.version).toBe(2);
    expect((await read(token, saved.id)).version).toBe(2);
  });

  it("refuses a stale version with 409 carrying the current listing, and changes nothing", async () => {
    const { token } = await registerUser();
    const saved = await save(token);
    expect((await put(token, saved.id, { title: "First Edit Moon Necklace", version: 1 })).status).toBe(200);
    const stale = await put(token, saved.id, { description: "A stale description.", version: 1 });
    expect(stale.status).toBe(409);
    const body = await stale.json<{ success: boolean; code: string; message: string; listing: ListingDetail; currentVersion: number }>();
    expect(body.success).toBe(false);
    expect(body.code).toBe("version-conflict");
    expect(body).not.toHaveProperty("error");
    expect(body.message).toMatch(/changed since you opened it/);
    expect(body.listing).toMatchObject({ id: saved.id, title: "First Edit Moon Necklace", description: LISTING.description, version: 2 });
    expect(body.currentVersion).toBe(2);
    expect((await read(token, saved.id)).description).toBe(LISTING.description);
  });

  it("takes the version from If-Match too, and refuses one that disagrees with the body", async () => {
    const { token } = await registerUser();
    const saved = await save(token);
    expect((await put(token, saved.id, { title: "Moon Necklace Edited" }, { "If-Match": '"1"' })).status).toBe(200);
    expect((await put(token, saved.id, { title: "Moon Necklace Again" }, { "If-Match": 'W/"1"' })).status).toBe(409);
    const disagree = await put(token, saved.id, { title: "Moon Necklace Third", version: 2 }, { "If-Match": '"1"' });
    expect(disagree.status).toBe(400);
    expect((await put(token, saved.id, { title: "x" }, { "If-Match": "*" })).status).toBe(400);
  });

  it("100 trials of two concurrent edits of different fields from the same version: exactly one 200 and one 409 each time, no edit lost silently", async () => {
    // Two users share the trials so the per-user edit rate limit is not what answers.
    const users = [await registerUser(), await registerUser()];
    const listings = await Promise.all(users.map((u) => save(u.token)));
    let lostSilently = 0;
    for (let trial = 0; trial < 100; trial++) {
      const { token } = users[trial % 2];
      const listing = listings[trial % 2];
      const start = await read(token, listing.id);
      const title = `Moon Necklace Trial ${trial}`;
      const description = `Description of trial ${trial}.\n\n- Silver`;
      const [a, b] = await Promise.all([put(token, listing.id, { title, version: start.version }), put(token, listing.id, { description, version: start.version })]);
      expect([a.status, b.status].sort()).toEqual([200, 409]);
      const loser = a.status === 409 ? a : b;
      const conflict = await loser.json<{ listing: ListingDetail }>();
      const after = await read(token, listing.id);
      // The 409 answers the listing as it is now: the winner's edit is in it.
      expect(conflict.listing).toEqual(after);
      expect(after.version).toBe(start.version + 1);
      const winnerTitle = a.status === 200;
      if (winnerTitle && after.title !== title) lostSilently += 1;
      if (!winnerTitle && after.description !== description) lostSilently += 1;
      // The loser's field is untouched, so its edit was refused, not half-applied.
      if (winnerTitle) expect(after.description).toBe(start.description);
      else expect(after.title).toBe(start.title);
    }
    expect(lostSilently).toBe(0);
  }, 240_000);

  it("without a version (older API clients), concurrent edits of different fields both land", async () => {
    const { token } = await registerUser();
    const saved = await save(token);
    for (let trial = 0; trial < 10; trial++) {
      const title = `Moon Necklace Unversioned ${trial}`;
      const description = `Unversioned description ${trial}.\n\n- Silver`;
      const [a, b] = await Promise.all([put(token, saved.id, { title }), put(token, saved.id, { description })]);
      expect([a.status, b.status]).toEqual([200, 200]);
      const after = await read(token, saved.id);
      expect(after.title).toBe(title);
      expect(after.description).toBe(description);
    }
  });
});

describe("a seller's edit over the limits", () => {
  it.each([
    ["14 tags", { tags: Array.from({ length: 14 }, (_, i) => `moon tag ${i}`) }, "tags", /^At most 13 tags \(there are 14\)$/],
    ["a 33-character tag", { tags: ["moon necklace", "a".repeat(33)] }, "tags", /^Each tag must be at most 20 characters/],
    ["a tag with characters Etsy refuses", { tags: ["moon necklace", "moon#1"] }, "tags", /cannot contain "#"/],
    ["a 141-character title", { title: `Moon ${"a".repeat(136)}` }, "title", /^Title must be at most 140 characters \(it has 141\)$/],
    ["a title with characters Etsy refuses", { title: "Moon Necklace | Silver" }, "title", /cannot contain "\|"/],
    ["an alt text over 500 characters", { altTexts: ["b".repeat(501)] }, "altTexts", /^Alt text 1 must be at most 500 characters/],
  ])("%s is refused with 400 naming the field, and nothing is saved", async (_label, change, field, message) => {
    const { token } = await registerUser();
    const saved = await save(token);
    const res = await put(token, saved.id, { ...change, version: 1 });
    expect(res.status).toBe(400);
    const body = await res.json<{ field: string; message: string }>();
    expect(body.field).toBe(field);
    expect(body.message).toMatch(message);
    expect(await read(token, saved.id)).toEqual(saved);
    // The same on a manual save: refused, not repaired.
    const manual = await api("/save-listing", { token, body: { ...LISTING, ...change } });
    expect(manual.status).toBe(400);
    expect((await manual.json<{ field: string }>()).field).toBe(field);
    const all = await (await api("/listings", { token })).json<{ data: { listings: unknown[] } }>();
    expect(all.data.listings).toHaveLength(1);
  });

  it("a 140-character title and 13 tags of 20 characters are kept exactly as written", async () => {
    const { token } = await registerUser();
    const saved = await save(token);
    const title = `Moon Necklace ${"a".repeat(126)}`;
    const tags = Array.from({ length: 13 }, (_, i) => `moon necklace gifts${String.fromCharCode(97 + i)}`);
    expect(title).toHaveLength(140);
    expect(tags.every((t) => t.length === 20)).toBe(true);
    const res = await put(token, saved.id, { title, tags, version: 1 });
    expect(res.status).toBe(200);
    const after = await read(token, saved.id);
    expect(after.title).toBe(title);
    expect(after.tags).toEqual(tags);
  });

  it("a seller's own text is not repaired: what the rules would change is only a warning", async () => {
    const { token } = await registerUser();
    const saved = await save(token);
    const res = await put(token, saved.id, { title: "HANDMADE MOON NECKLACE", tags: ["moon necklace"], version: 1 });
    expect(res.status).toBe(200);
    const { data } = await res.json<{ data: { listing: ListingDetail } }>();
    expect(data.listing.title).toBe("HANDMADE MOON NECKLACE");
    expect(data.listing.tags).toEqual(["moon necklace"]);
    const caps = data.listing.rule_report!.checks.find((c) => c.rule === "title.no-all-caps");
    expect(caps?.status).toBe("warning");
    expect(caps?.detail).toMatch(/^Suggestion \(not applied\)/);
    expect(data.listing.rule_report!.repaired).toBe(false);
  });
});

describe("listing versions", () => {
  it("lists every change newest first, with its reason, and restores one as a new version", async () => {
    const { token } = await registerUser();
    const saved = await save(token);
    expect((await put(token, saved.id, { title: "Second Title Moon Necklace", version: 1 })).status).toBe(200);
    expect((await put(token, saved.id, { tags: ["moon necklace", "gift for her"], version: 2 })).status).toBe(200);
    const list = await versions(token, saved.id);
    expect(list.currentVersion).toBe(3);
    expect(list.versions.map((v) => [v.version, v.reason])).toEqual([
      [3, "edit"],
      [2, "edit"],
      [1, "saved"],
    ]);
    expect(list.versions[2].snapshot).toMatchObject({ title: LISTING.title, tags: LISTING.tags, description: LISTING.description });
    expect(Date.parse(list.versions[0].createdAt)).not.toBeNaN();

    const first = list.versions[2];
    const restored = await api(`/listings/${saved.id}/versions/${first.id}/restore`, { token, method: "POST", body: { version: 3 } });
    expect(restored.status).toBe(200);
    const body = await restored.json<{ message: string; data: { listing: ListingDetail; restoredFrom: number } }>();
    expect(body.message).toBe("Version 1 restored");
    expect(body.data.listing).toMatchObject({ title: LISTING.title, tags: LISTING.tags, version: 4 });
    const after = await versions(token, saved.id);
    expect(after.versions[0]).toMatchObject({ version: 4, reason: "restore" });
    expect(after.versions).toHaveLength(4);
  });

  it('records a Listing Doctor fix sent with reason "fix" as such, and refuses any other reason', async () => {
    const { token } = await registerUser();
    const saved = await save(token);
    expect((await put(token, saved.id, { title: "Moon Necklace Fixed Title", version: 1, reason: "fix" })).status).toBe(200);
    expect((await versions(token, saved.id)).versions[0]).toMatchObject({ version: 2, reason: "fix" });
    const bad = await put(token, saved.id, { title: "Moon Necklace", version: 2, reason: "restore" });
    expect(bad.status).toBe(400);
    expect(await bad.json()).toMatchObject({ field: "reason" });
  });

  it("restores an Amazon listing's bullet points and search terms with the version", async () => {
    const { token } = await registerUser();
    const bullets = ["Sterling Silver: solid 925 silver", "Gift Ready: arrives in a box", "Adjustable: 16 to 18 inch chain", "Handmade: cut and polished by hand", "Easy Care: wipe with a soft cloth"];
    const saved = await save(token, { ...LISTING, tags: [], platform: "amazon", bullets, searchTerms: "crescent pendant lunar charm" });
    expect(saved.version).toBe(1);
    const edited = await put(token, saved.id, { bullets: ["Only one bullet now"], searchTerms: "changed", version: 1 });
    expect(edited.status).toBe(200);
    const list = await versions(token, saved.id);
    const first = list.versions.find((v) => v.version === 1)!;
    const restored = await api(`/listings/${saved.id}/versions/${first.id}/restore`, { token, method: "POST", body: { version: 2 } });
    expect(restored.status).toBe(200);
    const listing = await read(token, saved.id);
    expect(listing).toMatchObject({ bullets, search_terms: "crescent pendant lunar charm", version: 3 });
  });

  it("refuses a restore from a stale version with 409", async () => {
    const { token } = await registerUser();
    const saved = await save(token);
    expect((await put(token, saved.id, { title: "Second Title Moon Necklace", version: 1 })).status).toBe(200);
    const [, first] = (await versions(token, saved.id)).versions;
    const res = await api(`/listings/${saved.id}/versions/${first.id}/restore`, { token, method: "POST", body: { version: 1 } });
    expect(res.status).toBe(409);
    expect((await read(token, saved.id)).title).toBe("Second Title Moon Necklace");
  });

  it("is a 404 for another user's listing or version, and nothing changes", async () => {
    const owner = await registerUser();
    const other = await registerUser();
    const saved = await save(owner.token);
    const mine = await save(other.token);
    const [version] = (await versions(owner.token, saved.id)).versions;
    const attempts = [
      api(`/listings/${saved.id}/versions`, { token: other.token }),
      api(`/listings/${saved.id}/versions/${version.id}/restore`, { token: other.token, method: "POST", body: {} }),
      // Another listing's version through one's own listing.
      api(`/listings/${mine.id}/versions/${version.id}/restore`, { token: other.token, method: "POST", body: {} }),
      api(`/listings/${saved.id}/versions/no-such-version/restore`, { token: owner.token, method: "POST", body: {} }),
    ];
    const results = await Promise.all(attempts);
    expect(results.map((r) => r.status)).toEqual([404, 404, 404, 404]);
    expect(await results[0].json()).toEqual({ success: false, code: "not-found", message: "Listing not found" });
    expect(await results[2].json()).toEqual({ success: false, code: "not-found", message: "Version not found" });
    expect(await read(owner.token, saved.id)).toEqual(saved);
    expect((await read(other.token, mine.id)).version).toBe(1);
  });

  it("needs a token", async () => {
    expect((await api("/listings/x/versions")).status).toBe(401);
    expect((await api("/listings/x/versions/y/restore", { method: "POST", body: {} })).status).toBe(401);
  });
});

describe("regenerating a part", () => {
  it("uses the prompt the listing was generated from, not an original_prompt edited later", async () => {
    const { token, userId } = await registerUser();
    const res = await api("/listings/generate", { token, body: { description: "Handmade sterling silver moon necklace with a crescent pendant", keywords: ["moon jewelry"], platform: "etsy" } });
    const text = new TextDecoder().decode(await res.arrayBuffer());
    const done = text
      .split("\n")
      .filter(Boolean)
      .map((l) => JSON.parse(l) as GenerateEvent)
      .at(-1)!;
    if (done.type !== "done") throw new Error(`expected done, got ${JSON.stringify(done)}`);
    const listing = done.listing;
    const edited = await put(token, listing.id, { originalPrompt: "Ceramic coffee mug with a blue glaze", version: listing.version });
    expect(edited.status).toBe(200);

    const calls: LlmRequest[] = [];
    const composer = offlineComposer();
    const recording: LlmProvider = {
      name: "deepseek",
      label: "Recording provider",
      offline: false,
      async complete(request) {
        calls.push(request);
        return composer.complete(request);
      },
    };
    const result = await regeneratePart({ db: env.DB, userId, provider: recording }, listing.id, "title");
    expect(calls.length).toBeGreaterThan(0);
    const prompts = calls.map((c) => `${c.system}\n${c.prompt}`).join("\n");
    expect(prompts).toContain("moon necklace");
    expect(prompts).not.toContain("coffee mug");
    expect(result.listing.title.toLowerCase()).toContain("moon");
    // The seller's edited prompt is kept, and the regeneration is a new version.
    expect(result.listing.original_prompt).toBe("Ceramic coffee mug with a blue glaze");
    const list = await versions(token, listing.id);
    expect(list.versions.map((v) => v.reason)).toEqual(["regenerated", "edit", "generated"]);
  });
});
