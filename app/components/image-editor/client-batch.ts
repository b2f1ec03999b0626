/**
 * The image-generation editor's batch (SPEC §4): the SPEC's client loop, one file after another with
 * a progress callback and a 1 s pause between files (the product editor's batches run on the server).
 */
import { editImageGpt } from "~/lib/api/images";
import { readAsDataUrl } from "~/lib/images/files";
import { checkText } from "./edit-checks";
import { editFailure, gptFailureMessage, type Translate } from "./messages";

/** SPEC §4: one second between the images of a client-side batch. */
const BATCH_PAUSE_MS = 1000;

const wait = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** partial: the answer did part of what was asked (not charged, decision 0040). */
type GptItemStatus = "pending" | "processing" | "completed" | "partial" | "error";

export interface GptBatchItem {
  fileName: string;
  originalImage: string;
  editedImage: string | null;
  status: GptItemStatus;
  error: string | null;
  promptEnhanced: boolean;
  enhancedPrompt: string;
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
      // A result measured short of part of the instruction is partly done, not completed.
      const partial = result.status !== "done" && !result.charged;
      if (!partial) completed += 1;
      onProgress(index, { status: partial ? "partial" : "completed", editedImage: result.image, promptEnhanced: result.promptEnhanced, enhancedPrompt: result.enhancedPrompt });
    } catch (error) {
      failed += 1;
      // A result measured as not done says its figures ("The model changed the product itself: …").
      const measured = editFailure(t, error).measured;
      const said = measured?.checks.filter((c) => c.status === "not-done").map((c) => checkText(t, c, measured.measurements));
      onProgress(index, { status: "error", error: said?.length ? said.join(" ") : gptFailureMessage(t, error, provider) });
    }
  }
  return { completed, failed };
}
