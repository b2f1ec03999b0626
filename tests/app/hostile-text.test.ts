// @vitest-environment node
/**
 * Issue 23: every parser of a seller's text takes time in proportion to the text. Each parser reads
 * adversarial texts of 5,000 and 50,000 characters (digit runs, "1x1x1", repeated stitch tokens, nested
 * brackets, whitespace runs, markdown and HTML openers, every Unicode category, row ranges and repeats);
 * linear work grows about 10 times, quadratic work about 100 times, and the test fails above 30 times.
 * Growth ratios of the best of three runs, measured in the same run, not wall-clock budgets (decision 0028).
 * Runs in Node (the component project): inside workerd the clock stands still while code runs.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { toPlainDescription } from "../../schema/plain-text";
import { auditListing } from "../../shared/audit";
import { enforceListingRules } from "../../worker/domain/listings/enforce-rules";
import { parseTagsContent } from "../../worker/domain/listings/tags";
import { etsyColumnsOf, etsyRowToInput, parseCsv } from "../../worker/domain/shop/csv";
import { formatPatternOffline } from "../../worker/domain/wizard/offline-formatter";
import { techEdit } from "../../worker/domain/wizard/tech-edit";
import { findHostileText } from "../../worker/lib/text-limits";

/** The hostile run of one text, as the API edge finds it. */
const hostileRun = (text: string) => findHostileText(text)?.run;
import { offlineComposer } from "../../worker/providers/llm/offline-composer";

const SMALL = 5_000;
const LARGE = 50_000;
const MAX_GROWTH = 30;
const SMALL_FLOOR_MS = 10;

/** A text of exactly n characters made by repeating `unit` (numbered with {i} where it has one). */
function fill(n: number, unit: string | ((i: number) => string), head = ""): string {
  let s = head;
  for (let i = 1; s.length < n; i++) s += typeof unit === "string" ? unit : unit(i);
  return s.slice(0, n);
}

/** One character of every Unicode general category, over and over. */
const EVERY_CATEGORY = [..."Aa\u01c5\u02b0\u05d0\u0301\u0903\u20dd0\u0660\u2160\u00bd_-([{)]}\u00ab\u00bb!.,$+\u005e\u00a9 \u2028\u2029\u0000\u00ad\u200b\ud800\ue000\u{1f600}\u4e00\u0130\u0131"];

const ADVERSARIAL: Record<string, (n: number) => string> = {
  "a run of digits": (n) => "1".repeat(n),
  "digits with dots": (n) => fill(n, "1."),
  "digits with commas": (n) => fill(n, "1,"),
  '"1x1x1" measures': (n) => fill(n, "1x"),
  "numbers and spaces": (n) => fill(n, "1 "),
  millimetres: (n) => fill(n, "5 mm "),
  "stitch rows": (n) => fill(n, (i) => `Row ${i}: sc across (20)\n`, "Ch 21.\n"),
  "row ranges": (n) => fill(n, (i) => `Rows ${i}-${i + 498}: (sc, inc, sc2tog) x 5, sc in each st across (20)\n`, "Ch 21.\nRow 1: sc across (20)\n"),
  "row repeats": (n) => fill(n, (i) => `Row ${i + 2}: repeat rows 1-2 999 times (20)\n`, "Ch 21.\nRow 1: sc across (20)\nRow 2: sc across (20)\n"),
  "repeated stitch tokens": (n) => fill(n, "2 sc, "),
  "nested parentheses": (n) => "(".repeat(n / 2) + ")".repeat(n / 2),
  "open brackets": (n) => "[".repeat(n),
  "bracketed stitches": (n) => fill(n, "(sc, [inc, "),
  "a run of spaces": (n) => `a${" ".repeat(n - 2)}b`,
  "tabs and newlines": (n) => fill(n, " \t\n"),
  "one long word": (n) => "a".repeat(n),
  shouting: (n) => "A".repeat(n),
  "bold openers": (n) => fill(n, "**a "),
  "html openers": (n) => fill(n, "<a"),
  "unclosed scripts": (n) => fill(n, "<script>"),
  "link openers": (n) => fill(n, "[a]("),
  backticks: (n) => "`".repeat(n),
  hashes: (n) => `# a${"#".repeat(n - 4)}x`,
  "every Unicode category": (n) => fill(n, (i) => EVERY_CATEGORY[i % EVERY_CATEGORY.length]),
};

const composer = offlineComposer();
const compose = (task: "title" | "description" | "tags" | "alt-text") => (t: string) => composer.complete({ system: "", prompt: "", task, context: { description: t, keywords: [] } });
const csvField = (t: string) => `"${t.replace(/"/g, '""')}"`;

