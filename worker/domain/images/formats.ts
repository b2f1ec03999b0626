/**
 * Reading image containers without decoding them: the type from magic bytes, the pixel size from the
 * header, whether the file is complete, the EXIF orientation, and removing metadata (EXIF with GPS,
 * XMP, IPTC, text chunks) without touching the pixels.
 */

export type ImageType = "image/jpeg" | "image/png" | "image/webp";

export const IMAGE_EXTENSIONS: Record<ImageType, string> = { "image/jpeg": "jpg", "image/png": "png", "image/webp": "webp" };

interface ImageHeader {
  type: ImageType;
  width: number;
  height: number;
}

/** The type the bytes really are, whatever the sender declared; null for anything else. */
export function sniffImageType(bytes: Uint8Array): ImageType | null {
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return "image/jpeg";
  if (bytes.length >= 8 && bytes[0] === 0x89 && bytes[1] === 0x50 && bytes[2] === 0x4e && bytes[3] === 0x47 && bytes[4] === 0x0d && bytes[5] === 0x0a && bytes[6] === 0x1a && bytes[7] === 0x0a)
    return "image/png";
  if (bytes.length >= 12 && ascii(bytes, 0, 4) === "RIFF" && ascii(bytes, 8, 4) === "WEBP") return "image/webp";
  return null;
}

/** Width and height from the header alone; null when the header is missing or cut short. */
export function readImageHeader(bytes: Uint8Array): ImageHeader | null {
  const type = sniffImageType(bytes);
  if (!type) return null;
  const size = type === "image/jpeg" ? jpegSize(bytes) : type === "image/png" ? pngSize(bytes) : webpSize(bytes);
  return size && size.width > 0 && size.height > 0 ? { type, ...size } : null;
}

/**
 * Whether the file is structurally whole: a JPEG reaches its end-of-image marker, a PNG its IEND
 * chunk, a WEBP holds as many bytes as its RIFF header promises. Decoders often "succeed" on a
 * truncated file by painting grey, so this is checked before any decode.
 */
export function isComplete(bytes: Uint8Array, type: ImageType): boolean {
  if (type === "image/jpeg") return jpegIsComplete(bytes);
  if (type === "image/png") return pngChunks(bytes).complete;
  const declared = u32le(bytes, 4) + 8;
  return declared <= bytes.length && declared >= 20;
}

/** EXIF orientation 1..8 of a JPEG (1 when absent). */
export function readOrientation(bytes: Uint8Array, type: ImageType): number {
  if (type !== "image/jpeg") return 1;
  for (const seg of jpegSegments(bytes)) {
    if (seg.marker === 0xe1 && ascii(bytes, seg.start, 6) === "Exif\0\0") {
      return exifOrientation(bytes.subarray(seg.start + 6, seg.end));
    }
    if (seg.marker === 0xda) break;
  }
  return 1;
}

/**
 * The same image without metadata: JPEG APP1 (EXIF/XMP, where GPS lives), APP13 (IPTC) and comments
 * are dropped; PNG text, time and EXIF chunks; WEBP EXIF and XMP chunks. Colour profiles stay. With
 * `keepOrientation`, a JPEG keeps a minimal EXIF holding only its orientation, so it still displays
 * upright.
 */
export function stripMetadata(bytes: Uint8Array, type: ImageType, keepOrientation = false): Uint8Array {
  if (type === "image/jpeg") return stripJpeg(bytes, keepOrientation ? readOrientation(bytes, type) : 1);
  if (type === "image/png") return stripPng(bytes);
  return stripWebp(bytes);
}

// ---------------------------------------------------------------- JPEG

interface Segment {
  marker: number;
  /** First byte of the payload (after the length field). */
  start: number;
  /** One past the last byte of the payload. */
  end: number;
  /** Offset of the 0xFF that begins the segment. */
  offset: number;
}

