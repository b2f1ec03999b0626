/**
 * The rules of the keyword results table, kept free of React so they are tested directly: ids,
 * sorting, paging, the CSV export and the shape handed to the Create Listing screen.
 */
import type { IdeaSource, KeywordSuggestion, MonthlySearch, SuggestionTrend, VolumeSource } from "../../../schema/api/keywords";
import { competitionLevel } from "~/lib/competition";

/** A suggestion as the screen holds it (SPEC §3 Keyword suggestion). */
export interface KeywordRow {
  id: string;
  keyword: string;
  popularity: number;
  competition: number;
  trend: SuggestionTrend;
  selected: boolean;
  /** Where popularity and trend came from (a row without one is treated as sample data: never claim live). */
  popularitySource: KeywordSuggestion["popularitySource"];
  /** Where the competition figure came from. */
  competitionSource: KeywordSuggestion["competitionSource"];
  /** Who proposed the phrase (absent on older answers: read from the popularity's source). */
  ideaSource?: IdeaSource;
  /** Measured monthly searches (DataForSEO), or null/absent: never estimated (decision 0019). */
  searchVolume?: number | null;
  volumeSource?: VolumeSource | null;
  /** Up to 12 months, oldest first. */
  monthlySearches?: MonthlySearch[] | null;
}

/** What the shared selected-keywords list in localStorage holds (SPEC §3 Keyword). */
interface SelectedKeyword {
  id: string;
  keyword: string;
  popularity: number;
  competition: number;
  trend: SuggestionTrend;
  selected: true;
}

export type SortKey = "keyword" | "popularity" | "competition" | "trend" | "volume";
type SortDirection = "ascending" | "descending";
export interface SortState {
  key: SortKey;
  direction: SortDirection;
}

const PAGE_SIZE = 10;

const TRENDS: readonly SuggestionTrend[] = ["increasing", "stable", "declining"];

function slug(text: string) {
  return (
    text
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, "-")
      .replace(/^-|-$/g, "")
      .slice(0, 40) || "keyword"
  );
}

/**
 * Turns the server's list into rows: a temporary id when one is missing (SPEC §3), ids made unique so
 * selecting one row never selects another, numbers clamped to their ranges, and selected false.
 */
export function toRows(keywords: readonly Partial<KeywordSuggestion>[] | null | undefined): KeywordRow[] {
  const seen = new Set<string>();
  const rows: KeywordRow[] = [];
  (keywords ?? []).forEach((item, index) => {
    const keyword = typeof item?.keyword === "string" ? item.keyword.trim() : "";
    if (!keyword) return;
    let id = typeof item.id === "string" && item.id ? item.id : `temp-${index + 1}-${slug(keyword)}`;
    for (let n = 2; seen.has(id); n += 1) id = `${id.replace(/~\d+$/, "")}~${n}`;
    seen.add(id);
    rows.push({
      id,
      keyword,
      popularity: clamp(Math.round(Number(item.popularity) || 0), 0, 100),
      competition: clamp(Number(item.competition) || 0, 0, 1),
      trend: TRENDS.includes(item.trend as SuggestionTrend) ? (item.trend as SuggestionTrend) : "stable",
      selected: false,
      popularitySource: item.popularitySource === "serpapi" || item.popularitySource === "dataforseo" ? item.popularitySource : "sample",
      competitionSource: item.competitionSource === "etsy" ? "etsy" : "sample",
      ideaSource: ideaSourceOf(item),
      ...volumeOf(item),
    });
  });
  return rows;
}

const clamp = (x: number, lo: number, hi: number) => Math.min(hi, Math.max(lo, x));

const IDEA_SOURCES: readonly IdeaSource[] = ["google-ads", "amazon", "serpapi", "sample"];

/** Who proposed a row: a known source, else what its popularity's source implies; a DataForSEO row without one is not guessed. */
function ideaSourceOf(item: Partial<KeywordSuggestion>): IdeaSource {
  if (IDEA_SOURCES.includes(item.ideaSource as IdeaSource)) return item.ideaSource as IdeaSource;
  return item.popularitySource === "serpapi" ? "serpapi" : "sample";
}

const VOLUME_SOURCES: readonly VolumeSource[] = ["Google Ads via DataForSEO", "Amazon via DataForSEO"];

