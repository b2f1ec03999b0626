/**
 * The keyword screens at the edge (decision 0050). The SEO screen's loader reads the seller's saved
 * keyword lists (and the list the address opens) through the load context as the session's user
 * (decision 0041), so the first HTML shows them. A search and an analysis spend a unit of the day's
 * quota on a cache miss, so they are route actions (POST), never loaders: a reload, a prefetch or a
 * revalidation never charges again. The saved lists' writes are actions too, each through its /api
 * route in process (the same checks, limits, messages and ownership: another seller's list is a 404).
 */
import { data, type AppLoadContext } from "react-router";
import { KEYWORD_LIST_LIMITS, type KeywordList, type KeywordListSummary, type SavedKeyword } from "../../schema/api/keyword-lists";
import { GEOS, type Geo } from "../../schema/api/keywords";
import type { ApiResult } from "../../shared/session";
import { mergeKeywords, tickedKeyword } from "~/components/keywords/saved-keywords";
import { readAnalysis, type AnalysisAnswer } from "./api/advanced";
import { searchQuery, searchResultOf, type KeywordFailure, type SearchForm } from "./api/keywords";
import type { SeoActionAnswer, SeoIntent, SeoLoaderData } from "./keyword-actions";
import { keywordSubmitError, NONE_TICKED_MESSAGE } from "./keyword-validation";
import { intentOf, searchFormOf, shownSearchOf, tickedOf, viewOf } from "./keyword-form.server";
import { assertSameOrigin, callApi, formText, requireUser } from "./session.server";

const listPath = (id: string) => `/keyword-lists/${encodeURIComponent(id)}`;

/** The saved lists, and ?list=<id> with its keywords; a list that is not the seller's answers 404 (the screen still shows, saying so). */
export async function loadSeoKeywords(request: Request, context: AppLoadContext) {
  await requireUser(request, context);
  const id = new URL(request.url).searchParams.get("list")?.trim() ?? "";
  const [lists, open] = await Promise.all([
    callApi<{ data?: { lists?: KeywordListSummary[] } }>(context, "/keyword-lists"),
    id ? callApi<{ data?: { list?: KeywordList } }>(context, listPath(id)) : null,
  ]);
  const params = new URL(request.url).searchParams;
  const answer: SeoLoaderData = {
    lists: lists.ok && Array.isArray(lists.data.data?.lists) ? lists.data.data.lists : null,
    openList: open?.ok ? (open.data.data?.list ?? null) : null,
    openListMissing: open !== null && !open.ok && open.error.code === "not-found",
    csvNotCached: params.get("csv") === "not-cached" ? searchFormOf(params) : null,
  };
  return data(answer, { status: answer.openListMissing ? 404 : 200 });
}

/** An API failure as plain data: its code, message, status and the extra fields the screens read. */
function failureOf(result: Extract<ApiResult<unknown>, { ok: false }>): KeywordFailure {
  const { code, message, field, quota } = result.error as { code: string; message: string; field?: unknown; quota?: { limit?: unknown; plan?: unknown } };
  return {
    code,
    message,
    status: result.status,
    ...(typeof field === "string" ? { field } : {}),
    ...(quota && typeof quota.limit === "number" && typeof quota.plan === "string" ? { quota: { limit: quota.limit, plan: quota.plan } } : {}),
  };
}

function refused(intent: SeoIntent | null, error: KeywordFailure, extra: { form?: SearchForm; id?: string; name?: string } = {}) {
  return data<SeoActionAnswer>({ ok: false, intent, error, ...extra }, { status: error.status });
}

const badInput = (intent: SeoIntent | null, message: string, field: string) => refused(intent, { code: "validation-failed", message, status: 400, field });

const summaryOf = ({ id, name, count, createdAt, updatedAt }: KeywordListSummary): KeywordListSummary => ({ id, name, count, createdAt, updatedAt });

/**
 * The keywords a save posts: the `keywords` field, a JSON list of saved keywords (the dialog's); or,
 * from the results table's ticked rows posted without JavaScript, one `keyword` field per row (a saved
 * keyword as JSON, or a bare phrase). The API's schema checks each one. Null when it is not a list.
 */
function keywordsOf(form: FormData): SavedKeyword[] | null {
  const ticked = form.getAll("keyword").filter((value): value is string => typeof value === "string");
  if (ticked.length > 0 && !form.has("keywords")) return ticked.map(tickedKeyword);
  try {
    const value = JSON.parse(formText(form, "keywords") || "[]") as unknown;
    return Array.isArray(value) ? (value as SavedKeyword[]) : null;
  } catch {
    return null;
  }
}

/** The results table's save (posted without JavaScript, `source=ticked`) with no row ticked: nothing to save. */
const noneTicked = (form: FormData, keywords: SavedKeyword[]) => formText(form, "source") === "ticked" && keywords.length === 0;

const SEO_INTENTS: SeoIntent[] = ["search", "create", "add", "rename", "delete"];

