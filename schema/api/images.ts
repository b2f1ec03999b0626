/**
 * Image editing: limits, the SPEC's messages, request schemas and response types, shared by the
 * editor screens in app/ and the handlers in worker/api/images.ts.
 */
import * as v from "valibot";

export const IMAGE_LIMITS = {
  /** Per image, decoded bytes. */
  maxBytes: 5 * 1024 * 1024,
  maxSide: 12_000,
  maxPixels: 40_000_000,
  batchMax: 10,
  /** A batch item's file name, in characters (a longer one is a 400). */
  fileNameMax: 255,
  promptMax: 2_000,
  /** JSON body of a single edit: a 5 MB image as base64 is about 6.7 MB. */
  singleBodyBytes: 8 * 1024 * 1024,
  /** JSON body of a batch; send larger batches as multipart. */
  batchJsonBodyBytes: 16 * 1024 * 1024,
  /** Multipart body of a batch: ten 5 MB images plus the envelope. */
  batchMultipartBodyBytes: 10 * 5 * 1024 * 1024 + 256 * 1024,
} as const;

export const IMAGE_MESSAGES = {
  tooLarge: "Image size exceeds 5MB limit. Please select a smaller image.",
  unreadable: "Failed to read the image file. Please try another image.",
  notImage: "Only JPEG, PNG or WEBP images are accepted. Please select an image file.",
  dimensions: "Image dimensions are too large: at most 12,000 pixels a side and 40 megapixels. Please select a smaller image.",
  missing: "Please select an image and enter a prompt",
  batchMissing: "Please select images and enter a prompt",
  tooMany: "You can only upload up to 10 images at a time.",
  batchNotImages: (n: number) => `${n} file(s) are not images. Please select only image files.`,
  batchTooLarge: (n: number) => `${n} file(s) exceed the 5MB size limit.`,
  batchNotFound: "Batch not found",
  itemFailed: "Failed to process image",
} as const;

export const IMAGE_CATEGORIES = ["jewelry", "clothing", "decor", "art", "crafts", "accessories"] as const;
export const IMAGE_PLATFORMS = ["etsy", "amazon", "ebay"] as const;
export type ImageCategory = (typeof IMAGE_CATEGORIES)[number];
export type ImagePlatform = (typeof IMAGE_PLATFORMS)[number];

// A missing field and a blank one get the same SPEC message.
const required = (message: string) => v.pipe(v.optional(v.string(message), ""), v.trim(), v.nonEmpty(message));
const promptSchema = (message: string) => v.pipe(required(message), v.maxLength(IMAGE_LIMITS.promptMax, `Prompt must be at most ${IMAGE_LIMITS.promptMax} characters`));
const category = v.optional(v.picklist(IMAGE_CATEGORIES, `category must be one of: ${IMAGE_CATEGORIES.join(", ")}`), "jewelry");
const platform = v.optional(v.picklist(IMAGE_PLATFORMS, `platform must be one of: ${IMAGE_PLATFORMS.join(", ")}`), "etsy");

/** POST /api/edit-image */
export const EditImageSchema = v.object({
  image: required(IMAGE_MESSAGES.missing),
  prompt: promptSchema(IMAGE_MESSAGES.missing),
  category,
  platform,
  featureKey: v.optional(v.literal("edit-image", "featureKey must be 'edit-image'")),
  fileName: v.optional(v.pipe(v.string(), v.maxLength(200))),
  /** What the product is, in the seller's words, for the alt text ("teal ceramic mug"). */
  productName: v.optional(v.pipe(v.string("productName must be text"), v.trim(), v.maxLength(80, "productName must be at most 80 characters"))),
});

/** POST /api/images/plan: what an instruction would do, before anything is edited or charged. */
export const PlanImageSchema = v.object({
  prompt: promptSchema(IMAGE_MESSAGES.missing),
  category,
  platform,
});

/** POST /api/image/edit/gpt */
export const GptEditSchema = v.object({
  image: required(IMAGE_MESSAGES.missing),
  prompt: promptSchema(IMAGE_MESSAGES.missing),
  category: v.optional(v.picklist(IMAGE_CATEGORIES, `category must be one of: ${IMAGE_CATEGORIES.join(", ")}`)),
  platform: v.optional(v.picklist(IMAGE_PLATFORMS, `platform must be one of: ${IMAGE_PLATFORMS.join(", ")}`)),
  fileName: v.optional(v.pipe(v.string(), v.maxLength(200))),
});

