import { AlertCircleIcon, ArrowLeftIcon, CheckCircle2Icon, CheckIcon, FileTextIcon, RotateCcwIcon } from "lucide-react";
import { useCallback, useEffect, useRef, useState, type ReactNode } from "react";
import { Link, useNavigate } from "react-router";
import { CopyButton } from "~/components/copy-button";
import { PlainDescription, toPlainDescription } from "~/components/listings/plain-description";
import { PageHeader } from "~/components/page-header";
import { UsageCard } from "~/components/usage-card";
import { Alert, AlertDescription, AlertTitle } from "~/components/ui/alert";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Card, CardAction, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { Skeleton } from "~/components/ui/skeleton";
import { toast } from "~/components/ui/use-toast";
import { isSampleDraft } from "~/components/wizard/sample-draft";
import { ProviderBadge, WizardActions, detailAfter, useFailureText } from "~/components/wizard/wizard-bits";
import { WizardProgress } from "~/components/wizard/wizard-progress";
import { useI18n } from "~/lib/i18n";
import { useActionCall } from "~/lib/action-call";
import { writerOf, type GenerationActionAnswer } from "~/lib/create-actions";
import { generationAction, loadGenerationScreen } from "~/lib/create.server";
import { cn } from "~/lib/utils";
import {
  FINISH_REDIRECT_MS,
  WIZARD_ERROR_KEYS,
  WIZARD_ERROR_TEXT,
  callOptions,
  clearWizardState,
  describeFailure,
  etsyListingCall,
  finishWizardCall,
  requestIdFor,
  useWizardState,
  type WizardState,
} from "~/lib/wizard";
import { metaText, type I18nHandle } from "~/lib/i18n/route";
import type { Route } from "./+types/listing-generation";
import * as wizardStrings from "~/lib/i18n/catalog/wizard";
import * as plansStrings from "~/lib/i18n/catalog/plans";

/** The catalogues this screen's components read (the root hands them to the provider). */
export const handle = { i18n: [wizardStrings, plansStrings] } satisfies I18nHandle;
export { RouteErrorBoundary as ErrorBoundary } from "~/components/route-error-boundary";

export function meta({ matches }: Route.MetaArgs) {
  return [{ title: metaText(matches, "wizard.listing.metaTitle") }];
}

type Phase = { kind: "loading" } | { kind: "nothing" } | { kind: "generating" } | { kind: "error"; detail: string } | { kind: "quota"; used: number; limit: number } | { kind: "ready" };

/**
 * On the server (decision 0049): the seller's store name (the listing may mention it), today's listing
 * quota and the LLM that writes listings, so the first HTML shows the usage card and the writer. The
 * draft itself stays in this tab's session storage (the wizard's steps), read once hydrated.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  return loadGenerationScreen(request, context);
}

/** Writes the draft's listing (one unit) and finishes the wizard; the loaders read again after each (the quota, the checklist). */
export async function action({ request, context }: Route.ActionArgs) {
  return generationAction(request, context);
}

