/**
 * The fontkit pdf-lib embeds fonts with, made safe for a Worker serving many requests at once.
 *
 * `@pdf-lib/fontkit` writes a font subset through a Node-style stream whose events run on a
 * `process.nextTick` shim: one module-wide queue, drained by a `setTimeout` that belongs to whichever
 * request queued first. A second PDF made at the same time had its subset written, and its promise
 * resolved, from the first request's timer; workerd then cancels it as hung or refuses its I/O ("on
 * behalf of a different request"), so overlapping PDFs failed with 500s (issue 12, item 1).
 *
 * Here the subset is encoded synchronously into a plain byte writer (`Subset.encode` itself is
 * synchronous; only the stream around it was not) and handed to pdf-lib from a microtask of the
 * calling request. No timer, no shared queue, nothing another request can run. The parsed font is
 * shared by the isolate (parsing the 740 KB TTF is most of the cost); every use of it is synchronous,
 * so requests never see each other's half-done state, and each PDF gets its own subset object.
 */
import fontkit from "@pdf-lib/fontkit";
import type { Font, Fontkit, Subset } from "pdf-lib/es/types/fontkit";

/** The fields of fontkit's (CoffeeScript) Subset that pdf-lib never sees but we call. */
interface EncodableSubset extends Subset {
  encode(stream: ByteWriter): void;
}

// pdf-lib hands "data" listeners a Uint8Array, "error" listeners an error and "end" listeners nothing.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Listener = (value?: any) => void;

/** Collects what `Subset.encode` writes: the methods of restructure's EncodeStream, over one growing buffer. */
class ByteWriter {
  pos = 0;
  private bytes = new Uint8Array(64 * 1024);
  private view = new DataView(this.bytes.buffer);

  private ensure(size: number) {
    if (this.pos + size <= this.bytes.length) return;
    let capacity = this.bytes.length * 2;
    while (capacity < this.pos + size) capacity *= 2;
    const grown = new Uint8Array(capacity);
    grown.set(this.bytes.subarray(0, this.pos));
    this.bytes = grown;
    this.view = new DataView(grown.buffer);
  }

  private number(size: number, write: (offset: number) => void) {
    this.ensure(size);
    write(this.pos);
    this.pos += size;
    return this.pos;
  }

  writeUInt8 = (v: number) => this.number(1, (o) => this.view.setUint8(o, v));
  writeInt8 = (v: number) => this.number(1, (o) => this.view.setInt8(o, v));
  writeUInt16BE = (v: number) => this.number(2, (o) => this.view.setUint16(o, v, false));
  writeUInt16LE = (v: number) => this.number(2, (o) => this.view.setUint16(o, v, true));
  writeInt16BE = (v: number) => this.number(2, (o) => this.view.setInt16(o, v, false));
  writeInt16LE = (v: number) => this.number(2, (o) => this.view.setInt16(o, v, true));
  writeUInt32BE = (v: number) => this.number(4, (o) => this.view.setUint32(o, v, false));
  writeUInt32LE = (v: number) => this.number(4, (o) => this.view.setUint32(o, v, true));
  writeInt32BE = (v: number) => this.number(4, (o) => this.view.setInt32(o, v, false));
  writeInt32LE = (v: number) => this.number(4, (o) => this.view.setInt32(o, v, true));
  writeFloatBE = (v: number) => this.number(4, (o) => this.view.setFloat32(o, v, false));
  writeFloatLE = (v: number) => this.number(4, (o) => this.view.setFloat32(o, v, true));
  writeDoubleBE = (v: number) => this.number(8, (o) => this.view.setFloat64(o, v, false));
  writeDoubleLE = (v: number) => this.number(8, (o) => this.view.setFloat64(o, v, true));
  writeUInt24BE = (v: number) => this.writeBuffer(Uint8Array.of((v >>> 16) & 0xff, (v >>> 8) & 0xff, v & 0xff));
  writeUInt24LE = (v: number) => this.writeBuffer(Uint8Array.of(v & 0xff, (v >>> 8) & 0xff, (v >>> 16) & 0xff));
  writeInt24BE = (v: number) => this.writeUInt24BE(v >= 0 ? v : v + 0xffffff + 1);
  writeInt24LE = (v: number) => this.writeUInt24LE(v >= 0 ? v : v + 0xffffff + 1);

