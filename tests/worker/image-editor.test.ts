import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { wasmMemoryUsage } from "../../worker/domain/images/codecs";
import { describePlan, parseInstruction } from "../../worker/domain/images/instruction-parser";
import { checkImage } from "../../worker/domain/images/upload";
import { editLocally, MAX_WORK_PIXELS, MAX_WORK_SIDE } from "../../worker/providers/images/local-editor";
import {
  blurredPhoto,
  colouredProduct,
  darkPhoto,
  decode,
  edgeEnergy,
  encode,
  GREY_BACKDROP,
  largeJpeg,
  locate,
  meanHueShift,
  meanLuma,
  pixel,
  PRODUCT_COLOUR,
  PRODUCT_COLOURS,
  productOnGrey,
  regionChange,
  type ColouredProduct,
  type Pixels,
  type Rgb3,
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
  it("edits a 12 MP JPEG at 2000 px on its long side and reports the WebAssembly memory it reached", async () => {
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
  }, 60_000);

  it("keeps at least 2000 px on the long side of a larger photo when no marketplace preset asks otherwise", async () => {
    const jpeg = await largeJpeg(3200);
    for (const platform of [null, "ebay"] as const) {
      const { out, result } = await edit(jpeg, "brighten and sharpen", "clothing", platform);
      console.log(JSON.stringify({ figure: "long side of a 3200 x 2400 photo", platform, width: out.width, height: out.height, workPixels: result.workPixels }));
      expect(Math.max(out.width, out.height)).toBe(MAX_WORK_SIDE);
      expect(out.width / out.height).toBeCloseTo(3200 / 2400, 2);
    }
  }, 60_000);

  it("replaces a grey backdrop with pure white at the borders and leaves the product's pixels as they were", async () => {
    const photo = productOnGrey(600, 450);
    const { out } = await edit(await encode(photo), "white background please", "jewelry", null);
    expect([out.width, out.height]).toEqual([600, 450]);
    for (const [x, y] of [
      [0, 0],
      [599, 0],
      [0, 449],
      [599, 449],
      [300, 0],
      [0, 225],
      [599, 225],
      [300, 449],
      [40, 40],
    ]) {
      expect(pixel(out, x, y)).toEqual([255, 255, 255, 255]);
    }
    for (const [x, y] of [
      [300, 225],
      [260, 200],
      [340, 250],
      [300, 120],
      [300, 330],
    ]) {
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

/** The backdrops the colour fixtures stand on: warm off-white, neutral grey, cool white, warm grey. */
const BACKDROPS: Record<keyof typeof PRODUCT_COLOURS, Rgb3> = {
  mustard: [236, 233, 226],
  teal: [214, 214, 217],
  red: [232, 235, 238],
  navy: [205, 200, 192],
};

/** Every edit the local editor offers, as a seller would ask for it. */
const COLOUR_PROMPTS = [
  "brighten",
  "white background",
  "white balance",
  "more contrast",
  "make it warmer",
  "make it cooler",
  "sharpen",
  "remove the dust",
  "remove the background",
  "remove background, make it white, brighten",
  "make it look professional",
];

const fixtures = new Map<string, ColouredProduct>();
function fixture(name: keyof typeof PRODUCT_COLOURS) {
  let found = fixtures.get(name);
  if (!found) {
    // Slightly under-exposed (0.85), as the photos sellers brighten are.
    found = colouredProduct(name, PRODUCT_COLOURS[name], { width: 360, height: 270, backdrop: BACKDROPS[name], exposure: 0.85 });
    fixtures.set(name, found);
  }
  return found;
}

describe("the local image editor keeps the product's colours", () => {
  for (const name of Object.keys(PRODUCT_COLOURS) as (keyof typeof PRODUCT_COLOURS)[]) {
    for (const platform of [null, "etsy", "amazon", "ebay"] as const) {
      it(`keeps the hue of a ${name} product within 3 degrees for every edit${platform ? ` with the ${platform} preset` : ""}`, async () => {
        const fx = fixture(name);
        const bytes = await encode(fx.photo);
        const report: Record<string, number> = {};
        for (const prompt of COLOUR_PROMPTS) {
          const { out } = await edit(bytes, prompt, "clothing", platform);
          const shift = meanHueShift(fx.photo, out, fx.product);
          expect(shift.pixels).toBeGreaterThan(5000);
          report[prompt] = Math.round(shift.degrees * 100) / 100;
        }
        console.log(JSON.stringify({ figure: "mean hue shift of the product, degrees", fixture: name, colour: PRODUCT_COLOURS[name], platform, ...report }));
        for (const [prompt, degrees] of Object.entries(report)) expect({ prompt, degrees: degrees < 3 }).toEqual({ prompt, degrees: true });
      }, 120_000);
    }
  }

  it("brightens the mustard beanie without turning it orange, on a white background", async () => {
    const fx = fixture("mustard");
    const { out } = await edit(await encode(fx.photo), "remove background, make it white, brighten", "clothing", null);
    expect(meanHueShift(fx.photo, out, fx.product).degrees).toBeLessThan(3);
    // Brighter: the product's mean value rises.
    expect(meanValue(out, fx.product, fx.photo)).toBeGreaterThan(meanValue(fx.photo, fx.product, fx.photo) + 15);
    // White, not transparent.
    expect(backdropPixels(fx.photo, out, fx.backdrop).every((p) => p.join() === "255,255,255,255")).toBe(true);
  });

  it("keeps the hue on a large photo measured on a small copy and edited at full size", async () => {
    const fx = colouredProduct("teal", PRODUCT_COLOURS.teal, { width: 600, height: 450, backdrop: BACKDROPS.teal, exposure: 0.85 });
    const big = await env.IMAGES.input(new Blob([(await encode(fx.photo)) as Uint8Array<ArrayBuffer>]).stream())
      .transform({ width: 2600 })
      .output({ format: "image/jpeg", quality: 95 });
    const jpeg = new Uint8Array(await new Response(big.image()).arrayBuffer());
    const { out } = await edit(jpeg, "white background, brighten, white balance", "clothing", null);
    expect(Math.max(out.width, out.height)).toBe(MAX_WORK_SIDE);
    expect(meanHueShift(fx.photo, out, fx.product).degrees).toBeLessThan(3);
    const backdrop = backdropPixels(fx.photo, out, fx.backdrop);
    expect(backdrop.filter((p) => p.join() === "255,255,255,255").length / backdrop.length).toBeGreaterThan(0.99);
  }, 60_000);

  it("white-balances from the backdrop: a warm cast leaves the backdrop, the product keeps its hue", async () => {
    const fx = colouredProduct("red", PRODUCT_COLOURS.red, { width: 360, height: 270, backdrop: [242, 226, 200] });
    const { out } = await edit(await encode(fx.photo), "fix the white balance", "clothing", null);
    const castBefore = meanCast(fx.photo, fx.backdrop);
    const castAfter = meanCast(out, fx.backdrop);
    expect(castAfter).toBeLessThan(castBefore * 0.6);
    expect(meanHueShift(fx.photo, out, fx.product).degrees).toBeLessThan(3);
  });
});

describe("the local editor follows or refuses each instruction", () => {
  it("keeps the background when asked: backdrop pixels unchanged, the product brightened", async () => {
    const fx = fixture("navy");
    const { out, result, plan } = await edit(await encode(fx.photo), "brighten the product but keep the background", "clothing", null);
    expect(plan.operations.some((o) => o.op === "background")).toBe(false);
    const change = regionChange(fx.photo, out, fx.backdrop);
    expect(change.maxDiff).toBeLessThanOrEqual(2);
    expect(change.minAlpha).toBe(255);
    expect(meanValue(out, fx.product, fx.photo)).toBeGreaterThan(meanValue(fx.photo, fx.product, fx.photo) + 10);
    expect(result.responseText).toContain("leave the background as it is");
  });

  it("makes the background opaque white when told 'remove the background, make it white'", async () => {
    const fx = fixture("teal");
    const { out, result } = await edit(await encode(fx.photo), "remove the background, make it white", "clothing", null);
    expect(result.type).toBe("image/png");
    expect(backdropPixels(fx.photo, out, fx.backdrop).every((p) => p.join() === "255,255,255,255")).toBe(true);
  });

  it("still makes the background transparent when only its removal is asked", async () => {
    const fx = fixture("red");
    const { out } = await edit(await encode(fx.photo), "remove the background", "clothing", null);
    expect(backdropPixels(fx.photo, out, fx.backdrop).every((p) => p[3] === 0)).toBe(true);
    expect(regionChange(fx.photo, out, fx.product).minAlpha).toBe(255);
  });

  it("says plainly what it cannot do offline, with the reason, and plans nothing for it", () => {
    for (const prompt of ["remove the text from the mug", "place it on a wooden table", "add a shadow", "blur the background", "make the beanie red", "crop it tighter"]) {
      const plan = parseInstruction(prompt, "decor", null);
      expect(plan.operations).toEqual([]);
      expect(plan.notApplied).toHaveLength(1);
      expect(plan.notApplied[0].instruction.toLowerCase()).toBe(prompt);
      expect(plan.notApplied[0].reason.length).toBeGreaterThan(30);
    }
    const mixed = parseInstruction("Brighten it and remove the text from the mug", "decor", null);
    expect(mixed.operations.map((o) => o.op)).toEqual(["levels", "brightness"]);
    expect(mixed.notApplied).toEqual([{ instruction: "remove the text from the mug", reason: expect.stringContaining("generative") }]);
    // "blur the background" must not read as "sharpen".
    expect(parseInstruction("blur the background", "art", null).operations).toEqual([]);
  });

  it("tells the seller when Amazon's white background overrides 'keep the background'", () => {
    const plan = parseInstruction("keep the background, sharpen", "decor", "amazon");
    expect(plan.operations.find((o) => o.op === "background")).toMatchObject({ colour: [255, 255, 255] });
    expect(plan.keepBackground).toBe(false);
    expect(plan.notApplied).toEqual([{ instruction: "keep the background", reason: expect.stringContaining("Amazon") }]);
  });
});

/** Pixels of the edited picture where the original's backdrop mask is set. */
function backdropPixels(original: Pixels, edited: Pixels, region: Uint8Array) {
  const out: number[][] = [];
  for (let p = 0; p < region.length; p++) {
    if (!region[p]) continue;
    const [X, Y] = locate(original, edited, p % original.width, Math.floor(p / original.width));
    out.push(pixel(edited, X, Y));
  }
  return out;
}

/** Mean value (largest channel) of a picture over a region given in the original's coordinates. */
function meanValue(img: Pixels, region: Uint8Array, original: Pixels) {
  let sum = 0;
  let n = 0;
  for (let p = 0; p < region.length; p++) {
    if (!region[p]) continue;
    const [X, Y] = locate(original, img, p % original.width, Math.floor(p / original.width));
    const [r, g, b] = pixel(img, X, Y);
    sum += Math.max(r, g, b);
    n++;
  }
  return sum / n;
}

/** Mean colour cast of a region: the spread between its largest and smallest channel means. */
function meanCast(img: Pixels, region: Uint8Array) {
  const sum = [0, 0, 0];
  let n = 0;
  for (let p = 0; p < region.length; p++) {
    if (!region[p]) continue;
    for (let c = 0; c < 3; c++) sum[c] += img.data[p * 4 + c];
    n++;
  }
  const mean = sum.map((v) => v / n);
  return Math.max(...mean) - Math.min(...mean);
}

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

  it("reads Turkish instructions to keep the background and refuses Turkish ones it cannot do", () => {
    const keep = parseInstruction("arka planı koru, biraz aydınlat", "decor", null);
    expect(keep.keepBackground).toBe(true);
    expect(keep.operations.map((o) => o.op)).toEqual(["levels", "brightness"]);
    const refused = parseInstruction("yazıyı sil", "decor", null);
    expect(refused.operations).toEqual([]);
    expect(refused.notApplied).toEqual([{ instruction: "yazıyı sil", reason: expect.stringContaining("generative") }]);
    expect(parseInstruction("ahşap masaya koy", "decor", null).notApplied).toHaveLength(1);
    expect(parseInstruction("gölge ekle", "decor", null).notApplied).toHaveLength(1);
  });

  it("does not refuse what it can do: dust, a plain background put in words, a colour for the background", () => {
    for (const [prompt, ops] of [
      ["remove the dust and specks", ["denoise"]],
      ["put it on a white background", ["background"]],
      ["set the background to light grey", ["background"]],
      ["remove the background, make it white", ["background"]],
      ["make it pop", ["contrast"]],
    ] as const) {
      const plan = parseInstruction(prompt, "decor", null);
      expect({ prompt, ops: plan.operations.map((o) => o.op), notApplied: plan.notApplied }).toEqual({ prompt, ops, notApplied: [] });
    }
    expect(parseInstruction("set the background to light grey", "decor", null).operations[0]).toMatchObject({ colour: [235, 235, 235] });
    expect(parseInstruction("remove the background, make it white", "decor", null).operations[0]).toMatchObject({ colour: [255, 255, 255] });
    expect(parseInstruction("remove the background", "decor", null).operations[0]).toMatchObject({ colour: "transparent" });
  });

  it("reads a hex background colour", () => {
    const plan = parseInstruction("background #FFEEDD", "decor", null);
    expect(plan.operations[0]).toMatchObject({ op: "background", colour: [255, 238, 221] });
  });
});
