#!/usr/bin/env node
// npm test: every check, offline, in the order a failure is cheapest to find:
// typecheck, lint, formatting, import cycles, dead exports, the production build, the Worker and Durable Object
// suites inside workerd, the component suites, the browser suites against the build served as
// `npm start` serves it, and a `wrangler deploy --dry-run` of the production bundle.
import { spawnSync } from "node:child_process";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const env = { ...process.env, CLOUDFLARE_CF_FETCH_ENABLED: "false", WRANGLER_SEND_METRICS: "false" };
/** @param {string} name */
const bin = (name) => join(root, "node_modules", ".bin", name);
const only = process.argv.slice(2);

/** @type {[name: string, cmd: string, args: string[]][]} */
const steps = [
  // worker-configuration.d.ts (Cloudflare.Env, the runtime types) is generated from wrangler.toml, never committed.
  ["typecheck", "npm", ["run", "--silent", "cf-typegen"]],
  ["typecheck", bin("react-router"), ["typegen"]],
  ["typecheck", bin("tsc"), ["-b"]],
  ["lint", bin("eslint"), ["."]],
  ["format", bin("prettier"), ["--check", "--log-level", "warn", "."]],
  ["cycles", process.execPath, [join(root, "scripts/check-cycles.mjs")]],
  ["deadcode", process.execPath, [join(root, "scripts/dead-exports.mjs"), "--fail"]],
  ["build", bin("react-router"), ["build"]],
  ["worker", bin("vitest"), ["run", "--project", "worker"]],
  ["app", bin("vitest"), ["run", "--project", "app", "--passWithNoTests"]],
  ["e2e", bin("vitest"), ["run", "--project", "e2e"]],
  ["deploy-dry-run", process.execPath, [join(root, "scripts/deploy.mjs"), "--dry-run", "--no-build"]],
];

const timings = [];
for (const [name, cmd, args] of steps) {
  if (only.length && !only.includes(name)) continue;
  const started = Date.now();
  console.log(`\n=== ${name}: ${[cmd.replace(root + "/", ""), ...args].join(" ")}`);
  const result = spawnSync(cmd, args, { cwd: root, env, stdio: "inherit" });
  timings.push([name, ((Date.now() - started) / 1000).toFixed(1)]);
  if (result.status !== 0) {
    console.error(`\n✗ ${name} failed (exit ${result.status})`);
    process.exit(result.status ?? 1);
  }
}
console.log(`\n✓ all checks passed: ${timings.map(([n, s]) => `${n} ${s}s`).join(", ")}`);
