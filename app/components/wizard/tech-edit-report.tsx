import { AlertCircleIcon, AlertTriangleIcon, CheckCircle2Icon, LightbulbIcon, WandSparklesIcon } from "lucide-react";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { useI18n } from "~/lib/i18n";
import { cn } from "~/lib/utils";
import type { PatternSectionOutline, TechEditIssue, TechEditReport } from "~/lib/wizard";

const SEVERITY_ICON = { error: AlertCircleIcon, warning: AlertTriangleIcon, tip: LightbulbIcon } as const;
const SEVERITY_STYLE = {
  error: "text-destructive",
  warning: "text-warning-foreground dark:text-warning",
  tip: "text-muted-foreground",
} as const;

/**
 * The tech-edit report of step 1 (issue 16): each issue names its line and, clicked, shows that line in
 * the pattern; a stitch-count error sets the stated and counted numbers side by side and offers the
 * computed count, which the seller may accept.
 */
export function TechEditReportView({
  report,
  onShowLine,
  onUseComputed,
  busy,
}: {
  report: TechEditReport;
  onShowLine: (line: number) => void;
  onUseComputed: (issue: TechEditIssue) => void;
  busy?: boolean;
}) {
  const { t, has } = useI18n();
  const sectionName = (id: string) => {
    const key = `wizard.tech.missing.${id}`;
    return has(key) ? t(key) : key;
  };
  // Rows with a stated count the checker could not follow, or a limit it knows ("evenly", a chart): the
  // seller should count these by hand, and sees why.
  const unchecked = (report.rows ?? []).filter(
    (r) => r.status === "unchecked" && r.reason !== "no-stated-count" && (r.statedText || (r.reason && r.reason !== "unreadable" && r.reason !== "no-count-before")),
  );
  const message = (issue: TechEditIssue) =>
    t(issue.id === "stitch-count" && issue.size ? "wizard.tech.issue.stitch-count-size" : `wizard.tech.issue.${issue.id}`, {
      row: issue.row,
      stated: issue.stated ?? "",
      computed: issue.computed ?? "",
      abbr: issue.abbreviation ?? "",
      size: issue.size ?? "",
    });
  return (
    <div className="grid grid-cols-[minmax(0,1fr)] gap-4" data-testid="tech-edit-report">
      <div className="flex flex-wrap items-center gap-2 text-xs">
        <Badge variant="outline" data-testid="tech-craft">
          {t("wizard.tech.craft", { craft: t(`wizard.craft.${report.craft}`) })}
        </Badge>
        {(report.craft === "crochet" || report.craft === "knitting") && (
          <Badge variant={report.terms === "mixed" ? "warning" : "outline"} data-testid="tech-terms">
            {t(`wizard.tech.terms.${report.terms}`)}
          </Badge>
        )}
        <span className="text-muted-foreground tabular-nums" data-testid="tech-summary">
          {t("wizard.tech.summary", { checked: report.rowsChecked, unchecked: report.rowsUnchecked })}
        </span>
      </div>

      {report.issues.length === 0 ? (
        <p className="flex items-center gap-2 text-sm text-muted-foreground" data-testid="tech-no-issues">
          <CheckCircle2Icon className="size-4 text-success" aria-hidden="true" />
          {t("wizard.tech.noIssues")}
        </p>
      ) : (
        <ul className="grid grid-cols-[minmax(0,1fr)] gap-2" aria-label={t("wizard.tech.title")}>
          {report.issues.map((issue, index) => {
            const Icon = SEVERITY_ICON[issue.severity];
            return (
              <li key={`${issue.line}-${issue.id}-${index}`} className="rounded-md border bg-background p-3 text-sm" data-testid="tech-issue" data-line={issue.line} data-severity={issue.severity}>
                <button
                  type="button"
                  onClick={() => onShowLine(issue.line)}
                  className="flex w-full items-start gap-2 text-left underline-offset-4 hover:underline focus-visible:underline focus-visible:outline-none"
                  data-testid="tech-issue-line"
                >
                  <Icon className={cn("mt-0.5 size-4 shrink-0", SEVERITY_STYLE[issue.severity])} aria-hidden="true" />
                  <span className="min-w-0">
                    <span className="font-medium tabular-nums">{t("wizard.tech.line", { line: issue.line })}</span>
                    <span className="sr-only"> ({t(`wizard.tech.severity.${issue.severity}`)})</span>
                    <span className="text-muted-foreground"> · </span>
                    <span>{message(issue)}</span>
                  </span>
                </button>
                {issue.id === "stitch-count" && issue.stated !== undefined && issue.computed !== undefined && (
                  <div className="mt-2 flex flex-wrap items-center gap-3 pl-6">
                    <dl className="grid grid-cols-2 gap-x-4 text-xs" data-testid="tech-counts">
                      <dt className="text-muted-foreground">{t("wizard.tech.stated")}</dt>
                      <dt className="text-muted-foreground">{t("wizard.tech.computed")}</dt>
                      <dd className="text-base font-semibold tabular-nums line-through decoration-destructive/60" data-testid="tech-stated">
                        {issue.stated}
                      </dd>
                      <dd className="text-base font-semibold tabular-nums text-success" data-testid="tech-computed">
                        {issue.computed}
                      </dd>
                    </dl>
                    {issue.replacement && (
                      <Button type="button" size="sm" variant="outline" disabled={busy} onClick={() => onUseComputed(issue)} data-testid="use-computed">
                        <WandSparklesIcon aria-hidden="true" />
                        {busy ? t("wizard.tech.applying") : t("wizard.tech.useComputed")}
                      </Button>
                    )}
                  </div>
                )}
              </li>
            );
          })}
        </ul>
      )}

      {unchecked.length > 0 && (
        <div className="grid gap-2" data-testid="tech-unchecked">
          <p className="text-xs font-medium text-muted-foreground">{t("wizard.tech.unchecked")}</p>
          <ul className="flex flex-wrap gap-1.5">
            {unchecked.map((row) => (
              <li key={`${row.line}-${row.size ?? ""}`}>
                <button
                  type="button"
                  onClick={() => onShowLine(row.line)}
                  className="rounded-md border px-2 py-0.5 text-xs tabular-nums hover:bg-muted"
                  data-testid="tech-unchecked-row"
                  data-line={row.line}
                >
                  {t("wizard.tech.line", { line: row.line })} · {row.row}
                  {row.size ? ` · ${t("wizard.tech.sizeOf", { size: row.size })}` : ""}
                  {row.reason ? <span className="text-muted-foreground"> · {t(`wizard.tech.reason.${row.reason}`)}</span> : null}
                </button>
              </li>
            ))}
          </ul>
        </div>
      )}

      {report.missingSections.length > 0 && (
        <div className="grid gap-2" data-testid="tech-missing">
          <p className="text-xs font-medium text-muted-foreground">{t("wizard.tech.missing")}</p>
          <ul className="flex flex-wrap gap-1.5">
            {report.missingSections.map((key) => (
              <li key={key}>
                <Badge variant="secondary" className="font-normal">
                  {sectionName(key)}
                </Badge>
              </li>
            ))}
          </ul>
        </div>
      )}
    </div>
  );
}

