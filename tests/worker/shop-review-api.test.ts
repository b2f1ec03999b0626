import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import type { AcceptProposalsResult, ShopJobInfo, ShopJobSummary, ShopProposal } from "../../schema/api/shop";
import type { ListingDetail, ListingVersionInfo } from "../../schema/api/listings";
import { api, registerUser } from "./helpers";
import { SHOP_FIXTURES, insertShopListing } from "./shop-listings";

type Body<T> = { success: boolean; message: string; data: T };

async function shop(count = 3) {
  const user = await registerUser();
  const ids: string[] = [];
  for (let i = 0; i < count; i++) {
    const f = SHOP_FIXTURES[i % SHOP_FIXTURES.length];
    ids.push(await insertShopListing(user.userId, i < SHOP_FIXTURES.length ? f : { ...f, sku: `${f.sku}-${i}`, title: `${f.title} ${i}` }));
  }
  return { ...user, ids };
}

/** Waits for the job to finish on the local queue (miniflare delivers the messages to the Worker's consumer). */
async function waitForJob(token: string, jobId: string, timeoutMs = 20_000): Promise<ShopJobInfo> {
  const started = Date.now();
  for (;;) {
    const res = await api(`/shop/jobs/${jobId}`, { token });
    expect(res.status).toBe(200);
    const job = (await res.json<Body<ShopJobInfo>>()).data;
    if (job.status === "completed" || job.status === "stopped") return job;
    if (Date.now() - started > timeoutMs) throw new Error(`job still ${job.status}: ${JSON.stringify(job)}`);
    await new Promise((r) => setTimeout(r, 250));
  }
}

async function optimize(token: string, ids: string[]) {
  const res = await api("/shop/optimize", { token, body: { ids } });
  expect(res.status).toBe(202);
  const body = await res.json<Body<{ jobId: string; total: number }>>();
  expect(body.success).toBe(true);
  return body.data;
}

async function proposalOf(listingId: string): Promise<{ id: string; base_version: number } | null> {
  return env.DB.prepare("SELECT id, base_version FROM listing_proposals WHERE listing_id = ? AND status = 'pending'").bind(listingId).first();
}

async function listing(token: string, id: string) {
  return (await (await api(`/listings/${id}`, { token })).json<Body<{ listing: ListingDetail }>>()).data.listing;
}

