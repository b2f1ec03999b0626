/**
 * The SEO table's All/Selected filter and Download CSV posted as documents (without JavaScript, or
 * before the page ran; decision 0074): the ticked plain boxes are the selection, a filter or page post
 * shows the search on screen (not a product name typed since), and the CSV is made from the day's keyword
 * cache only, as the same file the browser makes, never spending a search.
 */
import { describe, expect, it } from "vitest";
import type { ApiCallInit } from "../../shared/session";
import type { KeywordSuggestion } from "../../schema/api/keywords";
import { contextOf, formPost, type Answer } from "./stub-context";
import { actionAnswer } from "../fixtures/action-answer";
import { keywordCsvFile, tableView, toRows } from "~/components/keywords/keyword-model";
import { tickedRows, toSavedKeyword } from "~/components/keywords/saved-keywords";
import { seoKeywordsCsv } from "~/lib/keyword-csv.server";
import { loadSeoKeywords, seoKeywordsAction } from "~/lib/keywords.server";

const KEYWORDS: KeywordSuggestion[] = [
  { id: "k1", keyword: "silver ring", popularity: 80, competition: 0.6, trend: "increasing", popularitySource: "sample", competitionSource: "sample" },
  { id: "k2", keyword: "dainty ring", popularity: 55, competition: 0.3, trend: "stable", popularitySource: "sample", competitionSource: "sample" },
  { id: "k3", keyword: '=HYPERLINK("http://x")', popularity: 40, competition: 0.2, trend: "declining", popularitySource: "sample", competitionSource: "sample" },
  { id: "k4", keyword: 'ring, "stacking"', popularity: 70, competition: 0.9, trend: "stable", popularitySource: "sample", competitionSource: "sample" },
];
const RESULT = { keywords: KEYWORDS, error: true, source: "sample", fallbackReason: null, fromCache: true, lastUpdated: "2026-11-27T09:00:00Z", platform: "etsy", country: "US", category: null };
const ROWS = toRows(KEYWORDS);
const SHOWN = { productName: "silver ring", category: "", country: "US", platform: "etsy" };

/** The API of a day that has "silver ring" (US, Etsy, any category) in its keyword cache; lists are u1's. */
function cached(path: string, init: ApiCallInit): Answer {
  if (path.startsWith("/keywords?")) {
    const query = new URLSearchParams(path.split("?")[1]);
    if (query.get("product_name") !== "silver ring") return { status: 409, body: { code: "not-cached", message: "This search is not in the keyword cache" } };
    return { status: 200, body: { success: true, data: RESULT } };
  }
  if (path === "/keyword-lists/theirs") return { status: 404, body: { code: "not-found", message: "Keyword list not found" } };
  if (path === "/keyword-lists" && init.body) return { status: 201, body: { success: true, data: { list: { id: "l9", name: "Rings", count: 2, createdAt: "", updatedAt: "", keywords: [] } } } };
  return { status: 404, body: { code: "not-found", message: "Not found" } };
}

const tick = (...ids: string[]) => ids.map((id) => JSON.stringify(toSavedKeyword(ROWS.find((r) => r.id === id)!)));

/** The search form as the page posts it without JavaScript: its fields, the results' hidden fields, the ticked boxes and the pressed button. */
const page = (fields: Record<string, string | string[]>) => ({
  intent: "search",
  product_name: "silver ring",
  category: "any",
  country: "US",
  platform: "etsy",
  view_sort_current: "",
  view_filter_current: "all",
  view_search: JSON.stringify(SHOWN),
  source: "ticked",
  name: "",
  ...fields,
});

/** The file as it is written to disk: its bytes as UTF-8, the byte-order mark kept (Response.text() drops it). */
const bytesOf = async (response: Response) => new TextDecoder("utf-8", { ignoreBOM: true }).decode(await response.arrayBuffer());

