#!/usr/bin/env node
// npm run deploy: builds the production bundle and deploys it with wrangler.
// `npm run deploy -- --dry-run` builds and checks the bundle offline without uploading anything.
import { spawnSync } from "node:child_process";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const env = { ...process.env, CLOUDFLARE_CF_FETCH_ENABLED: "false" };
const args = process.argv.slice(2);
const dryRun = args.includes("--dry-run");
const skipBuild = args.includes("--no-build");
/** @param {string} name */
const bin = (name) => join(root, "node_modules", ".bin", name);

/**
 * @param {string} cmd
 * @param {string[]} cmdArgs
 */
function run(cmd, cmdArgs) {
  const result = spawnSync(cmd, cmdArgs, { cwd: root, env, stdio: "inherit" });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

if (!skipBuild) run(bin("react-router"), ["build"]);
const wranglerArgs = ["deploy", "-c", "build/server/wrangler.json"];
if (dryRun) wranglerArgs.push("--dry-run", "--outdir", ".tmp/deploy-dry-run");
run(bin("wrangler"), wranglerArgs);
if (!dryRun) console.log("Deployed. Apply D1 migrations with: npm run db:migrate:remote");
