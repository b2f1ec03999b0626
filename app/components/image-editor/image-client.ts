/**
 * The image editors' side of the API (SPEC §7 "Image editing"): the calls, the SPEC §8 messages for
 * each way a call can fail, and the browser-only helpers both editors share (reading files,
 * fetching owner-only images with the token, downloads).
 */
import {
  IMAGE_LIMITS,
  IMAGE_MESSAGES,
  type BatchProgress,
  type CutoutInfo,
  type EditImageResponse,
  type ImageCategory,
  type ImagePlatform,
  type ImageProviderName,
  type NotApplied,
} from "../../../schema/api/images";
import { ApiError, api, apiResponse, newRequestId } from "~/lib/api";
import type { MessageKey, Translate } from "~/lib/i18n";

export type { Translate };

/** An edit can take a while on a generative provider; the local editor answers in seconds. */
export const EDIT_TIMEOUT_MS = 120_000;
/** SPEC §9: 300 ms between the files of a download-all. */
export const DOWNLOAD_STAGGER_MS = 300;
/** SPEC §4: one second between the images of a client-side batch. */
export const BATCH_PAUSE_MS = 1000;
/** The running (or last) server-side batch, so a user who comes back finds its results. */
export const BATCH_STORAGE_KEY = "listora.imageEditor.batch";

export const PLATFORMS: ImagePlatform[] = ["etsy", "amazon", "ebay"];
export const CATEGORIES: ImageCategory[] = ["jewelry", "clothing", "decor", "art", "crafts", "accessories"];

export interface EditRequest {
  image: string;
  prompt: string;
  category: ImageCategory;
  platform: ImagePlatform;
  fileName?: string;
}

export type EditResult = EditImageResponse;

export async function editImage(request: EditRequest): Promise<EditResult> {
  const body = await api<EditResult>("/edit-image", { body: { ...request, featureKey: "edit-image" }, timeoutMs: EDIT_TIMEOUT_MS });
  if (!body?.success || typeof body.result?.image !== "string" || !body.result.image) throw new ApiError("Invalid response", 200, null, "invalid-response");
  return body;
}

export interface GptEditResult {
  image: string;
  responseText: string;
  promptEnhanced: boolean;
  enhancedPrompt: string;
  provider: ImageProviderName | null;
  /** Parts of the instruction the editor did not do, with the reason (the local editor says so). */
  notApplied: NotApplied[];
  /** Set when a cut-out provider removed the background. */
  cutout: CutoutInfo | null;
}

/** POST /api/image/edit/gpt; `result.image` may be a data URL, bare base64 or a URL to fetch. */
export async function editImageGpt(image: string, prompt: string, fileName?: string): Promise<GptEditResult> {
  const body = await api<Partial<EditImageResponse> & { result?: Partial<EditImageResponse["result"]> }>("/image/edit/gpt", {
    body: { image, prompt, fileName },
    timeoutMs: EDIT_TIMEOUT_MS,
  });
  const raw = body?.result?.image;
  if (!raw) throw new NoImageError();
  return {
    image: await toDataUrl(raw),
    responseText: body.result?.responseText ?? body.responseText ?? "",
    promptEnhanced: Boolean(body.promptEnhanced),
    enhancedPrompt: body.enhancedPrompt ?? "",
    provider: body.provider ?? null,
    notApplied: Array.isArray(body.notApplied) ? body.notApplied : [],
    cutout: body.cutout ?? null,
  };
}

/** The provider answered but sent no picture back. */
export class NoImageError extends Error {
  constructor() {
    super("No image returned");
    this.name = "NoImageError";
  }
}

async function toDataUrl(value: string): Promise<string> {
  if (value.startsWith("data:")) return value;
  if (/^https?:\/\//i.test(value) || value.startsWith("/")) {
    const response = value.startsWith("/api/") ? await apiResponse(value.slice(4)) : await fetch(value);
    return blobToDataUrl(await response.blob());
  }
  return `data:image/png;base64,${value}`;
}

export interface ProviderInfo {
  provider: ImageProviderName;
  label: string;
  gptProvider: ImageProviderName;
  gptLabel: string;
  /** Who removes backgrounds: a cut-out provider, or null for the local editor's flood fill. */
  cutout?: { provider: CutoutInfo["provider"]; label: string } | null;
}

