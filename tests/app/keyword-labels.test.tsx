import { cleanup, render, screen, within } from "@testing-library/react";
import { MemoryRouter } from "react-router";
import { afterEach, describe, expect, it } from "vitest";
import type { AdvancedAnalysis, KeywordSuggestion } from "../../schema/api/keywords";
import { AnalysisDetails } from "~/components/advanced/analysis-details";
import { StatCards } from "~/components/advanced/stat-cards";
import { showKeywordResults } from "./keyword-results-harness";
import { I18nProvider } from "~/lib/i18n";
import { handle as advancedRoute } from "~/routes/advanced-keywords";

afterEach(cleanup);

function suggestion(keyword: string, popularitySource: KeywordSuggestion["popularitySource"], competitionSource: KeywordSuggestion["competitionSource"]): KeywordSuggestion {
  return { id: keyword, keyword, popularity: 50, competition: 0.4, trend: "stable", popularitySource, competitionSource };
}

const show = showKeywordResults;

describe("the keyword results' labels name the provider of each figure", () => {
  it("names Google Trends and Etsy for live figures, in neutral badges, with no sample mark", () => {
    const card = show([suggestion("moon ring", "serpapi", "etsy"), suggestion("star ring", "serpapi", "etsy")], { source: "serpapi+etsy" });
    expect(within(card).getByTestId("provider-badge-popularity").textContent).toBe("Popularity & trend: Google Trends (via SerpApi)");
    expect(within(card).getByTestId("provider-badge-competition").textContent).toBe("Competition: Etsy active listings");
    expect(within(card).getByTestId("provider-badge-popularity").getAttribute("data-variant")).toBe("outline");
    expect(within(card).queryByTestId("sample-badge")).toBeNull();
    expect(within(card).queryAllByTestId("row-sample-badge")).toHaveLength(0);
    expect(within(card).getByTestId("keyword-footer").textContent).toBe("Popularity and trend: Google Trends (via SerpApi), relative interest 0-100. Competition: Etsy active-listing counts.");
  });

  it("marks the sample rows when live and sample figures are mixed, and the footer says which is which", () => {
    const card = show([suggestion("moon ring", "serpapi", "etsy"), suggestion("star ring", "sample", "etsy")], { source: "serpapi+etsy", fallbackReason: "Some rows are offline sample data." });
    expect(within(card).getByTestId("sample-badge").textContent).toBe("Sample data (offline)");
    const marks = within(card).getAllByTestId("row-sample-badge");
    expect(marks).toHaveLength(1);
    expect(marks[0].closest("tr")?.getAttribute("data-keyword")).toBe("star ring");
    expect(within(card).getByTestId("keyword-footer").textContent).toBe(
      "Popularity and trend: Google Trends (via SerpApi) for some keywords, sample data (offline) for the rest. Competition: Etsy active-listing counts.",
    );
  });

  it("labels each DataForSEO idea with its source, marks the sample ideas that topped the list up, and says so in the footer", () => {
    const idea = (keyword: string, ideaSource: KeywordSuggestion["ideaSource"]): KeywordSuggestion => ({
      ...suggestion(keyword, ideaSource === "sample" ? "sample" : "dataforseo", "sample"),
      ideaSource,
      searchVolume: ideaSource === "sample" ? null : 2900,
      volumeSource: ideaSource === "sample" ? null : "Google Ads via DataForSEO",
    });
    const card = show([idea("crochet bunny pattern", "google-ads"), idea("amigurumi bunny pattern", "google-ads"), idea("easy crochet bunny pattern", "sample")], {
      source: "dataforseo",
      fallbackReason: "The keyword-ideas service (DataForSEO) has only 2 ideas that fit this product: the rest are offline sample ideas, marked as such.",
    });
    expect(within(card).getByTestId("provider-badge-ideas").textContent).toBe("Popularity & trend: Google Ads (via DataForSEO)");
    const sources = within(card).getAllByTestId("row-idea-source");
    expect(sources.map((b) => [b.closest("tr")?.getAttribute("data-keyword"), b.textContent])).toEqual([
      ["crochet bunny pattern", "Google Ads"],
      ["amigurumi bunny pattern", "Google Ads"],
    ]);
    const marks = within(card).getAllByTestId("row-sample-badge");
    expect(marks.map((m) => m.closest("tr")?.getAttribute("data-keyword"))).toEqual(["easy crochet bunny pattern"]);
    expect(within(card).getByTestId("keyword-footer").textContent).toBe(
      "Ideas, popularity and trend: Google Ads (via DataForSEO) for the keywords marked so, sample ideas (offline) for the rest. Competition: sample data (offline).",
    );
  });

  it("says every figure is sample data when the sample engine served them all, and never 'Live'", () => {
    const card = show([suggestion("moon ring", "sample", "sample")], { source: "sample", error: true, fallbackReason: "No search-trends provider is configured: showing offline sample data." });
    expect(within(card).getByTestId("sample-badge").getAttribute("data-variant")).toBe("warning");
    expect(within(card).queryAllByTestId("row-sample-badge")).toHaveLength(0);
    expect(card.textContent).not.toMatch(/Live|Google Trends|marketplace analytics/);
  });
});

