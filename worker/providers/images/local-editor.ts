/**
 * The embedded image editor: real pixel edits inside the Worker, offline and deterministic. The
 * photo is first brought to the output size (at most 2000 px on its long side, never smaller than
 * the original up to that) by the Images binding, outside the isolate; it is decoded there in
 * WebAssembly (jSquash), measured on a copy of at most 1 MP (background, levels, white balance),
 * then edited at full working size with per-pixel operations that keep each pixel's hue
 * (decision 0012), and brought to the marketplace's size by the Images binding again.
 */
import { PhotonImage, SamplingFilter, resize as resizePhoton } from "@cf-wasm/photon/workerd";
import type { CanvasFigures, EditMeasurements, LocalStep, NotApplied } from "../../../schema/api/images";
import { BUSY_BACKDROP_REASON, MIN_MASK_CONFIDENCE, checksFor } from "../../domain/images/checks";
import { BACKDROP_DONE_SHARE, busyBorder, colourName, edgeEnergy, hex, lightFigures, meanColour, measureBackground, shadowNextTo, type BackgroundMeasure } from "../../domain/images/measure";
import { decodeImage, encodeImage } from "../../domain/images/codecs";
import type { ImageType } from "../../domain/images/formats";
import { describePlan, fillTolerance, withoutBackground, type EditPlan, type Operation } from "../../domain/images/instruction-parser";
import {
  applyTone,
  backgroundMask,
  borderColour,
  dilate,
  enlargeMask,
  levelsFor,
  medianFilter,
  orient,
  padToSquare,
  paintBackground,
  shrink,
  unsharpMask,
  warmthGains,
  whiteBalanceGains,
  type Rgb,
  type Rgba,
  type Tone,
} from "../../domain/images/pixels";
import { resizeOutside } from "../../domain/images/resize";
import { unreadable, type CheckedImage } from "../../domain/images/upload";
import { UpstreamError } from "../../lib/errors";
import type { ImageEditRequest, ImageEditResult, ImageEditor } from "./types";
import { log } from "../../lib/log";

/**
 * Long side of the working picture: results are never smaller than this when the original is
 * larger (sellers need 2000 px for zoom), and a 2000 x 2000 canvas is 16 MB of RGBA.
 */
export const MAX_WORK_SIDE = 2000;
/** Pixels of the working picture, at most (a 2000 x 2000 square). */
export const MAX_WORK_PIXELS = MAX_WORK_SIDE * MAX_WORK_SIDE;
/** Pixels of the copy the background, levels and white balance are measured on. */
const MAX_ANALYSIS_PIXELS = 1_000_000;
/** Without the Images binding, the largest photo decoded directly (about 16 MB of RGBA). */
const MAX_DIRECT_DECODE_PIXELS = 4_200_000;

export interface LocalEditorOptions {
  /** The Cloudflare Images binding; without it only photos up to about 4 MP can be edited. */
  images?: ImagesBinding;
  /** Long side of the working picture (tests use a smaller one). */
  maxWorkSide?: number;
}

export function localEditor(options: LocalEditorOptions = {}): ImageEditor {
  return {
    name: "local",
    label: "Local image editor (offline)",
    edit: (request) => editLocally(request, options),
  };
}

type BackgroundOp = Extract<Operation, { op: "background" }>;

