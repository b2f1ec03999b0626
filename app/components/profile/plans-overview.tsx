import { AlertTriangleIcon, CheckIcon, CrownIcon, MailQuestionIcon } from "lucide-react";
import { useEffect, useRef, type ReactNode } from "react";
import type { BillingStatus } from "../../../schema/api/billing";
import { PLAN_DAILY_LIMITS, PLAN_FEATURES, PLAN_NAMES, type PlanName } from "../../../schema/api/plans";
import { STORAGE_PLANS, formatBytes } from "../../../schema/api/storage";
import { badgeVariants } from "~/components/ui/badge-variants";
import { useI18n } from "~/lib/i18n";
import { clsx } from "clsx";

/**
 * What Free and Premium give (the daily limits of the quota code) and how Premium is obtained: through
 * Stripe Checkout when the installation sells it (decision 0036), else by the administrator (decision
 * 0016). On /profile#plans (PlansSection: with the seller's billing status and its buttons) and the landing
 * page (without, so the landing page ships no billing client).
 */
export function PlansOverview({
  currentPlan,
  email,
  billing,
  className,
  billingActions,
}: {
  currentPlan?: string | null;
  email?: string | null;
  billing?: BillingStatus | null;
  className?: string;
  /** The Checkout and portal buttons for a billing status (only where a seller is signed in). */
  billingActions?: (billing: BillingStatus) => ReactNode;
}) {
  const { t, language } = useI18n();
  const ref = useRef<HTMLElement>(null);
  const current: PlanName | null = currentPlan === undefined || currentPlan === null ? null : currentPlan === "premium" ? "premium" : "free";

  // Arriving at #plans after the page's data loaded: the browser could not scroll to it earlier.
  useEffect(() => {
    if (window.location.hash === "#plans") ref.current?.scrollIntoView({ block: "start" });
  }, []);

  return (
    <section id="plans" ref={ref} aria-labelledby="plans-title" className={clsx("grid min-w-0 scroll-mt-20 gap-4", className)} data-testid="plans-section">
      <div className="grid gap-1">
        <h2 id="plans-title" className="text-xl font-semibold tracking-tight">
          {t("plans.title")}
        </h2>
        <p className="text-sm text-muted-foreground">{t("plans.subtitle")}</p>
      </div>
      <div className="grid gap-4 md:grid-cols-2">
        {PLAN_NAMES.map((plan) => {
          const mine = current === plan;
          return (
            <div
              key={plan}
              className={clsx("grid content-start gap-4 rounded-xl border bg-card p-5 text-card-foreground shadow-xs", mine && "border-primary ring-1 ring-primary/40")}
              data-testid={`plan-${plan}`}
            >
              <div className="flex flex-wrap items-start justify-between gap-2">
                <div>
                  <h3 className="flex items-center gap-2 text-lg font-semibold">
                    {plan === "premium" && <CrownIcon className="size-4 text-primary" aria-hidden="true" />}
                    {t(`plans.${plan}.name`)}
                  </h3>
                  <p className="text-sm text-muted-foreground">{t(`plans.${plan}.tagline`)}</p>
                </div>
                {mine && (
                  <span data-slot="badge" data-variant="default" className={badgeVariants()} data-testid="plan-current">
                    {t("plans.current")}
                  </span>
                )}
              </div>
              <ul className="grid gap-2 text-sm">
                {PLAN_FEATURES.map((feature) => (
                  <li key={feature} className="flex items-start justify-between gap-3 border-b pb-2 last:border-0 last:pb-0" data-testid={`plan-${plan}-${feature}`}>
                    <span className="flex items-start gap-2">
                      <CheckIcon className="mt-0.5 size-4 shrink-0 text-primary" aria-hidden="true" />
                      {t(`plans.feature.${feature}`)}
                    </span>
                    <span className="shrink-0 font-medium tabular-nums">{t("plans.perDay", { n: PLAN_DAILY_LIMITS[plan] })}</span>
                  </li>
                ))}
                <li className="flex items-start justify-between gap-3 border-b pb-2 last:border-0 last:pb-0" data-testid={`plan-${plan}-storage`}>
                  <span className="flex items-start gap-2">
                    <CheckIcon className="mt-0.5 size-4 shrink-0 text-primary" aria-hidden="true" />
                    {t("plans.storage")}
                  </span>
                  <span className="shrink-0 font-medium tabular-nums">{formatBytes(STORAGE_PLANS[plan].bytes)}</span>
                </li>
                <li className="flex items-start justify-between gap-3 border-b pb-2 last:border-0 last:pb-0" data-testid={`plan-${plan}-listings`}>
                  <span className="flex items-start gap-2">
                    <CheckIcon className="mt-0.5 size-4 shrink-0 text-primary" aria-hidden="true" />
                    {t("plans.savedListings")}
                  </span>
                  <span className="shrink-0 font-medium tabular-nums">{new Intl.NumberFormat(language === "tr" ? "tr-TR" : "en-US").format(STORAGE_PLANS[plan].listings)}</span>
                </li>
              </ul>
            </div>
          );
        })}
      </div>
      {billing?.pastDue && (
        <p className="flex items-start gap-2 rounded-lg border border-amber-500/40 bg-amber-500/10 p-4 text-sm text-amber-900 dark:text-amber-200" role="alert" data-testid="plans-past-due">
          <AlertTriangleIcon className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
          {t("billing.pastDue")}
        </p>
      )}
      {current === "premium" ? (
        <div className="grid gap-3 rounded-lg bg-primary/10 p-4" data-testid="plans-premium-active">
          <p className="flex items-center gap-2 text-sm font-medium text-primary">
            <CrownIcon className="size-4 shrink-0" aria-hidden="true" />
            {t("plans.premiumActive", { n: PLAN_DAILY_LIMITS.premium })}
          </p>
          {billing && billingActions?.(billing)}
        </div>
      ) : billing?.available ? (
        billingActions?.(billing)
      ) : (
        <div className="flex items-start gap-3 rounded-lg border border-dashed p-4" data-testid="plans-how">
          <MailQuestionIcon className="mt-0.5 size-5 shrink-0 text-primary" aria-hidden="true" />
          <div className="grid min-w-0 gap-1">
            <h3 className="text-sm font-semibold">{t("plans.howTitle")}</h3>
            <p className="text-sm [overflow-wrap:anywhere] text-muted-foreground">{email ? t("plans.howBody", { email }) : t("plans.howBodyAnonymous")}</p>
            {billing && (
              <p className="text-xs text-muted-foreground" data-testid="plans-billing-off">
                {t("billing.off")}
              </p>
            )}
          </div>
        </div>
      )}
    </section>
  );
}
