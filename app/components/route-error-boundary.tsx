import { AlertTriangleIcon, ArrowLeftIcon, FileQuestionIcon, LockIcon, LogInIcon, RotateCwIcon } from "lucide-react";
import { isRouteErrorResponse, Link, useLocation, useRevalidator, useRouteError } from "react-router";
import { Button } from "~/components/ui/button";
import { ApiError } from "~/lib/api";
import { type MessageKey, useT } from "~/lib/i18n";

type Kind = "notFound" | "forbidden" | "unauthorized" | "server";

/** The HTTP status a thrown value stands for: a route's `throw data(…, { status })`, or an ApiError a client loader let through. */
function statusOf(error: unknown): number {
  if (isRouteErrorResponse(error)) return error.status;
  if (error instanceof ApiError) {
    if (error.code === "not-found") return 404;
    if (error.code === "unauthorized") return 401;
    if (error.code === "forbidden") return 403;
  }
  return 500;
}

function kindOf(status: number): Kind {
  if (status === 404) return "notFound";
  if (status === 403) return "forbidden";
  if (status === 401) return "unauthorized";
  return "server";
}

/** Where "back" goes: the list a record belongs to (/listings/x -> My Listings, /shop/x -> My Shop), else the dashboard. */
const LISTS: Record<string, MessageKey> = { "/listings": "nav.listings", "/shop": "nav.shop" };
function backOf(pathname: string): { to: string; label: MessageKey } {
  const parent = pathname.replace(/\/+$/, "").replace(/\/[^/]*$/, "");
  return parent in LISTS ? { to: parent, label: LISTS[parent] } : { to: "/dashboard", label: "nav.dashboard" };
}

const ICONS = { notFound: FileQuestionIcon, forbidden: LockIcon, unauthorized: LogInIcon, server: AlertTriangleIcon } as const;

/**
 * The error screen of a route that loads a record (decision 0042): what happened and how to recover,
 * for a 404, 403, 401 or anything else (shown as a server error), inside the app's shell. A route adds
 * it with one line, `export { RouteErrorBoundary as ErrorBoundary } from "~/components/route-error-boundary";`,
 * and its loader throws `data(message, { status })`.
 */
export function RouteErrorBoundary() {
  const error = useRouteError();
  const t = useT();
  const { pathname, search } = useLocation();
  const revalidator = useRevalidator();
  const status = statusOf(error);
  const kind = kindOf(status);
  const back = backOf(pathname);
  const Icon = ICONS[kind];
  const details = import.meta.env.DEV && kind === "server" && error instanceof Error ? error.message : "";
  if (kind === "server" && !isRouteErrorResponse(error)) console.error(error);

  return (
    <section
      role="alert"
      aria-labelledby="route-error-title"
      data-testid="route-error"
      data-status={status}
      className="mx-auto flex w-full max-w-xl flex-col items-center gap-5 px-4 py-16 text-center"
    >
      <span className="flex size-14 items-center justify-center rounded-full bg-muted text-muted-foreground" aria-hidden="true">
        <Icon className="size-7" />
      </span>
      <div className="space-y-2">
        <p className="text-sm font-medium text-muted-foreground">{t("errors.page.status", { status })}</p>
        <h1 id="route-error-title" className="text-2xl font-semibold tracking-tight">
          {t(`errors.page.${kind}.title`)}
        </h1>
        <p className="text-muted-foreground">{t(`errors.page.${kind}.body`)}</p>
      </div>
      {details && <pre className="w-full overflow-x-auto rounded-md bg-muted p-3 text-left text-xs">{details}</pre>}
      <div className="flex flex-wrap items-center justify-center gap-3">
        {kind === "unauthorized" ? (
          <Button asChild>
            <Link to={`/login?redirectTo=${encodeURIComponent(pathname + search)}`}>
              <LogInIcon aria-hidden="true" />
              {t("errors.page.signIn")}
            </Link>
          </Button>
        ) : kind === "server" ? (
          <Button onClick={() => void revalidator.revalidate()} disabled={revalidator.state === "loading"}>
            <RotateCwIcon aria-hidden="true" />
            {t("errors.page.reload")}
          </Button>
        ) : null}
        <Button asChild variant={kind === "notFound" || kind === "forbidden" ? "default" : "outline"}>
          <Link to={back.to}>
            <ArrowLeftIcon aria-hidden="true" />
            {t("errors.page.back", { place: t(back.label) })}
          </Link>
        </Button>
      </div>
    </section>
  );
}
