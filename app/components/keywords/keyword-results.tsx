import { ArrowRightIcon, BookmarkPlusIcon, DatabaseIcon, DownloadIcon, InfoIcon, ListChecksIcon } from "lucide-react";
import type { KeywordListSummary } from "../../../schema/api/keyword-lists";
import type { KeywordSearchResult } from "../../../schema/api/keywords";
import { Alert, AlertDescription, AlertTitle } from "~/components/ui/alert";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { Input } from "~/components/ui/input";
import { NativeSelect } from "~/components/ui/native-select";
import { type MessageKey, type Translate, useI18n } from "~/lib/i18n";
import { cn } from "~/lib/utils";
import { inBrowser } from "~/lib/utils";
import type { SearchForm } from "~/lib/api/keywords";
import { figureSources, pageCount, pageOf, sortText, type Filter, type KeywordRow, type SortKey, type SortState } from "./keyword-model";
import { SEARCH_FORM_ID } from "./keyword-search-form";
import { KeywordPagination } from "./keyword-pagination";
import { KeywordTable } from "./keyword-table";
import { toSavedKeyword } from "./saved-keywords";
import { ProviderBadge, SampleBadge } from "./source-badge";
import { VolumeNote } from "./volume-note";

/** The results card: provenance badges, the All/Selected filter, CSV, 'Use for Listing', the table and paging. */
export function KeywordResults({
  meta,
  productName,
  search,
  rows,
  selectedRows,
  filter,
  onFilter,
  sort,
  onSort,
  page,
  onPage,
  onToggle,
  onTogglePage,
  onDownload,
  onUse,
  onSave,
  lists,
}: {
  meta: Omit<KeywordSearchResult, "keywords">;
  productName: string;
  /** The search on screen, which its page, sort, filter and CSV buttons post again without JavaScript. */
  search: SearchForm;
  /** The rows of the current search, sorted, each marked selected or not. */
  rows: KeywordRow[];
  /** Every selected keyword (this search's and earlier ones'), sorted: the 'Selected' view. */
  selectedRows: KeywordRow[];
  filter: Filter;
  onFilter: (filter: Filter) => void;
  sort: SortState | null;
  onSort: (key: SortKey) => void;
  page: number;
  onPage: (page: number) => void;
  onToggle: (id: string, selected: boolean) => void;
  onTogglePage: (ids: string[], selected: boolean) => void;
  onDownload: () => void;
  onUse: () => void;
  /** Opens 'Save to list' for the selected keywords. */
  onSave?: () => void;
  /** The seller's lists, for saving the ticked rows without JavaScript (null: they could not be read). */
  lists?: KeywordListSummary[] | null;
}) {
  const { t, has, language } = useI18n();
  const selectedCount = selectedRows.length;
  const visible = filter === "selected" ? selectedRows : rows;
  const current = pageOf(visible, page);
  const updated = formatDateTime(meta.lastUpdated, language);
  const analyzeGeo = ["US", "GB", "CA", "AU", "DE"].includes(meta.country) ? meta.country : "GLOBAL";
  const sources = figureSources(rows);
  const allSample = meta.error || sources.allSample;

  return (
    <Card className="gap-4" data-testid="keyword-results">
      <CardHeader className="gap-2 px-4 sm:px-6">
        <div className="flex flex-wrap items-center gap-2">
          <CardTitle className="text-lg">{t("seo.results.title")}</CardTitle>
          {allSample ? (
            <SampleBadge />
          ) : (
            <>
              {sources.popularity.has("serpapi") && <ProviderBadge label={t("source.popularity", { provider: t("source.provider.serpapi") })} testId="provider-badge-popularity" />}
              {[...sources.ideas].map((channel) => (
                <ProviderBadge
                  key={channel}
                  label={t("source.popularity", { provider: t(channel === "amazon" ? "source.provider.amazon" : "source.provider.googleAds") })}
                  testId="provider-badge-ideas"
                />
              ))}
              {sources.competition.has("etsy") && <ProviderBadge label={t("source.competition", { provider: t("source.provider.etsy") })} testId="provider-badge-competition" />}
              {sources.anySample && <SampleBadge />}
            </>
          )}
          {meta.fromCache && (
            <Badge variant="outline">
              <DatabaseIcon aria-hidden="true" />
              {t("advanced.details.cached")}
            </Badge>
          )}
        </div>
        <CardDescription>
          {t("seo.results.summary", {
            count: rows.length,
            product: productName,
            platform: t(`seo.platform.${meta.platform}`),
            country: labelOr({ t, has }, `seo.country.${meta.country}`, meta.country),
          })}
          {meta.platform === "etsy" && <span className="block">{t(rows.every((r) => r.keyword.length <= 20) ? "seo.results.tagHint" : "seo.results.tagHintLong")}</span>}
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4 px-4 sm:px-6">
        {meta.error && (
          <Alert variant="warning" data-testid="sample-note">
            <InfoIcon aria-hidden="true" />
            <AlertTitle className="line-clamp-none">{t("seo.results.sampleNote")}</AlertTitle>
            {meta.fallbackReason && <AlertDescription>{meta.fallbackReason}</AlertDescription>}
          </Alert>
        )}
        {!meta.error && meta.fallbackReason && (
          <Alert>
            <InfoIcon aria-hidden="true" />
            <AlertTitle>{t("seo.results.partial")}</AlertTitle>
            <AlertDescription>{meta.fallbackReason}</AlertDescription>
          </Alert>
        )}

        <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
          <div role="group" aria-label={t("seo.filter.label")} className="inline-flex w-fit rounded-lg border bg-muted p-0.5">
            {(["all", "selected"] as const).map((f) => (
              // Without JavaScript it posts the search again with the ticked boxes as the selection (decision 0074); with it, it filters here.
              <button
                key={f}
                type="submit"
                form={SEARCH_FORM_ID}
                name="view_filter"
                value={f}
                aria-pressed={filter === f}
                onClick={inBrowser(() => onFilter(f))}
                data-testid={`filter-${f}`}
                className={cn(
                  "rounded-md px-3 py-1.5 text-sm font-medium tabular-nums transition-colors focus-visible:ring-[3px] focus-visible:ring-ring/50 focus-visible:outline-none",
                  filter === f ? "bg-background text-foreground shadow-xs" : "text-muted-foreground hover:text-foreground",
                )}
              >
                {f === "all" ? t("seo.filter.all", { count: rows.length }) : t("seo.filter.selected", { count: selectedCount })}
              </button>
            ))}
          </div>
          <div className="flex flex-wrap gap-2">
            {/* Without JavaScript the file is made at the edge from the day's keyword cache (decision 0074). */}
            <Button variant="outline" type="submit" form={SEARCH_FORM_ID} formAction={CSV_ROUTE} name="intent" value="csv" onClick={inBrowser(onDownload)} data-testid="download-csv">
              <DownloadIcon aria-hidden="true" />
              {t("seo.csv.download")}
            </Button>
            {onSave && (
              // Without JavaScript the plain form under the table saves the ticked rows instead (decision 0057).
              <Button variant="outline" onClick={onSave} disabled={selectedCount === 0} className="noscript:hidden" data-testid="save-to-list">
                <BookmarkPlusIcon aria-hidden="true" />
                {t("lists.saveCount", { n: selectedCount })}
              </Button>
            )}
            <Button onClick={onUse} disabled={selectedCount === 0} className="noscript:hidden" data-testid="use-for-listing">
              <ListChecksIcon aria-hidden="true" />
              {t("seo.useForListing", { n: selectedCount })}
            </Button>
          </div>
        </div>

        {!sort && visible.length > 0 && <p className="-mb-2 text-xs text-muted-foreground">{t("seo.table.defaultOrder")}</p>}
        {visible.length === 0 ? (
          <div className="grid justify-items-center gap-3 rounded-lg border border-dashed p-6 text-center">
            <p className="max-w-md text-sm text-muted-foreground">{t("seo.filter.noneSelected")}</p>
            <Button variant="outline" size="sm" type="submit" form={SEARCH_FORM_ID} name="view_filter" value="all" onClick={inBrowser(() => onFilter("all"))} data-testid="filter-show-all">
              {t("seo.filter.showAll")}
            </Button>
          </div>
        ) : (
          <KeywordTable
            rows={current.rows}
            sort={sort}
            onSort={onSort}
            onToggle={onToggle}
            onTogglePage={(selected) =>
              onTogglePage(
                current.rows.map((r) => r.id),
                selected,
              )
            }
            analyzeGeo={analyzeGeo}
            markSample={!allSample && sources.anySample}
            liveCompetition={sources.competition.has("etsy")}
            volumesShown={meta.volumes?.status === "live"}
          />
        )}

        {onSave && <TickedSaveForm lists={lists ?? []} />}

        {/* A page posted without JavaScript keeps the table's sort and filter, and shows the search on screen (decisions 0072, 0074). */}
        <input type="hidden" form={SEARCH_FORM_ID} name="view_sort_current" value={sortText(sort)} />
        <input type="hidden" form={SEARCH_FORM_ID} name="view_filter_current" value={filter} />
        <input type="hidden" form={SEARCH_FORM_ID} name="view_search" value={JSON.stringify(search)} />
        {/* Ticked rows of other pages stay ticked through the next post (their boxes are not on this page). */}
        <noscript>
          {rows
            .filter((row) => row.selected && !current.rows.some((shown) => shown.id === row.id))
            .map((row) => (
              <input key={row.id} type="hidden" form={SEARCH_FORM_ID} name="keyword" value={JSON.stringify(toSavedKeyword(row))} />
            ))}
        </noscript>
        {visible.length > 0 && <KeywordPagination page={current.page} pages={pageCount(visible.length)} from={current.from} to={current.to} total={visible.length} onPage={onPage} />}

        {/* With DataForSEO's ideas the phrases are measured too; the footer says which rows are sample ideas. */}
        <VolumeNote volumes={meta.volumes} anySampleRows={!sources.popularity.has("dataforseo") && (allSample || sources.anySample)} />

        <div className="flex flex-col gap-1 border-t pt-4 text-xs text-muted-foreground sm:flex-row sm:justify-between">
          <p data-testid="keyword-footer">{footerText(t, sources, meta.volumes?.status === "live")}</p>
          <p>{meta.fromCache ? t("seo.results.cached", { time: updated }) : t("seo.results.updated", { time: updated })}</p>
        </div>
      </CardContent>
    </Card>
  );
}

