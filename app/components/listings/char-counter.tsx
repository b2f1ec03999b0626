import { useT } from "~/lib/i18n";
import { cn } from "~/lib/utils";

/** 'n/max' against a marketplace limit; turns destructive past the limit. */
export function CharCounter({ count, max, className }: { count: number; max: number; className?: string }) {
  const t = useT();
  const over = count > max;
  return (
    <span
      className={cn("shrink-0 text-xs tabular-nums", over ? "font-medium text-destructive" : "text-muted-foreground", className)}
      title={t("listing.charsLabel", { count, max })}
      aria-label={t("listing.charsLabel", { count, max })}
      data-over={over ? "true" : undefined}
    >
      {t("listing.chars", { count, max })}
    </span>
  );
}

/** Characters as a seller counts them (a Turkish ğ or an emoji is one). */
export const charCount = (text: string) => [...text].length;
