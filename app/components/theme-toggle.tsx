import { MoonIcon, SunIcon } from "lucide-react";
import { Button } from "~/components/ui/button";
import { useT } from "~/lib/i18n";
import { useTheme } from "~/lib/theme";
import { cn } from "~/lib/utils";

export function ThemeToggle({ className }: { className?: string }) {
  const { theme, toggleTheme } = useTheme();
  const t = useT();
  return (
    <Button
      type="button"
      variant="ghost"
      size="icon"
      onClick={toggleTheme}
      aria-label={t("theme.toggle")}
      aria-pressed={theme === "dark"}
      data-testid="theme-toggle"
      className={cn("rounded-full", className)}
    >
      {/* Both icons render; CSS shows the right one so the server's markup is right before hydration. */}
      <SunIcon className="hidden dark:block" />
      <MoonIcon className="block dark:hidden" />
    </Button>
  );
}
