import { Link } from "react-router";
import { Button } from "~/components/ui/button";
import { useT } from "~/lib/i18n";
import type { Route } from "./+types/not-found";
import { metaText } from "~/lib/i18n/route";

export function meta({ matches }: Route.MetaArgs) {
  return [{ title: metaText(matches, "notFound.metaTitle") }, { name: "robots", content: "noindex" }];
}

export function loader() {
  // A real 404 status for crawlers and tools, with the friendly page as the body.
  throw new Response(null, { status: 404 });
}

export default function NotFound() {
  return <NotFoundPage />;
}

export function ErrorBoundary(_props: Route.ErrorBoundaryProps) {
  return <NotFoundPage />;
}

function NotFoundPage() {
  const t = useT();
  return (
    <main className="flex min-h-dvh flex-col items-center justify-center gap-6 px-6 text-center">
      <p className="text-7xl font-bold tracking-tight text-primary" aria-hidden="true">
        404
      </p>
      <div className="space-y-2">
        <h1 className="text-2xl font-semibold">{t("notFound.title")}</h1>
        <p className="text-muted-foreground">{t("notFound.body")}</p>
      </div>
      <Button asChild>
        <Link to="/">{t("notFound.home")}</Link>
      </Button>
    </main>
  );
}