/** Segments up to and including SOS; stops quietly at anything malformed. */
function jpegSegments(bytes: Uint8Array): Segment[] {
  const out: Segment[] = [];
  let i = 2;
  while (i + 4 <= bytes.length) {
    if (bytes[i] !== 0xff) break;
    let marker = bytes[i + 1];
    let at = i;
    while (marker === 0xff && at + 2 < bytes.length) {
      at += 1;
      marker = bytes[at + 1];
    }
    if (marker === 0xd8 || (marker >= 0xd0 && marker <= 0xd7) || marker === 0x01) {
      i = at + 2;
      continue;
    }
    if (marker === 0xd9) break;
    const length = (bytes[at + 2] << 8) | bytes[at + 3];
    if (length < 2 || at + 2 + length > bytes.length) {
      out.push({ marker, start: at + 4, end: bytes.length, offset: i });
      break;
    }
    out.push({ marker, start: at + 4, end: at + 2 + length, offset: i });
    if (marker === 0xda) break;
    i = at + 2 + length;
  }
  return out;
}

function jpegSize(bytes: Uint8Array) {
  for (const seg of jpegSegments(bytes)) {
    const isSof = seg.marker >= 0xc0 && seg.marker <= 0xcf && seg.marker !== 0xc4 && seg.marker !== 0xc8 && seg.marker !== 0xcc;
    if (isSof) {
      if (seg.start + 5 > bytes.length) return null;
      return { height: (bytes[seg.start + 1] << 8) | bytes[seg.start + 2], width: (bytes[seg.start + 3] << 8) | bytes[seg.start + 4] };
    }
  }
  return null;
}

function jpegIsComplete(bytes: Uint8Array) {
  const segments = jpegSegments(bytes);
  const sos = segments.find((s) => s.marker === 0xda);
  if (!sos || sos.end > bytes.length) return false;
  // The entropy-coded data never contains 0xFFD9 except as the end-of-image marker.
  for (let i = bytes.length - 2; i >= sos.end; i--) {
    if (bytes[i] === 0xff && bytes[i + 1] === 0xd9) return true;
  }
  return false;
}

function stripJpeg(bytes: Uint8Array, orientation: number) {
  const segments = jpegSegments(bytes);
  const sos = segments.find((s) => s.marker === 0xda);
  if (!sos) return bytes;
  const parts: Uint8Array[] = [bytes.subarray(0, 2)];
  if (orientation > 1 && orientation <= 8) parts.push(minimalExif(orientation));
  for (const seg of segments) {
    if (seg.marker === 0xda) break;
    const drop = seg.marker === 0xe1 || seg.marker === 0xed || seg.marker === 0xfe;
    if (!drop) parts.push(bytes.subarray(seg.offset, seg.end));
  }
  parts.push(bytes.subarray(sos.offset));
  return concat(parts);
}

/** An APP1 segment whose EXIF holds one tag: Orientation. */
function minimalExif(orientation: number) {
  const tiff = [0x4d, 0x4d, 0x00, 0x2a, 0, 0, 0, 8, 0, 1, 0x01, 0x12, 0, 3, 0, 0, 0, 1, 0, orientation, 0, 0, 0, 0, 0, 0];
  const payload = [0x45, 0x78, 0x69, 0x66, 0, 0, ...tiff];
  const length = payload.length + 2;
  return new Uint8Array([0xff, 0xe1, length >> 8, length & 0xff, ...payload]);
}

function exifOrientation(tiff: Uint8Array): number {
  if (tiff.length < 8) return 1;
  const little = tiff[0] === 0x49;
  const u16 = (o: number) => (o + 2 > tiff.length ? 0 : little ? tiff[o] | (tiff[o + 1] << 8) : (tiff[o] << 8) | tiff[o + 1]);
  const u32 = (o: number) => (o + 4 > tiff.length ? 0 : little ? u32le(tiff, o) : ((tiff[o] << 24) >>> 0) + (tiff[o + 1] << 16) + (tiff[o + 2] << 8) + tiff[o + 3]);
  const ifd = u32(4);
  const count = u16(ifd);
  for (let n = 0; n < count; n++) {
    const entry = ifd + 2 + n * 12;
    if (u16(entry) === 0x0112) {
      const value = u16(entry + 8);
      return value >= 1 && value <= 8 ? value : 1;
    }
  }
  return 1;
}

// ---------------------------------------------------------------- PNG

