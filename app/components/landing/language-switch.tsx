import { LANGUAGES } from "../../../schema/api/preferences";
import { useI18n } from "~/lib/i18n";
import { clsx } from "clsx";

/** EN | TR segmented switch; the choice is stored (cookie + localStorage) so the server renders it next time. */
export function LanguageSwitch({ className }: { className?: string }) {
  const { language, setLanguage, t } = useI18n();
  return (
    <div role="group" aria-label={t("landing.nav.language")} className={clsx("inline-flex rounded-full border bg-background p-0.5", className)}>
      {LANGUAGES.map((code) => (
        <button
          key={code}
          type="button"
          lang={code}
          aria-pressed={language === code}
          onClick={() => setLanguage(code)}
          data-testid={`language-${code}`}
          className={clsx(
            "h-8 min-w-9 rounded-full px-2 text-xs font-semibold uppercase tracking-wide outline-none transition-colors focus-visible:ring-2 focus-visible:ring-ring",
            language === code ? "bg-primary text-primary-foreground" : "text-muted-foreground hover:text-foreground",
          )}
        >
          {code}
        </button>
      ))}
    </div>
  );
}
