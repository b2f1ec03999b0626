import { createExecutionContext, env, waitOnExecutionContext } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import type { GenerateEvent } from "../../schema/api/listings";
import worker from "../../worker/index";
import { BULLETS_SCHEMA, ITEM_SPECIFICS_SCHEMA, TAGS_SCHEMA } from "../../worker/domain/listings/answer-schemas";
import { listListings } from "../../worker/domain/listings/store";
import { readQuota, type Feature } from "../../worker/domain/quota";
import type { Env } from "../../worker/lib/env";
import { llmProviderLabel, llmProviderName, selectLlmProvider, type LlmEnv } from "../../worker/providers/llm";
import { imageProviderName } from "../../worker/providers/images";
import { workersAiAvailability } from "../../worker/providers/workers-ai-availability";
import bunny from "../fixtures/patterns/crochet-amigurumi-bunny.txt?raw";
import { api, registerUser } from "./helpers";

// Decision 0020: a deployment with the [ai] binding and no LLM key writes with Workers AI; a local
// run (npm start, the test pool) keeps the offline composer. The binding is a spy that records what
// it is asked and answers as Workers AI documents: `{ response }`, an object in JSON mode.

const base = env as unknown as Env;
const RESEND_KEY = "re_live_Zx9-secret-value-0123456789";
const MODEL = "@cf/meta/llama-3.1-8b-instruct";

interface Call {
  model: string;
  inputs: { messages: { role: string; content: string }[]; max_tokens?: number; response_format?: { type: string; json_schema?: unknown } };
}

/** A spy AI binding. `answer` gets the call; by default it writes each listing part as a model would. */
function spyAi(answer: (call: Call) => unknown = partAnswer) {
  const calls: Call[] = [];
  const ai = {
    async run(model: string, inputs: Call["inputs"]) {
      const call = { model, inputs };
      calls.push(call);
      return answer(call);
    },
  };
  return { ai: ai as unknown as Ai, calls };
}

const system = (call: Call) => call.inputs.messages.find((m) => m.role === "system")?.content ?? "";

/** What a model answers for each part; some answers break the rules on purpose, for the enforcer to repair. */
function partAnswer(call: Call): unknown {
  const s = system(call);
  const schema = call.inputs.response_format?.json_schema as { properties?: Record<string, unknown> } | undefined;
  const usage = { prompt_tokens: 310, completion_tokens: 120, total_tokens: 430 };
  if (schema?.properties?.tags) {
    // 14 tags, one duplicate, one too long, one with a special character: the enforcer makes 13 valid ones.
    const tags = [
      "moon necklace",
      "silver moon necklace",
      "crescent pendant",
      "layering necklace",
      "moon jewelry",
      "celestial gift",
      "gift for her",
      "dainty necklace",
      "minimalist jewelry",
      "sterling silver gift",
      "moon necklace",
      "a very long tag that breaks the limit",
      "boho & moon",
      "night sky charm",
    ];
    return { response: { tags }, usage };
  }
  if (schema?.properties?.bullets) {
    return {
      response: {
        bullets: [
          "Sterling Silver: Solid 925 sterling silver crescent on an 18 inch cable chain that will not tarnish or turn your skin green with everyday wear.",
          "Made To Layer: The fine chain and small crescent sit neatly with other necklaces, so it works alone or as part of a stacked look for day or night.",
          "Gift Ready: Arrives in a cotton-filled kraft box with a small card, ready to give for birthdays, anniversaries or as a thank you to a friend.",
          "Handmade Detail: Each crescent is cut, filed and polished by hand in our small studio, so every pendant has its own gentle hammered texture.",
          "Easy Care: Wipe with the polishing cloth included to keep the shine; take it off before swimming and store it in the box between wears.",
        ],
      },
      usage,
    };
  }
  if (schema?.properties?.itemSpecifics) {
    return {
      response: {
        itemSpecifics: [
          { name: "Brand", value: "Handmade" },
          { name: "Metal", value: "Sterling Silver" },
          { name: "Length", value: "18 in" },
          { name: "Theme", value: "Moon" },
        ],
      },
      usage,
    };
  }
  if (/listing title/.test(s))
    return { response: "Sterling Silver Moon Necklace, Dainty Crescent Pendant for Layering, Celestial Gift for Her, Minimalist Handmade Jewelry BEST SELLER on sale", usage };
  if (/description/.test(s) && /Sections/.test(s)) {
    return {
      response:
        "A small crescent moon in solid sterling silver on a fine 18 inch chain.\n\nFeatures\n• 925 sterling silver crescent pendant\n• 18 inch cable chain\n\nBenefits\n• Light enough to wear every day\n• Layers with other necklaces",
      usage,
    };
  }
  if (/alt texts/.test(s)) {
    return {
      response:
        "**Image 1:** Sterling silver moon necklace on a white marble tray\n**Image 2:** Crescent pendant worn layered with a longer chain\n**Image 3:** Close view of the hammered texture of the moon\n**Image 4:** Moon necklace in its kraft gift box\n**Image 5:** Model wearing the dainty crescent pendant",
      usage,
    };
  }
  if (/backend search terms/.test(s)) return { response: "crescent lunar celestial pendant choker layering dainty bridesmaid birthday anniversary", usage };
  return { response: "Sterling silver moon necklace", usage };
}

