/**
 * The SEO screen's pre-paint mark (decision 0065): the inline script the server's HTML carries hides
 * the restored part exactly when the page will restore a last search, so the two tests must agree.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { toRows } from "~/components/keywords/keyword-model";
import { LAST_SEARCH_KEY, readLastSearch, RESTORE_REVEAL_MS, RESTORE_SCRIPT, RESTORING_ATTRIBUTE, writeLastSearch, type LastSearch } from "~/components/keywords/last-search";

const search: LastSearch = {
  form: { productName: "ceramic mug", category: "", country: "US", platform: "etsy" },
  meta: { source: "sample", isFallback: true } as unknown as LastSearch["meta"],
  searched: "ceramic mug",
  rows: toRows([{ id: "k1", keyword: "ceramic mug", popularity: 77, competition: 0.5, trend: "stable" }]),
  picked: [],
};

/** Runs the inline script as the browser does while parsing: `document.currentScript` is the script, inside the area. */
function runScript(): HTMLElement {
  const area = document.createElement("div");
  const script = document.createElement("script");
  area.appendChild(script);
  document.body.appendChild(area);
  Object.defineProperty(document, "currentScript", { value: script, configurable: true });
  try {
    new Function(RESTORE_SCRIPT)();
  } finally {
    Object.defineProperty(document, "currentScript", { value: null, configurable: true });
  }
  return area;
}

beforeEach(() => sessionStorage.clear());
afterEach(() => {
  vi.useRealTimers();
  document.body.replaceChildren();
});

describe("the tab's last search and the mark before the first paint", () => {
  const stored: [string, string | null][] = [
    ["a search as the screen keeps it", JSON.stringify(search)],
    ["a search with no keywords found", JSON.stringify({ ...search, rows: [] })],
    ["nothing", null],
    ["text that is no JSON", "{not json"],
    ["JSON null", "null"],
    ["a search without its selection", JSON.stringify({ ...search, picked: undefined })],
    ["a search whose rows are no list", JSON.stringify({ ...search, rows: "ceramic mug" })],
    ["a search without its answer's details", JSON.stringify({ ...search, meta: null })],
  ];
  for (const [what, value] of stored) {
    it(`hides the restored part exactly when the page restores it: ${what}`, () => {
      if (value !== null) sessionStorage.setItem(LAST_SEARCH_KEY, value);
      const restores = readLastSearch() !== null;
      expect(runScript().hasAttribute(RESTORING_ATTRIBUTE)).toBe(restores);
      expect(restores).toBe(what.startsWith("a search as") || what.startsWith("a search with no"));
    });
  }

  it("reads back what the screen wrote", () => {
    writeLastSearch(search);
    expect(readLastSearch()).toEqual(search);
  });

  it("shows the server's screen after a few seconds when the page's JavaScript never takes over", () => {
    vi.useFakeTimers();
    writeLastSearch(search);
    const area = runScript();
    expect(area.hasAttribute(RESTORING_ATTRIBUTE)).toBe(true);
    vi.advanceTimersByTime(RESTORE_REVEAL_MS - 1);
    expect(area.hasAttribute(RESTORING_ATTRIBUTE)).toBe(true);
    vi.advanceTimersByTime(1);
    expect(area.hasAttribute(RESTORING_ATTRIBUTE)).toBe(false);
  });

  it("does nothing when the tab's storage cannot be read", () => {
    writeLastSearch(search);
    // A browser that blocks the site's storage throws on reading window.sessionStorage itself.
    const own = Object.getOwnPropertyDescriptor(window, "sessionStorage");
    Object.defineProperty(window, "sessionStorage", {
      configurable: true,
      get() {
        throw new DOMException("blocked", "SecurityError");
      },
    });
    try {
      expect(readLastSearch()).toBeNull();
      expect(runScript().hasAttribute(RESTORING_ATTRIBUTE)).toBe(false);
    } finally {
      if (own) Object.defineProperty(window, "sessionStorage", own);
      else delete (window as { sessionStorage?: Storage }).sessionStorage;
    }
  });
});
