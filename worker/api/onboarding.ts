import { OnboardingUpdateSchema } from "../../schema/api/onboarding";
import { readOnboarding, updateOnboarding } from "../domain/onboarding";
import { json } from "../lib/http";
import { route } from "./route";

/** The dashboard's onboarding checklist and welcome, kept on the account (decision 0016). */
export const onboardingRoutes = [
  route({
    method: "get",
    path: "/onboarding",
    summary: "The dashboard's onboarding checklist and first-visit welcome, kept on the account",
    tag: "Profile",
    auth: "user",
    handler: async ({ env, user }) => json({ success: true, data: await readOnboarding(env.DB, user.id) }),
  }),

  route({
    method: "put",
    path: "/onboarding",
    summary: "Record checklist steps a browser still held from before, and the first welcome",
    tag: "Profile",
    auth: "user",
    body: OnboardingUpdateSchema,
    handler: async ({ env, user, body }) => json({ success: true, data: await updateOnboarding(env.DB, user.id, body) }),
  }),
];
