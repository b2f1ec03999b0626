import { AlertTriangleIcon, BarChart3Icon, CalendarRangeIcon, InfoIcon, ListIcon, RotateCcwIcon, SearchIcon, TelescopeIcon } from "lucide-react";
import { useState } from "react";
import { useNavigation, useSubmit } from "react-router";
import { GEOS, type Geo } from "../../schema/api/keywords";
import { AdvancedForm } from "~/components/advanced/advanced-form";
import { AnalysisDetails } from "~/components/advanced/analysis-details";
import { AnalysisSkeleton } from "~/components/advanced/analysis-skeleton";
import { analysisProvider, providerLabelKey } from "~/components/advanced/provider-labels";
import { InterestChart } from "~/components/advanced/interest-chart";
import { MonthlySearches } from "~/components/advanced/monthly-searches";
import { keywordFieldError, keywordSubmitError } from "~/lib/keyword-validation";
import { RelatedQueries } from "~/components/advanced/related-queries";
import { ResultSection } from "~/components/advanced/result-section";
import { StatCards } from "~/components/advanced/stat-cards";
import { PageHeader } from "~/components/page-header";
import { Alert, AlertDescription, AlertTitle } from "~/components/ui/alert";
import { ProviderBadge, SampleBadge } from "~/components/keywords/source-badge";
import { Button } from "~/components/ui/button";
import { Card, CardContent } from "~/components/ui/card";
import { toast } from "~/components/ui/use-toast";
import { UsageCard } from "~/components/usage-card";
import { newRequestId } from "~/lib/api";
import type { AnalysisAnswer } from "~/lib/api/advanced";
import { advancedKeywordsAction, loadAdvancedKeywords } from "~/lib/keywords.server";
import { type MessageKey, useT } from "~/lib/i18n";
import { useActiveProvider } from "~/lib/providers";
import { metaText, type I18nHandle } from "~/lib/i18n/route";
import type { Route } from "./+types/advanced-keywords";
import * as keywordsStrings from "~/lib/i18n/catalog/keywords";
import * as keywordListsStrings from "~/lib/i18n/catalog/keyword-lists";
import * as plansStrings from "~/lib/i18n/catalog/plans";
import { useOncePer } from "~/lib/use-once-per";

/** The catalogues this screen's components read (the root hands them to the provider). */
export const handle = { i18n: [keywordsStrings, keywordListsStrings, plansStrings] } satisfies I18nHandle;

export function meta({ matches }: Route.MetaArgs) {
  return [{ title: metaText(matches, "advanced.metaTitle") }];
}

/** The keyword and region the address names fill the form (decision 0050); nothing is analysed until the seller posts it. */
export function loader({ request, context }: Route.LoaderArgs) {
  return loadAdvancedKeywords(request, context);
}

/** One analysis (it may spend a unit of the day, so it is a POST). */
export function action({ request, context }: Route.ActionArgs) {
  return advancedKeywordsAction(request, context);
}

/** When the page cannot reach its action at all, the answer says so (SPEC §8's network text) instead of the error screen. */
export async function clientAction({ request, serverAction }: Route.ClientActionArgs): Promise<AnalysisAnswer> {
  const form = await request.clone().formData();
  try {
    return await serverAction();
  } catch (error) {
    if (!(error instanceof TypeError)) throw error;
    const geo = String(form.get("geo") ?? "US");
    return {
      ok: false,
      keyword: String(form.get("keyword") ?? ""),
      geo: (GEOS as readonly string[]).includes(geo) ? (geo as Geo) : "US",
      status: 0,
      code: "network",
      text: { key: "advanced.error.network" },
    };
  }
}

