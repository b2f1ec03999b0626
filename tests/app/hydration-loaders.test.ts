import { describe, expect, it } from "vitest";

/**
 * Every screen's data comes from its server loader, in the first HTML: no route loads in the browser as
 * the page hydrates. React Router then starts settled, so a write a screen sends by itself on arrival
 * (the listing step's listing, the e-mail confirmation) races no first load: with a hydration
 * `clientLoader`, an action's revalidation (or two fetchers' at once) in that window lost the loaders'
 * answer ("No result found for routeId") and showed the error screen (decisions 0049, 0057).
 */
const modules = {
  ...import.meta.glob<Record<string, unknown>>("../../app/routes/*.tsx", { eager: true }),
  ...import.meta.glob<Record<string, unknown>>("../../app/root.tsx", { eager: true }),
};

describe("loading on hydration", () => {
  it("no route loads in the browser as the page hydrates: every loader runs on the server", () => {
    const names = Object.keys(modules);
    expect(names.length).toBeGreaterThan(20);
    // A clientLoader runs on hydration when it asks to (`clientLoader.hydrate = true`), when the route has
    // no server loader, or with a HydrateFallback; otherwise only on later navigations (the landing page's
    // loads its sections' chunk then, decision 0056).
    const loadsOnHydration = (module: Record<string, unknown>) => {
      const clientLoader = module.clientLoader as { hydrate?: boolean } | undefined;
      return "HydrateFallback" in module || (clientLoader !== undefined && (clientLoader.hydrate === true || !("loader" in module)));
    };
    const loadingInBrowser = names.filter((name) => loadsOnHydration(modules[name]));
    expect(loadingInBrowser).toEqual([]);
  });
});
