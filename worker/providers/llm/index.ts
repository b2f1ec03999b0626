import type { Env } from "../../lib/env";
import { badRequest } from "../../lib/errors";
import { offlineComposer } from "./offline-composer";
import { openAiCompatibleProvider } from "./openai-compatible";
import type { LlmProvider, LlmProviderName } from "./types";
import { workersAiAvailability, type WorkersAiAvailability } from "../workers-ai-availability";
import { DEFAULT_WORKERS_AI_MODEL, workersAiProvider, type AiRunner } from "./workers-ai";

export type { LlmProvider, LlmProviderName, LlmRequest, LlmTask } from "./types";

/** Settings this kind reads beyond the shared Env (they are optional [vars]). */
export type LlmEnv = Pick<
  Env,
  "AI" | "APP_ENV" | "LLM_PROVIDER" | "LLM_MODEL" | "LLM_BASE_URL" | "WORKERS_AI_MODEL" | "WORKERS_AI_ENABLED" | "WORKERS_AI_LOCAL" | "OPENAI_BASE_URL" | "DEEPSEEK_API_KEY" | "OPENAI_API_KEY"
> & {
  OPENAI_MODEL?: string;
};

interface LlmConfig {
  choice: "auto" | LlmProviderName;
  deepseek?: { apiKey: string; baseUrl: string; model: string };
  openai?: { apiKey: string; baseUrl: string; model: string };
  /** Present when the binding exists; `availability` says whether it can run models here (decision 0020). */
  workersAi?: { ai: AiRunner; model: string; availability: WorkersAiAvailability };
}

/** The names a caller may ask for in `/api/ai/:provider` or a generate body. */
const REQUEST_NAMES: Record<string, LlmProviderName | "auto"> = {
  deepseek: "deepseek",
  openai: "openai",
  "workers-ai": "workers-ai",
  workersai: "workers-ai",
  offline: "offline-composer",
  composer: "offline-composer",
  "offline-composer": "offline-composer",
  auto: "auto",
  default: "auto",
};

const VENDOR: Record<LlmProviderName, string> = {
  deepseek: "DeepSeek",
  openai: "OpenAI",
  "workers-ai": "Workers AI",
  "offline-composer": "The offline composer",
};

const cache = new WeakMap<object, LlmConfig>();

/** Reads the LLM settings once per env object. */
function readLlmConfig(env: LlmEnv): LlmConfig {
  const cached = cache.get(env);
  if (cached) return cached;
  const raw = (env.LLM_PROVIDER || "auto").trim().toLowerCase();
  const choice = (Object.hasOwn(REQUEST_NAMES, raw) && REQUEST_NAMES[raw]) || "auto";
  const config: LlmConfig = { choice };
  if (env.DEEPSEEK_API_KEY) {
    config.deepseek = { apiKey: env.DEEPSEEK_API_KEY, baseUrl: env.LLM_BASE_URL || "https://api.deepseek.com", model: env.LLM_MODEL || "deepseek-chat" };
  }
  if (env.OPENAI_API_KEY) {
    config.openai = { apiKey: env.OPENAI_API_KEY, baseUrl: env.OPENAI_BASE_URL || "https://api.openai.com/v1", model: env.OPENAI_MODEL || "gpt-4.1-mini" };
  }
  if (env.AI) {
    config.workersAi = {
      ai: env.AI as unknown as AiRunner,
      model: env.WORKERS_AI_MODEL || DEFAULT_WORKERS_AI_MODEL,
      availability: workersAiAvailability(env),
    };
  }
  cache.set(env, config);
  return config;
}

interface LlmSelection {
  provider: LlmProvider;
  /** Set when the caller asked for a provider that is not configured and another one serves. */
  notice?: string;
}

interface ProviderDeps {
  fetch?: typeof fetch;
  timeoutMs?: number;
}

/** "deepseek", "offline", ... to the provider's name; an unknown name is a 400. */
function parseProviderName(value: string): LlmProviderName | "auto" {
  const key = value.trim().toLowerCase();
  // Own keys only: "constructor" or "__proto__" must not find Object.prototype's members.
  const name = Object.hasOwn(REQUEST_NAMES, key) ? REQUEST_NAMES[key] : undefined;
  if (!name) throw badRequest(`Unknown AI provider '${value.slice(0, 40)}'. Use one of: deepseek, openai, workers-ai, offline.`, { field: "provider" });
  return name;
}

function build(name: LlmProviderName, config: LlmConfig, deps: ProviderDeps): LlmProvider | undefined {
  switch (name) {
    case "deepseek":
      return config.deepseek && openAiCompatibleProvider({ name: "deepseek", vendor: "DeepSeek", ...config.deepseek, ...deps });
    case "openai":
      return config.openai && openAiCompatibleProvider({ name: "openai", vendor: "OpenAI", ...config.openai, ...deps });
    case "workers-ai":
      return config.workersAi?.availability === "usable" ? workersAiProvider({ ai: config.workersAi.ai, model: config.workersAi.model, timeoutMs: deps.timeoutMs }) : undefined;
    case "offline-composer":
      return offlineComposer();
  }
}

/**
 * The server's default: LLM_PROVIDER when it names a configured provider; for "auto", DeepSeek
 * (the SPEC's default) when its key is set, then OpenAI, then Workers AI when the binding can run
 * models here (a deployment, not a local run: decision 0020), then the offline composer.
 */
function defaultProvider(config: LlmConfig, deps: ProviderDeps): LlmSelection {
  if (config.choice !== "auto") {
    const chosen = build(config.choice, config, deps);
    if (chosen) return { provider: chosen };
  }
  for (const name of ["deepseek", "openai", "workers-ai"] as const) {
    const provider = build(name, config, deps);
    if (provider) return { provider };
  }
  return { provider: offlineComposer() };
}

/**
 * The provider that serves a call. A requested provider that is not configured falls back to the
 * server's default (the offline composer when nothing is configured), and the selection says so.
 */
export function selectLlmProvider(env: LlmEnv, requested?: string | null, deps: ProviderDeps = {}): LlmSelection {
  const config = readLlmConfig(env);
  if (!requested) return defaultProvider(config, deps);
  const name = parseProviderName(requested);
  if (name === "auto") return defaultProvider(config, deps);
  const provider = build(name, config, deps);
  if (provider) return { provider };
  const fallback = defaultProvider(config, deps);
  return { provider: fallback.provider, notice: `${VENDOR[name]} is not configured on this server; ${fallback.provider.offline ? "the offline composer" : fallback.provider.label} answered instead.` };
}

/** For /api/health and the UI: which provider serves by default. Never a secret. */
export function llmProviderName(env: LlmEnv): string {
  return defaultProvider(readLlmConfig(env), {}).provider.name;
}

/** The same, as people read it: "Workers AI (llama-3.3-70b)", "DeepSeek (deepseek-chat)", "Offline composer (built in)". */
export function llmProviderLabel(env: LlmEnv): string {
  return defaultProvider(readLlmConfig(env), {}).provider.label;
}
