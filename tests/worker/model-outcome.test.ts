/**
 * Model editors measured like the built-in editor (decision 0040): OpenAI image edits and Workers AI
 * answer through fakes that return a good edit, the photo unchanged, the product redrawn on white, a
 * half-done backdrop, or a brighter photo; every answer is measured against what was asked and against
 * the original photo's product, and charged only when it did what was asked. Single edits and batches.
 */
import { env, runDurableObjectAlarm } from "cloudflare:test";
import { exports } from "cloudflare:workers";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { BatchProgress, EditImageResponse } from "../../schema/api/images";
import type { Env } from "../../worker/lib/env";
import { findUserById } from "../../worker/domain/auth/accounts";
import { editImage } from "../../worker/domain/images/edit";
import { parseInstruction } from "../../worker/domain/images/instruction-parser";
import { checkImage } from "../../worker/domain/images/upload";
import { editWithOpenAi } from "../../worker/providers/images/openai";
import { selectImageEditor, type ImageEnv } from "../../worker/providers/images";
import { checkModelResult } from "../../worker/providers/images/model-check";
import { api, registerUser } from "./helpers";
import { colouredProduct, dataUrl, decode, encode, fromDataUrl, PRODUCT_COLOURS, productWithShadow, tealMugOnBusyTable, trueBackdropShare, type SellerPhoto } from "./image-fixtures";
import { fakeOpenAiImages, fakeWorkersAi, type ModelBehaviour } from "./model-fakes";

const KEY = "sk-test-model-outcome-0123456789";
const BASE = "https://fake.openai.test";
const WHITE: [number, number, number] = [255, 255, 255];
const saved = { OPENAI_API_KEY: (env as Env).OPENAI_API_KEY, OPENAI_BASE_URL: (env as Env).OPENAI_BASE_URL, PHOTOROOM_API_KEY: (env as Env).PHOTOROOM_API_KEY };
afterEach(() => {
  Object.assign(env, saved);
  vi.restoreAllMocks();
});

const beanie = () => productWithShadow("mustard beanie on grey", PRODUCT_COLOURS.mustard, { backdrop: [150, 150, 152], shape: "beanie" });
const charcoalVase = () => productWithShadow("charcoal vase on white", [48, 48, 54], { backdrop: [240, 240, 238], shape: "vase", seed: 7 });
const mug = () => tealMugOnBusyTable();
function dimBeanie(): SellerPhoto {
  const dim = colouredProduct("dim mustard beanie", PRODUCT_COLOURS.mustard, { exposure: 0.6 });
  return { name: dim.name, photo: dim.photo, product: dim.product };
}

/** OpenAI configured, its fake at the network edge. */
function withOpenAi(photos: SellerPhoto[], behaviour: ModelBehaviour | ((photo: SellerPhoto) => ModelBehaviour)) {
  const fake = fakeOpenAiImages(KEY, photos, behaviour);
  Object.assign(env, { OPENAI_API_KEY: KEY, OPENAI_BASE_URL: BASE, PHOTOROOM_API_KEY: "" });
  vi.spyOn(globalThis, "fetch").mockImplementation(fake.fetch);
  return fake;
}

async function usedEdits(token: string) {
  return (await (await api("/edit-image/quota", { token })).json<{ used: number }>()).used;
}

async function gptEdit(token: string, photo: SellerPhoto, prompt: string) {
  const res = await api("/image/edit/gpt", { token, body: { image: dataUrl(await encode(photo.photo)), prompt, category: "decor" } });
  return { res, body: await res.json<EditImageResponse & { code?: string; originalImageId?: string; message: string }>() };
}

/** One model answer measured directly (no HTTP), for the figures. */
async function measured(photo: SellerPhoto, behaviour: ModelBehaviour, prompt: string) {
  const fake = fakeOpenAiImages(KEY, [photo], behaviour);
  const image = checkImage(await encode(photo.photo));
  const request = { image, prompt, plan: parseInstruction(prompt, "decor", null) };
  const answer = await editWithOpenAi(request, { apiKey: KEY, model: "gpt-image-1.5", baseUrl: BASE, fetch: fake.fetch });
  return checkModelResult(request, answer, { images: env.IMAGES });
}

