import { ClosingCta } from "~/components/landing/closing-cta";
import { DemoSwitcher } from "~/components/landing/demo-switcher";
import { FeatureCarousel } from "~/components/landing/feature-carousel";
import { Hero } from "~/components/landing/hero";
import { HowItWorks } from "~/components/landing/how-it-works";
import { ProblemCards } from "~/components/landing/problem-cards";
import { PlansSection } from "~/components/profile/plans-card";
import { SiteFooter } from "~/components/landing/site-footer";
import { SiteHeader } from "~/components/landing/site-header";
import { isLanguage, translate } from "~/lib/i18n";
import type { Route } from "./+types/landing";
import "~/lib/i18n/catalog/landing";

/** Only the origin, so Open Graph scrapers get an absolute image URL. */
export function loader({ request }: Route.LoaderArgs) {
  return { origin: new URL(request.url).origin };
}

export function meta({ data, matches }: Route.MetaArgs) {
  const rootData = matches.find((m) => m?.id === "root")?.data as { language?: unknown } | undefined;
  const language = isLanguage(rootData?.language) ? rootData.language : "en";
  const title = translate(language, "landing.metaTitle");
  const description = translate(language, "landing.metaDescription");
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
          <PlansSection className="mx-auto max-w-6xl" />
        </div>
        <ClosingCta />
      </main>
      <SiteFooter />
    </div>
  );
}
