import { cleanup, fireEvent, render, screen } from "@testing-library/react";
import { createRoutesStub, data, useLoaderData } from "react-router";
import { afterEach, describe, expect, it } from "vitest";
import { RouteErrorBoundary } from "~/components/route-error-boundary";
import { ApiError } from "~/lib/api";
import { I18nProvider } from "~/lib/i18n";
import * as listingDetail from "~/routes/listing-detail";
import * as listings from "~/routes/listings";
import * as profile from "~/routes/profile";
import * as shop from "~/routes/shop";
import * as shopListing from "~/routes/shop-listing";
import * as shopReview from "~/routes/shop-review";

afterEach(cleanup);

function Record() {
  return <h1>{useLoaderData<{ title: string }>().title}</h1>;
}

/** A record route at `path` whose loader throws what `fail` gives (a route's `throw data(…, { status })`). */
function show(path: string, fail: () => unknown, language: "en" | "tr" = "en") {
  const pattern = path.replace(/\/[^/]+$/, "/:id");
  const Stub = createRoutesStub([
    {
      path: pattern,
      Component: Record,
      ErrorBoundary: RouteErrorBoundary,
      HydrateFallback: () => null,
      loader: () => {
        throw fail();
      },
    },
  ]);
  return render(
    <I18nProvider initialLanguage={language} catalogues={[]}>
      <Stub initialEntries={[path]} />
    </I18nProvider>,
  );
}

describe("the route error boundary", () => {
  it("tells a seller a listing that is not theirs (404) was not found, with a way back to My Listings", async () => {
    show("/listings/abc", () => data("Listing not found", { status: 404 }));
    expect(await screen.findByRole("heading", { name: "We could not find that" })).toBeTruthy();
    expect(screen.getByText("Error 404")).toBeTruthy();
    expect(screen.getByText(/It may have been deleted, or the link is wrong/)).toBeTruthy();
    expect(screen.getByRole("link", { name: "Back to My Listings" }).getAttribute("href")).toBe("/listings");
  });

  it("sends a shop listing's 403 back to My Shop, in Turkish too", async () => {
    show("/shop/abc", () => data(null, { status: 403 }), "tr");
    expect(await screen.findByRole("heading", { name: "Bunu açamazsınız" })).toBeTruthy();
    expect(screen.getByRole("link", { name: "Mağazam sayfasına dön" }).getAttribute("href")).toBe("/shop");
  });

  it("asks for a new sign-in on a 401 and comes back to the same page after it", async () => {
    show("/listings/abc", () => data("Invalid authentication token", { status: 401 }));
    expect(await screen.findByRole("heading", { name: "Please sign in again" })).toBeTruthy();
    expect(screen.getByRole("link", { name: "Sign in" }).getAttribute("href")).toBe(`/login?redirectTo=${encodeURIComponent("/listings/abc")}`);
  });

  it("reads an ApiError a loader let through by its code (not-found is the 404 screen)", async () => {
    show("/listings/abc", () => new ApiError("Listing not found", 404, { success: false, code: "not-found", message: "Listing not found" }));
    expect(await screen.findByRole("heading", { name: "We could not find that" })).toBeTruthy();
  });

  it("shows a 500 as our fault, and 'Try again' loads the page once the server answers", async () => {
    let failing = true;
    const Stub = createRoutesStub([
      {
        path: "/listings/:id",
        Component: Record,
        ErrorBoundary: RouteErrorBoundary,
        HydrateFallback: () => null,
        loader: () => {
          if (failing) throw data("Server error", { status: 500 });
          return { title: "Moon Necklace" };
        },
      },
    ]);
    render(
      <I18nProvider initialLanguage="en" catalogues={[]}>
        <Stub initialEntries={["/listings/abc"]} />
      </I18nProvider>,
    );
    expect(await screen.findByRole("heading", { name: "Something went wrong on our side" })).toBeTruthy();
    expect(screen.getByText(/Nothing you saved is lost/)).toBeTruthy();
    expect(screen.getByRole("link", { name: "Back to My Listings" })).toBeTruthy();
    failing = false;
    fireEvent.click(screen.getByRole("button", { name: "Try again" }));
    expect(await screen.findByRole("heading", { name: "Moon Necklace" })).toBeTruthy();
  });

  it("is the error boundary of every route that loads a seller's records", () => {
    for (const route of [listings, shopReview, shop, profile]) expect(route.ErrorBoundary).toBe(RouteErrorBoundary);
    // A shop listing and a listing have their own boundaries, in the SPEC's words ("This listing is not in your shop", "Listing not found").
    expect(typeof shopListing.ErrorBoundary).toBe("function");
    expect(typeof listingDetail.ErrorBoundary).toBe("function");
  });
});
