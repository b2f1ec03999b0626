import { useEffect, useState } from "react";
import { protectedImageUrl } from "~/lib/api/images";

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
