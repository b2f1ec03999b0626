/**
 * Fakes of the two cut-out vendors' HTTP APIs, written from their documentation (remove.bg's
 * OpenAPI description of POST /v1.0/removebg; Photoroom's Remove Background API, POST /v1/segment).
 * Each checks the request as the vendor would (path, method, key header, multipart fields and their
 * allowed values), answers the vendor's documented errors in the vendor's own JSON shapes, and
 * otherwise answers a real PNG with an alpha channel: the photo it was sent, decoded, with every pixel
 * that is not the product made transparent. The "model" is a stand-in that knows the fixtures'
 * products are blue; the product's outline gets a half-transparent edge, as a real matte has.
 */
import { decodeImage, encodeImage } from "../../worker/domain/images/codecs";
import { sniffImageType } from "../../worker/domain/images/formats";

interface VendorCall {
  url: URL;
  method: string;
  headers: Headers;
  /** The multipart text fields as sent. */
  fields: Record<string, string>;
  /** The `image_file` part, when there was one. */
  image: { name: string; type: string; bytes: Uint8Array } | null;
}

/** A scripted answer for call n (1-based): a Response, "hang" (never answers), or undefined (answer normally). */
export type Script = (call: VendorCall, n: number) => Response | "hang" | undefined;

export interface FakeVendor {
  fetch: typeof fetch;
  calls: VendorCall[];
}

/** The stand-in model: the fixtures' products are clearly blue, their backdrops are not. */
const isProductPixel = (r: number, g: number, b: number) => b > r + 60 && b > g + 40;

const json = (body: unknown, status: number, headers: Record<string, string> = {}) => new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json", ...headers } });

async function readCall(input: RequestInfo | URL, init?: RequestInit): Promise<VendorCall> {
  const request = new Request(input, init);
  const fields: Record<string, string> = {};
  let image: VendorCall["image"] = null;
  if ((request.headers.get("Content-Type") ?? "").startsWith("multipart/form-data")) {
    const form = await request.formData();
    for (const [key, value] of form.entries()) {
      if (typeof value === "string") fields[key] = value;
      else if (key === "image_file") image = { name: value.name, type: value.type, bytes: new Uint8Array(await value.arrayBuffer()) };
    }
  }
  return { url: new URL(request.url), method: request.method, headers: request.headers, fields, image };
}

function vendor(handle: (call: VendorCall) => Promise<Response>, script?: Script): FakeVendor {
  const calls: VendorCall[] = [];
  const doFetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
    const call = await readCall(input, init);
    calls.push(call);
    const scripted = script?.(call, calls.length);
    if (scripted === "hang") {
      return new Promise<Response>((_, reject) => {
        const signal = init?.signal;
        if (!signal) return;
        if (signal.aborted) reject(signal.reason);
        signal.addEventListener("abort", () => reject(signal.reason));
      });
    }
    if (scripted) return scripted;
    return handle(call);
  }) as typeof fetch;
  return { fetch: doFetch, calls };
}

/** The cut-out of a photo: the product kept, everything else transparent, a soft one-pixel edge. */
async function cutOut(bytes: Uint8Array, bgColor?: [number, number, number]): Promise<{ png: Uint8Array; width: number; height: number }> {
  const type = sniffImageType(bytes)!;
  const decoded = await decodeImage(bytes, type);
  const { width, height, data } = decoded;
  const product = new Uint8Array(width * height);
  for (let p = 0; p < width * height; p++) product[p] = isProductPixel(data[p * 4], data[p * 4 + 1], data[p * 4 + 2]) ? 1 : 0;
  const out = new Uint8ClampedArray(width * height * 4);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const p = y * width + x;
      const o = p * 4;
      if (!product[p]) {
        if (bgColor) out.set([...bgColor, 255], o);
        continue;
      }
      const inner = x > 0 && x < width - 1 && y > 0 && y < height - 1 && product[p - 1] && product[p + 1] && product[p - width] && product[p + width];
      const alpha = inner ? 255 : 160;
      if (bgColor && alpha < 255) {
        const a = alpha / 255;
        out.set([data[o] * a + bgColor[0] * (1 - a), data[o + 1] * a + bgColor[1] * (1 - a), data[o + 2] * a + bgColor[2] * (1 - a), 255], o);
      } else {
        out.set([data[o], data[o + 1], data[o + 2], alpha], o);
      }
    }
  }
  const png = await encodeImage({ data: out, width, height, colorSpace: "srgb" } as ImageData, "image/png");
  return { png, width, height };
}

function hexColour(value: string | undefined): [number, number, number] | undefined {
  const m = /^#?([0-9a-f]{6}|[0-9a-f]{3})$/i.exec(value ?? "");
  if (!m) return undefined;
  const h = m[1].length === 3 ? [...m[1]].map((c) => c + c).join("") : m[1];
  return [parseInt(h.slice(0, 2), 16), parseInt(h.slice(2, 4), 16), parseInt(h.slice(4, 6), 16)];
}

/* ---------- remove.bg ---------- */

const REMOVE_BG_SIZES = ["preview", "small", "regular", "full", "4k", "50MP", "auto", "medium", "hd"];
const REMOVE_BG_TYPES = ["auto", "car", "product", "person", "animal", "graphic", "transportation"];
const REMOVE_BG_FORMATS = ["auto", "png", "jpg", "zip", "webp"];

/** remove.bg's errors: `{ errors: [{ title, code?, detail? }] }`. */
export const removeBgError = (status: number, title: string, code?: string, detail?: string, headers: Record<string, string> = {}) =>
  json({ errors: [{ title, ...(code ? { code } : {}), ...(detail ? { detail } : {}) }] }, status, headers);

