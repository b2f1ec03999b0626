import { ChevronsLeftRightIcon } from "lucide-react";
import { useState } from "react";
import { useT } from "~/lib/i18n";
import { cn } from "~/lib/utils";

/** Shows transparent areas as a checkerboard, in theme colours. */
export const CHECKERBOARD = "bg-[repeating-conic-gradient(var(--muted)_0_25%,var(--card)_0_50%)] bg-[length:20px_20px]";

/**
 * Before/after comparison: the edited image underneath, the original on top clipped to the left of
 * the split. A native range input (transparent, over the picture) moves the split, so dragging,
 * clicking, arrow keys, Home/End and screen readers all work.
 */
export function CompareSlider({ before, after, width, height, className }: { before: string; after: string; width?: number; height?: number; className?: string }) {
  const t = useT();
  const [split, setSplit] = useState(50);
  const [natural, setNatural] = useState<{ w: number; h: number } | null>(null);
  const ratio = width && height ? `${width} / ${height}` : natural ? `${natural.w} / ${natural.h}` : "1 / 1";
  return (
    <div className={cn("grid gap-2", className)} data-testid="compare-slider">
      <div className={cn("relative mx-auto w-full max-h-[70vh] overflow-hidden rounded-lg border select-none", CHECKERBOARD)} style={{ aspectRatio: ratio }}>
        <img
          src={after}
          alt={t("images.compare.afterAlt")}
          className="absolute inset-0 size-full object-contain"
          draggable={false}
          onLoad={(event) => setNatural({ w: event.currentTarget.naturalWidth, h: event.currentTarget.naturalHeight })}
        />
        <div className="absolute inset-0" style={{ clipPath: `inset(0 ${100 - split}% 0 0)` }} aria-hidden="true">
          <img src={before} alt="" className="size-full object-contain" draggable={false} />
        </div>
        <input
          type="range"
          min={0}
          max={100}
          step={1}
          value={split}
          onChange={(event) => setSplit(Number(event.target.value))}
          aria-label={t("images.compare.label")}
          aria-valuetext={t("images.compare.valueText", { before: split, after: 100 - split })}
          className="peer absolute inset-0 z-10 size-full cursor-ew-resize appearance-none opacity-0"
          data-testid="compare-range"
        />
        <div className="pointer-events-none absolute inset-y-0 w-0.5 -translate-x-1/2 bg-background shadow-[0_0_0_1px_var(--border)]" style={{ left: `${split}%` }} aria-hidden="true" />
        <div
          className="pointer-events-none absolute top-1/2 flex size-9 -translate-x-1/2 -translate-y-1/2 items-center justify-center rounded-full border bg-background text-foreground shadow-md peer-focus-visible:ring-[3px] peer-focus-visible:ring-ring"
          style={{ left: `${split}%` }}
          aria-hidden="true"
        >
          <ChevronsLeftRightIcon className="size-4" />
        </div>
        <span className="pointer-events-none absolute left-2 top-2 rounded bg-background/85 px-2 py-0.5 text-xs font-medium shadow-sm" aria-hidden="true">
          {t("images.compare.before")}
        </span>
        <span className="pointer-events-none absolute right-2 top-2 rounded bg-background/85 px-2 py-0.5 text-xs font-medium shadow-sm" aria-hidden="true">
          {t("images.compare.after")}
        </span>
      </div>
      <p className="text-center text-xs text-muted-foreground">{t("images.compare.hint")}</p>
    </div>
  );
}
