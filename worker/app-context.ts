import type { ApiCallInit, ApiResult, ListoraContext, ReadResult } from "../shared/session";
import { sessionTokenOf } from "../shared/session";
import type { User } from "../schema/db";
import { toAuthUser } from "./domain/auth/accounts";
import { listSummaries } from "./domain/listings/store";
import { onboardingOf } from "./domain/onboarding";
import { readAllUsage } from "./domain/quota";
import { handleApi } from "./api/router";
import { userOfToken, vouchFor } from "./lib/auth";
import type { Env } from "./lib/env";
import { HttpError } from "./lib/errors";
import { log } from "./lib/log";
import { providerLabels, providerSummary } from "./providers/summary";

/** Headers of the page request an in-process API call keeps: who is asking and from where (throttles, logs, idempotency). */
const CARRIED = ["CF-Connecting-IP", "X-Forwarded-For", "User-Agent", "Accept-Language", "X-Request-ID"];

/** The API's answer to a failure, for a read that failed (decision 0042): an HttpError's code and message; anything else is logged and answered as a server error. */
async function read<T>(name: string, run: () => Promise<T>): Promise<ReadResult<T>> {
  try {
    return { ok: true, data: await run() };
  } catch (error) {
    if (error instanceof HttpError) return { ok: false, error: { code: error.code, message: error.message } };
    log.error("page.read_failed", { read: name, error: error instanceof Error ? `${error.name}: ${error.message}` : String(error) });
    return { ok: false, error: { code: "server-error", message: "Server error: something went wrong on our side. Please try again later." } };
  }
}

/**
 * The load context's `listora` (decision 0041): the session's user, read once per request from the
 * cookie, and the API's route table run in process as that user. Loaders and actions of app/ reach
 * the domain only through this; it is made per request, so nothing leaks between requests.
 */
export function appContext(request: Request, env: Env, ctx: ExecutionContext): ListoraContext {
  const cookieToken = sessionTokenOf(request);
  let session: Promise<User | null> | undefined;
  const sessionUser = () => (session ??= cookieToken ? userOfToken(env, cookieToken) : Promise.resolve(null));

  return {
    async user() {
      const user = await sessionUser();
      return user ? toAuthUser(user) : null;
    },

    async api<T>(path: string, init: ApiCallInit = {}): Promise<ApiResult<T>> {
      const headers = new Headers();
      for (const name of CARRIED) {
        const value = request.headers.get(name);
        if (value !== null) headers.set(name, value);
      }
      for (const [name, value] of Object.entries(init.headers ?? {})) headers.set(name, value);
      const token = init.token === undefined ? cookieToken : init.token;
      if (token) headers.set("Authorization", `Bearer ${token}`);
      if (init.body !== undefined) headers.set("Content-Type", "application/json");
      const url = new URL(`/api${path.startsWith("/") ? path : `/${path}`}`, request.url);
      const inner = new Request(url, {
        method: init.method ?? (init.body === undefined ? "GET" : "POST"),
        headers,
        body: init.body === undefined ? undefined : JSON.stringify(init.body),
      });
      // The cookie's user is already checked for this page: the route does not look it up again.
      if (token && token === cookieToken) vouchFor(inner, sessionUser());
      const response = await handleApi(inner, env, ctx);
      const body = response.headers.get("Content-Type")?.startsWith("application/x-ndjson")
        ? { events: await ndjsonEvents(response) }
        : ((await response.json().catch(() => null)) as Record<string, unknown> | null);
      if (response.ok) return { ok: true, status: response.status, data: (body ?? {}) as T, headers: response.headers };
      const error = {
        ...(body ?? {}),
        code: typeof body?.code === "string" ? body.code : "server-error",
        message: typeof body?.message === "string" ? body.message : "Server error: something went wrong on our side. Please try again later.",
      };
      return { ok: false, status: response.status, error, headers: response.headers };
    },

    reads: {
      async account() {
        const user = await sessionUser();
        if (!user) return null;
        // The providers come from the configuration GET /api/health names them from (its D1 probe is no part of them),
        // the checklist from the user row the session check has just read.
        const usage = await read("usage", () => readAllUsage(env, user));
        return { usage, providers: { providers: providerSummary(env), providerLabels: providerLabels(env) }, onboarding: onboardingOf(user.onboarding) };
      },

      async listings(query) {
        const user = await sessionUser();
        return user ? read("listings", () => listSummaries(env.DB, user.id, query)) : null;
      },
    },
  };
}

/** A streamed answer (NDJSON, e.g. POST /api/listings/generate) read to its end: its events, in order (a line that is not JSON is skipped). */
async function ndjsonEvents(response: Response): Promise<unknown[]> {
  const events: unknown[] = [];
  for (const line of (await response.text()).split("\n")) {
    if (!line.trim()) continue;
    try {
      events.push(JSON.parse(line));
    } catch {
      /* a cut line */
    }
  }
  return events;
}
