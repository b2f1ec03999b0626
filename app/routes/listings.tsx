import { AlertCircleIcon, CheckCircle2Icon, ChevronLeftIcon, ChevronRightIcon, FileTextIcon, PlusIcon, SearchIcon, SearchXIcon, XIcon } from "lucide-react";
import { useEffect, useId, useState } from "react";
import { Form, Link, useLocation, useNavigation, useSearchParams } from "react-router";
import { ExportMenu } from "~/components/listings/export-menu";
import { DeleteConfirmPanel, DeleteListingDialog } from "~/components/listings/delete-listing-dialog";
import { ListingCardIcons, ListingCards } from "~/components/listings/listing-card";
import { LISTINGS_PAGE_SIZE, sortOf } from "~/lib/api/listings";
import { loadListings, type ListingsData } from "~/lib/listings.server";
import { metaText, type I18nHandle } from "~/lib/i18n/route";
import type { Route } from "./+types/listings";
import * as listingsStrings from "~/lib/i18n/catalog/listings";
import * as auditStrings from "~/lib/i18n/catalog/audit";
import { PageHeader } from "~/components/page-header";
import { Alert, AlertDescription, AlertTitle } from "~/components/ui/alert";
import { Button } from "~/components/ui/button";
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import { NativeSelect } from "~/components/ui/native-select";
import { useI18n, useT } from "~/lib/i18n";
import { useSettledNavigate } from "~/lib/use-settled-navigate";

/** The catalogues this screen's components read (the root hands them to the provider). */
export const handle = { i18n: [listingsStrings, auditStrings] } satisfies I18nHandle;
export { RouteErrorBoundary as ErrorBoundary } from "~/components/route-error-boundary";

export function meta({ matches }: Route.MetaArgs) {
  return [{ title: metaText(matches, "listings.metaTitle") }];
}

const SEARCH_DEBOUNCE_MS = 300;

/** The typed text, settled: the list is asked for once the seller stops typing. */
function useDebounced<T>(value: T, ms: number) {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return settled;
}

/**
 * The seller's listings, read at the edge as the session's user (decision 0041), so the first HTML
 * holds them. The list follows the address (?q=, ?sort=): a new search or sort is a new load, and a
 * delete (the listing route's action) reads it again.
 */
export function loader({ request, context }: Route.LoaderArgs) {
  return loadListings(request, context);
}

export default function MyListings({ loaderData }: Route.ComponentProps) {
  return <ListingsScreen data={loaderData} />;
}

