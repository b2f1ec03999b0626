// @vitest-environment node
/**
 * Issue 23: every parser of a seller's text takes time in proportion to the text. Each parser reads the
 * adversarial texts of tests/fixtures/hostile-text.ts (digit runs, "1x1x1", repeated stitch tokens, nested
 * brackets, whitespace runs, markdown and HTML openers, every Unicode category, row ranges and repeats) at
 * 5,000 and 50,000 characters and answers. How much slower 50,000 characters are than 5,000 (linear work about 10
 * times, quadratic about 100; the budget is 30) is a timing, so it is measured by `npm run bench`
 * (BENCH_ONLY=growth, ratios in one run), never here (decisions 0028 and 0043).
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { findHostileText } from "../../worker/lib/text-limits";
import { ADVERSARIAL, LARGE, PARSERS, SMALL } from "../fixtures/hostile-text";

/** The hostile run of one text, as the API edge finds it. */
const hostileRun = (text: string) => findHostileText(text)?.run;

describe("every parser of a seller's text reads 5,000 and 50,000 characters of adversarial text", () => {
  for (const [name, parse] of Object.entries(PARSERS)) {
    it(`${name} answers for each of the ${Object.keys(ADVERSARIAL).length} adversarial texts`, async () => {
      for (const make of Object.values(ADVERSARIAL)) {
        for (const size of [SMALL, LARGE]) {
          const text = make(size);
          expect(text.length).toBe(size);
          await expect(Promise.resolve(parse(text))).resolves.not.toThrow();
        }
      }
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
