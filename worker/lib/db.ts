import { drizzle, type DrizzleD1Database } from "drizzle-orm/d1";
import type { Env } from "./env";

/** The D1 database as drizzle sees it (schema/db.ts tables, no relational query schema). */
export type Db = DrizzleD1Database;

/** The one way the Worker opens D1 through drizzle: `db(env).select()...`. */
export function db(env: Pick<Env, "DB">): Db {
  return drizzle(env.DB);
}
