import { act, cleanup, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { MemoryRouter, createRoutesStub } from "react-router";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { ShopListingRow, ShopSummary } from "../../schema/api/shop";
import type { Language } from "../../schema/api";
import { ShopTable } from "~/components/shop/shop-table";
import { Toaster } from "~/components/ui/toaster";
import { formatPrice } from "~/lib/api/shop";
import { I18nProvider } from "~/lib/i18n";
import MyShop, { HydrateFallback, clientLoader, handle as shopRoute } from "~/routes/shop";

function row(id: number, over: Partial<ShopListingRow> = {}): ShopListingRow {
  return {
    id: `l${id}`,
    title: `Listing ${id}`,
    sku: `SKU-${id}`,
    priceMinor: 2400,
    currency: "USD",
    quantity: 3,
    photoCount: 5,
    tagCount: 13,
    score: 60,
    grade: "C",
    updatedAt: "2026-11-20T10:00:00.000Z",
    hasProposal: false,
    units: 0,
    orders: 0,
    revenue: [],
    lastSale: null,
    ...over,
  };
}

const SUMMARY: ShopSummary = {
  listings: 3,
  averageScore: 61.3,
  grades: { A: 1, B: 0, C: 1, D: 0, F: 1 },
  topIssues: [{ id: "altTexts.missing", message: "{missing} of {photos} photo(s) have no alt text.", count: 2 }],
  pendingProposals: 0,
};

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  localStorage.clear();
});

describe("prices in the shop", () => {
  it("formats a price in the listing's own currency and the seller's language", () => {
    expect(formatPrice(2400, "USD", "en")).toBe("$24.00");
    expect(formatPrice(1999, "EUR", "tr")).toBe("€19,99");
    expect(formatPrice(125000, "TRY", "tr")).toBe("₺1.250,00");
    expect(formatPrice(null, "USD", "en")).toBe("");
  });
});

function table(props: Partial<React.ComponentProps<typeof ShopTable>> = {}, language: Language = "en") {
  const handlers = { onSort: vi.fn(), onToggle: vi.fn(), onTogglePage: vi.fn() };
  render(
    <MemoryRouter>
      <I18nProvider initialLanguage={language} catalogues={shopRoute.i18n}>
        <ShopTable
          rows={[row(1, { hasProposal: true, score: 91, grade: "A" }), row(2, { priceMinor: 1550, currency: "GBP", photoCount: 2, tagCount: 7, score: 38, grade: "F" })]}
          sort="score"
          order="asc"
          selected={new Set(["l2"])}
          {...handlers}
          {...props}
        />
      </I18nProvider>
    </MemoryRouter>,
  );
  return handlers;
}

