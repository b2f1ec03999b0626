import { MenuIcon, XIcon } from "~/components/ui/static-icons";
import { useState } from "react";
import { Link } from "react-router";
import { Logo } from "~/components/logo";
import { ThemeToggle } from "~/components/theme-toggle";
import { PlainButton, PlainButtonLink } from "~/components/ui/plain-button";
import { useT } from "~/lib/i18n";
import { LanguageSwitch } from "./language-switch";

const ANCHORS = [
  { href: "#features", key: "landing.nav.features" },
  { href: "#how-it-works", key: "landing.nav.howItWorks" },
  { href: "#plans", key: "landing.nav.plans" },
] as const;

/**
 * Sticky header: anchors, language, theme, Login; below 768 px the links fold into a menu (a plain
 * disclosure button, so the landing page ships no collapsible library).
 */
export function SiteHeader() {
  const t = useT();
  const [open, setOpen] = useState(false);
  return (
    <header className="sticky top-0 z-40 border-b border-border/60 bg-background/85 backdrop-blur supports-[backdrop-filter]:bg-background/70">
      <div className="mx-auto flex h-16 max-w-6xl items-center justify-between gap-4 px-4 sm:px-6">
        <Logo to="/landing" showBeta betaLabel={t("app.beta")} />
        <nav aria-label={t("landing.nav.label")} className="hidden items-center gap-1 md:flex">
          {ANCHORS.map((a) => (
            <a key={a.href} href={a.href} className="rounded-md px-3 py-2 text-sm font-medium text-muted-foreground transition-colors hover:text-foreground">
              {t(a.key)}
            </a>
          ))}
        </nav>
        <div className="hidden items-center gap-2 md:flex">
          <LanguageSwitch />
          <ThemeToggle />
          <PlainButtonLink variant="ghost" to="/login">
            {t("landing.nav.login")}
          </PlainButtonLink>
          <PlainButtonLink to="/register">{t("landing.nav.getStarted")}</PlainButtonLink>
        </div>
        <div className="flex items-center gap-1 md:hidden">
          <ThemeToggle />
          <PlainButton
            variant="ghost"
            size="icon"
            aria-label={open ? t("landing.nav.closeMenu") : t("landing.nav.openMenu")}
            aria-expanded={open}
            aria-controls="mobile-menu"
            onClick={() => setOpen((o) => !o)}
            data-testid="mobile-menu-button"
          >
            {open ? <XIcon className="size-5" /> : <MenuIcon className="size-5" />}
          </PlainButton>
        </div>
      </div>
      <div id="mobile-menu" hidden={!open} className="border-t md:hidden" data-testid="mobile-menu">
        <nav aria-label={t("landing.nav.label")} className="mx-auto grid max-w-6xl gap-1 px-4 py-3">
          {ANCHORS.map((a) => (
            <a key={a.href} href={a.href} onClick={() => setOpen(false)} className="rounded-md px-3 py-2.5 text-base font-medium hover:bg-accent">
              {t(a.key)}
            </a>
          ))}
          <Link to="/login" className="rounded-md px-3 py-2.5 text-base font-medium hover:bg-accent">
            {t("landing.nav.login")}
          </Link>
          <div className="flex items-center justify-between gap-3 px-3 pt-2">
            <LanguageSwitch />
            <PlainButtonLink to="/register">{t("landing.nav.getStarted")}</PlainButtonLink>
          </div>
        </nav>
      </div>
    </header>
  );
}
