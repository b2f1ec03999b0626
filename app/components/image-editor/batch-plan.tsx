/**
 * The batch screen's plan preview (decisions 0032, 0040): what the instruction will do to each photo
 * and what it will not, with the reasons, read from POST /api/images/plan (free, nothing stored) while
 * the seller types, before the batch starts.
 */
import { InfoIcon, ListChecksIcon } from "lucide-react";
import { useEffect, useState } from "react";
import type { ImageCategory, ImagePlan, ImagePlatform } from "../../../schema/api/images";
import { Alert, AlertDescription, AlertTitle } from "~/components/ui/alert";
import { planImageEdit } from "~/lib/api/images";
import { useT } from "~/lib/i18n";
import { cn } from "~/lib/utils";
import { NotDoneList } from "./single-image-editor";

/** How long typing must pause before the plan is asked for. */
const PLAN_DELAY_MS = 350;

/**
 * The plan of the instruction as typed: the last plan answered (`stale` while a newer instruction is
 * being read), or null before any. A failed read leaves the preview as it was: the batch itself still
 * refuses what cannot be done.
 */
export function useInstructionPlan(prompt: string, category: ImageCategory, platform: ImagePlatform) {
  const text = prompt.trim();
  const key = `${category}|${platform}|${text}`;
  const [answered, setAnswered] = useState<{ key: string; plan: ImagePlan } | null>(null);
  useEffect(() => {
    if (!text) return;
    let cancelled = false;
    const timer = setTimeout(() => {
      planImageEdit(text, category, platform).then(
        (plan) => {
          if (!cancelled) setAnswered({ key, plan });
        },
        () => {},
      );
    }, PLAN_DELAY_MS);
    return () => {
      cancelled = true;
      clearTimeout(timer);
    };
  }, [key, text, category, platform]);
  if (!text || !answered) return { plan: null, stale: false };
  return { plan: answered.plan, stale: answered.key !== key };
}

/** 'What this batch will do to each photo': the steps, what will not be done and why, or the refusal. */
export function BatchPlanPreview({ plan, stale }: { plan: ImagePlan | null; stale: boolean }) {
  const t = useT();
  if (!plan) return null;
  if (plan.refused) {
    return (
      <Alert variant="destructive" data-testid="batch-plan" data-refused="true" className={cn(stale && "opacity-60")}>
        <InfoIcon aria-hidden="true" />
        <AlertTitle>{t("images.batch.plan.refusedTitle")}</AlertTitle>
        <AlertDescription className="grid gap-2">
          <NotDoneList items={plan.notApplied} />
        </AlertDescription>
      </Alert>
    );
  }
  return (
    <div className={cn("grid gap-3 rounded-lg border bg-muted/30 p-3 text-sm transition-opacity", stale && "opacity-60")} data-testid="batch-plan" aria-live="polite">
      <p className="flex items-center gap-2 font-medium">
        <ListChecksIcon className="size-4 text-primary" aria-hidden="true" />
        {t("images.batch.plan.title")}
      </p>
      {plan.steps.length > 0 && (
        <div>
          <p className="text-xs font-medium text-muted-foreground">{t("images.plan.willDo")}</p>
          <ul className="grid list-disc gap-1 ps-5" data-testid="batch-plan-steps">
            {plan.steps.map((step) => (
              <li key={step}>{step}</li>
            ))}
          </ul>
        </div>
      )}
      {plan.notApplied.length > 0 && (
        <div className="grid gap-1 rounded-md border border-warning/40 bg-warning/10 p-2" data-testid="batch-plan-not-applied">
          <p className="text-xs font-medium">{t("images.plan.wontDo")}</p>
          <NotDoneList items={plan.notApplied} />
        </div>
      )}
      <p className="text-xs text-muted-foreground">{t("images.batch.plan.measured")}</p>
    </div>
  );
}
