import { describe, expect, it } from "vitest";
import { formatPatternOffline, instructionLines } from "../../worker/domain/wizard/offline-formatter";
import { optimizePatternOffline, renderOptimizedPattern } from "../../worker/domain/wizard/offline-optimizer";
import { renderPatternPdf } from "../../worker/domain/wizard/pdf";
import { pdfFileName } from "../../worker/domain/wizard/workflow";
import bunny from "../fixtures/patterns/crochet-amigurumi-bunny.txt?raw";
import tote from "../fixtures/patterns/sewing-tote.txt?raw";
import turkish from "../fixtures/patterns/turkish-amigurumi.txt?raw";
import turkishKnit from "../fixtures/patterns/turkish-knitting-hat.txt?raw";
import { readPdfText } from "./pdf-text";
import { PATTERNS } from "./wizard-patterns";

const FIXED = new Date("2026-05-01T10:00:00Z");
const collapse = (s: string) => s.replace(/\s+/g, " ").trim();

const CRAFT_NAME = { crochet: "Crochet pattern", knitting: "Knitting pattern", sewing: "Sewing pattern", "cross-stitch": "Cross-stitch pattern" } as const;
const CRAFT_NAME_TR = { crochet: "Tığ işi model", knitting: "Şiş örgü modeli", sewing: "Dikiş kalıbı", "cross-stitch": "Kanaviçe şeması" } as const;

