import { describe, expect, it } from "vitest";
import { formatPatternOffline } from "../../worker/domain/wizard/offline-formatter";
import { renderPatternPdf } from "../../worker/domain/wizard/pdf";
import { pdfFileName } from "../../worker/domain/wizard/workflow";
import bunny from "../fixtures/patterns/crochet-amigurumi-bunny.txt?raw";
import tote from "../fixtures/patterns/sewing-tote.txt?raw";
import turkish from "../fixtures/patterns/turkish-amigurumi.txt?raw";
import { readPdfText } from "./pdf-text";

const FIXED = new Date("2026-05-01T10:00:00Z");

describe("pattern PDF", () => {
  it("opens as a PDF whose text holds the title, sections and every round", async () => {
    const draft = formatPatternOffline(bunny);
    const pdf = await renderPatternPdf(draft, { now: FIXED });
    expect(new TextDecoder().decode(pdf.bytes.slice(0, 5))).toBe("%PDF-");
    const read = await readPdfText(pdf.bytes);
    expect(read.doc.getPageCount()).toBe(pdf.pages);
    expect(read.pages[0]).toContain("Sleepy Bunny Amigurumi");
    expect(read.pages[0]).toContain("Crochet pattern · PDF download");
    for (const heading of ["Finished size", "Materials", "Gauge", "Abbreviations", "Instructions", "Notes"]) {
      expect(read.flat).toContain(heading);
    }
    for (const part of draft.instructions) {
      for (const step of part.steps) {
        expect(read.flat).toContain(step.label ? `${step.label} ${step.text}` : step.text);
      }
    }
    expect(read.flat).toContain("Rnds 5-9 sc around (24 sts)");
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
    expect(read.flat).toContain("Rnd 80 sc in each st around, working a little tighter on every round of the border (139 sts)");
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
    expect(read.flat).toContain("Step 9 Stitch the gap closed and topstitch 5 mm from the top edge.");
    expect(read.flat).toContain("Stitch & Co");
  });

  it("keeps a Turkish pattern's characters: the embedded font maps ğ ş ı İ ç ö ü and the text reads back", async () => {
    const draft = formatPatternOffline(turkish);
    const pdf = await renderPatternPdf(draft, { now: FIXED });
    const read = await readPdfText(pdf.bytes);
    for (const ch of ["ğ", "ş", "ı", "İ", "ç", "ö", "ü"]) expect(read.mappedCharacters.has(ch)).toBe(true);
    expect(read.pages[0]).toContain("Şirin Ayıcık Amigurumi Tarifi");
    expect(read.flat).toContain("Tur 4-8 her ilmeğe 1 sc (18 ilmek)");
    expect(read.flat).toContain("Gözleri 6. ve 7. turlar arasına yerleştirin, İğne ile ağız işleyin.");
    expect(read.flat).toContain("Sayfa 1 / 1");
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