export async function editLocally({ image, plan: asked }: ImageEditRequest, options: LocalEditorOptions = {}): Promise<ImageEditResult> {
  const maxSide = options.maxWorkSide ?? MAX_WORK_SIDE;
  const notes: string[] = [];
  const notApplied: NotApplied[] = [];
  let plan = asked;
  let work = await loadWorkingImage(image, workingWidth(image, maxSide), options.images);
  work = orient(work, image.orientation);

  const denoise = plan.operations.find((o): o is Extract<Operation, { op: "denoise" }> => o.op === "denoise");
  if (denoise) medianFilter(work, denoise.radius);

  // Measurements run on a copy of at most about 1 MP; edits run on every pixel.
  const factor = Math.max(1, Math.ceil(Math.sqrt((work.width * work.height) / MAX_ANALYSIS_PIXELS)));
  const proxy = factor > 1 ? shrink(work, factor) : copyOf(work);
  const backdrop = borderColour(proxy);
  const asksBackground = plan.operations.find((o): o is BackgroundOp => o.op === "background");
  const tolerance = asksBackground?.tolerance ?? fillTolerance(plan.category);

  // The background mask: to replace the background, to keep it untouched, to measure the light on, and
  // to find the product (its colour and the region the light is measured on).
  const found = backgroundMask(proxy, tolerance);
  const foundShare = count(found) / found.length;
  let proxyMask: Uint8Array | null = foundShare >= 0.02 ? found : null;
  let background = asksBackground;
  let shadowRemoved = 0;
  let attempt: BackgroundMeasure | null = null;
  let backgroundReason: string | undefined;
  if (background) {
    if (proxyMask) {
      // The backdrop's cast shadow goes with the backdrop ("remove the background" means all of it).
      const mask = proxyMask;
      const shadow = shadowNextTo(proxy, (p) => mask[p] === 1, backdrop);
      for (let p = 0; p < shadow.length; p++) {
        if (shadow[p] && !mask[p]) {
          mask[p] = 1;
          shadowRemoved++;
        }
      }
    } else {
      backgroundReason = busyBorder(proxy, backdrop, tolerance) ? BUSY_BACKDROP_REASON : "No plain background touching the edges of the photo was found.";
    }
    // What painting would give, measured first on the small copy: below the threshold the background
    // is left as it was rather than half painted (decision 0032).
    attempt = measureBackground(paintedCopy(proxy, proxyMask, background.colour), proxy, background.colour, backdrop, { tolerance, shadowRemoved });
    if (attempt.figures.backdropShare < BACKDROP_DONE_SHARE || attempt.figures.maskConfidence < MIN_MASK_CONFIDENCE) {
      background = undefined;
      plan = withoutBackground(plan);
      notes.push("The background was left as it was: too little of it could be changed.");
    } else if (proxyMask) notes.push(`The background covered about ${Math.round(foundShare * 100)}% of the picture.`);
  }
  if (plan.keepBackground && !proxyMask) {
    notApplied.push({ instruction: "keep the background", reason: "No plain background touching the edges of the photo was found, so the edits were applied to the whole photo." });
  }
  if (!background && !plan.keepBackground && !plan.operations.some((o) => o.op === "whiteBalance")) proxyMask = null;
  const mask = proxyMask ? (factor > 1 ? enlargeMask(proxyMask, proxy, factor, work, tolerance) : proxyMask) : undefined;
  // Edits leave the background alone when it is replaced (it is painted anyway) or kept.
  // A kept background also keeps the product's one-pixel outline, which is part backdrop: brightened
  // with the product it would show as a light ring.
  const protect = mask && background ? mask : mask && plan.keepBackground ? dilate(mask, work.width, work.height) : undefined;

  const tone = toneOf(plan, proxy, proxyMask);
  if (tone.note) notes.push(tone.note);
  if (tone.tone) applyTone(work, tone.tone, protect);

  const sharpen = plan.operations.find((o): o is Extract<Operation, { op: "sharpen" }> => o.op === "sharpen");
  const paint = mask && background ? background : null;
  if (sharpen) {
    // Sharpen after the backdrop is painted, so the product's edge is sharpened against its new
    // background, then paint again so the background stays exactly the chosen colour.
    if (paint) paintBackground(work, mask!, paint.colour, backdrop, paint.tolerance);
    unsharpMask(work, Math.min(2, sharpen.amount), sharpen.radius, 2, plan.keepBackground ? protect : undefined);
  }
  // Second paint after sharpening: the seam was already blended once.
  if (paint) paintBackground(work, mask!, paint.colour, backdrop, paint.tolerance, !sharpen);

  // The result measured against what was asked, before the canvas is added.
  const after = factor > 1 ? shrink(work, factor) : work;
  const measured = paint ? measureBackground(after, proxy, paint.colour, backdrop, { tolerance, shadowRemoved }) : null;
  const productProbe = measured ?? attempt ?? measureBackground(paintedCopy(proxy, found, [255, 255, 255]), proxy, [255, 255, 255], backdrop, { tolerance, shadowRemoved: 0 });
  const measurements = measure(plan, asked, proxy, after, measured ?? attempt, productProbe);

  const transparent = Boolean(paint && paint.colour === "transparent");
  const prePad = { width: work.width, height: work.height };
  if (plan.preset?.square) {
    const padColour: Rgb | null = transparent ? null : paint && paint.colour !== "transparent" ? paint.colour : plan.preset.whiteBackground ? [255, 255, 255] : backdrop;
    work = padToSquare(work, padColour);
  }
  measurements.canvas = canvasOf(plan, prePad, work);
  const { bytes, format, workPixels } = await encodeForPlatform(work, plan, transparent || image.type === "image/png" ? "image/png" : "image/jpeg", options.images, notes);

  const checks = checksFor(asked, measurements, { backgroundReason, colourNote: tone.note });
  const { enhancedPrompt } = describePlan(plan);
  const all = [...plan.notApplied, ...notApplied];
  const notDone = all.length ? [`Not done: ${all.map((n) => `${n.instruction} (${n.reason.replace(/\.$/, "")})`).join("; ")}.`] : [];
  return {
    bytes,
    type: format,
    workPixels,
    notApplied,
    measurements,
    checks,
    responseText: ["Edited by the local image editor (offline, no AI service).", `Applied: ${enhancedPrompt}`, ...notes, ...notDone].join(" "),
  };
}

