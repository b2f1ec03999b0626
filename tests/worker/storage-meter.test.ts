import { env, runDurableObjectAlarm } from "cloudflare:test";
import { exports } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import type { BatchProgress } from "../../schema/api/images";
import type { ListingDetail } from "../../schema/api/listings";
import { STORAGE_PLANS, WRITE_RATE_LIMITS, type StorageUsage } from "../../schema/api/storage";
import { api, registerUser } from "./helpers";
import { encode, productOnGrey } from "./image-fixtures";

const MB = 1024 * 1024;

async function saveListing(token: string, title = "Moon Necklace") {
  const res = await api("/save-listing", { token, body: { title, description: "A moon necklace.\n\n- Silver", tags: ["moon necklace"], altTexts: [], originalPrompt: "moon necklace" } });
  expect(res.status).toBe(201);
  return (await res.json<{ data: { listing: ListingDetail } }>()).data.listing;
}

function upload(token: string, listingId: string, bytes: Uint8Array, name = "photo.bin") {
  const body = new FormData();
  body.set("listingId", listingId);
  body.set("file", new File([bytes as Uint8Array<ArrayBuffer>], name, { type: "application/octet-stream" }));
  return exports.default.fetch(new Request("http://localhost/api/files", { method: "POST", headers: { Authorization: `Bearer ${token}` }, body }));
}

function postBatch(token: string, files: { name: string; bytes: Uint8Array }[], prompt = "white background") {
  const body = new FormData();
  for (const f of files) body.append("images", new File([f.bytes as Uint8Array<ArrayBuffer>], f.name, { type: "image/png" }));
  body.set("prompt", prompt);
  body.set("platform", "etsy");
  return exports.default.fetch(new Request("http://localhost/api/batches", { method: "POST", headers: { Authorization: `Bearer ${token}` }, body }));
}

async function usage(token: string): Promise<StorageUsage> {
  const res = await api("/storage", { token });
  expect(res.status).toBe(200);
  return (await res.json<{ data: StorageUsage }>()).data;
}

async function r2Objects(userId: string) {
  return (await env.FILES.list({ prefix: `${userId}/` })).objects;
}

async function fileRows(userId: string) {
  return (await env.DB.prepare("SELECT count(*) AS n FROM files WHERE user_id = ?").bind(userId).first<{ n: number }>())!.n;
}

/** As if the user had already stored this much (the meter's row, not 200 MB of real uploads). */
async function setStoredBytes(userId: string, bytes: number) {
  await env.DB.prepare("INSERT INTO storage_usage (user_id, bytes, files, updated_at) VALUES (?, ?, 0, ?) ON CONFLICT (user_id) DO UPDATE SET bytes = excluded.bytes")
    .bind(userId, bytes, Date.now())
    .run();
}

async function setPlan(userId: string, plan: "free" | "premium") {
  await env.DB.prepare("UPDATE users SET plan = ? WHERE id = ?").bind(plan, userId).run();
}

/** Saved listings written straight to D1 (500 saves through the API would hit the write rate limit). */
async function fillListings(userId: string, count: number) {
  await env.DB.prepare(
    `WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < ?)
     INSERT INTO listings (id, user_id, title, description, tags, alt_texts, created_at, updated_at)
     SELECT ? || '-' || i, ?, 'Filler ' || i, 'Filler.', '[]', '[]', ?, ? FROM n`,
  )
    .bind(count, userId, userId, Date.now(), Date.now())
    .run();
}

async function listingCount(userId: string) {
  return (await env.DB.prepare("SELECT count(*) AS n FROM listings WHERE user_id = ?").bind(userId).first<{ n: number }>())!.n;
}