/** Which editor serves; falls back to /api/health when the provider endpoint is not there. */
export async function fetchProviderInfo(): Promise<ProviderInfo> {
  try {
    const body = await api<{ data: ProviderInfo }>("/image/provider");
    return body.data;
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) throw error;
    const health = await api<{ providers?: { images?: ImageProviderName } }>("/health", { anonymous: true });
    const provider = health.providers?.images ?? "local";
    return { provider, label: "", gptProvider: provider, gptLabel: "" };
  }
}

/** 'Local image editor (offline default)' for the embedded editor, else the server's own label. */
export function providerLabel(t: Translate, provider: ImageProviderName | null | undefined, serverLabel?: string) {
  if (!provider || provider === "local") return t("images.provider.local");
  if (serverLabel) return serverLabel;
  return provider === "openai" ? t("images.provider.openai") : t("images.provider.workersAi");
}

/** "Background removed by Photoroom · light and size by the local editor (offline)", translated. */
export function cutoutLine(t: Translate, cutout: CutoutInfo) {
  const steps = cutout.localSteps.map((step) => t(`images.cutout.step.${step}`));
  if (steps.length === 0) return t("images.cutout.byOnly", { provider: cutout.label });
  const list = steps.length === 1 ? steps[0] : `${steps.slice(0, -1).join(", ")} ${t("images.cutout.and")} ${steps[steps.length - 1]}`;
  return t("images.cutout.by", { provider: cutout.label, steps: list });
}

/* ---------- batches run by the server (BatchJob) ---------- */

export async function createBatch(files: File[], prompt: string, category: ImageCategory, platform: ImagePlatform, requestId = newRequestId()): Promise<BatchProgress> {
  const form = new FormData();
  for (const file of files) form.append("images", file, file.name);
  form.append("prompt", prompt);
  form.append("category", category);
  form.append("platform", platform);
  const body = await api<{ success: boolean; data?: BatchProgress }>("/batches", { body: form, headers: { "X-Request-ID": requestId }, timeoutMs: EDIT_TIMEOUT_MS });
  if (!body?.data?.id) throw new ApiError("Invalid response", 200, null, "invalid-response");
  return body.data;
}

export async function fetchBatch(id: string, signal?: AbortSignal): Promise<BatchProgress> {
  const body = await api<{ data?: BatchProgress }>(`/batches/${encodeURIComponent(id)}`, { signal });
  if (!body?.data?.id) throw new ApiError("Invalid response", 200, null, "invalid-response");
  return body.data;
}

/**
 * The batch's WebSocket address with a fresh single-use ticket (valid 60 s): the session token is
 * never put in a URL. Ask again for every connection.
 */
export async function batchSocketUrl(id: string, signal?: AbortSignal): Promise<string> {
  const body = await api<{ data?: { ticket?: string } }>(`/batches/${encodeURIComponent(id)}/ticket`, { method: "POST", signal });
  const ticket = body?.data?.ticket;
  if (typeof ticket !== "string" || !ticket) throw new ApiError("Invalid response", 200, null, "invalid-response");
  const scheme = window.location.protocol === "https:" ? "wss" : "ws";
  return `${scheme}://${window.location.host}/api/batches/${encodeURIComponent(id)}/ws?ticket=${encodeURIComponent(ticket)}`;
}

/* ---------- the SPEC §8 messages ---------- */

export interface EditFailure {
  /** The notice's title: 'Quota Exceeded', 'Image Editing Failed' or 'Image Not Edited'. */
  title: string;
  message: string;
  quotaExceeded: boolean;
  /** The editor refused the instruction: what it could not do, and why. */
  notApplied?: NotApplied[];
}

/** Known server texts, so a Turkish screen shows them in Turkish too. */
const SERVER_TEXT_KEYS: Record<string, MessageKey> = {
  [IMAGE_MESSAGES.tooLarge]: "images.validation.tooLarge",
  [IMAGE_MESSAGES.unreadable]: "images.validation.readFailed",
  [IMAGE_MESSAGES.notImage]: "images.validation.notImage",
  [IMAGE_MESSAGES.dimensions]: "images.validation.dimensions",
  [IMAGE_MESSAGES.missing]: "images.validation.missing",
  [IMAGE_MESSAGES.batchMissing]: "images.validation.batchMissing",
  [IMAGE_MESSAGES.tooMany]: "images.validation.tooMany",
  [IMAGE_MESSAGES.itemFailed]: "images.batch.itemFailed",
};

