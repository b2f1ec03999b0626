import { GaugeIcon, OctagonAlertIcon } from "lucide-react";
import { Link } from "react-router";
import { Badge } from "~/components/ui/badge";
import { Card, CardContent } from "~/components/ui/card";
import { Progress } from "~/components/ui/progress";
import { useT } from "~/lib/i18n";
import { useQuota, type QuotaFeature, type QuotaView } from "~/lib/quota";
import { cn } from "~/lib/utils";

/**
 * The daily-usage card of every AI screen: plan badge, progress bar, 'used/limit used', remaining.
 * Screens call useRefreshQuota()(feature) after each successful use. At the limit it carries the
 * screen's one quota message, with 'See plans' (/profile#plans); the screen disables its action
 * (useQuotaExhausted) instead of repeating the message.
 */
export function UsageCard({
  feature,
  quota,
  className,
}: {
  feature: QuotaFeature;
  /** The quota the screen's own server loader read (so the first HTML shows it), or a newer one an answer carried; else the shell's. */
  quota?: QuotaView | null;
  className?: string;
}) {
  const t = useT();
  const shell = useQuota(feature);
  const data = quota ?? shell.data;
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
          {data && (
            <Badge variant={data.plan === "premium" ? "default" : "secondary"} data-testid="usage-plan">
              {data.plan === "premium" ? t("usage.plan.premium") : t("usage.plan.free")}
            </Badge>
          )}
        </div>
        {!data ? (
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
            {exhausted && (
              <div role="status" className="flex items-start gap-2.5 rounded-lg border border-destructive/40 bg-destructive/5 p-3 text-sm" data-testid="quota-exhausted">
                <OctagonAlertIcon className="mt-0.5 size-4 shrink-0 text-destructive" aria-hidden="true" />
                <div className="grid gap-1.5">
                  <p className="font-medium">{t("quota.exhausted.title")}</p>
                  <p className="text-muted-foreground">{t("quota.exhausted.body", { limit: data.limit, feature: t(`quota.feature.${feature}`) })}</p>
                  <Link to="/profile#plans" className="w-fit font-medium text-primary underline-offset-4 hover:underline" data-testid="see-plans">
                    {t("quota.exhausted.seePlans")}
                  </Link>
                </div>
              </div>
            )}
          </>
        )}
      </CardContent>
    </Card>
  );
}
