/**
 * The keyword screens as the router runs them (decision 0050): their real server loaders and actions
 * over an API the test answers at the network edge (tests/app/server-route.ts), so every SPEC §8 state
 * a search or an analysis can end in is shown from what the action answered.
 */
import { cleanup, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { createRoutesStub } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { KeywordListSummary } from "../../schema/api/keyword-lists";
import { SaveToListDialog } from "~/components/keywords/save-to-list-dialog";
import { Toaster } from "~/components/ui/toaster";
import { I18nProvider } from "~/lib/i18n";
import * as advancedModule from "~/routes/advanced-keywords";
import * as seoModule from "~/routes/seo-keywords";
import { serverRoute } from "./server-route";

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  sessionStorage.clear();
});

interface Call {
  method: string;
  path: string;
  body: unknown;
  requestId: string | null;
}

type Reply = { status: number; body: unknown } | "no-answer";

/** The API at the network edge: `reply` answers each call (JSON), or the call never reaches it. */
function serveApi(reply: (call: Call) => Reply) {
  const calls: Call[] = [];
  vi.stubGlobal(
    "fetch",
    vi.fn(async (input: string, init: RequestInit = {}) => {
      const url = new URL(input, "http://localhost");
      const headers = new Headers(init.headers);
      const call = { method: init.method ?? "GET", path: url.pathname + url.search, body: init.body ? JSON.parse(String(init.body)) : undefined, requestId: headers.get("X-Request-ID") };
      calls.push(call);
      const answer = reply(call);
      if (answer === "no-answer") throw new TypeError("Failed to fetch");
      return new Response(JSON.stringify(answer.body), { status: answer.status, headers: { "Content-Type": "application/json" } });
    }),
  );
  return calls;
}

const summary = (id: string, name: string, count: number): KeywordListSummary => ({ id, name, count, createdAt: "2026-11-25T10:00:00Z", updatedAt: "2026-11-25T10:00:00Z" });
const keyword = (i: number) => ({ id: `k${i}`, keyword: `silver ring ${i}`, popularity: 80 - i, competition: 0.4, trend: "stable" });
const lists = (items: KeywordListSummary[]) => ({ status: 200, body: { success: true, data: { lists: items } } });

/**
 * A screen with its loader and action; `unreachable` makes the page's post to its own action fail as a
 * lost connection does in the browser (the route's clientAction runs around the server's action).
 */
function show(module: typeof seoModule | typeof advancedModule, path: string, catalogues: typeof seoModule.handle.i18n, options: { unreachable?: () => boolean } = {}) {
  const server = serverRoute(module as never);
  const Stub = createRoutesStub([
    {
      path: path.split("?")[0],
      Component: module.default as unknown as React.ComponentType,
      HydrateFallback: () => null,
      loader: server.loader as never,
      action: (async (args: { request: Request; params: Record<string, string> }) =>
        module.clientAction({
          request: args.request,
          serverAction: async () => {
            if (options.unreachable?.()) throw new TypeError("Failed to fetch");
            return (await server.action!(args)) as never;
          },
        } as never)) as never,
    },
  ]);
  render(
    <I18nProvider initialLanguage="en" catalogues={catalogues}>
      <Stub initialEntries={[path]} />
      <Toaster />
    </I18nProvider>,
  );
}

const searchFor = async (product: string) => {
  fireEvent.change(await screen.findByLabelText("Product Name*", undefined, { timeout: 10_000 }), { target: { value: product } });
  fireEvent.click(screen.getByTestId("seo-submit"));
};

