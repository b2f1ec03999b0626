/**
 * The GPT editor's calls (SPEC §7 'POST /image/edit/gpt'): one edit, and the batch as the SPEC's
 * client loop, one file after another with a progress callback and a 1 s pause between files.
 */
import type { ImageProviderName } from "../../../schema/api/images";
import { BATCH_PAUSE_MS, NoImageError, editFailure, editImageGpt, readAsDataUrl, wait, type Translate } from "~/components/image-editor/image-client";

export type GptItemStatus = "pending" | "processing" | "completed" | "error";

export interface GptBatchItem {
  fileName: string;
  originalImage: string;
  editedImage: string | null;
  status: GptItemStatus;
  error: string | null;
  promptEnhanced: boolean;
  enhancedPrompt: string;
}

/** The provider as the SPEC's texts name it ('... with OpenAI gpt-image-1.5'). */
export function gptProviderName(t: Translate, provider: ImageProviderName | null | undefined, label?: string) {
  if (provider === "openai") return label || t("images.provider.openai");
  if (provider === "workers-ai") return label || t("images.provider.workersAi");
  return t("images.provider.local");
}

/** 'No image returned from …' or 'Failed to process image with …' plus the reason (SPEC §8). */
export function gptFailureMessage(t: Translate, error: unknown, provider: string) {
  if (error instanceof NoImageError) return t("images.gpt.error.noImage", { provider });
  const reason = editFailure(t, error).message;
  return t("images.gpt.error.failed", { provider, reason: reason.replace(/[.\s]+$/, "") });
}

/** The notice of a failed edit ends 'Please try again.' */
export function gptFailureNotice(t: Translate, message: string) {
  return t("images.gpt.error.notice", { message: message.replace(/[.\s]+$/, "") });
}

/**
 * Edits every file in turn; `onProgress(index, patch)` reports each status change. One failure
 * never stops the rest. Answers the items as they ended.
 */
export async function processGptBatch(
  t: Translate,
  files: File[],
  prompt: string,
  provider: string,
  onProgress: (index: number, patch: Partial<GptBatchItem>) => void,
  pauseMs = BATCH_PAUSE_MS,
): Promise<{ completed: number; failed: number }> {
  let completed = 0;
  let failed = 0;
  for (const [index, file] of files.entries()) {
    if (index > 0) await wait(pauseMs);
    onProgress(index, { status: "processing" });
    let dataUrl: string;
    try {
      dataUrl = await readAsDataUrl(file);
    } catch {
      failed += 1;
      onProgress(index, { status: "error", error: t("images.validation.readFailed") });
      continue;
    }
    try {
      const result = await editImageGpt(dataUrl, prompt, file.name);
      completed += 1;
      onProgress(index, { status: "completed", editedImage: result.image, promptEnhanced: result.promptEnhanced, enhancedPrompt: result.enhancedPrompt });
    } catch (error) {
      failed += 1;
      onProgress(index, { status: "error", error: gptFailureMessage(t, error, provider) });
    }
  }
  return { completed, failed };
}
