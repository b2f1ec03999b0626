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
