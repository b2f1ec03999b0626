import { spawn, type ChildProcess } from "node:child_process";
import { rmSync } from "node:fs";
import { join } from "node:path";
import type { TestProject } from "vitest/node";
import { PROVIDER_VAR_NAMES } from "../../scripts/lib/dev-vars.mjs";
import { chromiumExecutable } from "./browser";

declare module "vitest" {
  export interface ProvidedContext {
    baseURL: string;
    chromiumPath: string;
  }
}

const root = join(import.meta.dirname, "../..");
let server: ChildProcess | undefined;

/** Serves the built app exactly as `npm start` does, on a throw-away state folder. */
export default async function setup(project: TestProject) {
  const port = process.env.E2E_PORT || "8799";
  const baseURL = `http://localhost:${port}`;
  const stateDir = join(root, process.env.E2E_STATE_DIR || ".tmp/e2e-state");
  rmSync(stateDir, { recursive: true, force: true });
  // Every browser test registers from the same address: raise the per-address registration limit
  // (REGISTER_LIMIT_PER_HOUR, README "Configuration") so the suites are not throttled by it.
  const registerLimit = process.env.E2E_REGISTER_LIMIT_PER_HOUR || "10000";
  // npm start passes provider settings from its environment (a developer's exported key would reach
  // a real provider): the browser suites run on what .dev.vars says, as before.
  const env: NodeJS.ProcessEnv = { ...process.env, PORT: port, LISTORA_STATE_DIR: stateDir, LOG_LEVEL: "warn" };
  for (const name of PROVIDER_VAR_NAMES) delete env[name];
  server = spawn(process.execPath, [join(root, "scripts/start.mjs"), "--no-build", "--var", `REGISTER_LIMIT_PER_HOUR:${registerLimit}`], {
    cwd: root,
    env,
    stdio: ["ignore", "inherit", "inherit"],
    detached: true,
  });
  await waitFor(`${baseURL}/api/health`, 60_000);
  project.provide("baseURL", baseURL);
  project.provide("chromiumPath", await chromiumExecutable());
  return async () => {
    // Stop the whole process group: wrangler leaves workerd running otherwise.
    if (server?.pid) {
      try {
        process.kill(-server.pid, "SIGTERM");
      } catch {
        /* already gone */
      }
    }
  };
}

async function waitFor(url: string, timeoutMs: number) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    try {
      const res = await fetch(url);
      if (res.ok) return;
    } catch {
      /* not up yet */
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`server did not answer ${url} within ${timeoutMs} ms`);
}
