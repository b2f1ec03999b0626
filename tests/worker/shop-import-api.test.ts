import { env } from "cloudflare:test";
import { exports } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import type { ListingDetail, ListingVersionInfo } from "../../schema/api/listings";
import type { ShopImportResult, ShopListingDetail, ShopListingsPage, ShopSummary } from "../../schema/api/shop";
import { auditListing } from "../../shared/audit";
import { AUDIT_TITLES_EN } from "../../shared/audit/titles";
import { auditInputOf } from "../../worker/domain/audit/saved";
import { drizzle } from "drizzle-orm/d1";
import { capGuard, upsertShopListings } from "../../worker/domain/shop/import";
import { api, registerUser } from "./helpers";
import { ETSY_FIXTURE, ETSY_HEADER, csvLine, generatedCsv } from "./shop-fixtures";
import { readCsv } from "../fixtures/read-csv";

type Answer<T> = { success: boolean; data: T; message: string };

/** POST /api/shop/import as a browser's form upload (multipart, field "file") or as a text/csv body. */
async function importFile(token: string | undefined, csv: string | Uint8Array, as: "multipart" | "csv" = "csv") {
  const headers = new Headers();
  if (token) headers.set("Authorization", `Bearer ${token}`);
  let body: BodyInit;
  if (as === "multipart") {
    const form = new FormData();
    form.set("file", new File([csv as BlobPart], "EtsyListingsDownload.csv", { type: "text/csv" }));
    body = form;
  } else {
    headers.set("Content-Type", "text/csv; charset=utf-8");
    body = csv as BodyInit;
  }
  return exports.default.fetch(new Request("http://localhost/api/shop/import", { method: "POST", body, headers }));
}

async function imported(token: string, csv: string, as: "multipart" | "csv" = "csv") {
  const res = await importFile(token, csv, as);
  const body = await res.json<Answer<ShopImportResult>>();
  expect(res.status, body.message).toBe(200);
  expect(body.success).toBe(true);
  return body.data;
}

async function get<T>(token: string, path: string) {
  const res = await api(path, { token });
  const body = await res.json<Answer<T>>();
  expect(res.status, body.message).toBe(200);
  return body.data;
}

const count = async (sql: string, ...params: unknown[]) =>
  (await env.DB.prepare(sql)
    .bind(...params)
    .first<{ n: number }>())!.n;
const shopRows = (userId: string) => env.DB.prepare("SELECT * FROM listings WHERE user_id = ? AND source = 'shop' ORDER BY created_at, title").bind(userId).all<Record<string, unknown>>();
const versionCount = (userId: string) => count("SELECT count(*) AS n FROM listing_versions WHERE user_id = ?", userId);

/** The fixture with one row's fields changed (found by its SKU, or its title when it has none). */
function edited(key: string, change: (fields: string[]) => void, csv = ETSY_FIXTURE): string {
  const lines: string[] = [];
  // Re-serialise from parsed rows: descriptions hold line breaks, so lines of the file are not rows.
  const rows = readCsv(csv);
  for (const fields of rows) {
    if (fields.at(-1) === key || (fields.at(-1) === "" && fields[0] === key)) change(fields);
    lines.push(csvLine(fields));
  }
  return lines.join("\r\n") + "\r\n";
}

const row = (fields: Partial<Record<string, string>>) => csvLine(ETSY_HEADER.map((h) => fields[h] ?? ""));

