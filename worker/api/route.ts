import type * as v from "valibot";
import type { User } from "../../schema/db";
import { requireUser, requireVerifiedUser } from "../lib/auth";
import type { Env } from "../lib/env";
import { HttpError } from "../lib/errors";
import { parseWith, readJson } from "../lib/http";
import { refuseHostileText } from "../lib/text-limits";
import type { ApiRequest } from "./types";

/** Who may call a route: anyone, a signed-in user, or a signed-in user whose e-mail is confirmed (decision 0009). */
type Auth = "none" | "user" | "verified";
type Method = "get" | "post" | "put" | "delete";
type Tag = "Operations" | "Auth" | "Profile" | "Quota" | "Listings" | "Files" | "Keywords" | "Images" | "Wizard" | "Shop" | "Billing";

type Output<S> = S extends v.GenericSchema ? v.InferOutput<S> : undefined;

interface RouteContext<A extends Auth = Auth, B = unknown, Q = unknown> {
  request: ApiRequest;
  env: Env;
  ctx: ExecutionContext;
  params: Record<string, string>;
  /** The caller, already checked when the route needs one. */
  user: A extends "none" ? undefined : User;
  /** The body, already read and validated with the route's `body` schema (undefined for raw routes). */
  body: B;
  /** The query, already validated with the route's `query` schema. */
  query: Q;
}

/**
 * One endpoint of the API: what the OpenAPI document says about it and what runs. worker/api/router.ts
 * registers every route with itty and worker/api/openapi.ts documents every route, both from the same
 * tables (decision 0025).
 */
interface Route<
  A extends Auth = Auth,
  BS extends v.GenericSchema | undefined = v.GenericSchema | undefined,
  QS extends v.GenericSchema | undefined = v.GenericSchema | undefined,
  R extends string | undefined = string | undefined,
> {
  method: Method;
  /** Below /api, with OpenAPI's parameters: `/listings/{id}`. */
  path: string;
  summary: string;
  tag: Tag;
  auth: A;
  /** The JSON body's schema. Read (and validated) before the handler runs, unless the route is raw. */
  body?: BS;
  /** Largest JSON body, in bytes (readJson's 1 MB by default). */
  bodyLimit?: number;
  /** The 413 to answer instead of readJson's when the body is past bodyLimit. */
  bodyTooLarge?: () => HttpError;
  /** An empty body is allowed (the schema then sees undefined). */
  bodyOptional?: boolean;
  /** The body carries encoded data (a base64 image), exempt from the seller-text limits of worker/lib/text-limits.ts. */
  encodedBody?: boolean;
  /** The query's schema (an object of strings): each key's first value, an empty value as absent. */
  query?: QS;
  /** The media type of a success other than JSON (a stream, a file, a page). */
  produces?: string;
  /** Why the handler reads the request itself (multipart, a stream, a WebSocket upgrade, a redirect); `body` is then documentation only. */
  raw?: R;
  /** Checks that run after sign-in and before the body is read (write limits, rate limits, configuration). */
  guard?: (c: RouteContext<A, undefined, undefined>) => unknown;
  /** Rewrites what the guard, the body or the handler throws (not the sign-in check). */
  mapError?: (error: unknown) => unknown;
  handler: (c: RouteContext<A, R extends string ? undefined : Output<BS>, Output<QS>>) => Response | Promise<Response>;
}

/** Declares a route; the identity function that lets TypeScript type the handler from the schemas. */
export function route<A extends Auth, BS extends v.GenericSchema | undefined = undefined, QS extends v.GenericSchema | undefined = undefined, R extends string | undefined = undefined>(
  spec: Route<A, BS, QS, R>,
): ApiRoute {
  return spec as unknown as ApiRoute;
}

/** A route of any shape, as the router and the document see it. */
export type ApiRoute = Route<Auth, v.GenericSchema | undefined, v.GenericSchema | undefined, string | undefined> & {
  handler: (c: RouteContext<Auth, unknown, unknown>) => Response | Promise<Response>;
  guard?: (c: RouteContext<Auth, unknown, unknown>) => unknown;
};

/** itty's form of a path: `/listings/{id}` -> `/listings/:id`. */
export const ittyPath = (path: string) => path.replace(/\{(\w+)\}/g, ":$1");

/** The query's values for an object schema's keys: the first of each, an empty one as absent. */
function queryInput(schema: v.GenericSchema, request: Request): Record<string, string | undefined> {
  const params = new URL(request.url).searchParams;
  const keys = Object.keys((schema as unknown as { entries?: Record<string, unknown> }).entries ?? {});
  return Object.fromEntries(keys.map((key) => [key, params.get(key) || undefined]));
}

async function readBody(route: ApiRoute, request: Request): Promise<unknown> {
  const schema = route.body as v.GenericSchema;
  if (route.bodyOptional && (request.headers.get("Content-Length") === "0" || !request.body)) return parseWith(schema, undefined);
  try {
    const body = await readJson(request, schema, route.bodyLimit);
    // Text no seller writes (a number of thousands of digits) is refused before any parser sees it (decision 0028).
    if (!route.encodedBody) refuseHostileText(body);
    return body;
  } catch (error) {
    if (route.bodyTooLarge && error instanceof HttpError && error.status === 413) throw route.bodyTooLarge();
    throw error;
  }
}

/** Runs a route for a request: sign-in, guard, query, body, handler, in that order. */
export async function runRoute(route: ApiRoute, request: ApiRequest, env: Env, ctx: ExecutionContext): Promise<Response> {
  const user = route.auth === "verified" ? await requireVerifiedUser(request, env) : route.auth === "user" ? await requireUser(request, env) : undefined;
  const c: RouteContext<Auth, unknown, unknown> = { request, env, ctx, params: (request.params ?? {}) as Record<string, string>, user: user as User, body: undefined, query: undefined };
  try {
    if (route.guard) await route.guard(c);
    if (route.query) c.query = parseWith(route.query, queryInput(route.query, request));
    if (route.body && !route.raw) c.body = await readBody(route, request);
    return await route.handler(c);
  } catch (error) {
    throw route.mapError ? route.mapError(error) : error;
  }
}
