import type { D1Migration } from "@cloudflare/vitest-pool-workers";
import { applyD1Migrations, env, reset } from "cloudflare:test";

// Before each file: the files of the worker project share a workerd (decision 0043), so every binding
// (D1, KV, R2, Durable Objects and their alarms) is emptied first, then the migrations are applied to the
// empty database. No file sees another's data; within a file, tests share it as before.
await reset();
await applyD1Migrations(env.DB, (env as unknown as { TEST_MIGRATIONS: D1Migration[] }).TEST_MIGRATIONS);