const SECTION_KEYS = ["summary", "sizes", "materials", "gauge", "abbreviations", "instructions", "notes"];

/** The pattern's sections before the PDF: each heading with its lines, numbered as pasted. */
export function SectionOutline({ sections, onShowLine }: { sections: PatternSectionOutline[]; onShowLine: (line: number) => void }) {
  const { t } = useI18n();
  return (
    <ol className="grid grid-cols-[minmax(0,1fr)] gap-3" data-testid="section-outline">
      {sections.map((section, index) => (
        <li key={index} className="min-w-0 rounded-md border bg-background p-3" data-testid="outline-section" data-key={section.key}>
          <div className="flex flex-wrap items-baseline justify-between gap-2">
            <h3 className="min-w-0 text-sm font-semibold break-words" data-testid="outline-heading">
              {section.heading || (SECTION_KEYS.includes(section.key) ? "" : t("wizard.sections.key.intro"))}
            </h3>
            <span className="flex items-center gap-2 text-xs text-muted-foreground">
              {!section.own && section.key !== "intro" && (
                <Badge variant="outline" className="font-normal">
                  {t("wizard.sections.added")}
                </Badge>
              )}
              <span className="tabular-nums">{t("wizard.sections.lines", { count: section.lines.length })}</span>
            </span>
          </div>
          <ul className="mt-2 grid grid-cols-[minmax(0,1fr)] gap-0.5 font-mono text-xs">
            {section.lines.map((line) => (
              <li key={line.line}>
                <button
                  type="button"
                  onClick={() => onShowLine(line.line)}
                  className={cn("flex w-full gap-2 rounded px-1 text-left hover:bg-muted", line.part && "font-semibold")}
                  aria-label={`${t("wizard.sections.line", { line: line.line })}: ${line.text}`}
                >
                  <span className="w-8 shrink-0 text-right text-muted-foreground tabular-nums">{line.line}</span>
                  <span className="min-w-0 truncate">{line.text}</span>
                </button>
              </li>
            ))}
          </ul>
        </li>
      ))}
    </ol>
  );
}