function pngSize(bytes: Uint8Array) {
  if (bytes.length < 24 || ascii(bytes, 12, 4) !== "IHDR") return null;
  return { width: u32be(bytes, 16), height: u32be(bytes, 20) };
}

function pngChunks(bytes: Uint8Array) {
  const chunks: { type: string; offset: number; end: number }[] = [];
  let i = 8;
  while (i + 12 <= bytes.length) {
    const length = u32be(bytes, i);
    const type = ascii(bytes, i + 4, 4);
    const end = i + 12 + length;
    if (end > bytes.length) return { chunks, complete: false };
    chunks.push({ type, offset: i, end });
    if (type === "IEND") return { chunks, complete: true };
    i = end;
  }
  return { chunks, complete: false };
}

const PNG_METADATA = new Set(["tEXt", "zTXt", "iTXt", "eXIf", "tIME"]);

function stripPng(bytes: Uint8Array) {
  const { chunks } = pngChunks(bytes);
  return concat([bytes.subarray(0, 8), ...chunks.filter((c) => !PNG_METADATA.has(c.type)).map((c) => bytes.subarray(c.offset, c.end))]);
}

// ---------------------------------------------------------------- WEBP

function webpChunks(bytes: Uint8Array) {
  const chunks: { type: string; offset: number; end: number; data: number }[] = [];
  let i = 12;
  while (i + 8 <= bytes.length) {
    const size = u32le(bytes, i + 4);
    const end = i + 8 + size + (size & 1);
    chunks.push({ type: ascii(bytes, i, 4), offset: i, end: Math.min(end, bytes.length), data: i + 8 });
    i = end;
  }
  return chunks;
}

function webpSize(bytes: Uint8Array) {
  const first = webpChunks(bytes)[0];
  if (!first) return null;
  const d = first.data;
  if (first.type === "VP8X" && d + 10 <= bytes.length) {
    return { width: 1 + (bytes[d + 4] | (bytes[d + 5] << 8) | (bytes[d + 6] << 16)), height: 1 + (bytes[d + 7] | (bytes[d + 8] << 8) | (bytes[d + 9] << 16)) };
  }
  if (first.type === "VP8 " && d + 10 <= bytes.length) {
    return { width: (bytes[d + 6] | (bytes[d + 7] << 8)) & 0x3fff, height: (bytes[d + 8] | (bytes[d + 9] << 8)) & 0x3fff };
  }
  if (first.type === "VP8L" && d + 5 <= bytes.length) {
    const b = u32le(bytes, d + 1);
    return { width: (b & 0x3fff) + 1, height: ((b >>> 14) & 0x3fff) + 1 };
  }
  return null;
}

function stripWebp(bytes: Uint8Array) {
  const chunks = webpChunks(bytes).filter((c) => c.type !== "EXIF" && c.type !== "XMP ");
  const body = concat([bytes.subarray(0, 12), ...chunks.map((c) => bytes.subarray(c.offset, c.end))]);
  const out = new Uint8Array(body);
  const size = out.length - 8;
  out[4] = size & 0xff;
  out[5] = (size >> 8) & 0xff;
  out[6] = (size >> 16) & 0xff;
  out[7] = (size >>> 24) & 0xff;
  // Clear the VP8X "has EXIF" (0x08) and "has XMP" (0x04) flags, since those chunks are gone.
  if (ascii(out, 12, 4) === "VP8X") out[20] &= ~0x0c;
  return out;
}

// ---------------------------------------------------------------- bytes

function ascii(bytes: Uint8Array, at: number, length: number) {
  let s = "";
  for (let i = at; i < at + length && i < bytes.length; i++) s += String.fromCharCode(bytes[i]);
  return s;
}

function u32be(bytes: Uint8Array, at: number) {
  return ((bytes[at] << 24) >>> 0) + (bytes[at + 1] << 16) + (bytes[at + 2] << 8) + bytes[at + 3];
}

function u32le(bytes: Uint8Array, at: number) {
  return (bytes[at] | (bytes[at + 1] << 8) | (bytes[at + 2] << 16)) + ((bytes[at + 3] << 24) >>> 0);
}

function concat(parts: Uint8Array[]) {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
}
