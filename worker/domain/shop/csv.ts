/**
 * Etsy's listings CSV (Shop Manager > Settings > Options > Download Data > Download CSV, a file named
 * EtsyListingsDownload.csv), read as a stream. Its header, as Etsy writes it:
 *
 *   TITLE, DESCRIPTION, PRICE, CURRENCY_CODE, QUANTITY, TAGS, MATERIALS, IMAGE1 .. IMAGE10,
 *   VARIATION 1 TYPE, VARIATION 1 NAME, VARIATION 1 VALUES, VARIATION 2 TYPE, VARIATION 2 NAME,
 *   VARIATION 2 VALUES, SKU
 *
 * TAGS, MATERIALS and VARIATION n VALUES are each one field holding a comma-separated list; text carries HTML
 * entities (&quot; &#39; &amp; ...). Columns are found by name, so a file with the columns in another order,
 * or extra ones (some exports add VARIATION 3 ...), reads the same.
 *
 * The parser is RFC 4180 (quoted fields, doubled quotes, commas and CR/LF inside quotes, CRLF or LF or CR
 * line ends, a last line without a line end), fed text in pieces of any size: bytes are decoded with a
 * streaming TextDecoder, so a UTF-8 character split across network chunks is decoded whole, and only the
 * record being read is held, never the file.
 */
import { ETSY_CSV_REQUIRED_COLUMNS, SHOP_LIMITS, type ShopListingInput, type ShopVariation } from "../../../schema/api/shop";
import { HttpError } from "../../lib/errors";
import { findHostileText, hostileTextMessage } from "../../lib/text-limits";

/** One row of an import: its listing, or why the row cannot be imported (its row number either way). */
export type ShopImportItem = { row: number; input: ShopListingInput } | { row: number; error: string };

/** A record longer than this is not a listing row (Etsy's description allows far less): not a listings CSV. */
const CSV_RECORD_CHARS_MAX = 1_000_000;
/** Columns past this many in one record: not a listings CSV. */
const CSV_FIELDS_MAX = 500;

interface CsvRow {
  /** 1-based: the header is row 1. */
  row: number;
  fields: string[];
}

class CsvError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "CsvError";
  }
}

const QUOTE = 34;
const COMMA = 44;
const CR = 13;
const LF = 10;

const enum State {
  FieldStart,
  Unquoted,
  Quoted,
  /** A quote inside a quoted field: the field's end, or the first of a doubled quote. */
  QuoteInQuoted,
}

/**
 * An incremental RFC 4180 parser: `push` text pieces, take the complete records it answers, `end` at the end
 * of the input. `records` counts every record read, blank lines included, so a record's number is its row in
 * a spreadsheet.
 */
export class CsvParser {
  private state = State.FieldStart;
  private field = "";
  private fields: string[] = [];
  private recordChars = 0;
  private skipLf = false;
  private started = false;
  /** Records completed so far (the header is record 1). */
  records = 0;
  /** The record number where the current quoted field started, for the truncated-file message. */
  private quotedFrom = 0;

  push(text: string): string[][] {
    return this.pushRows(text).map((r) => r.fields);
  }