/** A copy of the small picture with the masked pixels painted (no mask: unchanged), for measuring. */
export function paintedCopy(img: Rgba, mask: Uint8Array | null, colour: Rgb | "transparent"): Rgba {
  const out = copyOf(img);
  if (!mask) return out;
  for (let p = 0; p < mask.length; p++) {
    if (!mask[p]) continue;
    const o = p * 4;
    if (colour === "transparent") out.data[o + 3] = 0;
    else {
      out.data[o] = colour[0];
      out.data[o + 1] = colour[1];
      out.data[o + 2] = colour[2];
      out.data[o + 3] = 255;
    }
  }
  return out;
}

const copyOf = (img: Rgba): Rgba => ({ data: new Uint8ClampedArray(img.data), width: img.width, height: img.height });

/**
 * The figures of an edit: the background as measured, the light and sharpness on the product (the
 * whole photo when the product was not found with some confidence), and the product's colour when
 * the mask is confident enough to name it.
 */
function measure(plan: EditPlan, asked: EditPlan, before: Rgba, after: Rgba, background: BackgroundMeasure | null, probe: BackgroundMeasure): EditMeasurements {
  const has = (op: Operation["op"]) => plan.operations.some((o) => o.op === op);
  const confident = probe.figures.maskConfidence >= 0.6 ? probe.product : null;
  const region = confident ?? null;
  const colour = confident ? meanColour(before, confident) : null;
  const light = has("brightness") || has("levels") || has("contrast") ? lightFigures(before, after, region) : null;
  const sharpness = has("sharpen") ? { ratio: Math.round((edgeEnergy(after, region) / Math.max(1e-6, edgeEnergy(before, region))) * 1000) / 1000 } : null;
  return {
    background: asked.operations.some((o) => o.op === "background") ? (background?.figures ?? null) : null,
    light,
    sharpness,
    canvas: null,
    product: colour ? { colour: hex(colour), colourName: colourName(colour) } : null,
  };
}

/** The canvas as the marketplace preset will make it: size and the padding added, in result pixels. */
export function canvasOf(plan: EditPlan, prePad: { width: number; height: number }, padded: Rgba): CanvasFigures | null {
  if (!plan.preset) return null;
  const longest = Math.max(padded.width, padded.height);
  const target = plan.preset.side ?? Math.max(plan.preset.minSide, longest);
  const scale = target / longest;
  const left = Math.floor((padded.width - prePad.width) / 2);
  const top = Math.floor((padded.height - prePad.height) / 2);
  const width = Math.round(padded.width * scale);
  const height = Math.round(padded.height * scale);
  return {
    width,
    height,
    square: width === height,
    padding: {
      top: Math.round(top * scale),
      bottom: Math.round((padded.height - prePad.height - top) * scale),
      left: Math.round(left * scale),
      right: Math.round((padded.width - prePad.width - left) * scale),
    },
  };
}

