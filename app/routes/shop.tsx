import { AlertCircleIcon, ChevronDownIcon, ChevronLeftIcon, ChevronRightIcon, FileUpIcon, ListChecksIcon, SearchIcon, SearchXIcon, StoreIcon, WandSparklesIcon, XIcon } from "lucide-react";
import { useEffect, useEffectEvent, useId, useState } from "react";
import { Link, useFetcher, useLocation, useNavigation, useRevalidator, useSearchParams, type ShouldRevalidateFunctionArgs } from "react-router";
import type { Grade } from "../../shared/audit";
import { PageHeader } from "~/components/page-header";
import { EtsyConnectCard } from "~/components/shop/etsy-connect";
import { EtsyCsvSteps, ImportCsv, type LastImport } from "~/components/shop/import-card";
import { OptimizeProgress } from "~/components/shop/optimize-progress";
import { ShopSummaryHeader, TopIssues, useIssueMessage } from "~/components/shop/shop-summary";
import { ShopTable, ShopTableSkeleton } from "~/components/shop/shop-table";
import { useOptimizeJob } from "~/components/shop/use-optimize-job";
import { ChangesCard, ExportMenu, SalesCard } from "~/components/shop/sales";
import { Alert, AlertDescription, AlertTitle } from "~/components/ui/alert";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { Collapsible, CollapsibleContent, CollapsibleTrigger } from "~/components/ui/collapsible";
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import { toast } from "~/components/ui/use-toast";
import { errorMessage } from "~/lib/api";
import { SHOP_LIMITS, collectShopListings, failureError, type ShopActionResult, type ShopListParams, type ShopOrder, type ShopSort } from "~/lib/api/shop";
import { assertSameOrigin, requireUser } from "~/lib/session.server";
import { loadShop, shopAction } from "~/lib/shop.server";
import { useI18n } from "~/lib/i18n";
import { useQuota } from "~/lib/quota";
import { metaText, type I18nHandle } from "~/lib/i18n/route";
import type { Route } from "./+types/shop";
import * as shopStrings from "~/lib/i18n/catalog/shop";
import * as etsyStrings from "~/lib/i18n/catalog/etsy";
import * as auditStrings from "~/lib/i18n/catalog/audit";
import * as salesStrings from "~/lib/i18n/catalog/shop-sales";

/** The catalogues this screen's components read (the root hands them to the provider). */
export const handle = { i18n: [shopStrings, etsyStrings, auditStrings, salesStrings] } satisfies I18nHandle;
export { RouteErrorBoundary as ErrorBoundary } from "~/components/route-error-boundary";

export function meta({ matches }: Route.MetaArgs) {
  return [{ title: metaText(matches, "shop.metaTitle") }];
}

const SEARCH_DEBOUNCE_MS = 300;
/** 'Select all with grade C or worse'. */
const WEAK_GRADES = "C,D,F";

function useDebounced<T>(value: T, ms: number) {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return settled;
}

/** The table's view, read from the address so Back from a listing returns to it. */
function readParams(params: URLSearchParams): ShopListParams {
  const sort = (["score", "title", "updated", "revenue", "units", "fix"] as const).find((s) => s === params.get("sort")) ?? "score";
  const order = params.get("order") === "desc" ? "desc" : "asc";
  const page = Math.max(1, Number.parseInt(params.get("page") ?? "1", 10) || 1);
  const grade = /^[A-DF](,[A-DF])*$/.test(params.get("grade") ?? "") ? (params.get("grade") as string) : undefined;
  const issue = /^[A-Za-z0-9.-]{1,80}$/.test(params.get("issue") ?? "") ? (params.get("issue") as string) : undefined;
  const sold = (["yes", "no"] as const).find((v) => v === params.get("sold"));
  return { sort, order, page, q: params.get("q") ?? undefined, grade, issue, sold };
}

