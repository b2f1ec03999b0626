import { env } from "cloudflare:test";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { Env } from "../../worker/lib/env";
import { HttpError, UpstreamError } from "../../worker/lib/errors";
import { cutoutProviderName, selectCutoutProvider, type ImageEnv } from "../../worker/providers/images";
import { retryAfterSeconds, type CutoutProvider } from "../../worker/providers/images/cutout";
import { photoroomProvider } from "../../worker/providers/images/photoroom";
import { removeBgProvider } from "../../worker/providers/images/remove-bg";
import { api } from "./helpers";
import { fakePhotoroom, fakeRemoveBg, photoroomError, removeBgError, type FakeVendor } from "./cutout-fakes";
import { decode, encode, pixel, productOnGrey } from "./image-fixtures";

const photo = async () => ({ bytes: await encode(productOnGrey(160, 120)), type: "image/png" as const });

async function failureOf(provider: CutoutProvider) {
  return provider.cutOut(await photo()).then(
    () => {
      throw new Error("expected the cut-out to fail");
    },
    (error: unknown) => error as HttpError,
  );
}

/** Every vendor error the seller can meet, in the vendor's own shape, and what we must say. */
function expectNamesVendorNotKey(error: HttpError, label: string, key: string) {
  expect(error.message).toContain(label);
  expect(error.message).not.toContain(key);
  expect(JSON.stringify(error.extra)).not.toContain(key);
}

