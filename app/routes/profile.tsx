import { AlertCircleIcon, CheckCircle2Icon, RotateCwIcon } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { useRevalidator, useSearchParams } from "react-router";
import type { BillingStatus } from "../../schema/api/billing";
import { PLAN_DAILY_LIMITS } from "../../schema/api/plans";
import { PageHeader } from "~/components/page-header";
import { AccountOverviewCard } from "~/components/profile/account-overview-card";
import { PersonalInfoCard } from "~/components/profile/personal-info-card";
import { PlansSection } from "~/components/profile/plans-card";
import { PreferencesCard } from "~/components/profile/preferences-card";
import { SecurityCard } from "~/components/profile/security-card";
import { Alert, AlertDescription, AlertTitle } from "~/components/ui/alert";
import { Button } from "~/components/ui/button";
import { useT } from "~/lib/i18n";
import { loadProfileScreen, profileAction, type ProfileScreenData } from "~/lib/profile.server";
import type { Route } from "./+types/profile";
import { metaText, type I18nHandle } from "~/lib/i18n/route";
import * as profileStrings from "~/lib/i18n/catalog/profile";
import * as plansStrings from "~/lib/i18n/catalog/plans";
import * as authStrings from "~/lib/i18n/catalog/auth";

/** The catalogues this screen's components read (the root hands them to the provider). */
export const handle = { i18n: [authStrings, profileStrings, plansStrings] } satisfies I18nHandle;
export { RouteErrorBoundary as ErrorBoundary } from "~/components/route-error-boundary";

export function meta({ matches }: Route.MetaArgs) {
  return [{ title: metaText(matches, "profile.metaTitle") }];
}

/**
 * The profile, today's use of every feature and the plan's billing status, read at the edge as the
 * session's user (decision 0046), so the first HTML shows the seller's name, e-mail, plan and usage.
 */
export function loader({ request, context }: Route.LoaderArgs): Promise<ProfileScreenData> {
  return loadProfileScreen(request, context);
}

/**
 * The screen's writes (intent: personal, preferences, password, checkout, portal) and the account's
 * small writes other screens send here (resend-verification, welcomed, onboarding-steps; decision 0051).
 * The loaders read again after each, the app layout's account data included, so the shell shows the change.
 */
export function action({ request, context }: Route.ActionArgs) {
  return profileAction(request, context);
}

/** How often, and how many times, the screen asks again after Stripe sent the seller back (about 40 s in all). */
const CONFIRM_POLL_MS = 2000;
const CONFIRM_POLLS = 20;

/**
 * The notice after Stripe Checkout sends the seller back (?billing=success|cancelled). The plan changes
 * only when Stripe's webhook arrives, so on success the screen re-reads the billing status until it
 * says Premium, then re-reads the account data so every quota shows the new limits.
 */
function CheckoutReturnNotice({ billing }: { billing: BillingStatus | null }) {
  const t = useT();
  const [params] = useSearchParams();
  const outcome = params.get("billing");
  const revalidator = useRevalidator();
  const [polls, setPolls] = useState(0);
  const premium = billing?.plan === "premium";
  const announced = useRef(false);

  useEffect(() => {
    if (outcome !== "success") return;
    if (premium) {
      if (!announced.current) {
        announced.current = true;
        void revalidator.revalidate();
      }
      return;
    }
    if (polls >= CONFIRM_POLLS || revalidator.state !== "idle") return;
    const timer = setTimeout(() => {
      setPolls((n) => n + 1);
      void revalidator.revalidate();
    }, CONFIRM_POLL_MS);
    return () => clearTimeout(timer);
  }, [outcome, premium, polls, revalidator]);

  if (outcome !== "success" && outcome !== "cancelled") return null;
  const body =
    outcome === "cancelled"
      ? t("billing.returned.cancelled.body")
      : premium
        ? t("billing.returned.success.done", { n: PLAN_DAILY_LIMITS.premium })
        : polls >= CONFIRM_POLLS
          ? t("billing.returned.success.slow")
          : t("billing.returned.success.waiting");
  return (
    <Alert className="mb-6 max-w-3xl" data-testid={`billing-returned-${outcome}`} aria-live="polite">
      <CheckCircle2Icon aria-hidden="true" />
      <AlertTitle>{t(outcome === "success" ? "billing.returned.success.title" : "billing.returned.cancelled.title")}</AlertTitle>
      <AlertDescription data-testid="billing-returned-body">{body}</AlertDescription>
    </Alert>
  );
}

export default function ProfileSettings({ loaderData }: Route.ComponentProps) {
  const t = useT();
  const revalidator = useRevalidator();
  const { profile, profileError, usage, billing } = loaderData;
  const retrying = revalidator.state === "loading";

  return (
    <>
      <PageHeader title={t("profile.title")} description={t("profile.description")} />
      <CheckoutReturnNotice billing={billing} />
      {!profile ? (
        <Alert variant="destructive" className="max-w-2xl" data-testid="profile-error">
          <AlertCircleIcon aria-hidden="true" />
          <AlertTitle>{t("profile.loadError.title")}</AlertTitle>
          <AlertDescription className="grid gap-3">
            <p>{profileError || t("profile.loadError.fallback")}</p>
            <Button type="button" variant="outline" className="w-fit" onClick={() => void revalidator.revalidate()} disabled={retrying}>
              <RotateCwIcon aria-hidden="true" className={retrying ? "animate-spin" : undefined} />
              {t("app.tryAgain")}
            </Button>
          </AlertDescription>
        </Alert>
      ) : (
        <div className="grid items-start gap-6 lg:grid-cols-2" data-testid="profile-loaded">
          <div className="grid gap-6">
            <PersonalInfoCard profile={profile} />
            <PreferencesCard profile={profile} />
          </div>
          <div className="grid gap-6">
            <AccountOverviewCard profile={profile} usage={usage} />
            <SecurityCard />
          </div>
          <PlansSection currentPlan={billing?.plan ?? profile.plan} email={profile.email} billing={billing} className="lg:col-span-2" />
        </div>
      )}
    </>
  );
}
