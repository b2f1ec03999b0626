/**
 * The SEO search form as its posts carry it (decisions 0050, 0072, 0074): the search's fields, the
 * search on screen, the intent a button names, the ticked plain boxes and the table's view. Read by the
 * screen's action (keywords.server.ts) and the CSV download (keyword-csv.server.ts).
 */
import { keywordKey } from "../../schema/api/keyword-lists";
import { tickedKeyword } from "~/components/keywords/saved-keywords";
import { sortOfText, type Filter, type SortState } from "../components/keywords/keyword-model";
import type { SearchForm } from "./api/keywords";
import { formText, formTexts } from "./session.server";

/** The search form: "any" (the category select's empty choice) and absent both mean any category. */
export function searchFormOf(form: FormData | URLSearchParams): SearchForm {
  const category = formText(form, "category").trim();
  return {
    productName: formText(form, "product_name"),
    category: category === "any" ? "" : category,
    country: formText(form, "country").trim() || "US",
    platform: formText(form, "platform").trim() || "etsy",
  };
}

/**
 * The search on screen (`view_search`, the results card's hidden field), which a page, sort, filter or
 * CSV button posts: it is what the table shows, even when the seller has since typed another product
 * name into the form (that one is searched by the Search button). Null when absent or not a search.
 */
export function shownSearchOf(form: FormData): SearchForm | null {
  try {
    const value = JSON.parse(formText(form, "view_search") || "null") as Partial<Record<keyof SearchForm, unknown>> | null;
    if (!value || typeof value !== "object") return null;
    const { productName, category, country, platform } = value;
    if (typeof productName !== "string" || typeof category !== "string" || typeof country !== "string" || typeof platform !== "string") return null;
    return { productName, category, country, platform };
  } catch {
    return null;
  }
}

/**
 * The form's intent. The search form's own hidden field says "search"; without JavaScript the results'
 * Save to list buttons and the CSV button are buttons of that form too (decision 0074), and the intent
 * such a button names is the one asked for.
 */
export function intentOf(form: FormData): string {
  const intents = formTexts(form, "intent");
  return intents.find((intent) => intent !== "search") ?? intents[0] ?? "";
}

/**
 * The keywords ticked in the table's plain boxes (a page posted without JavaScript: its `source=ticked`
 * field is there), by their keyword: the selection of that page (decision 0074). Undefined when the page
 * ran, whose selection is kept in the browser.
 */
export function tickedOf(form: FormData): string[] | undefined {
  if (formText(form, "source") !== "ticked") return undefined;
  const keys = formTexts(form, "keyword")
    .map((value) => tickedKeyword(value).keyword)
    .filter((keyword): keyword is string => typeof keyword === "string" && keyword.trim() !== "")
    .map(keywordKey);
  return [...new Set(keys)];
}

const FILTERS: readonly string[] = ["all", "selected"] satisfies Filter[];
const filterOfText = (text: string): Filter | null => (FILTERS.includes(text) ? (text as Filter) : null);

/**
 * The table's page and sort a results button posted with the search (decision 0072): a sort button's
 * `view_sort` starts at page 1; a page button's `view_page` keeps the table's sort (`view_sort_current`).
 * Nothing for the search button itself: a new search starts unsorted, at page 1.
 */
export function viewOf(form: FormData): { page: number; sort: SortState | null; filter: Filter } | undefined {
  const current = currentViewOf(form);
  const sorted = sortOfText(formText(form, "view_sort"));
  if (sorted) return { page: 1, sort: sorted, filter: current.filter };
  // A filter button (decision 0074) starts at page 1 and keeps the sort, as its click does.
  const filter = filterOfText(formText(form, "view_filter"));
  if (filter) return { page: 1, sort: current.sort, filter };
  const page = Number(formText(form, "view_page"));
  if (!Number.isInteger(page) || page < 1 || page > 1000) return undefined;
  return { page, ...current };
}

/** The table's sort and filter as the results card's hidden fields carry them. */
export function currentViewOf(form: FormData): { sort: SortState | null; filter: Filter } {
  return { sort: sortOfText(formText(form, "view_sort_current")), filter: filterOfText(formText(form, "view_filter_current")) ?? "all" };
}