export default function ListingGeneration({ loaderData }: Route.ComponentProps) {
  const { t, language } = useI18n();
  const navigate = useNavigate();
  const failureText = useFailureText();
  const calls = useActionCall<GenerationActionAnswer>("/listing-generation");
  const run = calls.run;
  const [wizard, update] = useWizardState();
  const [phase, setPhase] = useState<Phase>({ kind: "loading" });
  const [finishing, setFinishing] = useState(false);
  const [finished, setFinished] = useState(false);
  // Who wrote the listing: the answer says; until then (or after a reload) the server's active LLM.
  const [served, setServed] = useState<{ label: string; offline: boolean } | null>(null);
  const writer = served ?? writerOf(loaderData.writer);
  const started = useRef(false);
  const redirect = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(redirect.current), []);

  const content = wizard?.formattedContent ?? "";
  const sample = isSampleDraft(content);
  // The PDF belongs to the draft it was built from; the sample draft has none.
  const pdf = wizard && !sample && wizard.formattedFrom && wizard.formattedFrom === wizard.optimizedPattern ? wizard.pdf : null;

  const storeName = loaderData.storeName ?? undefined;
  // Writes the listing of this draft; the caller has put the screen in its "generating" phase.
  const write = useCallback(
    async (state: WizardState) => {
      const input = state.formattedContent;
      const requestId = requestIdFor(state.pendingListing, input);
      const pdfFileId = !isSampleDraft(input) && state.formattedFrom && state.formattedFrom === state.optimizedPattern ? (state.pdf?.fileId ?? null) : null;
      update({ pendingListing: { requestId, input } });
      try {
        // The listing is written in the interface's language (issue 27), whatever the pattern's.
        const result = await etsyListingCall(run, input, pdfFileId, { ...callOptions(state, storeName), listingLanguage: language }, requestId);
        update({
          listing: { title: result.title, description: result.description, tags: result.tags ?? [], altTexts: result.altTexts ?? [] },
          listingFrom: input,
          provider: result.provider || state.provider,
          pendingListing: null,
        });
        if (result.providerLabel) setServed({ label: result.providerLabel, offline: result.offline === true });
        setPhase({ kind: "ready" });
      } catch (error) {
        update({ pendingListing: null });
        const failure = describeFailure(error, WIZARD_ERROR_KEYS.listing);
        if (failure.kind === "quota") {
          setPhase({ kind: "quota", used: failure.used, limit: failure.limit });
          toast({
            title: t("wizard.listing.quotaTitle"),
            description: t("wizard.listing.quotaToast", {
              limit: failure.limit,
              plan: t(failure.plan === "premium" ? "wizard.plan.premium" : "wizard.plan.free"),
            }),
            variant: "destructive",
          });
          return;
        }
        const text = failureText(failure);
        setPhase({ kind: "error", detail: detailAfter(t("wizard.error.listing"), detailAfter(WIZARD_ERROR_TEXT.listing, text)) });
      }
    },
    [failureText, language, run, storeName, t, update],
  );

  const generate = (state: WizardState) => {
    setPhase({ kind: "generating" });
    return write(state);
  };

  // On arrival (once the draft is read), decided once while rendering: nothing to write; the stored
  // listing was written from this very draft (a reload) and is shown as it is; or it is being written.
  const [arrived, setArrived] = useState(false);
  if (wizard && !arrived) {
    setArrived(true);
    setPhase(!wizard.formattedContent.trim() ? { kind: "nothing" } : writtenFrom(wizard) ? { kind: "ready" } : { kind: "generating" });
  }
  // The listing is written once, on arrival. No route loads in the browser on hydration (every loader
  // runs on the server, tests/app/hydration-loaders.test.ts), so the router is settled from the first
  // render and the write's revalidation races no first load.
  useEffect(() => {
    if (!wizard || started.current) return;
    started.current = true;
    // `write` first stores the pending request's id in the draft (sessionStorage and the wizard's state)
    // so that a reload mid-call replays it instead of paying twice: the synchronous state write is that.
    // eslint-disable-next-line react-hooks/set-state-in-effect
    if (wizard.formattedContent.trim() && !writtenFrom(wizard)) void write(wizard);
  }, [wizard, write]);

  async function finish() {
    if (!wizard?.listing || finishing || finished) return;
    setFinishing(true);
    try {
      await finishWizardCall(run, wizard.listing, {
        pdfFileId: pdf?.fileId ?? null,
        originalPattern: wizard.optimizedFrom || wizard.originalPattern,
        provider: wizard.provider,
      });
      setFinished(true);
      clearWizardState();
      toast({ title: t("wizard.success"), description: t("wizard.successDescription"), variant: "success" });
      // SPEC §2, §9: back to / (the dashboard) after 1.5 s.
      redirect.current = setTimeout(() => navigate("/"), FINISH_REDIRECT_MS);
    } catch (error) {
      const failure = describeFailure(error, WIZARD_ERROR_KEYS.unexpected);
      toast({ title: t("wizard.finishFailed"), description: failureText(failure), variant: "destructive" });
    } finally {
      setFinishing(false);
    }
  }

  const listing = phase.kind === "ready" ? wizard?.listing : null;
  const generating = phase.kind === "generating" || phase.kind === "loading";

  return (
    <>
      <PageHeader title={t("wizard.listing.title")} description={t("wizard.listing.description")} />
      <WizardProgress step={3} />

      <div className="grid grid-cols-[minmax(0,1fr)] items-start gap-6 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
        <div className="grid gap-6">
          {finished && (
            <Alert className="border-success/60" data-testid="finish-success" role="status">
              <CheckCircle2Icon className="text-success" aria-hidden="true" />
              <AlertTitle>{t("wizard.success")}</AlertTitle>
              <AlertDescription>{t("wizard.successDescription")}</AlertDescription>
            </Alert>
          )}
          {phase.kind === "quota" && (
            <Alert variant="destructive" data-testid="quota-alert">
              <AlertCircleIcon aria-hidden="true" />
              <AlertTitle>{t("wizard.listing.quotaTitle")}</AlertTitle>
              <AlertDescription>
                <p>{t("wizard.listing.quota", { used: phase.used, limit: phase.limit })}</p>
                <Button asChild variant="outline" size="sm" className="mt-2">
                  <Link to="/profile#plans">{t("wizard.listing.upgrade")}</Link>
                </Button>
              </AlertDescription>
            </Alert>
          )}
          {phase.kind === "error" && (
            <Alert variant="destructive" data-testid="listing-error">
              <AlertCircleIcon aria-hidden="true" />
              <AlertTitle>{t("wizard.error.listing")}</AlertTitle>
              <AlertDescription>
                {phase.detail && <p>{phase.detail}</p>}
                <Button variant="outline" size="sm" className="mt-2" onClick={() => wizard && void generate(wizard)}>
                  <RotateCcwIcon aria-hidden="true" />
                  {t("app.tryAgain")}
                </Button>
              </AlertDescription>
            </Alert>
          )}
          {phase.kind === "nothing" ? (
            <Card data-testid="listing-nothing">
              <CardHeader>
                <CardTitle>{t("wizard.listing.nothingTitle")}</CardTitle>
                <CardDescription>{t("wizard.listing.nothing")}</CardDescription>
              </CardHeader>
              <CardContent>
                <Button asChild>
                  <Link to="/optimize">{t("wizard.toStep1")}</Link>
                </Button>
              </CardContent>
            </Card>
          ) : (
            <Card data-testid="generated-listing">
              <CardHeader>
                <CardTitle>{t("wizard.listing.cardTitle")}</CardTitle>
                <CardDescription>{t("wizard.listing.cardSubtitle")}</CardDescription>
                {writer && (
                  <div className="pt-1" data-testid="listing-provider">
                    <ProviderBadge label={writer.label} offline={writer.offline} />
                  </div>
                )}
                <CardAction>
                  <StatusBadge phase={phase} />
                </CardAction>
              </CardHeader>
              <CardContent className="grid grid-cols-1 gap-6">
                <p className="sr-only" aria-live="polite">
                  {generating ? t("wizard.listing.generating") : phase.kind === "ready" ? t("wizard.listing.ready") : ""}
                </p>
                <Section
                  label={t("wizard.listing.label.title")}
                  meta={listing ? t("wizard.listing.titleCount", { count: listing.title.length }) : undefined}
                  copy={listing ? { text: listing.title, label: t("wizard.listing.copyTitle") } : undefined}
                  loading={generating}
                  skeleton={<Skeleton className="h-6 w-5/6" />}
                  testId="listing-title"
                >
                  {listing && <p className="text-base leading-snug font-medium">{listing.title}</p>}
                </Section>
                <Section
                  label={t("wizard.listing.label.description")}
                  copy={listing ? { text: toPlainDescription(listing.description), label: t("wizard.listing.copyDescription") } : undefined}
                  loading={generating}
                  skeleton={
                    <div className="grid gap-2">
                      <Skeleton className="h-4 w-full" />
                      <Skeleton className="h-4 w-11/12" />
                      <Skeleton className="h-4 w-4/5" />
                      <Skeleton className="h-4 w-2/3" />
                    </div>
                  }
                  testId="listing-description"
                >
                  {listing && <PlainDescription className="max-h-96 overflow-y-auto rounded-md border bg-background p-4">{listing.description}</PlainDescription>}
                </Section>
                <Section
                  label={t("wizard.listing.label.tags")}
                  meta={listing ? t("wizard.listing.tagCount", { count: listing.tags.length }) : undefined}
                  copy={listing && listing.tags.length ? { text: listing.tags.join(", "), label: t("wizard.listing.copyTags") } : undefined}
                  loading={generating}
                  skeleton={
                    <div className="flex flex-wrap gap-2">
                      {[16, 20, 14, 24, 18, 12, 22].map((w, i) => (
                        <Skeleton key={i} className="h-6" style={{ width: `${w * 4}px` }} />
                      ))}
                    </div>
                  }
                  testId="listing-tags"
                >
                  {listing && (
                    <ul className="flex flex-wrap gap-2">
                      {listing.tags.map((tag) => (
                        <li key={tag}>
                          <Badge variant="secondary" className="py-1 text-[13px] font-normal whitespace-normal">
                            {tag}
                          </Badge>
                        </li>
                      ))}
                    </ul>
                  )}
                </Section>
                <Section
                  label={t("wizard.listing.label.altTexts")}
                  loading={generating}
                  skeleton={
                    <div className="grid gap-2">
                      <Skeleton className="h-4 w-full" />
                      <Skeleton className="h-4 w-5/6" />
                      <Skeleton className="h-4 w-11/12" />
                    </div>
                  }
                  testId="listing-alt-texts"
                >
                  {listing && (
                    <ol className="grid gap-2">
                      {listing.altTexts.map((alt, index) => (
                        <li key={index} className="flex items-start gap-3 rounded-md border p-3">
                          <div className="min-w-0 flex-1">
                            <p className="text-xs font-medium text-muted-foreground">{t("wizard.listing.image", { n: index + 1 })}</p>
                            <p className="text-sm break-words">{alt}</p>
                          </div>
                          <CopyButton text={alt} label={t("wizard.listing.copyAlt", { n: index + 1 })} />
                        </li>
                      ))}
                    </ol>
                  )}
                </Section>
              </CardContent>
            </Card>
          )}
        </div>

        <div className="grid gap-6 lg:sticky lg:top-4">
          <UsageCard feature="create-listing" quota={loaderData.quota} />
          {phase.kind !== "nothing" && (
            <Card className="gap-4">
              <CardHeader>
                <CardTitle>{t("wizard.listing.pdfTitle")}</CardTitle>
              </CardHeader>
              <CardContent className="grid grid-cols-1 gap-3 text-sm">
                {pdf ? (
                  <>
                    <div className="flex items-center gap-3 rounded-lg border bg-muted/40 p-3 dark:bg-muted/20">
                      <FileTextIcon className="size-6 shrink-0 text-primary" aria-hidden="true" />
                      <span className="min-w-0 truncate font-medium" title={pdf.name} data-testid="attached-pdf">
                        {pdf.name}
                      </span>
                    </div>
                    <p className="text-muted-foreground">{t("wizard.listing.pdfAttached")}</p>
                  </>
                ) : (
                  <p className="text-muted-foreground">{t("wizard.listing.noPdf")}</p>
                )}
              </CardContent>
            </Card>
          )}
        </div>
      </div>

      <WizardActions
        back={
          <Button asChild variant="outline" size="lg">
            <Link to="/review" data-testid="back">
              <ArrowLeftIcon aria-hidden="true" />
              {t("wizard.back")}
            </Link>
          </Button>
        }
      >
        <Button type="button" size="lg" onClick={finish} disabled={!listing || finishing || finished} aria-busy={finishing || undefined} data-testid="finish">
          {finished ? <CheckIcon aria-hidden="true" /> : null}
          {finishing ? t("wizard.finishing") : t("wizard.finish")}
        </Button>
      </WizardActions>
    </>
  );
}

