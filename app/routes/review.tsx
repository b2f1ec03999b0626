import { AlertCircleIcon, ArrowLeftIcon, ArrowRightIcon, DownloadIcon, FileTextIcon, InfoIcon, RotateCcwIcon } from "lucide-react";
import { useCallback, useEffect, useRef, useState } from "react";
import { Link } from "react-router";
import { PageHeader } from "~/components/page-header";
import { Alert, AlertDescription, AlertTitle } from "~/components/ui/alert";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Card, CardAction, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from "~/components/ui/card";
import { Skeleton } from "~/components/ui/skeleton";
import { toast } from "~/components/ui/use-toast";
import { DraftView } from "~/components/wizard/draft-view";
import { PagePreview } from "~/components/wizard/page-preview";
import { PdfDetails } from "~/components/wizard/pdf-details";
import { sampleDraft } from "~/components/wizard/sample-draft";
import { ProviderBadge, WizardActions, detailAfter, useFailureText } from "~/components/wizard/wizard-bits";
import { WizardProgress } from "~/components/wizard/wizard-progress";
import { errorMessage } from "~/lib/api";
import { useI18n } from "~/lib/i18n";
import { useProfile } from "~/lib/profile";
import { useWizardAction, wizardClientAction } from "~/lib/wizard-action";
import { wizardAction } from "~/lib/wizard.server";
import {
  WIZARD_ERROR_KEYS,
  WIZARD_ERROR_TEXT,
  callOptions,
  describeFailure,
  downloadPatternPdf,
  formatBytes,
  generatePdfCall,
  requestIdFor,
  useWizardState,
  type WizardNavigationState,
  type WizardState,
} from "~/lib/wizard";
import { metaText, type I18nHandle } from "~/lib/i18n/route";
import type { Route } from "./+types/review";
import * as wizardStrings from "~/lib/i18n/catalog/wizard";
import { useSettledNavigate } from "~/lib/use-settled-navigate";

/** The catalogues this screen's components read (the root hands them to the provider). */
export const handle = { i18n: [wizardStrings] } satisfies I18nHandle;

export function meta({ matches }: Route.MetaArgs) {
  return [{ title: metaText(matches, "wizard.review.metaTitle") }];
}

type Phase = { kind: "loading" } | { kind: "sample" } | { kind: "formatting" } | { kind: "error"; text: string } | { kind: "ready"; providerLabel?: string; offline?: boolean };

const SCROLL_BOX = "h-[26rem] overflow-y-auto rounded-lg border bg-background p-5 sm:h-[34rem] sm:p-6";

/** Step 2's format: a post to this route (it runs the model) (decision 0054). */
export function action({ request, context }: Route.ActionArgs) {
  return wizardAction(request, context, ["format"]);
}

export const clientAction = wizardClientAction;

