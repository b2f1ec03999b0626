import type { Grade } from "../../../shared/audit";
import { gradeOf } from "../../../shared/audit";
import { ArrowRightIcon, CheckCircle2Icon } from "lucide-react";
import { Link } from "react-router";
import type { ShopSummary } from "~/lib/api/shop";
import { ScoreRing } from "~/components/audit/score-ring";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { useI18n } from "~/lib/i18n";
import { cn } from "~/lib/utils";
import { GradeChart } from "./grade-chart";

/** The shop at a glance: how many listings, their mean score and how the grades spread. */
export function ShopSummaryHeader({ summary, hrefForGrade }: { summary: ShopSummary; hrefForGrade?: (grade: Grade) => string }) {
  const { t, language } = useI18n();
  const number = new Intl.NumberFormat(language === "tr" ? "tr-TR" : "en-US", { maximumFractionDigits: 1 });
  const average = Math.round(summary.averageScore);
  return (
    <Card className="gap-0 py-0" data-testid="shop-summary">
      <CardContent className="grid gap-6 p-6 sm:grid-cols-[auto_auto_minmax(0,1fr)] sm:items-center">
        <div className="grid gap-1">
          <span className="text-sm text-muted-foreground">{t("shop.summary.listings")}</span>
          <span className="text-3xl font-semibold tabular-nums" data-testid="summary-listings">
            {number.format(summary.listings)}
          </span>
        </div>
        <div className="flex items-center gap-3">
          <ScoreRing score={average} grade={gradeOf(average)} size="md" />
          <div className="grid gap-1">
            <span className="text-sm text-muted-foreground">{t("shop.summary.average")}</span>
            <span className="text-xl font-semibold tabular-nums" data-testid="summary-average">
              {number.format(summary.averageScore)}
            </span>
          </div>
        </div>
        <GradeChart grades={summary.grades} hrefFor={hrefForGrade} className="sm:max-w-sm sm:justify-self-end sm:w-full" />
      </CardContent>
    </Card>
  );
}

/**
 * A finding's short name in the seller's language, for the shop-wide list (each listing's page has the
 * full advice). A finding the catalogue does not name shows the server's words without placeholders.
 */
export function useIssueMessage() {
  const { t, has } = useI18n();
  return (issue: { id: string; message: string }) => {
    const key = `shop.issue.${issue.id}`;
    return has(key) ? t(key) : issue.message.replace(/\s*\{\w+\}/g, " …").trim();
  };
}

/** The most common findings across the shop, each with a link that filters the table to its listings. */
export function TopIssues({ issues, activeIssue, hrefFor }: { issues: ShopSummary["topIssues"]; activeIssue?: string | null; hrefFor: (id: string) => string }) {
  const { t } = useI18n();
  const messageOf = useIssueMessage();
  return (
    <Card className="gap-4" data-testid="top-issues">
      <CardHeader>
        <CardTitle>
          <h2 className="text-base">{t("shop.issues.title")}</h2>
        </CardTitle>
        <CardDescription>{t("shop.issues.subtitle")}</CardDescription>
      </CardHeader>
      <CardContent>
        {issues.length === 0 ? (
          <p className="flex items-center gap-2 text-sm text-muted-foreground">
            <CheckCircle2Icon className="size-4 text-success" aria-hidden="true" />
            {t("shop.issues.none")}
          </p>
        ) : (
          <ol className="grid gap-2">
            {issues.map((issue) => {
              const message = messageOf(issue);
              return (
                <li
                  key={issue.id}
                  className={cn("flex flex-col gap-2 rounded-md border px-3 py-2 sm:flex-row sm:items-center sm:justify-between", activeIssue === issue.id && "border-primary bg-accent/40")}
                  data-testid="top-issue"
                  data-issue={issue.id}
                >
                  <p className="min-w-0 text-sm">{message}</p>
                  <div className="flex shrink-0 items-center gap-3">
                    <span className="text-sm font-medium tabular-nums whitespace-nowrap">{t(issue.count === 1 ? "shop.issues.countOne" : "shop.issues.count", { count: issue.count })}</span>
                    <Link
                      to={hrefFor(issue.id)}
                      className="inline-flex items-center gap-1 rounded-sm text-sm font-medium text-primary underline-offset-4 outline-none hover:underline focus-visible:ring-[3px] focus-visible:ring-ring/50"
                      aria-label={t("shop.issues.showLabel", { issue: message })}
                      aria-current={activeIssue === issue.id ? "true" : undefined}
                    >
                      {t("shop.issues.show")}
                      <ArrowRightIcon className="size-3.5" aria-hidden="true" />
                    </Link>
                  </div>
                </li>
              );
            })}
          </ol>
        )}
      </CardContent>
    </Card>
  );
}
