/**
 * The wizard's optimize and format steps, sent to their route's action with a fetcher (decision 0054).
 * A call resolves with the API's body once the action has answered, or throws an ApiError with the
 * API's code, message and extra fields (quota, field), so the screens tell failures as before.
 */
import { useCallback, useEffect, useRef } from "react";
import { useFetcher } from "react-router";
import { ApiError } from "./api";

export type WizardIntent = "optimize" | "format";

export type WizardActionAnswer = { ok: true; body: Record<string, unknown> } | { ok: false; status: number; error: { code: string; message: string; [key: string]: unknown } };

/** A route's clientAction: a post that never reached the server is answered as the network failure it is, not the error screen. */
export async function wizardClientAction({ serverAction }: { serverAction: () => Promise<unknown> }): Promise<WizardActionAnswer> {
  try {
    return (await serverAction()) as WizardActionAnswer;
  } catch {
    return { ok: false, status: 0, error: { code: "network", message: "Network error" } };
  }
}

/** One call at a time per hook, to the action of `path` (the screen's own route). */
export function useWizardAction(path: "/optimize" | "/review") {
  const fetcher = useFetcher<WizardActionAnswer>();
  const waiting = useRef<{ resolve: (body: Record<string, unknown>) => void; reject: (error: unknown) => void } | null>(null);
  const sent = useRef(false);

  useEffect(() => {
    if (fetcher.state !== "idle") sent.current = true;
    if (fetcher.state === "submitting") return;
    const pending = waiting.current;
    if (!pending || !sent.current) return;
    waiting.current = null;
    sent.current = false;
    const answer = fetcher.data;
    if (answer?.ok) pending.resolve(answer.body);
    else if (answer) pending.reject(new ApiError(answer.error.message, answer.status, { success: false, ...answer.error }, answer.status === 0 ? { code: "network" } : {}));
    else pending.reject(new ApiError("Network error", 0, null, { code: "network" }));
  }, [fetcher.state, fetcher.data]);

  const submit = fetcher.submit;
  const run = useCallback(
    (intent: WizardIntent, text: string, options: unknown, requestId: string) =>
      new Promise<Record<string, unknown>>((resolve, reject) => {
        waiting.current?.reject(new ApiError("Replaced by a newer call", 0, null, { code: "network" }));
        waiting.current = { resolve, reject };
        sent.current = false;
        void submit({ intent, text, options: JSON.stringify(options), requestId }, { method: "post", action: path });
      }),
    [path, submit],
  );
  return run;
}