/**
 * The finished picture at the marketplace's size: a JPEG is made by the Images binding from a
 * lossless PNG (the JPEG encoder in WebAssembly would need about 96 MB for a 2000 x 2000 picture, the
 * PNG codec already in use about a third of that), and the binding brings it to the preset's size.
 */
export async function encodeForPlatform(work: Rgba, plan: EditPlan, format: "image/png" | "image/jpeg", images: ImagesBinding | undefined, notes: string[]) {
  const workPixels = work.width * work.height;
  const longest = Math.max(work.width, work.height);
  const target = plan.preset ? (plan.preset.side ?? Math.max(plan.preset.minSide, longest)) : longest;
  let bytes: Uint8Array;
  if (images && (target !== longest || format === "image/jpeg")) {
    const lossless = await encodeImage(asImageData(work), "image/png");
    try {
      bytes = await resizeOutside(images, lossless, Math.round((work.width * target) / longest), format);
    } catch (error) {
      log.warn("images.upscale_failed", { error: String(error) });
      bytes = format === "image/png" ? lossless : await encodeImage(asImageData(work), format);
      notes.push(`The image could not be resized to ${target} px here, so it is ${work.width} x ${work.height} px.`);
    }
  } else {
    bytes = await encodeImage(asImageData(work), format);
    if (target !== longest) notes.push(`The image could not be resized to ${target} px here, so it is ${work.width} x ${work.height} px.`);
  }
  return { bytes, format, workPixels };
}

/** A cut-out provider's answer: the product on transparency, at the size it was sent. */
interface CutoutPixels {
  bytes: Uint8Array;
  type: ImageType;
  width: number;
  height: number;
}

/**
 * The rest of an instruction on a provider's cut-out (decision 0018), without the flood fill (the
 * provider already separated the product): clean-up, light and sharpness on the product only, then
 * the new background painted under the product's soft edge, the marketplace's canvas and size. The
 * cut-out is decoded like a photo (brought to the working size by the Images binding first, DESIGN §5);
 * levels and white balance are measured on a small copy of the original photo, whose backdrop tells
 * how it was lit (the cut-out has none left).
 */
