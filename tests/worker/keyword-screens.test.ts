/**
 * The keyword screens' loaders and actions (decision 0050) run as React Router runs them at the edge:
 * with the load context the Worker makes for a page request (the session cookie's user, the API's
 * routes in process), against the real D1 and quota. What a seller would notice: the saved lists are
 * there on arrival, a search or an analysis spends a unit only when posted, a refused form says why
 * with a 4xx, another seller's list is not reachable, and a post from another site is refused.
 */
import { createExecutionContext, env } from "cloudflare:test";
import type { AppLoadContext } from "react-router";
import { describe, expect, it } from "vitest";
import type { KeywordList } from "../../schema/api/keyword-lists";
import { SESSION_COOKIE } from "../../shared/session";
import { appContext } from "../../worker/app-context";
import type { AnalysisAnswer } from "~/lib/api/advanced";
import type { SeoActionAnswer, SeoLoaderData } from "~/lib/keyword-actions";
import { advancedKeywordsAction, loadAdvancedKeywords, loadSeoKeywords, seoKeywordsAction } from "~/lib/keywords.server";
import { api, registerUser } from "./helpers";

const SITE = "http://localhost:8787";

/** A page request of `path` signed in by the session cookie: a GET, or a form post from `origin`. */
function pageRequest(path: string, token: string | null, form?: Record<string, string>, origin: string | null = SITE) {
  const headers: Record<string, string> = token ? { Cookie: `${SESSION_COOKIE}=${token}` } : {};
  if (!form) return new Request(`${SITE}${path}`, { headers });
  if (origin) headers.Origin = origin;
  return new Request(`${SITE}${path}`, { method: "POST", headers, body: new URLSearchParams(form) });
}

/** What the route hands the loader or action: the request and the load context the Worker builds for it. */
function routeArgs(request: Request) {
  return [request, { listora: appContext(request, env, createExecutionContext()) } as unknown as AppLoadContext] as const;
}

/** A loader's or action's `data(…)` answer: its value and status (200 when none is set). */
function unwrap<T>(result: unknown): { status: number; value: T } {
  const answer = result as { type?: string; data: T; init?: { status?: number } | null };
  if (answer && answer.type === "DataWithResponseInit") return { status: answer.init?.status ?? 200, value: answer.data };
  return { status: 200, value: result as T };
}

const seoLoad = async (path: string, token: string | null) => unwrap<SeoLoaderData>(await loadSeoKeywords(...routeArgs(pageRequest(path, token))));
const seoPost = async (token: string, form: Record<string, string>, origin?: string | null) =>
  unwrap<SeoActionAnswer>(await seoKeywordsAction(...routeArgs(pageRequest("/seo-keywords", token, form, origin))));
const analyse = async (token: string, form: Record<string, string>) => unwrap<AnalysisAnswer>(await advancedKeywordsAction(...routeArgs(pageRequest("/advanced-keywords", token, form))));

async function used(token: string, feature: "seo-analysis" | "advanced-keywords") {
  // SPEC §7: the SEO quota answers `used` at the top, the advanced one `data.currentUsage`.
  const body = await (await api(`/${feature}/quota`, { token })).json<{ used?: number; data?: { currentUsage: number } }>();
  return body.used ?? body.data?.currentUsage;
}

async function saveList(token: string, name: string, keywords: string[]) {
  const res = await api("/keyword-lists", { method: "POST", token, body: { name, keywords: keywords.map((keyword) => ({ keyword })) } });
  return (await res.json<{ data: { list: KeywordList } }>()).data.list;
}

/** What a thrown answer (a redirect or a refused post) stands for. */
async function thrown(work: Promise<unknown>) {
  try {
    await work;
  } catch (error) {
    return error as { status?: number; headers?: Headers; init?: { status?: number }; data?: { code?: string; message?: string } };
  }
  throw new Error("expected the loader or action to throw");
}