describe("storage metering", () => {
  it("counts the bytes of uploads, and gives them back when a file or its listing is deleted", async () => {
    const { token, userId } = await registerUser();
    const listing = await saveListing(token);
    expect(await usage(token)).toMatchObject({ plan: "free", bytes: 0, files: 0, listings: 1, bytesLimit: STORAGE_PLANS.free.bytes, listingsLimit: STORAGE_PLANS.free.listings });
    const first = await upload(token, listing.id, new Uint8Array(300_000).fill(7));
    expect(first.status).toBe(201);
    const second = await upload(token, listing.id, new Uint8Array(120_000).fill(9));
    expect(second.status).toBe(201);
    expect(await usage(token)).toMatchObject({ bytes: 420_000, files: 2 });
    const { data } = await first.json<{ data: { file: { id: string } } }>();
    expect((await api(`/files/${data.file.id}`, { token, method: "DELETE" })).status).toBe(200);
    expect(await usage(token)).toMatchObject({ bytes: 120_000, files: 1 });
    expect((await api(`/listings/${listing.id}`, { token, method: "DELETE" })).status).toBe(200);
    expect(await usage(token)).toMatchObject({ bytes: 0, files: 0, listings: 0 });
    expect(await r2Objects(userId)).toHaveLength(0);
  });

  it("counts a batch's originals and its edited results", async () => {
    const { token, userId } = await registerUser();
    const png = await encode(productOnGrey(60, 40));
    const res = await postBatch(token, [
      { name: "a.png", bytes: png },
      { name: "b.png", bytes: png },
    ]);
    expect(res.status).toBe(202);
    const { data } = await res.json<{ data: BatchProgress }>();
    const originals = await usage(token);
    expect(originals.files).toBe(2);
    const storedBytes = async () => (await env.DB.prepare("SELECT coalesce(sum(size), 0) AS bytes FROM files WHERE user_id = ?").bind(userId).first<{ bytes: number }>())!.bytes;
    expect(originals.bytes).toBe(await storedBytes());
    // Run the batch's edits (its alarms) to the end: the two results are counted too.
    const stub = env.BATCH.get(env.BATCH.idFromName(data.id));
    for (let i = 0; i < 50; i++) {
      const state = await (await api(`/batches/${data.id}`, { token })).json<{ data: BatchProgress }>();
      if (state.data.status === "completed") break;
      if (!(await runDurableObjectAlarm(stub))) await new Promise((r) => setTimeout(r, 50));
    }
    const after = await usage(token);
    expect(after.files).toBe(4);
    expect(after.bytes).toBe(await storedBytes());
    expect(after.bytes).toBeGreaterThan(originals.bytes);
  });

  it("refuses an upload past the free plan's 200 MB with 403 and stores nothing", async () => {
    const { token, userId } = await registerUser();
    const listing = await saveListing(token);
    await setStoredBytes(userId, STORAGE_PLANS.free.bytes - 100_000);
    const res = await upload(token, listing.id, new Uint8Array(200_000).fill(1));
    expect(res.status).toBe(403);
    const body = await res.json<{ message: string; code: string; storage: StorageUsage }>();
    expect(body.code).toBe("plan-limit");
    expect(body).not.toHaveProperty("error");
    expect(body.message).toMatch(/^Your storage is full: .* of 200 MB used on the free plan/);
    expect(body.storage).toMatchObject({ plan: "free", bytesLimit: STORAGE_PLANS.free.bytes });
    expect(await r2Objects(userId)).toHaveLength(0);
    expect(await fileRows(userId)).toBe(0);
    // What still fits is accepted.
    expect((await upload(token, listing.id, new Uint8Array(50_000).fill(1))).status).toBe(201);
  });

  it("gives a premium user 5 GB", async () => {
    const { token, userId } = await registerUser();
    const listing = await saveListing(token);
    await setPlan(userId, "premium");
    await setStoredBytes(userId, STORAGE_PLANS.free.bytes + 10 * MB);
    expect((await upload(token, listing.id, new Uint8Array(100_000).fill(1))).status).toBe(201);
    await setStoredBytes(userId, STORAGE_PLANS.premium.bytes - 10);
    expect((await upload(token, listing.id, new Uint8Array(100).fill(1))).status).toBe(403);
    expect(await r2Objects(userId)).toHaveLength(1);
  });

  it("refuses a batch's originals past the storage limit: nothing stored", async () => {
    const { token, userId } = await registerUser();
    await setStoredBytes(userId, STORAGE_PLANS.free.bytes - 100);
    const png = await encode(productOnGrey(60, 40));
    const res = await postBatch(token, [{ name: "a.png", bytes: png }]);
    expect(res.status).toBe(403);
    expect(await res.json()).toMatchObject({ code: "plan-limit", storage: { plan: "free" } });
    expect(await r2Objects(userId)).toHaveLength(0);
  });
});

