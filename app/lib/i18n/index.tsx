import { createContext, startTransition, use, useCallback, useContext, useMemo, useState, type ReactNode } from "react";
import { preloadModule } from "react-dom";
import type { Language } from "../../../schema/api";
import { COOKIE, STORAGE, safeLocalStorage, writeCookie } from "../storage-keys";
import * as common from "./catalog/common";
import type { MessageKey } from "./keys";

export type { MessageKey } from "./keys";

/**
 * An area's strings: English and Turkish with the same keys. In the browser build each language is a
 * chunk of its own (vite.config.ts, cataloguesPerLanguage): a table is there once `load(language)` has
 * resolved; the server build has both and the address of each language's chunk (`chunks`).
 */
export interface Catalogue {
  readonly en?: Readonly<Record<string, string>>;
  readonly tr?: Readonly<Record<string, string>>;
  readonly load?: (language: Language) => Promise<void>;
  readonly chunks?: Readonly<Partial<Record<Language, string>>>;
}

/** The shell's strings (errors, navigation, form checks): every page has them. */
export const BASE_CATALOGUES: readonly Catalogue[] = [common];

export type Vars = Record<string, string | number>;

/** The translate function handed to components and helpers. */
export type Translate = (key: MessageKey, vars?: Vars) => string;

/** The strings of one page: the base catalogues plus the ones its matched routes declare. */
class Messages {
  private readonly en: Record<string, string> = {};
  private readonly tr: Record<string, string> = {};

  constructor(catalogues: readonly Catalogue[]) {
    for (const catalogue of [...BASE_CATALOGUES, ...catalogues]) {
      Object.assign(this.en, catalogue.en);
      Object.assign(this.tr, catalogue.tr);
    }
  }

  /** Whether the page's catalogues hold the key: the one checked way to turn a computed string (a server's id) into a key. */
  has(key: string): key is MessageKey {
    return Object.hasOwn(this.en, key) || Object.hasOwn(this.tr, key);
  }

  /** Looks a key up (falling back to the other language, when loaded, then to the key) and fills {placeholders}. */
  translate(language: Language, key: MessageKey, vars?: Vars): string {
    const text = this[language][key] ?? this.en[key] ?? this.tr[key] ?? key;
    if (!vars) return text;
    return text.replace(/\{(\w+)\}/g, (match, name: string) => (name in vars ? String(vars[name]) : match));
  }
}

/** One Messages per set of catalogues (and languages loaded): navigating inside an area (or calling meta()) does not rebuild the dictionaries. */
const catalogueIds = new WeakMap<Catalogue, number>();
const cache = new Map<string, Messages>();
let lastId = 0;
function idOf(catalogue: Catalogue): number {
  let id = catalogueIds.get(catalogue);
  if (id === undefined) catalogueIds.set(catalogue, (id = ++lastId));
  return id;
}
export function messagesFor(catalogues: readonly Catalogue[]): Messages {
  const key = [...BASE_CATALOGUES, ...catalogues].map((catalogue) => `${idOf(catalogue)}${catalogue.en ? "e" : ""}${catalogue.tr ? "t" : ""}`).join(",");
  let messages = cache.get(key);
  if (!messages) cache.set(key, (messages = new Messages(catalogues)));
  return messages;
}

const loading = new Map<string, Promise<void>>();

/**
 * Null when every catalogue had the language's strings from the start (always on the server and in the
 * tests), else the promise of their chunks: the same one for the same set and language, also once it has
 * settled, for React's `use` to wait on and then read. React renders a component that suspended again
 * once the chunk has arrived, and that render must call `use` as the first did; answering null then (the
 * strings are there now) made it differ, and while the page hydrated React gave up on the server's HTML
 * and rendered the whole page again (errors 467 and 423, on about one load of My Shop in six).
 */
function cataloguesLoading(catalogues: readonly Catalogue[], language: Language): Promise<void> | null {
  const loadable = catalogues.filter((catalogue) => catalogue.load);
  if (loadable.length === 0) return null;
  const key = `${language}:${loadable.map(idOf).join(",")}`;
  const known = loading.get(key);
  if (known) return known;
  const missing = loadable.filter((catalogue) => !catalogue[language]);
  if (missing.length === 0) return null;
  const promise = Promise.all(missing.map((catalogue) => catalogue.load!(language))).then(() => undefined);
  loading.set(key, promise);
  return promise;
}

