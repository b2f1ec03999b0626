import { ChevronLeftIcon, ChevronRightIcon } from "lucide-react";
import { PlainButton } from "~/components/ui/plain-button";
import { clsx } from "clsx";

/** Previous / dots / next, shared by the landing and dashboard carousels. */
export function CarouselControls({
  count,
  index,
  onPrevious,
  onNext,
  onSelect,
  previousLabel,
  nextLabel,
  dotLabel,
  testId,
  className,
}: {
  count: number;
  index: number;
  onPrevious: () => void;
  onNext: () => void;
  onSelect: (index: number) => void;
  previousLabel: string;
  nextLabel: string;
  dotLabel: (n: number) => string;
  testId: string;
  className?: string;
}) {
  return (
    <div className={clsx("flex items-center justify-center gap-3", className)}>
      <PlainButton type="button" variant="outline" size="icon" shape="round" onClick={onPrevious} aria-label={previousLabel} data-testid={`${testId}-previous`}>
        <ChevronLeftIcon aria-hidden="true" />
      </PlainButton>
      <div className="flex items-center">
        {Array.from({ length: count }, (_, i) => (
          <button
            key={i}
            type="button"
            onClick={() => onSelect(i)}
            aria-label={dotLabel(i + 1)}
            aria-current={i === index ? "true" : undefined}
            data-testid={`${testId}-dot-${i}`}
            className="group flex size-6 items-center justify-center rounded-full outline-none focus-visible:ring-2 focus-visible:ring-ring"
          >
            <span className={clsx("block h-2 rounded-full transition-all", i === index ? "w-5 bg-primary" : "w-2 bg-muted-foreground/40 group-hover:bg-muted-foreground/70")} />
          </button>
        ))}
      </div>
      <PlainButton type="button" variant="outline" size="icon" shape="round" onClick={onNext} aria-label={nextLabel} data-testid={`${testId}-next`}>
        <ChevronRightIcon aria-hidden="true" />
      </PlainButton>
    </div>
  );
}