function analysis(over: Partial<AdvancedAnalysis>): AdvancedAnalysis {
  return {
    keyword: "boho earrings",
    geo: "US",
    fromCache: false,
    isFallback: false,
    fallbackReason: null,
    lastUpdated: "2026-11-23T10:00:00Z",
    competitionLevel: "Medium",
    competitionScore: 0.4,
    competitionSource: "etsy",
    activeListings: 12345,
    estimatedSearchVolume: 16000,
    statistics: { trend: "rising", averageInterest: 55, maxInterest: 100, totalDataPoints: 52 },
    timelineData: [],
    relatedQueries: { top: [], rising: [] },
    marketInsights: [],
    source: "serpapi",
    ...over,
  };
}

function showAnalysis(data: AdvancedAnalysis) {
  render(
    <MemoryRouter>
      <I18nProvider initialLanguage="en" catalogues={advancedRoute.i18n}>
        <StatCards data={data} />
        <AnalysisDetails data={data} processingTimeMs={10} />
      </I18nProvider>
    </MemoryRouter>,
  );
}

describe("the advanced analysis' labels", () => {
  it("shows Google's figures with their source, the volume as Listora's estimate, and 'Live' in a neutral badge", () => {
    showAnalysis(analysis({}));
    expect(screen.getByTestId("stat-average").textContent).toContain("Source: Google Trends (via SerpApi)");
    expect(screen.getByTestId("stat-competition").textContent).toContain("Source: Etsy active listings");
    const volume = screen.getByTestId("stat-volume").textContent ?? "";
    expect(volume).toContain("~16K");
    expect(volume).toContain("Listora's estimate of searches / month");
    expect(screen.queryAllByTestId("sample-badge")).toHaveLength(0);
    const live = within(screen.getByTestId("detail-source")).getByText("Live");
    expect(live.getAttribute("data-variant")).toBe("outline");
    expect(screen.getByTestId("detail-provider").textContent).toContain("Google Trends (via SerpApi) and Etsy listing counts");
  });

  it("puts the sample badge by every sample figure and shows no search volume from the sample engine", () => {
    showAnalysis(analysis({ source: "sample", competitionSource: "sample", activeListings: null, isFallback: true }));
    for (const id of ["stat-trend", "stat-average", "stat-competition", "stat-volume"]) expect(within(screen.getByTestId(id)).getByTestId("sample-badge").textContent).toBe("Sample data (offline)");
    const volume = screen.getByTestId("stat-volume").textContent ?? "";
    expect(volume).not.toMatch(/16|searches \/ month/);
    expect(screen.getByTestId("detail-source").textContent).not.toContain("Live");
    expect(screen.getByTestId("detail-provider").textContent).toContain("Listora's offline sample engine");
  });
});
