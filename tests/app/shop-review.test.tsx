import { cleanup, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { createRoutesStub } from "react-router";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { ShopListingDetail, ShopListingRow, ShopProposal } from "../../schema/api/shop";
import { auditListing } from "../../shared/audit";
import { jobToResume } from "~/components/shop/use-optimize-job";
import { Toaster } from "~/components/ui/toaster";
import { fetchPendingProposals } from "~/lib/api/shop";
import { I18nProvider } from "~/lib/i18n";
import ShopReview, { HydrateFallback, clientLoader, handle as shopReviewRoute } from "~/routes/shop-review";

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  localStorage.clear();
});

function detail(n: number, over: { title?: string; tags?: string[]; description?: string } = {}): ShopListingDetail {
  const title = over.title ?? `Moon necklace ${n}`;
  const tags = over.tags ?? ["necklace", "moon"];
  const description = over.description ?? "A necklace.\nSilver.";
  const audit = auditListing({ platform: "etsy", title, description, tags, photoCount: 2 });
  const proposal: ShopProposal = {
    id: `p${n}`,
    listingId: `l${n}`,
    jobId: "job-1",
    status: "pending",
    baseVersion: 1,
    title: `Moon Necklace in Sterling Silver ${n}, Crescent Pendant Gift`,
    description: "A crescent moon necklace.\nSterling silver, 18 inch chain.",
    tags: ["necklace", "moon necklace", "crescent pendant"],
    altTexts: [],
    scoreBefore: 41,
    scoreAfter: 88,
    gradeBefore: "F",
    gradeAfter: "B",
    provider: "offline-composer",
    createdAt: "2026-11-25T09:00:00Z",
  };
  return {
    listing: {
      audit,
      bullets: [],
      search_terms: "",
      item_specifics: [],
      id: `l${n}`,
      title,
      description,
      created_at: "2026-11-25T08:00:00Z",
      updated_at: "2026-11-25T08:00:00Z",
      tags,
      alt_texts: [],
      original_prompt: "",
      rule_report: null,
      platform: "etsy",
      provider: "import",
      source: "shop",
      version: 1,
      sku: `SKU-${n}`,
      priceMinor: 2400,
      currency: "USD",
      quantity: 1,
      materials: ["sterling silver"],
      imageUrls: [],
      variations: [],
      photoCount: 2,
      shopTitle: title,
    },
    audit,
    proposal,
  };
}

function rowOf(d: ShopListingDetail): ShopListingRow {
  return {
    id: d.listing.id,
    title: d.listing.title,
    sku: d.listing.sku,
    priceMinor: 2400,
    currency: "USD",
    quantity: 1,
    photoCount: 2,
    tagCount: 2,
    score: 41,
    grade: "F",
    updatedAt: d.listing.updated_at,
    hasProposal: !!d.proposal,
    units: 0,
    orders: 0,
    revenue: [],
    lastSale: null,
  };
}

interface Call {
  method: string;
  url: URL;
  body: unknown;
  auth: string | null;
}

/** The shop API at the network edge, with proposals that accepting or rejecting clears. */
function serveShop(details: ShopListingDetail[], options: { conflictOn?: string } = {}) {
  const calls: Call[] = [];
  const byId = new Map(details.map((d) => [d.listing.id, d]));
  const json = (data: unknown, status = 200) =>
    new Response(JSON.stringify(status < 400 ? { success: true, data } : { success: false, ...(data as object) }), { status, headers: { "Content-Type": "application/json" } });
  vi.stubGlobal(
    "fetch",
    vi.fn(async (input: string, init: RequestInit = {}) => {
      const url = new URL(input, "http://localhost");
      const body = typeof init.body === "string" ? JSON.parse(init.body) : undefined;
      calls.push({ method: init.method ?? "GET", url, body, auth: new Headers(init.headers).get("Authorization") });
      const path = url.pathname;
      if (path === "/api/shop/listings") {
        const rows = [...byId.values()].map(rowOf);
        return json({ listings: rows, total: rows.length, page: 1, pageSize: 50 });
      }
      const one = /^\/api\/shop\/listings\/([^/]+)$/.exec(path);
      if (one) return byId.has(one[1]) ? json(byId.get(one[1])) : json({ message: "Listing not found" }, 404);
      const decide = /^\/api\/shop\/listings\/([^/]+)\/(accept|reject)$/.exec(path);
      if (decide) {
        const d = byId.get(decide[1]);
        if (decide[2] === "accept" && decide[1] === options.conflictOn) return json({ success: false, code: "version-conflict", message: "The listing changed since this proposal was made." }, 409);
        if (d) byId.set(decide[1], { ...d, proposal: null });
        return json({});
      }
      const bulk = /^\/api\/shop\/proposals\/(accept|reject)$/.exec(path);
      if (bulk) {
        const ids = (body as { ids: string[] }).ids;
        for (const id of ids) byId.set(id, { ...byId.get(id)!, proposal: null });
        return json(bulk[1] === "accept" ? { accepted: ids, conflicts: [], missing: [] } : { rejected: ids, missing: [] });
      }
      if (path === "/api/shop/export.csv")
        return new Response("\uFEFFSKU,Original title\r\nSKU-1,Moon\r\n", {
          status: 200,
          headers: { "Content-Type": "text/csv", "Content-Disposition": 'attachment; filename="listora-shop-export.csv"' },
        });
      return json({ message: "Not found" }, 404);
    }),
  );
  return { calls, byId };
}

