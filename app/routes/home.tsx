import { redirect } from "react-router";
import { getToken } from "~/lib/auth";
import { COOKIE, readCookie } from "~/lib/storage-keys";
import type { Route } from "./+types/home";

/** "/" redirects by token (SPEC §2): the dashboard when signed in, else the landing page. */
export function loader({ request }: Route.LoaderArgs) {
  const signedIn = readCookie(request.headers.get("Cookie"), COOKIE.signedIn) === "1";
  return redirect(signedIn ? "/dashboard" : "/landing");
}

export function clientLoader() {
  return redirect(getToken() ? "/dashboard" : "/landing");
}

export default function Home() {
  return null;
}
