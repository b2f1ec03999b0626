/**
 * The SPEC's raw call, POST /api/ai/:provider: one prompt in, the model's text out. It is what the
 * SPEC's own client flow uses (four calls, then increment-quota), so it is guarded twice: a feature
 * already used up answers 403 (read only: the unit is taken by increment-quota), and every call takes
 * one unit of the daily raw-call bound so skipping increment-quota cannot buy unlimited listings.
 */
import type { User } from "../../../schema/db";
import type { Env } from "../../lib/env";
import type { LlmProvider } from "../../providers/llm/types";
import { parseFeature, quotaExceeded, readQuota, withQuota } from "../quota";

export async function rawAiCall(
  deps: { env: Pick<Env, "QUOTA">; user: Pick<User, "id" | "plan">; provider: LlmProvider },
  input: { system?: string | null; prompt: string; featureKey?: string | null },
): Promise<string> {
  const env = deps.env as Env;
  if (input.featureKey !== undefined && input.featureKey !== null && input.featureKey !== "") {
    const feature = parseFeature(input.featureKey);
    const quota = await readQuota(env, deps.user, feature);
    if (quota.used >= quota.limit) throw quotaExceeded(quota);
  }
  return withQuota(env, deps.user, "ai-call", () => deps.provider.complete({ system: input.system ?? "", prompt: input.prompt }));
}
