import { clsx, type ClassValue } from "clsx";
import { twMerge } from "tailwind-merge";

/** Joins class names; later Tailwind classes win, so a caller's className goes last. */
export function cn(...inputs: ClassValue[]) {
  return twMerge(clsx(inputs));
}

/**
 * A click handler for a submit button whose post does the same work on the server (decision 0068): once
 * the page runs, the click stops the post and `run` does it in the browser.
 */
export const inBrowser = (run: () => void) => (event: { preventDefault(): void }) => {
  event.preventDefault();
  run();
};
