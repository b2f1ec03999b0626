import { redirect } from "react-router";
import { optionalUser } from "~/lib/session.server";
import type { Route } from "./+types/home";

/** "/" redirects by session (SPEC §2): the dashboard when signed in, else the landing page. */
export async function loader({ context }: Route.LoaderArgs) {
  return redirect((await optionalUser(context)) ? "/dashboard" : "/landing");
}

export default function Home() {
  return null;
}
