/**
 * Cut-out providers: services that separate the product from any background (remove.bg, Photoroom),
 * where the local editor can only flood-fill a plain one. They are asked for one thing, a transparent
 * PNG of the product at the size it was sent; the local editor then does the rest of the instruction
 * (light, sharpness, the new background colour, the marketplace's canvas) on that result
 * (decision 0018). One file per vendor; this one holds the shared HTTP handling and the selector.
 */
import type { CutoutProviderName } from "../../../schema/api/images";
import type { Env } from "../../lib/env";
import { HttpError, UpstreamError } from "../../lib/errors";
import { readImageHeader, sniffImageType, type ImageType } from "../../domain/images/formats";

export type { CutoutProviderName };

export interface CutoutRequest {
  /** The photo as sent: no metadata, at most the working size (the caller downscales). */
  bytes: Uint8Array;
  type: ImageType;
}

export interface CutoutResult {
  /** A PNG (or WEBP) with the background transparent, or a JPEG when the vendor ignored the format. */
  bytes: Uint8Array;
  type: ImageType;
  width: number;
  height: number;
  /** What the vendor says it charged (remove.bg's X-Credits-Charged), when it says. */
  credits?: number;
}

export interface CutoutProvider {
  name: CutoutProviderName;
  /** The vendor as the screens name it: "Photoroom", "remove.bg". */
  label: string;
  cutOut(request: CutoutRequest): Promise<CutoutResult>;
}

/** Only for tests and proxies: how to reach the vendor and how long to wait. */
export interface CutoutOverrides {
  fetch?: typeof fetch;
  timeoutMs?: number;
}

/** DESIGN §5: an upstream image call gets 60 s. */
const CUTOUT_TIMEOUT_MS = 60_000;
/** A vendor's Retry-After is passed on, but never asks a seller to wait more than this. */
const MAX_RETRY_AFTER_SECONDS = 120;

type CutoutEnv = Pick<Env, "REMOVE_BG_API_KEY" | "REMOVE_BG_API_URL" | "PHOTOROOM_API_KEY" | "PHOTOROOM_API_URL">;

/** Photoroom when its key is set, else remove.bg when its key is set, else none (the local flood fill). */
export function cutoutProviderName(env: CutoutEnv): CutoutProviderName | null {
  if ((env.PHOTOROOM_API_KEY ?? "").trim()) return "photoroom";
  if ((env.REMOVE_BG_API_KEY ?? "").trim()) return "remove-bg";
  return null;
}

export const CUTOUT_LABELS: Record<CutoutProviderName, string> = { photoroom: "Photoroom", "remove-bg": "remove.bg" };

/** The vendor's error, as far as its reply says it, for the message the seller reads. */
export interface VendorError {
  /** A short reason in our words, e.g. "the account is out of credits". */
  reason: string;
  /** The vendor's own words (never anything that could hold the key). */
  detail: string;
}

/**
 * POSTs a multipart form to a vendor and answers the image bytes. Every way it can fail becomes an
 * error that names the vendor, never the key: a time-out is a 504, the vendor's rate limit a 429 with
 * its Retry-After, anything else a 502 with the vendor's reason.
 */
