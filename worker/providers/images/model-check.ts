/**
 * A model editor's result measured against what was asked (decision 0040), as the built-in editor's
 * is (decision 0032): the backdrop's share of the asked colour or transparency on the ORIGINAL photo's
 * backdrop, the change in exposure, contrast, sharpness and the light's colour, the canvas; and, since
 * a model may redraw the item, how much the product itself changed. The result is then brought to the
 * marketplace's canvas like the built-in editor's. Everything is measured on a copy of at most 1 MP.
 */
import type { EditMeasurements, ProductChangeFigures } from "../../../schema/api/images";
import { MIN_MASK_CONFIDENCE, modelChecksFor } from "../../domain/images/checks";
import { readImageHeader, sniffImageType } from "../../domain/images/formats";
import { fillTolerance, type Operation } from "../../domain/images/instruction-parser";
import { colourName, edgeEnergy, hex, lightFigures, meanColour, measureBackground, shadowNextTo } from "../../domain/images/measure";
import { backdropAgainstMask, castOf, growMask, productChange, warmthOf } from "../../domain/images/model-measure";
import { borderColour, backgroundMask, orient, padToSquare, type Rgb, type Rgba } from "../../domain/images/pixels";
import { MAX_WORK_SIDE, analysisWidth, canvasOf, encodeForPlatform, loadPixels, loadWorkingImage, paintedCopy, photonResize, workingWidth, type LocalEditorOptions } from "./local-editor";
import type { ImageEditRequest, ImageEditResult, ImageEditor } from "./types";

const WHITE: Rgb = [255, 255, 255];

/** A model editor whose every answer is measured before it is used or charged. */
export function measuredModelEditor(editor: ImageEditor, options: LocalEditorOptions = {}): ImageEditor {
  return { ...editor, edit: async (request) => checkModelResult(request, await editor.edit(request), options) };
}

