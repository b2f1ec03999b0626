/**
 * Originals and edited results in R2 under the owner's prefix (`{userId}/images/{fileId}.{ext}`),
 * each with a `files` row. Only the owner can read them; anyone else gets the same 404 as for an id
 * that does not exist.
 */
import { and, eq, inArray } from "drizzle-orm";
import { files, type StoredFile } from "../../../schema/db";
import { notFound } from "../../lib/errors";
import { deleteFilesMetered, insertFilesMetered } from "../storage/meter";
import { IMAGE_EXTENSIONS, type ImageType } from "./formats";
import { db } from "../../lib/db";

const IMAGE_NOT_FOUND = "Image not found";

type StorageEnv = { DB: D1Database; FILES: R2Bucket };
type ImageKind = "image-original" | "image-edited";

export interface StoredImage {
  id: string;
  url: string;
  contentType: ImageType;
  size: number;
}

export const imageUrl = (id: string) => `/api/images/${id}`;

export async function storeImage(env: StorageEnv, userId: string, bytes: Uint8Array, type: ImageType, kind: ImageKind, name: string, now = Date.now()): Promise<StoredImage> {
  const id = crypto.randomUUID();
  const ext = IMAGE_EXTENSIONS[type];
  const r2Key = `${userId}/images/${id}.${ext}`;
  const base =
    name
      .replace(/\.[A-Za-z0-9]{1,5}$/, "")
      .replace(/[^\w-]+/g, "-")
      .replace(/^-+|-+$/g, "")
      .slice(0, 80) || "image";
  // The row and its bytes on the meter first (refused past the plan's storage), then R2.
  await insertFilesMetered(env.DB, userId, [{ id, userId, listingId: null, r2Key, name: `${base}.${ext}`, contentType: type, size: bytes.byteLength, kind, createdAt: now }], now);
  try {
    await env.FILES.put(r2Key, bytes, { httpMetadata: { contentType: type }, customMetadata: { userId, kind } });
  } catch (error) {
    await deleteFilesMetered(env.DB, userId, [id]).catch(() => {});
    throw error;
  }
  return { id, url: imageUrl(id), contentType: type, size: bytes.byteLength };
}

/** The owner's image row and bytes; 404 for anyone else, for other kinds of file, or a missing object. */
export async function openImage(env: StorageEnv, userId: string, id: string): Promise<{ file: StoredFile; object: R2ObjectBody }> {
  const [file] = await db(env)
    .select()
    .from(files)
    .where(and(eq(files.id, id), eq(files.userId, userId), inArray(files.kind, ["image-original", "image-edited"])))
    .limit(1);
  if (!file || !file.r2Key.startsWith(`${userId}/`)) throw notFound(IMAGE_NOT_FOUND);
  const object = await env.FILES.get(file.r2Key);
  if (!object) throw notFound(IMAGE_NOT_FOUND);
  return { file, object };
}

export async function readImageBytes(env: StorageEnv, userId: string, id: string): Promise<{ bytes: Uint8Array; file: StoredFile }> {
  const { file, object } = await openImage(env, userId, id);
  return { bytes: new Uint8Array(await object.arrayBuffer()), file };
}

/** Removes one of the owner's images (row, bytes on the meter, R2 object). */
export async function deleteImage(env: StorageEnv, userId: string, id: string): Promise<void> {
  const [file] = await db(env)
    .select()
    .from(files)
    .where(and(eq(files.id, id), eq(files.userId, userId)))
    .limit(1);
  if (!file) return;
  await env.FILES.delete(file.r2Key);
  await deleteFilesMetered(env.DB, userId, [id]);
}