async function csvOf(response: Response) {
  return { status: response.status, type: response.headers.get("Content-Type"), disposition: response.headers.get("Content-Disposition"), text: await bytesOf(response) };
}

describe("Download CSV posted without JavaScript", () => {
  it("answers the whole search as the browser's file (sorted as the table, ticked rows marked, formulas neutralised) from the cache only", async () => {
    const { context, calls } = contextOf(cached);
    const response = (await seoKeywordsCsv(formPost("/seo-keywords/csv", page({ intent: ["search", "csv"], keyword: tick("k2"), view_sort_current: "popularity:descending" })), context)) as Response;
    const file = await csvOf(response);
    const expected = keywordCsvFile(tableView(ROWS, tickedRows(ROWS, ["dainty ring"]), { key: "popularity", direction: "descending" }).all, {
      searched: "silver ring",
      country: "US",
      platform: "etsy",
    });
    expect(file).toEqual({ status: 200, type: "text/csv; charset=utf-8", disposition: 'attachment; filename="keywords-silver-ring-us-etsy.csv"', text: expected.text });
    const lines = file.text
      .replace(/^\uFEFF/, "")
      .trimEnd()
      .split("\r\n");
    expect(file.text.startsWith("\uFEFF")).toBe(true);
    expect(lines.map((line) => line.split(",")[0])).toEqual(["keyword", "silver ring", '"ring', "dainty ring", '"\'=HYPERLINK(""http://x"")"']);
    expect(lines[3]).toContain(",yes,");
    expect(lines.filter((line) => line.includes(",yes,"))).toHaveLength(1);
    // One read, and only from the cache: it spends nothing.
    expect(calls.map((c) => c.path)).toEqual(["/keywords?product_name=silver+ring&country=US&platform=etsy&cached_only=1"]);
  });

  it("answers only the ticked rows when the table shows Selected, and the search on screen even after another product name was typed", async () => {
    const { context, calls } = contextOf(cached);
    const response = (await seoKeywordsCsv(
      formPost("/seo-keywords/csv", page({ intent: ["search", "csv"], product_name: "brass lamp", keyword: tick("k4", "k1"), view_filter_current: "selected" })),
      context,
    )) as Response;
    const lines = (await response.text()).trimEnd().split("\r\n");
    expect(lines.slice(1).map((line) => line.split(",")[0])).toEqual(["silver ring", '"ring']);
    expect(calls[0]!.path).toContain("product_name=silver+ring");
  });

  it("makes no file and spends nothing when the search is no longer cached: the screen says so with that search in its form", async () => {
    const { context, calls } = contextOf(cached);
    const gone = { productName: "oak shelf", category: "decor", country: "GB", platform: "ebay" };
    const answer = await actionAnswer(seoKeywordsCsv(formPost("/seo-keywords/csv", page({ intent: ["search", "csv"], view_search: JSON.stringify(gone) })), context));
    expect(answer).toEqual({ status: 303, location: "/seo-keywords?csv=not-cached&product_name=oak+shelf&category=decor&country=GB&platform=ebay" });
    expect(calls).toHaveLength(1);
    expect(calls[0]!.path).toContain("cached_only=1");

    const loaded = await actionAnswer(loadSeoKeywords(new Request(`http://localhost${answer.location}`), contextOf(() => ({ status: 200, body: { success: true, data: { lists: [] } } })).context));
    expect(loaded.data).toMatchObject({ csvNotCached: gone });
  });

  it("refuses a post that is not the CSV button's with 400 and says why, and another site's post with 403 before anything is read", async () => {
    for (const intent of [["search"], ["search", "export"], []]) {
      const { context, calls } = contextOf(cached);
      const response = (await seoKeywordsCsv(formPost("/seo-keywords/csv", page({ intent })), context)) as Response;
      expect(response.status).toBe(400);
      expect(await response.json()).toEqual({ success: false, code: "validation-failed", message: "Unknown action for the keyword CSV download" });
      expect(calls).toEqual([]);
    }
    const cross = contextOf(cached);
    expect(await actionAnswer(seoKeywordsCsv(formPost("/seo-keywords/csv", page({ intent: ["search", "csv"] }), "https://evil.example"), cross.context))).toMatchObject({
      status: 403,
      data: { code: "cross-origin" },
    });
    expect(cross.calls).toEqual([]);
  });
});

