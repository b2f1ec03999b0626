/**
 * The listing generator of SPEC §4 (idle, generating, result shown, error shown, quota-exceeded
 * shown) over Listora's one streaming call: parts arrive as the server finishes them, the final
 * listing (every rule enforced, saved) arrives in the 'done' event.
 */
import { useCallback, useRef, useState } from "react";
import { ApiError, isEmailUnverified } from "~/lib/api";
import { streamGeneratedListing, type GenerateInput } from "~/lib/api/generate";
import type { ListingDetail, ListingPart, RegeneratedPart, RuleReport } from "~/lib/api/listings";
import type { ItemSpecific } from "../../../schema/api/listings";

/** "unverified": the e-mail address is not confirmed yet, so AI features answer 403 (decision 0009). */
type GeneratorStatus = "idle" | "generating" | "done" | "error" | "quota" | "unverified";

export interface PartialListing {
  title?: string;
  description?: string;
  tags?: string[];
  altTexts?: string[];
}

interface QuotaInfo {
  used: number;
  limit: number;
  plan: string;
}

interface ProviderInfo {
  name: string;
  label: string;
  offline: boolean;
  notice?: string;
}

interface GeneratorState {
  status: GeneratorStatus;
  parts: PartialListing;
  listing: ListingDetail | null;
  ruleReport: RuleReport | null;
  provider: ProviderInfo | null;
  quota: QuotaInfo | null;
  regenerationsLeft: number | null;
  /** Why the provider failed, as the server said it ("Workers AI failed (...)"); shown under the SPEC's text. */
  errorDetail?: string;
}

const INITIAL: GeneratorState = { status: "idle", parts: {}, listing: null, ruleReport: null, provider: null, quota: null, regenerationsLeft: null };

// Amazon's bullets and search terms and eBay's item specifics arrive in the done event's listing.
const toPart = (part: ListingPart, value: string | string[] | ItemSpecific[]): PartialListing =>
  part === "bullets" || part === "searchTerms" || part === "itemSpecifics"
    ? {}
    : part === "tags" || part === "altTexts"
      ? { [part]: Array.isArray(value) ? value.map(String) : [String(value)] }
      : { [part]: Array.isArray(value) ? value.map(String).join("\n") : String(value) };

/** The parts of a saved listing in the screen's shape. */
export const partsOf = (listing: ListingDetail): Required<PartialListing> => ({
  title: listing.title,
  description: listing.description,
  tags: listing.tags,
  altTexts: listing.alt_texts,
});

/** The quota of a quota-exhausted ApiError, with the SPEC's defaults (10 a day, free) where it says nothing. */
function quotaFrom(error: ApiError): QuotaInfo {
  const limit = error.quota?.limit ?? 10;
  return { used: error.quota?.used ?? limit, limit, plan: error.quota?.plan ?? "free" };
}

export function useListingGenerator({
  requestPart,
  onSuccess,
}: {
  /** A new version of one part: Create's route action (decision 0049). */
  requestPart: (listingId: string, part: ListingPart) => Promise<RegeneratedPart>;
  onSuccess?: (listing: ListingDetail) => void;
}) {
  const [state, setState] = useState<GeneratorState>(INITIAL);
  const [regenerating, setRegenerating] = useState<ListingPart | null>(null);
  const busy = useRef(false);

  const generate = useCallback(
    async (input: GenerateInput) => {
      if (busy.current) return;
      busy.current = true;
      setState({ ...INITIAL, status: "generating" });
      let finished = false;
      try {
        // One id per click: a retried request is answered from the first one, never charged twice.
        await streamGeneratedListing(input, (event) => {
          if (event.type === "start") {
            setState((s) => ({ ...s, provider: { name: event.provider, label: event.providerLabel, offline: event.offline, notice: event.notice } }));
          } else if (event.type === "part") {
            setState((s) => ({ ...s, parts: { ...s.parts, ...toPart(event.part, event.value) } }));
          } else if (event.type === "done") {
            finished = true;
            setState((s) => ({
              ...s,
              status: "done",
              listing: event.listing,
              parts: partsOf(event.listing),
              ruleReport: event.ruleReport,
              quota: event.quota,
              provider: { name: event.provider, label: event.providerLabel, offline: event.offline, notice: event.notice },
            }));
            onSuccess?.(event.listing);
          } else if (event.type === "error") {
            finished = true;
            if (event.code === "quota-exhausted") setState((s) => ({ ...s, status: "quota" }));
            else if (event.code === "email-unverified") setState({ ...INITIAL, status: "unverified" });
            else setState((s) => ({ ...s, status: "error", errorDetail: event.detail }));
          }
        });
        // A stream that ends without 'done' or 'error' was cut off.
        if (!finished) setState((s) => ({ ...s, status: "error" }));
      } catch (error) {
        if (isEmailUnverified(error)) {
          setState({ ...INITIAL, status: "unverified" });
        } else if (error instanceof ApiError && error.code === "quota-exhausted") {
          const quota = quotaFrom(error);
          setState({ ...INITIAL, status: "quota", quota });
        } else {
          console.error("Listing generation failed", error);
          setState((s) => ({ ...s, status: "error" }));
        }
      } finally {
        busy.current = false;
      }
    },
    [onSuccess],
  );

  /** A new version of one part, without spending a unit (the server allows a few per listing). */
  const regenerate = useCallback(
    async (part: ListingPart) => {
      const id = state.listing?.id;
      if (!id || regenerating) return;
      setRegenerating(part);
      try {
        const result = await requestPart(id, part);
        setState((s) => ({
          ...s,
          listing: result.listing,
          parts: partsOf(result.listing),
          ruleReport: result.ruleReport,
          regenerationsLeft: result.regenerationsLeft,
        }));
        return { ok: true as const, regenerationsLeft: result.regenerationsLeft };
      } catch (error) {
        const left = error instanceof ApiError && typeof error.body?.regenerationsLeft === "number" ? error.body.regenerationsLeft : null;
        if (left !== null) setState((s) => ({ ...s, regenerationsLeft: left }));
        return { ok: false as const, error };
      } finally {
        setRegenerating(null);
      }
    },
    [state.listing?.id, regenerating, requestPart],
  );

  return { state, generate, regenerate, regenerating };
}