/** POST /api/batches as JSON (multipart carries the same fields, with files under `images`). */
export const BatchJsonSchema = v.object({
  images: v.pipe(
    v.array(
      v.union([
        v.string(),
        v.object({
          image: v.string(),
          fileName: v.optional(v.pipe(v.string("fileName must be text"), v.maxLength(IMAGE_LIMITS.fileNameMax, `fileName must be at most ${IMAGE_LIMITS.fileNameMax} characters`))),
        }),
      ]),
      IMAGE_MESSAGES.batchMissing,
    ),
    v.minLength(1, IMAGE_MESSAGES.batchMissing),
    v.maxLength(IMAGE_LIMITS.batchMax, IMAGE_MESSAGES.tooMany),
  ),
  prompt: promptSchema(IMAGE_MESSAGES.batchMissing),
  category,
  platform,
});

export const BatchOptionsSchema = v.object({ prompt: promptSchema(IMAGE_MESSAGES.batchMissing), category, platform });

export type ImageProviderName = "local" | "openai" | "workers-ai";

/** The services that cut the product out of any background (decision 0018). */
export type CutoutProviderName = "photoroom" | "remove-bg";
/** What the local editor did to a provider's cut-out. */
export type LocalStep = "background" | "light" | "sharpness" | "cleanup" | "size";

/** Who did which part of an edit whose background was removed by a cut-out provider. */
export interface CutoutInfo {
  provider: CutoutProviderName;
  /** "Photoroom", "remove.bg". */
  label: string;
  /** The rest of the instruction, done by the local editor on the cut-out. */
  localSteps: LocalStep[];
}

/** A part of the seller's instruction the editor did not carry out, and why, in plain words. */
export interface NotApplied {
  instruction: string;
  reason: string;
}

/**
 * What an edit measured on its own result (decision 0032). Shares are 0..1; pixel counts are at the
 * size the measurement ran on (`measuredPixels`, at most about 1 MP of the working picture).
 */
export interface BackgroundFigures {
  /** What was asked: a colour ("#FFFFFF") or "transparent". */
  asked: string;
  /** Share of the backdrop (everything but the product) that is now the asked colour or transparent. */
  backdropShare: number;
  /** Share of the picture the product mask covers. */
  productArea: number;
  /** 0..1: how sure the mask is the product (one piece, a plausible size, an outline unlike the backdrop). */
  maskConfidence: number;
  /** Shadow pixels of the backdrop left in the picture, and their share of the backdrop. */
  shadowPixels: number;
  shadowShare: number;
  /** Shadow pixels that were taken away with the backdrop. */
  shadowRemoved: number;
  /** The photo's edges were not one plain colour (patterned, textured or a scene). */
  busyBackdrop: boolean;
  measuredPixels: number;
}

export interface LightFigures {
  /** Mean luminance (0..255) of the product (of the whole photo when the product was not found), before and after. */
  before: number;
  after: number;
  /** The change in exposure, in stops (log2 of after / before). */
  stops: number;
  /** Spread of luminance (standard deviation), before and after. */
  contrastBefore: number;
  contrastAfter: number;
}

export interface CanvasFigures {
  width: number;
  height: number;
  square: boolean;
  /** Padding added around the photo, in pixels of the result. */
  padding: { top: number; right: number; bottom: number; left: number };
}

/**
 * How much of the product a model editor changed (decision 0040): the share of the product, measured
 * with the original photo's mask, whose colour differs from the photo's once a global change of light
 * is allowed for.
 */
export interface ProductChangeFigures {
  /** 0..1 of the product's pixels. */
  changedShare: number;
  /** Mean colour distance (RGB) after the change of light is allowed for. */
  meanDifference: number;
  /** Where the result matched best, in measuring pixels (models shift a little). */
  offset: { dx: number; dy: number };
  /** Pixels compared. */
  pixels: number;
  /** Whose outline was compared: the original's product mask, the result's (a busy photo), or the whole frame. */
  maskFrom: "original" | "result" | "frame";
}

/** The light's colour before and after (model editors): warmth is mean red - blue, cast is how far the backdrop's mean is from grey. */
interface ColourFigures {
  warmthBefore: number;
  warmthAfter: number;
  castBefore: number;
  castAfter: number;
}