/** The model's answer with its measurements and checks, and at the marketplace's canvas when one is asked. */
export async function checkModelResult(request: ImageEditRequest, answer: ImageEditResult, options: LocalEditorOptions = {}): Promise<ImageEditResult> {
  const type = sniffImageType(answer.bytes);
  const header = readImageHeader(answer.bytes);
  // Not an image: the edit use case refuses it with the provider's name.
  if (!type || !header) return answer;
  const { image, plan } = request;
  const original = orient(await loadWorkingImage(image, analysisWidth(image), options.images), image.orientation);
  const decoded = await loadPixels(answer.bytes, type, header, workingWidth(header, options.maxWorkSide ?? MAX_WORK_SIDE), options.images, "The edited image");
  // Models answer at their own sizes and stretch the photo to them (1536 x 1024 for a 4:3 photo): the
  // answer is brought back to the photo's proportions, keeping its long side.
  const full = sameAspect(decoded, original) ? decoded : toAspect(decoded, original.width / original.height);
  // The model's frame over the photo's (models answer at their own sizes; the composition is kept).
  const after = full.width === original.width && full.height === original.height ? full : photonResize(full, original.width, original.height);

  const background = plan.operations.find((o): o is Extract<Operation, { op: "background" }> => o.op === "background");
  const tolerance = background?.tolerance ?? fillTolerance(plan.category);
  const backdrop = borderColour(original);
  // The product in the ORIGINAL photo: the built-in editor's flood fill of a plain backdrop, with its
  // cast shadow, and the confidence of that mask (decision 0032).
  const found = backgroundMask(original, tolerance);
  let filled = 0;
  for (let p = 0; p < found.length; p++) filled += found[p];
  const plain = filled / found.length >= 0.02;
  let originalShadow: Uint8Array | null = null;
  if (plain) {
    originalShadow = shadowNextTo(original, (p) => found[p] === 1, backdrop);
    for (let p = 0; p < found.length; p++) if (originalShadow[p]) found[p] = 1;
  }
  const probe = measureBackground(paintedCopy(original, plain ? found : null, WHITE), original, WHITE, backdrop, { tolerance, shadowRemoved: 0 });
  let mask: Uint8Array | null = null;
  let maskFrom: ProductChangeFigures["maskFrom"] = "frame";
  let confidence = probe.figures.maskConfidence;
  if (confidence >= MIN_MASK_CONFIDENCE) {
    mask = probe.product;
    maskFrom = "original";
  } else if (background) {
    // A busy photo: the product is where the result did not become the new background; what the model
    // drew there is compared with what the photo has there.
    // The outline's contrast is read on the result itself: the photo has no outline where a model
    // drew one.
    const onResult = measureBackground(after, after, background.colour, backdrop, { tolerance, shadowRemoved: 0 });
    confidence = onResult.figures.maskConfidence;
    if (confidence >= MIN_MASK_CONFIDENCE) {
      mask = onResult.product;
      maskFrom = "result";
    }
  }

  let backgroundFigures = null;
  if (background) {
    backgroundFigures = mask
      ? backdropAgainstMask(after, original, mask, background.colour, backdrop, { tolerance, maskConfidence: confidence, originalShadow })
      : measureBackground(after, original, background.colour, backdrop, { tolerance, shadowRemoved: 0 }).figures;
  }
  // The product compared in place; without a product mask, the whole frame unless its background was
  // to change (then nothing can be compared, and the background's check says why).
  const change = mask || !background ? productChange(original, after, mask, maskFrom) : null;
  const has = (op: Operation["op"]) => plan.operations.some((o) => o.op === op);
  const backdropRegion = mask ? growMask(mask, original.width, 3, true).map((v) => 1 - v) : null;
  const colourAsked = has("warmth") || has("whiteBalance");
  const named = probe.figures.maskConfidence >= 0.6 ? meanColour(original, probe.product) : null;
  const measurements: EditMeasurements = {
    background: backgroundFigures,
    light: has("brightness") || has("levels") || has("contrast") ? lightFigures(original, after, mask) : null,
    sharpness: has("sharpen") ? { ratio: Math.round((edgeEnergy(after, mask) / Math.max(1e-6, edgeEnergy(original, mask))) * 1000) / 1000 } : null,
    canvas: null,
    product: named ? { colour: hex(named), colourName: colourName(named) } : null,
    productChange: change,
    colour: colourAsked ? { warmthBefore: warmthOf(original, null), warmthAfter: warmthOf(after, null), castBefore: castOf(original, backdropRegion), castAfter: castOf(after, backdropRegion) } : null,
    noise: has("denoise") ? { ratio: Math.round((edgeEnergy(after, backdropRegion) / Math.max(1e-6, edgeEnergy(original, backdropRegion))) * 1000) / 1000 } : null,
  };
  const checks = modelChecksFor(plan, measurements);
  const productChanged = checks.some((c) => c.part === "product" && c.status === "not-done");
  if (!plan.preset || productChanged) return { ...answer, type, measurements, checks };

  // The marketplace's canvas, as the built-in editor makes it: padded to a square in the new
  // background's colour (transparent, white, or the result's own backdrop) and brought to its size.
  const backgroundDone = checks.some((c) => c.part === "background" && c.status === "done");
  const transparent = backgroundDone && background?.colour === "transparent";
  const padColour: Rgb | null = transparent ? null : backgroundDone && background && background.colour !== "transparent" ? background.colour : borderColour(full);
  const padded = plan.preset.square ? padToSquare(full, padColour) : full;
  measurements.canvas = canvasOf(plan, full, padded);
  const notes: string[] = [];
  const format = transparent || type === "image/png" ? "image/png" : "image/jpeg";
  const { bytes } = await encodeForPlatform(padded, plan, format, options.images, notes);
  return { ...answer, bytes, type: format, measurements, checks, responseText: [answer.responseText, ...notes].join(" ") };
}

const sameAspect = (a: { width: number; height: number }, b: { width: number; height: number }) => Math.abs(a.width / a.height / (b.width / b.height) - 1) < 0.01;

function toAspect(img: Rgba, aspect: number): Rgba {
  const long = Math.max(img.width, img.height);
  const width = aspect >= 1 ? long : Math.max(1, Math.round(long * aspect));
  const height = aspect >= 1 ? Math.max(1, Math.round(long / aspect)) : long;
  return photonResize(img, width, height);
}
