/**
 * Whether the `AI` binding can run models here (decision 0020). wrangler.toml declares the binding,
 * so every run has `env.AI`: a deployed Worker's runs models, while the local ones (`wrangler dev
 * --local` under `npm start`, the Vite dev server, the test pool) have a stand-in whose `run` throws
 * "Binding AI needs to be run remotely". Local runs say so themselves, and nobody has to configure
 * anything for a deployment to use Workers AI:
 *
 * 1. no binding: "no-binding";
 * 2. WORKERS_AI_ENABLED=false: "disabled" (an operator who does not want it, e.g. for cost);
 * 3. WORKERS_AI_LOCAL=unavailable: "local" (npm start passes it: `wrangler dev --local` can never
 *    run a model, so not even WORKERS_AI_ENABLED=true changes it);
 * 4. WORKERS_AI_ENABLED=true: "usable" (e.g. `wrangler dev --remote` with a logged-in account);
 * 5. APP_ENV development or test: "local" (.dev.vars and the test pool set these);
 * 6. otherwise (production, the deployed Worker): "usable".
 *
 * Only the presence of `env.AI` is looked at: touching the local stand-in's members throws.
 */
import { appEnvOf } from "../lib/env";

export type WorkersAiAvailability = "usable" | "no-binding" | "disabled" | "local";

interface WorkersAiEnv {
  AI?: unknown;
  APP_ENV?: string;
  WORKERS_AI_ENABLED?: string;
  WORKERS_AI_LOCAL?: string;
}

const word = (value: string | undefined) => (value ?? "").trim().toLowerCase();

export function workersAiAvailability(env: WorkersAiEnv): WorkersAiAvailability {
  if (!env.AI) return "no-binding";
  const enabled = word(env.WORKERS_AI_ENABLED);
  if (enabled === "false") return "disabled";
  if (word(env.WORKERS_AI_LOCAL) === "unavailable") return "local";
  if (enabled === "true") return "usable";
  return appEnvOf(env.APP_ENV) === "production" ? "usable" : "local";
}

/** True when a Workers AI provider may be chosen. */
export const workersAiUsable = (env: WorkersAiEnv) => workersAiAvailability(env) === "usable";
