import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { EMAIL_UNVERIFIED_CODE, EMAIL_UNVERIFIED_MESSAGE } from "../../worker/lib/auth";
import { dataUrl, encode, productOnGrey } from "./image-fixtures";
import { api, markVerified, registerUser } from "./helpers";

type Body = { success: boolean; message: string; code?: string };

const pattern = "Bunny amigurumi\nRound 1: 6 sc in magic ring (6)\nRound 2: inc in each st around (12)\nRound 3: *sc, inc* repeat 6 times (18)\nFasten off.";

/** Every endpoint that spends money (a model, an image model, a keyword provider or a quota unit), with a body it would accept. */
async function aiCalls(): Promise<{ name: string; path: string; method?: string; body?: unknown }[]> {
  const image = dataUrl(await encode(productOnGrey(120, 90)));
  return [
    { name: "listing generation", path: "/listings/generate", body: { description: "Handmade sterling silver moon necklace with a crescent pendant.", keywords: ["moon necklace"], platform: "etsy" } },
    { name: "regenerating one part", path: "/listings/generate/part", body: { listingId: crypto.randomUUID(), part: "title" } },
    { name: "the AI proxy", path: "/ai/offline", body: { prompt: "Write a title for a moon necklace" } },
    { name: "spending a quota unit", path: "/increment-quota", body: { featureKey: "create-listing" } },
    { name: "an image edit", path: "/edit-image", body: { image, prompt: "white background" } },
    { name: "a GPT image edit", path: "/image/edit/gpt", body: { image, prompt: "white background" } },
    { name: "a batch of image edits", path: "/batches", body: { images: [image], prompt: "white background" } },
    { name: "an SEO keyword search", path: "/keywords?product_name=moon%20necklace", method: "GET" },
    { name: "an advanced keyword analysis", path: "/advanced-keywords/analyze", body: { keyword: "moon necklace" } },
    { name: "the wizard's pattern optimisation", path: "/workflow/optimize-pattern", body: { pattern, options: {} } },
    { name: "the wizard's PDF", path: "/workflow/generate-pdf", body: { pattern: { optimizedPattern: pattern }, options: {} } },
    { name: "the wizard's listing", path: "/workflow/etsy-listing", body: { pattern: { optimizedPattern: pattern }, options: {} } },
  ];
}

describe("AI features need a confirmed e-mail", () => {
  it("answers 403 email-unverified on every AI endpoint to an unverified user, and charges nothing", async () => {
    const { token, userId } = await registerUser(undefined, undefined, { verified: false });
    for (const call of await aiCalls()) {
      const res = await api(call.path, { token, method: call.method, body: call.body });
      expect(res.status, call.name).toBe(403);
      const body = await res.json<Body>();
      expect(body, call.name).toEqual({ success: false, message: EMAIL_UNVERIFIED_MESSAGE, code: EMAIL_UNVERIFIED_CODE });
    }
    const usage = await (await api("/usage", { token })).json<{ data: Record<string, { used: number }> }>();
    expect(Object.values(usage.data).every((f) => f.used === 0)).toBe(true);
    const listings = await env.DB.prepare("SELECT count(*) AS n FROM listings WHERE user_id = ?").bind(userId).first<{ n: number }>();
    const files = await env.DB.prepare("SELECT count(*) AS n FROM files WHERE user_id = ?").bind(userId).first<{ n: number }>();
    expect(listings?.n).toBe(0);
    expect(files?.n).toBe(0);
  });

  it("lets the same user in once the e-mail is confirmed", async () => {
    const { token, userId } = await registerUser(undefined, undefined, { verified: false });
    expect((await api("/increment-quota", { token, body: { featureKey: "seo-analysis" } })).status).toBe(403);
    await markVerified(userId);
    expect((await api("/increment-quota", { token, body: { featureKey: "seo-analysis" } })).status).toBe(200);
    expect((await api("/keywords?product_name=moon%20necklace", { token })).status).toBe(200);
  });

  it("still serves an unverified user everything that spends nothing", async () => {
    const { token } = await registerUser(undefined, undefined, { verified: false });
    for (const path of ["/profile", "/usage", "/listings", "/files", "/create-listing/quota", "/advanced-keywords/quota", "/image/provider"]) {
      expect((await api(path, { token })).status, path).toBe(200);
    }
  });
});
