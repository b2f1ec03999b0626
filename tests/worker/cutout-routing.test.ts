import { env, runDurableObjectAlarm } from "cloudflare:test";
import { exports } from "cloudflare:workers";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { Env } from "../../worker/lib/env";
import type { BatchProgress, EditImageResponse } from "../../schema/api/images";
import { wasmMemoryUsage } from "../../worker/domain/images/codecs";
import { parseInstruction } from "../../worker/domain/images/instruction-parser";
import { checkImage } from "../../worker/domain/images/upload";
import { cutoutEditor } from "../../worker/providers/images/cutout-editor";
import { MAX_WORK_PIXELS } from "../../worker/providers/images/local-editor";
import { photoroomProvider } from "../../worker/providers/images/photoroom";
import { fakePhotoroom, fakeRemoveBg, photoroomError, removeBgError, type FakeVendor, type Script } from "./cutout-fakes";
import { api, registerUser } from "./helpers";
import { dataUrl, decode, encode, fromDataUrl, hueOf, largeJpeg, locate, luma, pixel, productOnBusyBackground, productOnGrey, type Pixels } from "./image-fixtures";

const PHOTOROOM_KEY = "pr_live_routing_0123456789abcdefghij";
const REMOVE_BG_KEY = "rbg_routing_0123456789ABCDEFGH";
const saved = { PHOTOROOM_API_KEY: (env as Env).PHOTOROOM_API_KEY, REMOVE_BG_API_KEY: (env as Env).REMOVE_BG_API_KEY };

afterEach(() => {
  Object.assign(env, saved);
  vi.restoreAllMocks();
});

/** Configures Photoroom (the Worker reads its key from env) and puts its fake at the network edge. */
function withPhotoroom(script?: Script): FakeVendor {
  const fake = fakePhotoroom(PHOTOROOM_KEY, script);
  Object.assign(env, { PHOTOROOM_API_KEY: PHOTOROOM_KEY, REMOVE_BG_API_KEY: "" });
  vi.spyOn(globalThis, "fetch").mockImplementation(fake.fetch);
  return fake;
}

function withRemoveBg(script?: Script): FakeVendor {
  const fake = fakeRemoveBg(REMOVE_BG_KEY, script);
  Object.assign(env, { PHOTOROOM_API_KEY: "", REMOVE_BG_API_KEY: REMOVE_BG_KEY });
  vi.spyOn(globalThis, "fetch").mockImplementation(fake.fetch);
  return fake;
}

async function usedEdits(token: string) {
  return (await (await api("/edit-image/quota", { token })).json<{ used: number }>()).used;
}

async function edit(token: string, photo: Pixels, prompt: string, platform: "etsy" | "amazon" | "ebay", category = "decor") {
  const res = await api("/edit-image", { token, body: { image: dataUrl(await encode(photo)), prompt, category, platform, featureKey: "edit-image" } });
  return { res, body: await res.json<EditImageResponse & { message: string; error?: string; details?: string; originalImageId?: string }>() };
}

const isWhite = (p: number[]) => p[0] === 255 && p[1] === 255 && p[2] === 255 && p[3] === 255;

/** Share of the original's backdrop (sampled) that is pure white in the edited picture. */
function whiteBackdropShare(original: Pixels, edited: Pixels) {
  let white = 0;
  let n = 0;
  const cx = original.width / 2;
  const cy = original.height / 2;
  const r = Math.min(original.width, original.height) * 0.35;
  for (let y = 0; y < original.height; y += 4) {
    for (let x = 0; x < original.width; x += 4) {
      if ((x - cx) ** 2 + (y - cy) ** 2 <= r * r) continue;
      n++;
      if (isWhite(pixel(edited, ...locate(original, edited, x, y)))) white++;
    }
  }
  return white / n;
}

/** Mean luminance of the original's product pixels and of the same places in the edited picture. */
function productLight(original: Pixels, edited: Pixels) {
  let before = 0;
  let after = 0;
  let n = 0;
  const cx = original.width / 2;
  const cy = original.height / 2;
  const r = Math.min(original.width, original.height) * 0.25;
  for (let y = 0; y < original.height; y += 3) {
    for (let x = 0; x < original.width; x += 3) {
      if ((x - cx) ** 2 + (y - cy) ** 2 > r * r) continue;
      const [X, Y] = locate(original, edited, x, y);
      before += luma(original, x, y);
      after += luma(edited, X, Y);
      n++;
    }
  }
  return { before: before / n, after: after / n };
}