/** The test pool's bindings with some changed (undefined removes one). */
function withVars(vars: Record<string, unknown>): Env {
  const next: Record<string, unknown> = { ...base };
  for (const [key, value] of Object.entries(vars)) {
    if (value === undefined) delete next[key];
    else next[key] = value;
  }
  return next as unknown as Env;
}

/**
 * A plain `wrangler deploy` of this repository: APP_ENV production from wrangler.toml, secrets set,
 * a mail provider, the [ai] binding, no DeepSeek or OpenAI key, nothing about Workers AI configured.
 */
function deployment(ai: Ai, vars: Record<string, unknown> = {}) {
  return withVars({
    APP_ENV: "production",
    PASSWORD_PEPPER: "pepper-for-production",
    RESEND_API_KEY: RESEND_KEY,
    MAIL_PROVIDER: "auto",
    LLM_PROVIDER: "auto",
    DEEPSEEK_API_KEY: undefined,
    OPENAI_API_KEY: undefined,
    WORKERS_AI_ENABLED: undefined,
    WORKERS_AI_LOCAL: undefined,
    WORKERS_AI_MODEL: MODEL,
    AI: ai,
    ...vars,
  });
}

async function call(e: Env, path: string, init: { token?: string; body?: unknown } = {}) {
  const headers = new Headers({ "Content-Type": "application/json" });
  if (init.token) headers.set("Authorization", `Bearer ${init.token}`);
  const ctx = createExecutionContext();
  const res = await worker.fetch(
    new Request(`http://localhost/api${path}`, { method: init.body === undefined ? "GET" : "POST", headers, body: init.body === undefined ? undefined : JSON.stringify(init.body) }) as never,
    e as never,
    ctx,
  );
  const text = await res.text();
  await waitOnExecutionContext(ctx);
  return { res, text };
}

const events = (text: string) =>
  text
    .split("\n")
    .filter(Boolean)
    .map((line) => JSON.parse(line) as GenerateEvent);

const MOON = "Handmade sterling silver moon necklace with a tiny crescent pendant on an 18 inch chain, perfect for layering.";

async function listingUnits(token: string) {
  const res = await api("/create-listing/quota", { token });
  return (await res.json<{ used: number }>()).used;
}