function ListingsScreen({ data }: { data: ListingsData }) {
  const { t, language } = useI18n();
  const searchId = useId();
  const sortId = useId();
  const location = useLocation();
  const navigation = useNavigation();
  const followCard = useSettledNavigate();
  const [params, setParams] = useSearchParams();
  const sort = sortOf(params.get("sort"));
  const [text, setText] = useState(params.get("q") ?? "");
  const [deleting, setDeleting] = useState<{ id: string; title: string; button: HTMLButtonElement } | null>(null);
  const q = useDebounced(text.trim(), SEARCH_DEBOUNCE_MS);

  // The search and sort live in the address, so Back from a listing returns to the same view. Only a
  // real change navigates: a no-op replace on mount could land after a quick Back and undo it.
  useEffect(() => {
    if ((params.get("q") ?? "") === q) return;
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        // A new view of the list: what the address said of a delete is over, and it starts at its first page.
        next.delete("deleted");
        next.delete("delete");
        next.delete("page");
        if (q) next.set("q", q);
        else next.delete("q");
        return next;
      },
      { replace: true, preventScrollReset: true },
    );
    // eslint-disable-next-line react-hooks/exhaustive-deps -- params are read, not followed
  }, [q, setParams]);

  const items = data.listings;
  const searching = (data.q ?? q).length > 0;
  const busy = navigation.state === "loading";
  // The view the address shows (search, sort, page), where a delete confirmed on it comes back to.
  const view = viewOf(params);
  const number = new Intl.NumberFormat(language);
  const from = (data.page - 1) * LISTINGS_PAGE_SIZE + 1;

  function setSort(value: string) {
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.delete("deleted");
        next.delete("delete");
        next.delete("page");
        if (value === "oldest" || value === "score" || value === "score-asc") next.set("sort", value);
        else next.delete("sort");
        return next;
      },
      { replace: true, preventScrollReset: true },
    );
  }

  return (
    <>
      <PageHeader
        title={t("listings.title")}
        description={t("listings.description")}
        actions={
          <>
            <ExportMenu path="/listings/export" label={t("listings.export")} fileBase="listora-listings" disabled={!searching && data.total === 0} />
            <Button asChild>
              <Link to="/create">
                <PlusIcon aria-hidden="true" />
                {t("nav.createListing")}
              </Link>
            </Button>
          </>
        }
      />

      <div className="grid gap-6">
        {data.confirmDelete && <DeleteConfirmPanel id={data.confirmDelete.id} title={data.confirmDelete.title.trim() || t("listings.untitled")} cancelTo={view} back={view} />}
        {data.deleted && (
          <Alert role="status" className="[&>svg]:text-success" data-testid="listings-deleted">
            <CheckCircle2Icon aria-hidden="true" />
            <AlertTitle>{t("listings.deleted")}</AlertTitle>
          </Alert>
        )}

        {/* A GET form: Enter searches, and the sort applies, even before the page's JavaScript has loaded. */}
        <Form method="get" role="search" className="flex flex-col gap-3 sm:flex-row sm:items-end">
          <div className="grid flex-1 gap-2">
            <Label htmlFor={searchId} className="sr-only">
              {t("listings.search")}
            </Label>
            <div className="relative">
              <SearchIcon className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground" aria-hidden="true" />
              <Input
                id={searchId}
                type="search"
                name="q"
                value={text}
                onChange={(e) => setText(e.target.value)}
                placeholder={t("listings.searchPlaceholder")}
                className="pl-9"
                maxLength={200}
                data-testid="listings-search"
              />
            </div>
          </div>
          <div className="flex gap-2">
            <Label htmlFor={sortId} className="sr-only">
              {t("listings.sort")}
            </Label>
            <NativeSelect
              id={sortId}
              name="sort"
              className="w-full sm:w-48"
              value={sort}
              onChange={(event) => setSort(event.target.value)}
              aria-label={t("listings.sort")}
              data-testid="listings-sort"
              options={[
                { value: "newest", label: t("listings.sort.newest") },
                { value: "oldest", label: t("listings.sort.oldest") },
                { value: "score", label: t("audit.sort.score") },
                { value: "score-asc", label: t("audit.sort.scoreAsc") },
              ]}
            />
            {/* Without JavaScript a change of the select is sent with this (with it, at once). */}
            <noscript>
              <Button type="submit" variant="outline">
                {t("listings.sortApply")}
              </Button>
            </noscript>
          </div>
        </Form>

        <div aria-live="polite" aria-busy={busy || undefined}>
          {data.failed ? (
            <Alert variant="destructive" data-testid="listings-error">
              <AlertCircleIcon aria-hidden="true" />
              <AlertTitle>{t("listings.loadFailed")}</AlertTitle>
              <AlertDescription>
                <p>{t("listings.loadFailedHint")}</p>
                <Button asChild variant="outline" size="sm" className="mt-2">
                  {/* The same address again: the loader reads the list once more. */}
                  <Link to={location.pathname + location.search} replace>
                    {t("app.tryAgain")}
                  </Link>
                </Button>
              </AlertDescription>
            </Alert>
          ) : items.length === 0 && searching ? (
            <div className="flex flex-col items-center gap-3 rounded-xl border border-dashed px-6 py-12 text-center" data-testid="listings-no-matches">
              <SearchXIcon className="size-10 text-muted-foreground" aria-hidden="true" />
              <h2 className="text-lg font-semibold break-words">{t("listings.noMatches.title", { q: data.q ?? q })}</h2>
              <p className="max-w-sm text-sm text-muted-foreground">{t("listings.noMatches.body")}</p>
              <Button variant="outline" onClick={() => setText("")}>
                <XIcon aria-hidden="true" />
                {t("listings.noMatches.clear")}
              </Button>
            </div>
          ) : items.length === 0 ? (
            <div className="flex flex-col items-center gap-3 rounded-xl border border-dashed px-6 py-12 text-center" data-testid="listings-empty">
              <div className="flex size-14 items-center justify-center rounded-full bg-muted">
                <FileTextIcon className="size-7 text-muted-foreground" aria-hidden="true" />
              </div>
              <h2 className="text-lg font-semibold">{t("listings.empty.title")}</h2>
              <p className="max-w-sm text-sm text-muted-foreground">{t("listings.empty.body")}</p>
              <Button asChild className="mt-2">
                <Link to="/create">
                  <PlusIcon aria-hidden="true" />
                  {t("listings.empty.cta")}
                </Link>
              </Button>
            </div>
          ) : (
            <>
              <p className="mb-3 text-sm text-muted-foreground tabular-nums" data-testid="listings-count">
                {data.pages > 1
                  ? t("listings.range", { from: number.format(from), to: number.format(from + items.length - 1), total: number.format(data.total) })
                  : data.total === 1
                    ? t("listings.countOne")
                    : t("listings.count", { count: number.format(data.total) })}
              </p>
              <ListingCardIcons />
              {/* The cards' links are plain anchors: a click on one navigates here, as a router link would. */}
              <ListingCards
                className="grid gap-6 sm:grid-cols-2 xl:grid-cols-3"
                cards={items}
                view={viewFields(params)}
                now={data.loadedAt}
                navigate={followCard}
                onDelete={(id, title, button) => setDeleting({ id, title, button })}
              />
              {data.pages > 1 && <Pages page={data.page} pages={data.pages} params={params} />}
              {deleting && <DeleteListingDialog key={deleting.id} id={deleting.id} title={deleting.title} returnFocus={deleting.button} onClose={() => setDeleting(null)} />}
            </>
          )}
        </div>
      </div>
    </>
  );
}

