import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect, useRef, useState } from "react";
import { fetchShopJob, fetchShopJobs, isActiveJob, shopKeys, startOptimize, type ShopJobInfo } from "~/lib/api/shop";

/** How often a running job is asked for its progress. */
export const JOB_POLL_MS = 1500;

/**
 * The optimize job the screen follows: the one just started, else (after a reload) the newest queued
 * or running job of the seller, polled until it completes or stops. When its count of finished
 * listings moves, the table and the summary are read again so 'Proposal ready' appears.
 */
export function useOptimizeJob() {
  const queryClient = useQueryClient();
  const [jobId, setJobId] = useState<string | null>(null);
  const [dismissed, setDismissed] = useState<string | null>(null);
  const client = typeof window !== "undefined";

  const jobs = useQuery({ queryKey: shopKeys.jobs(), queryFn: fetchShopJobs, enabled: client, staleTime: Infinity });
  const resumed = jobs.data?.find(isActiveJob)?.id ?? null;
  const followed = jobId ?? resumed;

  const job = useQuery({
    queryKey: shopKeys.job(followed ?? ""),
    queryFn: () => fetchShopJob(followed as string),
    enabled: client && !!followed,
    refetchInterval: (query) => (!query.state.data || isActiveJob(query.state.data) ? JOB_POLL_MS : false),
    refetchIntervalInBackground: false,
  });

  const progress = job.data ? `${job.data.status}:${job.data.done}:${job.data.failed}` : "";
  const seen = useRef("");
  useEffect(() => {
    if (!progress || progress === seen.current) return;
    const first = seen.current === "";
    seen.current = progress;
    if (first && job.data && isActiveJob(job.data) && job.data.done === 0) return;
    void queryClient.invalidateQueries({ queryKey: ["shop", "listings"] });
    void queryClient.invalidateQueries({ queryKey: shopKeys.summary() });
    void queryClient.invalidateQueries({ queryKey: shopKeys.pending() });
  }, [progress, job.data, queryClient]);

  async function start(ids: string[]) {
    const id = await startOptimize(ids);
    seen.current = "";
    setDismissed(null);
    setJobId(id);
    void queryClient.invalidateQueries({ queryKey: shopKeys.jobs() });
    return id;
  }

  const current: ShopJobInfo | null = followed && followed !== dismissed ? (job.data ?? null) : null;
  return {
    job: current,
    /** A job id is known but its first answer has not come yet. */
    pending: !!followed && followed !== dismissed && !job.data,
    error: job.isError ? job.error : null,
    running: isActiveJob(current) || (!!followed && followed !== dismissed && !job.data),
    start,
    dismiss: () => followed && setDismissed(followed),
  };
}
