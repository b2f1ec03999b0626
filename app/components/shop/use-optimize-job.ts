import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect, useRef, useState } from "react";
import { fetchShopJob, fetchShopJobs, isActiveJob, shopKeys, startOptimize, type ShopJobInfo, type ShopJobSummary } from "~/lib/api/shop";
import { STORAGE, safeLocalStorage } from "~/lib/storage-keys";

/** How often a running job is asked for its progress. */
export const JOB_POLL_MS = 1500;
/** A finished job still shows after a reload for this long, until the seller hides it. */
export const RECENT_JOB_MS = 60 * 60 * 1000;

/** The job to show on arrival: a queued or running one, else the newest if it finished lately and was not hidden. */
export function jobToResume(jobs: readonly ShopJobSummary[], dismissed: string | null, now = Date.now()): string | null {
  const active = jobs.find(isActiveJob);
  if (active) return active.id;
  const newest = jobs[0];
  if (!newest || newest.id === dismissed) return null;
  const created = new Date(newest.createdAt).getTime();
  return Number.isFinite(created) && now - created < RECENT_JOB_MS ? newest.id : null;
}

/**
 * The optimize job the screen follows: the one just started, else (after a reload) the one
 * jobToResume picks, polled until it completes or stops. When its count of finished listings moves,
 * the table and the summary are read again so 'Proposal ready' appears.
 */
export function useOptimizeJob() {
  const queryClient = useQueryClient();
  const [jobId, setJobId] = useState<string | null>(null);
  const [dismissed, setDismissed] = useState<string | null>(() => safeLocalStorage()?.getItem(STORAGE.shopDismissedJob) ?? null);
  const client = typeof window !== "undefined";

  const jobs = useQuery({ queryKey: shopKeys.jobs(), queryFn: fetchShopJobs, enabled: client, staleTime: Infinity });
  const followed = jobId ?? (jobs.data ? jobToResume(jobs.data, dismissed) : null);
  const shown = !!followed && followed !== dismissed;

  const job = useQuery({
    queryKey: shopKeys.job(followed ?? ""),
    queryFn: () => fetchShopJob(followed as string),
    enabled: client && shown,
    refetchInterval: (query) => (!query.state.data || isActiveJob(query.state.data) ? JOB_POLL_MS : false),
  });

  const progress = job.data ? `${job.data.id}:${job.data.status}:${job.data.done}:${job.data.failed}` : "";
  const seen = useRef("");
  useEffect(() => {
    if (!progress || progress === seen.current) return;
    const first = seen.current === "";
    seen.current = progress;
    if (first && job.data?.done === 0) return;
    void queryClient.invalidateQueries({ queryKey: ["shop", "listings"] });
    void queryClient.invalidateQueries({ queryKey: shopKeys.summary() });
    void queryClient.invalidateQueries({ queryKey: shopKeys.pending() });
  }, [progress, job.data, queryClient]);

  async function start(ids: string[]) {
    const started = await startOptimize(ids);
    seen.current = "";
    setJobId(started.jobId);
    void queryClient.invalidateQueries({ queryKey: shopKeys.jobs() });
    return started;
  }

  function dismiss() {
    if (!followed) return;
    safeLocalStorage()?.setItem(STORAGE.shopDismissedJob, followed);
    setDismissed(followed);
  }

  const current: ShopJobInfo | null = shown ? (job.data ?? null) : null;
  return {
    job: current,
    /** A job is followed but its first answer has not come yet. */
    pending: shown && !job.data && !job.isError,
    running: isActiveJob(current) || (shown && !job.data),
    start,
    dismiss,
  };
}
