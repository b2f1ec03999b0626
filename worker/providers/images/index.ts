import type { Env } from "../../lib/env";
import { cutoutProviderName, type CutoutOverrides, type CutoutProvider } from "./cutout";
import { cutoutEditor } from "./cutout-editor";
import { localEditor } from "./local-editor";
import { measuredModelEditor } from "./model-check";
import { photoroomProvider } from "./photoroom";
import { removeBgProvider } from "./remove-bg";
import { openAiImageEditor } from "./openai";
import type { ImageEditor, ImageProviderName } from "./types";
import { workersAiUsable } from "../workers-ai-availability";
import { DEFAULT_WORKERS_AI_IMAGE_MODEL, workersAiImageEditor } from "./workers-ai";

export type { ImageEditor, ImageProviderName } from "./types";

/** Settings this kind reads beyond the shared Env (to be folded into worker/lib/env.ts). */
export type ImageEnv = Env & { WORKERS_AI_ENABLED?: string; WORKERS_AI_IMAGE_MODEL?: string };

/**
 * Which editor serves, read from configuration in one place. IMAGE_PROVIDER "local", "openai" or
 * "workers-ai" forces one (falling back to local when its credentials are missing); "auto" (the
 * default) picks OpenAI when OPENAI_API_KEY is set, then Workers AI when WORKERS_AI_ENABLED is
 * "true" and the AI binding can run models here, else the embedded local editor. Unlike text, image
 * edits never pick Workers AI merely because a deployment has the binding: its img2img models redraw
 * the product itself, which the local editor never does (decision 0020).
 */
export function imageProviderName(env: ImageEnv): ImageProviderName {
  const choice = (env.IMAGE_PROVIDER || "auto").toLowerCase();
  const openAi = Boolean(env.OPENAI_API_KEY);
  const workersAi = workersAiUsable(env);
  if (choice === "local") return "local";
  if (choice === "openai") return openAi ? "openai" : "local";
  if (choice === "workers-ai") return workersAi ? "workers-ai" : "local";
  if (openAi) return "openai";
  if (workersAi && env.WORKERS_AI_ENABLED === "true") return "workers-ai";
  return "local";
}

interface ImageEditorOverrides {
  fetch?: typeof fetch;
  timeoutMs?: number;
  /** False: no cut-out provider, even when one is configured (the GPT screen asks OpenAI for everything). */
  cutouts?: boolean;
}

export { cutoutProviderName };

/** The configured cut-out provider (Photoroom, else remove.bg), or null: the local flood fill. */
export function selectCutoutProvider(env: ImageEnv, overrides: CutoutOverrides = {}): CutoutProvider | null {
  const name = cutoutProviderName(env);
  if (name === "photoroom") return photoroomProvider({ apiKey: env.PHOTOROOM_API_KEY!.trim(), baseUrl: env.PHOTOROOM_API_URL, ...overrides });
  if (name === "remove-bg") return removeBgProvider({ apiKey: env.REMOVE_BG_API_KEY!.trim(), baseUrl: env.REMOVE_BG_API_URL, ...overrides });
  return null;
}

/**
 * The editor for a request, with the cut-out provider attached when one is configured: an
 * instruction that replaces the background then goes to it and the local editor (decision 0018).
 */
export function selectImageEditor(env: ImageEnv, overrides: ImageEditorOverrides = {}): ImageEditor {
  const editor = baseImageEditor(env, overrides);
  const cutouts = overrides.cutouts === false ? null : selectCutoutProvider(env, { fetch: overrides.fetch, timeoutMs: overrides.timeoutMs });
  return cutouts ? { ...editor, cutout: cutoutEditor(cutouts, { images: env.IMAGES }) } : editor;
}

function baseImageEditor(env: ImageEnv, overrides: ImageEditorOverrides): ImageEditor {
  const name = imageProviderName(env);
  // A model's answer is measured before it is used or charged (decision 0040).
  if (name === "openai") {
    return measuredModelEditor(
      openAiImageEditor({
        apiKey: env.OPENAI_API_KEY!,
        model: env.OPENAI_IMAGE_MODEL || "gpt-image-1.5",
        baseUrl: env.OPENAI_BASE_URL,
        fetch: overrides.fetch,
        timeoutMs: overrides.timeoutMs,
      }),
      { images: env.IMAGES },
    );
  }
  if (name === "workers-ai") {
    return measuredModelEditor(workersAiImageEditor({ ai: env.AI!, model: env.WORKERS_AI_IMAGE_MODEL || DEFAULT_WORKERS_AI_IMAGE_MODEL, images: env.IMAGES, timeoutMs: overrides.timeoutMs }), {
      images: env.IMAGES,
    });
  }
  return localEditor({ images: env.IMAGES });
}