export default function ReviewDraft() {
  const { t, language } = useI18n();
  const navigate = useSettledNavigate();
  const failureText = useFailureText();
  const profile = useProfile();
  const [wizard, update] = useWizardState();
  const run = useWizardAction("/review");
  const [phase, setPhase] = useState<Phase>({ kind: "loading" });
  const [downloading, setDownloading] = useState(false);
  const started = useRef(false);
  const storeName = profile.data?.storeName;

  /** Formats the optimized pattern (the phase already says 'formatting'). */
  const formatNow = useCallback(
    async (state: WizardState) => {
      const input = state.optimizedPattern;
      const requestId = requestIdFor(state.pendingFormat, input);
      update({ pendingFormat: { requestId, input } });
      try {
        const result = await generatePdfCall(run, input, callOptions(state, storeName), requestId);
        update({ formattedFrom: input, formattedContent: result.pdfContent, pdf: result.pdf, pendingFormat: null, listingFrom: "" });
        setPhase({ kind: "ready", providerLabel: result.providerLabel, offline: result.offline });
      } catch (error) {
        update({ formattedFrom: "", formattedContent: "", pdf: null, pendingFormat: null });
        const failure = describeFailure(error, WIZARD_ERROR_KEYS.format);
        // SPEC §8: 'Failed to format content' is the alert's title; the server's own message says why.
        const text = failure.kind === "key" && failure.key === WIZARD_ERROR_KEYS.format ? "" : failureText(failure);
        const detail = detailAfter(t("wizard.error.format"), detailAfter(WIZARD_ERROR_TEXT.format, text));
        setPhase({ kind: "error", text: detail });
      }
    },
    [failureText, run, storeName, t, update],
  );
  function format(state: WizardState) {
    setPhase({ kind: "formatting" });
    return formatNow(state);
  }

  // On arrival (the stored draft is read): the sample when nothing was optimized, the stored draft
  // when it was made from this optimized pattern, else it is formatted once (the effect below).
  const formatted = useCallback((state: WizardState) => state.formattedFrom === state.optimizedPattern && !!state.formattedContent, []);
  const [arrived, setArrived] = useState(false);
  if (wizard && !arrived) {
    setArrived(true);
    if (!wizard.optimizedPattern) setPhase({ kind: "sample" });
    else if (formatted(wizard)) setPhase({ kind: "ready" });
    else setPhase({ kind: "formatting" });
  }
  useEffect(() => {
    if (!wizard || started.current) return;
    started.current = true;
    // The request starts as a task of its own; its answer sets the phase (as a subscription's callback would).
    if (wizard.optimizedPattern && !formatted(wizard)) void Promise.resolve(wizard).then(formatNow);
  }, [wizard, formatNow, formatted]);

  const sample = sampleDraft(wizard?.choices.language ?? language);
  const ready = phase.kind === "ready" && !!wizard?.formattedContent;
  const draft = ready ? wizard!.formattedContent : sample;
  const pdf = ready ? wizard!.pdf : null;

  function next() {
    if (!wizard) return;
    // SPEC §2: when nothing was formatted, step 3 gets the built-in sample draft.
    const formattedContent = ready ? wizard.formattedContent : sample;
    if (!ready) update({ formattedContent, formattedFrom: "", pdf: null });
    const state: WizardNavigationState = { optimizedPattern: wizard.optimizedPattern, originalPattern: wizard.optimizedFrom, formattedContent };
    navigate("/listing-generation", { state });
  }

  async function download() {
    if (!pdf || downloading) return;
    setDownloading(true);
    try {
      await downloadPatternPdf(pdf);
      toast({ title: t("wizard.review.downloadStarted"), description: pdf.name, variant: "success" });
    } catch (error) {
      toast({ title: t("wizard.review.downloadFailed"), description: errorMessage(error, undefined, t), variant: "destructive" });
    } finally {
      setDownloading(false);
    }
  }

  const busy = phase.kind === "formatting" || phase.kind === "loading";

  return (
    <>
      <PageHeader title={t("wizard.review.title")} description={t("wizard.review.description")} />
      <WizardProgress step={2} />

      <div className="grid grid-cols-[minmax(0,1fr)] items-start gap-6 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
        <Card>
          <CardHeader>
            <CardTitle>{t("wizard.review.draftTitle")}</CardTitle>
            <CardDescription>{t("wizard.review.draftSubtitle")}</CardDescription>
            <CardAction aria-live="polite">
              <StatusBadge phase={phase} />
            </CardAction>
          </CardHeader>
          <CardContent className="grid grid-cols-1 gap-4">
            {phase.kind === "sample" && (
              <Alert data-testid="sample-notice">
                <InfoIcon aria-hidden="true" />
                <AlertDescription>
                  <p>{t("wizard.review.sampleNotice")}</p>
                  <Button asChild variant="outline" size="sm" className="mt-2">
                    <Link to="/optimize">{t("wizard.toStep1")}</Link>
                  </Button>
                </AlertDescription>
              </Alert>
            )}
            {phase.kind === "error" && (
              <Alert variant="destructive" data-testid="format-error">
                <AlertCircleIcon aria-hidden="true" />
                <AlertTitle>{t("wizard.error.format")}</AlertTitle>
                <AlertDescription>
                  {phase.text && <p>{phase.text}</p>}
                  <p>{t("wizard.review.errorNotice")}</p>
                  <Button variant="outline" size="sm" className="mt-2" onClick={() => wizard && void format(wizard)}>
                    <RotateCcwIcon aria-hidden="true" />
                    {t("app.tryAgain")}
                  </Button>
                </AlertDescription>
              </Alert>
            )}
            {busy ? (
              <div className={SCROLL_BOX} aria-busy="true" data-testid="draft-formatting">
                <p className="sr-only">{t("wizard.review.formatting")}</p>
                <div className="grid gap-3" aria-hidden="true">
                  <Skeleton className="h-7 w-2/3" />
                  <Skeleton className="h-4 w-1/3" />
                  <Skeleton className="mt-2 h-4 w-full" />
                  <Skeleton className="mt-4 h-4 w-1/4" />
                  <Skeleton className="h-4 w-5/6" />
                  <Skeleton className="h-4 w-3/4" />
                  <Skeleton className="mt-4 h-4 w-1/4" />
                  <Skeleton className="h-4 w-full" />
                  <Skeleton className="h-4 w-11/12" />
                  <Skeleton className="h-4 w-full" />
                  <Skeleton className="h-4 w-4/5" />
                </div>
              </div>
            ) : (
              <section className={SCROLL_BOX} tabIndex={0} aria-label={t("wizard.review.draftTitle")} data-testid="draft-box" data-sample={ready ? undefined : "true"}>
                <DraftView text={draft} />
              </section>
            )}
          </CardContent>
          {phase.kind === "ready" && phase.providerLabel && (
            <CardFooter className="border-t">
              <ProviderBadge label={phase.providerLabel} offline={!!phase.offline} />
            </CardFooter>
          )}
        </Card>

        <Card className="lg:sticky lg:top-4">
          <CardHeader>
            <CardTitle>{t("wizard.review.pdfTitle")}</CardTitle>
            <CardDescription>{t("wizard.review.pdfSubtitle")}</CardDescription>
          </CardHeader>
          <CardContent className="grid grid-cols-1 gap-4">
            {busy ? (
              <div className="grid gap-3" aria-hidden="true">
                <Skeleton className="h-16 w-full" />
                <Skeleton className="h-9 w-full" />
              </div>
            ) : pdf ? (
              <>
                <div className="rounded-lg bg-muted/50 py-5 dark:bg-muted/20">
                  <PagePreview text={wizard!.formattedContent} paperSize={wizard!.choices.paperSize} />
                </div>
                <div className="flex items-start gap-3">
                  <FileTextIcon className="mt-0.5 size-8 shrink-0 text-primary" aria-hidden="true" />
                  <div className="min-w-0">
                    <p className="truncate font-medium" title={pdf.name} data-testid="pdf-name">
                      {pdf.name}
                    </p>
                    <dl className="mt-1 flex flex-wrap gap-x-4 gap-y-1 text-sm text-muted-foreground">
                      <div className="flex gap-1">
                        <dt>{t("wizard.review.pagesLabel")}:</dt>
                        <dd className="tabular-nums" data-testid="pdf-pages">
                          {pdf.pages}
                        </dd>
                      </div>
                      <div className="flex gap-1">
                        <dt>{t("wizard.review.sizeLabel")}:</dt>
                        <dd className="tabular-nums" data-testid="pdf-size">
                          {formatBytes(pdf.bytes, language)}
                        </dd>
                      </div>
                      <div className="flex gap-1">
                        <dt>{t("wizard.review.paperLabel")}:</dt>
                        <dd>{t(`wizard.paper.${wizard?.choices.paperSize ?? "a4"}`)}</dd>
                      </div>
                    </dl>
                  </div>
                </div>
                <Button type="button" onClick={download} disabled={downloading} aria-busy={downloading || undefined} data-testid="download-pdf">
                  <DownloadIcon aria-hidden="true" />
                  {downloading ? t("wizard.review.downloading") : t("wizard.review.download")}
                </Button>
                <p className="text-xs text-muted-foreground">{t("wizard.review.tip")}</p>
                <PdfDetails
                  value={wizard!.choices}
                  profileName={profile.data?.storeName ?? ""}
                  crochet={(wizard!.choices.craft ?? wizard!.detected.craft) === "crochet"}
                  disabled={busy}
                  onRemake={(choices) => {
                    const next = { ...wizard!, choices };
                    update({ choices });
                    void format(next);
                  }}
                />
              </>
            ) : (
              <div className="grid gap-3 text-sm text-muted-foreground">
                <p>{phase.kind === "error" ? t("wizard.review.pdfError") : t("wizard.review.noPdf")}</p>
                {phase.kind === "sample" && (
                  <Button asChild variant="outline" className="w-full sm:w-fit">
                    <Link to="/optimize">{t("wizard.toStep1")}</Link>
                  </Button>
                )}
              </div>
            )}
          </CardContent>
        </Card>
      </div>

      <WizardActions
        back={
          <Button asChild variant="outline" size="lg">
            <Link to="/optimize" data-testid="back">
              <ArrowLeftIcon aria-hidden="true" />
              {t("wizard.back")}
            </Link>
          </Button>
        }
      >
        <Button type="button" size="lg" onClick={next} disabled={busy || !wizard} data-testid="next-step">
          {t("wizard.next")}
          <ArrowRightIcon aria-hidden="true" />
        </Button>
      </WizardActions>
    </>
  );
}

function StatusBadge({ phase }: { phase: Phase }) {
  const { t } = useI18n();
  switch (phase.kind) {
    case "loading":
      return <Skeleton className="h-5 w-24" />;
    case "formatting":
      return (
        <Badge variant="warning" data-testid="draft-status">
          {t("wizard.review.status.formatting")}
        </Badge>
      );
    case "error":
      return (
        <Badge variant="destructive" data-testid="draft-status">
          {t("wizard.review.status.error")}
        </Badge>
      );
    case "sample":
      return (
        <Badge variant="outline" data-testid="draft-status">
          {t("wizard.review.status.sample")}
        </Badge>
      );
    default:
      return (
        <Badge variant="success" data-testid="draft-status">
          {t("wizard.review.status.ready")}
        </Badge>
      );
  }
}
