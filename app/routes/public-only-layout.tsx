import { Outlet, redirect } from "react-router";
import { safeRedirectTarget } from "~/lib/auth";
import { optionalUser } from "~/lib/session.server";
import type { StylesHandle } from "~/lib/styles";
import type { Route } from "./+types/public-only-layout";

/** Where visitors arrive from outside: the stylesheet comes inline (app/lib/styles.tsx). */
export const handle = { inlineStyles: true } satisfies StylesHandle;

/** Public-only screens (login, register): a signed-in visitor goes on to redirectTo (same site only) or /dashboard. */
export async function loader({ request, context }: Route.LoaderArgs) {
  if (await optionalUser(context)) throw redirect(safeRedirectTarget(new URL(request.url).searchParams.get("redirectTo")));
  return null;
}

export default function PublicOnlyLayout() {
  return <Outlet />;
}
