/**
 * GET /api/health: the providers the server uses (decision 0020), e.g. which LLM writes listings
 * ("workers-ai", "deepseek", ... or "offline-composer") and its label for people.
 */
import { api } from "~/lib/api";

export interface HealthBody {
  providers?: Record<string, string>;
  providerLabels?: Record<string, string>;
}

export async function fetchHealth(): Promise<HealthBody> {
  return api<HealthBody>("/health", { anonymous: true });
}
