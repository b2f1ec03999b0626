/**
 * The PDF a pattern seller sells: a title band, sections with headings, rounds with their labels in a
 * column, wrapped text, a running header and "Page n of m" footers. Drawn with pdf-lib and an embedded,
 * subset DejaVu Sans so Turkish (and most Latin, Greek, Cyrillic) text prints as written.
 */
import { requestSafeFontkit } from "./font-embedding";
import { PDFDocument, TextRenderingMode, popGraphicsState, pushGraphicsState, rgb, setLineWidth, setStrokingColor, setTextRenderingMode, type Color, type PDFFont, type PDFPage } from "pdf-lib";
import { dejaVuSans } from "./font";
import { ABOUT_HEADING, type DraftLine, type FormattedPattern } from "./offline-formatter";
import { SECTION_LABELS } from "./pattern-sections";

type PaperSize = "a4" | "letter";

/** The finished piece, on the cover under the title: the seller's own JPEG or PNG. */
export interface CoverPhoto {
  bytes: Uint8Array;
  type: "jpeg" | "png";
}

interface PdfOptions {
  paperSize?: PaperSize;
  /** The designer (the profile's store name, editable in the wizard): the document's author and every page's footer. */
  shopName?: string;
  coverPhoto?: CoverPhoto;
  /** Creation date written into the document; fixed in tests so output is reproducible. */
  now?: Date;
}

interface RenderedPdf {
  bytes: Uint8Array;
  pages: number;
}

const PAPER: Record<PaperSize, [number, number]> = { a4: [595.28, 841.89], letter: [612, 792] };
const MARGIN_X = 56;
const MARGIN_TOP = 60;
const MARGIN_BOTTOM = 70;

const INK = rgb(0.13, 0.14, 0.17);
const MUTED = rgb(0.4, 0.43, 0.48);
const ACCENT = rgb(0.47, 0.24, 0.4);
const ACCENT_SOFT = rgb(0.97, 0.94, 0.96);
const RULE = rgb(0.84, 0.85, 0.88);
const WHITE = rgb(1, 1, 1);

const BODY = 10.5;
const LEADING = 1.45;

const PAGE_WORD = { en: (i: number, n: number) => `Page ${i} of ${n}`, tr: (i: number, n: number) => `Sayfa ${i} / ${n}` };

interface TextStyle {
  size?: number;
  color?: Color;
  bold?: boolean;
}

/** Page-by-page writer: keeps the cursor, breaks pages, wraps text to a width. */
class Writer {
  readonly pages: PDFPage[] = [];
  page!: PDFPage;
  y = 0;
  private readonly glyphs: Set<number>;

  constructor(
    private readonly doc: PDFDocument,
    private readonly font: PDFFont,
    private readonly size: [number, number],
    private readonly runningTitle: string,
  ) {
    this.glyphs = new Set(font.getCharacterSet());
  }

  get width() {
    return this.size[0];
  }
  get contentWidth() {
    return this.size[0] - MARGIN_X * 2;
  }

  newPage() {
    this.page = this.doc.addPage(this.size);
    this.pages.push(this.page);
    this.y = this.size[1] - MARGIN_TOP;
    if (this.pages.length > 1) {
      this.draw(this.runningTitle, MARGIN_X, this.size[1] - 36, { size: 8.5, color: MUTED });
      this.page.drawLine({ start: { x: MARGIN_X, y: this.size[1] - 44 }, end: { x: this.width - MARGIN_X, y: this.size[1] - 44 }, thickness: 0.5, color: RULE });
    }
  }

  /** Room for `height` points below the cursor, or a new page. */
  ensure(height: number) {
    if (this.y - height < MARGIN_BOTTOM) this.newPage();
  }

  /** Characters the font lacks (emoji, some symbols) become "?" rather than empty boxes. */
  clean(text: string) {
    let out = "";
    for (const ch of text.replace(/[\u0000-\u001f\u007f]/gu, " ")) {
      out += this.glyphs.has(ch.codePointAt(0)!) ? ch : "?";
    }
    return out;
  }

  measure(text: string, size: number) {
    return this.font.widthOfTextAtSize(text, size);
  }

  /** Draws one line; bold is the regular face filled and stroked (one embedded font keeps the Worker small). */
  draw(text: string, x: number, y: number, style: TextStyle = {}) {
    const size = style.size ?? BODY;
    const color = style.color ?? INK;
    if (style.bold) {
      this.page.pushOperators(pushGraphicsState(), setTextRenderingMode(TextRenderingMode.FillAndOutline), setLineWidth(size * 0.045), setStrokingColor(color));
    }
    this.page.drawText(this.clean(text), { x, y, size, font: this.font, color });
    if (style.bold) this.page.pushOperators(popGraphicsState());
  }

