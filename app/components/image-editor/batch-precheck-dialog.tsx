import { Link } from "react-router";
import { AlertDialog, AlertDialogCancel, AlertDialogContent, AlertDialogDescription, AlertDialogFooter, AlertDialogHeader, AlertDialogTitle } from "~/components/ui/alert-dialog";
import { Button } from "~/components/ui/button";
import { useT } from "~/lib/i18n";
import { fetchQuota } from "~/lib/quota";
import { planBatch, type BatchPlan } from "./batch-precheck";

export interface PrecheckQuestion {
  count: number;
  plan: BatchPlan;
  remaining: number;
}

/**
 * Reads the edits left today; answers null when the batch fits (or the quota cannot be read: the
 * server refuses an over-quota batch on its own), else the question to ask.
 */
export async function precheckBatch(count: number): Promise<PrecheckQuestion | null> {
  const remaining = await fetchQuota("edit-image").then(
    (q) => q.remaining,
    () => null,
  );
  if (remaining === null) return null;
  const plan = planBatch(count, remaining);
  return plan.kind === "all" ? null : { count, plan, remaining };
}

/** "You have 2 edits left today: 2 of 5 images will be processed" with Process 2 / Cancel (none left: See plans). */
export function BatchPrecheckDialog({ question, onProceed, onCancel }: { question: PrecheckQuestion | null; onProceed: () => void; onCancel: () => void }) {
  const t = useT();
  const none = question?.plan.kind === "none";
  return (
    <AlertDialog open={question !== null} onOpenChange={(open) => !open && onCancel()}>
      <AlertDialogContent data-testid="batch-precheck">
        <AlertDialogHeader>
          <AlertDialogTitle>{none ? t("images.batch.precheck.noneTitle") : t("images.batch.precheck.title")}</AlertDialogTitle>
          <AlertDialogDescription data-testid="batch-precheck-text">
            {!question
              ? ""
              : none
                ? t("images.batch.precheck.none", { n: question.count })
                : t(question.remaining === 1 ? "images.batch.precheck.partialOne" : "images.batch.precheck.partial", {
                    remaining: question.remaining,
                    send: question.plan.send,
                    n: question.count,
                    skipped: question.plan.skipped,
                  })}
          </AlertDialogDescription>
        </AlertDialogHeader>
        <AlertDialogFooter>
          <AlertDialogCancel data-testid="batch-precheck-cancel">{t("images.batch.precheck.cancel")}</AlertDialogCancel>
          {none ? (
            <Button asChild>
              <Link to="/profile#plans">{t("quota.exhausted.seePlans")}</Link>
            </Button>
          ) : (
            <Button type="button" onClick={onProceed} data-testid="batch-precheck-proceed">
              {t("images.batch.precheck.proceed", { n: question?.plan.send ?? 0 })}
            </Button>
          )}
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
