/**
 * The listing route's `fix` posted as a document (a Doctor Fix pressed before the page ran or without
 * JavaScript, decision 0062): the seller is sent back to the page they pressed it on, never off the site;
 * a refusal answers the API's words and names the intent, so the page can say the fix failed.
 */
import { describe, expect, it } from "vitest";
import { contextOf, formPost, type Answer } from "./stub-context";
import { actionAnswer } from "../fixtures/action-answer";
import { listingAction } from "~/lib/listings.server";

const LISTING = { id: "l1", title: "Handmade Moon Necklace", version: 3 };

function fixed(path: string): Answer {
  if (path === "/listings/l1") return { status: 200, body: { success: true, data: { listing: LISTING } } };
  return { status: 404, body: { code: "not-found", message: "Listing not found" } };
}

const payload = JSON.stringify({ patch: { title: "Handmade Moon Necklace" }, version: 2 });

describe("a Doctor fix posted as a document", () => {
  it("applies the fix as the seller's 'fix' edit and sends the seller back to the shop listing or the listing page it came from", async () => {
    for (const back of ["/shop/s9", "/listings/l1"]) {
      const { context, calls } = contextOf(fixed);
      expect(await actionAnswer(listingAction(formPost("/listings/l1", { intent: "fix", payload, back }), context, "l1"))).toEqual({ status: 302, location: back });
      expect(calls).toEqual([{ path: "/listings/l1", init: { method: "PUT", body: { title: "Handmade Moon Necklace", version: 2, reason: "fix" } } }]);
    }
  });

  it("never sends the seller off the site: another site's address, a protocol-relative one or another screen is answered as data", async () => {
    for (const back of ["https://evil.example/shop/x", "//evil.example/listings/x", "/profile", "/shop/x/../../profile", ""]) {
      const { context } = contextOf(fixed);
      expect(await actionAnswer(listingAction(formPost("/listings/l1", { intent: "fix", payload, back }), context, "l1"))).toMatchObject({ status: 200, data: { ok: true, listing: LISTING } });
    }
  });

  it("answers a refused fix with the API's code and message and the intent, without sending the seller back; another seller's listing is a 404", async () => {
    const stale = contextOf(() => ({ status: 409, body: { code: "version-conflict", message: "The listing changed since you opened it" } }));
    expect(await actionAnswer(listingAction(formPost("/listings/l1", { intent: "fix", payload, back: "/shop/s9" }), stale.context, "l1"))).toMatchObject({
      status: 409,
      data: { ok: false, intent: "fix", error: { code: "version-conflict", message: "The listing changed since you opened it" } },
    });
    const { context } = contextOf(fixed);
    expect(await actionAnswer(listingAction(formPost("/listings/l1", { intent: "fix", payload, back: "/shop/s9" }), context, "someone-elses"))).toMatchObject({
      status: 404,
      data: { ok: false, intent: "fix", error: { code: "not-found" } },
    });
  });

  it("refuses a change whose fields cannot be read (400) and writes nothing", async () => {
    for (const [intent, bad] of [
      ["fix", "{not json"],
      ["save", "[1,2]"],
      ["facts", "null"],
    ]) {
      const { context, calls } = contextOf(fixed);
      expect(await actionAnswer(listingAction(formPost("/listings/l1", { intent, payload: bad, back: "/shop/s9" }), context, "l1"))).toMatchObject({
        status: 400,
        data: { ok: false, intent, error: { code: "validation-failed", field: "payload" } },
      });
      expect(calls).toEqual([]);
    }
  });

  it("refuses a fix posted from another site (403) and sends nothing to the API", async () => {
    const { context, calls } = contextOf(fixed);
    expect(await actionAnswer(listingAction(formPost("/listings/l1", { intent: "fix", payload, back: "/shop/s9" }, "https://evil.example"), context, "l1"))).toMatchObject({
      status: 403,
      data: { code: "cross-origin" },
    });
    expect(calls).toEqual([]);
  });
});
