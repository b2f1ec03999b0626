import { describe, expect, it } from "vitest";
import { contextOf, formPost, type Answer } from "./stub-context";
import { actionAnswer } from "../fixtures/action-answer";
import { createAction, generationAction, loadCreateScreen, loadGenerationScreen } from "~/lib/create.server";

const HEALTH = { success: true, providers: { llm: "offline-composer" }, providerLabels: { llm: "Offline composer" } };

function healthy(path: string): Answer {
  if (path === "/create-listing/quota") return { status: 200, body: { success: true, used: 3, limit: 10, plan: "free" } };
  if (path === "/health") return { status: 200, body: HEALTH };
  if (path === "/profile") return { status: 200, body: { success: true, storeName: "Moonlit Silver Studio" } };
  if (path === "/listings/generate/part") return { status: 200, body: { success: true, data: { part: "title", value: "New title", regenerationsLeft: 2 } } };
  if (path === "/workflow/etsy-listing") return { status: 200, body: { success: true, title: "Strawberry Keychain Crochet Pattern", description: "…", tags: [], altTexts: [] } };
  if (path === "/workflow/finish") return { status: 200, body: { success: true, data: { listing: { id: "l1" } } } };
  return { status: 404, body: { code: "not-found", message: "Not found" } };
}

describe("Create Listing at the edge", () => {
  it("reads today's quota and the listing writer, and opens the marketplace of the address", async () => {
    const { context } = contextOf(healthy);
    expect(await actionAnswer(loadCreateScreen(new Request("http://localhost/create?platform=ebay"), context))).toEqual({
      status: 200,
      data: {
        platform: "ebay",
        quota: { used: 3, limit: 10, plan: "free", remaining: 7 },
        writer: { name: "offline-composer", label: "Offline composer" },
        sentList: null,
        sentListMissing: false,
      },
    });
    // An unknown marketplace in the address is Etsy; a quota or health that cannot be read is null.
    const down = contextOf((path) => (path === "/health" || path.endsWith("/quota") ? { status: 503, body: {} } : healthy(path)));
    expect(await actionAnswer(loadCreateScreen(new Request("http://localhost/create?platform=shopify"), down.context))).toMatchObject({
      status: 200,
      data: { platform: "etsy", quota: null, writer: null },
    });
  });

  it("reads the saved keyword list the address sends (?list=), and answers 404 for one that is not the seller's", async () => {
    const list = { id: "kl1", name: "Mug ideas", count: 2, keywords: [{ keyword: "ceramic mug" }, { keyword: "coffee mug", popularity: 40 }] };
    const { context, calls } = contextOf((path) => (path === "/keyword-lists/kl1" ? { status: 200, body: { success: true, data: { list } } } : healthy(path)));
    const sent = await actionAnswer(loadCreateScreen(new Request("http://localhost/create?list=kl1"), context));
    expect(sent).toMatchObject({ status: 200, data: { sentList: { id: "kl1", name: "Mug ideas", keywords: list.keywords }, sentListMissing: false } });
    expect(calls.map((c) => c.path)).toContain("/keyword-lists/kl1");
    const foreign = contextOf((path) => (path.startsWith("/keyword-lists/") ? { status: 404, body: { code: "not-found", message: "Keyword list not found" } } : healthy(path)));
    expect(await actionAnswer(loadCreateScreen(new Request("http://localhost/create?list=theirs"), foreign.context))).toMatchObject({
      status: 404,
      data: { sentList: null, sentListMissing: true, quota: { used: 3 } },
    });
  });

  it("makes the rows ticked on the SEO screen without JavaScript (?keyword=, one each) the selected keywords", async () => {
    const { context, calls } = contextOf(healthy);
    const url = new URL("http://localhost/create");
    for (const value of [JSON.stringify({ keyword: "beeswax candle", popularity: 76, trend: "increasing" }), "soy candle", "  "]) url.searchParams.append("keyword", value);
    url.searchParams.set("source", "ticked");
    expect(await actionAnswer(loadCreateScreen(new Request(url), context))).toMatchObject({
      status: 200,
      data: { sentList: { id: "", keywords: [{ keyword: "beeswax candle", popularity: 76, trend: "increasing" }, { keyword: "soy candle" }] }, sentListMissing: false },
    });
    expect(calls.some((c) => c.path.startsWith("/keyword-lists"))).toBe(false);
  });

  it("generates a posted listing on the server (Generate without JavaScript) and sends the seller to it", async () => {
    const listing = { id: "l9", title: "Stoneware Coffee Mug" };
    const { context, calls } = contextOf((path) =>
      path === "/listings/generate"
        ? {
            status: 200,
            body: {
              events: [
                { type: "start", provider: "offline-composer" },
                { type: "part", part: "title", value: listing.title },
                { type: "done", listing },
              ],
            },
          }
        : healthy(path),
    );
    const form = { intent: "generate", description: "  A stoneware mug, 350 ml.  ", platform: "ebay", keyword: ["ceramic mug", " coffee mug ", "ceramic mug", ""] };
    const answer = (await createAction(formPost("/create", form), context)) as Response;
    expect(answer.status).toBe(302);
    expect(answer.headers.get("Location")).toBe("/listings/l9");
    // The posted keywords, trimmed and once each; the description as the API trims it.
    expect(calls).toEqual([{ path: "/listings/generate", init: { body: { description: "A stoneware mug, 350 ml.", keywords: ["ceramic mug", "coffee mug"], platform: "ebay" } } }]);
  });

  it("answers a refused generation with the form as posted: an empty description (nothing sent), the quota's 403, the stream's error", async () => {
    const empty = contextOf(healthy);
    expect(await actionAnswer(createAction(formPost("/create", { intent: "generate", description: "   ", keyword: "mug" }), empty.context))).toMatchObject({
      status: 400,
      data: {
        ok: false,
        intent: "generate",
        error: { code: "validation-failed", message: "Please enter a product description", field: "description" },
        form: { description: "   ", keywords: ["mug"], platform: "etsy" },
      },
    });
    expect(empty.calls).toEqual([]);

    const quota = { used: 10, limit: 10, plan: "free" };
    const spent = contextOf(() => ({ status: 403, body: { code: "quota-exhausted", message: "Daily quota reached", quota } }));
    expect(await actionAnswer(createAction(formPost("/create", { intent: "generate", description: "A mug" }), spent.context))).toMatchObject({
      status: 403,
      data: { ok: false, intent: "generate", error: { code: "quota-exhausted", quota }, form: { description: "A mug" } },
    });

    const failing = contextOf(() => ({
      status: 200,
      body: { events: [{ type: "start" }, { type: "error", status: 502, code: "upstream-error", message: "Failed to generate listing. Please try again.", detail: "Workers AI failed (3040)" }] },
    }));
    expect(await actionAnswer(createAction(formPost("/create", { intent: "generate", description: "A mug" }), failing.context))).toMatchObject({
      status: 502,
      data: { ok: false, error: { code: "upstream-error", message: "Failed to generate listing. Please try again.", detail: "Workers AI failed (3040)" } },
    });

    const cut = contextOf(() => ({ status: 200, body: { events: [{ type: "start" }, { type: "part", part: "title", value: "Half" }] } }));
    expect(await actionAnswer(createAction(formPost("/create", { intent: "generate", description: "A mug" }), cut.context))).toMatchObject({
      status: 502,
      data: { ok: false, error: { message: "Failed to generate listing. Please try again." } },
    });
  });

  it("regenerates one part of the seller's fresh listing through the API", async () => {
    const { context, calls } = contextOf(healthy);
    const answer = await actionAnswer(createAction(formPost("/create", { intent: "regenerate", listingId: "l1", part: "title" }), context));
    expect(answer).toMatchObject({ status: 200, data: { ok: true, intent: "regenerate", result: { value: "New title", regenerationsLeft: 2 } } });
    expect(calls).toEqual([{ path: "/listings/generate/part", init: { body: { listingId: "l1", part: "title" } } }]);
  });

  it("refuses a form without a listing or with an unknown part (400, nothing sent), and another seller's listing is the API's 404", async () => {
    const { context, calls } = contextOf(healthy);
    expect(await actionAnswer(createAction(formPost("/create", { intent: "regenerate", part: "title" }), context))).toMatchObject({
      status: 400,
      data: { error: { code: "validation-failed", field: "listingId" } },
    });
    expect(await actionAnswer(createAction(formPost("/create", { intent: "regenerate", listingId: "l1", part: "price" }), context))).toMatchObject({
      status: 400,
      data: { error: { message: "part must be one of: title, description, tags, altTexts, bullets, searchTerms, itemSpecifics" } },
    });
    expect(await actionAnswer(createAction(formPost("/create", { intent: "publish" }), context))).toMatchObject({ status: 400, data: { error: { message: "Unknown change on Create Listing" } } });
    expect(calls).toEqual([]);
    const foreign = contextOf(() => ({ status: 404, body: { code: "not-found", message: "Listing not found" } }));
    expect(await actionAnswer(createAction(formPost("/create", { intent: "regenerate", listingId: "someone-elses", part: "title" }), foreign.context))).toMatchObject({
      status: 404,
      data: { ok: false, error: { code: "not-found", message: "Listing not found" } },
    });
  });

  it("answers the Generate form's own edits without JavaScript: a keyword added (trimmed, once in any case), one removed, a prompt used; nothing is sent or spent", async () => {
    const { context, calls } = contextOf(healthy);
    const form = { intent: "generate", description: "A stoneware mug", platform: "amazon", keyword: ["ceramic mug", " Coffee Mug ", "ceramic mug", ""] };
    expect(await actionAnswer(createAction(formPost("/create", { ...form, edit: "add", newKeyword: "  speckled mug " }), context))).toEqual({
      status: 200,
      data: { ok: true, intent: "edit", form: { description: "A stoneware mug", platform: "amazon", keywords: ["ceramic mug", "Coffee Mug", "speckled mug"] } },
    });
    // Already selected (any case), or empty: the selection is unchanged.
    for (const newKeyword of ["CERAMIC MUG", "   "]) {
      expect(await actionAnswer(createAction(formPost("/create", { ...form, edit: "add", newKeyword }), context))).toMatchObject({
        status: 200,
        data: { form: { keywords: ["ceramic mug", "Coffee Mug"] } },
      });
    }
    expect(await actionAnswer(createAction(formPost("/create", { ...form, edit: "remove:coffee mug" }), context))).toMatchObject({ status: 200, data: { form: { keywords: ["ceramic mug"] } } });
    expect(await actionAnswer(createAction(formPost("/create", { ...form, edit: "prompt:3" }), context))).toEqual({
      status: 200,
      data: { ok: true, intent: "edit", prompt: 3, form: { description: "A stoneware mug", platform: "amazon", keywords: ["ceramic mug", "Coffee Mug"] } },
    });
    // An unknown edit, or a prompt that is not one of the five: a clear 400.
    for (const edit of ["rename", "prompt:6", "prompt:0", ""]) {
      expect(await actionAnswer(createAction(formPost("/create", { ...form, edit }), context))).toMatchObject({
        status: 400,
        data: { error: { message: "Unknown change on Create Listing", field: "edit" } },
      });
    }
    expect(calls).toEqual([]);
  });

  it("refuses a post from another site with 403 and sends nothing to the API", async () => {
    const { context, calls } = contextOf(healthy);
    const forms: Record<string, string>[] = [
      { intent: "regenerate", listingId: "l1", part: "title" },
      { intent: "generate", description: "A mug" },
      { intent: "generate", description: "A mug", edit: "add", newKeyword: "mug" },
    ];
    for (const form of forms) {
      expect(await actionAnswer(createAction(formPost("/create", form, "https://evil.example"), context))).toMatchObject({
        status: 403,
        data: { code: "cross-origin" },
      });
    }
    expect(calls).toEqual([]);
  });
});

