#!/usr/bin/env node
// npm test: every check, offline. The Worker and Durable Object suites inside workerd (one workerd,
// one core) start first; beside them, the checks that need no build and share no output (typecheck,
// lint, formatting, import cycles, dead exports, the component suites) and the production build take
// turns, as many steps at a time as the machine has cores (TEST_JOBS overrides); each one's output is
// held and printed whole when it ends, so the log reads step by step. Then, alone: the browser suites
// against the build served as `npm start` serves it, and a `wrangler deploy --dry-run` of the
// production bundle (these two need the build).
// The first failure stops what has not started, the others finish; the exit code is the failed step's.
// `node scripts/test.mjs <step> ...` runs only the steps named.
import { spawn } from "node:child_process";
import { availableParallelism } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const env = { ...process.env, CLOUDFLARE_CF_FETCH_ENABLED: "false", WRANGLER_SEND_METRICS: "false", FORCE_COLOR: process.stdout.isTTY ? "1" : "0" };
/** @param {string} name */
const bin = (name) => join(root, "node_modules", ".bin", name);
const only = process.argv.slice(2);
const jobs = Math.max(1, Number(process.env.TEST_JOBS) || availableParallelism());

/**
 * @typedef {{ name: string, commands: [cmd: string, args: string[]][], after?: string[], alone?: boolean }} Step
 * `after`: steps that must have passed first (when they run at all); `alone`: runs with nothing beside it.
 */
/** @type {Step[]} */
const steps = [
  // The Worker suites first: they run one workerd (one core, vitest.config.ts), and the checks below take
  // turns on the other core beside them instead of waiting for them (decision 0043).
  { name: "worker", commands: [[bin("vitest"), ["run", "--project", "worker", "--project", "worker-fresh"]]] },
  {
    name: "typecheck",
    commands: [
      // worker-configuration.d.ts (Cloudflare.Env, the runtime types) is generated from wrangler.toml, never committed.
      ["npm", ["run", "--silent", "cf-typegen"]],
      [bin("react-router"), ["typegen"]],
      [bin("tsc"), ["-b"]],
    ],
  },
  // The longest of the side-by-side steps first, so the others fill the other cores around it.
  { name: "app", commands: [[bin("vitest"), ["run", "--project", "app", "--passWithNoTests"]]] },
  { name: "lint", commands: [[bin("eslint"), [".", "--max-warnings", "0"]]] },
  // After the type generation, which writes .react-router/ too.
  { name: "build", commands: [[bin("react-router"), ["build"]]], after: ["typecheck"] },
  { name: "format", commands: [[bin("prettier"), ["--check", "--log-level", "warn", "."]]] },
  { name: "cycles", commands: [[process.execPath, [join(root, "scripts/check-cycles.mjs")]]] },
  { name: "deadcode", commands: [[process.execPath, [join(root, "scripts/dead-exports.mjs"), "--fail"]]] },
  { name: "e2e", commands: [[bin("vitest"), ["run", "--project", "e2e", "--reporter=default", "--reporter=./tests/e2e/flaky-reporter.ts"]]], after: ["build"], alone: true },
  { name: "deploy-dry-run", commands: [[process.execPath, [join(root, "scripts/deploy.mjs"), "--dry-run", "--no-build"]]], after: ["build"] },
];

const chosen = steps.filter((step) => !only.length || only.includes(step.name));
const unknown = only.filter((name) => !steps.some((step) => step.name === name));
if (unknown.length) {
  console.error(`unknown step(s): ${unknown.join(", ")} (steps: ${steps.map((s) => s.name).join(", ")})`);
  process.exit(2);
}

/** @param {string} cmd @param {string[]} args */
const shown = (cmd, args) => [cmd.replace(root + "/", ""), ...args].join(" ");

/**
 * Runs a step's commands one after another, its output held when others run beside it.
 * @param {Step} step @param {boolean} buffered
 * @returns {Promise<{ status: number, output: string, seconds: string }>}
 */
async function run(step, buffered) {
  const started = Date.now();
  let output = "";
  let status = 0;
  for (const [cmd, args] of step.commands) {
    if (!buffered) console.log(`\n=== ${step.name}: ${shown(cmd, args)}`);
    else output += `\n=== ${step.name}: ${shown(cmd, args)}\n`;
    status = await new Promise((resolve) => {
      const child = spawn(cmd, args, { cwd: root, env, stdio: buffered ? ["ignore", "pipe", "pipe"] : "inherit" });
      if (buffered) {
        child.stdout?.on("data", (chunk) => (output += chunk));
        child.stderr?.on("data", (chunk) => (output += chunk));
      }
      child.on("error", (error) => {
        output += `${error.message}\n`;
        resolve(1);
      });
      child.on("close", (code, signal) => resolve(code ?? (signal ? 1 : 0)));
    });
    if (status !== 0) break;
  }
  return { status, output, seconds: ((Date.now() - started) / 1000).toFixed(1) };
}

/** @type {Map<string, string>} step name -> seconds, in the order they ended */
const timings = new Map();
/** @type {Set<string>} */
const passed = new Set();
/** @type {{ name: string, status: number } | undefined} */
let failure;
const waiting = [...chosen];
/** @type {Map<string, Promise<void>>} */
const running = new Map();

/** @param {Step} step */
const ready = (step) => (step.after ?? []).every((name) => passed.has(name) || !chosen.some((s) => s.name === name));

while ((waiting.length && !failure) || running.size) {
  const alone = [...running.keys()].some((name) => chosen.find((s) => s.name === name)?.alone);
  if (!failure && !alone) {
    for (const step of [...waiting]) {
      if (running.size >= jobs || !ready(step)) continue;
      if (step.alone && running.size) break;
      waiting.splice(waiting.indexOf(step), 1);
      // Alone or the only step left: its output streams as it comes.
      const buffered = !step.alone && (running.size > 0 || waiting.some((s) => !s.alone && ready(s)));
      running.set(
        step.name,
        run(step, buffered).then(({ status, output, seconds }) => {
          if (buffered) process.stdout.write(output.endsWith("\n") ? output : `${output}\n`);
          timings.set(step.name, seconds);
          if (status === 0) {
            passed.add(step.name);
            if (buffered) console.log(`--- ${step.name} passed in ${seconds}s`);
          } else {
            console.error(`\n✗ ${step.name} failed (exit ${status})`);
            failure ??= { name: step.name, status };
          }
          running.delete(step.name);
        }),
      );
      if (step.alone) break;
    }
  }
  if (!running.size) {
    if (waiting.length && !failure) {
      console.error(`cannot start: ${waiting.map((s) => s.name).join(", ")}`);
      process.exit(1);
    }
    break;
  }
  await Promise.race(running.values());
}

const line = chosen.filter((s) => timings.has(s.name)).map((s) => `${s.name} ${timings.get(s.name)}s`);
const total = Math.round(performance.now() / 1000);
if (failure) {
  console.error(`\n✗ ${failure.name} failed (exit ${failure.status}); ${line.join(", ")}; ${total}s in all`);
  process.exit(failure.status || 1);
}
console.log(`\n✓ all checks passed: ${line.join(", ")}; ${total}s in all (${jobs} at a time)`);
