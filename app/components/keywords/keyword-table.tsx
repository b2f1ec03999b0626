import { ArrowDownIcon, ArrowUpDownIcon, ArrowUpIcon, ChartLineIcon } from "lucide-react";
import { Form } from "react-router";
import { Badge } from "~/components/ui/badge";
import { Checkbox } from "~/components/ui/checkbox";
import { Skeleton } from "~/components/ui/skeleton";
import { type MessageKey, useT } from "~/lib/i18n";
import { cn, inBrowser } from "~/lib/utils";
import { CompetitionBadge, PopularityCell, TrendIndicator } from "./keyword-cells";
import { nextSort, sortText, type KeywordRow, type SortKey, type SortState } from "./keyword-model";
import { SEARCH_FORM_ID } from "./keyword-search-form";
import { toSavedKeyword } from "./saved-keywords";
import { VolumeCell } from "./volume-cell";

/** Phone widths keep the keyword column wide enough for whole words; short labels stand in for long ones. */
const COLUMNS: { key: SortKey; label: MessageKey; short?: MessageKey; className?: string }[] = [
  { key: "keyword", label: "seo.table.keyword" },
  // Below lg the monthly searches sit under each keyword instead, so a phone keeps room for the words.
  { key: "volume", label: "volume.column", className: "hidden w-44 lg:table-cell" },
  { key: "popularity", label: "seo.table.popularity", short: "seo.table.popularityShort", className: "w-12 sm:w-36" },
  { key: "competition", label: "seo.table.competition", short: "seo.table.competitionShort", className: "w-[4.75rem] sm:w-32" },
  { key: "trend", label: "seo.table.trend", className: "w-8 sm:w-32" },
];