  wrap(text: string, width: number, size: number): string[] {
    const words = this.clean(text).split(/\s+/u).filter(Boolean);
    const lines: string[] = [];
    let line = "";
    for (const word of words) {
      const candidate = line ? `${line} ${word}` : word;
      if (this.measure(candidate, size) <= width) {
        line = candidate;
        continue;
      }
      if (line) lines.push(line);
      // A single word wider than the column (a URL) is broken by characters.
      let rest = word;
      while (this.measure(rest, size) > width) {
        let cut = rest.length - 1;
        while (cut > 1 && this.measure(rest.slice(0, cut), size) > width) cut--;
        lines.push(rest.slice(0, cut));
        rest = rest.slice(cut);
      }
      line = rest;
    }
    if (line) lines.push(line);
    return lines.length ? lines : [""];
  }

  /** A wrapped paragraph at x, advancing the cursor; lines flow onto the next page as needed. */
  paragraph(text: string, x: number, width: number, style: TextStyle = {}) {
    const size = style.size ?? BODY;
    const lineHeight = size * LEADING;
    for (const line of this.wrap(text, width, size)) {
      this.ensure(lineHeight);
      this.y -= lineHeight;
      this.draw(line, x, this.y + size * 0.28, style);
    }
  }
}

function drawTitleBand(w: Writer, draft: FormattedPattern, shopName: string | undefined) {
  const titleSize = 24;
  const titleLines = w.wrap(draft.title, w.contentWidth, titleSize);
  const bandHeight = 40 + titleLines.length * titleSize * 1.2 + 30;
  const top = w.y + MARGIN_TOP;
  w.page.drawRectangle({ x: 0, y: top - bandHeight, width: w.width, height: bandHeight, color: ACCENT });
  let y = top - 40 - titleSize * 0.85;
  for (const line of titleLines) {
    w.draw(line, MARGIN_X, y, { size: titleSize, color: WHITE, bold: true });
    y -= titleSize * 1.2;
  }
  w.draw(draft.subtitle, MARGIN_X, y + 4, { size: 11, color: rgb(0.96, 0.9, 0.94) });
  if (shopName) {
    const label = w.clean(shopName);
    w.draw(label, w.width - MARGIN_X - w.measure(label, 9), top - 24, { size: 9, color: rgb(0.96, 0.9, 0.94) });
  }
  w.y = top - bandHeight - 18;
}

/** The photo of the finished piece, centred under the title band, at most a third of the page tall. */
async function drawCoverPhoto(w: Writer, doc: PDFDocument, photo: CoverPhoto) {
  const image = photo.type === "png" ? await doc.embedPng(photo.bytes) : await doc.embedJpg(photo.bytes);
  const maxHeight = Math.min(300, (w.y - MARGIN_BOTTOM) * 0.6);
  const scale = Math.min(w.contentWidth / image.width, maxHeight / image.height, 1.5);
  const width = image.width * scale;
  const height = image.height * scale;
  w.page.drawImage(image, { x: (w.width - width) / 2, y: w.y - height, width, height });
  w.page.drawRectangle({ x: (w.width - width) / 2, y: w.y - height, width, height, borderColor: RULE, borderWidth: 0.6 });
  w.y -= height + 16;
}

function sectionHeading(w: Writer, label: string) {
  w.ensure(18 + 13 + BODY * LEADING * 3);
  w.y -= 18;
  w.draw(label, MARGIN_X, w.y - 13, { size: 13.5, color: ACCENT, bold: true });
  w.y -= 20;
  w.page.drawLine({ start: { x: MARGIN_X, y: w.y }, end: { x: w.width - MARGIN_X, y: w.y }, thickness: 0.8, color: RULE });
  w.y -= 4;
}

function bulletList(w: Writer, items: string[], style: TextStyle = {}) {
  for (const item of items) {
    const size = style.size ?? BODY;
    w.ensure(size * LEADING);
    w.draw("•", MARGIN_X + 2, w.y - size * LEADING + size * 0.28, { size, color: ACCENT });
    w.paragraph(item, MARGIN_X + 14, w.contentWidth - 14, style);
    w.y -= 2;
  }
}

