import { describe, expect, it } from "vitest";
import { api, registerUser } from "./helpers";
import { dataUrl, decode, encode, fromDataUrl, pixel, PRODUCT_COLOUR, productOnGrey } from "./image-fixtures";

async function productDataUrl(width = 600, height = 450) {
  return dataUrl(await encode(productOnGrey(width, height)), "image/png");
}

async function usedEdits(token: string) {
  const res = await api("/edit-image/quota", { token });
  return (await res.json<{ used: number }>()).used;
}

describe("POST /api/edit-image", () => {
  it("answers the edited image as a data URL, stores it, and charges one edit", async () => {
    const { token } = await registerUser();
    const res = await api("/edit-image", { token, body: { image: await productDataUrl(), prompt: "white background", category: "jewelry", platform: "ebay", featureKey: "edit-image" } });
    expect(res.status).toBe(200);
    const body = await res.json<any>();
    expect(body).toMatchObject({ success: true, provider: "local", promptEnhanced: true });
    expect(body.result.image).toMatch(/^data:image\/png;base64,/);
    expect(body.enhancedPrompt).toContain("pure white");
    expect(body.responseText).toContain("local image editor");
    expect([body.result.width, body.result.height]).toEqual([600, 450]);
    const out = await decode(fromDataUrl(body.result.image), "image/png");
    expect(pixel(out, 0, 0)).toEqual([255, 255, 255, 255]);
    expect(pixel(out, 300, 225)).toEqual([...PRODUCT_COLOUR, 255]);
    expect(await usedEdits(token)).toBe(1);

    const stored = await api(`/images/${body.result.imageId}`, { token });
    expect(stored.status).toBe(200);
    expect(stored.headers.get("Content-Type")).toBe("image/png");
    expect(stored.headers.get("X-Content-Type-Options")).toBe("nosniff");
    expect(stored.headers.get("Cache-Control")).toMatch(/^private/);
    expect(new Uint8Array(await stored.arrayBuffer())).toEqual(fromDataUrl(body.result.image));
    const original = await api(`/images/${body.result.originalImageId}`, { token });
    expect(original.status).toBe(200);
  });

  it("uses the defaults etsy and jewelry: a 2000 px square", async () => {
    const { token } = await registerUser();
    const res = await api("/edit-image", { token, body: { image: await productDataUrl(300, 200), prompt: "white background" } });
    const body = await res.json<any>();
    expect(res.status).toBe(200);
    expect([body.result.width, body.result.height]).toEqual([2000, 2000]);
  });

  it("refuses a missing prompt with the SPEC's message and charges nothing", async () => {
    const { token } = await registerUser();
    const res = await api("/edit-image", { token, body: { image: await productDataUrl(100, 80), prompt: "   " } });
    expect(res.status).toBe(400);
    const body = await res.json<any>();
    expect(body).toMatchObject({ success: false, message: "Please select an image and enter a prompt" });
    expect(body.code).toBe("validation-failed");
    expect(body).not.toHaveProperty("error");
    expect(await usedEdits(token)).toBe(0);
  });

  it("refuses a missing image with the SPEC's message", async () => {
    const { token } = await registerUser();
    const res = await api("/edit-image", { token, body: { prompt: "white background" } });
    expect(res.status).toBe(400);
    expect((await res.json<any>()).message).toBe("Please select an image and enter a prompt");
  });

  it("gives the unit back when the edit fails after the quota was reserved", async () => {
    const { token } = await registerUser();
    // A PNG whose chunks are all present but whose pixel data is garbage: it fails in the decoder.
    const png = await encode(productOnGrey(120, 90));
    const broken = new Uint8Array(png);
    for (let i = 60; i < broken.length - 20; i++) broken[i] = (i * 37) & 0xff;
    const res = await api("/edit-image", { token, body: { image: dataUrl(broken), prompt: "sharpen", platform: "ebay" } });
    expect(res.status).toBe(400);
    expect((await res.json<any>()).message).toBe("Failed to read the image file. Please try another image.");
    expect(await usedEdits(token)).toBe(0);
  });

  it("answers 403 with the quota once the day's edits are used up", async () => {
    const { token } = await registerUser();
    for (let i = 0; i < 10; i++) await api("/increment-quota", { token, body: { featureKey: "edit-image" } });
    const res = await api("/edit-image", { token, body: { image: await productDataUrl(100, 80), prompt: "sharpen" } });
    expect(res.status).toBe(403);
    const body = await res.json<any>();
    expect(body).toMatchObject({ success: false, code: "quota-exhausted", quota: { feature: "edit-image", used: 10, limit: 10, plan: "free" } });
    expect(typeof body.details).toBe("string");
  });

  it("answers 429 with Retry-After to a burst of edit requests", async () => {
    const { token } = await registerUser();
    for (let i = 0; i < 20; i++) await api("/edit-image", { token, body: { prompt: "" } });
    const res = await api("/image/edit/gpt", { token, body: { prompt: "" } });
    expect(res.status).toBe(429);
    expect(Number(res.headers.get("Retry-After"))).toBeGreaterThan(0);
    expect(await res.json<any>()).toMatchObject({ success: false, message: "Too many requests: Please wait a moment before trying again.", code: "rate-limited" });
  });

  it("calls a complete edit a success and lists nothing as not done", async () => {
    const { token } = await registerUser();
    const body = await (await api("/edit-image", { token, body: { image: await productDataUrl(200, 150), prompt: "white background, sharpen", platform: "ebay" } })).json<any>();
    expect(body.message).toBe("Image edited successfully");
    expect(body.notApplied).toEqual([]);
    expect(body.result.notApplied).toEqual([]);
  });

  it("says which part of an instruction was not done and why, without calling it a success", async () => {
    const { token } = await registerUser();
    const res = await api("/edit-image", { token, body: { image: await productDataUrl(200, 150), prompt: "Brighten it and remove the text from the mug", platform: "ebay" } });
    expect(res.status).toBe(200);
    const body = await res.json<any>();
    expect(body.message).not.toBe("Image edited successfully");
    expect(body.message).toBe("Image edited, but 1 part of the instruction was not done");
    expect(body.notApplied).toEqual([{ instruction: "remove the text from the mug", reason: expect.stringMatching(/generative AI editor/) }]);
    expect(body.result.notApplied).toEqual(body.notApplied);
    expect(body.responseText).toContain("Not done: remove the text from the mug");
    expect(body.enhancedPrompt).toMatch(/brighten/i);
    expect(await usedEdits(token)).toBe(1);
  });

  it("refuses an instruction it cannot do at all with a 422 that says why, and charges nothing", async () => {
    const { token } = await registerUser();
    for (const prompt of ["remove the text from the mug", "place it on a wooden table", "add a soft shadow"]) {
      const res = await api("/edit-image", { token, body: { image: await productDataUrl(120, 90), prompt, platform: "etsy" } });
      expect(res.status).toBe(422);
      const body = await res.json<any>();
      expect(body).toMatchObject({ success: false, message: "The image was not edited: the offline editor cannot do what was asked.", code: "instruction-not-supported" });
      expect(body.message).not.toMatch(/edited successfully/i);
      expect(body.notApplied).toEqual([{ instruction: prompt, reason: expect.any(String) }]);
      expect(body.details).toContain(body.notApplied[0].reason);
    }
    expect(await usedEdits(token)).toBe(0);
  });

  it("refuses a batch whose whole instruction the offline editor cannot do, before anything is stored or charged", async () => {
    const { token } = await registerUser();
    const url = await productDataUrl(80, 60);
    const res = await api("/batches", { token, body: { images: [url, url], prompt: "place it on a wooden table", platform: "ebay" } });
    expect(res.status).toBe(422);
    const body = await res.json<any>();
    expect(body).toMatchObject({ success: false, code: "instruction-not-supported", notApplied: [{ instruction: "place it on a wooden table" }] });
    expect(await usedEdits(token)).toBe(0);
  });

  it("keeps the background when told to and makes it white when told to", async () => {
    const { token } = await registerUser();
    const keep = await (await api("/edit-image", { token, body: { image: await productDataUrl(200, 150), prompt: "brighten, keep the background", platform: "ebay" } })).json<any>();
    const kept = await decode(fromDataUrl(keep.result.image), "image/png");
    // eBay enlarges to 500 px: compare the corners (backdrop) with the original's, and the centre (product).
    const original = productOnGrey(200, 150);
    for (const [[x, y], [X, Y]] of [
      [
        [0, 0],
        [0, 0],
      ],
      [
        [199, 149],
        [499, 374],
      ],
      [
        [199, 0],
        [499, 0],
      ],
    ]) {
      pixel(kept, X, Y).forEach((v, i) => expect(Math.abs(v - pixel(original, x, y)[i])).toBeLessThanOrEqual(2));
    }
    expect(Math.max(...pixel(kept, 250, 187).slice(0, 3))).toBeGreaterThan(PRODUCT_COLOUR[2] + 20);
    expect(keep.notApplied).toEqual([]);
    const white = await (await api("/edit-image", { token, body: { image: await productDataUrl(200, 150), prompt: "remove the background, make it white", platform: "ebay" } })).json<any>();
    const whitened = await decode(fromDataUrl(white.result.image), "image/png");
    expect(pixel(whitened, 0, 0)).toEqual([255, 255, 255, 255]);
    expect(pixel(whitened, 499, 374)).toEqual([255, 255, 255, 255]);
  });

  it("needs a signed-in user", async () => {
    const res = await api("/edit-image", { body: { image: "data:image/png;base64,AAAA", prompt: "x" } });
    expect(res.status).toBe(401);
  });
});