describe("a batch bigger than the edits left today", () => {
  it("is refused with 403 saying how many edits remain, and stores no original", async () => {
    const { token, userId } = await registerUser();
    for (let i = 0; i < 7; i++) expect((await api("/increment-quota", { token, body: { featureKey: "edit-image" } })).status).toBe(200);
    const png = await encode(productOnGrey(60, 40));
    const files = Array.from({ length: 5 }, (_, i) => ({ name: `p${i}.png`, bytes: png }));
    const res = await postBatch(token, files);
    expect(res.status).toBe(403);
    const body = await res.json<{ message: string; quota: { remaining: number; limit: number; used: number }; requested: number }>();
    expect(body.message).toBe(
      "You have 3 image edits left today on the free plan, and this batch has 5 images. Nothing was uploaded: remove 2 images and try again, or wait until your quota resets at midnight UTC.",
    );
    expect(body.quota).toMatchObject({ remaining: 3, used: 7, limit: 10 });
    expect(body.requested).toBe(5);
    expect(await r2Objects(userId)).toHaveLength(0);
    expect(await fileRows(userId)).toBe(0);
    // A batch that fits is accepted and stores exactly its originals.
    const fits = await postBatch(token, files.slice(0, 3));
    expect(fits.status).toBe(202);
    expect(await r2Objects(userId)).toHaveLength(3);
  });

  it("with the day's edits all used, stores nothing", async () => {
    const { token, userId } = await registerUser();
    for (let i = 0; i < 10; i++) await api("/increment-quota", { token, body: { featureKey: "edit-image" } });
    const png = await encode(productOnGrey(40, 30));
    const before = (await r2Objects(userId)).length;
    const res = await postBatch(token, [
      { name: "a.png", bytes: png },
      { name: "b.png", bytes: png },
    ]);
    expect(res.status).toBe(403);
    expect((await res.json<{ message: string }>()).message).toMatch(/^You have no image edits left today on the free plan/);
    expect(await r2Objects(userId)).toHaveLength(before);
  });
});

describe("the saved-listing cap", () => {
  it("refuses a save past 500 listings on the free plan with 403, and saves nothing", async () => {
    const { token, userId } = await registerUser();
    await fillListings(userId, STORAGE_PLANS.free.listings);
    const res = await api("/save-listing", { token, body: { title: "One Too Many", description: "A moon necklace.", tags: [], altTexts: [] } });
    expect(res.status).toBe(403);
    const body = await res.json<{ message: string; code: string }>();
    expect(body.code).toBe("plan-limit");
    expect(body).not.toHaveProperty("error");
    expect(body.message).toBe("You have reached the limit of 500 saved listings on the free plan. Delete listings you no longer need to save new ones.");
    expect(await listingCount(userId)).toBe(STORAGE_PLANS.free.listings);
  });

  it("takes back a listing inserted past the cap in the same batch (two saves racing for the last place)", async () => {
    const { token, userId } = await registerUser();
    await fillListings(userId, STORAGE_PLANS.free.listings - 1);
    const results = await Promise.all([1, 2, 3].map((i) => api("/listings", { token, body: { title: `Racer ${i}`, description: "A moon necklace.", tags: [], altTexts: [] } })));
    expect(results.map((r) => r.status).sort()).toEqual([201, 403, 403]);
    expect(await listingCount(userId)).toBe(STORAGE_PLANS.free.listings);
  });

  it("allows a premium user more than 500", async () => {
    const { token, userId } = await registerUser();
    await setPlan(userId, "premium");
    await fillListings(userId, STORAGE_PLANS.free.listings);
    await saveListing(token, "Premium Listing");
    expect(await listingCount(userId)).toBe(STORAGE_PLANS.free.listings + 1);
  });
});

