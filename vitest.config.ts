import { availableParallelism } from "node:os";
import path from "node:path";
import { cloudflareTest, readD1Migrations } from "@cloudflare/vitest-pool-workers";
import { defineConfig } from "vitest/config";
import { auditEngineId } from "./scripts/lib/audit-engine.mjs";

process.env.CLOUDFLARE_CF_FETCH_ENABLED = "false";

const root = import.meta.dirname;
const alias = { "~": path.join(root, "app") };

/**
 * Worker suite files at once: vitest's default (one core left free, so one workerd on 2 cores). Two
 * workerds on a loaded 2-core machine each got too little of it, and the suites that hash passwords or
 * parse 50,000 characters concurrently ran past their 30 s time-outs. Both worker projects use the same
 * number (vitest runs projects with the same number of workers together).
 */
const WORKER_FILES_AT_ONCE = Math.max(1, availableParallelism() - 1);

/** Worker suites that need a workerd of their own: they read what the isolate has grown to. */
const FRESH_ISOLATE = ["tests/worker/image-editor.test.ts", "tests/worker/cutout-routing.test.ts"];

/** A project of Worker suites; `isolate`: each file in a workerd of its own (else they share the project's workerds). */
function workerProject(name: string, isolate: boolean, files: { include: string[]; exclude?: string[] }) {
  return {
    // The audit engine's build identity, as the Vite build sets it (decision 0064).
    define: { __AUDIT_ENGINE__: JSON.stringify(auditEngineId(root)) },
    plugins: [
      cloudflareTest(async () => ({
        main: "./worker/index.ts",
        remoteBindings: false,
        wrangler: { configPath: "./wrangler.toml" },
        miniflare: {
          bindings: {
            APP_ENV: "test",
            APP_URL: "http://localhost:8787",
            JWT_SECRET: "test-secret-that-is-long-enough-for-hs256-0123456789",
            PASSWORD_PEPPER: "test-pepper",
            // The suites never reach a real provider, even when a developer's .dev.vars holds keys.
            DEEPSEEK_API_KEY: "",
            OPENAI_API_KEY: "",
            SERPAPI_API_KEY: "",
            ETSY_API_KEY: "",
            ETSY_SHARED_SECRET: "",
            ETSY_TOKEN_KEY: "",
            DATAFORSEO_LOGIN: "",
            DATAFORSEO_PASSWORD: "",
            RESEND_API_KEY: "",
            PHOTOROOM_API_KEY: "",
            REMOVE_BG_API_KEY: "",
            WORKERS_AI_ENABLED: "",
            // The pool's AI binding cannot run models (decision 0020); tests pass a spy binding instead.
            WORKERS_AI_LOCAL: "unavailable",
            TEST_MIGRATIONS: await readD1Migrations(path.join(root, "schema/migrations")),
          },
        },
      })),
    ],
    resolve: {
      alias: {
        ...alias,
        // The React Router server build exists only after `react-router build`; SSR is covered by browser tests.
        "virtual:react-router/server-build": path.join(root, "tests/fixtures/server-build.ts"),
      },
    },
    test: {
      name,
      ...files,
      setupFiles: ["./tests/worker/setup.ts"],
      testTimeout: 30_000,
      isolate,
      maxWorkers: WORKER_FILES_AT_ONCE,
    },
  };
}

export default defineConfig({
  test: {
    projects: [
      // Worker, API, domain and Durable Object suites, inside workerd with the real bindings. The files
      // share one workerd and its loaded modules; tests/worker/setup.ts empties every binding (D1, KV,
      // R2, Durable Objects) and applies the migrations before each file, so no file sees another's
      // data, and keeps the pool's wrapper prototypes to one Proxy (without it the stack overflowed
      // about 50 files in; decision 0043).
      workerProject("worker", false, { include: ["tests/worker/**/*.test.ts"], exclude: FRESH_ISOLATE }),
      // The files that measure the isolate itself (the WebAssembly memory a 12 MP edit reaches) each get
      // a new workerd, as every file did before decision 0043.
      workerProject("worker-fresh", true, { include: FRESH_ISOLATE }),
      {
        // Components and hooks, in a simulated DOM.
        resolve: { alias },
        test: {
          name: "app",
          environment: "happy-dom",
          include: ["tests/app/**/*.test.{ts,tsx}"],
        },
      },
      {
        // A real headless Chromium against the production build served as `npm start` serves it.
        resolve: { alias },
        test: {
          name: "e2e",
          environment: "node",
          include: ["tests/e2e/**/*.test.ts"],
          globalSetup: ["./tests/e2e/global-setup.ts"],
          testTimeout: 90_000,
          hookTimeout: 120_000,
          // A screen's refresh (the usage card after a search) can take seconds on a loaded 2-core CI
          // machine: polls wait up to 15 s instead of vitest's 1 s before they fail.
          expect: { poll: { timeout: 15_000, interval: 100 } },
          maxWorkers: Number(process.env.E2E_WORKERS) || 2,
          // A worker runs file after file with the modules it has loaded (playwright-core, the helpers):
          // each file still launches its own browser and makes its own contexts and accounts, so no file
          // sees another's state, and the 32 files no longer load the same modules again (about half a
          // second each).
          isolate: false,
          // One retry for a browser test that fails on a loaded machine; every retried test is named with
          // its first error at the end of the run (tests/e2e/flaky-reporter.ts, decision 0059).
          retry: Number(process.env.E2E_RETRY ?? 1),
        },
      },
    ],
  },
});
