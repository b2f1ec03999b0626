import { useEffect, useRef, useState } from "react";
import { useRevalidator } from "react-router";
import { fetchShopJob, fetchShopJobs, isActiveJob, type ShopJobInfo, type ShopJobSummary } from "~/lib/api/shop";
import { STORAGE, safeLocalStorage } from "~/lib/storage-keys";

/** How often a running job is asked for its progress. */
const JOB_POLL_MS = 1500;
/** A finished job still shows after a reload for this long, until the seller hides it. */
const RECENT_JOB_MS = 60 * 60 * 1000;

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
 * The optimize job the screen follows: `startedId`, the job the screen's optimize action just started,
 * else (after a reload) the one jobToResume picks, polled until it completes or stops (polling is not
 * loading the screen, so it is a small effect here). When its count of finished listings moves, the
 * screen's loader reads the table and the summary again so 'Proposal ready' appears: that is the
 * poll's revalidation (React Router's own tool for data that changes outside an action), not a write's.
 */
export function useOptimizeJob(startedId: string | null) {
  const { revalidate } = useRevalidator();
  const [dismissed, setDismissed] = useState<string | null>(() => safeLocalStorage()?.getItem(STORAGE.shopDismissedJob) ?? null);
  const [jobs, setJobs] = useState<ShopJobSummary[] | null>(null);
  const [polled, setPolled] = useState<{ id: string; job: ShopJobInfo | null; failed: boolean } | null>(null);

  // The recent jobs, once: only to find the job to resume after a reload.
  useEffect(() => {
    let live = true;
    fetchShopJobs().then(
      (list) => live && setJobs(list),
      () => live && setJobs([]),
    );
    return () => {
      live = false;
    };
  }, []);

  const followed = startedId ?? (jobs ? jobToResume(jobs, dismissed) : null);
  const shown = !!followed && followed !== dismissed;

  useEffect(() => {
    if (!shown || !followed) return;
    let live = true;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const poll = async () => {
      try {
        const info = await fetchShopJob(followed);
        if (!live) return;
        setPolled({ id: followed, job: info, failed: false });
        if (!isActiveJob(info)) return;
      } catch {
        if (!live) return;
        setPolled((current) => ({ id: followed, job: current?.id === followed ? current.job : null, failed: true }));
      }
      timer = setTimeout(() => void poll(), JOB_POLL_MS);
    };
    void poll();
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [followed, shown]);

  const data = polled && polled.id === followed ? polled.job : null;
  const failed = !!polled && polled.id === followed && polled.failed;
  const progress = data ? `${data.id}:${data.status}:${data.done}:${data.failed}` : "";
  const seen = useRef("");
  useEffect(() => {
    if (!progress || progress === seen.current) return;
    const first = seen.current === "";
    seen.current = progress;
    if (first && data?.done === 0) return;
    void revalidate();
  }, [progress, data, revalidate]);

  function dismiss() {
    if (!followed) return;
    safeLocalStorage()?.setItem(STORAGE.shopDismissedJob, followed);
    setDismissed(followed);
  }

  const current: ShopJobInfo | null = shown ? data : null;
  return {
    job: current,
    /** A job is followed but its first answer has not come yet. */
    pending: shown && !data && !failed,
    running: isActiveJob(current) || (shown && !data),
    dismiss,
  };
}
