import { ArrowRightIcon, ClipboardPasteIcon, SparklesIcon } from "lucide-react";
import { useId, useRef, useState } from "react";
import { CopyButton } from "~/components/copy-button";
import { PageHeader } from "~/components/page-header";
import { Button } from "~/components/ui/button";
import { Card, CardAction, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { Label } from "~/components/ui/label";
import { Skeleton } from "~/components/ui/skeleton";
import { Textarea } from "~/components/ui/textarea";
import { examplePattern } from "~/components/wizard/sample-draft";
import { SectionOutline, TechEditReportView } from "~/components/wizard/tech-edit-report";
import { ProviderBadge, WizardActions, useFailureText } from "~/components/wizard/wizard-bits";
import { WizardOptions } from "~/components/wizard/wizard-options";
import { WizardProgress } from "~/components/wizard/wizard-progress";
import { useI18n } from "~/lib/i18n";
import { useProfile } from "~/lib/profile";
import { useWizardAction, wizardClientAction } from "~/lib/wizard-action";
import { wizardAction } from "~/lib/wizard.server";
import { cn } from "~/lib/utils";
import { WIZARD_ERROR_KEYS, describeFailure, lineRange, optimizePatternCall, replaceLine, useWizardState, type TechEditIssue, type WizardNavigationState } from "~/lib/wizard";
import { WIZARD_LIMITS } from "../../schema/api/workflow";
import { metaText, type I18nHandle } from "~/lib/i18n/route";
import type { Route } from "./+types/optimize";
import * as wizardStrings from "~/lib/i18n/catalog/wizard";
import { useSettledNavigate } from "~/lib/use-settled-navigate";

/** The catalogues this screen's components read (the root hands them to the provider). */
export const handle = { i18n: [wizardStrings] } satisfies I18nHandle;

export function meta({ matches }: Route.MetaArgs) {
  return [{ title: metaText(matches, "wizard.optimize.metaTitle") }];
}

type Status = { kind: "idle" } | { kind: "running" } | { kind: "error"; text: string } | { kind: "done"; providerLabel: string; offline: boolean };

const PANE_HEIGHT = "field-sizing-fixed h-72 md:h-[30rem]";

/** Step 1's optimize: a post to this route (it runs the model) (decision 0054). */
export function action({ request, context }: Route.ActionArgs) {
  return wizardAction(request, context, ["optimize"]);
}

export const clientAction = wizardClientAction;

export default function OptimizePattern() {
  const { t, language } = useI18n();
  const navigate = useSettledNavigate();
  const failureText = useFailureText();
  const originalId = useId();
  const outputId = useId();
  const hintId = useId();
  const profile = useProfile();
  const [wizard, update] = useWizardState();
  const run = useWizardAction("/optimize");
  const [status, setStatus] = useState<Status>({ kind: "idle" });
  const [applied, setApplied] = useState<{ line: number; count: number } | null>(null);
  const originalRef = useRef<HTMLTextAreaElement>(null);

  const original = wizard?.originalPattern ?? "";
  const optimized = wizard?.optimizedPattern ?? "";
  const running = status.kind === "running";
  const blank = !original.trim();
  const hasResult = !!optimized && status.kind !== "error" && status.kind !== "running";
  const stale = hasResult && !!wizard?.optimizedFrom && wizard.optimizedFrom.trim() !== original.trim();
  const check = wizard?.check ?? null;

  async function optimize(text = original) {
    if (!wizard || !text.trim() || running) return;
    const pattern = text;
    setStatus({ kind: "running" });
    try {
      const result = await optimizePatternCall(run, pattern, { ...wizard.choices, shopName: profile.data?.storeName?.trim() || undefined });
      update({
        optimizedFrom: pattern,
        optimizedPattern: result.optimizedPattern,
        provider: result.provider,
        detected: { craft: result.craft, language: result.language },
        check: result.data ? { techEdit: result.data.techEdit, sections: result.data.sections } : null,
        // A new optimization makes the draft and the listing of the steps after it out of date.
        formattedFrom: "",
        listingFrom: "",
      });
      setStatus({ kind: "done", providerLabel: result.providerLabel, offline: result.offline });
    } catch (error) {
      setStatus({ kind: "error", text: t("wizard.error.prefix", { message: failureText(describeFailure(error, WIZARD_ERROR_KEYS.optimize)) }) });
    }
  }

  /** Selects line `line` of the pasted pattern and scrolls it into view: where an issue or a section line is. */
  function showLine(line: number) {
    const area = originalRef.current;
    if (!area) return;
    const [start, end] = lineRange(area.value, line);
    area.focus({ preventScroll: true });
    area.setSelectionRange(start, end);
    const lineHeight = parseFloat(getComputedStyle(area).lineHeight) || 20;
    area.scrollTop = Math.max(0, (line - 1) * lineHeight - area.clientHeight / 3);
    area.scrollIntoView({ block: "nearest", behavior: "smooth" });
  }

  /** The seller accepts the computed count: the line changes in their own text, which is checked again. */
  async function applyComputed(issue: TechEditIssue) {
    if (!wizard || !issue.replacement || running) return;
    const text = replaceLine(original, issue.line, issue.replacement);
    update({ originalPattern: text });
    setApplied({ line: issue.line, count: issue.computed ?? 0 });
    await optimize(text);
    showLine(issue.line);
  }

  function next() {
    if (!wizard || !optimized) return;
    const state: WizardNavigationState = { optimizedPattern: optimized, originalPattern: wizard.optimizedFrom || original };
    navigate("/review", { state });
  }

  const output = status.kind === "error" ? status.text : optimized;

  return (
    <>
      <PageHeader title={t("wizard.optimize.title")} description={t("wizard.optimize.description")} />
      <WizardProgress step={1} />

      <Card className="mb-6 py-5">
        <CardContent className="px-5 sm:px-6">
          {wizard ? (
            <WizardOptions value={wizard.choices} onChange={(choices) => update({ choices, formattedFrom: "" })} disabled={running} />
          ) : (
            <div className="grid gap-4 sm:grid-cols-3">
              {[0, 1, 2].map((i) => (
                <Skeleton key={i} className="h-14" />
              ))}
            </div>
          )}
        </CardContent>
      </Card>

      <div className="grid grid-cols-[minmax(0,1fr)] items-stretch gap-6 md:grid-cols-2">
        <Card>
          <CardHeader>
            <CardTitle>
              <Label htmlFor={originalId} className="text-base">
                {t("wizard.original.title")}
              </Label>
            </CardTitle>
            <CardDescription>{t("wizard.original.subtitle")}</CardDescription>
            <CardAction>
              <Button type="button" variant="ghost" size="sm" disabled={running || !wizard} onClick={() => update({ originalPattern: examplePattern(language) })} data-testid="paste-example">
                <ClipboardPasteIcon aria-hidden="true" />
                <span className="hidden sm:inline">{t("wizard.original.example")}</span>
                <span className="sr-only sm:hidden">{t("wizard.original.example")}</span>
              </Button>
            </CardAction>
          </CardHeader>
          <CardContent className="grid grid-cols-1 gap-2">
            {wizard ? (
              <Textarea
                id={originalId}
                ref={originalRef}
                value={original}
                onChange={(e) => {
                  setApplied(null);
                  update({ originalPattern: e.target.value });
                }}
                placeholder={t("wizard.original.placeholder")}
                maxLength={WIZARD_LIMITS.patternMax}
                spellCheck={false}
                aria-describedby={hintId}
                className={cn(PANE_HEIGHT, "resize-y font-mono text-[13px] leading-relaxed md:text-[13px]")}
                readOnly={running}
                data-testid="original-pattern"
              />
            ) : (
              <Skeleton className="h-72 md:h-[30rem]" />
            )}
            <div id={hintId} className="flex flex-wrap justify-between gap-2 text-xs text-muted-foreground">
              <span>{blank ? t("wizard.optimize.blankHint") : ""}</span>
              <span className="tabular-nums">{t("wizard.original.count", { count: original.length })}</span>
            </div>
          </CardContent>
        </Card>

        <Card>
          <CardHeader>
            <CardTitle>
              <Label htmlFor={outputId} className="text-base">
                {t("wizard.optimized.title")}
              </Label>
            </CardTitle>
            <CardDescription>{t("wizard.optimized.subtitle")}</CardDescription>
            {hasResult && (
              <CardAction>
                <CopyButton text={optimized} label={t("wizard.optimized.copy")} />
              </CardAction>
            )}
          </CardHeader>
          <CardContent className="grid grid-cols-1 gap-2">
            {running ? (
              <div className={cn(PANE_HEIGHT, "grid content-start gap-3 rounded-md border p-3")} aria-busy="true" data-testid="optimize-running">
                <Skeleton className="h-5 w-2/3" />
                <Skeleton className="h-4 w-full" />
                <Skeleton className="h-4 w-5/6" />
                <Skeleton className="mt-3 h-4 w-1/3" />
                <Skeleton className="h-4 w-full" />
                <Skeleton className="h-4 w-11/12" />
                <Skeleton className="h-4 w-4/5" />
                <Skeleton className="h-4 w-full" />
                <Skeleton className="mt-3 h-4 w-1/3" />
                <Skeleton className="h-4 w-3/4" />
              </div>
            ) : (
              <Textarea
                id={outputId}
                value={output}
                readOnly
                placeholder={t("wizard.optimized.placeholder")}
                aria-invalid={status.kind === "error" ? true : undefined}
                className={cn(PANE_HEIGHT, "resize-none bg-muted/40 font-mono text-[13px] leading-relaxed md:text-[13px] dark:bg-muted/20", status.kind === "error" && "text-destructive")}
                data-testid="optimized-output"
              />
            )}
            <div className="flex min-h-5 flex-wrap items-center justify-between gap-2 text-xs" aria-live="polite" data-testid="optimize-status">
              {running && <span className="text-muted-foreground">{t("wizard.optimized.running")}</span>}
              {stale && <span className="text-warning-foreground dark:text-warning">{t("wizard.optimized.stale")}</span>}
              {status.kind === "done" && !stale && <span className="text-muted-foreground">{t("wizard.optimized.done")}</span>}
              {status.kind === "done" && <ProviderBadge label={status.providerLabel} offline={status.offline} />}
            </div>
          </CardContent>
        </Card>

        {check && hasResult && !stale && (
          <>
            <Card data-testid="tech-edit-card">
              <CardHeader>
                <CardTitle className="text-base">{t("wizard.tech.title")}</CardTitle>
                <CardDescription>{t("wizard.tech.subtitle")}</CardDescription>
              </CardHeader>
              <CardContent className="grid gap-3">
                {applied && (
                  <p className="text-xs text-success" role="status" data-testid="tech-applied">
                    {t("wizard.tech.applied", { line: applied.line, count: applied.count })}
                  </p>
                )}
                <TechEditReportView report={check.techEdit} onShowLine={showLine} onUseComputed={(issue) => void applyComputed(issue)} busy={running} />
              </CardContent>
            </Card>
            <Card data-testid="sections-card">
              <CardHeader>
                <CardTitle className="text-base">{t("wizard.sections.title")}</CardTitle>
                <CardDescription>{t("wizard.sections.subtitle")}</CardDescription>
              </CardHeader>
              <CardContent className="max-h-[32rem] overflow-y-auto">
                <SectionOutline sections={check.sections} onShowLine={showLine} />
              </CardContent>
            </Card>
          </>
        )}
      </div>

      <WizardActions>
        <Button
          type="button"
          size="lg"
          variant={hasResult && !stale ? "outline" : "default"}
          onClick={() => void optimize()}
          disabled={blank || running || !wizard}
          aria-busy={running || undefined}
          data-testid="optimize-button"
        >
          <SparklesIcon className={running ? "animate-pulse" : undefined} aria-hidden="true" />
          {running ? t("wizard.optimize.busy") : t("wizard.optimize.button")}
        </Button>
        {hasResult && (
          <Button type="button" size="lg" variant={stale ? "outline" : "default"} onClick={next} data-testid="next-step">
            {t("wizard.next")}
            <ArrowRightIcon aria-hidden="true" />
          </Button>
        )}
      </WizardActions>
    </>
  );
}
