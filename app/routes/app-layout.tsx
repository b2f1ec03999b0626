import { useSyncExternalStore } from "react";
import { Outlet, type ShouldRevalidateFunctionArgs } from "react-router";
import { VerifyEmailBanner } from "~/components/auth/verify-email-banner";
import { AppSidebar } from "~/components/shell/app-sidebar";
import { SidebarInset, SidebarProvider, SidebarTrigger } from "~/components/shell/sidebar";
import { ShellIconSprite, ShellLogoMark } from "~/components/shell/shell-icons";
import { ProfileSync } from "~/components/shell/profile-sync";
import { Logo } from "~/components/logo";
import { Toaster } from "~/components/ui/toaster";
import { TooltipProvider } from "~/components/ui/tooltip";
import { loadAccount } from "~/lib/account.server";
import { useT } from "~/lib/i18n";
import { useLegacyOnboardingHandover } from "~/lib/onboarding";
import { COOKIE, readCookie } from "~/lib/storage-keys";
import type { Route } from "./+types/app-layout";

/**
 * Private screens: the session cookie's user (decision 0041), or /login carrying the location (SPEC §2);
 * then the account data every signed-in screen reads (profile, quotas, providers, checklist), at the
 * edge as that user (decision 0051), so the first HTML shows the user menu, usage cards and banners.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { userId, account } = await loadAccount(request, context);
  return { sidebarOpen: readCookie(request.headers.get("Cookie"), COOKIE.sidebar) !== "false", userId, account };
}

/**
 * The account data is read again after a write (every route action, on any screen) and when a screen
 * asks for it (useRefreshQuota, Try again: a revalidation of the same address), not on every
 * navigation between screens: each screen's own loader checks the session for itself.
 */
export function shouldRevalidate({ currentUrl, nextUrl, formMethod, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  if (formMethod && formMethod.toUpperCase() !== "GET") return defaultShouldRevalidate;
  return currentUrl.href === nextUrl.href && defaultShouldRevalidate;
}

const noChanges = () => () => {};
const hydrated = () => true;
const notHydrated = () => false;

function Shell({ sidebarOpen, ready, children }: { sidebarOpen: boolean; ready: boolean; children: React.ReactNode }) {
  const t = useT();
  return (
    // Toasts and tooltips are used only by signed-in screens: public pages skip them.
    <TooltipProvider>
      <SidebarProvider defaultOpen={sidebarOpen}>
        <a href="#main" className="sr-only focus:not-sr-only focus:fixed focus:left-3 focus:top-3 focus:z-50 focus:rounded-md focus:bg-background focus:px-3 focus:py-2 focus:shadow">
          {t("app.skipToContent")}
        </a>
        <ShellIconSprite />
        <ProfileSync />
        <AppSidebar />
        <SidebarInset>
          <header className="sticky top-0 z-20 flex h-14 items-center gap-2 border-b bg-background/90 px-3 backdrop-blur md:hidden" data-testid="mobile-header">
            <SidebarTrigger />
            <Logo to="/" mark={<ShellLogoMark />} />
          </header>
          <div className="hidden h-12 items-center px-4 md:flex">
            <SidebarTrigger />
          </div>
          <main id="main" className="mx-auto w-full max-w-6xl flex-1 px-4 pb-10 pt-4 sm:px-6 md:pt-0" data-ready={ready ? "true" : undefined}>
            {children}
          </main>
          {/* Hidden while a screen restores a part of itself before it is shown (decision 0065): it would move down. */}
          <footer className="border-t px-6 py-4 text-center text-xs text-muted-foreground [main:has([data-restoring])~&]:invisible">{t("app.copyright", { year: new Date().getFullYear() })}</footer>
        </SidebarInset>
      </SidebarProvider>
      <Toaster closeLabel={t("app.close")} />
    </TooltipProvider>
  );
}

export default function AppLayout({ loaderData }: Route.ComponentProps) {
  // The server's HTML already shows the account data; `data-ready` says the shell now answers clicks (hydrated).
  const ready = useSyncExternalStore(noChanges, hydrated, notHydrated);
  useLegacyOnboardingHandover();
  return (
    <Shell sidebarOpen={loaderData.sidebarOpen} ready={ready}>
      <VerifyEmailBanner />
      <Outlet />
    </Shell>
  );
}
