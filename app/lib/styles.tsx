import { createContext, useContext } from "react";
import { useMatches } from "react-router";

/**
 * The app's stylesheets on the page (decision 0061, after 0056). The screens visitors land on from outside
 * get app/styles/entry.css, only those screens' utilities (`handle.entryStyles`): sign-in and registration
 * inline in their first HTML, so their short page paints without a request; the long landing page as a
 * small linked file, so the browser lays the whole page out once before its first paint (inline, it paints
 * the hero early and lays the rest out afterwards, as blocking time). Every other screen links the full
 * app/app.css. All are React stylesheet resources of one precedence: React keeps each once it is in the
 * document (it never removes one), the entry sheet stays first, and a client navigation (the router's
 * navigations are transitions) to a screen that needs the full sheet waits until it has loaded, so no
 * screen ever paints unstyled. The entry sheet's utilities are a subset of the full sheet's, in the same
 * order, so the two together style every element as the full sheet alone would.
 */
export const InlineStylesContext = createContext<string | null>(null);

/** A route's handle asking for the entry screens' stylesheet, inline or as a linked file. */
export interface StylesHandle {
  entryStyles: "inline" | "linked";
}

/** How a route's handle asks for the entry screens' stylesheet, if it does. */
export function entryStylesOf(handle: unknown): StylesHandle["entryStyles"] | null {
  if (!handle || typeof handle !== "object" || !("entryStyles" in handle)) return null;
  return handle.entryStyles === "inline" || handle.entryStyles === "linked" ? handle.entryStyles : null;
}

/** The inline sheet's key as a React style resource (written as data-href="..."). */
const ENTRY_STYLES_KEY = "listora-entry-styles";
const PRECEDENCE = "app";

/** In the browser: what the server wrote, read once (the inline sheet's text is not in the scripts). */
const written: { css: string | null; linked: boolean } | null =
  typeof document === "undefined"
    ? null
    : {
        css: document.querySelector(`style[data-href~="${ENTRY_STYLES_KEY}"]`)?.textContent ?? null,
        linked: !!document.querySelector("link[data-entry-styles]"),
      };

export function AppStyles({ href, entryHref, nonce }: { href: string; entryHref: string; nonce?: string }) {
  const serverCss = useContext(InlineStylesContext);
  const modes = useMatches().map((match) => entryStylesOf(match.handle));
  const entryScreen = modes.some((mode) => mode !== null);
  const css = written ? written.css : serverCss;
  const linked = written ? written.linked : serverCss === null && modes.includes("linked");
  // The full sheet when the document began without the entry sheet, or on any other screen.
  const full = (css === null && !linked) || !entryScreen;
  return (
    <>
      {css !== null && (
        <style href={ENTRY_STYLES_KEY} precedence={PRECEDENCE} nonce={nonce}>
          {css}
        </style>
      )}
      {linked && <link rel="stylesheet" href={entryHref} precedence={PRECEDENCE} nonce={nonce} data-entry-styles="" />}
      {full && <link rel="stylesheet" href={href} precedence={PRECEDENCE} nonce={nonce} />}
      {/* Fetched when the page is idle, so going on to another screen does not wait for it. In a slot of its
          own: React refuses to turn one <link> element into a stylesheet resource or back. */}
      {!full && <link rel="prefetch" href={href} as="style" nonce={nonce} />}
    </>
  );
}
