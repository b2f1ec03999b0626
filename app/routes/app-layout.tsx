import { useEffect } from "react";
import { Outlet, type ShouldRevalidateFunctionArgs } from "react-router";
import { VerifyEmailBanner } from "~/components/auth/verify-email-banner";
import { AppSidebar } from "~/components/shell/app-sidebar";
import { SidebarInset, SidebarProvider, SidebarTrigger } from "~/components/shell/sidebar";
import { ProfileSync } from "~/components/shell/profile-sync";
import { Logo } from "~/components/logo";
import { Toaster } from "~/components/ui/toaster";
import { TooltipProvider } from "~/components/ui/tooltip";
import { loadAccount } from "~/lib/account";
import { useT } from "~/lib/i18n";
import { useOnboardingRefresh } from "~/lib/onboarding";
import { requireUser } from "~/lib/session.server";
import { COOKIE, readCookie } from "~/lib/storage-keys";
import type { Route } from "./+types/app-layout";

/** Private screens: the session cookie's user (decision 0041), or /login carrying the location (SPEC §2). */
export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await requireUser(request, context);
  return { sidebarOpen: readCookie(request.headers.get("Cookie"), COOKIE.sidebar) !== "false", userId: user.id };
}

/** The server's sign-in check, then the account data every signed-in screen reads (decision 0024). */
export async function clientLoader({ serverLoader }: Route.ClientLoaderArgs) {
  const server = await serverLoader();
  return { ...server, account: await loadAccount(server.userId) };
}
// No HydrateFallback: the server renders the shell from its own loader (each screen shows its skeleton
// inside it) and this clientLoader runs on hydration, so the shell a visitor may already use stays mounted.
clientLoader.hydrate = true as const;

/**
 * Account data is read again when a screen asks for it (revalidate() after a use, or a form action),
 * not on every navigation between screens; a token that has gone meanwhile (signed out in another tab)
 * runs the check again.
 */
export function shouldRevalidate({ currentUrl, nextUrl, formMethod, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  if (!accountShown) return true;
  if (formMethod && formMethod.toUpperCase() !== "GET") return defaultShouldRevalidate;
  return currentUrl.href === nextUrl.href && defaultShouldRevalidate;
}

/**
 * Whether the shell on screen shows the account data. A navigation started before the first load
 * finished (a click during hydration) cancels that load and leaves the server's data: the next
 * navigation then loads the account data even though it is not a revalidation.
 */
let accountShown = false;

function Shell({ sidebarOpen, ready, children }: { sidebarOpen: boolean; ready: boolean; children: React.ReactNode }) {
  const t = useT();
  return (
    // Toasts and tooltips are used only by signed-in screens: public pages skip them.
    <TooltipProvider>
      <SidebarProvider defaultOpen={sidebarOpen}>
        <a href="#main" className="sr-only focus:not-sr-only focus:fixed focus:left-3 focus:top-3 focus:z-50 focus:rounded-md focus:bg-background focus:px-3 focus:py-2 focus:shadow">
          {t("app.skipToContent")}
        </a>
        <ProfileSync />
        <AppSidebar />
        <SidebarInset>
          <header className="sticky top-0 z-20 flex h-14 items-center gap-2 border-b bg-background/90 px-3 backdrop-blur md:hidden" data-testid="mobile-header">
            <SidebarTrigger />
            <Logo to="/" />
          </header>
          <div className="hidden h-12 items-center px-4 md:flex">
            <SidebarTrigger />
          </div>
          <main id="main" className="mx-auto w-full max-w-6xl flex-1 px-4 pb-10 pt-4 sm:px-6 md:pt-0" data-ready={ready ? "true" : undefined}>
            {children}
          </main>
          <footer className="border-t px-6 py-4 text-center text-xs text-muted-foreground">{t("app.copyright", { year: new Date().getFullYear() })}</footer>
        </SidebarInset>
      </SidebarProvider>
      <Toaster closeLabel={t("app.close")} />
    </TooltipProvider>
  );
}

export default function AppLayout({ loaderData }: Route.ComponentProps) {
  const ready = "account" in loaderData;
  useOnboardingRefresh();
  useEffect(() => {
    accountShown = ready;
    return () => {
      accountShown = false;
    };
  }, [ready]);
  return (
    <Shell sidebarOpen={loaderData.sidebarOpen} ready={ready}>
      <VerifyEmailBanner />
      <Outlet />
    </Shell>
  );
}
