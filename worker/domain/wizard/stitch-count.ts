/**
 * The stitch-count checker (issue 16, docs/decisions/0015): reads crochet and knitting rounds and rows
 * in the Craft Yarn Council's standard abbreviations, tracks the live stitch count from one row to the
 * next and compares it with the count the pattern states. What it cannot read it says so: a row it
 * cannot follow is "unchecked", never "wrong". Where a pattern may mean two things (does a ch-3 count
 * as a stitch? is "rep from * 3 times" three or four repeats?) every reading is kept, and a stated count
 * that agrees with any of them agrees.
 */
import { escapeRegExp } from "../../../shared/facts/language";
import type { TechEditRow } from "../../../schema/api/workflow";
import type { Craft } from "./abbreviations";
import { STATED_COUNT, looksLabelled, looksLikeStart, looksLikeStitchLine, splitStep, type PatternSection } from "./pattern-sections";

/** Stitches made by one piece of a row: every stitch, and per kind ("dc": 12) for counts like "(12 dc)". */
interface Made {
  c: number;
  p: number;
  kinds: Record<string, number>;
  /** Stitches worked "to end" / "around": the count comes from the stitches left. */
  fills: Fill[];
}

interface Fill {
  c: number;
  p: number;
  kinds: Record<string, number>;
  /** "k to m": worked one for one up to a marker; how many is not known, but it changes nothing. */
  toMarker?: boolean;
}

const empty = (): Made => ({ c: 0, p: 0, kinds: {}, fills: [] });

function add(a: Made, b: Made): Made {
  const kinds = { ...a.kinds };
  for (const [k, n] of Object.entries(b.kinds)) kinds[k] = (kinds[k] ?? 0) + n;
  return { c: a.c + b.c, p: a.p + b.p, kinds, fills: [...a.fills, ...b.fills] };
}

function times(a: Made, n: number): Made {
  let out = empty();
  for (let i = 0; i < n; i++) out = add(out, a);
  return out;
}

const op = (c: number, p: number, kind?: string, n = p): Made => ({ c, p, kinds: kind && n ? { [kind]: n } : {}, fills: [] });

/** All the readings of a piece of text; null when it cannot be read. */
type Readings = Made[] | null;

const MAX_READINGS = 12;

function combine(a: Made[], b: Made[]): Made[] {
  const out: Made[] = [];
  for (const x of a) for (const y of b) if (out.length < MAX_READINGS) out.push(add(x, y));
  return out;
}

// ---- Vocabulary ---------------------------------------------------------------------------------

/** Crochet stitches: [stitches used, stitches made]. UK names are the same shapes one size up. */
const CROCHET_STITCHES: Record<string, [number, number]> = {
  sc: [1, 1],
  hdc: [1, 1],
  dc: [1, 1],
  tr: [1, 1],
  dtr: [1, 1],
  htr: [1, 1],
  trtr: [1, 1],
  fpdc: [1, 1],
  bpdc: [1, 1],
  fphdc: [1, 1],
  bphdc: [1, 1],
  fptr: [1, 1],
  bptr: [1, 1],
  fpsc: [1, 1],
  bpsc: [1, 1],
  inc: [1, 2],
  dec: [2, 1],
  invdec: [2, 1],
  sc2tog: [2, 1],
  hdc2tog: [2, 1],
  dc2tog: [2, 1],
  tr2tog: [2, 1],
  htr2tog: [2, 1],
  sc3tog: [3, 1],
  dc3tog: [3, 1],
  hdc3tog: [3, 1],
};

/** Knitting stitches: [stitches used, stitches made]. */
const KNIT_STITCHES: Record<string, [number, number]> = {
  k: [1, 1],
  p: [1, 1],
  sl: [1, 1],
  s: [1, 1],
  "k tbl": [1, 1],
  "p tbl": [1, 1],
  k2tog: [2, 1],
  p2tog: [2, 1],
  ssk: [2, 1],
  ssp: [2, 1],
  skp: [2, 1],
  "k2tog tbl": [2, 1],
  "p2tog tbl": [2, 1],
  k3tog: [3, 1],
  p3tog: [3, 1],
  sk2p: [3, 1],
  s2kp: [3, 1],
  s2kp2: [3, 1],
  cdd: [3, 1],
  sssk: [3, 1],
  sl1k2togpsso: [3, 1],
  kfb: [1, 2],
  pfb: [1, 2],
  m1: [0, 1],
  m1l: [0, 1],
  m1r: [0, 1],
  m1p: [0, 1],
  m1lp: [0, 1],
  m1rp: [0, 1],
  yo: [0, 1],
  yfwd: [0, 1],
  yrn: [0, 1],
  psso: [0, -1],
  inc: [1, 2],
  dec: [2, 1],
};

const CROCHET_NAMES = Object.keys(CROCHET_STITCHES).sort((a, b) => b.length - a.length);
const KNIT_NAMES = Object.keys(KNIT_STITCHES).sort((a, b) => b.length - a.length);
const CROCHET_RE = new RegExp(`^(\\d+)?\\s*(${CROCHET_NAMES.map(escapeRegExp).join("|")})(?![\\p{L}\\d])\\s*(.*)$`, "u");
const COUNT_AFTER_RE = new RegExp(`^(${CROCHET_NAMES.map(escapeRegExp).join("|")}) (\\d+)$`, "u");
const KNIT_RE = new RegExp(`^(${KNIT_NAMES.map(escapeRegExp).join("|")})\\s*(\\d+)?(?![\\p{L}])\\s*(.*)$`, "u");

const NUMBER_WORDS: Record<string, number> = {
  once: 1,
  twice: 2,
  one: 1,
  two: 2,
  three: 3,
  four: 4,
  five: 5,
  six: 6,
  seven: 7,
  eight: 8,
  nine: 9,
  ten: 10,
  eleven: 11,
  twelve: 12,
  thirteen: 13,
  fourteen: 14,
  fifteen: 15,
  sixteen: 16,
  seventeen: 17,
  eighteen: 18,
  nineteen: 19,
  twenty: 20,
};
const num = (s: string) => (/^\d+$/.test(s) ? Number(s) : NUMBER_WORDS[s]);
const NUM = String.raw`(\d+|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|thirteen|fourteen|fifteen|sixteen|seventeen|eighteen|nineteen|twenty)`;
const TIMES_X = new RegExp(`^(?:x|\\*)\\s*${NUM}$`);
const TIMES_X_AFTER = new RegExp(`^${NUM}\\s*x$`);
const TIMES_MORE = new RegExp(`^${NUM}\\s+(?:more times|times more|more)$`);
const TIMES = new RegExp(`^(?:a total of )?${NUM}\\s*times(?: in total| total| in all)?$`);
const BARE_NUMBER = new RegExp(`^${NUM}$`);
const STITCH_TIMES = new RegExp(`^(?:x ?${NUM}|${NUM} times)$`);

