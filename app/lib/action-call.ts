/**
 * A route action sent with a fetcher, as a promise: it resolves with the action's answer once the
 * action has run, or rejects with an ApiError carrying the API's code, message and extra fields
 * (quota, field, the 409's current listing), as the /api client did. React Router reads the loaders
 * again after the action (decisions 0045, 0049, 0054), so no screen revalidates by hand.
 */
import { useCallback, useEffect, useRef } from "react";
import { useFetcher } from "react-router";
import { ApiError } from "./api";

/** An action's failure as plain data: the API's code, message and extra fields; status 0: it never reached the server. */
export interface ActionFailure {
  ok: false;
  status: number;
  error: { code: string; message: string; [key: string]: unknown };
}

type Success<A> = Extract<A, { ok: true }>;

/** One write at a time through `action` (a route's path); a newer write replaces a waiting one. */
export function useActionCall<A extends { ok: boolean }>(action: string) {
  const fetcher = useFetcher<A>();
  const waiting = useRef<{ resolve: (answer: Success<A>) => void; reject: (error: unknown) => void } | null>(null);
  const sent = useRef(false);

  // The answer is there once the action has run ("loading" while the loaders read again, or "idle"):
  // resolved then, since the write may remove what holds this hook (a deleted card).
  useEffect(() => {
    if (fetcher.state !== "idle") sent.current = true;
    if (fetcher.state === "submitting") return;
    const pending = waiting.current;
    if (!pending || !sent.current) return;
    waiting.current = null;
    sent.current = false;
    const answer = fetcher.data as A | ActionFailure | undefined;
    if (answer?.ok) pending.resolve(answer as Success<A>);
    else if (answer && "error" in answer) pending.reject(new ApiError(answer.error.message, answer.status, { success: false, ...answer.error }, answer.status === 0 ? { code: "network" } : {}));
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
