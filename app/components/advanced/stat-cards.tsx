import { ActivityIcon, BarChart3Icon, MinusIcon, SearchIcon, SwordsIcon, TrendingDownIcon, TrendingUpIcon } from "lucide-react";
import type { ReactNode } from "react";
import type { AdvancedAnalysis } from "../../../schema/api/keywords";
import { Badge } from "~/components/ui/badge";
import { Card } from "~/components/ui/card";
import { competitionBadgeVariant } from "~/lib/competition";
import { useI18n } from "~/lib/i18n";
import { cn } from "~/lib/utils";
import { SampleBadge } from "~/components/keywords/source-badge";

/** One figure: its label, the number, a hint, and where the number came from (a sample badge or the provider). */
function Stat({ label, icon, children, hint, source, testId }: { label: string; icon: ReactNode; children: ReactNode; hint?: ReactNode; source: ReactNode; testId: string }) {
  return (
    <Card className="gap-2 p-4 sm:p-5" data-testid={testId}>
      <div className="flex items-center justify-between gap-2 text-sm text-muted-foreground">
        <span>{label}</span>
        {icon}
      </div>
      <div className="text-2xl font-semibold tracking-tight">{children}</div>
      {hint && <div className="text-xs text-muted-foreground">{hint}</div>}
      <div className="mt-auto pt-1 text-xs text-muted-foreground" data-testid="stat-source">
        {source}
      </div>
    </Card>
  );
}

const trendIcon = { rising: TrendingUpIcon, declining: TrendingDownIcon, stable: MinusIcon } as const;
const trendColour = { rising: "text-success", declining: "text-destructive", stable: "text-muted-foreground" } as const;

/**
 * The four stat cards: Trend, Avg Interest, Competition badge, Search Volume. Each names its source;
 * figures of the offline sample engine carry the sample badge, and the sample engine gives no search
 * volume at all (it has no search counts to estimate from).
 */
export function StatCards({ data }: { data: AdvancedAnalysis }) {
  const { t, language } = useI18n();
  const trendsSample = data.source !== "serpapi";
  const competitionSample = data.competitionSource !== "etsy";
  const trendsSource = trendsSample ? <SampleBadge /> : t("advanced.stats.sourceTrends");
  const competitionSource = competitionSample ? <SampleBadge /> : t("advanced.stats.sourceEtsy");
  const trend = (["rising", "declining"] as const).find((x) => x === data.statistics.trend) ?? "stable";
  const TrendIcon = trendIcon[trend];
  const number = new Intl.NumberFormat(language === "tr" ? "tr-TR" : "en-US");
  const compact = new Intl.NumberFormat(language === "tr" ? "tr-TR" : "en-US", { notation: "compact", maximumFractionDigits: 1 });
  return (
    <div className="grid grid-cols-2 gap-4 lg:grid-cols-4">
      <Stat label={t("advanced.stats.trend")} icon={<ActivityIcon className="size-4" aria-hidden="true" />} source={trendsSource} testId="stat-trend">
        <span className={cn("inline-flex items-center gap-2", trendColour[trend])}>
          <TrendIcon className="size-6" aria-hidden="true" />
          <span className="text-foreground">{t(`advanced.trend.${trend}`)}</span>
        </span>
      </Stat>
      <Stat label={t("advanced.stats.avgInterest")} icon={<BarChart3Icon className="size-4" aria-hidden="true" />} hint={t("advanced.stats.outOf100")} source={trendsSource} testId="stat-average">
        <span className="tabular-nums">{Math.round(data.statistics.averageInterest)}</span>
      </Stat>
      <Stat
        label={t("advanced.stats.competition")}
        icon={<SwordsIcon className="size-4" aria-hidden="true" />}
        hint={
          data.activeListings !== null && data.activeListings !== undefined
            ? t("advanced.stats.activeListings", { count: number.format(data.activeListings) })
            : t("advanced.stats.score", { score: Number(data.competitionScore ?? 0).toFixed(2) })
        }
        source={competitionSource}
        testId="stat-competition"
      >
        <Badge variant={competitionBadgeVariant(data.competitionLevel)} className="px-2.5 py-1 text-sm">
          {t(`seo.competition.${data.competitionLevel}`)}
        </Badge>
      </Stat>
      {data.searchVolumes?.status === "live" && data.searchVolumes.source && data.searchVolumes.searchVolume !== null ? (
        // A measured figure wins over any estimate (decision 0019).
        <Stat
          label={t("advanced.stats.searchVolume")}
          icon={<SearchIcon className="size-4" aria-hidden="true" />}
          hint={t("volume.advanced.measuredHint")}
          source={data.searchVolumes.source}
          testId="stat-volume"
        >
          <span className="tabular-nums" title={number.format(data.searchVolumes.searchVolume)} data-testid="stat-volume-measured">
            {compact.format(data.searchVolumes.searchVolume)}
          </span>
        </Stat>
      ) : trendsSample ? (
        <Stat
          label={t("advanced.stats.searchVolume")}
          icon={<SearchIcon className="size-4" aria-hidden="true" />}
          hint={t("advanced.stats.volumeOffline")}
          source={<SampleBadge />}
          testId="stat-volume"
        >
          <span className="text-muted-foreground" aria-label={t("advanced.stats.volumeNone")}>
            —
          </span>
        </Stat>
      ) : (
        <Stat
          label={t("advanced.stats.searchVolume")}
          icon={<SearchIcon className="size-4" aria-hidden="true" />}
          hint={t("advanced.stats.perMonth")}
          source={t("advanced.stats.sourceVolume")}
          testId="stat-volume"
        >
          <span className="tabular-nums" title={number.format(data.estimatedSearchVolume)}>
            ~{compact.format(data.estimatedSearchVolume)}
          </span>
        </Stat>
      )}
    </div>
  );
}
