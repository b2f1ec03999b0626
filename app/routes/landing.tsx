import { startTransition, useEffect, useState, use } from "react";
import { Hero } from "~/components/landing/hero";
import { SiteHeader } from "~/components/landing/site-header";
import type { Route } from "./+types/landing";
import { matchesLanguage, metaText, type I18nHandle } from "~/lib/i18n/route";
import * as landingStrings from "~/lib/i18n/catalog/landing";
import type { StylesHandle } from "~/lib/styles";

/**
 * The catalogues of the first screen (header, hero, title); the sections below bring theirs
 * (components/landing/sections.tsx, decision 0027). The entry screens' small stylesheet comes as a
 * linked file (app/lib/styles.tsx, decision 0061): inline, the browser paints the hero early and lays the
 * long page out afterwards, as blocking time.
 */
export const handle = { i18n: [landingStrings], entryStyles: "linked" } satisfies I18nHandle & StylesHandle;

type Sections = typeof import("~/components/landing/sections");
type Part = "sections" | "footer";
let sections: Promise<Sections> | undefined;
let loaded: Sections | undefined;

/**
 * The sections below the first screen are a chunk of their own, with their strings (decision 0056).
 * It resolves once the code and the strings of the page's language are there. The server's loader
 * awaits it, so the page's HTML always holds the sections.
 */
function loadSections(): Promise<Sections> {
  sections ??= import("~/components/landing/sections").then(async (module) => {
    const language = typeof document === "undefined" ? null : document.documentElement.lang;
    if (language === "en" || language === "tr") await Promise.all(module.sectionCatalogues.map((catalogue) => catalogue.load?.(language)));
    return (loaded = module);
  });
  return sections;
}

/**
 * In the browser, on the page the server rendered: the HTML of each part as the server wrote it, read
 * before React hydrates. Until the chunk arrives, React keeps that HTML as it is (an element whose
 * content it does not own), so nothing moves and a link or an anchor in it works; then it renders the
 * sections over it, the same markup, now live.
 */
const serverHtml: Partial<Record<Part, string>> =
  typeof document === "undefined" ? {} : Object.fromEntries((["sections", "footer"] as const).map((part) => [part, document.getElementById(`landing-${part}`)?.innerHTML]));
if (serverHtml.sections !== undefined) void loadSections();

function LazySections({ part }: { part: Part }) {
  const [module, setModule] = useState(loaded);
  const html = serverHtml[part];
  useEffect(() => {
    if (!module) void loadSections().then((m) => startTransition(() => setModule(m)));
  }, [module]);
  if (!module && html !== undefined) return <div id={`landing-${part}`} className="contents" dangerouslySetInnerHTML={{ __html: html }} />;
  const Part = module ?? use(loadSections());
  return (
    <div id={`landing-${part}`} className="contents">
      {part === "sections" ? <Part.LandingSections /> : <Part.LandingFooter />}
    </div>
  );
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
        <LazySections part="sections" />
      </main>
      <LazySections part="footer" />
    </div>
  );
}
