/**
 * Saved keyword lists (GET/POST /api/keyword-lists, GET/PUT/DELETE /api/keyword-lists/:id): request
 * schemas, limits and response types, shared by the SEO screen and worker/api/keyword-lists.ts.
 * Decision 0019.
 */
import * as v from "valibot";

export const KEYWORD_LIST_LIMITS = {
  nameMax: 60,
  keywordsMax: 200,
  keywordMax: 100,
  listsPerUser: 50,
} as const;

const TRENDS = ["increasing", "declining", "stable"] as const;

/** One saved keyword: the phrase and, when the seller had them, the figures it was chosen with. */
export interface SavedKeyword {
  keyword: string;
  popularity?: number;
  competition?: number;
  trend?: (typeof TRENDS)[number];
  searchVolume?: number | null;
}

const ListName = v.pipe(
  v.string("List name must be text"),
  v.trim(),
  v.nonEmpty("List name is required"),
  v.maxLength(KEYWORD_LIST_LIMITS.nameMax, `List name must not exceed ${KEYWORD_LIST_LIMITS.nameMax} characters`),
);

const SavedKeywordSchema = v.object(
  {
    keyword: v.pipe(
      v.string("Each keyword must be text"),
      v.trim(),
      v.nonEmpty("A keyword must not be empty"),
      v.maxLength(KEYWORD_LIST_LIMITS.keywordMax, `Each keyword must not exceed ${KEYWORD_LIST_LIMITS.keywordMax} characters`),
    ),
    popularity: v.optional(
      v.pipe(
        v.number("Popularity must be a number from 0 to 100"),
        v.integer("Popularity must be a whole number"),
        v.minValue(0, "Popularity must be a number from 0 to 100"),
        v.maxValue(100, "Popularity must be a number from 0 to 100"),
      ),
    ),
    competition: v.optional(
      v.pipe(v.number("Competition must be a number from 0 to 1"), v.minValue(0, "Competition must be a number from 0 to 1"), v.maxValue(1, "Competition must be a number from 0 to 1")),
    ),
    trend: v.optional(v.picklist(TRENDS, "Trend must be increasing, declining or stable")),
    searchVolume: v.optional(v.nullable(v.pipe(v.number("Search volume must be a number"), v.integer("Search volume must be a whole number"), v.minValue(0, "Search volume must not be negative")))),
  },
  "Each keyword must be an object with a keyword",
);

const Keywords = v.pipe(
  v.array(SavedKeywordSchema, "Keywords must be a list"),
  v.maxLength(KEYWORD_LIST_LIMITS.keywordsMax, `A list can hold at most ${KEYWORD_LIST_LIMITS.keywordsMax} keywords`),
  v.transform(dedupeKeywords),
);

/** Keeps the first of keywords that differ only in case or spacing. */
export function dedupeKeywords<T extends { keyword: string }>(keywords: readonly T[]): T[] {
  const seen = new Set<string>();
  const out: T[] = [];
  for (const item of keywords) {
    const key = keywordKey(item.keyword);
    if (seen.has(key)) continue;
    seen.add(key);
    out.push({ ...item, keyword: item.keyword.trim().replace(/\s+/g, " ") });
  }
  return out;
}

export const keywordKey = (keyword: string) => keyword.trim().replace(/\s+/g, " ").toLowerCase();

/** POST /api/keyword-lists body. */
export const CreateKeywordListSchema = v.object({
  name: v.optional(ListName, ""),
  keywords: v.optional(Keywords, []),
});

/** PUT /api/keyword-lists/:id body: a new name, a new set of keywords, or both. */
export const UpdateKeywordListSchema = v.pipe(
  v.object({
    name: v.optional(ListName),
    keywords: v.optional(Keywords),
  }),
  v.check((x) => x.name !== undefined || x.keywords !== undefined, "Send a name, keywords, or both"),
);

export type CreateKeywordListInput = v.InferOutput<typeof CreateKeywordListSchema>;
export type UpdateKeywordListInput = v.InferOutput<typeof UpdateKeywordListSchema>;

export interface KeywordListSummary {
  id: string;
  name: string;
  count: number;
  /** ISO 8601. */
  createdAt: string;
  updatedAt: string;
}

export interface KeywordList extends KeywordListSummary {
  keywords: SavedKeyword[];
}
