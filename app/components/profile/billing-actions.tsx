import { CreditCardIcon, CrownIcon, ExternalLinkIcon } from "lucide-react";
import { useFetcher } from "react-router";
import type { BillingStatus } from "../../../schema/api/billing";
import { PLAN_DAILY_LIMITS } from "../../../schema/api/plans";
import { Button } from "~/components/ui/button";
import { Spinner } from "~/components/ui/spinner";
import { useI18n } from "~/lib/i18n";
import { refusedChangeText } from "~/lib/profile";
import type { ProfileActionAnswer } from "~/lib/profile.server";

const formatDay = (iso: string | null, language: string) => {
  if (!iso) return "";
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? "" : new Intl.DateTimeFormat(language === "tr" ? "tr-TR" : "en-US", { dateStyle: "long" }).format(date);
};

/**
 * Buying and managing Premium through Stripe (decision 0036): "Upgrade to Premium" opens Stripe
 * Checkout, "Manage billing" Stripe's customer portal; each is a form the profile route's action
 * answers with a redirect to Stripe (it works before the page's JavaScript has loaded). The plan itself changes only when Stripe's
 * webhook says so, never from this screen.
 */
export function BillingActions({ billing }: { billing: BillingStatus }) {
  const { t, language } = useI18n();
  const stripe = useFetcher<ProfileActionAnswer>();
  // The button stays busy until the browser has left for Stripe's page.
  const pending = stripe.state === "idle" ? null : stripe.formData?.get("intent") === "portal" ? "portal" : "checkout";
  const error = stripe.state === "idle" && stripe.data && !stripe.data.ok ? refusedChangeText(stripe.data, t) : null;

  const subscription = billing.subscription;
  const day = formatDay(subscription?.currentPeriodEnd ?? null, language);
  const premium = billing.plan === "premium";
  let line: string | null = null;
  if (premium && subscription && day) line = subscription.cancelAtPeriodEnd ? t("billing.endsOn", { date: day }) : t("billing.renewsOn", { date: day });
  else if (!premium && subscription && (subscription.status === "canceled" || subscription.status === "unpaid") && day) line = t("billing.endedOn", { date: day });

  return (
    <div className="grid gap-3" data-testid="billing-actions">
      {line && (
        <p className="text-sm text-muted-foreground" data-testid="billing-period">
          {line}
        </p>
      )}
      {!premium && billing.available && (
        <div className="flex flex-col gap-3 rounded-lg border border-primary/30 bg-gradient-to-br from-primary/10 to-transparent p-4 sm:flex-row sm:items-center">
          <div className="grid min-w-0 flex-1 gap-1">
            <p className="flex items-center gap-2 text-sm font-semibold">
              <CrownIcon className="size-4 shrink-0 text-primary" aria-hidden="true" />
              {t("billing.upgradeTitle", { n: PLAN_DAILY_LIMITS.premium })}
            </p>
            <p className="text-xs text-muted-foreground">{t("billing.upgradeBody")}</p>
          </div>
          <stripe.Form method="post" className="w-full sm:w-auto">
            <Button type="submit" name="intent" value="checkout" className="w-full sm:w-auto" disabled={pending !== null} data-testid="billing-upgrade">
              {pending === "checkout" ? <Spinner aria-label={t("billing.opening")} /> : <CreditCardIcon aria-hidden="true" />}
              {pending === "checkout" ? t("billing.opening") : t("billing.upgrade")}
            </Button>
          </stripe.Form>
        </div>
      )}
      {premium && billing.available && billing.canManage && (
        <stripe.Form method="post" className="w-fit">
          <Button type="submit" name="intent" value="portal" variant="outline" disabled={pending !== null} data-testid="billing-manage">
            {pending === "portal" ? <Spinner aria-label={t("billing.opening")} /> : <ExternalLinkIcon aria-hidden="true" />}
            {t("billing.manage")}
          </Button>
        </stripe.Form>
      )}
      {error && (
        <p className="text-sm text-destructive" role="alert" data-testid="billing-error">
          {error}
        </p>
      )}
    </div>
  );
}
