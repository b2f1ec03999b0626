import type { Grade } from "../../../shared/audit";
import { Badge } from "~/components/ui/badge";
import { useT } from "~/lib/i18n";
import { cn } from "~/lib/utils";

export const GRADES: readonly Grade[] = ["A", "B", "C", "D", "F"];

/** The colour family of a grade, shared by the badge and the grade chart. */
export const GRADE_TONE: Record<Grade, { badge: "success" | "warning" | "destructive"; bar: string }> = {
  A: { badge: "success", bar: "bg-success" },
  B: { badge: "success", bar: "bg-success/70" },
  C: { badge: "warning", bar: "bg-warning" },
  D: { badge: "warning", bar: "bg-warning/70" },
  F: { badge: "destructive", bar: "bg-destructive" },
};

/** A score with its grade: "72 · C", read out as "Score 72 of 100, grade C". */
export function GradeBadge({ score, grade, className }: { score?: number; grade: Grade; className?: string }) {
  const t = useT();
  return (
    <span className={cn("inline-flex items-center gap-1.5", className)} data-testid="grade-badge" data-grade={grade}>
      {score !== undefined && (
        <span className="tabular-nums font-medium" aria-hidden="true">
          {score}
        </span>
      )}
      <Badge variant={GRADE_TONE[grade].badge} className="min-w-6 font-semibold" aria-hidden="true">
        {grade}
      </Badge>
      <span className="sr-only">{score !== undefined ? t("shop.score.label", { score, grade }) : t("shop.grade.label", { grade })}</span>
    </span>
  );
}
