import type { VariantProps } from "class-variance-authority";
import { clsx } from "clsx";
import { Slot as SlotPrimitive } from "radix-ui";
import type * as React from "react";
import { buttonVariants } from "./button-variants";

/**
 * Button without tailwind-merge: `className` may only add classes (a margin, a width), never override a
 * variant's (choose a `size` or `shape` instead). The landing page and the header's theme toggle use it,
 * so the landing page ships no class-merging library (the bench's budget for the landing page's JavaScript).
 */
export function PlainButton({ className, variant, size, shape, asChild = false, ...props }: React.ComponentProps<"button"> & VariantProps<typeof buttonVariants> & { asChild?: boolean }) {
  const Comp = asChild ? SlotPrimitive.Root : "button";
  return <Comp data-slot="button" data-variant={variant ?? "default"} data-size={size ?? "default"} className={clsx(buttonVariants({ variant, size, shape }), className)} {...props} />;
}
