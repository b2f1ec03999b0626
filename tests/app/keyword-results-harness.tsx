import { render, screen } from "@testing-library/react";
import { createRoutesStub } from "react-router";
import type { Language } from "../../schema/api";
import type { KeywordSearchResult, KeywordSuggestion } from "../../schema/api/keywords";
import { toRows } from "~/components/keywords/keyword-model";
import { KeywordResults } from "~/components/keywords/keyword-results";
import { I18nProvider } from "~/lib/i18n";
import { handle as seoRoute } from "~/routes/seo-keywords";

/** The SEO screen's results card with these keywords and the answer's `meta`, every handler a no-op. */
export function showKeywordResults(keywords: KeywordSuggestion[], meta: Partial<Omit<KeywordSearchResult, "keywords">>, language: Language = "en") {
  // A data router: each row's 'analyze trend' is a form posting to Advanced analysis's action.
  const Stub = createRoutesStub([
    {
      path: "/seo-keywords",
      Component: () => (
        <I18nProvider initialLanguage={language} catalogues={seoRoute.i18n}>
          <KeywordResults
            meta={{ error: false, source: "serpapi+etsy", fallbackReason: null, fromCache: false, lastUpdated: "2026-11-23T10:00:00Z", platform: "etsy", country: "US", category: null, ...meta }}
            productName="silver ring"
            search={{ productName: "silver ring", category: "", country: "US", platform: "etsy" }}
            rows={toRows(keywords)}
            selectedRows={[]}
            filter="all"
            onFilter={() => {}}
            sort={null}
            onSort={() => {}}
            page={1}
            onPage={() => {}}
            onToggle={() => {}}
            onTogglePage={() => {}}
            onDownload={() => {}}
            onUse={() => {}}
            onSave={() => {}}
          />
        </I18nProvider>
      ),
    },
  ]);
  render(<Stub initialEntries={["/seo-keywords"]} />);
  return screen.getByTestId("keyword-results");
}
