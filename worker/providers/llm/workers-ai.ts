import { UpstreamError } from "../../lib/errors";
import { DEFAULT_LLM_TIMEOUT_MS } from "./openai-compatible";
import type { LlmProvider, LlmRequest } from "./types";

export const DEFAULT_WORKERS_AI_MODEL = "@cf/meta/llama-3.3-70b-instruct-fp8-fast";

/** The part of the AI binding this provider uses, so a test can pass a spy. */
export interface AiRunner {
  run(model: string, inputs: Record<string, unknown>): Promise<unknown>;
}

/** Models Cloudflare lists as supporting JSON mode (response_format); others get plain prompts. */
const JSON_MODE_MODELS = [
  "@cf/meta/llama-3.3-70b-instruct-fp8-fast",
  "@cf/meta/llama-3.1-70b-instruct",
  "@cf/meta/llama-3.1-8b-instruct",
  "@cf/meta/llama-3.1-8b-instruct-fast",
  "@cf/meta/llama-3.1-8b-instruct-fp8",
  "@cf/meta/llama-3.1-8b-instruct-awq",
  "@cf/meta/llama-3-8b-instruct",
  "@cf/meta/llama-3-8b-instruct-awq",
  "@cf/meta/llama-3.2-1b-instruct",
  "@cf/meta/llama-3.2-3b-instruct",
  "@cf/meta/llama-3.2-11b-vision-instruct",
  "@hf/nousresearch/hermes-2-pro-mistral-7b",
  "@cf/deepseek-ai/deepseek-r1-distill-qwen-32b",
];

export function supportsJsonMode(model: string) {
  return JSON_MODE_MODELS.includes(model);
}

/**
 * Workers AI through the `AI` binding. A text model answers `{ response }`; in JSON mode `response`
 * may already be an object, which is handed on as JSON text like every other provider's answer.
 */
export function workersAiProvider(options: { ai: AiRunner; model?: string; timeoutMs?: number }): LlmProvider {
  const model = options.model || DEFAULT_WORKERS_AI_MODEL;
  const fail = (message: string, timedOut = false) => new UpstreamError("workers-ai", message, timedOut);
  return {
    name: "workers-ai",
    label: `Workers AI (${model})`,
    offline: false,
    async complete(request: LlmRequest) {
      const timeoutMs = request.timeoutMs ?? options.timeoutMs ?? DEFAULT_LLM_TIMEOUT_MS;
      const inputs: Record<string, unknown> = {
        messages: [
          ...(request.system ? [{ role: "system", content: request.system }] : []),
          { role: "user", content: request.prompt },
        ],
        max_tokens: 1024,
      };
      if (request.json && supportsJsonMode(model)) inputs.response_format = { type: "json_object" };

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

      const response = (result as { response?: unknown } | null)?.response;
      if (typeof response === "string" && response.trim() !== "") return response;
      if (response !== null && typeof response === "object") return JSON.stringify(response);
      throw fail("Workers AI gave a malformed answer (no response text)");
    },
  };
}
