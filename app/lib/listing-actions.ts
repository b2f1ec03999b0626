/**
 * A listing's writes as the listing route's `action` (app/routes/listing-detail.tsx), sent with a
 * fetcher: edit, one-click fix, "Facts we used", restore a version, delete. When the action answers,
 * React Router reads the loaders of the screen again (revalidation follows from the action; no hand
 * call). Each write resolves with the action's answer, or throws an ApiError with the API's code,
 * message and extra fields (the 409's current listing, the 400's field), as the /api client did.
 */
import { useCallback, useEffect, useRef } from "react";
import { useFetcher } from "react-router";
import type { ListingDetail, RuleReport } from "../../schema/api/listings";
import { ApiError } from "./api";

export type ListingIntent = "save" | "fix" | "facts" | "restore" | "delete";

export type ListingActionAnswer =
  { ok: true; listing?: ListingDetail; ruleReport?: RuleReport | null; restoredFrom?: number } | { ok: false; status: number; error: { code: string; message: string; [key: string]: unknown } };

function listingActionPath(id: string) {
  return `/listings/${encodeURIComponent(id)}`;
}

/** One write at a time per hook: call it once per part of a screen that writes. */
export function useListingAction(id: string) {
  const fetcher = useFetcher<ListingActionAnswer>();
  const waiting = useRef<{ resolve: (answer: ListingActionAnswer & { ok: true }) => void; reject: (error: unknown) => void } | null>(null);
  const sent = useRef(false);

  // The answer is there once the action has run ("loading" while the screen's loaders read again, or
  // "idle"): resolved then, since the write may remove what holds this hook (a deleted card).
  useEffect(() => {
    if (fetcher.state !== "idle") sent.current = true;
    if (fetcher.state === "submitting") return;
    const pending = waiting.current;
    if (!pending || !sent.current) return;
    waiting.current = null;
    sent.current = false;
    const answer = fetcher.data;
    if (answer?.ok) pending.resolve(answer);
    else if (answer) pending.reject(new ApiError(answer.error.message, answer.status, { success: false, ...answer.error }));
    else pending.reject(new ApiError("Network error", 0, null, { code: "network" }));
  }, [fetcher.state, fetcher.data]);

  const submit = fetcher.submit;
  const run = useCallback(
    (intent: ListingIntent, payload: Record<string, unknown> = {}) =>
      new Promise<ListingActionAnswer & { ok: true }>((resolve, reject) => {
        waiting.current?.reject(new ApiError("Replaced by a newer change", 0, null, { code: "network" }));
        waiting.current = { resolve, reject };
        sent.current = false;
        void submit({ intent, payload: JSON.stringify(payload) }, { method: "post", action: listingActionPath(id) });
      }),
    [id, submit],
  );

  return { run, busy: fetcher.state !== "idle" };
}
