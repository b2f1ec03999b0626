import { AlertCircleIcon, CheckCircle2Icon, ChevronDownIcon, FileUpIcon, XIcon } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { UploadZone } from "~/components/image-editor/upload-zone";
import { Alert, AlertDescription, AlertTitle } from "~/components/ui/alert";
import { Button } from "~/components/ui/button";
import { Collapsible, CollapsibleContent, CollapsibleTrigger } from "~/components/ui/collapsible";
import { Progress } from "~/components/ui/progress";
import { errorMessage } from "~/lib/api";
import { SHOP_LIMITS, csvFileProblem, uploadShopCsv, type ShopImportResult, type UploadProgress } from "~/lib/api/shop";
import { useI18n } from "~/lib/i18n";
import { cn } from "~/lib/utils";

/** How a seller gets the file: Etsy's own download, step by step. */
export function EtsyCsvSteps({ className }: { className?: string }) {
  const { t } = useI18n();
  return (
    <section className={cn("grid gap-3", className)} aria-labelledby="etsy-steps-title" data-testid="etsy-steps">
      <h3 id="etsy-steps-title" className="text-sm font-semibold">
        {t("shop.steps.title")}
      </h3>
      <ol className="grid gap-2.5">
        {([1, 2, 3, 4, 5] as const).map((n) => (
          <li key={n} className="flex gap-3 text-sm">
            <span className="flex size-6 shrink-0 items-center justify-center rounded-full bg-primary/10 text-xs font-semibold text-primary" aria-hidden="true">
              {n}
            </span>
            <span className="pt-0.5">{t(`shop.steps.${n}`)}</span>
          </li>
        ))}
      </ol>
    </section>
  );
}

type State =
  | { kind: "idle" }
  | { kind: "invalid"; message: string }
  | { kind: "uploading"; name: string; progress: UploadProgress }
  | { kind: "failed"; message: string }
  | { kind: "done"; result: ShopImportResult };

function ImportResult({ result, errorsOpen, onErrorsOpen }: { result: ShopImportResult; errorsOpen?: boolean; onErrorsOpen?: (open: boolean) => void }) {
  const { t, language } = useI18n();
  const number = new Intl.NumberFormat(language === "tr" ? "tr-TR" : "en-US");
  const figures = [
    ["imported", result.imported],
    ["updated", result.updated],
    ["unchanged", result.unchanged],
    ["skipped", result.skipped],
  ] as const;
  return (
    <div className="grid gap-3 rounded-lg border bg-muted/30 p-4" role="status" data-testid="import-result">
      <p className="flex items-center gap-2 text-sm font-medium">
        <CheckCircle2Icon className="size-4 text-success" aria-hidden="true" />
        {t("shop.import.done")}
      </p>
      <dl className="grid grid-cols-2 gap-3 sm:grid-cols-4">
        {figures.map(([key, value]) => (
          <div key={key} className="grid gap-0.5" data-testid={`import-${key}`}>
            <dt className="text-xs text-muted-foreground">{t(`shop.import.${key}`)}</dt>
            <dd className={cn("text-lg font-semibold tabular-nums", key === "skipped" && value > 0 && "text-destructive")}>{number.format(value)}</dd>
          </div>
        ))}
      </dl>
      {result.errors.length > 0 && (
        <Collapsible open={errorsOpen} onOpenChange={onErrorsOpen}>
          <CollapsibleTrigger className="group flex items-center gap-1 text-left text-sm font-medium text-primary" data-testid="import-errors-toggle">
            <ChevronDownIcon className="size-4 transition-transform group-data-[state=open]:rotate-180" aria-hidden="true" />
            {t(result.errors.length === 1 ? "shop.import.rowErrorsOne" : "shop.import.rowErrors", { count: result.errors.length })}
          </CollapsibleTrigger>
          <CollapsibleContent>
            <ul className="mt-2 grid max-h-64 gap-1 overflow-y-auto rounded-md border bg-background p-2 text-sm" data-testid="import-errors">
              {result.errors.map((error, index) => (
                <li key={`${error.row}-${index}`} className="flex gap-2">
                  {/* The server's message may already name its row. */}
                  {!error.message.startsWith(`Row ${error.row} `) && <span className="shrink-0 font-medium tabular-nums">{t("shop.import.row", { row: error.row })}</span>}
                  <span className="min-w-0 break-words text-muted-foreground">{error.message}</span>
                </li>
              ))}
            </ul>
          </CollapsibleContent>
        </Collapsible>
      )}
    </div>
  );
}

/**
 * The import drop zone: a .csv of at most 20 MB, sent with upload progress; then the counts of what
 * happened and, folded, the rows that were skipped and why.
 */
