import { cleanup, within } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import type { KeywordSearchResult, KeywordSuggestion, MonthlySearch } from "../../schema/api/keywords";
import { listToRows, mergeKeywords, toSavedKeyword } from "~/components/keywords/saved-keywords";
import { nextSort, sortRows, toCsv, toRows } from "~/components/keywords/keyword-model";
import { volumeSummaryOf } from "~/lib/api/keywords";
import type { Language } from "../../schema/api";
import { showKeywordResults } from "./keyword-results-harness";

afterEach(cleanup);

const months = (values: (number | null)[]): MonthlySearch[] => values.map((searches, i) => ({ year: 2026, month: i + 1, searches }));
const TWELVE = [100, 120, 90, 80, 70, 60, 65, 70, 90, 110, 150, 220];

function suggestion(keyword: string, extra: Partial<KeywordSuggestion> = {}): KeywordSuggestion {
  return { id: keyword, keyword, popularity: 50, competition: 0.4, trend: "stable", popularitySource: "sample", competitionSource: "sample", ...extra };
}

function show(keywords: KeywordSuggestion[], volumes: KeywordSearchResult["volumes"], language: Language = "en") {
  return showKeywordResults(keywords, { error: true, source: "sample", lastUpdated: "2026-11-25T10:00:00Z", volumes }, language);
}

describe("the Monthly searches column", () => {
  it("shows the measured figure and a 12-month sparkline, and names the source under the table", () => {
    const card = show(
      [
        suggestion("silver ring", { searchVolume: 2400, volumeSource: "Google Ads via DataForSEO", monthlySearches: months(TWELVE) }),
        suggestion("odd phrase", { searchVolume: null, volumeSource: "Google Ads via DataForSEO", monthlySearches: null }),
      ],
      { status: "live", source: "Google Ads via DataForSEO", reason: null },
    );
    const [live, none] = within(card).getAllByRole("row").slice(1);
    const cell = within(live).getAllByTestId("volume-cell").at(-1)!;
    expect(cell.getAttribute("data-state")).toBe("live");
    expect(cell.querySelector("span")?.textContent).toBe("2.4K");
    expect(cell.getAttribute("data-volume")).toBe("2400");
    const spark = within(cell).getByRole("img");
    expect(spark.getAttribute("data-points")).toBe(TWELVE.join(","));
    expect(spark.getAttribute("aria-label")).toContain("Dec 2026 220");
    expect(within(none).getAllByTestId("volume-cell").at(-1)!.textContent).toBe("No data");
    expect(within(card).getByTestId("volume-source").textContent).toContain("Monthly searches: Google Ads via DataForSEO, average of the last 12 months.");
    // The phrases are sample data and the footer no longer calls every figure sample data.
    expect(within(card).getByTestId("keyword-footer").textContent).toBe(
      "Popularity, competition and trend here come from Listora's offline sample engine: they are illustrative, not measured. Only the monthly searches are measured data.",
    );
  });

  it("says 'Not available' with the variables that turn it on, and draws nothing, when no provider is configured", () => {
    const card = show([suggestion("silver ring")], { status: "off", source: null, reason: "x" });
    expect(
      within(card)
        .getAllByTestId("volume-cell")
        .map((c) => c.textContent),
    ).toEqual(["Not available"]);
    expect(within(card).queryByRole("img")).toBeNull();
    expect(within(card).getByTestId("volume-off").textContent).toContain("DATAFORSEO_LOGIN");
  });

  it("gives the provider's reason when it failed, in Turkish too", () => {
    const card = show(
      [suggestion("silver ring")],
      { status: "failed", source: "Google Ads via DataForSEO", reason: "The search-volume service (DataForSEO) timed out: monthly searches are not shown; try again later." },
      "tr",
    );
    expect(within(card).getByTestId("volume-unavailable").textContent).toContain("Aylık arama sayıları şu anda alınamıyor");
    expect(within(card).getAllByTestId("volume-cell")[0].textContent).toBe("Mevcut değil");
  });

  it("breaks the sparkline at a month without a figure instead of drawing a zero", () => {
    const card = show([suggestion("gap ring", { searchVolume: 500, volumeSource: "Google Ads via DataForSEO", monthlySearches: months([1, 2, 3, null, 5, 6, 7, 8, 9, 10, 11, 12]) })], {
      status: "live",
      source: "Google Ads via DataForSEO",
      reason: null,
    });
    const spark = within(card).getAllByRole("img")[0];
    expect(spark.querySelectorAll("path")).toHaveLength(2);
  });
});

