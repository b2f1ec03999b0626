import { GreetingLine } from "~/components/dashboard/greeting-line";
import { OnboardingChecklist } from "~/components/dashboard/onboarding-checklist";
import { QuickActions } from "~/components/dashboard/quick-actions";
import { TipsCarousel } from "~/components/dashboard/tips-carousel";
import { PageHeader } from "~/components/page-header";
import { dashboardAction, loadDashboard } from "~/lib/dashboard.server";
import { useT } from "~/lib/i18n";
import { useWelcome } from "~/lib/onboarding";
import type { Route } from "./+types/dashboard";
import { metaText, type I18nHandle } from "~/lib/i18n/route";
import * as dashboardStrings from "~/lib/i18n/catalog/dashboard";

/** The catalogues this screen's components read (the root hands them to the provider). */
export const handle = { i18n: [dashboardStrings] } satisfies I18nHandle;
export { RouteErrorBoundary as ErrorBoundary } from "~/components/route-error-boundary";

export function meta({ matches }: Route.MetaArgs) {
  return [{ title: metaText(matches, "dashboard.metaTitle") }];
}

/** On the server (decision 0049): the account's checklist and first-visit welcome, so the first HTML shows both. */
export async function loader({ request, context }: Route.LoaderArgs) {
  return loadDashboard(request, context);
}

/** Records the first welcome and checklist flags an older version left in the browser; the loader reads again after it. */
export async function action({ request, context }: Route.ActionArgs) {
  return dashboardAction(request, context);
}

export default function Dashboard({ loaderData }: Route.ComponentProps) {
  const t = useT();
  const { onboarding } = loaderData;
  // 'Welcome' for an account the dashboard has never greeted, 'Welcome back' afterwards (and on arrival, one record of both).
  const welcome = useWelcome(onboarding);
  const title = welcome === "first" ? t("dashboard.titleFirst") : t("dashboard.title");
  return (
    <>
      <PageHeader title={title} description={<GreetingLine />} />
      <div className="grid gap-8">
        <QuickActions />
        <div className="grid gap-6 lg:grid-cols-[1.25fr_1fr]">
          <OnboardingChecklist state={onboarding} />
          <TipsCarousel />
        </div>
      </div>
    </>
  );
}