  /** The complete records of this piece, each with its number (its row in a spreadsheet). */
  pushRows(text: string): CsvRow[] {
    const out: CsvRow[] = [];
    let s = text;
    if (!this.started && s.length) {
      this.started = true;
      if (s.charCodeAt(0) === 0xfeff) s = s.slice(1);
    }
    const n = s.length;
    let i = 0;
    while (i < n) {
      if (this.skipLf) {
        this.skipLf = false;
        if (s.charCodeAt(i) === LF) {
          i++;
          continue;
        }
      }
      switch (this.state) {
        case State.FieldStart: {
          if (s.charCodeAt(i) === QUOTE) {
            this.state = State.Quoted;
            this.quotedFrom = this.records + 1;
            i++;
          } else this.state = State.Unquoted;
          break;
        }
        case State.Unquoted: {
          let j = i;
          let c = 0;
          while (j < n) {
            c = s.charCodeAt(j);
            if (c === COMMA || c === CR || c === LF) break;
            j++;
          }
          this.append(s, i, j);
          if (j === n) {
            i = n;
            break;
          }
          this.endField();
          if (c !== COMMA) {
            this.endRecord(out);
            if (c === CR) this.skipLf = true;
          }
          this.state = State.FieldStart;
          i = j + 1;
          break;
        }
        case State.Quoted: {
          const j = s.indexOf('"', i);
          if (j < 0) {
            this.append(s, i, n);
            i = n;
          } else {
            this.append(s, i, j);
            this.state = State.QuoteInQuoted;
            i = j + 1;
          }
          break;
        }
        case State.QuoteInQuoted: {
          const c = s.charCodeAt(i);
          if (c === QUOTE) {
            this.append('"', 0, 1);
            this.state = State.Quoted;
            i++;
          } else if (c === COMMA) {
            this.endField();
            this.state = State.FieldStart;
            i++;
          } else if (c === CR || c === LF) {
            this.endField();
            this.endRecord(out);
            if (c === CR) this.skipLf = true;
            this.state = State.FieldStart;
            i++;
          } else {
            // Text after a closing quote (`"a"b`) is not RFC 4180; like spreadsheets, keep it in the field.
            this.state = State.Unquoted;
          }
          break;
        }
      }
    }
    return out;
  }

  /** The last record, when the input did not end with a line break; throws when it ends inside quotes. */
  end(): string[][] {
    return this.endRows().map((r) => r.fields);
  }

  endRows(): CsvRow[] {
    const out: CsvRow[] = [];
    if (this.state === State.Quoted) {
      throw new CsvError(
        `The file ends inside a quoted field that starts in row ${this.quotedFrom}: it was cut off (the download or the copy did not finish) or a quote is missing. Download the file from Etsy again.`,
      );
    }
    if (this.state !== State.FieldStart || this.fields.length > 0 || this.field.length > 0) {
      this.endField();
      this.endRecord(out);
    }
    this.state = State.FieldStart;
    return out;
  }

  private append(s: string, from: number, to: number) {
    if (to <= from) return;
    this.recordChars += to - from;
    if (this.recordChars > CSV_RECORD_CHARS_MAX) {
      throw new CsvError(
        `Row ${this.records + 1} is longer than ${CSV_RECORD_CHARS_MAX.toLocaleString("en-US")} characters, far more than a listing holds: this does not look like Etsy's listings CSV.`,
      );
    }
    this.field += from === 0 && to === s.length ? s : s.slice(from, to);
  }

  private endField() {
    this.fields.push(this.field);
    this.field = "";
    if (this.fields.length > CSV_FIELDS_MAX) throw new CsvError(`Row ${this.records + 1} has more than ${CSV_FIELDS_MAX} columns: this does not look like Etsy's listings CSV.`);
  }

  private endRecord(out: CsvRow[]) {
    this.records++;
    const fields = this.fields;
    this.fields = [];
    this.recordChars = 0;
    // A blank line is one empty field: counted (it is a row in a spreadsheet), not answered.
    if (fields.length === 1 && fields[0] === "") return;
    out.push({ row: this.records, fields });
  }
}

/** Parses a whole CSV text (tests and small inputs); the import streams instead. */
export function parseCsv(text: string): string[][] {
  const parser = new CsvParser();
  return [...parser.push(text), ...parser.end()];
}

// ---- HTML entities ----------------------------------------------------------------------------------