describe("SEO & Keyword Analysis with its loader and action", { timeout: 30_000 }, () => {
  it("shows the saved lists from the loader, posts a search to the action and shows its keywords; a search of no keywords says 'No Keywords Found'", async () => {
    let empty = false;
    const calls = serveApi((call) =>
      call.path === "/api/keyword-lists"
        ? lists([summary("l1", "Spring rings", 3)])
        : { status: 200, body: { success: true, data: { keywords: empty ? [] : [keyword(1), keyword(2)], error: true, source: "sample", platform: "etsy", country: "GB" } } },
    );
    show(seoModule, "/seo-keywords", seoModule.handle.i18n);
    const saved = await screen.findByTestId("saved-list", undefined, { timeout: 10_000 });
    expect(saved.textContent).toContain("Spring rings");
    expect(saved.textContent).toContain("3 keywords");

    await searchFor("silver ring");
    await screen.findByTestId("keyword-results", undefined, { timeout: 10_000 });
    expect(screen.getAllByTestId("keyword-row").map((row) => row.getAttribute("data-keyword"))).toEqual(["silver ring 1", "silver ring 2"]);
    const search = calls.find((c) => c.path.startsWith("/api/keywords?"))!;
    expect(Object.fromEntries(new URL(search.path, "http://x").searchParams)).toEqual({ product_name: "silver ring", country: "US", platform: "etsy" });

    empty = true;
    await searchFor("qwzx");
    await screen.findByText("No Keywords Found", undefined, { timeout: 10_000 });
    screen.getByText("No keywords found for this input. Try changing your filters or using more general terms.");
  });

  it("says why a search failed: the daily limit with its notice, another status with Try Again, and no answer at all", async () => {
    const replies: Reply[] = [
      {
        status: 403,
        body: { success: false, code: "quota-exhausted", message: "Your daily quota of 10 SEO analyses has been used.", quota: { feature: "seo-analysis", used: 10, limit: 10, plan: "free" } },
      },
      { status: 500, body: { success: false, code: "server-error", message: "Internal error" } },
    ];
    let lost = false;
    serveApi((call) => (call.path === "/api/keyword-lists" ? lists([]) : (replies.shift() ?? { status: 500, body: {} })));
    show(seoModule, "/seo-keywords", seoModule.handle.i18n, { unreachable: () => lost });

    await searchFor("silver ring");
    const quota = "You have reached your daily limit of 10 SEO keyword searches for your free plan. Your quota will reset tomorrow or you can upgrade to a premium plan for higher limits.";
    await waitFor(() => expect(screen.getByTestId("seo-error").textContent).toContain(quota), { timeout: 10_000 });
    expect(screen.getAllByText("Quota Exceeded").length).toBeGreaterThanOrEqual(2); // the alert's title and the notice
    expect(within(screen.getByTestId("seo-error")).queryByRole("button", { name: "Try Again" })).toBeNull();

    fireEvent.click(screen.getByTestId("seo-submit"));
    await waitFor(() => expect(screen.getByTestId("seo-error").textContent).toContain("API request failed with status 500"), { timeout: 10_000 });
    lost = true;
    fireEvent.click(within(screen.getByTestId("seo-error")).getByRole("button", { name: "Try Again" }));
    await waitFor(() => expect(screen.getByTestId("seo-error").textContent).toContain("Something went wrong while fetching keywords."), { timeout: 10_000 });
  });

  it("asks for a product name before posting anything", async () => {
    const calls = serveApi(() => lists([]));
    show(seoModule, "/seo-keywords", seoModule.handle.i18n);
    await screen.findByTestId("keyword-lists-empty", undefined, { timeout: 10_000 });
    fireEvent.click(screen.getByTestId("seo-submit"));
    await screen.findByText("Product name is required");
    expect(calls.filter((c) => c.path.startsWith("/api/keywords"))).toEqual([]);
  });

  it("renames a list through the action and shows the new name once the lists are read again; a taken name says why", async () => {
    let name = "Spring rings";
    const calls = serveApi((call) => {
      if (call.path === "/api/keyword-lists") return lists([summary("l1", name, 2)]);
      const wanted = (call.body as { name: string }).name.trim();
      if (wanted.toLowerCase() === "mugs")
        return { status: 409, body: { success: false, code: "conflict", message: "You already have a list named “Mugs”: choose another name or add to that list." } };
      name = wanted;
      return { status: 200, body: { success: true, data: { list: { ...summary("l1", name, 2), keywords: [] } } } };
    });
    show(seoModule, "/seo-keywords", seoModule.handle.i18n);
    fireEvent.click(await screen.findByRole("button", { name: "Rename Spring rings" }, { timeout: 10_000 }));
    fireEvent.change(screen.getByTestId("rename-input"), { target: { value: "Mugs" } });
    fireEvent.click(screen.getByTestId("rename-submit"));
    expect((await screen.findByTestId("rename-error", undefined, { timeout: 10_000 })).textContent).toBe("You already have a list named “Mugs”: choose another name or add to that list.");
    fireEvent.change(screen.getByTestId("rename-input"), { target: { value: "Summer rings" } });
    fireEvent.click(screen.getByTestId("rename-submit"));
    await waitFor(() => expect(screen.getByTestId("saved-list").getAttribute("data-name")).toBe("Summer rings"), { timeout: 10_000 });
    expect(screen.queryByTestId("rename-form")).toBeNull();
    expect(calls.filter((c) => c.method === "PUT").map((c) => c.body)).toEqual([{ name: "Mugs" }, { name: "Summer rings" }]);
  });
});