describe("the shop table", () => {
  it("shows each listing's price, photos, tags, score with grade, and 'Proposal ready' only where one waits", () => {
    table();
    const rows = screen.getAllByTestId("shop-row");
    expect(within(rows[0]).getByTestId("row-price").textContent).toBe("$24.00");
    expect(within(rows[1]).getByTestId("row-price").textContent).toBe("£15.50");
    expect(within(rows[1]).getByTestId("row-photos").textContent).toBe("2");
    expect(within(rows[1]).getByTestId("row-tags").textContent).toBe("7");
    expect(within(rows[0]).getByText("Score 91 of 100, grade A")).toBeTruthy();
    expect(within(rows[1]).getByTestId("grade-badge").getAttribute("data-grade")).toBe("F");
    expect(within(rows[0]).queryByTestId("proposal-badge")?.textContent).toBe("Proposal ready");
    expect(within(rows[1]).queryByTestId("proposal-badge")).toBeNull();
    expect(within(rows[0]).getByRole("link", { name: "Listing 1" }).getAttribute("href")).toBe("/shop/l1");
  });

  it("sorts by a header: the sorted column says its direction, a second press reverses it, another column starts ascending", () => {
    const { onSort } = table();
    const header = (name: string) => screen.getByTestId(`sort-${name}`).closest("th") as HTMLElement;
    expect(header("score").getAttribute("aria-sort")).toBe("ascending");
    expect(header("title").getAttribute("aria-sort")).toBe("none");
    fireEvent.click(screen.getByTestId("sort-score"));
    expect(onSort).toHaveBeenLastCalledWith("score", "desc");
    fireEvent.click(screen.getByTestId("sort-title"));
    expect(onSort).toHaveBeenLastCalledWith("title", "asc");
    fireEvent.click(screen.getByTestId("sort-updated"));
    expect(onSort).toHaveBeenLastCalledWith("updated", "asc");
  });

  it("selects rows one by one or the whole page, and shows a partly selected page as mixed", () => {
    const { onToggle, onTogglePage } = table();
    const page = screen.getByRole("checkbox", { name: "Select all on this page" });
    expect(page.getAttribute("aria-checked")).toBe("mixed");
    fireEvent.click(screen.getByRole("checkbox", { name: "Select Listing 1" }));
    expect(onToggle).toHaveBeenCalledWith("l1", true);
    fireEvent.click(screen.getByRole("checkbox", { name: "Select Listing 2" }));
    expect(onToggle).toHaveBeenCalledWith("l2", false);
    fireEvent.click(page);
    expect(onTogglePage).toHaveBeenCalledWith(true);
  });

  it("becomes cards on a phone, with the same facts and checkboxes", () => {
    table({ layout: "cards" }, "tr");
    expect(screen.queryByTestId("shop-table")).toBeNull();
    const cards = screen.getAllByTestId("shop-row");
    expect(cards).toHaveLength(2);
    expect(within(cards[1]).getByText("2 fotoğraf")).toBeTruthy();
    expect(within(cards[1]).getByText("7 etiket")).toBeTruthy();
    expect(within(cards[0]).getByText("Öneri hazır")).toBeTruthy();
    expect(within(cards[0]).getByRole("checkbox", { name: "Listing 1 ilanını seç" })).toBeTruthy();
  });
});

/** The API at the network edge: each call is recorded and answered like the Worker would. */
function serve(routes: (url: URL, init?: RequestInit) => unknown) {
  const calls: URL[] = [];
  vi.stubGlobal(
    "fetch",
    vi.fn(async (input: string, init?: RequestInit) => {
      const url = new URL(input, "http://localhost");
      calls.push(url);
      const answer = routes(url, init);
      if (answer instanceof Response) return answer;
      if (answer === undefined) return new Response(JSON.stringify({ success: false, message: "Not found" }), { status: 404 });
      return new Response(JSON.stringify({ success: true, data: answer }), { status: 200, headers: { "Content-Type": "application/json" } });
    }),
  );
  return calls;
}

/** The screen as the router runs it: its clientLoader reads the address, its HydrateFallback shows meanwhile. */
function screenAt(path = "/shop") {
  const Stub = createRoutesStub([
    { path: "/shop", Component: MyShop as unknown as React.ComponentType, HydrateFallback, loader: (args) => clientLoader(args as unknown as Parameters<typeof clientLoader>[0]) },
  ]);
  render(
    <I18nProvider initialLanguage="en" catalogues={shopRoute.i18n}>
      <Stub initialEntries={[path]} />
      <Toaster />
    </I18nProvider>,
  );
}

const page = (rows: ShopListingRow[], total = rows.length, n = 1) => ({ listings: rows, total, page: n, pageSize: 50 });

