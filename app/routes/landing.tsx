import { Suspense, use } from "react";
import { Hero } from "~/components/landing/hero";
import { SiteHeader } from "~/components/landing/site-header";
import type { Route } from "./+types/landing";
import { matchesLanguage, metaText, type I18nHandle } from "~/lib/i18n/route";
import * as landingStrings from "~/lib/i18n/catalog/landing";
import type { StylesHandle } from "~/lib/styles";

/**
 * The catalogues of the first screen (header, hero, title); the sections below bring theirs
 * (components/landing/sections.tsx, decision 0027). The stylesheet comes inline (app/lib/styles.tsx).
 */
export const handle = { i18n: [landingStrings], inlineStyles: true } satisfies I18nHandle & StylesHandle;

type Sections = typeof import("~/components/landing/sections");
let sections: Promise<Sections> | undefined;

/**
 * The sections below the first screen, as their own chunk. The server's loader awaits it, so the page's
 * HTML always holds them; the browser hydrates the header and hero first and the sections when the
 * chunk arrives (React keeps the server's HTML of a Suspense boundary until then). The promise is
 * marked fulfilled so a render after the load reads it without suspending.
 */
function loadSections() {
  if (!sections) {
    const promise = import("~/components/landing/sections");
    void promise.then((module) => Object.assign(promise, { status: "fulfilled", value: module }));
    sections = promise;
  }
  return sections;
}

function LazySections({ part }: { part: "sections" | "footer" }) {
  const module = use(loadSections());
  return part === "sections" ? <module.LandingSections /> : <module.LandingFooter />;
}

/** A visit from another screen loads the sections with the page's data, so they appear with it. */
export async function clientLoader({ serverLoader }: Route.ClientLoaderArgs) {
  const [data] = await Promise.all([serverLoader(), loadSections()]);
  return data;
}

/** Only the origin, so Open Graph scrapers get an absolute image URL (and the sections ready to render). */
export async function loader({ request }: Route.LoaderArgs) {
  await loadSections();
  return { origin: new URL(request.url).origin };
}

export function meta({ data, matches }: Route.MetaArgs) {
  const title = metaText(matches, "landing.metaTitle");
  const description = metaText(matches, "landing.metaDescription");
  const language = matchesLanguage(matches);
  const origin = data?.origin ?? "";
  const image = `${origin}/og-image.png`;
  return [
    { title },
    { name: "description", content: description },
    { property: "og:type", content: "website" },
    { property: "og:site_name", content: "Listora" },
    { property: "og:title", content: title },
    { property: "og:description", content: description },
    { property: "og:url", content: `${origin}/landing` },
    { property: "og:image", content: image },
    { property: "og:image:width", content: "1200" },
    { property: "og:image:height", content: "630" },
    { property: "og:image:alt", content: title },
    { property: "og:locale", content: language === "tr" ? "tr_TR" : "en_US" },
    { name: "twitter:card", content: "summary_large_image" },
    { name: "twitter:title", content: title },
    { name: "twitter:description", content: description },
    { name: "twitter:image", content: image },
  ];
}

export default function Landing() {
  return (
    <div className="min-h-dvh overflow-x-clip">
      <SiteHeader />
      <main id="main">
        <Hero />
        <Suspense>
          <LazySections part="sections" />
        </Suspense>
      </main>
      <Suspense>
        <LazySections part="footer" />
      </Suspense>
    </div>
  );
}