describe("the wizard's listing step at the edge", () => {
  it("reads the store name, today's quota and the writer", async () => {
    const { context } = contextOf(healthy);
    expect(await loadGenerationScreen(new Request("http://localhost/listing-generation"), context)).toEqual({
      storeName: "Moonlit Silver Studio",
      quota: { used: 3, limit: 10, plan: "free", remaining: 7 },
      writer: { name: "offline-composer", label: "Offline composer" },
    });
  });

  it("writes the draft's listing with the browser's request id, and finishes it", async () => {
    const { context, calls } = contextOf(healthy);
    const written = await actionAnswer(
      generationAction(
        formPost("/listing-generation", { intent: "write", requestId: "req-12345678", input: "# Strawberry Keychain", pdfFileId: "", options: JSON.stringify({ craft: "crochet" }) }),
        context,
      ),
    );
    expect(written).toMatchObject({ status: 200, data: { ok: true, intent: "write", result: { title: "Strawberry Keychain Crochet Pattern" } } });
    expect(calls[0]).toEqual({
      path: "/workflow/etsy-listing",
      init: {
        body: { input: { pdfContent: "# Strawberry Keychain", pdfFileId: undefined }, options: { craft: "crochet" }, featureKey: "create-listing" },
        headers: { "X-Request-ID": "req-12345678" },
      },
    });
    const finished = await actionAnswer(
      generationAction(formPost("/listing-generation", { intent: "finish", requestId: "req-87654321", listing: JSON.stringify({ title: "T", description: "D", tags: [], altTexts: [] }) }), context),
    );
    expect(finished).toMatchObject({ status: 200, data: { ok: true, intent: "finish", result: { data: { listing: { id: "l1" } } } } });
    expect(calls[1]).toMatchObject({ path: "/workflow/finish", init: { body: { title: "T" }, headers: { "X-Request-ID": "req-87654321" } } });
  });

  it("answers the quota-exhausted 403 with its quota, and any other failure with its status and message", async () => {
    const exhausted = contextOf(() => ({ status: 403, body: { code: "quota-exhausted", message: "Daily limit reached", quota: { used: 10, limit: 10, plan: "free" } } }));
    expect(await actionAnswer(generationAction(formPost("/listing-generation", { intent: "write", requestId: "req-12345678", input: "# Pattern" }), exhausted.context))).toMatchObject({
      status: 403,
      data: { ok: false, error: { code: "quota-exhausted", quota: { used: 10, limit: 10 } } },
    });
    const broken = contextOf(() => ({ status: 502, body: { code: "provider-failed", message: "Etsy listing could not be generated. Workers AI failed" } }));
    expect(await actionAnswer(generationAction(formPost("/listing-generation", { intent: "write", requestId: "req-12345678", input: "# Pattern" }), broken.context))).toMatchObject({
      status: 502,
      data: { error: { message: "Etsy listing could not be generated. Workers AI failed" } },
    });
  });

  it("refuses a malformed request id, an empty draft, a missing listing and an unknown intent with a clear 400", async () => {
    const { context, calls } = contextOf(healthy);
    const cases: [Record<string, string>, string][] = [
      [{ intent: "write", requestId: "x", input: "# Pattern" }, "The request id is missing or malformed"],
      [{ intent: "write", requestId: "req-12345678", input: "   " }, "There is no formatted pattern to write a listing from"],
      [{ intent: "finish", requestId: "req-12345678", listing: "not json" }, "There is no listing to finish"],
      [{ intent: "publish", requestId: "req-12345678" }, "Unknown change on the listing step"],
    ];
    for (const [fields, message] of cases) {
      expect(await actionAnswer(generationAction(formPost("/listing-generation", fields), context))).toMatchObject({ status: 400, data: { error: { code: "validation-failed", message } } });
    }
    expect(calls).toEqual([]);
  });

  it("refuses a post from another site with 403 and spends nothing", async () => {
    const { context, calls } = contextOf(healthy);
    expect(await actionAnswer(generationAction(formPost("/listing-generation", { intent: "write", requestId: "req-12345678", input: "# Pattern" }, "https://evil.example"), context))).toMatchObject({
      status: 403,
      data: { code: "cross-origin" },
    });
    expect(calls).toEqual([]);
  });
});
