import { useCallback, useEffect, useRef } from "react";
import { useFetchers, useNavigate, type NavigateOptions, type To } from "react-router";

/**
 * `navigate`, held back while a form a fetcher sent is still running or its loaders are still reading
 * again, and sent the moment they end.
 *
 * React Router (7.18) learns a screen's route the first time something goes there (a manifest request).
 * When a fetcher's revalidation ends while a navigation is still waiting for that answer, the router
 * finishes the navigation with the revalidation's routes: the address says /review and the screen still
 * shows step 1, for good. A navigation that starts once the fetchers are idle is not affected. Fetchers
 * that only load (no form sent) never end that way and do not hold a navigation back.
 */
export function useSettledNavigate() {
  const navigate = useNavigate();
  const busy = useFetchers().some((fetcher) => fetcher.state !== "idle" && fetcher.formMethod !== undefined);
  const queued = useRef<(() => void) | null>(null);

  useEffect(() => {
    if (busy || !queued.current) return;
    const go = queued.current;
    queued.current = null;
    go();
  }, [busy]);
  // Left before the fetchers ended (unmounted): nothing is sent afterwards.
  useEffect(() => () => void (queued.current = null), []);

  return useCallback(
    (to: To, options?: NavigateOptions) => {
      if (!busy) return void navigate(to, options);
      queued.current = () => void navigate(to, options);
    },
    [navigate, busy],
  );
}
