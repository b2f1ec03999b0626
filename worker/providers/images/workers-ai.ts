/**
 * Workers AI image-to-image (Stable Diffusion 1.5 img2img by default). It works at about 512 px, so
 * the photo is brought down by the Images binding before its bytes become the model's number array.
 * Chosen only when configured: locally `env.AI.run` throws (DESIGN §10).
 */
import { generativePrompt } from "../../domain/images/instruction-parser";
import { resizeOutside } from "../../domain/images/resize";
import { UpstreamError } from "../../lib/errors";
import type { ImageEditor, ImageEditRequest, ImageEditResult } from "./types";

export const DEFAULT_WORKERS_AI_IMAGE_MODEL = "@cf/runwayml/stable-diffusion-v1-5-img2img";
const MODEL_SIDE = 512;
const PROVIDER = "Workers AI";

interface WorkersAiImageOptions {
  ai: Pick<Ai, "run">;
  model?: string;
  images?: ImagesBinding;
  timeoutMs?: number;
}

export function workersAiImageEditor(options: WorkersAiImageOptions): ImageEditor {
  const model = options.model || DEFAULT_WORKERS_AI_IMAGE_MODEL;
  return {
    name: "workers-ai",
    label: `Workers AI ${model.split("/").pop()}`,
    edit: (request) => editWithWorkersAi(request, { ...options, model }),
  };
}

export async function editWithWorkersAi(request: ImageEditRequest, options: WorkersAiImageOptions): Promise<ImageEditResult> {
  const model = options.model || DEFAULT_WORKERS_AI_IMAGE_MODEL;
  const { image } = request;
  let input = image.clean;
  if (options.images && Math.max(image.width, image.height) > MODEL_SIDE) {
    const width = image.width >= image.height ? MODEL_SIDE : Math.round((image.width * MODEL_SIDE) / image.height);
    input = await resizeOutside(options.images, image.clean, width, "image/png");
  }
  const inputs = {
    prompt: generativePrompt(request.prompt, request.plan),
    negative_prompt: "blurry, distorted product, extra objects, text, watermark",
    image: [...input],
    strength: 0.45,
    guidance: 7.5,
    num_steps: 20,
  };
  let output: unknown;
  try {
    output = await withTimeout(options.ai.run(model as Parameters<Ai["run"]>[0], inputs as never), options.timeoutMs ?? 60_000);
  } catch (error) {
    if (error instanceof UpstreamError) throw error;
    throw new UpstreamError(PROVIDER, `Failed to process image with Workers AI: ${error instanceof Error ? error.message : "unknown error"}`);
  }
  const bytes = await toBytes(output);
  if (!bytes || bytes.length === 0) throw new UpstreamError(PROVIDER, "No image returned from Workers AI");
  return { bytes, type: "image/png", responseText: `Edited with Workers AI ${model}.` };
}

async function toBytes(output: unknown): Promise<Uint8Array | null> {
  if (output instanceof ReadableStream) return new Uint8Array(await new Response(output).arrayBuffer());
  if (output instanceof Uint8Array) return output;
  if (output instanceof ArrayBuffer) return new Uint8Array(output);
  const image = (output as { image?: unknown } | null)?.image;
  if (typeof image === "string") {
    const binary = atob(image);
    const out = new Uint8Array(binary.length);
    for (let i = 0; i < binary.length; i++) out[i] = binary.charCodeAt(i);
    return out;
  }
  return null;
}

function withTimeout<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: ReturnType<typeof setTimeout>;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new UpstreamError(PROVIDER, "Request timed out: Workers AI did not answer in time. Please try again later.", true)), ms);
  });
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}
