/**
 * Account-wide data of the signed-in area: the profile, today's quota of each feature, the active
 * providers (GET /api/health) and the onboarding checklist. The app layout's clientLoader loads them
 * once, in parallel (decision 0024); screens read them through the hooks of quota.ts, profile.ts,
 * providers.ts and onboarding.ts, and re-read them with useRevalidator().revalidate().
 */
import { useCallback } from "react";
import { useRevalidator, useRouteLoaderData } from "react-router";
import type { OnboardingState } from "../../schema/api/onboarding";
import { FEATURES } from "../../schema/api/quota";
import { fetchHealth, type HealthBody } from "./api/health";
import { fetchOnboarding } from "./api/onboarding";
import { fetchProfile, type ProfileResponse } from "./api/profile";
import { fetchQuota, type QuotaFeature, type QuotaView } from "./api/quota";

/** One part of the account data: its value, or the error that kept it from loading. */
type Loaded<T> = { data: T; error?: undefined } | { data?: undefined; error: unknown };

export interface AccountData {
  profile: Loaded<ProfileResponse>;
  quotas: Record<QuotaFeature, Loaded<QuotaView>>;
  health: Loaded<HealthBody>;
  onboarding: Loaded<OnboardingState>;
}

/** The profile and the providers change rarely: they stay fresh 5 minutes; quotas and onboarding are read on every revalidation. */
const FRESH_MS = 5 * 60_000;
const ONBOARDING_ATTEMPTS = 3;

interface Kept<T> {
  value: T;
  at: number;
}

/** Kept per signed-in user (the id the app layout's server loader answered). */
let cache: { userId: string | null; profile?: Kept<ProfileResponse>; health?: Kept<HealthBody> } = { userId: null };

const settle = <T>(promise: Promise<T>): Promise<Loaded<T>> =>
  promise.then(
    (data) => ({ data }),
    (error: unknown) => ({ error }),
  );
const fresh = <T>(kept: Kept<T> | undefined): kept is Kept<T> => !!kept && Date.now() - kept.at < FRESH_MS;

/** A part kept across revalidations while fresh; a value read for a user who has since changed is not kept. */
async function keep<T>(read: () => Kept<T> | undefined, write: (kept: Kept<T>) => void, load: () => Promise<T>): Promise<T> {
  const kept = read();
  if (fresh(kept)) return kept.value;
  const userId = cache.userId;
  const value = await load();
  if (cache.userId === userId) write({ value, at: Date.now() });
  return value;
}

async function withRetries<T>(load: () => Promise<T>, attempts: number): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await load();
    } catch (error) {
      if (attempt >= attempts) throw error;
    }
  }
}

/** Loads every part at once; a part that fails is carried as its error so the screens that show it can say so. */
export async function loadAccount(userId: string): Promise<AccountData> {
  if (cache.userId !== userId) cache = { userId };
  const quotas = Promise.all(
    FEATURES.map((feature) =>
      settle(fetchQuota(feature)).then((loaded) => {
        // SPEC §8: a quota load failure is only logged.
        if (loaded.error) console.error(`Failed to load ${feature} quota`, loaded.error);
        return [feature, loaded] as const;
      }),
    ),
  );
  const [profile, health, onboarding, quotaList] = await Promise.all([
    settle(
      keep(
        () => cache.profile,
        (kept) => (cache.profile = kept),
        fetchProfile,
      ),
    ),
    settle(
      keep(
        () => cache.health,
        (kept) => (cache.health = kept),
        fetchHealth,
      ),
    ),
    settle(withRetries(() => fetchOnboarding(), ONBOARDING_ATTEMPTS)),
    quotas,
  ]);
  return { profile, health, onboarding, quotas: Object.fromEntries(quotaList) as AccountData["quotas"] };
}

/** The next revalidation reads the profile from the server again. */
export function forgetProfile() {
  delete cache.profile;
}

/** A saved profile replaces the kept one, so the next revalidation does not read it again. */
export function keepProfile(profile: ProfileResponse) {
  cache.profile = { value: profile, at: Date.now() };
}

/** Signing out leaves no account data behind. */
export function forgetAccount() {
  cache = { userId: null };
}

const APP_LAYOUT_ROUTE = "routes/app-layout";

/** The account data of the app layout; undefined outside the signed-in area and while it first loads. */
function useAccount(): AccountData | undefined {
  return useRouteLoaderData<{ account?: AccountData }>(APP_LAYOUT_ROUTE)?.account;
}

/** A read-only view of one part, in the shape screens used with the query library: data, pending, error, refetch. */
export interface AccountPart<T> {
  data: T | undefined;
  error: unknown;
  isPending: boolean;
  isLoading: boolean;
  isError: boolean;
  isSuccess: boolean;
  isFetching: boolean;
  refetch: () => Promise<void>;
}

export function useAccountPart<T>(pick: (account: AccountData) => Loaded<T> | undefined, before?: () => void): AccountPart<T> {
  const account = useAccount();
  const revalidator = useRevalidator();
  const loaded = account ? pick(account) : undefined;
  const refetch = useCallback(() => {
    before?.();
    return revalidator.revalidate();
  }, [before, revalidator]);
  const isError = loaded?.error !== undefined;
  const isPending = loaded === undefined || (loaded.data === undefined && !isError);
  return { data: loaded?.data, error: loaded?.error ?? null, isPending, isLoading: isPending, isError, isSuccess: !isPending && !isError, isFetching: revalidator.state === "loading", refetch };
}
