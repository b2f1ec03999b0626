import { useEffect, useRef } from "react";

/**
 * Runs `run` after the render in which `value` first appears, once per value (compared by identity):
 * an answer's notice is shown once, however often the screen renders again with it (a revalidation, a
 * new `t` from the language's strings), which an effect keyed on `[value, t]` would show again.
 * Nothing runs for `undefined` or `null`.
 */
export function useOncePer<T>(value: T, run: (value: NonNullable<T>) => void): void {
  const done = useRef<T | undefined>(undefined);
  // After every render, with the latest `run`; only a new value acts.
  useEffect(() => {
    if (value === undefined || value === null || done.current === value) return;
    done.current = value;
    run(value as NonNullable<T>);
  });
}
