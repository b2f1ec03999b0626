import * as v from "valibot";
import { HttpError, badRequest } from "./errors";

const JSON_LIMIT_BYTES = 1024 * 1024;

export function json(body: unknown, init: ResponseInit = {}) {
  const headers = new Headers(init.headers);
  headers.set("Content-Type", "application/json; charset=utf-8");
  return new Response(JSON.stringify(body), { ...init, headers });
}

/** Reads a request body as bytes, refusing (413) as soon as it grows past the limit. */
export async function readBodyLimited(request: Request, limit: number): Promise<Uint8Array> {
  const declared = Number(request.headers.get("Content-Length") ?? "");
  if (Number.isFinite(declared) && declared > limit) throw tooLarge(limit);
  if (!request.body) return new Uint8Array();
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > limit) {
      await reader.cancel().catch(() => {});
      throw tooLarge(limit);
    }
    chunks.push(value);
  }
  const out = new Uint8Array(size);
  let offset = 0;
  for (const chunk of chunks) {
    out.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return out;
}

function tooLarge(limit: number) {
  const mb = Math.round((limit / (1024 * 1024)) * 10) / 10;
  return new HttpError(413, `Request body is too large (the limit is ${mb} MB)`);
}

/** Parses a JSON body against a schema: 415 for another media type, 413 too large, 400 otherwise. */
export async function readJson<const S extends v.GenericSchema>(request: Request, schema: S, limit = JSON_LIMIT_BYTES): Promise<v.InferOutput<S>> {
  const type = request.headers.get("Content-Type") ?? "";
  if (!/^application\/json\b/i.test(type.trim())) {
    throw new HttpError(415, "Content-Type must be application/json");
  }
  const bytes = await readBodyLimited(request, limit);
  let data: unknown;
  try {
    data = JSON.parse(new TextDecoder().decode(bytes));
  } catch {
    throw badRequest("Malformed JSON body");
  }
  return parseWith(schema, data);
}

/** Validates a value; the first issue's message (the SPEC's wording lives in the schemas) is the answer. */
export function parseWith<const S extends v.GenericSchema>(schema: S, data: unknown): v.InferOutput<S> {
  const result = v.safeParse(schema, data);
  if (result.success) return result.output;
  const issue = result.issues[0];
  const field = issue.path?.map((p) => String(p.key)).join(".");
  throw badRequest(issue.message, field ? { field } : {});
}

/**
 * The client's address, the key of the per-address throttles: Cloudflare's CF-Connecting-IP (set by
 * the edge, which overwrites what a client sends), else the first X-Forwarded-For entry (a local
 * proxy), else "local". A value is taken only when it is an IP address (v4, or v6 in its canonical
 * form); junk ("junk-1") counts as no header (issue 23). Off Cloudflare's edge any client can set these
 * headers: see README, "Client addresses".
 */
export function clientAddress(request: Request) {
  return ipAddress(request.headers.get("CF-Connecting-IP")) ?? ipAddress(request.headers.get("X-Forwarded-For")?.split(",")[0]) ?? "local";
}

const IPV4 = /^(?:25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)(?:\.(?:25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)){3}$/;

/** `value` as an IP address (IPv6 in the URL parser's canonical form), or undefined when it is not one. */
function ipAddress(value: string | null | undefined): string | undefined {
  const text = value?.trim() ?? "";
  if (IPV4.test(text)) return text;
  if (text.length > 45 || !text.includes(":") || !/^[\da-f:.]+$/i.test(text)) return undefined;
  try {
    return new URL(`http://[${text}]/`).hostname.slice(1, -1);
  } catch {
    return undefined;
  }
}

const executionContexts = new WeakMap<Request, ExecutionContext>();

/** The API entry point records each request's ExecutionContext so deep helpers can keep work alive past a disconnect. */
export function bindExecutionContext(request: Request, ctx: ExecutionContext | undefined) {
  if (ctx) executionContexts.set(request, ctx);
}

export function executionContextOf(request: Request): ExecutionContext | undefined {
  return executionContexts.get(request);
}

/** Beyond this, an unread request body is cancelled instead of read to its end. */
export const DRAIN_LIMIT_BYTES = 32 * 1024 * 1024;

/**
 * Reads whatever the handler left unread of a request body (a 401 or 415 answered before readJson).
 * The local server's proxy (workers-sdk #14641) otherwise answered the *next* request on the
 * connection with "503 Your worker restarted mid-request". Past the limit the rest is cancelled.
 */
export async function discardUnreadBody(request: Request, limit = DRAIN_LIMIT_BYTES): Promise<void> {
  if (!request.body || request.bodyUsed || request.body.locked) return;
  try {
    const reader = request.body.getReader();
    let size = 0;
    for (;;) {
      const { done, value } = await reader.read();
      if (done) return;
      size += value.byteLength;
      if (size > limit) {
        await reader.cancel();
        return;
      }
    }
  } catch {
    // The client went away: there is nothing left to read.
  }
}

/** A client's X-Request-ID when it is a plain token (letters, digits, . _ : -; at most 100), else undefined. */
export function sanitizeRequestId(value: string | null) {
  if (!value) return undefined;
  return /^[A-Za-z0-9._:-]{1,100}$/.test(value) ? value : undefined;
}
