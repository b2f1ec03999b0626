import { GreetingLine } from "~/components/dashboard/greeting-line";
import { OnboardingChecklist } from "~/components/dashboard/onboarding-checklist";
import { QuickActions } from "~/components/dashboard/quick-actions";
import { TipsCarousel } from "~/components/dashboard/tips-carousel";
import { PageHeader } from "~/components/page-header";
import { useT } from "~/lib/i18n";
import { useOnboarding, useWelcome } from "~/lib/onboarding";
import type { Route } from "./+types/dashboard";
import { metaText, type I18nHandle } from "~/lib/i18n/route";
import * as dashboardStrings from "~/lib/i18n/catalog/dashboard";

/** The catalogues this screen's components read (the root hands them to the provider). */
export const handle = { i18n: [dashboardStrings] } satisfies I18nHandle;

export function meta({ matches }: Route.MetaArgs) {
  return [{ title: metaText(matches, "dashboard.metaTitle") }];
}

export default function Dashboard() {
  const t = useT();
  const onboarding = useOnboarding();
  // 'Welcome' for an account the dashboard has never greeted, 'Welcome back' afterwards; blank until known.
  const welcome = useWelcome(onboarding.data);
  const title = welcome === "first" ? t("dashboard.titleFirst") : welcome === "back" || onboarding.isError ? t("dashboard.title") : "\u00a0";
  return (
    <>
      <PageHeader title={title} description={<GreetingLine />} />
      <div className="grid gap-8">
        <QuickActions />
        <div className="grid gap-6 lg:grid-cols-[1.25fr_1fr]">
          <OnboardingChecklist />
          <TipsCarousel />
        </div>
      </div>
    </>
  );
}
