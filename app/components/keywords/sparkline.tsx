import type { MonthlySearch } from "../../../schema/api/keywords";
import { useI18n } from "~/lib/i18n";
import { cn } from "~/lib/utils";

/** "Mar 2026" in the reader's language. */
export function monthLabel(m: Pick<MonthlySearch, "year" | "month">, language: string) {
  return new Intl.DateTimeFormat(language === "tr" ? "tr-TR" : "en-US", { month: "short", year: "numeric", timeZone: "UTC" }).format(new Date(Date.UTC(m.year, m.month - 1, 1)));
}

/**
 * Twelve months of searches as a small inline SVG line (oldest left). A month without a figure breaks
 * the line rather than drawing a zero. The image's name reads every month's figure aloud.
 */
export function Sparkline({ months, className, width = 64, height = 20 }: { months: MonthlySearch[]; className?: string; width?: number; height?: number }) {
  const { t, language } = useI18n();
  const values = months.map((m) => m.searches);
  const known = values.filter((v): v is number => v !== null);
  if (months.length < 2 || known.length < 2) return null;
  const max = Math.max(...known);
  const min = Math.min(...known);
  const span = max - min || 1;
  const pad = 2;
  const x = (i: number) => pad + (i * (width - 2 * pad)) / (months.length - 1);
  const y = (v: number) => height - pad - ((v - min) / span) * (height - 2 * pad);
  const segments: string[] = [];
  let current = "";
  values.forEach((v, i) => {
    if (v === null) {
      if (current) segments.push(current);
      current = "";
      return;
    }
    current += `${current ? " L" : "M"}${x(i).toFixed(1)},${y(v).toFixed(1)}`;
  });
  if (current) segments.push(current);
  const number = new Intl.NumberFormat(language === "tr" ? "tr-TR" : "en-US");
  const label = t("volume.sparkline", {
    from: monthLabel(months[0], language),
    to: monthLabel(months[months.length - 1], language),
    values: months.map((m) => `${monthLabel(m, language)} ${m.searches === null ? "–" : number.format(m.searches)}`).join(", "),
  });
  const lastIndex = values.length - 1 - [...values].reverse().findIndex((v) => v !== null);
  return (
    <svg
      role="img"
      aria-label={label}
      viewBox={`0 0 ${width} ${height}`}
      width={width}
      height={height}
      className={cn("shrink-0 overflow-visible text-primary", className)}
      data-testid="volume-sparkline"
      data-points={values.map((v) => (v === null ? "" : v)).join(",")}
    >
      <title>{label}</title>
      {segments.map((d) => (
        <path key={d} d={d} fill="none" stroke="currentColor" strokeWidth={1.5} strokeLinejoin="round" strokeLinecap="round" />
      ))}
      {lastIndex >= 0 && values[lastIndex] !== null && <circle cx={x(lastIndex)} cy={y(values[lastIndex] as number)} r={1.8} fill="currentColor" />}
    </svg>
  );
}