const NAMED: Record<string, string> = {
  quot: '"',
  amp: "&",
  apos: "'",
  lt: "<",
  gt: ">",
  nbsp: "\u00a0",
  hellip: "…",
  mdash: "—",
  ndash: "–",
  lsquo: "‘",
  rsquo: "’",
  sbquo: "‚",
  ldquo: "“",
  rdquo: "”",
  bdquo: "„",
  bull: "•",
  middot: "·",
  trade: "™",
  reg: "®",
  copy: "©",
  deg: "°",
  times: "×",
  divide: "÷",
  euro: "€",
  pound: "£",
  yen: "¥",
  cent: "¢",
  sect: "§",
  para: "¶",
  frac12: "½",
  frac14: "¼",
  frac34: "¾",
  plusmn: "±",
  micro: "µ",
  laquo: "«",
  raquo: "»",
  iexcl: "¡",
  iquest: "¿",
  prime: "′",
  Prime: "″",
  hearts: "♥",
  star: "☆",
  check: "✓",
  larr: "←",
  rarr: "→",
  uarr: "↑",
  darr: "↓",
  auml: "ä",
  ouml: "ö",
  uuml: "ü",
  Auml: "Ä",
  Ouml: "Ö",
  Uuml: "Ü",
  szlig: "ß",
  ccedil: "ç",
  Ccedil: "Ç",
  eacute: "é",
  egrave: "è",
  ecirc: "ê",
  aacute: "á",
  agrave: "à",
  acirc: "â",
  iacute: "í",
  oacute: "ó",
  uacute: "ú",
  ntilde: "ñ",
  Eacute: "É",
  scaron: "š",
  Scaron: "Š",
  oslash: "ø",
  aring: "å",
  aelig: "æ",
};

/** Decodes HTML character references once (`&amp;quot;` becomes `&quot;`, as the text says). */
export function decodeEntities(text: string): string {
  if (text.indexOf("&") < 0) return text;
  return text.replace(/&(#\d{1,7}|#[xX][0-9a-fA-F]{1,6}|[A-Za-z][A-Za-z0-9]{1,31});/g, (whole, ref: string) => {
    if (ref[0] === "#") {
      const code = ref[1] === "x" || ref[1] === "X" ? parseInt(ref.slice(2), 16) : parseInt(ref.slice(1), 10);
      if (!Number.isFinite(code) || code <= 0 || code > 0x10ffff || (code >= 0xd800 && code <= 0xdfff)) return whole;
      return String.fromCodePoint(code);
    }
    return NAMED[ref] ?? whole;
  });
}

// ---- Etsy's columns -------------------------------------------------------------------------------

/** Currencies whose minor unit is the unit itself (ISO 4217 exponent 0). */
export const ZERO_DECIMAL = new Set(["BIF", "CLP", "DJF", "GNF", "ISK", "JPY", "KMF", "KRW", "PYG", "RWF", "UGX", "VND", "VUV", "XAF", "XOF", "XPF"]);

/** "16.00" in USD -> 1600; "1,250.50" -> 125050; "1500" in JPY -> 1500; anything else -> null. */
export function priceToMinor(price: string, currency: string | null): number | null {
  let text = price.trim().replace(/^[$€£¥₺]\s*/, "");
  if (/^\d{1,3}(,\d{3})+(\.\d+)?$/.test(text)) text = text.replace(/,/g, "");
  const match = /^(\d{1,12})(?:\.(\d{1,4}))?$/.exec(text);
  if (!match) return null;
  const digits = currency && ZERO_DECIMAL.has(currency.toUpperCase()) ? 0 : 2;
  const fraction = (match[2] ?? "").padEnd(digits, "0");
  if (fraction.length > digits && /[^0]/.test(fraction.slice(digits))) {
    // More decimals than the currency has: round half up to its minor unit.
    const value = Number(`${match[1]}.${match[2]}`) * 10 ** digits;
    return Math.round(value);
  }
  return Number(match[1]) * 10 ** digits + (digits ? Number(fraction.slice(0, digits)) : 0);
}

const headerKey = (name: string) =>
  name
    .replace(/^\uFEFF/, "")
    .replace(/\s+/g, " ")
    .trim()
    .toUpperCase();
const splitList = (value: string) =>
  value
    .split(",")
    .map((part) => decodeEntities(part).replace(/\s+/g, " ").trim())
    .filter(Boolean);

