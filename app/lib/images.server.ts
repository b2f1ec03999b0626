/**
 * The two image editor screens at the edge (decision 0054): their loader reads which editor serves
 * (GET /api/image/provider, in process as the session's user), so the first HTML already names it in
 * the header's badges instead of a skeleton waiting for the browser.
 */
import type { AppLoadContext } from "react-router";
import type { ProviderInfo } from "./api/images";
import { callApi, requireUser } from "./session.server";

/** Which editor serves; null when it cannot be read (the screens then name the local editor, as before it answered). */
export async function loadImageEditor(request: Request, context: AppLoadContext): Promise<{ info: ProviderInfo | null }> {
  await requireUser(request, context);
  const result = await callApi<{ data?: ProviderInfo }>(context, "/image/provider");
  return { info: result.ok ? (result.data.data ?? null) : null };
}
