/**
 * The embedded image editor: real pixel edits inside the Worker, offline and deterministic. The
 * photo is first brought down to a working size of at most about 2 MP by the Images binding (outside
 * the isolate), then decoded and edited in WebAssembly (jSquash codecs, Photon filters) and plain
 * loops, then brought up to the marketplace's size by the Images binding again.
 */
import { PhotonImage, SamplingFilter, apply_noise_reduction_median, resize as resizePhoton } from "@cf-wasm/photon/workerd";
import { decodeImage, encodeImage } from "../../domain/images/codecs";
import { describePlan, type EditPlan, type Operation } from "../../domain/images/instruction-parser";
import {
  applyLighting,
  backgroundMask,
  borderColour,
  levelsFor,
  orient,
  padToSquare,
  paintBackground,
  unsharpMask,
  type Lighting,
  type Rgb,
  type Rgba,
} from "../../domain/images/pixels";
import { resizeOutside } from "../../domain/images/resize";
import { unreadable, type CheckedImage } from "../../domain/images/upload";
import { UpstreamError } from "../../lib/errors";
import type { ImageEditRequest, ImageEditResult, ImageEditor } from "./types";

/** Pixels of the working image: about 8 MB of RGBA, so every step stays far inside 128 MB. */
export const MAX_WORK_PIXELS = 2_000_000;
/** Without the Images binding, the largest photo decoded directly (about 16 MB of RGBA). */
const MAX_DIRECT_DECODE_PIXELS = 4_200_000;

export interface LocalEditorOptions {
  /** The Cloudflare Images binding; without it only photos up to about 4 MP can be edited. */
  images?: ImagesBinding;
  maxWorkPixels?: number;
}

export function localEditor(options: LocalEditorOptions = {}): ImageEditor {
  return {
    name: "local",
    label: "Local image editor (offline)",
    edit: (request) => editLocally(request, options),
  };
}

export async function editLocally({ image, plan }: ImageEditRequest, options: LocalEditorOptions = {}): Promise<ImageEditResult> {
  const maxWork = options.maxWorkPixels ?? MAX_WORK_PIXELS;
  const notes: string[] = [];
  let work = await loadWorkingImage(image, workingWidth(image, plan, maxWork), options.images);
  work = orient(work, image.orientation);

  const background = plan.operations.find((o): o is Extract<Operation, { op: "background" }> => o.op === "background");
  const backdrop = borderColour(work);
  let mask: Uint8Array | undefined;
  for (const operation of plan.operations) {
    if (operation.op === "denoise") photonStep(work, (p) => apply_noise_reduction_median(p, Math.min(3, Math.max(1, operation.radius))));
    if (operation.op === "background") {
      mask = backgroundMask(work, operation.tolerance);
      const share = count(mask) / mask.length;
      if (share < 0.02) {
        notes.push("No plain background touching the edges was found, so the background was left as it was.");
        mask = undefined;
      } else {
        notes.push(`The background covered about ${Math.round(share * 100)}% of the picture.`);
      }
    }
  }
  const lighting = lightingOf(plan, work, mask);
  if (lighting) applyLighting(work, lighting, mask);
  const sharpen = plan.operations.find((o): o is Extract<Operation, { op: "sharpen" }> => o.op === "sharpen");
  if (sharpen) {
    // Sharpen after the backdrop is painted, so the product's edge is sharpened against its new
    // background, then paint again so the background stays exactly the chosen colour.
    if (mask && background) paintBackground(work, mask, background.colour, backdrop, background.tolerance);
    // Photon's own sharpening barely moves soft edges; this unsharp mask is measurably crisper.
    unsharpMask(work, Math.min(2, sharpen.amount), sharpen.radius, 2);
  }
  // Second paint after sharpening: the seam was already blended once.
  if (mask && background) paintBackground(work, mask, background.colour, backdrop, background.tolerance, !sharpen);

  const transparent = Boolean(mask && background?.colour === "transparent");
  if (plan.preset?.square) {
    const padColour: Rgb | null = transparent ? null : background && mask && background.colour !== "transparent" ? background.colour : plan.preset.whiteBackground ? [255, 255, 255] : backdrop;
    work = padToSquare(work, padColour);
  }
  const workPixels = work.width * work.height;

  const format: "image/png" | "image/jpeg" = transparent || image.type === "image/png" ? "image/png" : "image/jpeg";
  const longest = Math.max(work.width, work.height);
  const target = plan.preset ? plan.preset.side ?? Math.max(plan.preset.minSide, longest) : longest;
  let bytes: Uint8Array;
  if (target > longest && options.images) {
    const lossless = await encodeImage(asImageData(work), "image/png");
    try {
      bytes = await resizeOutside(options.images, lossless, Math.round((work.width * target) / longest), format);
    } catch (error) {
      console.error(JSON.stringify({ level: "warn", event: "images.upscale_failed", error: String(error) }));
      bytes = format === "image/png" ? lossless : await encodeImage(asImageData(work), format);
      notes.push(`The image could not be enlarged to ${target} px here, so it is ${work.width} x ${work.height} px.`);
    }
  } else {
    bytes = await encodeImage(asImageData(work), format);
    if (target > longest) notes.push(`The image could not be enlarged to ${target} px here, so it is ${work.width} x ${work.height} px.`);
  }

  const { enhancedPrompt } = describePlan(plan);
  return {
    bytes,
    type: format,
    workPixels,
    responseText: ["Edited by the local image editor (offline, no AI service).", `Applied: ${enhancedPrompt}`, ...notes].join(" "),
  };
}