export function serverText(t: Translate, text: string) {
  const key = SERVER_TEXT_KEYS[text];
  return key ? t(key) : text;
}

/**
 * The product edit service's failure texts (SPEC §8). `single` adds the single editor's
 * 'Daily limit exceeded' text for a 403 whose error says 'limit exceeded'.
 */
export function editFailure(t: Translate, error: unknown, options: { single?: boolean } = {}): EditFailure {
  const failed = t("images.notice.failed");
  if (error instanceof ApiError) {
    const body = error.body ?? {};
    if (error.kind === "timeout") return { title: failed, message: t("images.error.timeout"), quotaExceeded: false };
    if (error.kind === "network") {
      const offline = typeof navigator !== "undefined" && navigator.onLine === false;
      return { title: failed, message: t(offline ? "images.error.network" : "images.error.noResponse"), quotaExceeded: false };
    }
    if (error.kind === "invalid-response") return { title: failed, message: t("images.error.invalidResponse"), quotaExceeded: false };
    // The offline editor could do nothing that was asked: said plainly, with each reason.
    if (error.status === 422 && body.error === "instruction not supported") {
      const notApplied = Array.isArray(body.notApplied) ? (body.notApplied as NotApplied[]) : [];
      return { title: t("images.notice.notEdited"), message: t("images.error.nothingDone"), quotaExceeded: false, notApplied };
    }
    switch (error.status) {
      case 403: {
        if (body.code === "email-unverified") return { title: failed, message: t("verifyBanner.required"), quotaExceeded: false };
        const quota = (body.quota ?? {}) as { limit?: number; plan?: string };
        const code = `${String(body.error ?? "")} ${String(body.message ?? "")}`.toLowerCase();
        if (options.single && code.includes("limit exceeded")) {
          return {
            title: t("images.notice.quotaExceeded"),
            message: t("images.error.limitExceeded", { limit: quota.limit ?? 10, plan: quota.plan ?? "free" }),
            quotaExceeded: true,
          };
        }
        return { title: failed, message: t("images.error.limitReached"), quotaExceeded: true };
      }
      case 404:
        return { title: failed, message: t("images.error.notFound"), quotaExceeded: false };
      case 429:
        return { title: failed, message: t("images.error.tooManyRequests"), quotaExceeded: false };
      case 500:
        return { title: failed, message: t("images.error.server"), quotaExceeded: false };
      case 504:
        return { title: failed, message: t("images.error.timeout"), quotaExceeded: false };
    }
    return { title: failed, message: withDetails(t, body), quotaExceeded: false };
  }
  if (error instanceof DOMException && (error.name === "AbortError" || error.name === "TimeoutError")) {
    return { title: failed, message: t("images.error.timeout"), quotaExceeded: false };
  }
  return { title: failed, message: error instanceof Error && error.message ? error.message : t("images.error.server"), quotaExceeded: false };
}

/** 'Other statuses: the server message plus details' (never the same sentence twice). */
function withDetails(t: Translate, body: Record<string, unknown>) {
  const message = typeof body.message === "string" ? serverText(t, body.message) : t("images.error.server");
  const details = typeof body.details === "string" ? serverText(t, body.details) : "";
  if (!details || details === message) return message;
  return `${message.replace(/[.:]\s*$/, "")}: ${details}`;
}

/* ---------- files ---------- */

export function isImageFile(file: File) {
  return file.type.startsWith("image/");
}

export function readAsDataUrl(file: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => (typeof reader.result === "string" ? resolve(reader.result) : reject(new Error("read failed")));
    reader.onerror = () => reject(reader.error ?? new Error("read failed"));
    reader.readAsDataURL(file);
  });
}

export function blobToDataUrl(blob: Blob) {
  return readAsDataUrl(blob);
}

/** Loads a picture to learn its size; rejects when the browser cannot decode it. */
export function imageSize(src: string): Promise<{ width: number; height: number }> {
  return new Promise((resolve, reject) => {
    const img = new Image();
    img.onload = () => (img.naturalWidth > 0 ? resolve({ width: img.naturalWidth, height: img.naturalHeight }) : reject(new Error("empty image")));
    img.onerror = () => reject(new Error("not an image"));
    img.src = src;
  });
}

