/**
 * remove.bg: `POST {base}/v1.0/removebg` as multipart with the key in `X-Api-Key`. We send the photo
 * (`image_file`), `size=full` (the photo's own resolution, 1 credit; the free `preview` size is 0.25 MP,
 * too small for a 2000 px listing photo), `type=product` and `format=png`, and no `bg_color`: the
 * answer is the product on transparency, which the local editor paints (decision 0018). The answer is
 * the image bytes, with X-Width, X-Height and X-Credits-Charged headers. Errors are JSON
 * `{ errors: [{ title, code?, detail? }] }`: 400 (unprocessable, e.g. `unknown_foreground`), 402 (out of
 * credits), 403 (key refused), 429 (rate limit, with Retry-After and X-RateLimit-* headers); none
 * of them is charged.
 */
import { CUTOUT_LABELS, baseUrlOf, fileFor, parseJson, postForImage, reasonFor, type CutoutOverrides, type CutoutProvider, type CutoutRequest, type CutoutResult, type VendorError } from "./cutout";

const REMOVE_BG_DEFAULT_URL = "https://api.remove.bg";

interface RemoveBgOptions extends CutoutOverrides {
  apiKey: string;
  baseUrl?: string;
}

export function removeBgProvider(options: RemoveBgOptions): CutoutProvider {
  const provider: CutoutProvider = {
    name: "remove-bg",
    label: CUTOUT_LABELS["remove-bg"],
    cutOut: (request) => cutOutWithRemoveBg(provider, request, options),
  };
  return provider;
}

async function cutOutWithRemoveBg(provider: CutoutProvider, request: CutoutRequest, options: RemoveBgOptions): Promise<CutoutResult> {
  const form = new FormData();
  form.set("image_file", fileFor(request));
  form.set("size", "full");
  form.set("type", "product");
  form.set("format", "png");
  const url = `${baseUrlOf(options.baseUrl, REMOVE_BG_DEFAULT_URL).replace(/\/v1\.0$/, "")}/v1.0/removebg`;
  const answer = await postForImage(provider, url, { headers: { "X-Api-Key": options.apiKey }, body: form, fetch: options.fetch, timeoutMs: options.timeoutMs, explain: explainRemoveBg });
  const credits = Number(answer.headers.get("X-Credits-Charged"));
  return { bytes: answer.bytes, type: answer.type, width: answer.width, height: answer.height, credits: Number.isFinite(credits) && answer.headers.has("X-Credits-Charged") ? credits : undefined };
}

/** remove.bg's `errors[0]`: its code picks our reason, its title and detail are its own words. */
function explainRemoveBg(status: number, text: string): VendorError {
  const errors = (parseJson(text) as { errors?: { title?: unknown; code?: unknown; detail?: unknown }[] } | null)?.errors;
  const first = Array.isArray(errors) ? errors[0] : undefined;
  const title = typeof first?.title === "string" ? first.title : "";
  const detail = typeof first?.detail === "string" ? first.detail : "";
  const code = typeof first?.code === "string" ? first.code : "";
  const label = CUTOUT_LABELS["remove-bg"];
  let reason = reasonFor(status, label);
  if (code === "unknown_foreground") reason = `${label} found no product in the photo`;
  else if (code === "file_too_large" || code === "resolution_too_high") reason = `the photo is too large for ${label}`;
  else if (code === "invalid_file_type" || code === "failed_to_read_image" || code === "invalid_dimensions") reason = `${label} could not read the photo`;
  return { reason, detail: [title, detail].filter(Boolean).join(": ") };
}
