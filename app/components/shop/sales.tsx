import { AlertCircleIcon, CheckCircle2Icon, ChevronDownIcon, DownloadIcon, ReceiptIcon, ShieldCheckIcon, TrendingDownIcon, TrendingUpIcon, MinusIcon, HourglassIcon, XIcon } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { Link } from "react-router";
import { UploadZone } from "~/components/image-editor/upload-zone";
import { Alert, AlertDescription, AlertTitle } from "~/components/ui/alert";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { Collapsible, CollapsibleContent, CollapsibleTrigger } from "~/components/ui/collapsible";
import { DropdownMenu, DropdownMenuContent, DropdownMenuItem, DropdownMenuLabel, DropdownMenuSeparator, DropdownMenuTrigger } from "~/components/ui/dropdown-menu";
import { Progress } from "~/components/ui/progress";
import { toast } from "~/components/ui/use-toast";
import { errorMessage } from "~/lib/api";
import {
  SHOP_LIMITS,
  csvFileProblem,
  downloadShopExport,
  formatPrice,
  uploadSalesCsv,
  type SalesImportResult,
  type ShopChanges,
  type ShopSales,
  type UploadProgress,
  type VersionEffect,
} from "~/lib/api/shop";
import { useI18n } from "~/lib/i18n";
import { cn } from "~/lib/utils";

type Money = { currency: string; minor: number };

/** Revenue per currency, the shop's main currency first (amounts in different currencies are never added): "$1,234.00 · €139.00". */
export function MoneyList({ revenue, main, className }: { revenue: Money[]; main?: string | null; className?: string }) {
  const { t, language } = useI18n();
  if (!revenue.length) return <span className={cn("text-muted-foreground", className)}>{t("sales.noRevenue")}</span>;
  const ordered = main ? [...revenue.filter((m) => m.currency === main), ...revenue.filter((m) => m.currency !== main)] : revenue;
  return <span className={className}>{ordered.map((m) => formatPrice(m.minor, m.currency, language)).join(" · ")}</span>;
}

export function formatDay(day: string, language: string) {
  const date = new Date(`${day}T00:00:00Z`);
  return Number.isNaN(date.getTime()) ? day : new Intl.DateTimeFormat(language === "tr" ? "tr-TR" : "en-US", { dateStyle: "medium", timeZone: "UTC" }).format(date);
}

