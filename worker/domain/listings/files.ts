/**
 * Files attached to listings: bytes in R2 under the owner's prefix (`{userId}/files/{fileId}-{name}`),
 * a row in `files`. Only the owner lists, reads or deletes them; anyone else gets a 404.
 */
import { and, desc, eq } from "drizzle-orm";
import { LISTING_LIMITS, type StoredFileInfo } from "../../../schema/api/listings";
import { files, type StoredFile } from "../../../schema/db";
import { HttpError, notFound } from "../../lib/errors";
import { deleteFilesMetered, insertFilesMetered } from "../storage/meter";
import { getListing } from "./store";
import { db } from "../../lib/db";

export const FILE_NOT_FOUND = "File not found";

type FilesEnv = { DB: D1Database; FILES: R2Bucket };

/** A name safe in an R2 key and a Content-Disposition header: letters, digits, . _ - only. */
export function safeFileName(name: string): string {
  const base = name.split(/[\\/]/).pop() ?? "";
  const safe = base
    .normalize("NFKD")
    .replace(/[^\w.-]+/g, "-")
    .replace(/-{2,}/g, "-")
    .replace(/^[.-]+|[.-]+$/g, "")
    .slice(-100);
  return safe || "file";
}

/** Image types whose bytes we can recognise; only these are ever served inline. */
function sniffImageType(bytes: Uint8Array): string | undefined {
  const b = bytes;
  if (b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff) return "image/jpeg";
  if (b[0] === 0x89 && b[1] === 0x50 && b[2] === 0x4e && b[3] === 0x47) return "image/png";
  if (b[0] === 0x47 && b[1] === 0x49 && b[2] === 0x46 && b[3] === 0x38) return "image/gif";
  if (b[0] === 0x52 && b[1] === 0x49 && b[2] === 0x46 && b[3] === 0x46 && b[8] === 0x57 && b[9] === 0x45 && b[10] === 0x42 && b[11] === 0x50) return "image/webp";
  return undefined;
}

export function toFileInfo(row: StoredFile): StoredFileInfo {
  return {
    id: row.id,
    listingId: row.listingId,
    name: row.name,
    contentType: row.contentType,
    size: row.size,
    createdAt: new Date(row.createdAt).toISOString(),
    url: `/api/files/${row.id}`,
  };
}

/**
 * Stores an upload for one of the user's listings. The content type kept is the one the bytes
 * prove (JPEG, PNG, GIF, WEBP), else application/octet-stream: a declared type is never trusted.
 */
export async function storeFile(env: FilesEnv, userId: string, listingId: string, file: File, now = Date.now()): Promise<StoredFile> {
  await getListing(env.DB, userId, listingId);
  if (file.size > LISTING_LIMITS.fileMaxBytes) throw new HttpError(413, "File is too large (the limit is 10 MB)");
  const nameLength = [...file.name].length;
  if (nameLength > LISTING_LIMITS.fileNameMax) {
    throw new HttpError(400, `File name must be at most ${LISTING_LIMITS.fileNameMax} characters (it has ${nameLength})`, { field: "file" });
  }
  const bytes = new Uint8Array(await file.arrayBuffer());
  const id = crypto.randomUUID();
  const name = safeFileName(file.name);
  const r2Key = `${userId}/files/${id}-${name}`;
  const contentType = sniffImageType(bytes) ?? "application/octet-stream";
  // The row and its bytes on the meter first (refused past the plan's storage), then R2.
  const row: StoredFile = { id, userId, listingId, r2Key, name, contentType, size: bytes.byteLength, kind: "upload", createdAt: now };
  await insertFilesMetered(env.DB, userId, [row], now);
  try {
    await env.FILES.put(r2Key, bytes, { httpMetadata: { contentType }, customMetadata: { userId, listingId } });
  } catch (error) {
    await deleteFilesMetered(env.DB, userId, [id]).catch(() => {});
    throw error;
  }
  return row;
}

/** The user's files, newest first; for one of their listings when `listingId` is given (404 if not theirs). */
export async function listFiles(env: FilesEnv, userId: string, listingId?: string): Promise<StoredFile[]> {
  if (listingId) await getListing(env.DB, userId, listingId);
  const where = listingId ? and(eq(files.userId, userId), eq(files.listingId, listingId)) : eq(files.userId, userId);
  return db(env).select().from(files).where(where).orderBy(desc(files.createdAt), desc(files.id));
}

export async function getFile(env: FilesEnv, userId: string, id: string): Promise<StoredFile> {
  const [row] = await db(env)
    .select()
    .from(files)
    .where(and(eq(files.id, id), eq(files.userId, userId)))
    .limit(1);
  if (!row) throw notFound(FILE_NOT_FOUND);
  return row;
}

/** The file's row and its bytes from R2, for its owner only. */
export async function openFile(env: FilesEnv, userId: string, id: string): Promise<{ file: StoredFile; object: R2ObjectBody }> {
  const file = await getFile(env, userId, id);
  // The key carries the owner's prefix; checking it too means a bad row can never serve another user's bytes.
  if (!file.r2Key.startsWith(`${userId}/`)) throw notFound(FILE_NOT_FOUND);
  const object = await env.FILES.get(file.r2Key);
  if (!object) throw notFound(FILE_NOT_FOUND);
  return { file, object };
}

export async function deleteFile(env: FilesEnv, userId: string, id: string): Promise<void> {
  const file = await getFile(env, userId, id);
  await env.FILES.delete(file.r2Key);
  await deleteFilesMetered(env.DB, userId, [file.id]);
}
