import { describe, expect, it } from "vitest";
import type { Language } from "../../schema/api";

/** Every route with a page title: meta() words it in the visitor's language, from the route's own catalogues. */
const routeModules = import.meta.glob<{ handle?: unknown; meta?: (args: unknown) => { title?: string; name?: string; content?: string }[] }>("../../app/routes/*.tsx", {
  eager: true,
});

/** The English titles, word for word as they were before titles were localised. */
const ENGLISH: Record<string, string> = {
  "advanced-keywords": "Advanced Keyword Analysis · Listora",
  audit: "Audit a Listing · Listora",
  create: "Create Etsy Listing · Listora",
  dashboard: "Dashboard · Listora",
  "edit-image-gpt": "Image Editor (GPT) · Listora",
  "edit-image": "Image Editor · Listora",
  "forgot-password": "Reset Your Password · Listora",
  landing: "Listora · Marketplace listings in under 2 minutes",
  "listing-detail": "Listing · Listora",
  "listing-generation": "Step 3 of 3 Etsy Listing Generation · Listora",
  listings: "My Listings · Listora",
  login: "Login · Listora",
  "not-found": "Page not found · Listora",
  optimize: "Step 1 of 3 Optimize Pattern · Listora",
  profile: "Profile Settings · Listora",
  register: "Create an Account · Listora",
  "reset-password": "Choose a New Password · Listora",
  review: "Step 2 of 3 Review Draft · Listora",
  "seo-keywords": "SEO & Keyword Analysis · Listora",
  "shop-listing": "Shop listing · Listora",
  "shop-review": "Review proposals · Listora",
  shop: "My Shop · Listora",
  "verify-email": "Confirm Your Email · Listora",
};

/** The layout a screen sits in (its handle's catalogues count too), as in app/routes.ts. */
const LAYOUTS: Record<string, string> = { login: "public-only-layout", register: "public-only-layout" };

function metaOf(name: string, language: Language) {
  const module = routeModules[`../../app/routes/${name}.tsx`];
  const layout = LAYOUTS[name];
  const matches = [
    { id: "root", data: { language, theme: null }, handle: undefined },
    ...(layout ? [{ id: `routes/${layout}`, data: undefined, handle: routeModules[`../../app/routes/${layout}.tsx`].handle }] : []),
    { id: `routes/${name}`, data: undefined, handle: module.handle },
  ];
  return module.meta!({ matches, data: undefined, loaderData: undefined, params: {}, location: { pathname: `/${name}` } });
}

describe("page titles", () => {
  it("every route that has a title is listed here", () => {
    const withMeta = Object.entries(routeModules)
      .filter(([, module]) => typeof module.meta === "function")
      .map(([file]) => file.replace("../../app/routes/", "").replace(".tsx", ""))
      .sort();
    expect(withMeta).toEqual(Object.keys(ENGLISH).sort());
  });

  for (const [name, english] of Object.entries(ENGLISH)) {
    it(`${name}: English keeps its title, Turkish has its own`, () => {
      expect(metaOf(name, "en").find((tag) => "title" in tag)?.title).toBe(english);
      const turkish = metaOf(name, "tr").find((tag) => "title" in tag)?.title;
      expect(turkish).toMatch(/Listora/);
      expect(turkish).not.toBe(english);
    });
  }

  it("words a few titles in Turkish as the screens do", () => {
    expect(metaOf("login", "tr")[0].title).toBe("Giriş Yap · Listora");
    expect(metaOf("listings", "tr")[0].title).toBe("İlanlarım · Listora");
    expect(metaOf("dashboard", "tr")[0].title).toBe("Panel · Listora");
    expect(metaOf("register", "tr")[1]).toEqual({ name: "description", content: "Ücretsiz Listora hesabınızı oluşturun." });
    expect(metaOf("register", "en")[1]).toEqual({ name: "description", content: "Create your free Listora account." });
  });
});
