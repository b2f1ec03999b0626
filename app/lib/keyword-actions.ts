/**
 * What the keyword screens' route actions answer (decision 0050), shared by app/lib/keywords.server.ts
 * and the screens: a search's result, a saved keyword list's write, or the failure with the API's code.
 */
import type { KeywordList, KeywordListSummary } from "../../schema/api/keyword-lists";
import type { KeywordSearchResult } from "../../schema/api/keywords";
import type { KeywordFailure, SearchForm } from "./api/keywords";
import type { Filter, SortState } from "../components/keywords/keyword-model";

type ListIntent = "create" | "add" | "rename" | "delete";
export type SeoIntent = "search" | ListIntent;

export type SeoActionAnswer =
  | {
      ok: true;
      intent: "search";
      form: SearchForm;
      result: KeywordSearchResult;
      /** The table's page, sort and filter a page, sort or filter button posted (without JavaScript, decisions 0072 and 0074). */
      view?: { page: number; sort: SortState | null; filter: Filter };
      /**
       * The keywords whose plain boxes were ticked (a page posted without JavaScript, decision 0074): the
       * rows of this search they name are the selection. Absent when the page ran (its selection is its own).
       */
      ticked?: string[];
    }
  | { ok: true; intent: Exclude<ListIntent, "delete">; list: KeywordListSummary }
  | { ok: true; intent: "delete"; id: string; name: string }
  | {
      ok: false;
      intent: SeoIntent | null;
      error: KeywordFailure;
      /** A search's form, so the page shows what was searched. */
      form?: SearchForm;
      /** A list write's list and the name it was given: a page posted without JavaScript shows the refusal beside that list's field. */
      id?: string;
      name?: string;
    };

/** What the SEO screen's loader answers: the seller's saved lists (null: they could not be read) and the list the address opens. */
export interface SeoLoaderData {
  lists: KeywordListSummary[] | null;
  /** ?list=<id>: that list with its keywords, to become the selection. */
  openList: KeywordList | null;
  /** ?list= named a list that is not the seller's (or no longer exists): the page answers 404 and says so. */
  openListMissing: boolean;
  /**
   * A CSV download posted without JavaScript found its search no longer in the keyword cache
   * (?csv=not-cached, decision 0074): the screen says so, with that search in the form.
   */
  csvNotCached: SearchForm | null;
}