export async function finishCutout({ image, plan }: ImageEditRequest, cutout: CutoutPixels, options: LocalEditorOptions = {}): Promise<ImageEditResult & { localSteps: LocalStep[] }> {
  const maxSide = options.maxWorkSide ?? MAX_WORK_SIDE;
  const notes: string[] = [];
  const background = plan.operations.find((o): o is BackgroundOp => o.op === "background");
  let work = await loadPixels(cutout.bytes, cutout.type, cutout, workingWidth(cutout, maxSide), options.images, "The cut-out");
  work = orient(work, image.orientation);
  const n = work.width * work.height;
  const clear = new Uint8Array(n);
  let cleared = 0;
  for (let p = 0; p < n; p++) {
    if (work.data[p * 4 + 3] === 0) {
      clear[p] = 1;
      cleared++;
    }
  }
  const localSteps: LocalStep[] = [];
  if (cleared === 0) notes.push("The cut-out came back without a transparent background, so it was used as it came.");
  else notes.push(`The background covered about ${Math.round((cleared / n) * 100)}% of the picture.`);

  const denoise = plan.operations.find((o): o is Extract<Operation, { op: "denoise" }> => o.op === "denoise");
  const sharpen = plan.operations.find((o): o is Extract<Operation, { op: "sharpen" }> => o.op === "sharpen");
  // Filters that read neighbours must see the product's colours across its edge, not the
  // transparent pixels' black: the edge colours are carried a few pixels outwards first.
  if ((denoise || sharpen) && cleared > 0) bleedColours(work, clear, 8);
  if (denoise) {
    medianFilter(work, denoise.radius);
    localSteps.push("cleanup");
  }
  // The original photo, small: levels and white balance are measured on it (its backdrop tells how it
  // was lit), and the result is measured against it.
  const original = await loadWorkingImage(image, analysisWidth(image), options.images).then((o) => orient(o, image.orientation));
  const tone = toneOf(plan, original, null);
  if (tone.note) notes.push(tone.note);
  if (tone.tone) {
    applyTone(work, tone.tone, clear);
    localSteps.push("light");
  }
  if (sharpen) {
    unsharpMask(work, Math.min(2, sharpen.amount), sharpen.radius, 2, clear);
    localSteps.push("sharpness");
  }

  const colour = background && background.colour !== "transparent" ? background.colour : null;
  const transparent = cleared > 0 && !colour;
  const { data } = work;
  for (let p = 0; p < n; p++) {
    const o = p * 4;
    const alpha = data[o + 3];
    if (colour) {
      // The product's soft edge over the new colour, so no ring of the old backdrop shows.
      if (alpha === 255) continue;
      const a = alpha / 255;
      data[o] = data[o] * a + colour[0] * (1 - a);
      data[o + 1] = data[o + 1] * a + colour[1] * (1 - a);
      data[o + 2] = data[o + 2] * a + colour[2] * (1 - a);
      data[o + 3] = 255;
    } else if (alpha === 0) {
      data[o] = data[o + 1] = data[o + 2] = 0;
    }
  }
  if (colour) localSteps.push("background");
  // The result measured against what was asked, on a copy the size of the small original.
  const after = photonResize(work, original.width, original.height);
  const backdrop = borderColour(original);
  const tolerance = background?.tolerance ?? fillTolerance(plan.category);
  const target = colour ?? "transparent";
  const measured = background ? measureBackground(after, original, target, backdrop, { tolerance, shadowRemoved: 0 }) : null;
  const measurements = measure(plan, plan, original, after, measured, measured ?? measureBackground(after, original, target, backdrop, { tolerance, shadowRemoved: 0 }));
  const prePad = { width: work.width, height: work.height };
  if (plan.preset?.square) work = padToSquare(work, transparent ? null : (colour ?? [255, 255, 255]));
  if (plan.preset) localSteps.push("size");
  measurements.canvas = canvasOf(plan, prePad, work);
  const { bytes, format, workPixels } = await encodeForPlatform(work, plan, transparent || image.type === "image/png" ? "image/png" : "image/jpeg", options.images, notes);
  const checks = checksFor(plan, measurements, { colourNote: tone.note });
  const { enhancedPrompt } = describePlan(plan);
  const notDone = plan.notApplied.length ? [`Not done: ${plan.notApplied.map((n) => `${n.instruction} (${n.reason.replace(/\.$/, "")})`).join("; ")}.`] : [];
  return { bytes, type: format, workPixels, notApplied: [], localSteps, measurements, checks, responseText: [`Applied: ${enhancedPrompt}`, ...notes, ...notDone].join(" ") };
}

/** Width of the copy measurements run on: at most about MAX_ANALYSIS_PIXELS. */
export function analysisWidth(image: Pick<CheckedImage, "width" | "height">) {
  const scale = Math.min(1, Math.sqrt(MAX_ANALYSIS_PIXELS / (image.width * image.height)));
  return Math.max(1, Math.round(image.width * scale));
}

/**
 * Gives fully transparent pixels the colour of their nearest product pixels, up to `reach` pixels
 * from the product (alpha is left as it is), in `reach` sweeps without a queue.
 */
function bleedColours(img: Rgba, clear: Uint8Array, reach: number) {
  const { data, width } = img;
  const n = width * img.height;
  const filled = new Uint8Array(n);
  for (let p = 0; p < n; p++) filled[p] = clear[p] ? 0 : 1;
  for (let pass = 0; pass < reach; pass++) {
    let changed = false;
    for (let p = 0; p < n; p++) {
      if (filled[p]) continue;
      const x = p % width;
      let r = 0;
      let g = 0;
      let b = 0;
      let k = 0;
      for (const q of [x > 0 ? p - 1 : -1, x < width - 1 ? p + 1 : -1, p - width, p + width]) {
        if (q < 0 || q >= n || filled[q] !== 1) continue;
        r += data[q * 4];
        g += data[q * 4 + 1];
        b += data[q * 4 + 2];
        k++;
      }
      if (!k) continue;
      data[p * 4] = r / k;
      data[p * 4 + 1] = g / k;
      data[p * 4 + 2] = b / k;
      // Marked 2 in this sweep, so one sweep reaches one pixel further.
      filled[p] = 2;
      changed = true;
    }
    for (let p = 0; p < n; p++) if (filled[p] === 2) filled[p] = 1;
    if (!changed) break;
  }
}

