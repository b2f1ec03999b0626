import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import type { GenerateEvent, ListingDetail } from "../../schema/api/listings";
import { auditInputOf } from "../../worker/domain/audit/saved";
import { auditListing } from "../../shared/audit";
import { api, registerUser } from "./helpers";

const KEYWORDS = ["crochet bunny pattern", "amigurumi rabbit"];
const BODY = { description: "Crochet bunny pattern, PDF download: a 20 cm amigurumi rabbit in DK cotton yarn with a 3.5 mm hook.", keywords: KEYWORDS, platform: "etsy" };

async function generated(token: string): Promise<ListingDetail> {
  const text = new TextDecoder().decode(await (await api("/listings/generate", { token, body: BODY })).arrayBuffer());
  const done = text
    .split("\n")
    .filter(Boolean)
    .map((line) => JSON.parse(line) as GenerateEvent)
    .find((e) => e.type === "done");
  if (!done || done.type !== "done") throw new Error("no done event");
  return done.listing;
}

async function savedRow(id: string) {
  const row = await env.DB.prepare("SELECT platform, title, description, tags, alt_texts, rule_report FROM listings WHERE id = ?").bind(id).first<Record<string, string>>();
  if (!row) throw new Error("listing not saved");
  const json = (v: string) => JSON.parse(v) as unknown;
  return { platform: row.platform, title: row.title, description: row.description, tags: json(row.tags), altTexts: json(row.alt_texts), ruleReport: json(row.rule_report) } as Parameters<
    typeof auditInputOf
  >[0];
}

describe("the Doctor's audit of a listing generated on the Create screen", () => {
  it("checks the listing against the keywords the seller selected, and still does after the seller edits it", async () => {
    const { token } = await registerUser();
    const listing = await generated(token);
    const input = auditInputOf(await savedRow(listing.id));
    expect(input.keywords).toEqual(KEYWORDS);
    // The report the Create screen shows is the audit with those keywords.
    expect(listing.audit).toEqual(auditListing(input));

    const edit = await api(`/listings/${listing.id}`, { method: "PUT", token, body: { title: `${listing.title.slice(0, 100)} gift`, version: listing.version } });
    expect(edit.status).toBe(200);
    expect(auditInputOf(await savedRow(listing.id)).keywords).toEqual(KEYWORDS);
  });
});
