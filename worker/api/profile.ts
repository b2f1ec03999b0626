import { ProfileUpdateSchema } from "../../schema/api";
import { toAuthUser, updateProfile } from "../domain/auth/accounts";
import { completeOnboardingStep } from "../domain/onboarding";
import { requireUser } from "../lib/auth";
import { json, readJson } from "../lib/http";
import type { ApiRouter } from "./types";

function profileBody(user: Parameters<typeof toAuthUser>[0], message: string) {
  const { id: _id, ...profile } = toAuthUser(user);
  return { success: true, message, ...profile };
}

export function profileRoutes(router: ApiRouter) {
  router.get("/profile", async (request, env) => {
    const user = await requireUser(request, env);
    return json(profileBody(user, "Profile loaded"));
  });

  router.put("/profile", async (request, env) => {
    const user = await requireUser(request, env);
    const changes = await readJson(request, ProfileUpdateSchema);
    const updated = await updateProfile(env, user, changes);
    // The checklist's 'profile' step: personal details saved with a name.
    const personal = changes.firstName !== undefined || changes.lastName !== undefined || changes.storeName !== undefined;
    if (personal && updated.firstName.trim()) await completeOnboardingStep(env.DB, user.id, "profile");
    return json(profileBody(updated, "Profile updated successfully"));
  });
}
