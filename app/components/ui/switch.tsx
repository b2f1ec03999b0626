import * as React from "react";

import { cn } from "~/lib/utils";

/**
 * An on/off switch that is the browser's own checkbox (role="switch"), drawn as a track and thumb: it is
 * in the server's HTML with its state, so it toggles and posts its `name` before the page has run (or when
 * it never does), decision 0071. `onCheckedChange` is called with the new state once the page runs.
 */
function Switch({
  className,
  onCheckedChange,
  onChange,
  ...props
}: Omit<React.ComponentProps<"input">, "type" | "role"> & {
  onCheckedChange?: (checked: boolean) => void;
}) {
  return (
    <span data-slot="switch" className={cn("relative inline-flex h-[1.15rem] w-8 shrink-0", className)}>
      <input
        type="checkbox"
        role="switch"
        className="peer absolute inset-0 z-10 m-0 size-full cursor-pointer appearance-none rounded-full opacity-0 disabled:cursor-not-allowed"
        onChange={(event) => {
          onChange?.(event);
          onCheckedChange?.(event.target.checked);
        }}
        {...props}
      />
      <span
        aria-hidden="true"
        className="pointer-events-none size-full rounded-full border border-transparent bg-input shadow-xs transition-all peer-checked:bg-primary peer-focus-visible:border-ring peer-focus-visible:ring-[3px] peer-focus-visible:ring-ring/50 peer-disabled:opacity-50 dark:bg-input/80 dark:peer-checked:bg-primary"
      />
      <span
        aria-hidden="true"
        className="pointer-events-none absolute top-1/2 left-px block size-4 -translate-y-1/2 rounded-full bg-background ring-0 transition-transform peer-checked:translate-x-[calc(100%-2px)] peer-disabled:opacity-50 dark:bg-foreground dark:peer-checked:bg-primary-foreground"
      />
    </span>
  );
}

export { Switch };
