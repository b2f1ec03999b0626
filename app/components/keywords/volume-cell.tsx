import { useI18n } from "~/lib/i18n";
import { cn } from "~/lib/utils";
import type { KeywordRow } from "./keyword-model";
import { Sparkline } from "./sparkline";

/** 12,000 as "12K" in the reader's language; the exact figure is in the title. */
export function compactNumber(n: number, language: string) {
  return new Intl.NumberFormat(language === "tr" ? "tr-TR" : "en-US", { notation: "compact", maximumFractionDigits: 1 }).format(n);
}

/**
 * A row's measured monthly searches with its 12-month sparkline; "Not available" when no provider
 * measured it, "No data" when the provider has no figure for the phrase. Nothing is ever estimated.
 */
export function VolumeCell({ row, compact = false }: { row: Pick<KeywordRow, "searchVolume" | "volumeSource" | "monthlySearches">; compact?: boolean }) {
  const { t, language } = useI18n();
  if (!row.volumeSource) {
    return (
      <span className="text-xs text-muted-foreground" data-testid="volume-cell" data-state="unavailable">
        {t("volume.notAvailable")}
      </span>
    );
  }
  if (row.searchVolume === null || row.searchVolume === undefined) {
    return (
      <span className="text-xs text-muted-foreground" data-testid="volume-cell" data-state="no-data">
        {t("volume.noData")}
      </span>
    );
  }
  const exact = new Intl.NumberFormat(language === "tr" ? "tr-TR" : "en-US").format(row.searchVolume);
  return (
    <span className={cn("inline-flex items-center gap-2", compact && "gap-1.5")} data-testid="volume-cell" data-state="live" data-volume={row.searchVolume} title={`${exact} · ${row.volumeSource}`}>
      <span className="font-medium tabular-nums">{compactNumber(row.searchVolume, language)}</span>
      {row.monthlySearches && <Sparkline months={row.monthlySearches} width={compact ? 44 : 64} height={compact ? 16 : 20} />}
    </span>
  );
}
