/**
 * The writes of Create Listing and the wizard's listing step as route actions (decision 0049), sent
 * with a fetcher: React Router reads the screen's loaders (and the shell's) again once the action has
 * answered, so the quota and the checklist follow without a hand call. Each write resolves with the
 * action's answer, or rejects with an ApiError carrying the API's code, message and extra fields
 * (quota, regenerationsLeft, field), as the /api client did.
 */
import { useCallback, useContext, useEffect, useRef } from "react";
import { UNSAFE_DataRouterStateContext, useFetcher } from "react-router";
import type { EtsyListingResponse, FinishWizardResponse } from "../../schema/api/workflow";
import { ApiError } from "./api";
import type { RegeneratedPart } from "./api/listings";

/** An action's failure as plain data: the API's code, message and extra fields. */
export interface ActionFailure {
  ok: false;
  status: number;
  error: { code: string; message: string; [key: string]: unknown };
}

export type CreateActionAnswer = { ok: true; intent: "regenerate"; result: RegeneratedPart } | ActionFailure;

export type GenerationActionAnswer = { ok: true; intent: "write"; result: EtsyListingResponse } | { ok: true; intent: "finish"; result: FinishWizardResponse } | ActionFailure;

type Success<A> = Extract<A, { ok: true }>;

/** One write at a time through `action` (a route's path); the answer of the write, or its ApiError. */
export function useActionCall<A extends { ok: boolean }>(action: string) {
  const fetcher = useFetcher<A>();
  const waiting = useRef<{ resolve: (answer: Success<A>) => void; reject: (error: unknown) => void } | null>(null);
  const sent = useRef(false);

  // The answer is there once the action has run ("loading" while the loaders read again, or "idle").
  useEffect(() => {
    if (fetcher.state !== "idle") sent.current = true;
    if (fetcher.state === "submitting") return;
    const pending = waiting.current;
    if (!pending || !sent.current) return;
    waiting.current = null;
    sent.current = false;
    const answer = fetcher.data as A | ActionFailure | undefined;
    if (answer?.ok) pending.resolve(answer as Success<A>);
    else if (answer && "error" in answer) pending.reject(new ApiError(answer.error.message, answer.status, { success: false, ...answer.error }));
    else pending.reject(new ApiError("Network error", 0, null, { code: "network" }));
  }, [fetcher.state, fetcher.data]);

  const submit = fetcher.submit;
  const run = useCallback(
    (fields: Record<string, string>) =>
      new Promise<Success<A>>((resolve, reject) => {
        waiting.current?.reject(new ApiError("Replaced by a newer change", 0, null, { code: "network" }));
        waiting.current = { resolve, reject };
        sent.current = false;
        void submit(fields, { method: "post", action });
      }),
    [action, submit],
  );

  return { run, busy: fetcher.state !== "idle" };
}

/**
 * True once the router has finished the loaders it runs on hydration (the shell's clientLoader). A
 * write a screen sends by itself on arrival waits for it: an action's revalidation racing those
 * loaders loses the loaders' answer in React Router ("No result found for routeId").
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
