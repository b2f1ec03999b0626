/**
 * The checks of chosen pictures (SPEC §5): one image for a single edit, up to 10 for a batch; photos
 * over 5 MB are made smaller in the browser first and refused only when they cannot be.
 */
import { IMAGE_LIMITS } from "../../../schema/api/images";
import { downscaleToLimit, imageSize, isImageFile, readAsDataUrl } from "~/lib/images/files";
import type { Translate } from "./messages";

interface LoadedImage {
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
