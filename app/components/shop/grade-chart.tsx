import type { Grade } from "../../../shared/audit";
import { Link } from "react-router";
import { useT } from "~/lib/i18n";
import { cn } from "~/lib/utils";
import { GRADES, GRADE_TONE } from "./grade-badge";

/**
 * Listings per grade as a small bar chart. Each bar is a link that filters the table to that grade;
 * the figure's label reads the whole distribution, each link its own bar.
 */
export function GradeChart({ grades, hrefFor, className }: { grades: Record<Grade, number>; hrefFor?: (grade: Grade) => string; className?: string }) {
  const t = useT();
  const highest = Math.max(1, ...GRADES.map((g) => grades[g] ?? 0));
  return (
    <figure className={cn("grid gap-2", className)} data-testid="grade-chart">
      <figcaption className="text-sm font-medium text-muted-foreground">{t("shop.chart.title")}</figcaption>
      <ul className="flex h-28 items-end gap-2" aria-label={t("shop.chart.summary", { A: grades.A ?? 0, B: grades.B ?? 0, C: grades.C ?? 0, D: grades.D ?? 0, F: grades.F ?? 0 })}>
        {GRADES.map((grade) => {
          const count = grades[grade] ?? 0;
          // A grade with listings always shows a sliver, so 1 of 500 is not an invisible bar.
          const height = count === 0 ? 0 : Math.max(6, Math.round((count / highest) * 100));
          const label = t(count === 1 ? "shop.chart.barOne" : "shop.chart.bar", { grade, count });
          const bar = (
            <>
              <span className="text-xs tabular-nums text-muted-foreground" aria-hidden="true">
                {count}
              </span>
              <span className="flex h-16 w-full items-end" aria-hidden="true">
                <span className={cn("w-full rounded-t-sm transition-[height]", GRADE_TONE[grade].bar, count === 0 && "h-px bg-border")} style={count ? { height: `${height}%` } : undefined} />
              </span>
              <span className="text-xs font-semibold" aria-hidden="true">
                {grade}
              </span>
            </>
          );
          return (
            <li key={grade} className="flex h-full flex-1 flex-col" data-testid={`grade-bar-${grade}`} data-count={count}>
              {hrefFor && count > 0 ? (
                <Link
                  to={hrefFor(grade)}
                  aria-label={label}
                  className="flex h-full flex-col items-center justify-end gap-1 rounded-md px-1 outline-none hover:bg-accent/60 focus-visible:ring-[3px] focus-visible:ring-ring/50"
                >
                  {bar}
                </Link>
              ) : (
                <span className="flex h-full flex-col items-center justify-end gap-1 px-1" role="img" aria-label={label}>
                  {bar}
                </span>
              )}
            </li>
          );
        })}
      </ul>
    </figure>
  );
}
