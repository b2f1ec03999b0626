import type { AuditFinding, AuditReport } from "../../../worker/domain/audit";
import { MARKETPLACE_NAMES } from "../../../worker/domain/audit";
import { cn } from "~/lib/utils";
import { useAuditWords } from "./audit-words";
import { FindingsList } from "./findings-list";
import { ScoreRing } from "./score-ring";

/** Listing Doctor's whole report: the score ring, the counts and the findings by part. */
export function AuditReportView({
  report,
  onFix,
  fixing,
  live,
  className,
}: {
  report: AuditReport;
  onFix?: (finding: AuditFinding) => void;
  fixing?: string | null;
  live?: boolean;
  className?: string;
}) {
  const { t } = useAuditWords();
  return (
    <section className={cn("grid min-w-0 gap-4", className)} aria-labelledby="audit-report-title" data-testid="audit-report">
      <div className="flex items-center gap-4">
        <ScoreRing score={report.score} grade={report.grade} size="lg" />
        <div className="grid min-w-0 gap-1">
          <h2 id="audit-report-title" className="text-base font-semibold">
            {t("audit.report.title")}
          </h2>
          <p className="text-sm text-muted-foreground">{t("audit.report.subtitle", { marketplace: MARKETPLACE_NAMES[report.platform] })}</p>
          <p className="text-sm" aria-live="polite" data-testid="audit-counts">
            {t("audit.report.counts", { errors: report.counts.errors, warnings: report.counts.warnings, tips: report.counts.tips })}
          </p>
          {live && <p className="text-xs text-muted-foreground">{t("audit.report.live")}</p>}
        </div>
      </div>
      <FindingsList report={report} onFix={onFix} fixing={fixing} />
    </section>
  );
}