describe("Photoroom's Remove Background API", () => {
  const KEY = "pr_live_0123456789abcdefghijklmnopqrstuv";
  const provider = (fake: FakeVendor, timeoutMs?: number) => photoroomProvider({ apiKey: KEY, fetch: fake.fetch, timeoutMs });

  it("sends the photo as multipart image_file with format png, size full and crop false to /v1/segment with the key in x-api-key, and reads the transparent PNG it answers", async () => {
    const fake = fakePhotoroom(KEY);
    const sent = await photo();
    const result = await provider(fake).cutOut(sent);
    expect(fake.calls).toHaveLength(1);
    const [call] = fake.calls;
    expect(call.method).toBe("POST");
    expect(call.url.href).toBe("https://sdk.photoroom.com/v1/segment");
    expect(call.headers.get("x-api-key")).toBe(KEY);
    expect(call.fields).toEqual({ format: "png", size: "full", crop: "false" });
    expect(call.image?.type).toBe("image/png");
    expect(call.image?.bytes).toEqual(sent.bytes);
    expect(result).toMatchObject({ type: "image/png", width: 160, height: 120 });
    const cut = await decode(result.bytes, "image/png");
    expect(pixel(cut, 2, 2)[3]).toBe(0);
    expect(pixel(cut, 80, 60)).toEqual([40, 90, 200, 255]);
  });

  it("goes to PHOTOROOM_API_URL when one is set, with or without a trailing /v1", async () => {
    const fake = fakePhotoroom(KEY, undefined, "proxy.internal.test");
    await photoroomProvider({ apiKey: KEY, baseUrl: "https://proxy.internal.test/v1/", fetch: fake.fetch }).cutOut(await photo());
    expect(fake.calls[0].url.href).toBe("https://proxy.internal.test/v1/segment");
  });

  it("answers 502 naming Photoroom and its reason for a 400, a 402 and a 403, and never repeats the key", async () => {
    const cases: [Response, string][] = [
      [photoroomError(400, "Please provide an image.", "missing_image"), "Photoroom could not process this photo"],
      [photoroomError(402, "Not enough credits to process this image.", "payment_required"), "the Photoroom account is out of credits"],
      [photoroomError(403, "Invalid API key", "invalid_api_key"), "Photoroom refused the API key"],
      [photoroomError(403, "Your plan limit has been reached", "plan_limit_exceeded"), "the Photoroom plan's limit is reached"],
    ];
    for (const [reply, reason] of cases) {
      const error = await failureOf(provider(fakePhotoroom(KEY, () => reply.clone())));
      expect(error).toBeInstanceOf(UpstreamError);
      expect(error.status).toBe(502);
      expect(error.message).toContain(`(${reply.status}: ${reason})`);
      expect(error.message).toContain(((await reply.clone().json()) as { detail: string }).detail);
      expectNamesVendorNotKey(error, "Photoroom", KEY);
    }
  });

  it("reads the { error: { message } } shape of an unauthorised call", async () => {
    const error = await failureOf(photoroomProvider({ apiKey: "", fetch: fakePhotoroom(KEY).fetch }));
    expect(error.status).toBe(502);
    expect(error.message).toBe("Failed to process image with Photoroom (401: Photoroom refused the API key). Photoroom said: Unauthorized");
  });

  it("answers 429 with Photoroom's Retry-After when it rate-limits, so the seller waits that long", async () => {
    const error = await failureOf(provider(fakePhotoroom(KEY, () => photoroomError(429, "Too many requests", "rate_limited", { "Retry-After": "7" }))));
    expect(error).toBeInstanceOf(HttpError);
    expect(error).not.toBeInstanceOf(UpstreamError);
    expect(error.status).toBe(429);
    expect(error.headers["Retry-After"]).toBe("7");
    expect(error.code).toBe("rate-limited");
    expect(error.extra).toMatchObject({ retryAfter: 7, provider: "Photoroom" });
    expect(error.extra).not.toHaveProperty("error");
    expect(error.message).toBe("Too many requests: Photoroom is busy. Please wait 7 seconds before trying again.");
  });

  it("answers 502 for a server error and for a 200 whose body is not an image", async () => {
    const server = await failureOf(provider(fakePhotoroom(KEY, () => new Response("<html>502 Bad Gateway</html>", { status: 503 }))));
    expect(server.status).toBe(502);
    expect(server.message).toBe("Failed to process image with Photoroom (503: Photoroom had a server error).");
    const notImage = await failureOf(provider(fakePhotoroom(KEY, () => new Response("<html><body>Service Unavailable</body></html>", { headers: { "Content-Type": "text/html" } }))));
    expect(notImage.status).toBe(502);
    expect(notImage.message).toBe("Invalid response from Photoroom: what came back is not a PNG, JPEG or WEBP image.");
  });

  it("reads the image of a JSON answer (base64img), as Photoroom answers to Accept: application/json", async () => {
    const png = await encode(productOnGrey(40, 30));
    const result = await provider(fakePhotoroom(KEY, () => Response.json({ base64img: btoa(String.fromCharCode(...png)) }))).cutOut(await photo());
    expect(result).toMatchObject({ type: "image/png", width: 40, height: 30 });
    expect(result.bytes).toEqual(png);
    const empty = await failureOf(provider(fakePhotoroom(KEY, () => Response.json({ base64img: "" }))));
    expect(empty.message).toBe("Invalid response from Photoroom: what came back is not a PNG, JPEG or WEBP image.");
  });

  it("gives up after its time-out with a 504", async () => {
    const error = await failureOf(
      provider(
        fakePhotoroom(KEY, () => "hang"),
        30,
      ),
    );
    expect(error).toBeInstanceOf(UpstreamError);
    expect(error.status).toBe(504);
    expect(error.message).toBe("Request timed out: Photoroom did not answer in time. Please try again later.");
  });

  it("answers 502 when Photoroom cannot be reached at all", async () => {
    const unreachable = (async () => {
      throw new TypeError("fetch failed: connection refused");
    }) as typeof fetch;
    const error = await failureOf(photoroomProvider({ apiKey: KEY, fetch: unreachable }));
    expect(error.status).toBe(502);
    expect(error.message).toBe("Failed to process image with Photoroom: fetch failed: connection refused");
  });
});

