import { useEffect, useState } from "react";
import { fetchProviderInfo, protectedImageUrl, type ProviderInfo } from "~/lib/api/images";
import { sessionUserId } from "~/lib/auth";

/** It only changes with configuration: read once per visit, again after five minutes or another sign-in. */
const FRESH_MS = 5 * 60_000;
let kept: { userId: string; at: number; info: ProviderInfo } | null = null;

/**
 * Which editor serves the two image screens, for their clientLoaders; null when it cannot be read
 * (the screens then name the local editor, as they did before it answered).
 */
export async function loadImageProvider(): Promise<ProviderInfo | null> {
  const userId = sessionUserId();
  if (kept && userId && kept.userId === userId && Date.now() - kept.at < FRESH_MS) return kept.info;
  try {
    const info = await fetchProviderInfo();
    // Kept only for a user the browser knows (the signed-in layout noted it).
    kept = userId ? { userId, at: Date.now(), info } : null;
    return info;
  } catch {
    return null;
  }
}

/** An object URL for an owner-only /api/images/:id path (an <img> cannot send the token). */
export function useProtectedImage(path: string | null | undefined) {
  const [state, setState] = useState<{ path: string; url: string | null; failed: boolean } | null>(null);
  useEffect(() => {
    if (!path) return;
    let live = true;
    protectedImageUrl(path).then(
      ({ url }) => live && setState({ path, url, failed: false }),
      () => live && setState({ path, url: null, failed: true }),
    );
    return () => {
      live = false;
    };
  }, [path]);
  if (!path || state?.path !== path) return { url: null, failed: false, loading: !!path };
  return { url: state.url, failed: state.failed, loading: false };
}