describe("the memory a cut-out takes (DESIGN §5)", () => {
  // First in the file, so the WebAssembly memories have not yet been grown by other tests. The fake
  // decodes and encodes in the same isolate, so the figure is an upper bound.
  it("sends a 12 MP photo to the provider at 2000 px and finishes its cut-out within the Worker's 128 MB", async () => {
    const fake = fakePhotoroom(PHOTOROOM_KEY);
    const image = checkImage(await largeJpeg(4000));
    const plan = parseInstruction("white background, brighten and sharpen", "jewelry", "etsy");
    const started = Date.now();
    const result = await cutoutEditor(photoroomProvider({ apiKey: PHOTOROOM_KEY, fetch: fake.fetch }), { images: env.IMAGES }).edit({ image, prompt: "", plan });
    const ms = Date.now() - started;
    const memory = await wasmMemoryUsage();
    const sent = await decode(fake.calls[0].image!.bytes, "image/jpeg");
    console.log(JSON.stringify({ figure: "12MP JPEG cut-out finished locally", sentWidth: sent.width, ms, wasmMemoryBytes: memory.total, workPixels: result.workPixels }));
    expect([sent.width, sent.height]).toEqual([2000, 1500]);
    expect(result.workPixels).toBeLessThanOrEqual(MAX_WORK_PIXELS);
    expect(memory.total).toBeLessThan(128 * 1024 * 1024);
    const out = await decode(result.bytes, "image/jpeg");
    expect([out.width, out.height]).toEqual([2000, 2000]);
    expect(result.cutout.localSteps).toEqual(["light", "sharpness", "background", "size"]);
  }, 60_000);
});

