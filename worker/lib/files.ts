/**
 * Files in and out of the API: multipart/form-data bodies read (whole, or one file part as a stream)
 * and files answered with the same safe headers everywhere (decision 0025).
 *
 * One file part of a multipart/form-data body (RFC 7578), read as a stream. workerd's request.formData()
 * reads the whole body into memory before answering; this reader passes the named part's bytes on as they
 * arrive and holds at most one network chunk plus the boundary's length, so a 20 MB upload never sits in
 * memory whole. Other parts are skipped; the part's own headers are capped.
 */
import { HttpError, badRequest } from "./errors";
import { DRAIN_LIMIT_BYTES, readBodyLimited } from "./http";

const PART_HEADERS_MAX = 16 * 1024;
const encoder = new TextEncoder();

/** The boundary of a multipart/form-data Content-Type, or a 400. */
function boundaryOf(contentType: string): string {
  const match = /;\s*boundary=(?:"([^"]{1,70})"|([^\s;]{1,70}))/i.exec(contentType);
  const boundary = match?.[1] ?? match?.[2];
  if (!boundary) throw badRequest("Malformed multipart body: the Content-Type has no boundary", { field: "file" });
  return boundary;
}

/** Index of `needle` in `hay` from `from`, or -1. */
function indexOf(hay: Uint8Array, needle: Uint8Array, from = 0): number {
  const first = needle[0];
  const last = hay.length - needle.length;
  for (let i = hay.indexOf(first, from); i >= 0 && i <= last; i = hay.indexOf(first, i + 1)) {
    let k = 1;
    while (k < needle.length && hay[i + k] === needle[k]) k++;
    if (k === needle.length) return i;
  }
  return -1;
}

function concat(a: Uint8Array, b: Uint8Array): Uint8Array {
  if (a.length === 0) return b;
  const out = new Uint8Array(a.length + b.length);
  out.set(a, 0);
  out.set(b, a.length);
  return out;
}

const malformed = (why: string) => badRequest(`Malformed multipart body: ${why}. Send the file as multipart/form-data in a field named "file", or as a text/csv body.`, { field: "file" });

/**
 * The bytes of the part named `field` (e.g. `file`), as they arrive. Throws 400 when the body is not
 * well-formed multipart or has no such part.
 */
export async function* readMultipartFile(body: ReadableStream<Uint8Array>, contentType: string, field = "file"): AsyncGenerator<Uint8Array> {
  const boundary = boundaryOf(contentType);
  // Every delimiter, the first included, is matched as CRLF "--" boundary: the body is read as if it began with CRLF.
  const delimiter = encoder.encode(`\r\n--${boundary}`);
  const keep = delimiter.length - 1;
  const reader = body.getReader();
  let buf: Uint8Array = encoder.encode("\r\n");
  let done = false;
  const more = async (): Promise<boolean> => {
    if (done) return false;
    const next = await reader.read();
    if (next.done) {
      done = true;
      return false;
    }
    buf = concat(buf, next.value);
    return true;
  };

  try {
    // Preamble: up to the first delimiter.
    let at = indexOf(buf, delimiter);
    while (at < 0) {
      if (buf.length > keep) buf = buf.slice(buf.length - keep);
      if (!(await more())) throw malformed("no part boundary was found");
      at = indexOf(buf, delimiter);
    }
    buf = buf.slice(at + delimiter.length);
    for (;;) {
      // After a delimiter: "--" ends the body, else CRLF and the part's headers up to an empty line.
      while (buf.length < 2) if (!(await more())) throw malformed("it ends after a boundary");
      if (buf[0] === 45 && buf[1] === 45) break;
      let end = indexOf(buf, encoder.encode("\r\n\r\n"));
      while (end < 0) {
        if (buf.length > PART_HEADERS_MAX) throw malformed("a part's headers are too long");
        if (!(await more())) throw malformed("a part's headers do not end");
        end = indexOf(buf, encoder.encode("\r\n\r\n"));
      }
      const headers = new TextDecoder().decode(buf.slice(0, end));
      buf = buf.slice(end + 4);
      const disposition = /content-disposition:\s*form-data\s*;([^\r\n]*)/i.exec(headers)?.[1] ?? "";
      const name = /(?:^|;)\s*name="([^"]*)"/i.exec(disposition)?.[1] ?? /(?:^|;)\s*name=([^;\s]+)/i.exec(disposition)?.[1];
      const wanted = name === field;
      // The part's body: everything up to the next delimiter; passed on (or dropped) as it arrives.
      for (;;) {
        const next = indexOf(buf, delimiter);
        if (next >= 0) {
          if (wanted && next > 0) yield buf.slice(0, next);
          buf = buf.slice(next + delimiter.length);
          break;
        }
        if (buf.length > keep) {
          if (wanted) yield buf.slice(0, buf.length - keep);
          buf = buf.slice(buf.length - keep);
        }
        if (!(await more())) throw malformed("it ends inside a part (the upload was cut off)");
      }
      if (wanted) return;
    }
    throw new HttpError(400, `The form has no file in a field named "${field}". Choose your EtsyListingsDownload.csv and send it as "${field}".`, { field });
  } finally {
    await drain(reader);
  }
}

