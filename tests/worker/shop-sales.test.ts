import { env } from "cloudflare:test";
import { exports } from "cloudflare:workers";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { ShopImportResult, ShopListingsPage } from "../../schema/api/shop";
import type { ListingSales, SalesImportResult, ShopSales } from "../../schema/api/shop-sales";
import { listingSales, shopChanges, verdictOf } from "../../worker/domain/shop/sales-effect";
import { parseSaleDate } from "../../worker/domain/shop/sales-csv";
import salesFixture from "../fixtures/shop/etsy-sold-order-items.csv?raw";
import { api, registerUser } from "./helpers";
import { ETSY_FIXTURE } from "./shop-fixtures";

type Answer<T> = { success: boolean; data: T; message: string; code?: string };

function upload(path: string, token: string | undefined, body: BodyInit, type = "text/csv; charset=utf-8") {
  const headers = new Headers({ "Content-Type": type });
  if (token) headers.set("Authorization", `Bearer ${token}`);
  return exports.default.fetch(new Request(`http://localhost/api${path}`, { method: "POST", body, headers }));
}

async function importSales(token: string, csv: string | Uint8Array, as: "csv" | "multipart" = "csv") {
  let res: Response;
  if (as === "multipart") {
    const form = new FormData();
    form.set("file", new File([csv as BlobPart], "EtsySoldOrderItems2026.csv", { type: "text/csv" }));
    const headers = new Headers({ Authorization: `Bearer ${token}` });
    res = await exports.default.fetch(new Request("http://localhost/api/shop/sales/import", { method: "POST", body: form, headers }));
  } else res = await upload("/shop/sales/import", token, csv as BodyInit);
  const body = await res.json<Answer<SalesImportResult>>();
  expect(res.status, body.message).toBe(200);
  return body.data;
}

async function get<T>(token: string, path: string) {
  const res = await api(path, { token });
  const body = await res.json<Answer<T>>();
  expect(res.status, body.message).toBe(200);
  return body.data;
}

const DAY = 86_400_000;
const utc = (iso: string) => Date.parse(`${iso}T00:00:00Z`);
const BEANIE_OLD = "HAND KNITTED WOOL BEANIE HAT WINTER";
const BEANIE_NEW = "Hand Knitted Wool Beanie, Winter Hat for Women";
/** Buyer data in the fixture's Buyer, Ship Name, Ship Address, Ship City/Zipcode and personalisation cells. */
const BUYER_MARKERS = ["Quibblesworth", "Fenwick-Arbuthnot", "Vandersloot", "Evergreen Terrace", "PRIVATE-7", "Private Lane", "LS6 2AB", "97214", "Engrave ZQ", "Personalization"];

const idOf = async (userId: string, where: string, value: string) =>
  (await env.DB.prepare(`SELECT id FROM listings WHERE user_id = ? AND ${where} = ?`).bind(userId, value).first<{ id: string }>())!.id;

/** A seller with the fixture shop, the beanie renamed on 2026-06-01 and the clay earrings linked to Etsy listing 1234567890. */
async function sellerWithShop() {
  const user = await registerUser();
  const res = await upload("/shop/import", user.token, ETSY_FIXTURE);
  expect(res.status).toBe(200);
  expect((await res.json<Answer<ShopImportResult>>()).data.imported).toBe(12);
  const beanie = await idOf(user.userId, "title", BEANIE_OLD);
  const renamed = await api(`/listings/${beanie}`, { token: user.token, method: "PUT", body: { title: BEANIE_NEW, version: 1 } });
  expect(renamed.status, await renamed.clone().text()).toBe(200);
  await env.DB.prepare("UPDATE listing_versions SET created_at = ? WHERE listing_id = ? AND version = 2").bind(Date.parse("2026-06-01T10:00:00Z"), beanie).run();
  await env.DB.prepare("UPDATE listings SET etsy_listing_id = '1234567890' WHERE user_id = ? AND title = 'Clay Earrings'").bind(user.userId).run();
  return { ...user, beanie };
}

