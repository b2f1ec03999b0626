import { AlertCircleIcon, RotateCwIcon } from "lucide-react";
import { PageHeader } from "~/components/page-header";
import { AccountOverviewCard } from "~/components/profile/account-overview-card";
import { PersonalInfoCard } from "~/components/profile/personal-info-card";
import { PlansSection } from "~/components/profile/plans-card";
import { PreferencesCard } from "~/components/profile/preferences-card";
import { ProfileSkeleton } from "~/components/profile/profile-skeleton";
import { SecurityCard } from "~/components/profile/security-card";
import { Alert, AlertDescription, AlertTitle } from "~/components/ui/alert";
import { Button } from "~/components/ui/button";
import { ApiError } from "~/lib/api";
import { useT } from "~/lib/i18n";
import { useProfile } from "~/lib/profile";
import type { Route } from "./+types/profile";
import { metaText, type I18nHandle } from "~/lib/i18n/route";
import * as profileStrings from "~/lib/i18n/catalog/profile";
import * as plansStrings from "~/lib/i18n/catalog/plans";

/** The catalogues this screen's components read (the root hands them to the provider). */
export const handle = { i18n: [profileStrings, plansStrings] } satisfies I18nHandle;

export function meta({ matches }: Route.MetaArgs) {
  return [{ title: metaText(matches, "profile.metaTitle") }];
}

/** SPEC §8: the load error text is the server's userMessage, else the message, else a fixed sentence. */
export function profileLoadErrorText(error: unknown, fallback: string) {
  if (error instanceof ApiError && typeof error.body?.userMessage === "string" && error.body.userMessage) return error.body.userMessage;
  if (error instanceof Error && error.message) return error.message;
  return fallback;
}

export default function ProfileSettings() {
  const t = useT();
  const { data: profile, error, isError, refetch, isFetching } = useProfile();

  return (
    <>
      <PageHeader title={t("profile.title")} description={t("profile.description")} />
      {isError && !profile ? (
        <Alert variant="destructive" className="max-w-2xl" data-testid="profile-error">
          <AlertCircleIcon aria-hidden="true" />
          <AlertTitle>{t("profile.loadError.title")}</AlertTitle>
          <AlertDescription className="grid gap-3">
            <p>{profileLoadErrorText(error, t("profile.loadError.fallback"))}</p>
            <Button type="button" variant="outline" className="w-fit" onClick={() => void refetch()} disabled={isFetching}>
              <RotateCwIcon aria-hidden="true" className={isFetching ? "animate-spin" : undefined} />
              {t("app.tryAgain")}
            </Button>
          </AlertDescription>
        </Alert>
      ) : !profile ? (
        <ProfileSkeleton label={t("app.loading")} />
      ) : (
        <div className="grid items-start gap-6 lg:grid-cols-2" data-testid="profile-loaded">
          <div className="grid gap-6">
            <PersonalInfoCard profile={profile} />
            <PreferencesCard profile={profile} />
          </div>
          <div className="grid gap-6">
            <AccountOverviewCard profile={profile} />
            <SecurityCard />
          </div>
          <PlansSection currentPlan={profile.plan} email={profile.email} className="lg:col-span-2" />
        </div>
      )}
    </>
  );
}