describe("POST /api/image/edit/gpt", () => {
  it("uses the local editor when no OpenAI key is configured, and says so", async () => {
    const { token } = await registerUser();
    const res = await api("/image/edit/gpt", { token, body: { image: await productDataUrl(200, 150), prompt: "make the background white" } });
    expect(res.status).toBe(200);
    const body = await res.json<any>();
    expect(body.provider).toBe("local");
    expect(body.result.image).toMatch(/^data:image\/png;base64,/);
    expect(body.result.responseText).toContain("No OpenAI API key is configured");
    expect(body.responseText).toBe(body.result.responseText);
    expect(typeof body.promptEnhanced).toBe("boolean");
    expect(typeof body.enhancedPrompt).toBe("string");
    // No marketplace preset in the GPT editor: the size stays.
    expect([body.result.width, body.result.height]).toEqual([200, 150]);
    expect(await usedEdits(token)).toBe(1);
  });

  it("names the serving editor for the screen's button", async () => {
    const { token } = await registerUser();
    const body = await (await api("/image/provider", { token })).json<any>();
    expect(body.data).toMatchObject({ provider: "local", gptProvider: "local", offline: true });
    const health = await (await api("/health")).json<any>();
    expect(JSON.stringify(health)).toContain('"images":"local"');
  });
});

describe("GET /api/images/:id", () => {
  it("is a 404 for another user's image and for their file", async () => {
    const owner = await registerUser();
    const other = await registerUser();
    const res = await api("/edit-image", { token: owner.token, body: { image: await productDataUrl(100, 80), prompt: "sharpen", platform: "ebay" } });
    const { result } = await res.json<any>();
    for (const path of [`/images/${result.imageId}`, `/images/${result.originalImageId}`, `/files/${result.imageId}`]) {
      const theirs = await api(path, { token: other.token });
      expect(theirs.status).toBe(404);
    }
    expect((await api(`/images/${result.imageId}`, { token: owner.token })).status).toBe(200);
    expect((await api(`/images/00000000-0000-0000-0000-000000000000`, { token: owner.token })).status).toBe(404);
  });
});