/** Every value of every table, as one text. */
async function wholeDatabase(): Promise<string> {
  const tables = await env.DB.prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND name NOT LIKE '_cf_%' AND name NOT LIKE 'd1_%'").all<{ name: string }>();
  const parts: string[] = [];
  for (const { name } of tables.results) parts.push(JSON.stringify((await env.DB.prepare(`SELECT * FROM "${name}"`).all()).results));
  return parts.join("\n");
}

afterEach(() => vi.restoreAllMocks());

describe("POST /api/shop/sales/import", () => {
  it("adds every sale of Etsy's sold order items file once, matched by SKU, by Etsy listing id and by the title the listing had on the sale date, and lists the rows it could not match", async () => {
    const seller = await sellerWithShop();
    expect(salesFixture.startsWith("\uFEFF") && salesFixture.includes("\r\n")).toBe(true);
    const result = await importSales(seller.token, salesFixture, "multipart");
    expect(result.kind).toBe("items");
    expect(result.rows).toBe(451);
    expect(result.added).toBe(448);
    // The same transaction twice in the file is one sale.
    expect(result.duplicates).toBe(1);
    // A zero quantity and a refund are not sales.
    expect(result.skipped).toBe(2);
    expect(result.errors.map((e) => e.message).join(" ")).toMatch(/sold 0 items.*negative item total/);
    expect(result.unmatchedCount).toBe(13);
    expect(new Set(result.unmatched.map((u) => u.itemName))).toEqual(new Set(["Vintage Brass Key Necklace, Antique Style Skeleton Key Pendant"]));
    expect(result.matched.etsyId).toBe(27);
    // The beanie (old title before the rename, new one after) and the mug ("Mug &amp; Saucer" in the listings file).
    expect(result.matched.title).toBe(9 + 20 + 16);
    expect(result.matched.oldTitle).toBe(0);
    expect(result.matched.sku + result.matched.etsyId + result.matched.title).toBe(448 - 13);
    expect(result.ignoredColumns).toEqual(expect.arrayContaining(["Buyer", "Ship Name", "Ship Address1", "Ship City", "Ship Zipcode", "Variations", "Coupon Code"]));

    const beanie = await env.DB.prepare("SELECT count(*) AS n, group_concat(DISTINCT item_name) AS names FROM shop_sales WHERE listing_id = ?")
      .bind(seller.beanie)
      .first<{ n: number; names: string }>();
    expect(beanie!.n).toBe(29);
    expect(beanie!.names.split(",").length).toBeGreaterThanOrEqual(2);
  });

  it("adds nothing when the same file is imported again, and matches sales stored unmatched once their listing is there", async () => {
    const seller = await sellerWithShop();
    const first = await importSales(seller.token, salesFixture);
    expect(first.added).toBe(448);
    const again = await importSales(seller.token, salesFixture);
    expect(again.added).toBe(0);
    expect(again.duplicates).toBe(449);
    expect(await env.DB.prepare("SELECT count(*) AS n FROM shop_sales WHERE user_id = ?").bind(seller.userId).first("n")).toBe(448);

    // The brass key necklace is imported later: the next sales import gives it its 13 sales.
    const key = "TITLE,DESCRIPTION,PRICE,CURRENCY_CODE,QUANTITY,TAGS,SKU\r\nVintage Brass Key Necklace,A key.,24.00,USD,3,key necklace,OLD-KEY-07\r\n";
    expect((await upload("/shop/import", seller.token, key)).status).toBe(200);
    const third = await importSales(seller.token, salesFixture);
    expect(third.added).toBe(0);
    expect(third.unmatchedCount).toBe(0);
    expect(await env.DB.prepare("SELECT count(*) AS n FROM shop_sales WHERE user_id = ? AND listing_id IS NULL").bind(seller.userId).first("n")).toBe(0);
  });

  it("never stores or logs the buyer's name, address or personalisation", async () => {
    const logged: string[] = [];
    for (const level of ["log", "info", "warn", "error", "debug"] as const) vi.spyOn(console, level).mockImplementation((...args: unknown[]) => void logged.push(args.map(String).join(" ")));
    const seller = await sellerWithShop();
    for (const marker of BUYER_MARKERS) expect(salesFixture).toContain(marker);
    const result = await importSales(seller.token, salesFixture);
    const answer = JSON.stringify(result);
    const stored = await wholeDatabase();
    expect(stored).toContain("Lavender Soy Candle");
    for (const marker of BUYER_MARKERS) {
      // Whole, as the file has it: a random id may hold the figures of the ZIP code ("d6972141-…" holds "97214").
      const whole = new RegExp(`(?<![\\p{L}\\p{N}])${marker.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}(?![\\p{L}\\p{N}])`, "u");
      expect(stored, marker).not.toMatch(whole);
      expect(answer, marker).not.toMatch(whole);
      expect(logged.join("\n"), marker).not.toMatch(whole);
    }
  });

  it("refuses what is not a sales file with a 400 that names the columns, and nothing is stored", async () => {
    const seller = await sellerWithShop();
    const cases: [BodyInit, RegExp][] = [
      ["", /no file|empty/i],
      [ETSY_FIXTURE, /listings file/],
      ["Name,Email\r\nAda,ada@example.com\r\n", /Its first row names Name, Email; the columns Sale Date, Item Name, Quantity, Currency, Transaction ID are missing/],
      [new Uint8Array([0x50, 0x4b, 0x03, 0x04, 0, 0, 1]), /binary data/],
      [salesFixture.split("\r\n")[0] + "\r\n", /no sales/],
      [salesFixture.split("\r\n").slice(0, 3).join("\r\n") + '\r\n01/01/26,"Cut off', /cut off|ends inside a quoted field/],
      [new Uint8Array([0x53, 0x61, 0xff, 0xfe]), /not UTF-8|Sale Date/],
    ];
    for (const [body, message] of cases) {
      const res = await upload("/shop/sales/import", seller.token, body);
      const answer = await res.json<Answer<unknown>>();
      expect(res.status, answer.message).toBe(400);
      expect(answer.success).toBe(false);
      expect(answer.message).toMatch(message);
    }
    expect((await upload("/shop/sales/import", seller.token, "x", "image/png")).status).toBe(415);
    expect((await upload("/shop/sales/import", undefined, salesFixture)).status).toBe(401);
    expect(await env.DB.prepare("SELECT count(*) AS n FROM shop_sales WHERE user_id = ?").bind(seller.userId).first("n")).toBe(0);
  });

  it("reads Etsy's orders file too, matching an order of one SKU", async () => {
    const seller = await sellerWithShop();
    const orders = [
      "Sale Date,Order ID,Buyer User ID,Full Name,First Name,Last Name,Number of Items,Payment Method,Date Shipped,Street 1,Street 2,Ship City,Ship State,Ship Zipcode,Ship Country,Currency,Order Value,Coupon Code,Coupon Details,Discount Amount,Shipping Discount,Shipping,Sales Tax,Order Total,Status,Card Processing Fees,Order Net,Adjusted Order Total,Adjusted Card Processing Fees,Adjusted Net Order Amount,Buyer,Order Type,Payment Type,InPerson Discount,InPerson Location,SKU",
      "11/02/26,5001,77,Ada Quibblesworth,Ada,Quibblesworth,2,Etsy Payments,11/03/26,1 Evergreen Terrace,,Austin,TX,78704,United States,USD,36.00,,,0.00,0.00,4.50,0.00,40.50,Completed,1.20,39.30,,,,adaq,online,online_cc,,,CANDLE-LAV-8",
      '11/03/26,5002,78,Bo Vandersloot,Bo,Vandersloot,2,Etsy Payments,,2 Evergreen Terrace,,Austin,TX,78704,United States,USD,60.00,,,0.00,0.00,4.50,0.00,64.50,Completed,1.20,63.30,,,,bov,online,online_cc,,,"CANDLE-LAV-8,NECK-LEAF-01"',
    ].join("\r\n");
    const result = await importSales(seller.token, orders);
    expect(result).toMatchObject({ kind: "orders", rows: 2, added: 2, matched: { sku: 1 }, unmatchedCount: 1 });
    expect(await wholeDatabase()).not.toContain("Quibblesworth");
  });
});

