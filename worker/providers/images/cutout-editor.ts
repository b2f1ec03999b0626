/**
 * A cut-out provider followed by the local editor (decision 0018): the photo goes to the provider at
 * most at the working size, the provider answers the product on transparency, and the local editor
 * does the rest of the instruction on that answer without its own flood fill.
 */
import type { CutoutInfo, LocalStep } from "../../../schema/api/images";
import { resizeOutside } from "../../domain/images/resize";
import type { CheckedImage } from "../../domain/images/upload";
import type { CutoutProvider, CutoutRequest } from "./cutout";
import { withoutBackground } from "../../domain/images/instruction-parser";
import { MAX_WORK_SIDE, editLocally, finishCutout, workingWidth, type LocalEditorOptions } from "./local-editor";
import type { CutoutEditor } from "./types";
import { log } from "../../lib/log";

export function cutoutEditor(provider: CutoutProvider, options: LocalEditorOptions = {}): CutoutEditor {
  return {
    provider: provider.name,
    label: provider.label,
    async edit(request) {
      const cut = await provider.cutOut(await photoToSend(request.image, options));
      const finished = await finishCutout(request, cut, options);
      const cutout: CutoutInfo = { provider: provider.name, label: provider.label, localSteps: finished.localSteps };
      const background = finished.checks?.find((c) => c.part === "background");
      if (background?.status === "not-done") {
        // The cut-out did not do what was asked (decision 0032): its result is not used. The rest of
        // the instruction is done by the local editor on the original, with the background as it was.
        const reason = `${provider.label}'s cut-out did not separate the product from the background cleanly enough, so it was not used.`;
        const failed = { ...background, reason };
        const rest = withoutBackground(request.plan);
        if (rest.operations.length === 0 && !rest.preset) return { ...finished, cutout, checks: [failed], responseText: `${reason} ${finished.responseText}` };
        const local = await editLocally({ ...request, plan: rest }, options);
        return {
          ...local,
          cutout: { ...cutout, localSteps: [] },
          measurements: { ...local.measurements!, background: finished.measurements?.background ?? null },
          checks: [failed, ...(local.checks ?? [])],
          responseText: `${reason} ${local.responseText}`,
        };
      }
      return { ...finished, cutout, responseText: `${cutoutSentence(cutout)} ${finished.responseText}` };
    },
  };
}

/**
 * What the provider is sent: the photo without metadata, brought down to the working size by the
 * Images binding when it is larger (fewer bytes to upload, and an answer no larger than what the local
 * editor works on). When the binding fails, the photo goes as it is (the vendors take up to 22 MB).
 */
async function photoToSend(image: CheckedImage, options: LocalEditorOptions): Promise<CutoutRequest> {
  const maxSide = options.maxWorkSide ?? MAX_WORK_SIDE;
  const width = workingWidth(image, maxSide);
  if (width < image.width && options.images) {
    const type = image.type === "image/jpeg" ? "image/jpeg" : "image/png";
    try {
      return { bytes: await resizeOutside(options.images, image.clean, width, type, 95), type };
    } catch (error) {
      log.warn("images.cutout_downscale_failed", { error: String(error) });
    }
  }
  return { bytes: image.clean, type: image.type };
}

const STEP_WORDS: Record<LocalStep, string> = { background: "background colour", cleanup: "clean-up", light: "light", sharpness: "sharpness", size: "size" };

/** "Background removed by Photoroom · light and size by the local editor (offline)." */
function cutoutSentence(cutout: CutoutInfo): string {
  const steps = cutout.localSteps.map((s) => STEP_WORDS[s]);
  if (steps.length === 0) return `Background removed by ${cutout.label}.`;
  const list = steps.length === 1 ? steps[0] : `${steps.slice(0, -1).join(", ")} and ${steps[steps.length - 1]}`;
  return `Background removed by ${cutout.label} · ${list} by the local editor (offline).`;
}
