import { MinusIcon, TrendingDownIcon, TrendingUpIcon } from "lucide-react";
import type { SuggestionTrend } from "../../../schema/api/keywords";
import { Badge } from "~/components/ui/badge";
import { competitionBadgeVariant, competitionLevel } from "~/lib/competition";
import { useT } from "~/lib/i18n";
import { cn } from "~/lib/utils";

/** The Competition badge: the SPEC §5 label of a 0..1 score, coloured by how crowded it is. */
export function CompetitionBadge({ score, className }: { score: number; className?: string }) {
  const t = useT();
  const level = competitionLevel(score);
  return (
    <Badge variant={competitionBadgeVariant(level)} className={className} title={t("seo.table.competitionValue", { value: score.toFixed(2) })} data-level={level}>
      {t(`seo.competition.${level}`)}
    </Badge>
  );
}

const trendIcons = { increasing: TrendingUpIcon, declining: TrendingDownIcon, stable: MinusIcon } as const;
const trendColours = { increasing: "text-success", declining: "text-destructive", stable: "text-muted-foreground" } as const;

/** Trend icon and label; on a phone the label collapses to the icon but stays readable to screen readers. */
export function TrendIndicator({ trend, compact = false }: { trend: SuggestionTrend; compact?: boolean }) {
  const t = useT();
  const Icon = trendIcons[trend];
  return (
    <span className="inline-flex items-center gap-1.5 text-sm">
      <Icon className={cn("size-4", trendColours[trend])} aria-hidden="true" />
      <span className={cn(compact && "sr-only sm:not-sr-only")}>{t(`seo.trend.${trend}`)}</span>
    </span>
  );
}

/** Popularity as a bar plus the number; the bar hides on a phone, the number stays. */
export function PopularityCell({ value }: { value: number }) {
  const t = useT();
  return (
    <div className="flex items-center gap-2" title={t("seo.table.popularityValue", { value })}>
      <div className="hidden h-2 w-20 overflow-hidden rounded-full bg-muted sm:block" aria-hidden="true">
        <div className="h-full rounded-full bg-primary" style={{ width: `${value}%` }} />
      </div>
      <span className="w-7 text-right font-medium tabular-nums sm:text-sm">{value}</span>
    </div>
  );
}