export async function postForImage(
  provider: CutoutProvider,
  url: string,
  init: { headers: Record<string, string>; body: FormData; fetch?: typeof fetch; timeoutMs?: number; explain: (status: number, body: string) => VendorError },
): Promise<{ bytes: Uint8Array; type: ImageType; width: number; height: number; headers: Headers }> {
  const doFetch = init.fetch ?? ((input: RequestInfo | URL, options?: RequestInit) => fetch(input, options));
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), init.timeoutMs ?? CUTOUT_TIMEOUT_MS);
  let response: Response;
  let body: Uint8Array;
  try {
    // No Accept header, as the vendors' own samples: both answer image bytes then (and JSON when
    // asked for it, which is read below all the same).
    response = await doFetch(url, { method: "POST", headers: init.headers, body: init.body, signal: controller.signal });
    body = new Uint8Array(await response.arrayBuffer());
  } catch (error) {
    if (controller.signal.aborted) throw new UpstreamError(provider.label, `Request timed out: ${provider.label} did not answer in time. Please try again later.`, true);
    throw new UpstreamError(provider.label, `Failed to process image with ${provider.label}: ${error instanceof Error ? error.message : "network error"}`);
  } finally {
    clearTimeout(timer);
  }
  if (!response.ok) {
    const text = new TextDecoder().decode(body.subarray(0, 4096));
    const { reason, detail } = init.explain(response.status, text);
    const sentence = `Failed to process image with ${provider.label} (${response.status}: ${reason}).${detail ? ` ${provider.label} said: ${redact(detail)}` : ""}`;
    if (response.status === 429) {
      const retryAfter = retryAfterSeconds(response.headers);
      throw new HttpError(
        429,
        `Too many requests: ${provider.label} is busy. Please wait ${retryAfter} seconds before trying again.`,
        {
          provider: provider.label,
          retryAfter,
          details: sentence,
        },
        { "Retry-After": String(retryAfter) },
      );
    }
    throw new UpstreamError(provider.label, sentence);
  }
  if (!sniffImageType(body)) body = imageInJson(body) ?? body;
  const type = sniffImageType(body);
  const header = type ? readImageHeader(body) : null;
  if (!type || !header) throw new UpstreamError(provider.label, `Invalid response from ${provider.label}: what came back is not a PNG, JPEG or WEBP image.`);
  return { bytes: body, type, width: header.width, height: header.height, headers: response.headers };
}

/**
 * The image of a JSON answer: remove.bg's `data.result_b64`, Photoroom's `base64img` (both vendors
 * answer so to `Accept: application/json`), or null.
 */
function imageInJson(body: Uint8Array): Uint8Array | null {
  if (body[0] !== 0x7b /* { */) return null;
  const parsed = parseJson(new TextDecoder().decode(body)) as { base64img?: unknown; data?: { result_b64?: unknown } } | null;
  const b64 = [parsed?.base64img, parsed?.data?.result_b64].find((v): v is string => typeof v === "string" && v.length > 0);
  if (!b64) return null;
  try {
    const binary = atob(b64.replace(/^data:[^,]*,/, ""));
    const out = new Uint8Array(binary.length);
    for (let i = 0; i < binary.length; i++) out[i] = binary.charCodeAt(i);
    return out;
  } catch {
    return null;
  }
}

/**
 * Seconds to wait from a 429: Retry-After (seconds or an HTTP date), else X-RateLimit-Reset (a Unix
 * time, remove.bg), else 60; at least 1 and at most MAX_RETRY_AFTER_SECONDS.
 */
export function retryAfterSeconds(headers: Headers, now = Date.now()): number {
  const clamp = (s: number) => Math.min(MAX_RETRY_AFTER_SECONDS, Math.max(1, Math.ceil(s)));
  const retry = headers.get("Retry-After")?.trim();
  if (retry) {
    if (/^\d+$/.test(retry)) return clamp(Number(retry));
    const at = Date.parse(retry);
    if (!Number.isNaN(at)) return clamp((at - now) / 1000);
  }
  const reset = headers.get("X-RateLimit-Reset")?.trim();
  if (reset && /^\d+$/.test(reset)) return clamp(Number(reset) - now / 1000);
  return 60;
}

/** Our reason for a vendor status, when the vendor's reply does not give a better one. */
export function reasonFor(status: number, label: string): string {
  if (status === 400) return `${label} could not process this photo`;
  if (status === 401 || status === 403) return `${label} refused the API key`;
  if (status === 402) return `the ${label} account is out of credits`;
  if (status === 429) return `${label} is rate limiting requests`;
  if (status >= 500) return `${label} had a server error`;
  return `${label} refused the request`;
}

/** Anything shaped like an API key is cut out of a vendor's text before it is shown. */
function redact(text: string) {
  return text
    .replace(/[A-Za-z0-9_-]{24,}/g, "…")
    .replace(/\s+/g, " ")
    .trim()
    .slice(0, 300);
}

export function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

/** The file name a vendor sees for the photo (it only uses the extension). */
export function fileFor(request: CutoutRequest): File {
  const extension = request.type === "image/jpeg" ? "jpg" : request.type === "image/png" ? "png" : "webp";
  return new File([request.bytes as Uint8Array<ArrayBuffer>], `product.${extension}`, { type: request.type });
}

export const baseUrlOf = (configured: string | undefined, fallback: string) => (configured || fallback).trim().replace(/\/+$/, "");
