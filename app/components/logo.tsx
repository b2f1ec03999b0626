import { Link } from "react-router";
import { clsx } from "clsx";
import type { ReactNode } from "react";

/** The Listora mark: a tag shape with a spark, in the primary colour. */
function LogoMark({ className }: { className?: string }) {
  return (
    <svg viewBox="0 0 32 32" aria-hidden="true" className={clsx("size-8", className)}>
      <rect width="32" height="32" rx="8" className="fill-primary" />
      <path d="M9 9h8.5l6.5 6.5-8.5 8.5L9 17.5z" fill="none" stroke="currentColor" strokeWidth="2.2" strokeLinejoin="round" className="text-primary-foreground" />
      <circle cx="13.2" cy="13.2" r="1.7" className="fill-primary-foreground" />
    </svg>
  );
}

/** `mark` draws the mark instead (the signed-in shell's, from its icon sprite). */
export function Logo({ to = "/", className, showBeta = false, betaLabel = "Beta", mark }: { to?: string; className?: string; showBeta?: boolean; betaLabel?: string; mark?: ReactNode }) {
  return (
    <Link to={to} className={clsx("inline-flex items-center gap-2 rounded-md font-semibold tracking-tight", className)}>
      {mark ?? <LogoMark />}
      <span className="text-lg">Listora</span>
      {showBeta && <span className="rounded-full border border-primary/30 bg-primary/10 px-2 py-0.5 text-[11px] font-semibold uppercase tracking-wide text-primary">{betaLabel}</span>}
    </Link>
  );
}
