/**
 * The image edit use case shared by the single editors and the batch job: plan the edit, run the
 * chosen editor, check what came back, store original and result under the owner.
 */
import type { User } from "../../../schema/db";
import type { Env } from "../../lib/env";
import { UpstreamError } from "../../lib/errors";
import type { ImageEditor } from "../../providers/images/types";
import { completeOnboardingStep } from "../onboarding";
import { withQuota } from "../quota";
import { readImageHeader, sniffImageType, stripMetadata, type ImageType } from "./formats";
import { describePlan, generativePrompt, parseInstruction, type Category, type Platform } from "./instruction-parser";
import { storeImage, type StoredImage } from "./storage";
import type { CheckedImage } from "./upload";

type EditEnv = Pick<Env, "DB" | "FILES">;

export interface EditRequest {
  image: CheckedImage;
  prompt: string;
  category: Category;
  /** null: no marketplace preset (the GPT editor). */
  platform: Platform | null;
  fileName: string;
  /** Already stored (a batch stores originals first). */
  originalId?: string;
}

export interface EditOutcome {
  bytes: Uint8Array;
  type: ImageType;
  width: number;
  height: number;
  edited: StoredImage;
  originalImageId: string;
  promptEnhanced: boolean;
  enhancedPrompt: string;
  responseText: string;
  provider: ImageEditor["name"];
  providerLabel: string;
  workPixels?: number;
}

/** Runs one edit and stores it; no quota here (the callers charge it their way). */
export async function runEdit(env: EditEnv, userId: string, editor: ImageEditor, request: EditRequest): Promise<EditOutcome> {
  const plan = parseInstruction(request.prompt, request.category, request.platform);
  const described = describePlan(plan);
  const generative = editor.name !== "local";
  const originalImageId = request.originalId ?? (await storeImage(env, userId, request.image.stored, request.image.type, "image-original", request.fileName)).id;
  const result = await editor.edit({ image: request.image, prompt: request.prompt, plan });
  const type = sniffImageType(result.bytes);
  const header = readImageHeader(result.bytes);
  if (!type || !header) throw new UpstreamError(editor.label, `Invalid response from ${editor.label}: what came back is not a JPEG, PNG or WEBP image.`);
  // A provider's image may carry metadata of its own; results are stored and sent clean.
  const bytes = stripMetadata(result.bytes, type, false);
  const edited = await storeImage(env, userId, bytes, type, "image-edited", `edited-${request.fileName}`);
  await completeOnboardingStep(env.DB, userId, "image");
  return {
    bytes,
    type,
    width: header.width,
    height: header.height,
    edited,
    originalImageId,
    promptEnhanced: generative ? true : described.promptEnhanced,
    enhancedPrompt: generative ? generativePrompt(request.prompt, plan) : described.enhancedPrompt,
    responseText: result.responseText,
    provider: editor.name,
    providerLabel: editor.label,
    workPixels: result.workPixels,
  };
}

/** One edit charged as one `edit-image` unit, given back when the edit fails. */
export function editImage(env: Env, user: Pick<User, "id" | "plan">, editor: ImageEditor, request: EditRequest): Promise<EditOutcome> {
  return withQuota(env, user, "edit-image", () => runEdit(env, user.id, editor, request));
}