export default function AdvancedKeywords({ loaderData, actionData }: Route.ComponentProps) {
  const t = useT();
  const navigation = useNavigation();
  const submit = useSubmit();
  // Which trends provider serves analyses (the account data's /api/health), so the page can say where its data comes from.
  const trends = useActiveProvider("trends");
  const answer = actionData as AnalysisAnswer | undefined;

  const [keyword, setKeyword] = useState(answer?.keyword ?? loaderData.keyword);
  const [geo, setGeo] = useState<Geo>(answer?.geo ?? loaderData.geo);
  const [touched, setTouched] = useState(false);
  const [fieldError, setFieldError] = useState<MessageKey | null>(answer && !answer.ok && answer.field === "keyword" && "key" in answer.text ? answer.text.key : null);

  // A new answer: the form shows what was analysed (a related query, the SEO table's 'analyze trend').
  const [seen, setSeen] = useState(answer);
  if (answer !== seen) {
    setSeen(answer);
    if (answer) {
      setKeyword(answer.keyword);
      setGeo(answer.geo);
      setFieldError(!answer.ok && answer.field === "keyword" && "key" in answer.text ? answer.text.key : null);
    }
  }

  // The answer's notice (SPEC §8), once per answer.
  useOncePer(answer, (answer) => {
    if (answer.ok) {
      const data = answer.outcome.data;
      if (data.isFallback) toast({ title: t("advanced.toast.limited"), description: data.fallbackReason ?? t("advanced.limited.description") });
      else
        toast({
          title: data.fromCache ? t("advanced.toast.completeCached") : t("advanced.toast.complete"),
          description: t("advanced.toast.completeDescription", { keyword: data.keyword }),
          variant: "success",
        });
    } else if (answer.field !== "keyword") {
      toast({ title: t("advanced.toast.failed"), description: "message" in answer.text ? answer.text.message : t(answer.text.key), variant: "destructive" });
    }
  });

  /** Checks the keyword with SPEC §5's submit texts; a bad one stops the post and takes the focus. */
  function check(value: string): boolean {
    const submitError = keywordSubmitError(value);
    setTouched(true);
    setFieldError(submitError);
    if (submitError) document.querySelector<HTMLInputElement>('input[name="keyword"]')?.focus();
    return !submitError;
  }

  function run(value: string, region: Geo) {
    if (!check(value)) return;
    void submit({ keyword: value.trim(), geo: region, requestId: newRequestId() }, { method: "post", action: "/advanced-keywords" });
  }

  function pick(query: string) {
    setKeyword(query);
    window.scrollTo({ top: 0, behavior: "smooth" });
  }

  const busy = navigation.state === "submitting" && navigation.formAction?.startsWith("/advanced-keywords") === true;
  const outcome = answer?.ok ? answer.outcome : null;
  const failure = answer && !answer.ok && answer.field !== "keyword" ? ("message" in answer.text ? answer.text.message : t(answer.text.key)) : null;
  const status = busy ? "loading" : outcome ? "done" : failure ? "error" : "idle";

  const providerName = outcome ? analysisProvider(outcome.data) : trends.data?.name;
  const offline = providerName === "sample" || providerName === "etsy";
  const data = outcome?.data;

  return (
    <div className="grid gap-6">
      <PageHeader
        title={t("advanced.title")}
        description={
          <>
            {t("advanced.description")}{" "}
            <span className="mt-2 flex flex-wrap items-center gap-2 text-sm" data-testid="powered-by">
              <TelescopeIcon className="size-4" aria-hidden="true" />
              {t("advanced.poweredBy", { provider: t(providerLabelKey(providerName)) })}
              {offline && <SampleBadge testId="header-sample-badge" />}
            </span>
          </>
        }
      />
      <UsageCard feature="advanced-keywords" />
      <AdvancedForm
        keyword={keyword}
        geo={geo}
        error={fieldError ? t(fieldError) : null}
        busy={status === "loading"}
        onKeyword={(value) => {
          setKeyword(value);
          if (touched) setFieldError(keywordFieldError(value));
        }}
        onBlur={() => {
          setTouched(true);
          setFieldError(keywordFieldError(keyword));
        }}
        onGeo={setGeo}
        onSubmit={() => check(keyword)}
      />

      <div aria-live="polite" className="sr-only">
        {status === "loading" ? t("advanced.loading") : status === "done" && data ? t("advanced.toast.completeDescription", { keyword: data.keyword }) : ""}
      </div>

      {status === "idle" && (
        <Card className="border-dashed shadow-none">
          <CardContent className="flex flex-col items-center gap-2 py-4 text-center">
            <SearchIcon className="size-8 text-primary" aria-hidden="true" />
            <h2 className="font-semibold">{t("advanced.start.title")}</h2>
            <p className="max-w-xl text-sm text-muted-foreground">{t("advanced.start.description")}</p>
          </CardContent>
        </Card>
      )}

      {status === "loading" && <AnalysisSkeleton label={t("advanced.loading")} />}

      {status === "error" && failure && (
        <Alert variant="destructive" data-testid="analysis-error">
          <AlertTriangleIcon aria-hidden="true" />
          <AlertTitle>{t("advanced.error.title")}</AlertTitle>
          <AlertDescription>
            <p>{failure}</p>
            {answer && (
              <Button variant="outline" size="sm" className="mt-2" onClick={() => run(answer.keyword, answer.geo)}>
                <RotateCcwIcon aria-hidden="true" />
                {t("app.tryAgain")}
              </Button>
            )}
          </AlertDescription>
        </Alert>
      )}

      {status === "done" && data && outcome && (
        <div className="grid gap-6" data-testid="analysis-result">
          {data.isFallback && (
            <Alert variant="warning" data-testid="limited-data">
              <AlertTriangleIcon aria-hidden="true" />
              <AlertTitle>{t("advanced.limited.title")}</AlertTitle>
              <AlertDescription>
                {data.fallbackReason && <p className="font-medium">{data.fallbackReason}</p>}
                <p>{t("advanced.limited.description")}</p>
              </AlertDescription>
            </Alert>
          )}
          <StatCards data={data} />
          <ResultSection
            title={t("advanced.chart.title")}
            icon={<BarChart3Icon className="size-4 text-muted-foreground" aria-hidden="true" />}
            badge={data.source !== "serpapi" ? <SampleBadge testId="chart-sample-badge" /> : undefined}
            testId="section-interest"
          >
            <div className="grid gap-6">
              <InterestChart key={`${data.keyword}|${data.geo}|${data.lastUpdated}`} keyword={data.keyword} points={data.timelineData} average={data.statistics.averageInterest} />
              <dl className="grid grid-cols-3 gap-4 rounded-lg bg-muted/50 p-4 text-center">
                {[
                  [t("advanced.chart.peak"), data.statistics.maxInterest, "chart-peak"],
                  [t("advanced.chart.average"), Math.round(data.statistics.averageInterest), "chart-average"],
                  [t("advanced.chart.points"), data.statistics.totalDataPoints, "chart-points"],
                ].map(([label, value, id]) => (
                  <div key={id} className="grid gap-1" data-testid={id}>
                    <dt className="text-xs text-muted-foreground">{label}</dt>
                    <dd className="text-xl font-semibold tabular-nums">{value}</dd>
                  </div>
                ))}
              </dl>
            </div>
          </ResultSection>
          <ResultSection
            title={t("volume.advanced.title")}
            icon={<CalendarRangeIcon className="size-4 text-muted-foreground" aria-hidden="true" />}
            badge={data.searchVolumes?.status === "live" && data.searchVolumes.source ? <ProviderBadge label={data.searchVolumes.source} testId="monthly-provider-badge" /> : undefined}
            testId="section-monthly"
          >
            <MonthlySearches volumes={data.searchVolumes} />
          </ResultSection>
          <ResultSection
            title={t("advanced.related.title")}
            icon={<ListIcon className="size-4 text-muted-foreground" aria-hidden="true" />}
            badge={data.source !== "serpapi" ? <SampleBadge testId="related-sample-badge" /> : undefined}
            testId="section-related"
          >
            <RelatedQueries top={data.relatedQueries?.top ?? []} rising={data.relatedQueries?.rising ?? []} geo={answer?.geo ?? geo} onPick={pick} />
          </ResultSection>
          <ResultSection title={t("advanced.details.title")} icon={<InfoIcon className="size-4 text-muted-foreground" aria-hidden="true" />} testId="section-details">
            <AnalysisDetails data={data} processingTimeMs={outcome.processingTimeMs} />
          </ResultSection>
          <Alert role="note" data-testid="normalised-note">
            <InfoIcon aria-hidden="true" />
            <AlertDescription>
              <p>{t("advanced.note.normalised")}</p>
              {data.fromCache && <p data-testid="cache-note">{t("advanced.note.cached")}</p>}
            </AlertDescription>
          </Alert>
        </div>
      )}
    </div>
  );
}
