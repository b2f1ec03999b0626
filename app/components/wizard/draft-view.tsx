import type { ReactNode } from "react";
import { cn } from "~/lib/utils";

/**
 * The formatted draft as a document: headings, lists and one instruction per line. Drafts put each
 * round on its own line without blank lines between, which markdown would merge into one paragraph,
 * so this reads the formatter's small layout line by line. Text only: nothing is parsed as HTML.
 */
const STEP_LABEL =
  /^((?:R|Rnds?|Rounds?|Rows?|Steps?|Tur|Turlar|Sıra|Sıralar|Adım|Adımlar)\s*\d[\d\s,–-]*(?:R?\d+)?(?:\s*\((?:RS|WS)\))?|\d+(?:\s*[-–]\s*\d+)?\.\s*(?:tur|sıra)(?:lar)?|Next (?:round|rnd|row))\s*:\s*/iu;
/** A stated stitch count at the end of a round: "(18)", "[12]", "- 18 sts", "(18 sts)". */
const STATED = /\s+((?:[([{]\s*\d+[^()[\]{}]{0,40}[)\]}]|[-–—=]\s*\d+\s*(?:sts?|stitches|ilmek)|\d+\s*(?:sts?|stitches|ilmek))\.?)$/iu;

type Block =
  | { kind: "title"; text: string }
  | { kind: "subtitle"; text: string }
  | { kind: "section"; text: string }
  | { kind: "part"; text: string }
  | { kind: "list"; items: string[] }
  | { kind: "line"; text: string };

export function parseDraft(text: string): Block[] {
  const blocks: Block[] = [];
  let afterTitle = false;
  for (const raw of text.split(/\r?\n/)) {
    const line = raw.trimEnd();
    if (!line.trim()) {
      afterTitle = false;
      continue;
    }
    const heading = /^(#{1,6})\s+(.*)$/.exec(line);
    if (heading) {
      const level = heading[1].length;
      blocks.push({ kind: level === 1 ? "title" : level === 2 ? "section" : "part", text: heading[2] });
      afterTitle = level === 1;
      continue;
    }
    if (afterTitle) {
      blocks.push({ kind: "subtitle", text: line.trim() });
      afterTitle = false;
      continue;
    }
    const item = /^\s*[-*•]\s+(.*)$/.exec(line);
    if (item) {
      const last = blocks[blocks.length - 1];
      if (last?.kind === "list") last.items.push(item[1]);
      else blocks.push({ kind: "list", items: [item[1]] });
      continue;
    }
    blocks.push({ kind: "line", text: line.trim() });
  }
  return blocks;
}

/** A round with its label in bold and its stated count set apart at the end, as in the PDF; the text stays whole. */
function Instruction({ text }: { text: string }) {
  const label = STEP_LABEL.exec(text);
  if (!label) return <>{text}</>;
  const rest = text.slice(label[0].length);
  const count = STATED.exec(rest);
  const head = text.slice(0, label[0].length).trimEnd();
  return (
    <>
      <span className="font-semibold">{head}</span> {count ? rest.slice(0, count.index) : rest}
      {count && (
        <>
          {" "}
          <span className="float-right ml-3 font-medium text-primary tabular-nums" data-testid="stated-count">
            {count[1]}
          </span>
        </>
      )}
    </>
  );
}

export function DraftView({ text, className }: { text: string; className?: string }) {
  const blocks = parseDraft(text);
  const out: ReactNode[] = blocks.map((block, index) => {
    switch (block.kind) {
      case "title":
        return (
          <h2 key={index} className="text-xl font-semibold tracking-tight">
            {block.text}
          </h2>
        );
      case "subtitle":
        return (
          <p key={index} className="-mt-1 text-sm text-muted-foreground">
            {block.text}
          </p>
        );
      case "section":
        return (
          <h3 key={index} className="mt-5 border-b pb-1 text-sm font-semibold tracking-wide text-primary uppercase">
            {block.text}
          </h3>
        );
      case "part":
        return (
          <h4 key={index} className="mt-3 text-sm font-semibold">
            {block.text}
          </h4>
        );
      case "list":
        return (
          <ul key={index} className="mt-1 list-disc space-y-0.5 pl-5">
            {block.items.map((item, i) => (
              <li key={i}>{item}</li>
            ))}
          </ul>
        );
      default:
        return (
          <p key={index} className="mt-1 leading-relaxed">
            <Instruction text={block.text} />
          </p>
        );
    }
  });
  return <div className={cn("text-sm break-words", className)}>{out}</div>;
}