/** The screen as the router runs it: its clientLoader reads the pending proposals, its HydrateFallback shows meanwhile. */
function showReview() {
  const Stub = createRoutesStub([{ path: "/shop/review", Component: ShopReview as unknown as React.ComponentType, HydrateFallback, loader: () => clientLoader() }]);
  render(
    <I18nProvider initialLanguage="en" catalogues={shopReviewRoute.i18n}>
      <Stub initialEntries={["/shop/review"]} />
      <Toaster />
    </I18nProvider>,
  );
}

describe("reviewing proposals", () => {
  beforeEach(() => localStorage.setItem("token", "eyJ.test.token"));

  it("shows each proposal beside the listing: title diff, tags added and removed, description diff and both grades", async () => {
    serveShop([detail(1)]);
    showReview();
    const card = await screen.findByTestId("review-card");
    expect(within(card).getByTestId("compare-scores").textContent).toContain("Score 41 of 100, grade F");
    expect(within(card).getByTestId("compare-scores").textContent).toContain("Score 88 of 100, grade B");
    expect([...within(card).getByTestId("diff-title-before").querySelectorAll("del")].map((d) => d.textContent)).toEqual(["Deleted: necklace 1"]);
    expect([...within(card).getByTestId("diff-title-after").querySelectorAll("ins")].map((d) => d.textContent)).toEqual(["Added: Necklace in Sterling Silver 1, Crescent Pendant Gift"]);
    const removed = [...card.querySelectorAll('[data-change="removed"]')].map((b) => b.textContent);
    const added = [...card.querySelectorAll('[data-change="added"]')].map((b) => b.textContent);
    expect(removed).toEqual(["Removed: moon"]);
    expect(added).toEqual(["Added: moon necklace", "Added: crescent pendant"]);
    const description = within(card).getByTestId("diff-description-after");
    expect(description.textContent).toContain("Sterling silver, 18 inch chain.");
    expect(description.querySelectorAll("ins").length).toBeGreaterThan(0);
  });

  it("accepts one and rejects another; the accepted one offers its title, tags and description to copy", async () => {
    const { calls } = serveShop([detail(1), detail(2)]);
    showReview();
    await waitFor(() => expect(screen.getAllByTestId("review-card")).toHaveLength(2));
    fireEvent.click(screen.getByRole("button", { name: "Accept the proposal for Moon necklace 1" }));
    const accepted = await screen.findByTestId("accepted-item");
    expect(accepted.getAttribute("data-id")).toBe("l1");
    expect(within(accepted).getByRole("button", { name: "Copy Title" })).toBeTruthy();
    expect(within(accepted).getByRole("button", { name: "Copy Tags" })).toBeTruthy();
    expect(within(accepted).getByRole("button", { name: "Copy Description" })).toBeTruthy();
    expect(within(accepted).getByText("necklace, moon necklace, crescent pendant")).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "Reject the proposal for Moon necklace 2" }));
    await screen.findByText("All proposals reviewed");
    expect(screen.getByText(/1 accepted, 1 rejected/)).toBeTruthy();
    expect(screen.getAllByTestId("accepted-item")).toHaveLength(1);
    const posts = calls.filter((c) => c.method === "POST").map((c) => c.url.pathname);
    expect(posts).toEqual(["/api/shop/listings/l1/accept", "/api/shop/listings/l2/reject"]);
  });

  it("on a version-conflict (409) says the listing changed since and reloads it on request", async () => {
    const { byId, calls } = serveShop([detail(1)], { conflictOn: "l1" });
    showReview();
    fireEvent.click(await screen.findByRole("button", { name: "Accept the proposal for Moon necklace 1" }));
    const conflict = await screen.findByTestId("proposal-conflict");
    expect(conflict.textContent).toContain("This listing changed after the proposal was written");
    expect((screen.getByTestId("proposal-accept") as HTMLButtonElement).disabled).toBe(true);
    // Meanwhile the proposal was superseded: after Reload the card goes.
    byId.set("l1", { ...byId.get("l1")!, proposal: null });
    fireEvent.click(within(conflict).getByRole("button", { name: "Reload" }));
    await screen.findByTestId("review-empty");
    expect(calls.filter((c) => c.url.pathname === "/api/shop/listings/l1").length).toBeGreaterThanOrEqual(2);
  });

  it("asks before Accept all, does nothing on Cancel, and accepts exactly the proposals shown on confirmation", async () => {
    const { calls } = serveShop([detail(1), detail(2), detail(3)]);
    showReview();
    await waitFor(() => expect(screen.getAllByTestId("review-card")).toHaveLength(3));
    fireEvent.click(screen.getByTestId("accept-all"));
    const dialog = await screen.findByRole("alertdialog");
    expect(within(dialog).getByText("Accept all 3 proposals?")).toBeTruthy();
    fireEvent.click(within(dialog).getByRole("button", { name: "Cancel" }));
    await waitFor(() => expect(screen.queryByRole("alertdialog")).toBeNull());
    expect(calls.some((c) => c.method === "POST")).toBe(false);

    fireEvent.click(screen.getByTestId("accept-all"));
    fireEvent.click(await screen.findByTestId("confirm-all-action"));
    await waitFor(() => expect(screen.getAllByTestId("accepted-item")).toHaveLength(3));
    const bulk = calls.find((c) => c.url.pathname === "/api/shop/proposals/accept")!;
    expect(bulk.body).toEqual({ ids: ["l1", "l2", "l3"] });
    expect(screen.queryAllByTestId("review-card")).toHaveLength(0);
  });

  it("downloads the export CSV through the signed-in client", async () => {
    const { calls } = serveShop([detail(1)]);
    const created: Blob[] = [];
    vi.stubGlobal("URL", Object.assign(URL, { createObjectURL: (blob: Blob) => (created.push(blob), "blob:export"), revokeObjectURL: () => {} }));
    showReview();
    fireEvent.click(await screen.findByRole("button", { name: "Accept the proposal for Moon necklace 1" }));
    await screen.findByTestId("accepted-item");
    fireEvent.click(within(screen.getByTestId("accepted-list")).getByTestId("shop-export"));
    await waitFor(() => expect(created).toHaveLength(1));
    const request = calls.find((c) => c.url.pathname === "/api/shop/export.csv")!;
    expect(request.auth).toBe("Bearer eyJ.test.token");
    expect(await created[0].text()).toContain("SKU-1,Moon");
  });

  it("says what to do when no proposal waits", async () => {
    serveShop([]);
    showReview();
    const empty = await screen.findByTestId("review-empty");
    expect(empty.textContent).toContain("No proposal is waiting");
    expect(within(empty).getByRole("link", { name: "Go to My Shop" }).getAttribute("href")).toBe("/shop");
  });
});