describe("the All/Selected filter posted without JavaScript", () => {
  it("answers the search on screen with the filter, from page 1 with the sort kept, and the ticked boxes as the selection", async () => {
    const { context, calls } = contextOf(cached);
    const answer = await actionAnswer(
      seoKeywordsAction(formPost("/seo-keywords", page({ product_name: "brass lamp", view_filter: "selected", view_sort_current: "keyword:ascending", keyword: tick("k2", "k1") })), context),
    );
    expect(answer).toMatchObject({
      status: 200,
      data: { ok: true, intent: "search", form: SHOWN, view: { page: 1, sort: { key: "keyword", direction: "ascending" }, filter: "selected" }, ticked: ["dainty ring", "silver ring"] },
    });
    expect(calls.map((c) => c.path)).toEqual(["/keywords?product_name=silver+ring&country=US&platform=etsy"]);

    // A page of the Selected view keeps the filter; All goes back to every row; nothing ticked is an empty selection.
    const paged = await actionAnswer(seoKeywordsAction(formPost("/seo-keywords", page({ view_page: "2", view_filter_current: "selected", keyword: tick("k1") })), contextOf(cached).context));
    expect(paged.data).toMatchObject({ view: { page: 2, sort: null, filter: "selected" }, ticked: ["silver ring"] });
    const all = await actionAnswer(seoKeywordsAction(formPost("/seo-keywords", page({ view_filter: "all", view_filter_current: "selected" })), contextOf(cached).context));
    expect(all.data).toMatchObject({ view: { page: 1, filter: "all" }, ticked: [] });
  });

  it("saves the ticked rows with a Save button of the search form (its intent wins over the form's search) and keeps another seller's list unreachable", async () => {
    const { context, calls } = contextOf(cached);
    const created = await actionAnswer(seoKeywordsAction(formPost("/seo-keywords", page({ intent: ["search", "create"], name: "Rings", keyword: tick("k1", "k2") })), context));
    expect(created).toMatchObject({ status: 201, data: { ok: true, intent: "create", list: { id: "l9" } } });
    expect(calls).toEqual([{ path: "/keyword-lists", init: { body: { name: "Rings", keywords: [toSavedKeyword(ROWS[0]!), toSavedKeyword(ROWS[1]!)] } } }]);

    const theirs = contextOf(cached);
    const added = await actionAnswer(seoKeywordsAction(formPost("/seo-keywords", page({ intent: ["search", "add"], id: "theirs", keyword: tick("k1") })), theirs.context));
    expect(added).toMatchObject({ status: 404, data: { ok: false, intent: "add", error: { code: "not-found" } } });
    expect(theirs.calls.map((c) => c.init.method ?? "GET")).toEqual(["GET"]);
  });

  it("refuses an unknown intent with 400 and says so, and another site's filter post with 403", async () => {
    const { context } = contextOf(cached);
    expect(await actionAnswer(seoKeywordsAction(formPost("/seo-keywords", page({ intent: ["search", "csv"] })), context))).toMatchObject({
      status: 400,
      data: { ok: false, error: { code: "validation-failed", message: "Unknown action for the keyword screen", field: "intent" } },
    });
    const cross = contextOf(cached);
    expect(await actionAnswer(seoKeywordsAction(formPost("/seo-keywords", page({ view_filter: "selected" }), "https://evil.example"), cross.context))).toMatchObject({ status: 403 });
    expect(cross.calls).toEqual([]);
  });
});