describe("Save to list dialog", () => {
  it("keeps the typed name when the page reads its lists again while the dialog is open", async () => {
    const list = (id: string, name: string) => summary(id, name, 1);
    function Dialog({ items }: { items: KeywordListSummary[] }) {
      return <SaveToListDialog open onOpenChange={() => {}} keywords={[{ keyword: "linen apron" }]} lists={items} onSaved={() => {}} />;
    }
    let items = [list("a", "Aprons")];
    const Stub = createRoutesStub([{ path: "/seo-keywords", Component: () => <Dialog items={items} /> }]);
    const view = render(
      <I18nProvider initialLanguage="en" catalogues={seoModule.handle.i18n}>
        <Stub initialEntries={["/seo-keywords"]} />
      </I18nProvider>,
    );
    const name = (await screen.findByLabelText(/list name/i)) as HTMLInputElement;
    fireEvent.change(name, { target: { value: "Linen things" } });
    // A search's revalidation reads the SEO screen's loader again: the same lists, a new array.
    items = [list("a", "Aprons"), list("b", "Bags")];
    view.rerender(
      <I18nProvider initialLanguage="en" catalogues={seoModule.handle.i18n}>
        <Stub initialEntries={["/seo-keywords"]} />
      </I18nProvider>,
    );
    expect((screen.getByLabelText(/list name/i) as HTMLInputElement).value).toBe("Linen things");
  });
});

describe("Advanced Keyword Analysis with its action", { timeout: 30_000 }, () => {
  it("names an analysis failure by what the server answered, each post with its own X-Request-ID", async () => {
    const replies: Reply[] = [
      { status: 200, body: {} },
      { status: 200, body: { success: false } },
      { status: 200, body: { success: true, message: "ok" } },
      { status: 403, body: { success: false, code: "quota-exhausted", message: "Daily limit reached for advanced keyword analysis" } },
    ];
    const calls = serveApi(() => replies.shift() ?? { status: 500, body: {} });
    show(advancedModule, "/advanced-keywords?keyword=boho%20earrings", advancedModule.handle.i18n);
    const submit = await screen.findByTestId("advanced-submit", undefined, { timeout: 10_000 });
    expect((screen.getByLabelText("Keyword", { exact: true }) as HTMLInputElement).value).toBe("boho earrings");
    // Arriving with a keyword analyses nothing: that is the seller's post.
    expect(calls).toEqual([]);
    for (const text of ["Empty response from server", "Analysis failed", "No analysis data in response", "Daily limit reached for advanced keyword analysis"]) {
      fireEvent.click(submit);
      await waitFor(() => expect(screen.getByTestId("analysis-error").textContent).toContain(text), { timeout: 10_000 });
    }
    expect(screen.getAllByText("Analysis Failed").length).toBeGreaterThan(0);
    expect(calls.map((c) => c.body)).toEqual(Array.from({ length: 4 }, () => ({ keyword: "boho earrings", geo: "US" })));
    const ids = calls.map((c) => c.requestId ?? "");
    expect(new Set(ids).size).toBe(4);
    expect(ids.every((id) => id.length >= 16)).toBe(true);
  });

  it("shows SPEC §5's submit texts without posting, and says so when the action cannot be reached", async () => {
    let lost = false;
    const calls = serveApi(() => ({ status: 500, body: {} }));
    show(advancedModule, "/advanced-keywords", advancedModule.handle.i18n, { unreachable: () => lost });
    const submit = await screen.findByTestId("advanced-submit", undefined, { timeout: 10_000 });
    fireEvent.click(submit);
    await screen.findByText("Keyword cannot be empty");
    fireEvent.change(screen.getByLabelText("Keyword", { exact: true }), { target: { value: "a" } });
    fireEvent.click(submit);
    await screen.findByText("Keyword must be at least 2 characters long");
    expect(calls).toEqual([]);
    lost = true;
    fireEvent.change(screen.getByLabelText("Keyword", { exact: true }), { target: { value: "boho earrings" } });
    fireEvent.click(submit);
    await waitFor(() => expect(screen.getByTestId("analysis-error").textContent).toContain("Network error: Please check your internet connection and try again."), { timeout: 10_000 });
  });
});
