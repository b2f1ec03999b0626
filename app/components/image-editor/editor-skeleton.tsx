import { PageHeader } from "~/components/page-header";
import { Skeleton } from "~/components/ui/skeleton";

/** An image screen while it learns which editor serves it (the routes' HydrateFallback). */
export function EditorSkeleton({ title, description }: { title: string; description: string }) {
  return (
    <>
      <PageHeader title={title} description={description} actions={<Skeleton className="h-6 w-48" />} />
      <div className="grid gap-6 lg:grid-cols-2" aria-busy="true">
        <Skeleton className="h-96 w-full rounded-xl" />
        <Skeleton className="h-96 w-full rounded-xl" />
      </div>
    </>
  );
}
