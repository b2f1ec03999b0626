/**
 * Batches of up to 10 images with one instruction: originals go to R2 first, then a BatchJob
 * Durable Object (one per batch) edits them in the background. Only the owner can read a batch.
 */
import { IMAGE_LIMITS, IMAGE_MESSAGES, type BatchProgress, type ImageCategory, type ImagePlatform } from "../../../schema/api/images";
import type { Env } from "../../lib/env";
import { HttpError, notFound } from "../../lib/errors";
import { imageProviderName } from "../../providers/images";
import { sniffImageType, stripMetadata } from "./formats";
import { storeImage } from "./storage";

export interface BatchFile {
  fileName: string;
  /** null: could not be read at all (counted as not an image). */
  bytes: Uint8Array | null;
  /** Bigger than the limit; the bytes were not kept. */
  tooLarge?: boolean;
}

export interface BatchOptions {
  prompt: string;
  category: ImageCategory;
  platform: ImagePlatform;
}

/** Refuses the whole batch when any file is not an image or is too big (SPEC §5's batch messages). */
export function checkBatchFiles(files: BatchFile[]) {
  if (files.length === 0) throw new HttpError(400, IMAGE_MESSAGES.batchMissing, { error: "missing images" });
  if (files.length > IMAGE_LIMITS.batchMax) throw new HttpError(400, IMAGE_MESSAGES.tooMany, { error: "too many images", details: `${files.length} images were sent; the limit is ${IMAGE_LIMITS.batchMax}.` });
  const tooLarge = files.filter((f) => f.tooLarge || (f.bytes && f.bytes.byteLength > IMAGE_LIMITS.maxBytes)).length;
  if (tooLarge > 0) throw new HttpError(413, IMAGE_MESSAGES.batchTooLarge(tooLarge), { error: "image too large" });
  const notImages = files.filter((f) => !f.bytes || !sniffImageType(f.bytes)).length;
  if (notImages > 0) throw new HttpError(415, IMAGE_MESSAGES.batchNotImages(notImages), { error: "unsupported type", details: "Accepted types: image/jpeg, image/png, image/webp." });
}

export async function createBatch(env: Env, userId: string, files: BatchFile[], options: BatchOptions): Promise<BatchProgress> {
  checkBatchFiles(files);
  const items: { fileName: string; originalId: string }[] = [];
  for (const file of files) {
    const bytes = file.bytes!;
    const type = sniffImageType(bytes)!;
    // Damaged images are still stored and become an error item, so one bad file never stops the rest.
    const stored = await storeImage(env, userId, stripMetadata(bytes, type, true), type, "image-original", file.fileName);
    items.push({ fileName: file.fileName, originalId: stored.id });
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

/** Hands an authenticated WebSocket upgrade to the batch's object (which checks the owner). */
export function openBatchSocket(env: Env, userId: string, id: string): Promise<Response> {
  if (!/^[0-9a-f-]{36}$/i.test(id)) throw notFound(IMAGE_MESSAGES.batchNotFound);
  return batchStub(env, id).fetch(new Request(`https://batch/${id}/ws`, { headers: { Upgrade: "websocket", "X-Batch-Owner": userId } }));
}

export const batchStub = (env: Pick<Env, "BATCH">, id: string) => env.BATCH.get(env.BATCH.idFromName(id));
