import { useLocation } from "react-router";
import { LANGUAGES } from "../../../schema/api/preferences";
import { useI18n } from "~/lib/i18n";
import { clsx } from "clsx";

/**
 * EN | TR segmented switch; the choice is stored (cookie + localStorage) so the server renders it next time.
 * Each choice is a link (`?lang=tr`, read by the root loader), so it also works before the page's
 * JavaScript has loaded; once it has, the language changes in place.
 */
export function LanguageSwitch({ className }: { className?: string }) {
  const { language, setLanguage, t } = useI18n();
  const { pathname } = useLocation();
  return (
    <div role="group" aria-label={t("landing.nav.language")} className={clsx("inline-flex rounded-full border bg-background p-0.5", className)}>
      {LANGUAGES.map((code) => (
        <a
          key={code}
          href={`${pathname}?lang=${code}`}
          hrefLang={code}
          lang={code}
          aria-current={language === code ? "true" : undefined}
          onClick={(event) => {
            event.preventDefault();
            setLanguage(code);
          }}
          data-testid={`language-${code}`}
          className={clsx(
            "inline-flex h-8 min-w-9 items-center justify-center rounded-full px-2 text-xs font-semibold uppercase tracking-wide outline-none transition-colors focus-visible:ring-2 focus-visible:ring-ring",
            language === code ? "bg-primary text-primary-foreground" : "text-muted-foreground hover:text-foreground",
          )}
        >
          {code}
        </a>
      ))}
    </div>
  );
}
