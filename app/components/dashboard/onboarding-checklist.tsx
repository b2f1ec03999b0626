import { CheckIcon, PartyPopperIcon } from "lucide-react";
import { Link, useRevalidator } from "react-router";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { Progress } from "~/components/ui/progress";
import { Skeleton } from "~/components/ui/skeleton";
import { useT } from "~/lib/i18n";
import { ONBOARDING_STEPS, onboardingProgress, useOnboarding, type OnboardingStep } from "~/lib/onboarding";
import { cn } from "~/lib/utils";

const STEP_ROUTES: Record<OnboardingStep, string> = {
  profile: "/profile",
  keyword: "/seo-keywords",
  listing: "/create",
  image: "/edit-image",
};

/** The four steps, read from the account (so another browser shows the same progress). */
export function OnboardingChecklist() {
  const t = useT();
  const { data, isError } = useOnboarding();
  const revalidator = useRevalidator();
  const flags = data?.steps ?? null;
  const done = flags ? ONBOARDING_STEPS.filter((step) => flags[step]).length : 0;
  const percent = onboardingProgress(done);
  const allDone = flags !== null && done === ONBOARDING_STEPS.length;

  return (
    <Card className="h-full" data-testid="onboarding" aria-busy={flags === null}>
      <CardHeader>
        <CardTitle className="text-lg">{t("dashboard.checklist.title")}</CardTitle>
        <CardDescription>{t("dashboard.checklist.description")}</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-5">
        <div className="grid gap-2">
          <div className="flex items-center justify-between text-sm">
            {flags ? (
              <>
                <span className="font-medium" aria-live="polite" data-testid="onboarding-percent">
                  {t("dashboard.checklist.progress", { percent })}
                </span>
                <span className="tabular-nums text-muted-foreground">
                  {done}/{ONBOARDING_STEPS.length}
                </span>
              </>
            ) : isError ? (
              <span className="flex flex-wrap items-center gap-2 text-muted-foreground" role="status" data-testid="onboarding-error">
                {t("dashboard.checklist.loadError")}
                <Button type="button" variant="outline" size="sm" onClick={() => void revalidator.revalidate()} disabled={revalidator.state === "loading"}>
                  {t("app.tryAgain")}
                </Button>
              </span>
            ) : (
              <Skeleton className="h-5 w-28" />
            )}
          </div>
          <Progress value={percent} aria-label={t("dashboard.checklist.progressLabel")} />
        </div>
        {allDone ? (
          <div className="flex items-start gap-3 rounded-lg border border-success/30 bg-success/10 p-4" role="status" data-testid="onboarding-all-done">
            <PartyPopperIcon className="mt-0.5 size-5 shrink-0 text-success" aria-hidden="true" />
            <div>
              <p className="font-semibold">{t("dashboard.checklist.allDone")}</p>
              <p className="text-sm text-muted-foreground">{t("dashboard.checklist.allDoneHint")}</p>
            </div>
          </div>
        ) : null}
        <ol className="grid gap-2">
          {ONBOARDING_STEPS.map((step) => {
            const complete = flags?.[step] ?? false;
            const title = t(`dashboard.step.${step}.title`);
            return (
              <li key={step} className="flex items-center gap-3 rounded-lg border p-3" data-testid={`onboarding-step-${step}`} data-complete={complete ? "true" : "false"}>
                <span
                  className={cn(
                    "flex size-7 shrink-0 items-center justify-center rounded-full border-2",
                    complete ? "border-success bg-success text-success-foreground" : "border-muted-foreground/30",
                  )}
                  aria-hidden="true"
                >
                  {complete && <CheckIcon className="size-4" />}
                </span>
                <div className="min-w-0 flex-1">
                  <p className={cn("text-sm font-medium", complete && "text-muted-foreground line-through decoration-muted-foreground/50")}>{title}</p>
                  <p className="text-xs text-muted-foreground">{t(`dashboard.step.${step}.description`)}</p>
                </div>
                {complete ? (
                  <span className="text-xs font-medium text-success">{t("dashboard.checklist.done")}</span>
                ) : (
                  <Button asChild size="sm" variant="outline" className="shrink-0">
                    <Link to={STEP_ROUTES[step]} aria-label={t("dashboard.checklist.startStep", { step: title })} data-testid={`onboarding-start-${step}`}>
                      {t("dashboard.checklist.start")}
                    </Link>
                  </Button>
                )}
              </li>
            );
          })}
        </ol>
      </CardContent>
    </Card>
  );
}