/** The address's view of the list (?q=, ?sort=, ?page=), without what it said of a delete. */
function viewFields(params: URLSearchParams): [string, string][] {
  return [...params].filter(([name]) => name === "q" || name === "sort" || name === "page");
}

/** The address of the list's view in `params`, with `page` when given (the first page has none). */
function viewOf(params: URLSearchParams, page?: number): string {
  const next = new URLSearchParams(viewFields(params));
  if (page !== undefined) {
    if (page > 1) next.set("page", String(page));
    else next.delete("page");
  }
  return next.size ? `/listings?${next}` : "/listings";
}

/** Previous and Next as links (they work before the page's JavaScript has loaded), with where the seller is. */
function Pages({ page, pages, params }: { page: number; pages: number; params: URLSearchParams }) {
  const t = useT();
  const link = (to: number, content: React.ReactNode, testId: string) =>
    to < 1 || to > pages ? (
      <Button variant="outline" size="sm" disabled>
        {content}
      </Button>
    ) : (
      <Button asChild variant="outline" size="sm">
        <Link to={viewOf(params, to)} rel={to < page ? "prev" : "next"} data-testid={testId}>
          {content}
        </Link>
      </Button>
    );
  return (
    <nav className="mt-6 flex items-center justify-between gap-2" aria-label={t("listings.page.nav")} data-testid="listings-pages">
      {link(
        page - 1,
        <>
          <ChevronLeftIcon aria-hidden="true" />
          {t("listings.page.prev")}
        </>,
        "listings-prev",
      )}
      <span className="text-sm tabular-nums text-muted-foreground" aria-current="page">
        {t("listings.page.of", { page, pages })}
      </span>
      {link(
        page + 1,
        <>
          {t("listings.page.next")}
          <ChevronRightIcon aria-hidden="true" />
        </>,
        "listings-next",
      )}
    </nav>
  );
}
