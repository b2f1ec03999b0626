/**
 * Today's quota of each feature, read by the app layout's server loader with the rest of the account
 * data (decision 0051). A screen that has just spent a unit re-reads them with useRefreshQuota().
 */
import { useCallback } from "react";
import { useRevalidator } from "react-router";
import { useAccountPart } from "./account";
import type { QuotaFeature } from "./api/quota";

export { fetchQuota, type QuotaFeature, type QuotaView } from "./api/quota";

/** The feature's quota ({ data, error, isError }). */
export function useQuota(feature: QuotaFeature) {
  return useAccountPart((account) => account.quotas[feature]);
}

/** Re-reads the account data (every quota, and the checklist a use may have ticked) after a successful use; the feature is named for readers. */
export function useRefreshQuota() {
  const { revalidate } = useRevalidator();
  return useCallback((_feature?: QuotaFeature) => revalidate(), [revalidate]);
}

/** True once the feature's daily quota is known to be used up: the screen disables its action then. */
export function useQuotaExhausted(feature: QuotaFeature) {
  const { data } = useQuota(feature);
  return data ? data.remaining <= 0 : false;
}