/** One spelling for the many ways a row is written; the text keeps its meaning, not its looks. */
function normaliseRow(text: string): string {
  let s = ` ${text.toLocaleLowerCase("en")} `
    .replace(/[×]/g, "x")
    .replace(/[‘’]/g, "'")
    .replace(/[–—]/g, "-")
    // Turkish, the words sellers write around the standard abbreviations.
    .replace(/(?<![\p{L}])(?:ön|arka) halkalardan(?![\p{L}])/gu, " ")
    .replace(/(?:(?:sıranın|turun) sonuna|sona) kadar (düz|ters) ör\p{L}*/gu, (_m, w: string) => (w === "düz" ? " k to end " : " p to end "))
    .replace(/son (\d{1,4}) ilmeğe kadar (düz|ters) ör\p{L}*/gu, (_m, n: string, w: string) => ` ${w === "düz" ? "k" : "p"} to last ${n} sts `)
    .replace(/(\d{1,4})\.? ?[-–] ?(\d{1,4})\. (?:sıraları|turları) (\d{1,4}) (?:kez|defa) (?:daha )?tekrarla\p{L}*/gu, " rep rows $1-$2 $3 times ")
    .replace(/(\d{1,4})\. ve (\d{1,4})\. (?:sıraları|turları) (\d{1,4}) (?:kez|defa) (?:daha )?tekrarla\p{L}*/gu, " rep rows $1 and $2 $3 times ")
    .replace(/(\d{1,4})\. (?:sırayı|turu) tekrarla\p{L}*/gu, " rep row $1 ")
    .replace(/(\d{1,4}) ilmek atla\p{L}*/gu, " sk $1 sts ")
    .replace(/(\d{1,4}) ilmek kapat\p{L}*/gu, " bind off $1 sts ")
    .replace(/(\d{1,4}) kaydır\p{L}*/gu, " sl$1 ")
    .replace(/(?<![\p{L}])(\d) bir(?![\p{L}])/gu, " k$1tog ")
    .replace(/(?<![\p{L}])(?:1 )?at(?=\s*[,;)]|\s*$)/gu, " yo ")
    .replace(/her ilmeğe ve (?:her )?zincire/gu, " {stch} ")
    .replace(/tüm ilmekleri düz ör\p{L}*/gu, " knit ")
    .replace(/tüm ilmekleri ters ör\p{L}*/gu, " purl ")
    .replace(/(\d+) ilmeği birlikte düz ör\p{L}*|(\d+)'?(?:yi|si)? birlikte düz ör\p{L}*/gu, (_m, a, b) => ` k${a ?? b}tog `)
    .replace(/(\d+) ilmeği birlikte ters ör\p{L}*/gu, " p$1tog ")
    .replace(/(\d+) (?:ilmek )?düz(?![\p{L}])/gu, " k$1 ")
    .replace(/(\d+) (?:ilmek )?ters(?![\p{L}])/gu, " p$1 ")
    .replace(/(?<![\p{L}])düz ör\p{L}*/gu, " knit ")
    .replace(/(?<![\p{L}])ters ör\p{L}*/gu, " purl ")
    .replace(/(?<![\p{L}\d])(?:1 (?:ilmek )?)?art(?:t)?ır(?![\p{L}])/gu, " m1 ")
    .replace(/(?<![\p{L}])sık iğne(?![\p{L}])/gu, " sc ")
    .replace(/(?<![\p{L}])yarım çubuk(?![\p{L}])/gu, " hdc ")
    .replace(/(?<![\p{L}])çift çubuk(?![\p{L}])/gu, " tr ")
    .replace(/(?<![\p{L}])çubuk(?![\p{L}])/gu, " dc ")
    .replace(/(?<![\p{L}])kaydırma iğne(?![\p{L}])/gu, " sl st ")
    .replace(/(?<![\p{L}])art(?:t)?ırma(?![\p{L}])/gu, " inc ")
    .replace(/(?<![\p{L}])azaltma(?![\p{L}])/gu, " dec ")
    .replace(/(?:sıranın|turun) sonuna kadar|sona kadar/gu, " to end ")
    .replace(/\s+/g, " ")
    .replace(/(?:sihirli halkaya|sihirli halka içine) ((?:\d+ )?[a-z0-9]+)/gu, " $1 in mr ")
    .replace(/(?:her ilmeğe|tüm ilmeklere) ((?:\d+ )?[a-z0-9]+)/gu, " $1 in each st around ")
    .replace(/\{stch\} ((?:\d+ )?[a-z0-9]+)/gu, " $1 in each st and ch around ")
    .replace(/şişe (\d+) ilmek (?:başla|aç|at)\p{L}*/gu, " cast on $1 sts ")
    .replace(/(\d+) ilmek (?:başla|aç|at)\p{L}*/gu, " cast on $1 sts ")
    .replace(/tekrarla\p{L}*/gu, " rep ")
    .replace(/sonuna kadar/gu, " to end ")
    .replace(/(\d+)\s*(?:kez|defa)/gu, " $1 times ")
    .replace(/zincir/gu, " ch ")
    .replace(/\bilmek(?:ler)?\b/gu, " sts ")
    // Long forms to abbreviations (longest first).
    .replace(/half[ -]double[ -]crochets?/g, "hdc")
    .replace(/half[ -]treble[ -]crochets?|half[ -]trebles?/g, "htr")
    .replace(/double[ -]treble[ -]crochets?|double[ -]trebles?/g, "dtr")
    .replace(/single[ -]crochets?/g, "sc")
    .replace(/double[ -]crochets?/g, "dc")
    .replace(/(?:treble|triple)[ -]crochets?|trebles?/g, "tr")
    .replace(/slip[ -]stitch(?:es)?|slst|sl\.\s?st/g, "sl st")
    .replace(/magic (?:ring|circle|loop)|adjustable ring|\bmc ring\b/g, "mr")
    .replace(/\bchains?\b/g, "ch")
    .replace(/\bincreases?\b/g, "inc")
    .replace(/\bdecreases?\b/g, "dec")
    .replace(/invisible dec\b|inv ?dec/g, "invdec")
    .replace(/knit (?:2|two) together/g, "k2tog")
    .replace(/purl (?:2|two) together/g, "p2tog")
    .replace(/knit (?:3|three) together/g, "k3tog")
    .replace(/slip,? slip,? knit/g, "ssk")
    .replace(/make (?:1|one) left/g, "m1l")
    .replace(/make (?:1|one) right/g, "m1r")
    .replace(/make (?:1|one)/g, "m1")
    .replace(/yarn ?over/g, "yo")
    .replace(/\bstitches\b/g, "sts")
    .replace(/\bstitch\b/g, "st")
    .replace(/\b(sts?)\.(?=\s)/g, "$1")
    .replace(/\b(sc|hdc|dc|tr|k|p) ?(2|3) ?tog\b/g, "$1$2tog")
    .replace(/\bsl ?1\b/g, "sl1")
    .replace(/\b(\d+)(sc|hdc|dc|tr|dtr|htr|inc|dec|ch)\b/g, "$1 $2")
    .replace(/\bch(\d+)/g, "ch $1")
    .replace(/\b([kp]) (\d+)\b/g, "$1$2")
    .replace(/\bknit (\d+)\b/g, "k$1")
    .replace(/\bpurl (\d+)\b/g, "p$1")
    .replace(/\bbeg(?:inning)?\b/g, "beg")
    .replace(/\bspaces?\b/g, "sp")
    .replace(/\b(?:ch|chain)-(\d+) (?:sp|space|corner)s?\b/g, "sp")
    .replace(/\bch-sp\b|\bch sp\b/g, "sp")
    .replace(/\bcorner (?:sp|ch-\d+ sp)\b/g, "sp")
    .replace(/\bstitch markers?\b|\bmarkers?\b|\bm\b(?=\s*(?:[,;.)]|$))/g, "m")
    .replace(/\brepeat\b/g, "rep")
    // Which loop a stitch goes into does not change the count.
    .replace(/\s*\b(?:in |through )?(?:the )?(?:blo|flo|back loops? only|front loops? only|back loop|front loop)\b/g, "")
    .replace(/\bremaining\b/g, "rem");
  // Notes in brackets that say how to count: kept as flags, the rest of a note ("(front)") dropped.
  s = s
    .replace(/\((?:[^()]*?)does not count[^()]*\)/g, " {nocount} ")
    .replace(/\((?:[^()]*?)(?:counts? as|count as)[^()]*\)/g, " {counts} ")
    .replace(/\((?:rs|ws|right side|wrong side|set-up|setup|increase|decrease|inc|dec) ?(?:row|rnd|round)?\)/g, " ")
    .replace(/\(([a-z' -]+)\)/g, (m, inner: string) => (/^(?:sc|hdc|dc|tr|inc|dec|k|p|ch|sl st|yo)\b/.test(inner.trim()) ? m : " "));
  return s.replace(/\s+/g, " ").trim();
}

// ---- Reading a row ------------------------------------------------------------------------------

interface Context {
  craft: Craft;
  /** How deep in brackets and repeats the reader is; a row nested deeper than any pattern is unreadable. */
  depth?: number;
  /** The stitch kind a "ch 3 (counts as ...)" stands for: the row's first stitch after it. */
  firstKind?: string;
}

/** Splits at commas and semicolons outside brackets; " and " too, outside brackets. */
function splitClauses(s: string): string[] {
  const out: string[] = [];
  let depth = 0;
  let cur = "";
  for (let i = 0; i < s.length; i++) {
    const ch = s[i];
    if (ch === "(" || ch === "[") depth++;
    if (ch === ")" || ch === "]") depth = Math.max(0, depth - 1);
    if (depth === 0 && (ch === "," || ch === ";" || (ch === "." && !/\d/.test(s[i + 1] ?? "")))) {
      out.push(cur);
      cur = "";
      continue;
    }
    if (depth === 0 && s.startsWith(" then ", i)) {
      out.push(cur);
      cur = "";
      i += 5;
      continue;
    }
    cur += ch;
  }
  out.push(cur);
  return out.map((c) => c.trim()).filter(Boolean);
}

/** How often a repeat is worked: a number, "around"/"to end" (as often as the stitches allow), or unreadable. */
type Multiplier = { kind: "n"; n: number[] } | { kind: "fill"; toMarker?: boolean } | { kind: "once" } | { kind: "into"; c: number } | null;

function multiplier(rest: string, starred: boolean): Multiplier {
  const r = rest
    .replace(/^[,;]\s*/, "")
    .replace(/^(?:rep|rep from \*|rep from)\s*/, "")
    // Turkish puts "tekrarlayın" (repeat) last: "turun sonuna kadar tekrarlayın".
    .replace(/\s+rep\.?$/, "")
    .trim();
  if (!r) return { kind: "once" };
  let m = TIMES_X.exec(r) ?? TIMES_X_AFTER.exec(r);
  if (m) return { kind: "n", n: [num(m[1])] };
  m = TIMES_MORE.exec(r);
  if (m) return { kind: "n", n: [num(m[1]) + 1] };
  if (/^once more$/.test(r)) return { kind: "n", n: [2] };
  if (/^twice more$/.test(r)) return { kind: "n", n: [3] };
  m = TIMES.exec(r) ?? BARE_NUMBER.exec(r);
  if (m) return { kind: "n", n: starred ? [num(m[1]), num(m[1]) + 1] : [num(m[1])] };
  if (/^(?:twice|once)$/.test(r)) return { kind: "n", n: [num(r)] };
  if (/^(?:around|across|to end(?: of (?:rnd|round|row))?|to the end|to end of row|in each st around|across the row|around the ring)$/.test(r)) return { kind: "fill" };
  if (/^to (?:the )?last (?:\d+ )?sts?$/.test(r)) return { kind: "fill" };
  if (/^to (?:m|next m|the m|1 st before m|\d+ sts? before m)$/.test(r)) return { kind: "fill", toMarker: true };
  if (/^(?:in (?:the )?(?:next|same) (?:st|ch|sc|dc|hdc))$/.test(r)) return { kind: "into", c: /same/.test(r) ? 0 : 1 };
  if (/^in (?:the )?(?:next |same |first |each |following )?(?:sp|ring|mr|corner)$/.test(r)) return { kind: "into", c: 0 };
  return null;
}

/** A repeat marked with asterisks: "*sc, inc; rep from * around", "*3 dc in ring, ch 2* 3 times". */
function readStarred(s: string, ctx: Context): Readings {
  const first = s.indexOf("*");
  const pre = s.slice(0, first).replace(/[,;]\s*$/, "");
  const after = s.slice(first + 1);
  let seg: string;
  let tail: string;
  const closing = after.indexOf("*");
  const rep = /[,;.]?\s*rep(?:eat)? from \*\s*/.exec(after);
  if (rep && (closing === -1 || rep.index + rep[0].indexOf("*") === closing)) {
    seg = after.slice(0, rep.index);
    tail = after.slice(rep.index + rep[0].length);
  } else if (closing !== -1) {
    seg = after.slice(0, closing);
    tail = after.slice(closing + 1).trim();
  } else return null;
  // The multiplier is the start of the tail, up to the next comma.
  const clauses = splitClauses(tail);
  let mult: Multiplier = { kind: "once" };
  let restClauses = clauses;
  if (clauses.length) {
    mult = multiplier(clauses[0], true);
    if (mult) restClauses = clauses.slice(1);
    else if (!/\*/.test(tail)) {
      mult = { kind: "once" };
    } else return null;
  }
  const inner = readSeq(seg.replace(/[,;]\s*$/, ""), ctx);
  const before = pre.trim() ? readSeq(pre, ctx) : [empty()];
  const afterR = restClauses.length ? readSeq(restClauses.join(", "), ctx) : [empty()];
  if (!inner || !before || !afterR) return null;
  const repeated = applyMultiplier(inner, mult!);
  if (!repeated) return null;
  return combine(combine(before, repeated), afterR);
}

function applyMultiplier(inner: Made[], mult: Exclude<Multiplier, null>): Made[] | null {
  switch (mult.kind) {
    case "once":
      return inner;
    case "n":
      return inner.flatMap((r) => mult.n.map((n) => times(r, n)));
    case "fill":
      if (inner.some((r) => r.fills.length)) {
        // "(k to m, m1r, sm) to end" cannot be solved; a one-for-one fill inside a marker repeat is fine.
        return null;
      }
      return inner.map((r) => ({ c: 0, p: 0, kinds: {}, fills: [{ c: r.c, p: r.p, kinds: r.kinds, toMarker: mult.toMarker }] }));
    case "into":
      if (inner.some((r) => r.fills.length)) return null;
      return inner.map((r) => ({ ...r, c: mult.c }));
  }
}

const MAX_DEPTH = 8;
/** No real round or row is this long; a longer line is not read (and cannot slow the Worker down). */
const MAX_ROW = 1_500;

function readSeq(s: string, outer: Context): Readings {
  const ctx = { ...outer, depth: (outer.depth ?? 0) + 1 };
  if (ctx.depth > MAX_DEPTH) return null;
  if (s.includes("*")) return readStarred(s, ctx);
  let out: Made[] = [empty()];
  for (const clause of splitClauses(s)) {
    const r = readClause(clause, ctx);
    if (!r) return null;
    out = combine(out, r);
  }
  return out;
}

/** Words that carry no stitches: joins, turns, markers, colour changes, fastening off. */
const NOTHING =
  /^(?:and )?(?:turn|mr|make an? mr|(?:work|start) (?:in|into) (?:an? )?mr|join(?: .*)?|sl st (?:to|in|into) (?:the )?(?:first|1st|top|beg|join|next sp|sp|corner|next st).*|sl st to join|fasten off.*|finish off.*|break (?:yarn|off).*|cut (?:yarn|the yarn).*|pm|sm|place m(?:arker)?|slip m(?:arker)?|remove m(?:arker)?|\{nocount\}|\{counts\}|do not turn|weave in.*|leaving a .*|pull tight|change to .*|with (?:mc|cc|[a-z]+ yarn|[a-z]+)|using .*|work even|continue.*|stuff.*|move m.*|cont\b.*)$/;

function readClause(raw: string, ctx: Context): Readings {
  const c = raw
    .trim()
    .replace(/^(?:and|then)\s+/, "")
    .replace(/\s+and (?:fasten off|turn|join|finish off|break yarn).*$/, "")
    .replace(/\s*\{nocount\}\s*/g, " {nocount} ")
    .trim();
  if (!c) return [empty()];
  if (NOTHING.test(c)) return [empty()];
  // A bracketed group: "(sc, inc) x 6", "[3 dc in ring, ch 2] 3 times", "(2 dc, ch 2, 3 dc) in same sp".
  const group = /^[([](.*)[)\]]\s*(.*)$/.exec(c);
  if (group && balanced(group[1])) {
    const inner = readSeq(group[1], ctx);
    const mult = multiplier(group[2], false);
    if (!inner || !mult) return null;
    return applyMultiplier(inner, mult);
  }
  // "sk 2 sts", "skip next st".
  let m = /^(?:sk|skip)(?: the)?(?: next| first| last)? ?(\d+)? ?(?:sts?|ch|dc|sc)?$/.exec(c);
  if (m) return [op(m[1] ? Number(m[1]) : 1, 0)];
  // "8 ch" (Turkish "8 zincir"): chains, written count first.
  m = /^(\d+) ch$/.exec(c);
  if (m) return [{ c: 0, p: 0, kinds: { ch: Number(m[1]) }, fills: [] }];
  // Chains: counted apart ("ch" kind), not in the stitch total.
  m = /^ch (\d+)(.*)$/.exec(c);
  if (m) {
    const n = Number(m[1]);
    const rest = m[2].trim();
    if (/\{counts\}/.test(rest)) return [op(1, 1, ctx.firstKind)];
    if (/\{nocount\}/.test(rest) || /^(?:and )?turn$/.test(rest)) return [empty()];
    if (!rest || /^(?:sp|loop)?$/.test(rest)) return [{ c: 0, p: 0, kinds: { ch: n }, fills: [] }];
    return null;
  }
  // Slip stitches move the hook or join; they are not counted as stitches of the round.
  if (/^(?:sl st|ss)\b/.test(c)) {
    const k = /^(?:sl st|ss) in (?:the )?(?:next )?(\d+) (?:sts?|dc|sc|hdc)/.exec(c);
    return [op(k ? Number(k[1]) : 0, 0)];
  }
  m = /^place (?:the )?(\d+) (?:held |[a-z]+ )?sts (?:back )?(?:on|onto) (?:the |your )?(?:dpns?|needles?|circular needle)(?: .*)?$/.exec(c);
  if (m) return [op(0, Number(m[1]))];
  // Knitting: cast on, pick up, hold, bind off.
  m = /^(?:cast on|co|pick up and (?:k|knit)|pick up)\s*(\d+)\s*(?:sts|st)?(?:\s.*)?$/.exec(c);
  if (m) return [op(0, Number(m[1]))];
  m = /^place (?:the )?(?:next )?(\d+) (?:[a-z]+ )?sts? (?:on|onto) (?:a |the )?(?:waste yarn|holder|stitch holder|spare needle)(?: .*)?$/.exec(c);
  if (m) return [op(Number(m[1]), 0)];
  m = /^(?:bind off|bo|cast off)\s*(\d+)\s*(?:sts?)?$/.exec(c);
  if (m) return [op(Number(m[1]), 0)];
  // "Starting in 2nd ch from hook, sc in next 7 ch": the chains before it are skipped.
  m = /^(?:starting|beg|working) in (?:the )?(\d+)(?:st|nd|rd|th) ch from (?:the )?hook$/.exec(c);
  if (m) return [op(Number(m[1]) - 1, 0)];
  if (ctx.craft === "knitting") return readKnit(c);
  return readCrochet(c, ctx);
}

function balanced(s: string) {
  let d = 0;
  for (const ch of s) {
    if (ch === "(" || ch === "[") d++;
    if (ch === ")" || ch === "]") d--;
    if (d < 0) return false;
  }
  return d === 0;
}

function readKnit(c: string): Readings {
  // "knit", "purl", "knit to end", "k to last 3 sts", "p to m", "k2tog around".
  let m = /^(knit|purl|k|p|k2tog|p2tog|ssk|k3tog|kfb|pfb)(?: (?:all sts|every st|each st))?(?: (.*))?$/.exec(c);
  const every = /^(?:knit|purl|k|p|k2tog|p2tog|ssk|k3tog|kfb|pfb) (?:all sts|every st|each st)$/.test(c);
  if (m && (every || (!m[2] && (m[1] === "knit" || m[1] === "purl")) || (m[2] && multiplier(m[2], false)?.kind === "fill"))) {
    const name = m[1] === "knit" ? "k" : m[1] === "purl" ? "p" : m[1];
    const [cc, pp] = KNIT_STITCHES[name];
    const mult = m[2] && !every ? multiplier(m[2], false) : { kind: "fill" as const };
    return [{ c: 0, p: 0, kinds: {}, fills: [{ c: cc, p: pp, kinds: {}, toMarker: mult && mult.kind === "fill" ? mult.toMarker : false }] }];
  }
  m = KNIT_RE.exec(c);
  if (!m) return null;
  const [cc, pp] = KNIT_STITCHES[m[1]];
  const n = m[2] ? Number(m[2]) : 1;
  const rest = m[3].trim();
  if (!rest || rest === "tbl") return [op(cc * n, pp * n)];
  const mult = multiplier(rest, false);
  if (mult?.kind === "n") return mult.n.map((k) => op(cc * n * k, pp * n * k));
  if (mult?.kind === "fill" && n === 1) return [{ c: 0, p: 0, kinds: {}, fills: [{ c: cc, p: pp, kinds: {}, toMarker: mult.toMarker }] }];
  return null;
}

function readCrochet(c: string, _ctx: Context): Readings {
  // "sc 3" is "3 sc": the count after the stitch, as many patterns write it.
  const after = COUNT_AFTER_RE.exec(c);
  if (after) c = `${after[2]} ${after[1]}`;
  const m = CROCHET_RE.exec(c);
  if (!m) return null;
  const count = m[1] ? Number(m[1]) : undefined;
  const name = m[2];
  const [cc, pp] = CROCHET_STITCHES[name];
  const kind = cc === 1 && pp === 1 ? name : undefined;
  const rest = m[3]
    .trim()
    .replace(/\s*\{counts\}\s*/, " ")
    .trim();
  const made = (n: number) => (kind ? { [kind]: n } : {});
  // "dec 6 times", "inc x 6".
  let mm = STITCH_TIMES.exec(rest);
  if (mm) {
    const k = num(mm[1] ?? mm[2]) * (count ?? 1);
    return [{ c: cc * k, p: pp * k, kinds: made(pp * k), fills: [] }];
  }
  if (!rest) {
    const k = count ?? 1;
    return [{ c: cc * k, p: pp * k, kinds: made(pp * k), fills: [] }];
  }
  // "sc in 2nd ch from hook and in each ch across": skip, one stitch, then the rest.
  mm = /^in (?:the )?(\d+)(?:st|nd|rd|th) ch from (?:the )?hook(?: and (.*))?$/.exec(rest);
  if (mm) {
    const skipped = Number(mm[1]) - 1;
    const first = { c: skipped + 1, p: pp * (count ?? 1), kinds: made(pp * (count ?? 1)), fills: [] as Fill[] };
    const readings = [first];
    // The skipped chains of a taller stitch may count as its first stitch: both readings stand.
    if (skipped >= 2) readings.push({ ...first, p: first.p + 1, kinds: made(pp * (count ?? 1) + 1) });
    if (!mm[2]) return readings;
    const tail = /^in (?:each|every) (?:ch|st)(?: across| to end)?$|^across$/.test(mm[2].trim());
    if (!tail) return null;
    return readings.map((r) => ({ ...r, fills: [{ c: 1, p: pp, kinds: made(pp) }] }));
  }
  // Into one stitch, a ring or a space.
  mm = /^in (?:the |a |an )?(?:next|same|first|last|following|top of|beg)? ?(st|ch|sc|dc|hdc|tr|sp|ring|mr|corner)(?: .*)?$/.exec(rest);
  if (mm && !/each|every/.test(rest)) {
    const into = /same/.test(rest) || /^(?:sp|ring|mr|corner)$/.test(mm[1]) ? 0 : 1;
    const k = count ?? 1;
    if (name === "inc" || name === "dec" || cc !== 1) return [{ c: cc * k, p: pp * k, kinds: made(pp * k), fills: [] }];
    return [{ c: into, p: pp * k, kinds: made(pp * k), fills: [] }];
  }
  // "sc in next 7 ch", "hdc in each of next 3 sts".
  mm = /^in (?:the )?(?:next|each of (?:the )?next|following) (\d+) (?:sts|st|ch|sc|dc|hdc)(?: .*)?$/.exec(rest);
  if (mm) {
    const n = Number(mm[1]);
    const each = count ?? 1;
    return [{ c: n * cc, p: n * pp * each, kinds: made(n * pp * each), fills: [] }];
  }
  // "sc in each st around", "2 sc in each st around", "inc around", "sc across".
  if (
    /^(?:in (?:each|every) (?:st|ch|sc|dc|hdc|tr)|in each rem st|in each st|in each st and ch)?\s*(?:around|across|to end(?: of (?:rnd|row))?|to (?:the )?last(?: \d{1,3})? sts?|)$/.test(rest) ||
    /^around$|^across$/.test(rest)
  ) {
    const each = count ?? 1;
    return [{ c: 0, p: 0, kinds: {}, fills: [{ c: cc, p: pp * each, kinds: made(pp * each) }] }];
  }
  return null;
}

// ---- Rows ---------------------------------------------------------------------------------------

/** One row as checked: its 1-based line, its label, what it states and what the checker counted (the API's shape). */
export type RowCheck = TechEditRow;

/** Turkish stitch names in a stated count ("(40 sık iğne)"), as the abbreviations they count. */
const TURKISH_UNITS: Record<string, string> = { "sık iğne": "sc", "yarım çubuk": "hdc", çubuk: "dc", "çift çubuk": "tr" };

/** "(18)", "[18]", "- 18 sts", "18 sts.", "(18 stitches)", "(12 dc, 4 ch-2 sps)": the number and what it counts. */
function parseStated(count: string): { n: number; kind?: string } | undefined {
  const m = /(\d+)\s*([a-zçğıöşü-]+(?: iğne| çubuk)?)?/iu.exec(count);
  if (!m) return undefined;
  const unit = TURKISH_UNITS[m[2]?.toLocaleLowerCase("tr") ?? ""] ?? m[2]?.toLocaleLowerCase("en");
  if (!unit || /^(?:sts?|stitches|ilmek(?:ler)?|ilm)$/u.test(unit)) return { n: Number(m[1]) };
  if (CROCHET_STITCHES[unit] || KNIT_STITCHES[unit]) return { n: Number(m[1]), kind: unit };
  return undefined;
}

/** A round or row the checker should read: labelled, or an unlabelled line of stitches. */
function isRow(text: string) {
  return looksLabelled(text) || looksLikeStitchLine(text) || looksLikeStart(text);
}

const RANGE = /^(?:r|rnds?|rounds?|rows?|tur(?:lar)?|sıra(?:lar)?)?\s*\.?\s*(\d+)\s*(?:-|–|to)\s*(?:r|rnds?|rounds?|rows?)?\s*(\d+)/iu;
const TR_RANGE = /^(\d+)\.?\s*[-–]\s*(\d+)\s*\./u;

function rowSpan(label: string | undefined): number {
  if (!label) return 1;
  const m = RANGE.exec(label) ?? TR_RANGE.exec(label);
  if (!m) return 1;
  const n = Number(m[2]) - Number(m[1]) + 1;
  return n >= 1 && n <= 500 ? n : 1;
}

function labelNumber(label: string | undefined): number | undefined {
  const m = /(\d+)/.exec(label ?? "");
  return m ? Number(m[1]) : undefined;
}

/** The rows the checker knows it cannot count, named so the seller knows why (the text is normalised, lower case). */
const LIMITS: Array<[NonNullable<RowCheck["reason"]>, RegExp]> = [
  ["chart", /\bchart\b|(?<![\p{L}])şema/u],
  ["evenly", /\bevenly\b|eşit aralık/u],
  ["until-measures", /\buntil\b|\bmeasures\b|ölçene kadar|olana kadar/u],
  ["as-set", /\bas set\b|\bas established\b|\bin patt(?:ern)?\b|desene göre|desene devam/u],
  ["short-rows", /\bw&t\b|\bwrap and turn\b|\bshort rows?\b|kısa sıra/u],
  ["colourwork", /\bcolou?rwork\b|\bfair ?isle\b|\bintarsia\b|\bjacquard\b/u],
];

function knownLimit(body: string): RowCheck["reason"] | undefined {
  return LIMITS.find(([, re]) => re.test(body))?.[0];
}

const INC_DEC_WORDS = /\b(?:inc|dec|tog|ssk|ssp|m1|m1l|m1r|yo|kfb|pfb|psso|sk2p|cdd|bind off|cast off|cast on|bo|co|ch|sk|skip|2 (?:sc|dc|hdc) in)\b|\d+\s*(?:sc|dc|hdc|tr)\s+in\b/;

/** Checks the stitch counts of every round and row of a pattern's instructions. */
export function checkStitchCounts(sections: PatternSection[], craft: Craft): RowCheck[] {
  if (craft !== "crochet" && craft !== "knitting") return [];
  workLeft = ROW_WORK_BUDGET;
  const out: RowCheck[] = [];
  let live: number | undefined;
  let ring = false;
  const byLabel = new Map<number, { text: string }>();
  // Numbering that starts again after a part ("EARS", Rnd 1) is a new piece: its rows are its own.
  let afterPart = false;
  let lastNumber = 0;
  // Chains the row before made ("8 ch, skip 8"): a row "in each st and ch" works them too.
  let chains: number | undefined = 0;
  for (const section of sections) {
    if (section.key !== "instructions") continue;
    for (const line of section.lines) {
      if (line.part) {
        // A new piece starts with a chain, a ring or a cast on, which sets the count again; a part such
        // as "Crown shaping" or "Border" goes on from the stitches there are.
        ring = false;
        afterPart = true;
        continue;
      }
      if (!isRow(line.text)) {
        if (/fasten off|bind off|cast off|finish off/iu.test(line.text)) live = undefined;
        continue;
      }
      const parts = splitStep(line.text);
      const rowName = parts.label?.replace(/[:.\-–]\s*$/u, "").trim() || line.text.slice(0, 24);
      const statedParsed = parts.count ? parseStated(parts.count) : undefined;
      if (parts.body.length > MAX_ROW) {
        out.push({ line: line.n, row: rowName, status: "unchecked", reason: "unreadable" });
        live = undefined;
        continue;
      }
      // "Cast on 41 sts.": the number is the instruction, not a stated count after it.
      const bare = /^(?:cast on|co|ch|chain)\.?$/iu.test(parts.body.trim()) && parts.count;
      let body = normaliseRow(bare ? `${parts.body} ${parts.count}` : parts.body);
      const span = rowSpan(parts.label);

      // "Repeat Row 2", "Rep Rnd 5": the same stitches as that row.
      const again = /^rep(?:eat)? (?:row|rnd|round|tur|sıra) (\d+) ?\.?$/.exec(body);
      if (again && byLabel.has(Number(again[1]))) body = byLabel.get(Number(again[1]))!.text;
      const n = labelNumber(parts.label);
      if (n !== undefined) {
        if (afterPart && n <= lastNumber) byLabel.clear();
        afterPart = false;
        lastNumber = n;
        byLabel.set(n, { text: body });
      }
      // "Each st and ch": the chains of the row before are stitches to work into.
      const intoChains = /\beach st and ch\b/.test(body);
      const liveIn: number | undefined = intoChains ? (live === undefined || chains === undefined ? undefined : live + chains) : live;

      // "Repeat Rnds 8 and 9 eight more times", "Repeat Rows 2-3 sixteen times": those rows, in order, that often.
      const group = repeatedRows(body, byLabel);
      const result: RowResult = group ? repeatGroup(group, craft, liveIn) : evaluateRow(body, craft, liveIn, ring);
      chains = undefined;
      const check: RowCheck = { line: line.n, row: rowName, status: "unchecked" };
      if (parts.count && !bare) {
        check.statedText = parts.count;
        if (statedParsed) check.stated = statedParsed.n;
      }
      if (result.kind === "start") {
        chains = 0;
        live = result.live;
        ring = result.ring;
        if (statedParsed && !bare && !statedParsed.kind && live !== undefined) {
          check.computed = live;
          check.status = live === statedParsed.n ? "ok" : "wrong";
        } else check.reason = parts.count ? "unreadable" : "no-stated-count";
        if (check.status !== "unchecked" || (parts.count && !bare)) out.push(check);
        continue;
      }
      if (result.kind === "unreadable") {
        check.reason = result.reason === "unreadable" ? (knownLimit(body) ?? result.reason) : result.reason;
        out.push(check);
        // A row of plain stitches with no increase or decrease keeps the count; anything else is unknown.
        live = statedParsed && !statedParsed.kind ? statedParsed.n : INC_DEC_WORDS.test(body) ? undefined : live;
        ring = false;
        continue;
      }
      // Rows in a range each work the same stitches (a repeat of other rows already counts its rows).
      let readings: Reading[] = result.readings;
      for (let i = 1; i < (group ? 1 : span); i++) {
        readings = readings.flatMap((r) => {
          const next = evaluateRow(body, craft, r.total, false);
          return next.kind === "ok" ? next.readings : [];
        });
        if (!readings.length) break;
      }
      ring = false;
      if (!readings.length) {
        check.reason = "repeat-does-not-fit";
        out.push(check);
        live = statedParsed && !statedParsed.kind ? statedParsed.n : undefined;
        continue;
      }
      const primary: Reading = readings[0];
      chains = primary.chains ?? 0;
      if (!statedParsed && primary.total === 0) {
        // "Sl st to the next st and fasten off": a finishing step, not a round.
        live = undefined;
        continue;
      }
      if (!statedParsed) {
        check.reason = "no-stated-count";
        check.computed = primary.total;
        out.push(check);
        live = primary.total;
        continue;
      }
      const value = (r: Reading) => (statedParsed.kind ? (r.kinds[statedParsed.kind] ?? 0) : r.total);
      const agreeing = readings.find((r) => value(r) === statedParsed.n);
      check.computed = value(agreeing ?? primary);
      check.status = agreeing ? "ok" : "wrong";
      out.push(check);
      // Go on from what the instructions make when the row works exactly the stitches there were (the
      // stated count is the slip); a row that does not fit its stitches is itself in doubt, so go on
      // from the stated count. Either way one mistake is reported once, not on every later row.
      live = agreeing ? agreeing.total : primary.fits || statedParsed.kind ? primary.total : statedParsed.n;
    }
  }
  return out;
}

const REPEAT_ROWS = new RegExp(
  `^rep(?:eat)? (?:rows?|rnds?|rounds?|turlar|tur|sıralar|sıra) (\\d+)(?:\\s*(and|&|-|to|through)\\s*(?:rows?|rnds?|rounds?)?\\s*(\\d+))?(?:,?\\s+(?:${NUM}\\s+(more\\s+)?times|(once|twice)(?: more)?))? ?\\.?$`,
);

/** The rows a "Repeat Rows 2 and 3 ... times" line works again, and how often; undefined when it is not one. */
function repeatedRows(body: string, byLabel: Map<number, { text: string }>): { bodies: string[]; times: number } | undefined {
  const m = REPEAT_ROWS.exec(body);
  if (!m || (!m[3] && !m[4] && !m[6])) return undefined;
  const from = Number(m[1]);
  const to = m[3] ? Number(m[3]) : from;
  const ids = m[2] === "and" || m[2] === "&" ? [from, to] : Array.from({ length: Math.max(0, to - from + 1) }, (_, i) => from + i);
  if (!ids.length || ids.length > 50 || ids.some((id) => !byLabel.has(id))) return undefined;
  // "eight more times" and "eight times" both work the rows eight times after this line.
  const times = m[6] ? (m[6] === "once" ? 1 : 2) : num(m[4]);
  // Bounded work: a repeat of more than 2,000 rows is not followed.
  if (!times || times * ids.length > 2_000) return undefined;
  return { bodies: ids.map((id) => byLabel.get(id)!.text), times };
}

/** Works the rows of a repeat in order, as often as it says; any row it cannot read leaves it unread. */
function repeatGroup(group: { bodies: string[]; times: number }, craft: Craft, live: number | undefined): RowResult {
  if (live === undefined) return { kind: "unreadable", reason: "no-count-before" };
  let last: Reading = { total: live, kinds: {}, fits: true };
  for (let k = 0; k < group.times; k++) {
    for (const body of group.bodies) {
      const next = evaluateRow(body, craft, last.total, false);
      if (next.kind !== "ok") return { kind: "unreadable", reason: "unreadable" };
      last = next.readings[0];
    }
  }
  return { kind: "ok", readings: [{ ...last, fits: true }] };
}

interface Reading {
  total: number;
  kinds: Record<string, number>;
  /** The row works exactly the stitches there were (or works "to end"): its own count can be trusted. */
  fits: boolean;
  /** Chains the row made (not stitches, but the next row may work into them). */
  chains?: number;
}

type RowResult = { kind: "ok"; readings: Reading[] } | { kind: "start"; live?: number; ring: boolean } | { kind: "unreadable"; reason: RowCheck["reason"] };

/**
 * Bounded work per report (issue 23, decision 0028): ranges ("Rows 2-500") and repeats ("rep rows 1-2
 * 999 times") work a row again and again, so every evaluation spends its length from one budget. A real
 * pattern of 50,000 characters uses a fraction of it; past it, rows are left unchecked ("unreadable").
 */
const ROW_WORK_BUDGET = 400_000;
let workLeft = ROW_WORK_BUDGET;

function evaluateRow(body: string, craft: Craft, live: number | undefined, ring: boolean): RowResult {
  workLeft -= body.length + 16;
  if (workLeft < 0) return { kind: "unreadable", reason: "unreadable" };
  // Starting a piece: a foundation chain, a ring, a cast on.
  let m = /^(?:with [a-z]+,? )?ch (\d+)(?: ?\.)?$/.exec(body);
  if (m) return { kind: "start", live: Number(m[1]), ring: false };
  if (/^(?:with [a-z]+,? )?ch \d+,? (?:and )?(?:join|sl st)[^,]*(?:ring|first ch)[^,]*\.?$/.test(body) || /^(?:make an? )?mr\.?$/.test(body)) {
    return { kind: "start", live: 0, ring: true };
  }
  // "Cast on 96 (112, 124) sts": patterns in several sizes are checked in the first size.
  m = /^(?:cast on|co) (\d+)(?: \([\d, ]+\))?(?: sts| st)?(?:[ ,.].*)?$/.exec(body);
  if (m) return { kind: "start", live: Number(m[1]), ring: false };
  // "Knit.", "Work even in stockinette.", "Knit RS rows, purl WS rows.": every stitch once, the count kept.
  if (/^(?:knit|purl|k|p|work even(?: in (?:stockinette|st st|stocking st|garter st|reverse stockinette))?|knit rs rows,? purl ws rows)$/.test(body.replace(/\.$/, ""))) {
    return live === undefined ? { kind: "unreadable", reason: "no-count-before" } : { kind: "ok", readings: [{ total: live, kinds: {}, fits: true }] };
  }

  const ctx: Context = { craft, firstKind: firstKind(body) };
  // A chain at the start of a round or row may or may not count as its first stitch: read both ways.
  const chain = /^((?:(?:sl st|join)[^,*()]*, )*)ch (\d+)(?: ?,? ?(?:and )?turn)?\s*,\s*(.*)$/.exec(body);
  let readings: Made[] | null;
  if (chain && !/\{counts\}|\{nocount\}/.test(body.slice(0, chain[0].length - chain[3].length))) {
    const lead = chain[1] ? readSeq(chain[1].replace(/,\s*$/, ""), ctx) : [empty()];
    const tail = readSeq(chain[3], ctx);
    if (!tail || !lead) return { kind: "unreadable", reason: "unreadable" };
    const rest = combine(lead, tail);
    const n = Number(chain[2]);
    readings = [...rest];
    if (n >= 2 && craft === "crochet" && ctx.firstKind && ctx.firstKind !== "sc") {
      readings.push(...rest.map((r) => add(op(ring || live === 0 ? 0 : 1, 1, ctx.firstKind), r)));
    }
  } else {
    readings = readSeq(body.replace(/\.$/, ""), ctx);
  }
  if (!readings || !readings.length) return { kind: "unreadable", reason: "unreadable" };

  const solved: Reading[] = [];
  let needsCount = false;
  let misfit = false;
  for (const r of readings) {
    const s = solve(r, craft, ring ? 0 : live);
    if (s === "needs-count") needsCount = true;
    else if (s === "misfit") misfit = true;
    else if (!solved.some((x) => x.total === s.total && JSON.stringify(x.kinds) === JSON.stringify(s.kinds))) solved.push(s);
  }
  if (!solved.length) return { kind: "unreadable", reason: needsCount ? "no-count-before" : misfit ? "repeat-does-not-fit" : "unreadable" };
  return { kind: "ok", readings: solved };
}

/** The first stitch a row makes after its opening chain: what "ch 3 (counts as ...)" stands for. */
function firstKind(body: string): string | undefined {
  const m = /\b(sc|hdc|dc|tr|dtr|htr)\b/.exec(body.replace(/^ch \d+[^,]*,/, ""));
  return m?.[1];
}

/** Works out a row's count from its stitches and the stitches the row before left. */
function solve(r: Made, craft: Craft, live: number | undefined): Reading | "needs-count" | "misfit" {
  const kinds = { ...r.kinds };
  const chains = kinds.ch ?? 0;
  delete kinds.ch;
  const fills = r.fills.filter((f) => !f.toMarker);
  const markers = r.fills.filter((f) => f.toMarker);
  if (!r.fills.length) {
    // Knitting keeps unworked stitches on the needle; a crochet row is the stitches it makes.
    const rest = craft === "knitting" && live !== undefined && live > r.c ? live - r.c : 0;
    return { total: r.p + rest, kinds, fits: live === undefined || live === 0 || r.c === live, chains };
  }
  if (live === undefined) return "needs-count";
  if (markers.some((f) => f.c !== f.p) || fills.length > 1) return "misfit";
  if (markers.length) {
    // "k to m" works one for one: the row changes the count by what its other stitches add or take.
    if (fills.length && fills[0].c !== fills[0].p) return "misfit";
    return { total: live + r.p - r.c, kinds, fits: true, chains };
  }
  const fill = fills[0];
  const left = live - r.c;
  if (left < 0 || fill.c === 0 || left % fill.c !== 0) return "misfit";
  const k = left / fill.c;
  for (const [kind, n] of Object.entries(fill.kinds)) kinds[kind] = (kinds[kind] ?? 0) + n * k;
  return { total: r.p + fill.p * k, kinds, fits: true, chains };
}

export { STATED_COUNT };
