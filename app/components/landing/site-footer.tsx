import { Link } from "react-router";
import { Logo } from "~/components/logo";
import { useT } from "~/lib/i18n";

export function SiteFooter() {
  const t = useT();
  return (
    <footer className="border-t bg-muted/30">
      <div className="mx-auto grid max-w-6xl gap-8 px-4 py-12 sm:px-6 md:grid-cols-[2fr_1fr_1fr]">
        <div>
          <Logo to="/landing" showBeta betaLabel={t("app.beta")} />
          <p className="mt-3 max-w-sm text-sm text-muted-foreground">{t("landing.footer.tagline")}</p>
        </div>
        <nav aria-label={t("landing.footer.product")}>
          <h2 className="text-sm font-semibold">{t("landing.footer.product")}</h2>
          <ul className="mt-3 grid gap-2 text-sm text-muted-foreground">
            <li>
              <a href="#features" className="hover:text-foreground">
                {t("landing.nav.features")}
              </a>
            </li>
            <li>
              <a href="#how-it-works" className="hover:text-foreground">
                {t("landing.nav.howItWorks")}
              </a>
            </li>
          </ul>
        </nav>
        <nav aria-label={t("landing.footer.account")}>
          <h2 className="text-sm font-semibold">{t("landing.footer.account")}</h2>
          <ul className="mt-3 grid gap-2 text-sm text-muted-foreground">
            <li>
              <Link to="/login" className="hover:text-foreground">
                {t("landing.nav.login")}
              </Link>
            </li>
            <li>
              <Link to="/register" className="hover:text-foreground">
                {t("landing.footer.register")}
              </Link>
            </li>
          </ul>
        </nav>
      </div>
      <p className="border-t px-4 py-5 text-center text-xs text-muted-foreground">{t("app.copyright", { year: new Date().getFullYear() })}</p>
    </footer>
  );
}