describe("write rate limits", () => {
  it("answers 429 with Retry-After past the uploads a minute allows, and stores nothing more", async () => {
    const { token, userId } = await registerUser();
    const listing = await saveListing(token);
    for (let i = 0; i < WRITE_RATE_LIMITS.uploadsPerMinute; i++) expect((await upload(token, listing.id, new Uint8Array(10).fill(i))).status).toBe(201);
    const refused = await upload(token, listing.id, new Uint8Array(10));
    expect(refused.status).toBe(429);
    const retryAfter = Number(refused.headers.get("Retry-After"));
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(60);
    expect((await refused.json<{ message: string }>()).message).toMatch(/^Too many uploads/);
    expect(await r2Objects(userId)).toHaveLength(WRITE_RATE_LIMITS.uploadsPerMinute);
  });

  it("answers 429 with Retry-After past the saves a minute allows", async () => {
    const { token, userId } = await registerUser();
    for (let i = 0; i < WRITE_RATE_LIMITS.savesPerMinute; i++) await saveListing(token, `Listing ${i}`);
    const refused = await api("/save-listing", { token, body: { title: "Too Fast", description: "A moon necklace.", tags: [], altTexts: [] } });
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("Retry-After"))).toBeGreaterThanOrEqual(1);
    expect(await listingCount(userId)).toBe(WRITE_RATE_LIMITS.savesPerMinute);
    // Another user is not slowed down.
    const other = await registerUser();
    await saveListing(other.token);
  });
});

describe("a batch item's fileName", () => {
  it("is refused with 400 over 255 characters, as JSON or multipart, and nothing is stored", async () => {
    const { token, userId } = await registerUser();
    const png = await encode(productOnGrey(40, 30));
    const url = `data:image/png;base64,${btoa(String.fromCharCode(...png))}`;
    const json = await api("/batches", { token, body: { images: [{ image: url, fileName: `${"a".repeat(252)}.png` }], prompt: "brighten", platform: "ebay" } });
    expect(json.status).toBe(400);
    expect((await json.json<{ message: string }>()).message).toBe("fileName must be at most 255 characters");
    const multipart = await postBatch(token, [{ name: `${"b".repeat(252)}.png`, bytes: png }]);
    expect(multipart.status).toBe(400);
    expect(await multipart.json()).toMatchObject({ field: "fileName" });
    expect(await r2Objects(userId)).toHaveLength(0);
    const ok = await api("/batches", { token, body: { images: [{ image: url, fileName: `${"a".repeat(251)}.png` }], prompt: "brighten", platform: "ebay" } });
    expect(ok.status).toBe(202);
  });
});

describe("pattern PDFs", () => {
  it("count on the storage meter, and one past the limit is refused before it is stored", async () => {
    const { token, userId } = await registerUser();
    const optimize = await api("/workflow/optimize-pattern", {
      token,
      body: { pattern: "Rnd 1: 6 sc in magic ring (6)\nRnd 2: inc in each st around (12)\nRnd 3: (sc, inc) 6 times (18)", options: {}, featureKey: "optimize-pattern" },
    });
    expect(optimize.status).toBe(200);
    const { optimizedPattern } = await optimize.json<{ optimizedPattern: string }>();
    const pdf = await api("/workflow/generate-pdf", { token, body: { pattern: { optimizedPattern }, options: {}, featureKey: "generate-pdf" } });
    expect(pdf.status).toBe(200);
    const { pdf: info } = await pdf.json<{ pdf: { bytes: number } }>();
    expect(info.bytes).toBeGreaterThan(0);
    expect(await usage(token)).toMatchObject({ bytes: info.bytes, files: 1 });

    await setStoredBytes(userId, STORAGE_PLANS.free.bytes - 10);
    const refused = await api("/workflow/generate-pdf", { token, body: { pattern: { optimizedPattern }, options: {}, featureKey: "generate-pdf" } });
    expect(refused.status).toBe(403);
    expect(await refused.json()).toMatchObject({ code: "plan-limit", storage: { plan: "free" } });
    expect(await r2Objects(userId)).toHaveLength(1);
  });
});