/** A row's measured volume, only when it names a known source; anything else reads as none. */
function volumeOf(item: Partial<KeywordSuggestion>): Pick<KeywordRow, "searchVolume" | "volumeSource" | "monthlySearches"> {
  const source = VOLUME_SOURCES.includes(item.volumeSource as VolumeSource) ? (item.volumeSource as VolumeSource) : null;
  if (!source) return { searchVolume: null, volumeSource: null, monthlySearches: null };
  const volume = typeof item.searchVolume === "number" && Number.isFinite(item.searchVolume) && item.searchVolume >= 0 ? Math.round(item.searchVolume) : null;
  const months = Array.isArray(item.monthlySearches)
    ? item.monthlySearches
        .filter((m) => m && Number.isInteger(m.year) && Number.isInteger(m.month))
        .map((m) => ({ year: m.year, month: m.month, searches: typeof m.searches === "number" && m.searches >= 0 ? m.searches : null }))
        .slice(-12)
    : [];
  return { searchVolume: volume, volumeSource: source, monthlySearches: months.length > 0 ? months : null };
}

/** A header click: a new column starts in its most useful order, the same column flips. */
/** A sort as a form's value ("volume:descending"), for the table's buttons posted without JavaScript (decision 0072). */
export function sortText(sort: SortState | null): string {
  return sort ? `${sort.key}:${sort.direction}` : "";
}

const SORT_KEYS: readonly string[] = ["keyword", "popularity", "competition", "trend", "volume"] satisfies SortKey[];

/** A posted sort value; null for none or anything else. */
export function sortOfText(text: string): SortState | null {
  const [key = "", direction = ""] = text.split(":");
  if (!SORT_KEYS.includes(key) || (direction !== "ascending" && direction !== "descending")) return null;
  return { key: key as SortKey, direction };
}

export function nextSort(current: SortState | null, key: SortKey): SortState {
  if (current?.key === key) return { key, direction: current.direction === "ascending" ? "descending" : "ascending" };
  // Names read A-Z and low competition first; for popularity and trend the best comes first.
  const direction: SortDirection = key === "keyword" || key === "competition" ? "ascending" : "descending";
  return { key, direction };
}

const trendRank: Record<SuggestionTrend, number> = { declining: 0, stable: 1, increasing: 2 };

/** Sorted copy; with no sort the server's order (ranked by opportunity) is kept. Ties keep that order. */
export function sortRows(rows: readonly KeywordRow[], sort: SortState | null): KeywordRow[] {
  if (!sort) return [...rows];
  const sign = sort.direction === "ascending" ? 1 : -1;
  const value = (row: KeywordRow) =>
    sort.key === "popularity" ? row.popularity : sort.key === "competition" ? row.competition : sort.key === "trend" ? trendRank[row.trend] : sort.key === "volume" ? (row.searchVolume ?? -1) : 0;
  return rows
    .map((row, index) => ({ row, index }))
    .sort((a, b) => {
      const diff = sort.key === "keyword" ? a.row.keyword.localeCompare(b.row.keyword) : value(a.row) - value(b.row);
      return diff !== 0 ? diff * sign : a.index - b.index;
    })
    .map((x) => x.row);
}

export function pageCount(total: number, size = PAGE_SIZE) {
  return Math.max(1, Math.ceil(total / size));
}

/** The rows of one page (1-based); a page past the end shows the last one. */
export function pageOf<T>(rows: readonly T[], page: number, size = PAGE_SIZE): { rows: T[]; page: number; from: number; to: number } {
  const last = pageCount(rows.length, size);
  const current = clamp(Math.floor(page) || 1, 1, last);
  const start = (current - 1) * size;
  const slice = rows.slice(start, start + size);
  return { rows: slice, page: current, from: slice.length ? start + 1 : 0, to: start + slice.length };
}