/** Where each of Etsy's columns is in this file's header. */
interface EtsyColumns {
  index: Map<string, number>;
  images: number[];
  variations: { type?: number; name?: number; values?: number }[];
}

/** Reads the header row; a 400 naming the expected columns when it is not Etsy's listings CSV. */
export function etsyColumnsOf(header: string[]): EtsyColumns {
  const index = new Map<string, number>();
  header.forEach((name, i) => {
    const key = headerKey(name);
    if (key && !index.has(key)) index.set(key, i);
  });
  const missing = ETSY_CSV_REQUIRED_COLUMNS.filter((c) => !index.has(c));
  if (missing.length) {
    const seen = header
      .slice(0, 12)
      .map((h) => headerKey(h).slice(0, 40))
      .filter(Boolean);
    throw notListingsCsv(
      seen.length ? `Its first row names ${seen.join(", ")}${header.length > 12 ? ", ..." : ""}; the columns ${missing.join(", ")} are missing.` : "Its first row names no columns.",
    );
  }
  const images: number[] = [];
  for (let k = 1; k <= 10; k++) {
    const i = index.get(`IMAGE${k}`);
    if (i !== undefined) images.push(i);
  }
  const variations: EtsyColumns["variations"] = [];
  for (let k = 1; k <= 5; k++) {
    const type = index.get(`VARIATION ${k} TYPE`);
    const name = index.get(`VARIATION ${k} NAME`);
    const values = index.get(`VARIATION ${k} VALUES`);
    if (type !== undefined || name !== undefined || values !== undefined) variations.push({ type, name, values });
  }
  return { index, images, variations };
}

/** The 400 of a file that is not Etsy's listings CSV: what was expected, and where to get the right file. */
function notListingsCsv(detail: string): HttpError {
  return new HttpError(
    400,
    `This is not Etsy's listings CSV. ${detail} The file must start with a header row naming the columns ${ETSY_CSV_REQUIRED_COLUMNS.join(", ")} (Etsy's EtsyListingsDownload.csv also has MATERIALS, IMAGE1 to IMAGE10, the VARIATION columns and SKU). Download it from Etsy: Shop Manager > Settings > Options > Download Data > Download CSV.`,
    { expectedColumns: [...ETSY_CSV_REQUIRED_COLUMNS] },
  );
}

/** One data record of the file as a ShopListingInput (not yet normalised; the import normalises and checks it). */
export function etsyRowToInput(fields: string[], columns: EtsyColumns): ShopListingInput {
  const get = (i: number | undefined) => (i === undefined ? "" : (fields[i] ?? ""));
  const col = (name: string) => get(columns.index.get(name));
  const text = (name: string) => decodeEntities(col(name));
  const currency = col("CURRENCY_CODE").trim().toUpperCase() || null;
  const quantityText = col("QUANTITY").trim();
  const variations: ShopVariation[] = [];
  for (const v of columns.variations) {
    const type = decodeEntities(get(v.name)).trim() || decodeEntities(get(v.type)).trim();
    const values = splitList(get(v.values));
    if (type || values.length) variations.push({ type, values });
  }
  return {
    title: text("TITLE"),
    description: text("DESCRIPTION"),
    priceMinor: priceToMinor(col("PRICE"), currency),
    currency,
    quantity: /^\d{1,9}$/.test(quantityText) ? Number(quantityText) : null,
    tags: splitList(col("TAGS")),
    materials: splitList(col("MATERIALS")),
    imageUrls: columns.images.map((i) => get(i).trim()).filter(Boolean),
    variations,
    sku: decodeEntities(col("SKU")).trim() || null,
  };
}

// ---- Streams -----------------------------------------------------------------------------------------