export interface EditMeasurements {
  background: BackgroundFigures | null;
  light: LightFigures | null;
  /** Edge energy after / before (above 1: crisper). */
  sharpness: { ratio: number } | null;
  canvas: CanvasFigures | null;
  /** The product's mean colour and its name, measured inside the product mask (null without one). */
  product: { colour: string; colourName: string } | null;
  /** A model editor's result only: how much of the product itself changed (decision 0040). */
  productChange?: ProductChangeFigures | null;
  /** A model editor's result only: the light's colour before and after. */
  colour?: ColourFigures | null;
  /** A model editor's result only: fine detail (noise) of the backdrop after / before, for a clean-up. */
  noise?: { ratio: number } | null;
}

/** One part of the instruction and whether the result shows it done. */
export type EditPart = "background" | "light" | "contrast" | "colour" | "sharpness" | "cleanup" | "canvas" | "product";
export interface EditCheck {
  part: EditPart;
  status: "done" | "not-done";
  /** The figure in plain English (the screens compose their own words from `measurements`). */
  summary: string;
  /** Why it was not done, in plain words. */
  reason?: string;
}

/** done: every part done and checked; partial: some; not-done: none (answered as a 422). */
export type EditStatus = "done" | "partial" | "not-done";

/** The success answer of POST /api/edit-image and POST /api/image/edit/gpt. */
export interface EditImageResponse {
  success: true;
  message: string;
  result: {
    /** data:image/png|jpeg;base64,... */
    image: string;
    imageId: string;
    originalImageId: string;
    /** /api/images/:id of the stored result. */
    imageUrl: string;
    width: number;
    height: number;
    responseText: string;
    promptEnhanced: boolean;
    enhancedPrompt: string;
    notApplied: NotApplied[];
  };
  promptEnhanced: boolean;
  enhancedPrompt: string;
  responseText: string;
  /** Parts of the instruction that were not done, each with its reason (empty when all were). */
  notApplied: NotApplied[];
  provider: ImageProviderName;
  providerLabel: string;
  /** Set when a cut-out provider removed the background and the local editor did the rest. */
  cutout: CutoutInfo | null;
  /** Whether the result does what was asked, measured (decision 0032). */
  status: EditStatus;
  /** Whether this edit used an edit-image unit (only when every part the editor tried worked). */
  charged: boolean;
  /** The figures behind `checks` (a model editor's too, with `productChange`, decision 0040). */
  measurements: EditMeasurements | null;
  checks: EditCheck[];
  /** Alt text for the edited photo, from the instruction, the measured content and the product name. */
  altText: string;
}

/** POST /api/images/plan: the operations an instruction maps to, and what is refused, with reasons. */
export interface ImagePlan {
  /** The steps, in plain words, in the order they run. */
  steps: string[];
  notApplied: NotApplied[];
  /** True when nothing of the instruction can be done (an edit would answer 422). */
  refused: boolean;
  /** Steps added beyond the literal request (category defaults, marketplace size). */
  added: string[];
}

/** partial: some parts done, the rest not (not charged); error: nothing done (not charged). */
export type BatchItemStatus = "pending" | "processing" | "completed" | "partial" | "error";
export type BatchStatus = "pending" | "running" | "completed";

export interface BatchItem {
  id: string;
  index: number;
  fileName: string;
  status: BatchItemStatus;
  error: string | null;
  /** /api/images/:id (needs the bearer token). */
  originalImage: string;
  editedImage: string | null;
  promptEnhanced: boolean;
  enhancedPrompt: string | null;
  responseText: string | null;
  /** Set once the item is edited or refused: the measured checks, the charge and the alt text. */
  checks: EditCheck[];
  measurements: EditMeasurements | null;
  charged: boolean;
  altText: string | null;
}

export interface BatchProgress {
  id: string;
  status: BatchStatus;
  total: number;
  /** Items finished either way (completed + partial + failed). */
  done: number;
  completed: number;
  failed: number;
  /** Items partly done (not charged). */
  partial: number;
  /** edit-image units this batch used: one per completed item. */
  charged: number;
  prompt: string;
  category: ImageCategory;
  platform: ImagePlatform;
  provider: ImageProviderName;
  /** Set once an image of the batch had its background removed by a cut-out provider. */
  cutout: CutoutInfo | null;
  createdAt: string;
  items: BatchItem[];
}
