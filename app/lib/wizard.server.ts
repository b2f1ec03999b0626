/**
 * The pattern wizard's model-running steps as route actions (decision 0054): step 1's optimize
 * (/optimize) and step 2's format (/review) post the seller's text to their route, whose action runs
 * the /api workflow route in process as the session's user, with the browser's X-Request-ID so a
 * reload mid-call never runs twice. A POST, never a loader: each runs the model and stores its result.
 */
import { data, type AppLoadContext } from "react-router";
import type { WizardActionAnswer, WizardIntent } from "./wizard-action";
import { assertSameOrigin, callApi, formText, requireUser } from "./session.server";

const CALLS: Record<WizardIntent, { path: string; body: (text: string, options: unknown) => unknown }> = {
  optimize: { path: "/workflow/optimize-pattern", body: (pattern, options) => ({ pattern, options, featureKey: "optimize-pattern" }) },
  format: { path: "/workflow/generate-pdf", body: (optimizedPattern, options) => ({ pattern: { optimizedPattern }, options, featureKey: "generate-pdf" }) },
};

/** SPEC §7: a workflow call gives up after 180 s; while the first call with the same id still runs, it is asked again every 2 s. */
const WORKFLOW_DEADLINE_MS = 180_000;
const BUSY_RETRY_MS = 2000;

function refused(status: number, code: string, message: string, field?: string) {
  return data<WizardActionAnswer>({ ok: false, status, error: { code, message, ...(field ? { field } : {}) } }, { status });
}

/** Runs the form's `intent` (one of `allowed`, the steps this screen offers) and answers the API's body or its failure. */
export async function wizardAction(request: Request, context: AppLoadContext, allowed: readonly WizardIntent[]) {
  assertSameOrigin(request);
  await requireUser(request, context);
  const form = await request.formData();
  const intent = formText(form, "intent") as WizardIntent;
  if (!allowed.includes(intent)) return refused(400, "validation-failed", "Unknown step for this screen of the wizard.", "intent");
  let options: unknown;
  try {
    options = JSON.parse(formText(form, "options") || "{}");
  } catch {
    return refused(400, "validation-failed", "The wizard's options are not valid JSON.", "options");
  }
  const requestId = formText(form, "requestId") || crypto.randomUUID();
  const call = CALLS[intent];
  const deadline = Date.now() + WORKFLOW_DEADLINE_MS;
  for (;;) {
    const result = await callApi(context, call.path, { method: "POST", body: call.body(formText(form, "text"), options), headers: { "X-Request-ID": requestId } });
    if (result.ok) return data<WizardActionAnswer>({ ok: true, body: result.data });
    // The first request with this id is still running (the page was reloaded meanwhile): its answer comes next.
    if (result.error.code === "request-in-progress" && Date.now() + BUSY_RETRY_MS < deadline) {
      await new Promise((resolve) => setTimeout(resolve, BUSY_RETRY_MS));
      continue;
    }
    return data<WizardActionAnswer>({ ok: false, status: result.status, error: result.error }, { status: result.status });
  }
}
