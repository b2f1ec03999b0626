/**
 * The signed-in shell's account data at the edge (decision 0051): the app layout's loader takes the
 * profile from the session's user record and reads today's usage of every feature, the active
 * providers and the onboarding checklist through the load context as that user (decision 0041), all at
 * once, so the first HTML already shows the user menu, the usage cards and the banners. A part that fails is answered as its error
 * (the screens that show it say so); a signed-out visitor goes to /login carrying the location.
 */
import type { AppLoadContext } from "react-router";
import type { AuthUser } from "../../schema/api";
import type { OnboardingState } from "../../schema/api/onboarding";
import { FEATURES } from "../../schema/api/quota";
import type { AccountData, AccountPartError, Loaded } from "./account";
import type { HealthBody } from "./api/health";
import type { ProfileResponse } from "./api/profile";
import type { QuotaView, UsageByFeature } from "./api/quota";
import { callApi, requireUser } from "./session.server";

const failed = (error: AccountPartError): { error: AccountPartError } => ({ error: { code: error.code, message: error.message } });

/** GET /api/profile answers the session's user record without its id: the loader has it already (requireUser), so it is not read twice. */
function profileOf({ id: _id, ...profile }: AuthUser): Loaded<ProfileResponse> {
  return { data: { success: true, message: "Profile loaded", ...profile } };
}

/** Each feature's quota from one read of today's usage, on the user's plan (as GET /api/{feature}/quota answers it). */
function quotasOf(usage: Awaited<ReturnType<typeof callApi<{ data?: UsageByFeature }>>>, user: AuthUser): AccountData["quotas"] {
  const plan = user.plan === "premium" ? "premium" : "free";
  const quotas = {} as AccountData["quotas"];
  for (const feature of FEATURES) {
    const counted = usage.ok ? usage.data.data?.[feature] : undefined;
    if (!counted) {
      // SPEC §8: a quota load failure is only logged; the usage card says it is unavailable.
      const error = usage.ok ? { code: "invalid-response", message: "Invalid response from server" } : usage.error;
      console.error(`Failed to load ${feature} quota`, error.code);
      quotas[feature] = failed(error);
      continue;
    }
    const view: QuotaView = { used: counted.used, limit: counted.limit, plan, remaining: Math.max(0, counted.limit - counted.used) };
    quotas[feature] = { data: view };
  }
  return quotas;
}

/** Only what the screens read of /api/health: the provider of each kind and its label. */
function healthOf(result: Awaited<ReturnType<typeof callApi<HealthBody>>>): Loaded<HealthBody> {
  // A degraded database answers 503 with the providers still named.
  const body = (result.ok ? result.data : result.error) as HealthBody;
  if (!body.providers) return failed(result.ok ? { code: "invalid-response", message: "Invalid response from server" } : result.error);
  return { data: { providers: body.providers, providerLabels: body.providerLabels ?? {} } };
}

function onboardingOf(result: Awaited<ReturnType<typeof callApi<{ data?: OnboardingState }>>>): Loaded<OnboardingState> {
  if (!result.ok) return failed(result.error);
  return result.data.data ? { data: result.data.data } : failed({ code: "invalid-response", message: "Invalid response from server" });
}

/** The signed-in user's id and account data; a signed-out visitor is redirected to /login?redirectTo=… (thrown). */
export async function loadAccount(request: Request, context: AppLoadContext): Promise<{ userId: string; account: AccountData }> {
  const user = await requireUser(request, context);
  const [usage, health, onboarding] = await Promise.all([
    callApi<{ data?: UsageByFeature }>(context, "/usage"),
    callApi<HealthBody>(context, "/health", { token: null }),
    callApi<{ data?: OnboardingState }>(context, "/onboarding"),
  ]);
  const profile = profileOf(user);
  return { userId: user.id, account: { profile, quotas: quotasOf(usage, user), health: healthOf(health), onboarding: onboardingOf(onboarding) } };
}
