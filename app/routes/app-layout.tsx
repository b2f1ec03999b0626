import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { Outlet, redirect, useLocation, useNavigate } from "react-router";
import { VerifyEmailBanner } from "~/components/auth/verify-email-banner";
import { AppSidebar } from "~/components/shell/app-sidebar";
import { SidebarInset, SidebarProvider, SidebarTrigger } from "~/components/shell/sidebar";
import { ProfileSync } from "~/components/shell/profile-sync";
import { Logo } from "~/components/logo";
import { Toaster } from "~/components/ui/toaster";
import { TooltipProvider } from "~/components/ui/tooltip";
import { getToken } from "~/lib/auth";
import { useT } from "~/lib/i18n";
import { COOKIE, readCookie } from "~/lib/storage-keys";
import type { Route } from "./+types/app-layout";

function loginRedirect(url: URL) {
  return redirect(`/login?redirectTo=${encodeURIComponent(url.pathname + url.search)}`);
}

/**
 * Private screens. The token lives in localStorage, so the server only sees a sign-in hint cookie:
 * without it the visitor goes to /login at once (no flash); with it the shell renders and the browser
 * checks the token itself.
 */
export function loader({ request }: Route.LoaderArgs) {
  const cookie = request.headers.get("Cookie");
  if (readCookie(cookie, COOKIE.signedIn) !== "1") throw loginRedirect(new URL(request.url));
  return { sidebarOpen: readCookie(cookie, COOKIE.sidebar) !== "false" };
}

export function clientLoader({ request }: Route.ClientLoaderArgs) {
  if (!getToken()) throw loginRedirect(new URL(request.url));
  return { sidebarOpen: readCookie(document.cookie, COOKIE.sidebar) !== "false" };
}

export default function AppLayout({ loaderData }: Route.ComponentProps) {
  const t = useT();
  const navigate = useNavigate();
  const location = useLocation();
  const [checked, setChecked] = useState(false);
  // The query cache (profile, quotas, listings) belongs to the signed-in area only, so public pages
  // do not ship the query library, and signing out leaves no cached data behind.
  const [queryClient] = useState(() => new QueryClient({ defaultOptions: { queries: { retry: false, refetchOnWindowFocus: false, refetchOnReconnect: false } } }));

  useEffect(() => {
    if (!getToken()) navigate(`/login?redirectTo=${encodeURIComponent(location.pathname + location.search)}`, { replace: true });
    else setChecked(true);
  }, [navigate, location.pathname, location.search]);

  return (
    // Toasts, tooltips and the query cache are used only by signed-in screens: public pages skip them.
    <QueryClientProvider client={queryClient}>
      <TooltipProvider>
        <SidebarProvider defaultOpen={loaderData.sidebarOpen}>
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
            <main id="main" className="mx-auto w-full max-w-6xl flex-1 px-4 pb-10 pt-4 sm:px-6 md:pt-0" data-ready={checked ? "true" : undefined}>
              <VerifyEmailBanner />
              <Outlet />
            </main>
            <footer className="border-t px-6 py-4 text-center text-xs text-muted-foreground">{t("app.copyright", { year: new Date().getFullYear() })}</footer>
          </SidebarInset>
        </SidebarProvider>
        <Toaster closeLabel={t("app.close")} />
      </TooltipProvider>
    </QueryClientProvider>
  );
}
