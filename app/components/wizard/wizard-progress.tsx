import { CheckIcon } from "lucide-react";
import { Progress } from "~/components/ui/progress";
import { useT } from "~/lib/i18n";
import { cn } from "~/lib/utils";
import { WIZARD_PROGRESS } from "~/lib/wizard";

const STEPS = [
  { step: 1, key: "wizard.step.optimize" },
  { step: 2, key: "wizard.step.review" },
  { step: 3, key: "wizard.step.listing" },
] as const;

/** The wizard's progress (SPEC §2): 33.33, 66.66 and 100 percent, with the three steps named under the bar. */
export function WizardProgress({ step }: { step: 1 | 2 | 3 }) {
  const t = useT();
  const value = WIZARD_PROGRESS[step];
  return (
    <div className="mb-6 grid gap-3" data-testid="wizard-progress" data-value={value}>
      <Progress value={value} aria-label={t("wizard.progress", { step })} aria-valuetext={t("wizard.progressValue", { step, percent: Math.round(value) })} />
      <ol className="grid grid-cols-3 gap-2 text-xs sm:text-sm">
        {STEPS.map((item) => {
          const done = item.step < step;
          const current = item.step === step;
          return (
            <li
              key={item.step}
              className={cn("flex items-center gap-2", item.step === 2 && "justify-center", item.step === 3 && "justify-end", current ? "font-medium text-foreground" : "text-muted-foreground")}
              aria-current={current ? "step" : undefined}
            >
              <span
                className={cn(
                  "flex size-6 shrink-0 items-center justify-center rounded-full border text-xs tabular-nums",
                  done && "border-primary bg-primary text-primary-foreground",
                  current && "border-primary text-primary",
                )}
                aria-hidden="true"
              >
                {done ? <CheckIcon className="size-3.5" /> : item.step}
              </span>
              <span className="truncate">{t(item.key)}</span>
            </li>
          );
        })}
      </ol>
    </div>
  );
}
