import type { AccountReads, ApiCallInit, ApiResult, ListoraContext, ReadResult } from "../shared/session";
import { sessionTokenOf } from "../shared/session";
import type { User } from "../schema/db";
import { findUserById, toAuthUser, userRowSelect } from "./domain/auth/accounts";
import type { SessionClaims } from "./domain/auth/tokens";
import { cardsCountSelect, cardsPageOf, cardsSelect, listCardsPage, type CardRow, type Counted, type SummaryQuery } from "./domain/listings/store";
import { onboardingOf } from "./domain/onboarding";
import { readUsedToday, usageOnPlan } from "./domain/quota";
import { handleApi } from "./api/router";
import { claimsOfToken, userOfClaims, vouchFor } from "./lib/auth";
import { db } from "./lib/db";
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

/** What the page's first D1 round trip read of a list: its rows and how many match in all. */
type ListRows = { rows: CardRow[]; counted: Counted };

/** A listings read that asked to go in the page's first D1 round trip: its rows, null without a good session, or "alone" (read it by itself). */
type Joined = { query: SummaryQuery; answer: (rows: ListRows | null | "alone") => void };

/**
 * The load context's `listora` (decision 0041): the session's user, read once per request from the
 * cookie, and the API's route table run in process as that user. Loaders and actions of app/ reach
 * the domain only through this; it is made per request, so nothing leaks between requests.
 *
 * The page's reads start together (decision 0060): once the token's signature is checked, its user's
 * counter (a Durable Object) is read while one D1 batch reads the user row and the listings the page's
 * loaders asked for in the meantime (they all start in the same turn of the event loop). Nothing read
 * is answered before the row shows the token has not ended.
 */
export function appContext(request: Request, env: Env, ctx: ExecutionContext): ListoraContext {
  const cookieToken = sessionTokenOf(request);
  // Scores a read computed are stored after the page is answered (decision 0064).
  const defer = (work: Promise<unknown>) => ctx.waitUntil(work);
  let claims: Promise<SessionClaims | null> | undefined;
  const sessionClaims = () => (claims ??= cookieToken ? claimsOfToken(env, cookieToken) : Promise.resolve(null));
  /** Listings reads waiting for the first round trip; null once it has left. */
  let joining: Joined[] | null = [];
  let session: Promise<User | null> | undefined;
  const sessionUser = () => (session ??= firstRoundTrip());

  async function firstRoundTrip(): Promise<User | null> {
    let lists: Joined[] = [];
    try {
      const checked = await sessionClaims();
      // One turn of the event loop: the loaders of the page have asked for their reads by then.
      if (checked) await new Promise((resolve) => setTimeout(resolve, 0));
      lists = joining ?? [];
      joining = null;
      if (!checked) return null;
      if (lists.length === 0) return userOfClaims(await findUserById(env, checked.userId), checked);
      const orm = db(env);
      let answers: (ListRows | "alone")[] = lists.map(() => "alone");
      let row: User | undefined;
      try {
        const statements = lists.flatMap((list) => [cardsSelect(orm, checked.userId, list.query), cardsCountSelect(orm, checked.userId, list.query)] as const);
        const [users, ...found] = (await orm.batch([userRowSelect(orm, checked.userId), ...statements])) as [User[], ...unknown[]];
        row = users[0];
        answers = lists.map((_, i) => ({ rows: found[2 * i] as CardRow[], counted: found[2 * i + 1] as Counted }));
      } catch {
        // A batch fails as a whole: the row is read again by itself, and each list by itself (its own error, as before).
        row = await findUserById(env, checked.userId);
      }
      const user = userOfClaims(row, checked);
      lists.forEach((list, i) => list.answer(user ? answers[i] : null));
      return user;
    } finally {
      // A read nobody answered (the row could not be read) reads by itself, and meets the same failure.
      for (const list of lists) list.answer("alone");
    }
  }

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
        const checked = await sessionClaims();
        if (!checked) return null;
        // Today's counter is read beside the user row; it is answered only once the row shows the session is good.
        const used = read("usage", () => readUsedToday(env, checked.userId));
        const user = await sessionUser();
        if (!user) return null;
        const counted = await used;
        const usage: AccountReads["usage"] = counted.ok ? { ok: true, data: usageOnPlan(counted.data, user.plan) } : counted;
        // The providers come from the configuration GET /api/health names them from (its D1 probe is no part of them),
        // the checklist from the user row the session check has just read.
        return { usage, providers: { providers: providerSummary(env), providerLabels: providerLabels(env) }, onboarding: onboardingOf(user.onboarding) };
      },

      async listings(query) {
        if (joining) {
          const waiting = joining;
          const rows = await new Promise<ListRows | null | "alone">((answer) => {
            waiting.push({ query, answer });
            // The first round trip starts here when no loader has asked for the user yet; its failure is the loaders' to report.
            sessionUser().catch(() => undefined);
          });
          if (rows === null) return null;
          // The user is known once the rows are: the round trip answered them after the session's row.
          const user = await sessionUser();
          if (rows !== "alone" && user) return read("listings", () => cardsPageOf(db(env), user.id, rows.rows, rows.counted, query, defer));
        }
        const user = await sessionUser();
        return user ? read("listings", () => listCardsPage(env.DB, user.id, query, defer)) : null;
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
