/** The SEO table's CSV download posted as a document: the resource route POST /seo-keywords/csv (decision 0074). */
import { redirect, type AppLoadContext } from "react-router";
import { keywordCsvFile, tableView, toRows } from "~/components/keywords/keyword-model";
import { tickedRows } from "~/components/keywords/saved-keywords";
import { searchQuery, searchResultOf, type SearchForm } from "./api/keywords";
import { currentViewOf, intentOf, searchFormOf, shownSearchOf, tickedOf } from "./keyword-form.server";
import { assertSameOrigin, callApi, requireUser } from "./session.server";

const NOT_CACHED = "not-cached";

const csvRefused = (status: number, code: string, message: string) => Response.json({ success: false, code, message }, { status });

/**
 * 'Download CSV' posted as a document (without JavaScript, or before the page ran; decision 0074): the
 * search on screen read from the 24-hour keyword cache only, so it never spends a unit, then the table's
 * view (the ticked rows, the filter and the sort the page posted) as the same file the browser makes
 * (keywordCsvFile). A search no longer cached is not searched again: the screen says so, with that
 * search in its form. The CSV button names the intent `csv`; any other is refused.
 */
export async function seoKeywordsCsv(request: Request, context: AppLoadContext) {
  assertSameOrigin(request);
  await requireUser(request, context);
  const form = await request.formData();
  if (intentOf(form) !== "csv") return csvRefused(400, "validation-failed", "Unknown action for the keyword CSV download");
  const search = shownSearchOf(form) ?? searchFormOf(form);
  const result = await callApi<{ data?: unknown }>(context, `/keywords?${searchQuery(search)}&cached_only=1`);
  if (!result.ok) {
    if (result.error.code === NOT_CACHED) return redirect(`/seo-keywords?${new URLSearchParams({ csv: NOT_CACHED, ...searchParamsOf(search) })}`, 303);
    return csvRefused(result.status, result.error.code, result.error.message);
  }
  const answer = searchResultOf(result.data.data, search, new Date());
  const rows = toRows(answer.keywords);
  const { sort, filter } = currentViewOf(form);
  const view = tableView(rows, tickedRows(rows, tickedOf(form) ?? []), sort);
  const file = keywordCsvFile(filter === "selected" ? view.selected : view.all, { searched: search.productName.trim(), country: answer.country, platform: answer.platform });
  return new Response(file.text, {
    headers: { "Content-Type": "text/csv; charset=utf-8", "Content-Disposition": `attachment; filename="${file.name}"`, "Cache-Control": "no-store" },
  });
}

/** A search as the address carries it back to the screen (?product_name=…), as the form's fields are named. */
function searchParamsOf(search: SearchForm): Record<string, string> {
  return { product_name: search.productName.trim(), category: search.category, country: search.country, platform: search.platform };
}
