/**
 * The signed-in shell's account data at the edge (decision 0051) and a listing's not-found (decision
 * 0042): the app layout's loader and the listing's loader run here in workerd with the load context
 * the Worker builds for a page request (decision 0041), so the session is the page's cookie.
 */
import { createExecutionContext, env, waitOnExecutionContext } from "cloudflare:test";
import type { AppLoadContext } from "react-router";
import { describe, expect, it } from "vitest";
import { SESSION_COOKIE } from "../../shared/session";
import { appContext } from "../../worker/app-context";
import { loadAccount } from "../../app/lib/account.server";
import { loadListing, loadListings } from "../../app/lib/listings.server";
import { api, registerUser } from "./helpers";

const SITE = "http://localhost";

/** A page request of `path` as the browser sends it (with the session cookie when given), and its load context. */
function pageOf(path: string, token?: string, cookies = "") {
  const cookie = [cookies, token ? `${SESSION_COOKIE}=${token}` : ""].filter(Boolean).join("; ");
  const request = new Request(`${SITE}${path}`, { headers: cookie ? { Cookie: cookie } : {} });
  const ctx = createExecutionContext();
  const context = { listora: appContext(request, env, ctx) } as unknown as AppLoadContext;
  return { request, context, ctx };
}

/** What a loader threw (a redirect or a `data(…, { status })`), or a failure when it answered. */
async function thrownBy(load: () => Promise<unknown>): Promise<unknown> {
  try {
    await load();
  } catch (thrown) {
    return thrown;
  }
  throw new Error("the loader answered instead of throwing");
}

/** Spends `n` units of a feature as the user, as the feature's own route does. */
async function spend(token: string, feature: string, n: number) {
  for (let i = 0; i < n; i++) {
    const res = await api("/increment-quota", { body: { featureKey: feature }, token });
    expect(res.status).toBe(200);
  }
}

describe("the app layout's account data at the edge", () => {
  it("sends a signed-out visitor to /login carrying the address they asked for", async () => {
    const { request, context } = pageOf("/create?from=menu");
    const thrown = await thrownBy(() => loadAccount(request, context));
    expect(thrown).toBeInstanceOf(Response);
    const response = thrown as Response;
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe(`/login?redirectTo=${encodeURIComponent("/create?from=menu")}`);
  });

  it("sends a browser whose session has ended to /login and clears its cookie", async () => {
    const { token } = await registerUser();
    await api("/auth/logout-all", { method: "POST", token });
    const { request, context } = pageOf("/dashboard", token);
    const response = (await thrownBy(() => loadAccount(request, context))) as Response;
    expect(response.headers.get("Location")).toBe(`/login?redirectTo=${encodeURIComponent("/dashboard")}`);
    expect(response.headers.getSetCookie().some((line) => line.startsWith(`${SESSION_COOKIE}=;`))).toBe(true);
  });

  it("reads the seller's profile, today's usage of every feature, the providers and the checklist at once", async () => {
    const { token, userId, email } = await registerUser();
    await spend(token, "create-listing", 2);
    await spend(token, "seo-analysis", 1);
    const { request, context } = pageOf("/create", token);
    const { userId: signedIn, account } = await loadAccount(request, context);
    expect(signedIn).toBe(userId);
    expect(account.profile.data).toMatchObject({ email, plan: "free", emailVerified: true });
    expect(account.quotas["create-listing"].data).toEqual({ used: 2, limit: 10, plan: "free", remaining: 8 });
    expect(account.quotas["seo-analysis"].data).toEqual({ used: 1, limit: 10, plan: "free", remaining: 9 });
    expect(account.quotas["advanced-keywords"].data).toEqual({ used: 0, limit: 10, plan: "free", remaining: 10 });
    expect(account.quotas["edit-image"].data).toEqual({ used: 0, limit: 10, plan: "free", remaining: 10 });
    expect(account.health.data?.providers?.llm).toBeTruthy();
    expect(account.onboarding.data).toMatchObject({ progress: 0, welcomed: false });
  });

  it("names the same providers and checklist as GET /api/health and GET /api/onboarding", async () => {
    const { token } = await registerUser();
    await api("/onboarding", { method: "PUT", body: { steps: ["profile", "listing"], welcomed: true }, token });
    const health = await (await api("/health")).json<{ providers: Record<string, string>; providerLabels: Record<string, string> }>();
    const onboarding = await (await api("/onboarding", { token })).json<{ data: unknown }>();
    const { request, context } = pageOf("/dashboard", token);
    const { account } = await loadAccount(request, context);
    expect(account.health.data).toEqual({ providers: health.providers, providerLabels: health.providerLabels });
    expect(account.onboarding.data).toEqual(onboarding.data);
    expect(account.onboarding.data).toMatchObject({ progress: 50, welcomed: true, steps: { profile: true, listing: true, keyword: false } });
  });

  it("answers the same numbers as the feature's own quota endpoint, premium limits included", async () => {
    const { token, userId } = await registerUser();
    await env.DB.prepare("UPDATE users SET plan = 'premium' WHERE id = ?").bind(userId).run();
    await spend(token, "edit-image", 3);
    const own = await (await api("/edit-image/quota", { token })).json<{ used: number; limit: number; plan: string; remaining: number }>();
    const { request, context } = pageOf("/edit-image", token);
    const { account } = await loadAccount(request, context);
    expect(account.quotas["edit-image"].data).toEqual({ used: own.used, limit: own.limit, plan: own.plan, remaining: own.remaining });
    expect(account.quotas["edit-image"].data).toMatchObject({ used: 3, plan: "premium" });
  });

  it("never shows another seller's data: each page request reads its own cookie's account", async () => {
    const first = await registerUser();
    const second = await registerUser();
    await spend(second.token, "create-listing", 4);
    await api("/onboarding", { method: "PUT", body: { steps: ["keyword"] }, token: second.token });
    const mine = pageOf("/dashboard", first.token);
    const theirs = pageOf("/dashboard", second.token);
    const [a, b] = await Promise.all([loadAccount(mine.request, mine.context), loadAccount(theirs.request, theirs.context)]);
    expect(a.userId).toBe(first.userId);
    expect(a.account.profile.data?.email).toBe(first.email);
    expect(a.account.quotas["create-listing"].data?.used).toBe(0);
    expect(a.account.onboarding.data?.steps.keyword).toBe(false);
    expect(b.account.profile.data?.email).toBe(second.email);
    expect(b.account.quotas["create-listing"].data?.used).toBe(4);
    expect(b.account.onboarding.data?.steps.keyword).toBe(true);
    expect(JSON.stringify(a)).not.toContain(second.email);
  });
});

