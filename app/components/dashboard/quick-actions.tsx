import { ArrowRightIcon, ImageIcon, LibraryIcon, PenLineIcon, SearchIcon, WandSparklesIcon } from "lucide-react";
import { Link } from "react-router";
import { useT } from "~/lib/i18n";

const ACTIONS = [
  { id: "seo", to: "/seo-keywords", icon: SearchIcon },
  { id: "create", to: "/create", icon: PenLineIcon },
  { id: "image", to: "/edit-image", icon: ImageIcon },
  { id: "listings", to: "/listings", icon: LibraryIcon },
] as const;

/** Four cards, each a single link, plus a quieter link to the Pattern Wizard. */
export function QuickActions() {
  const t = useT();
  return (
    <section aria-labelledby="quick-actions-title">
      <h2 id="quick-actions-title" className="mb-4 text-lg font-semibold">
        {t("dashboard.quick.title")}
      </h2>
      <ul className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
        {ACTIONS.map(({ id, to, icon: Icon }) => (
          <li key={id}>
            <Link
              to={to}
              data-testid={`quick-${id}`}
              className="group grid h-full grid-cols-[auto_1fr_auto] items-start gap-x-4 rounded-xl border bg-card p-4 text-card-foreground shadow-sm outline-none transition-all hover:-translate-y-0.5 hover:border-primary/40 hover:shadow-md focus-visible:ring-[3px] focus-visible:ring-ring/50 sm:flex sm:flex-col sm:p-5"
            >
              <span className="flex w-full items-center justify-between sm:mb-4">
                <span className="flex size-10 items-center justify-center rounded-lg bg-primary/10 text-primary">
                  <Icon className="size-5" aria-hidden="true" />
                </span>
                <ArrowRightIcon className="hidden size-4 text-muted-foreground transition-transform group-hover:translate-x-0.5 group-hover:text-primary sm:block" aria-hidden="true" />
              </span>
              <span className="grid gap-1">
                <span className="font-semibold">{t(`dashboard.quick.${id}.title`)}</span>
                <span className="text-sm text-muted-foreground">{t(`dashboard.quick.${id}.description`)}</span>
              </span>
              <ArrowRightIcon className="mt-3 size-4 text-muted-foreground sm:hidden" aria-hidden="true" />
            </Link>
          </li>
        ))}
      </ul>
      <Link to="/optimize" className="mt-3 inline-flex items-center gap-1.5 rounded-md text-sm font-medium text-primary underline-offset-4 hover:underline" data-testid="quick-wizard">
        <WandSparklesIcon className="size-4" aria-hidden="true" />
        {t("dashboard.quick.wizard")}
      </Link>
    </section>
  );
}
