import { Card } from "~/components/ui/card";
import { Skeleton } from "~/components/ui/skeleton";

/** The result layout in grey while an analysis runs: stat cards, the chart, two query lists. */
export function AnalysisSkeleton({ label }: { label: string }) {
  return (
    <div className="grid gap-6" aria-busy="true" aria-label={label} data-testid="analysis-skeleton">
      <div className="grid grid-cols-2 gap-4 lg:grid-cols-4">
        {Array.from({ length: 4 }, (_, i) => (
          <Card key={i} className="gap-3 p-4 sm:p-5">
            <Skeleton className="h-4 w-20" />
            <Skeleton className="h-7 w-24" />
            <Skeleton className="h-3 w-28" />
          </Card>
        ))}
      </div>
      <Card className="gap-4 p-6">
        <Skeleton className="h-5 w-40" />
        <div className="flex h-48 items-end gap-1 sm:h-56">
          {Array.from({ length: 26 }, (_, i) => (
            <Skeleton key={i} className="flex-1 rounded-b-none" style={{ height: `${30 + ((i * 37) % 60)}%` }} />
          ))}
        </div>
      </Card>
      <Card className="grid gap-4 p-6 md:grid-cols-2">
        {Array.from({ length: 2 }, (_, col) => (
          <div key={col} className="grid gap-3">
            <Skeleton className="h-4 w-32" />
            {Array.from({ length: 5 }, (_, i) => (
              <Skeleton key={i} className="h-6 w-full" />
            ))}
          </div>
        ))}
      </Card>
    </div>
  );
}
