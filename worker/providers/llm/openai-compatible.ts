import { UpstreamError } from "../../lib/errors";
import type { LlmProvider, LlmRequest } from "./types";

export const DEFAULT_LLM_TIMEOUT_MS = 60_000;

interface OpenAiCompatibleOptions {
  name: "deepseek" | "openai";
  /** The vendor as a user reads it in messages, e.g. "DeepSeek". */
  vendor: string;
  apiKey: string;
  baseUrl: string;
  model: string;
  fetch?: typeof fetch;
  timeoutMs?: number;
}

/**
 * The chat-completions API that DeepSeek and OpenAI share: POST {baseUrl}/chat/completions with a
 * bearer key, answer in choices[0].message.content. Every failure becomes an UpstreamError naming
 * the vendor: 504 for a time-out, 502 otherwise; the key never appears in a message.
 */
export function openAiCompatibleProvider(options: OpenAiCompatibleOptions): LlmProvider {
  const doFetch = options.fetch ?? fetch;
  const baseUrl = options.baseUrl.replace(/\/+$/, "");
  const fail = (message: string, timedOut = false) => new UpstreamError(options.name, scrub(message, options.apiKey), timedOut);

  return {
    name: options.name,
    label: `${options.vendor} (${options.model})`,
    offline: false,
    async complete(request: LlmRequest) {
      const timeoutMs = request.timeoutMs ?? options.timeoutMs ?? DEFAULT_LLM_TIMEOUT_MS;
      const controller = new AbortController();
      const timer = setTimeout(() => controller.abort(new DOMException("timed out", "TimeoutError")), timeoutMs);
      const body: Record<string, unknown> = {
        model: options.model,
        messages: [...(request.system ? [{ role: "system", content: request.system }] : []), { role: "user", content: request.prompt }],
        stream: false,
      };
      // Both vendors' JSON mode answers an object and needs the word "json" in the prompt.
      if (request.json) body.response_format = { type: "json_object" };

      try {
        let response: Response;
        try {
          response = await doFetch(`${baseUrl}/chat/completions`, {
            method: "POST",
            headers: { Authorization: `Bearer ${options.apiKey}`, "Content-Type": "application/json", Accept: "application/json" },
            body: JSON.stringify(body),
            signal: controller.signal,
          });
        } catch (error) {
          if (controller.signal.aborted) throw fail(`${options.vendor} did not answer within ${Math.round(timeoutMs / 1000)} s`, true);
          throw fail(`${options.vendor} could not be reached${error instanceof Error ? ` (${error.message})` : ""}`);
        }

        let raw: string;
        try {
          raw = await response.text();
        } catch {
          if (controller.signal.aborted) throw fail(`${options.vendor} did not answer within ${Math.round(timeoutMs / 1000)} s`, true);
          throw fail(`${options.vendor} broke off its answer`);
        }

        if (!response.ok) {
          const detail = errorDetail(raw);
          if (response.status === 401 || response.status === 403) throw fail(`${options.vendor} refused the API key (HTTP ${response.status}${detail ? `: ${detail}` : ""})`);
          if (response.status === 429) throw fail(`${options.vendor} is rate-limiting requests (HTTP 429${detail ? `: ${detail}` : ""})`);
          throw fail(`${options.vendor} answered with an error (HTTP ${response.status}${detail ? `: ${detail}` : ""})`);
        }

        let parsed: unknown;
        try {
          parsed = JSON.parse(raw);
        } catch {
          throw fail(`${options.vendor} gave a malformed answer (not JSON)`);
        }
        const content = (parsed as { choices?: { message?: { content?: unknown } }[] } | null)?.choices?.[0]?.message?.content;
        if (typeof content !== "string" || content.trim() === "") throw fail(`${options.vendor} gave a malformed answer (no message content)`);
        return content;
      } finally {
        clearTimeout(timer);
      }
    },
  };
}

/** The vendor's own error text, short. */
function errorDetail(raw: string): string {
  try {
    const body = JSON.parse(raw) as { error?: { message?: unknown } | string; message?: unknown };
    const message = typeof body.error === "string" ? body.error : typeof body.error?.message === "string" ? body.error.message : typeof body.message === "string" ? body.message : "";
    return message.slice(0, 200);
  } catch {
    return "";
  }
}

/**
 * Vendors echo part of a wrong key in their 401 text ("Incorrect API key provided: sk-ab***yz"), so
 * both the configured key and anything shaped like a key are cut out of every message.
 */
function scrub(message: string, apiKey: string): string {
  let out = apiKey ? message.split(apiKey).join("[key]") : message;
  out = out.replace(/\b(sk|pk|rk)-[A-Za-z0-9_*.-]{4,}/g, "[key]");
  return out;
}
