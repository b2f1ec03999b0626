/**
 * The page's strings provider hydrates in place when the language's chunk of a catalogue arrives just
 * after the page's scripts: React's `use` waits for it, then renders the provider again, and that render
 * must call `use` as the first one did. Before the fix it called `use` only while waiting, so that render
 * differed from the first; in the production build React gave up on the server's HTML ("Update hook
 * called on initial render", error 467) and rendered the whole page again (error 423), on about one load
 * of My Shop in six on this machine. React's development build names the fault itself, which is what
 * these tests listen for.
 */
import { act } from "react";
import { hydrateRoot } from "react-dom/client";
import { renderToString } from "react-dom/server";
import { describe, expect, it, vi } from "vitest";
import { CatalogueScope, I18nProvider, useT, type Catalogue, type MessageKey } from "~/lib/i18n";

// React's act() in this test's own root (no testing library sets it here).
(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const STRINGS = { "shop.title": "My Shop" };

function Heading() {
  const t = useT();
  return <h1>{t("shop.title" as MessageKey)}</h1>;
}

/** A catalogue as the browser build makes it: no table until `load` resolves, here in a microtask (a chunk already fetched). */
function lateCatalogue(): Catalogue {
  const catalogue: { en?: Record<string, string>; load: () => Promise<void> } = {
    load: () =>
      Promise.resolve().then(() => {
        catalogue.en = STRINGS;
      }),
  };
  return catalogue;
}

async function hydrate(server: React.ReactNode, client: React.ReactNode) {
  const container = document.createElement("div");
  container.innerHTML = renderToString(server);
  document.body.appendChild(container);
  const heading = container.querySelector("h1");
  const errors: unknown[] = [];
  const logged = vi.spyOn(console, "error").mockImplementation((...args: unknown[]) => void errors.push(args.map(String).join(" ")));
  try {
    await act(async () => {
      hydrateRoot(container, client, { onRecoverableError: (error) => errors.push(error) });
    });
    await act(async () => {});
  } finally {
    logged.mockRestore();
  }
  const kept = container.querySelector("h1") === heading;
  container.remove();
  return { errors, kept, text: heading?.textContent };
}

describe("the strings provider while the page hydrates", () => {
  it("keeps the server's HTML when a catalogue's chunk arrives just after the page's scripts", async () => {
    const { errors, kept, text } = await hydrate(
      <I18nProvider initialLanguage="en" catalogues={[{ en: STRINGS }]}>
        <Heading />
      </I18nProvider>,
      <I18nProvider initialLanguage="en" catalogues={[lateCatalogue()]}>
        <Heading />
      </I18nProvider>,
    );
    expect(errors.map(String)).toEqual([]);
    expect(kept).toBe(true);
    expect(text).toBe("My Shop");
  });

  it("does the same for a part of a screen that brings its own catalogue", async () => {
    const { errors, kept } = await hydrate(
      <I18nProvider initialLanguage="en">
        <CatalogueScope catalogues={[{ en: STRINGS }]}>
          <Heading />
        </CatalogueScope>
      </I18nProvider>,
      <I18nProvider initialLanguage="en">
        <CatalogueScope catalogues={[lateCatalogue()]}>
          <Heading />
        </CatalogueScope>
      </I18nProvider>,
    );
    expect(errors.map(String)).toEqual([]);
    expect(kept).toBe(true);
  });
});
