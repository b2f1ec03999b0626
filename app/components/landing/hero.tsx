import { ArrowRightIcon, CheckIcon, ClockIcon, SparklesIcon } from "~/components/ui/static-icons";
import { PlainButtonLink, plainButtonClass } from "~/components/ui/plain-button";
import { useT } from "~/lib/i18n";

export function Hero() {
  const t = useT();
  return (
    <section className="relative overflow-hidden" aria-labelledby="hero-title">
      <div aria-hidden="true" className="pointer-events-none absolute inset-x-0 -top-24 -z-10 mx-auto h-[28rem] max-w-5xl rounded-full bg-primary/10 blur-3xl" />
      <div className="mx-auto grid max-w-6xl items-center gap-12 px-4 pb-16 pt-14 sm:px-6 md:pt-20 lg:grid-cols-[1.15fr_1fr] lg:pb-24">
        <div className="text-center lg:text-left">
          <p className="inline-flex items-center gap-2 rounded-full border bg-card px-3 py-1 text-xs font-medium text-muted-foreground shadow-xs">
            <SparklesIcon className="size-3.5 text-primary" aria-hidden="true" />
            {t("landing.hero.eyebrow")}
          </p>
          <h1 id="hero-title" className="mt-5 text-balance text-4xl font-bold tracking-tight sm:text-5xl lg:text-[3.4rem] lg:leading-[1.08]">
            {t("landing.hero.title")}
          </h1>
          <p className="mx-auto mt-5 max-w-xl text-pretty text-lg text-muted-foreground lg:mx-0">{t("landing.hero.subtitle")}</p>
          <div className="mt-8 flex flex-col items-center gap-3 sm:flex-row sm:justify-center lg:justify-start">
            <PlainButtonLink to="/register" size="xl" className="w-full sm:w-auto" data-testid="hero-cta">
              {t("landing.hero.cta")}
              <ArrowRightIcon aria-hidden="true" />
            </PlainButtonLink>
            <a href="#how-it-works" data-slot="button" className={plainButtonClass({ size: "xl", variant: "outline", className: "w-full sm:w-auto" })}>
              {t("landing.hero.secondary")}
            </a>
          </div>
          <p className="mt-4 inline-flex items-center gap-1.5 text-sm text-muted-foreground">
            <CheckIcon className="size-4 text-success" aria-hidden="true" />
            {t("landing.hero.note")}
          </p>
        </div>
        <ClaimCard />
      </div>
    </section>
  );
}

/** The marketing claim as a picture: two bars on the same time scale. */
function ClaimCard() {
  const t = useT();
  return (
    <figure className="mx-auto w-full max-w-md rounded-2xl border bg-card p-6 shadow-lg shadow-primary/5" data-testid="claim">
      <figcaption className="flex items-center gap-2 text-sm font-medium text-muted-foreground">
        <ClockIcon className="size-4" aria-hidden="true" />
        {t("landing.hero.claimLabel")}
      </figcaption>
      <div className="mt-6 grid gap-5">
        <div>
          <p className="flex items-baseline justify-between gap-3">
            <span className="shrink-0 text-sm font-semibold">{t("landing.hero.withListora")}</span>
            <span className="text-right text-xl font-bold text-primary sm:text-2xl">{t("landing.hero.withListoraValue")}</span>
          </p>
          <div className="mt-2 h-3 rounded-full bg-muted" aria-hidden="true">
            <div className="h-3 w-[5%] min-w-6 rounded-full bg-primary" />
          </div>
        </div>
        <div>
          <p className="flex items-baseline justify-between gap-3">
            <span className="shrink-0 text-sm font-semibold">{t("landing.hero.byHand")}</span>
            <span className="text-right text-xl font-bold text-muted-foreground sm:text-2xl">{t("landing.hero.byHandValue")}</span>
          </p>
          <div className="mt-2 h-3 rounded-full bg-muted" aria-hidden="true">
            <div className="h-3 w-full rounded-full bg-muted-foreground/40" />
          </div>
        </div>
      </div>
      <ul className="mt-6 grid gap-2 border-t pt-5 text-sm">
        {(["landing.hero.fact1", "landing.hero.fact2", "landing.hero.fact3"] as const).map((key) => (
          <li key={key} className="flex items-center gap-2">
            <CheckIcon className="size-4 shrink-0 text-success" aria-hidden="true" />
            {t(key)}
          </li>
        ))}
      </ul>
    </figure>
  );
}