describe("a model's answer is measured against what was asked and against the photo's own product", () => {
  it("tells a faithful edit from an unchanged, a redrawn and a half-done one, on plain and busy photos (npm run bench)", async () => {
    const rows: { photo: string; answer: ModelBehaviour; backdrop: number | null; truth: number; productChanged: number | null; maskFrom: string | null; status: Record<string, string> }[] = [];
    for (const photo of [beanie(), charcoalVase(), mug()]) {
      for (const behaviour of ["good", "unchanged", "redrawn", "half"] as const) {
        const result = await measured(photo, behaviour, "make the background pure white");
        const out = await decode(result.bytes, result.type as "image/png");
        const m = result.measurements!;
        rows.push({
          photo: photo.name,
          answer: behaviour,
          backdrop: m.background?.backdropShare ?? null,
          truth: Math.round(trueBackdropShare(photo, out, WHITE) * 1000) / 1000,
          productChanged: m.productChange?.changedShare ?? null,
          maskFrom: m.productChange?.maskFrom ?? null,
          status: Object.fromEntries(result.checks!.map((c) => [c.part, c.status])),
        });
      }
    }
    console.log(JSON.stringify({ figure: "model edits measured", rows }));
    for (const row of rows) {
      const label = JSON.stringify(row);
      // What the measurement says matches the picture: the background is done only where the true share is 95 % or more.
      expect(row.status.background === "done", label).toBe(row.truth >= 0.95);
      if (row.answer === "good") expect(row.status, label).toEqual({ product: "done", background: "done" });
      if (row.answer === "unchanged") expect(row.status.background, label).toBe("not-done");
      // A half-done backdrop keeps the product; on the busy photo no outline can be found to compare it by.
      if (row.answer === "half") expect([row.status.background, row.status.product], label).toEqual(["not-done", row.maskFrom ? "done" : undefined]);
      if (row.answer === "redrawn") expect(row.status.product, label).toBe("not-done");
    }
  }, 120_000);
});

