/**
 * The pure rules around saved keyword lists (merging a selection into a list, turning a list back into
 * selected rows), kept free of React so they are tested directly.
 */
import { dedupeKeywords, KEYWORD_LIST_LIMITS, keywordKey, type KeywordList, type SavedKeyword } from "../../../schema/api/keyword-lists";
import type { KeywordRow } from "./keyword-model";

/** A selected row as a saved keyword: the phrase and the figures it was chosen with. */
export function toSavedKeyword(row: KeywordRow): SavedKeyword {
  return {
    keyword: row.keyword,
    popularity: row.popularity,
    competition: Math.round(row.competition * 100) / 100,
    trend: row.trend,
    ...(row.volumeSource ? { searchVolume: row.searchVolume ?? null } : {}),
  };
}

/** A ticked row as a form posts it (keyword-table.tsx): a saved keyword as JSON, or a bare phrase. */
export function tickedKeyword(value: string): SavedKeyword {
  try {
    const parsed = JSON.parse(value) as unknown;
    if (parsed && typeof parsed === "object" && !Array.isArray(parsed)) return parsed as SavedKeyword;
  } catch {
    /* a bare phrase */
  }
  return { keyword: value };
}

/**
 * The rows of a search that a page posted without JavaScript ticked (their keywords, as keywordKey
 * reads them; decision 0074), in the search's order and marked selected: that page's selection.
 */
export function tickedRows(rows: readonly KeywordRow[], ticked: readonly string[]): KeywordRow[] {
  const keys = new Set(ticked);
  return rows.filter((row) => keys.has(keywordKey(row.keyword))).map((row) => ({ ...row, selected: true }));
}

/** A list's keywords followed by the new ones it does not hold yet; null when that passes the 200 limit. */
export function mergeKeywords(existing: readonly SavedKeyword[], added: readonly SavedKeyword[]): SavedKeyword[] | null {
  const merged = dedupeKeywords([...existing, ...added]);
  return merged.length > KEYWORD_LIST_LIMITS.keywordsMax ? null : merged;
}

/**
 * A saved list as selected rows. A keyword that is also a row of the current search takes that row (and
 * its id), so the table shows it ticked; the others keep their saved figures under a stable id.
 */
export function listToRows(list: Pick<KeywordList, "keywords">, currentRows: readonly KeywordRow[]): KeywordRow[] {
  const byKey = new Map(currentRows.map((r) => [keywordKey(r.keyword), r]));
  const ids = new Set<string>();
  return list.keywords.map((k, index) => {
    const row = byKey.get(keywordKey(k.keyword));
    if (row) return { ...row, selected: true };
    let id = `saved-${
      keywordKey(k.keyword)
        .replace(/[^a-z0-9]+/g, "-")
        .replace(/^-|-$/g, "") || "keyword"
    }`;
    if (ids.has(id)) id = `${id}-${index + 1}`;
    ids.add(id);
    return {
      id,
      keyword: k.keyword,
      popularity: k.popularity ?? 0,
      competition: k.competition ?? 0,
      trend: k.trend ?? "stable",
      selected: true,
      popularitySource: "sample",
      competitionSource: "sample",
      searchVolume: k.searchVolume ?? null,
      volumeSource: null,
      monthlySearches: null,
    } satisfies KeywordRow;
  });
}
