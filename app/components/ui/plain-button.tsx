import type { VariantProps } from "class-variance-authority";
import { clsx } from "clsx";
import type * as React from "react";
import { Link, type LinkProps } from "react-router";
import { buttonVariants } from "./button-variants";

type Variants = VariantProps<typeof buttonVariants>;

/**
 * The classes of a button without tailwind-merge: `className` may only add classes (a margin, a width),
 * never override a variant's (choose a `size` or `shape` instead). The landing page and the header's
 * theme toggle use it, so the landing page ships no class-merging library and no Radix Slot (the
 * bench's budget for the landing page's JavaScript).
 */
export function plainButtonClass({ variant, size, shape, className }: Variants & { className?: string }) {
  return clsx(buttonVariants({ variant, size, shape }), className);
}

export function PlainButton({ className, variant, size, shape, ...props }: React.ComponentProps<"button"> & Variants) {
  return <button data-slot="button" data-variant={variant ?? "default"} data-size={size ?? "default"} className={plainButtonClass({ variant, size, shape, className })} {...props} />;
}

/** A link that looks like a PlainButton (what `asChild` around a `<Link>` did, without Radix Slot). */
export function PlainButtonLink({ className, variant, size, shape, ...props }: LinkProps & Variants) {
  return <Link data-slot="button" data-variant={variant ?? "default"} data-size={size ?? "default"} className={plainButtonClass({ variant, size, shape, className })} {...props} />;
}
