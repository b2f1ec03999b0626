/**
 * The image editors' calls (SPEC §7 "Image editing"): one edit by the product editor or by the
 * image-generation provider, the server-run batches and their progress socket, which editor serves,
 * and the owner-only images (/api/images/:id needs the bearer token, so an <img> cannot fetch them).
 */
import type { BatchProgress, CutoutInfo, EditImageResponse, ImageCategory, ImagePlan, ImagePlatform, ImageProviderName, NotApplied } from "../../../schema/api/images";
import { ApiError, api, apiResponse, newRequestId } from "~/lib/api";
import { readAsDataUrl } from "~/lib/images/files";

/** An edit can take a while on a generative provider; the local editor answers in seconds. */
const EDIT_TIMEOUT_MS = 120_000;

interface EditRequest {
  image: string;
  prompt: string;
  category: ImageCategory;
  platform: ImagePlatform;
  fileName?: string;
  /** What the product is, for the alt text. */
  productName?: string;
}

export type EditResult = EditImageResponse;

/** POST /api/images/plan: what an instruction would do, before it is edited (free). */
export async function planImageEdit(prompt: string, category: ImageCategory, platform: ImagePlatform): Promise<ImagePlan> {
  const body = await api<{ data?: ImagePlan }>("/images/plan", { body: { prompt, category, platform } });
  if (!body?.data) throw new ApiError("Invalid response", 200, null, { code: "invalid-response" });
  return body.data;
}

export async function editImage(request: EditRequest): Promise<EditResult> {
  const body = await api<EditResult>("/edit-image", { body: { ...request, featureKey: "edit-image" }, timeoutMs: EDIT_TIMEOUT_MS });
  if (!body?.success || typeof body.result?.image !== "string" || !body.result.image) throw new ApiError("Invalid response", 200, null, { code: "invalid-response" });
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
  /** The measured result (decision 0032): null from a generative editor. */
  status: EditImageResponse["status"];
  charged: boolean;
  checks: EditImageResponse["checks"];
  measurements: EditImageResponse["measurements"];
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
    status: body.status ?? "done",
    charged: body.charged ?? true,
    checks: Array.isArray(body.checks) ? body.checks : [],
    measurements: body.measurements ?? null,
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
    return readAsDataUrl(await response.blob());
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

/* ---------- batches run by the server (BatchJob) ---------- */

export async function createBatch(files: File[], prompt: string, category: ImageCategory, platform: ImagePlatform, requestId = newRequestId()): Promise<BatchProgress> {
  const form = new FormData();
  for (const file of files) form.append("images", file, file.name);
  form.append("prompt", prompt);
  form.append("category", category);
  form.append("platform", platform);
  const body = await api<{ success: boolean; data?: BatchProgress }>("/batches", { body: form, headers: { "X-Request-ID": requestId }, timeoutMs: EDIT_TIMEOUT_MS });
  if (!body?.data?.id) throw new ApiError("Invalid response", 200, null, { code: "invalid-response" });
  return body.data;
}

export async function fetchBatch(id: string, signal?: AbortSignal): Promise<BatchProgress> {
  const body = await api<{ data?: BatchProgress }>(`/batches/${encodeURIComponent(id)}`, { signal });
  if (!body?.data?.id) throw new ApiError("Invalid response", 200, null, { code: "invalid-response" });
  return body.data;
}

/**
 * The batch's WebSocket address with a fresh single-use ticket (valid 60 s): the session token is
 * never put in a URL. Ask again for every connection.
 */
export async function batchSocketUrl(id: string, signal?: AbortSignal): Promise<string> {
  const body = await api<{ data?: { ticket?: string } }>(`/batches/${encodeURIComponent(id)}/ticket`, { method: "POST", signal });
  const ticket = body?.data?.ticket;
  if (typeof ticket !== "string" || !ticket) throw new ApiError("Invalid response", 200, null, { code: "invalid-response" });
  const scheme = window.location.protocol === "https:" ? "wss" : "ws";
  return `${scheme}://${window.location.host}/api/batches/${encodeURIComponent(id)}/ws?ticket=${encodeURIComponent(ticket)}`;
}

/* ---------- owner-only images ---------- */

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
