import type { DiffPart } from "~/lib/diff";
import { useT } from "~/lib/i18n";
import { cn } from "~/lib/utils";

/**
 * One side of a before/after text: the old side marks what the proposal deletes, the new side what
 * it inserts. <del>/<ins> carry the meaning; a hidden word names it for screen readers.
 */
export function TextDiff({ parts, side, className, testId }: { parts: readonly DiffPart[]; side: "before" | "after"; className?: string; testId?: string }) {
  const t = useT();
  return (
    <div className={cn("text-sm leading-relaxed break-words whitespace-pre-wrap", className)} data-testid={testId}>
      {parts.map((part, index) => {
        if (part.op === "equal") return <span key={index}>{part.text}</span>;
        if (side === "before" && part.op === "delete")
          return (
            <del key={index} className="rounded-sm bg-destructive/15 text-destructive line-through decoration-destructive/60 dark:bg-destructive/25 dark:text-red-300">
              <span className="sr-only">{t("shop.diff.deleted")} </span>
              {part.text}
            </del>
          );
        if (side === "after" && part.op === "insert")
          return (
            <ins key={index} className="rounded-sm bg-success/15 text-success no-underline dark:bg-success/25 dark:text-green-300">
              <span className="sr-only">{t("shop.diff.inserted")} </span>
              {part.text}
            </ins>
          );
        return null;
      })}
    </div>
  );
}
