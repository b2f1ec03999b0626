import { ClipboardCheckIcon, MessageSquareTextIcon, TargetIcon } from "lucide-react";
import { useT } from "~/lib/i18n";

const STEPS = [
  { id: "describe", icon: MessageSquareTextIcon },
  { id: "keywords", icon: TargetIcon },
  { id: "publish", icon: ClipboardCheckIcon },
] as const;

export function HowItWorks() {
  const t = useT();
  return (
    <section id="how-it-works" className="scroll-mt-20 py-16 sm:py-24" aria-labelledby="how-title">
      <div className="mx-auto max-w-6xl px-4 sm:px-6">
        <div className="mx-auto max-w-2xl text-center">
          <h2 id="how-title" className="text-3xl font-bold tracking-tight sm:text-4xl">
            {t("landing.how.title")}
          </h2>
          <p className="mt-3 text-lg text-muted-foreground">{t("landing.how.subtitle")}</p>
        </div>
        <ol className="mt-12 grid gap-6 md:grid-cols-3">
          {STEPS.map(({ id, icon: Icon }, i) => (
            <li key={id} className="relative rounded-xl border bg-card p-6 shadow-sm">
              <div className="flex items-center gap-3">
                <span className="flex size-10 items-center justify-center rounded-full bg-primary text-base font-bold text-primary-foreground" aria-hidden="true">
                  {i + 1}
                </span>
                <span className="text-xs font-semibold uppercase tracking-wide text-muted-foreground">{t("landing.how.step", { n: i + 1 })}</span>
                <Icon className="ml-auto size-5 text-primary" aria-hidden="true" />
              </div>
              <h3 className="mt-5 text-lg font-semibold">{t(`landing.how.${id}.title`)}</h3>
              <p className="mt-2 text-sm text-muted-foreground">{t(`landing.how.${id}.body`)}</p>
            </li>
          ))}
        </ol>
      </div>
    </section>
  );
}
