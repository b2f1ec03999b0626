import { env } from "cloudflare:test";
import { exports } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import type { ShopImportResult } from "../../schema/api/shop";
import { etsyExportCsv, minorToPrice } from "../../worker/domain/shop/export";
import { readCsv } from "../fixtures/read-csv";
import { api, registerUser } from "./helpers";
import { ETSY_FIXTURE, ETSY_HEADER } from "./shop-fixtures";

type Answer<T> = { success: boolean; data: T; message: string };

async function importCsv(token: string, csv: string) {
  const res = await exports.default.fetch(
    new Request("http://localhost/api/shop/import", { method: "POST", body: csv, headers: { Authorization: `Bearer ${token}`, "Content-Type": "text/csv; charset=utf-8" } }),
  );
  const body = await res.json<Answer<ShopImportResult>>();
  expect(res.status, body.message).toBe(200);
  return body.data;
}

async function download(token: string, query = "") {
  const res = await api(`/shop/export.csv${query}`, { token });
  expect(res.status).toBe(200);
  return { res, text: new TextDecoder().decode(new Uint8Array(await res.arrayBuffer())) };
}

/** What a shop listing is, as the seller and Etsy see it (no ids, dates or scores). */
const FIELDS = "title, description, tags, materials, price_minor, currency, quantity, image_urls, variations, sku";
const shop = async (userId: string) =>
  (await env.DB.prepare(`SELECT ${FIELDS} FROM listings WHERE user_id = ? AND source = 'shop' ORDER BY sku, title`).bind(userId).all<Record<string, unknown>>()).results;

async function optimizeAndAcceptAll(token: string, ids: string[]) {
  const started = await (await api("/shop/optimize", { token, body: { ids } })).json<{ data: { jobId: string } }>();
  for (let i = 0; i < 240; i++) {
    const job = await (await api(`/shop/jobs/${started.data.jobId}`, { token })).json<{ data: { status: string } }>();
    if (job.data.status === "completed" || job.data.status === "stopped") break;
    await new Promise((r) => setTimeout(r, 250));
  }
  const accepted = await (await api("/shop/proposals/accept", { token, body: { all: true } })).json<{ data: { accepted: string[] } }>();
  return accepted.data.accepted;
}

