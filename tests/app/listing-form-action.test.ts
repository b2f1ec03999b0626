/**
 * The listing editor, a restore and "Facts we used" posted as documents (before the page ran or without
 * JavaScript, decision 0068): a button's `edit` changes the form on the server and writes nothing; a save
 * writes through the same API route as the page's JSON and lands on the listing saying so; a refusal
 * answers the form as posted with the API's words; another seller's listing is a 404.
 */
import { describe, expect, it } from "vitest";
import { contextOf, formPost, type Answer } from "./stub-context";
import { actionAnswer } from "../fixtures/action-answer";
import { listingAction } from "~/lib/listings.server";

const LISTING = { id: "l1", title: "Speckled stoneware mug", version: 4 };

function owner(path: string): Answer {
  if (path.startsWith("/listings/l1")) return { status: 200, body: { success: true, data: { listing: LISTING, ruleReport: { repaired: false }, restoredFrom: 2 } } };
  return { status: 404, body: { code: "not-found", message: "Listing not found" } };
}

const never = (path: string): Answer => {
  throw new Error(`no API call expected, got ${path}`);
};

const editor = (fields: Record<string, string | string[]>) => ({
  intent: "save",
  version: "4",
  platform: "etsy",
  title: "Speckled mug",
  description: "A mug.",
  tags: ["gift", "stoneware mug"],
  tagText: "",
  altTexts: ["Blue mug"],
  ...fields,
});

describe("the listing editor posted as a document", () => {
  it("adds the typed tag, removes a chip and adds or removes an alt text on the server, keeping every other field and writing nothing", async () => {
    const cases: [Record<string, string | string[]>, Record<string, unknown>][] = [
      [
        { edit: "addTag", tagText: "  handmade mug " },
        { tags: ["gift", "stoneware mug", "handmade mug"], tagText: "" },
      ],
      [
        { edit: "addTag", tagText: "GIFT" },
        { tags: ["gift", "stoneware mug"], tagText: "" },
      ],
      [{ edit: "enter", tagText: "mug" }, { tags: ["gift", "stoneware mug", "mug"] }],
      [{ edit: "removeTag:gift" }, { tags: ["stoneware mug"] }],
      [{ edit: "addAlt" }, { altTexts: ["Blue mug", ""] }],
      [{ edit: "removeAlt:0" }, { altTexts: [] }],
    ];
    for (const [fields, changed] of cases) {
      const { context, calls } = contextOf(never);
      const answer = await actionAnswer(listingAction(formPost("/listings/l1", editor(fields)), context, "l1"));
      expect(answer).toMatchObject({ status: 200, data: { ok: true, edit: "listing", draft: { title: "Speckled mug", description: "A mug.", version: 4, ...changed } } });
      expect(calls).toEqual([]);
    }
  });

  it("stops adding tags at the marketplace's 13", async () => {
    const { context } = contextOf(never);
    const thirteen = Array.from({ length: 13 }, (_, i) => `tag ${i + 1}`);
    const answer = await actionAnswer(listingAction(formPost("/listings/l1", editor({ edit: "addTag", tags: thirteen, tagText: "one more" })), context, "l1"));
    expect(answer).toMatchObject({ status: 200, data: { draft: { tags: thirteen } } });
  });

  it("saves the fields (Save, or Enter with no tag typed) through PUT /listings/:id and lands on the listing saying so", async () => {
    for (const fields of [{}, { edit: "enter" }] as Record<string, string>[]) {
      const { context, calls } = contextOf(owner);
      expect(await actionAnswer(listingAction(formPost("/listings/l1", editor(fields)), context, "l1"))).toEqual({ status: 302, location: "/listings/l1?saved=1" });
      expect(calls).toEqual([
        { path: "/listings/l1", init: { method: "PUT", body: { title: "Speckled mug", description: "A mug.", tags: ["gift", "stoneware mug"], altTexts: ["Blue mug"], version: 4 } } },
      ]);
    }
  });

  it("saves a tag typed but not added, drops empty alt texts, and overwrites a newer version only when asked", async () => {
    const { context, calls } = contextOf(owner);
    await listingAction(formPost("/listings/l1", editor({ tagText: "handmade mug", altTexts: ["Blue mug", "  "], overwrite: "6" })), context, "l1");
    expect(calls[0]!.init.body).toEqual({ title: "Speckled mug", description: "A mug.", tags: ["gift", "stoneware mug", "handmade mug"], altTexts: ["Blue mug"], version: 6 });
  });

  it("answers a refused save with the API's code, message and field and the form as posted; a conflict carries the listing as it is now", async () => {
    const refused = contextOf(() => ({ status: 400, body: { code: "validation-failed", message: "Title is required", field: "title" } }));
    expect(await actionAnswer(listingAction(formPost("/listings/l1", editor({ title: "  " })), refused.context, "l1"))).toMatchObject({
      status: 400,
      data: { ok: false, intent: "save", error: { code: "validation-failed", message: "Title is required", field: "title" }, draft: { title: "  ", tags: ["gift", "stoneware mug"] } },
    });
    const stale = contextOf(() => ({ status: 409, body: { code: "version-conflict", message: "Version conflict", listing: { ...LISTING, version: 5 } } }));
    expect(await actionAnswer(listingAction(formPost("/listings/l1", editor({})), stale.context, "l1"))).toMatchObject({
      status: 409,
      data: { ok: false, intent: "save", error: { code: "version-conflict", listing: { version: 5 } } },
    });
  });

  it("goes back to the listing on Cancel, and refuses an unknown edit with 400, writing nothing", async () => {
    const { context, calls } = contextOf(never);
    expect(await actionAnswer(listingAction(formPost("/listings/l1", editor({ edit: "cancel" })), context, "l1"))).toEqual({ status: 302, location: "/listings/l1" });
    expect(await actionAnswer(listingAction(formPost("/listings/l1", editor({ edit: "publish" })), context, "l1"))).toMatchObject({
      status: 400,
      data: { ok: false, intent: "save", error: { code: "validation-failed", field: "edit" } },
    });
    expect(calls).toEqual([]);
  });

  it("answers another seller's listing with 404, and refuses a post from another site with 403 before anything is read", async () => {
    const { context } = contextOf(owner);
    expect(await actionAnswer(listingAction(formPost("/listings/l9", editor({})), context, "l9"))).toMatchObject({ status: 404, data: { ok: false, error: { code: "not-found" } } });
    const cross = contextOf(never);
    expect(await actionAnswer(listingAction(formPost("/listings/l1", editor({}), "https://evil.example"), cross.context, "l1"))).toMatchObject({ status: 403 });
    expect(cross.calls).toEqual([]);
  });
});