describe("choosing Workers AI on a deployment and the offline composer on a local run", () => {
  const spy = () => spyAi().ai;

  it("picks Workers AI under auto on a deployment with the binding and no LLM key, labelled with its model", () => {
    const e = deployment(spy(), { WORKERS_AI_MODEL: undefined });
    expect(llmProviderName(e)).toBe("workers-ai");
    expect(llmProviderLabel(e)).toBe("Workers AI (llama-3.3-70b)");
    expect(llmProviderLabel(deployment(spy()))).toBe("Workers AI (llama-3.1-8b)");
  });

  it("keeps the offline composer where the binding cannot run models: development, test, or a run npm start marked", () => {
    expect(llmProviderName(deployment(spy(), { APP_ENV: "development" }))).toBe("offline-composer");
    expect(llmProviderName(deployment(spy(), { APP_ENV: "test" }))).toBe("offline-composer");
    expect(llmProviderName(deployment(spy(), { WORKERS_AI_LOCAL: "unavailable" }))).toBe("offline-composer");
    // The mark is a fact about wrangler dev --local: not even WORKERS_AI_ENABLED=true overrides it.
    expect(llmProviderName(deployment(spy(), { WORKERS_AI_LOCAL: "unavailable", WORKERS_AI_ENABLED: "true" }))).toBe("offline-composer");
    expect(workersAiAvailability({ AI: {}, APP_ENV: "development" })).toBe("local");
  });

  it("keeps the offline composer in this very test pool, whose AI binding exists but cannot run models", async () => {
    expect(base.AI).toBeTruthy();
    expect(llmProviderName(base)).toBe("offline-composer");
    const body = await (await api("/health")).json<{ providers: Record<string, string>; providerLabels: Record<string, string> }>();
    expect(body.providers.llm).toBe("offline-composer");
    expect(body.providerLabels.llm).toBe("Offline composer (built in)");
  });

  it("lets an operator switch it on for a remote development run, or off on a deployment", () => {
    expect(llmProviderName(deployment(spy(), { APP_ENV: "development", WORKERS_AI_ENABLED: "true" }))).toBe("workers-ai");
    expect(llmProviderName(deployment(spy(), { WORKERS_AI_ENABLED: "false" }))).toBe("offline-composer");
    expect(llmProviderName(deployment(spy(), { WORKERS_AI_ENABLED: " FALSE " }))).toBe("offline-composer");
  });

  it("still prefers a configured DeepSeek or OpenAI key, and needs the binding", () => {
    expect(llmProviderName(deployment(spy(), { DEEPSEEK_API_KEY: "sk-deepseek-123" }))).toBe("deepseek");
    expect(llmProviderName(deployment(spy(), { OPENAI_API_KEY: "sk-openai-123" }))).toBe("openai");
    expect(llmProviderName(deployment(spy(), { AI: undefined }))).toBe("offline-composer");
    expect(llmProviderName(deployment(spy(), { LLM_PROVIDER: "offline" }))).toBe("offline-composer");
  });

  it("answers a request for Workers AI on a local run with the offline composer, and says why", () => {
    const local = selectLlmProvider(deployment(spy(), { APP_ENV: "development" }) as LlmEnv, "workers-ai");
    expect(local.provider.name).toBe("offline-composer");
    expect(local.notice).toBe("Workers AI is not configured on this server; the offline composer answered instead.");
    expect(selectLlmProvider(deployment(spy()) as LlmEnv, "workers-ai").notice).toBeUndefined();
  });

  it("never picks Workers AI image edits merely because a deployment has the binding", () => {
    expect(imageProviderName(deployment(spy()))).toBe("local");
    expect(imageProviderName(deployment(spy(), { IMAGE_PROVIDER: "workers-ai" }))).toBe("workers-ai");
    expect(imageProviderName(deployment(spy(), { IMAGE_PROVIDER: "workers-ai", APP_ENV: "development" }))).toBe("local");
  });
});

