import { IMAGE_LIMITS, IMAGE_MESSAGES } from "../../../schema/api/images";
import { HttpError } from "../../lib/errors";
import { isComplete, readImageHeader, readOrientation, sniffImageType, stripMetadata, type ImageType } from "./formats";

export { IMAGE_LIMITS, IMAGE_MESSAGES };

/** An upload that passed every check, metadata already removed. */
export interface CheckedImage {
  /** Stored as the original: no EXIF/GPS/XMP, but a JPEG keeps its orientation so it shows upright. */
  stored: Uint8Array;
  /** Handed to decoders and providers: no metadata at all (orientation is applied to the pixels). */
  clean: Uint8Array;
  type: ImageType;
  /** Size as stored (before orientation). */
  width: number;
  height: number;
  orientation: number;
}

export const tooLarge = () => new HttpError(413, IMAGE_MESSAGES.tooLarge, { details: `The limit is ${IMAGE_LIMITS.maxBytes / (1024 * 1024)} MB per image.` });
export const unreadable = (details = "The file is damaged or incomplete.") => new HttpError(400, IMAGE_MESSAGES.unreadable, { details });
const notAnImage = () => new HttpError(415, IMAGE_MESSAGES.notImage, { details: "Accepted types: image/jpeg, image/png, image/webp." });

/**
 * Bytes of a `data:` URL (base64 or percent-encoded). The 5 MB limit is checked from the encoded
 * length before anything is decoded, so an oversized upload never takes its full size in memory.
 */
export function decodeDataUrl(value: string, maxBytes: number = IMAGE_LIMITS.maxBytes): { bytes: Uint8Array; declaredType: string } {
  const comma = value.indexOf(",");
  const header = comma > 0 ? value.slice(0, comma) : "";
  const match = /^data:([^;,]*)((?:;[^;,]*)*)$/i.exec(header);
  if (!match) throw unreadable("The image must be sent as a data URL (data:image/...;base64,...).");
  const declaredType = match[1].toLowerCase();
  const isBase64 = /;base64/i.test(match[2]);
  if (!isBase64) {
    const text = decodeURIComponent(value.slice(comma + 1));
    if (text.length > maxBytes) throw tooLarge();
    const bytes = new Uint8Array(text.length);
    for (let i = 0; i < text.length; i++) bytes[i] = text.charCodeAt(i) & 0xff;
    return { bytes, declaredType };
  }
  let payloadLength = value.length - comma - 1;
  let end = value.length;
  while (end > comma + 1 && value.charCodeAt(end - 1) === 61 /* = */) {
    end -= 1;
    payloadLength -= 1;
  }
  if (Math.floor((payloadLength * 3) / 4) > maxBytes) throw tooLarge();
  let binary: string;
  try {
    binary = atob(value.slice(comma + 1).replace(/\s+/g, ""));
  } catch {
    throw unreadable("The data URL is not valid base64.");
  }
  if (binary.length > maxBytes) throw tooLarge();
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return { bytes, declaredType };
}

/**
 * The upload gate: size, type from magic bytes (never the declared type), header dimensions before
 * any decode, completeness, then metadata removal.
 */
export function checkImage(bytes: Uint8Array): CheckedImage {
  if (bytes.byteLength > IMAGE_LIMITS.maxBytes) throw tooLarge();
  const type = sniffImageType(bytes);
  if (!type) throw notAnImage();
  const header = readImageHeader(bytes);
  if (!header) throw unreadable("The image header could not be read.");
  if (header.width > IMAGE_LIMITS.maxSide || header.height > IMAGE_LIMITS.maxSide || header.width * header.height > IMAGE_LIMITS.maxPixels) {
    throw new HttpError(413, IMAGE_MESSAGES.dimensions, {
      details: `The image is ${header.width} x ${header.height} pixels.`,
    });
  }
  if (!isComplete(bytes, type)) throw unreadable("The image file is truncated or damaged.");
  const orientation = readOrientation(bytes, type);
  return {
    stored: stripMetadata(bytes, type, true),
    clean: stripMetadata(bytes, type, false),
    type,
    width: header.width,
    height: header.height,
    orientation,
  };
}

/** A data URL for the answer of the single editors. */
export function toDataUrl(bytes: Uint8Array, type: string) {
  let binary = "";
  const chunk = 0x8000;
  for (let i = 0; i < bytes.length; i += chunk) binary += String.fromCharCode(...bytes.subarray(i, i + chunk));
  return `data:${type};base64,${btoa(binary)}`;
}
