/**
 * What the keyword screens' route actions answer (decision 0050), shared by app/lib/keywords.server.ts
 * and the screens: a search's result, a saved keyword list's write, or the failure with the API's code.
 */
import type { KeywordList, KeywordListSummary } from "../../schema/api/keyword-lists";
import type { KeywordSearchResult } from "../../schema/api/keywords";
import type { KeywordFailure, SearchForm } from "./api/keywords";
import type { SortState } from "../components/keywords/keyword-model";

type ListIntent = "create" | "add" | "rename" | "delete";
export type SeoIntent = "search" | ListIntent;

export type SeoActionAnswer =
  | {
      ok: true;
      intent: "search";
      form: SearchForm;
      result: KeywordSearchResult;
      /** The table's page and sort a page or sort button posted (without JavaScript, decision 0072). */
      view?: { page: number; sort: SortState | null };
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
}
