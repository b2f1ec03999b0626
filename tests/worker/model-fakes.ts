/**
 * A fake of OpenAI's image edits endpoint (POST /v1/images/edits, multipart model/prompt/image, the
 * answer `{ data: [{ b64_json }] }`) and of a Workers AI img2img binding, each answering what a model
 * might: (a) a good edit, (b) the photo unchanged, (c) the product redrawn on a white background,
 * (d) a backdrop only half done, (e) a brighter photo. Like a real model, the fake answers at its own
 * size (1536 x 1024 for a landscape photo, stretched), re-renders with a little grain and may shift
 * the picture by a pixel. The "model" knows the fixture's true product outline.
 */
import { decodeImage, encodeImage } from "../../worker/domain/images/codecs";
import { sniffImageType } from "../../worker/domain/images/formats";
import { photonResize } from "../../worker/providers/images/local-editor";
import type { Pixels, SellerPhoto } from "./image-fixtures";

export type ModelBehaviour = "good" | "unchanged" | "redrawn" | "half" | "brighter";

type Rgb = [number, number, number];

function rng(seed: number) {
  let state = seed;
  return () => {
    state = (state * 1103515245 + 12345) & 0x7fffffff;
    return (state % 10000) / 10000 - 0.5;
  };
}

/** What the fake model draws for a photo (same size as the photo it was sent). */
function modelAnswer(photo: SellerPhoto, sent: Pixels, behaviour: ModelBehaviour, background: Rgb | "transparent" = [255, 255, 255]): Pixels {
  const { width, height } = sent;
  const out = new Uint8ClampedArray(sent.data);
  const noise = rng(31);
  const product = photo.product;
  const paint = (o: number) => {
    if (background === "transparent") out.set([0, 0, 0, 0], o);
    else out.set([...background, 255], o);
  };
  // Where the product is, from the fixture's truth (the photo the fake was sent is the fixture).
  let cx = 0;
  let cy = 0;
  let count = 0;
  let minX = width;
  let maxX = 0;
  let minY = height;
  let maxY = 0;
  for (let p = 0; p < product.length; p++) {
    if (!product[p]) continue;
    const x = p % width;
    const y = Math.floor(p / width);
    cx += x;
    cy += y;
    count++;
    minX = Math.min(minX, x);
    maxX = Math.max(maxX, x);
    minY = Math.min(minY, y);
    maxY = Math.max(maxY, y);
  }
  cx /= count;
  cy /= count;
  const mean: Rgb = [0, 0, 0];
  for (let p = 0; p < product.length; p++) if (product[p]) for (let c = 0; c < 3; c++) mean[c] += sent.data[p * 4 + c] / count;

  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const p = y * width + x;
      const o = p * 4;
      if (behaviour === "unchanged") continue;
      if (behaviour === "brighter") {
        for (let c = 0; c < 3; c++) out[o + c] = 255 * Math.pow(sent.data[o + c] / 255, 0.7) + noise() * 4;
        continue;
      }
      if (behaviour === "redrawn") {
        // A different item of the same colour family: a smooth egg shape, off-centre, lit from above,
        // with a band of pattern across it, where the seller's item was.
        const rx = (maxX - minX) * 0.42;
        const ry = (maxY - minY) * 0.55;
        const dx = (x - (cx + width * 0.05)) / rx;
        const dy = (y - (cy - height * 0.04)) / ry;
        if (dx * dx + dy * dy <= 1) {
          const light = 1.15 - 0.45 * ((dy + 1) / 2);
          const band = Math.abs(dy) < 0.15 && Math.sin(x / 4) > 0 ? 0.55 : 1;
          out.set([...mean.map((c) => c * light * band + noise() * 4), 255], o);
        } else paint(o);
        continue;
      }
      // good and half: the product kept (shifted one pixel right, re-rendered with a little grain).
      const from = x > 0 ? p - 1 : p;
      if (product[from]) {
        for (let c = 0; c < 3; c++) out[o + c] = sent.data[from * 4 + c] + noise() * 6;
        out[o + 3] = 255;
      } else if (behaviour === "good" || y < height / 2) paint(o);
      else out.set(sent.data.subarray(from * 4, from * 4 + 4), o);
    }
  }
  return { data: out, width, height };
}