describe("POST /api/shop/import", { timeout: 120_000 }, () => {
  it("imports Etsy's CSV sent as a form upload: 12 listings, each with its shop facts, a first version and a cached score", async () => {
    const { token, userId } = await registerUser();
    expect(await imported(token, ETSY_FIXTURE, "multipart")).toEqual({ imported: 12, updated: 0, unchanged: 0, skipped: 0, errors: [] });
    const rows = (await shopRows(userId)).results;
    expect(rows).toHaveLength(12);
    const necklace = rows.find((r) => r.sku === "NECK-LEAF-01")!;
    expect(necklace).toMatchObject({
      source: "shop",
      platform: "etsy",
      provider: "etsy-csv",
      original_prompt: "",
      price_minor: 4200,
      currency: "USD",
      quantity: 12,
      photo_count: 7,
      shop_title: "Sterling Silver Leaf Necklace, Dainty Botanical Pendant, Nature Jewelry Gift for Her",
      version: 1,
    });
    expect(JSON.parse(String(necklace.materials))).toEqual(["sterling silver", "recycled silver"]);
    expect(JSON.parse(String(necklace.variations))).toEqual([{ type: "Chain length", values: ["16 inches", "18 inches", "20 inches"] }]);
    expect(String(necklace.import_hash)).toMatch(/^[0-9a-f]{64}$/);
    expect(await count("SELECT count(*) AS n FROM listing_versions WHERE user_id = ? AND version = 1 AND reason = 'import'", userId)).toBe(12);
    expect(await count("SELECT count(*) AS n FROM listing_audits a JOIN listings l ON l.id = a.listing_id AND l.version = a.version WHERE a.user_id = ?", userId)).toBe(12);
    // The imported listings are ordinary listings of My Listings too.
    const mine = await get<{ listings: unknown[] }>(token, "/listings");
    expect(mine.listings).toHaveLength(12);
  });

  it("changes nothing when the same file is imported again, as a text/csv body: no new listing, no new version", async () => {
    const { token, userId } = await registerUser();
    await imported(token, ETSY_FIXTURE, "multipart");
    const before = (await shopRows(userId)).results.map((r) => [r.id, r.version, r.updated_at]);
    const versions = await versionCount(userId);
    expect(await imported(token, ETSY_FIXTURE, "csv")).toEqual({ imported: 0, updated: 0, unchanged: 12, skipped: 0, errors: [] });
    // The same listings exported with a BOM and LF line ends are the same rows.
    expect(await imported(token, "\uFEFF" + ETSY_FIXTURE.replace(/\r\n/g, "\n"), "csv")).toMatchObject({ imported: 0, updated: 0, unchanged: 12 });
    expect((await shopRows(userId)).results.map((r) => [r.id, r.version, r.updated_at])).toEqual(before);
    expect(await versionCount(userId)).toBe(versions);
  });

  it("updates a changed row through a new version and keeps the listing's history", async () => {
    const { token, userId } = await registerUser();
    await imported(token, ETSY_FIXTURE);
    const changed = edited("NECK-LEAF-01", (f) => {
      f[0] = "Silver Leaf Necklace, Botanical Pendant";
      f[1] = "New description from the shop.";
      f[2] = "45.00";
    });
    expect(await imported(token, changed)).toEqual({ imported: 0, updated: 1, unchanged: 11, skipped: 0, errors: [] });
    const necklace = (await shopRows(userId)).results.find((r) => r.sku === "NECK-LEAF-01")!;
    expect(necklace).toMatchObject({
      title: "Silver Leaf Necklace, Botanical Pendant",
      description: "New description from the shop.",
      price_minor: 4500,
      version: 2,
      shop_title: "Silver Leaf Necklace, Botanical Pendant",
    });
    const history = await get<{ versions: ListingVersionInfo[] }>(token, `/listings/${necklace.id}/versions`);
    expect(history.versions.map((v) => [v.version, v.reason])).toEqual([
      [2, "import"],
      [1, "import"],
    ]);
    expect(history.versions[1].snapshot.title).toBe("Sterling Silver Leaf Necklace, Dainty Botanical Pendant, Nature Jewelry Gift for Her");
    // The cached score follows the new version, and importing the changed file again changes nothing.
    expect(await count("SELECT version AS n FROM listing_audits WHERE listing_id = ?", necklace.id)).toBe(2);
    expect(await imported(token, changed)).toMatchObject({ updated: 0, unchanged: 12 });
  });

  it("matches a row without a SKU by the title the shop had", async () => {
    const { token, userId } = await registerUser();
    await imported(token, ETSY_FIXTURE);
    const beanieBefore = (await shopRows(userId)).results.find((r) => r.title === "HAND KNITTED WOOL BEANIE HAT WINTER")!;
    expect(beanieBefore.sku).toBeNull();
    const result = await imported(
      token,
      edited("HAND KNITTED WOOL BEANIE HAT WINTER", (f) => (f[2] = "39.00")),
    );
    expect(result).toEqual({ imported: 0, updated: 1, unchanged: 11, skipped: 0, errors: [] });
    const beanie = (await shopRows(userId)).results.find((r) => r.id === beanieBefore.id)!;
    expect(beanie).toMatchObject({ price_minor: 3900, version: 2 });
  });

  it("reports a duplicate SKU, a duplicate title without SKU and a row without a title as row errors, and imports the rest", async () => {
    const { token, userId } = await registerUser();
    const csv = [
      csvLine(ETSY_HEADER),
      row({ TITLE: "Blue Mug", DESCRIPTION: "A mug.", PRICE: "20", CURRENCY_CODE: "USD", QUANTITY: "1", TAGS: "mug", SKU: "MUG-1" }),
      row({ TITLE: "Green Mug", DESCRIPTION: "Another mug.", PRICE: "20", CURRENCY_CODE: "USD", QUANTITY: "1", TAGS: "mug", SKU: "MUG-1" }),
      row({ TITLE: "", DESCRIPTION: "No title.", PRICE: "5", CURRENCY_CODE: "USD", QUANTITY: "1", TAGS: "x", SKU: "NT-1" }),
      row({ TITLE: "Red Bowl", DESCRIPTION: "A bowl.", PRICE: "9", CURRENCY_CODE: "USD", QUANTITY: "1", TAGS: "bowl" }),
      row({ TITLE: "Red Bowl", DESCRIPTION: "A second bowl.", PRICE: "9", CURRENCY_CODE: "USD", QUANTITY: "1", TAGS: "bowl" }),
    ].join("\r\n");
    const result = await imported(token, csv);
    expect(result).toMatchObject({ imported: 2, updated: 0, unchanged: 0, skipped: 3 });
    expect(result.errors.map((e) => e.row)).toEqual([3, 4, 6]);
    expect(result.errors[0].message).toBe('Row 3 has the same SKU "MUG-1" as row 2. Each listing\'s SKU must be unique in the file; the row was skipped.');
    expect(result.errors[1].message).toMatch(/^Row 4 has no title/);
    expect(result.errors[2].message).toMatch(/^Row 6 has the same title as row 5/);
    expect((await shopRows(userId)).results.map((r) => r.title).sort()).toEqual(["Blue Mug", "Red Bowl"]);
  });

  it("imports a row over Etsy's limits and lets the audit report it", async () => {
    const { token, userId } = await registerUser();
    await imported(token, ETSY_FIXTURE);
    const macrame = (await shopRows(userId)).results.find((r) => r.sku === "MAC-WALL-LG")!;
    const detail = await get<ShopListingDetail>(token, `/shop/listings/${macrame.id}`);
    expect(detail.listing.title.length).toBeGreaterThan(140);
    expect(detail.audit.findings.map((f) => f.id)).toContain("title.too-long");
  });

  it("skips the rows past the plan's saved-listing cap, each with an error naming the limit, and writes nothing half", async () => {
    const { token, userId } = await registerUser();
    const now = Date.now();
    const fill = Array.from({ length: 495 }, (_, i) =>
      env.DB.prepare("INSERT INTO listings (id, user_id, title, description, tags, alt_texts, created_at, updated_at) VALUES (?, ?, ?, '', '[]', '[]', ?, ?)").bind(
        crypto.randomUUID(),
        userId,
        `Saved ${i}`,
        now,
        now,
      ),
    );
    for (let i = 0; i < fill.length; i += 100) await env.DB.batch(fill.slice(i, i + 100));
    const result = await imported(token, ETSY_FIXTURE);
    expect(result).toMatchObject({ imported: 5, updated: 0, unchanged: 0, skipped: 7 });
    expect(result.errors.map((e) => e.row)).toEqual([7, 8, 9, 10, 11, 12, 13]);
    expect(result.errors[0].message).toBe(
      "Row 7 was not imported: the free plan keeps at most 500 saved listings. Delete listings you no longer need, or upgrade, and import the file again to add the rest.",
    );
    expect(await count("SELECT count(*) AS n FROM listings WHERE user_id = ?", userId)).toBe(500);
    expect(await count("SELECT count(*) AS n FROM listing_versions WHERE user_id = ?", userId)).toBe(5);
    expect(await count("SELECT count(*) AS n FROM listing_audits WHERE user_id = ?", userId)).toBe(5);
  });

  it("answers 400 naming the expected columns for a wrong header, a binary file, an empty file and a truncated one, and imports nothing", async () => {
    const { token, userId } = await registerUser();
    const cases: [string | Uint8Array, RegExp][] = [
      ["Order ID,Sale Date,Item Name\n1,2024-01-01,Mug\n", /Its first row names ORDER ID, SALE DATE, ITEM NAME/],
      [new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0x00, 0x00, 0x00, 0x0d]), /binary data/],
      ["", /The file is empty/],
      [ETSY_FIXTURE.slice(0, ETSY_FIXTURE.indexOf("CARE\nStore")), /ends inside a quoted field that starts in row 2/],
    ];
    for (const [file, why] of cases) {
      for (const as of ["csv", "multipart"] as const) {
        const res = await importFile(token, file, as);
        const body = await res.json<Answer<unknown> & { expectedColumns?: string[] }>();
        expect(res.status, `${as} ${why}`).toBe(400);
        expect(body.success).toBe(false);
        expect(body.message).toMatch(why);
        expect(body.message).toContain("TITLE, DESCRIPTION, PRICE, CURRENCY_CODE, QUANTITY, TAGS");
      }
    }
    expect(await count("SELECT count(*) AS n FROM listings WHERE user_id = ?", userId)).toBe(0);
  });

  it("answers 413 for more than 5,000 rows or more than 20 MB and imports nothing; 415 for another media type; 401 without a token", async () => {
    const { token, userId } = await registerUser();
    await env.DB.prepare("UPDATE users SET plan = 'premium' WHERE id = ?").bind(userId).run();
    const rows = await importFile(token, generatedCsv(5_001));
    expect(rows.status).toBe(413);
    expect((await rows.json<Answer<unknown>>()).message).toMatch(/more than 5,000 listings.*Nothing was imported/);
    expect(await count("SELECT count(*) AS n FROM listings WHERE user_id = ?", userId)).toBe(0);

    // Past 20 MB while streaming (no Content-Length to refuse early): a long valid file.
    const big = generatedCsv(1).replace("A ", "A " + "very ".repeat(4_300_000));
    expect(big.length).toBeGreaterThan(20 * 1024 * 1024);
    const stream = new Blob([big]).stream();
    const res = await exports.default.fetch(
      new Request("http://localhost/api/shop/import", { method: "POST", body: stream, headers: { Authorization: `Bearer ${token}`, "Content-Type": "text/csv" }, duplex: "half" } as RequestInit),
    );
    expect(res.status).toBe(413);
    expect((await res.json<Answer<unknown>>()).message).toMatch(/larger than 20 MB.*Nothing was imported/);
    // A declared length past the limit is refused before the body is read.
    const declared = await api("/shop/import", { token, body: "x", headers: { "Content-Type": "text/csv", "Content-Length": String(21 * 1024 * 1024) } });
    expect(declared.status).toBe(413);
    expect(await count("SELECT count(*) AS n FROM listings WHERE user_id = ?", userId)).toBe(0);

    const json = await api("/shop/import", { token, body: { file: ETSY_FIXTURE } });
    expect(json.status).toBe(415);
    expect((await json.json<Answer<unknown>>()).message).toMatch(/multipart\/form-data.*text\/csv/);
    expect((await importFile(undefined, ETSY_FIXTURE)).status).toBe(401);
  });

  it("imports 5,000 rows in one request and finds all 5,000 unchanged the second time", async () => {
    const { token, userId } = await registerUser();
    await env.DB.prepare("UPDATE users SET plan = 'premium' WHERE id = ?").bind(userId).run();
    const csv = generatedCsv(5_000);
    expect(await imported(token, csv, "multipart")).toEqual({ imported: 5_000, updated: 0, unchanged: 0, skipped: 0, errors: [] });
    expect(await count("SELECT count(*) AS n FROM listing_audits WHERE user_id = ?", userId)).toBe(5_000);
    expect(await imported(token, csv)).toEqual({ imported: 0, updated: 0, unchanged: 5_000, skipped: 0, errors: [] });
    expect(await versionCount(userId)).toBe(5_000);
    const summary = await get<ShopSummary>(token, "/shop/summary");
    expect(summary.listings).toBe(5_000);
  });

  it("keeps each user's shop apart: another user's import touches none of mine and their listings are 404 to me", async () => {
    const me = await registerUser();
    const other = await registerUser();
    await imported(me.token, ETSY_FIXTURE);
    const mine = (await shopRows(me.userId)).results.map((r) => [r.id, r.version, r.updated_at]);
    const myVersions = await versionCount(me.userId);
    // The same file (same SKUs and titles) for another user creates their own listings.
    expect(
      await imported(
        other.token,
        edited("NECK-LEAF-01", (f) => (f[2] = "99.00")),
      ),
    ).toMatchObject({ imported: 12, updated: 0, unchanged: 0 });
    expect((await shopRows(me.userId)).results.map((r) => [r.id, r.version, r.updated_at])).toEqual(mine);
    expect(await versionCount(me.userId)).toBe(myVersions);
    const theirs = (await shopRows(other.userId)).results[0];
    const res = await api(`/shop/listings/${theirs.id}`, { token: me.token });
    expect(res.status).toBe(404);
    expect((await get<ShopSummary>(me.token, "/shop/summary")).listings).toBe(12);
    const page = await get<ShopListingsPage>(me.token, "/shop/listings");
    expect(page.listings.every((l) => mine.some(([id]) => id === l.id))).toBe(true);
  });
});

