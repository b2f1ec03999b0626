import { describe, expect, it } from "vitest";
import { formatPatternOffline, renderFormattedPattern } from "../../worker/domain/wizard/offline-formatter";
import { optimizePatternOffline, renderOptimizedPattern } from "../../worker/domain/wizard/offline-optimizer";
import bunny from "../fixtures/patterns/crochet-amigurumi-bunny.txt?raw";
import fox from "../fixtures/patterns/cross-stitch-fox.txt?raw";
import granny from "../fixtures/patterns/granny-square.txt?raw";
import beanie from "../fixtures/patterns/knitted-beanie.txt?raw";
import tote from "../fixtures/patterns/sewing-tote.txt?raw";
import turkish from "../fixtures/patterns/turkish-amigurumi.txt?raw";

/**
 * Words the optimizer may rewrite into abbreviations ("single crochet" -> "sc"); every other word of
 * at least four letters, and every number, must survive from each line the seller wrote.
 */
const REWRITTEN = new Set(
  "single double half treble triple crochet crochets chain chains slip stitch stitches increase increases decrease decreases together knit purl yarn over right wrong side sides magic ring circle loop loops only back front space round rounds rnds row rows step steps make count aida french knot knots finished size sizes gauge tension materials supplies instructions pattern notes abbreviations place marker markers next will need bitmiş ölçü malzemeler kısaltmalar notlar".split(
    " ",
  ),
);

function essentials(line: string): string[] {
  const tokens = line.toLocaleLowerCase("tr").match(/[\p{L}]{4,}|\d+/gu) ?? [];
  return tokens.filter((t) => !REWRITTEN.has(t));
}

/** Every non-blank input line has an output line holding all its essential words and numbers. */
function expectEveryLineKept(input: string, output: string) {
  const outLines = output.toLocaleLowerCase("tr").split("\n");
  const missing = input
    .split(/\r?\n/)
    .filter((l) => l.trim())
    .filter((line) => {
      const need = essentials(line);
      return !outLines.some((out) => need.every((t) => new RegExp(/\d/.test(t) ? `(?<!\\p{N})${t}(?!\\p{N})` : `(?<!\\p{L})${t}`, "u").test(out)));
    });
  expect(missing).toEqual([]);
}

const sections = (text: string) => text.split("\n").filter((l) => l.startsWith("## "));

const FIXTURES = [
  { name: "crochet amigurumi", text: bunny, craft: "crochet", sections: ["## Finished size", "## Materials", "## Gauge", "## Abbreviations", "## Instructions"] },
  { name: "knitted hat", text: beanie, craft: "knitting", sections: ["## Finished size", "## Materials", "## Gauge", "## Abbreviations", "## Instructions", "## Notes"] },
  { name: "sewing tote", text: tote, craft: "sewing", sections: ["## Finished size", "## Materials", "## Abbreviations", "## Instructions", "## Notes"] },
  { name: "cross-stitch", text: fox, craft: "cross-stitch", sections: ["## Finished size", "## Materials", "## Abbreviations", "## Instructions"] },
  { name: "granny square", text: granny, craft: "crochet", sections: ["## Finished size", "## Materials", "## Abbreviations", "## Instructions"] },
] as const;

