import { describe, expect, it } from "vitest";
import { detectCraft } from "../../worker/domain/wizard/abbreviations";
import { formatPatternOffline, instructionLines, renderFormattedPattern } from "../../worker/domain/wizard/offline-formatter";
import { optimizePatternOffline, renderOptimizedPattern, sectionOutline } from "../../worker/domain/wizard/offline-optimizer";
import { keepsEveryLine } from "../../worker/domain/wizard/workflow";
import { PATTERNS, bunny, coaster, dishcloth, granny, turkish, turkishKnit } from "./wizard-patterns";

const nonEmpty = (text: string) =>
  text
    .split(/\r?\n/)
    .map((l) => l.trim())
    .filter(Boolean);

/** An output line without the heading marks the optimizer may put in front of a seller's line. */
const bare = (line: string) => line.replace(/^#{1,3} (?=\S)/u, "");

/**
 * Every non-empty input line appears exactly once, character for character, in the output, and the
 * input lines appear in the same order.
 */
function expectEveryLineOnceInOrder(input: string, output: string) {
  const out = nonEmpty(output).map(bare);
  let at = -1;
  for (const line of nonEmpty(input)) {
    const wanted = bare(line);
    expect(
      out.filter((l) => l === wanted),
      `"${line}" once`,
    ).toHaveLength(nonEmpty(input).filter((l) => bare(l) === wanted).length);
    const next = out.indexOf(wanted, at + 1);
    expect(next, `"${line}" after the line before it`).toBeGreaterThan(at);
    at = next;
  }
}

describe("offline optimizer keeps the pattern's structure", () => {
  for (const pattern of PATTERNS) {
    it(`keeps every line of the ${pattern.name} exactly once, in order, in one section each, and detects ${pattern.craft}`, () => {
      const optimized = optimizePatternOffline(pattern.text);
      expect(optimized.craft).toBe(pattern.craft);
      expect(optimized.craftDetected).toBe(true);
      expectEveryLineOnceInOrder(pattern.text, renderOptimizedPattern(optimized));
      // One section each: the outline lists every input line once, numbered as pasted, in order.
      const numbers = [optimized.titleLine?.n, ...sectionOutline(optimized).flatMap((s) => [...s.lines.map((l) => l.line)])].filter((n) => n !== undefined);
      const headingNumbers = optimized.sections.flatMap((s) => (s.heading ? [s.heading.n] : []));
      const all = [...numbers, ...headingNumbers].sort((a, b) => a! - b!);
      const expected = pattern.text.split(/\r?\n/).flatMap((l, i) => (l.trim() ? [i + 1] : []));
      expect(all).toEqual(expected);
      expect(keepsEveryLine(pattern.text, renderOptimizedPattern(optimized))).toBe(true);
    });
  }

  it("gives the same text when an optimized pattern is optimized again", () => {
    for (const pattern of PATTERNS) {
      const once = renderOptimizedPattern(optimizePatternOffline(pattern.text));
      expect(renderOptimizedPattern(optimizePatternOffline(once))).toBe(once);
    }
  });

  it("puts the coaster's first round under Instructions, its abbreviations line once, and 'weave in ends' on its own line", () => {
    const optimized = optimizePatternOffline(coaster);
    const text = renderOptimizedPattern(optimized);
    const section = (line: string) => optimized.sections.find((s) => s.lines.some((l) => l.text === line))?.key;
    expect(section("With yellow, ch 4 and sl st in the first ch to form a ring.")).toBe("instructions");
    expect(section("Materials: worsted weight cotton yarn (about 20 m yellow, 15 m white), 4 mm (G-6) crochet hook, tapestry needle")).toBe("materials");
    expect(section("Abbreviations (US terms): ch, sl st, dc, sp")).toBe("abbreviations");
    expect(text.match(/Abbreviations \(US terms\): ch, sl st, dc, sp/g)).toHaveLength(1);
    expect(text).toContain("\nFasten off and weave in ends.\n");
    expect(section("© 2026 Sunny Stitches Studio. For personal use only: please do not share or resell this pattern.")).toBe("notes");
  });

  it("reads a Turkish knitting pattern as knitting and keeps its cast-on and rounds out of the abbreviations", () => {
    const optimized = optimizePatternOffline(turkishKnit);
    expect(optimized.craft).toBe("knitting");
    expect(optimized.language).toBe("tr");
    const abbreviations = optimized.sections.filter((s) => s.key === "abbreviations").flatMap((s) => s.lines.map((l) => l.text));
    expect(abbreviations).toEqual(["k: düz (knit)", "p: ters (purl)", "k2tog: 2 ilmeği birlikte düz ör (1 ilmek azalır)", "rep: tekrarla (repeat)"]);
    const instructions = optimized.sections.filter((s) => s.key === "instructions").flatMap((s) => s.lines.map((l) => l.text));
    expect(instructions[0]).toBe("Şişe 72 ilmek başlayın, işaretleyici takın ve tur için birleştirin (72 ilmek).");
    expect(instructions).toContain("1-10. turlar: *k2, p2; rep from * to end. (72)");
    expect(renderOptimizedPattern(optimized)).not.toMatch(/Tığ/u);
  });

  it("lets the seller's choice of craft win over detection", () => {
    const optimized = optimizePatternOffline(turkishKnit, { craft: "crochet" });
    expect(optimized.craft).toBe("crochet");
    expect(optimized.craftDetected).toBe(false);
  });

  it("tells the crafts apart from their vocabulary, in English and Turkish", () => {
    expect(detectCraft("Şişe 60 ilmek başlayın. 1-8. turlar: 2 düz, 2 ters lastik örgü.")).toBe("knitting");
    expect(detectCraft("Sihirli halkaya 6 sık iğne. 2. tur: her ilmeğe arttırma, tığ 3 mm.")).toBe("crochet");
    expect(detectCraft("Cut the fabric, pin right sides together and sew with a 1 cm seam allowance.")).toBe("sewing");
    expect(detectCraft("Stitch the chart on 14-count Aida with 2 strands of DMC floss.")).toBe("cross-stitch");
  });

  it("names the sections Listora adds in the pattern's language and leaves the seller's headings as written", () => {
    const text = renderOptimizedPattern(optimizePatternOffline(bunny));
    expect(text.split("\n").filter((l) => l.startsWith("## "))).toEqual(["## Finished size", "## Materials:", "## Gauge", "## Instructions"]);
    expect(renderOptimizedPattern(optimizePatternOffline(turkish))).toContain("## Yapılışı\n### Kafa\nTur 1: sihirli halkaya 6 sc (6)");
  });
});

describe("offline formatter", () => {
  for (const pattern of PATTERNS) {
    it(`keeps every line of the ${pattern.name} in the draft and names it a ${pattern.craft} pattern`, () => {
      const draft = formatPatternOffline(renderOptimizedPattern(optimizePatternOffline(pattern.text)));
      expect(draft.craft).toBe(pattern.craft);
      const text = renderFormattedPattern(draft);
      expectEveryLineOnceInOrder(pattern.text, text);
      expect(draft.standardNotes.some((n) => n.startsWith("This pattern is for personal use.") || n.startsWith("Bu model kişisel"))).toBe(true);
    });
  }

  it("splits a round into its label, its text and its stated count, each as written", () => {
    const draft = formatPatternOffline(bunny);
    const r4 = draft.sections.flatMap((s) => s.lines).find((l) => l.text.startsWith("R4:"));
    expect(r4).toMatchObject({ label: "R4:", body: "(2sc, inc) x 6", count: "- 18 sts" });
    for (const line of draft.sections.flatMap((s) => s.lines)) {
      if (line.label || line.count) expect([line.label, line.body, line.count].filter(Boolean).join(" ")).toBe(line.text);
    }
  });

  it("adds a table of the abbreviations the pattern uses, with their standard meanings, and only those", () => {
    const draft = formatPatternOffline(bunny);
    expect(draft.glossary.heading).toBe("Abbreviations");
    const abbrs = draft.glossary.entries.map((e) => e.abbr);
    expect(abbrs).toEqual(expect.arrayContaining(["MR", "ch", "sc", "inc", "dec", "sl st"]));
    expect(abbrs).not.toContain("hdc");
    expect(abbrs).not.toContain("dc");
    expect(draft.glossary.entries.find((e) => e.abbr === "sc")?.meaning).toBe("single crochet");
    // A seller with a list keeps it; the table adds only what the list leaves out.
    const withList = formatPatternOffline(granny);
    expect(withList.glossary.heading).toBe("More abbreviations (standard meanings)");
    expect(withList.glossary.entries.map((e) => e.abbr)).not.toContain("dc");
  });

  it("gives UK crochet terms their UK meanings and says which terms the pattern is written in", () => {
    const uk = formatPatternOffline(dishcloth);
    expect(uk.terms).toBe("uk");
    expect(uk.standardNotes).toContain("Written in UK crochet terms.");
    const us = formatPatternOffline(bunny);
    expect(us.standardNotes).toContain("Written in US crochet terms.");
    // Knitting and a pattern in unknown terms claim no crochet terms.
    expect(formatPatternOffline(turkishKnit).standardNotes.join(" ")).not.toMatch(/tığ işi|crochet/iu);
    expect(formatPatternOffline(granny).standardNotes.join(" ")).not.toMatch(/crochet terms/u);
  });

  it("puts skill level, yarn, hook and size in the summary, from the seller's own words", () => {
    const draft = formatPatternOffline(coaster);
    expect(draft.summary).toEqual(
      expect.arrayContaining([
        { label: "Skill level", value: "Easy" },
        { label: "Size", value: "10 cm (4 in) square after blocking" },
      ]),
    );
    expect(draft.summary.find((s) => s.label === "Yarn")?.value).toContain("worsted weight cotton yarn");
    const tr = formatPatternOffline(turkishKnit);
    expect(tr.subtitle).toBe("Şiş örgü modeli · PDF indirme");
    expect(tr.summary.find((s) => s.label === "Seviye")?.value).toBe("Kolay");
  });

  it("lists every instruction line of a draft, in order", () => {
    const draft = formatPatternOffline(bunny);
    const lines = instructionLines(draft);
    expect(lines[0]).toBe("R1: 6 SC in a magic ring (6)");
    expect(lines).toContain("Fasten off, leaving a long tail to close the hole.");
    expect(lines[lines.length - 1]).toBe("Embroider a small nose with pink yarn.");
  });
});
