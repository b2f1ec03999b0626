// Starts the production build locally the way `npm start` serves it, for the bench and load scripts.
import { spawn } from "node:child_process";
import { cpSync, rmSync } from "node:fs";
import { join } from "node:path";
import { PROVIDER_VAR_NAMES } from "./dev-vars.mjs";

export const root = join(import.meta.dirname, "../..");

/**
 * Serves build/ on `port` with a throw-away state folder. `vars` override [vars] (e.g. to point the
 * LLM provider at a local fake). Answers { url, pid, stop() }.
 *
 * @param {{ port: number | string, stateDir: string, vars?: Record<string, string>, fresh?: boolean, quiet?: boolean, buildDir?: string }} options
 */
export async function startServer({ port, stateDir, vars = {}, fresh = true, quiet = true, buildDir }) {
  const state = join(root, stateDir);
  if (fresh) rmSync(state, { recursive: true, force: true });
  /** @type {NodeJS.ProcessEnv} */
  const env = { ...process.env, PORT: String(port), LISTORA_STATE_DIR: stateDir, LOG_LEVEL: quiet ? "error" : "info" };
  // Measurements run against `vars` and .dev.vars only, never a provider key exported in the shell.
  for (const name of PROVIDER_VAR_NAMES) delete env[name];
  if (buildDir) env.LISTORA_BUILD_DIR = buildDir;
  // Every bench and load user registers from localhost: lift the per-address registration limit.
  const extra = Object.entries({ REGISTER_LIMIT_PER_HOUR: "1000000", ...vars }).flatMap(([k, v]) => ["--var", `${k}:${v}`]);
  const child = spawn(process.execPath, [join(root, "scripts/start.mjs"), "--no-build", ...extra], {
    cwd: root,
    env,
    stdio: quiet ? ["ignore", "ignore", "inherit"] : ["ignore", "inherit", "inherit"],
    detached: true,
  });
  const url = `http://localhost:${port}`;
  const deadline = Date.now() + 60_000;
  for (;;) {
    try {
      const res = await fetch(`${url}/api/health`);
      if (res.ok) break;
    } catch {
      /* starting */
    }
    if (Date.now() > deadline) throw new Error(`server on ${url} did not start`);
    await new Promise((r) => setTimeout(r, 200));
  }
  return {
    url,
    pid: child.pid,
    async stop() {
      try {
        if (child.pid) process.kill(-child.pid, "SIGTERM");
      } catch {
        /* gone */
      }
      await new Promise((r) => setTimeout(r, 500));
    },
  };
}

/** Copies build/ to a private folder, so a rebuild elsewhere cannot change what a long run serves. */
/** @param {string} name */
export function privateBuild(name) {
  const dir = `.tmp/${name}-build`;
  rmSync(join(root, dir), { recursive: true, force: true });
  cpSync(join(root, "build"), join(root, dir), { recursive: true });
  return dir;
}

/**
 * @param {string} url
 * @param {string} email
 * @returns {Promise<string>} the session token
 */
export async function register(url, email, password = "Bench-password-123") {
  const res = await fetch(`${url}/api/auth/register`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ username: null, email, password }),
  });
  if (!res.ok) throw new Error(`register ${res.status}: ${await res.text()}`);
  const { token } = await res.json();
  await verifyByMail(url, email);
  return token;
}

/**
 * Confirms a new account's e-mail (AI features need it) with the link of its verification mail, read
 * from the development outbox as a local user would (decision 0009).
 *
 * @param {string} url
 * @param {string} email
 */
