import { createContext, useContext } from "react";
import { useMatches } from "react-router";

/**
 * The app's stylesheets on the page (decision 0061, after 0056). The screens visitors land on from outside
 * (the landing page, sign-in, registration: `handle.inlineStyles`) get app/styles/entry.css inline in
 * their first HTML: only those screens' utilities, so the first paint waits for no request and parses a
 * small sheet. Every other screen links the full app/app.css, a cached file. Both are React stylesheet
 * resources of one precedence: React keeps each once it is in the document (it never removes one), the
 * inline sheet stays first, and a client navigation to a screen that needs the full sheet waits (the
 * router's navigations are transitions) until the sheet has loaded, so no screen ever paints unstyled.
 * The inline sheet's utilities are a subset of the full sheet's, in the same order, so the two together
 * style every element as the full sheet alone would.
 */
export const InlineStylesContext = createContext<string | null>(null);

/** A route's handle asking for the entry screens' stylesheet inline. */
export interface StylesHandle {
  inlineStyles: true;
}

/** Whether a route's handle asks for the entry screens' stylesheet inline. */
export function wantsInlineStyles(handle: unknown): boolean {
  return !!handle && typeof handle === "object" && "inlineStyles" in handle && handle.inlineStyles === true;
}

/** The inline sheet's key as a React style resource (written as data-href="..."). */
export const ENTRY_STYLES_KEY = "listora-entry-styles";
const PRECEDENCE = "app";

/** In the browser: the inline sheet the server wrote, if any, read once (its text is not in the scripts). */
const written: string | null | undefined =
  typeof document === "undefined" ? undefined : (document.querySelector(`style[data-href~="${ENTRY_STYLES_KEY}"]`)?.textContent ?? null);

export function AppStyles({ href, nonce }: { href: string; nonce?: string }) {
  const serverCss = useContext(InlineStylesContext);
  const entryScreen = useMatches().some((match) => wantsInlineStyles(match.handle));
  const css = written === undefined ? serverCss : written;
  // The full sheet when the document began without the inline one, or on any other screen.
  const full = css === null || !entryScreen;
  return (
    <>
      {css !== null && (
        <style href={ENTRY_STYLES_KEY} precedence={PRECEDENCE} nonce={nonce}>
          {css}
        </style>
      )}
      {full && <link rel="stylesheet" href={href} precedence={PRECEDENCE} nonce={nonce} />}
      {/* Fetched when the page is idle, so going on to another screen does not wait for it. In a slot of its
          own: React refuses to turn one <link> element into a stylesheet resource or back. */}
      {!full && <link rel="prefetch" href={href} as="style" nonce={nonce} />}
    </>
  );
}
