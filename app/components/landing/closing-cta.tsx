import { ArrowRightIcon } from "lucide-react";
import { PlainButtonLink } from "~/components/ui/plain-button";
import { useT } from "~/lib/i18n";

export function ClosingCta() {
  const t = useT();
  return (
    <section className="px-4 pb-16 sm:px-6 sm:pb-24" aria-labelledby="cta-title">
      <div className="mx-auto max-w-6xl overflow-hidden rounded-3xl bg-primary px-6 py-14 text-center text-primary-foreground shadow-xl sm:px-12">
        <h2 id="cta-title" className="mx-auto max-w-2xl text-balance text-3xl font-bold tracking-tight sm:text-4xl">
          {t("landing.cta.title")}
        </h2>
        <p className="mx-auto mt-4 max-w-xl text-lg opacity-90">{t("landing.cta.body")}</p>
        <PlainButtonLink to="/register" size="xl" variant="secondary" className="mt-8" data-testid="closing-cta">
          {t("landing.cta.button")}
          <ArrowRightIcon aria-hidden="true" />
        </PlainButtonLink>
        <p className="mt-4 text-sm opacity-90">{t("landing.cta.note")}</p>
      </div>
    </section>
  );
}
