/**
 * My Listings' card (decision 0060): what a seller and a screen reader get from it, and its plain links,
 * which the list follows in the browser as router links would.
 */
import { cleanup, fireEvent, render, screen, within } from "@testing-library/react";
import { RouterProvider, createMemoryRouter, useLocation } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { Language } from "../../schema/api";
import { ListingCardIcons, ListingCards, type ListingCardData } from "~/components/listings/listing-card";
import { I18nProvider } from "~/lib/i18n";
import { handle as listingsRoute } from "~/routes/listings";

afterEach(cleanup);

const NOW = Date.parse("2026-11-27T12:00:00.000Z");
const CARD: ListingCardData = {
  id: "l1",
  title: "Chunky Merino Wool Beanie, Hand-Knit Winter Hat",
  description: "A soft, chunky beanie hand-knit from merino wool.",
  tags: ["merino beanie", "chunky knit hat", "winter hat women"],
  moreTags: 4,
  createdAt: NOW - 3 * 24 * 3600 * 1000,
  score: 72,
  grade: "C",
};

function Where() {
  return <p data-testid="where">{useLocation().pathname}</p>;
}

/** The cards as My Listings shows them: the sprite once, the list following its links, a detail route to land on. */
function show(cards: ListingCardData[], { language = "en" as Language, onDelete = vi.fn() } = {}) {
  function List() {
    return (
      <I18nProvider initialLanguage={language} catalogues={listingsRoute.i18n}>
        <ListingCardIcons />
        <ListingCards cards={cards} now={NOW} onDelete={onDelete} navigate={(to) => void router.navigate(to)} />
        <Where />
      </I18nProvider>
    );
  }
  const router = createMemoryRouter([
    { path: "/listings", element: <List /> },
    { path: "/listings/:id", element: <Where /> },
  ]);
  router.navigate("/listings");
  render(<RouterProvider router={router} />);
  return { onDelete };
}

describe("a card of My Listings", () => {
  it("shows the title as a link to the listing, the description, three tags with the count of the rest and how long ago it was made", () => {
    show([CARD]);
    const card = within(screen.getByTestId("listing-card"));
    expect(card.getByRole("link", { name: CARD.title }).getAttribute("href")).toBe("/listings/l1");
    expect(card.getByTestId("listing-card-description").textContent).toBe(CARD.description);
    expect(card.getByRole("list", { name: "Tags" }).textContent).toBe("merino beaniechunky knit hatwinter hat women+4 more");
    expect(card.getByText("3 days ago").getAttribute("dateTime")).toBe("2026-11-24T12:00:00.000Z");
  });

  it("names its score ring, its delete button and its View Details link for a screen reader", () => {
    show([CARD]);
    const card = within(screen.getByTestId("listing-card"));
    const ring = card.getByRole("img", { name: "Listing score 72 of 100, grade C" });
    expect(ring.dataset).toMatchObject({ testid: "score-ring", score: "72", grade: "C" });
    expect(card.getByRole("button", { name: `Delete ${CARD.title}` }).getAttribute("aria-haspopup")).toBe("dialog");
    expect(card.getByRole("link", { name: `View Details: ${CARD.title}` }).getAttribute("href")).toBe("/listings/l1");
  });

  it("draws its icons and ring from the page's one sprite", () => {
    show([CARD, { ...CARD, id: "l2" }]);
    expect(document.querySelectorAll("symbol")).toHaveLength(4);
    for (const card of screen.getAllByTestId("listing-card")) {
      const uses = [...card.querySelectorAll("use")].map((use) => use.getAttribute("href"));
      expect(uses).toEqual(["#lc-ring", "#lc-trash", "#lc-clock", "#lc-arrow"]);
      expect(card.querySelector("use")?.getAttribute("stroke-dashoffset")).toBe("28");
    }
  });

  it("shows no ring for a listing without a score, no tag list without tags, and 'Untitled listing' without a title", () => {
    show([{ ...CARD, title: "  ", tags: [], moreTags: 0, score: null, grade: null }]);
    const card = within(screen.getByTestId("listing-card"));
    expect(card.queryByTestId("score-ring")).toBeNull();
    expect(card.queryByRole("list")).toBeNull();
    expect(card.getByRole("button", { name: "Delete Untitled listing" })).toBeTruthy();
  });

  it("asks the list's confirmation for its own listing when its delete button is pressed", () => {
    const { onDelete } = show([CARD, { ...CARD, id: "l2", title: "Soy candle" }]);
    fireEvent.click(screen.getByRole("button", { name: "Delete Soy candle" }));
    expect(onDelete).toHaveBeenCalledTimes(1);
    expect(onDelete.mock.calls[0].slice(0, 2)).toEqual(["l2", "Soy candle"]);
    expect(onDelete.mock.calls[0][2]).toBe(screen.getByRole("button", { name: "Delete Soy candle" }));
  });

  it("opens the listing in the page when its title or View Details is clicked", async () => {
    show([CARD]);
    fireEvent.click(screen.getByRole("link", { name: /^View Details/ }));
    expect((await screen.findByTestId("where")).textContent).toBe("/listings/l1");
  });

  it("leaves a click with a modifier key or another button to the browser (a new tab or window)", () => {
    show([CARD]);
    const link = screen.getByRole("link", { name: CARD.title });
    for (const click of [{ ctrlKey: true }, { metaKey: true }, { shiftKey: true }, { button: 1 }]) {
      const event = new MouseEvent("click", { bubbles: true, cancelable: true, ...click });
      link.dispatchEvent(event);
      expect(event.defaultPrevented).toBe(false);
    }
    expect(screen.getByTestId("where").textContent).toBe("/listings");
  });

  it("shows a seller's markup characters as text: a title or tag never becomes HTML, a quote never ends an attribute", () => {
    const title = `Mug "Best" <img src=x onerror="alert(1)"> & 'tea'`;
    show([{ ...CARD, title, description: "<script>alert(1)</script> 5 > 3", tags: ["<b>bold</b>", 'say "hi"'], moreTags: 0 }]);
    const card = screen.getByTestId("listing-card");
    expect(card.querySelector("img, script, b")).toBeNull();
    expect(within(card).getByRole("link", { name: title }).textContent).toBe(title);
    expect(within(card).getByRole("button", { name: `Delete ${title}` })).toBeTruthy();
    expect(within(card).getByRole("link", { name: `View Details: ${title}` })).toBeTruthy();
    expect(within(card).getByTestId("listing-card-description").textContent).toBe("<script>alert(1)</script> 5 > 3");
    expect(within(card).getByRole("list", { name: "Tags" }).textContent).toBe('<b>bold</b>say "hi"');
  });

  it("reads in Turkish", () => {
    show([CARD], { language: "tr" });
    const card = within(screen.getByTestId("listing-card"));
    expect(card.getByRole("link", { name: `Ayrıntıları Gör: ${CARD.title}` })).toBeTruthy();
    expect(card.getByText("+4 daha")).toBeTruthy();
  });
});
