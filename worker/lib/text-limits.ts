/**
 * Text no seller writes (issue 23, decision 0028): a run of thousands of digits, or a "word" of thousands
 * of letters without a space. The parsers are linear on any text, but such input only costs CPU for an
 * answer nobody needs, so it is refused before it is parsed: 422 naming the field. Read in one pass.
 */
import { HttpError } from "./errors";

const TEXT_LIMITS = {
  /** The longest run of digits a text may hold (the longest number a listing has is a 13-digit barcode). */
  digitRunMax: 200,
  /** The longest run of letters and digits without a space, hyphen or any other separator. */
  wordMax: 1_000,
} as const;

interface HostileRun {
  kind: "digits" | "word";
  length: number;
}

const LETTER_OR_DIGIT = /[\p{L}\p{N}\p{M}]/u;

/** The first run past the limits in `text`, or undefined: one pass, constant work per character. */
function hostileRun(text: string): HostileRun | undefined {
  let digits = 0;
  let word = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c >= 48 && c <= 57) {
      digits++;
      word++;
    } else if ((c >= 97 && c <= 122) || (c >= 65 && c <= 90)) {
      digits = 0;
      word++;
    } else if (c < 128) {
      digits = 0;
      word = 0;
    } else {
      // Outside ASCII: a whole code point (a surrogate pair is one character).
      const cp = text.codePointAt(i)!;
      const ch = String.fromCodePoint(cp);
      if (cp > 0xffff) i++;
      const isDigit = /\p{Nd}/u.test(ch);
      digits = isDigit ? digits + 1 : 0;
      word = isDigit || LETTER_OR_DIGIT.test(ch) ? word + 1 : 0;
    }
    if (digits > TEXT_LIMITS.digitRunMax) return { kind: "digits", length: runLength(text, i, "digits") };
    if (word > TEXT_LIMITS.wordMax) return { kind: "word", length: runLength(text, i, "word") };
  }
  return undefined;
}

/** The whole run's length, for the message: from the start of the run through its end. */
function runLength(text: string, at: number, kind: HostileRun["kind"]): number {
  const inRun = kind === "digits" ? /\p{Nd}/u : LETTER_OR_DIGIT;
  let start = at;
  while (start > 0 && inRun.test(text[start - 1])) start--;
  let end = at + 1;
  while (end < text.length && inRun.test(text[end])) end++;
  return end - start;
}

/** The message a refused field gets. */
export function hostileTextMessage(field: string, run: HostileRun): string {
  const n = run.length.toLocaleString("en-US");
  return run.kind === "digits"
    ? `${field} has a number of ${n} digits: numbers longer than ${TEXT_LIMITS.digitRunMax} digits are not read. Please check what was pasted.`
    : `${field} has a word of ${n} letters without a space: words longer than ${TEXT_LIMITS.wordMax.toLocaleString("en-US")} characters are not read. Please check what was pasted.`;
}

/** The first string inside `value` (an object, a list, a string) with a hostile run, with its field path. */
export function findHostileText(value: unknown, path = "", depth = 0): { field: string; run: HostileRun } | undefined {
  if (typeof value === "string") {
    const run = hostileRun(value);
    return run ? { field: path || "text", run } : undefined;
  }
  if (depth > 8 || !value || typeof value !== "object") return undefined;
  const entries: Array<[string, unknown]> = Array.isArray(value) ? value.map((v, i) => [String(i), v]) : Object.entries(value);
  for (const [key, inner] of entries) {
    const found = findHostileText(inner, path ? `${path}.${key}` : key, depth + 1);
    if (found) return found;
  }
  return undefined;
}

/** 422 `{ code: "unprocessable", field }` when any string in `value` holds text no seller writes. */
export function refuseHostileText(value: unknown): void {
  const found = findHostileText(value);
  if (found) throw new HttpError(422, hostileTextMessage(found.field, found.run), { field: found.field });
}
