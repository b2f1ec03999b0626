import { cleanup, render, screen, within } from "@testing-library/react";
import { RouterProvider, createMemoryRouter } from "react-router";
import { afterEach, describe, expect, it } from "vitest";
import type { ListingDetail, ListingVersionInfo } from "../../schema/api/listings";
import type { EffectSide, ListingSales, VersionEffect } from "../../schema/api/shop-sales";
import type { Language } from "../../schema/api";
import { ListingHistory } from "~/components/listings/listing-history";
import { I18nProvider } from "~/lib/i18n";
import { handle as detailRoute } from "~/routes/listing-detail";

afterEach(cleanup);

const LISTING = { id: "l1", title: "Crochet bunny pattern, amigurumi rabbit PDF", version: 3, source: "shop", platform: "etsy" } as ListingDetail;

const version = (n: number, reason: string, title: string): ListingVersionInfo => ({
  id: `v${n}`,
  version: n,
  reason,
  createdAt: `2026-0${n + 5}-01T10:00:00.000Z`,
  snapshot: { title, description: "", tags: [], altTexts: [], originalPrompt: "" },
});
const VERSIONS = [version(3, "edit", LISTING.title), version(2, "accept", "Crochet bunny pattern"), version(1, "import", "Bunny pattern")];

const side = (from: string, to: string, days: number, orders: number, units: number, minor: number): EffectSide => ({
  from,
  to,
  days,
  orders,
  units,
  revenue: minor ? [{ currency: "USD", minor }] : [],
});
const effect = (v: number, before: EffectSide, after: EffectSide, verdict: VersionEffect["verdict"], reasonTooEarly: VersionEffect["reasonTooEarly"] = null): VersionEffect => ({
  listingId: "l1",
  title: "x",
  version: v,
  reason: v === 3 ? "edit" : "accept",
  changedAt: VERSIONS.find((x) => x.version === v)!.createdAt,
  before,
  after,
  verdict,
  reasonTooEarly,
});

const SALES: ListingSales = {
  periods: [
    { days: 30, units: 2, orders: 2, revenue: [{ currency: "USD", minor: 900 }] },
    { days: null, units: 19, orders: 17, revenue: [{ currency: "USD", minor: 8550 }] },
  ],
  lastSale: "2026-08-20",
  effects: [
    // The newest change: only 9 days of sales after it.
    effect(3, side("2026-07-23", "2026-08-01", 9, 3, 3, 1350), side("2026-08-02", "2026-08-11", 9, 2, 2, 900), "too-early", "days"),
    // The accepted proposal: 30 days each side, 4 orders before and 11 after.
    effect(2, side("2026-06-01", "2026-07-01", 30, 4, 5, 2250), side("2026-07-02", "2026-08-01", 30, 11, 12, 5400), "more"),
  ],
};

/** In a data router, as on the listing screen (a restore is the listing route's action, sent with a fetcher). */
function show(sales: ListingSales | null | undefined, language: Language = "en") {
  const element = (
    <I18nProvider initialLanguage={language} catalogues={detailRoute.i18n}>
      <ListingHistory listing={LISTING} versions={VERSIONS} onRestored={() => {}} onConflict={() => {}} sales={sales} />
    </I18nProvider>
  );
  return render(<RouterProvider router={createMemoryRouter([{ path: "/", element }])} />);
}

const row = (n: number) => screen.getAllByTestId("history-version")[VERSIONS.findIndex((v) => v.version === n)];

describe("the listing's history with its sales", () => {
  it("shows next to the version an accepted proposal made the orders, units, days and revenue before and after it, and what they show", () => {
    show(SALES);
    const accepted = within(row(2));
    expect(accepted.getByTestId("effect-before").textContent).toContain("4 orders, 5 sold in 30 days");
    expect(accepted.getByTestId("effect-before").textContent).toContain("$22.50");
    expect(accepted.getByTestId("effect-after").textContent).toContain("11 orders, 12 sold in 30 days");
    expect(accepted.getByTestId("effect-after").textContent).toContain("$54.00");
    expect(accepted.getByTestId("effect-verdict").textContent).toBe("More orders after the change");
  });

  it("says it is too early to tell for a change with fewer than 14 days of sales after it", () => {
    show(SALES);
    expect(within(row(3)).getByTestId("effect-verdict").textContent).toBe("Too early to tell: 9 days of sales after the change (14 needed)");
    expect(screen.getByTestId("history-sales-rule").textContent).toContain("fewer than 14 days on either side or fewer than 5 orders");
  });

  it("shows no before/after on the imported version, which changed nothing", () => {
    show(SALES);
    expect(within(row(1)).queryByTestId("history-version-sales")).toBeNull();
    expect(screen.getAllByTestId("history-version-sales")).toHaveLength(2);
  });

  it("shows the same figures in Turkish", () => {
    show(SALES, "tr");
    const accepted = within(row(2));
    expect(accepted.getByTestId("effect-after").textContent).toContain("30 günde 11 sipariş, 12 satıldı");
    expect(accepted.getByTestId("effect-verdict").textContent).toBe("Değişiklikten sonra daha çok sipariş");
    expect(within(row(3)).getByTestId("effect-verdict").textContent).toContain("Söylemek için erken");
  });

  it("for a shop listing with no sales imported says where sales come from, linking to My Shop, and shows no before/after", () => {
    show({
      periods: [{ days: null, units: 0, orders: 0, revenue: [] }],
      lastSale: null,
      effects: [effect(2, side("2026-07-01", "2026-07-01", 0, 0, 0, 0), side("2026-07-02", "2026-07-02", 0, 0, 0, 0), "too-early", "days")],
    });
    expect(screen.queryByTestId("history-version-sales")).toBeNull();
    const note = screen.getByTestId("history-sales-none");
    expect(note.textContent).toContain("Import Etsy's sold order items file in My Shop");
    expect(within(note).getByRole("link", { name: "Open My Shop" }).getAttribute("href")).toBe("/shop");
  });

  it("adds nothing for a listing that is not from the shop", () => {
    show(undefined);
    expect(screen.queryByTestId("history-version-sales")).toBeNull();
    expect(screen.queryByTestId("history-sales-none")).toBeNull();
    expect(screen.getAllByTestId("history-version")).toHaveLength(3);
  });
});
