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
}

export type BatchItemStatus = "pending" | "processing" | "completed" | "error";
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
}

export interface BatchProgress {
  id: string;
  status: BatchStatus;
  total: number;
  /** Items finished either way (completed + failed). */
  done: number;
  completed: number;
  failed: number;
  prompt: string;
  category: ImageCategory;
  platform: ImagePlatform;
  provider: ImageProviderName;
  /** Set once an image of the batch had its background removed by a cut-out provider. */
  cutout: CutoutInfo | null;
  createdAt: string;
  items: BatchItem[];
}
