import { cn } from "~/lib/utils";
import type { PaperSize } from "~/lib/wizard";
import { DraftView } from "./draft-view";

/** Page width in CSS pixels at which the draft is laid out before it is scaled down to a thumbnail. */
const PAGE_WIDTH = 560;
const THUMB_WIDTH = 176;

/**
 * A thumbnail of the PDF's first page, drawn from the draft text. The PDF itself cannot be framed: the
 * app's CSP allows no blob: frames, and the file needs the bearer token. Decorative: the draft box
 * next to it holds the same text for reading.
 */
export function PagePreview({ text, paperSize, className }: { text: string; paperSize: PaperSize; className?: string }) {
  const ratio = paperSize === "letter" ? 11 / 8.5 : 297 / 210;
  const scale = THUMB_WIDTH / PAGE_WIDTH;
  return (
    <div
      className={cn("relative mx-auto overflow-hidden rounded-sm border bg-background shadow-md ring-1 ring-border/40", className)}
      style={{ width: THUMB_WIDTH, height: Math.round(THUMB_WIDTH * ratio) }}
      aria-hidden="true"
      data-testid="pdf-page-preview"
    >
      <div className="origin-top-left p-12" style={{ width: PAGE_WIDTH, transform: `scale(${scale})` }}>
        <DraftView text={text.split(/\r?\n/).slice(0, 60).join("\n")} />
      </div>
    </div>
  );
}