describe("an instruction that replaces the background goes to the cut-out provider", () => {
  it("puts a product on a busy tablecloth on Etsy's 2000 px white square, brighter, with Photoroom doing the cut-out and the local editor the rest", async () => {
    const fake = withPhotoroom();
    const { token } = await registerUser();
    const original = productOnBusyBackground(480, 360);
    const { res, body } = await edit(token, original, "White background and make it brighter", "etsy");
    expect(res.status).toBe(200);
    expect(fake.calls).toHaveLength(1);
    expect(fake.calls[0].headers.get("x-api-key")).toBe(PHOTOROOM_KEY);
    expect(body.cutout).toEqual({ provider: "photoroom", label: "Photoroom", localSteps: ["light", "background", "size"] });
    expect(body.responseText).toMatch(/^Background removed by Photoroom · light, background colour and size by the local editor \(offline\)\. Applied: /);
    expect(body).toMatchObject({ provider: "local", providerLabel: "Photoroom + local image editor", notApplied: [] });

    const edited = await decode(fromDataUrl(body.result.image), "image/png");
    expect([edited.width, edited.height]).toEqual([2000, 2000]);
    // Where the stripes were, and the padding Etsy's square adds: pure white.
    const share = whiteBackdropShare(original, edited);
    console.log(JSON.stringify({ figure: "share of a busy backdrop made pure white", provider: "Photoroom (fake)", share }));
    expect(share).toBe(1);
    expect(isWhite(pixel(edited, 0, 0))).toBe(true);
    expect(isWhite(pixel(edited, 1999, 1999))).toBe(true);
    // The product: brighter than it was, and still the same blue.
    const light = productLight(original, edited);
    console.log(JSON.stringify({ figure: "mean luminance of the product, before and after 'make it brighter'", ...light }));
    expect(light.after).toBeGreaterThan(light.before * 1.15);
    const [r, g, b] = pixel(edited, 1000, 1000);
    expect(Math.abs(hueOf(r, g, b) - hueOf(30, 60, 150))).toBeLessThan(4);
    expect(await usedEdits(token)).toBe(1);
  });

  it("without a cut-out provider, the local editor's flood fill leaves most of the same busy backdrop as it was", async () => {
    const { token } = await registerUser();
    const original = productOnBusyBackground(480, 360);
    const { res, body } = await edit(token, original, "White background and make it brighter", "etsy");
    expect(res.status).toBe(200);
    expect(body.cutout).toBeNull();
    const share = whiteBackdropShare(original, await decode(fromDataUrl(body.result.image), "image/png"));
    console.log(JSON.stringify({ figure: "share of a busy backdrop made pure white", provider: "local flood fill", share }));
    expect(share).toBeLessThan(0.5);
  });

  it("keeps a removed background transparent on eBay: a PNG whose product is opaque, with the soft edge the provider sent", async () => {
    withPhotoroom();
    const { token } = await registerUser();
    const original = productOnBusyBackground(480, 360);
    const { body } = await edit(token, original, "remove the background", "ebay");
    expect(body.cutout?.localSteps).toEqual(["size"]);
    expect(body.responseText).toMatch(/^Background removed by Photoroom · size by the local editor \(offline\)\./);
    expect(body.result.image.startsWith("data:image/png")).toBe(true);
    const edited = await decode(fromDataUrl(body.result.image), "image/png");
    // eBay: the longest side at least 500 px.
    expect([edited.width, edited.height]).toEqual([500, 375]);
    expect(pixel(edited, 3, 3)[3]).toBe(0);
    expect(pixel(edited, 250, 187)).toEqual([30, 60, 150, 255]);
    let soft = 0;
    for (let x = 0; x < edited.width; x++) {
      const a = pixel(edited, x, 187)[3];
      if (a > 0 && a < 255) soft++;
    }
    expect(soft).toBeGreaterThanOrEqual(2);
  });

  it("sends an Amazon main image to remove.bg when only its key is set, sharpens the cut-out without a dark ring and puts it on white", async () => {
    const fake = withRemoveBg();
    const { token } = await registerUser();
    const original = productOnBusyBackground(480, 360);
    const { res, body } = await edit(token, original, "sharpen the details", "amazon", "jewelry");
    expect(res.status).toBe(200);
    expect(fake.calls).toHaveLength(1);
    expect(fake.calls[0].headers.get("X-Api-Key")).toBe(REMOVE_BG_KEY);
    expect(fake.calls[0].fields).toMatchObject({ type: "product", format: "png", size: "full" });
    expect(body.cutout).toEqual({ provider: "remove-bg", label: "remove.bg", localSteps: ["sharpness", "background", "size"] });
    const edited = await decode(fromDataUrl(body.result.image), "image/png");
    expect(edited.width).toBe(edited.height);
    expect(edited.width).toBeGreaterThanOrEqual(1000);
    // Along a line through the product, outside it everything is white; inside, never darker than
    // the product's own blue by more than the sharpening of a flat colour allows.
    const y = Math.round(edited.height / 2);
    const centre = luma(edited, edited.width / 2, y);
    let darkest = 255;
    for (let x = 0; x < edited.width; x++) darkest = Math.min(darkest, luma(edited, x, y));
    expect(darkest).toBeGreaterThan(centre - 12);
    expect(isWhite(pixel(edited, 5, y))).toBe(true);
  });

  it("leaves an instruction without a background to the local editor: the provider is not called", async () => {
    const fake = withPhotoroom();
    const { token } = await registerUser();
    const { res, body } = await edit(token, productOnGrey(300, 200), "make it brighter", "etsy");
    expect(res.status).toBe(200);
    expect(fake.calls).toHaveLength(0);
    expect(body.cutout).toBeNull();
    expect(body.provider).toBe("local");
  });

  it("says which cut-out provider serves before the first edit", async () => {
    withRemoveBg();
    const { token } = await registerUser();
    const body = await (await api("/image/provider", { token })).json<{ data: { provider: string; cutout: unknown } }>();
    expect(body.data).toMatchObject({ provider: "local", cutout: { provider: "remove-bg", label: "remove.bg" } });
  });
});

describe("when the cut-out provider fails", () => {
  it("answers 502 with the provider's reason, charges nothing and keeps the original, which the answer names", async () => {
    withPhotoroom(() => photoroomError(402, "Not enough credits to process this image.", "payment_required"));
    const { token } = await registerUser();
    const photo = await encode(productOnBusyBackground(240, 180));
    const res = await api("/edit-image", { token, body: { image: dataUrl(photo), prompt: "white background", platform: "etsy" } });
    expect(res.status).toBe(502);
    const body = await res.json<{ success: boolean; message: string; code: string; details: string; provider: string; originalImageId: string }>();
    expect(body).toMatchObject({ success: false, code: "upstream-failed", provider: "Photoroom" });
    expect(body).not.toHaveProperty("error");
    expect(body.message).toBe("Failed to process image with Photoroom (402: the Photoroom account is out of credits). Photoroom said: Not enough credits to process this image.");
    expect(body.message).not.toContain(PHOTOROOM_KEY);
    expect(await usedEdits(token)).toBe(0);
    const original = await api(`/images/${body.originalImageId}`, { token });
    expect(original.status).toBe(200);
    expect(new Uint8Array(await original.arrayBuffer())).toEqual(photo);
  });

  it("answers 429 with the provider's Retry-After when it rate-limits, and charges nothing", async () => {
    withRemoveBg(() => removeBgError(429, "Rate limit exceeded", undefined, undefined, { "Retry-After": "9" }));
    const { token } = await registerUser();
    const res = await api("/edit-image", { token, body: { image: dataUrl(await encode(productOnBusyBackground(240, 180))), prompt: "remove the background", platform: "ebay" } });
    expect(res.status).toBe(429);
    expect(res.headers.get("Retry-After")).toBe("9");
    const body = await res.json<{ message: string; retryAfter: number }>();
    expect(body.retryAfter).toBe(9);
    expect(body.message).toContain("remove.bg is busy");
    expect(await usedEdits(token)).toBe(0);
  });
});

