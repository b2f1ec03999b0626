#!/usr/bin/env node
// npm run user:plan -- <email> <free|premium> [--remote]
// Changes a user's plan in D1 (local by default, production with --remote). Quotas read the plan on
// every request, so the change takes effect at once.
import { spawnSync } from "node:child_process";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const args = process.argv.slice(2);
const remote = args.includes("--remote");
const [email, plan] = args.filter((a) => !a.startsWith("--"));
const PLANS = ["free", "premium"];

if (!email || !plan || !PLANS.includes(plan)) {
  console.error("usage: npm run user:plan -- <email> <free|premium> [--remote]");
  process.exit(2);
}
if (!/^[^\s@'"\\;]+@[^\s@'"\\;]+\.[^\s@'"\\;]+$/.test(email)) {
  console.error(`not an e-mail address: ${email}`);
  process.exit(2);
}

const sql = `UPDATE users SET plan = '${plan}', updated_at = ${Date.now()} WHERE lower(email) = lower('${email}'); SELECT email, plan FROM users WHERE lower(email) = lower('${email}');`;
const where = remote ? ["--remote"] : ["--local", "--persist-to", process.env.LISTORA_STATE_DIR || ".wrangler/state"];
const result = spawnSync(join(root, "node_modules/.bin/wrangler"), ["d1", "execute", "DB", ...where, "--json", "--command", sql], {
  cwd: root,
  env: { ...process.env, CLOUDFLARE_CF_FETCH_ENABLED: "false" },
  encoding: "utf8",
});
if (result.status !== 0) {
  process.stderr.write(result.stderr || result.stdout);
  process.exit(result.status ?? 1);
}
const output = JSON.parse(result.stdout);
const rows = output.at(-1)?.results ?? [];
if (rows.length === 0) {
  console.error(`no user with e-mail ${email} in the ${remote ? "remote" : "local"} database`);
  process.exit(1);
}
console.log(`${rows[0].email} is now on the ${rows[0].plan} plan (${remote ? "remote" : "local"} D1). It applies to their next request.`);