describe("the SEO screen's loader", () => {
  it("reads the seller's saved lists, and the list the address opens with its keywords, without spending a search", async () => {
    const { token } = await registerUser();
    const rings = await saveList(token, "Spring rings", ["silver ring", "dainty ring"]);
    await saveList(token, "Mugs", ["ceramic mug"]);

    const first = await seoLoad("/seo-keywords", token);
    expect(first.status).toBe(200);
    expect(first.value.lists?.map((l) => [l.name, l.count]).sort()).toEqual([
      ["Mugs", 1],
      ["Spring rings", 2],
    ]);
    expect(first.value.openList).toBeNull();

    const opened = await seoLoad(`/seo-keywords?list=${rings.id}`, token);
    expect(opened.value.openList?.keywords.map((k) => k.keyword)).toEqual(["silver ring", "dainty ring"]);
    expect(opened.value.openListMissing).toBe(false);
    expect(await used(token, "seo-analysis")).toBe(0);
  });

  it("answers 404 for another seller's list (or one that never existed) and shows none of its keywords", async () => {
    const owner = await registerUser();
    const theirs = await saveList(owner.token, "Secret ideas", ["private phrase"]);
    const { token } = await registerUser();
    for (const id of [theirs.id, "no-such-list"]) {
      const answer = await seoLoad(`/seo-keywords?list=${id}`, token);
      expect(answer.status).toBe(404);
      expect(answer.value).toMatchObject({ openList: null, openListMissing: true, lists: [] });
      expect(JSON.stringify(answer.value)).not.toContain("private phrase");
    }
  });

  it("sends a signed-out visitor to /login, carrying the address", async () => {
    const redirect = await thrown(loadSeoKeywords(...routeArgs(pageRequest("/seo-keywords?list=x", null))));
    expect(redirect.status).toBe(302);
    expect(redirect.headers?.get("Location")).toBe(`/login?redirectTo=${encodeURIComponent("/seo-keywords?list=x")}`);
  });
});

