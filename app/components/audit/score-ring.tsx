import type { Grade } from "../../../shared/audit";
import { useT } from "~/lib/i18n";
import { cn } from "~/lib/utils";

/** The colour of each grade, for the ring here and for My Listings' lighter card ring. */
export const GRADE_COLOUR: Record<Grade, string> = {
  A: "text-success",
  B: "text-success",
  C: "text-warning",
  D: "text-warning",
  F: "text-destructive",
};

const SIZES = {
  sm: { box: 44, stroke: 4, score: "text-xs", grade: "hidden" },
  md: { box: 72, stroke: 6, score: "text-lg", grade: "text-[10px]" },
  lg: { box: 104, stroke: 8, score: "text-2xl", grade: "text-xs" },
} as const;

/** The audit score as a ring (0-100) with the grade; the whole figure is one labelled image. */
export function ScoreRing({ score, grade, size = "md", className }: { score: number; grade: Grade; size?: keyof typeof SIZES; className?: string }) {
  const t = useT();
  const { box, stroke, score: scoreText, grade: gradeText } = SIZES[size];
  const radius = (box - stroke) / 2;
  const circumference = 2 * Math.PI * radius;
  const clamped = Math.max(0, Math.min(100, score));
  return (
    <div
      role="img"
      aria-label={t("audit.score.label", { score: clamped, grade })}
      className={cn("relative inline-grid shrink-0 place-items-center", GRADE_COLOUR[grade], className)}
      style={{ width: box, height: box }}
      data-testid="score-ring"
      data-score={clamped}
      data-grade={grade}
    >
      <svg width={box} height={box} viewBox={`0 0 ${box} ${box}`} className="-rotate-90" aria-hidden="true">
        <circle cx={box / 2} cy={box / 2} r={radius} fill="none" stroke="currentColor" strokeOpacity={0.15} strokeWidth={stroke} />
        <circle
          cx={box / 2}
          cy={box / 2}
          r={radius}
          fill="none"
          stroke="currentColor"
          strokeWidth={stroke}
          strokeLinecap="round"
          strokeDasharray={circumference}
          strokeDashoffset={circumference * (1 - clamped / 100)}
          className="transition-[stroke-dashoffset] duration-500 motion-reduce:transition-none"
        />
      </svg>
      <span className="absolute inset-0 grid place-content-center text-center leading-none" aria-hidden="true">
        <span className={cn("font-semibold tabular-nums text-foreground", scoreText)}>{clamped}</span>
        <span className={cn("mt-0.5 font-medium", gradeText)}>{grade}</span>
      </span>
    </div>
  );
}
