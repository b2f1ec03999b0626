import { Outlet, redirect } from "react-router";
import { safeRedirectTarget } from "~/lib/auth";
import { optionalUser } from "~/lib/session.server";
import * as authStrings from "~/lib/i18n/catalog/auth";
import type { I18nHandle } from "~/lib/i18n/route";
import type { StylesHandle } from "~/lib/styles";
import type { Route } from "./+types/public-only-layout";

/** The auth screens' strings (catalog/auth.ts); visitors arrive here from outside, so the entry screens' stylesheet comes inline (app/lib/styles.tsx). */
export const handle = { i18n: [authStrings], entryStyles: "inline" } satisfies I18nHandle & StylesHandle;

/** Public-only screens (login, register): a signed-in visitor goes on to redirectTo (same site only) or /dashboard. */
export async function loader({ request, context }: Route.LoaderArgs) {
  if (await optionalUser(context)) throw redirect(safeRedirectTarget(new URL(request.url).searchParams.get("redirectTo")));
  return null;
}

export default function PublicOnlyLayout() {
  return <Outlet />;
}