export interface LastImport {
  result: ShopImportResult;
  errorsOpen: boolean;
}

export function ImportCsv({
  onImported,
  showSteps = true,
  last,
  onLastChange,
}: {
  onImported?: (result: ShopImportResult) => void;
  showSteps?: boolean;
  /** The last import, held by the screen: it swaps the empty state for the shop, and the counts (and an open error list) stay. */
  last?: LastImport | null;
  onLastChange?: (last: LastImport) => void;
}) {
  const { t } = useI18n();
  const [state, setState] = useState<State>(() => (last ? { kind: "done", result: last.result } : { kind: "idle" }));
  const [ownErrorsOpen, setOwnErrorsOpen] = useState(false);
  const errorsOpen = last && state.kind === "done" && state.result === last.result ? last.errorsOpen : ownErrorsOpen;
  const setErrorsOpen = (open: boolean) => {
    setOwnErrorsOpen(open);
    if (state.kind === "done") onLastChange?.({ result: state.result, errorsOpen: open });
  };
  const abort = useRef<AbortController | null>(null);
  useEffect(() => () => abort.current?.abort(), []);

  async function start(files: File[]) {
    const file = files[0];
    if (!file) return;
    const problem = csvFileProblem(file);
    if (problem) {
      setState({ kind: "invalid", message: t(`shop.import.error.${problem}`, { max: SHOP_LIMITS.importBytesMax / (1024 * 1024) }) });
      return;
    }
    abort.current?.abort();
    const controller = new AbortController();
    abort.current = controller;
    setState({ kind: "uploading", name: file.name, progress: { loaded: 0, total: file.size, processing: false } });
    try {
      const result = await uploadShopCsv(file, (progress) => setState({ kind: "uploading", name: file.name, progress }), controller.signal);
      setState({ kind: "done", result });
      setOwnErrorsOpen(false);
      onLastChange?.({ result, errorsOpen: false });
      onImported?.(result);
    } catch (error) {
      if (controller.signal.aborted) setState({ kind: "idle" });
      else setState({ kind: "failed", message: errorMessage(error, t("shop.import.failed"), t) });
    } finally {
      if (abort.current === controller) abort.current = null;
    }
  }

  const busy = state.kind === "uploading";
  const percent = state.kind === "uploading" && state.progress.total > 0 ? Math.min(100, Math.round((state.progress.loaded / state.progress.total) * 100)) : 0;

  return (
    <div className={cn("grid gap-6", showSteps && "lg:grid-cols-[minmax(0,1fr)_minmax(0,1.2fr)]")}>
      {showSteps && <EtsyCsvSteps />}
      <div className="grid content-start gap-3">
        <UploadZone onFiles={start} accept=".csv,text/csv" title={t("shop.import.drop")} hint={t("shop.import.hint")} disabled={busy} invalid={state.kind === "invalid"} testId="shop-import">
          <span className="flex size-11 items-center justify-center rounded-full bg-primary/10 text-primary">
            <FileUpIcon className="size-5" aria-hidden="true" />
          </span>
          <span className="text-sm font-medium">{t("shop.import.drop")}</span>
        </UploadZone>
        <div aria-live="polite" className="grid gap-3">
          {state.kind === "uploading" && (
            <div className="grid gap-2" data-testid="import-progress">
              <div className="flex items-center justify-between gap-2 text-sm">
                <span className="min-w-0 truncate">{state.progress.processing ? t("shop.import.processing") : t("shop.import.uploading", { name: state.name, percent })}</span>
                <Button type="button" variant="ghost" size="sm" onClick={() => abort.current?.abort()}>
                  <XIcon aria-hidden="true" />
                  {t("shop.import.cancel")}
                </Button>
              </div>
              <Progress value={state.progress.processing ? null : percent} aria-label={t("shop.import.progressLabel")} />
            </div>
          )}
          {state.kind === "invalid" && (
            <p className="flex items-start gap-2 text-sm text-destructive" role="alert" data-testid="import-invalid">
              <AlertCircleIcon className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
              {state.message}
            </p>
          )}
          {state.kind === "failed" && (
            <Alert variant="destructive" data-testid="import-failed">
              <AlertCircleIcon aria-hidden="true" />
              <AlertTitle>{t("shop.import.failed")}</AlertTitle>
              <AlertDescription>
                <p className="break-words">{state.message}</p>
                <p>{t("shop.import.failedHint")}</p>
              </AlertDescription>
            </Alert>
          )}
          {state.kind === "done" && <ImportResult result={state.result} errorsOpen={errorsOpen} onErrorsOpen={setErrorsOpen} />}
        </div>
      </div>
    </div>
  );
}
