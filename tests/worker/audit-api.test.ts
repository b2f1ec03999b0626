import { describe, expect, it } from "vitest";
import type { ListingDetail, ListingSummary } from "../../schema/api/listings";
import type { AuditReport } from "../../shared/audit";
import { api, registerUser } from "./helpers";

const POOR = {
  platform: "etsy",
  title: "HANDMADE silver necklace & pendant & chain",
  description: "Nice necklace.",
  tags: ["necklace", "-silver", "necklace"],
  photoCount: 2,
};

const GOOD = {
  platform: "etsy",
  title: "Silver Leaf Necklace - Dainty Sterling Pendant, Botanical Gift for Her",
  description:
    "This silver leaf necklace is handmade from recycled sterling silver in my small studio. The leaf pendant measures 2 cm and hangs on a 45 cm chain with a spring clasp. To care for it, polish it with a soft cloth and store it dry, away from perfume. It arrives in a recycled gift box, ready to give.",
  tags: [
    "silver leaf necklace",
    "dainty pendant",
    "sterling silver gift",
    "gift for her",
    "leaf jewelry",
    "nature necklace",
    "botanical pendant",
    "minimalist necklace",
    "layering necklace",
    "bridesmaid gift",
    "birthday gift idea",
    "recycled silver",
    "handmade jewelry",
  ],
  altTexts: ["Silver leaf pendant on a chain", "The necklace worn", "Close-up of the leaf", "The pendant beside a coin", "The gift box"],
};

async function audit(token: string | undefined, body: unknown) {
  return api("/listings/audit", { token, body });
}

async function quotaUsed(token: string) {
  const res = await api("/create-listing/quota", { token });
  return (await res.json<{ used: number }>()).used;
}

async function save(token: string, body: Record<string, unknown>) {
  const res = await api("/save-listing", { token, body });
  expect(res.status, await res.clone().text()).toBe(201);
  return (await res.json<{ data: { listing: ListingDetail } }>()).data.listing;
}

describe("POST /api/listings/audit", () => {
  it("answers a score, a grade and findings for a pasted listing", async () => {
    const { token } = await registerUser();
    const res = await audit(token, POOR);
    expect(res.status).toBe(200);
    const body = await res.json<{ success: boolean; data: AuditReport }>();
    expect(body.success).toBe(true);
    expect(body.data.platform).toBe("etsy");
    expect(body.data.score).toBeLessThan(50);
    expect(body.data.grade).toBe("F");
    const ids = body.data.findings.map((f) => f.id);
    expect(ids).toEqual(expect.arrayContaining(["title.symbol-repeated", "title.all-caps", "tags.leading-symbol", "tags.duplicate", "photos.too-few"]));
    const symbols = body.data.findings.find((f) => f.id === "title.symbol-repeated")!;
    expect(symbols.severity).toBe("error");
    expect(symbols.source.kind).toBe("marketplace");
    expect(symbols.fix?.patch.title).toBe("HANDMADE silver necklace & pendant and chain");
  });

  it("audits for the marketplace asked: eBay's 80 characters, Amazon's bullets and search terms", async () => {
    const { token } = await registerUser();
    const title = "Silver Leaf Necklace Sterling 925 Dainty Pendant on a 45 cm Chain, Gift Boxed for Her";
    const ebay = (await (await audit(token, { ...GOOD, platform: "ebay", title })).json<{ data: AuditReport }>()).data;
    expect(ebay.findings.map((f) => f.id)).toEqual(expect.arrayContaining(["title.too-long", "tags.not-used", "itemSpecifics.missing"]));
    const etsy = (await (await audit(token, { ...GOOD, title })).json<{ data: AuditReport }>()).data;
    expect(etsy.findings.map((f) => f.id)).not.toContain("title.too-long");
    const amazon = (await (await audit(token, { ...GOOD, platform: "amazon", bullets: ["One bullet"], searchTerms: "necklace necklace" })).json<{ data: AuditReport }>()).data;
    expect(amazon.findings.map((f) => f.id)).toEqual(expect.arrayContaining(["bullets.missing", "searchTerms.repeats-title", "searchTerms.duplicates"]));
  });

  it("defaults to Etsy and spends no quota unit", async () => {
    const { token } = await registerUser();
    const before = await quotaUsed(token);
    const { platform, ...rest } = GOOD;
    for (let i = 0; i < 3; i++) expect((await audit(token, rest)).status).toBe(200);
    const report = (await (await audit(token, rest)).json<{ data: AuditReport }>()).data;
    expect(report.platform).toBe(platform);
    expect(report.grade).toBe("A");
    expect(await quotaUsed(token)).toBe(before);
  });

  it("needs a signed-in user", async () => {
    expect((await audit(undefined, GOOD)).status).toBe(401);
  });

  it.each([
    ["an empty listing", {}, "Paste a listing to audit: a title or a description"],
    ["blank title and description", { title: "  ", description: "\n" }, "Paste a listing to audit: a title or a description"],
    ["an unknown marketplace", { ...GOOD, platform: "shopify" }, "Platform must be etsy, amazon or ebay"],
    ["tags that are not a list", { ...GOOD, tags: "a, b" }, "tags must be a list of text"],
    ["a negative photo count", { ...GOOD, photoCount: -1 }, "photoCount cannot be negative"],
    ["a fractional photo count", { ...GOOD, photoCount: 2.5 }, "photoCount must be a whole number"],
    ["an oversized description", { ...GOOD, description: "x".repeat(20_001) }, "Description must be at most 20000 characters"],
    ["item specifics without a value", { ...GOOD, itemSpecifics: [{ name: "Metal" }] }, "Each item specific must be { name, value }"],
    ["a body that is not an object", 42, "Send the listing as a JSON object"],
  ])("refuses %s with a 400 and a clear message", async (_, body, message) => {
    const { token } = await registerUser();
    const res = await audit(token, body);
    expect(res.status).toBe(400);
    expect((await res.json<{ message: string }>()).message).toBe(message);
  });

  it("refuses a body that is not JSON with a 400", async () => {
    const { token } = await registerUser();
    const res = await api("/listings/audit", { token, body: "{not json" });
    expect(res.status).toBe(400);
  });
});

