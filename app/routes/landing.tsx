import { ClosingCta } from "~/components/landing/closing-cta";
import { DemoSwitcher } from "~/components/landing/demo-switcher";
import { FeatureCarousel } from "~/components/landing/feature-carousel";
import { Hero } from "~/components/landing/hero";
import { HowItWorks } from "~/components/landing/how-it-works";
import { ProblemCards } from "~/components/landing/problem-cards";
import { PlansOverview } from "~/components/profile/plans-overview";
import { SiteFooter } from "~/components/landing/site-footer";
import { SiteHeader } from "~/components/landing/site-header";
import type { Route } from "./+types/landing";
import { matchesLanguage, metaText, type I18nHandle } from "~/lib/i18n/route";
import * as landingStrings from "~/lib/i18n/catalog/landing";
import * as plansStrings from "~/lib/i18n/catalog/plans";

/** The catalogues this screen's components read (the root hands them to the provider). */
export const handle = { i18n: [landingStrings, plansStrings] } satisfies I18nHandle;

/** Only the origin, so Open Graph scrapers get an absolute image URL. */
export function loader({ request }: Route.LoaderArgs) {
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
        <ProblemCards />
        <FeatureCarousel />
        <DemoSwitcher />
        <HowItWorks />
        <div className="px-4 pb-16 sm:px-6 sm:pb-24">
          <PlansOverview className="mx-auto max-w-6xl" />
        </div>
        <ClosingCta />
      </main>
      <SiteFooter />
    </div>
  );
}
