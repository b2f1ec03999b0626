import type { ReactNode } from "react";
import { CheckIcon, ImageIcon, PenLineIcon, SearchIcon } from "lucide-react";
import { useT } from "~/lib/i18n";
import { useCarousel, useHoverFocusPause } from "~/lib/use-carousel";
import { clsx } from "clsx";
import { CarouselControls } from "./carousel-controls";

export const LANDING_SLIDE_MS = 5000;

const SLIDES = [
  { id: "keywords", icon: SearchIcon },
  { id: "listing", icon: PenLineIcon },
  { id: "image", icon: ImageIcon },
] as const;

/**
 * Three feature slides, 5 s each, looping (SPEC §4). Held while hovered or focused, still under reduced
 * motion. All slides share one grid cell so the tallest sets the height and nothing shifts.
 */
export function FeatureCarousel() {
  const t = useT();
  const { paused, handlers } = useHoverFocusPause();
  const { index, goTo, next, previous } = useCarousel({ count: SLIDES.length, intervalMs: LANDING_SLIDE_MS, paused });
  return (
    <section id="features" className="scroll-mt-20 py-16 sm:py-24" aria-labelledby="features-title">
      <div className="mx-auto max-w-6xl px-4 sm:px-6">
        <div className="mx-auto max-w-2xl text-center">
          <h2 id="features-title" className="text-3xl font-bold tracking-tight sm:text-4xl">
            {t("landing.features.title")}
          </h2>
          <p className="mt-3 text-lg text-muted-foreground">{t("landing.features.subtitle")}</p>
        </div>
        <div
          role="region"
          aria-roledescription="carousel"
          aria-label={t("landing.features.region")}
          className="mt-12"
          data-testid="feature-carousel"
          data-index={index}
          data-paused={paused ? "true" : "false"}
          {...handlers}
        >
          <div className="grid" aria-live={paused ? "polite" : "off"}>
            {SLIDES.map(({ id, icon: Icon }, i) => {
              const active = i === index;
              return (
                <div
                  key={id}
                  role="group"
                  aria-roledescription="slide"
                  aria-label={t("landing.features.position", { n: i + 1, total: SLIDES.length })}
                  aria-hidden={!active}
                  inert={!active}
                  data-testid={`feature-slide-${i}`}
                  data-active={active ? "true" : "false"}
                  className={clsx(
                    "col-start-1 row-start-1 grid items-center gap-8 rounded-2xl border bg-card p-6 shadow-sm transition-opacity duration-500 sm:p-10 md:grid-cols-2",
                    active ? "opacity-100" : "pointer-events-none opacity-0",
                  )}
                >
                  <div>
                    <h3 className="text-2xl font-semibold tracking-tight sm:text-3xl">{t(`landing.features.${id}.title`)}</h3>
                    <p className="mt-4 text-muted-foreground">{t(`landing.features.${id}.body`)}</p>
                    <ul className="mt-6 grid gap-3">
                      {([1, 2] as const).map((n) => (
                        <li key={n} className="flex items-start gap-2 text-sm font-medium">
                          <span className="mt-0.5 flex size-5 shrink-0 items-center justify-center rounded-full bg-success/15 text-success">
                            <CheckIcon className="size-3.5" aria-hidden="true" />
                          </span>
                          {t(`landing.features.${id}.point${n}`)}
                        </li>
                      ))}
                    </ul>
                  </div>
                  <div aria-hidden="true" className="relative flex aspect-[16/10] items-center justify-center overflow-hidden rounded-xl bg-gradient-to-br from-primary/15 via-accent to-primary/5 p-5">
                    <div className="absolute -right-10 -top-10 size-40 rounded-full bg-primary/10" />
                    <div className="absolute -bottom-12 -left-8 size-44 rounded-full bg-primary/10" />
                    <SlideArt id={id} icon={<Icon className="size-5" />} />
                  </div>
                </div>
              );
            })}
          </div>
          <CarouselControls
            className="mt-6"
            count={SLIDES.length}
            index={index}
            onPrevious={previous}
            onNext={next}
            onSelect={goTo}
            previousLabel={t("landing.features.previous")}
            nextLabel={t("landing.features.next")}
            dotLabel={(n) => t("landing.features.goTo", { n })}
            testId="feature-carousel"
          />
        </div>
      </div>
    </section>
  );
}

/** A small, still vignette of each tool drawn with theme colours (decorative). */
function SlideArt({ id, icon }: { id: (typeof SLIDES)[number]["id"]; icon: ReactNode }) {
  const t = useT();
  return (
    <div className="relative w-full max-w-xs rounded-xl border bg-card p-4 text-sm shadow-lg">
      <div className="mb-3 flex items-center gap-2">
        <span className="flex size-8 items-center justify-center rounded-lg bg-primary text-primary-foreground">{icon}</span>
        <span className="font-semibold">{t(`landing.demo.${id}`)}</span>
      </div>
      {id === "keywords" &&
        (
          [
            ["kw1", 92],
            ["kw2", 78],
            ["kw3", 64],
          ] as const
        ).map(([key, value]) => (
          <div key={key} className="grid grid-cols-[1fr_4rem_1.5rem] items-center gap-2 py-1 text-xs">
            <span className="truncate">{t(`landing.demo.mock.${key}`)}</span>
            <span className="h-1.5 rounded-full bg-muted">
              <span className="block h-1.5 rounded-full bg-primary" style={{ width: `${value}%` }} />
            </span>
            <span className="text-right tabular-nums text-muted-foreground">{value}</span>
          </div>
        ))}
      {id === "listing" && (
        <>
          <p className="line-clamp-2 text-xs font-medium leading-snug">{t("landing.demo.mock.titleText")}</p>
          <div className="mt-3 flex flex-wrap gap-1">
            {([1, 2, 3] as const).map((n) => (
              <span key={n} className="rounded-full bg-primary/10 px-2 py-0.5 text-[11px] font-medium text-primary">
                {t(`landing.demo.mock.tag${n}`)}
              </span>
            ))}
            <span className="rounded-full border px-2 py-0.5 text-[11px] text-muted-foreground">+10</span>
          </div>
        </>
      )}
      {id === "image" && (
        <div className="grid grid-cols-2 gap-2 text-center text-[11px] font-semibold">
          <div className="rounded-lg bg-gradient-to-br from-warning/40 via-muted to-destructive/20 py-6">{t("landing.demo.mock.before")}</div>
          <div className="rounded-lg border bg-gradient-to-b from-background to-muted py-6 text-primary">{t("landing.demo.mock.after")}</div>
        </div>
      )}
    </div>
  );
}
