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

/** The listing editor's form as posted without JavaScript (decision 0068): its chips, the tag being typed, its alt texts and the version it edits. */
export interface ListingDraft {
  title: string;
  description: string;
  tags: string[];
  tagText: string;
  altTexts: string[];
  version: number;
}

/** A write's answer to the JSON a hydrated screen sends (never a form's edit). */
type ListingWrite = { ok: true; listing?: ListingDetail; ruleReport?: RuleReport | null; restoredFrom?: number; edit?: undefined };

/** A row of "Facts we used" as posted without JavaScript. */
export interface FactDraft {
  kind: string;
  value: string;
}

/**
 * A refusal names the intent it refuses, so a screen can say which write failed when it was posted as a
 * document, and carries the form as posted (`draft`, `facts`) so nothing typed is lost. A form's own
 * edit (a button's `edit`, nothing written) answers the form as it is now.
 */
export type ListingActionAnswer =
  | ListingWrite
  | { ok: true; edit: "listing"; draft: ListingDraft }
  | { ok: true; edit: "facts"; facts: FactDraft[] }
  | (ActionFailure & { intent?: ListingIntent; draft?: ListingDraft; facts?: FactDraft[] });

function listingActionPath(id: string) {
  return `/listings/${encodeURIComponent(id)}`;
}

/** One write at a time per hook: call it once per part of a screen that writes. */
export function useListingAction(id: string) {
  const { run: send, busy } = useActionCall<ListingWrite | ActionFailure>(listingActionPath(id));
  const run = useCallback((intent: ListingIntent, payload: Record<string, unknown> = {}) => send({ intent, payload: JSON.stringify(payload) }), [send]);
  return { run, busy };
}

/** The listing an action answered (a 409 carries the current one): what a screen shows after a write. */
export function listingOf(answer: { listing?: ListingDetail }): ListingDetail {
  if (!answer.listing) throw new ApiError("Invalid response from server", 200, null, { code: "invalid-response" });
  return answer.listing;
}
