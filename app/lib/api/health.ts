/**
 * What the screens read of GET /api/health: the providers the server uses (decision 0020), e.g. which
 * LLM writes listings ("workers-ai", "deepseek", ... or "offline-composer") and its label for people.
 * The app layout's server loader reads it with the account data (decision 0051).
 */
export interface HealthBody {
  providers?: Record<string, string>;
  providerLabels?: Record<string, string>;
}
