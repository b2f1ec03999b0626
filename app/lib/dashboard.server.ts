/**
 * The dashboard at the edge (decision 0049): its loader reads the account's checklist and first-visit
 * welcome (GET /api/onboarding) as the session's user (decision 0041), so the first HTML shows the
 * seller's progress and the right greeting; its writes (the welcome, and checklist flags an older
 * version left in the browser) are one route action through PUT /api/onboarding in process.
 */
import { data, type AppLoadContext } from "react-router";
import type { OnboardingState } from "../../schema/api/onboarding";
import type { DashboardActionAnswer } from "./onboarding";
import { assertSameOrigin, callApi, formText, requireUser } from "./session.server";

type DashboardData = {
  /** Null when it could not be read: the checklist says so and offers Try again. */
  onboarding: OnboardingState | null;
};

export async function loadDashboard(request: Request, context: AppLoadContext): Promise<DashboardData> {
  await requireUser(request, context);
  const result = await callApi<{ data?: OnboardingState }>(context, "/onboarding");
  return { onboarding: result.ok ? (result.data.data ?? null) : null };
}

/**
 * One form records what the dashboard learned on arrival: `welcomed=true` (the first welcome) and the
 * `step` fields a browser kept from an older version. Both go in one PUT /api/onboarding.
 */
export async function dashboardAction(request: Request, context: AppLoadContext) {
  assertSameOrigin(request);
  await requireUser(request, context);
  const form = await request.formData();
  const intent = formText(form, "intent");
  if (intent !== "record") return fail(400, { code: "validation-failed", message: "Unknown change on the dashboard", field: "intent" });
  const welcomed = formText(form, "welcomed") === "true";
  const steps = form.getAll("step").filter((value): value is string => typeof value === "string");
  if (!welcomed && steps.length === 0) return fail(400, { code: "validation-failed", message: "Nothing to record: the form carries neither the welcome nor a step", field: "step" });
  const result = await callApi<{ data: OnboardingState }>(context, "/onboarding", { method: "PUT", body: { ...(welcomed ? { welcomed: true } : {}), ...(steps.length ? { steps } : {}) } });
  if (!result.ok) return fail(result.status, result.error);
  return data<DashboardActionAnswer>({ ok: true, onboarding: result.data.data });
}

function fail(status: number, error: { code: string; message: string; [key: string]: unknown }) {
  return data<DashboardActionAnswer>({ ok: false, status, error }, { status });
}
