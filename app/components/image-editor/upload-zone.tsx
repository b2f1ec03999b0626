import { ImageUpIcon } from "lucide-react";
import { useId, useRef, useState, type ReactNode } from "react";
import { cn } from "~/lib/utils";

/**
 * A drop zone that is also a button: click, Enter or Space opens the file picker, and files can be
 * dropped on it. The hidden input stays in the page so tests and assistive tech can reach it.
 */
export function UploadZone({
  onFiles,
  multiple = false,
  accept,
  title,
  hint,
  disabled,
  invalid,
  describedBy,
  testId,
  children,
  className,
  inputRef,
}: {
  onFiles: (files: File[]) => void;
  multiple?: boolean;
  accept: string;
  title: string;
  hint: string;
  disabled?: boolean;
  invalid?: boolean;
  describedBy?: string;
  testId?: string;
  children?: ReactNode;
  className?: string;
  inputRef?: React.RefObject<HTMLInputElement | null>;
}) {
  const ownRef = useRef<HTMLInputElement>(null);
  const ref = inputRef ?? ownRef;
  const hintId = useId();
  const [dragging, setDragging] = useState(false);

  return (
    <div className={cn("grid", className)}>
      <button
        type="button"
        disabled={disabled}
        aria-describedby={[hintId, describedBy].filter(Boolean).join(" ")}
        aria-invalid={invalid || undefined}
        onClick={() => ref.current?.click()}
        onDragOver={(event) => {
          event.preventDefault();
          if (!disabled) setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={(event) => {
          event.preventDefault();
          setDragging(false);
          if (disabled) return;
          const files = Array.from(event.dataTransfer.files);
          if (files.length) onFiles(multiple ? files : files.slice(0, 1));
        }}
        className={cn(
          "group flex min-h-40 w-full flex-col items-center justify-center gap-2 rounded-lg border-2 border-dashed border-input bg-muted/30 px-4 py-6 text-center transition-colors",
          "outline-none hover:border-primary/60 hover:bg-accent/40 focus-visible:border-ring focus-visible:ring-[3px] focus-visible:ring-ring/50",
          "disabled:cursor-not-allowed disabled:opacity-60 aria-invalid:border-destructive",
          dragging && "border-primary bg-accent/60",
        )}
        data-testid={testId}
      >
        {children ?? (
          <>
            <span className="flex size-11 items-center justify-center rounded-full bg-primary/10 text-primary">
              <ImageUpIcon className="size-5" aria-hidden="true" />
            </span>
            <span className="text-sm font-medium">{title}</span>
          </>
        )}
        <span id={hintId} className="text-xs text-muted-foreground">
          {hint}
        </span>
      </button>
      <input
        ref={ref}
        type="file"
        accept={accept}
        multiple={multiple}
        disabled={disabled}
        className="sr-only"
        tabIndex={-1}
        aria-hidden="true"
        data-testid={testId ? `${testId}-input` : undefined}
        onChange={(event) => {
          const files = Array.from(event.target.files ?? []);
          // Clear, so choosing the same file again still fires a change.
          event.target.value = "";
          if (files.length) onFiles(files);
        }}
      />
    </div>
  );
}
