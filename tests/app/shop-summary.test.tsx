import { cleanup, render, screen, within } from "@testing-library/react";
import { MemoryRouter } from "react-router";
import { afterEach, describe, expect, it } from "vitest";
import type { ShopSummary } from "../../schema/api/shop";
import { GradeChart } from "~/components/shop/grade-chart";
import { ShopSummaryHeader, TopIssues } from "~/components/shop/shop-summary";
import { I18nProvider } from "~/lib/i18n";
import { handle as shopRoute } from "~/routes/shop";
import { en, tr } from "~/lib/i18n/catalog/shop";
import { AUDIT_MESSAGES_EN } from "../../shared/audit";
import type { Language } from "../../schema/api";

afterEach(cleanup);

const SUMMARY: ShopSummary = {
  listings: 1234,
  averageScore: 67.4,
  grades: { A: 100, B: 400, C: 500, D: 233, F: 1 },
  topIssues: [
    { id: "tags.unused", message: "Only {count} of {max} tags are used. Every empty slot is a search you cannot be found for. Add {missing} more.", count: 812 },
    { id: "photos.too-few", message: "The listing has {count} photo(s).", count: 1 },
  ],
  pendingProposals: 0,
};

function show(node: React.ReactNode, language: Language = "en") {
  return render(
    <MemoryRouter initialEntries={["/shop?sort=title"]}>
      <I18nProvider initialLanguage={language} catalogues={shopRoute.i18n}>
        {node}
      </I18nProvider>
    </MemoryRouter>,
  );
}

const placeholders = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();

describe("the shop's strings", () => {
  it("has every English string in Turkish, with the same placeholders", () => {
    for (const [key, english] of Object.entries(en)) {
      const turkish = (tr as Record<string, string>)[key];
      expect(turkish, key).toBeTruthy();
      expect(placeholders(turkish), key).toEqual(placeholders(english));
    }
  });
});

describe("the grade distribution chart", () => {
  it("draws one bar per grade, as tall as its share of the largest, and names each bar's count", () => {
    show(<GradeChart grades={SUMMARY.grades} />);
    const bar = (grade: string) => screen.getByTestId(`grade-bar-${grade}`);
    const height = (grade: string) => (bar(grade).querySelector("[style]") as HTMLElement | null)?.style.height;
    expect(height("C")).toBe("100%");
    expect(height("B")).toBe("80%");
    expect(height("D")).toBe("47%");
    // One listing of 500 still shows as a sliver, not an invisible bar.
    expect(height("F")).toBe("6%");
    expect(screen.getByRole("img", { name: "Grade C: 500 listings" })).toBeTruthy();
    expect(screen.getByRole("img", { name: "Grade F: 1 listing" })).toBeTruthy();
    expect(screen.getByRole("list", { name: "Listings by grade: A 100, B 400, C 500, D 233, F 1" })).toBeTruthy();
  });

  it("links each grade with listings to the table filtered by it, and leaves an empty grade unlinked", () => {
    show(<GradeChart grades={{ A: 0, B: 2, C: 0, D: 0, F: 5 }} hrefFor={(grade) => `?grade=${grade}`} />);
    expect(screen.getByRole("link", { name: "Grade F: 5 listings" }).getAttribute("href")).toBe("/shop?grade=F");
    expect(screen.getByRole("link", { name: "Grade B: 2 listings" }).getAttribute("href")).toBe("/shop?grade=B");
    expect(screen.queryByRole("link", { name: /Grade A/ })).toBeNull();
    expect(screen.getByRole("img", { name: "Grade A: 0 listings" })).toBeTruthy();
    expect(screen.getByTestId("grade-bar-A").querySelector("[style]")).toBeNull();
  });

  it("reads in Turkish", () => {
    show(<GradeChart grades={SUMMARY.grades} />, "tr");
    expect(screen.getByRole("img", { name: "C notu: 500 ilan" })).toBeTruthy();
    expect(screen.getByText("Nota göre ilanlar")).toBeTruthy();
  });
});

describe("the summary header", () => {
  it("shows the number of listings and the average score in the seller's number format", () => {
    show(<ShopSummaryHeader summary={SUMMARY} />);
    expect(screen.getByTestId("summary-listings").textContent).toBe("1,234");
    expect(screen.getByTestId("summary-average").textContent).toBe("67.4");
    expect(screen.getByRole("img", { name: "Listing score 67 of 100, grade C" })).toBeTruthy();
    cleanup();
    show(<ShopSummaryHeader summary={SUMMARY} />, "tr");
    expect(screen.getByTestId("summary-listings").textContent).toBe("1.234");
    expect(screen.getByTestId("summary-average").textContent).toBe("67,4");
  });
});

describe("the most common issues", () => {
  it("lists each issue with its count and a link that filters the table to its listings", () => {
    show(<TopIssues issues={SUMMARY.topIssues} activeIssue="photos.too-few" hrefFor={(id) => `?issue=${id}`} />);
    const items = screen.getAllByTestId("top-issue");
    expect(items.map((item) => item.getAttribute("data-issue"))).toEqual(["tags.unused", "photos.too-few"]);
    expect(within(items[0]).getByText("812 listings")).toBeTruthy();
    expect(within(items[1]).getByText("1 listing")).toBeTruthy();
    const link = within(items[0]).getByRole("link", { name: "Show the listings with this issue: Unused tag slots (fewer than 13 tags)" });
    expect(link.getAttribute("href")).toBe("/shop?issue=tags.unused");
    expect(within(items[1]).getByRole("link").getAttribute("aria-current")).toBe("true");
  });

  it("names every finding of the Listing Doctor in both languages, and never shows a raw placeholder", () => {
    for (const id of Object.keys(AUDIT_MESSAGES_EN)) {
      expect((en as Record<string, string>)[`shop.issue.${id}`], id).toBeTruthy();
      expect((tr as Record<string, string>)[`shop.issue.${id}`], id).toBeTruthy();
    }
    show(<TopIssues issues={[...SUMMARY.topIssues, { id: "photos.blurry", message: "{count} photos are blurry. Retake them.", count: 2 }]} hrefFor={(id) => `?issue=${id}`} />, "tr");
    const text = screen.getByTestId("top-issues").textContent ?? "";
    expect(text).toContain("Kullanılmayan etiket yerleri (13'ten az etiket)");
    expect(text).toContain("Çok az fotoğraf");
    expect(text).toContain("… photos are blurry. Retake them.");
    expect(text).not.toMatch(/\{\w+\}/);
  });

  it("says so when no issue is common", () => {
    show(<TopIssues issues={[]} hrefFor={(id) => `?issue=${id}`} />);
    expect(screen.getByText("No issue is common across your listings.")).toBeTruthy();
    expect(screen.queryAllByTestId("top-issue")).toHaveLength(0);
  });
});
