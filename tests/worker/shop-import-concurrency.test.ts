import { env } from "cloudflare:test";
import { exports } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import type { ShopImportResult, ShopListingInput } from "../../schema/api/shop";
import { readEtsyListings, type ShopImportItem } from "../../worker/domain/shop/csv";
import { upsertShopListings } from "../../worker/domain/shop/import";
import { registerUser } from "./helpers";
import { generatedCsv } from "./shop-fixtures";

type Answer<T> = { success: boolean; data: T; message: string };

async function importCsv(token: string, csv: string) {
  const res = await exports.default.fetch(
    new Request("http://localhost/api/shop/import", { method: "POST", body: csv, headers: { Authorization: `Bearer ${token}`, "Content-Type": "text/csv; charset=utf-8" } }),
  );
  const body = await res.json<Answer<ShopImportResult>>();
  expect(res.status, body.message).toBe(200);
  return body.data;
}

const one = async <T>(sql: string, ...params: unknown[]) =>
  (await env.DB.prepare(sql)
    .bind(...params)
    .first<T>())!;
const counts = (userId: string) =>
  one<{ listings: number; skus: number; versions: number }>(
    `SELECT (SELECT count(*) FROM listings WHERE user_id = ?1) AS listings,
            (SELECT count(DISTINCT sku) FROM listings WHERE user_id = ?1) AS skus,
            (SELECT count(*) FROM listing_versions WHERE user_id = ?1) AS versions`,
    userId,
  );

/**
 * `n` imports of one file whose bodies finish together: each reads the whole file, then waits until every
 * other has read its own, and only then goes on to match and write (the moment the race happens).
 */
async function importedTogether(userId: string, csv: string, n = 2): Promise<ShopImportResult[]> {
  let arrived = 0;
  let open!: () => void;
  const barrier = new Promise<void>((resolve) => (open = resolve));
  async function* body(): AsyncGenerator<ShopImportItem> {
    const items: ShopImportItem[] = [];
    for await (const item of readEtsyListings(new Blob([csv]).stream())) items.push(item);
    if (++arrived === n) open();
    await barrier;
    yield* items;
  }
  return Promise.all(Array.from({ length: n }, () => upsertShopListings(env.DB, userId, body())));
}

describe("shop import under concurrency: one listing per shop row", { timeout: 180_000 }, () => {
  it("gives exactly the file's 60 listings, one version each, when the same file is imported twice at once", async () => {
    const { token, userId } = await registerUser();
    const csv = generatedCsv(60);
    const [a, b] = await importedTogether(userId, csv);
    expect(a.imported + b.imported).toBe(60);
    expect(a.imported + a.unchanged + a.updated).toBe(60);
    expect(b.imported + b.unchanged + b.updated).toBe(60);
    expect(await counts(userId)).toEqual({ listings: 60, skus: 60, versions: 60 });
    expect(await importCsv(token, csv)).toEqual({ imported: 0, updated: 0, unchanged: 60, skipped: 0, errors: [] });
  });

  it("gives exactly 300 listings with 300 distinct SKUs on the free plan when a 300-row file is imported twice at once, and a later import finds all unchanged", async () => {
    const { token, userId } = await registerUser();
    const csv = generatedCsv(300);
    const [a, b] = await importedTogether(userId, csv);
    expect(a.imported + b.imported).toBe(300);
    expect(a.skipped + b.skipped).toBe(0);
    expect(await counts(userId)).toEqual({ listings: 300, skus: 300, versions: 300 });
    expect(await importCsv(token, csv)).toEqual({ imported: 0, updated: 0, unchanged: 300, skipped: 0, errors: [] });
    // A changed export updates each listing once: one new version each, no stale copy left behind.
    const changed = generatedCsv(300, { variant: (i) => (i < 10 ? 1 : 0) });
    const [c, d] = await importedTogether(userId, changed);
    expect(c.updated + d.updated).toBe(10);
    expect(c.errors.concat(d.errors)).toEqual([]);
    expect(await counts(userId)).toEqual({ listings: 300, skus: 300, versions: 310 });
  });

  it("counts the plan's cap on distinct listings: two imports at once near the free plan's 500 fill it exactly, each new row once", async () => {
    const { userId } = await registerUser();
    const now = Date.now();
    const fill = Array.from({ length: 450 }, (_, i) =>
      env.DB.prepare("INSERT INTO listings (id, user_id, title, description, tags, alt_texts, created_at, updated_at) VALUES (?, ?, ?, '', '[]', '[]', ?, ?)").bind(
        crypto.randomUUID(),
        userId,
        `Saved ${i}`,
        now,
        now,
      ),
    );
    for (let i = 0; i < fill.length; i += 100) await env.DB.batch(fill.slice(i, i + 100));
    const [a, b] = await importedTogether(userId, generatedCsv(100));
    expect(a.imported + b.imported).toBe(50);
    // The first 50 rows are in (once); the other 50 are refused for the cap, in each answer.
    expect(a.errors.map((e) => e.row)).toEqual(Array.from({ length: 50 }, (_, i) => i + 52));
    expect(b.errors.map((e) => e.row)).toEqual(Array.from({ length: 50 }, (_, i) => i + 52));
    expect(await counts(userId)).toEqual({ listings: 500, skus: 50, versions: 50 });
  });

  it("matches a row without a SKU by its original title in one normal form (Unicode form, width, case, invisible characters)", async () => {
    const { userId } = await registerUser();
    const input = (title: string): ShopListingInput => ({
      title,
      description: "Hand-thrown stoneware mug, 350 ml.",
      priceMinor: 3200,
      currency: "USD",
      quantity: 4,
      tags: ["stoneware mug"],
      materials: ["stoneware"],
      imageUrls: [],
      variations: [],
      sku: null,
    });
    expect(await upsertShopListings(env.DB, userId, [{ row: 2, input: input("Café Mug, Speckled") }])).toMatchObject({ imported: 1 });
    const again = [];
    for (const title of ["Cafe\u0301 Mug, Speckled", "CAFÉ MUG,\u00A0SPECKLED", "Caf\u200Bé Mug, Speckled"]) again.push(await upsertShopListings(env.DB, userId, [{ row: 2, input: input(title) }]));
    expect(again.reduce((n, r) => n + r.imported, 0)).toBe(0);
    expect((await counts(userId)).listings).toBe(1);
  });

  it("refuses a second listing with the same shop key at the database, whatever the code above it does", async () => {
    const { userId } = await registerUser();
    await upsertShopListings(env.DB, userId, [
      {
        row: 2,
        input: { title: "Linen apron", description: "A linen apron.", priceMinor: null, currency: null, quantity: null, tags: [], materials: [], imageUrls: [], variations: [], sku: "APRON-1" },
      },
    ]);
    const now = Date.now();
    const copy = env.DB.prepare(
      `INSERT INTO listings (id, user_id, title, description, tags, alt_texts, source, sku, shop_title, shop_key, created_at, updated_at)
       SELECT ?, user_id, title, description, tags, alt_texts, source, sku, shop_title, shop_key, ?, ? FROM listings WHERE user_id = ?`,
    ).bind(crypto.randomUUID(), now, now, userId);
    await expect(copy.run()).rejects.toThrow(/UNIQUE constraint failed/);
  });
});

