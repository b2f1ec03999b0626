import { createContext, useCallback, useContext, useEffect, useMemo, useState, useSyncExternalStore, type ReactNode } from "react";
import type { Theme } from "../../schema/api";
import { COOKIE, STORAGE, safeLocalStorage, writeCookie } from "./storage-keys";

interface ThemeValue {
  /** The theme on screen: the saved choice, else the system preference. */
  theme: Theme;
  /** The saved choice, or null when the system decides. */
  choice: Theme | null;
  setTheme: (theme: Theme) => void;
  toggleTheme: () => void;
}

const ThemeContext = createContext<ThemeValue | null>(null);

function systemTheme(): Theme {
  if (typeof window === "undefined" || !window.matchMedia) return "light";
  return window.matchMedia("(prefers-color-scheme: dark)").matches ? "dark" : "light";
}

/** Follows the system's colour scheme as it changes. */
function subscribeSystemTheme(onChange: () => void) {
  const media = typeof window !== "undefined" ? window.matchMedia?.("(prefers-color-scheme: dark)") : undefined;
  media?.addEventListener("change", onChange);
  return () => media?.removeEventListener("change", onChange);
}

/**
 * The saved theme lives in localStorage (SPEC) and in a cookie, so the server renders <html> with the
 * right class and the first paint is already right. With no saved choice, CSS follows the system.
 */
export function ThemeProvider({ initialChoice, children }: { initialChoice: Theme | null; children: ReactNode }) {
  const [choice, setChoice] = useState<Theme | null>(initialChoice);
  // The server (and hydration) assume the saved choice, else light; the browser's answer follows at once.
  const system = useSyncExternalStore(subscribeSystemTheme, systemTheme, () => initialChoice ?? "light");

  useEffect(() => {
    const stored = safeLocalStorage()?.getItem(STORAGE.theme);
    if ((stored === "light" || stored === "dark") && stored !== choice) apply(stored, setChoice);
    if (!stored && choice) safeLocalStorage()?.setItem(STORAGE.theme, choice);
    // Only on mount: reconcile the cookie with localStorage once.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const setTheme = useCallback((next: Theme) => apply(next, setChoice), []);
  const theme = choice ?? system;
  const value = useMemo<ThemeValue>(() => ({ theme, choice, setTheme, toggleTheme: () => setTheme(theme === "dark" ? "light" : "dark") }), [theme, choice, setTheme]);
  return <ThemeContext.Provider value={value}>{children}</ThemeContext.Provider>;
}

function apply(next: Theme, setChoice: (t: Theme) => void) {
  setChoice(next);
  safeLocalStorage()?.setItem(STORAGE.theme, next);
  writeCookie(COOKIE.theme, next);
  const root = document.documentElement;
  root.classList.toggle("dark", next === "dark");
  root.classList.toggle("light", next === "light");
}

export function useTheme(): ThemeValue {
  const value = useContext(ThemeContext);
  if (!value) throw new Error("useTheme must be used inside <ThemeProvider>");
  return value;
}
