/**
 * Reads the text back out of a PDF that pdf-lib wrote with a subset font: content streams show glyph
 * ids as hex (`<0012003A> Tj`), and each font's ToUnicode CMap says which characters they are. This is
 * what a PDF viewer's copy and search use, so finding a line here means a reader can find it too.
 */
import { PDFArray, PDFDict, PDFDocument, PDFName, PDFRawStream, PDFRef, decodePDFRawStream, type PDFObject } from "pdf-lib";

type CMap = Map<number, string>;

function streamText(stream: PDFRawStream): string {
  const bytes = decodePDFRawStream(stream).decode();
  let out = "";
  for (const b of bytes) out += String.fromCharCode(b);
  return out;
}

const utf16 = (hex: string) => {
  const units: number[] = [];
  for (let i = 0; i < hex.length; i += 4) units.push(parseInt(hex.slice(i, i + 4), 16));
  return String.fromCharCode(...units);
};

/** bfchar `<src> <dst>` and bfrange `<lo> <hi> <dst>` or `<lo> <hi> [<d1> <d2> ...]`. */
function parseToUnicode(text: string): CMap {
  const map: CMap = new Map();
  for (const block of text.matchAll(/beginbfchar([\s\S]*?)endbfchar/g)) {
    for (const m of block[1].matchAll(/<([0-9a-fA-F]+)>\s*<([0-9a-fA-F]+)>/g)) map.set(parseInt(m[1], 16), utf16(m[2]));
  }
  for (const block of text.matchAll(/beginbfrange([\s\S]*?)endbfrange/g)) {
    for (const m of block[1].matchAll(/<([0-9a-fA-F]+)>\s*<([0-9a-fA-F]+)>\s*(\[[^\]]*\]|<[0-9a-fA-F]+>)/g)) {
      const lo = parseInt(m[1], 16);
      const hi = parseInt(m[2], 16);
      if (m[3].startsWith("[")) {
        const list = [...m[3].matchAll(/<([0-9a-fA-F]+)>/g)].map((x) => utf16(x[1]));
        for (let code = lo; code <= hi; code++) map.set(code, list[code - lo] ?? "");
      } else {
        const start = utf16(m[3].slice(1, -1));
        const base = start.codePointAt(0)!;
        for (let code = lo; code <= hi; code++) map.set(code, String.fromCodePoint(base + (code - lo)));
      }
    }
  }
  return map;
}

// pdf-lib classes have protected constructors, so the class is typed by its prototype.
function lookup<T extends PDFObject>(doc: PDFDocument, value: PDFObject | undefined, type: Function & { prototype: T }): T | undefined {
  const resolved = value instanceof PDFRef ? doc.context.lookup(value) : value;
  return resolved instanceof type ? (resolved as T) : undefined;
}

interface PdfText {
  doc: PDFDocument;
  /** Each page's text, one shown string per line. */
  pages: string[];
  /** All pages, whitespace collapsed to single spaces: search a wrapped line here. */
  flat: string;
  /** Every code point any embedded font maps, from the ToUnicode CMaps. */
  mappedCharacters: Set<string>;
}

export async function readPdfText(bytes: Uint8Array): Promise<PdfText> {
  const doc = await PDFDocument.load(bytes);
  const mappedCharacters = new Set<string>();
  const pages = doc.getPages().map((page) => {
    const cmaps = new Map<string, CMap>();
    const fonts = lookup(doc, page.node.Resources()?.get(PDFName.of("Font")), PDFDict);
    for (const [name, ref] of fonts?.entries() ?? []) {
      const font = lookup(doc, ref, PDFDict);
      const toUnicode = lookup(doc, font?.get(PDFName.of("ToUnicode")), PDFRawStream);
      if (!toUnicode) continue;
      const cmap = parseToUnicode(streamText(toUnicode));
      for (const ch of cmap.values()) mappedCharacters.add(ch);
      cmaps.set(name.asString(), cmap);
    }
    const contents = page.node.Contents();
    const streams = contents instanceof PDFArray ? contents.asArray().map((r) => lookup(doc, r, PDFRawStream)) : [lookup(doc, contents, PDFRawStream)];
    const content = streams.map((s) => (s ? streamText(s) : "")).join("\n");
    const lines: string[] = [];
    let cmap: CMap | undefined;
    for (const m of content.matchAll(/(\/[^\s/]+)\s+[\d.]+\s+Tf|<([0-9a-fA-F]*)>\s*Tj/g)) {
      if (m[1]) {
        cmap = cmaps.get(m[1]);
        continue;
      }
      const hex = m[2];
      let line = "";
      for (let i = 0; i < hex.length; i += 4) line += cmap?.get(parseInt(hex.slice(i, i + 4), 16)) ?? "\ufffd";
      lines.push(line);
    }
    return lines.join("\n");
  });
  return { doc, pages, flat: pages.join(" ").replace(/\s+/g, " "), mappedCharacters };
}
