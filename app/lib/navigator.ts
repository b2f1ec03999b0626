/**
 * The router's navigate function, registered by the root so a 401 (app/lib/api.ts) can send the user to
 * /login without a reload. Its own module: the root imports it on every page, the API client only where
 * a screen calls the API (the landing page does not).
 */
let navigate: ((to: string) => void) | null = null;

export function registerNavigator(fn: ((to: string) => void) | null) {
  navigate = fn;
}

/** Navigates in the router when it is there, else by a full page load. */
export function navigateTo(to: string) {
  if (navigate) navigate(to);
  else window.location.assign(to);
}
