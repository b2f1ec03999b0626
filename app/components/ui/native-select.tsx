import * as React from "react";
import { ChevronDownIcon } from "lucide-react";

import { cn } from "~/lib/utils";

/**
 * The browser's own `<select>`, drawn like the Radix select's trigger (decision 0062). It is in the
 * server's HTML with its options, so it works and posts its `name` before the page has run (or when it
 * never does), and a phone opens its own picker. `className` sizes the control (its wrapper).
 */
function NativeSelect({
  className,
  options,
  ...props
}: Omit<React.ComponentProps<"select">, "children"> & {
  options: readonly { value: string; label: string }[];
}) {
  return (
    <div data-slot="native-select-wrapper" className={cn("relative w-fit min-w-0", className)}>
      <select
        data-slot="native-select"
        className={cn(
          "h-9 w-full min-w-0 cursor-pointer appearance-none truncate rounded-md border border-input bg-transparent py-2 pr-9 pl-3 text-sm shadow-xs transition-[color,box-shadow] outline-none dark:bg-input/30 dark:hover:bg-input/50",
          "focus-visible:border-ring focus-visible:ring-[3px] focus-visible:ring-ring/50",
          "disabled:cursor-not-allowed disabled:opacity-50 aria-invalid:border-destructive aria-invalid:ring-destructive/20 dark:aria-invalid:ring-destructive/40",
        )}
        {...props}
      >
        {options.map((option) => (
          // The open list is the browser's; its rows take the theme's popover colours where the browser lets them.
          <option key={option.value} value={option.value} className="bg-popover text-popover-foreground">
            {option.label}
          </option>
        ))}
      </select>
      <ChevronDownIcon className="pointer-events-none absolute top-1/2 right-3 size-4 -translate-y-1/2 text-muted-foreground opacity-50" aria-hidden="true" />
    </div>
  );
}

export { NativeSelect };
