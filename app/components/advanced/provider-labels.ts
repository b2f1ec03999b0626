import type { AdvancedAnalysis } from "../../../schema/api/keywords";
import type { MessageKey } from "~/lib/i18n";

/** The provider the analyses come from, per /api/health, as a catalogue key. */
export function providerLabelKey(name: string | null | undefined): MessageKey {
  switch (name) {
    case "serpapi+etsy":
      return "advanced.provider.serpapiEtsy";
    case "serpapi":
      return "advanced.provider.serpapi";
    case "etsy":
      return "advanced.provider.etsy";
    case "sample":
      return "advanced.provider.sample";
    default:
      return "advanced.provider.unknown";
  }
}

/** The providers an analysis's figures came from, in providerLabelKey's names. */
export function analysisProvider(data: Pick<AdvancedAnalysis, "source" | "competitionSource">): string {
  if (data.source === "serpapi") return data.competitionSource === "etsy" ? "serpapi+etsy" : "serpapi";
  return data.competitionSource === "etsy" ? "etsy" : "sample";
}
