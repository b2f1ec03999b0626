import { UpstreamError } from "../../lib/errors";
import { DEFAULT_LLM_TIMEOUT_MS } from "./openai-compatible";
import type { LlmProvider, LlmRequest } from "./types";

export const DEFAULT_WORKERS_AI_MODEL = "@cf/meta/llama-3.3-70b-instruct-fp8-fast";

/** The part of the AI binding this provider uses, so a test can pass a spy. */
export interface AiRunner {
  run(model: string, inputs: Record<string, unknown>): Promise<unknown>;
}

/**
 * The models Cloudflare's JSON-mode page lists (developers.cloudflare.com/workers-ai/features/json-mode,
 * its current and earlier versions); others get the same prompts without response_format.
 */
const JSON_MODE_MODELS = [
  "@cf/meta/llama-3.3-70b-instruct-fp8-fast",
  "@cf/meta/llama-3.1-70b-instruct",
  "@cf/meta/llama-3.1-8b-instruct",
  "@cf/meta/llama-3.1-8b-instruct-fast",
  "@cf/meta/llama-3-8b-instruct",
  "@cf/meta/llama-3.2-11b-vision-instruct",
  "@hf/nousresearch/hermes-2-pro-mistral-7b",
  "@hf/thebloke/deepseek-coder-6.7b-instruct-awq",
  "@cf/deepseek-ai/deepseek-r1-distill-qwen-32b",
];

function supportsJsonMode(model: string) {
  return JSON_MODE_MODELS.includes(model);
}

/** "@cf/meta/llama-3.3-70b-instruct-fp8-fast" -> "llama-3.3-70b": the name a person recognises. */
function shortModelName(model: string) {
  const name = model.split("/").pop() || model;
  return name.replace(/-instruct\b.*$/, "") || name;
}

/** Listing parts are short; the wizard passes a budget sized to the pattern it sends. */
const DEFAULT_MAX_TOKENS = 1024;

/**
 * Workers AI through the `AI` binding. A text model answers `{ response }` (in JSON mode `response`
 * may already be an object, handed on as JSON text like every other provider's answer); newer
 * models answer in the chat-completions shape, `{ choices: [{ message: { content } }] }`.
 *
 * JSON mode (https://developers.cloudflare.com/workers-ai/json-mode/) on the models that have it:
 * a request with a schema gets `response_format: { type: "json_schema", json_schema }`, one that
 * only wants JSON gets `{ type: "json_object" }`. The model may still fail the schema ("JSON Mode
 * couldn't be met"): the binding then throws, which is a 502 like any other failure.
 */
export function workersAiProvider(options: { ai: AiRunner; model?: string; timeoutMs?: number }): LlmProvider {
  const model = options.model || DEFAULT_WORKERS_AI_MODEL;
  const fail = (message: string, timedOut = false) => new UpstreamError("workers-ai", message, timedOut);
  return {
    name: "workers-ai",
    label: `Workers AI (${shortModelName(model)})`,
    offline: false,
    async complete(request: LlmRequest) {
      const timeoutMs = request.timeoutMs ?? options.timeoutMs ?? DEFAULT_LLM_TIMEOUT_MS;
      const jsonMode = (request.json || request.schema) && supportsJsonMode(model);
      const system = jsonMode && request.schema ? `${request.system}\n\nAnswer with one JSON object that matches this JSON schema: ${JSON.stringify(request.schema)}`.trim() : request.system;
      const inputs: Record<string, unknown> = {
        messages: [...(system ? [{ role: "system", content: system }] : []), { role: "user", content: request.prompt }],
        max_tokens: request.maxTokens ?? DEFAULT_MAX_TOKENS,
      };
      if (jsonMode) inputs.response_format = request.schema ? { type: "json_schema", json_schema: request.schema } : { type: "json_object" };

      let timer: ReturnType<typeof setTimeout> | undefined;
      const timeout = new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(fail(`Workers AI did not answer within ${Math.round(timeoutMs / 1000)} s`, true)), timeoutMs);
      });
      let result: unknown;
      try {
        result = await Promise.race([options.ai.run(model, inputs), timeout]);
      } catch (error) {
        if (error instanceof UpstreamError) throw error;
        throw fail(`Workers AI failed${error instanceof Error && error.message ? ` (${error.message.slice(0, 200)})` : ""}`);
      } finally {
        clearTimeout(timer);
      }

      const answer = result as { response?: unknown; choices?: { message?: { content?: unknown } }[] } | null;
      const response = answer?.response ?? answer?.choices?.[0]?.message?.content;
      if (typeof response === "string" && response.trim() !== "") return response;
      if (response !== null && typeof response === "object") return JSON.stringify(response);
      throw fail("Workers AI gave a malformed answer (no response text)");
    },
  };
}
