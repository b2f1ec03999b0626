import { PlansOverview } from "~/components/profile/plans-overview";
import { CatalogueScope, type Catalogue } from "~/lib/i18n";
import * as landingSections from "~/lib/i18n/catalog/landing-sections";
import * as plansStrings from "~/lib/i18n/catalog/plans";
import { ClosingCta } from "./closing-cta";
import { DemoSwitcher } from "./demo-switcher";
import { FeatureCarousel } from "./feature-carousel";
import { HowItWorks } from "./how-it-works";
import { ProblemCards } from "./problem-cards";
import { SiteFooter } from "./site-footer";

/**
 * The landing page below its first screen, with the strings it reads (decision 0027): the server renders
 * it with the page, the browser loads this chunk (sections, plans, carousel and demo code, their
 * strings) after the header and hero, and hydrates it when it arrives.
 */
export const sectionCatalogues: readonly Catalogue[] = [landingSections, plansStrings];

export function LandingSections() {
  return (
    <CatalogueScope catalogues={sectionCatalogues}>
      <ProblemCards />
      <FeatureCarousel />
      <DemoSwitcher />
      <HowItWorks />
      <div className="px-4 pb-16 sm:px-6 sm:pb-24">
        <PlansOverview className="mx-auto max-w-6xl" />
      </div>
      <ClosingCta />
    </CatalogueScope>
  );
}

export function LandingFooter() {
  return (
    <CatalogueScope catalogues={sectionCatalogues}>
      <SiteFooter />
    </CatalogueScope>
  );
}