describe("saved listings carry their audit", () => {
  it("GET /api/listings/:id includes the audit report; another user's listing is a 404", async () => {
    const owner = await registerUser();
    const saved = await save(owner.token, GOOD);
    expect(saved.audit.score).toBeGreaterThanOrEqual(90);
    const res = await api(`/listings/${saved.id}`, { token: owner.token });
    const listing = (await res.json<{ data: { listing: ListingDetail } }>()).data.listing;
    expect(listing.audit.grade).toBe("A");
    expect(listing.audit.findings.every((f) => f.severity === "tip")).toBe(true);
    const stranger = await registerUser();
    expect((await api(`/listings/${saved.id}`, { token: stranger.token })).status).toBe(404);
  });

  it("keeps an Amazon listing's bullets and search terms and an eBay listing's item specifics, and audits them", async () => {
    const { token } = await registerUser();
    const amazon = await save(token, {
      ...GOOD,
      platform: "amazon",
      tags: [],
      altTexts: [],
      bullets: ["Handmade from recycled 925 sterling silver", "Leaf pendant of 2 cm on a 45 cm chain", "Spring clasp", "Gift box included", "Polish with a soft cloth"],
      searchTerms: "  dainty   nature jewelry bridesmaid ",
    });
    expect(amazon.bullets).toHaveLength(5);
    expect(amazon.search_terms).toBe("dainty nature jewelry bridesmaid");
    expect(amazon.audit.findings.map((f) => f.id)).not.toContain("bullets.missing");
    const ebay = await save(token, { ...GOOD, platform: "ebay", tags: [], altTexts: [], title: "Silver Leaf Necklace Sterling Pendant", itemSpecifics: [{ name: "Metal", value: "Sterling Silver" }] });
    expect(ebay.item_specifics).toEqual([{ name: "Metal", value: "Sterling Silver" }]);
    expect(ebay.audit.findings.map((f) => f.id)).toContain("itemSpecifics.few");

    const res = await api(`/listings/${ebay.id}`, {
      method: "PUT",
      token,
      body: {
        itemSpecifics: [
          { name: "Metal", value: "Sterling Silver" },
          { name: "Length", value: "45 cm" },
          { name: "Theme", value: "Nature" },
        ],
      },
    });
    expect(res.status, await res.clone().text()).toBe(200);
    const edited = (await res.json<{ data: { listing: ListingDetail } }>()).data.listing;
    expect(edited.item_specifics).toHaveLength(3);
    expect(edited.audit.findings.map((f) => f.id)).not.toContain("itemSpecifics.few");

    const summaries = (await (await api("/listings", { token })).json<{ data: { listings: ListingSummary[] } }>()).data.listings;
    expect(summaries.find((s) => s.id === amazon.id)?.bullets).toHaveLength(5);
    expect(summaries.find((s) => s.id === ebay.id)?.itemSpecifics).toHaveLength(3);
  });

  it("GET /api/listings gives each listing its score and sorts by it", async () => {
    const { token } = await registerUser();
    const good = await save(token, GOOD);
    const fair = await save(token, { ...GOOD, tags: GOOD.tags.slice(0, 5) });
    const poor = await save(token, { ...GOOD, title: "Necklace", description: "A necklace.", tags: ["necklace"], altTexts: [] });
    const list = async (query: string) => (await (await api(`/listings${query}`, { token })).json<{ data: { listings: ListingSummary[] } }>()).data.listings;

    const newest = await list("");
    expect(newest.map((l) => l.id)).toEqual([poor.id, fair.id, good.id]);
    for (const l of newest) expect(l.score).toBe([good, fair, poor].find((s) => s.id === l.id)!.audit.score);
    expect(good.audit.score).toBeGreaterThan(fair.audit.score);
    expect(fair.audit.score).toBeGreaterThan(poor.audit.score);

    expect((await list("?sort=score")).map((l) => l.id)).toEqual([good.id, fair.id, poor.id]);
    expect((await list("?sort=score-asc")).map((l) => l.id)).toEqual([poor.id, fair.id, good.id]);
    expect((await list("?sort=score&limit=1&offset=1")).map((l) => l.id)).toEqual([fair.id]);
    const bad = await api("/listings?sort=grade", { token });
    expect(bad.status).toBe(400);
    expect((await bad.json<{ message: string }>()).message).toBe("sort must be newest, oldest, score or score-asc");
  });
});