/* ---------- batches ---------- */

const stubOf = (id: string) => env.BATCH.get(env.BATCH.idFromName(id));

async function progress(token: string, id: string): Promise<BatchProgress> {
  return (await (await api(`/batches/${id}`, { token })).json<{ data: BatchProgress }>()).data;
}

async function drive(token: string, id: string) {
  for (let i = 0; i < 200; i++) {
    const state = await progress(token, id);
    if (state.status === "completed") return state;
    const ran = await runDurableObjectAlarm(stubOf(id));
    if (!ran) await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error("batch did not finish");
}

async function startBatch(token: string, count: number, prompt: string, platform: string) {
  const png = await encode(productOnBusyBackground(240, 180));
  const form = new FormData();
  for (let i = 0; i < count; i++) form.append("images", new File([png as Uint8Array<ArrayBuffer>], `mug-${i + 1}.png`, { type: "image/png" }));
  form.set("prompt", prompt);
  form.set("category", "decor");
  form.set("platform", platform);
  const res = await exports.default.fetch(new Request("http://localhost/api/batches", { method: "POST", headers: { Authorization: `Bearer ${token}` }, body: form }));
  expect(res.status).toBe(202);
  return { id: (await res.json<{ data: BatchProgress }>()).data.id, png };
}

async function imageAt(token: string, url: string) {
  const res = await api(url, { token });
  expect(res.status).toBe(200);
  return new Uint8Array(await res.arrayBuffer());
}

describe("a batch with a cut-out provider", () => {
  it("edits five images one at a time through Photoroom; the one Photoroom fails is not charged and keeps its original", async () => {
    const fake = withPhotoroom((_call, n) => (n === 3 ? photoroomError(500, "Internal server error", "internal_error") : undefined));
    const { token } = await registerUser();
    const { id, png } = await startBatch(token, 5, "white background", "ebay");
    const done = await drive(token, id);
    expect(done).toMatchObject({ status: "completed", total: 5, completed: 4, failed: 1 });
    expect(fake.calls).toHaveLength(5);
    expect(done.cutout).toEqual({ provider: "photoroom", label: "Photoroom", localSteps: ["background", "size"] });
    const failed = done.items[2];
    expect(failed).toMatchObject({ fileName: "mug-3.png", status: "error", editedImage: null });
    expect(failed.error).toBe("Failed to process image with Photoroom (500: Photoroom had a server error). Photoroom said: Internal server error");
    expect(await imageAt(token, failed.originalImage)).toEqual(png);
    expect(await usedEdits(token)).toBe(4);
    for (const item of done.items.filter((i) => i.status === "completed")) {
      expect(item.responseText).toMatch(/^Background removed by Photoroom · background colour and size by the local editor \(offline\)\./);
      const edited = await decode(await imageAt(token, item.editedImage!), "image/png");
      expect(isWhite(pixel(edited, 4, 4))).toBe(true);
      expect(pixel(edited, Math.round(edited.width / 2), Math.round(edited.height / 2))).toEqual([30, 60, 150, 255]);
    }
  });

  it("waits out the provider's rate limit and tries the image again, charging it once", async () => {
    const fake = withRemoveBg((_call, n) => (n === 1 ? removeBgError(429, "Rate limit exceeded", undefined, undefined, { "Retry-After": "2" }) : undefined));
    const { token } = await registerUser();
    const { id } = await startBatch(token, 2, "remove the background", "ebay");
    const done = await drive(token, id);
    expect(done).toMatchObject({ status: "completed", completed: 2, failed: 0 });
    expect(fake.calls).toHaveLength(3);
    expect(await usedEdits(token)).toBe(2);
  });
});