/** Export for Etsy: always reachable, whatever is pending. */
export function ExportMenu() {
  const { t } = useI18n();
  const [busy, setBusy] = useState(false);
  async function download(scope: "accepted" | "all", format: "etsy" | "changes" = "etsy") {
    setBusy(true);
    try {
      await downloadShopExport(scope, format);
    } catch (error) {
      toast({ title: t("sales.export.failed"), description: errorMessage(error, undefined, t), variant: "destructive" });
    } finally {
      setBusy(false);
    }
  }
  return (
    <DropdownMenu>
      <DropdownMenuTrigger asChild>
        <Button variant="outline" disabled={busy} data-testid="shop-export-menu">
          <DownloadIcon aria-hidden="true" />
          {t("sales.export.menu")}
          <ChevronDownIcon aria-hidden="true" />
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end" className="max-w-xs">
        <DropdownMenuLabel className="text-xs font-normal text-muted-foreground">{t("sales.export.hint")}</DropdownMenuLabel>
        <DropdownMenuSeparator />
        <DropdownMenuItem onSelect={() => void download("accepted")} data-testid="export-accepted">
          {t("sales.export.accepted")}
        </DropdownMenuItem>
        <DropdownMenuItem onSelect={() => void download("all")} data-testid="export-all">
          {t("sales.export.all")}
        </DropdownMenuItem>
        <DropdownMenuSeparator />
        <DropdownMenuItem onSelect={() => void download("accepted", "changes")} data-testid="export-changes">
          {t("sales.export.changes")}
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}

type ImportState = { kind: "idle" } | { kind: "invalid"; message: string } | { kind: "uploading"; name: string; progress: UploadProgress } | { kind: "failed"; message: string };

function SalesImportResultView({ result }: { result: SalesImportResult }) {
  const { t, language } = useI18n();
  const number = new Intl.NumberFormat(language === "tr" ? "tr-TR" : "en-US");
  const figures = [
    ["added", result.added],
    ["duplicates", result.duplicates],
    ["unmatched", result.unmatchedCount],
    ["skipped", result.skipped],
  ] as const;
  return (
    <div className="grid gap-3 rounded-lg border bg-muted/30 p-4" role="status" data-testid="sales-import-result">
      <p className="flex items-center gap-2 text-sm font-medium">
        <CheckCircle2Icon className="size-4 text-success" aria-hidden="true" />
        {t("sales.import.done")}
      </p>
      <dl className="grid grid-cols-2 gap-3 sm:grid-cols-4">
        {figures.map(([key, value]) => (
          <div key={key} className="grid gap-0.5" data-testid={`sales-import-${key}`}>
            <dt className="text-xs text-muted-foreground">{t(`sales.import.${key}`)}</dt>
            <dd className="text-lg font-semibold tabular-nums">{number.format(value)}</dd>
          </div>
        ))}
      </dl>
      {result.skipped > 0 && <p className="text-xs text-muted-foreground">{t("sales.import.skippedHint")}</p>}
      {result.unmatchedCount > 0 && (
        <Collapsible>
          <CollapsibleTrigger className="group flex items-center gap-1 text-left text-sm font-medium text-primary" data-testid="sales-unmatched-toggle">
            <ChevronDownIcon className="size-4 transition-transform group-data-[state=open]:rotate-180" aria-hidden="true" />
            {t("sales.import.unmatchedTitle", { count: number.format(result.unmatchedCount) })}
          </CollapsibleTrigger>
          <CollapsibleContent>
            <p className="mt-2 text-xs text-muted-foreground">{t("sales.import.unmatchedHint")}</p>
            <ul className="mt-2 grid max-h-64 gap-1 overflow-y-auto rounded-md border bg-background p-2 text-sm" data-testid="sales-unmatched">
              {result.unmatched.map((u) => (
                <li key={u.row} className="break-words text-muted-foreground">
                  {t("sales.import.unmatchedRow", { row: u.row, name: u.itemName, date: formatDay(u.saleDate, language) })}
                </li>
              ))}
            </ul>
          </CollapsibleContent>
        </Collapsible>
      )}
    </div>
  );
}

/** Etsy's sold order items file in: the steps, what is never stored, the drop zone and what happened. */
function SalesImport({ onImported }: { onImported: (result: SalesImportResult) => void }) {
  const { t } = useI18n();
  const [state, setState] = useState<ImportState>({ kind: "idle" });
  const abort = useRef<AbortController | null>(null);
  useEffect(() => () => abort.current?.abort(), []);

  async function start(files: File[]) {
    const file = files[0];
    if (!file) return;
    const problem = csvFileProblem(file);
    if (problem) {
      setState({ kind: "invalid", message: t(`sales.import.error.${problem}`, { max: SHOP_LIMITS.importBytesMax / (1024 * 1024) }) });
      return;
    }
    abort.current?.abort();
    const controller = new AbortController();
    abort.current = controller;
    setState({ kind: "uploading", name: file.name, progress: { loaded: 0, total: file.size, processing: false } });
    try {
      const result = await uploadSalesCsv(file, (progress) => setState({ kind: "uploading", name: file.name, progress }), controller.signal);
      setState({ kind: "idle" });
      onImported(result);
    } catch (error) {
      if (controller.signal.aborted) setState({ kind: "idle" });
      else setState({ kind: "failed", message: errorMessage(error, t("sales.import.failed"), t) });
    } finally {
      if (abort.current === controller) abort.current = null;
    }
  }
  const busy = state.kind === "uploading";
  const percent = state.kind === "uploading" && state.progress.total > 0 ? Math.min(100, Math.round((state.progress.loaded / state.progress.total) * 100)) : 0;
  return (
    <div className="grid gap-3">
      <p className="text-sm text-muted-foreground">{t("sales.steps")}</p>
      <p className="flex items-start gap-2 rounded-md bg-success/10 p-3 text-sm" data-testid="sales-privacy">
        <ShieldCheckIcon className="mt-0.5 size-4 shrink-0 text-success" aria-hidden="true" />
        {t("sales.privacy")}
      </p>
      <UploadZone onFiles={start} accept=".csv,text/csv" title={t("sales.import.drop")} hint={t("sales.import.hint")} disabled={busy} invalid={state.kind === "invalid"} testId="sales-import">
        <span className="flex size-11 items-center justify-center rounded-full bg-primary/10 text-primary">
          <ReceiptIcon className="size-5" aria-hidden="true" />
        </span>
        <span className="text-sm font-medium">{t("sales.import.drop")}</span>
      </UploadZone>
      <div aria-live="polite" className="grid gap-3">
        {state.kind === "uploading" && (
          <div className="grid gap-2" data-testid="sales-import-progress">
            <div className="flex items-center justify-between gap-2 text-sm">
              <span className="min-w-0 truncate">{state.progress.processing ? t("sales.import.processing") : t("sales.import.uploading", { name: state.name, percent })}</span>
              <Button type="button" variant="ghost" size="sm" onClick={() => abort.current?.abort()}>
                <XIcon aria-hidden="true" />
                {t("sales.import.cancel")}
              </Button>
            </div>
            <Progress value={state.progress.processing ? null : percent} aria-label={t("sales.import.progressLabel")} />
          </div>
        )}
        {state.kind === "invalid" && (
          <p className="flex items-start gap-2 text-sm text-destructive" role="alert" data-testid="sales-import-invalid">
            <AlertCircleIcon className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
            {state.message}
          </p>
        )}
        {state.kind === "failed" && (
          <Alert variant="destructive" data-testid="sales-import-failed">
            <AlertCircleIcon aria-hidden="true" />
            <AlertTitle>{t("sales.import.failed")}</AlertTitle>
            <AlertDescription>
              <p className="break-words">{state.message}</p>
            </AlertDescription>
          </Alert>
        )}
      </div>
    </div>
  );
}

/** Units, orders and revenue of 30/90/365 days and all time. */
export function SalesPeriods({ periods, main }: { periods: ShopSales["periods"]; main?: string | null }) {
  const { t, language } = useI18n();
  const number = new Intl.NumberFormat(language === "tr" ? "tr-TR" : "en-US");
  return (
    <dl className="grid grid-cols-2 gap-3 lg:grid-cols-4" data-testid="sales-periods">
      {periods.map((p) => (
        <div key={p.days ?? "all"} className="grid gap-1 rounded-lg border p-3">
          <dt className="text-xs text-muted-foreground">{t(p.days ? `sales.period.${p.days as 30 | 90 | 365}` : "sales.period.all")}</dt>
          <dd className="grid gap-0.5">
            <MoneyList revenue={p.revenue} main={main} className="text-base font-semibold break-words tabular-nums" />
            <span className="text-xs text-muted-foreground tabular-nums">
              {t(p.units === 1 ? "sales.unitsOne" : "sales.units", { count: number.format(p.units) })} · {t(p.orders === 1 ? "sales.ordersOne" : "sales.orders", { count: number.format(p.orders) })}
            </span>
          </dd>
        </div>
      ))}
    </dl>
  );
}

/** The shop's sales: periods, best sellers, listings that never sold, and the import. */
export function SalesCard({ sales, onImported, hrefUnsold }: { sales: ShopSales | undefined; onImported: () => void; hrefUnsold: string }) {
  const { t, language } = useI18n();
  const number = new Intl.NumberFormat(language === "tr" ? "tr-TR" : "en-US");
  const [importOpen, setImportOpen] = useState(false);
  // The last import's answer belongs to the card: the first import switches the card to its figures,
  // which unmounted the drop zone with the answer (and its unmatched rows) in it.
  const [lastResult, setLastResult] = useState<SalesImportResult | null>(null);
  const afterImport = (result: SalesImportResult) => {
    setLastResult(result);
    onImported();
  };
  const imported = !!sales?.imported;
  return (
    <Card className="gap-4" data-testid="sales-card">
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <ReceiptIcon className="size-4" aria-hidden="true" />
          <h2 className="text-base">{t("sales.title")}</h2>
        </CardTitle>
        <CardDescription>
          {imported && sales?.firstSale && sales.lastSale ? t("sales.covered", { from: formatDay(sales.firstSale, language), to: formatDay(sales.lastSale, language) }) : t("sales.intro")}
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        {imported && sales ? (
          <>
            <SalesPeriods periods={sales.periods} main={sales.mainCurrency} />
            <div className="grid gap-4 lg:grid-cols-[minmax(0,1.4fr)_minmax(0,1fr)]">
              <section className="grid min-w-0 content-start gap-2" aria-labelledby="best-sellers-title">
                <h3 id="best-sellers-title" className="text-sm font-semibold">
                  {t("sales.best")}
                </h3>
                <ol className="grid min-w-0 gap-1.5 text-sm" data-testid="best-sellers">
                  {sales.bestSellers.map((b, i) => (
                    <li key={b.id} className="flex min-w-0 items-baseline gap-2">
                      <span className="w-5 shrink-0 text-right text-xs text-muted-foreground tabular-nums">{i + 1}.</span>
                      <Link to={`/shop/${b.id}`} className="min-w-0 flex-1 truncate hover:underline">
                        {b.title}
                      </Link>
                      <span className="shrink-0 text-xs text-muted-foreground tabular-nums">{t(b.units === 1 ? "sales.unitsOne" : "sales.units", { count: number.format(b.units) })}</span>
                      <MoneyList revenue={b.revenue} className="shrink-0 text-xs font-medium tabular-nums" />
                    </li>
                  ))}
                </ol>
              </section>
              <section className="grid min-w-0 content-start gap-2 text-sm">
                {sales.neverSold.count > 0 && (
                  <p data-testid="never-sold">
                    {t(sales.neverSold.count === 1 ? "sales.neverSoldOne" : "sales.neverSold", { count: number.format(sales.neverSold.count) })}{" "}
                    <Link to={hrefUnsold} className="font-medium text-primary hover:underline">
                      {t("sales.show")}
                    </Link>
                  </p>
                )}
                {sales.unmatched > 0 && <p className="text-muted-foreground">{t("sales.unmatchedCount", { count: number.format(sales.unmatched) })}</p>}
              </section>
            </div>
            <Collapsible open={importOpen} onOpenChange={setImportOpen}>
              <CollapsibleTrigger className="group flex items-center gap-1 text-left text-sm font-medium text-primary" data-testid="sales-import-again">
                <ChevronDownIcon className="size-4 transition-transform group-data-[state=open]:rotate-180" aria-hidden="true" />
                {t("sales.import.drop")}
              </CollapsibleTrigger>
              <CollapsibleContent className="pt-3">
                <SalesImport onImported={afterImport} />
              </CollapsibleContent>
            </Collapsible>
          </>
        ) : (
          <SalesImport onImported={afterImport} />
        )}
        {lastResult && <SalesImportResultView result={lastResult} />}
      </CardContent>
    </Card>
  );
}

const VERDICT_ICON = { more: TrendingUpIcon, fewer: TrendingDownIcon, same: MinusIcon, "too-early": HourglassIcon } as const;

/**
 * One change's before/after: days, orders, units and revenue on each side, and what they show.
 * `compact` leaves out the change's name and date (a version history row already shows them).
 */
export function EffectView({ effect, showTitle = false, compact = false }: { effect: VersionEffect; showTitle?: boolean; compact?: boolean }) {
  const { t, language } = useI18n();
  const Icon = VERDICT_ICON[effect.verdict];
  const verdict =
    effect.verdict === "too-early"
      ? effect.reasonTooEarly === "days"
        ? t("changes.verdict.days", { days: effect.after.days })
        : t("changes.verdict.orders", { orders: effect.before.orders + effect.after.orders })
      : t(`changes.verdict.${effect.verdict}`);
  const reasonKey = (["accept", "edit", "fix", "restore", "regenerated"] as const).find((r) => r === effect.reason);
  const side = (label: string, s: VersionEffect["before"], testId: string) => (
    <div className="grid gap-0.5 rounded-md bg-muted/40 p-2" data-testid={testId}>
      <span className="text-xs font-medium text-muted-foreground">{label}</span>
      <span className="text-xs tabular-nums">{t(s.orders === 1 ? "changes.sideOne" : "changes.side", { orders: s.orders, units: s.units, days: s.days })}</span>
      <MoneyList revenue={s.revenue} className="text-sm font-medium tabular-nums" />
    </div>
  );
  return (
    <div className={cn("grid gap-2", !compact && "rounded-lg border p-3")} data-testid="change-effect" data-verdict={effect.verdict}>
      {!compact && (
        <div className="flex flex-wrap items-center gap-2 text-sm">
          {showTitle && (
            <Link to={`/shop/${effect.listingId}`} className="min-w-0 flex-1 truncate font-medium hover:underline">
              {effect.title}
            </Link>
          )}
          {reasonKey && <Badge variant="secondary">{t(`changes.reason.${reasonKey}`)}</Badge>}
          <span className="text-xs text-muted-foreground">{t("changes.version", { version: effect.version, date: formatDay(effect.changedAt.slice(0, 10), language) })}</span>
        </div>
      )}
      <div className="grid grid-cols-2 gap-2">
        {side(t("changes.before"), effect.before, "effect-before")}
        {side(t("changes.after"), effect.after, "effect-after")}
      </div>
      <p
        className={cn(
          "flex items-center gap-1.5 text-sm",
          effect.verdict === "more" && "text-success",
          effect.verdict === "fewer" && "text-destructive",
          effect.verdict === "too-early" && "text-muted-foreground",
        )}
        data-testid="effect-verdict"
      >
        <Icon className="size-4 shrink-0" aria-hidden="true" />
        {verdict}
      </p>
    </div>
  );
}

/** The shop's changes of the last 90 days and what followed each. */
export function ChangesCard({ changes, salesImported }: { changes: ShopChanges | undefined; salesImported: boolean }) {
  const { t } = useI18n();
  return (
    <Card className="gap-4" data-testid="changes-card">
      <CardHeader>
        <CardTitle>
          <h2 className="text-base">{t("changes.title")}</h2>
        </CardTitle>
        <CardDescription>{t("changes.intro")}</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-3">
        {!salesImported ? (
          <p className="text-sm text-muted-foreground">{t("changes.noSales")}</p>
        ) : !changes?.changes.length ? (
          <p className="text-sm text-muted-foreground">{t("changes.none")}</p>
        ) : (
          <div className="grid max-h-[32rem] gap-3 overflow-y-auto md:grid-cols-2">
            {changes.changes.map((c) => (
              <EffectView key={`${c.listingId}-${c.version}`} effect={c} showTitle />
            ))}
          </div>
        )}
        <p className="text-xs text-muted-foreground">{t("changes.rule")}</p>
      </CardContent>
    </Card>
  );
}
