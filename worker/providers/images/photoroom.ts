/**
 * Photoroom's Remove Background API (Basic plan): `POST {base}/v1/segment` as multipart with the key
 * in `x-api-key`. We send `image_file`, `format=png`, `size=full` (the photo's own resolution; we send
 * at most 2000 px) and `crop=false` (the seller's framing is kept; the marketplace canvas is the local
 * editor's), and no `bg_color`: the answer is the product on transparency, which the local editor
 * paints (decision 0018). The answer is PNG bytes (with an `x-uncertainty-score` header). Errors are
 * JSON `{ detail, status_code, type }` (400 e.g. `missing_image`, 402 out of credits, 403
 * `invalid_api_key` or `plan_limit_exceeded`) or `{ error: { message } }`; 429 past its 500 images a
 * minute. A key starting `sandbox_` is Photoroom's free, watermarked test mode.
 */
import { CUTOUT_LABELS, baseUrlOf, fileFor, parseJson, postForImage, reasonFor, type CutoutOverrides, type CutoutProvider, type CutoutRequest, type CutoutResult, type VendorError } from "./cutout";

const PHOTOROOM_DEFAULT_URL = "https://sdk.photoroom.com";

interface PhotoroomOptions extends CutoutOverrides {
  apiKey: string;
  baseUrl?: string;
}

export function photoroomProvider(options: PhotoroomOptions): CutoutProvider {
  const provider: CutoutProvider = {
    name: "photoroom",
    label: CUTOUT_LABELS.photoroom,
    cutOut: (request) => cutOutWithPhotoroom(provider, request, options),
  };
  return provider;
}

async function cutOutWithPhotoroom(provider: CutoutProvider, request: CutoutRequest, options: PhotoroomOptions): Promise<CutoutResult> {
  const form = new FormData();
  form.set("image_file", fileFor(request));
  form.set("format", "png");
  form.set("size", "full");
  form.set("crop", "false");
  const url = `${baseUrlOf(options.baseUrl, PHOTOROOM_DEFAULT_URL).replace(/\/v1$/, "")}/v1/segment`;
  const answer = await postForImage(provider, url, { headers: { "x-api-key": options.apiKey }, body: form, fetch: options.fetch, timeoutMs: options.timeoutMs, explain: explainPhotoroom });
  return { bytes: answer.bytes, type: answer.type, width: answer.width, height: answer.height };
}

/** Photoroom's `{ detail, type }` (or `{ error: { message } }`): its type picks our reason. */
function explainPhotoroom(status: number, text: string): VendorError {
  const body = parseJson(text) as { detail?: unknown; type?: unknown; message?: unknown; error?: { message?: unknown; detail?: unknown } } | null;
  const detail = [body?.detail, body?.message, body?.error?.message, body?.error?.detail].find((v): v is string => typeof v === "string") ?? "";
  const type = typeof body?.type === "string" ? body.type : "";
  const label = CUTOUT_LABELS.photoroom;
  let reason = reasonFor(status, label);
  if (type === "plan_limit_exceeded") reason = `the ${label} plan's limit is reached`;
  else if (type === "insufficient_permissions") reason = `the ${label} key may not use this API`;
  else if (status === 402) reason = `the ${label} account is out of credits`;
  return { reason, detail };
}