/** Waits (suspends) until the catalogues have the language's strings. */
export function useCatalogues(catalogues: readonly Catalogue[], language: Language) {
  const pending = cataloguesLoading(catalogues, language);
  if (pending) use(pending);
}

/** Translates a key of the base catalogues (the shell: error pages, the layout) outside React. */
export function translate(language: Language, key: MessageKey, vars?: Vars): string {
  return messagesFor([]).translate(language, key, vars);
}

export function isLanguage(value: unknown): value is Language {
  return value === "en" || value === "tr";
}

interface I18nValue {
  language: Language;
  setLanguage: (language: Language) => void;
  t: Translate;
  /** See Messages.has: narrows a computed string to a key the page can translate. */
  has: (key: string) => key is MessageKey;
  /** The catalogues of this part of the page (the matched routes', plus a CatalogueScope's). */
  catalogues: readonly Catalogue[];
}

const I18nContext = createContext<I18nValue | null>(null);

/**
 * The language and the page's strings. `catalogues` are the ones the matched routes declare in their
 * `handle` (the root passes them; a component test passes the areas it renders).
 */
export function I18nProvider({
  initialLanguage,
  catalogues = [],
  nonce,
  children,
}: {
  initialLanguage: Language;
  catalogues?: readonly Catalogue[];
  /** The response's CSP nonce, for the server's preloads of the catalogue chunks. */
  nonce?: string;
  children: ReactNode;
}) {
  const [language, setLanguageState] = useState<Language>(initialLanguage);
  const setLanguage = useCallback((next: Language) => {
    // A transition: the page stays as it is until the new language's strings have loaded.
    startTransition(() => setLanguageState(next));
    safeLocalStorage()?.setItem(STORAGE.language, next);
    writeCookie(COOKIE.language, next);
    if (typeof document !== "undefined") document.documentElement.lang = next;
  }, []);
  const all = [...BASE_CATALOGUES, ...catalogues];
  // The server names the chunks of the visitor's language in the page's <head>, so the browser fetches them with the page's scripts.
  if (import.meta.env.SSR) for (const href of all.map((catalogue) => catalogue.chunks?.[language])) if (href) preloadModule(href, { as: "script", nonce });
  // Every hook before the wait, so the render after it reaches the same hooks as the one that waited.
  const value = useI18nValue(language, setLanguage, catalogues);
  useCatalogues(all, language);
  return <I18nContext.Provider value={value}>{children}</I18nContext.Provider>;
}

function useI18nValue(language: Language, setLanguage: (language: Language) => void, catalogues: readonly Catalogue[]): I18nValue {
  const messages = messagesFor(catalogues);
  return useMemo<I18nValue>(
    () => ({ language, setLanguage, catalogues, t: (k, vars) => messages.translate(language, k, vars), has: (k): k is MessageKey => messages.has(k) }),
    [language, setLanguage, catalogues, messages],
  );
}

/**
 * A part of a screen that is loaded on its own (after the first paint) and brings its own catalogues, so
 * the route's first bundle holds only the strings of what the visitor sees first (decision 0027). Inside,
 * `t` knows the page's catalogues plus these; the language is the page's.
 */
export function CatalogueScope({ catalogues, children }: { catalogues: readonly Catalogue[]; children: ReactNode }) {
  const page = useI18n();
  const all = useMemo(() => [...new Set([...page.catalogues, ...catalogues])], [page.catalogues, catalogues]);
  const value = useI18nValue(page.language, page.setLanguage, all);
  // After every hook, as in I18nProvider.
  useCatalogues(catalogues, page.language);
  return <I18nContext.Provider value={value}>{children}</I18nContext.Provider>;
}

export function useI18n(): I18nValue {
  const value = useContext(I18nContext);
  if (!value) throw new Error("useI18n must be used inside <I18nProvider>");
  return value;
}

/** The translate function of the current language. */
export function useT() {
  return useI18n().t;
}