/** Where 'Download CSV' posts the search form when the page has not run (decision 0074). */
const CSV_ROUTE = "/seo-keywords/csv";

/**
 * 'Save to list' and 'Use Selected Keywords' without JavaScript (the dialog and the hand-over need it):
 * the table's plain boxes post with the search form (whose page, sort, filter and CSV buttons carry them
 * too, decision 0074) to the SEO route's action, to a new named list or added to one of the seller's, or
 * go to Create Listing as its selection (a GET of Create, decision 0057). Each button names its intent.
 */
function TickedSaveForm({ lists }: { lists: KeywordListSummary[] }) {
  const { t } = useI18n();
  return (
    <noscript>
      <div role="group" aria-label={t("lists.dialog.title")} className="grid gap-3 rounded-lg border p-4" data-testid="save-ticked">
        <input type="hidden" form={SEARCH_FORM_ID} name="source" value="ticked" />
        <div className="grid gap-1">
          <h3 className="text-sm font-semibold">{t("lists.dialog.title")}</h3>
          <p className="text-sm text-muted-foreground">{t("lists.dialog.tickedHint")}</p>
        </div>
        <div className="flex flex-wrap items-end gap-2">
          <label className="grid gap-1 text-sm font-medium">
            {t("lists.dialog.name")}
            <Input form={SEARCH_FORM_ID} name="name" placeholder={t("lists.dialog.namePlaceholder")} className="w-64 max-w-full font-normal" />
          </label>
          <Button type="submit" form={SEARCH_FORM_ID} name="intent" value="create" variant="outline">
            <BookmarkPlusIcon aria-hidden="true" />
            {t("lists.dialog.new")}
          </Button>
        </div>
        {lists.length > 0 && (
          <div className="flex flex-wrap items-end gap-2">
            <label className="grid gap-1 text-sm font-medium">
              {t("lists.dialog.pick")}
              <NativeSelect
                form={SEARCH_FORM_ID}
                name="id"
                className="w-64 max-w-full font-normal"
                options={lists.map((l) => ({ value: l.id, label: `${l.name} (${t("lists.panel.count", { count: l.count })})` }))}
              />
            </label>
            <Button type="submit" form={SEARCH_FORM_ID} name="intent" value="add" variant="outline">
              <BookmarkPlusIcon aria-hidden="true" />
              {t("lists.dialog.existing")}
            </Button>
          </div>
        )}
        {/* The ticked rows to Create Listing instead: a GET of Create, whose loader makes them the selection. */}
        <div className="flex justify-end border-t pt-3">
          <Button type="submit" form={SEARCH_FORM_ID} formMethod="get" formAction="/create" data-testid="use-ticked">
            {t("seo.selected.use")}
            <ArrowRightIcon aria-hidden="true" />
          </Button>
        </div>
      </div>
    </noscript>
  );
}

