/**
 * Catalogues per route module: each route declares the areas its screen needs in its `handle`
 * (`export const handle = { i18n: [wizard] } satisfies I18nHandle`); the root collects the matched
 * routes' catalogues for the provider, and meta() reads the same ones, so server and browser agree and
 * a page's bundle holds only its own areas.
 */
import type { Language } from "../../../schema/api";
import { isLanguage, messagesFor, type Catalogue, type MessageKey, type Vars } from ".";

export interface I18nHandle {
  i18n: readonly Catalogue[];
}

interface MatchLike {
  id: string;
  handle?: unknown;
  data?: unknown;
}

function declared(handle: unknown): readonly Catalogue[] {
  if (!handle || typeof handle !== "object" || !("i18n" in handle)) return [];
  return Array.isArray(handle.i18n) ? handle.i18n : [];
}

/** The catalogues the matched routes declare, parents first, each once. */
export function routeCatalogues(matches: readonly (MatchLike | undefined)[]): Catalogue[] {
  return [...new Set(matches.flatMap((match) => declared(match?.handle)))];
}

/** The visitor's language, as the root loader read it from the cookie or Accept-Language. */
export function matchesLanguage(matches: readonly (MatchLike | undefined)[]): Language {
  const root = matches.find((match) => match?.id === "root")?.data;
  const language = root && typeof root === "object" && "language" in root ? root.language : null;
  return isLanguage(language) ? language : "en";
}

/** A meta() title (or description) in the visitor's language, from the matched routes' catalogues. */
export function metaText(matches: readonly (MatchLike | undefined)[], key: MessageKey, vars?: Vars): string {
  return messagesFor(routeCatalogues(matches)).translate(matchesLanguage(matches), key, vars);
}