describe("reading volumes from the server", () => {
  it("never presents an unknown source or a figure without a source as measured", () => {
    const [forged, sourceless] = toRows([suggestion("a", { searchVolume: 9000, volumeSource: "Made up" as never }), suggestion("b", { searchVolume: 9000 })]);
    expect(forged).toMatchObject({ searchVolume: null, volumeSource: null });
    expect(sourceless).toMatchObject({ searchVolume: null, volumeSource: null });
    expect(volumeSummaryOf(undefined)).toEqual({ status: "off", source: null, reason: null });
    expect(volumeSummaryOf({ status: "live", source: "Elsewhere" })).toEqual({ status: "off", source: null, reason: null });
  });

  it("sorts by monthly searches, biggest first, with unmeasured rows last", () => {
    const rows = toRows([
      suggestion("small", { searchVolume: 10, volumeSource: "Google Ads via DataForSEO" }),
      suggestion("none"),
      suggestion("big", { searchVolume: 900, volumeSource: "Google Ads via DataForSEO" }),
    ]);
    expect(sortRows(rows, nextSort(null, "volume")).map((r) => r.keyword)).toEqual(["big", "small", "none"]);
  });
});

describe("the CSV export", () => {
  it("ends each row with its measured monthly searches and their source, or 'Not available'", () => {
    const rows = toRows([
      suggestion("silver ring", { searchVolume: 2400, volumeSource: "Google Ads via DataForSEO", monthlySearches: months(TWELVE) }),
      suggestion("odd phrase", { searchVolume: null, volumeSource: "Google Ads via DataForSEO" }),
      suggestion("offline phrase"),
    ]);
    const lines = toCsv(rows).trimEnd().split("\r\n");
    expect(lines[1].endsWith(",2400,Google Ads via DataForSEO")).toBe(true);
    expect(lines[2].endsWith(",,Google Ads via DataForSEO")).toBe(true);
    expect(lines[3].endsWith(",,Not available")).toBe(true);
  });
});

describe("saved lists on the screen", () => {
  it("adds only the keywords a list does not hold yet, and refuses to pass 200", () => {
    const merged = mergeKeywords([{ keyword: "silver ring" }], [{ keyword: "Silver Ring" }, { keyword: "gold ring" }]);
    expect(merged?.map((k) => k.keyword)).toEqual(["silver ring", "gold ring"]);
    const full = Array.from({ length: 200 }, (_, i) => ({ keyword: `k${i}` }));
    expect(mergeKeywords(full, [{ keyword: "one more" }])).toBeNull();
  });

  it("opens a list as selected rows, reusing the current search's row for a keyword it has", () => {
    const current = toRows([suggestion("silver ring", { searchVolume: 2400, volumeSource: "Google Ads via DataForSEO" })]);
    const rows = listToRows({ keywords: [{ keyword: "Silver Ring" }, { keyword: "moon ring", popularity: 40, trend: "increasing", searchVolume: 300 }] }, current);
    expect(rows[0]).toMatchObject({ id: "silver ring", selected: true, searchVolume: 2400 });
    expect(rows[1]).toMatchObject({ id: "saved-moon-ring", keyword: "moon ring", selected: true, popularity: 40, trend: "increasing" });
    expect(toSavedKeyword(current[0])).toEqual({ keyword: "silver ring", popularity: 50, competition: 0.4, trend: "stable", searchVolume: 2400 });
  });
});
