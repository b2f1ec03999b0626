/**
 * The writes of Create Listing and the wizard's listing step as route actions (decision 0049), sent
 * with a fetcher: React Router reads the screen's loaders (and the shell's) again once the action has
 * answered, so the quota and the checklist follow without a hand call. Each write resolves with the
 * action's answer, or rejects with an ApiError carrying the API's code, message and extra fields
 * (quota, regenerationsLeft, field), as the /api client did.
 */
import type { EtsyListingResponse, FinishWizardResponse } from "../../schema/api/workflow";
import type { ActionFailure } from "./action-call";
import type { Platform, RegeneratedPart } from "./api/listings";

export type CreateActionAnswer = { ok: true; intent: "regenerate"; result: RegeneratedPart } | ActionFailure;

/** Generate posted as a document (decision 0057) and refused: the API's code and message, and the form as it was posted. */
export type GenerateRefusal = ActionFailure & { intent: "generate"; form: { description: string; platform: Platform; keywords: string[] } };

/**
 * The Generate form posted without JavaScript to change itself, not to generate (decision 0062): a
 * keyword added by hand or removed, or a Prompt Suggestion used. The page renders the form as answered:
 * the description (the prompt's text in the page's language when `prompt` is set), the marketplace and
 * the selected keywords.
 */
export type CreateFormEdit = { ok: true; intent: "edit"; form: { description: string; platform: Platform; keywords: string[] }; prompt?: number };

export type GenerationActionAnswer = { ok: true; intent: "write"; result: EtsyListingResponse } | { ok: true; intent: "finish"; result: FinishWizardResponse } | ActionFailure;

/** The embedded defaults that work without network or keys. */
const OFFLINE_WRITERS = new Set(["offline-composer", "sample", "local"]);

/** The LLM a loader named, with whether it is the built-in offline default. */
export function writerOf(writer: { name: string; label: string } | null): { name: string; label: string; offline: boolean } | null {
  return writer ? { ...writer, offline: OFFLINE_WRITERS.has(writer.name) } : null;
}