describe("GET /api/health on a deployment", () => {
  it("names the active provider of every kind and the LLM's model, and never a secret", async () => {
    const { res, text } = await call(deployment(spyAi().ai, { SERPAPI_API_KEY: "serp-secret-987654", ETSY_API_KEY: "etsy-secret-123456", ETSY_SHARED_SECRET: "etsy-shared-654321" }), "/health");
    expect(res.status).toBe(200);
    const body = JSON.parse(text) as { environment: string; providers: Record<string, string>; providerLabels: Record<string, string> };
    expect(body.environment).toBe("production");
    expect(body.providers).toMatchObject({ llm: "workers-ai", trends: "serpapi+etsy", images: "local", mail: "resend" });
    expect(body.providerLabels.llm).toBe("Workers AI (llama-3.1-8b)");
    for (const secret of [RESEND_KEY, "serp-secret-987654", "etsy-secret-123456", "etsy-shared-654321", "pepper-for-production", base.JWT_SECRET!]) expect(text).not.toContain(secret);
  });
});

describe("listings written by Workers AI on a deployment", () => {
  it("asks the configured model for Etsy's parts, tags in JSON mode, and saves them through the rule enforcer", async () => {
    const { token } = await registerUser();
    const binding = spyAi();
    const { res, text } = await call(deployment(binding.ai), "/listings/generate", { token, body: { description: MOON, keywords: ["moon necklace", "layering necklace"], platform: "etsy" } });
    expect(res.status).toBe(200);
    const list = events(text);
    expect(list[0]).toMatchObject({ type: "start", provider: "workers-ai", providerLabel: "Workers AI (llama-3.1-8b)", offline: false });
    const done = list.at(-1);
    if (done?.type !== "done") throw new Error(`expected done, got ${text}`);

    // The model and inputs: four calls to WORKERS_AI_MODEL, the part's rules in the system prompt.
    expect(binding.calls).toHaveLength(4);
    expect(new Set(binding.calls.map((c) => c.model))).toEqual(new Set([MODEL]));
    const tagsCall = binding.calls.find((c) => /exactly 13 search tags/.test(system(c)))!;
    expect(tagsCall.inputs.response_format).toEqual({ type: "json_schema", json_schema: TAGS_SCHEMA });
    expect(system(tagsCall)).toContain("matches this JSON schema");
    expect(tagsCall.inputs.messages.at(-1)).toEqual({ role: "user", content: expect.stringContaining(MOON) });
    const titleCall = binding.calls.find((c) => /listing title/.test(system(c)))!;
    expect(titleCall.inputs.response_format).toBeUndefined();
    expect(system(titleCall)).toMatch(/at most 130 characters/);
    expect(binding.calls.every((c) => typeof c.inputs.max_tokens === "number" && c.inputs.max_tokens >= 1024)).toBe(true);

    // The rule enforcer and the audit ran on the model's words.
    const listing = done.listing;
    expect(listing.provider).toBe("workers-ai");
    expect(listing.title.length).toBeLessThanOrEqual(130);
    expect(listing.title).not.toMatch(/BEST SELLER/);
    expect(listing.title.startsWith("Sterling Silver Moon Necklace")).toBe(true);
    expect(listing.tags).toHaveLength(13);
    expect(listing.tags.every((t) => t.length <= 20 && /^[\p{L}\p{N}' -]+$/u.test(t))).toBe(true);
    expect(new Set(listing.tags).size).toBe(13);
    expect(listing.tags).toContain("crescent pendant");
    expect(listing.alt_texts[0]).toBe("Sterling silver moon necklace on a white marble tray");
    expect(listing.description).toContain("18 inch chain");
    expect(done.ruleReport.repaired).toBe(true);
    expect(done.ruleReport.checks.some((c) => c.status === "repaired")).toBe(true);
    // The Listing Doctor audits the saved listing as it audits every other.
    expect(listing.audit.platform).toBe("etsy");
    expect(listing.audit.counts.errors).toBe(0);
    expect(listing.audit.score).toBeGreaterThanOrEqual(70);
    expect(await listingUnits(token)).toBe(1);
  });

  it("writes eBay's title of at most 80 characters and its item specifics from the model's JSON", async () => {
    const { token } = await registerUser();
    const binding = spyAi();
    const { text } = await call(deployment(binding.ai), "/listings/generate", { token, body: { description: MOON, keywords: ["moon necklace"], platform: "ebay" } });
    const done = events(text).at(-1);
    if (done?.type !== "done") throw new Error(`expected done, got ${text}`);
    expect(done.listing.title.length).toBeLessThanOrEqual(80);
    const specificsCall = binding.calls.find((c) => /item specifics/.test(system(c)))!;
    expect(specificsCall.inputs.response_format).toEqual({ type: "json_schema", json_schema: ITEM_SPECIFICS_SCHEMA });
    expect(done.listing.item_specifics).toEqual(
      expect.arrayContaining([
        { name: "Brand", value: "Handmade" },
        { name: "Metal", value: "Sterling Silver" },
      ]),
    );
    expect(binding.calls.some((c) => /13 search tags/.test(system(c)))).toBe(false);
  });

  it("writes Amazon's five bullets from the model's JSON and its backend search terms", async () => {
    const { token } = await registerUser();
    const binding = spyAi();
    const { text } = await call(deployment(binding.ai), "/listings/generate", { token, body: { description: MOON, keywords: ["moon necklace"], platform: "amazon" } });
    const done = events(text).at(-1);
    if (done?.type !== "done") throw new Error(`expected done, got ${text}`);
    const bulletsCall = binding.calls.find((c) => /5 Amazon bullet points/.test(system(c)))!;
    expect(bulletsCall.inputs.response_format).toEqual({ type: "json_schema", json_schema: BULLETS_SCHEMA });
    expect(done.listing.bullets).toHaveLength(5);
    // The model's first bullet promised "everyday wear", a use the seller never named: the enforcer drops
    // it (decision 0039) and the next of the model's bullets leads.
    expect(done.listing.bullets?.join(" ")).not.toMatch(/everyday wear/i);
    expect(done.listing.bullets?.[0]).toMatch(/^Made To Layer: The fine chain/);
    // The enforcer drops the title's words and audiences the seller never named ("bridesmaid") from the
    // model's search terms; the rest stay.
    expect(done.listing.search_terms).toMatch(/\blunar\b/);
    expect(done.listing.search_terms).not.toMatch(/\bbridesmaid\b/);
    const titleWords = new Set(done.listing.title.toLowerCase().split(/[^a-z0-9]+/));
    expect((done.listing.search_terms ?? "").split(" ").filter((w) => titleWords.has(w))).toEqual([]);
    expect(done.listing.search_terms).not.toContain(",");
    expect(new TextEncoder().encode(done.listing.search_terms ?? "").length).toBeLessThanOrEqual(249);
  });

  const failures: [string, (call: Call) => unknown, RegExp][] = [
    ["fails (capacity)", () => Promise.reject(new Error("3040: Capacity temporarily exceeded, please try again.")), /^Workers AI failed \(3040: Capacity temporarily exceeded/],
    ["cannot meet the JSON schema", (c) => (c.inputs.response_format ? Promise.reject(new Error("JSON Mode couldn't be met")) : partAnswer(c)), /^Workers AI failed \(JSON Mode couldn't be met\)/],
    ["answers nothing", () => ({ response: "" }), /^Workers AI gave a malformed answer/],
    ["answers without a response", () => ({ usage: { total_tokens: 3 } }), /^Workers AI gave a malformed answer/],
  ];
  for (const [what, answer, detail] of failures) {
    it(`answers the SPEC's failure with a 502, charges nothing and saves nothing when Workers AI ${what}`, async () => {
      const { token, userId } = await registerUser();
      const { text } = await call(deployment(spyAi(answer).ai), "/listings/generate", { token, body: { description: MOON, keywords: [], platform: "etsy" } });
      const last = events(text).at(-1);
      expect(last).toMatchObject({ type: "error", status: 502, message: "Failed to generate listing. Please try again.", provider: "workers-ai" });
      expect(last?.type === "error" && last.detail).toMatch(detail);
      expect(await listingUnits(token)).toBe(0);
      expect(await listListings(base.DB, userId)).toHaveLength(0);
    });
  }

  it("answers the raw AI call with a 502 and gives its ai-call unit back when Workers AI fails", async () => {
    const { token, userId } = await registerUser();
    const broken = spyAi(() => Promise.reject(new Error("5007: No such model")));
    const { res, text } = await call(deployment(broken.ai), "/ai/workers-ai", { token, body: { system: "Write a title", prompt: MOON } });
    expect(res.status).toBe(502);
    expect(JSON.parse(text)).toMatchObject({ success: false, message: "Workers AI failed (5007: No such model)" });
    expect((await readQuota(base, { id: userId, plan: "free" }, "ai-call" as Feature)).used).toBe(0);

    const ok = await call(deployment(spyAi().ai), "/ai/default", { token, body: { system: "Write a listing title", prompt: MOON } });
    expect(JSON.parse(ok.text)).toMatchObject({ success: true, provider: "workers-ai", providerLabel: "Workers AI (llama-3.1-8b)", offline: false });
    expect((await readQuota(base, { id: userId, plan: "free" }, "ai-call" as Feature)).used).toBe(1);
  });
});

describe("the pattern wizard with Workers AI on a deployment", () => {
  it("writes the pattern's Etsy listing with the model, tags in JSON mode, through the rules", async () => {
    const { token } = await registerUser();
    const binding = spyAi();
    const { res, text } = await call(deployment(binding.ai), "/workflow/etsy-listing", { token, body: { input: { pdfContent: bunny }, options: {}, featureKey: "create-listing" } });
    expect(res.status).toBe(200);
    const body = JSON.parse(text);
    expect(body).toMatchObject({ success: true, provider: "workers-ai", providerLabel: "Workers AI (llama-3.1-8b)", offline: false });
    expect(body.tags).toHaveLength(13);
    expect(body.title.length).toBeLessThanOrEqual(130);
    expect(binding.calls).toHaveLength(4);
    expect(binding.calls.find((c) => /13 Etsy tags/.test(system(c)))?.inputs.response_format).toEqual({ type: "json_schema", json_schema: TAGS_SCHEMA });
    expect(await listingUnits(token)).toBe(1);
  });

  it("gives the model room to return the whole pattern when it adds headings", async () => {
    const { token } = await registerUser();
    const binding = spyAi((c) => ({ response: `# Sleepy Bunny\n\n${c.inputs.messages.at(-1)!.content}` }));
    const { res } = await call(deployment(binding.ai), "/workflow/optimize-pattern", { token, body: { pattern: bunny, options: {}, featureKey: "optimize-pattern" } });
    expect(res.status).toBe(200);
    expect(binding.calls).toHaveLength(1);
    expect(binding.calls[0].inputs.max_tokens).toBeGreaterThanOrEqual(Math.ceil(bunny.length / 3));
  });

  it("answers 'Etsy listing could not be generated.' with a 502 and gives the unit back when Workers AI fails", async () => {
    const { token } = await registerUser();
    const { res, text } = await call(deployment(spyAi(() => Promise.reject(new Error("3040: Capacity temporarily exceeded"))).ai), "/workflow/etsy-listing", {
      token,
      body: { input: { pdfContent: bunny }, options: {}, featureKey: "create-listing" },
    });
    expect(res.status).toBe(502);
    expect(JSON.parse(text).message).toMatch(/^Etsy listing could not be generated\.: Workers AI failed \(3040/);
    expect(await listingUnits(token)).toBe(0);
  });
});