describe("a restore and Facts we used posted as documents", () => {
  it("restores the version and lands on the listing naming the version that came back", async () => {
    const { context, calls } = contextOf(owner);
    const payload = JSON.stringify({ versionId: "v2", version: 4 });
    expect(await actionAnswer(listingAction(formPost("/listings/l1", { intent: "restore", payload, back: "/listings/l1" }), context, "l1"))).toEqual({
      status: 302,
      location: "/listings/l1?restored=2",
    });
    expect(calls).toEqual([{ path: "/listings/l1/versions/v2/restore", init: { method: "POST", body: { version: 4 } } }]);
  });

  it("adds and removes a fact on the server, saves the rows through PUT /listings/:id/facts and lands on them saying so", async () => {
    const rows = { intent: "facts", factKind: ["material", "size"], factValue: ["walnut", "40 x 25 cm"] };
    const added = contextOf(never);
    expect(await actionAnswer(listingAction(formPost("/listings/l1", { ...rows, edit: "addFact" }), added.context, "l1"))).toMatchObject({
      status: 200,
      data: {
        ok: true,
        edit: "facts",
        facts: [
          { kind: "material", value: "walnut" },
          { kind: "size", value: "40 x 25 cm" },
          { kind: "material", value: "" },
        ],
      },
    });
    expect(await actionAnswer(listingAction(formPost("/listings/l1", { ...rows, edit: "removeFact:0" }), added.context, "l1"))).toMatchObject({
      data: { facts: [{ kind: "size", value: "40 x 25 cm" }] },
    });
    expect(added.calls).toEqual([]);
    const { context, calls } = contextOf(owner);
    expect(await actionAnswer(listingAction(formPost("/listings/l1", { ...rows, factValue: [" walnut ", "40 x 25 cm"] }), context, "l1"))).toEqual({
      status: 302,
      location: "/listings/l1?facts=saved#facts",
    });
    expect(calls).toEqual([
      {
        path: "/listings/l1/facts",
        init: {
          method: "PUT",
          body: {
            facts: [
              { kind: "material", value: "walnut" },
              { kind: "size", value: "40 x 25 cm" },
            ],
          },
        },
      },
    ]);
  });

  it("answers refused facts with the API's words and the rows as posted", async () => {
    const { context } = contextOf(() => ({ status: 400, body: { code: "validation-failed", message: "A fact's value cannot be empty: remove the fact instead", field: "facts" } }));
    expect(await actionAnswer(listingAction(formPost("/listings/l1", { intent: "facts", factKind: ["material"], factValue: [""] }), context, "l1"))).toMatchObject({
      status: 400,
      data: { ok: false, intent: "facts", facts: [{ kind: "material", value: "" }], error: { field: "facts" } },
    });
  });
});

describe("a delete posted as a document", () => {
  it("needs no fields: the confirmed delete lands on My Listings saying so", async () => {
    const { context, calls } = contextOf(owner);
    expect(await actionAnswer(listingAction(formPost("/listings/l1", { intent: "delete", back: "/listings" }), context, "l1"))).toEqual({ status: 302, location: "/listings?deleted=1" });
    expect(calls).toEqual([{ path: "/listings/l1", init: { method: "DELETE" } }]);
  });
});