/** The results table: one page of rows, sortable headers (aria-sort), a checkbox per row and per page. */
export function KeywordTable({
  rows,
  sort,
  onSort,
  onToggle,
  onTogglePage,
  analyzeGeo,
  markSample = false,
  liveCompetition = false,
  volumesShown = false,
}: {
  rows: KeywordRow[];
  sort: SortState | null;
  onSort: (key: SortKey) => void;
  onToggle: (id: string, selected: boolean) => void;
  onTogglePage: (selected: boolean) => void;
  /** Region the 'analyze trend' links open the advanced screen with. */
  analyzeGeo: string;
  /** Live and sample rows are mixed: each sample row carries the sample mark. */
  markSample?: boolean;
  /** Some rows' competition is Etsy's: a row whose competition is a sample then carries the mark too. */
  liveCompetition?: boolean;
  /** A volume provider answered: below lg each keyword shows its monthly searches under it. */
  volumesShown?: boolean;
}) {
  const t = useT();
  const selectedOnPage = rows.filter((r) => r.selected).length;
  const pageState = selectedOnPage === 0 ? false : selectedOnPage === rows.length ? true : "indeterminate";
  return (
    <table className="w-full table-fixed border-collapse text-[13px] sm:text-sm" data-testid="keyword-table">
      <caption className="sr-only">{t("seo.table.caption")}</caption>
      <thead>
        <tr className="border-b text-left text-muted-foreground">
          <th scope="col" className="w-8 py-2 pr-2 sm:w-10">
            <Checkbox className="noscript:hidden" checked={pageState} onCheckedChange={(v) => onTogglePage(v === true)} aria-label={t("seo.table.selectPage")} disabled={rows.length === 0} />
          </th>
          {COLUMNS.map((column) => {
            const active = sort?.key === column.key;
            const Icon = !active ? ArrowUpDownIcon : sort.direction === "ascending" ? ArrowUpIcon : ArrowDownIcon;
            return (
              <th key={column.key} scope="col" aria-sort={active ? sort.direction : "none"} className={cn("py-2 pr-2 font-medium", column.className)}>
                {/* Without JavaScript it posts the search again sorted (decision 0072); with it, it sorts here. */}
                <button
                  type="submit"
                  form={SEARCH_FORM_ID}
                  name="view_sort"
                  value={sortText(nextSort(sort, column.key))}
                  onClick={inBrowser(() => onSort(column.key))}
                  className="-ml-1 inline-flex max-w-full items-center gap-1 rounded px-1 py-0.5 hover:text-foreground focus-visible:ring-[3px] focus-visible:ring-ring/50 focus-visible:outline-none"
                  aria-label={t("seo.table.sortBy", { column: t(column.label) })}
                  data-testid={`sort-${column.key}`}
                >
                  {column.short ? (
                    <>
                      <span className="truncate sm:hidden">{t(column.short)}</span>
                      <span className="hidden truncate sm:inline">{t(column.label)}</span>
                    </>
                  ) : (
                    <span className={cn("truncate", column.key === "trend" && "sr-only sm:not-sr-only")}>{t(column.label)}</span>
                  )}
                  <Icon className={cn("size-3.5 shrink-0", active ? "text-foreground" : "opacity-50", !active && column.key !== "trend" && "hidden sm:block")} aria-hidden="true" />
                </button>
              </th>
            );
          })}
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <tr key={row.id} className={cn("border-b transition-colors last:border-0 hover:bg-muted/50", row.selected && "bg-accent/40")} data-testid="keyword-row" data-keyword={row.keyword}>
            <td className="py-2.5 pr-2 align-middle">
              <Checkbox className="noscript:hidden" checked={row.selected} onCheckedChange={(v) => onToggle(row.id, v === true)} aria-label={t("seo.table.selectKeyword", { keyword: row.keyword })} />
              {/* Without JavaScript a plain box of the search form: every post of the page (save, page, sort, filter, CSV) carries it (decision 0074). */}
              <noscript>
                <input
                  type="checkbox"
                  name="keyword"
                  value={JSON.stringify(toSavedKeyword(row))}
                  form={SEARCH_FORM_ID}
                  defaultChecked={row.selected}
                  aria-label={t("seo.table.selectKeyword", { keyword: row.keyword })}
                  className="size-4 align-middle accent-primary"
                />
              </noscript>
            </td>
            <td className="py-2.5 pr-2 align-middle">
              <div className="flex min-w-0 items-center gap-1">
                <span className="min-w-0 font-medium [overflow-wrap:anywhere] sm:[overflow-wrap:normal]" data-testid="keyword-text">
                  {row.keyword}
                </span>
                {hasIdeaSource(row) && <IdeaSourceBadge source={row.ideaSource} className="hidden sm:inline-flex" />}
                {markSample && (row.popularitySource === "sample" || (liveCompetition && row.competitionSource !== "etsy")) && (
                  <Badge variant="warning" className="shrink-0 px-1 py-0 text-[10px]" title={t("source.sample")} aria-label={t("source.sample")} data-testid="row-sample-badge">
                    {t("source.sampleShort")}
                  </Badge>
                )}
                {/* An analysis spends a unit of the day, so it is a post to Advanced analysis's action (decision 0050), not a link a reload or a prefetch repeats. */}
                <Form method="post" action="/advanced-keywords" className="hidden shrink-0 sm:inline-flex">
                  <input type="hidden" name="keyword" value={row.keyword} />
                  <input type="hidden" name="geo" value={analyzeGeo} />
                  <button
                    type="submit"
                    className="inline-flex rounded p-1 text-muted-foreground hover:bg-accent hover:text-foreground focus-visible:ring-[3px] focus-visible:ring-ring/50 focus-visible:outline-none"
                    aria-label={t("seo.table.analyze", { keyword: row.keyword })}
                    title={t("seo.table.analyze", { keyword: row.keyword })}
                    data-testid="analyze-trend"
                  >
                    <ChartLineIcon className="size-3.5" aria-hidden="true" />
                  </button>
                </Form>
              </div>
              {/* On a phone the source sits under the keyword, so the words keep their width. */}
              {hasIdeaSource(row) && (
                <div className="mt-1 sm:hidden">
                  <IdeaSourceBadge source={row.ideaSource} testId="row-idea-source-inline" />
                </div>
              )}
              {volumesShown && (
                <div className="mt-1 lg:hidden" data-testid="volume-inline">
                  <VolumeCell row={row} compact />
                </div>
              )}
            </td>
            <td className="hidden py-2.5 pr-2 align-middle lg:table-cell">
              <VolumeCell row={row} />
            </td>
            <td className="py-2.5 pr-2 align-middle">
              <PopularityCell value={row.popularity} />
            </td>
            <td className="py-2.5 pr-2 align-middle">
              <CompetitionBadge score={row.competition} />
            </td>
            <td className="py-2.5 align-middle">
              <TrendIndicator trend={row.trend} compact />
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** A row proposed by a provider (not the sample engine) and measured by it. */
function hasIdeaSource(row: KeywordRow): row is KeywordRow & { ideaSource: "google-ads" | "amazon" | "serpapi" } {
  return row.ideaSource !== undefined && row.ideaSource !== "sample" && row.popularitySource !== "sample";
}

/** Who proposed the phrase: Google Ads, Amazon (both via DataForSEO) or Google (SerpApi); outline, never green. */
function IdeaSourceBadge({ source, className, testId = "row-idea-source" }: { source: "google-ads" | "amazon" | "serpapi"; className?: string; testId?: string }) {
  const t = useT();
  return (
    <Badge
      variant="outline"
      className={cn("shrink-0 px-1 py-0 text-[10px] font-normal", className)}
      title={t(`seo.table.ideaSourceTitle.${source}`)}
      aria-label={t(`seo.table.ideaSourceTitle.${source}`)}
      data-testid={testId}
    >
      {t(`seo.table.ideaSource.${source}`)}
    </Badge>
  );
}

/** Placeholder rows while a search runs, shaped like the table so nothing jumps when results land. */
export function KeywordTableSkeleton({ rows = 6 }: { rows?: number }) {
  return (
    <div className="grid gap-0" data-testid="keyword-skeleton">
      <div className="flex gap-4 border-b py-3">
        <Skeleton className="h-4 w-4" />
        <Skeleton className="h-4 flex-1" />
        <Skeleton className="hidden h-4 w-28 lg:block" />
        <Skeleton className="h-4 w-16 sm:w-28" />
        <Skeleton className="h-4 w-14 sm:w-20" />
        <Skeleton className="h-4 w-6 sm:w-20" />
      </div>
      {Array.from({ length: rows }, (_, i) => (
        <div key={i} className="flex items-center gap-4 border-b py-3 last:border-0">
          <Skeleton className="h-4 w-4" />
          <Skeleton className="h-4 flex-1" style={{ maxWidth: `${55 + ((i * 17) % 35)}%` }} />
          <Skeleton className="hidden h-4 w-28 lg:block" />
          <Skeleton className="h-2 w-16 sm:w-28" />
          <Skeleton className="h-5 w-14 sm:w-16 rounded-md" />
          <Skeleton className="h-4 w-6 sm:w-20" />
        </div>
      ))}
    </div>
  );
}
