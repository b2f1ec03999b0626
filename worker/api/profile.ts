import { ProfileUpdateSchema } from "../../schema/api";
import { toAuthUser, updateProfile } from "../domain/auth/accounts";
import { completeOnboardingStep } from "../domain/onboarding";
import { json } from "../lib/http";
import { route } from "./route";

function profileBody(user: Parameters<typeof toAuthUser>[0], message: string) {
  const { id: _id, ...profile } = toAuthUser(user);
  return { success: true, message, ...profile };
}

export const profileRoutes = [
  route({
    method: "get",
    path: "/profile",
    summary: "The caller's profile",
    tag: "Profile",
    auth: "user",
    handler: ({ user }) => json(profileBody(user, "Profile loaded")),
  }),

  route({
    method: "put",
    path: "/profile",
    summary: "Update names, store, theme, language and notification preferences",
    tag: "Profile",
    auth: "user",
    body: ProfileUpdateSchema,
    handler: async ({ env, user, body: changes }) => {
      const updated = await updateProfile(env, user, changes);
      // The checklist's 'profile' step: personal details saved with a name.
      const personal = changes.firstName !== undefined || changes.lastName !== undefined || changes.storeName !== undefined;
      if (personal && updated.firstName.trim()) await completeOnboardingStep(env.DB, user.id, "profile");
      return json(profileBody(updated, "Profile updated successfully"));
    },
  }),
];
