import { describe, expect, it } from "vitest";
import { HttpError, UpstreamError } from "../../worker/lib/errors";
import { llmProviderName, selectLlmProvider, type LlmEnv } from "../../worker/providers/llm";
import { openAiCompatibleProvider } from "../../worker/providers/llm/openai-compatible";
import { workersAiProvider, type AiRunner } from "../../worker/providers/llm/workers-ai";
import { api } from "./helpers";

const KEY = "sk-test-0123456789abcdef";

interface Recorded {
  url: string;
  method: string;
  headers: Headers;
  body: Record<string, unknown>;
}

/** A fake of the chat-completions API: records the request, answers what the test says. */
function fakeFetch(answer: (req: Recorded) => Response | Promise<Response>) {
  const calls: Recorded[] = [];
  const fetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
    const req: Recorded = { url: String(input), method: init?.method ?? "GET", headers: new Headers(init?.headers), body: JSON.parse(String(init?.body ?? "{}")) };
    calls.push(req);
    return answer(req);
  }) as typeof globalThis.fetch;
  return { fetch, calls };
}

const completion = (content: unknown) =>
  Response.json({ id: "chatcmpl-1", object: "chat.completion", model: "deepseek-chat", choices: [{ index: 0, message: { role: "assistant", content }, finish_reason: "stop" }] });

async function failure(promise: Promise<unknown>): Promise<UpstreamError> {
  try {
    await promise;
  } catch (error) {
    expect(error).toBeInstanceOf(UpstreamError);
    return error as UpstreamError;
  }
  throw new Error("expected the call to fail");
}

