/**
 * Patterns in several sizes (issue 27): "Cast on 96 (104, 112) sts", "*k10 (11, 12), k2tog", "(102 (110,
 * 118, 126) ilm)". The first number is the first size, the numbers in brackets the others, in order. The
 * checker reads the pattern once per size, each time with every such group replaced by that size's
 * number, and names the size in what it finds. Linear-time: one bounded regular expression, no nesting.
 */
import type { PatternSection, SourceLine } from "./pattern-sections";

/** "96 (104, 112)": a number, then 1 to 7 more in brackets. Numbers of at most 5 digits. */
const GROUP = /(\d{1,5}) ?\((\d{1,5}(?:, ?\d{1,5}){1,7})\)/gu;

/** The numbers of each size group on a line, in order: [[96, 104, 112], ...]. */
function groupsOf(text: string): number[][] {
  const out: number[][] = [];
  for (const m of text.matchAll(GROUP)) out.push([Number(m[1]), ...m[2].split(",").map((n) => Number(n.trim()))]);
  return out;
}

/** The line as worked in size `i` (0 = the first size). */
export function inSize(text: string, i: number): string {
  return text.replace(GROUP, (_m, first: string, rest: string) => (i === 0 ? first : (rest.split(",")[i - 1]?.trim() ?? first)));
}

/**
 * The line with size `i`'s number in its last size group (where a stated count is) changed from
 * `stated` to `value`; the rest as written. Undefined when that group does not say `stated` there.
 */
export function replaceInSize(text: string, i: number, stated: number, value: number): string | undefined {
  const last = [...text.matchAll(GROUP)].pop();
  if (!last || last.index === undefined) return undefined;
  const numbers = [last[1], ...last[2].split(",").map((n) => n.trim())];
  if (i < 0 || i >= numbers.length || Number(numbers[i]) !== stated) return undefined;
  numbers[i] = String(value);
  return `${text.slice(0, last.index)}${numbers[0]} (${numbers.slice(1).join(", ")})${text.slice(last.index + last[0].length)}`;
}

/** How many sizes the instructions are written in: the longest size group; 1 when none. */
export function sizeCount(sections: PatternSection[]): number {
  let n = 1;
  for (const s of sections) {
    if (s.key !== "instructions") continue;
    for (const l of s.lines) for (const g of groupsOf(l.text)) n = Math.max(n, g.length);
  }
  return n;
}

/** "Sizes: S (M, L)", "Bedenler: 80 (88, 96, 104) cm", "Baby (Throw, Queen)": the sizes' names, when the pattern gives as many as it uses. */
export function sizeNames(sections: PatternSection[], title: SourceLine | undefined, count: number): string[] {
  const lines = [...(title ? [title] : []), ...sections.filter((s) => s.key !== "instructions").flatMap((s) => [...(s.heading ? [s.heading] : []), ...s.lines])];
  for (const line of lines) {
    const m = /^(?:[-*•]\s*)?(?:sizes?|bedenler?|ölçüler|to fit)\s*[:\-–]\s*([^\s(),]{1,20})\s?\(([^()]{1,120})\)/iu.exec(line.text);
    if (!m) continue;
    const names = [m[1], ...m[2].split(",").map((n) => n.trim())];
    if (names.length === count && names.every((n) => n.length > 0 && n.length <= 20)) return names;
  }
  return Array.from({ length: count }, (_, i) => String(i + 1));
}

/**
 * A size whose number does not follow the others: across sizes a count grows (or shrinks, or stays);
 * a group that turns back ("104 (174, 134)") names the first size that breaks the order. Groups of
 * three or more numbers only (two always follow).
 */
export function gradingGaps(sections: PatternSection[]): Array<{ line: number; size: number; values: number[] }> {
  const out: Array<{ line: number; size: number; values: number[] }> = [];
  for (const s of sections) {
    if (s.key !== "instructions") continue;
    for (const l of s.lines) {
      for (const g of groupsOf(l.text)) {
        if (g.length < 3) continue;
        let direction = 0;
        for (let i = 1; i < g.length; i++) {
          const step = Math.sign(g[i] - g[i - 1]);
          if (step === 0) continue;
          if (direction === 0) direction = step;
          else if (step !== direction) {
            out.push({ line: l.n, size: i, values: g });
            break;
          }
        }
      }
    }
  }
  return out;
}
