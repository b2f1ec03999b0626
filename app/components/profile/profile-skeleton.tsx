import { Card, CardContent, CardHeader } from "~/components/ui/card";
import { Skeleton } from "~/components/ui/skeleton";

/** The four cards' outline while the profile loads, so nothing jumps when it arrives. */
export function ProfileSkeleton({ label }: { label: string }) {
  return (
    <div className="grid gap-6 lg:grid-cols-2" aria-busy="true" aria-label={label} data-testid="profile-loading">
      {[0, 1, 2, 3].map((card) => (
        <Card key={card}>
          <CardHeader className="gap-2">
            <Skeleton className="h-5 w-40" />
            <Skeleton className="h-4 w-64 max-w-full" />
          </CardHeader>
          <CardContent className="grid gap-5">
            {[0, 1, 2].map((row) => (
              <div key={row} className="grid gap-2">
                <Skeleton className="h-4 w-28" />
                <Skeleton className="h-9 w-full" />
              </div>
            ))}
          </CardContent>
        </Card>
      ))}
    </div>
  );
}