describe("sales on the shop and on each listing", () => {
  it("sorts the shop's listings by revenue in the main currency, with each row's units, revenue per currency and last sale", async () => {
    const seller = await sellerWithShop();
    await importSales(seller.token, salesFixture);
    const page = await get<ShopListingsPage>(seller.token, "/shop/listings?sort=revenue&order=desc&period=all");
    expect(page.mainCurrency).toBe("USD");
    expect(page.listings).toHaveLength(12);
    const usd = (r: ShopListingsPage["listings"][number]) => r.revenue.find((m) => m.currency === "USD")?.minor ?? 0;
    for (let i = 1; i < page.listings.length; i++) expect(usd(page.listings[i - 1])).toBeGreaterThanOrEqual(usd(page.listings[i]));
    expect(page.listings[0].title).toMatch(/^Sterling Silver Leaf Necklace/);
    const blanket = page.listings.find((r) => r.sku === "KNIT-BLANKET-MERINO")!;
    expect(blanket.units).toBeGreaterThan(0);
    expect(blanket.revenue.map((m) => m.currency)).toEqual(["EUR"]);
    expect(blanket.lastSale).toMatch(/^2026-\d\d-\d\d$/);
    const never = page.listings.filter((r) => r.units === 0).map((r) => r.sku);
    expect(new Set(never)).toEqual(new Set(["CANDLE-BEES-3", "MAC-WALL-LG"]));

    const unsold = await get<ShopListingsPage>(seller.token, "/shop/listings?sold=no&period=all");
    expect(unsold.total).toBe(2);
    const bad = await api("/shop/listings?sort=money", { token: seller.token });
    expect(bad.status).toBe(400);
    expect((await bad.json<Answer<unknown>>()).message).toMatch(/sort must be/);
  });

  it("puts a weak listing that sells before a weak one that never sold in 'fix these first'", async () => {
    const seller = await sellerWithShop();
    await importSales(seller.token, salesFixture);
    const fix = await get<ShopListingsPage>(seller.token, "/shop/listings?sort=fix&period=all");
    const weak = fix.listings.filter((r) => ["C", "D", "F"].includes(r.grade));
    expect(weak.length).toBeGreaterThan(1);
    expect(fix.listings.slice(0, weak.length)).toEqual(weak);
    const firstUnsold = weak.findIndex((r) => r.units === 0);
    const lastSelling = weak.map((r) => r.units > 0).lastIndexOf(true);
    expect(firstUnsold).toBeGreaterThan(-1);
    expect(lastSelling).toBeLessThan(firstUnsold);
  });

  it("sums the shop's sales: best sellers, listings that never sold, unmatched sales; another seller sees none of it", async () => {
    const seller = await sellerWithShop();
    await importSales(seller.token, salesFixture);
    const sales = await get<ShopSales>(seller.token, "/shop/sales");
    expect(sales).toMatchObject({ imported: true, mainCurrency: "USD", firstSale: "2026-01-02", unmatched: 13 });
    expect(sales.periods.map((p) => p.days)).toEqual([30, 90, 365, null]);
    const all = sales.periods[3];
    expect(all.revenue.map((m) => m.currency).sort()).toEqual(["EUR", "GBP", "TRY", "USD"]);
    expect(all.units).toBeGreaterThanOrEqual(435);
    expect(sales.neverSold.count).toBe(2);

    const other = await registerUser();
    expect(await get<ShopSales>(other.token, "/shop/sales")).toMatchObject({ imported: false, bestSellers: [], unmatched: 0 });
    const theirs = await api(`/shop/listings/${seller.beanie}/sales`, { token: other.token });
    expect(theirs.status).toBe(404);
  });
});

