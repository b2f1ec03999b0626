/**
 * A listing's writes as the listing route's `action` (app/routes/listing-detail.tsx), sent with a
 * fetcher: edit, one-click fix, "Facts we used", restore a version, delete. When the action answers,
 * React Router reads the loaders of the screen again (revalidation follows from the action; no hand
 * call). Each write resolves with the action's answer, or throws an ApiError with the API's code,
 * message and extra fields (the 409's current listing, the 400's field), as the /api client did.
 */
import { useCallback } from "react";
import type { ListingDetail, RuleReport } from "../../schema/api/listings";
import { useActionCall, type ActionFailure } from "./action-call";
import { ApiError } from "./api";

export type ListingIntent = "save" | "fix" | "facts" | "restore" | "delete";

/** A refusal names the intent it refuses, so a screen can say which write failed when it was posted as a document. */
export type ListingActionAnswer = { ok: true; listing?: ListingDetail; ruleReport?: RuleReport | null; restoredFrom?: number } | (ActionFailure & { intent?: ListingIntent });

function listingActionPath(id: string) {
  return `/listings/${encodeURIComponent(id)}`;
}

/** One write at a time per hook: call it once per part of a screen that writes. */
export function useListingAction(id: string) {
  const { run: send, busy } = useActionCall<ListingActionAnswer>(listingActionPath(id));
  const run = useCallback((intent: ListingIntent, payload: Record<string, unknown> = {}) => send({ intent, payload: JSON.stringify(payload) }), [send]);
  return { run, busy };
}

/** The listing an action answered (a 409 carries the current one): what a screen shows after a write. */
export function listingOf(answer: { listing?: ListingDetail }): ListingDetail {
  if (!answer.listing) throw new ApiError("Invalid response from server", 200, null, { code: "invalid-response" });
  return answer.listing;
}