/** A fake of https://api.remove.bg that accepts the key `apiKey`. */
export function fakeRemoveBg(apiKey: string, script?: Script, host = "api.remove.bg"): FakeVendor {
  return vendor(async (call) => {
    if (call.url.hostname !== host || call.url.pathname !== "/v1.0/removebg") return new Response("Not Found", { status: 404 });
    if (call.method !== "POST") return new Response("Method Not Allowed", { status: 405 });
    const key = call.headers.get("X-Api-Key");
    if (!key) return removeBgError(403, "Missing API Key");
    if (key !== apiKey) return removeBgError(403, "API Key invalid");
    if (!call.image) return removeBgError(400, "No image given", "missing_source", "Please provide the source image in the image_url, image_file or image_file_b64 parameter.");
    const { size = "preview", type = "auto", format = "auto" } = call.fields;
    if (!REMOVE_BG_SIZES.includes(size)) return removeBgError(400, "Invalid value for parameter 'size'", "invalid_size");
    if (!REMOVE_BG_TYPES.includes(type)) return removeBgError(400, "Invalid type parameter given", "invalid_type");
    if (!REMOVE_BG_FORMATS.includes(format)) return removeBgError(400, "Invalid format parameter given", "invalid_format");
    if (!sniffImageType(call.image.bytes)) return removeBgError(400, "Invalid file type", "invalid_file_type", "Expected jpg/png/webp");
    const bg = call.fields.bg_color ? hexColour(call.fields.bg_color) : undefined;
    if (call.fields.bg_color && !bg) return removeBgError(400, "Invalid bg_color parameter given", "invalid_bg_color");
    const { png, width, height } = await cutOut(call.image.bytes, bg);
    return new Response(png as Uint8Array<ArrayBuffer>, {
      status: 200,
      headers: { "Content-Type": "image/png", "X-Type": "product", "X-Width": String(width), "X-Height": String(height), "X-Credits-Charged": size === "preview" ? "0.25" : "1" },
    });
  }, script);
}

/* ---------- Photoroom ---------- */

/** Photoroom's errors: `{ detail, status_code, type }`. */
export const photoroomError = (status: number, detail: string, type: string, headers: Record<string, string> = {}) => json({ detail, status_code: status, type }, status, headers);

/** A fake of https://sdk.photoroom.com that accepts the key `apiKey`. */
export function fakePhotoroom(apiKey: string, script?: Script, host = "sdk.photoroom.com"): FakeVendor {
  return vendor(async (call) => {
    if (call.url.hostname !== host || call.url.pathname !== "/v1/segment") return new Response("Not Found", { status: 404 });
    if (call.method !== "POST") return new Response("Method Not Allowed", { status: 405 });
    const key = call.headers.get("x-api-key");
    if (!key) return json({ error: { message: "Unauthorized" } }, 401);
    if (key !== apiKey) return photoroomError(403, "Invalid API key", "invalid_api_key");
    if (!call.image) return photoroomError(400, "Please provide an image.", "missing_image");
    const { format = "png", size = "full", crop = "false", channels = "rgba" } = call.fields;
    if (!["png", "jpg", "webp"].includes(format)) return photoroomError(400, "format must be one of png, jpg, webp", "invalid_parameter");
    if (!["preview", "medium", "hd", "full"].includes(size)) return photoroomError(400, "size must be one of preview, medium, hd, full", "invalid_parameter");
    if (!["true", "false"].includes(crop)) return photoroomError(400, "crop must be true or false", "invalid_parameter");
    if (!["rgba", "alpha"].includes(channels)) return photoroomError(400, "channels must be rgba or alpha", "invalid_parameter");
    if (!sniffImageType(call.image.bytes)) return photoroomError(400, "The image could not be read.", "invalid_image");
    const bg = call.fields.bg_color ? hexColour(call.fields.bg_color) : undefined;
    const { png } = await cutOut(call.image.bytes, bg);
    return new Response(png as Uint8Array<ArrayBuffer>, { status: 200, headers: { "Content-Type": "image/png", "x-uncertainty-score": "0.02" } });
  }, script);
}

/**
 * A cut-out vendor that knows the product exactly (the fixture's own mask, at the size it was drawn):
 * the best answer a vendor could give, with a one-pixel soft edge, in Photoroom's shape. `miss`
 * leaves the backdrop opaque (a vendor that found no product), for the failed-check path.
 */
export function fakeExactCutout(product: Uint8Array, width: number, options: { miss?: boolean } = {}): typeof fetch {
  return (async (input: RequestInfo | URL, init?: RequestInit) => {
    const call = await readCall(input, init);
    if (!call.image) return photoroomError(400, "Please provide an image.", "missing_image");
    const decoded = await decodeImage(call.image.bytes, sniffImageType(call.image.bytes)!);
    const { data, height } = decoded;
    if (decoded.width !== width) return photoroomError(400, "Unexpected size in this fake.", "invalid_parameter");
    const out = new Uint8ClampedArray(data);
    if (!options.miss) {
      for (let p = 0; p < width * height; p++) {
        if (product[p]) continue;
        const x = p % width;
        const edge = (x > 0 && product[p - 1]) || (x < width - 1 && product[p + 1]) || product[p - width] || product[p + width];
        out[p * 4 + 3] = edge ? 96 : 0;
      }
    }
    const png = await encodeImage({ data: out, width, height, colorSpace: "srgb" } as ImageData, "image/png");
    return new Response(png as Uint8Array<ArrayBuffer>, { status: 200, headers: { "Content-Type": "image/png" } });
  }) as typeof fetch;
}
