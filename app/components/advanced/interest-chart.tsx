import { useRef, useState, type KeyboardEvent } from "react";
import { useI18n } from "~/lib/i18n";
import { cn } from "~/lib/utils";

interface TimelinePoint {
  date: string;
  value: number;
}

/** "2026-03-01" in the reader's language; dates are calendar days, so UTC keeps them from shifting. */
function formatDay(date: string, language: string) {
  const d = new Date(`${date.slice(0, 10)}T00:00:00Z`);
  if (Number.isNaN(d.getTime())) return date;
  return new Intl.DateTimeFormat(language === "tr" ? "tr-TR" : "en-US", { month: "short", day: "numeric", year: "numeric", timeZone: "UTC" }).format(d);
}

/**
 * Interest Over Time as a bar chart drawn with plain elements (no chart library): one bar per point,
 * 12 months ago on the left and today on the right. Each bar is a button named "date: value"; the
 * chart is one tab stop and the arrow keys move between bars (roving tabindex), and hovering or
 * focusing a bar shows its value. The same data is also a visually hidden table for screen readers.
 */
export function InterestChart({ keyword, points, average }: { keyword: string; points: TimelinePoint[]; average: number }) {
  const { t, language } = useI18n();
  const [active, setActive] = useState<number | null>(null);
  const [focusIndex, setFocusIndex] = useState(() => Math.max(0, points.length - 1));
  const bars = useRef<(HTMLButtonElement | null)[]>([]);
  const peak = points.reduce((best, p, i) => (p.value > (points[best]?.value ?? -1) ? i : best), 0);

  if (points.length === 0) return <p className="py-8 text-center text-sm text-muted-foreground">{t("advanced.chart.empty")}</p>;

  const move = (to: number) => {
    const next = Math.min(points.length - 1, Math.max(0, to));
    setFocusIndex(next);
    setActive(next);
    bars.current[next]?.focus();
  };
  const onKeyDown = (event: KeyboardEvent) => {
    const keys: Record<string, number> = { ArrowLeft: focusIndex - 1, ArrowRight: focusIndex + 1, ArrowDown: focusIndex - 1, ArrowUp: focusIndex + 1, Home: 0, End: points.length - 1 };
    if (event.key in keys) {
      event.preventDefault();
      move(keys[event.key]);
    }
  };

  const shown = active === null ? null : points[active];
  const leftPercent = active === null ? 0 : ((active + 0.5) / points.length) * 100;
  const avg = Math.max(0, Math.min(100, average));

  return (
    <figure className="grid gap-2" data-testid="interest-chart">
      <div className="flex gap-2">
        {/* Y axis: interest is relative, 0 to 100. */}
        <div className="relative h-48 w-7 shrink-0 text-right text-[11px] leading-none text-muted-foreground tabular-nums sm:h-56" aria-hidden="true">
          <span className="absolute top-0 right-0 -translate-y-1/2">100</span>
          <span className="absolute top-1/2 right-0 -translate-y-1/2">50</span>
          <span className="absolute right-0 bottom-0 translate-y-1/2">0</span>
        </div>
        <div className="relative h-48 min-w-0 flex-1 sm:h-56">
          <div className="pointer-events-none absolute inset-0" aria-hidden="true">
            <div className="absolute inset-x-0 top-0 border-t border-border" />
            <div className="absolute inset-x-0 top-1/2 border-t border-dashed border-border" />
            <div className="absolute inset-x-0 bottom-0 border-t border-border" />
            <div className="absolute inset-x-0 z-10 border-t-2 border-dashed border-foreground/40" style={{ bottom: `${avg}%` }} title={t("advanced.chart.averageLine", { value: Math.round(avg) })} />
          </div>
          <div
            role="group"
            aria-label={t("advanced.chart.label", { keyword })}
            aria-describedby="interest-chart-hint"
            className="relative flex h-full items-end gap-px sm:gap-0.5"
            onKeyDown={onKeyDown}
            onMouseLeave={() => setActive(null)}
          >
            {points.map((point, i) => {
              const label = t("advanced.chart.bar", { date: formatDay(point.date, language), value: point.value });
              return (
                <button
                  key={`${point.date}-${i}`}
                  ref={(el) => {
                    bars.current[i] = el;
                  }}
                  type="button"
                  tabIndex={i === focusIndex ? 0 : -1}
                  aria-label={label}
                  data-testid="chart-bar"
                  onMouseEnter={() => setActive(i)}
                  onFocus={() => {
                    setFocusIndex(i);
                    setActive(i);
                  }}
                  onBlur={() => setActive((a) => (a === i ? null : a))}
                  className="group relative flex h-full min-w-0 flex-1 items-end rounded-t-sm outline-none focus-visible:ring-2 focus-visible:ring-ring"
                >
                  <span
                    className={cn(
                      "block w-full rounded-t-sm transition-colors",
                      i === peak ? "bg-primary" : "bg-primary/55 dark:bg-primary/60",
                      active === i && "bg-primary",
                      "group-hover:bg-primary",
                    )}
                    style={{ height: `${Math.max(1.5, Math.min(100, point.value))}%` }}
                  />
                </button>
              );
            })}
          </div>
          {shown && (
            <div
              className={cn(
                "pointer-events-none absolute -top-2 z-20 -translate-y-full rounded-md border bg-popover px-2 py-1 text-xs whitespace-nowrap text-popover-foreground shadow-md",
                leftPercent < 15 ? "translate-x-0" : leftPercent > 85 ? "-translate-x-full" : "-translate-x-1/2",
              )}
              style={{ left: `${leftPercent}%` }}
              aria-hidden="true"
              data-testid="chart-tooltip"
            >
              <span className="text-muted-foreground">{formatDay(shown.date, language)}</span> <span className="font-semibold tabular-nums">{shown.value}</span>
            </div>
          )}
        </div>
      </div>
      <div className="flex justify-between pl-9 text-xs text-muted-foreground" aria-hidden="true">
        <span>{t("advanced.chart.start")}</span>
        <span>{t("advanced.chart.end")}</span>
      </div>
      <figcaption id="interest-chart-hint" className="pl-9 text-xs text-muted-foreground">
        {t("advanced.chart.hint")}
      </figcaption>
      <table className="sr-only">
        <caption>{t("advanced.chart.tableCaption", { keyword })}</caption>
        <thead>
          <tr>
            <th scope="col">{t("advanced.chart.date")}</th>
            <th scope="col">{t("advanced.chart.interest")}</th>
          </tr>
        </thead>
        <tbody>
          {points.map((point, i) => (
            <tr key={`${point.date}-${i}`}>
              <td>{formatDay(point.date, language)}</td>
              <td>{point.value}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </figure>
  );
}