describe("DeepSeek and OpenAI (chat completions over HTTP)", () => {
  const deepseek = (fetch: typeof globalThis.fetch, timeoutMs?: number) =>
    openAiCompatibleProvider({ name: "deepseek", vendor: "DeepSeek", apiKey: KEY, baseUrl: "https://api.deepseek.com", model: "deepseek-chat", fetch, timeoutMs });

  it("posts the system and user messages with the model and a bearer key, and answers the message content", async () => {
    const fake = fakeFetch(() => completion("Moon Necklace - Sterling Silver"));
    const content = await deepseek(fake.fetch).complete({ system: "Write a title", prompt: "A silver moon necklace" });
    expect(content).toBe("Moon Necklace - Sterling Silver");
    expect(fake.calls).toHaveLength(1);
    const [call] = fake.calls;
    expect(call.url).toBe("https://api.deepseek.com/chat/completions");
    expect(call.method).toBe("POST");
    expect(call.headers.get("Authorization")).toBe(`Bearer ${KEY}`);
    expect(call.headers.get("Content-Type")).toBe("application/json");
    expect(call.body).toEqual({
      model: "deepseek-chat",
      messages: [
        { role: "system", content: "Write a title" },
        { role: "user", content: "A silver moon necklace" },
      ],
      stream: false,
    });
  });

  it("asks for JSON mode when the request wants JSON", async () => {
    const fake = fakeFetch(() => completion('{"tags":["moon necklace"]}'));
    await deepseek(fake.fetch).complete({ system: "json please", prompt: "tags", json: true });
    expect(fake.calls[0].body.response_format).toEqual({ type: "json_object" });
  });

  it("talks to OpenAI at its own base URL with its own key and model", async () => {
    const fake = fakeFetch(() => completion("ok"));
    const provider = openAiCompatibleProvider({ name: "openai", vendor: "OpenAI", apiKey: "sk-openai-abcdef123456", baseUrl: "https://api.openai.com/v1/", model: "gpt-4.1-mini", fetch: fake.fetch });
    await provider.complete({ system: "s", prompt: "p" });
    expect(fake.calls[0].url).toBe("https://api.openai.com/v1/chat/completions");
    expect(fake.calls[0].headers.get("Authorization")).toBe("Bearer sk-openai-abcdef123456");
    expect(fake.calls[0].body.model).toBe("gpt-4.1-mini");
    expect(provider.label).toBe("OpenAI (gpt-4.1-mini)");
  });

  it("turns a refused key (401) into a 502 that names the vendor and never the key, even when the vendor echoes it", async () => {
    const fake = fakeFetch(() => Response.json({ error: { message: `Incorrect API key provided: ${KEY}. Or sk-abc***xyz`, type: "invalid_request_error" } }, { status: 401 }));
    const error = await failure(deepseek(fake.fetch).complete({ system: "", prompt: "p" }));
    expect(error.status).toBe(502);
    expect(error.message).toMatch(/^DeepSeek refused the API key \(HTTP 401/);
    expect(error.message).not.toContain(KEY);
    expect(error.message).not.toContain("sk-abc");
    expect(error.extra).toEqual({ provider: "deepseek" });
  });

  it("turns a server error (500) and rate limiting (429) into a 502 with the status", async () => {
    const five = await failure(deepseek(fakeFetch(() => new Response("upstream exploded", { status: 500 })).fetch).complete({ system: "", prompt: "p" }));
    expect(five.status).toBe(502);
    expect(five.message).toBe("DeepSeek answered with an error (HTTP 500)");
    const many = await failure(deepseek(fakeFetch(() => Response.json({ error: { message: "Rate limit reached" } }, { status: 429 })).fetch).complete({ system: "", prompt: "p" }));
    expect(many.message).toBe("DeepSeek is rate-limiting requests (HTTP 429: Rate limit reached)");
  });

  it("gives up after the time-out with a 504", async () => {
    const hanging = ((_: RequestInfo | URL, init?: RequestInit) =>
      new Promise<Response>((_resolve, reject) => init?.signal?.addEventListener("abort", () => reject(init.signal?.reason)))) as typeof globalThis.fetch;
    // The fake never answers by itself: only the time-out's abort ends the call.
    const error = await failure(deepseek(hanging, 30).complete({ system: "", prompt: "p" }));
    expect(error.status).toBe(504);
    expect(error.message).toMatch(/^DeepSeek did not answer within/);
  });

  it("uses 60 seconds unless told otherwise, and a request's own time-out wins", async () => {
    const hanging = ((_: RequestInfo | URL, init?: RequestInit) =>
      new Promise<Response>((_resolve, reject) => init?.signal?.addEventListener("abort", () => reject(init.signal?.reason)))) as typeof globalThis.fetch;
    const error = await failure(deepseek(hanging).complete({ system: "", prompt: "p", timeoutMs: 20 }));
    expect(error.status).toBe(504);
    expect(error.message).toBe("DeepSeek did not answer within 0 s");
  });

  it("turns a malformed reply into a 502: not JSON, no choices, or empty content", async () => {
    for (const reply of [new Response("<html>gateway</html>", { status: 200 }), Response.json({ choices: [] }), completion(""), completion(42)]) {
      const error = await failure(deepseek(fakeFetch(() => reply).fetch).complete({ system: "", prompt: "p" }));
      expect(error.status).toBe(502);
      expect(error.message).toMatch(/^DeepSeek gave a malformed answer/);
    }
  });

  it("turns a network failure into a 502", async () => {
    const broken = (() => Promise.reject(new TypeError("Network connection lost"))) as typeof globalThis.fetch;
    const error = await failure(deepseek(broken).complete({ system: "", prompt: "p" }));
    expect(error.status).toBe(502);
    expect(error.message).toBe("DeepSeek could not be reached (Network connection lost)");
  });
});

describe("Workers AI (through the AI binding)", () => {
  function spy(answer: (model: string, inputs: Record<string, unknown>) => Promise<unknown>) {
    const calls: { model: string; inputs: Record<string, unknown> }[] = [];
    const ai: AiRunner = {
      run(model, inputs) {
        calls.push({ model, inputs });
        return answer(model, inputs);
      },
    };
    return { ai, calls };
  }

  it("runs the configured model with the messages and answers the response text", async () => {
    const binding = spy(async () => ({ response: "Moon Necklace" }));
    const provider = workersAiProvider({ ai: binding.ai, model: "@cf/meta/llama-3.1-8b-instruct" });
    expect(await provider.complete({ system: "Write a title", prompt: "moon necklace" })).toBe("Moon Necklace");
    expect(binding.calls).toEqual([
      {
        model: "@cf/meta/llama-3.1-8b-instruct",
        inputs: {
          messages: [
            { role: "system", content: "Write a title" },
            { role: "user", content: "moon necklace" },
          ],
          max_tokens: 1024,
        },
      },
    ]);
    expect(provider.label).toBe("Workers AI (llama-3.1-8b)");
  });

  it("uses JSON mode on a model that supports it, and hands an object answer on as JSON text", async () => {
    const binding = spy(async () => ({ response: { tags: ["moon necklace"] } }));
    const provider = workersAiProvider({ ai: binding.ai });
    expect(await provider.complete({ system: "", prompt: "tags", json: true })).toBe('{"tags":["moon necklace"]}');
    expect(binding.calls[0].model).toBe("@cf/meta/llama-3.3-70b-instruct-fp8-fast");
    expect(binding.calls[0].inputs.response_format).toEqual({ type: "json_object" });
  });

  it("does not ask for JSON mode on a model without it", async () => {
    const binding = spy(async () => ({ response: "[]" }));
    await workersAiProvider({ ai: binding.ai, model: "@cf/mistral/mistral-7b-instruct-v0.1" }).complete({ system: "", prompt: "tags", json: true });
    expect(binding.calls[0].inputs.response_format).toBeUndefined();
  });

  it("holds the model to a request's JSON schema (json_schema mode) and says so in the system prompt", async () => {
    const schema = { type: "object", properties: { bullets: { type: "array", items: { type: "string" } } }, required: ["bullets"] };
    const binding = spy(async () => ({ response: { bullets: ["Sterling Silver: solid 925 silver."] } }));
    const answer = await workersAiProvider({ ai: binding.ai }).complete({ system: "Write 5 bullets.", prompt: "moon necklace", json: true, schema });
    expect(JSON.parse(answer)).toEqual({ bullets: ["Sterling Silver: solid 925 silver."] });
    const { inputs } = binding.calls[0];
    expect(inputs.response_format).toEqual({ type: "json_schema", json_schema: schema });
    expect((inputs.messages as { content: string }[])[0].content).toBe(`Write 5 bullets.\n\nAnswer with one JSON object that matches this JSON schema: ${JSON.stringify(schema)}`);

    const plain = spy(async () => ({ response: '{"bullets": []}' }));
    await workersAiProvider({ ai: plain.ai, model: "@cf/mistral/mistral-7b-instruct-v0.1" }).complete({ system: "Write 5 bullets.", prompt: "p", schema });
    expect(plain.calls[0].inputs.response_format).toBeUndefined();
    expect((plain.calls[0].inputs.messages as { content: string }[])[0].content).toBe("Write 5 bullets.");
  });

  it("asks for the reply budget a request gives (the default is 1024 tokens, not Workers AI's 256)", async () => {
    const binding = spy(async () => ({ response: "ok" }));
    const provider = workersAiProvider({ ai: binding.ai });
    await provider.complete({ system: "", prompt: "p" });
    await provider.complete({ system: "", prompt: "p", maxTokens: 6000 });
    expect(binding.calls.map((c) => c.inputs.max_tokens)).toEqual([1024, 6000]);
  });

  it("reads a model that answers in the chat-completions shape", async () => {
    const binding = spy(async () => ({ id: "chatcmpl-1", choices: [{ index: 0, message: { role: "assistant", content: "Moon Necklace" }, finish_reason: "stop" }] }));
    expect(await workersAiProvider({ ai: binding.ai, model: "@cf/qwen/qwen3-30b-a3b-fp8" }).complete({ system: "", prompt: "p" })).toBe("Moon Necklace");
  });

  it("turns a binding error into a 502, a hang into a 504 and an empty answer into a 502", async () => {
    const thrown = await failure(workersAiProvider({ ai: spy(() => Promise.reject(new Error("3040: capacity exceeded"))).ai }).complete({ system: "", prompt: "p" }));
    expect(thrown.status).toBe(502);
    expect(thrown.message).toBe("Workers AI failed (3040: capacity exceeded)");

    const hang = await failure(workersAiProvider({ ai: spy(() => new Promise(() => {})).ai, timeoutMs: 20 }).complete({ system: "", prompt: "p" }));
    expect(hang.status).toBe(504);

    const empty = await failure(workersAiProvider({ ai: spy(async () => ({ response: "" })).ai }).complete({ system: "", prompt: "p" }));
    expect(empty.status).toBe(502);
    expect(empty.message).toBe("Workers AI gave a malformed answer (no response text)");
  });
});

describe("choosing the LLM provider from configuration", () => {
  const fakeAi = { run: async () => ({ response: "x" }) } as unknown as Ai;
  const choose = (env: LlmEnv, requested?: string) => selectLlmProvider(env, requested);

  it("uses the offline composer when nothing is configured", () => {
    expect(choose({}).provider.name).toBe("offline-composer");
    expect(choose({ LLM_PROVIDER: "auto" }).notice).toBeUndefined();
  });

  it("prefers DeepSeek (the SPEC's default), then OpenAI, under auto", () => {
    expect(choose({ DEEPSEEK_API_KEY: KEY, OPENAI_API_KEY: "sk-o-123456" }).provider.name).toBe("deepseek");
    expect(choose({ OPENAI_API_KEY: "sk-o-123456" }).provider.name).toBe("openai");
  });

  it("picks Workers AI under auto only where the binding can run models (decision 0020)", () => {
    expect(choose({ AI: fakeAi, APP_ENV: "production" }).provider.name).toBe("workers-ai");
    expect(choose({ AI: fakeAi, APP_ENV: "development" }).provider.name).toBe("offline-composer");
    expect(choose({ AI: fakeAi, APP_ENV: "production", WORKERS_AI_LOCAL: "unavailable" }).provider.name).toBe("offline-composer");
    expect(choose({ AI: fakeAi, APP_ENV: "development", WORKERS_AI_ENABLED: "true" }).provider.name).toBe("workers-ai");
    expect(choose({ AI: fakeAi, APP_ENV: "test", LLM_PROVIDER: "workers-ai" }).provider.name).toBe("offline-composer");
    expect(choose({ AI: fakeAi, LLM_PROVIDER: "workers-ai" }).provider.name).toBe("workers-ai");
  });

  it("follows LLM_PROVIDER when it names a configured provider", () => {
    expect(choose({ LLM_PROVIDER: "openai", DEEPSEEK_API_KEY: KEY, OPENAI_API_KEY: "sk-o-123456" }).provider.name).toBe("openai");
    expect(choose({ LLM_PROVIDER: "offline", DEEPSEEK_API_KEY: KEY }).provider.name).toBe("offline-composer");
  });

  it("reads DeepSeek's base URL and model from configuration, with the SPEC's defaults", async () => {
    const fake = fakeFetch(() => completion("ok"));
    await selectLlmProvider({ DEEPSEEK_API_KEY: KEY }, "deepseek", { fetch: fake.fetch }).provider.complete({ system: "", prompt: "p" });
    await selectLlmProvider({ DEEPSEEK_API_KEY: KEY, LLM_BASE_URL: "http://fake.local/v1", LLM_MODEL: "deepseek-reasoner" }, "deepseek", { fetch: fake.fetch }).provider.complete({
      system: "",
      prompt: "p",
    });
    expect(fake.calls.map((c) => [c.url, c.body.model])).toEqual([
      ["https://api.deepseek.com/chat/completions", "deepseek-chat"],
      ["http://fake.local/v1/chat/completions", "deepseek-reasoner"],
    ]);
  });

  it("answers a requested provider by name: offline and composer are the composer", () => {
    const env = { DEEPSEEK_API_KEY: KEY };
    expect(choose(env, "offline").provider.name).toBe("offline-composer");
    expect(choose(env, "composer").provider.name).toBe("offline-composer");
    expect(choose(env, "DeepSeek").provider.name).toBe("deepseek");
  });

  it("falls back to the server's default when the requested provider is not configured, and says so", () => {
    const fallback = choose({}, "deepseek");
    expect(fallback.provider.name).toBe("offline-composer");
    expect(fallback.notice).toBe("DeepSeek is not configured on this server; the offline composer answered instead.");
    expect(choose({ AI: fakeAi, APP_ENV: "test" }, "workers-ai").notice).toMatch(/^Workers AI is not configured/);
  });

  it("refuses an unknown provider name with a 400", () => {
    expect(() => choose({}, "gpt-9000")).toThrow(HttpError);
    try {
      choose({}, "gpt-9000");
    } catch (error) {
      expect((error as HttpError).status).toBe(400);
      expect((error as HttpError).message).toBe("Unknown AI provider 'gpt-9000'. Use one of: deepseek, openai, workers-ai, offline.");
    }
  });

  it("reports the provider that serves by default, without any secret", async () => {
    expect(llmProviderName({ DEEPSEEK_API_KEY: KEY })).toBe("deepseek");
    const res = await api("/health");
    const body = await res.json<{ providers: Record<string, string> }>();
    expect(body.providers.llm).toBe("offline-composer");
  });
});

// ---- The marketplace parts through a real provider's wire ------------------------------------

import { generateListingParts, parseItemSpecifics, parsePart, partRequest } from "../../worker/domain/listings/generate";
import { inferTask, offlineComposer } from "../../worker/providers/llm/offline-composer";

describe("marketplace parts from a model's answer", () => {
  const MUG = "Handmade ceramic coffee mug, 350 ml, glazed in speckled sage green. Dishwasher and microwave safe.";

  it("asks DeepSeek for Amazon bullets and eBay item specifics in JSON mode, and reads the answers", async () => {
    const { fetch, calls } = fakeFetch((req) => {
      const system = String((req.body.messages as { content: string }[])[0].content);
      if (/bullet points/.test(system))
        return completion(
          JSON.stringify({ bullets: ["Big Mug: 350 ml of coffee", "Safe: dishwasher and microwave", "Glaze: speckled sage green", "Made by Hand: thrown on the wheel", "Gift: for coffee lovers"] }),
        );
      if (/item specifics/.test(system)) return completion('{"Brand": "Handmade", "Type": "Mug", "Material": "Ceramic", "Capacity": "350 ml", "Color": "N/A"}');
      if (/search terms/.test(system)) return completion("cup, tea, latte, ceramic");
      if (/title/.test(system)) return completion("Handmade Ceramic Coffee Mug 350 ml, Sage Green");
      return completion("A sage green mug.\n\nFeatures\n• 350 ml");
    });
    const provider = openAiCompatibleProvider({ name: "deepseek", vendor: "DeepSeek", apiKey: KEY, baseUrl: "https://api.deepseek.com", model: "deepseek-chat", fetch });
    const amazon = await generateListingParts(provider, { description: MUG, keywords: [], platform: "amazon" });
    expect(amazon.listing.bullets).toEqual([
      "Big Mug: 350 ml of coffee",
      "Safe: dishwasher and microwave",
      "Glaze: speckled sage green",
      "Made by Hand: thrown on the wheel",
      // The description says nothing of a gift: the label that claims one is renamed (issue 24).
      "Details: for coffee lovers",
    ]);
    // "tea" is a use the seller never named (a coffee mug): dropped like any unsupported use (decision 0039).
    expect(amazon.listing.searchTerms).toBe("cup latte");
    const bulletCall = calls.find((c) => /bullet points/.test(String((c.body.messages as { content: string }[])[0].content)))!;
    expect(bulletCall.body.response_format).toEqual({ type: "json_object" });
    expect(String((bulletCall.body.messages as { content: string }[])[0].content)).toMatch(/JSON object \{"bullets"/);

    const ebay = await generateListingParts(provider, { description: MUG, keywords: [], platform: "ebay" });
    expect(ebay.listing.itemSpecifics).toEqual([
      { name: "Brand", value: "Handmade" },
      { name: "Type", value: "Mug" },
      { name: "Material", value: "Ceramic" },
      { name: "Capacity", value: "350 ml" },
    ]);
    expect(ebay.listing.tags).toEqual([]);
  });

  it("reads item specifics as an object, a list of name and value, or 'Name: value' lines", () => {
    expect(parseItemSpecifics('```json\n{"itemSpecifics": {"Type": "Mug", "Color": ["Sage", "Green"]}}\n```')).toEqual([
      { name: "Type", value: "Mug" },
      { name: "Color", value: "Sage, Green" },
    ]);
    expect(parseItemSpecifics('[{"name": "Type", "value": "Mug"}, {"name": "Size", "value": 350}]')).toEqual([
      { name: "Type", value: "Mug" },
      { name: "Size", value: "350" },
    ]);
    expect(parseItemSpecifics("- **Type:** Mug\n- Material: Ceramic\nnot a pair")).toEqual([
      { name: "Type", value: "Mug" },
      { name: "Material", value: "Ceramic" },
    ]);
    expect(parseItemSpecifics("no idea")).toEqual([]);
  });

  it("reads bullets as a JSON array, an object with bullets, or one per line", () => {
    expect(parsePart("bullets", '["One: a", "Two: b"]')).toEqual(["One: a", "Two: b"]);
    expect(parsePart("bullets", '{"bullets": ["One: a"]}')).toEqual(["One: a"]);
    expect(parsePart("bullets", "- One: a\n- Two: b")).toEqual(["- One: a", "- Two: b"]);
    expect(parsePart("searchTerms", "cup tea")).toBe("cup tea");
  });

  it("lets the offline composer answer each new part in the shape a model is asked for", async () => {
    const composer = offlineComposer();
    const input = { description: MUG, keywords: [], platform: "amazon" as const };
    const bullets = JSON.parse(await composer.complete(partRequest("bullets", input))) as string[];
    expect(bullets).toHaveLength(5);
    const specifics = JSON.parse(await composer.complete(partRequest("itemSpecifics", { ...input, platform: "ebay" }))) as Record<string, string>;
    expect(specifics).toMatchObject({ Type: "Mug", Material: "Ceramic", Capacity: "350 ml" });
    const terms = await composer.complete(partRequest("searchTerms", input));
    expect(terms).not.toMatch(/,/);
    expect(inferTask("Write 5 Amazon bullet points", "")).toBe("bullets");
    expect(inferTask("Write backend search terms", "")).toBe("search-terms");
    expect(inferTask("Write eBay item specifics", "")).toBe("item-specifics");
  });
});
