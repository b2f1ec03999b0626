/**
 * The wizard's optimize and format steps, sent to their route's action with a fetcher (decision 0054).
 * A call resolves with the API's body once the action has answered, or throws an ApiError with the
 * API's code, message and extra fields (quota, field), so the screens tell failures as before.
 */
import { useCallback } from "react";
import { useActionCall, type ActionFailure } from "./action-call";

export type WizardIntent = "optimize" | "format";

export type WizardActionAnswer = { ok: true; body: Record<string, unknown> } | ActionFailure;

/** A route's clientAction: a post that never reached the server is answered as the network failure it is, not the error screen. */
export async function wizardClientAction({ serverAction }: { serverAction: () => Promise<unknown> }): Promise<WizardActionAnswer> {
  try {
    return (await serverAction()) as WizardActionAnswer;
  } catch {
    return { ok: false, status: 0, error: { code: "network", message: "Network error" } };
  }
}

/** One call at a time per hook, to the action of `path` (the screen's own route); resolves with the API's body. */
export function useWizardAction(path: "/optimize" | "/review") {
  const { run: send } = useActionCall<WizardActionAnswer>(path);
  return useCallback(async (intent: WizardIntent, text: string, options: unknown, requestId: string) => (await send({ intent, text, options: JSON.stringify(options), requestId })).body, [send]);
}
