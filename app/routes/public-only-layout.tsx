import { useEffect } from "react";
import { Outlet, redirect, useNavigate, useSearchParams } from "react-router";
import { getToken, safeRedirectTarget } from "~/lib/auth";
import { COOKIE, readCookie } from "~/lib/storage-keys";
import type { Route } from "./+types/public-only-layout";

/** Where a signed-in visitor goes instead: the `redirectTo` path they were bounced from (same site only), else /dashboard. */
function target(url: URL) {
  return safeRedirectTarget(url.searchParams.get("redirectTo"));
}

/** Public-only screens (login, register): a signed-in visitor goes on to redirectTo or /dashboard. */
export function loader({ request }: Route.LoaderArgs) {
  if (readCookie(request.headers.get("Cookie"), COOKIE.signedIn) === "1") throw redirect(target(new URL(request.url)));
  return null;
}

export function clientLoader({ request }: Route.ClientLoaderArgs) {
  if (getToken()) throw redirect(target(new URL(request.url)));
  return null;
}

export default function PublicOnlyLayout() {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const redirectTo = params.get("redirectTo");
  useEffect(() => {
    if (getToken()) navigate(safeRedirectTarget(redirectTo), { replace: true });
  }, [navigate, redirectTo]);
  return <Outlet />;
}
