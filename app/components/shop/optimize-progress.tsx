import { AlertTriangleIcon, CheckCircle2Icon, ChevronDownIcon, ListChecksIcon, Loader2Icon, XIcon } from "lucide-react";
import { Link } from "react-router";
import { Alert, AlertDescription, AlertTitle } from "~/components/ui/alert";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Card, CardAction, CardContent, CardHeader, CardTitle } from "~/components/ui/card";
import { Collapsible, CollapsibleContent, CollapsibleTrigger } from "~/components/ui/collapsible";
import { Progress } from "~/components/ui/progress";
import { isActiveJob, type ShopJobInfo } from "~/lib/api/shop";
import { useI18n } from "~/lib/i18n";

const ITEM_VARIANT = { queued: "outline", processing: "secondary", done: "success", failed: "destructive", skipped: "warning" } as const;

/** The progress of one optimize job: a bar, the counts, why it stopped early, and each listing's result. */
export function OptimizeProgress({ job, onDismiss, pendingProposals }: { job: ShopJobInfo; onDismiss?: () => void; pendingProposals?: number }) {
  const { t } = useI18n();
  const active = isActiveJob(job);
  const finished = job.done + job.failed;
  // What waits for review now (the shop's count, read again as the job moves); an improved listing only, never "already as good".
  const proposals = pendingProposals ?? job.items.filter((item) => item.status === "done" && item.scoreAfter !== null && item.scoreBefore !== null && item.scoreAfter > item.scoreBefore).length;
  return (
    <Card className="gap-4" data-testid="optimize-progress" data-status={job.status}>
      <CardHeader>
        <CardTitle className="flex items-center gap-2 text-base">
          {active ? (
            <Loader2Icon className="size-4 animate-spin text-primary motion-reduce:animate-none" aria-hidden="true" />
          ) : job.status === "stopped" ? (
            <AlertTriangleIcon className="size-4 text-warning" aria-hidden="true" />
          ) : (
            <CheckCircle2Icon className="size-4 text-success" aria-hidden="true" />
          )}
          <h2>{active ? t("shop.job.title") : job.status === "stopped" ? t("shop.job.stoppedTitle") : t("shop.job.completedTitle")}</h2>
        </CardTitle>
        {!active && onDismiss && (
          <CardAction>
            <Button variant="ghost" size="icon" className="size-8" onClick={onDismiss} aria-label={t("shop.job.dismiss")}>
              <XIcon aria-hidden="true" />
            </Button>
          </CardAction>
        )}
      </CardHeader>
      <CardContent className="grid gap-3">
        <div className="grid gap-2" aria-live="polite">
          <div className="flex flex-wrap items-baseline justify-between gap-2 text-sm">
            <span className="font-medium tabular-nums" data-testid="job-count">
              {job.status === "queued" && finished === 0 ? t("shop.job.queued", { total: job.total }) : t("shop.job.progress", { done: finished, total: job.total })}
            </span>
            {job.failed > 0 && (
              <span className="text-destructive tabular-nums" data-testid="job-failed">
                {t("shop.job.failed", { count: job.failed })}
              </span>
            )}
          </div>
          <Progress value={finished} max={Math.max(1, job.total)} aria-label={t("shop.job.progressLabel")} aria-valuetext={t("shop.job.progress", { done: finished, total: job.total })} />
        </div>
        {job.status === "stopped" && (
          <Alert variant="destructive" data-testid="job-stop-reason">
            <AlertTriangleIcon aria-hidden="true" />
            <AlertTitle>{t("shop.job.stoppedTitle")}</AlertTitle>
            <AlertDescription>
              <p className="break-words">{job.stopReason ?? t("shop.job.stoppedUnknown")}</p>
              <p>{t("shop.job.stoppedHint")}</p>
              <Link to="/profile#plans" className="font-medium underline underline-offset-2" data-testid="job-see-plans">
                {t("quota.seePlans")}
              </Link>
            </AlertDescription>
          </Alert>
        )}
        <div className="flex flex-wrap items-center gap-3">
          {proposals > 0 && (
            <Button asChild size="sm" variant={active ? "outline" : "default"}>
              <Link to="/shop/review" data-testid="job-review">
                <ListChecksIcon aria-hidden="true" />
                {t("shop.job.review", { count: proposals })}
              </Link>
            </Button>
          )}
          {job.items.length > 0 && (
            <Collapsible className="w-full">
              <CollapsibleTrigger className="group flex items-center gap-1 text-left text-sm font-medium text-primary">
                <ChevronDownIcon className="size-4 transition-transform group-data-[state=open]:rotate-180" aria-hidden="true" />
                {t("shop.job.details")}
              </CollapsibleTrigger>
              <CollapsibleContent>
                <ul className="mt-2 grid max-h-72 gap-1 overflow-y-auto text-sm" data-testid="job-items">
                  {job.items.map((item) => (
                    <li key={item.id} className="flex flex-wrap items-center justify-between gap-2 rounded-md border px-3 py-1.5">
                      <Link to={`/shop/${item.id}`} className="min-w-0 flex-1 truncate rounded-sm hover:underline">
                        {item.title || t("shop.untitled")}
                      </Link>
                      <span className="flex items-center gap-2">
                        {item.scoreBefore !== null && item.scoreAfter !== null && (
                          <span className="tabular-nums text-muted-foreground">{t("shop.job.scoreChange", { from: item.scoreBefore, to: item.scoreAfter })}</span>
                        )}
                        <Badge variant={ITEM_VARIANT[item.status]}>{t(`shop.job.item.${item.status}`)}</Badge>
                      </span>
                      {item.error && <p className="w-full text-xs text-destructive break-words">{item.error}</p>}
                    </li>
                  ))}
                </ul>
              </CollapsibleContent>
            </Collapsible>
          )}
        </div>
      </CardContent>
    </Card>
  );
}
