import { MoonIcon, SunIcon } from "~/components/ui/static-icons";
import { PlainButton } from "~/components/ui/plain-button";
import { useT } from "~/lib/i18n";
import { useTheme } from "~/lib/theme";

export function ThemeToggle({ className }: { className?: string }) {
  const { theme, toggleTheme } = useTheme();
  const t = useT();
  return (
    <PlainButton
      type="button"
      variant="ghost"
      size="icon"
      onClick={toggleTheme}
      aria-label={t("theme.toggle")}
      aria-pressed={theme === "dark"}
      data-testid="theme-toggle"
      shape="round"
      className={className}
    >
      {/* Both icons render; CSS shows the right one so the server's markup is right before hydration. */}
      <SunIcon className="hidden dark:block" />
      <MoonIcon className="block dark:hidden" />
    </PlainButton>
  );
}
