/**
 * Edits that measure their own result (decision 0032): the figures an answer carries, the status,
 * the charge, refusals, the plan shown before an edit, batches, and the cut-out path. The photos are
 * drawn in image-fixtures.ts with their product's true outline, so every figure the editor reports is
 * checked against the truth.
 */
import { env, runDurableObjectAlarm } from "cloudflare:test";
import { exports } from "cloudflare:workers";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { BatchProgress, EditImageResponse } from "../../schema/api/images";
import type { Env } from "../../worker/lib/env";
import { parseInstruction } from "../../worker/domain/images/instruction-parser";
import { checkImage } from "../../worker/domain/images/upload";
import { cutoutEditor } from "../../worker/providers/images/cutout-editor";
import { editLocally } from "../../worker/providers/images/local-editor";
import { photoroomProvider } from "../../worker/providers/images/photoroom";
import { fakeExactCutout } from "./cutout-fakes";
import { api, registerUser } from "./helpers";
import { colouredProduct, dataUrl, decode, encode, fromDataUrl, PRODUCT_COLOURS, productWithShadow, tealMugOnBusyTable, trueBackdropShare, type Pixels, type SellerPhoto } from "./image-fixtures";

const WHITE: [number, number, number] = [255, 255, 255];
const saved = { PHOTOROOM_API_KEY: (env as Env).PHOTOROOM_API_KEY, REMOVE_BG_API_KEY: (env as Env).REMOVE_BG_API_KEY };
afterEach(() => {
  Object.assign(env, saved);
  vi.restoreAllMocks();
});

const mug = () => tealMugOnBusyTable();
const beanie = () => productWithShadow("mustard beanie on grey", PRODUCT_COLOURS.mustard, { backdrop: [150, 150, 152], shape: "beanie" });
const whiteVase = () => productWithShadow("white vase on light grey", [246, 245, 241], { backdrop: [214, 215, 218], shape: "vase", seed: 5 });
const charcoalVase = () => productWithShadow("charcoal vase on white", [48, 48, 54], { backdrop: [240, 240, 238], shape: "vase", seed: 7 });
const glassJar = () => productWithShadow("glass jar on white", [90, 140, 110], { backdrop: [236, 236, 234], shape: "vase", glass: true, seed: 9 });

async function usedEdits(token: string) {
  return (await (await api("/edit-image/quota", { token })).json<{ used: number }>()).used;
}

async function edit(token: string, photo: Pixels, prompt: string, extra: Record<string, unknown> = {}) {
  const res = await api("/edit-image", { token, body: { image: dataUrl(await encode(photo)), prompt, category: "decor", platform: "ebay", featureKey: "edit-image", ...extra } });
  return { res, body: await res.json<EditImageResponse & { code?: string; originalImageId?: string }>() };
}

async function local(photo: SellerPhoto, prompt: string, category: "decor" | "jewelry" | "clothing" = "decor") {
  const image = checkImage(await encode(photo.photo));
  const result = await editLocally({ image, prompt, plan: parseInstruction(prompt, category, null) }, { images: env.IMAGES });
  return { result, out: await decode(result.bytes, result.type as "image/png") };
}

