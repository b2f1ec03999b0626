import { afterEach, describe, expect, it, vi } from "vitest";
import { csvFileName, figureSources, handOverKeywords, nextSort, pageOf, sortRows, toCsv, toRows, toSelectedKeywords, type KeywordRow } from "~/components/keywords/keyword-model";
import { keywordFieldError, keywordSubmitError, productNameError } from "~/lib/keyword-validation";
import { en } from "~/lib/i18n/catalog/keywords";

const rows = toRows([
  { id: "a", keyword: "silver ring", popularity: 80, competition: 0.7, trend: "stable" },
  { id: "b", keyword: "boho ring", popularity: 40, competition: 0.2, trend: "increasing" },
  { id: "c", keyword: "adjustable ring", popularity: 60, competition: 0.45, trend: "declining" },
]);

describe("keyword rows", () => {
  it("gives a row without an id a temporary one, keeps ids unique and starts unselected", () => {
    const made = toRows([
      { keyword: "gold ring", popularity: 10, competition: 0.1, trend: "stable" },
      { id: "x", keyword: "a" },
      { id: "x", keyword: "b" },
    ]);
    expect(made[0].id).toBe("temp-1-gold-ring");
    expect(new Set(made.map((r) => r.id)).size).toBe(3);
    expect(made.every((r) => r.selected === false)).toBe(true);
  });

  it("drops rows without keyword text and clamps figures into their ranges", () => {
    const made = toRows([
      { id: "e", keyword: "  " },
      { id: "f", keyword: "ring", popularity: 140, competition: -2, trend: "sideways" as never },
    ]);
    expect(made).toEqual([
      {
        id: "f",
        keyword: "ring",
        popularity: 100,
        competition: 0,
        trend: "stable",
        selected: false,
        popularitySource: "sample",
        competitionSource: "sample",
        ideaSource: "sample",
        searchVolume: null,
        volumeSource: null,
        monthlySearches: null,
      },
    ]);
    // A known idea source is kept; an unknown one reads as the popularity's source, never as a provider's.
    expect(toRows([{ id: "g", keyword: "moon ring", popularitySource: "dataforseo", ideaSource: "google-ads" }])[0]).toMatchObject({ popularitySource: "dataforseo", ideaSource: "google-ads" });
    expect(toRows([{ id: "h", keyword: "moon ring", popularitySource: "serpapi", ideaSource: "bing" as never }])[0].ideaSource).toBe("serpapi");
  });

  it("sorts popularity best first on the first click and flips on the second", () => {
    const first = nextSort(null, "popularity");
    expect(sortRows(rows, first).map((r) => r.id)).toEqual(["a", "c", "b"]);
    expect(sortRows(rows, nextSort(first, "popularity")).map((r) => r.id)).toEqual(["b", "c", "a"]);
  });

  it("sorts competition lowest first, keywords A to Z and trend rising first", () => {
    expect(sortRows(rows, nextSort(null, "competition")).map((r) => r.id)).toEqual(["b", "c", "a"]);
    expect(sortRows(rows, nextSort(null, "keyword")).map((r) => r.keyword)).toEqual(["adjustable ring", "boho ring", "silver ring"]);
    expect(sortRows(rows, nextSort(null, "trend")).map((r) => r.trend)).toEqual(["increasing", "stable", "declining"]);
  });

  it("pages ten at a time and shows the last page for a page past the end", () => {
    const many = toRows(Array.from({ length: 23 }, (_, i) => ({ id: `k${i}`, keyword: `kw ${i}`, popularity: i, competition: 0, trend: "stable" as const })));
    expect(pageOf(many, 1)).toMatchObject({ page: 1, from: 1, to: 10 });
    expect(pageOf(many, 3).rows.map((r) => r.id)).toEqual(["k20", "k21", "k22"]);
    expect(pageOf(many, 9)).toMatchObject({ page: 3, from: 21, to: 23 });
  });

  it("writes a CSV with a header, quoted commas and formulas neutralised", () => {
    const csv = toCsv([
      ...rows,
      { id: "z", keyword: '=HYPERLINK("x"), ring', popularity: 5, competition: 0.3, trend: "stable", selected: true, popularitySource: "serpapi", competitionSource: "etsy" },
    ]);
    const lines = csv.trimEnd().split("\r\n");
    expect(lines[0]).toBe("keyword,popularity,competition,competition_level,trend,selected,popularity_trend_source,competition_source,monthly_searches,monthly_searches_source");
    expect(lines[1]).toBe("silver ring,80,0.70,High,stable,no,Sample data (offline),Sample data (offline),,Not available");
    expect(lines[4]).toBe(`"'=HYPERLINK(""x""), ring",5,0.30,Medium,stable,yes,Google Trends (via SerpApi),Etsy active listings,,Not available`);
    expect(csvFileName("Silver Ring!", "US", "etsy")).toBe("keywords-silver-ring-us-etsy.csv");
  });

  it("names each row's source in the CSV: sample figures say so, live ones name their provider", () => {
    const mixed = toRows([
      { id: "l", keyword: "moon ring", popularity: 70, competition: 0.4, trend: "increasing", popularitySource: "serpapi", competitionSource: "sample" },
      { id: "s", keyword: "star ring", popularity: 30, competition: 0.2, trend: "stable", popularitySource: "sample", competitionSource: "sample" },
      // A row that names no source (an older session) is never presented as live.
      { id: "u", keyword: "sun ring", popularity: 10, competition: 0.1, trend: "stable" },
    ]);
    const [, live, sample, unknown] = toCsv(mixed).trimEnd().split("\r\n");
    expect(live.split(",").slice(-4, -2)).toEqual(["Google Trends (via SerpApi)", "Sample data (offline)"]);
    expect(sample.split(",").slice(-4, -2)).toEqual(["Sample data (offline)", "Sample data (offline)"]);
    expect(unknown.split(",").slice(-4, -2)).toEqual(["Sample data (offline)", "Sample data (offline)"]);
    const sources = figureSources(mixed);
    expect(sources.allSample).toBe(false);
    expect(sources.anySample).toBe(true);
    expect(figureSources(mixed.slice(1)).allSample).toBe(true);
  });
});

