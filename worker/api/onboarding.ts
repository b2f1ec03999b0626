import { OnboardingUpdateSchema } from "../../schema/api/onboarding";
import { readOnboarding, updateOnboarding } from "../domain/onboarding";
import { requireUser } from "../lib/auth";
import { json, readJson } from "../lib/http";
import type { ApiRouter } from "./types";

/** The dashboard's onboarding checklist and welcome, kept on the account (decision 0016). */
export function onboardingRoutes(router: ApiRouter) {
  router.get("/onboarding", async (request, env) => {
    const user = await requireUser(request, env);
    return json({ success: true, data: await readOnboarding(env.DB, user.id) });
  });

  router.put("/onboarding", async (request, env) => {
    const user = await requireUser(request, env);
    const update = await readJson(request, OnboardingUpdateSchema);
    return json({ success: true, data: await updateOnboarding(env.DB, user.id, update) });
  });
}
