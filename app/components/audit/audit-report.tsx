import type { AuditFinding, AuditPart, AuditReport } from "../../../shared/audit";
import { MARKETPLACE_NAMES } from "../../../shared/audit";
import { cn } from "~/lib/utils";
import { useAuditWords } from "./audit-words";
import { FindingsList, type FixPost } from "./findings-list";
import { ScoreRing } from "./score-ring";

/** Listing Doctor's whole report: the score ring, the counts and the findings by part. */
export function AuditReportView({
  report,
  onFix,
  fixPost,
  fixing,
  live,
  className,
}: {
  report: AuditReport;
  onFix?: (finding: AuditFinding) => void;
  fixPost?: FixPost;
  fixing?: string | null;
  live?: boolean;
  className?: string;
}) {
  const { t, language } = useAuditWords();
  const explanation = report.explanation;
  const partName = (part: AuditPart) => t(`audit.part.${part}`).toLocaleLowerCase(language === "tr" ? "tr" : "en");
  const weakest = explanation?.params.weakPart ? t("audit.explain.weakest", { part: partName(explanation.params.weakPart as AuditPart), points: explanation.params.weakLost ?? 0 }) : "";
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
      {explanation && (
        <p className="text-sm" data-testid="audit-explanation">
          {t(`audit.explain.${explanation.key}`, explanation.params)}
          {weakest && explanation.key !== "excellent" ? ` ${weakest}` : ""}
        </p>
      )}
      {report.parts?.length ? (
        <div className="grid gap-2" data-testid="audit-parts">
          <h3 className="text-xs font-medium text-muted-foreground">{t("audit.parts.score")}</h3>
          <ul className="grid gap-x-6 gap-y-2 sm:grid-cols-2">
            {report.parts.map((p) => (
              <li key={p.part} className="grid gap-1">
                <div className="flex justify-between gap-2 text-xs">
                  <span aria-hidden="true">{t(`audit.part.${p.part}`)}</span>
                  <span aria-hidden="true" className="tabular-nums text-muted-foreground">
                    {p.points} / {p.max}
                  </span>
                  <span className="sr-only">{t("audit.parts.points", { part: t(`audit.part.${p.part}`), points: p.points, max: p.max })}</span>
                </div>
                <div className="h-1.5 overflow-hidden rounded-full bg-muted" aria-hidden="true">
                  <div
                    className={cn("h-full rounded-full", p.points / p.max >= 0.8 ? "bg-success" : p.points / p.max >= 0.5 ? "bg-warning" : "bg-destructive")}
                    style={{ width: `${Math.round((100 * p.points) / p.max)}%` }}
                  />
                </div>
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      <FindingsList report={report} onFix={onFix} fixPost={fixPost} fixing={fixing} />
    </section>
  );
}
