import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { exportCsv, exportField } from "../../worker/domain/shop/export";
import { readCsv as readAnyCsv } from "../fixtures/read-csv";
import { api, registerUser } from "./helpers";
import { SHOP_FIXTURES, insertShopListing } from "./shop-listings";

/** What a spreadsheet sees in the export; every record ends with CRLF. */
const readCsv = (text: string) => readAnyCsv(text, { strictCrlf: true });

async function edit(token: string, id: string, changes: Record<string, unknown>) {
  const res = await api(`/listings/${id}`, { token, method: "PUT", body: changes });
  expect(res.status, await res.clone().text()).toBe(200);
}

describe("GET /api/shop/export.csv?format=changes", () => {
  it("neutralises formula cells, doubles quotes and keeps line breaks inside quoted fields", () => {
    expect(exportField('=HYPERLINK("http://x")')).toBe('"\'=HYPERLINK(""http://x"")"');
    for (const start of ["=", "+", "-", "@", "\t", "\r"]) expect(exportField(`${start}1+1`).startsWith(`"'${start}`)).toBe(true);
    expect(exportField("Moon necklace")).toBe('"Moon necklace"');
    const csv = exportCsv([{ sku: "=cmd", originalTitle: '14" "chain"', title: "@SUM(A1)", tags: ["moon necklace", "gift for her"], description: "Line one\nLine two, with a comma\r\n- a bullet" }]);
    expect(csv.startsWith("\uFEFF")).toBe(true);
    const rows = readCsv(csv.slice(1));
    expect(rows).toEqual([
      ["SKU", "ORIGINAL_TITLE", "TITLE", "TAGS", "DESCRIPTION"],
      ["'=cmd", '14" "chain"', "'@SUM(A1)", "moon necklace,gift for her", "Line one\r\nLine two, with a comma\r\n- a bullet"],
    ]);
  });

  it("downloads the changed shop listings only, with the shop's original title, as UTF-8 with a BOM and a dated file name", async () => {
    const user = await registerUser();
    const [a, b, c] = [
      await insertShopListing(user.userId, SHOP_FIXTURES[0]),
      await insertShopListing(user.userId, SHOP_FIXTURES[1]),
      await insertShopListing(user.userId, { ...SHOP_FIXTURES[2], sku: "+SKU-1" }),
    ];
    await edit(user.token, a, { title: "Dainty Crescent Moon Necklace in Sterling Silver, Gift for Her", tags: ["moon necklace", "crescent necklace", "gift for her"], version: 1 });
    await edit(user.token, c, { description: '=1+1 "quoted"\nÇok güzel, teşekkürler', version: 1 });
    // b was changed and changed back: as imported, so not exported.
    await edit(user.token, b, { title: "Changed", version: 1 });
    await edit(user.token, b, { title: SHOP_FIXTURES[1].title, version: 2 });
    // A listing written on Create Listing is not a shop listing.
    await api("/listings", { token: user.token, body: { title: "Other", description: "Not from the shop.", tags: [], altTexts: [], platform: "etsy" } });

    const res = await api("/shop/export.csv?format=changes", { token: user.token });
    expect(res.status).toBe(200);
    expect(res.headers.get("Content-Type")).toBe("text/csv; charset=utf-8");
    expect(res.headers.get("Content-Disposition")).toBe(`attachment; filename="listora-etsy-changes-${new Date().toISOString().slice(0, 10)}.csv"`);
    const bytes = new Uint8Array(await res.arrayBuffer());
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const rows = readCsv(new TextDecoder().decode(bytes.slice(3)));
    expect(rows).toHaveLength(3);
    expect(rows[1]).toEqual([
      "NECK-MOON-01",
      SHOP_FIXTURES[0].title,
      "Dainty Crescent Moon Necklace in Sterling Silver, Gift for Her",
      "moon necklace,crescent necklace,gift for her",
      SHOP_FIXTURES[0].description.replace(/\n/g, "\r\n"),
    ]);
    expect(rows[2][0]).toBe("'+SKU-1");
    expect(rows[2][1]).toBe(SHOP_FIXTURES[2].title);
    expect(rows[2][4]).toBe('\'=1+1 "quoted"\r\nÇok güzel, teşekkürler');
  });

  it("exports an accepted proposal, and nothing for another seller", { timeout: 60_000 }, async () => {
    const owner = await registerUser();
    const id = await insertShopListing(owner.userId, SHOP_FIXTURES[1]);
    const started = await (await api("/shop/optimize", { token: owner.token, body: { ids: [id] } })).json<{ data: { jobId: string } }>();
    for (let i = 0; i < 80; i++) {
      const job = await (await api(`/shop/jobs/${started.data.jobId}`, { token: owner.token })).json<{ data: { status: string } }>();
      if (job.data.status === "completed") break;
      await new Promise((r) => setTimeout(r, 250));
    }
    expect((await api(`/shop/listings/${id}/accept`, { token: owner.token, method: "POST" })).status).toBe(200);
    const row = await env.DB.prepare("SELECT title, tags FROM listings WHERE id = ?").bind(id).first<{ title: string; tags: string }>();

    const mine = readCsv((await (await api("/shop/export.csv?format=changes", { token: owner.token })).text()).replace(/^\uFEFF/, ""));
    expect(mine).toHaveLength(2);
    expect(mine[1].slice(0, 4)).toEqual(["CANDLE-LAV-8OZ", "SOY CANDLE lavender", row!.title, (JSON.parse(row!.tags) as string[]).join(",")]);

    const other = await registerUser();
    const theirs = readCsv((await (await api("/shop/export.csv?format=changes", { token: other.token })).text()).replace(/^\uFEFF/, ""));
    expect(theirs).toEqual([["SKU", "ORIGINAL_TITLE", "TITLE", "TAGS", "DESCRIPTION"]]);
  });
});
