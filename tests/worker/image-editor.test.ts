import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { wasmMemoryUsage } from "../../worker/domain/images/codecs";
import { describePlan, parseInstruction } from "../../worker/domain/images/instruction-parser";
import { checkImage } from "../../worker/domain/images/upload";
import { editLocally, MAX_WORK_PIXELS } from "../../worker/providers/images/local-editor";
import {
  blurredPhoto,
  darkPhoto,
  decode,
  edgeEnergy,
  encode,
  GREY_BACKDROP,
  largeJpeg,
  meanLuma,
  pixel,
  PRODUCT_COLOUR,
  productOnGrey,
} from "./image-fixtures";

async function edit(bytes: Uint8Array, prompt: string, category: Parameters<typeof parseInstruction>[1] = "jewelry", platform: Parameters<typeof parseInstruction>[2] = null) {
  const image = checkImage(bytes);
  const plan = parseInstruction(prompt, category, platform);
  const result = await editLocally({ image, prompt, plan }, { images: env.IMAGES });
  const type = result.type as "image/png" | "image/jpeg";
  return { result, plan, out: await decode(result.bytes, type) };
}

describe("the local image editor", () => {
  // First in the file, so the WebAssembly memories have not yet been grown by other tests.
  it("edits a 12 MP JPEG with pixel work of at most about 2 MP and reports the WebAssembly memory it reached", async () => {
    const jpeg = await largeJpeg(4000);
    const image = checkImage(jpeg);
    expect(image.width * image.height).toBe(12_000_000);
    const plan = parseInstruction("white background, brighten and sharpen", "jewelry", "etsy");
    const started = Date.now();
    const result = await editLocally({ image, prompt: "", plan }, { images: env.IMAGES });
    const ms = Date.now() - started;
    const memory = await wasmMemoryUsage();
    console.log(JSON.stringify({ figure: "12MP JPEG local edit", inputBytes: jpeg.length, ms, wasmMemoryBytes: memory.total, byModule: memory.byModule, workPixels: result.workPixels }));
    expect(result.workPixels).toBeLessThanOrEqual(MAX_WORK_PIXELS);
    // Decoding the whole 12 MP photo in WebAssembly alone would need about 155 MB (DESIGN §5).
    expect(memory.total).toBeLessThan(128 * 1024 * 1024);
    const out = await decode(result.bytes, "image/jpeg");
    expect([out.width, out.height]).toEqual([2000, 2000]);
  });

  it("replaces a grey backdrop with pure white at the borders and leaves the product's pixels as they were", async () => {
    const photo = productOnGrey(600, 450);
    const { out } = await edit(await encode(photo), "white background please", "jewelry", null);
    expect([out.width, out.height]).toEqual([600, 450]);
    for (const [x, y] of [[0, 0], [599, 0], [0, 449], [599, 449], [300, 0], [0, 225], [599, 225], [300, 449], [40, 40]]) {
      expect(pixel(out, x, y)).toEqual([255, 255, 255, 255]);
    }
    for (const [x, y] of [[300, 225], [260, 200], [340, 250], [300, 120], [300, 330]]) {
      expect(pixel(out, x, y)).toEqual([...PRODUCT_COLOUR, 255]);
    }
  });

  it("makes the backdrop transparent in a PNG when asked", async () => {
    const { out, result } = await edit(await encode(productOnGrey(300, 200)), "remove the background, transparent", "decor", null);
    expect(result.type).toBe("image/png");
    expect(pixel(out, 0, 0)[3]).toBe(0);
    expect(pixel(out, 150, 100)).toEqual([...PRODUCT_COLOUR, 255]);
  });

  it("pads to a 2000 px white square for Etsy without cropping the product", async () => {
    const { out } = await edit(await encode(productOnGrey(600, 450)), "beyaz arka plan", "jewelry", "etsy");
    expect([out.width, out.height]).toEqual([2000, 2000]);
    expect(pixel(out, 0, 0)).toEqual([255, 255, 255, 255]);
    expect(pixel(out, 1000, 0)).toEqual([255, 255, 255, 255]);
    // The product's centre, enlarged, keeps its colour.
    const centre = pixel(out, 1000, 1000);
    centre.slice(0, 3).forEach((v, i) => expect(Math.abs(v - PRODUCT_COLOUR[i])).toBeLessThanOrEqual(2));
  });

  it("brightens a dark photo: mean luminance rises", async () => {
    const photo = darkPhoto();
    const { out, plan } = await edit(await encode(photo), "brighten it, the photo is too dark", "crafts", null);
    expect(meanLuma(out)).toBeGreaterThan(meanLuma(photo) + 20);
    expect(describePlan(plan).promptEnhanced).toBe(true);
  });

  it("sharpens a blurred photo: edge energy rises", async () => {
    const photo = blurredPhoto();
    const { out } = await edit(await encode(photo), "sharpen", "art", null);
    expect(edgeEnergy(out)).toBeGreaterThan(edgeEnergy(photo) * 1.15);
  });

  it("cleans up specks with a median filter", async () => {
    const photo = productOnGrey(200, 150);
    // Single bright specks on the backdrop.
    for (let i = 0; i < 40; i++) {
      const o = ((10 + (i % 5) * 7) * 200 + 10 + i * 4) * 4;
      photo.data[o] = photo.data[o + 1] = photo.data[o + 2] = 255;
    }
    const { out } = await edit(await encode(photo), "remove the dust and noise", "clothing", null);
    const o = (10 * 200 + 10) * 4;
    expect(Math.abs(out.data[o] - GREY_BACKDROP[0])).toBeLessThan(20);
  });
});

describe("the instruction parser", () => {
  it("understands Turkish keywords", () => {
    const plan = parseInstruction("arka planı beyaz yap, biraz aydınlat ve netleştir", "jewelry", "ebay");
    expect(plan.operations.map((o) => o.op)).toEqual(["background", "levels", "brightness", "sharpen"]);
  });

  it("forces a pure white background for Amazon and says so", () => {
    const plan = parseInstruction("sharpen", "accessories", "amazon");
    const background = plan.operations.find((o) => o.op === "background");
    expect(background).toMatchObject({ colour: [255, 255, 255] });
    const { enhancedPrompt, promptEnhanced } = describePlan(plan);
    expect(promptEnhanced).toBe(true);
    expect(enhancedPrompt).toContain("pure white");
    expect(enhancedPrompt).toContain("Amazon");
  });

  it("gives a vague request the category's usual edits", () => {
    expect(parseInstruction("make it look professional", "jewelry", null).operations.map((o) => o.op)).toEqual(["levels", "contrast", "sharpen"]);
    expect(parseInstruction("make it look professional", "art", null).operations.map((o) => o.op)).toEqual(["sharpen"]);
  });

  it("does not claim an enhancement when the plan is exactly the request", () => {
    const plan = parseInstruction("white background", "decor", null);
    expect(describePlan(plan)).toEqual({ enhancedPrompt: "Replace the background with pure white.", promptEnhanced: false });
  });

  it("reads a hex background colour", () => {
    const plan = parseInstruction("background #FFEEDD", "decor", null);
    expect(plan.operations[0]).toMatchObject({ op: "background", colour: [255, 238, 221] });
  });
});