describe("POST /api/image/edit/gpt with OpenAI: status, figures and charge", () => {
  it("(a) a good white background: done, charged once, with the share of the backdrop and the product's figure", async () => {
    const photo = beanie();
    withOpenAi([photo], "good");
    const { token } = await registerUser();
    const { res, body } = await gptEdit(token, photo, "make the background pure white");
    expect(res.status).toBe(200);
    expect(body).toMatchObject({ success: true, provider: "openai", status: "done", charged: true, message: "Image edited successfully" });
    expect(body.measurements!.background!.backdropShare).toBeGreaterThanOrEqual(0.95);
    expect(body.measurements!.productChange!.changedShare).toBeLessThanOrEqual(0.03);
    expect(body.checks.map((c) => [c.part, c.status])).toEqual([
      ["product", "done"],
      ["background", "done"],
    ]);
    expect(body.checks[1].summary).toMatch(/^\d+(\.\d)? % of the background is now white\./);
    expect(body.checks[0].summary).toMatch(/^The product itself is unchanged: \d+(\.\d)? % of it differs from the photo\.$/);
    expect(await usedEdits(token)).toBe(1);
  });

  it("(b) the photo handed back unchanged: 422 edit-not-done, 0 % of the background white, the original kept, nothing charged", async () => {
    const photo = beanie();
    withOpenAi([photo], "unchanged");
    const { token } = await registerUser();
    const { res, body } = await gptEdit(token, photo, "make the background pure white");
    expect(res.status).toBe(422);
    expect(body).toMatchObject({ success: false, code: "edit-not-done", status: "not-done", charged: false });
    expect(body.measurements!.background!.backdropShare).toBe(0);
    expect(body.message).toContain("only 0 % of the background could be made white");
    expect(body.message).toContain("nothing was charged");
    expect((await api(`/images/${body.originalImageId}`, { token })).status).toBe(200);
    expect(await usedEdits(token)).toBe(0);
  });

  it("(c) the product redrawn on a white background: 422, 'the model changed the product itself', nothing charged", async () => {
    const photo = beanie();
    withOpenAi([photo], "redrawn");
    const { token } = await registerUser();
    const { res, body } = await gptEdit(token, photo, "make the background pure white");
    expect(res.status).toBe(422);
    expect(body).toMatchObject({ code: "edit-not-done", status: "not-done", charged: false });
    // The background itself was done; the product was not the seller's any more.
    expect(body.measurements!.background!.backdropShare).toBeGreaterThanOrEqual(0.95);
    expect(body.measurements!.productChange!.changedShare).toBeGreaterThan(0.25);
    expect(body.checks[0]).toMatchObject({ part: "product", status: "not-done" });
    expect(body.message).toContain("the model changed the product itself");
    expect(body.message).toContain("Etsy asks that listing photos show the actual item");
    expect(await usedEdits(token)).toBe(0);
  });

  it("(c) on the busy mug photo too, where the product is found on the model's answer", async () => {
    const photo = mug();
    withOpenAi([photo], "redrawn");
    const { token } = await registerUser();
    const { res, body } = await gptEdit(token, photo, "make the background pure white");
    expect(res.status).toBe(422);
    expect(body.measurements!.productChange).toMatchObject({ maskFrom: "result" });
    expect(body.measurements!.productChange!.changedShare).toBeGreaterThan(0.25);
    expect(await usedEdits(token)).toBe(0);
  });

  it("(d) a backdrop only half done: 422 with the figure ('Only 51.3 % …'), nothing charged", async () => {
    const photo = beanie();
    withOpenAi([photo], "half");
    const { token } = await registerUser();
    const { res, body } = await gptEdit(token, photo, "make the background pure white");
    expect(res.status).toBe(422);
    const share = body.measurements!.background!.backdropShare;
    expect(share).toBeGreaterThan(0.4);
    expect(share).toBeLessThan(0.6);
    expect(body.checks.map((c) => [c.part, c.status])).toEqual([
      ["product", "done"],
      ["background", "not-done"],
    ]);
    expect(body.message).toContain(`only ${Math.floor(share * 1000) / 10} % of the background could be made white`);
    expect(await usedEdits(token)).toBe(0);
  });

  it("(a) on the busy mug photo: done and charged, where the built-in editor could not", async () => {
    const photo = mug();
    withOpenAi([photo], "good");
    const { token } = await registerUser();
    const { res, body } = await gptEdit(token, photo, "make the background pure white");
    expect(res.status).toBe(200);
    expect(body).toMatchObject({ status: "done", charged: true });
    const out = await decode(fromDataUrl(body.result.image), "image/png");
    expect(trueBackdropShare(photo, out, WHITE)).toBeGreaterThanOrEqual(0.95);
    expect(await usedEdits(token)).toBe(1);
  });

  it("measures a light edit: a brighter answer is done with its exposure in stops, an unchanged one is not charged", async () => {
    const photo = dimBeanie();
    withOpenAi([photo], "brighter");
    const { token } = await registerUser();
    const done = await gptEdit(token, photo, "brighten it");
    expect(done.res.status).toBe(200);
    expect(done.body).toMatchObject({ status: "done", charged: true });
    expect(done.body.measurements!.light!.stops).toBeGreaterThan(0.2);
    expect(done.body.checks).toContainEqual(expect.objectContaining({ part: "light", status: "done" }));
    // Brightening is a change of light, not of the product.
    expect(done.body.measurements!.productChange!.changedShare).toBeLessThanOrEqual(0.03);
    vi.restoreAllMocks();
    withOpenAi([photo], "unchanged");
    const same = await gptEdit(token, photo, "brighten it");
    expect(same.res.status).toBe(422);
    expect(same.body.checks).toContainEqual(expect.objectContaining({ part: "light", status: "not-done" }));
    expect(await usedEdits(token)).toBe(1);
  });

  it("asks the model only for what it understood, and refuses a Christmas tree without calling it", async () => {
    const photo = beanie();
    const fake = withOpenAi([photo], "good");
    const { token } = await registerUser();
    const { res, body } = await gptEdit(token, photo, "make the background pure white and add some flowers next to it");
    expect(res.status).toBe(200);
    expect(fake.calls[0].prompt).toContain("make the background pure white");
    expect(fake.calls[0].prompt).not.toContain("flowers");
    expect(body.notApplied.map((n) => n.instruction)).toEqual(["add some flowers next to it"]);
    expect(body).toMatchObject({ status: "partial", charged: true });
    const tree = await gptEdit(token, photo, "add a Christmas tree behind it");
    expect(tree.res.status).toBe(422);
    expect(tree.body).toMatchObject({ code: "instruction-not-supported" });
    expect(fake.calls).toHaveLength(1);
    expect(await usedEdits(token)).toBe(1);
  });
});

describe("Workers AI img2img is measured the same way", () => {
  it("does not use nor charge a redrawn product, and uses a good answer", async () => {
    const photo = charcoalVase();
    const { token, userId } = await registerUser();
    const user = (await findUserById(env as Env, userId))!;
    const configured = (behaviour: ModelBehaviour) =>
      selectImageEditor({ ...(env as ImageEnv), IMAGE_PROVIDER: "workers-ai", WORKERS_AI_LOCAL: "", WORKERS_AI_ENABLED: "true", AI: fakeWorkersAi(photo, behaviour) as Ai } as ImageEnv);
    expect(configured("good").name).toBe("workers-ai");
    const request = { image: checkImage(await encode(photo.photo)), prompt: "white background", category: "decor" as const, platform: null, fileName: "vase.png" };
    const failed = await editImage(env as Env, user, configured("redrawn"), request).catch((e) => e);
    expect(failed.status).toBe(422);
    expect(failed.extra).toMatchObject({ code: "edit-not-done", charged: false });
    const good = await editImage(env as Env, user, configured("good"), request);
    expect(good).toMatchObject({ status: "done", charged: true, provider: "workers-ai" });
    expect(good.measurements!.background!.backdropShare).toBeGreaterThanOrEqual(0.95);
    expect(await usedEdits(token)).toBe(1);
  });
});