/** A CSV cell: quoted when needed, and a leading = + - @ neutralised so a spreadsheet never runs it as a formula. */
function csvCell(value: string | number) {
  let text = String(value);
  if (typeof value === "string" && /^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** What the CSV's source columns say, per provider: sample figures say so in words. */
const CSV_SOURCE_LABEL = {
  serpapi: "Google Trends (via SerpApi)",
  "google-ads": "Google Ads keyword ideas (via DataForSEO)",
  amazon: "Amazon related searches (via DataForSEO)",
  etsy: "Etsy active listings",
  sample: "Sample data (offline)",
} as const;

/**
 * The results as CSV (RFC 4180, CRLF), one row per keyword in the order given. Each row names where
 * its popularity/trend and its competition came from, so a sample figure never passes for a live one,
 * and ends with its measured monthly searches and their source ("Not available" without a provider).
 */
export function toCsv(rows: readonly KeywordRow[]): string {
  const header = ["keyword", "popularity", "competition", "competition_level", "trend", "selected", "popularity_trend_source", "competition_source", "monthly_searches", "monthly_searches_source"];
  const lines = rows.map((r) =>
    [
      r.keyword,
      r.popularity,
      r.competition.toFixed(2),
      competitionLevel(r.competition),
      r.trend,
      r.selected ? "yes" : "no",
      CSV_SOURCE_LABEL[r.popularitySource === "serpapi" ? "serpapi" : r.popularitySource === "dataforseo" && (r.ideaSource === "google-ads" || r.ideaSource === "amazon") ? r.ideaSource : "sample"],
      CSV_SOURCE_LABEL[r.competitionSource === "etsy" ? "etsy" : "sample"],
      // Measured monthly searches only (decision 0019): empty when there is no figure, and the source says why.
      r.volumeSource && typeof r.searchVolume === "number" ? r.searchVolume : "",
      r.volumeSource ?? "Not available",
    ]
      .map(csvCell)
      .join(","),
  );
  return [header.join(","), ...lines].join("\r\n") + "\r\n";
}

/** Which providers the figures of these rows come from: popularity/trend and competition, each a set. */
export function figureSources(rows: readonly Pick<KeywordRow, "popularitySource" | "competitionSource" | "ideaSource">[]) {
  const popularity = new Set(rows.map((r) => (r.popularitySource === "serpapi" || r.popularitySource === "dataforseo" ? r.popularitySource : "sample")));
  const competition = new Set(rows.map((r) => (r.competitionSource === "etsy" ? "etsy" : "sample")));
  /** The DataForSEO channels whose ideas are on screen. */
  const ideas = new Set(rows.flatMap((r) => (r.popularitySource === "dataforseo" && (r.ideaSource === "google-ads" || r.ideaSource === "amazon") ? [r.ideaSource] : [])));
  const anySample = popularity.has("sample") || competition.has("sample");
  const allSample = rows.length > 0 && !popularity.has("serpapi") && !popularity.has("dataforseo") && !competition.has("etsy");
  return { popularity, competition, ideas, anySample, allSample };
}

/** A file name that says what was searched, e.g. keywords-silver-ring-us-etsy.csv. */
export function csvFileName(productName: string, country: string, platform: string) {
  return `keywords-${slug(productName)}-${country.toLowerCase()}-${platform.toLowerCase()}.csv`;
}

/**
 * The table's 'Download CSV' file: the rows of the view (all pages), its name and its text with a
 * byte-order mark, so spreadsheet apps read non-ASCII keywords as UTF-8. The browser's download and
 * the one posted without JavaScript (app/lib/keywords.server.ts, decision 0074) both make it here.
 */
export function keywordCsvFile(rows: readonly KeywordRow[], search: { searched: string; country: string; platform: string }) {
  return { name: csvFileName(search.searched || "keywords", search.country, search.platform), text: `\uFEFF${toCsv(rows)}` };
}

/** The All/Selected filter of the results table. */
export type Filter = "all" | "selected";

/**
 * What the table shows: every row of the search (each marked selected or not), or the selected
 * keywords (which may hold earlier searches' too), sorted. The screen and the CSV posted without
 * JavaScript read it here, so the file is the view the seller looks at.
 */
export function tableView(rows: readonly KeywordRow[], picked: readonly KeywordRow[], sort: SortState | null) {
  const pickedIds = new Set(picked.map((k) => k.id));
  return {
    all: sortRows(
      rows.map((r) => ({ ...r, selected: pickedIds.has(r.id) })),
      sort,
    ),
    selected: sortRows(
      picked.map((r) => ({ ...r, selected: true })),
      sort,
    ),
  };
}

/** The selected rows in the shape of the shared list, without duplicate ids (SPEC §3). */
export function toSelectedKeywords(rows: readonly KeywordRow[]): SelectedKeyword[] {
  const seen = new Set<string>();
  const out: SelectedKeyword[] = [];
  for (const row of rows) {
    if (!row.selected || seen.has(row.id)) continue;
    seen.add(row.id);
    out.push({ id: row.id, keyword: row.keyword, popularity: row.popularity, competition: row.competition, trend: row.trend, selected: true });
  }
  return out;
}

/** SPEC §2: clear the shared list, then after 50 ms set the chosen keywords, then go on. */
const HAND_OVER_DELAY_MS = 50;

export function handOverKeywords(storage: Storage | null, key: string, keywords: SelectedKeyword[], then: () => void) {
  storage?.setItem(key, "[]");
  setTimeout(() => {
    storage?.setItem(key, JSON.stringify(keywords));
    then();
  }, HAND_OVER_DELAY_MS);
}
