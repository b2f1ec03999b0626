import { env } from "cloudflare:test";
import { exports } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { isComplete, readImageHeader, readOrientation, sniffImageType } from "../../worker/domain/images/formats";
import { parseInstruction } from "../../worker/domain/images/instruction-parser";
import { checkImage, decodeDataUrl } from "../../worker/domain/images/upload";
import { editLocally } from "../../worker/providers/images/local-editor";
import { api, registerUser } from "./helpers";
import { dataUrl, encode, hasGpsTag, productOnGrey, withGpsExif } from "./image-fixtures";

const TOO_LARGE = "Image size exceeds 5MB limit. Please select a smaller image.";
const UNREADABLE = "Failed to read the image file. Please try another image.";

function pngHeaderClaiming(width: number, height: number) {
  const bytes = new Uint8Array(8 + 25 + 12);
  bytes.set([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a], 0);
  const view = new DataView(bytes.buffer);
  view.setUint32(8, 13);
  bytes.set([0x49, 0x48, 0x44, 0x52], 12);
  view.setUint32(16, width);
  view.setUint32(20, height);
  bytes.set([8, 6, 0, 0, 0], 24);
  view.setUint32(33, 0);
  bytes.set([0x49, 0x45, 0x4e, 0x44], 37);
  return bytes;
}

function multipart(files: { name: string; bytes: Uint8Array; type: string }[], fields: Record<string, string>) {
  const form = new FormData();
  for (const f of files) form.append("images", new File([f.bytes as Uint8Array<ArrayBuffer>], f.name, { type: f.type }));
  for (const [k, v] of Object.entries(fields)) form.set(k, v);
  return form;
}

async function postBatch(token: string, form: FormData) {
  return exports.default.fetch(new Request("http://localhost/api/batches", { method: "POST", headers: { Authorization: `Bearer ${token}` }, body: form }));
}

describe("image uploads", () => {
  it("refuses a text file named .png with 415, whatever type it declares", async () => {
    const { token } = await registerUser();
    const text = new TextEncoder().encode("this is not an image, only text pretending to be a png");
    const res = await api("/edit-image", { token, body: { image: dataUrl(text, "image/png"), prompt: "white background", fileName: "photo.png" } });
    expect(res.status).toBe(415);
    const body = await res.json<any>();
    expect(body.message).toBe("Only JPEG, PNG or WEBP images are accepted. Please select an image file.");
    expect(body.code).toBe("unsupported-media-type");
    expect(body).not.toHaveProperty("error");
  });

  it("accepts a PNG labelled as JPEG and treats it as the PNG it is", async () => {
    const { token } = await registerUser();
    const png = await encode(productOnGrey(160, 120));
    const res = await api("/edit-image", { token, body: { image: dataUrl(png, "image/jpeg"), prompt: "white background", platform: "ebay" } });
    expect(res.status).toBe(200);
    const body = await res.json<any>();
    expect(body.result.image).toMatch(/^data:image\/png;base64,/);
    const original = await api(`/images/${body.result.originalImageId}`, { token });
    expect(original.headers.get("Content-Type")).toBe("image/png");
  });

  it("refuses a 6 MB file with 413 and the SPEC's message", async () => {
    const { token } = await registerUser();
    const big = new Uint8Array(6 * 1024 * 1024);
    big.set([0xff, 0xd8, 0xff, 0xe0], 0);
    const res = await api("/edit-image", { token, body: { image: dataUrl(big, "image/jpeg"), prompt: "sharpen" } });
    expect(res.status).toBe(413);
    expect((await res.json<any>()).message).toBe(TOO_LARGE);
  });

  it("refuses a file just over 5 MB from its encoded length, before decoding it", () => {
    const encodedLength = Math.ceil(((5 * 1024 * 1024 + 10) / 3) * 4);
    const url = `data:image/png;base64,${"A".repeat(encodedLength)}`;
    expect(() => decodeDataUrl(url)).toThrow(TOO_LARGE);
  });

  it("refuses a PNG whose header claims 50,000 x 50,000 pixels, from the header alone", async () => {
    const { token } = await registerUser();
    const res = await api("/edit-image", { token, body: { image: dataUrl(pngHeaderClaiming(50_000, 50_000)), prompt: "white background" } });
    expect(res.status).toBe(413);
    const body = await res.json<any>();
    expect(body.message).toBe("Image dimensions are too large: at most 12,000 pixels a side and 40 megapixels. Please select a smaller image.");
    expect(body.details).toContain("50000 x 50000");
  });

  it("refuses a truncated JPEG with 400 and the read-failure message", async () => {
    const { token } = await registerUser();
    const jpeg = await encode(productOnGrey(300, 200), "image/jpeg");
    const truncated = jpeg.subarray(0, Math.floor(jpeg.length * 0.6));
    const res = await api("/edit-image", { token, body: { image: dataUrl(truncated, "image/jpeg"), prompt: "sharpen" } });
    expect(res.status).toBe(400);
    expect((await res.json<any>()).message).toBe(UNREADABLE);
  });

  it("refuses 11 files in one batch with the SPEC's message", async () => {
    const { token } = await registerUser();
    const png = await encode(productOnGrey(40, 30));
    const files = Array.from({ length: 11 }, (_, i) => ({ name: `p${i}.png`, bytes: png, type: "image/png" }));
    const res = await postBatch(token, multipart(files, { prompt: "white background" }));
    expect(res.status).toBe(400);
    expect((await res.json<any>()).message).toBe("You can only upload up to 10 images at a time.");
    const json = await api("/batches", { token, body: { images: files.map((f) => dataUrl(f.bytes)), prompt: "white background" } });
    expect(json.status).toBe(400);
    expect((await json.json<any>()).message).toBe("You can only upload up to 10 images at a time.");
  });

  it("refuses a batch holding a text file named .png with the SPEC's batch message", async () => {
    const { token } = await registerUser();
    const png = await encode(productOnGrey(40, 30));
    const res = await postBatch(
      token,
      multipart(
        [
          { name: "a.png", bytes: png, type: "image/png" },
          { name: "notes.png", bytes: new TextEncoder().encode("hello"), type: "image/png" },
        ],
        { prompt: "sharpen" },
      ),
    );
    expect(res.status).toBe(415);
    expect((await res.json<any>()).message).toBe("1 file(s) are not images. Please select only image files.");
  });

  it("refuses a batch without a prompt with the SPEC's batch message", async () => {
    const { token } = await registerUser();
    const png = await encode(productOnGrey(40, 30));
    const res = await postBatch(token, multipart([{ name: "a.png", bytes: png, type: "image/png" }], { prompt: " " }));
    expect(res.status).toBe(400);
    expect((await res.json<any>()).message).toBe("Please select images and enter a prompt");
  });

  it("removes EXIF GPS from the stored original and the result, keeping the orientation", async () => {
    const { token } = await registerUser();
    const jpeg = withGpsExif(await encode(productOnGrey(200, 150), "image/jpeg"));
    expect(hasGpsTag(jpeg)).toBe(true);
    const res = await api("/edit-image", { token, body: { image: dataUrl(jpeg, "image/jpeg"), prompt: "brighten", platform: "ebay" } });
    expect(res.status).toBe(200);
    const body = await res.json<any>();
    for (const id of [body.result.originalImageId, body.result.imageId]) {
      const stored = new Uint8Array(await (await api(`/images/${id}`, { token })).arrayBuffer());
      expect(sniffImageType(stored)).toBe("image/jpeg");
      expect(hasGpsTag(stored)).toBe(false);
    }
  });
});

