#!/usr/bin/env node
// npm start: everything a new user needs, offline. Creates .dev.vars with fresh secrets when missing,
// applies the D1 migrations locally, builds the production bundle and serves it on $PORT (8787).
// Provider settings come from .dev.vars and from the environment, which wins
// (`REMOVE_BG_API_KEY=... npm start`; the list is scripts/lib/dev-vars.mjs).
import { spawn, spawnSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { chmodSync, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { buildDevVars } from "./lib/dev-vars.mjs";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const port = process.env.PORT || "8787";
const env = { ...process.env, CLOUDFLARE_CF_FETCH_ENABLED: "false", WRANGLER_SEND_METRICS: "false", CI: process.env.CI ?? "" };
const skipBuild = process.argv.includes("--no-build");
// Extra wrangler arguments (e.g. --var KEY:VALUE from the bench and load scripts).
const passThrough = process.argv.slice(2).filter((a) => a !== "--no-build");
// Local state (D1, R2, Durable Objects); tests point it at a throw-away folder.
const stateDir = process.env.LISTORA_STATE_DIR || ".wrangler/state";
// The build to serve; the bench and load scripts serve a private copy so a rebuild cannot pull it away.
const buildDir = process.env.LISTORA_BUILD_DIR || "build";

export function ensureDevVars(file = join(root, ".dev.vars")) {
  const wanted = {
    APP_ENV: "development",
    APP_URL: `http://localhost:${port}`,
    JWT_SECRET: randomBytes(48).toString("base64url"),
    PASSWORD_PEPPER: randomBytes(24).toString("base64url"),
  };
  const current = existsSync(file) ? readFileSync(file, "utf8") : "";
  const missing = Object.entries(wanted).filter(([key]) => !new RegExp(`^${key}=`, "m").test(current));
  if (missing.length) {
    const lines = missing.map(([k, v]) => `${k}=${v}`).join("\n");
    writeFileSync(file, `${current}${current && !current.endsWith("\n") ? "\n" : ""}${lines}\n`, { mode: 0o600 });
    console.log(`[listora] wrote ${missing.map(([k]) => k).join(", ")} to .dev.vars`);
  }
}

/**
 * @param {string} cmd
 * @param {string[]} args
 */
function run(cmd, args) {
  const result = spawnSync(cmd, args, { cwd: root, env, stdio: "inherit" });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

/** @param {string} name */
const bin = (name) => join(root, "node_modules", ".bin", name);

ensureDevVars();
console.log("[listora] applying D1 migrations locally");
run(bin("wrangler"), ["d1", "migrations", "apply", "DB", "--local", "--persist-to", stateDir]);
if (!skipBuild) {
  console.log("[listora] building");
  run(bin("react-router"), ["build"]);
}
// The variables wrangler serves: .dev.vars, then the provider settings of this process's environment,
// then the mark that this local run has no Workers AI. They go to a file beside the local state, handed
// over with --env-file, never into the build: wrangler watches the whole build folder of a no-bundle
// Worker and restarts it on any change there, so a second server (the browser tests start three)
// writing its variables beside the build used to restart the first mid-request ("Your worker restarted
// mid-request", 503) and hand it the second one's APP_URL.
const stateAbs = resolve(root, stateDir);
mkdirSync(stateAbs, { recursive: true });
const served = join(stateAbs, "served.dev.vars");
const vars = buildDevVars(readFileSync(join(root, ".dev.vars"), "utf8"), process.env);
// A local address written by an earlier run on another port follows $PORT, so mailed links reach this server.
const servedText = vars.text.replace(/^APP_URL=http:\/\/localhost:\d+\/?$/m, `APP_URL=http://localhost:${port}`);
writeFileSync(served, servedText, { mode: 0o600 });
chmodSync(served, 0o600);
// Earlier versions wrote them beside the build: a copy of the secrets has no business there.
rmSync(join(root, buildDir, "server/.dev.vars"), { force: true });
if (vars.fromEnv.length) console.log(`[listora] provider settings from the environment: ${vars.fromEnv.join(", ")}`);
console.log(`[listora] serving on http://localhost:${port}`);
const server = spawn(
  bin("wrangler"),
  [
    "dev",
    "-c",
    `${buildDir}/server/wrangler.json`,
    "--local",
    "--port",
    port,
    "--ip",
    process.env.HOST || "localhost",
    "--persist-to",
    stateDir,
    "--env-file",
    served,
    "--show-interactive-dev-session=false",
    "--log-level",
    process.env.LOG_LEVEL || "info",
    ...passThrough,
  ],
  { cwd: root, env, stdio: "inherit" },
);
const stop = () => server.kill("SIGTERM");
process.on("SIGINT", stop);
process.on("SIGTERM", stop);
server.on("exit", (code) => process.exit(code ?? 0));
