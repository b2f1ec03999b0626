/**
 * The writes of Create Listing and the wizard's listing step as route actions (decision 0049), sent
 * with a fetcher: React Router reads the screen's loaders (and the shell's) again once the action has
 * answered, so the quota and the checklist follow without a hand call. Each write resolves with the
 * action's answer, or rejects with an ApiError carrying the API's code, message and extra fields
 * (quota, regenerationsLeft, field), as the /api client did.
 */
import { useContext } from "react";
import { UNSAFE_DataRouterStateContext } from "react-router";
import type { EtsyListingResponse, FinishWizardResponse } from "../../schema/api/workflow";
import type { ActionFailure } from "./action-call";
import type { RegeneratedPart } from "./api/listings";

export type CreateActionAnswer = { ok: true; intent: "regenerate"; result: RegeneratedPart } | ActionFailure;

export type GenerationActionAnswer = { ok: true; intent: "write"; result: EtsyListingResponse } | { ok: true; intent: "finish"; result: FinishWizardResponse } | ActionFailure;

/**
 * True once the router has finished the loaders it runs on hydration (none today: every loader runs on
 * the server). A write a screen sends by itself on arrival waits for it: an action's revalidation
 * racing such loaders loses their answer in React Router ("No result found for routeId").
 */
export function useHydrationLoadersDone(): boolean {
  return useContext(UNSAFE_DataRouterStateContext)?.initialized ?? true;
}

/** The embedded defaults that work without network or keys. */
const OFFLINE_WRITERS = new Set(["offline-composer", "sample", "local"]);

/** The LLM a loader named, with whether it is the built-in offline default. */
export function writerOf(writer: { name: string; label: string } | null): { name: string; label: string; offline: boolean } | null {
  return writer ? { ...writer, offline: OFFLINE_WRITERS.has(writer.name) } : null;
}
