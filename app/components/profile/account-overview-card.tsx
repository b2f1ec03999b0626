import { CrownIcon, GaugeIcon, RocketIcon } from "lucide-react";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { Progress } from "~/components/ui/progress";
import { Skeleton } from "~/components/ui/skeleton";
import { useT } from "~/lib/i18n";
import type { QuotaFeature, UsageByFeature } from "~/lib/api/quota";
import type { ProfileResponse } from "~/lib/profile";
import { cn } from "~/lib/utils";
import { FEATURES } from "../../../schema/api/quota";

const USAGE_FEATURES: readonly QuotaFeature[] = FEATURES;

/** `usage` is today's use of every feature (GET /api/usage, read by the profile screen's loader); null when it could not be read. */
export function AccountOverviewCard({ profile, usage }: { profile: ProfileResponse; usage: UsageByFeature | null | undefined }) {
  const t = useT();
  const premium = profile.plan === "premium";
  return (
    <Card data-testid="account-card">
      <CardHeader>
        <CardTitle className="flex items-center gap-2 text-lg">
          <GaugeIcon className="size-5 text-primary" aria-hidden="true" />
          {t("profile.account.title")}
        </CardTitle>
        <CardDescription>{t("profile.account.description")}</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-6">
        <div className="flex items-center justify-between gap-3">
          <span className="text-sm font-medium">{t("profile.account.plan")}</span>
          <Badge variant={premium ? "default" : "secondary"} className="px-3 py-1 text-sm" data-testid="plan-badge">
            {premium && <CrownIcon aria-hidden="true" />}
            {premium ? t("profile.account.plan.premium") : t("profile.account.plan.free")}
          </Badge>
        </div>
        <div className="grid gap-4">
          <div>
            <h3 className="text-sm font-semibold">{t("profile.account.usageTitle")}</h3>
            <p className="text-xs text-muted-foreground">{t("profile.account.usageHint")}</p>
          </div>
          {usage === undefined ? (
            <div className="grid gap-4" aria-busy="true">
              {USAGE_FEATURES.map((f) => (
                <div key={f} className="grid gap-2">
                  <Skeleton className="h-4 w-40" />
                  <Skeleton className="h-2 w-full" />
                </div>
              ))}
            </div>
          ) : usage === null ? (
            <p className="text-sm text-muted-foreground">{t("profile.account.usageUnavailable")}</p>
          ) : (
            <ul className="grid gap-4" data-testid="usage-list">
              {USAGE_FEATURES.map((feature) => {
                const row = usage[feature] ?? { used: 0, limit: premium ? 100 : 10 };
                const percent = Math.min(100, Math.round((row.used / Math.max(1, row.limit)) * 100));
                const label = t(`profile.account.usage.${feature}`);
                return (
                  <li key={feature} className="grid gap-1.5" data-testid={`usage-${feature}`}>
                    <div className="flex items-center justify-between text-sm">
                      <span>{label}</span>
                      <span className={cn("font-medium tabular-nums", row.used >= row.limit && "text-destructive")}>{t("profile.account.usageValue", { used: row.used, limit: row.limit })}</span>
                    </div>
                    <Progress value={percent} aria-label={`${label}: ${t("profile.account.usageValue", { used: row.used, limit: row.limit })}`} />
                  </li>
                );
              })}
            </ul>
          )}
        </div>
        {premium ? (
          <p className="flex items-center gap-2 rounded-lg bg-primary/10 p-4 text-sm font-medium text-primary">
            <CrownIcon className="size-4" aria-hidden="true" />
            {t("profile.account.premiumThanks")}
          </p>
        ) : (
          <div className="rounded-lg border border-primary/30 bg-gradient-to-br from-primary/10 to-transparent p-5" data-testid="upgrade-cta">
            <p className="flex items-center gap-2 font-semibold">
              <RocketIcon className="size-4 text-primary" aria-hidden="true" />
              {t("profile.account.upgradeTitle")}
            </p>
            <p className="mt-1 text-sm text-muted-foreground">{t("profile.account.upgradeBody")}</p>
            <Button asChild className="mt-4">
              <a href="#plans" data-testid="upgrade-see-plans">
                {t("profile.account.upgradeButton")}
              </a>
            </Button>
          </div>
        )}
      </CardContent>
    </Card>
  );
}
