/**
 * Account-wide data of the signed-in area: the profile, today's quota of each feature, the active
 * providers (GET /api/health) and the onboarding checklist. The app layout's server loader reads them
 * at the edge as the session's user (app/lib/account.server.ts, decision 0051), so the first HTML
 * already shows them; screens read them through the hooks of quota.ts, profile.ts, providers.ts and
 * onboarding.ts. Writes are route actions; the revalidation that follows an action reads them again.
 */
import { useRouteLoaderData } from "react-router";
import type { OnboardingState } from "../../schema/api/onboarding";
import type { HealthBody } from "./api/health";
import type { ProfileResponse } from "./api/profile";
import type { QuotaFeature, QuotaView } from "./api/quota";

/** Why a part could not be read: the API's error code and message (decision 0042). */
export interface AccountPartError {
  code: string;
  message: string;
}

/** One part of the account data: its value, or the error that kept it from loading. */
export type Loaded<T> = { data: T; error?: undefined } | { data?: undefined; error: AccountPartError };

export interface AccountData {
  profile: Loaded<ProfileResponse>;
  quotas: Record<QuotaFeature, Loaded<QuotaView>>;
  health: Loaded<HealthBody>;
  onboarding: Loaded<OnboardingState>;
}

/** The id of the app layout route (app/routes.ts) whose loader answers the account data. */
const APP_LAYOUT_ROUTE = "routes/app-layout";

/** One part as a screen reads it: the value (undefined when it failed) and the error, if any. */
export interface AccountPart<T> {
  data: T | undefined;
  error: AccountPartError | null;
  isError: boolean;
}

/** The part `pick` chooses of the app layout's account data (outside the signed-in area: nothing, no error). */
export function useAccountPart<T>(pick: (account: AccountData) => Loaded<T>): AccountPart<T> {
  const account = useRouteLoaderData<{ account?: AccountData }>(APP_LAYOUT_ROUTE)?.account;
  const loaded = account ? pick(account) : undefined;
  const error = loaded?.error ?? null;
  return { data: loaded?.data, error, isError: error !== null };
}