export function tooManyRows(): HttpError {
  const max = SHOP_LIMITS.importRowsMax.toLocaleString("en-US");
  return new HttpError(
    413,
    `The file has more than ${max} listings, the most one import takes. Nothing was imported. Split it into files of at most ${max} rows (keep the header row in each) and import them one by one.`,
    { limit: SHOP_LIMITS.importRowsMax },
  );
}

export function fileTooLarge(): HttpError {
  const mb = SHOP_LIMITS.importBytesMax / (1024 * 1024);
  return new HttpError(
    413,
    `The file is larger than ${mb} MB, the most one import takes. Nothing was imported. Split it into smaller files (keep the header row in each) and import them one by one.`,
    {
      limitBytes: SHOP_LIMITS.importBytesMax,
    },
  );
}

/**
 * The records of a CSV byte stream, decoded as UTF-8 piece by piece. More than `maxBytes` is a 413 as soon
 * as it is seen; a NUL byte (a spreadsheet or image file, not text) or an unreadable file is a 400.
 */
export async function* csvRecords(
  bytes: AsyncIterable<Uint8Array> | ReadableStream<Uint8Array>,
  maxBytes = SHOP_LIMITS.importBytesMax,
  /** The 400 of a file that is not the expected CSV (the sales import names its own file). */
  refuse: (detail: string) => HttpError = notListingsCsv,
): AsyncGenerator<CsvRow> {
  // fatal: a file saved in another encoding (Excel's "CSV" in Windows-1252) is refused, not imported garbled.
  const decoder = new TextDecoder("utf-8", { fatal: true });
  const parser = new CsvParser();
  let size = 0;
  const decode = (chunk?: Uint8Array) => {
    try {
      return chunk ? decoder.decode(chunk, { stream: true }) : decoder.decode();
    } catch {
      throw refuse(`It is not UTF-8 text (Etsy's file is): perhaps it was saved again in a spreadsheet in another encoding. Download it from Etsy again, or save it as "CSV UTF-8".`);
    }
  };
  const take = (text: string) => parser.pushRows(text);
  try {
    for await (const chunk of bytes as AsyncIterable<Uint8Array>) {
      size += chunk.byteLength;
      if (size > maxBytes) throw fileTooLarge();
      // A NUL byte never occurs in text: a spreadsheet (.xlsx is a zip) or an image.
      if (chunk.indexOf(0) >= 0) throw refuse("It contains binary data (perhaps an .xlsx spreadsheet or an image), not text.");
      yield* take(decode(chunk));
    }
    yield* take(decode());
    yield* parser.endRows();
  } catch (error) {
    if (error instanceof CsvError) throw refuse(error.message);
    throw error;
  }
}

/**
 * Etsy's listings CSV as import items, each with its row number (the header is row 1). The header is
 * checked before any row; an empty file, a file with only a header, a wrong header or a file cut off inside
 * a quoted field is a 400; more than SHOP_LIMITS.importRowsMax rows a 413 (the import writes nothing until
 * the whole file was read).
 */
export async function* readEtsyListings(bytes: AsyncIterable<Uint8Array> | ReadableStream<Uint8Array>, maxBytes = SHOP_LIMITS.importBytesMax): AsyncGenerator<ShopImportItem> {
  const parser = csvRecords(bytes, maxBytes);
  let columns: EtsyColumns | undefined;
  let rows = 0;
  for await (const { row, fields } of parser) {
    if (!columns) {
      columns = etsyColumnsOf(fields);
      continue;
    }
    rows++;
    if (rows > SHOP_LIMITS.importRowsMax) throw tooManyRows();
    const input = etsyRowToInput(fields, columns);
    // A row with text no seller writes (a number of thousands of digits) is skipped with the reason (decision 0028).
    const hostile = findHostileText(input);
    yield hostile ? { row, error: hostileTextMessage(hostile.field, hostile.run) } : { row, input };
  }
  if (!columns) throw notListingsCsv("The file is empty.");
  if (rows === 0) throw new HttpError(400, "The file has Etsy's header row but no listings under it: there is nothing to import. Check that the shop has listings and download the file again.", {});
}
