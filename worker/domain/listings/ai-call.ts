/**
 * The SPEC's raw call, POST /api/ai/:provider: one prompt in, the model's text out. It is what the
 * SPEC's own client flow uses (four calls, then increment-quota), so it is guarded twice: a feature
 * already used up answers 403 (read only: the unit is taken by increment-quota), and every call takes
 * one unit of the daily raw-call bound so skipping increment-quota cannot buy unlimited listings. An
 * answer for a listing part goes through the claims check like every other writer's (issue 24).
 */
import type { User } from "../../../schema/db";
import type { Env } from "../../lib/env";
import type { ListingPart } from "../../../schema/api/listings";
import type { LlmProvider, LlmTask } from "../../providers/llm/types";
import { inferTask, readPrompt } from "../../providers/llm/offline-composer";
import { parseFeature, quotaExceeded, readQuota, withQuota } from "../quota";
import { keepFactsInventNone } from "./fact-check";
import { parsePart } from "./generate";

const PART_OF_TASK: Partial<Record<LlmTask, ListingPart>> = {
  title: "title",
  description: "description",
  tags: "tags",
  "alt-text": "altTexts",
  bullets: "bullets",
  "search-terms": "searchTerms",
  "item-specifics": "itemSpecifics",
};

/**
 * A raw answer for a listing part, through the claims check (issue 24) against the product description
 * inside the prompt: a claim the seller's words do not support leaves it, in the shape the part was asked
 * for (a title or description as text, tags as a JSON array, alt texts as "**Image N:**" lines). An
 * answer that is not a listing part, or that claims nothing, is returned as the model wrote it.
 */
function claimsCheckedAnswer(system: string, prompt: string, content: string): string {
  const part = PART_OF_TASK[inferTask(system, prompt)];
  if (!part) return content;
  const { description, keywords } = readPrompt(prompt);
  if (!description.trim()) return content;
  const platform = /\bebay\b/i.test(system) ? "ebay" : /\bamazon\b/i.test(system) ? "amazon" : "etsy";
  const value = parsePart(part, content);
  const checked = keepFactsInventNone({ title: "", description: "", tags: [], altTexts: [], [part]: value }, { description, keywords, platform }, part);
  const after = checked.listing[part];
  if (after === undefined || JSON.stringify(after) === JSON.stringify(value)) return content;
  switch (part) {
    case "tags":
    case "bullets":
      return JSON.stringify(after);
    case "altTexts":
      return (after as string[]).map((a, i) => `**Image ${i + 1}:** ${a}`).join("\n");
    case "itemSpecifics":
      return JSON.stringify(Object.fromEntries((after as { name: string; value: string }[]).map((s) => [s.name, s.value])));
    default:
      return String(after);
  }
}

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
  const content = await withQuota(env, deps.user, "ai-call", () => deps.provider.complete({ system: input.system ?? "", prompt: input.prompt }));
  return claimsCheckedAnswer(input.system ?? "", input.prompt, content);
}