  writeBuffer(buffer: ArrayLike<number>) {
    this.ensure(buffer.length);
    this.bytes.set(buffer, this.pos);
    this.pos += buffer.length;
    return this.pos;
  }

  writeString(text: string, encoding = "ascii") {
    switch (encoding) {
      case "utf8":
        return this.writeBuffer(new TextEncoder().encode(text));
      case "ascii":
        return this.writeBuffer(Array.from(text, (ch) => ch.charCodeAt(0) & 0x7f));
      case "utf16le":
      case "ucs2":
      case "utf16be": {
        const out = new Uint8Array(text.length * 2);
        for (let i = 0; i < text.length; i++) {
          const unit = text.charCodeAt(i);
          const [hi, lo] = [unit >> 8, unit & 0xff];
          out[i * 2] = encoding === "utf16be" ? hi : lo;
          out[i * 2 + 1] = encoding === "utf16be" ? lo : hi;
        }
        return this.writeBuffer(out);
      }
      default:
        throw new Error(`Font encoding ${encoding} is not supported`);
    }
  }

  fill(value: number, length: number) {
    this.ensure(length);
    this.bytes.fill(value, this.pos, this.pos + length);
    this.pos += length;
    return this.pos;
  }

  /** What was written, as one array. */
  result() {
    return this.bytes.slice(0, this.pos);
  }
}

/**
 * fontkit's glyph objects of a parsed font, by glyph id: a glyph keeps the characters it was first
 * asked for, and pdf-lib writes the PDF's ToUnicode map (what copy and search read) from them.
 */
type GlyphCache = Record<string, unknown>;

/**
 * The subset's font file, encoded now, in the caller's request. Encoding reads the parts of composite
 * glyphs (Ö is O and a diaeresis, ş is s and a cedilla) by id alone, and fontkit would keep those
 * parts cached with no characters: every later PDF of the isolate that drew an O would then read
 * "BL\ufffd" instead of "BLO" when copied. The glyphs the encoding added to the shared cache are dropped.
 */
export function encodeSubset(subset: Subset): Uint8Array {
  const writer = new ByteWriter();
  const glyphs = (subset as unknown as { font?: { _glyphs?: GlyphCache } }).font?._glyphs;
  const before = glyphs ? new Set(Object.keys(glyphs)) : undefined;
  try {
    (subset as EncodableSubset).encode(writer);
  } finally {
    if (glyphs && before) for (const id of Object.keys(glyphs)) if (!before.has(id)) delete glyphs[id];
  }
  return writer.result();
}

/** The `on('data') / on('end') / on('error')` stream pdf-lib reads, fed from a microtask of the caller. */
function microtaskStream(subset: Subset) {
  const listeners: Record<string, Listener[]> = {};
  const stream = {
    on(event: string, listener: Listener) {
      (listeners[event] ??= []).push(listener);
      return stream;
    },
  };
  queueMicrotask(() => {
    let bytes: Uint8Array;
    try {
      bytes = encodeSubset(subset);
    } catch (error) {
      for (const listener of listeners.error ?? []) listener(error);
      return;
    }
    for (const listener of listeners.data ?? []) listener(bytes);
    for (const listener of listeners.end ?? []) listener();
  });
  return stream;
}

const parsed = new WeakMap<Uint8Array, Font>();

/** A parsed font whose subsets are encoded synchronously. */
function withSafeSubsets(font: Font): Font {
  const createSubset = font.createSubset.bind(font);
  font.createSubset = () => {
    const subset = createSubset();
    subset.encodeStream = () => microtaskStream(subset);
    return subset;
  };
  return font;
}

/** One parsed font per font file (kept while the file is); each PDF gets its own subset. */
export const requestSafeFontkit: Fontkit = {
  create(buffer: Uint8Array, postscriptName?: string): Font {
    if (postscriptName) return withSafeSubsets((fontkit as Fontkit).create(buffer, postscriptName));
    let font = parsed.get(buffer);
    if (!font) {
      font = withSafeSubsets((fontkit as Fontkit).create(buffer));
      parsed.set(buffer, font);
    }
    return font;
  },
};
