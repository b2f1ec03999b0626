/**
 * A small longest-common-subsequence diff for the review screen: what a proposal removes from a
 * listing's text and what it adds, word by word (line by line for texts too long for a word table).
 */

type DiffOp = "equal" | "delete" | "insert";
export interface DiffPart {
  op: DiffOp;
  text: string;
}

/** The largest LCS table (cells) a diff builds; beyond it words fall back to lines, lines to a whole swap. */
const MAX_DIFF_CELLS = 4_000_000;

/** Words and the whitespace between them, so joining the tokens gives the text back exactly. */
export function wordTokens(text: string): string[] {
  return text.match(/\s+|[^\s]+/g) ?? [];
}

/** Lines with their line break, so joining them gives the text back exactly. */
function lineTokens(text: string): string[] {
  return text.match(/[^\n]*\n|[^\n]+$/g) ?? [];
}

/**
 * The edit script from `a` to `b` over tokens, or null when the table would exceed `maxCells`.
 * A common prefix and suffix are taken off first, so a small change in a long text stays cheap.
 */
export function diffTokens(a: readonly string[], b: readonly string[], maxCells = MAX_DIFF_CELLS): DiffPart[] | null {
  let start = 0;
  while (start < a.length && start < b.length && a[start] === b[start]) start++;
  let endA = a.length;
  let endB = b.length;
  while (endA > start && endB > start && a[endA - 1] === b[endB - 1]) {
    endA--;
    endB--;
  }
  const n = endA - start;
  const m = endB - start;
  if ((n + 1) * (m + 1) > maxCells) return null;

  // lengths[i][j]: the LCS length of a[start+i..endA) and b[start+j..endB), so the walk runs forwards.
  const width = m + 1;
  const lengths = new Uint32Array((n + 1) * width);
  for (let i = n - 1; i >= 0; i--) {
    for (let j = m - 1; j >= 0; j--) {
      lengths[i * width + j] = a[start + i] === b[start + j] ? lengths[(i + 1) * width + j + 1] + 1 : Math.max(lengths[(i + 1) * width + j], lengths[i * width + j + 1]);
    }
  }

  const parts: DiffPart[] = [];
  const push = (op: DiffOp, text: string) => {
    if (!text) return;
    const last = parts[parts.length - 1];
    if (last && last.op === op) last.text += text;
    else parts.push({ op, text });
  };
  push("equal", a.slice(0, start).join(""));
  let i = 0;
  let j = 0;
  while (i < n || j < m) {
    if (i < n && j < m && a[start + i] === b[start + j]) {
      push("equal", a[start + i]);
      i++;
      j++;
    } else if (j < m && (i === n || lengths[i * width + j + 1] >= lengths[(i + 1) * width + j])) {
      push("insert", b[start + j]);
      j++;
    } else {
      push("delete", a[start + i]);
      i++;
    }
  }
  push("equal", a.slice(endA).join(""));
  return tidy(parts);
}

/**
 * Reads better: a run of changes keeps its deletions before its insertions, and a lone space kept
 * between two changes joins them ("red silver" -> "blue gold" is one swap, not two with a kept space).
 */
function tidy(parts: DiffPart[]): DiffPart[] {
  const out: DiffPart[] = [];
  let del = "";
  let ins = "";
  const flush = () => {
    if (del) out.push({ op: "delete", text: del });
    if (ins) out.push({ op: "insert", text: ins });
    del = "";
    ins = "";
  };
  parts.forEach((part, index) => {
    const between = index > 0 && index < parts.length - 1 && parts[index - 1].op !== "equal" && parts[index + 1].op !== "equal";
    if (part.op === "equal" && between && /^\s+$/.test(part.text)) {
      del += part.text;
      ins += part.text;
    } else if (part.op === "delete") del += part.text;
    else if (part.op === "insert") ins += part.text;
    else {
      flush();
      const last = out[out.length - 1];
      if (last && last.op === "equal") last.text += part.text;
      else out.push({ op: "equal", text: part.text });
    }
  });
  flush();
  return out;
}

function wholeSwap(a: string, b: string): DiffPart[] {
  const parts: DiffPart[] = [];
  if (a === b) return a ? [{ op: "equal", text: a }] : [];
  if (a) parts.push({ op: "delete", text: a });
  if (b) parts.push({ op: "insert", text: b });
  return parts;
}

/** Line by line; a text too long even for that is shown as replaced whole. */
export function diffLines(a: string, b: string, maxCells = MAX_DIFF_CELLS): DiffPart[] {
  return diffTokens(lineTokens(a), lineTokens(b), maxCells) ?? wholeSwap(a, b);
}

/** Word by word, falling back to lines when the word table would be too large. */
export function diffWords(a: string, b: string, maxCells = MAX_DIFF_CELLS): DiffPart[] {
  return diffTokens(wordTokens(a), wordTokens(b), maxCells) ?? diffLines(a, b, maxCells);
}

/** The text one side of the diff shows: the old side keeps deletions, the new side insertions. */
export function sideOf(parts: readonly DiffPart[], side: "before" | "after"): string {
  const hidden: DiffOp = side === "before" ? "insert" : "delete";
  return parts
    .filter((p) => p.op !== hidden)
    .map((p) => p.text)
    .join("");
}

/** Tags the proposal adds and removes (compared case-insensitively, as Etsy does). */
export function diffTags(before: readonly string[], after: readonly string[]) {
  const key = (tag: string) => tag.trim().toLowerCase();
  const had = new Set(before.map(key));
  const has = new Set(after.map(key));
  return {
    isRemoved: (tag: string) => !has.has(key(tag)),
    isAdded: (tag: string) => !had.has(key(tag)),
  };
}
