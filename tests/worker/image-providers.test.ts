import { env } from "cloudflare:test";
import { describe, expect, it, vi } from "vitest";
import { findUserById } from "../../worker/domain/auth/accounts";
import { editImage } from "../../worker/domain/images/edit";
import { parseInstruction } from "../../worker/domain/images/instruction-parser";
import { checkImage } from "../../worker/domain/images/upload";
import { readQuota } from "../../worker/domain/quota";
import type { Env } from "../../worker/lib/env";
import { UpstreamError } from "../../worker/lib/errors";
import { imageProviderName, selectImageEditor, type ImageEnv } from "../../worker/providers/images";
import { editWithOpenAi } from "../../worker/providers/images/openai";
import type { ImageEditor } from "../../worker/providers/images/types";
import { DEFAULT_WORKERS_AI_IMAGE_MODEL, editWithWorkersAi } from "../../worker/providers/images/workers-ai";
import { registerUser } from "./helpers";
import { encode, productOnGrey } from "./image-fixtures";

async function request(prompt = "white background") {
  const image = checkImage(await encode(productOnGrey(120, 90)));
  return { image, prompt, plan: parseInstruction(prompt, "jewelry", "amazon") };
}

const b64 = (bytes: Uint8Array) => btoa(String.fromCharCode(...bytes));

describe("OpenAI image edits", () => {
  it("sends model, prompt and image as multipart with the key, and reads data[0].b64_json", async () => {
    const reply = await encode(productOnGrey(64, 64));
    const fake = vi.fn(async (url: string | URL | Request, init?: RequestInit) => {
      expect(String(url)).toBe("https://fake.openai.test/v1/images/edits");
      expect(init?.method).toBe("POST");
      expect(new Headers(init?.headers).get("Authorization")).toBe("Bearer sk-test");
      const form = init?.body as FormData;
      expect(form.get("model")).toBe("gpt-image-1.5");
      expect(String(form.get("prompt"))).toContain("white background");
      expect(String(form.get("prompt"))).toContain("pure white");
      const image = form.get("image") as File;
      expect(image.type).toBe("image/png");
      expect(new Uint8Array(await image.arrayBuffer()).slice(0, 4)).toEqual(new Uint8Array([0x89, 0x50, 0x4e, 0x47]));
      return Response.json({ created: 1, data: [{ b64_json: b64(reply) }] });
    });
    const result = await editWithOpenAi(await request(), { apiKey: "sk-test", model: "gpt-image-1.5", baseUrl: "https://fake.openai.test/v1", fetch: fake as typeof fetch });
    expect(fake).toHaveBeenCalledOnce();
    expect(result.bytes).toEqual(reply);
    expect(result.responseText).toContain("OpenAI gpt-image-1.5");
  });

  it("fetches the image when the answer carries a URL", async () => {
    const reply = await encode(productOnGrey(32, 32));
    const fake = vi.fn(async (url: string | URL | Request) => {
      if (String(url).endsWith("/v1/images/edits")) return Response.json({ data: [{ url: "https://files.fake.test/out.png" }] });
      expect(String(url)).toBe("https://files.fake.test/out.png");
      return new Response(reply as Uint8Array<ArrayBuffer>, { headers: { "Content-Type": "image/png" } });
    });
    const result = await editWithOpenAi(await request(), { apiKey: "k", model: "m", baseUrl: "https://fake.openai.test", fetch: fake as typeof fetch });
    expect(fake).toHaveBeenCalledTimes(2);
    expect(result.bytes).toEqual(reply);
  });

  it("turns a 4xx into a 502 naming OpenAI, with OpenAI's reason and never the key", async () => {
    const fake = async () => Response.json({ error: { message: "Incorrect API key provided: sk-secret123", type: "invalid_request_error" } }, { status: 401 });
    const error = await editWithOpenAi(await request(), { apiKey: "sk-secret123", model: "m", baseUrl: "https://x.test", fetch: fake as typeof fetch }).catch((e) => e);
    expect(error).toBeInstanceOf(UpstreamError);
    expect(error.status).toBe(502);
    expect(error.message).toContain("Failed to process image with OpenAI (401");
    expect(error.message).not.toContain("sk-secret123");
  });

  it("turns a 5xx into a 502", async () => {
    const fake = async () => new Response("upstream exploded", { status: 503 });
    const error = await editWithOpenAi(await request(), { apiKey: "k", model: "m", baseUrl: "https://x.test", fetch: fake as typeof fetch }).catch((e) => e);
    expect(error.status).toBe(502);
    expect(error.message).toContain("503");
  });

  it("gives up after its time-out with a 504", async () => {
    const hanging = (_url: unknown, init?: RequestInit) => new Promise<Response>((_, reject) => init?.signal?.addEventListener("abort", () => reject(new DOMException("aborted", "AbortError"))));
    const error = await editWithOpenAi(await request(), { apiKey: "k", model: "m", baseUrl: "https://x.test", fetch: hanging as typeof fetch, timeoutMs: 20 }).catch((e) => e);
    expect(error).toBeInstanceOf(UpstreamError);
    expect(error.status).toBe(504);
    expect(error.message).toContain("timed out");
  });

  it("answers 502 for a malformed body and for an answer without an image", async () => {
    const malformed = async () => new Response("<html>oops</html>", { status: 200 });
    const e1 = await editWithOpenAi(await request(), { apiKey: "k", model: "m", baseUrl: "https://x.test", fetch: malformed as typeof fetch }).catch((e) => e);
    expect(e1.status).toBe(502);
    expect(e1.message).toContain("Invalid response from OpenAI");
    const empty = async () => Response.json({ data: [] });
    const e2 = await editWithOpenAi(await request(), { apiKey: "k", model: "m", baseUrl: "https://x.test", fetch: empty as typeof fetch }).catch((e) => e);
    expect(e2.status).toBe(502);
    expect(e2.message).toBe("No image returned from OpenAI");
  });
});

