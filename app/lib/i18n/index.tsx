import { createContext, useCallback, useContext, useMemo, useState, type ReactNode } from "react";
import type { Language } from "../../../schema/api";
import { COOKIE, STORAGE, safeLocalStorage, writeCookie } from "../storage-keys";
import { catalogues } from "./catalog";
import type { MessageKey } from "./keys";

export type { MessageKey } from "./keys";

type Dictionary = Record<string, string>;

const dictionaries: Record<Language, Dictionary> = { en: {}, tr: {} };
for (const catalogue of catalogues) {
  Object.assign(dictionaries.en, catalogue.en);
  Object.assign(dictionaries.tr, catalogue.tr);
}

/**
 * Adds an area's strings. Areas register themselves when their screen's code is imported, so a page
 * ships only the catalogues it uses (the shell's common strings are always there).
 */
export function registerCatalogue(catalogue: { en: Record<string, string>; tr: Record<string, string> }) {
  Object.assign(dictionaries.en, catalogue.en);
  Object.assign(dictionaries.tr, catalogue.tr);
}

export type Vars = Record<string, string | number>;

/** The translate function handed to components and helpers. */
export type Translate = (key: MessageKey, vars?: Vars) => string;

/** Looks a key up (Turkish falls back to English, then to the key) and fills {placeholders}. */
export function translate(language: Language, key: MessageKey, vars?: Vars): string {
  const text = dictionaries[language][key] ?? dictionaries.en[key] ?? key;
  if (!vars) return text;
  return text.replace(/\{(\w+)\}/g, (match, name: string) => (name in vars ? String(vars[name]) : match));
}

function isMessageKey(key: string): key is MessageKey {
  return Object.hasOwn(dictionaries.en, key) || Object.hasOwn(dictionaries.tr, key);
}

export function isLanguage(value: unknown): value is Language {
  return value === "en" || value === "tr";
}

interface I18nValue {
  language: Language;
  setLanguage: (language: Language) => void;
  t: Translate;
  /** Narrows a computed string (a server's id) to a key the catalogues hold: the one checked cast. */
  has: (key: string) => key is MessageKey;
}

const I18nContext = createContext<I18nValue | null>(null);

export function I18nProvider({ initialLanguage, children }: { initialLanguage: Language; children: ReactNode }) {
  const [language, setLanguageState] = useState<Language>(initialLanguage);
  const setLanguage = useCallback((next: Language) => {
    setLanguageState(next);
    safeLocalStorage()?.setItem(STORAGE.language, next);
    writeCookie(COOKIE.language, next);
    if (typeof document !== "undefined") document.documentElement.lang = next;
  }, []);
  const value = useMemo<I18nValue>(() => ({ language, setLanguage, t: (key, vars) => translate(language, key, vars), has: isMessageKey }), [language, setLanguage]);
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