export interface LoadedImage {
  /** The file that will be sent: the chosen one, or its downscaled copy. */
  file: File;
  dataUrl: string;
  width: number;
  height: number;
  /** Set when the photo was over 5 MB and was made smaller in the browser. */
  downscaled?: { fromBytes: number; toBytes: number };
}

/**
 * Reads one image for the single editors: its data URL and size, or the SPEC's message why not.
 * A photo over 5 MB is downscaled in the browser first (decision 0012) and refused only when it
 * cannot be.
 */
export async function loadImageFile(t: Translate, file: File, options: { checkSize?: boolean } = {}): Promise<LoadedImage | { error: string }> {
  let chosen = file;
  let downscaled: LoadedImage["downscaled"];
  if (options.checkSize !== false && file.size > IMAGE_LIMITS.maxBytes) {
    const smaller = isImageFile(file) ? await downscaleToLimit(file) : null;
    if (!smaller) return { error: t("images.validation.tooLarge") };
    downscaled = { fromBytes: file.size, toBytes: smaller.size };
    chosen = smaller;
  }
  try {
    const dataUrl = await readAsDataUrl(chosen);
    const size = await imageSize(dataUrl);
    return { file: chosen, dataUrl, ...size, downscaled };
  } catch {
    return { error: t("images.validation.readFailed") };
  }
}

/** The longest side tried first when a large photo is made smaller: well above the 2000 px sellers need. */
const DOWNSCALE_FIRST_SIDE = 6000;

/**
 * A copy of a photo that fits the upload limit, made with a canvas: turned upright by its EXIF
 * orientation (the copy carries no metadata), as a JPEG of quality 0.9 (a PNG stays a PNG, so
 * transparency is kept), made smaller step by step until it fits. Null when the browser cannot
 * read the file as an image.
 */
export async function downscaleToLimit(file: File, maxBytes: number = IMAGE_LIMITS.maxBytes): Promise<File | null> {
  let bitmap: ImageBitmap;
  try {
    bitmap = await createImageBitmap(file, { imageOrientation: "from-image" });
  } catch {
    return null;
  }
  try {
    const type = file.type === "image/png" ? "image/png" : "image/jpeg";
    const longest = Math.max(bitmap.width, bitmap.height);
    let scale = Math.min(1, DOWNSCALE_FIRST_SIDE / longest, Math.sqrt(IMAGE_LIMITS.maxPixels / (bitmap.width * bitmap.height)));
    let size = file.size;
    for (let attempt = 0; attempt < 8; attempt++) {
      const width = Math.max(1, Math.round(bitmap.width * scale));
      const height = Math.max(1, Math.round(bitmap.height * scale));
      const canvas = document.createElement("canvas");
      canvas.width = width;
      canvas.height = height;
      const context = canvas.getContext("2d");
      if (!context) return null;
      context.imageSmoothingQuality = "high";
      context.drawImage(bitmap, 0, 0, width, height);
      const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, type, 0.9));
      canvas.width = canvas.height = 0;
      if (!blob) return null;
      if (blob.size <= maxBytes) {
        const name = type === "image/jpeg" ? file.name.replace(/\.(png|webp|jpe?g|heic|avif)$/i, "") + ".jpg" : file.name;
        return new File([blob], name, { type, lastModified: file.lastModified });
      }
      size = blob.size;
      // Bytes follow pixels roughly: shrink by the square root of the excess, with a margin.
      scale *= Math.min(0.9, Math.sqrt(maxBytes / size) * 0.95);
    }
    return null;
  } finally {
    bitmap.close();
  }
}

/**
 * Checks files added to a batch (SPEC §5): non-images and files over 5 MB are left out with their
 * message; a selection that would pass 10 images is refused whole.
 */
export function checkBatchSelection(t: Translate, current: number, added: File[]): { accepted: File[]; errors: string[] } {
  const errors: string[] = [];
  const notImages = added.filter((f) => !isImageFile(f));
  const images = added.filter(isImageFile);
  const tooBig = images.filter((f) => f.size > IMAGE_LIMITS.maxBytes);
  const accepted = images.filter((f) => f.size <= IMAGE_LIMITS.maxBytes);
  if (notImages.length) errors.push(t("images.validation.notImages", { n: notImages.length }));
  if (tooBig.length) errors.push(t("images.validation.filesTooLarge", { n: tooBig.length }));
  if (current + accepted.length > IMAGE_LIMITS.batchMax) return { accepted: [], errors: [...errors, t("images.validation.tooMany")] };
  return { accepted, errors };
}