describe("instructions are understood or refused, never replaced", () => {
  it("refuses 'add a Christmas tree behind it' with Etsy's photo rule instead of doing other edits", () => {
    const plan = parseInstruction("add a Christmas tree behind it", "decor", "etsy");
    expect(plan.refused).toBe(true);
    expect(plan.operations.map((o) => o.op)).toEqual([]);
    expect(plan.notApplied).toHaveLength(1);
    expect(plan.notApplied[0].reason).toContain("Etsy asks that listing photos show the actual item");
  });

  it("does the part it can and lists the rest: 'white background and add some flowers next to it'", () => {
    const plan = parseInstruction("white background and add some flowers next to it", "decor", "etsy");
    expect(plan.refused).toBe(false);
    expect(plan.requested).toEqual(["background"]);
    expect(plan.notApplied.map((n) => n.instruction)).toEqual(["add some flowers next to it"]);
  });

  it("lists a part it does not recognise rather than replacing it with the category's default edits", () => {
    const plan = parseInstruction("make it look vintage, brighten", "crafts", null);
    expect(plan.requested).toEqual(["brightness"]);
    expect(plan.notApplied).toEqual([expect.objectContaining({ instruction: "make it look vintage" })]);
    expect(plan.added).not.toContain("warm the light slightly (whites and greys; the product keeps its hue)");
  });

  it("refuses scenes, people, text and recolouring in English and Turkish, each with its reason", () => {
    for (const prompt of ["put it on a marble kitchen counter", "add a model wearing it", "add my logo in the corner", "make the mug red", "yılbaşı ağacı ekle", "add a festive holiday background"]) {
      const plan = parseInstruction(prompt, "decor", "etsy");
      expect(plan.refused, prompt).toBe(true);
      expect(plan.notApplied[0].reason.length, prompt).toBeGreaterThan(20);
    }
  });

  it("still gives a vague request the category's usual edits ('make it look professional')", () => {
    const plan = parseInstruction("make it look professional please", "jewelry", null);
    expect(plan.refused).toBe(false);
    expect(plan.operations.map((o) => o.op)).toEqual(["levels", "contrast", "sharpen"]);
    expect(plan.notApplied).toEqual([]);
  });
});

describe("the local editor's figures match the truth of the photo", () => {
  it("measures the backdrop share within 3 points of the fixture's true share, on plain and busy backgrounds", async () => {
    for (const [photo, prompt, target] of [
      [beanie(), "remove the background", "transparent"],
      [charcoalVase(), "make the background pure white", WHITE],
      [glassJar(), "remove the background", "transparent"],
    ] as const) {
      const { result, out } = await local(photo, prompt);
      const truth = trueBackdropShare(photo, out, target);
      const figures = result.measurements!.background!;
      console.log(
        JSON.stringify({ figure: "backdrop share", photo: photo.name, prompt, measured: figures.backdropShare, truth, confidence: figures.maskConfidence, shadowRemoved: figures.shadowRemoved }),
      );
      expect(figures.backdropShare).toBeGreaterThanOrEqual(0.95);
      expect(Math.abs(figures.backdropShare - truth)).toBeLessThanOrEqual(0.03);
      expect(figures.maskConfidence).toBeGreaterThanOrEqual(0.9);
      expect(result.checks?.[0]).toMatchObject({ part: "background", status: "done" });
    }
  });

  it("takes the beanie's cast shadow away with the backdrop and says so", async () => {
    const { result, out } = await local(beanie(), "remove the background");
    const figures = result.measurements!.background!;
    expect(figures.shadowRemoved).toBeGreaterThan(1000);
    expect(figures.shadowShare).toBeLessThan(0.005);
    expect(result.checks![0].summary).toContain("The backdrop's shadow was removed with it.");
    // Below the brim, where the shadow was darkest, the result is transparent.
    const [w, h] = [out.width, out.height];
    const o = (Math.round(h * 0.79) * w + Math.round(w * 0.62)) * 4;
    expect(out.data[o + 3]).toBe(0);
  });

  it("leaves the busy mug photo as it was and measures why: a few % of the backdrop, no product found", async () => {
    const photo = mug();
    const { result, out } = await local(photo, "make the background pure white");
    const figures = result.measurements!.background!;
    expect(figures.busyBackdrop).toBe(true);
    expect(figures.backdropShare).toBeLessThan(0.5);
    expect(result.checks![0]).toMatchObject({ part: "background", status: "not-done" });
    expect(result.checks![0].reason).toBe("The background is too busy for the built-in editor; a cut-out provider (Photoroom or remove.bg) handles it.");
    // Nothing was half painted.
    expect(trueBackdropShare(photo, out, WHITE)).toBe(0);
  });

  it("does not trust a white vase on pale grey whose outline the fill ate into, at each category's tolerance", async () => {
    for (const category of ["jewelry", "decor", "clothing"] as const) {
      const { result } = await local(whiteVase(), "white background, brighten", category);
      expect(result.measurements!.background!.maskConfidence, category).toBeLessThan(0.5);
      expect(result.checks![0], category).toMatchObject({ part: "background", status: "not-done" });
    }
  });

  it("measures the change in exposure of the product for 'brighten' and names its colour", async () => {
    const dim = colouredProduct("dim mustard", PRODUCT_COLOURS.mustard, { exposure: 0.6 });
    const photo: SellerPhoto = { name: dim.name, photo: dim.photo, product: dim.product };
    const { result } = await local(photo, "brighten it");
    const light = result.measurements!.light!;
    expect(light.stops).toBeGreaterThan(0.2);
    expect(light.after).toBeGreaterThan(light.before);
    expect(result.checks).toContainEqual(expect.objectContaining({ part: "light", status: "done" }));
    expect(result.measurements!.product?.colourName).toBe("mustard");
  });
});

