import { LightbulbIcon } from "lucide-react";
import type { AdvancedAnalysis } from "../../../schema/api/keywords";
import { Badge } from "~/components/ui/badge";
import { useI18n } from "~/lib/i18n";
import { formatDateTime } from "~/components/keywords/keyword-results";
import { SampleBadge } from "~/components/keywords/source-badge";
import { analysisProvider, providerLabelKey } from "./provider-labels";

/**
 * Analysis Details: keyword, region, source, provider, last updated, market insights. The source is
 * 'Cached' or 'Live' only for a real provider's figures; sample-engine figures say so (never green).
 */
export function AnalysisDetails({ data, processingTimeMs }: { data: AdvancedAnalysis; processingTimeMs: number | null }) {
  const { t, language } = useI18n();
  const rows: [string, React.ReactNode, string][] = [
    [t("advanced.details.keyword"), <span className="font-medium">{data.keyword}</span>, "detail-keyword"],
    [t("advanced.details.region"), t(`advanced.region.${data.geo}`), "detail-region"],
    [
      t("advanced.details.source"),
      <span className="inline-flex flex-wrap items-center justify-end gap-1.5">
        {data.source !== "serpapi" && <SampleBadge testId="detail-sample-badge" />}
        {data.fromCache ? <Badge variant="secondary">{t("advanced.details.cached")}</Badge> : data.source === "serpapi" ? <Badge variant="outline">{t("advanced.details.live")}</Badge> : null}
      </span>,
      "detail-source",
    ],
    [t("advanced.details.provider"), t(providerLabelKey(analysisProvider(data))), "detail-provider"],
    [t("advanced.details.updated"), formatDateTime(data.lastUpdated, language), "detail-updated"],
  ];
  if (processingTimeMs !== null) rows.push([t("advanced.details.processing"), `${processingTimeMs} ms`, "detail-time"]);
  return (
    <div className="grid gap-6 lg:grid-cols-[minmax(0,2fr)_minmax(0,3fr)]">
      <dl className="grid content-start gap-3 text-sm">
        {rows.map(([label, value, id]) => (
          <div key={id} className="flex flex-wrap items-center justify-between gap-x-4 gap-y-1 border-b pb-3 last:border-0" data-testid={id}>
            <dt className="text-muted-foreground">{label}</dt>
            <dd className="text-right">{value}</dd>
          </div>
        ))}
      </dl>
      <section className="grid content-start gap-3">
        <h3 className="text-sm font-semibold">{t("advanced.details.insights")}</h3>
        {data.marketInsights.length === 0 ? (
          <p className="text-sm text-muted-foreground">{t("advanced.details.noInsights")}</p>
        ) : (
          <ul className="grid gap-2" data-testid="market-insights">
            {data.marketInsights.map((insight, i) => (
              <li key={i} className="flex gap-2 rounded-md bg-muted/50 p-3 text-sm">
                <LightbulbIcon className="mt-0.5 size-4 shrink-0 text-primary" aria-hidden="true" />
                <span>{insight}</span>
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}