/**
 * The batch selection check, after photos over 5 MB were downscaled in the browser; only those that
 * could not be made small enough are left out as too large.
 */
export async function prepareBatchSelection(t: Translate, current: number, added: File[]): Promise<{ accepted: File[]; errors: string[]; downscaled: number }> {
  let downscaled = 0;
  const files: File[] = [];
  for (const file of added) {
    if (isImageFile(file) && file.size > IMAGE_LIMITS.maxBytes) {
      const smaller = await downscaleToLimit(file);
      if (smaller) downscaled += 1;
      files.push(smaller ?? file);
    } else {
      files.push(file);
    }
  }
  return { ...checkBatchSelection(t, current, files), downscaled };
}

const EXTENSIONS: Record<string, string> = { "image/png": "png", "image/jpeg": "jpg", "image/webp": "webp" };

export function mimeOfDataUrl(dataUrl: string) {
  return /^data:([^;,]+)/.exec(dataUrl)?.[1] ?? "image/png";
}

/** 'edited-' + the original name, with the extension of what was actually returned. */
export function editedFileName(original: string, mime: string) {
  const base = (original || "image").replace(/\.[a-z0-9]{2,5}$/i, "").replace(/[\\/:*?"<>|]+/g, "-") || "image";
  return `edited-${base}.${EXTENSIONS[mime] ?? "png"}`;
}

export function triggerDownload(href: string, fileName: string) {
  const a = document.createElement("a");
  a.href = href;
  a.download = fileName;
  a.rel = "noopener";
  document.body.appendChild(a);
  a.click();
  a.remove();
}

export const wait = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** Decodes a data URL without fetch (the page's CSP allows no data: connections). */
export function dataUrlToBlob(dataUrl: string): Blob {
  const comma = dataUrl.indexOf(",");
  const meta = dataUrl.slice(5, comma);
  const payload = dataUrl.slice(comma + 1);
  if (!meta.endsWith(";base64")) return new Blob([decodeURIComponent(payload)], { type: meta.split(";")[0] });
  const binary = atob(payload);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return new Blob([bytes], { type: meta.replace(/;base64$/, "").split(";")[0] || "image/png" });
}

/** A PNG blob of any picture the browser can draw (the GPT editor's downloads are always .png). */
export async function toPngBlob(src: string): Promise<Blob> {
  if (mimeOfDataUrl(src) === "image/png") return dataUrlToBlob(src);
  const img = new Image();
  img.src = src;
  await img.decode();
  const canvas = document.createElement("canvas");
  canvas.width = img.naturalWidth;
  canvas.height = img.naturalHeight;
  canvas.getContext("2d")!.drawImage(img, 0, 0);
  return new Promise((resolve, reject) => canvas.toBlob((blob) => (blob ? resolve(blob) : reject(new Error("encode failed"))), "image/png"));
}

/* ---------- owner-only images (/api/images/:id needs the bearer token) ---------- */

const objectUrls = new Map<string, Promise<{ url: string; type: string; blob: Blob }>>();

/** Fetches an owner-only image once per page and answers an object URL for <img> and downloads. */
export function protectedImageUrl(path: string): Promise<{ url: string; type: string; blob: Blob }> {
  let entry = objectUrls.get(path);
  if (!entry) {
    entry = apiResponse(path.replace(/^\/api(?=\/)/, ""), { timeoutMs: EDIT_TIMEOUT_MS })
      .then((response) => response.blob())
      .then((blob) => ({ url: URL.createObjectURL(blob), type: blob.type, blob }));
    entry.catch(() => objectUrls.delete(path));
    objectUrls.set(path, entry);
  }
  return entry;
}

export async function protectedImageFile(path: string, fileName: string): Promise<File> {
  const { blob, type } = await protectedImageUrl(path);
  return new File([blob], fileName, { type: type || blob.type });
}

/** Frees the object URLs of a batch the user cleared. */
export function forgetProtectedImages(paths: (string | null | undefined)[]) {
  for (const path of paths) {
    if (!path) continue;
    const entry = objectUrls.get(path);
    objectUrls.delete(path);
    void entry?.then(({ url }) => URL.revokeObjectURL(url)).catch(() => {});
  }
}