/**
 * The working width: the long side at most `maxSide` (so never below it when the original is
 * larger), the original's own size when it is smaller.
 */
export function workingWidth(image: Pick<CheckedImage, "width" | "height">, maxSide = MAX_WORK_SIDE): number {
  const { width, height } = image;
  const scale = Math.min(1, maxSide / Math.max(width, height));
  return Math.max(1, Math.round(width * scale));
}
export async function loadWorkingImage(image: CheckedImage, width: number, images: ImagesBinding | undefined): Promise<Rgba> {
  return loadPixels(image.clean, image.type, image, width, images, "The image");
}

/**
 * Decodes a picture at `width` (its long side at most the working size): brought down by the Images
 * binding outside the isolate first when it is larger, so only the working size is ever decoded in
 * WebAssembly (DESIGN §5).
 */
export async function loadPixels(bytes: Uint8Array, type: ImageType, own: { width: number; height: number }, width: number, images: ImagesBinding | undefined, what: string): Promise<Rgba> {
  const ownPixels = own.width * own.height;
  if (width < own.width) {
    if (images) {
      try {
        bytes = await resizeOutside(images, bytes, width, "image/png");
        type = "image/png";
      } catch (error) {
        log.error("images.downscale_failed", { error: String(error) });
        if (ownPixels > MAX_DIRECT_DECODE_PIXELS) throw new UpstreamError("images", "The image resizing service failed. Please try again later or use a smaller image.");
      }
    } else if (ownPixels > MAX_DIRECT_DECODE_PIXELS) {
      throw new UpstreamError("images", "The image resizing service is not configured, so photos above 4 megapixels cannot be edited here.");
    }
  }
  let decoded: ImageData;
  try {
    decoded = await decodeImage(bytes, type);
  } catch {
    throw unreadable(`${what} could not be decoded.`);
  }
  let work: Rgba = { data: decoded.data, width: decoded.width, height: decoded.height };
  if (work.width > width) work = photonResize(work, width, Math.max(1, Math.round((work.height * width) / work.width)));
  return work;
}
/**
 * The tone of the edit (decision 0012): levels from the whole picture's values, white balance from the
 * backdrop's colour (capped), warmth as a small gain on neutral tones; brightness and contrast as the
 * luminance curve. Everything is measured on the small copy.
 */
function toneOf(plan: EditPlan, proxy: Rgba, backgroundMask: Uint8Array | null): { tone: Tone | null; note?: string } {
  const tone: Tone = {};
  let any = false;
  let note: string | undefined;
  let gains: Rgb = [1, 1, 1];
  for (const o of plan.operations) {
    // Levels are measured on the whole picture: the backdrop is what tells how exposed the photo is,
    // and a dark product (navy) measured alone would be stretched to a bright colour.
    if (o.op === "levels") tone.levels = levelsFor(proxy);
    else if (o.op === "brightness") tone.brightness = o.amount;
    else if (o.op === "contrast") tone.contrast = o.amount;
    else if (o.op === "warmth") gains = multiply(gains, warmthGains(o.amount));
    else if (o.op === "whiteBalance") {
      const measured = whiteBalanceGains(proxy, backgroundMask);
      if (measured) {
        const balance = measured.gains;
        gains = multiply(gains, balance);
        // Pixels as neutral as the backdrop get the whole correction; coloured ones fade out of it.
        tone.neutralChroma = Math.round(measured.chroma) + 8;
        const strongest = Math.max(...balance.map((g) => Math.abs(g - 1)));
        note =
          strongest < 0.005
            ? "The backdrop was already neutral, so white balance changed nothing."
            : `White balance was measured on the ${backgroundMask ? "backdrop" : "edges of the photo"} (correction of at most ${Math.round(strongest * 100)}% per channel).`;
      } else {
        note = "Too little plain backdrop was visible to measure white balance, so it was left as it was.";
      }
    } else continue;
    any = true;
  }
  if (gains.some((g) => g !== 1)) tone.gains = gains;
  return { tone: any ? tone : null, note };
}

const multiply = (a: Rgb, b: Rgb): Rgb => [a[0] * b[0], a[1] * b[1], a[2] * b[2]];

export function photonResize(img: Rgba, width: number, height: number): Rgba {
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
