/**
 * OpenAI image edits: `POST {base}/v1/images/edits` as multipart (model, image, prompt). The model
 * comes from configuration (OPENAI_IMAGE_MODEL) because OpenAI retires image models. The answer
 * carries `data[0].b64_json`, or a `url` that is fetched.
 */
import { generativePrompt } from "../../domain/images/instruction-parser";
import { IMAGE_EXTENSIONS } from "../../domain/images/formats";
import { UpstreamError } from "../../lib/errors";
import type { ImageEditor, ImageEditRequest, ImageEditResult } from "./types";

interface OpenAiImageOptions {
  apiKey: string;
  model: string;
  baseUrl?: string;
  fetch?: typeof fetch;
  timeoutMs?: number;
}

const PROVIDER = "OpenAI";
const OPENAI_IMAGE_TIMEOUT_MS = 60_000;

export function openAiImageEditor(options: OpenAiImageOptions): ImageEditor {
  return {
    name: "openai",
    label: `OpenAI ${options.model}`,
    edit: (request) => editWithOpenAi(request, options),
  };
}

export async function editWithOpenAi(request: ImageEditRequest, options: OpenAiImageOptions): Promise<ImageEditResult> {
  const doFetch = options.fetch ?? fetch;
  const base = (options.baseUrl || "https://api.openai.com").replace(/\/+$/, "").replace(/\/v1$/, "");
  const prompt = generativePrompt(request.prompt, request.plan);
  const form = new FormData();
  form.set("model", options.model);
  form.set("prompt", prompt);
  form.set("n", "1");
  const { clean, type } = request.image;
  form.set("image", new File([clean as Uint8Array<ArrayBuffer>], `image.${IMAGE_EXTENSIONS[type]}`, { type }));

  const body = await call(doFetch, `${base}/v1/images/edits`, { method: "POST", headers: { Authorization: `Bearer ${options.apiKey}` }, body: form }, options.timeoutMs);
  let parsed: { data?: { b64_json?: string; url?: string; revised_prompt?: string }[] };
  try {
    parsed = JSON.parse(await body.text());
  } catch {
    throw new UpstreamError(PROVIDER, "Invalid response from OpenAI: the image service returned something that is not JSON.");
  }
  const first = Array.isArray(parsed?.data) ? parsed.data[0] : undefined;
  let bytes: Uint8Array | undefined;
  if (typeof first?.b64_json === "string" && first.b64_json.length > 0) {
    try {
      bytes = base64ToBytes(first.b64_json);
    } catch {
      throw new UpstreamError(PROVIDER, "Invalid response from OpenAI: the image data is not valid base64.");
    }
  } else if (typeof first?.url === "string" && /^https:\/\//.test(first.url)) {
    const image = await call(doFetch, first.url, { method: "GET" }, options.timeoutMs);
    bytes = new Uint8Array(await image.arrayBuffer());
  }
  if (!bytes || bytes.length === 0) throw new UpstreamError(PROVIDER, "No image returned from OpenAI");
  const note = first?.revised_prompt ? ` OpenAI revised the instruction to: ${first.revised_prompt}` : "";
  return { bytes, type: "image/png", responseText: `Edited with OpenAI ${options.model}.${note}` };
}

async function call(doFetch: typeof fetch, url: string, init: RequestInit, timeoutMs = OPENAI_IMAGE_TIMEOUT_MS): Promise<Response> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), timeoutMs);
  let response: Response;
  try {
    response = await doFetch(url, { ...init, signal: controller.signal });
  } catch (error) {
    if (controller.signal.aborted) throw new UpstreamError(PROVIDER, "Request timed out: OpenAI did not answer in time. Please try again later.", true);
    throw new UpstreamError(PROVIDER, `Failed to process image with OpenAI: ${error instanceof Error ? error.message : "network error"}`);
  } finally {
    clearTimeout(timer);
  }
  if (!response.ok) {
    const detail = await response.text().then(errorDetail, () => "");
    const status = response.status;
    const reason =
      status === 401 || status === 403
        ? "the API key was refused"
        : status === 429
          ? "OpenAI is rate limiting or out of credit"
          : status >= 500
            ? "OpenAI had a server error"
            : "OpenAI refused the request";
    throw new UpstreamError(PROVIDER, `Failed to process image with OpenAI (${status}: ${reason}).${detail ? ` ${detail}` : ""}`);
  }
  return response;
}

/** OpenAI's own error message, when it sent one; never echoes anything that could hold the key. */
function errorDetail(text: string) {
  try {
    const message = JSON.parse(text)?.error?.message;
    return typeof message === "string" ? message.replace(/sk-[A-Za-z0-9_-]+/g, "sk-…").slice(0, 300) : "";
  } catch {
    return "";
  }
}

function base64ToBytes(value: string) {
  const binary = atob(value);
  const out = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) out[i] = binary.charCodeAt(i);
  return out;
}
