import { data, redirect } from "react-router";
import { assertSameOrigin, callApi, signOutHeaders } from "~/lib/session.server";
import { COOKIE } from "~/lib/storage-keys";
import type { Route } from "./+types/logout";

/**
 * Sign-out (decision 0041), a resource route with no screen: POST clears the HttpOnly session cookie
 * and the theme cookie (SPEC §4: log out removes the token and the theme) and goes to /login. With
 * `intent=everywhere` every session of the account ends first (POST /api/auth/logout-all, in process).
 * A GET signs nobody out (a link or an image on another site must not): it goes home.
 */
export async function action({ request, context }: Route.ActionArgs) {
  assertSameOrigin(request);
  const form = await request.formData();
  if (form.get("intent") === "everywhere") {
    const result = await callApi(context, "/auth/logout-all", { method: "POST" });
    // Signed out already (401): this browser's cookie is cleared below all the same.
    if (!result.ok && result.error.code !== "unauthorized") return data({ success: false, code: result.error.code, message: result.error.message }, { status: result.status });
  }
  const headers = signOutHeaders(request);
  headers.append("Set-Cookie", `${COOKIE.theme}=; Max-Age=0; Path=/; SameSite=Lax`);
  return redirect("/login", { headers });
}

export function loader() {
  return redirect("/");
}