/* ---------- batches ---------- */

const stubOf = (id: string) => env.BATCH.get(env.BATCH.idFromName(id));

async function drive(token: string, id: string): Promise<BatchProgress> {
  for (let i = 0; i < 200; i++) {
    const state = (await (await api(`/batches/${id}`, { token })).json<{ data: BatchProgress }>()).data;
    if (state.status === "completed") return state;
    const ran = await runDurableObjectAlarm(stubOf(id));
    if (!ran) await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error("batch did not finish");
}

async function startBatch(token: string, photos: SellerPhoto[], prompt: string, platform = "ebay") {
  const form = new FormData();
  for (const [i, photo] of photos.entries()) form.append("images", new File([(await encode(photo.photo)) as Uint8Array<ArrayBuffer>], `photo-${i + 1}.png`, { type: "image/png" }));
  form.set("prompt", prompt);
  form.set("category", "decor");
  form.set("platform", platform);
  const res = await exports.default.fetch(new Request("http://localhost/api/batches", { method: "POST", headers: { Authorization: `Bearer ${token}` }, body: form }));
  expect(res.status).toBe(202);
  return (await res.json<{ data: BatchProgress }>()).data.id;
}

describe("a batch edited by OpenAI charges only the photos whose answer did what was asked", () => {
  it("good, unchanged, redrawn and half-done answers: one completed and charged, three failed with their figures", async () => {
    const photos = [beanie(), charcoalVase(), productWithShadow("navy beanie on grey", PRODUCT_COLOURS.navy, { backdrop: [180, 180, 182], shape: "beanie", seed: 3 }), mug()];
    const answers: ModelBehaviour[] = ["good", "unchanged", "redrawn", "half"];
    withOpenAi(photos, (photo) => answers[photos.indexOf(photo)]);
    const { token } = await registerUser();
    const id = await startBatch(token, photos, "white background", "etsy");
    const done = await drive(token, id);
    expect(done).toMatchObject({ total: 4, completed: 1, failed: 3, partial: 0, charged: 1, provider: "openai" });
    expect(done.items.map((i) => [i.status, i.charged])).toEqual([
      ["completed", true],
      ["error", false],
      ["error", false],
      ["error", false],
    ]);
    // The good one, on Etsy's 2000 x 2000 canvas like the built-in editor's.
    expect(done.items[0].measurements?.canvas).toMatchObject({ width: 2000, height: 2000, square: true });
    expect(done.items[0].checks.map((c) => c.part)).toEqual(["product", "background", "canvas"]);
    expect(done.items[1].measurements?.background?.backdropShare).toBe(0);
    expect(done.items[2].error).toContain("the model changed the product itself");
    expect(done.items[2].checks[0]).toMatchObject({ part: "product", status: "not-done" });
    expect(done.items[3].measurements?.background?.backdropShare).toBeLessThan(0.95);
    expect(done.items.slice(1).every((i) => i.editedImage === null)).toBe(true);
    expect(await usedEdits(token)).toBe(1);
  }, 120_000);

  it("marks a photo partial and does not charge it when the model did one part and not the other", async () => {
    const photo = dimBeanie();
    // The model brightened the photo but left the backdrop as it was.
    const fake = withOpenAi([photo], "brighter");
    const { token } = await registerUser();
    const id = await startBatch(token, [photo], "white background, brighten");
    const done = await drive(token, id);
    // Failed twice under a full run's load in session 38, as "error" with an answer measured unchanged
    // (exposure +0.00 stops, 0 % of the background): the item's error and what the fake was asked say
    // which answer was measured next time.
    expect(
      done.items.map((i) => [i.status, i.charged]),
      JSON.stringify({ errors: done.items.map((i) => i.error), calls: fake.calls }),
    ).toEqual([["partial", false]]);
    expect(done.items[0].checks.map((c) => [c.part, c.status])).toEqual([
      ["product", "done"],
      ["background", "not-done"],
      ["light", "done"],
      ["canvas", "done"],
    ]);
    expect(done).toMatchObject({ partial: 1, charged: 0 });
    expect(await usedEdits(token)).toBe(0);
  }, 60_000);
});