/** The footer names the providers the figures on screen actually came from. */
function footerText(t: Translate, sources: ReturnType<typeof figureSources>, volumesLive = false) {
  const competition = sources.competition.has("etsy") ? (sources.competition.has("sample") ? t("seo.footer.competitionMixed") : t("seo.footer.competitionLive")) : t("seo.footer.competitionSample");
  if (sources.popularity.has("dataforseo")) {
    const provider = t(sources.ideas.has("amazon") ? "source.provider.amazon" : "source.provider.googleAds");
    const ideas = sources.popularity.has("sample") ? t("seo.footer.popularityIdeasMixed", { provider }) : t("seo.footer.popularityIdeas", { provider });
    return [ideas, sources.ideas.has("amazon") ? t("seo.footer.amazonTrend") : "", competition].filter(Boolean).join(" ");
  }
  const popularity = sources.popularity.has("serpapi") ? (sources.popularity.has("sample") ? t("seo.footer.popularityMixed") : t("seo.footer.popularityLive")) : t("seo.footer.popularitySample");
  if (sources.allSample || (!sources.popularity.has("serpapi") && !sources.competition.has("etsy"))) return volumesLive ? t("volume.footerSample") : t("seo.footer.allSample");
  return `${popularity} ${competition}`;
}

/** A catalogue label, or the raw code when the catalogue has none. */
function labelOr(i18n: { t: Translate; has: (key: string) => key is MessageKey }, key: string, code: string) {
  return i18n.has(key) ? i18n.t(key) : code;
}

export function formatDateTime(iso: string, language: string) {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return new Intl.DateTimeFormat(language === "tr" ? "tr-TR" : "en-US", { dateStyle: "medium", timeStyle: "short" }).format(date);
}
