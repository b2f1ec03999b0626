import { useCallback, useEffect, useState, useSyncExternalStore, type FocusEvent } from "react";

const reducedMotion = () => (typeof window !== "undefined" ? window.matchMedia?.("(prefers-reduced-motion: reduce)") : undefined);

/** Follows the system's reduced-motion preference as it changes. */
function subscribeReducedMotion(onChange: () => void) {
  const media = reducedMotion();
  media?.addEventListener?.("change", onChange);
  return () => media?.removeEventListener?.("change", onChange);
}

/**
 * True when the visitor asked the system for less motion; carousels then never move on their own. The
 * server (and hydration) assume motion is fine; the browser's answer follows at once.
 */
function usePrefersReducedMotion() {
  return useSyncExternalStore(
    subscribeReducedMotion,
    () => reducedMotion()?.matches ?? false,
    () => false,
  );
}

interface CarouselOptions {
  count: number;
  intervalMs: number;
  /** Hover, keyboard focus or anything else that should hold the current slide. */
  paused?: boolean;
}

/**
 * Index of a looping carousel that advances every `intervalMs` unless paused or the visitor prefers
 * reduced motion. Any move (automatic or by hand) restarts the wait, so a slide chosen by hand gets
 * its full time on screen.
 */
export function useCarousel({ count, intervalMs, paused = false }: CarouselOptions) {
  const [index, setIndex] = useState(0);
  const reducedMotion = usePrefersReducedMotion();
  const auto = !paused && !reducedMotion && count > 1;

  const goTo = useCallback((next: number) => setIndex(((next % count) + count) % count), [count]);
  const next = useCallback(() => setIndex((i) => (i + 1) % count), [count]);
  const previous = useCallback(() => setIndex((i) => (i - 1 + count) % count), [count]);

  useEffect(() => {
    if (!auto) return;
    const timer = setTimeout(() => setIndex((i) => (i + 1) % count), intervalMs);
    return () => clearTimeout(timer);
  }, [auto, index, count, intervalMs]);

  return { index, goTo, next, previous, autoPlaying: auto };
}

/** Pause state for a carousel region: held while the pointer is over it or focus is inside it. */
export function useHoverFocusPause() {
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  const handlers = {
    onMouseEnter: () => setHovered(true),
    onMouseLeave: () => setHovered(false),
    onFocus: () => setFocused(true),
    onBlur: (event: FocusEvent<HTMLElement>) => {
      if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setFocused(false);
    },
  };
  return { paused: hovered || focused, handlers };
}