export async function verifyByMail(url, email, timeoutMs = 20_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const html = await (await fetch(`${url}/dev/mail?to=${encodeURIComponent(email)}`)).text();
    const token = /\/verify-email\?token=([0-9a-f]+)/.exec(html)?.[1];
    if (token) {
      const res = await fetch(`${url}/api/auth/verify-email`, { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify({ token }) });
      if (!res.ok) throw new Error(`verify ${res.status}: ${await res.text()}`);
      return;
    }
    if (Date.now() > deadline) throw new Error(`no verification mail to ${email}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

/**
 * @param {number[]} values
 * @param {number} p
 */
export function percentile(values, p) {
  const sorted = [...values].sort((a, b) => a - b);
  if (!sorted.length) return NaN;
  const index = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[index];
}

/**
 * Serves build/ with workerd alone (Miniflare, the runtime under `wrangler dev`), without wrangler dev's
 * proxy Worker in front: that proxy hands every request on to the Worker and runs every HTML answer
 * through an HTMLRewriter for its live-reload script, which Cloudflare's edge does not. The bench puts a
 * figure measured this way beside the one measured as `npm start` serves (decision 0087). A fresh state,
 * the migrations applied as `npm start` applies them, .dev.vars and `vars` as the Worker's variables.
 * Answers { url, stop() }.
 *
 * @param {{ port: number, stateDir: string, vars?: Record<string, string> }} options
 */
export async function startWorkerd({ port, stateDir, vars = {} }) {
  const { spawnSync } = await import("node:child_process");
  const { existsSync, readFileSync, readdirSync } = await import("node:fs");
  const { Miniflare } = await import("miniflare");
  const { unstable_getMiniflareWorkerOptions } = await import("wrangler");
  const { buildDevVars, parseDevVars } = await import("./dev-vars.mjs");
  const state = join(root, stateDir);
  rmSync(state, { recursive: true, force: true });
  /** @type {NodeJS.ProcessEnv} */
  const env = { ...process.env, CLOUDFLARE_CF_FETCH_ENABLED: "false", WRANGLER_SEND_METRICS: "false" };
  for (const name of PROVIDER_VAR_NAMES) delete env[name];
  const migrated = spawnSync(join(root, "node_modules/.bin/wrangler"), ["d1", "migrations", "apply", "DB", "--local", "--persist-to", state], { cwd: root, env, stdio: "ignore" });
  if (migrated.status !== 0) throw new Error("wrangler d1 migrations apply failed");
  const server = join(root, "build/server");
  const assets = readdirSync(join(server, "assets"));
  const devVars = parseDevVars(buildDevVars(existsSync(join(root, ".dev.vars")) ? readFileSync(join(root, ".dev.vars"), "utf8") : "", {}).text);
  const { workerOptions } = unstable_getMiniflareWorkerOptions(join(server, "wrangler.json"));
  const persisted = join(state, "v3");
  const mf = new Miniflare({
    ...workerOptions,
    bindings: { ...workerOptions.bindings, ...devVars, APP_URL: `http://localhost:${port}`, REGISTER_LIMIT_PER_HOUR: "1000000", ...vars },
    // The server build imports its route chunks dynamically, so every module is named here.
    modulesRoot: server,
    modules: [
      { type: "ESModule", path: join(server, "index.js") },
      ...assets.filter((f) => /\.m?js$/.test(f)).map((f) => ({ type: /** @type {const} */ ("ESModule"), path: join(server, "assets", f) })),
      ...assets.filter((f) => f.endsWith(".wasm")).map((f) => ({ type: /** @type {const} */ ("CompiledWasm"), path: join(server, "assets", f) })),
    ],
    host: "127.0.0.1",
    port,
    // The Worker's one JSON line per request is not printed (as `--log-level error` keeps it from wrangler's terminal).
    handleRuntimeStdio(stdout, stderr) {
      stdout.resume();
      stderr.pipe(process.stderr);
    },
    d1Persist: join(persisted, "d1"),
    r2Persist: join(persisted, "r2"),
    durableObjectsPersist: join(persisted, "do"),
    kvPersist: join(persisted, "kv"),
    cachePersist: join(persisted, "cache"),
  });
  const url = (await mf.ready).href.replace(/\/$/, "");
  return { url, stop: () => mf.dispose() };
}
