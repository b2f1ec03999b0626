import { cleanup, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { createRoutesStub, useLoaderData } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { EtsyConnectionStatus } from "../../schema/api/shop-etsy";
import { EtsyConnectCard } from "~/components/shop/etsy-connect";
import { en, tr } from "~/lib/i18n/catalog/etsy";
import { I18nProvider } from "~/lib/i18n";
import * as shopModule from "~/routes/shop";
import { handle as shopRoute } from "~/routes/shop";
import { serverRoute } from "./server-route";

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  window.history.replaceState(null, "", "/");
});

const reply = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json" } });

/** A fetch that answers the Etsy endpoints the way the server would, and records the calls. */
function server(status: EtsyConnectionStatus, answers: Record<string, () => Response> = {}) {
  const calls: { method: string; path: string; body: unknown }[] = [];
  vi.stubGlobal(
    "fetch",
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const path = String(input);
      const method = init?.method ?? "GET";
      calls.push({ method, path, body: init?.body ? JSON.parse(String(init.body)) : undefined });
      const answer = answers[`${method} ${path}`];
      if (answer) return answer();
      if (method === "GET" && path === "/api/shop/etsy") return reply({ success: true, data: status });
      return reply({ success: false, message: "API endpoint not found" }, 404);
    }),
  );
  return calls;
}

/** The card on My Shop's route: its server loader reads the status, its action runs the card's buttons. */
function Card() {
  return <EtsyConnectCard status={useLoaderData<typeof shopModule.loader>().etsy} />;
}

function show(language: "en" | "tr" = "en") {
  const Stub = createRoutesStub([{ path: "/shop", Component: Card, HydrateFallback: () => null, ...serverRoute(shopModule) }]);
  return render(
    <I18nProvider initialLanguage={language} catalogues={shopRoute.i18n}>
      <Stub initialEntries={[window.location.pathname === "/shop" ? window.location.pathname + window.location.search : "/shop"]} />
    </I18nProvider>,
  );
}

const CONNECTED: EtsyConnectionStatus = { available: true, connected: true, shopName: "CozyStitchCo", connectedAt: "2026-11-20T10:00:00.000Z" };

describe("the Etsy connection card", () => {
  it("has every string in English and Turkish, with the same placeholders", () => {
    const vars = (s: string) => [...s.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();
    for (const [key, text] of Object.entries(en)) {
      expect(tr[key as keyof typeof en], key).toBeTruthy();
      expect(vars(tr[key as keyof typeof en]), key).toEqual(vars(text));
    }
  });

  it("renders nothing when the server has no Etsy keys", async () => {
    const calls = server({ available: false, connected: false, shopName: null, connectedAt: null });
    const { container } = show();
    await waitFor(() => expect(screen.queryByTestId("etsy-connect-loading")).toBeNull());
    expect(container.textContent).toBe("");
    expect(calls.filter((c) => c.path === "/api/shop/etsy")).toHaveLength(1);
  });

  it("offers Connect when available, and sends the browser to Etsy's consent page", async () => {
    const assign = vi.fn();
    // The action answers a redirect to Etsy: the router leaves the app for it (a document navigation).
    const { href, origin, pathname, search, hash } = window.location;
    vi.stubGlobal("location", { ...window.location, assign, replace: assign, href, origin, pathname, search, hash });
    const calls = server(
      { available: true, connected: false, shopName: null, connectedAt: null },
      { "POST /api/shop/etsy/connect": () => reply({ success: true, data: { url: "https://www.etsy.com/oauth/connect?state=abc" } }) },
    );
    show();
    fireEvent.click(await screen.findByRole("button", { name: "Connect Etsy shop" }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith("https://www.etsy.com/oauth/connect?state=abc"));
    expect(calls.map((c) => `${c.method} ${c.path}`)).toContain("POST /api/shop/etsy/connect");
  });

  it("shows the connected shop in Turkish and reports an import's counts", async () => {
    server(CONNECTED, {
      "POST /api/shop/etsy/import": () => reply({ success: true, data: { fetched: 12, imported: 10, updated: 1, unchanged: 1, skipped: 0, errors: [] } }),
    });
    show("tr");
    expect((await screen.findByTestId("etsy-connected")).textContent).toContain("CozyStitchCo bağlı");
    fireEvent.click(screen.getByRole("button", { name: "Etsy'den içe aktar" }));
    expect((await screen.findByTestId("etsy-notice")).textContent).toBe("Etsy'den 12 ilan okundu: 10 yeni, 1 güncellendi, 1 değişmedi.");
  });

  it("lists the listings Etsy refused after a push, with Etsy's reason", async () => {
    const calls = server(CONNECTED, {
      "POST /api/shop/etsy/push": () =>
        reply({
          success: true,
          data: {
            pushed: 1,
            failed: 1,
            unchanged: 0,
            items: [
              { id: "a", status: "pushed", message: "Etsy has the new title", fields: ["title"] },
              { id: "b", status: "failed", message: 'Etsy refused the change: Tag "x" is too long', fields: ["tags"] },
            ],
          },
        }),
    });
    show();
    fireEvent.click(await screen.findByRole("button", { name: "Push accepted changes" }));
    const notice = await screen.findByRole("alert");
    expect(notice.textContent).toContain("Sent 1 listings to Etsy. 1 could not be sent:");
    expect(notice.textContent).toContain('Tag "x" is too long');
    expect(calls.find((c) => c.path === "/api/shop/etsy/push")!.body).toEqual({ all: true });
  });

  it("says how to recover when Etsy's redirect brought an error, and cleans the address", async () => {
    window.history.replaceState(null, "", "/shop?etsy=error&reason=invalid-state&tab=all");
    server({ available: true, connected: false, shopName: null, connectedAt: null });
    show();
    expect((await screen.findByRole("alert")).textContent).toContain("Press Connect Etsy shop again here.");
    // The address is cleaned by an effect after the notice renders: wait for it (the machine may be loaded).
    await waitFor(() => expect(window.location.search).toBe("?tab=all"));
  });

  it("offers a retry when the status cannot be read", async () => {
    server(CONNECTED, { "GET /api/shop/etsy": () => reply({ success: false, message: "Server error" }, 500) });
    show();
    // A link to the same address: it runs the loader again, and works before the page's JavaScript has loaded.
    expect((await screen.findByRole("link", { name: "Try again" }, { timeout: 5000 })).getAttribute("href")).toBe("/shop");
  });
});
