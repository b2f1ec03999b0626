import { useEffect } from "react";
import { Links, Meta, Outlet, Scripts, ScrollRestoration, isRouteErrorResponse, redirect, useMatches, useNavigate, useRouteLoaderData } from "react-router";
import type { Route } from "./+types/root";
import stylesheet from "./app.css?url";
import entryStylesheet from "./styles/entry.css?url";
import { registerNavigator } from "./lib/navigator";
import { PAGE_COOKIES, pagePreferences } from "../shared/pages/preferences";
import { LANGUAGES, type Language } from "../schema/api/preferences";
import { pageCookie } from "./lib/storage-keys";
import { BASE_CATALOGUES, I18nProvider, translate, useCatalogues } from "./lib/i18n";
import { routeCatalogues } from "./lib/i18n/route";
import { useNonce } from "./lib/nonce";
import { AppStyles } from "./lib/styles";
import { ThemeProvider } from "./lib/theme";

export const links: Route.LinksFunction = () => [
  { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
  { rel: "manifest", href: "/manifest.webmanifest" },
];

/**
 * Theme and language come from cookies so the server paints the page right the first time; the user
 * comes from the HttpOnly session cookie (decision 0041), so every screen knows who is signed in from
 * the first byte (no flash of the landing page).
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  chosenLanguage(request);
  return { ...pagePreferences(request.headers.get("Cookie"), request.headers.get("Accept-Language")), user: await context.listora.user() };
}

/**
 * The language switch is a link (`?lang=tr`), so a click before the page's JavaScript has loaded (a slow
 * phone) still switches: the choice is saved in the language cookie and the visitor lands on the same
 * address without the parameter. With JavaScript the switch changes the language in place and never follows the link.
 */
function chosenLanguage(request: Request) {
  const url = new URL(request.url);
  const lang = url.searchParams.get("lang");
  if (lang === null || request.method !== "GET") return;
  url.searchParams.delete("lang");
  const headers = new Headers();
  if ((LANGUAGES as readonly string[]).includes(lang)) headers.set("Set-Cookie", pageCookie(PAGE_COOKIES.language, lang as Language, url));
  throw redirect(`${url.pathname}${url.search}`, { headers });
}

export function Layout({ children }: { children: React.ReactNode }) {
  const data = useRouteLoaderData<typeof loader>("root");
  const language = data?.language ?? "en";
  const nonce = useNonce();
  return (
    <html lang={language} className={data?.theme ?? undefined} suppressHydrationWarning>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#4f46e5" />
        <AppStyles href={stylesheet} entryHref={entryStylesheet} nonce={nonce} />
        <Meta />
        <Links />
      </head>
      <body className="min-h-dvh">
        {children}
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
      </body>
    </html>
  );
}

function NavigatorBridge() {
  const navigate = useNavigate();
  useEffect(() => {
    registerNavigator((to) => navigate(to, { replace: true }));
    return () => registerNavigator(null);
  }, [navigate]);
  return null;
}

export default function App({ loaderData }: Route.ComponentProps) {
  // The strings of the matched routes' areas (their `handle.i18n`), the same on the server and in the browser.
  const catalogues = routeCatalogues(useMatches());
  const nonce = useNonce();
  return (
    <I18nProvider initialLanguage={loaderData.language} catalogues={catalogues} nonce={nonce}>
      <ThemeProvider initialChoice={loaderData.theme}>
        <NavigatorBridge />
        <Outlet />
      </ThemeProvider>
    </I18nProvider>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const data = useRouteLoaderData<typeof loader>("root");
  const language = data?.language ?? "en";
  useCatalogues(BASE_CATALOGUES, language);
  let title = translate(language, "errors.generic");
  let details = "";
  if (isRouteErrorResponse(error)) {
    title = error.status === 404 ? translate(language, "notFound.title") : `${error.status} ${error.statusText}`;
  } else if (import.meta.env.DEV && error instanceof Error) {
    details = error.message;
  }
  return (
    <main className="mx-auto flex min-h-dvh max-w-lg flex-col items-center justify-center gap-4 p-6 text-center">
      <h1 className="text-2xl font-semibold">{title}</h1>
      {details && <pre className="w-full overflow-x-auto rounded-md bg-muted p-3 text-left text-xs">{details}</pre>}
      <a href="/" className="text-primary underline underline-offset-4">
        {translate(language, "notFound.home")}
      </a>
    </main>
  );
}