/** The SEO screen's writes, by the form's `intent`: a search, or a saved list's create, add, rename or delete. */
export async function seoKeywordsAction(request: Request, context: AppLoadContext) {
  assertSameOrigin(request);
  await requireUser(request, context);
  const form = await request.formData();
  const intent = intentOf(form) as SeoIntent;
  if (!SEO_INTENTS.includes(intent)) return badInput(null, "Unknown action for the keyword screen", "intent");

  if (intent === "search") {
    const view = viewOf(form);
    // A page, sort or filter button shows the search on screen again; the Search button searches the form.
    const search = (view && shownSearchOf(form)) || searchFormOf(form);
    const result = await callApi<{ data?: unknown }>(context, `/keywords?${searchQuery(search)}`);
    if (!result.ok) return refused(intent, failureOf(result), { form: search });
    const ticked = tickedOf(form);
    return data<SeoActionAnswer>({
      ok: true,
      intent,
      form: search,
      result: searchResultOf(result.data.data, search, new Date()),
      ...(view ? { view } : {}),
      ...(ticked ? { ticked } : {}),
    });
  }

  if (intent === "create") {
    const keywords = keywordsOf(form);
    if (!keywords) return badInput(intent, "Keywords must be a list", "keywords");
    if (noneTicked(form, keywords)) return badInput(intent, NONE_TICKED_MESSAGE, "keywords");
    const result = await callApi<{ data: { list: KeywordList } }>(context, "/keyword-lists", { body: { name: formText(form, "name"), keywords } });
    return result.ok ? data<SeoActionAnswer>({ ok: true, intent, list: summaryOf(result.data.data.list) }, { status: 201 }) : refused(intent, failureOf(result), { name: formText(form, "name") });
  }

  const id = formText(form, "id").trim();
  if (!id) return badInput(intent, "Which keyword list? The form names none.", "id");

  if (intent === "add") {
    const added = keywordsOf(form);
    if (!added) return badInput(intent, "Keywords must be a list", "keywords");
    if (noneTicked(form, added)) return refused(intent, { code: "validation-failed", message: NONE_TICKED_MESSAGE, status: 400, field: "keywords" }, { id });
    const current = await callApi<{ data: { list: KeywordList } }>(context, listPath(id));
    if (!current.ok) return refused(intent, failureOf(current), { id });
    const merged = mergeKeywords(current.data.data.list.keywords, added);
    if (!merged) return refused(intent, { code: "validation-failed", message: `A list can hold at most ${KEYWORD_LIST_LIMITS.keywordsMax} keywords`, status: 400, field: "keywords" }, { id });
    const result = await callApi<{ data: { list: KeywordList } }>(context, listPath(id), { method: "PUT", body: { keywords: merged } });
    return result.ok ? data<SeoActionAnswer>({ ok: true, intent, list: summaryOf(result.data.data.list) }) : refused(intent, failureOf(result), { id });
  }

  if (intent === "rename") {
    const result = await callApi<{ data: { list: KeywordList } }>(context, listPath(id), { method: "PUT", body: { name: formText(form, "name") } });
    return result.ok ? data<SeoActionAnswer>({ ok: true, intent, list: summaryOf(result.data.data.list) }) : refused(intent, failureOf(result), { id, name: formText(form, "name") });
  }

  const result = await callApi(context, listPath(id), { method: "DELETE" });
  return result.ok ? data<SeoActionAnswer>({ ok: true, intent, id, name: formText(form, "name") }) : refused(intent, failureOf(result), { id, name: formText(form, "name") });
}

const asGeo = (value: string): Geo => ((GEOS as readonly string[]).includes(value.trim().toUpperCase()) ? (value.trim().toUpperCase() as Geo) : "US");

/** Advanced Keyword Analysis's loader: the keyword and region the address names fill the form; nothing is analysed (that spends a unit). */
export async function loadAdvancedKeywords(request: Request, context: AppLoadContext) {
  await requireUser(request, context);
  const params = new URL(request.url).searchParams;
  return { keyword: (params.get("keyword") ?? "").slice(0, 200), geo: asGeo(params.get("geo") ?? "") };
}

/**
 * One analysis, POSTed by the form (or a related query, or the SEO table's 'analyze trend'): checked with
 * SPEC §5's submit texts, then POST /api/advanced-keywords/analyze in process. The form's `requestId`
 * becomes the X-Request-ID, so a double submission is answered once and charged once.
 */
export async function advancedKeywordsAction(request: Request, context: AppLoadContext) {
  assertSameOrigin(request);
  await requireUser(request, context);
  const form = await request.formData();
  const keyword = formText(form, "keyword").trim();
  const geo = asGeo(formText(form, "geo"));
  const invalid = keywordSubmitError(keyword);
  if (invalid) return data<AnalysisAnswer>({ ok: false, keyword, geo, status: 400, code: "validation-failed", text: { key: invalid }, field: "keyword" }, { status: 400 });
  const requestId = formText(form, "requestId").trim();
  const result = await callApi(context, "/advanced-keywords/analyze", {
    body: { keyword, geo },
    ...(requestId && requestId.length <= 100 ? { headers: { "X-Request-ID": requestId } } : {}),
  });
  if (!result.ok) {
    // SPEC §8: the server's message, else 'Failed to analyze keyword. Please try again.'
    const failure = failureOf(result);
    return data<AnalysisAnswer>(
      { ok: false, keyword, geo, status: failure.status, code: failure.code, text: failure.message ? { message: failure.message } : { key: "advanced.error.generic" } },
      { status: failure.status },
    );
  }
  const read = readAnalysis(result.data);
  if ("text" in read) return data<AnalysisAnswer>({ ok: false, keyword, geo, status: 502, code: "invalid-response", text: read.text }, { status: 502 });
  return data<AnalysisAnswer>({ ok: true, keyword, geo, outcome: read.outcome });
}
