/** The browser side of the per-feature quota endpoints (GET /api/{feature}/quota); the profile screen reads GET /api/usage in its server loader. */
import type { Feature } from "../../../schema/api/quota";
import { api } from "~/lib/api";

export type QuotaFeature = Feature;

export interface QuotaView {
  used: number;
  limit: number;
  plan: string;
  remaining: number;
}

export type UsageByFeature = Record<QuotaFeature, { used: number; limit: number }>;

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
