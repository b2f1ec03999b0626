import { useEffect } from "react";
import { Outlet, redirect, useNavigate } from "react-router";
import { getToken } from "~/lib/auth";
import { COOKIE, readCookie } from "~/lib/storage-keys";
import type { Route } from "./+types/public-only-layout";

/** Public-only screens (login, register): a signed-in visitor goes to /dashboard. */
export function loader({ request }: Route.LoaderArgs) {
  if (readCookie(request.headers.get("Cookie"), COOKIE.signedIn) === "1") throw redirect("/dashboard");
  return null;
}

export function clientLoader() {
  if (getToken()) throw redirect("/dashboard");
  return null;
}

export default function PublicOnlyLayout() {
  const navigate = useNavigate();
  useEffect(() => {
    if (getToken()) navigate("/dashboard", { replace: true });
  }, [navigate]);
  return <Outlet />;
}
