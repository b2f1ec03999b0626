import { GaugeIcon } from "lucide-react";
import { Badge } from "~/components/ui/badge";
import { Card, CardContent } from "~/components/ui/card";
import { Progress } from "~/components/ui/progress";
import { Skeleton } from "~/components/ui/skeleton";
import { useT } from "~/lib/i18n";
import { useQuota, type QuotaFeature } from "~/lib/quota";
import { cn } from "~/lib/utils";

/**
 * The daily-usage card of every AI screen: plan badge, progress bar, 'used/limit used', remaining.
 * Screens call useRefreshQuota()(feature) after each successful use.
 */
export function UsageCard({ feature, className }: { feature: QuotaFeature; className?: string }) {
  const t = useT();
  const { data, isPending, isError } = useQuota(feature);
  const percent = data ? Math.min(100, Math.round((data.used / Math.max(1, data.limit)) * 100)) : 0;
  const exhausted = data ? data.remaining <= 0 : false;
  return (
    <Card className={cn("gap-0 py-4", className)} data-testid={`usage-card-${feature}`}>
      <CardContent className="grid gap-3 px-4 sm:px-5">
        <div className="flex items-center justify-between gap-3">
          <div className="flex items-center gap-2 text-sm font-medium">
            <GaugeIcon className="size-4 text-muted-foreground" aria-hidden="true" />
            {t(`usage.feature.${feature}`)}
          </div>
          {isPending ? (
            <Skeleton className="h-5 w-24" />
          ) : data ? (
            <Badge variant={data.plan === "premium" ? "default" : "secondary"} data-testid="usage-plan">
              {data.plan === "premium" ? t("usage.plan.premium") : t("usage.plan.free")}
            </Badge>
          ) : null}
        </div>
        {isPending ? (
          <div className="grid gap-2" aria-busy="true">
            <Skeleton className="h-2 w-full" />
            <Skeleton className="h-4 w-40" />
          </div>
        ) : isError || !data ? (
          <p className="text-sm text-muted-foreground">{t("usage.unavailable")}</p>
        ) : (
          <>
            <Progress value={percent} aria-label={t("usage.used", { used: data.used, limit: data.limit })} className={cn(exhausted && "[&>[data-slot=progress-indicator]]:bg-destructive")} />
            <div className="flex flex-wrap items-center justify-between gap-x-4 gap-y-1 text-sm" aria-live="polite">
              <span className="font-medium tabular-nums" data-testid="usage-used">
                {t("usage.used", { used: data.used, limit: data.limit })}
              </span>
              <span className={cn("tabular-nums text-muted-foreground", exhausted && "text-destructive")} data-testid="usage-remaining">
                {t("usage.remaining", { remaining: data.remaining })}
              </span>
            </div>
          </>
        )}
      </CardContent>
    </Card>
  );
}