describe("hand-over to Create Listing", () => {
  afterEach(() => vi.useRealTimers());

  it("clears the shared list, then after 50 ms stores the chosen keywords and moves on", () => {
    vi.useFakeTimers();
    const storage = new Map<string, string>();
    const fake = { setItem: (k: string, v: string) => storage.set(k, v) } as unknown as Storage;
    storage.set("selectedKeywords", JSON.stringify([{ id: "old" }]));
    const picked: KeywordRow[] = [{ ...rows[1], selected: true }, { ...rows[1], selected: true }, rows[0]];
    let moved = false;
    handOverKeywords(fake, "selectedKeywords", toSelectedKeywords(picked), () => (moved = true));
    expect(storage.get("selectedKeywords")).toBe("[]");
    vi.advanceTimersByTime(49);
    expect(moved).toBe(false);
    vi.advanceTimersByTime(1);
    expect(moved).toBe(true);
    expect(JSON.parse(storage.get("selectedKeywords")!)).toEqual([{ id: "b", keyword: "boho ring", popularity: 40, competition: 0.2, trend: "increasing", selected: true }]);
  });
});

describe("form validation messages (SPEC §5)", () => {
  const say = (key: string | null) => (key ? en[key as keyof typeof en] : null);

  it("checks the advanced keyword on blur with the SPEC's words", () => {
    expect(say(keywordFieldError(""))).toBe("Keyword is required");
    expect(say(keywordFieldError("a"))).toBe("Keyword must be at least 2 characters");
    expect(say(keywordFieldError("a".repeat(101)))).toBe("Keyword must not exceed 100 characters");
    expect(keywordFieldError("ab")).toBeNull();
  });

  it("checks it again at submit with the SPEC's submit words", () => {
    expect(say(keywordSubmitError("   "))).toBe("Keyword cannot be empty");
    expect(say(keywordSubmitError(" a "))).toBe("Keyword must be at least 2 characters long");
    expect(say(keywordSubmitError("a".repeat(101)))).toBe("Keyword cannot exceed 100 characters");
    expect(keywordSubmitError("boho ring")).toBeNull();
  });

  it("requires a product name for keyword research", () => {
    expect(productNameError("  ")?.key).toBe("seo.form.productNameRequired");
    expect(productNameError("x".repeat(101))?.key).toBe("seo.form.productNameTooLong");
    expect(productNameError("silver ring")).toBeNull();
  });
});

describe("keywords catalogue", () => {
  it("has a Turkish text for every English key, with the same placeholders", async () => {
    const { tr } = await import("~/lib/i18n/catalog/keywords");
    for (const key of Object.keys(en) as (keyof typeof en)[]) {
      expect(tr[key], key).toBeTruthy();
      const vars = (s: string) => [...s.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();
      expect(vars(tr[key]), key).toEqual(vars(en[key]));
    }
  });
});
