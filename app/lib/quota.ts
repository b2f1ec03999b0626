import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useCallback } from "react";
import { api } from "./api";
import type { Feature } from "../../schema/api/quota";
import { getToken } from "./auth";

export type QuotaFeature = Feature;

export interface QuotaView {
  used: number;
  limit: number;
  plan: string;
  remaining: number;
}

/** Reads a feature's quota; the advanced endpoint answers in its own shape (SPEC §3), normalised here. */
export async function fetchQuota(feature: QuotaFeature): Promise<QuotaView> {
  if (feature === "advanced-keywords") {
    const body = await api<{ data?: { currentUsage?: number; limit?: number; remaining?: number; plan?: string } }>("/advanced-keywords/quota");
    const used = body.data?.currentUsage ?? 0;
    const limit = body.data?.limit ?? 10;
    return { used, limit, plan: body.data?.plan ?? "free", remaining: body.data?.remaining ?? Math.max(0, limit - used) };
  }
  const body = await api<{ used?: number; limit?: number; plan?: string }>(`/${feature}/quota`);
  const used = body.used ?? 0;
  const limit = body.limit ?? 10;
  return { used, limit, plan: body.plan ?? "free", remaining: Math.max(0, limit - used) };
}

export const quotaKey = (feature: QuotaFeature) => ["quota", feature] as const;

export function useQuota(feature: QuotaFeature) {
  return useQuery({
    queryKey: quotaKey(feature),
    queryFn: async () => {
      try {
        return await fetchQuota(feature);
      } catch (error) {
        // SPEC §8: a quota load failure is only logged.
        console.error(`Failed to load ${feature} quota`, error);
        throw error;
      }
    },
    enabled: typeof window !== "undefined" && !!getToken(),
    staleTime: 0,
    retry: false,
  });
}

/** Re-reads a feature's quota after a successful use. */
export function useRefreshQuota() {
  const client = useQueryClient();
  return useCallback((feature: QuotaFeature) => client.invalidateQueries({ queryKey: quotaKey(feature) }), [client]);
}

/** True once the feature's daily quota is known to be used up: the screen disables its action then. */
export function useQuotaExhausted(feature: QuotaFeature) {
  const { data } = useQuota(feature);
  return data ? data.remaining <= 0 : false;
}