describe("the SEO screen's action", () => {
  it("searches when the form is posted, spending one unit; reading the screen again spends nothing", async () => {
    const { token } = await registerUser();
    const answer = await seoPost(token, { intent: "search", product_name: "beeswax candle", category: "any", country: "GB", platform: "etsy" });
    expect(answer.status).toBe(200);
    if (!answer.value.ok || answer.value.intent !== "search") throw new Error("expected a search result");
    expect(answer.value.form).toEqual({ productName: "beeswax candle", category: "", country: "GB", platform: "etsy" });
    expect(answer.value.result.keywords.length).toBeGreaterThanOrEqual(12);
    expect(answer.value.result.country).toBe("GB");
    expect(await used(token, "seo-analysis")).toBe(1);
    await seoLoad("/seo-keywords", token);
    await seoLoad("/seo-keywords", token);
    expect(await used(token, "seo-analysis")).toBe(1);
  });

  it("refuses a search without a product name with 400 and the SPEC's message, spending nothing", async () => {
    const { token } = await registerUser();
    const answer = await seoPost(token, { intent: "search", product_name: "   ", country: "US", platform: "etsy" });
    expect(answer.status).toBe(400);
    expect(answer.value).toMatchObject({ ok: false, intent: "search", error: { code: "validation-failed", message: "Product name is required", field: "product_name" } });
    expect(await used(token, "seo-analysis")).toBe(0);
  });

  it("answers the 11th new search of the day with 403 and the plan's limit", async () => {
    const { token } = await registerUser();
    for (let i = 1; i <= 10; i += 1) expect((await seoPost(token, { intent: "search", product_name: `quota probe ${i}` })).status).toBe(200);
    const refused = await seoPost(token, { intent: "search", product_name: "quota probe 11" });
    expect(refused.status).toBe(403);
    expect(refused.value).toMatchObject({ ok: false, intent: "search", error: { code: "quota-exhausted", quota: { limit: 10, plan: "free" } } });
  });

  it("saves a list, adds keywords to it without doubles, renames it and deletes it", async () => {
    const { token } = await registerUser();
    const created = await seoPost(token, { intent: "create", name: "Candles", keywords: JSON.stringify([{ keyword: "beeswax candle", popularity: 60 }, { keyword: "soy candle" }]) });
    expect(created.status).toBe(201);
    if (!created.value.ok || created.value.intent !== "create") throw new Error("expected a saved list");
    const id = created.value.list.id;
    expect(created.value.list).toMatchObject({ name: "Candles", count: 2 });

    const added = await seoPost(token, { intent: "add", id, keywords: JSON.stringify([{ keyword: "Soy  Candle" }, { keyword: "taper candle" }]) });
    expect(added.value).toMatchObject({ ok: true, intent: "add", list: { id, count: 3 } });
    const renamed = await seoPost(token, { intent: "rename", id, name: "  Candle ideas " });
    expect(renamed.value).toMatchObject({ ok: true, intent: "rename", list: { id, name: "Candle ideas" } });
    const opened = await seoLoad(`/seo-keywords?list=${id}`, token);
    expect(opened.value.openList?.keywords.map((k) => k.keyword)).toEqual(["beeswax candle", "soy candle", "taper candle"]);
    expect(opened.value.openList?.keywords[0].popularity).toBe(60);

    const deleted = await seoPost(token, { intent: "delete", id, name: "Candle ideas" });
    expect(deleted.value).toMatchObject({ ok: true, intent: "delete", id });
    expect((await seoLoad("/seo-keywords", token)).value.lists).toEqual([]);
  });

  it("saves the rows ticked without JavaScript (one keyword field each) to a new list or an existing one, and refuses a save with none ticked", async () => {
    const { token } = await registerUser();
    const ticked = (fields: [string, string][]) => {
      const body = new URLSearchParams([["source", "ticked"], ...fields]);
      const request = new Request(`${SITE}/seo-keywords`, { method: "POST", headers: { Cookie: `${SESSION_COOKIE}=${token}`, Origin: SITE }, body });
      return seoKeywordsAction(...routeArgs(request)).then((answer) => unwrap<SeoActionAnswer>(answer));
    };
    const created = await ticked([
      ["intent", "create"],
      ["name", "Candles"],
      ["keyword", JSON.stringify({ keyword: "beeswax candle", popularity: 60, competition: 0.3, trend: "increasing" })],
      ["keyword", "soy candle"],
    ]);
    expect(created.status).toBe(201);
    if (!created.value.ok || created.value.intent !== "create") throw new Error("expected a saved list");
    const id = created.value.list.id;
    const added = await ticked([
      ["intent", "add"],
      ["id", id],
      ["name", ""],
      ["keyword", JSON.stringify({ keyword: "Soy candle" })],
      ["keyword", "taper candle"],
    ]);
    expect(added.value).toMatchObject({ ok: true, intent: "add", list: { id, count: 3 } });
    const opened = (await seoLoad(`/seo-keywords?list=${id}`, token)).value.openList;
    expect(opened?.keywords.map((k) => k.keyword)).toEqual(["beeswax candle", "soy candle", "taper candle"]);
    expect(opened?.keywords[0]).toMatchObject({ popularity: 60, trend: "increasing" });

    for (const intent of ["create", "add"]) {
      const none = await ticked([
        ["intent", intent],
        ["name", "Empty"],
        ["id", id],
      ]);
      expect(none.status, intent).toBe(400);
      expect(none.value, intent).toMatchObject({ ok: false, error: { code: "validation-failed", message: "Tick the keywords to save first", field: "keywords" } });
    }
    expect((await seoLoad("/seo-keywords", token)).value.lists?.map((l) => l.name)).toEqual(["Candles"]);
  });

  it("says which list a refused rename was for, with the name it was given (the page posted without JavaScript shows it under that list)", async () => {
    const { token } = await registerUser();
    const mugs = await saveList(token, "Mugs", ["ceramic mug"]);
    await saveList(token, "Cups", ["tea cup"]);
    const taken = await seoPost(token, { intent: "rename", id: mugs.id, name: "cups" });
    expect(taken.status).toBe(409);
    expect(taken.value).toMatchObject({ ok: false, intent: "rename", id: mugs.id, name: "cups", error: { code: "conflict" } });
    const empty = await seoPost(token, { intent: "rename", id: mugs.id, name: " " });
    expect(empty.value).toMatchObject({ ok: false, intent: "rename", id: mugs.id, error: { message: "List name is required" } });
  });

  it("refuses bad lists with a 4xx and the reason: no name, a taken name, keywords that are not a list, too many, an unknown intent", async () => {
    const { token } = await registerUser();
    const noName = await seoPost(token, { intent: "create", name: " ", keywords: "[]" });
    expect(noName.status).toBe(400);
    expect(noName.value).toMatchObject({ ok: false, error: { code: "validation-failed", message: "List name is required" } });

    const mugs = await saveList(token, "Mugs", ["ceramic mug"]);
    const taken = await seoPost(token, { intent: "create", name: "mugs", keywords: "[]" });
    expect(taken.status).toBe(409);
    expect(taken.value).toMatchObject({ ok: false, error: { code: "conflict" } });
    if (taken.value.ok) return;
    expect(taken.value.error.message).toContain("You already have a list named");

    const notAList = await seoPost(token, { intent: "add", id: mugs.id, keywords: "{oops" });
    expect(notAList.status).toBe(400);
    expect(notAList.value).toMatchObject({ ok: false, error: { message: "Keywords must be a list", field: "keywords" } });

    const many = JSON.stringify(Array.from({ length: 200 }, (_, i) => ({ keyword: `phrase ${i}` })));
    const tooMany = await seoPost(token, { intent: "add", id: mugs.id, keywords: many });
    expect(tooMany.status).toBe(400);
    expect(tooMany.value).toMatchObject({ ok: false, error: { message: "A list can hold at most 200 keywords", field: "keywords" } });
    expect((await seoLoad(`/seo-keywords?list=${mugs.id}`, token)).value.openList?.count).toBe(1);

    const noId = await seoPost(token, { intent: "rename", name: "x" });
    expect(noId.status).toBe(400);
    const unknown = await seoPost(token, { intent: "drop-table" });
    expect(unknown.status).toBe(400);
    expect(unknown.value).toMatchObject({ ok: false, intent: null, error: { code: "validation-failed", field: "intent" } });
  });

  it("cannot reach another seller's list: adding, renaming or deleting it is a 404 and leaves it as it was", async () => {
    const owner = await registerUser();
    const theirs = await saveList(owner.token, "Theirs", ["their phrase"]);
    const { token } = await registerUser();
    const forms: Record<string, string>[] = [
      { intent: "add", id: theirs.id, keywords: JSON.stringify([{ keyword: "mine" }]) },
      { intent: "rename", id: theirs.id, name: "Mine now" },
      { intent: "delete", id: theirs.id, name: "Theirs" },
    ];
    for (const form of forms) {
      const answer = await seoPost(token, form);
      expect(answer.status, form.intent).toBe(404);
      expect(answer.value, form.intent).toMatchObject({ ok: false, error: { code: "not-found" } });
    }
    const still = await seoLoad(`/seo-keywords?list=${theirs.id}`, owner.token);
    expect(still.value.openList).toMatchObject({ name: "Theirs", count: 1 });
  });

  it("refuses a post from another site with 403 cross-origin and changes nothing", async () => {
    const { token } = await registerUser();
    const mugs = await saveList(token, "Mugs", ["ceramic mug"]);
    for (const origin of ["https://evil.example", null]) {
      const refused = await thrown(seoKeywordsAction(...routeArgs(pageRequest("/seo-keywords", token, { intent: "delete", id: mugs.id }, origin))));
      expect(refused.init?.status).toBe(403);
      expect(refused.data?.code).toBe("cross-origin");
    }
    const search = await thrown(seoKeywordsAction(...routeArgs(pageRequest("/seo-keywords", token, { intent: "search", product_name: "mug" }, "https://evil.example"))));
    expect(search.init?.status).toBe(403);
    expect((await seoLoad("/seo-keywords", token)).value.lists?.map((l) => l.name)).toEqual(["Mugs"]);
    expect(await used(token, "seo-analysis")).toBe(0);
  });
});