/**
 * On the server (decision 0045): the summary, the Etsy card's status, the sales and changes cards, then
 * the table's page for the view in the address (?sort=, ?order=, ?page=, ?q=, ?grade=, ?issue=,
 * ?sold=), so the first HTML already shows the seller's shop. A part that fails carries its error.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  await requireUser(request, context);
  return loadShop(context, readParams(new URL(request.url).searchParams));
}

/** An Etsy action that failed (a revoked connection, Etsy down) still reads the card's status again, as a successful one does. */
export function shouldRevalidate({ formData, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  const intent = formData?.get("intent");
  return typeof intent === "string" && intent.startsWith("etsy-") && intent !== "etsy-connect" ? true : defaultShouldRevalidate;
}

/** My Shop's writes (optimize, the Etsy card's connect, import, push and disconnect); the loader runs again after each. */
export async function action({ request, context }: Route.ActionArgs) {
  assertSameOrigin(request);
  await requireUser(request, context);
  return shopAction(context, await request.formData());
}

export default function MyShop({ loaderData }: Route.ComponentProps) {
  const { t, language } = useI18n();
  const searchId = useId();
  // Only for the CSV uploads: they stay XMLHttpRequests (upload progress), so their end reads the screen again by hand.
  const revalidator = useRevalidator();
  const navigation = useNavigation();
  const location = useLocation();
  const [params, setParams] = useSearchParams();
  const view = readParams(params);
  const [text, setText] = useState(view.q ?? "");
  const q = useDebounced(text.trim(), SEARCH_DEBOUNCE_MS);
  const [selected, setSelected] = useState<Set<string>>(() => new Set());
  const [collecting, setCollecting] = useState(false);
  const [lastImport, setLastImport] = useState<LastImport | null>(null);
  const starter = useFetcher<ShopActionResult>();
  // The answer as soon as the action gives it (the loader then reads the screen again meanwhile).
  const answer = starter.state !== "submitting" && starter.data?.intent === "optimize" ? starter.data : undefined;
  const optimize = useOptimizeJob(answer && "started" in answer ? answer.started.jobId : null);
  const starting = starter.state !== "idle";
  const issueMessage = useIssueMessage();
  const number = new Intl.NumberFormat(language === "tr" ? "tr-TR" : "en-US");

  const update = (changes: Record<string, string | null>) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        for (const [key, value] of Object.entries(changes)) {
          if (value === null || value === "") next.delete(key);
          else next.set(key, value);
        }
        return next;
      },
      { replace: true, preventScrollReset: true },
    );

  useEffect(() => {
    if ((params.get("q") ?? "") === q) return;
    update({ q: q || null, page: null });
    // eslint-disable-next-line react-hooks/exhaustive-deps -- params are read, not followed
  }, [q]);

  const { summary, listings, etsy, sales, changes } = loaderData;
  const busy = navigation.state === "loading" || revalidator.state === "loading";
  const reloadAfterUpload = () => void revalidator.revalidate();
  // Try again: the same address once more, which runs the loader again (a link, so it works before hydration too).
  const retry = (
    <Button asChild variant="outline" size="sm" className="mt-2">
      <Link to={location.pathname + location.search} replace preventScrollReset>
        {t("app.tryAgain")}
      </Link>
    </Button>
  );
  const rows = listings?.data?.listings ?? [];
  const total = listings?.data?.total ?? 0;
  const pageSize = listings?.data?.pageSize ?? SHOP_LIMITS.pageSize;
  const pages = Math.max(1, Math.ceil(total / pageSize));
  const filtered = !!(q || view.grade || view.issue || view.sold);
  const activeIssue = view.issue ? summary.data?.topIssues.find((i) => i.id === view.issue) : undefined;
  const overLimit = selected.size > SHOP_LIMITS.optimizeIdsMax;
  // Listing units left today: a run never starts with more listings than units (the rest stay selected).
  const quota = useQuota("create-listing").data;
  const remaining = quota ? Math.max(0, quota.remaining) : null;
  const toSend = remaining === null ? selected.size : Math.min(selected.size, remaining);
  const noUnits = remaining === 0;
  // Midnight UTC in the seller's own time (read once: the screen does not outlive a day's quota by much).
  const [nextMidnight] = useState(() => Math.ceil(Date.now() / 86_400_000) * 86_400_000);
  const resetAt = new Intl.DateTimeFormat(language === "tr" ? "tr-TR" : "en-US", { timeStyle: "short" }).format(new Date(nextMidnight));

  const hrefWith = (changes: Record<string, string | null>) => {
    const next = new URLSearchParams(params);
    for (const [key, value] of Object.entries(changes)) {
      if (value === null) next.delete(key);
      else next.set(key, value);
    }
    next.delete("page");
    const query = next.toString();
    return query ? `?${query}` : "?";
  };

  function toggle(id: string, checked: boolean) {
    setSelected((current) => {
      const next = new Set(current);
      if (checked) next.add(id);
      else next.delete(id);
      return next;
    });
  }

  function togglePage(checked: boolean) {
    setSelected((current) => {
      const next = new Set(current);
      for (const row of rows) {
        if (checked) next.add(row.id);
        else next.delete(row.id);
      }
      return next;
    });
  }

  async function selectWeak() {
    setCollecting(true);
    try {
      // Fix these first: the weak listings with the most revenue at stake come first when there are more than one request takes.
      const weak = await collectShopListings({ grade: WEAK_GRADES }, SHOP_LIMITS.optimizeIdsMax, "fix");
      if (weak.length === 0) {
        toast({ title: t("shop.select.noneWeak") });
        return;
      }
      setSelected(new Set(weak.map((row) => row.id)));
      const capped = (summary.data ? summary.data.grades.C + summary.data.grades.D + summary.data.grades.F : 0) > weak.length;
      toast({
        title: t(weak.length === 1 ? "shop.select.weakOne" : "shop.select.weak", { count: weak.length }),
        description: capped ? t("shop.select.capped", { max: SHOP_LIMITS.optimizeIdsMax }) : undefined,
      });
    } catch (error) {
      toast({ title: t("shop.select.failed"), description: errorMessage(error, undefined, t), variant: "destructive" });
    } finally {
      setCollecting(false);
    }
  }

  /** The optimize action: the listings in the order they were selected ("Select all with grade C or worse" puts the listings that earn first), at most the units left. */
  function startOptimizing() {
    if (selected.size === 0 || overLimit || toSend === 0 || starting) return;
    const form = new FormData();
    form.set("intent", "optimize");
    for (const id of [...selected].slice(0, toSend)) form.append("id", id);
    void starter.submit(form, { method: "post" });
  }

  // The action's answer, once: the sent listings leave the selection (the rest stay selected).
  const [answered, setAnswered] = useState<typeof answer>(undefined);
  if (answer !== answered) {
    setAnswered(answer);
    if (answer && "started" in answer) {
      const sent = new Set(answer.ids);
      setSelected((current) => new Set([...current].filter((id) => !sent.has(id))));
    }
  }
  const announce = useEffectEvent((answer: ShopActionResult) => {
    if ("started" in answer) {
      const started = answer.started;
      const unchanged = started.unchanged?.length ?? 0;
      const inProgress = started.inProgress?.length ?? 0;
      const skipped = unchanged + inProgress;
      toast({
        title: t("shop.optimize.started", { count: started.total }),
        description: skipped ? t("shop.optimize.skipped", { unchanged, inProgress }) : undefined,
        variant: "success",
      });
    } else if (answer.error) {
      // 409: every listing is unchanged since its last run or already in a running job; nothing was charged.
      const nothing = answer.error.code === "nothing-to-optimize";
      toast({
        title: t(nothing ? "shop.optimize.nothing" : "shop.optimize.failed"),
        description: errorMessage(failureError(answer.error), undefined, t),
        variant: nothing ? "default" : "destructive",
      });
    }
  });
  // Once per answer (a later render, in another language say, does not toast it again).
  useEffect(() => {
    if (answer) announce(answer);
  }, [answer]);

  const empty = summary.data?.listings === 0;
  const header = (
    <PageHeader
      title={t("shop.title")}
      description={t("shop.description")}
      actions={
        !empty && summary.data ? (
          <div className="flex flex-wrap gap-2">
            <ExportMenu />
            <Button asChild variant="outline">
              <Link to="/shop/review" data-testid="open-review">
                <ListChecksIcon aria-hidden="true" />
                {summary.data.pendingProposals > 0
                  ? t(summary.data.pendingProposals === 1 ? "quota.reviewCountOne" : "quota.reviewCount", { count: number.format(summary.data.pendingProposals) })
                  : t("shop.review.open")}
              </Link>
            </Button>
          </div>
        ) : undefined
      }
    />
  );

  if (summary.data === undefined) {
    return (
      <>
        {header}
        <Alert variant="destructive" data-testid="shop-error">
          <AlertCircleIcon aria-hidden="true" />
          <AlertTitle>{t("shop.loadFailed")}</AlertTitle>
          <AlertDescription>
            <p>{errorMessage(failureError(summary.error), undefined, t)}</p>
            <p>{t("shop.loadFailedHint")}</p>
            {retry}
          </AlertDescription>
        </Alert>
      </>
    );
  }

  if (empty) {
    return (
      <>
        {header}
        <Card data-testid="shop-empty">
          <CardHeader>
            <div className="mb-2 flex size-12 items-center justify-center rounded-full bg-muted">
              <StoreIcon className="size-6 text-muted-foreground" aria-hidden="true" />
            </div>
            <CardTitle>
              <h2 className="text-lg">{t("shop.empty.title")}</h2>
            </CardTitle>
            <CardDescription>{t("shop.empty.body")}</CardDescription>
          </CardHeader>
          <CardContent>
            <ImportCsv onImported={reloadAfterUpload} last={lastImport} onLastChange={setLastImport} />
          </CardContent>
        </Card>
        {/* Only on a server with Etsy API keys (decision 0022); renders nothing otherwise. */}
        <div className="mt-6">
          <EtsyConnectCard status={etsy} />
        </div>
      </>
    );
  }

  const data = summary.data;
  return (
    <>
      {header}
      <div className="grid gap-6">
        {(optimize.job || optimize.pending) &&
          (optimize.job ? (
            <OptimizeProgress job={optimize.job} onDismiss={optimize.dismiss} pendingProposals={summary.data?.pendingProposals} />
          ) : (
            <Card className="gap-3" aria-busy="true" data-testid="optimize-progress-loading">
              <CardContent className="text-sm text-muted-foreground">{t("shop.job.loading")}</CardContent>
            </Card>
          ))}

        <ShopSummaryHeader summary={data} hrefForGrade={(grade: Grade) => hrefWith({ grade, issue: null })} />

        <div className="grid items-start gap-6 lg:grid-cols-[minmax(0,1.4fr)_minmax(0,1fr)]">
          <TopIssues issues={data.topIssues} activeIssue={view.issue} hrefFor={(id) => hrefWith({ issue: id, grade: null })} />
          <Card className="gap-4" data-testid="shop-import-card">
            <CardHeader>
              <CardTitle className="flex items-center gap-2">
                <FileUpIcon className="size-4" aria-hidden="true" />
                <h2 className="text-base">{t("shop.import.again")}</h2>
              </CardTitle>
              <CardDescription>{t("shop.import.againHint")}</CardDescription>
            </CardHeader>
            <CardContent className="grid gap-4">
              <ImportCsv onImported={reloadAfterUpload} showSteps={false} last={lastImport} onLastChange={setLastImport} />
              <Collapsible>
                <CollapsibleTrigger className="group flex items-center gap-1 text-left text-sm font-medium text-primary">
                  <ChevronDownIcon className="size-4 transition-transform group-data-[state=open]:rotate-180" aria-hidden="true" />
                  {t("shop.steps.title")}
                </CollapsibleTrigger>
                <CollapsibleContent className="pt-3">
                  <EtsyCsvSteps />
                </CollapsibleContent>
              </Collapsible>
            </CardContent>
          </Card>
        </div>

        <SalesCard sales={sales.data} onImported={reloadAfterUpload} hrefUnsold={hrefWith({ sold: "no", sort: null, grade: null, issue: null })} />

        <ChangesCard changes={changes.data} salesImported={!!sales.data?.imported} />

        <EtsyConnectCard status={etsy} />

        <section className="grid gap-4" aria-labelledby="shop-listings-title">
          <h2 id="shop-listings-title" className="text-lg font-semibold">
            {t("shop.listings.title")}
          </h2>
          <div className="flex flex-col gap-3 lg:flex-row lg:items-center lg:justify-between">
            <div className="relative lg:w-80">
              <Label htmlFor={searchId} className="sr-only">
                {t("shop.search")}
              </Label>
              <SearchIcon className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground" aria-hidden="true" />
              <Input
                id={searchId}
                type="search"
                value={text}
                onChange={(e) => setText(e.target.value)}
                placeholder={t("shop.searchPlaceholder")}
                className="pl-9"
                maxLength={SHOP_LIMITS.queryMax}
                data-testid="shop-search"
              />
            </div>
            <div className="flex flex-wrap items-center gap-2" data-testid="selection-bar">
              <Button type="button" variant="outline" onClick={selectWeak} disabled={collecting || data.grades.C + data.grades.D + data.grades.F === 0} data-testid="select-weak">
                {collecting ? t("shop.select.collecting") : t("shop.select.weakButton")}
              </Button>
              {selected.size > 0 && (
                <>
                  <span className="text-sm tabular-nums" aria-live="polite" data-testid="selected-count">
                    {t("shop.select.count", { count: number.format(selected.size) })}
                  </span>
                  <Button type="button" variant="ghost" size="sm" onClick={() => setSelected(new Set())}>
                    <XIcon aria-hidden="true" />
                    {t("shop.select.clear")}
                  </Button>
                </>
              )}
              <Button
                type="button"
                onClick={startOptimizing}
                disabled={selected.size === 0 || overLimit || starting || optimize.running || noUnits}
                aria-describedby="optimize-hint"
                data-testid="optimize"
              >
                <WandSparklesIcon aria-hidden="true" />
                {starting ? t("shop.optimize.starting") : selected.size > 0 ? t("shop.optimize.count", { count: number.format(toSend) }) : t("shop.optimize")}
              </Button>
            </div>
          </div>
          <p id="optimize-hint" className="-mt-2 text-xs text-muted-foreground">
            {overLimit ? (
              <span className="text-destructive">{t("shop.optimize.tooMany", { max: SHOP_LIMITS.optimizeIdsMax })}</span>
            ) : optimize.running ? (
              t("shop.optimize.busy")
            ) : noUnits || (remaining !== null && selected.size > remaining) ? (
              <span className="text-warning-foreground dark:text-warning" data-testid="optimize-quota">
                {noUnits
                  ? t("quota.optimize.none", { n: number.format(selected.size || 0), reset: resetAt })
                  : t("quota.optimize.partial", { remaining: number.format(remaining ?? 0), send: number.format(toSend), n: number.format(selected.size), reset: resetAt })}{" "}
                {quota?.plan !== "premium" && (
                  <Link to="/profile#plans" className="font-medium text-primary underline-offset-2 hover:underline" data-testid="optimize-see-plans">
                    {t("quota.seePlans")}
                  </Link>
                )}
              </span>
            ) : (
              <>
                {t("shop.optimize.hint")}
                {quota && <span data-testid="optimize-units"> {t("quota.optimize.left", { remaining: number.format(remaining ?? 0), limit: number.format(quota.limit) })}</span>}
              </>
            )}
          </p>

          <div className="flex flex-wrap items-center gap-2 text-sm" role="group" aria-label={t("sales.filter.label")} data-testid="sales-filter">
            <span className="text-muted-foreground">{t("sales.filter.label")}</span>
            {([null, "yes", "no"] as const).map((value) => (
              <Button key={value ?? "all"} asChild size="sm" variant={(view.sold ?? null) === value ? "secondary" : "ghost"}>
                <Link to={hrefWith({ sold: value })} aria-current={(view.sold ?? null) === value ? "true" : undefined} data-testid={`sold-${value ?? "all"}`}>
                  {t(value === "yes" ? "sales.filter.sold" : value === "no" ? "sales.filter.unsold" : "sales.filter.all")}
                </Link>
              </Button>
            ))}
            <Button asChild size="sm" variant={view.sort === "fix" ? "secondary" : "outline"} className="ml-auto">
              <Link to={hrefWith({ sort: "fix", order: null })} title={t("sales.sort.fixHint")} data-testid="sort-fix">
                {t("sales.sort.fix")}
              </Link>
            </Button>
          </div>

          {(view.issue || view.grade) && (
            <div className="flex flex-wrap items-center gap-2 text-sm" data-testid="active-filter">
              <span className="text-muted-foreground">{t("shop.filter.label")}</span>
              {view.issue && (
                <Badge variant="secondary" className="max-w-full font-normal whitespace-normal">
                  {activeIssue ? issueMessage(activeIssue) : view.issue}
                </Badge>
              )}
              {view.grade && <Badge variant="secondary">{t("shop.filter.grades", { grades: view.grade.split(",").join(", ") })}</Badge>}
              <Button asChild variant="ghost" size="sm">
                <Link to={hrefWith({ issue: null, grade: null })} data-testid="clear-filter">
                  <XIcon aria-hidden="true" />
                  {t("shop.filter.clear")}
                </Link>
              </Button>
            </div>
          )}

          <div aria-live="polite" aria-busy={busy || undefined} className="grid gap-4">
            {listings?.error ? (
              <Alert variant="destructive" data-testid="shop-listings-error">
                <AlertCircleIcon aria-hidden="true" />
                <AlertTitle>{t("shop.loadFailed")}</AlertTitle>
                <AlertDescription>
                  <p>{errorMessage(failureError(listings.error), undefined, t)}</p>
                  {retry}
                </AlertDescription>
              </Alert>
            ) : !listings?.data ? (
              <ShopTableSkeleton />
            ) : rows.length === 0 ? (
              <div className="flex flex-col items-center gap-3 rounded-xl border border-dashed px-6 py-12 text-center" data-testid="shop-no-matches">
                <SearchXIcon className="size-10 text-muted-foreground" aria-hidden="true" />
                <h3 className="text-lg font-semibold break-words">{q ? t("shop.noMatches.query", { q }) : t("shop.noMatches.title")}</h3>
                <p className="max-w-sm text-sm text-muted-foreground">{t("shop.noMatches.body")}</p>
                {filtered && (
                  <Button
                    variant="outline"
                    onClick={() => {
                      setText("");
                      update({ q: null, issue: null, grade: null, sold: null, page: null });
                    }}
                  >
                    <XIcon aria-hidden="true" />
                    {t("shop.noMatches.clear")}
                  </Button>
                )}
              </div>
            ) : (
              <>
                <p className="text-sm text-muted-foreground" data-testid="shop-count">
                  {t("shop.count", { from: number.format((view.page - 1) * pageSize + 1), to: number.format((view.page - 1) * pageSize + rows.length), total: number.format(total) })}
                </p>
                <ShopTable
                  rows={rows}
                  sort={view.sort}
                  order={view.order}
                  onSort={(sort: ShopSort, order: ShopOrder) => update({ sort, order, page: null })}
                  selected={selected}
                  onToggle={toggle}
                  onTogglePage={togglePage}
                  mainCurrency={listings.data.mainCurrency}
                />
                {pages > 1 && (
                  <nav className="flex items-center justify-between gap-2" aria-label={t("shop.page.nav")} data-testid="shop-pagination">
                    <Button variant="outline" size="sm" disabled={view.page <= 1} onClick={() => update({ page: view.page - 1 > 1 ? String(view.page - 1) : null })}>
                      <ChevronLeftIcon aria-hidden="true" />
                      {t("shop.page.prev")}
                    </Button>
                    <span className="text-sm tabular-nums" aria-current="page">
                      {t("shop.page.of", { page: view.page, pages })}
                    </span>
                    <Button variant="outline" size="sm" disabled={view.page >= pages} onClick={() => update({ page: String(view.page + 1) })}>
                      {t("shop.page.next")}
                      <ChevronRightIcon aria-hidden="true" />
                    </Button>
                  </nav>
                )}
              </>
            )}
          </div>
        </section>
      </div>
    </>
  );
}
