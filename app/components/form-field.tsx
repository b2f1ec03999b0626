import { cloneElement, isValidElement, useId, type ReactElement } from "react";
import { Label } from "~/components/ui/label";
import { cn } from "~/lib/utils";

/** A labelled control with its error message wired through aria-describedby and aria-invalid. */
export function FormField({ label, error, hint, children, className }: { label: string; error?: string | null; hint?: string; children: ReactElement<Record<string, unknown>>; className?: string }) {
  const id = useId();
  const errorId = `${id}-error`;
  const hintId = `${id}-hint`;
  const describedBy = [error ? errorId : null, hint ? hintId : null].filter(Boolean).join(" ") || undefined;
  const control = isValidElement(children) ? cloneElement(children, { id, "aria-invalid": error ? true : undefined, "aria-describedby": describedBy }) : children;
  return (
    <div className={cn("grid gap-2", className)}>
      <Label htmlFor={id}>{label}</Label>
      {control}
      {hint && !error && (
        <p id={hintId} className="text-xs text-muted-foreground">
          {hint}
        </p>
      )}
      {error && (
        <p id={errorId} role="alert" className="text-sm text-destructive">
          {error}
        </p>
      )}
    </div>
  );
}
