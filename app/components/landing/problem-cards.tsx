import { CheckIcon, ClockIcon, GemIcon, SearchCheckIcon, XIcon } from "lucide-react";
import { useT } from "~/lib/i18n";

const CARDS = [
  { id: "time", icon: ClockIcon },
  { id: "seo", icon: SearchCheckIcon },
  { id: "quality", icon: GemIcon },
] as const;

/** The three problem/solution cards: hours saved, SEO supercharged, pro-quality content. */
export function ProblemCards() {
  const t = useT();
  return (
    <section className="border-y bg-muted/40 py-16 sm:py-20" aria-labelledby="problems-title">
      <div className="mx-auto max-w-6xl px-4 sm:px-6">
        <div className="mx-auto max-w-2xl text-center">
          <h2 id="problems-title" className="text-3xl font-bold tracking-tight sm:text-4xl">
            {t("landing.problems.title")}
          </h2>
          <p className="mt-3 text-lg text-muted-foreground">{t("landing.problems.subtitle")}</p>
        </div>
        <ul className="mt-12 grid gap-6 md:grid-cols-3">
          {CARDS.map(({ id, icon: Icon }) => (
            <li key={id} className="flex flex-col rounded-xl border bg-card p-6 shadow-sm" data-testid={`problem-${id}`}>
              <span className="flex size-11 items-center justify-center rounded-lg bg-primary/10 text-primary">
                <Icon className="size-5" aria-hidden="true" />
              </span>
              <h3 className="mt-4 text-xl font-semibold">{t(`landing.problems.${id}.title`)}</h3>
              <p className="mt-4 flex gap-2 text-sm text-muted-foreground">
                <XIcon className="mt-0.5 size-4 shrink-0 text-destructive" aria-hidden="true" />
                <span>
                  <span className="sr-only">{t("landing.problems.problemLabel")}: </span>
                  {t(`landing.problems.${id}.problem`)}
                </span>
              </p>
              <p className="mt-3 flex gap-2 text-sm font-medium">
                <CheckIcon className="mt-0.5 size-4 shrink-0 text-success" aria-hidden="true" />
                <span>
                  <span className="sr-only">{t("landing.problems.solutionLabel")}: </span>
                  {t(`landing.problems.${id}.solution`)}
                </span>
              </p>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
