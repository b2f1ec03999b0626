/**
 * The signed-in shell's account data at the edge (decision 0051): the app layout's loader takes the
 * profile and the onboarding checklist from the session's user record, today's usage of every feature
 * from one read of the user's counter and the active providers from the configuration, through the
 * load context as that user (decision 0055), so the first HTML already shows the user menu, the usage
 * cards and the banners. A usage read that fails is answered as its error (the usage cards say so); a
 * signed-out visitor goes to /login carrying the location.
 */
import type { AppLoadContext } from "react-router";
import type { AuthUser } from "../../schema/api";
import { FEATURES } from "../../schema/api/quota";
import type { AccountReads } from "../../shared/session";
import type { AccountData, AccountPartError, Loaded } from "./account";
import type { ProfileResponse } from "./api/profile";
import type { QuotaView } from "./api/quota";
import { requireUser } from "./session.server";

const failed = (error: AccountPartError): { error: AccountPartError } => ({ error: { code: error.code, message: error.message } });

/** GET /api/profile answers the session's user record without its id: the loader has it already (requireUser), so it is not read twice. */
function profileOf({ id: _id, ...profile }: AuthUser): Loaded<ProfileResponse> {
  return { data: { success: true, message: "Profile loaded", ...profile } };
}

/** Each feature's quota from one read of today's usage, on the user's plan (as GET /api/{feature}/quota answers it). */
function quotasOf(usage: AccountReads["usage"], user: AuthUser): AccountData["quotas"] {
  const plan = user.plan === "premium" ? "premium" : "free";
  const quotas = {} as AccountData["quotas"];
  for (const feature of FEATURES) {
    const counted = usage.ok ? usage.data[feature] : undefined;
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

/** The signed-in user's id and account data; a signed-out visitor is redirected to /login?redirectTo=… (thrown). */
export async function loadAccount(request: Request, context: AppLoadContext): Promise<{ userId: string; account: AccountData }> {
  // Asked for with the session check, so the reads start with it (decision 0060); a signed-in user has them.
  const [user, reads] = await Promise.all([requireUser(request, context), context.listora.reads.account()]);
  if (!reads) throw new Error("account reads without the session's user");
  const account: AccountData = { profile: profileOf(user), quotas: quotasOf(reads.usage, user), health: { data: reads.providers }, onboarding: { data: reads.onboarding } };
  return { userId: user.id, account };
}