describe("My Shop bulk optimize and review over the API", () => {
  it("optimizes three listings on the local queue and finds the job again after a reload", { timeout: 60_000 }, async () => {
    const s = await shop(3);
    const started = await optimize(s.token, s.ids);
    expect(started.total).toBe(3);

    // A reload: the screen lists the recent jobs and finds this one.
    const list = await (await api("/shop/jobs", { token: s.token })).json<Body<{ jobs: ShopJobSummary[] }>>();
    expect(list.data.jobs[0]).toMatchObject({ id: started.jobId, total: 3 });
    expect(list.data.jobs[0]).not.toHaveProperty("items");

    const job = await waitForJob(s.token, started.jobId);
    expect(job).toMatchObject({ status: "completed", total: 3, done: 3, failed: 0, stopReason: null });
    for (const item of job.items) {
      expect(item.status).toBe("done");
      expect(item.scoreAfter!).toBeGreaterThan(item.scoreBefore!);
      expect(item.title.length).toBeGreaterThan(0);
    }
    const quota = await (await api("/create-listing/quota", { token: s.token })).json<{ used: number }>();
    expect(quota.used).toBe(3);
  });

  it("accepts a proposal as a new version (reason accept) that can be restored, and rejects another without touching its listing", { timeout: 60_000 }, async () => {
    const s = await shop(3);
    await waitForJob(s.token, (await optimize(s.token, s.ids)).jobId);
    const [a, b] = s.ids;
    const before = await listing(s.token, b);

    const accepted = await api(`/shop/listings/${a}/accept`, { token: s.token, method: "POST" });
    expect(accepted.status).toBe(200);
    const { data } = await accepted.json<Body<{ listing: ListingDetail; proposal: ShopProposal }>>();
    expect(data.proposal.status).toBe("accepted");
    expect(data.listing.version).toBe(2);
    expect(data.listing.title).toBe(data.proposal.title);
    expect(data.listing.tags).toEqual(data.proposal.tags);
    expect(data.listing.alt_texts).toEqual(data.proposal.altTexts);
    expect(data.listing.audit.score).toBeGreaterThan(data.proposal.scoreBefore);

    const versions = (await (await api(`/listings/${a}/versions`, { token: s.token })).json<Body<{ versions: ListingVersionInfo[] }>>()).data.versions;
    expect(versions.map((v) => [v.version, v.reason])).toEqual([
      [2, "accept"],
      [1, "import"],
    ]);
    // Nothing lost: the imported text comes back as version 3.
    const restored = await api(`/listings/${a}/versions/${versions[1].id}/restore`, { token: s.token, method: "POST" });
    expect(restored.status).toBe(200);
    const back = (await restored.json<Body<{ listing: ListingDetail }>>()).data.listing;
    expect(back).toMatchObject({ version: 3, title: SHOP_FIXTURES[0].title, tags: SHOP_FIXTURES[0].tags });

    const rejected = await api(`/shop/listings/${b}/reject`, { token: s.token, method: "POST" });
    expect(rejected.status).toBe(200);
    expect((await rejected.json<Body<{ proposal: ShopProposal }>>()).data.proposal.status).toBe("rejected");
    const after = await listing(s.token, b);
    expect(after).toMatchObject({ version: before.version, title: before.title, description: before.description, tags: before.tags });

    // Neither has a pending proposal any more: a second accept or reject is a 404.
    for (const [id, action] of [
      [a, "accept"],
      [b, "reject"],
      [b, "accept"],
    ]) {
      const res = await api(`/shop/listings/${id}/${action}`, { token: s.token, method: "POST" });
      expect(res.status).toBe(404);
      expect((await res.json<{ message: string }>()).message).toBe("There is no proposal waiting for this listing.");
    }
  });

  it("answers 409 with the current listing when the listing was edited after the proposal was made, and writes nothing", { timeout: 60_000 }, async () => {
    const s = await shop(1);
    await waitForJob(s.token, (await optimize(s.token, s.ids)).jobId);
    const id = s.ids[0];
    const edit = await api(`/listings/${id}`, { token: s.token, method: "PUT", body: { title: "Moon Necklace in Sterling Silver, my own edit", version: 1 } });
    expect(edit.status).toBe(200);

    const res = await api(`/shop/listings/${id}/accept`, { token: s.token, method: "POST" });
    expect(res.status).toBe(409);
    const body = await res.json<{ success: boolean; code: string; message: string; listing: ListingDetail; currentVersion: number }>();
    expect(body.success).toBe(false);
    expect(body.code).toBe("version-conflict");
    expect(body.message).toContain("changed after the proposal was made");
    expect(body.currentVersion).toBe(2);
    expect(body.listing.title).toBe("Moon Necklace in Sterling Silver, my own edit");
    expect((await listing(s.token, id)).version).toBe(2);
    expect(await proposalOf(id)).not.toBeNull();
  });

  it("accepts all and rejects all, answering which listings were accepted, in conflict or missing", { timeout: 60_000 }, async () => {
    const s = await shop(3);
    await waitForJob(s.token, (await optimize(s.token, s.ids)).jobId);
    const [a, b, c] = s.ids;
    // b was edited since: its proposal is a conflict and stays pending.
    expect((await api(`/listings/${b}`, { token: s.token, method: "PUT", body: { title: "Edited by hand", version: 1 } })).status).toBe(200);

    const some = await api("/shop/proposals/accept", { token: s.token, body: { ids: [a, b, crypto.randomUUID()] } });
    expect(some.status).toBe(200);
    const result = (await some.json<Body<AcceptProposalsResult>>()).data;
    expect(result.accepted).toEqual([a]);
    expect(result.conflicts).toEqual([b]);
    expect(result.missing).toHaveLength(1);
    expect((await listing(s.token, a)).version).toBe(2);
    expect((await listing(s.token, b)).title).toBe("Edited by hand");

    const all = await api("/shop/proposals/reject", { token: s.token, body: { all: true } });
    expect(all.status).toBe(200);
    const rejected = (await all.json<Body<{ rejected: string[]; missing: string[] }>>()).data;
    expect(rejected.rejected.sort()).toEqual([b, c].sort());
    expect(await proposalOf(b)).toBeNull();
    expect(await proposalOf(c)).toBeNull();
    const none = (await (await api("/shop/proposals/accept", { token: s.token, body: { all: true } })).json<Body<AcceptProposalsResult>>()).data;
    expect(none).toEqual({ accepted: [], conflicts: [], missing: [] });
  });

  it("supersedes a pending proposal when the listing is optimized again: one pending per listing", { timeout: 60_000 }, async () => {
    const s = await shop(1);
    await waitForJob(s.token, (await optimize(s.token, s.ids)).jobId);
    // Unchanged since that run: not written again (decision 0029).
    const again = await api("/shop/optimize", { token: s.token, body: { ids: s.ids } });
    expect(again.status).toBe(409);
    expect(await again.json()).toMatchObject({ success: false, code: "nothing-to-optimize", unchanged: s.ids, inProgress: [] });
    // The shop's text changed (a re-import): optimized again, the new proposal supersedes the old one.
    await env.DB.prepare("UPDATE listings SET description = description || ' Gift wrapped on request.', version = version + 1 WHERE id = ?").bind(s.ids[0]).run();
    await waitForJob(s.token, (await optimize(s.token, s.ids)).jobId);
    const rows = (await env.DB.prepare("SELECT status FROM listing_proposals WHERE listing_id = ? ORDER BY created_at").bind(s.ids[0]).all<{ status: string }>()).results;
    expect(rows.map((r) => r.status)).toEqual(["superseded", "pending"]);
  });

  it("keeps each seller's listings, jobs and proposals to themselves", { timeout: 60_000 }, async () => {
    const owner = await shop(1);
    const { jobId } = await optimize(owner.token, owner.ids);
    await waitForJob(owner.token, jobId);
    const other = await registerUser();

    const optimizeTheirs = await api("/shop/optimize", { token: other.token, body: { ids: owner.ids } });
    expect(optimizeTheirs.status).toBe(404);
    expect((await optimizeTheirs.json<{ message: string }>()).message).toBe("Listing not found");
    expect((await api(`/shop/jobs/${jobId}`, { token: other.token })).status).toBe(404);
    expect((await (await api("/shop/jobs", { token: other.token })).json<Body<{ jobs: unknown[] }>>()).data.jobs).toEqual([]);
    for (const action of ["accept", "reject"]) expect((await api(`/shop/listings/${owner.ids[0]}/${action}`, { token: other.token, method: "POST" })).status).toBe(404);
    const bulk = (await (await api("/shop/proposals/accept", { token: other.token, body: { ids: owner.ids } })).json<Body<AcceptProposalsResult>>()).data;
    expect(bulk).toEqual({ accepted: [], conflicts: [], missing: owner.ids });
    const all = (await (await api("/shop/proposals/reject", { token: other.token, body: { all: true } })).json<Body<{ rejected: string[] }>>()).data;
    expect(all.rejected).toEqual([]);
    // The owner's proposal is still there.
    expect(await proposalOf(owner.ids[0])).not.toBeNull();
  });

  it("refuses bad input with a 4xx naming the problem, before anything is queued", async () => {
    const s = await shop(1);
    const cases: [unknown, number, string][] = [
      [{ ids: [] }, 400, "Choose at least one listing to optimize"],
      [{ ids: Array.from({ length: 501 }, (_, i) => `id-${i}`) }, 400, "At most 500 listings can be optimized at once"],
      [{ ids: "all" }, 400, "ids must be a list of listing ids"],
      [{ ids: [42] }, 400, "Each id must be text"],
      [{}, 400, "ids"],
      [{ ids: [s.ids[0], crypto.randomUUID()] }, 404, "Listing not found"],
    ];
    for (const [body, status, message] of cases) {
      const res = await api("/shop/optimize", { token: s.token, body });
      expect(res.status, JSON.stringify(body).slice(0, 60)).toBe(status);
      expect((await res.json<{ message: string }>()).message).toContain(message);
    }
    const jobs = (await (await api("/shop/jobs", { token: s.token })).json<Body<{ jobs: unknown[] }>>()).data.jobs;
    expect(jobs).toEqual([]);
    for (const body of [{}, { ids: [] }, { all: false }, { ids: "x" }]) {
      expect((await api("/shop/proposals/accept", { token: s.token, body })).status).toBe(400);
    }
  });

  it("needs a signed-in seller with a verified e-mail to optimize, and refuses when today's quota is already used up", async () => {
    expect((await api("/shop/optimize", { body: { ids: ["x"] } })).status).toBe(401);
    for (const path of ["/shop/jobs", "/shop/jobs/x", "/shop/export.csv"]) expect((await api(path)).status).toBe(401);
    const unverified = await registerUser(undefined, undefined, { verified: false });
    const id = await insertShopListing(unverified.userId, SHOP_FIXTURES[0]);
    const res = await api("/shop/optimize", { token: unverified.token, body: { ids: [id] } });
    expect(res.status).toBe(403);
    expect((await res.json<{ code: string }>()).code).toBe("email-unverified");

    const s = await shop(1);
    for (let i = 0; i < 10; i++) expect((await api("/increment-quota", { token: s.token, body: { featureKey: "create-listing" } })).status).toBe(200);
    const full = await api("/shop/optimize", { token: s.token, body: { ids: s.ids } });
    expect(full.status).toBe(403);
    expect((await full.json<{ message: string }>()).message).toContain("daily limit of 10");
    expect((await (await api("/shop/jobs", { token: s.token })).json<Body<{ jobs: unknown[] }>>()).data.jobs).toEqual([]);
  });

  it("refuses to optimize a listing that was not imported from the shop", async () => {
    const user = await registerUser();
    const saved = await api("/listings", { token: user.token, body: { title: "Hand made mug", description: "A mug.", tags: ["mug"], altTexts: [], platform: "etsy" } });
    expect(saved.status).toBe(201);
    const { listing: mine } = (await saved.json<Body<{ listing: ListingDetail }>>()).data;
    const res = await api("/shop/optimize", { token: user.token, body: { ids: [mine.id] } });
    expect(res.status).toBe(400);
    expect((await res.json<{ message: string }>()).message).toContain("Only listings imported from your shop");
  });
});