describe("My Shop's states", () => {
  beforeEach(() => {
    localStorage.setItem("token", "eyJ.test.token");
  });

  it("shows skeletons while the shop loads", async () => {
    let release: () => void = () => {};
    const gate = new Promise<void>((resolve) => (release = resolve));
    vi.stubGlobal(
      "fetch",
      vi.fn(async () => {
        await gate;
        return new Response(JSON.stringify({ success: true, data: { ...SUMMARY, listings: 0 } }), { status: 200 });
      }),
    );
    screenAt();
    expect(screen.getByTestId("shop-summary-skeleton")).toBeTruthy();
    expect(screen.getByTestId("shop-table-skeleton")).toBeTruthy();
    await act(async () => release());
    await screen.findByTestId("shop-empty");
  });

  it("before any import, says what to do: Etsy's download steps and the drop zone, and asks for no listings", async () => {
    const calls = serve((url) => (url.pathname === "/api/shop/summary" ? { listings: 0, averageScore: 0, grades: { A: 0, B: 0, C: 0, D: 0, F: 0 }, topIssues: [] } : undefined));
    screenAt();
    const empty = await screen.findByTestId("shop-empty");
    expect(within(empty).getByText("Bring in your Etsy shop")).toBeTruthy();
    const steps = within(empty).getByTestId("etsy-steps");
    expect(
      within(steps)
        .getAllByRole("listitem")
        .map((li) => li.textContent),
    ).toEqual([
      expect.stringContaining("Shop Manager"),
      expect.stringContaining("Settings, then Options"),
      expect.stringContaining("Download Data"),
      expect.stringContaining("Download CSV"),
      expect.stringContaining("EtsyListingsDownload.csv"),
    ]);
    expect(within(empty).getByTestId("shop-import")).toBeTruthy();
    expect(calls.map((u) => u.pathname)).not.toContain("/api/shop/listings");
  });

  it("refuses a file that is not a .csv, or larger than 20 MB, without sending it", async () => {
    const calls = serve((url) => (url.pathname === "/api/shop/summary" ? { ...SUMMARY, listings: 0 } : undefined));
    screenAt();
    await screen.findByTestId("shop-empty");
    const input = screen.getByTestId("shop-import-input") as HTMLInputElement;
    fireEvent.change(input, { target: { files: [new File(["x"], "listings.xlsx")] } });
    expect((await screen.findByTestId("import-invalid")).textContent).toContain("That is not a .csv file");
    const big = new File(["x"], "EtsyListingsDownload.csv");
    Object.defineProperty(big, "size", { value: 20 * 1024 * 1024 + 1 });
    fireEvent.change(input, { target: { files: [big] } });
    await waitFor(() => expect(screen.getByTestId("import-invalid").textContent).toContain("larger than 20 MB"));
    expect(calls.filter((u) => u.pathname === "/api/shop/import")).toHaveLength(0);
  });

  it("with listings, shows the summary, the top issues and the table, and sends the sort and filter of the address", async () => {
    const calls = serve((url) => {
      if (url.pathname === "/api/shop/summary") return SUMMARY;
      if (url.pathname === "/api/shop/jobs") return { jobs: [] };
      if (url.pathname === "/api/shop/listings") return page([row(1), row(2, { hasProposal: true })]);
      return undefined;
    });
    screenAt("/shop?issue=altTexts.missing&sort=title&order=desc");
    await screen.findByTestId("shop-table");
    expect(screen.getByTestId("summary-listings").textContent).toBe("3");
    expect(screen.getAllByTestId("shop-row")).toHaveLength(2);
    expect(screen.getByTestId("active-filter").textContent).toContain("Photos without alt text");
    const list = calls.find((u) => u.pathname === "/api/shop/listings")!;
    expect(Object.fromEntries(list.searchParams)).toEqual({ sort: "title", order: "desc", page: "1", issue: "altTexts.missing" });
    expect(screen.getByTestId("shop-count").textContent).toBe("1–2 of 2");
  });

  it("says when nothing matches the search and offers to clear it", async () => {
    serve((url) => {
      if (url.pathname === "/api/shop/summary") return SUMMARY;
      if (url.pathname === "/api/shop/jobs") return { jobs: [] };
      if (url.pathname === "/api/shop/listings") return page([], 0);
      return undefined;
    });
    screenAt("/shop?q=zebra");
    const none = await screen.findByTestId("shop-no-matches");
    expect(within(none).getByText("No listing matches “zebra”")).toBeTruthy();
    expect(within(none).getByRole("button", { name: "Clear search and filters" })).toBeTruthy();
  });

  it("says how to recover when the shop cannot be read", async () => {
    serve(() => new Response(JSON.stringify({ success: false, code: "unavailable", message: "Database unavailable" }), { status: 503 }));
    screenAt();
    const error = await screen.findByTestId("shop-error");
    expect(error.textContent).toContain("Could not load your shop");
    // The code's catalogue text, in the seller's language, rather than the server's English.
    expect(error.textContent).toContain("The service is not available right now. Please try again in a few minutes.");
    expect(within(error).getByRole("button", { name: "Try Again" })).toBeTruthy();
  });

  it("'Select all with grade C or worse' pages through every C, D and F listing and selects them all", async () => {
    const weak = Array.from({ length: 120 }, (_, i) => row(i + 1, { grade: i % 2 ? "D" : "F", score: 30 }));
    const calls = serve((url) => {
      if (url.pathname === "/api/shop/summary") return { ...SUMMARY, listings: 130, grades: { A: 10, B: 0, C: 0, D: 60, F: 60 } };
      if (url.pathname === "/api/shop/jobs") return { jobs: [] };
      if (url.pathname === "/api/shop/listings") {
        const n = Number(url.searchParams.get("page"));
        return url.searchParams.get("grade") === "C,D,F" ? page(weak.slice((n - 1) * 50, n * 50), 120, n) : page(weak.slice(0, 50), 130);
      }
      return undefined;
    });
    screenAt();
    fireEvent.click(await screen.findByTestId("select-weak", undefined, { timeout: 5000 }));
    await waitFor(() => expect(screen.getByTestId("selected-count").textContent).toBe("120 selected"));
    const asked = calls.filter((u) => u.pathname === "/api/shop/listings" && u.searchParams.get("grade") === "C,D,F").map((u) => u.searchParams.get("page"));
    expect(asked).toEqual(["1", "2", "3"]);
    expect(screen.getByTestId("optimize").textContent).toBe("Optimize 120");
  });

  it("after a reload, finds the running optimize job and follows it until it completes", async () => {
    let polls = 0;
    serve((url) => {
      // The proposals waiting are the server's count, read again as the job moves.
      if (url.pathname === "/api/shop/summary") return { ...SUMMARY, pendingProposals: Math.min(3, Math.max(1, polls)) };
      if (url.pathname === "/api/shop/listings") return page([row(1)]);
      if (url.pathname === "/api/shop/jobs")
        return {
          jobs: [
            { id: "job-old", status: "completed", total: 1, done: 1, failed: 0, stopReason: null, items: [], createdAt: "2026-11-20T10:00:00Z" },
            { id: "job-1", status: "running", total: 3, done: 1, failed: 0, stopReason: null, items: [], createdAt: "2026-11-25T10:00:00Z" },
          ],
        };
      if (url.pathname === "/api/shop/jobs/job-1") {
        polls++;
        const done = Math.min(3, polls);
        return { id: "job-1", status: done === 3 ? "completed" : "running", total: 3, done, failed: 0, stopReason: null, items: [], createdAt: "2026-11-25T10:00:00Z" };
      }
      return undefined;
    });
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      screenAt();
      const progress = await screen.findByTestId("optimize-progress");
      expect(within(progress).getByTestId("job-count").textContent).toBe("1/3 listings done");
      // One poll every 1.5 s moves the bar, until the job completes.
      await act(() => vi.advanceTimersByTimeAsync(1500));
      await waitFor(() => expect(screen.getByTestId("job-count").textContent).toBe("2/3 listings done"));
      await act(() => vi.advanceTimersByTimeAsync(1500));
      await waitFor(() => expect(screen.getByTestId("optimize-progress").getAttribute("data-status")).toBe("completed"));
      expect(screen.getByTestId("job-count").textContent).toBe("3/3 listings done");
      await waitFor(() => expect(within(screen.getByTestId("optimize-progress")).getByRole("link", { name: "Review 3 proposals" }).getAttribute("href")).toBe("/shop/review"));
      // The header counts the same proposals.
      expect(screen.getByTestId("open-review").textContent).toBe("Review 3 proposals");
      // Completed: no more polls.
      await act(() => vi.advanceTimersByTimeAsync(6000));
      expect(polls).toBe(3);
    } finally {
      vi.useRealTimers();
    }
  });

  it("shows why a job stopped early", async () => {
    serve((url) => {
      if (url.pathname === "/api/shop/summary") return SUMMARY;
      if (url.pathname === "/api/shop/listings") return page([row(1)]);
      if (url.pathname === "/api/shop/jobs") return { jobs: [{ id: "job-2", status: "running", total: 3, done: 1, failed: 0, stopReason: null, items: [], createdAt: "2026-11-25T10:00:00Z" }] };
      if (url.pathname === "/api/shop/jobs/job-2")
        return { id: "job-2", status: "stopped", total: 3, done: 1, failed: 0, stopReason: "Your daily quota of 10 listings is used up.", items: [], createdAt: "2026-11-25T10:00:00Z" };
      return undefined;
    });
    screenAt();
    const reason = await screen.findByTestId("job-stop-reason");
    expect(reason.textContent).toContain("Your daily quota of 10 listings is used up.");
  });
});
