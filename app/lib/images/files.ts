/**
 * Browser-only helpers for pictures the image editors read, send and save: data URLs, sizes, the
 * in-browser downscale of large photos, file names and downloads. No API calls, no texts.
 */
import { IMAGE_LIMITS } from "../../../schema/api/images";

export function isImageFile(file: File) {
  return file.type.startsWith("image/");
}

export function readAsDataUrl(file: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => (typeof reader.result === "string" ? resolve(reader.result) : reject(new Error("read failed")));
    reader.onerror = () => reject(reader.error ?? new Error("read failed"));
    reader.readAsDataURL(file);
  });
}

/** Loads a picture to learn its size; rejects when the browser cannot decode it. */
export function imageSize(src: string): Promise<{ width: number; height: number }> {
  return new Promise((resolve, reject) => {
    const img = new Image();
    img.onload = () => (img.naturalWidth > 0 ? resolve({ width: img.naturalWidth, height: img.naturalHeight }) : reject(new Error("empty image")));
    img.onerror = () => reject(new Error("not an image"));
    img.src = src;
  });
}

/** The longest side tried first when a large photo is made smaller: well above the 2000 px sellers need. */
const DOWNSCALE_FIRST_SIDE = 6000;

/**
 * A copy of a photo that fits the upload limit, made with a canvas: turned upright by its EXIF
 * orientation (the copy carries no metadata), as a JPEG of quality 0.9 (a PNG stays a PNG, so
 * transparency is kept), made smaller step by step until it fits. Null when the browser cannot
 * read the file as an image.
 */
export async function downscaleToLimit(file: File, maxBytes: number = IMAGE_LIMITS.maxBytes): Promise<File | null> {
  let bitmap: ImageBitmap;
  try {
    bitmap = await createImageBitmap(file, { imageOrientation: "from-image" });
  } catch {
    return null;
  }
  try {
    const type = file.type === "image/png" ? "image/png" : "image/jpeg";
    const longest = Math.max(bitmap.width, bitmap.height);
    let scale = Math.min(1, DOWNSCALE_FIRST_SIDE / longest, Math.sqrt(IMAGE_LIMITS.maxPixels / (bitmap.width * bitmap.height)));
    let size = file.size;
    for (let attempt = 0; attempt < 8; attempt++) {
      const width = Math.max(1, Math.round(bitmap.width * scale));
      const height = Math.max(1, Math.round(bitmap.height * scale));
      const canvas = document.createElement("canvas");
      canvas.width = width;
      canvas.height = height;
      const context = canvas.getContext("2d");
      if (!context) return null;
      context.imageSmoothingQuality = "high";
      context.drawImage(bitmap, 0, 0, width, height);
      const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, type, 0.9));
      canvas.width = canvas.height = 0;
      if (!blob) return null;
      if (blob.size <= maxBytes) {
        const name = type === "image/jpeg" ? file.name.replace(/\.(png|webp|jpe?g|heic|avif)$/i, "") + ".jpg" : file.name;
        return new File([blob], name, { type, lastModified: file.lastModified });
      }
      size = blob.size;
      // Bytes follow pixels roughly: shrink by the square root of the excess, with a margin.
      scale *= Math.min(0.9, Math.sqrt(maxBytes / size) * 0.95);
    }
    return null;
  } finally {
    bitmap.close();
  }
}

const EXTENSIONS: Record<string, string> = { "image/png": "png", "image/jpeg": "jpg", "image/webp": "webp" };

export function mimeOfDataUrl(dataUrl: string) {
  return /^data:([^;,]+)/.exec(dataUrl)?.[1] ?? "image/png";
}

/** 'edited-' + the original name, with the extension of what was actually returned. */
export function editedFileName(original: string, mime: string) {
  const base = (original || "image").replace(/\.[a-z0-9]{2,5}$/i, "").replace(/[\\/:*?"<>|]+/g, "-") || "image";
  return `edited-${base}.${EXTENSIONS[mime] ?? "png"}`;
}

export function triggerDownload(href: string, fileName: string) {
  const a = document.createElement("a");
  a.href = href;
  a.download = fileName;
  a.rel = "noopener";
  document.body.appendChild(a);
  a.click();
  a.remove();
}

/** Decodes a data URL without fetch (the page's CSP allows no data: connections). */
export function dataUrlToBlob(dataUrl: string): Blob {
  const comma = dataUrl.indexOf(",");
  const meta = dataUrl.slice(5, comma);
  const payload = dataUrl.slice(comma + 1);
  if (!meta.endsWith(";base64")) return new Blob([decodeURIComponent(payload)], { type: meta.split(";")[0] });
  const binary = atob(payload);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return new Blob([bytes], { type: meta.replace(/;base64$/, "").split(";")[0] || "image/png" });
}

/** A PNG blob of any picture the browser can draw (the GPT editor's downloads are always .png). */
export async function toPngBlob(src: string): Promise<Blob> {
  if (mimeOfDataUrl(src) === "image/png") return dataUrlToBlob(src);
  const img = new Image();
  img.src = src;
  await img.decode();
  const canvas = document.createElement("canvas");
  canvas.width = img.naturalWidth;
  canvas.height = img.naturalHeight;
  canvas.getContext("2d")!.drawImage(img, 0, 0);
  return new Promise((resolve, reject) => canvas.toBlob((blob) => (blob ? resolve(blob) : reject(new Error("encode failed"))), "image/png"));
}