describe("image headers", () => {
  it("reads JPEG and PNG sizes without decoding", async () => {
    const png = await encode(productOnGrey(123, 45));
    const jpeg = await encode(productOnGrey(67, 89), "image/jpeg");
    expect(readImageHeader(png)).toEqual({ type: "image/png", width: 123, height: 45 });
    expect(readImageHeader(jpeg)).toEqual({ type: "image/jpeg", width: 67, height: 89 });
    expect(isComplete(jpeg, "image/jpeg")).toBe(true);
    expect(isComplete(png.subarray(0, png.length - 5), "image/png")).toBe(false);
  });

  it("reads a lossless WEBP header", () => {
    // RIFF....WEBPVP8L, size 5, signature 0x2f, then 14-bit width-1 and height-1.
    const w = 300 - 1;
    const h = 200 - 1;
    const bits = w | (h << 14);
    const bytes = new Uint8Array([
      0x52,
      0x49,
      0x46,
      0x46,
      22,
      0,
      0,
      0,
      0x57,
      0x45,
      0x42,
      0x50,
      0x56,
      0x50,
      0x38,
      0x4c,
      5,
      0,
      0,
      0,
      0x2f,
      bits & 0xff,
      (bits >> 8) & 0xff,
      (bits >> 16) & 0xff,
      (bits >>> 24) & 0xff,
      0,
      0,
      0,
      0,
      0,
    ]);
    expect(readImageHeader(bytes)).toEqual({ type: "image/webp", width: 300, height: 200 });
  });

  it("keeps only the orientation when stripping a JPEG for storage, and the editor turns the pixels upright", async () => {
    const jpeg = withGpsExif(await encode(productOnGrey(40, 30), "image/jpeg"), 6);
    expect(readOrientation(jpeg, "image/jpeg")).toBe(6);
    const checked = checkImage(jpeg);
    expect(hasGpsTag(checked.stored)).toBe(false);
    expect(readOrientation(checked.stored, "image/jpeg")).toBe(6);
    expect(readOrientation(checked.clean, "image/jpeg")).toBe(1);
    const plan = parseInstruction("sharpen", "art", null);
    const result = await editLocally({ image: checked, prompt: "sharpen", plan }, { images: env.IMAGES });
    expect(readImageHeader(result.bytes)).toMatchObject({ width: 30, height: 40 });
  });
});