describe("pattern PDF", () => {
  for (const pattern of PATTERNS) {
    it(`holds every instruction line of the ${pattern.name} as written, and calls it a ${pattern.craft} pattern`, async () => {
      const draft = formatPatternOffline(renderOptimizedPattern(optimizePatternOffline(pattern.text)));
      const read = await readPdfText((await renderPatternPdf(draft, { now: FIXED })).bytes);
      const lines = instructionLines(draft);
      expect(lines.length).toBeGreaterThan(4);
      for (const line of lines) expect(read.flat).toContain(collapse(line));
      const names = draft.language === "tr" ? CRAFT_NAME_TR : CRAFT_NAME;
      expect(read.pages[0]).toContain(`${names[pattern.craft]} · `);
      for (const [craft, name] of Object.entries(names)) if (craft !== pattern.craft) expect(read.flat).not.toContain(`${name} · `);
      expect(read.flat).not.toContain("\ufffd");
    });
  }

  it("calls the Turkish knitting pattern a knitting pattern and claims no crochet terms", async () => {
    const draft = formatPatternOffline(turkishKnit);
    const read = await readPdfText((await renderPatternPdf(draft, { now: FIXED })).bytes);
    expect(read.pages[0]).toContain("Şiş örgü modeli · PDF indirme");
    expect(read.flat).not.toMatch(/Tığ işi|crochet terms|tığ işi terim/u);
    expect(read.flat).toContain("k: düz (knit)");
    expect(read.flat).toContain("1-10. turlar: *k2, p2; rep from * to end. (72)");
    expect(read.doc.getSubject()).toBe("Şiş örgü modeli · PDF indirme");
  });

  it("opens as a PDF with the title, an At a glance box, the sections and the generated abbreviations table", async () => {
    const draft = formatPatternOffline(bunny);
    const pdf = await renderPatternPdf(draft, { now: FIXED });
    expect(new TextDecoder().decode(pdf.bytes.slice(0, 5))).toBe("%PDF-");
    const read = await readPdfText(pdf.bytes);
    expect(read.doc.getPageCount()).toBe(pdf.pages);
    expect(read.pages[0]).toContain("Sleepy Bunny Amigurumi");
    expect(read.pages[0]).toContain("Crochet pattern · PDF download");
    for (const heading of ["At a glance", "Finished size", "Materials:", "Gauge", "Abbreviations", "Instructions", "About this pattern"]) {
      expect(read.flat).toContain(heading);
    }
    expect(read.flat).toContain("Yarn Worsted weight cotton yarn in cream (approx 80 m) and pink (10 m)");
    // The table: only the abbreviations the pattern uses, with their standard meanings.
    for (const entry of ["MR magic ring", "sc single crochet", "inc increase: 2 sts in the same st", "dec decrease: 2 sts worked together", "sl st slip stitch"]) {
      expect(read.flat).toContain(entry);
    }
    expect(read.flat).not.toContain("hdc half double crochet");
    // A round reads back whole, its stated count set apart at the end.
    expect(read.flat).toContain("R4: (2sc, inc) x 6 - 18 sts");
    expect(read.pages.flatMap((p) => p.split("\n"))).toContain("- 18 sts");
  });

  it("numbers its pages and repeats the title in the footer when the pattern is long", async () => {
    const long = `${bunny}\n\nBorder\n${Array.from({ length: 80 }, (_, i) => `Rnd ${i + 1}: sc in each st around, working a little tighter on every round of the border (${60 + i})`).join("\n")}`;
    const pdf = await renderPatternPdf(formatPatternOffline(long), { now: FIXED });
    const read = await readPdfText(pdf.bytes);
    expect(pdf.pages).toBeGreaterThanOrEqual(3);
    expect(read.doc.getPageCount()).toBe(pdf.pages);
    read.pages.forEach((text, i) => {
      expect(text).toContain(`Page ${i + 1} of ${pdf.pages}`);
      expect(text).toContain("Sleepy Bunny Amigurumi");
    });
    // A round wrapped over two lines is still whole when read back.
    expect(read.flat).toContain("Rnd 80: sc in each st around, working a little tighter on every round of the border (139)");
  });

  it("writes the title, subject, author, language and date into the document's metadata", async () => {
    const pdf = await renderPatternPdf(formatPatternOffline(tote), { now: FIXED, shopName: "Stitch & Co", paperSize: "letter" });
    const read = await readPdfText(pdf.bytes);
    expect(read.doc.getTitle()).toBe("Market Day Lined Tote Bag");
    expect(read.doc.getSubject()).toBe("Sewing pattern · PDF download");
    expect(read.doc.getAuthor()).toBe("Stitch & Co");
    expect(read.doc.getCreationDate()?.toISOString()).toBe(FIXED.toISOString());
    const [width, height] = [read.doc.getPage(0).getWidth(), read.doc.getPage(0).getHeight()];
    expect([width, height]).toEqual([612, 792]);
    expect(read.flat).toContain("5. Repeat steps 3 and 4 with the lining, leaving a 12 cm gap in the bottom seam for turning.");
    expect(read.flat).toContain("Stitch the gap closed and topstitch 5 mm from the top edge.");
    expect(read.flat).toContain("Stitch & Co");
  });

  it("keeps a Turkish pattern's characters: the embedded font maps ğ ş ı İ ç ö ü and the text reads back", async () => {
    const draft = formatPatternOffline(turkish);
    const pdf = await renderPatternPdf(draft, { now: FIXED });
    const read = await readPdfText(pdf.bytes);
    for (const ch of ["ğ", "ş", "ı", "İ", "ç", "ö", "ü"]) expect(read.mappedCharacters.has(ch)).toBe(true);
    expect(read.pages[0]).toContain("Şirin Ayıcık Amigurumi Tarifi");
    expect(read.flat).toContain("Tur 4-8: her ilmeğe 1 sc (18)");
    expect(read.flat).toContain("Gözleri 6. ve 7. turlar arasına yerleştirin, İğne ile ağız işleyin.");
    expect(read.flat).toContain(`Sayfa 1 / ${pdf.pages}`);
    expect(read.flat).not.toContain("\ufffd");
    expect(read.doc.getTitle()).toBe("Şirin Ayıcık Amigurumi Tarifi");
  });

  it("draws characters the font lacks as a question mark instead of failing", async () => {
    const draft = formatPatternOffline("Party Hat 🎉\n\nRnd 1: 6 sc in MR (6) 🧶\nRnd 2: inc around (12)");
    const read = await readPdfText((await renderPatternPdf(draft, { now: FIXED })).bytes);
    expect(read.flat).toContain("Party Hat ?");
    expect(read.flat).toContain("6 sc in MR (6) ?");
  });

  it("names the download after the title in plain ASCII", () => {
    expect(pdfFileName("Şirin Ayıcık Amigurumi Tarifi")).toBe("sirin-ayicik-amigurumi-tarifi-pattern.pdf");
    expect(pdfFileName("Sleepy Bunny: Pattern")).toBe("sleepy-bunny-pattern.pdf");
    expect(pdfFileName("🎉")).toBe("pattern.pdf");
    expect(pdfFileName('a"b\\c/d\r\ne')).toBe("a-b-c-d-e-pattern.pdf");
  });
});
