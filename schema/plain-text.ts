/**
 * Listing descriptions are plain text, as Etsy's, eBay's and Amazon's description fields are: section
 * headings on their own line, "•" bullets, blank lines between sections. This turns Markdown or HTML
 * (a model's answer, a listing saved before descriptions were plain) into that plain text. Shared by
 * the worker (rule enforcer, exports) and the screens (what is shown is what is copied).
 */

const BULLET = "•";

function decodeEntities(text: string): string {
  return text
    .replace(/&nbsp;/gi, " ")
    .replace(/&amp;/gi, "&")
    .replace(/&lt;/gi, "<")
    .replace(/&gt;/gi, ">")
    .replace(/&quot;/gi, '"')
    .replace(/&#39;|&apos;/gi, "'");
}

/** Inline Markdown emphasis, code and links reduced to their text. */
function inline(line: string): string {
  return line
    .replace(/!\[([^[\]]*)\]\((?:[^()]|\([^()]*\))*\)/g, "$1")
    .replace(/\[([^[\]]+)\]\(((?:[^()]|\([^()]*\))*)\)/g, "$1")
    .replace(/(?<!`)`+([^`]*)`+/g, "$1")
    .replace(/(\*\*|__)(?=\S)((?:(?!\1)[\s\S])*?\S)\1/g, "$2")
    .replace(/(^|[^\p{L}\p{N}*_])([*_])(?=\S)([^*_\n]*?\S)\2(?![\p{L}\p{N}])/gu, "$1$3")
    .replace(/~~(.*?)~~/g, "$1")
    .replace(/\*\*|__/g, "");
}

/**
 * Markdown or HTML as plain text; plain text comes back unchanged (apart from trailing spaces). One
 * pass can uncover another marker ("**> x" is a quote once the bold marks go), so passes repeat until
 * the text stops changing: running it on its own answer changes nothing.
 */
export function toPlainDescription(input: string): string {
  let text = String(input ?? "");
  for (let i = 0; i < 5; i++) {
    const next = onePass(text);
    if (next === text) break;
    text = next;
  }
  return text;
}

function onePass(input: string): string {
  let text = input.replace(/\r\n?/g, "\n");
  // HTML: block ends become line breaks, list items bullets, every other tag goes.
  if (/<\/?[a-z][^<>]*>/i.test(text)) {
    text = text
      .replace(/<\s*br\s*\/?>/gi, "\n")
      .replace(/<\s*li[^<>]*>/gi, `\n${BULLET} `)
      .replace(/<\/\s*(p|div|h[1-6]|ul|ol|section|article|header|footer|blockquote)\s*>/gi, "\n\n")
      .replace(/<\s*(script|style)[^<>]*>(?:(?!<\s*\1)[\s\S])*?<\/\s*\1\s*>/gi, "")
      .replace(/<[^<>]*>/g, "");
    text = decodeEntities(text);
  }
  const out: string[] = [];
  let fenced = false;
  for (const raw of text.split("\n")) {
    if (/^\s*(```|~~~)/.test(raw)) {
      fenced = !fenced;
      continue;
    }
    let line = raw.trimEnd();
    if (fenced) {
      out.push(line);
      continue;
    }
    if (/^\s*([-*_])(\s*\1){2,}\s*$/.test(line)) {
      out.push("");
      continue;
    }
    line = line.replace(/^\s*>\s?/, "");
    // Linear time (issue 23): the closing #s are taken off the end, not matched by a lazy group.
    const heading = /^\s*#{1,6}\s+(.*)$/.exec(line);
    if (heading)
      line = heading[1]
        .trimEnd()
        .replace(/(?<!#)#+$/, "")
        .trimEnd();
    const bullet = /^(\s*)[-*+]\s+(.*)$/.exec(line);
    if (bullet) line = `${bullet[1].length >= 2 ? "  " : ""}${BULLET} ${bullet[2]}`;
    line = inline(line);
    // A heading written as a bold line ("**Features**" or "**Features:**") keeps its words only.
    line = line.replace(/^(\S[^:\n]{0,60}):\s*$/, (m, words: string) => (/[.!?]/.test(words) ? m : words)).trimEnd();
    out.push(
      line
        .replace(/[ \t]{2,}/g, " ")
        .replace(/^\s+(?!•)/, "")
        .replace(/^ {2}•/, "  •"),
    );
  }
  return out
    .join("\n")
    .replace(/\n{3,}/g, "\n\n")
    .trim();
}

/** Whether a text still carries Markdown markers a plain-text field would show literally. */
export function hasMarkdown(text: string): boolean {
  return /(^|\n)\s*(#{1,6}\s|[-*+]\s|>\s|```)|\*\*[^*\n]+\*\*|__[^_\n]+__|\[[^\]]+\]\([^)]*\)|<\/?[a-z][^<>]*>/i.test(text);
}
