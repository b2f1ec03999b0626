import { cleanup, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { createRoutesStub, Outlet } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { ShopListingRow, ShopSummary } from "../../schema/api/shop";
import { Toaster } from "~/components/ui/toaster";
import { I18nProvider } from "~/lib/i18n";
import * as shopModule from "~/routes/shop";
import MyShop, { handle as shopRoute } from "~/routes/shop";
import { serverRoute } from "./server-route";

function row(id: number): ShopListingRow {
  return {
    id: `l${id}`,
    title: `Listing ${id}`,
    sku: `SKU-${id}`,
    priceMinor: 2400,
    currency: "USD",
    quantity: 3,
    photoCount: 5,
    tagCount: 13,
    score: 40,
    grade: "D",
    updatedAt: "2026-11-20T10:00:00.000Z",
    hasProposal: id === 1,
    units: 0,
    orders: 0,
    revenue: [],
    lastSale: null,
  };
}

const WEAK = Array.from({ length: 24 }, (_, i) => row(i + 1));
const SUMMARY: ShopSummary = { listings: 24, averageScore: 40, grades: { A: 0, B: 0, C: 0, D: 24, F: 0 }, topIssues: [], pendingProposals: 1 };

function serve() {
  const calls: { url: URL; body: unknown }[] = [];
  vi.stubGlobal(
    "fetch",
    vi.fn(async (input: string, init?: RequestInit) => {
      const url = new URL(input, "http://localhost");
      calls.push({ url, body: init?.body ? JSON.parse(String(init.body)) : undefined });
      const data =
        url.pathname === "/api/shop/summary"
          ? SUMMARY
          : url.pathname === "/api/shop/listings"
            ? { listings: WEAK, total: 24, page: 1, pageSize: 50, mainCurrency: null }
            : url.pathname === "/api/shop/jobs"
              ? { jobs: [] }
              : url.pathname === "/api/shop/optimize"
                ? { jobId: "job-1", total: 10 }
                : undefined;
      if (data === undefined) return new Response(JSON.stringify({ success: false, message: "Not found" }), { status: 404 });
      return new Response(JSON.stringify({ success: true, data }), { status: url.pathname === "/api/shop/optimize" ? 202 : 200, headers: { "Content-Type": "application/json" } });
    }),
  );
  return calls;
}

/** My Shop inside a layout whose account data says how many listing units are left today. */
function screenWithUnits(remaining: number, plan = "free") {
  const quota = { data: { used: 24 - remaining, limit: 24, plan, remaining } };
  const Stub = createRoutesStub([
    {
      id: "routes/app-layout",
      path: "/",
      Component: () => <Outlet />,
      loader: () => ({ account: { quotas: { "create-listing": quota } } }),
      children: [{ path: "shop", Component: MyShop as unknown as React.ComponentType, ...serverRoute(shopModule) }],
    },
  ]);
  render(
    <I18nProvider initialLanguage="en" catalogues={shopRoute.i18n}>
      <Stub initialEntries={["/shop"]} />
      <Toaster />
    </I18nProvider>,
  );
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  localStorage.clear();
});

describe("My Shop's listing units", () => {
  it("optimizes only as many listings as units are left, says so before it starts, and keeps the rest selected", { timeout: 30_000 }, async () => {
    const calls = serve();
    screenWithUnits(10);
    fireEvent.click(await screen.findByTestId("select-weak", undefined, { timeout: 5000 }));
    await waitFor(() => expect(screen.getByTestId("selected-count").textContent).toBe("24 selected"));
    expect(screen.getByTestId("optimize-quota").textContent).toContain("You have 10 listing units left today: 10 of 24 listings will be optimized.");
    expect(screen.getByTestId("optimize").textContent).toBe("Optimize 10");
    expect(screen.getByTestId("optimize-see-plans").getAttribute("href")).toBe("/profile#plans");
    fireEvent.click(screen.getByTestId("optimize"));
    await waitFor(() => expect(calls.some((c) => c.url.pathname === "/api/shop/optimize")).toBe(true));
    const sent = calls.find((c) => c.url.pathname === "/api/shop/optimize")!.body as { ids: string[] };
    expect(sent.ids).toHaveLength(10);
    await waitFor(() => expect(screen.getByTestId("selected-count").textContent).toBe("14 selected"));
  });

  it("is disabled with no units left and says when they reset, and counts the proposals waiting", { timeout: 30_000 }, async () => {
    serve();
    screenWithUnits(0);
    expect((await screen.findByTestId("open-review", undefined, { timeout: 5000 })).textContent).toBe("Review 1 proposal");
    fireEvent.click(await screen.findByTestId("select-weak"));
    await waitFor(() => expect(screen.getByTestId("selected-count").textContent).toBe("24 selected"));
    expect(screen.getByTestId("optimize").hasAttribute("disabled")).toBe(true);
    expect(screen.getByTestId("optimize-quota").textContent).toMatch(/You have no listing units left today, so none of the 24 listings can be optimized\. Your units reset at .+ \(midnight UTC\)\./);
  });
});
