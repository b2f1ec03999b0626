/**
 * A seller's saved keyword lists (decision 0019): named, at most 50 per user, each at most 200 keywords
 * unique case-insensitively. A list is its owner's alone: any other user's id reads as not found.
 * Names are compared in one normal form (worker/lib/name-key.ts: NFKC, invisible characters removed,
 * case-folded), held in `name_key` under a unique index per user; the cap is part of the INSERT itself,
 * so concurrent creates can never pass it (decision 0029).
 */
import { and, asc, eq } from "drizzle-orm";
import { drizzle } from "drizzle-orm/d1";
import { KEYWORD_LIST_LIMITS, type CreateKeywordListInput, type KeywordList, type KeywordListSummary, type SavedKeyword, type UpdateKeywordListInput } from "../../../schema/api/keyword-lists";
import { keywordLists, type KeywordListRow } from "../../../schema/db";
import { badRequest, HttpError, notFound } from "../../lib/errors";
import { nameKey } from "../../lib/name-key";

const LIST_NOT_FOUND = "Keyword list not found";
const TOO_MANY_LISTS = `You can keep at most ${KEYWORD_LIST_LIMITS.listsPerUser} keyword lists: delete one you no longer need to make room.`;

/** The name's normal form; a name of invisible characters only is no name. */
function nameKeyOf(name: string): string {
  const key = nameKey(name);
  if (!key) throw badRequest("List name is required", { field: "name" });
  return key;
}
const nameTaken = (name: string) => new HttpError(409, `You already have a list named “${name}”: choose another name or add to that list.`);

export async function listKeywordLists(db: D1Database, userId: string): Promise<KeywordListSummary[]> {
  const rows = await drizzle(db)
    .select({ id: keywordLists.id, name: keywordLists.name, count: keywordLists.keywordCount, createdAt: keywordLists.createdAt, updatedAt: keywordLists.updatedAt })
    .from(keywordLists)
    .where(eq(keywordLists.userId, userId))
    .orderBy(asc(keywordLists.nameKey));
  return rows.map((r) => ({ ...r, createdAt: iso(r.createdAt), updatedAt: iso(r.updatedAt) }));
}

export async function getKeywordList(db: D1Database, userId: string, id: string): Promise<KeywordList> {
  return shape(await ownedRow(db, userId, id));
}

export async function createKeywordList(db: D1Database, userId: string, input: CreateKeywordListInput, now = Date.now()): Promise<KeywordList> {
  const row: KeywordListRow = {
    id: crypto.randomUUID(),
    userId,
    name: input.name,
    nameKey: nameKeyOf(input.name),
    keywords: input.keywords.map(clean),
    keywordCount: input.keywords.length,
    createdAt: now,
    updatedAt: now,
  };
  await assertNameFree(db, userId, row.nameKey, input.name);
  // One statement: the count and the insert cannot be split by another request (80 at once keep exactly 50).
  let inserted: D1Result;
  try {
    inserted = await db
      .prepare(
        `INSERT INTO keyword_lists (id, user_id, name, name_key, keywords, keyword_count, created_at, updated_at)
         SELECT ?1, ?2, ?3, ?4, ?5, ?6, ?7, ?7 WHERE (SELECT count(*) FROM keyword_lists WHERE user_id = ?2) < ?8`,
      )
      .bind(row.id, userId, row.name, row.nameKey, JSON.stringify(row.keywords), row.keywordCount, now, KEYWORD_LIST_LIMITS.listsPerUser)
      .run();
  } catch (error) {
    if (isUniqueViolation(error)) throw nameTaken(input.name);
    throw error;
  }
  if (!inserted.meta.changes) throw badRequest(TOO_MANY_LISTS, { limit: KEYWORD_LIST_LIMITS.listsPerUser });
  return shape(row);
}

/**
 * A 409 when another of the user's lists has this name in the normal form. Lists saved before the
 * normal form (their key only lower-cased) are compared by their name, and their key is brought up
 * to date on the way (at most 50 rows); the unique index decides between two concurrent requests.
 */
async function assertNameFree(db: D1Database, userId: string, key: string, name: string, except?: string) {
  const rows = await drizzle(db).select({ id: keywordLists.id, name: keywordLists.name, nameKey: keywordLists.nameKey }).from(keywordLists).where(eq(keywordLists.userId, userId));
  for (const r of rows) {
    const current = nameKey(r.name) || r.nameKey;
    if (r.id !== except && current === key) throw nameTaken(name);
    if (current !== r.nameKey) {
      await drizzle(db)
        .update(keywordLists)
        .set({ nameKey: current })
        .where(and(eq(keywordLists.id, r.id), eq(keywordLists.nameKey, r.nameKey)))
        .catch(() => {}); // two old names that are one in the normal form: the older key stays
    }
  }
}

export async function updateKeywordList(db: D1Database, userId: string, id: string, input: UpdateKeywordListInput, now = Date.now()): Promise<KeywordList> {
  const current = await ownedRow(db, userId, id);
  if (input.name !== undefined) await assertNameFree(db, userId, nameKeyOf(input.name), input.name, id);
  const next: KeywordListRow = {
    ...current,
    ...(input.name !== undefined ? { name: input.name, nameKey: nameKeyOf(input.name) } : {}),
    ...(input.keywords !== undefined ? { keywords: input.keywords.map(clean), keywordCount: input.keywords.length } : {}),
    updatedAt: now,
  };
  try {
    await drizzle(db)
      .update(keywordLists)
      .set({ name: next.name, nameKey: next.nameKey, keywords: next.keywords, keywordCount: next.keywordCount, updatedAt: now })
      .where(and(eq(keywordLists.id, id), eq(keywordLists.userId, userId)));
  } catch (error) {
    if (isUniqueViolation(error)) throw nameTaken(next.name);
    throw error;
  }
  return shape(next);
}

export async function deleteKeywordList(db: D1Database, userId: string, id: string): Promise<void> {
  const deleted = await drizzle(db)
    .delete(keywordLists)
    .where(and(eq(keywordLists.id, id), eq(keywordLists.userId, userId)))
    .returning({ id: keywordLists.id });
  if (deleted.length === 0) throw notFound(LIST_NOT_FOUND);
}

async function ownedRow(db: D1Database, userId: string, id: string): Promise<KeywordListRow> {
  const [row] = await drizzle(db)
    .select()
    .from(keywordLists)
    .where(and(eq(keywordLists.id, id), eq(keywordLists.userId, userId)))
    .limit(1);
  if (!row) throw notFound(LIST_NOT_FOUND);
  return row;
}

/** Only the fields a saved keyword has, so nothing else a client sends is stored. */
function clean(k: SavedKeyword): SavedKeyword {
  return {
    keyword: k.keyword,
    ...(k.popularity !== undefined ? { popularity: k.popularity } : {}),
    ...(k.competition !== undefined ? { competition: Math.round(k.competition * 100) / 100 } : {}),
    ...(k.trend !== undefined ? { trend: k.trend } : {}),
    ...(k.searchVolume !== undefined ? { searchVolume: k.searchVolume } : {}),
  };
}

function shape(row: KeywordListRow): KeywordList {
  return { id: row.id, name: row.name, count: row.keywordCount, keywords: row.keywords, createdAt: iso(row.createdAt), updatedAt: iso(row.updatedAt) };
}

const iso = (ms: number) => new Date(ms).toISOString();

function isUniqueViolation(error: unknown) {
  const text = error instanceof Error ? `${error.message} ${String((error as { cause?: unknown }).cause ?? "")}` : String(error);
  return /UNIQUE constraint failed/i.test(text);
}