describe("reading the pending proposals", () => {
  it("reads every page of the shop and asks for the details of only the listings with a proposal", async () => {
    localStorage.setItem("token", "eyJ.test.token");
    const rows = Array.from({ length: 120 }, (_, i) => ({ ...rowOf(detail(i + 1)), hasProposal: i % 40 === 7 }));
    const asked: string[] = [];
    vi.stubGlobal(
      "fetch",
      vi.fn(async (input: string) => {
        const url = new URL(input, "http://localhost");
        asked.push(url.pathname + url.search);
        if (url.pathname === "/api/shop/listings") {
          const n = Number(url.searchParams.get("page"));
          return new Response(JSON.stringify({ success: true, data: { listings: rows.slice((n - 1) * 50, n * 50), total: 120, page: n, pageSize: 50 } }));
        }
        const id = url.pathname.split("/").pop()!;
        return new Response(JSON.stringify({ success: true, data: detail(Number(id.slice(1))) }));
      }),
    );
    const pending = await fetchPendingProposals();
    expect(pending.map((d) => d.listing.id)).toEqual(["l8", "l48", "l88"]);
    expect(
      asked
        .filter((a) => a.startsWith("/api/shop/listings?"))
        .map((a) => new URLSearchParams(a.split("?")[1]).get("page"))
        .sort(),
    ).toEqual(["1", "2", "3"]);
    expect(asked.filter((a) => /^\/api\/shop\/listings\/l\d+$/.test(a)).sort()).toEqual(["/api/shop/listings/l48", "/api/shop/listings/l8", "/api/shop/listings/l88"]);
  });
});

describe("the optimize job shown on arrival", () => {
  const job = (id: string, status: "queued" | "running" | "completed" | "stopped", createdAt: string) => ({ id, status, total: 3, done: 0, failed: 0, stopReason: null, createdAt });
  const now = Date.parse("2026-11-25T10:00:00Z");

  it("is a running job, else the newest finished lately and not hidden by the seller", () => {
    expect(jobToResume([job("a", "completed", "2026-11-25T09:59:00Z"), job("b", "running", "2026-11-25T08:00:00Z")], null, now)).toBe("b");
    expect(jobToResume([job("a", "stopped", "2026-11-25T09:30:00Z")], null, now)).toBe("a");
    expect(jobToResume([job("a", "completed", "2026-11-25T09:30:00Z")], "a", now)).toBeNull();
    expect(jobToResume([job("a", "completed", "2026-11-25T07:00:00Z")], null, now)).toBeNull();
    expect(jobToResume([], null, now)).toBeNull();
  });
});