describe("POST /api/edit-image: status, figures and charge", () => {
  it("removes the beanie's background: done, charged once, with the figures and alt text", async () => {
    const { token } = await registerUser();
    const { res, body } = await edit(token, beanie().photo, "remove the background", { productName: "chunky knit beanie" });
    expect(res.status).toBe(200);
    expect(body).toMatchObject({ success: true, status: "done", charged: true, message: "Image edited successfully" });
    expect(body.measurements!.background!.backdropShare).toBeGreaterThanOrEqual(0.95);
    expect(body.checks[0].summary).toMatch(/^\d+(\.\d)? % of the background is now transparent\./);
    expect(body.altText).toBe("Mustard chunky knit beanie on a transparent background");
    expect(await usedEdits(token)).toBe(1);
  });

  it("answers 422 edit-not-done for a white background on the busy mug photo, keeps the original and charges nothing", async () => {
    const { token } = await registerUser();
    const { res, body } = await edit(token, mug().photo, "make the background pure white");
    expect(res.status).toBe(422);
    expect(body).toMatchObject({ success: false, code: "edit-not-done", status: "not-done", charged: false });
    expect(body.message).toContain("The background is too busy for the built-in editor; a cut-out provider (Photoroom or remove.bg) handles it.");
    expect(body.message).toContain("nothing was charged");
    expect(body.measurements!.background!.backdropShare).toBeLessThan(0.95);
    expect((await api(`/images/${body.originalImageId}`, { token })).status).toBe(200);
    expect(await usedEdits(token)).toBe(0);
  });

  it("brightens the mug but leaves its busy background: partial, not charged, and the screen is not told the background was replaced", async () => {
    const { token } = await registerUser();
    const photo = mug();
    const { res, body } = await edit(token, photo.photo, "make the background pure white and brighten it");
    expect(res.status).toBe(200);
    expect(body).toMatchObject({ status: "partial", charged: false });
    expect(body.message).toContain("nothing was charged");
    expect(body.enhancedPrompt).not.toMatch(/background/i);
    expect(body.checks.map((c) => [c.part, c.status])).toEqual([
      ["background", "not-done"],
      ["light", "done"],
      ["canvas", "done"],
    ]);
    const out = await decode(fromDataUrl(body.result.image), "image/png");
    expect(trueBackdropShare(photo, out, WHITE)).toBe(0);
    expect(await usedEdits(token)).toBe(0);
  });

  it("refuses 'add a Christmas tree behind it' with 422 and Etsy's rule, charging nothing", async () => {
    const { token } = await registerUser();
    const { res, body } = await edit(token, mug().photo, "add a Christmas tree behind it");
    expect(res.status).toBe(422);
    expect(body).toMatchObject({ code: "instruction-not-supported" });
    expect(body.notApplied[0].reason).toContain("Etsy asks that listing photos show the actual item");
    expect(await usedEdits(token)).toBe(0);
  });

  it("reports Etsy's canvas: 2000 x 2000 px and the padding added", async () => {
    const { token } = await registerUser();
    const { res, body } = await edit(token, charcoalVase().photo, "white background", { platform: "etsy" });
    expect(res.status).toBe(200);
    expect(body.measurements!.canvas).toMatchObject({ width: 2000, height: 2000, square: true });
    // A 560 x 420 photo on a square: padded top and bottom by (560 - 420) / 2, enlarged to 2000.
    expect(body.measurements!.canvas!.padding.top).toBe(250);
    expect(body.checks).toContainEqual(expect.objectContaining({ part: "canvas", status: "done" }));
  });
});

