import { AlertTriangleIcon, CheckCircle2Icon, ChevronDownIcon, ShieldCheckIcon, WrenchIcon } from "lucide-react";
import { useState } from "react";
import { Badge } from "~/components/ui/badge";
import { Collapsible, CollapsibleContent, CollapsibleTrigger } from "~/components/ui/collapsible";
import { useI18n } from "~/lib/i18n";
import { cn } from "~/lib/utils";
import type { RuleReport as Report } from "~/lib/api/listings";

/** Which marketplace rules pass and what the server repaired, folded away until asked for. */
export function RuleReport({ report, defaultOpen = false, className }: { report: Report; defaultOpen?: boolean; className?: string }) {
  const { t, has } = useI18n();
  const [open, setOpen] = useState(defaultOpen);
  const repaired = report.checks.filter((c) => c.status === "repaired").length;
  const warnings = report.checks.filter((c) => c.status === "warning").length;
  const label = (rule: string) => {
    const key = `listing.rules.${rule}`;
    return has(key) ? t(key) : rule;
  };

  return (
    <Collapsible open={open} onOpenChange={setOpen} className={cn("rounded-lg border bg-muted/30", className)} data-testid="rule-report">
      <CollapsibleTrigger className="flex w-full items-center gap-3 px-4 py-3 text-left text-sm">
        <ShieldCheckIcon className="size-4 shrink-0 text-success" aria-hidden="true" />
        <span className="flex min-w-0 flex-1 flex-wrap items-center gap-x-2 gap-y-1">
          <span className="font-medium">{t("listing.rules.title")}</span>
          <span className="text-muted-foreground">
            {repaired || warnings ? t("listing.rules.checked", { count: report.checks.length }) : t("listing.rules.allPassed", { count: report.checks.length })}
          </span>
          {repaired > 0 && <Badge variant="secondary">{t("listing.rules.repaired", { count: repaired })}</Badge>}
          {warnings > 0 && <Badge variant="warning">{t("listing.rules.warnings", { count: warnings })}</Badge>}
        </span>
        <span className="sr-only">{open ? t("listing.rules.hide") : t("listing.rules.show")}</span>
        <ChevronDownIcon className={cn("size-4 shrink-0 text-muted-foreground transition-transform", open && "rotate-180")} aria-hidden="true" />
      </CollapsibleTrigger>
      <CollapsibleContent>
        <ul className="grid gap-2 border-t px-4 py-3 text-sm">
          {report.checks.map((check) => (
            <li key={check.rule} className="flex items-start gap-2" data-status={check.status}>
              {check.status === "pass" ? (
                <CheckCircle2Icon className="mt-0.5 size-4 shrink-0 text-success" aria-label={t("listing.rules.pass")} />
              ) : check.status === "repaired" ? (
                <WrenchIcon className="mt-0.5 size-4 shrink-0 text-primary" aria-label={t("listing.rules.fixed")} />
              ) : (
                <AlertTriangleIcon className="mt-0.5 size-4 shrink-0 text-warning-foreground dark:text-warning" aria-label={t("listing.rules.warning")} />
              )}
              <span className="min-w-0">
                <span>{label(check.rule)}</span>
                {check.detail && <span className="block break-words text-xs text-muted-foreground">{check.detail}</span>}
              </span>
            </li>
          ))}
        </ul>
      </CollapsibleContent>
    </Collapsible>
  );
}
