/**
 * This tab's last search on SEO & Keywords (decisions 0050 and 0065). It lives in the tab's
 * sessionStorage: a trip to another screen and back, or a reload, shows it again without searching
 * again (no unit of the day, no provider call), and a new tab starts empty.
 *
 * The server cannot read a tab's sessionStorage, so its HTML is the empty screen. A reload would paint
 * that, then the restored results once the JavaScript runs, and push everything below them down
 * (the saved lists' buttons moved up to 1,466 px under the pointer). So the part of the screen the
 * restore changes (the form and everything below it) carries a tiny inline script: before the first
 * paint it marks that part as restoring when this tab holds a last search, which keeps it hidden (a
 * skeleton over it) until the page has restored it; it then appears once, where it stays. If the JavaScript never arrives the
 * mark is lifted after `RESTORE_REVEAL_MS` and the server's screen shows (its forms work without it).
 */
import type { KeywordSearchResult } from "../../../schema/api/keywords";
import type { SearchForm } from "~/lib/api/keywords";
import type { KeywordRow } from "./keyword-model";

export const LAST_SEARCH_KEY = "listora.seo.lastSearch";

/** The attribute that keeps the restored part hidden until the page has restored it. */
export const RESTORING_ATTRIBUTE = "data-restoring";

/** How long a marked part waits for the page's JavaScript before it shows the server's screen. */
export const RESTORE_REVEAL_MS = 6000;

/** What the results area shows: the last search's answer, as rows. */
export interface Shown {
  meta: Omit<KeywordSearchResult, "keywords">;
  searched: string;
  rows: KeywordRow[];
}

export interface LastSearch extends Shown {
  form: SearchForm;
  picked: KeywordRow[];
}

/** This tab's last search, or null (none, unreadable, or not of this shape). */
export function readLastSearch(): LastSearch | null {
  try {
    const raw = window.sessionStorage.getItem(LAST_SEARCH_KEY);
    const value = raw ? (JSON.parse(raw) as LastSearch | null) : null;
    return value && Array.isArray(value.rows) && Array.isArray(value.picked) && value.meta ? value : null;
  } catch {
    return null;
  }
}

export function writeLastSearch(search: LastSearch) {
  try {
    window.sessionStorage.setItem(LAST_SEARCH_KEY, JSON.stringify(search));
  } catch {
    /* storage full or blocked: the screen still works, it just forgets */
  }
}

/**
 * The inline script, run by the browser as it parses the server's HTML: the same test as
 * `readLastSearch` (tests/app/last-search.test.ts holds them to it), on the script's parent element.
 */
export const RESTORE_SCRIPT =
  `(function(a){try{var v=JSON.parse(sessionStorage.getItem(${JSON.stringify(LAST_SEARCH_KEY)})||"null");` +
  `if(a&&v&&Array.isArray(v.rows)&&Array.isArray(v.picked)&&v.meta){a.setAttribute("${RESTORING_ATTRIBUTE}","");` +
  `setTimeout(function(){a.removeAttribute("${RESTORING_ATTRIBUTE}")},${RESTORE_REVEAL_MS})}}catch(e){}})(document.currentScript&&document.currentScript.parentElement)`;