/** The model's answer at its own size: 1536 x 1024 for a landscape photo, 1024 x 1536 portrait, else 1024 square. */
async function asModelPng(img: Pixels): Promise<Uint8Array> {
  const [w, h] = img.width > img.height * 1.1 ? [1536, 1024] : img.height > img.width * 1.1 ? [1024, 1536] : [1024, 1024];
  const big = photonResize(img, w, h);
  return encodeImage({ data: big.data, width: w, height: h, colorSpace: "srgb" } as ImageData, "image/png");
}

function base64(bytes: Uint8Array) {
  let binary = "";
  for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(binary);
}

/** What the fake was asked, for assertions. */
interface ModelCall {
  prompt: string;
  model: string;
  /** What the fake drew, and at what size it was sent the photo. */
  behaviour?: ModelBehaviour;
  sent?: string;
}

/**
 * A fetch that answers POST {base}/v1/images/edits like OpenAI, drawing `behaviour` (chosen per call
 * from the photo's file size when a function: a batch sends several photos).
 */
export function fakeOpenAiImages(
  apiKey: string,
  photos: SellerPhoto[],
  behaviour: ModelBehaviour | ((photo: SellerPhoto) => ModelBehaviour),
  background: Rgb | "transparent" = [255, 255, 255],
): { fetch: typeof fetch; calls: ModelCall[] } {
  const calls: ModelCall[] = [];
  const doFetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = new Request(input, init);
    const url = new URL(request.url);
    if (request.method !== "POST" || url.pathname !== "/v1/images/edits") return Response.json({ error: { message: "Not found" } }, { status: 404 });
    if (request.headers.get("Authorization") !== `Bearer ${apiKey}`) return Response.json({ error: { message: "Incorrect API key provided" } }, { status: 401 });
    const form = await request.formData();
    const image = form.get("image");
    if (!(image instanceof File)) return Response.json({ error: { message: "image is required" } }, { status: 400 });
    const call: ModelCall = { prompt: String(form.get("prompt")), model: String(form.get("model")) };
    calls.push(call);
    const bytes = new Uint8Array(await image.arrayBuffer());
    const decoded = await decodeImage(bytes, sniffImageType(bytes)!);
    const sent: Pixels = { data: decoded.data, width: decoded.width, height: decoded.height };
    // The photo it was sent: the fixture of the same size whose pixels match.
    const photo = photos.find((ph) => ph.photo.width === sent.width && ph.photo.height === sent.height && samePixels(ph.photo, sent)) ?? photos[0];
    const chosen = typeof behaviour === "function" ? behaviour(photo) : behaviour;
    Object.assign(call, { behaviour: chosen, sent: `${sent.width}x${sent.height}` });
    const png = await asModelPng(modelAnswer(photo, sent, chosen, background));
    return Response.json({ created: 1, data: [{ b64_json: base64(png) }] });
  }) as typeof fetch;
  return { fetch: doFetch, calls };
}

function samePixels(a: Pixels, b: Pixels) {
  for (let i = 0; i < a.data.length; i += 4 * 997) if (Math.abs(a.data[i] - b.data[i]) > 2) return false;
  return true;
}

/** A Workers AI binding whose img2img model answers `behaviour` as a PNG stream (at 512 px, as SD 1.5 does). */
export function fakeWorkersAi(photo: SellerPhoto, behaviour: ModelBehaviour): Pick<Ai, "run"> {
  return {
    run: (async () => {
      const answer = modelAnswer(photo, photo.photo, behaviour);
      const small = photonResize(answer, 512, Math.round((512 * answer.height) / answer.width));
      const png = await encodeImage({ data: small.data, width: small.width, height: small.height, colorSpace: "srgb" } as ImageData, "image/png");
      return new Blob([png as Uint8Array<ArrayBuffer>]).stream();
    }) as unknown as Ai["run"],
  };
}