function Section({
  label,
  meta,
  copy,
  loading,
  skeleton,
  testId,
  children,
}: {
  label: string;
  meta?: string;
  copy?: { text: string; label: string };
  loading: boolean;
  skeleton: ReactNode;
  testId: string;
  children: ReactNode;
}) {
  return (
    <section className="grid gap-2" aria-label={label} data-testid={testId} aria-busy={loading || undefined}>
      <div className="flex min-h-8 items-center justify-between gap-3">
        <div className="flex flex-wrap items-baseline gap-x-3">
          <h2 className="text-sm font-semibold">{label}</h2>
          {meta && <span className="text-xs tabular-nums text-muted-foreground">{meta}</span>}
        </div>
        {copy && <CopyButton text={copy.text} label={copy.label} />}
      </div>
      <div className={cn(loading && "pointer-events-none")}>{loading ? skeleton : (children ?? <p className="text-sm text-muted-foreground">—</p>)}</div>
    </section>
  );
}

function StatusBadge({ phase }: { phase: Phase }) {
  const { t } = useI18n();
  if (phase.kind === "loading") return <Skeleton className="h-5 w-16" />;
  if (phase.kind === "ready")
    return (
      <Badge variant="success" data-testid="listing-status">
        {t("wizard.listing.status.ready")}
      </Badge>
    );
  if (phase.kind === "error" || phase.kind === "quota")
    return (
      <Badge variant="destructive" data-testid="listing-status">
        {t("wizard.listing.status.error")}
      </Badge>
    );
  return (
    <Badge variant="warning" data-testid="listing-status">
      {t("wizard.listing.status.generating")}
    </Badge>
  );
}

/** The stored listing was written from the draft as it stands. */
function writtenFrom(state: WizardState) {
  return Boolean(state.listing) && state.listingFrom === state.formattedContent;
}
