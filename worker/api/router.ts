import { Router } from "itty-router";
import { HttpError } from "../lib/errors";
import type { Env } from "../lib/env";
import { bindExecutionContext, discardUnreadBody, json, sanitizeRequestId } from "../lib/http";
import { ittyPath, runRoute } from "./route";
import { API_ROUTES } from "./routes";
import type { ApiRequest, ApiRouter } from "./types";

/** itty's router over the route table: every entry, then a 404 for anything else. */
export function buildRouter(): ApiRouter {
  const router: ApiRouter = Router<ApiRequest, [Env, ExecutionContext]>({ base: "/api" });
  for (const entry of API_ROUTES) router[entry.method](ittyPath(entry.path), (request, env, ctx) => runRoute(entry, request, env, ctx));
  router.all("*", () => {
    throw new HttpError(404, "API endpoint not found");
  });
  return router;
}

const router = buildRouter();

/** Turns anything thrown below a handler into the one error shape; unknown errors never leak. */
export function errorResponse(error: unknown, requestId: string): Response {
  if (error instanceof HttpError) {
    const { code: _code, ...extra } = error.extra;
    return json({ success: false, code: error.code, message: error.message, ...extra }, { status: error.status, headers: error.headers });
  }
  console.error(
    JSON.stringify({
      level: "error",
      event: "api.unhandled",
      requestId,
      error: error instanceof Error ? `${error.name}: ${error.message}` : String(error),
      stack: error instanceof Error ? error.stack : undefined,
    }),
  );
  return json({ success: false, code: "server-error", message: "Server error: something went wrong on our side. Please try again later.", requestId }, { status: 500 });
}

export async function handleApi(request: Request, env: Env, ctx: ExecutionContext): Promise<Response> {
  const started = Date.now();
  const requestId = sanitizeRequestId(request.headers.get("X-Request-ID")) ?? crypto.randomUUID();
  let response: Response;
  bindExecutionContext(request, ctx);
  try {
    response = (await router.fetch(request, env, ctx)) as Response;
  } catch (error) {
    response = errorResponse(error, requestId);
  }
  // Every answer, error or not, leaves the request body read (see discardUnreadBody).
  await discardUnreadBody(request);
  response = new Response(response.body, response);
  response.headers.set("X-Request-ID", requestId);
  if (!response.headers.has("Cache-Control")) response.headers.set("Cache-Control", "no-store");
  const url = new URL(request.url);
  if (env.APP_ENV !== "test")
    console.log(JSON.stringify({ level: "info", event: "api.request", requestId, method: request.method, path: url.pathname, status: response.status, ms: Date.now() - started }));
  return response;
}