/** The working width: the whole photo within the pixel budget (a square canvas included). */
export function workingWidth(image: Pick<CheckedImage, "width" | "height">, plan: Pick<EditPlan, "preset">, maxWork = MAX_WORK_PIXELS): number {
  const { width, height } = image;
  const side = Math.max(width, height);
  const scale = plan.preset?.square ? Math.min(1, Math.sqrt(maxWork) / side) : Math.min(1, Math.sqrt(maxWork / (width * height)));
  return Math.max(1, Math.floor(width * scale));
}

async function loadWorkingImage(image: CheckedImage, width: number, images: ImagesBinding | undefined): Promise<Rgba> {
  let bytes = image.clean;
  let type = image.type;
  if (width < image.width) {
    if (images) {
      try {
        bytes = await resizeOutside(images, image.clean, width, "image/png");
        type = "image/png";
      } catch (error) {
        console.error(JSON.stringify({ level: "error", event: "images.downscale_failed", error: String(error) }));
        if (image.width * image.height > MAX_DIRECT_DECODE_PIXELS) throw new UpstreamError("images", "The image resizing service failed. Please try again later or use a smaller image.");
      }
    } else if (image.width * image.height > MAX_DIRECT_DECODE_PIXELS) {
      throw new UpstreamError("images", "The image resizing service is not configured, so photos above 4 megapixels cannot be edited here.");
    }
  }
  let decoded: ImageData;
  try {
    decoded = await decodeImage(bytes, type);
  } catch {
    throw unreadable("The image could not be decoded.");
  }
  let work: Rgba = { data: decoded.data, width: decoded.width, height: decoded.height };
  if (work.width > width) work = photonResize(work, width, Math.max(1, Math.round((work.height * width) / work.width)));
  return work;
}

function lightingOf(plan: EditPlan, img: Rgba, mask?: Uint8Array): Lighting | null {
  const lighting: Lighting = {};
  let any = false;
  for (const o of plan.operations) {
    if (o.op === "levels") lighting.levels = levelsFor(img, mask);
    else if (o.op === "brightness") lighting.brightness = o.amount;
    else if (o.op === "contrast") lighting.contrast = o.amount;
    else if (o.op === "warmth") lighting.warmth = o.amount;
    else continue;
    any = true;
  }
  return any ? lighting : null;
}

/** Runs a Photon filter on the working image in place, freeing Photon's copy afterwards. */
function photonStep(img: Rgba, filter: (p: PhotonImage) => void) {
  const photon = new PhotonImage(new Uint8Array(img.data.buffer, img.data.byteOffset, img.data.byteLength), img.width, img.height);
  try {
    filter(photon);
    img.data.set(photon.get_raw_pixels());
  } finally {
    photon.free();
  }
}

function photonResize(img: Rgba, width: number, height: number): Rgba {
  const photon = new PhotonImage(new Uint8Array(img.data.buffer, img.data.byteOffset, img.data.byteLength), img.width, img.height);
  try {
    const resized = resizePhoton(photon, width, height, SamplingFilter.Lanczos3);
    try {
      return { data: new Uint8ClampedArray(resized.get_raw_pixels()), width, height };
    } finally {
      resized.free();
    }
  } finally {
    photon.free();
  }
}

function asImageData(img: Rgba): ImageData {
  return { data: img.data, width: img.width, height: img.height, colorSpace: "srgb" } as ImageData;
}

function count(mask: Uint8Array) {
  let n = 0;
  for (let i = 0; i < mask.length; i++) n += mask[i];
  return n;
}