/** A seller's line outside the instructions: a "- item" is drawn as a bullet, anything else as written. */
function sellerLine(w: Writer, text: string) {
  const item = /^[-*•]\s+(.*)$/u.exec(text);
  if (item) bulletList(w, [item[1]]);
  else {
    w.paragraph(text, MARGIN_X, w.contentWidth);
    w.y -= 2;
  }
}

/** Label in a column, text wrapped beside it with a hanging indent. */
function labelled(w: Writer, label: string, text: string, column: number, labelStyle: TextStyle) {
  const lineHeight = BODY * LEADING;
  w.ensure(lineHeight);
  const first = w.y;
  w.draw(label, MARGIN_X, first - lineHeight + BODY * 0.28, { ...labelStyle, bold: true });
  w.paragraph(text, MARGIN_X + column, w.contentWidth - column);
  if (w.y > first - lineHeight) w.y = first - lineHeight;
}

function columnWidth(w: Writer, labels: string[], max: number, size = BODY) {
  const widest = labels.reduce((m, l) => Math.max(m, w.measure(w.clean(l), size)), 0);
  return Math.min(max, widest + 12);
}

/** The "At a glance" box: skill level, yarn, hook or needles, size, gauge, in a tinted panel. */
function summaryBox(w: Writer, title: string, rows: Array<{ label: string; value: string }>) {
  if (!rows.length) return;
  const size = 9.5;
  const lineHeight = size * LEADING;
  const column = columnWidth(
    w,
    rows.map((r) => r.label),
    110,
    size,
  );
  const inner = w.contentWidth - 24;
  const wrapped = rows.map((r) => w.wrap(r.value, inner - column, size));
  const height = 14 + 16 + wrapped.reduce((n, lines) => n + lines.length * lineHeight, 0) + 10;
  w.ensure(height + 14);
  w.y -= 10;
  const top = w.y;
  w.page.drawRectangle({ x: MARGIN_X, y: top - height, width: w.contentWidth, height, color: ACCENT_SOFT, borderColor: RULE, borderWidth: 0.6 });
  w.draw(title, MARGIN_X + 12, top - 20, { size: 10.5, color: ACCENT, bold: true });
  let y = top - 30;
  rows.forEach((row, i) => {
    w.draw(row.label, MARGIN_X + 12, y - lineHeight + size * 0.28, { size, color: MUTED, bold: true });
    for (const line of wrapped[i]) {
      y -= lineHeight;
      w.draw(line, MARGIN_X + 12 + column, y + size * 0.28, { size });
    }
  });
  w.y = top - height - 4;
}

/** A round: its label in a column, its text wrapped, its stated stitch count set apart at the right. */
function stepRow(w: Writer, step: DraftLine, column: number, countColumn: number, band: boolean) {
  const lineHeight = BODY * LEADING;
  const textX = MARGIN_X + column;
  const textWidth = w.contentWidth - column - (countColumn ? countColumn + 8 : 0);
  const body = step.label || step.count ? (step.body ?? step.text) : step.text;
  const lines = w.wrap(body, textWidth, BODY);
  const height = lines.length * lineHeight;
  if (w.y - height < MARGIN_BOTTOM && height < 200) w.newPage();
  if (band && w.y - height >= MARGIN_BOTTOM) {
    // A faint band on every other round helps a maker keep their place.
    w.page.drawRectangle({ x: MARGIN_X - 4, y: w.y - height - 1, width: w.contentWidth + 8, height: height + 1, color: ACCENT_SOFT });
  }
  if (step.label) w.draw(step.label, MARGIN_X, w.y - lineHeight + BODY * 0.28, { bold: true });
  for (const line of lines) {
    w.ensure(lineHeight);
    w.y -= lineHeight;
    w.draw(line, textX, w.y + BODY * 0.28);
  }
  if (step.count) {
    const count = w.clean(step.count);
    const width = w.measure(count, BODY);
    w.draw(count, w.width - MARGIN_X - width, w.y + BODY * 0.28, { color: ACCENT, bold: true });
  }
}