describe("Advanced Keyword Analysis's loader and action", () => {
  it("fills the form from the address without analysing (no unit spent)", async () => {
    const { token } = await registerUser();
    const loaded = await loadAdvancedKeywords(...routeArgs(pageRequest("/advanced-keywords?keyword=linen%20apron&geo=gb", token)));
    expect(loaded).toEqual({ keyword: "linen apron", geo: "GB" });
    const unknownRegion = await loadAdvancedKeywords(...routeArgs(pageRequest("/advanced-keywords?geo=XX", token)));
    expect(unknownRegion).toEqual({ keyword: "", geo: "US" });
    expect(await used(token, "advanced-keywords")).toBe(0);
  });

  it("analyses a posted keyword once per request id: the same post again replays the first answer, a new one is served from the cache; one unit in all", async () => {
    const { token, userId } = await registerUser();
    const form = { keyword: "boho earrings", geo: "US", requestId: "a-request-id-0123456789" };
    const first = await analyse(token, form);
    expect(first.status).toBe(200);
    if (!first.value.ok) throw new Error("expected an analysis");
    expect(first.value.outcome.data.keyword).toBe("boho earrings");
    expect(first.value.outcome.data.timelineData.length).toBeGreaterThanOrEqual(12);
    expect(first.value.outcome.data.fromCache).toBe(false);
    const row = await env.DB.prepare("SELECT scope FROM idempotency WHERE user_id = ? AND request_id = ?").bind(userId, form.requestId).first<{ scope: string }>();
    expect(row?.scope).toBe("advanced-keywords.analyze");

    // The same request id: the first answer again (not a cache hit), as a double submission should get.
    const replayed = await analyse(token, form);
    expect(replayed.value).toMatchObject({ ok: true, outcome: { data: { keyword: "boho earrings", fromCache: false } } });
    const later = await analyse(token, { ...form, requestId: "another-request-id-98765" });
    expect(later.value).toMatchObject({ ok: true, outcome: { data: { fromCache: true } } });
    expect(await used(token, "advanced-keywords")).toBe(1);
  });

  it("refuses a keyword the SPEC refuses with 400 and its submit text, spending nothing", async () => {
    const { token } = await registerUser();
    for (const [keyword, key] of [
      ["", "advanced.validation.empty"],
      ["a", "advanced.validation.minSubmit"],
      ["x".repeat(101), "advanced.validation.maxSubmit"],
    ] as const) {
      const answer = await analyse(token, { keyword, geo: "US" });
      expect(answer.status).toBe(400);
      expect(answer.value).toMatchObject({ ok: false, field: "keyword", code: "validation-failed", text: { key } });
    }
    expect(await used(token, "advanced-keywords")).toBe(0);
  });

  it("says the e-mail must be confirmed first (403) for an unconfirmed seller, and refuses another site's post", async () => {
    const { token } = await registerUser(undefined, undefined, { verified: false });
    const answer = await analyse(token, { keyword: "boho earrings", geo: "US" });
    expect(answer.status).toBe(403);
    expect(answer.value).toMatchObject({ ok: false, code: "email-unverified" });
    const refused = await thrown(advancedKeywordsAction(...routeArgs(pageRequest("/advanced-keywords", token, { keyword: "boho earrings", geo: "US" }, "https://evil.example"))));
    expect(refused.init?.status).toBe(403);
    expect(refused.data?.code).toBe("cross-origin");
  });
});