describe("offline optimizer", () => {
  for (const fixture of FIXTURES) {
    it(`keeps every line of the ${fixture.name} pattern and pulls out its sections`, () => {
      const optimized = optimizePatternOffline(fixture.text);
      const text = renderOptimizedPattern(optimized);
      expect(optimized.craft).toBe(fixture.craft);
      expect(sections(text)).toEqual(fixture.sections);
      expectEveryLineKept(fixture.text, text);
    });
  }

  it("numbers amigurumi rounds and writes abbreviations and stitch counts one way", () => {
    const text = renderOptimizedPattern(optimizePatternOffline(bunny));
    expect(text).toContain("Rnd 1: 6 sc in a MR (6 sts)");
    expect(text).toContain("Rnd 2: inc in each st around (12 sts)");
    expect(text).toContain("Rnd 3: (sc, inc) x 6 (18 sts)");
    expect(text).toContain("Rnd 4: (2 sc, inc) x 6 (18 sts)");
    expect(text).toContain("Rnds 5-9: sc around (24 sts)");
    expect(text).toContain("Row 2: ch 1, turn, sc in each st across. Fasten off.");
    // The body was written without labels: its rounds are numbered from 1 in their own part.
    expect(text).toMatch(/### Body\nRnd 1: 6 sc in MR \(6 sts\)\nRnd 2: inc in each st around \(12 sts\)\nRnd 3: \(sc, inc\) x 6 \(18 sts\)\nRnd 4: sc around \(18 sts\)\nsl st to the next st and fasten off\./);
    expect(text).toContain("### Finishing");
    expect(text).toContain("- sc: single crochet");
    expect(text).toContain("- MR: magic ring");
    expect(text).not.toMatch(/\bSC\b|single crochet x|\[12\]/);
  });

  it("writes knitting abbreviations in lower case and numbers the unnumbered round", () => {
    const text = renderOptimizedPattern(optimizePatternOffline(beanie));
    expect(text).toContain("Rnd 1: *k2, p2; rep from * to end.");
    expect(text).toContain("Rnds 2-12: Work in k2, p2 rib as set.");
    expect(text).toContain("Rnd 13: Knit to end.");
    expect(text).toContain("Rnd 1: *k6, k2tog; rep from * to end. (84 sts)");
    expect(text).toContain("Rnd 3: *k5, k2tog; rep from * to end. (72 sts)");
    expect(text).toContain("- k2tog: knit 2 together");
    expect(text).toContain("### Crown shaping");
    expect(text).toContain("- 22 sts and 30 rounds = 10 cm in stockinette stitch");
  });

  it("numbers every sewing step, continuing after the seller's own numbers", () => {
    const text = renderOptimizedPattern(optimizePatternOffline(tote));
    const steps = text.split("\n").filter((l) => /^Step \d+:/.test(l));
    expect(steps).toHaveLength(9);
    expect(steps[0]).toBe("Step 1: Cut two outer pieces and two lining pieces, each 40 cm x 47 cm.");
    expect(steps[8]).toBe("Step 9: Stitch the gap closed and topstitch 5 mm from the top edge.");
  });

  it("writes DMC, Aida and the fabric count one way in a cross-stitch pattern", () => {
    const text = renderOptimizedPattern(optimizePatternOffline(fox));
    expect(text).toContain("- 14-count Aida in antique white, 30 x 30 cm");
    expect(text).toContain("Step 3: Work the fox body in DMC 720 and 721, then the tail tip in 3865.");
    expect(text).toContain("- Design size: 98 x 84 stitches");
  });

  it("keeps the seller's own abbreviations and moves the starting ring into the instructions", () => {
    const text = renderOptimizedPattern(optimizePatternOffline(granny));
    expect(text).toContain("- dc: double crochet");
    expect(text).toContain("- ch-sp: chain space");
    expect(text).toMatch(/## Instructions\nch 4 and join with a sl st to form a ring\.\nRnd 1: ch 3/);
  });

  it("keeps a Turkish pattern's letters and uses Turkish headings and round labels", () => {
    const optimized = optimizePatternOffline(turkish);
    const text = renderOptimizedPattern(optimized);
    expect(optimized.language).toBe("tr");
    expect(text).toContain("# Şirin Ayıcık Amigurumi Tarifi");
    expect(sections(text)).toEqual(["## Bitmiş ölçü", "## Malzemeler", "## Kısaltmalar", "## Yapılışı", "## Notlar"]);
    expect(text).toContain("Tur 1: sihirli halkaya 6 sc (6 ilmek)");
    expect(text).toContain("Tur 4-8: her ilmeğe 1 sc (18 ilmek)");
    expect(text).toContain("Gözleri 6. ve 7. turlar arasına yerleştirin, İğne ile ağız işleyin.");
    expectEveryLineKept(turkish, text);
  });

  it("lets the options choose the craft, language and title", () => {
    const optimized = optimizePatternOffline("sc around (12)\nsc around (12)", { craft: "crochet", language: "tr", title: "Küçük Halka" });
    const text = renderOptimizedPattern(optimized);
    expect(text).toContain("# Küçük Halka");
    expect(text).toContain("Tur 1: sc around (12 ilmek)");
    expect(text).toContain("Tur 2: sc around (12 ilmek)");
  });

  it("gives the same text when an optimized pattern is optimized again", () => {
    for (const fixture of FIXTURES) {
      const once = renderOptimizedPattern(optimizePatternOffline(fixture.text));
      expect(renderOptimizedPattern(optimizePatternOffline(once))).toBe(once);
    }
  });
});

describe("offline formatter", () => {
  for (const fixture of FIXTURES) {
    it(`lays out the ${fixture.name} pattern as a draft with title, materials, abbreviations, instructions and notes`, () => {
      const optimized = renderOptimizedPattern(optimizePatternOffline(fixture.text));
      const draft = formatPatternOffline(optimized);
      expect(draft.title.length).toBeGreaterThan(5);
      expect(draft.subtitle).toMatch(/pattern · PDF download$/);
      expect(draft.materials.length).toBeGreaterThan(0);
      expect(draft.abbreviations.length).toBeGreaterThan(0);
      expect(draft.instructions.flatMap((p) => p.steps).length).toBeGreaterThan(4);
      expect(draft.notes.some((n) => n.startsWith("This pattern is for personal use."))).toBe(true);
      const text = renderFormattedPattern(draft);
      expect(text.startsWith(`# ${draft.title}\n${draft.subtitle}\n`)).toBe(true);
      expect(sections(text)).toContain("## Notes");
      expectEveryLineKept(fixture.text, text);
    });
  }

  it("keeps every instruction step between optimizing and formatting", () => {
    const optimized = optimizePatternOffline(bunny);
    const draft = formatPatternOffline(renderOptimizedPattern(optimized));
    expect(draft.instructions.map((p) => p.steps)).toEqual(optimized.instructions.map((p) => p.steps));
    expect(draft.instructions.map((p) => p.heading)).toEqual(["HEAD", "Ears (make 2)", "Body", "Finishing"]);
  });

  it("adds the standard notes once, even when a draft is formatted twice", () => {
    const first = renderFormattedPattern(formatPatternOffline(bunny));
    const second = renderFormattedPattern(formatPatternOffline(first));
    expect(second).toBe(first);
    expect(first.match(/Written in US crochet terms\./g)).toHaveLength(1);
  });

  it("writes a Turkish draft's subtitle and notes in Turkish", () => {
    const draft = formatPatternOffline(turkish);
    expect(draft.subtitle).toBe("Tığ işi model · PDF indirme");
    expect(draft.notes).toContain("ABD tığ işi terimleriyle yazılmıştır.");
  });
});