describe("remove.bg", () => {
  const KEY = "rbg0123456789ABCDEFGHIJKLMN";
  const provider = (fake: FakeVendor, timeoutMs?: number) => removeBgProvider({ apiKey: KEY, fetch: fake.fetch, timeoutMs });

  it("sends image_file with size full, type product and format png to /v1.0/removebg with the key in X-Api-Key, and reads the PNG and the credits it charged", async () => {
    const fake = fakeRemoveBg(KEY);
    const sent = await photo();
    const result = await provider(fake).cutOut(sent);
    const [call] = fake.calls;
    expect(call.method).toBe("POST");
    expect(call.url.href).toBe("https://api.remove.bg/v1.0/removebg");
    expect(call.headers.get("X-Api-Key")).toBe(KEY);
    // No Accept: application/json, which would turn the answer into JSON.
    expect(call.headers.get("Accept")).toBeNull();
    // No bg_color: the product comes back on transparency and the local editor paints (decision 0018).
    expect(call.fields).toEqual({ size: "full", type: "product", format: "png" });
    expect(call.image?.bytes).toEqual(sent.bytes);
    expect(result).toMatchObject({ type: "image/png", width: 160, height: 120, credits: 1 });
    const cut = await decode(result.bytes, "image/png");
    expect(pixel(cut, 150, 110)[3]).toBe(0);
    expect(pixel(cut, 80, 60)[3]).toBe(255);
  });

  it("reads the image of a JSON answer (data.result_b64), as remove.bg answers to Accept: application/json", async () => {
    const png = await encode(productOnGrey(40, 30));
    const reply = () => Response.json({ data: { result_b64: btoa(String.fromCharCode(...png)), foreground_top: 0, foreground_left: 0, foreground_width: 40, foreground_height: 30 } });
    const result = await provider(fakeRemoveBg(KEY, reply)).cutOut(await photo());
    expect(result.bytes).toEqual(png);
  });

  it("goes to REMOVE_BG_API_URL when one is set", async () => {
    const fake = fakeRemoveBg(KEY, undefined, "127.0.0.1");
    await removeBgProvider({ apiKey: KEY, baseUrl: "http://127.0.0.1:9/", fetch: fake.fetch }).cutOut(await photo());
    expect(fake.calls[0].url.href).toBe("http://127.0.0.1:9/v1.0/removebg");
  });

  it("answers 502 with remove.bg's own title for a photo without a product, a file it cannot read, no credits and a refused key", async () => {
    const cases: [Response, string, string][] = [
      [
        removeBgError(400, "Could not identify foreground in image. For details and recommendations see https://www.remove.bg/supported-images.", "unknown_foreground"),
        "remove.bg found no product in the photo",
        "Could not identify foreground in image",
      ],
      [
        removeBgError(400, "Invalid file type", "invalid_file_type", "Expected jpg/png/webp, received mp4"),
        "remove.bg could not read the photo",
        "Invalid file type: Expected jpg/png/webp, received mp4",
      ],
      [removeBgError(402, "Insufficient credits"), "the remove.bg account is out of credits", "Insufficient credits"],
      [removeBgError(403, "API Key invalid"), "remove.bg refused the API key", "API Key invalid"],
    ];
    for (const [reply, reason, said] of cases) {
      const error = await failureOf(provider(fakeRemoveBg(KEY, () => reply)));
      expect(error).toBeInstanceOf(UpstreamError);
      expect(error.status).toBe(502);
      expect(error.message).toContain(`(${reply.status}: ${reason}). remove.bg said: ${said}`);
      expectNamesVendorNotKey(error, "remove.bg", KEY);
    }
  });

  it("is refused by the fake of remove.bg when the key is wrong, exactly as remove.bg answers", async () => {
    const error = await failureOf(removeBgProvider({ apiKey: "wrong-key", fetch: fakeRemoveBg(KEY).fetch }));
    expect(error.message).toBe("Failed to process image with remove.bg (403: remove.bg refused the API key). remove.bg said: API Key invalid");
  });

  it("answers 429 with Retry-After from remove.bg's rate limit, or from X-RateLimit-Reset when that is all it sent", async () => {
    const withRetry = await failureOf(
      provider(fakeRemoveBg(KEY, () => removeBgError(429, "Rate limit exceeded", undefined, undefined, { "Retry-After": "12", "X-RateLimit-Limit": "500", "X-RateLimit-Remaining": "0" }))),
    );
    expect(withRetry.status).toBe(429);
    expect(withRetry.headers["Retry-After"]).toBe("12");
    expect(withRetry.extra).toMatchObject({ retryAfter: 12, provider: "remove.bg" });
    expect(String(withRetry.extra.details)).toContain("remove.bg said: Rate limit exceeded");

    const reset = Math.floor(Date.now() / 1000) + 30;
    const withReset = await failureOf(provider(fakeRemoveBg(KEY, () => removeBgError(429, "Rate limit exceeded", undefined, undefined, { "X-RateLimit-Reset": String(reset) }))));
    expect(Number(withReset.headers["Retry-After"])).toBeGreaterThanOrEqual(29);
    expect(Number(withReset.headers["Retry-After"])).toBeLessThanOrEqual(31);
  });

  it("answers 502 for a server error, 504 after its time-out, and 502 for an answer that is not an image", async () => {
    const server = await failureOf(provider(fakeRemoveBg(KEY, () => removeBgError(500, "Internal Server Error"))));
    expect(server.status).toBe(502);
    expect(server.message).toBe("Failed to process image with remove.bg (500: remove.bg had a server error). remove.bg said: Internal Server Error");
    const slow = await failureOf(
      provider(
        fakeRemoveBg(KEY, () => "hang"),
        30,
      ),
    );
    expect(slow.status).toBe(504);
    expect(slow.message).toContain("remove.bg did not answer in time");
    const truncated = await failureOf(provider(fakeRemoveBg(KEY, () => new Response(new Uint8Array([0x89, 0x50, 0x4e, 0x47]), { headers: { "Content-Type": "image/png" } }))));
    expect(truncated.status).toBe(502);
    expect(truncated.message).toContain("Invalid response from remove.bg");
  });
});

