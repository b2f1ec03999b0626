import Markdown, { type Components } from "react-markdown";
import { cn } from "~/lib/utils";

/**
 * Listing descriptions come from an AI provider or from the seller, so they are untrusted: raw HTML
 * is dropped (skipHtml), images are not shown, and a link keeps its address only when it is http(s)
 * or mailto. Everything else (javascript:, data:, vbscript:, relative paths) loses its href.
 */
const SAFE_PROTOCOLS = new Set(["http:", "https:", "mailto:"]);

export function safeUrl(url: string): string | null {
  // Browsers ignore tabs, line breaks and other control characters inside a scheme ("java\tscript:").
  const cleaned = url.replace(/[\u0000-\u0020\u007f-\u009f]/g, "");
  try {
    const parsed = new URL(cleaned);
    return SAFE_PROTOCOLS.has(parsed.protocol) ? parsed.href : null;
  } catch {
    return null;
  }
}

const components: Components = {
  a: ({ href, children }) =>
    href ? (
      <a href={href} target="_blank" rel="noopener noreferrer nofollow ugc" className="font-medium text-primary underline underline-offset-4">
        {children}
      </a>
    ) : (
      <span>{children}</span>
    ),
  h1: ({ children }) => <h3 className="mt-4 text-base font-semibold first:mt-0">{children}</h3>,
  h2: ({ children }) => <h3 className="mt-4 text-base font-semibold first:mt-0">{children}</h3>,
  h3: ({ children }) => <h4 className="mt-4 text-sm font-semibold first:mt-0">{children}</h4>,
  h4: ({ children }) => <h4 className="mt-3 text-sm font-semibold first:mt-0">{children}</h4>,
  p: ({ children }) => <p className="leading-relaxed [&:not(:first-child)]:mt-3">{children}</p>,
  ul: ({ children }) => <ul className="mt-2 list-disc space-y-1 pl-5">{children}</ul>,
  ol: ({ children }) => <ol className="mt-2 list-decimal space-y-1 pl-5">{children}</ol>,
  blockquote: ({ children }) => <blockquote className="mt-3 border-l-2 pl-4 text-muted-foreground italic">{children}</blockquote>,
  code: ({ children }) => <code className="rounded bg-muted px-1 py-0.5 font-mono text-[0.85em]">{children}</code>,
  pre: ({ children }) => <pre className="mt-3 overflow-x-auto rounded-md bg-muted p-3 text-xs">{children}</pre>,
  hr: () => <hr className="my-4 border-border" />,
};

export function SafeMarkdown({ children, className }: { children: string; className?: string }) {
  return (
    <div className={cn("text-sm break-words", className)} data-testid="safe-markdown">
      <Markdown skipHtml urlTransform={safeUrl} disallowedElements={["img"]} unwrapDisallowed={false} components={components}>
        {children}
      </Markdown>
    </div>
  );
}

/**
 * Whether a text has anything markdownToPlainText removes besides runs of white space: a tag, a link or
 * image, a heading, quote, list or rule mark at a line's start, emphasis or code. Most sellers' descriptions
 * have none, and a page of 50 cards was passing each through eleven replacements for nothing.
 */
const MARKDOWN_MARK = /[<[#>*_`]|^\s*(?:[-+]|\d+[.)])/m;

/** A description as one line of plain text, for previews (cards, clamps). */
export function markdownToPlainText(markdown: string): string {
  if (!MARKDOWN_MARK.test(markdown)) return markdown.replace(/\s+/g, " ").trim();
  return markdown
    .replace(/<[^>]*>/g, " ")
    .replace(/!\[([^\]]*)\]\([^)]*\)/g, "$1")
    .replace(/\[([^\]]*)\]\([^)]*\)/g, "$1")
    .replace(/^\s{0,3}#{1,6}\s+/gm, "")
    .replace(/^\s{0,3}>\s?/gm, "")
    .replace(/^\s*(?:[-*+]|\d+[.)])\s+/gm, "")
    .replace(/(\*\*|__)(.*?)\1/g, "$2")
    .replace(/(\*|_)(.*?)\1/g, "$2")
    .replace(/`{1,3}([^`]*)`{1,3}/g, "$1")
    .replace(/^[-*_]{3,}\s*$/gm, " ")
    .replace(/\s+/g, " ")
    .trim();
}
