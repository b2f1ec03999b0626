/**
 * The providers the server uses, from GET /api/health (decision 0020): which LLM writes listings
 * and wizard text ("workers-ai", "deepseek", ... or "offline-composer") and its label for people
 * ("Workers AI (llama-3.3-70b)"). Read by the app layout's server loader with the account data (decision 0051).
 */
import { useAccountPart } from "./account";
import type { HealthBody } from "./api/health";

interface ActiveProvider {
  name: string;
  label: string;
  offline: boolean;
}

/** The embedded defaults that work without network or keys, per kind. */
const OFFLINE_NAMES = new Set(["offline-composer", "sample", "local", "outbox"]);

function activeProvider(body: HealthBody, kind: string): ActiveProvider | null {
  const name = body.providers?.[kind];
  if (!name) return null;
  return { name, label: body.providerLabels?.[kind] || name, offline: OFFLINE_NAMES.has(name) };
}

export function useActiveProvider(kind: "llm" | "trends" | "images" | "mail") {
  const health = useAccountPart((account) => account.health);
  return { ...health, data: health.data ? activeProvider(health.data, kind) : undefined };
}
