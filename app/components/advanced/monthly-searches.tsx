import type { AdvancedAnalysis } from "../../../schema/api/keywords";
import { compactNumber } from "~/components/keywords/volume-cell";
import { monthLabel } from "~/components/keywords/sparkline";
import { VolumeNote } from "~/components/keywords/volume-note";
import { useI18n } from "~/lib/i18n";

/**
 * The keyword's absolute searches per month (Google Ads via DataForSEO), beside the relative interest:
 * a 12-bar chart, the average and the busiest month, and the same figures as a table for screen
 * readers. Without a provider it says so and how to turn it on; nothing is estimated.
 */
export function MonthlySearches({ volumes }: { volumes: AdvancedAnalysis["searchVolumes"] }) {
  const { t, language } = useI18n();
  if (!volumes || volumes.status !== "live" || !volumes.source) return <VolumeNote volumes={volumes} anySampleRows={false} />;
  const months = volumes.monthlySearches ?? [];
  const known = months.filter((m) => m.searches !== null) as { year: number; month: number; searches: number }[];
  const number = new Intl.NumberFormat(language === "tr" ? "tr-TR" : "en-US");
  if (volumes.searchVolume === null && known.length === 0) {
    return (
      <p className="text-sm text-muted-foreground" data-testid="monthly-no-data">
        {t("volume.noData")} · {volumes.source}
      </p>
    );
  }
  const max = Math.max(1, ...known.map((m) => m.searches));
  const peak = known.reduce<(typeof known)[number] | null>((best, m) => (!best || m.searches > best.searches ? m : best), null);
  return (
    <div className="grid gap-4" data-testid="monthly-searches">
      <div className="flex h-36 items-end gap-1 sm:gap-2" aria-hidden="true">
        {months.map((m) => (
          <div key={`${m.year}-${m.month}`} className="flex h-full min-w-0 flex-1 flex-col items-center justify-end gap-1">
            <div
              className="w-full rounded-t bg-primary/80"
              style={{ height: `${m.searches === null ? 0 : Math.max(2, (m.searches / max) * 100)}%` }}
              title={`${monthLabel(m, language)}: ${m.searches === null ? "–" : number.format(m.searches)}`}
              data-testid="monthly-bar"
              data-value={m.searches ?? ""}
            />
            <span className="w-full truncate text-center text-[10px] text-muted-foreground">{monthLabel(m, language).split(" ")[0]}</span>
          </div>
        ))}
      </div>
      <table className="sr-only">
        <caption>{t("volume.advanced.table")}</caption>
        <thead>
          <tr>
            <th scope="col">{t("volume.advanced.month")}</th>
            <th scope="col">{t("volume.advanced.searches")}</th>
          </tr>
        </thead>
        <tbody>
          {months.map((m) => (
            <tr key={`${m.year}-${m.month}`}>
              <td>{monthLabel(m, language)}</td>
              <td>{m.searches === null ? "–" : number.format(m.searches)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <dl className="grid grid-cols-2 gap-4 rounded-lg bg-muted/50 p-4 text-center">
        <div className="grid gap-1" data-testid="monthly-average">
          <dt className="text-xs text-muted-foreground">{t("volume.advanced.average")}</dt>
          <dd className="text-xl font-semibold tabular-nums" title={volumes.searchVolume === null ? undefined : number.format(volumes.searchVolume)}>
            {volumes.searchVolume === null ? "–" : compactNumber(volumes.searchVolume, language)}
          </dd>
        </div>
        <div className="grid gap-1" data-testid="monthly-peak">
          <dt className="text-xs text-muted-foreground">{t("volume.advanced.peak")}</dt>
          <dd className="text-xl font-semibold tabular-nums">{peak ? `${monthLabel(peak, language)} · ${compactNumber(peak.searches, language)}` : "–"}</dd>
        </div>
      </dl>
      <p className="text-xs text-muted-foreground" data-testid="monthly-source">
        {t("volume.advanced.caption", { source: volumes.source })}
      </p>
    </div>
  );
}
