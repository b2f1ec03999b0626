/**
 * Local development: http://localhost, 127.0.0.1 or [::1], the one origin where cookies go without
 * Secure (issue 23). Shared by the screens (the sign-in hint cookie) and the Worker (the Etsy state cookie).
 */
export function isLocalDevelopment(url: Pick<URL, "protocol" | "hostname">): boolean {
  return url.protocol === "http:" && ["localhost", "127.0.0.1", "[::1]"].includes(url.hostname);
}
