import { toPlainDescription } from "../../../schema/plain-text";
import { cn } from "~/lib/utils";

/**
 * A listing description as the seller pastes it: plain text, as Etsy's, eBay's and Amazon's
 * description fields take it (decision 0013). A description saved as Markdown or HTML before
 * descriptions were plain is shown converted, so what is shown is exactly what the copy button copies.
 * React renders it as text: nothing in it can run or link.
 */
export function PlainDescription({ children, className }: { children: string; className?: string }) {
  return (
    <div className={cn("text-sm leading-relaxed break-words whitespace-pre-wrap", className)} data-testid="plain-description">
      {toPlainDescription(children)}
    </div>
  );
}

export { toPlainDescription };