describe("upsertShopListings (the import the Etsy API connection reuses)", () => {
  const listing = (title: string, etsyListingId: string) => ({
    title,
    description: "Hand-thrown stoneware mug, 350 ml.\r\nDishwasher safe.",
    priceMinor: 3200,
    currency: "usd",
    quantity: 4,
    tags: [" mug ", "stoneware mug", ""],
    materials: ["stoneware"],
    imageUrls: ["https://i.etsystatic.com/1/il/a.jpg"],
    variations: [],
    sku: null,
    etsyListingId,
  });

  it("matches a listing by its Etsy listing id first, even when its title changed, and takes items from an async source", async () => {
    const { userId } = await registerUser();
    async function* source(title: string) {
      yield { row: 1, input: listing(title, "1234567890") };
      yield { row: 2, error: "Listing 2 could not be read." };
    }
    expect(await upsertShopListings(env.DB, userId, source("Speckled Stoneware Mug"))).toEqual({
      imported: 1,
      updated: 0,
      unchanged: 0,
      skipped: 1,
      errors: [{ row: 2, message: "Listing 2 could not be read." }],
    });
    const [created] = (await shopRows(userId)).results;
    expect(created).toMatchObject({ provider: "etsy-api", etsy_listing_id: "1234567890", currency: "USD", description: "Hand-thrown stoneware mug, 350 ml.\nDishwasher safe.", version: 1 });
    expect(JSON.parse(String(created.tags))).toEqual(["mug", "stoneware mug"]);
    expect(await upsertShopListings(env.DB, userId, source("Speckled Stoneware Mug"))).toMatchObject({ imported: 0, unchanged: 1 });
    expect(await upsertShopListings(env.DB, userId, [{ row: 1, input: listing("Speckled Stoneware Coffee Mug, 350 ml", "1234567890") }])).toMatchObject({ imported: 0, updated: 1 });
    const rows = (await shopRows(userId)).results;
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ id: created.id, title: "Speckled Stoneware Coffee Mug, 350 ml", version: 2 });
  });

  it("takes a batch's new listings back, with their versions, when a concurrent save put the owner over the cap", async () => {
    const { userId } = await registerUser();
    const now = Date.now();
    const ids = Array.from({ length: 500 }, () => crypto.randomUUID());
    const insert = (id: string) =>
      env.DB.prepare("INSERT INTO listings (id, user_id, title, description, tags, alt_texts, source, created_at, updated_at) VALUES (?, ?, 'x', '', '[]', '[]', 'shop', ?, ?)").bind(
        id,
        userId,
        now,
        now,
      );
    for (let i = 0; i < ids.length; i += 100) await env.DB.batch(ids.slice(i, i + 100).map(insert));
    await env.DB.prepare("INSERT INTO listing_versions (id, listing_id, user_id, version, snapshot, reason, created_at) VALUES ('v-last', ?, ?, 1, '{}', 'import', ?)")
      .bind(ids[499], userId, now)
      .run();
    const d = drizzle(env.DB);
    // At the cap (500 of 500): the guard leaves the batch alone.
    expect(await capGuard(d, userId, ids.slice(495))).toEqual([]);
    // One more (a save that raced the import): the batch's listings go, and their version rows with them.
    await insert(crypto.randomUUID()).run();
    const taken = await capGuard(d, userId, ids.slice(495));
    expect(taken.map((r) => r.id).sort()).toEqual(ids.slice(495).sort());
    expect(await count("SELECT count(*) AS n FROM listings WHERE user_id = ?", userId)).toBe(496);
    expect(await count("SELECT count(*) AS n FROM listing_versions WHERE id = 'v-last'")).toBe(0);
  });

  it("refuses more than 5,000 items with a 413 before writing anything", async () => {
    const { userId } = await registerUser();
    const many = Array.from({ length: 5_001 }, (_, i) => ({ row: i + 2, input: listing(`Mug ${i}`, String(i)) }));
    await expect(upsertShopListings(env.DB, userId, many)).rejects.toMatchObject({ status: 413 });
    expect(await count("SELECT count(*) AS n FROM listings WHERE user_id = ?", userId)).toBe(0);
  });
});