describe("Workers AI img2img", () => {
  it("runs the configured model with the prompt and the image bytes, and reads the PNG stream", async () => {
    const reply = await encode(productOnGrey(48, 48));
    const run = vi.fn(async (model: string, inputs: Record<string, unknown>) => {
      expect(model).toBe(DEFAULT_WORKERS_AI_IMAGE_MODEL);
      expect(String(inputs.prompt)).toContain("white background");
      expect(Array.isArray(inputs.image)).toBe(true);
      expect((inputs.image as number[]).slice(0, 4)).toEqual([0x89, 0x50, 0x4e, 0x47]);
      return new Blob([reply as Uint8Array<ArrayBuffer>]).stream();
    });
    const result = await editWithWorkersAi(await request(), { ai: { run } as unknown as Ai, images: env.IMAGES });
    expect(run).toHaveBeenCalledOnce();
    expect(result.bytes).toEqual(reply);
  });

  it("turns a failure of the binding into a 502 and silence into a 504", async () => {
    const failing = {
      run: async () => {
        throw new Error("3040: capacity");
      },
    } as unknown as Ai;
    const e1 = await editWithWorkersAi(await request(), { ai: failing }).catch((e) => e);
    expect(e1.status).toBe(502);
    expect(e1.message).toContain("Workers AI");
    const silent = { run: () => new Promise(() => {}) } as unknown as Ai;
    const e2 = await editWithWorkersAi(await request(), { ai: silent, timeoutMs: 20 }).catch((e) => e);
    expect(e2.status).toBe(504);
  });
});

describe("choosing the image editor", () => {
  const base = { IMAGE_PROVIDER: "auto" } as ImageEnv;
  const ai = {} as Ai;

  it("picks OpenAI when a key exists, Workers AI only when enabled, else the local editor", () => {
    expect(imageProviderName(base)).toBe("local");
    expect(imageProviderName({ ...base, OPENAI_API_KEY: "k" })).toBe("openai");
    expect(imageProviderName({ ...base, AI: ai })).toBe("local");
    expect(imageProviderName({ ...base, AI: ai, WORKERS_AI_ENABLED: "true" })).toBe("workers-ai");
    expect(imageProviderName({ ...base, AI: ai, WORKERS_AI_ENABLED: "true", OPENAI_API_KEY: "k" })).toBe("openai");
  });

  it("honours an explicit choice, falling back to local without credentials", () => {
    expect(imageProviderName({ ...base, IMAGE_PROVIDER: "local", OPENAI_API_KEY: "k" })).toBe("local");
    expect(imageProviderName({ ...base, IMAGE_PROVIDER: "workers-ai", AI: ai })).toBe("workers-ai");
    expect(imageProviderName({ ...base, IMAGE_PROVIDER: "workers-ai" })).toBe("local");
    expect(imageProviderName({ ...base, IMAGE_PROVIDER: "openai" })).toBe("local");
  });

  it("builds the chosen editor with its label", () => {
    expect(selectImageEditor({ ...base, OPENAI_API_KEY: "k", OPENAI_IMAGE_MODEL: "gpt-image-x" }).label).toBe("OpenAI gpt-image-x");
    expect(selectImageEditor(base).name).toBe("local");
  });
});

describe("checking what a provider returns", () => {
  it("answers 502 for a provider that returns something that is not an image, and gives the quota unit back", async () => {
    const { userId } = await registerUser();
    const user = (await findUserById(env as Env, userId))!;
    const liar: ImageEditor = { name: "openai", label: "OpenAI test", edit: async () => ({ bytes: new TextEncoder().encode("<html>not an image</html>"), type: "image/png", responseText: "" }) };
    const image = checkImage(await encode(productOnGrey(60, 40)));
    const error = await editImage(env as Env, user, liar, { image, prompt: "white background", category: "art", platform: null, fileName: "a.png" }).catch((e) => e);
    expect(error.status).toBe(502);
    expect(error.message).toContain("Invalid response from OpenAI test");
    expect((await readQuota(env as Env, user, "edit-image")).used).toBe(0);
  });
});
