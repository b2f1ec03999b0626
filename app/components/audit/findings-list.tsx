import { AlertTriangleIcon, CheckCircle2Icon, LightbulbIcon, WandSparklesIcon, XCircleIcon } from "lucide-react";
import type { AuditFinding, AuditPart, AuditReport, AuditSeverity } from "../../../shared/audit";
import { AUDIT_PARTS, MARKETPLACE_NAMES } from "../../../shared/audit";
import { Button } from "~/components/ui/button";
import { cn } from "~/lib/utils";
import { useAuditWords } from "./audit-words";

const ICONS: Record<AuditSeverity, { icon: typeof XCircleIcon; className: string }> = {
  error: { icon: XCircleIcon, className: "text-destructive" },
  warning: { icon: AlertTriangleIcon, className: "text-warning" },
  tip: { icon: LightbulbIcon, className: "text-muted-foreground" },
};

/** A saved listing's fixes as a form's submit buttons (decision 0062): posted as a document before the page runs. */
export type FixPost = { form: string; value: (finding: AuditFinding) => string };

/** Findings grouped by the part of the listing they are about, each with its severity and, where one exists, a one-click Fix. */
export function FindingsList({
  report,
  onFix,
  fixPost,
  fixing,
  className,
}: {
  report: AuditReport;
  /** Without it the Fix buttons are not shown. */
  onFix?: (finding: AuditFinding) => void;
  /** With it each Fix also submits that form with `payload` = value(finding); once hydrated the click is onFix's and the post is stopped. */
  fixPost?: FixPost;
  /** The id of the finding whose fix is being applied. */
  fixing?: string | null;
  className?: string;
}) {
  const { message, fixLabel, t } = useAuditWords();
  if (report.findings.length === 0) {
    return (
      <p className={cn("flex items-center gap-2 text-sm text-muted-foreground", className)} data-testid="audit-no-findings">
        <CheckCircle2Icon className="size-4 text-success" aria-hidden="true" />
        {t("audit.report.none")}
      </p>
    );
  }
  const groups = AUDIT_PARTS.map((part) => [part, report.findings.filter((f) => f.part === part)] as [AuditPart, AuditFinding[]]).filter(([, fs]) => fs.length);
  return (
    <div className={cn("grid min-w-0 gap-4", className)} data-testid="audit-findings">
      {groups.map(([part, findings]) => (
        <section key={part} aria-labelledby={`audit-part-${part}`} className="grid min-w-0 gap-2">
          <h3 id={`audit-part-${part}`} className="text-sm font-semibold" aria-label={t("audit.part.heading", { part: t(`audit.part.${part}`) })}>
            {t(`audit.part.${part}`)}
          </h3>
          <ul className="grid gap-2">
            {findings.map((f) => {
              const { icon: Icon, className: tone } = ICONS[f.severity];
              return (
                <li key={f.id} className="flex min-w-0 items-start gap-3 rounded-lg border bg-card p-3 text-sm" data-testid="audit-finding" data-finding={f.id} data-severity={f.severity}>
                  <Icon className={cn("mt-0.5 size-4 shrink-0", tone)} aria-hidden="true" />
                  <div className="grid min-w-0 flex-1 gap-1">
                    <p className="break-words">
                      <span className="sr-only">{t(`audit.severity.${f.severity}`)}: </span>
                      {message(f)}
                    </p>
                    <p className="text-xs text-muted-foreground">
                      <span className={cn("font-medium", f.severity === "error" && "text-destructive")}>{t(`audit.severity.${f.severity}`)}</span>
                      {" · "}
                      {f.source.kind === "marketplace" ? t("audit.report.marketplaceRule", { marketplace: MARKETPLACE_NAMES[report.platform] }) : t("audit.report.bestPractice")}
                      {f.penalty > 0 && <> · {t("audit.report.penalty", { points: f.penalty })}</>}
                      <span className="block break-words">
                        {t("audit.report.source")}:{" "}
                        {f.source.url ? (
                          <a href={f.source.url} target="_blank" rel="noreferrer noopener" className="underline-offset-2 hover:underline">
                            {f.source.name}
                          </a>
                        ) : (
                          f.source.name
                        )}
                      </span>
                    </p>
                  </div>
                  {onFix && f.fix && (
                    <Button
                      type={fixPost ? "submit" : "button"}
                      form={fixPost?.form}
                      name={fixPost ? "payload" : undefined}
                      value={fixPost?.value(f)}
                      size="sm"
                      variant="outline"
                      className="shrink-0"
                      onClick={(event) => {
                        event.preventDefault();
                        onFix(f);
                      }}
                      disabled={!!fixing}
                      aria-label={t("audit.report.fixLabel", { label: fixLabel(f) })}
                      title={fixLabel(f)}
                      data-testid="audit-fix"
                    >
                      <WandSparklesIcon aria-hidden="true" />
                      {t("audit.report.fix")}
                    </Button>
                  )}
                </li>
              );
            })}
          </ul>
        </section>
      ))}
    </div>
  );
}