describe("did the change help?", () => {
  it("compares equal periods before and after an accepted change, and says too early to tell with too few days", async () => {
    const seller = await sellerWithShop();
    await importSales(seller.token, salesFixture);
    const bunny = await idOf(seller.userId, "sku", "TOY-BUNNY-CRO");
    const candle = await idOf(seller.userId, "sku", "CANDLE-LAV-8");
    // An accepted proposal on 1 August (the fixture's bunny sells more from then on) and an edit on 15 November.
    for (const [id, title, at] of [
      [bunny, "Crochet Bunny Toy, Handmade Amigurumi Rabbit, Easter Gift", "2026-08-01T09:00:00Z"],
      [candle, "Lavender Soy Candle in Amber Jar, Hand Poured, 8 oz", "2026-11-15T09:00:00Z"],
    ] as const) {
      const res = await api(`/listings/${id}`, { token: seller.token, method: "PUT", body: { title, version: 1 } });
      expect(res.status).toBe(200);
      await env.DB.prepare("UPDATE listing_versions SET created_at = ?, reason = 'accept' WHERE listing_id = ? AND version = 2").bind(Date.parse(at), id).run();
    }
    const now = utc("2026-11-21") + 12 * 3_600_000;
    const bunnySales: ListingSales = await listingSales(env.DB, seller.userId, bunny, now);
    const [effect] = bunnySales.effects;
    expect(effect).toMatchObject({ version: 2, reason: "accept", verdict: "more", reasonTooEarly: null });
    expect(effect.before.days).toBe(effect.after.days);
    expect(effect.after).toMatchObject({ from: "2026-08-02" });
    expect(effect.after.days).toBe(90);
    expect(effect.after.orders).toBeGreaterThan(effect.before.orders);
    expect(bunnySales.periods[3].units).toBeGreaterThan(0);

    const candleEffect = (await listingSales(env.DB, seller.userId, candle, now)).effects[0];
    expect(candleEffect).toMatchObject({ verdict: "too-early", reasonTooEarly: "days" });
    expect(candleEffect.after.days).toBeLessThan(14);

    const changes = await shopChanges(env.DB, seller.userId, 90, now);
    expect(changes.changes.map((c) => c.listingId)).toEqual([candle]);
    // The beanie's rename on 1 June is a change too.
    expect((await shopChanges(env.DB, seller.userId, 365, now)).changes.map((c) => c.listingId)).toEqual([candle, bunny, seller.beanie]);
    const viaApi = await get<{ days: number; changes: unknown[] }>(seller.token, "/shop/changes?days=365");
    expect(viaApi.days).toBe(365);
    expect((await api("/shop/changes?days=7", { token: seller.token })).status).toBe(400);
  });

  it("calls it too early with few orders, the same with a small difference, and never a direction below the rule", () => {
    const side = (orders: number, days = 30) => ({ orders, days });
    expect(verdictOf(side(1), side(3))).toEqual({ verdict: "too-early", reasonTooEarly: "orders" });
    expect(verdictOf(side(10, 13), side(30, 13))).toEqual({ verdict: "too-early", reasonTooEarly: "days" });
    expect(verdictOf(side(10), side(11))).toEqual({ verdict: "same", reasonTooEarly: null });
    expect(verdictOf(side(10), side(20))).toEqual({ verdict: "more", reasonTooEarly: null });
    expect(verdictOf(side(20), side(12))).toEqual({ verdict: "fewer", reasonTooEarly: null });
  });

  it("reads the sale dates Etsy writes", () => {
    expect(parseSaleDate("12/31/25")).toBe(utc("2025-12-31"));
    expect(parseSaleDate("03/01/2026")).toBe(utc("2026-03-01"));
    expect(parseSaleDate("2026-02-28")).toBe(utc("2026-02-28"));
    expect(parseSaleDate("Jan 15, 2026")).toBe(utc("2026-01-15"));
    expect(parseSaleDate("02/30/26")).toBeNull();
    expect(parseSaleDate("yesterday")).toBeNull();
    expect(utc("2026-01-02") + DAY).toBe(utc("2026-01-03"));
  });
});
