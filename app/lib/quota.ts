/** Today's quota of each feature, loaded with the account data of the app layout (decision 0024). */
import { useCallback } from "react";
import { useRevalidator } from "react-router";
import { useAccountPart } from "./account";
import type { QuotaFeature } from "./api/quota";

export { fetchQuota, type QuotaFeature, type QuotaView } from "./api/quota";

export function useQuota(feature: QuotaFeature) {
  return useAccountPart((account) => account.quotas[feature]);
}

/** Re-reads the quotas after a successful use (the feature is named for readers; every quota is read again). */
export function useRefreshQuota() {
  const { revalidate } = useRevalidator();
  return useCallback((_feature?: QuotaFeature) => revalidate(), [revalidate]);
}

/** True once the feature's daily quota is known to be used up: the screen disables its action then. */
export function useQuotaExhausted(feature: QuotaFeature) {
  const { data } = useQuota(feature);
  return data ? data.remaining <= 0 : false;
}