const PARSERS: Record<string, (text: string) => unknown> = {
  "the tech edit": (t) => techEdit(t),
  "the pattern formatter": (t) => formatPatternOffline(t),
  "the Listing Doctor": (t) => auditListing({ platform: "etsy", title: t.slice(0, 140), description: t, tags: [t.slice(0, 20)], altTexts: [t.slice(0, 500)] }),
  "the offline composer's title": compose("title"),
  "the offline composer's description": compose("description"),
  "the offline composer's tags": compose("tags"),
  "the offline composer's alt texts": compose("alt-text"),
  "the rule enforcer": (t) =>
    enforceListingRules({ title: t, description: t, tags: [t, t.slice(0, 30)], altTexts: [t], bullets: [t], searchTerms: t }, { platform: "etsy", productDescription: t, keywords: [] }),
  "the CSV import": (t) => {
    const [header, row] = parseCsv(
      `TITLE,DESCRIPTION,PRICE,CURRENCY_CODE,QUANTITY,TAGS,MATERIALS,SKU\n${csvField(t.slice(0, 140))},${csvField(t)},10,USD,1,${csvField(t.slice(0, 300))},${csvField(t.slice(0, 300))},a\n`,
    );
    return etsyRowToInput(row, etsyColumnsOf(header));
  },
  "the plain-text converter": (t) => toPlainDescription(t),
  "the tag reader": (t) => parseTagsContent(t),
  "the text limits": (t) => findHostileText({ a: t, b: [t] }),
};

async function bestOf3(parse: (text: string) => unknown, text: string): Promise<number> {
  let best = Infinity;
  for (let i = 0; i < 3; i++) {
    const t0 = performance.now();
    await parse(text);
    best = Math.min(best, performance.now() - t0);
  }
  return best;
}

describe("every parser of a seller's text works in linear time", () => {
  for (const [name, parse] of Object.entries(PARSERS)) {
    it(`${name} reads 50,000 characters of adversarial text at most ${MAX_GROWTH} times slower than 5,000`, async () => {
      const slow: string[] = [];
      for (const [kind, make] of Object.entries(ADVERSARIAL)) {
        const small = make(SMALL);
        const large = make(LARGE);
        expect(large.length).toBe(LARGE);
        await parse(small); // warm up the JIT
        const a = await bestOf3(parse, small);
        const b = await bestOf3(parse, large);
        // Below 10 ms the timer, the JIT and the collector dominate (a linear parser's 2 ms at 5,000 can be
        // 100 ms at 50,000 on a loaded machine): the small text counts as 10 ms at least, so only a large
        // text taking over 300 ms can fail. The quadratic code of issue 23 took seconds.
        const growth = b / Math.max(a, SMALL_FLOOR_MS);
        if (growth > MAX_GROWTH) slow.push(`${kind}: ${a.toFixed(1)} ms -> ${b.toFixed(1)} ms (${growth.toFixed(0)}x)`);
      }
      expect(slow).toEqual([]);
    }, 180_000);
  }
});

describe("text no seller writes is found in one pass", () => {
  it("finds a number of more than 200 digits and a word of more than 1,000 letters, and nothing in ordinary text", () => {
    expect(hostileRun("1".repeat(20_000))).toEqual({ kind: "digits", length: 20_000 });
    expect(hostileRun(`Size ${"9".repeat(201)} cm`)).toEqual({ kind: "digits", length: 201 });
    expect(hostileRun(`EAN ${"9".repeat(200)}`)).toBeUndefined();
    expect(hostileRun(`x${"ab".repeat(600)}`)).toEqual({ kind: "word", length: 1_201 });
    expect(hostileRun("١".repeat(300))).toEqual({ kind: "digits", length: 300 });
    expect(hostileRun("Handmade silver leaf necklace, 45 cm chain, EAN 4006381333931. https://example.com/a-b-c")).toBeUndefined();
    expect(hostileRun(`${"[".repeat(20_000)} ${" ".repeat(20_000)}`)).toBeUndefined();
  });

  it("names the field of the first hostile string inside a body", () => {
    expect(findHostileText({ title: "Mug", tags: ["a", "1".repeat(500)] })).toEqual({ field: "tags.1", run: { kind: "digits", length: 500 } });
    expect(findHostileText({ title: "Mug", description: "A mug." })).toBeUndefined();
  });

  it("never calls ordinary listing text hostile (any words of up to 60 letters, numbers of up to 20 digits)", () => {
    const word = fc.stringMatching(/^(?:[a-zçğıöşü]{1,60}|\d{1,20})$/u);
    fc.assert(fc.property(fc.array(word, { maxLength: 300 }), fc.constantFrom(" ", ", ", "\n", "-", ". "), (words, sep) => hostileRun(words.join(sep)) === undefined));
  });
});
