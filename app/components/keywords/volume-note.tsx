import { BarChart3Icon, InfoIcon } from "lucide-react";
import type { VolumeSummary } from "../../../schema/api/keywords";
import { useT } from "~/lib/i18n";

/**
 * Under the keyword table: where the monthly searches come from, or why there are none and how to turn
 * them on. An answer from before volumes existed reads as "off".
 */
export function VolumeNote({ volumes, anySampleRows }: { volumes: VolumeSummary | undefined; anySampleRows: boolean }) {
  const t = useT();
  const summary = volumes ?? { status: "off", source: null, reason: null };
  if (summary.status === "live" && summary.source) {
    return (
      <div className="grid gap-1 text-xs text-muted-foreground" data-testid="volume-source">
        <p className="flex items-start gap-1.5">
          <BarChart3Icon className="mt-0.5 size-3.5 shrink-0" aria-hidden="true" />
          {summary.source.startsWith("Amazon") ? t("volume.sourceAmazon", { source: summary.source }) : t("volume.source", { source: summary.source })}
        </p>
        {anySampleRows && <p>{t("volume.sampleRows", { source: summary.source })}</p>}
      </div>
    );
  }
  const title = summary.status === "off" ? t("volume.offTitle") : summary.status === "failed" ? t("volume.failedTitle") : t("volume.unsupportedTitle");
  return (
    <div className="flex gap-2 rounded-lg border border-dashed p-3 text-xs text-muted-foreground" data-testid={summary.status === "off" ? "volume-off" : "volume-unavailable"} role="note">
      <InfoIcon className="mt-0.5 size-3.5 shrink-0" aria-hidden="true" />
      <div className="grid gap-1">
        <p className="font-medium text-foreground">{title}</p>
        <p>{summary.status === "off" ? t("volume.offHint") : summary.reason}</p>
      </div>
    </div>
  );
}