describe("migration 0011 on a database that already holds duplicates", () => {
  it("keeps the copy with the most history, deletes untouched copies, and detaches a copy the seller worked on", async () => {
    const { userId } = await registerUser();
    const migration = (env as unknown as { TEST_MIGRATIONS: { name: string; queries: string[] }[] }).TEST_MIGRATIONS.find((m) => m.name.startsWith("0011_"))!;
    const step = (start: string) => migration.queries.find((q) => q.trim().startsWith(start))!;
    // The state concurrent imports left before the unique index existed.
    await env.DB.prepare("DROP INDEX listings_user_shop_key").run();
    try {
      const insert = (id: string, sku: string, version: number, createdAt: number) =>
        env.DB.prepare(
          "INSERT INTO listings (id, user_id, title, description, tags, alt_texts, source, sku, shop_title, version, created_at, updated_at) VALUES (?, ?, ?, '', '[]', '[]', 'shop', ?, ?, ?, ?, ?)",
        ).bind(id, userId, `Row ${sku}`, sku, `Row ${sku}`, version, createdAt, createdAt);
      await env.DB.batch([
        // A: two untouched copies; the older stays.
        insert("a-old", "A", 1, 1000),
        insert("a-new", "A", 1, 2000),
        // B: a re-import updated the newer copy (version 2): it stays, the stale copy goes.
        insert("b-old", "B", 1, 1000),
        insert("b-new", "B", 2, 2000),
        // C: the seller has a proposal on the second copy: kept, but no longer matched by imports.
        insert("c-old", "C", 1, 1000),
        insert("c-new", "C", 1, 2000),
      ]);
      await env.DB.prepare(
        "INSERT INTO listing_proposals (id, listing_id, user_id, status, base_version, title, description, tags, score_before, score_after, grade_before, grade_after, provider, created_at) VALUES ('p-c', 'c-new', ?, 'pending', 1, 't', 'd', '[]', 1, 2, 'F', 'D', 'offline', 1)",
      )
        .bind(userId)
        .run();
      await env.DB.prepare("UPDATE listings SET shop_key = NULL WHERE user_id = ?").bind(userId).run();
      for (const start of ["UPDATE `listings` SET `shop_key` = CASE", "DELETE FROM `listings`", "UPDATE `listings` SET `shop_key` = NULL"]) await env.DB.prepare(step(start)).run();
    } finally {
      await env.DB.prepare(step("CREATE UNIQUE INDEX `listings_user_shop_key`")).run();
    }
    const rows = (await env.DB.prepare("SELECT id, shop_key FROM listings WHERE user_id = ? ORDER BY id").bind(userId).all<{ id: string; shop_key: string | null }>()).results;
    expect(rows).toEqual([
      { id: "a-old", shop_key: "sku:A" },
      { id: "b-new", shop_key: "sku:B" },
      { id: "c-new", shop_key: null },
      { id: "c-old", shop_key: "sku:C" },
    ]);
    // A re-import of row C updates the copy that kept the key; the detached one is left as the seller has it.
    const result = await upsertShopListings(env.DB, userId, [
      { row: 2, input: { title: "Row C", description: "New text from the shop.", priceMinor: null, currency: null, quantity: null, tags: [], materials: [], imageUrls: [], variations: [], sku: "C" } },
    ]);
    expect(result).toEqual({ imported: 0, updated: 1, unchanged: 0, skipped: 0, errors: [] });
    const c = (await env.DB.prepare("SELECT id, description FROM listings WHERE id IN ('c-old', 'c-new') ORDER BY id").all<{ id: string; description: string }>()).results;
    expect(c).toEqual([
      { id: "c-new", description: "" },
      { id: "c-old", description: "New text from the shop." },
    ]);
  });
});
