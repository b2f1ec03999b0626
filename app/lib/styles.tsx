import { createContext, useContext } from "react";

/**
 * The app's stylesheet on the first document (decision 0056). A short screen a visitor lands on from
 * outside (sign-in, registration: `handle.inlineStyles`) gets it inline in <head>, so the first paint
 * waits for no second request; every other screen links the cached file. The server
 * provides the text (entry.server.tsx); in the browser the element the server wrote is kept as it is,
 * across every later navigation, so hydration and client navigations never swap or re-fetch it.
 */
export const InlineStylesContext = createContext<string | null>(null);

/** A route's handle asking for the stylesheet inline. */
export interface StylesHandle {
  inlineStyles: true;
}

/** Whether a route's handle asks for the stylesheet inline. */
export function wantsInlineStyles(handle: unknown): boolean {
  return !!handle && typeof handle === "object" && "inlineStyles" in handle && handle.inlineStyles === true;
}

const ID = "app-styles";

/** In the browser: what the server wrote (inline text or the file's address), read once. */
const written: { css: string | null } | null =
  typeof document === "undefined"
    ? null
    : (() => {
        const element = document.getElementById(ID);
        return { css: element instanceof HTMLStyleElement ? element.textContent : null };
      })();

export function AppStyles({ href, nonce }: { href: string; nonce?: string }) {
  const serverCss = useContext(InlineStylesContext);
  const css = written ? written.css : serverCss;
  if (css !== null) return <style id={ID} nonce={nonce} dangerouslySetInnerHTML={{ __html: css }} />;
  return <link id={ID} rel="stylesheet" href={href} nonce={nonce} />;
}