export async function renderPatternPdf(draft: FormattedPattern, options: PdfOptions = {}): Promise<RenderedPdf> {
  const doc = await PDFDocument.create();
  doc.registerFontkit(requestSafeFontkit);
  const font = await doc.embedFont(await dejaVuSans(), { subset: true });
  const labels = SECTION_LABELS[draft.language];
  const now = options.now ?? new Date();

  doc.setTitle(draft.title, { showInWindowTitleBar: true });
  doc.setSubject(draft.subtitle);
  doc.setKeywords([draft.craft, "pattern", "pdf", ...draft.title.split(/\s+/u).filter((t) => t.length > 2)]);
  // The designer is the author; without a name the field stays empty (the tool is the Creator, not the author).
  if (options.shopName) doc.setAuthor(options.shopName);
  doc.setCreator("Listora pattern wizard");
  doc.setProducer("Listora (pdf-lib)");
  doc.setLanguage(draft.language === "tr" ? "tr-TR" : "en-US");
  doc.setCreationDate(now);
  doc.setModificationDate(now);

  const w = new Writer(doc, font, PAPER[options.paperSize ?? "a4"], draft.title);
  w.newPage();
  drawTitleBand(w, draft, options.shopName);
  if (options.coverPhoto) await drawCoverPhoto(w, doc, options.coverPhoto);

  for (const line of draft.sections.filter((s) => s.key === "intro").flatMap((s) => s.lines)) {
    w.paragraph(line.text, MARGIN_X, w.contentWidth, { size: 11, color: MUTED });
    w.y -= 4;
  }
  summaryBox(w, labels.summary, draft.summary);

  let glossaryDone = false;
  const glossary = () => {
    if (glossaryDone || !draft.glossary.entries.length) return;
    glossaryDone = true;
    sectionHeading(w, draft.glossary.heading);
    const column = columnWidth(
      w,
      draft.glossary.entries.map((a) => a.abbr),
      110,
    );
    for (const entry of draft.glossary.entries) labelled(w, entry.abbr, entry.meaning, column, { color: ACCENT });
  };

  for (const section of draft.sections) {
    if (section.key === "intro") continue;
    if (section.key === "instructions") glossary();
    if (section.heading) sectionHeading(w, section.heading);
    if (section.key !== "instructions") {
      for (const line of section.lines) sellerLine(w, line.text);
      if (section.key === "abbreviations") glossary();
      continue;
    }
    // Parts: a heading, then its rounds with the labels in one column and the counts in another.
    const parts: DraftLine[][] = [[]];
    for (const line of section.lines) {
      if (line.part) parts.push([line]);
      else parts[parts.length - 1].push(line);
    }
    for (const part of parts) {
      const steps = part.filter((l) => !l.part);
      const stepLabels = steps.flatMap((s) => (s.label ? [s.label] : []));
      const column = stepLabels.length ? columnWidth(w, stepLabels, 150) : 0;
      const counts = steps.flatMap((s) => (s.count ? [s.count] : []));
      const countColumn = counts.length
        ? Math.min(
            110,
            counts.reduce((m, c) => Math.max(m, w.measure(w.clean(c), BODY)), 0),
          )
        : 0;
      let banded = 0;
      for (const line of part) {
        if (line.part) {
          w.ensure(14 + 12 + BODY * LEADING * 2);
          w.y -= 12;
          w.page.drawRectangle({ x: MARGIN_X, y: w.y - 13, width: 3, height: 13, color: ACCENT });
          w.draw(line.text, MARGIN_X + 9, w.y - 11, { size: 12, bold: true });
          w.y -= 18;
          continue;
        }
        const isRound = Boolean(line.label || line.count);
        stepRow(w, line, column, isRound ? countColumn : 0, isRound && banded++ % 2 === 0);
        w.y -= 1.5;
      }
    }
  }
  glossary();

  sectionHeading(w, ABOUT_HEADING[draft.language]);
  bulletList(w, draft.standardNotes, { color: MUTED });

  const total = w.pages.length;
  w.pages.forEach((page, index) => {
    w.page = page;
    const y = MARGIN_BOTTOM - 34;
    page.drawLine({ start: { x: MARGIN_X, y: y + 14 }, end: { x: w.width - MARGIN_X, y: y + 14 }, thickness: 0.5, color: RULE });
    const left = options.shopName ? `${draft.title} · ${options.shopName}` : draft.title;
    const fitted = w.wrap(left, w.contentWidth - 90, 8.5)[0];
    w.draw(fitted, MARGIN_X, y, { size: 8.5, color: MUTED });
    const pageLabel = PAGE_WORD[draft.language](index + 1, total);
    w.draw(pageLabel, w.width - MARGIN_X - w.measure(pageLabel, 8.5), y, { size: 8.5, color: MUTED });
  });

  const bytes = await doc.save();
  return { bytes, pages: total };
}