describe("GET /api/shop/export.csv in Etsy's own format", () => {
  it("writes Etsy's listings columns, quoting only where needed, CRLF between records, LF inside descriptions and entities as Etsy writes them", () => {
    const csv = etsyExportCsv([
      {
        title: 'Moon Necklace, 14" Chain & Gift Box',
        description: 'Details\n- Chain: 14 inches\n- It\'s "dainty"',
        priceMinor: 4200,
        currency: "USD",
        quantity: 3,
        tags: ["moon necklace", "gift for her"],
        materials: ["silver"],
        imageUrls: ["https://i.etsystatic.com/1.jpg"],
        variations: [{ type: "Length", values: ["14 inches", "16 inches"] }],
        sku: "=NECK",
      },
    ]);
    expect(csv.startsWith("TITLE,DESCRIPTION,PRICE")).toBe(true);
    const lines = csv.split("\r\n");
    expect(lines[0]).toBe(ETSY_HEADER.join(","));
    expect(csv.endsWith("\r\n")).toBe(true);
    const [header, row] = readCsv(csv, { strictCrlf: true });
    expect(header).toEqual(ETSY_HEADER);
    expect(row[0]).toBe("Moon Necklace, 14&quot; Chain &amp; Gift Box");
    expect(row[1]).toBe("Details\n- Chain: 14 inches\n- It&#39;s &quot;dainty&quot;");
    expect(row.slice(2, 7)).toEqual(["42.00", "USD", "3", "moon necklace,gift for her", "silver"]);
    expect(row[7]).toBe("https://i.etsystatic.com/1.jpg");
    expect(row.slice(17, 20)).toEqual(["Length", "Length", "14 inches,16 inches"]);
    expect(row[23]).toBe("=NECK");
    expect(minorToPrice(1500, "JPY")).toBe("1500");
    expect(minorToPrice(5, "EUR")).toBe("0.05");
    expect(minorToPrice(null, "USD")).toBe("");
  });

  it("round trip: the listings file imported, proposals accepted, exported, and imported into a fresh account gives the same shop", { timeout: 120_000 }, async () => {
    const seller = await registerUser();
    expect((await importCsv(seller.token, ETSY_FIXTURE)).imported).toBe(12);
    const ids = (await env.DB.prepare("SELECT id FROM listings WHERE user_id = ? AND sku IN ('CANDLE-BEES-3', 'EAR-CLAY-ARCH', 'MAC-WALL-LG')").bind(seller.userId).all<{ id: string }>()).results.map(
      (r) => r.id,
    );
    const accepted = await optimizeAndAcceptAll(seller.token, ids);
    expect(accepted.length).toBeGreaterThan(0);
    // A seller's own edit with list markers, an ampersand entity typed as text and quotes.
    const mug = (await env.DB.prepare("SELECT id, version FROM listings WHERE user_id = ? AND title = 'Mug & Saucer'").bind(seller.userId).first<{ id: string; version: number }>())!;
    const description = 'Set of two\n\nDETAILS\n- Stoneware, "speckled" glaze\n- Write &amp; in HTML as text\n\nIt\'s dishwasher safe.';
    expect((await api(`/listings/${mug.id}`, { token: seller.token, method: "PUT", body: { description, version: mug.version } })).status).toBe(200);

    const { res, text } = await download(seller.token, "?scope=all");
    expect(res.headers.get("Content-Type")).toBe("text/csv; charset=utf-8");
    expect(res.headers.get("Content-Disposition")).toMatch(/^attachment; filename="EtsyListingsDownload-listora-shop-\d{4}-\d\d-\d\d\.csv"$/);
    expect(text.charCodeAt(0)).not.toBe(0xfeff);
    const rows = readCsv(text, { strictCrlf: true });
    expect(rows[0]).toEqual(ETSY_HEADER);
    expect(rows).toHaveLength(13);
    const mugRow = rows.find((r) => r[0] === "Mug &amp; Saucer")!;
    // Written as the review showed it: "- " stays, no "•".
    expect(mugRow[1]).toContain("\n- Stoneware, &quot;speckled&quot; glaze");
    const bullets = (t: string) => (t.match(/^- /gm) ?? []).length;
    const stored = (await env.DB.prepare("SELECT description FROM listings WHERE user_id = ?").bind(seller.userId).all<{ description: string }>()).results;
    expect(bullets(rows.map((r) => r[1]).join("\n"))).toBe(bullets(stored.map((r) => r.description).join("\n")));

    const fresh = await registerUser();
    expect(await importCsv(fresh.token, text)).toMatchObject({ imported: 12, skipped: 0 });
    expect(await shop(fresh.userId)).toEqual(await shop(seller.userId));
    // Exported again from the fresh account and imported again: nothing changes.
    expect(await importCsv(fresh.token, (await download(fresh.token, "?format=etsy&scope=all")).text)).toMatchObject({ imported: 0, updated: 0, unchanged: 12 });
  });

  it("holds only the changed listings by default, and nothing of another seller", async () => {
    const seller = await registerUser();
    await importCsv(seller.token, ETSY_FIXTURE);
    const candle = (await env.DB.prepare("SELECT id FROM listings WHERE user_id = ? AND sku = 'CANDLE-BEES-3'").bind(seller.userId).first<{ id: string }>())!;
    expect((await api(`/listings/${candle.id}`, { token: seller.token, method: "PUT", body: { title: "Beeswax Pillar Candle, Hand Poured, 3 inch", version: 1 } })).status).toBe(200);
    const changed = readCsv((await download(seller.token)).text, { strictCrlf: true });
    expect(changed.map((r) => r[0])).toEqual(["TITLE", "Beeswax Pillar Candle, Hand Poured, 3 inch"]);
    expect(changed[1][23]).toBe("CANDLE-BEES-3");
    expect(changed[1].slice(2, 4)).toEqual(["24.00", "USD"]);

    const other = await registerUser();
    expect(readCsv((await download(other.token, "?scope=all")).text)).toEqual([ETSY_HEADER]);
    const bad = await api("/shop/export.csv?format=xlsx", { token: other.token });
    expect(bad.status).toBe(400);
    expect((await bad.json<Answer<unknown>>()).message).toMatch(/format must be etsy or changes/);
    expect((await api("/shop/export.csv?scope=some", { token: other.token })).status).toBe(400);
  });
});