describe("My Listings at the edge", () => {
  const LISTINGS = [
    { title: "Hand-knit wool beanie", description: "A warm beanie.", tags: ["beanie"] },
    {
      title: "Chunky Merino Wool Beanie, Hand-Knit Winter Hat for Women, Cozy Ribbed Toque Gift",
      description: "A soft, chunky beanie hand-knit from merino wool.\n\n## Details\n- Merino wool\n- One size, stretchy rib\n\nHand wash cold, dry flat.",
      tags: ["merino beanie", "chunky knit hat", "winter hat women", "ribbed toque", "hand knit beanie", "wool hat gift"],
    },
    { title: "Soy candle", description: "Lavender soy candle in a tin.", tags: ["candle", "lavender"] },
  ];

  async function seller() {
    const user = await registerUser();
    for (const listing of LISTINGS) {
      const res = await api("/listings", { token: user.token, body: { ...listing, altTexts: [], originalPrompt: listing.title } });
      expect(res.status).toBeLessThan(300);
    }
    return user;
  }

  async function fromApi(token: string, query: string) {
    const body = await (await api(`/listings?${query}`, { token })).json<{ data: { listings: { id: string; title: string; score: number; grade: string }[] } }>();
    return body.data.listings;
  }

  it("holds the seller's listings in the order and with the scores GET /api/listings answers, for each sort and a search", async () => {
    const { token } = await seller();
    for (const query of ["sort=newest", "sort=oldest", "sort=score", "sort=score-asc", "q=beanie&sort=score"]) {
      const { request, context } = pageOf(`/listings?${query}`, token);
      const page = await loadListings(request, context);
      const expected = await fromApi(token, query);
      expect(page.failed).toBe(false);
      expect(page.listings.map(({ id, title, score, grade }) => ({ id, title, score, grade }))).toEqual(expected.map(({ id, title, score, grade }) => ({ id, title, score, grade })));
    }
    const { request, context } = pageOf("/listings?q=beanie", token);
    const found = await loadListings(request, context);
    expect(found.q).toBe("beanie");
    expect(found.listings.map((l) => l.title).sort()).toEqual([LISTINGS[0].title, LISTINGS[1].title].sort());
  });

  it("sends each card only what it shows: the description as plain text, the first three tags and a count of the rest", async () => {
    const { token } = await seller();
    const { request, context } = pageOf("/listings", token);
    const page = await loadListings(request, context);
    const merino = page.listings.find((card) => card.title === LISTINGS[1].title);
    expect(merino).toMatchObject({
      description: "A soft, chunky beanie hand-knit from merino wool. Details Merino wool One size, stretchy rib Hand wash cold, dry flat.",
      tags: LISTINGS[1].tags.slice(0, 3),
      moreTags: 3,
    });
    expect(Object.keys(merino ?? {}).sort()).toEqual(["createdAt", "description", "grade", "id", "moreTags", "score", "tags", "title"]);
    expect(page.listings.find((card) => card.title === LISTINGS[2].title)).toMatchObject({ tags: ["candle", "lavender"], moreTags: 0 });
  });

  it("cuts a long description to what two lines of a card can show", async () => {
    const { token } = await registerUser();
    const words = Array.from({ length: 120 }, (_, i) => `word${i}`).join(" ");
    expect((await api("/listings", { token, body: { title: "Long one", description: words, tags: [], altTexts: [], originalPrompt: "x" } })).status).toBeLessThan(300);
    const { request, context } = pageOf("/listings", token);
    const [card] = (await loadListings(request, context)).listings;
    expect(card.description.length).toBe(300);
    expect(words.startsWith(card.description)).toBe(true);
  });

  it("reads the seller and their listings in one round trip to the database, once their scores are stored", async () => {
    const { token } = await seller();
    // The first visit computes the scores and stores them after its answer (decision 0064).
    const first = pageOf("/listings", token);
    await loadListings(first.request, first.context);
    await waitOnExecutionContext(first.ctx);
    const trips: string[] = [];
    const counted = new Proxy(env.DB, {
      get(target, name, receiver) {
        const value = Reflect.get(target, name, receiver) as unknown;
        if (name === "batch") return (statements: D1PreparedStatement[]) => (trips.push(`batch of ${statements.length}`), target.batch(statements));
        if (name === "prepare")
          return (query: string) => {
            const statement = target.prepare(query);
            return new Proxy(statement, {
              get(inner, method, r) {
                const run = Reflect.get(inner, method, r) as unknown;
                if (typeof run !== "function") return run;
                if (method === "all" || method === "raw" || method === "first" || method === "run") return (...args: unknown[]) => (trips.push(String(method)), run.apply(inner, args));
                return run.bind(inner);
              },
            });
          };
        return typeof value === "function" ? value.bind(target) : value;
      },
    });
    const request = new Request(`${SITE}/listings`, { headers: { Cookie: `${SESSION_COOKIE}=${token}` } });
    const context = { listora: appContext(request, { ...env, DB: counted }, createExecutionContext()) } as unknown as AppLoadContext;
    const [page, account] = await Promise.all([loadListings(request, context), loadAccount(request, context)]);
    expect(page.listings.map((card) => card.title).sort()).toEqual(LISTINGS.map((listing) => listing.title).sort());
    expect(account.account.profile.data?.email).toBeTruthy();
    expect(trips).toEqual(["batch of 3"]);
  });

  it("answers no listings to a session that has ended, though they were read beside its user row", async () => {
    const { token } = await seller();
    await api("/auth/logout-all", { method: "POST", token });
    const { request, context } = pageOf("/listings", token);
    const [listings, user] = await Promise.all([context.listora.reads.listings({}), context.listora.user()]);
    expect(user).toBeNull();
    expect(listings).toBeNull();
    const response = (await thrownBy(() => loadListings(request, context))) as Response;
    expect(response.headers.get("Location")).toBe(`/login?redirectTo=${encodeURIComponent("/listings")}`);
  });

  it("still knows the seller and says the list failed when the list cannot be read in the first round trip", async () => {
    const { token, userId } = await seller();
    const { request, context } = pageOf("/listings", token);
    await env.DB.prepare("ALTER TABLE listings RENAME TO listings_away").run();
    try {
      const [page, user] = await Promise.all([loadListings(request, context), context.listora.user()]);
      expect(page).toMatchObject({ listings: [], failed: true });
      expect(user?.id).toBe(userId);
    } finally {
      await env.DB.prepare("ALTER TABLE listings_away RENAME TO listings").run();
    }
  });

  it("never shows another seller's listings", async () => {
    await seller();
    const stranger = await registerUser();
    const { request, context } = pageOf("/listings", stranger.token);
    const page = await loadListings(request, context);
    expect(page).toMatchObject({ listings: [], failed: false });
  });

  it("shows nothing to a token that names a seller and their token version but is not signed by us", async () => {
    const { token, userId } = await seller();
    const [header, payload] = token.split(".");
    const bytes = new TextEncoder().encode(`${header}.${payload}`);
    const wrongKey = await crypto.subtle.importKey("raw", new TextEncoder().encode("x".repeat(48)), { name: "HMAC", hash: "SHA-256" }, false, ["sign"]);
    const signature = btoa(String.fromCharCode(...new Uint8Array(await crypto.subtle.sign("HMAC", wrongKey, bytes))))
      .replace(/\+/g, "-")
      .replace(/\//g, "_")
      .replace(/=+$/, "");
    // The same claims (this seller's id and token version), signed with another key; then the real signature with one letter changed.
    const forgeries = [`${header}.${payload}.${signature}`, `${header}.${payload}.${token.split(".")[2].replace(/^./, (c) => (c === "A" ? "B" : "A"))}`];
    expect(JSON.parse(atob(payload.replace(/-/g, "+").replace(/_/g, "/"))).sub).toBe(userId);
    for (const forged of forgeries) {
      const { request, context } = pageOf("/listings", forged);
      const [listings, user] = await Promise.all([context.listora.reads.listings({}), context.listora.user()]);
      expect(user).toBeNull();
      expect(listings).toBeNull();
      const response = (await thrownBy(() => loadListings(request, pageOf("/listings", forged).context))) as Response;
      expect(response.headers.get("Location")).toBe(`/login?redirectTo=${encodeURIComponent("/listings")}`);
    }
    // Not a token at all: nobody, and nothing read.
    const { context } = pageOf("/listings", "not-a-token");
    expect(await Promise.all([context.listora.reads.listings({}), context.listora.user()])).toEqual([null, null]);
  });

  it("sends a signed-out visitor to /login carrying the address", async () => {
    const { request, context } = pageOf("/listings?sort=score");
    const response = (await thrownBy(() => loadListings(request, context))) as Response;
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe(`/login?redirectTo=${encodeURIComponent("/listings?sort=score")}`);
  });

  it("says the list failed to load when the database cannot answer, instead of showing an empty list", async () => {
    const { token } = await seller();
    const { request, context } = pageOf("/listings", token);
    // The session is read first (the users table is untouched); then the listings table is gone for the read.
    await context.listora.user();
    await env.DB.prepare("ALTER TABLE listings RENAME TO listings_away").run();
    try {
      const page = await loadListings(request, context);
      expect(page).toMatchObject({ listings: [], failed: true });
    } finally {
      await env.DB.prepare("ALTER TABLE listings_away RENAME TO listings").run();
    }
  });
});

describe("a listing's page at the edge", () => {
  async function savedListing(token: string) {
    const res = await api("/listings", {
      token,
      body: { title: "Hand-knit wool beanie", description: "A warm beanie.", tags: ["beanie"], altTexts: [], originalPrompt: "beanie" },
    });
    expect(res.status).toBeLessThan(300);
    return (await res.json<{ data: { listing: { id: string } } }>()).data.listing.id;
  }

  it("shows the seller's own listing", async () => {
    const { token } = await registerUser();
    const id = await savedListing(token);
    const { request, context } = pageOf(`/listings/${id}`, token);
    const detail = await loadListing(request, context, id);
    expect(detail.listing).toMatchObject({ id, title: "Hand-knit wool beanie" });
  });

  it("throws a 404 for a listing that does not exist, and for another seller's, so the route's error boundary shows 'Listing not found'", async () => {
    const owner = await registerUser();
    const stranger = await registerUser();
    const id = await savedListing(owner.token);
    for (const [token, asked] of [
      [owner.token, "no-such-listing"],
      [stranger.token, id],
    ] as const) {
      const { request, context } = pageOf(`/listings/${asked}`, token);
      const thrown = (await thrownBy(() => loadListing(request, context, asked))) as { type: string; init: ResponseInit | null; data: Record<string, unknown> };
      expect(thrown.type).toBe("DataWithResponseInit");
      expect(thrown.init?.status).toBe(404);
      expect(thrown.data).toMatchObject({ success: false, code: "not-found" });
      expect(JSON.stringify(thrown.data)).not.toContain("Hand-knit");
    }
  });
});
