/**
 * The one interface every text generator implements: Workers AI, the OpenAI-compatible HTTP
 * providers (DeepSeek, OpenAI) and the embedded offline composer.
 */
export type LlmProviderName = "workers-ai" | "deepseek" | "openai" | "offline-composer";

/** What a call is for. Real providers only need system + prompt; the offline composer needs the task. */
export type LlmTask = "title" | "description" | "tags" | "alt-text" | "bullets" | "search-terms" | "item-specifics" | "optimize-pattern" | "format-pattern" | "generic";

export interface LlmRequest {
  system: string;
  prompt: string;
  task?: LlmTask;
  /** Ask for a JSON reply where the model supports it. */
  json?: boolean;
  /**
   * The JSON schema of a structured reply (always an object at the top). A provider with schema-
   * guided output (Workers AI's JSON mode) holds the model to it; the others read the reply as
   * text, as they always do. The system prompt still describes the answer in words.
   */
  schema?: Record<string, unknown>;
  /** The reply's length budget in tokens, for providers that need one (Workers AI defaults to 256). */
  maxTokens?: number;
  /** Defaults to 60 s; the wizard uses 180 s. */
  timeoutMs?: number;
  /** Structured input the prompt was made from, so the offline composer can work without parsing prose. */
  context?: {
    description?: string;
    keywords?: string[];
    platform?: string;
    digital?: boolean;
    pattern?: string;
    /** 0 for the first answer; 1, 2, ... when one part is regenerated, so the composer varies it. */
    variant?: number;
  };
}

export interface LlmProvider {
  readonly name: LlmProviderName;
  /** Shown in the UI, e.g. "DeepSeek (deepseek-chat)" or "Offline composer (built in)". */
  readonly label: string;
  /** True for the embedded default that works without network or keys. */
  readonly offline: boolean;
  /** Answers the model's text. Throws UpstreamError (502/504) on failure, time-out or a malformed reply. */
  complete(request: LlmRequest): Promise<string>;
}