describe("POST /api/images/plan", () => {
  it("says what will be done and what will not, before anything is edited or charged", async () => {
    const { token } = await registerUser();
    const res = await api("/images/plan", { token, body: { prompt: "white background, brighten, add a candle next to it", category: "decor", platform: "etsy" } });
    expect(res.status).toBe(200);
    const { data } = await res.json<{ data: { steps: string[]; notApplied: { instruction: string }[]; refused: boolean } }>();
    expect(data.refused).toBe(false);
    expect(data.steps.join(" ")).toContain("pure white");
    expect(data.notApplied.map((n) => n.instruction)).toEqual(["add a candle next to it"]);
    expect(await usedEdits(token)).toBe(0);
  });

  it("says an instruction is refused as a whole", async () => {
    const { token } = await registerUser();
    const res = await api("/images/plan", { token, body: { prompt: "add a Christmas tree behind it" } });
    expect((await res.json<{ data: { refused: boolean } }>()).data.refused).toBe(true);
  });

  it("refuses a blank prompt with 400 and needs a signed-in user", async () => {
    const { token } = await registerUser();
    const blank = await api("/images/plan", { token, body: { prompt: " " } });
    expect(blank.status).toBe(400);
    expect(await blank.json()).toMatchObject({ success: false, message: "Please select an image and enter a prompt" });
    expect((await api("/images/plan", { body: { prompt: "white background" } })).status).toBe(401);
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

async function startBatch(token: string, photos: SellerPhoto[], prompt: string) {
  const form = new FormData();
  for (const photo of photos) form.append("images", new File([(await encode(photo.photo)) as Uint8Array<ArrayBuffer>], `${photo.name.split(" ").slice(0, 2).join("-")}.png`, { type: "image/png" }));
  form.set("prompt", prompt);
  form.set("category", "decor");
  form.set("platform", "ebay");
  const res = await exports.default.fetch(new Request("http://localhost/api/batches", { method: "POST", headers: { Authorization: `Bearer ${token}` }, body: form }));
  expect(res.status).toBe(202);
  return (await res.json<{ data: BatchProgress }>()).data.id;
}

describe("a batch charges only the photos whose result did what was asked", () => {
  it("'remove the background' on the beanie, the busy mug and the charcoal vase: two done and charged, the mug failed with its figures", async () => {
    const { token } = await registerUser();
    const id = await startBatch(token, [beanie(), mug(), charcoalVase()], "remove the background");
    const done = await drive(token, id);
    expect(done).toMatchObject({ total: 3, completed: 2, failed: 1, partial: 0, charged: 2 });
    expect(done.items.map((i) => i.status)).toEqual(["completed", "error", "completed"]);
    const failed = done.items[1];
    expect(failed.editedImage).toBeNull();
    expect(failed.error).toContain("too busy for the built-in editor");
    expect(failed.checks[0]).toMatchObject({ part: "background", status: "not-done" });
    expect(failed.measurements?.background?.backdropShare).toBeLessThan(0.95);
    expect(done.items[0].altText).toBe("Mustard home decor piece on a transparent background");
    expect(await usedEdits(token)).toBe(2);
  }, 60_000);

  it("marks a photo partial and does not charge it when only part of the instruction worked", async () => {
    const { token } = await registerUser();
    const id = await startBatch(token, [mug(), beanie()], "white background, brighten");
    const done = await drive(token, id);
    expect(done.items.map((i) => [i.status, i.charged])).toEqual([
      ["partial", false],
      ["completed", true],
    ]);
    expect(done).toMatchObject({ completed: 1, partial: 1, failed: 0, charged: 1 });
    expect(await usedEdits(token)).toBe(1);
  }, 60_000);
});

describe("with a cut-out provider", () => {
  const PHOTOROOM_KEY = "pr_live_outcome_0123456789abcdefghij";

  it("whitens the busy mug photo through Photoroom: done, charged, the figure measured on the result", async () => {
    const photo = mug();
    Object.assign(env, { PHOTOROOM_API_KEY: PHOTOROOM_KEY, REMOVE_BG_API_KEY: "" });
    vi.spyOn(globalThis, "fetch").mockImplementation(fakeExactCutout(photo.product, photo.photo.width));
    const { token } = await registerUser();
    const { res, body } = await edit(token, photo.photo, "make the background pure white", { productName: "teal mug" });
    expect(res.status).toBe(200);
    expect(body).toMatchObject({ status: "done", charged: true, altText: "Teal mug on a plain white background" });
    const out = await decode(fromDataUrl(body.result.image), "image/png");
    const truth = trueBackdropShare(photo, out, WHITE);
    console.log(JSON.stringify({ figure: "backdrop share with a cut-out provider", photo: photo.name, measured: body.measurements!.background!.backdropShare, truth }));
    expect(body.measurements!.background!.backdropShare).toBeGreaterThanOrEqual(0.95);
    expect(truth).toBeGreaterThanOrEqual(0.95);
    expect(await usedEdits(token)).toBe(1);
  });

  it("does not use nor charge a cut-out that left the backdrop in place", async () => {
    const photo = mug();
    Object.assign(env, { PHOTOROOM_API_KEY: PHOTOROOM_KEY, REMOVE_BG_API_KEY: "" });
    vi.spyOn(globalThis, "fetch").mockImplementation(fakeExactCutout(photo.product, photo.photo.width, { miss: true }));
    const { token } = await registerUser();
    const { res, body } = await edit(token, photo.photo, "remove the background");
    expect(res.status).toBe(422);
    expect(body).toMatchObject({ code: "edit-not-done", charged: false });
    expect(body.message).toContain("Photoroom's cut-out did not separate the product");
    expect(await usedEdits(token)).toBe(0);
  });
});

describe("the share of backdrop changed, plain and busy, with and without a cut-out provider (npm run bench)", () => {
  it("changes at least 95 % of a plain backdrop locally, and of the busy one only through a cut-out provider", async () => {
    const rows: { photo: string; backdrop: string; editor: string; measured: number; truth: number; status: string }[] = [];
    for (const [photo, backdrop] of [
      [beanie(), "plain"],
      [charcoalVase(), "plain"],
      [glassJar(), "plain"],
      [mug(), "busy"],
    ] as const) {
      const prompt = "remove the background";
      const image = checkImage(await encode(photo.photo));
      const plan = parseInstruction(prompt, "decor", null);
      const offline = await editLocally({ image, prompt, plan }, { images: env.IMAGES });
      const cutout = await cutoutEditor(photoroomProvider({ apiKey: "pr_bench_0123456789abcdefghijkl", fetch: fakeExactCutout(photo.product, photo.photo.width) }), { images: env.IMAGES }).edit({
        image,
        prompt,
        plan,
      });
      for (const [editor, result] of [
        ["local", offline],
        ["cut-out (exact fake)", cutout],
      ] as const) {
        const out = await decode(result.bytes, result.type as "image/png");
        rows.push({
          photo: photo.name,
          backdrop,
          editor,
          measured: result.measurements!.background!.backdropShare,
          truth: Math.round(trueBackdropShare(photo, out, "transparent") * 1000) / 1000,
          status: result.checks![0].status,
        });
      }
    }
    console.log(JSON.stringify({ figure: "backdrop share changed", rows }));
    for (const row of rows) {
      // What the edit says matches the picture: done only where the true share is 95 % or more.
      expect(row.status === "done", JSON.stringify(row)).toBe(row.truth >= 0.95);
      if (row.editor !== "local" || row.backdrop === "plain") expect(row.truth, JSON.stringify(row)).toBeGreaterThanOrEqual(0.95);
    }
    expect(rows.find((r) => r.backdrop === "busy" && r.editor === "local")!.status).toBe("not-done");
  }, 120_000);
});