describe("how long a rate-limited seller is asked to wait", () => {
  it("reads seconds or an HTTP date from Retry-After, a Unix time from X-RateLimit-Reset, and stays between 1 s and 2 minutes", () => {
    const now = Date.parse("2026-11-25T10:00:00Z");
    expect(retryAfterSeconds(new Headers({ "Retry-After": "3" }), now)).toBe(3);
    expect(retryAfterSeconds(new Headers({ "Retry-After": "Wed, 25 Nov 2026 10:00:20 GMT" }), now)).toBe(20);
    expect(retryAfterSeconds(new Headers({ "X-RateLimit-Reset": String(now / 1000 + 45) }), now)).toBe(45);
    expect(retryAfterSeconds(new Headers({ "Retry-After": "0" }), now)).toBe(1);
    expect(retryAfterSeconds(new Headers({ "Retry-After": "86400" }), now)).toBe(120);
    expect(retryAfterSeconds(new Headers(), now)).toBe(60);
  });
});

describe("choosing the cut-out provider", () => {
  const base = {} as ImageEnv;

  it("picks Photoroom when its key is set, else remove.bg, else none (the local flood fill)", () => {
    expect(cutoutProviderName(base)).toBeNull();
    expect(cutoutProviderName({ ...base, REMOVE_BG_API_KEY: "r" })).toBe("remove-bg");
    expect(cutoutProviderName({ ...base, PHOTOROOM_API_KEY: "p" })).toBe("photoroom");
    expect(cutoutProviderName({ ...base, PHOTOROOM_API_KEY: "p", REMOVE_BG_API_KEY: "r" })).toBe("photoroom");
    expect(cutoutProviderName({ ...base, PHOTOROOM_API_KEY: "  ", REMOVE_BG_API_KEY: "r" })).toBe("remove-bg");
    expect(selectCutoutProvider({ ...base, REMOVE_BG_API_KEY: "r" })?.label).toBe("remove.bg");
    expect(selectCutoutProvider(base)).toBeNull();
  });

  describe("/api/health", () => {
    const saved = { PHOTOROOM_API_KEY: (env as Env).PHOTOROOM_API_KEY, REMOVE_BG_API_KEY: (env as Env).REMOVE_BG_API_KEY };
    afterEach(() => {
      Object.assign(env, saved);
      vi.restoreAllMocks();
    });

    it("names the active cut-out provider and never its key", async () => {
      const health = async () => (await api("/health")).json<{ providers: Record<string, string> }>();
      expect((await health()).providers.cutouts).toBe("local");
      Object.assign(env, { REMOVE_BG_API_KEY: "rbg-secret-health-key-000000" });
      expect((await health()).providers.cutouts).toBe("remove-bg");
      Object.assign(env, { PHOTOROOM_API_KEY: "pr-secret-health-key-000000" });
      const res = await api("/health");
      const text = await res.text();
      expect(JSON.parse(text).providers.cutouts).toBe("photoroom");
      expect(text).not.toContain("secret-health-key");
    });
  });
});