/**
 * Reads what is left of a body we stopped reading (the epilogue after the file part, or the rest of a file
 * refused half-way), so the local server's proxy does not answer the next request on the connection with
 * a 503 (see discardUnreadBody in worker/lib/http.ts, which skips bodies already read from).
 */
async function drain(reader: ReadableStreamDefaultReader<Uint8Array>): Promise<void> {
  try {
    let size = 0;
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      size += value.byteLength;
      if (size > DRAIN_LIMIT_BYTES) {
        await reader.cancel();
        break;
      }
    }
  } catch {
    // The client went away: nothing is left to read.
  } finally {
    reader.releaseLock();
  }
}

/** A body's chunks as they arrive; what is left when the reader stops early is drained. */
export async function* bodyChunks(body: ReadableStream<Uint8Array>): AsyncGenerator<Uint8Array> {
  const reader = body.getReader();
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) return;
      yield value;
    }
  } finally {
    await drain(reader);
  }
}

/**
 * A whole multipart/form-data body of at most `limit` bytes, as FormData: `tooLarge` (413) past the
 * limit, 400 when it does not parse. For small forms (an upload of a few MB); a large file is streamed
 * with readMultipartFile instead.
 */
export async function readMultipart(request: Request, limit: number, tooLarge: () => HttpError): Promise<FormData> {
  const bytes = await readBodyLimited(request, limit).catch((error) => {
    throw error instanceof HttpError && error.status === 413 ? tooLarge() : error;
  });
  try {
    return await new Response(bytes as Uint8Array<ArrayBuffer>, { headers: { "Content-Type": request.headers.get("Content-Type") ?? "" } }).formData();
  } catch {
    throw badRequest("Malformed multipart body");
  }
}

/** A file name as a Content-Disposition parameter: quoted as is when plain ASCII, else an ASCII stand-in plus RFC 5987's UTF-8 form. */
export function dispositionName(name: string): string {
  if (/^[\x20-\x7e]*$/.test(name) && !/["\\]/.test(name)) return `filename="${name}"`;
  const fallback = name
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .replace(/[^\x20-\x7e]|["\\]/g, "_");
  const encoded = encodeURIComponent(name).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return `filename="${fallback}"; filename*=UTF-8''${encoded}`;
}

interface FileResponseOptions {
  /** The Content-Type, e.g. "text/csv; charset=utf-8". */
  type: string;
  /** The name the browser saves it under. */
  name: string;
  /** Shown in the browser (inline) or saved (attachment, the default). */
  disposition?: "inline" | "attachment";
  /** The Content-Length, when the body is a stream of known size. */
  size?: number;
}

/**
 * A file answer: its type and name, never sniffed (nosniff), never run as a page (a sandboxing CSP),
 * never kept by a shared cache. Every download of the API answers through this.
 */
export function fileResponse(body: BodyInit | null, { type, name, disposition = "attachment", size }: FileResponseOptions): Response {
  const headers = new Headers({
    "Content-Type": type,
    "Content-Disposition": `${disposition}; ${dispositionName(name)}`,
    "X-Content-Type-Options": "nosniff",
    "Content-Security-Policy": "default-src 'none'; sandbox",
    "Cache-Control": "private, no-store",
  });
  if (size !== undefined) headers.set("Content-Length", String(size));
  return new Response(body, { headers });
}