describe("shop health: GET /api/shop/summary, /api/shop/listings and /api/shop/listings/:id", { timeout: 60_000 }, () => {
  async function shop() {
    const user = await registerUser();
    await imported(user.token, ETSY_FIXTURE);
    const rows = (await shopRows(user.userId)).results;
    // What the Listing Doctor says of each stored listing, computed here from the rows themselves.
    const reports = new Map(
      rows.map((r) => [
        r.id as string,
        auditListing(
          auditInputOf({
            platform: String(r.platform),
            title: String(r.title),
            description: String(r.description),
            tags: JSON.parse(String(r.tags)),
            altTexts: JSON.parse(String(r.alt_texts)),
            ruleReport: null,
            photoCount: r.photo_count as number,
          }),
        ),
      ]),
    );
    return { ...user, rows, reports };
  }

  it("summarises the fixture: 12 listings, their mean score, the grade counts and the most common findings", async () => {
    const { token, rows, reports } = await shop();
    const summary = await get<ShopSummary>(token, "/shop/summary");
    const scores = [...reports.values()].map((r) => r.score);
    expect(summary.listings).toBe(12);
    expect(summary.averageScore).toBe(Math.round((scores.reduce((a, b) => a + b, 0) / 12) * 10) / 10);
    for (const grade of ["A", "B", "C", "D", "F"] as const) expect(summary.grades[grade]).toBe([...reports.values()].filter((r) => r.grade === grade).length);
    // The most common findings, computed here from the reports: most listings first, then by id, at most 10.
    const tally = new Map<string, number>();
    for (const r of reports.values()) for (const id of new Set(r.findings.map((f) => f.id))) tally.set(id, (tally.get(id) ?? 0) + 1);
    const expected = [...tally].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1)).slice(0, 10);
    expect(summary.topIssues).toEqual(expected.map(([id, n]) => ({ id, message: AUDIT_TITLES_EN[id], count: n })));
    // A shop-wide issue names the problem; no listing's figures are left as {placeholders}.
    for (const issue of summary.topIssues) expect(issue.message).not.toMatch(/[{}]/);
    // Independent facts of the fixture: the weak listings (a one-word title, 5 tags, one or no photo) score below a full one.
    const weakest = rows.filter((r) => ["Candle", "Clay Earrings"].includes(String(r.title))).map((r) => reports.get(String(r.id))!.score);
    const strongest = rows.filter((r) => r.sku === "CANDLE-LAV-8").map((r) => reports.get(String(r.id))!.score);
    expect(Math.max(...weakest)).toBeLessThan(strongest[0]);
    expect(summary.topIssues.length).toBeLessThanOrEqual(10);
    const counts = summary.topIssues.map((i) => i.count);
    expect(counts).toEqual([...counts].sort((a, b) => b - a));
    for (const issue of summary.topIssues) expect(issue.count).toBe([...reports.values()].filter((r) => r.findings.some((f) => f.id === issue.id)).length);
  });

  it("answers an empty shop with zeros", async () => {
    const { token } = await registerUser();
    expect(await get<ShopSummary>(token, "/shop/summary")).toEqual({ listings: 0, averageScore: 0, grades: { A: 0, B: 0, C: 0, D: 0, F: 0 }, topIssues: [], pendingProposals: 0 });
    expect(await get<ShopListingsPage>(token, "/shop/listings")).toEqual({ listings: [], mainCurrency: null, total: 0, page: 1, pageSize: 50 });
  });

  it("lists the listings with price, photo and tag counts and score, sorted, searched, filtered by grade and issue, and paged", async () => {
    const { token, reports } = await shop();
    const page = await get<ShopListingsPage>(token, "/shop/listings");
    expect(page.total).toBe(12);
    expect(page.listings).toHaveLength(12);
    const scores = page.listings.map((l) => l.score);
    expect(scores).toEqual([...scores].sort((a, b) => a - b));
    for (const l of page.listings) expect(l.score).toBe(reports.get(l.id)!.score);
    const necklace = page.listings.find((l) => l.sku === "NECK-LEAF-01")!;
    expect(necklace).toMatchObject({ priceMinor: 4200, currency: "USD", quantity: 12, photoCount: 7, tagCount: 13, hasProposal: false });

    const desc = await get<ShopListingsPage>(token, "/shop/listings?sort=score&order=desc");
    expect(desc.listings.map((l) => l.score)).toEqual([...scores].sort((a, b) => b - a));
    const byTitle = await get<ShopListingsPage>(token, "/shop/listings?sort=title&order=asc");
    const titles = byTitle.listings.map((l) => l.title.toLowerCase());
    expect(titles).toEqual([...titles].sort());
    expect(titles[0]).toBe("cable knit sweater pattern pdf, knitting pattern for women, instant download");

    const candles = await get<ShopListingsPage>(token, "/shop/listings?q=candle");
    expect(candles.listings.map((l) => l.sku).sort()).toEqual(["CANDLE-BEES-3", "CANDLE-LAV-8"]);
    expect((await get<ShopListingsPage>(token, "/shop/listings?q=TR-HIRKA")).listings.map((l) => l.sku)).toEqual(["TR-HIRKA-01"]);
    expect((await get<ShopListingsPage>(token, `/shop/listings?q=${encodeURIComponent("hırka")}`)).total).toBe(1);
    expect((await get<ShopListingsPage>(token, "/shop/listings?q=100%25")).total).toBe(1);

    const weak = await get<ShopListingsPage>(token, "/shop/listings?grade=C,D,F");
    expect(weak.total).toBe([...reports.values()].filter((r) => ["C", "D", "F"].includes(r.grade)).length);
    expect(weak.listings.every((l) => ["C", "D", "F"].includes(l.grade))).toBe(true);
    const noPhotos = await get<ShopListingsPage>(token, "/shop/listings?issue=photos.none");
    expect(noPhotos.listings.map((l) => l.sku)).toEqual(["EAR-CLAY-ARCH"]);
    expect((await get<ShopListingsPage>(token, "/shop/listings?page=2")).listings).toEqual([]);
    expect((await get<ShopListingsPage>(token, "/shop/listings?page=2")).total).toBe(12);
  });

  it("pages 50 at a time", async () => {
    const { token, userId } = await registerUser();
    await imported(token, generatedCsv(120));
    const pages = await Promise.all([1, 2, 3].map((p) => get<ShopListingsPage>(token, `/shop/listings?sort=title&page=${p}`)));
    expect(pages.map((p) => p.listings.length)).toEqual([50, 50, 20]);
    const ids = pages.flatMap((p) => p.listings.map((l) => l.id));
    expect(new Set(ids).size).toBe(120);
    expect(await count("SELECT count(*) AS n FROM listings WHERE user_id = ?", userId)).toBe(120);
  });

  it("refuses bad query parameters with a 400 naming the parameter", async () => {
    const { token } = await registerUser();
    const cases: [string, RegExp][] = [
      ["sort=price", /sort must be score, title, updated, revenue, units or fix/],
      ["order=up", /order must be asc or desc/],
      ["page=0", /page must be a whole number from 1/],
      ["page=abc", /page must be a whole number from 1/],
      ["grade=E", /grade must be letters among A, B, C, D, F/],
      ["grade=c,d", /grade must be letters/],
      ["issue=' OR 1=1", /issue must be a finding id/],
      [`q=${"x".repeat(201)}`, /q must be at most 200 characters/],
    ];
    for (const [query, message] of cases) {
      const res = await api(`/shop/listings?${query}`, { token });
      expect(res.status, query).toBe(400);
      expect((await res.json<Answer<unknown>>()).message).toMatch(message);
    }
  });

  it("shows one listing with its shop facts, its audit and its pending proposal; a listing not from the shop is 404", async () => {
    const { token, userId, rows, reports } = await shop();
    const ring = rows.find((r) => r.sku === "RING-INIT-GF")!;
    const detail = await get<ShopListingDetail>(token, `/shop/listings/${ring.id}`);
    expect(detail.listing).toMatchObject({
      id: ring.id,
      sku: "RING-INIT-GF",
      priceMinor: 5850,
      currency: "USD",
      quantity: 30,
      materials: ["gold filled"],
      photoCount: 6,
      shopTitle: "Personalized Initial Ring, Gold Filled Signet Ring, Custom Letter Ring",
      source: "shop",
      version: 1,
    });
    expect(detail.listing.imageUrls).toHaveLength(6);
    expect(detail.listing.variations).toHaveLength(2);
    expect(detail.audit.score).toBe(reports.get(String(ring.id))!.score);
    expect(detail.proposal).toBeNull();

    // A pending proposal (as the optimizer writes one) shows in the detail and as hasProposal in the list.
    const now = Date.now();
    await env.DB.prepare(
      `INSERT INTO listing_proposals (id, listing_id, user_id, job_id, status, base_version, title, description, tags, alt_texts, score_before, score_after, grade_before, grade_after, provider, created_at)
       VALUES ('p-1', ?, ?, NULL, 'pending', 1, 'Gold Initial Ring', 'Better.', '["initial ring"]', '[]', ?, 95, ?, 'A', 'offline-composer', ?)`,
    )
      .bind(ring.id, userId, detail.audit.score, detail.audit.grade, now)
      .run();
    const withProposal = await get<ShopListingDetail>(token, `/shop/listings/${ring.id}`);
    expect(withProposal.proposal).toEqual({
      id: "p-1",
      listingId: ring.id,
      jobId: null,
      status: "pending",
      baseVersion: 1,
      title: "Gold Initial Ring",
      description: "Better.",
      tags: ["initial ring"],
      altTexts: [],
      scoreBefore: detail.audit.score,
      scoreAfter: 95,
      gradeBefore: detail.audit.grade,
      gradeAfter: "A",
      provider: "offline-composer",
      createdAt: new Date(now).toISOString(),
    });
    const listed = await get<ShopListingsPage>(token, "/shop/listings?q=RING-INIT");
    expect(listed.listings[0].hasProposal).toBe(true);
    // The review screen asks only for the listings whose proposal waits: this one, of the twelve.
    const waiting = await get<ShopListingsPage>(token, "/shop/listings?proposal=pending");
    expect(waiting.total).toBe(1);
    expect(waiting.listings.map((l) => l.id)).toEqual([ring.id]);
    expect((await api("/shop/listings?proposal=accepted", { token })).status).toBe(400);

    const saved = await api("/save-listing", { token, body: { title: "A listing written here", description: "Not from the shop.", tags: ["mug"], altTexts: [] } });
    const own = (await saved.json<{ data: { listing: ListingDetail } }>()).data.listing;
    expect((await api(`/shop/listings/${own.id}`, { token })).status).toBe(404);
    expect((await api("/shop/listings/00000000-0000-4000-8000-000000000000", { token })).status).toBe(404);
    expect((await api(`/shop/listings/${ring.id}`)).status).toBe(401);
  });

  it("re-scores a listing after it is edited: the cached score follows the new version", async () => {
    const { token, rows } = await shop();
    const beeswax = rows.find((r) => r.sku === "CANDLE-BEES-3")!;
    const before = await get<ShopListingsPage>(token, "/shop/listings?q=CANDLE-BEES");
    const edit = await api(`/listings/${beeswax.id}`, {
      token,
      method: "PUT",
      body: {
        version: 1,
        title: "Beeswax Pillar Candle Set, Hand Poured Natural Candles, Set of 3",
        description:
          "Three pillar candles hand poured from pure local beeswax.\n\nSize: 7.5 cm wide, 10 cm tall; about 40 hours each.\nMaterials: beeswax, cotton wick.\nCare: trim the wick to 5 mm and burn on a heat-proof plate.\n\nThey arrive wrapped in recycled paper, ready to give.",
        tags: [
          "beeswax candle",
          "pillar candle set",
          "natural candle",
          "hand poured candle",
          "honey candle",
          "eco gift",
          "beeswax pillar",
          "candle gift set",
          "housewarming gift",
          "rustic candle",
          "unscented candle",
          "bee candle",
          "cotton wick candle",
        ],
      },
    });
    expect(edit.status).toBe(200);
    const after = await get<ShopListingsPage>(token, "/shop/listings?q=CANDLE-BEES");
    expect(after.listings[0].score).toBeGreaterThan(before.listings[0].score);
    const detail = await get<ShopListingDetail>(token, `/shop/listings/${beeswax.id}`);
    expect(after.listings[0].score).toBe(detail.audit.score);
  });
});
