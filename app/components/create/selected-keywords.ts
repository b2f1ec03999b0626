/**
 * The shared selected-keywords list (SPEC §3 Keyword): filled by the SEO screen, edited here, kept in
 * localStorage under STORAGE.selectedKeywords on every change. Pure functions, tested directly.
 */
import { useCallback, useMemo, useSyncExternalStore } from "react";
import { STORAGE, safeLocalStorage } from "~/lib/storage-keys";

export interface SelectedKeyword {
  id: string;
  /** May be missing in what another screen stored; shown as 'Unknown keyword'. */
  keyword?: string;
  popularity: number;
  competition: number;
  trend: string;
  selected: boolean;
}

const textKey = (keyword: string | undefined) => (keyword ?? "").trim().toLocaleLowerCase();

/** Without duplicates by id, and (for keywords that have a text) by text, case-insensitively. */
export function dedupeKeywords(list: readonly SelectedKeyword[]): SelectedKeyword[] {
  const ids = new Set<string>();
  const texts = new Set<string>();
  const out: SelectedKeyword[] = [];
  for (const item of list) {
    const text = textKey(item.keyword);
    if (ids.has(item.id) || (text && texts.has(text))) continue;
    ids.add(item.id);
    if (text) texts.add(text);
    out.push(item);
  }
  return out;
}

/** Whatever is stored, as a clean list: entries without an id are dropped, numbers default to 0. */
export function parseSelectedKeywords(raw: string | null | undefined): SelectedKeyword[] {
  if (!raw) return [];
  let data: unknown;
  try {
    data = JSON.parse(raw);
  } catch {
    return [];
  }
  if (!Array.isArray(data)) return [];
  const list: SelectedKeyword[] = [];
  for (const item of data) {
    if (!item || typeof item !== "object") continue;
    const record = item as Record<string, unknown>;
    const id = typeof record.id === "string" || typeof record.id === "number" ? String(record.id) : "";
    if (!id) continue;
    list.push({
      id,
      keyword: typeof record.keyword === "string" && record.keyword.trim() ? record.keyword : undefined,
      popularity: Number(record.popularity) || 0,
      competition: Number(record.competition) || 0,
      trend: typeof record.trend === "string" ? record.trend : "stable",
      selected: record.selected !== false,
    });
  }
  return dedupeKeywords(list);
}

function slug(text: string) {
  return (
    text
      .toLocaleLowerCase()
      .normalize("NFKD")
      .replace(/[^a-z0-9]+/g, "-")
      .replace(/^-|-$/g, "")
      .slice(0, 40) || "keyword"
  );
}

/** SPEC §3: a manual keyword gets a 'manual-' id, popularity 0, competition 0, trend 'stable', selected. */
export function manualKeyword(text: string, now = Date.now()): SelectedKeyword {
  return { id: `manual-${slug(text)}-${now.toString(36)}`, keyword: text, popularity: 0, competition: 0, trend: "stable", selected: true };
}

/** Adds a typed keyword: trimmed, ignored when empty or already in the list (any case). */
export function addManualKeyword(list: readonly SelectedKeyword[], input: string, now = Date.now()): { list: SelectedKeyword[]; added: boolean } {
  const text = input.trim();
  if (!text) return { list: [...list], added: false };
  if (list.some((k) => textKey(k.keyword) === text.toLocaleLowerCase())) return { list: [...list], added: false };
  const next = dedupeKeywords([...list, manualKeyword(text, now)]);
  return { list: next, added: next.length > list.length };
}

/** Screens of this tab that show the list: told when this tab writes it (other tabs fire 'storage'). */
const listeners = new Set<() => void>();

function subscribe(onChange: () => void) {
  const onStorage = (event: StorageEvent) => {
    if (event.key === STORAGE.selectedKeywords) onChange();
  };
  listeners.add(onChange);
  window.addEventListener("storage", onStorage);
  return () => {
    listeners.delete(onChange);
    window.removeEventListener("storage", onStorage);
  };
}

const storedText = () => safeLocalStorage()?.getItem(STORAGE.selectedKeywords) ?? null;
/** The server does not know this browser's list: undefined until the browser reads it. */
const unknownOnServer = () => undefined;

/**
 * The list kept in this browser (SPEC §4: selected keywords stay in local storage, decision 0049),
 * written back on every change; another tab's change shows too. `known` is false while the page is
 * rendered on the server and hydrating, so nothing claims 'No keywords selected.' before it is read.
 */
export function useSelectedKeywords(sent?: readonly SelectedKeyword[] | null) {
  // A list the address sends (Create's ?list=<id>, decision 0057) is what the server renders; the
  // browser takes it over as its stored list (`update`) as soon as it runs.
  const sentText = sent ? JSON.stringify(sent) : undefined;
  const serverText = useCallback(() => sentText, [sentText]);
  const stored = useSyncExternalStore(subscribe, storedText, sentText === undefined ? unknownOnServer : serverText);
  const keywords = useMemo(() => parseSelectedKeywords(stored), [stored]);

  const update = useCallback((next: readonly SelectedKeyword[]) => {
    safeLocalStorage()?.setItem(STORAGE.selectedKeywords, JSON.stringify(next));
    for (const listener of listeners) listener();
  }, []);

  const add = useCallback(
    (text: string) => {
      const result = addManualKeyword(keywords, text);
      if (result.added) update(result.list);
      return result.added;
    },
    [keywords, update],
  );

  const remove = useCallback((id: string) => update(keywords.filter((k) => k.id !== id)), [keywords, update]);

  return { keywords, known: stored !== undefined, add, remove, replace: update };
}
