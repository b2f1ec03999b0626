/**
 * Batches of up to 10 images with one instruction: originals go to R2 first, then a BatchJob
 * Durable Object (one per batch) edits them in the background. Only the owner can read a batch.
 */
import { IMAGE_LIMITS, IMAGE_MESSAGES, type BatchProgress, type ImageCategory, type ImagePlatform } from "../../../schema/api/images";
import type { Env } from "../../lib/env";
import { HttpError, notFound } from "../../lib/errors";
import { imageProviderName } from "../../providers/images";
import { sniffImageType, stripMetadata } from "./formats";
import type { User } from "../../../schema/db";
import { readQuota } from "../quota";
import { assertRoomFor } from "../storage/meter";
import { deleteImage, storeImage } from "./storage";

export interface BatchFile {
  fileName: string;
  /** null: could not be read at all (counted as not an image). */
  bytes: Uint8Array | null;
  /** Bigger than the limit; the bytes were not kept. */
  tooLarge?: boolean;
}

interface BatchOptions {
  prompt: string;
  category: ImageCategory;
  platform: ImagePlatform;
}

/** Refuses the whole batch when any file is not an image or is too big (SPEC §5's batch messages). */
function checkBatchFiles(files: BatchFile[]) {
  if (files.length === 0) throw new HttpError(400, IMAGE_MESSAGES.batchMissing);
  if (files.length > IMAGE_LIMITS.batchMax) throw new HttpError(400, IMAGE_MESSAGES.tooMany, { details: `${files.length} images were sent; the limit is ${IMAGE_LIMITS.batchMax}.` });
  const longName = files.findIndex((f) => f.fileName.length > IMAGE_LIMITS.fileNameMax);
  if (longName >= 0)
    throw new HttpError(400, `fileName must be at most ${IMAGE_LIMITS.fileNameMax} characters (image ${longName + 1} has ${files[longName].fileName.length})`, {
      field: "fileName",
    });
  const tooLarge = files.filter((f) => f.tooLarge || (f.bytes && f.bytes.byteLength > IMAGE_LIMITS.maxBytes)).length;
  if (tooLarge > 0) throw new HttpError(413, IMAGE_MESSAGES.batchTooLarge(tooLarge));
  const notImages = files.filter((f) => !f.bytes || !sniffImageType(f.bytes)).length;
  if (notImages > 0) throw new HttpError(415, IMAGE_MESSAGES.batchNotImages(notImages), { details: "Accepted types: image/jpeg, image/png, image/webp." });
}

/**
 * Refuses, before anything is stored, a batch with more images than the user's edit-image quota has
 * left today (decision 0011: the whole batch is refused with a 403 that says how many remain, rather
 * than accepting only the first few).
 */
async function assertBatchQuota(env: Env, user: Pick<User, "id" | "plan">, count: number) {
  const quota = await readQuota(env, user, "edit-image");
  const remaining = Math.max(0, quota.limit - quota.used);
  if (count <= remaining) return;
  const message =
    remaining === 0
      ? `You have no image edits left today on the ${quota.plan} plan (${quota.limit} a day), so none of the ${count} images was uploaded. Your quota resets at midnight UTC.`
      : `You have ${remaining} image ${remaining === 1 ? "edit" : "edits"} left today on the ${quota.plan} plan, and this batch has ${count} images. Nothing was uploaded: remove ${count - remaining} ${count - remaining === 1 ? "image" : "images"} and try again, or wait until your quota resets at midnight UTC.`;
  throw new HttpError(403, message, {
    code: "quota-exhausted",
    quota: { feature: quota.feature, used: quota.used, limit: quota.limit, plan: quota.plan, remaining },
    requested: count,
  });
}

export async function createBatch(env: Env, user: Pick<User, "id" | "plan">, files: BatchFile[], options: BatchOptions): Promise<BatchProgress> {
  checkBatchFiles(files);
  const userId = user.id;
  await assertBatchQuota(env, user, files.length);
  const prepared = files.map((file) => {
    const type = sniffImageType(file.bytes!)!;
    return { fileName: file.fileName, type, bytes: stripMetadata(file.bytes!, type, true) };
  });
  await assertRoomFor(
    env.DB,
    userId,
    prepared.reduce((sum, f) => sum + f.bytes.byteLength, 0),
  );
  const items: { fileName: string; originalId: string }[] = [];
  try {
    for (const file of prepared) {
      // Damaged images are still stored and become an error item, so one bad file never stops the rest.
      const stored = await storeImage(env, userId, file.bytes, file.type, "image-original", file.fileName);
      items.push({ fileName: file.fileName, originalId: stored.id });
    }
  } catch (error) {
    // A batch is stored whole or not at all (the storage meter can refuse one part way under a race).
    await Promise.all(items.map((item) => deleteImage(env, userId, item.originalId).catch(() => {})));
    throw error;
  }
  const id = crypto.randomUUID();
  return batchStub(env, id).create({ id, ownerId: userId, ...options, provider: imageProviderName(env), items });
}

export async function getBatch(env: Env, userId: string, id: string): Promise<BatchProgress> {
  if (!/^[0-9a-f-]{36}$/i.test(id)) throw notFound(IMAGE_MESSAGES.batchNotFound);
  const progress = await batchStub(env, id).progress(userId);
  if (!progress) throw notFound(IMAGE_MESSAGES.batchNotFound);
  return progress;
}

export const batchStub = (env: Pick<Env, "BATCH">, id: string) => env.BATCH.get(env.BATCH.idFromName(id));
