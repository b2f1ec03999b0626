import * as React from "react";
import { Progress as ProgressPrimitive } from "radix-ui";

import { cn } from "~/lib/utils";

function Progress({ className, value, max = 100, ...props }: React.ComponentProps<typeof ProgressPrimitive.Root>) {
  // Indeterminate (value null/undefined): a full, pulsing bar.
  const percent = value == null ? 100 : Math.min(100, Math.max(0, (value / max) * 100));

  return (
    <ProgressPrimitive.Root data-slot="progress" value={value} max={max} className={cn("relative h-2 w-full overflow-hidden rounded-full bg-primary/20", className)} {...props}>
      <ProgressPrimitive.Indicator
        data-slot="progress-indicator"
        className="h-full w-full flex-1 bg-primary transition-transform duration-300 data-[state=indeterminate]:animate-pulse data-[state=indeterminate]:opacity-60"
        style={{ transform: `translateX(-${100 - percent}%)` }}
      />
    </ProgressPrimitive.Root>
  );
}

export { Progress };
