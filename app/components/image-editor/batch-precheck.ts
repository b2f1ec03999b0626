/**
 * The batch screen's quota pre-check (decision 0016): before a batch starts, the remaining edit-image
 * quota says how many of the chosen images can be processed; the person chooses to go on with that
 * many or to cancel. Pure, so it is tested directly.
 */
export interface BatchPlan {
  /** Images that will be sent. */
  send: number;
  /** Images left out for lack of quota. */
  skipped: number;
  kind: "all" | "partial" | "none";
}

export function planBatch(count: number, remaining: number): BatchPlan {
  const left = Math.max(0, Math.floor(remaining));
  if (count <= left) return { send: count, skipped: 0, kind: "all" };
  if (left === 0) return { send: 0, skipped: count, kind: "none" };
  return { send: left, skipped: count - left, kind: "partial" };
}

/** The final notice's counts: processed, skipped before the start, failed while running. */
export function batchCounts(batch: { completed: number; failed: number; total: number }, skipped: number) {
  return { processed: batch.completed, skipped, failed: batch.failed, total: batch.total + skipped };
}
