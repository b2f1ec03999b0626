/**
 * A screen's server loader and action run inside a component test (decision 0045): the load context's
 * in-process API (decision 0041) is played by the test's `fetch` stub, the network edge each test
 * already answers like the Worker, and the session is a signed-in seller. Actions get the Origin a
 * browser sends with a same-site form post.
 */
import type { AppLoadContext } from "react-router";
import type { AuthUser } from "../../schema/api";
import type { ApiCallInit, ApiResult, ListoraContext } from "../../shared/session";
import type { ListingSummary } from "../../schema/api/listings";
import type { OnboardingState } from "../../schema/api/onboarding";
import type { UsageByFeature } from "~/lib/api/quota";

const SELLER = { id: "u1", email: "seller@example.com", fullName: "Test Seller", emailVerified: true } as unknown as AuthUser;

function serverContext(): AppLoadContext {
  const listora: ListoraContext = {
    user: async () => SELLER,
    // The domain reads (decision 0055), played by the same stub as the API routes they stand for.
    reads: {
      async account() {
        const [usage, health, onboarding] = await Promise.all([
          listora.api<{ data: UsageByFeature }>("/usage"),
          listora.api<{ providers?: Record<string, string>; providerLabels?: Record<string, string> }>("/health"),
          listora.api<{ data: OnboardingState }>("/onboarding"),
        ]);
        const providers = health.ok ? health.data : {};
        return {
          usage: usage.ok ? { ok: true, data: usage.data.data } : { ok: false, error: usage.error },
          providers: { providers: providers.providers ?? {}, providerLabels: providers.providerLabels ?? {} },
          onboarding: onboarding.ok ? onboarding.data.data : { steps: { profile: false, keyword: false, listing: false, image: false }, progress: 0, welcomed: false },
        };
      },
      async listings({ q, sort, limit, offset = 0 }) {
        const result = await listora.api<{ data: { listings: ListingSummary[] } }>(`/listings?${new URLSearchParams({ sort: sort ?? "newest", ...(q ? { q } : {}) })}`);
        // The cards' parts of each summary, as the Worker's card read answers them (decision 0064), the page of them asked for and their number.
        const cards = (listings: ListingSummary[]) =>
          listings.map(({ id, title, description, tags, createdAt, score, grade }) => ({ id, title, description, tags, createdAt: Date.parse(createdAt), score, grade }));
        const page = (listings: ListingSummary[]) => ({ cards: cards(listings.slice(offset, limit === undefined ? undefined : offset + limit)), total: listings.length });
        return result.ok ? { ok: true, data: page(result.data.data.listings) } : { ok: false, error: result.error };
      },
    },
    async api<T>(path: string, init: ApiCallInit = {}): Promise<ApiResult<T>> {
      const response = await fetch(`/api${path}`, {
        method: init.method ?? (init.body === undefined ? "GET" : "POST"),
        headers: { ...init.headers, ...(init.body === undefined ? {} : { "Content-Type": "application/json" }) },
        body: init.body === undefined ? undefined : JSON.stringify(init.body),
      });
      const body = (await response.json().catch(() => null)) as Record<string, unknown> | null;
      if (response.ok) return { ok: true, status: response.status, data: (body ?? {}) as T, headers: response.headers };
      const code = typeof body?.code === "string" ? body.code : "server-error";
      const message = typeof body?.message === "string" ? body.message : "Server error";
      return { ok: false, status: response.status, error: { ...(body ?? {}), code, message }, headers: response.headers };
    },
  };
  return { listora } as unknown as AppLoadContext;
}

/**
 * The request as a browser sends a form post from this page: with its own Origin (the test DOM's
 * Request refuses to set that header, as browsers do, so it is read through a view of the request).
 */
function fromThisSite(request: Request): Request {
  const origin = new URL(request.url).origin;
  const headers = new Headers(request.headers);
  const get = (name: string) => (name.toLowerCase() === "origin" ? origin : headers.get(name));
  return new Proxy(request, {
    get(target, property) {
      if (property === "headers") return Object.assign(Object.create(headers) as Headers, { get });
      const value = Reflect.get(target, property, target) as unknown;
      return typeof value === "function" ? (value as (...args: unknown[]) => unknown).bind(target) : value;
    },
  });
}

interface ServerModule {
  loader: (args: never) => unknown;
  action?: (args: never) => unknown;
}

/** The route's `loader` and `action` as a routes stub runs them: with the test's load context. */
export function serverRoute(module: ServerModule) {
  const context = serverContext();
  type Args = { request: Request; params: Record<string, string | undefined> };
  return {
    loader: (args: Args) => module.loader({ ...args, context } as never),
    action: module.action ? (args: Args) => module.action!({ ...args, request: fromThisSite(args.request), context } as never) : undefined,
  };
}
