// The "Keyword relevance" figures of `npm run bench` (issue #26): the offline keyword ideas of the 67
// products in tests/fixtures/keyword-products/, judged by its judge.ts, for this checkout and for the
// engine before #26 (commit BEFORE_COMMIT, measured afresh in the same run from `git archive`).
import { execFileSync } from "node:child_process";
import { cpSync, mkdirSync, rmSync } from "node:fs";
import { join } from "node:path";
import { root } from "./server.mjs";

/** The last commit before the relevance work of issue #26. */
export const BEFORE_COMMIT = "d471e17";

/**
 * @typedef {{ share: number, ideas: number, relevant: number, formChanges: number, products: number, thin: number, ms: number, error?: undefined }} Measured
 * @param {string} sourceRoot
 * @param {string} outfile
 * @returns {Promise<Measured>}
 */
async function measure(sourceRoot, outfile) {
  execFileSync(
    join(root, "node_modules/.bin/esbuild"),
    [join(sourceRoot, "tests/fixtures/keyword-products/measure.ts"), "--bundle", "--format=esm", "--platform=node", `--outfile=${outfile}`, "--log-level=error"],
    {
      cwd: root,
    },
  );
  const { measureRelevance } = await import(`${outfile}?t=${Date.now()}`);
  const t0 = process.hrtime.bigint();
  const { summary } = await measureRelevance();
  const ms = Number(process.hrtime.bigint() - t0) / 1e6;
  return { share: summary.share, ideas: summary.ideas, relevant: summary.relevant, formChanges: summary.formChanges, products: summary.products, thin: summary.thin.length, ms };
}

/** @returns {Promise<{ after: Measured, before: Measured | { error: string, share?: undefined, formChanges?: undefined }, beforeCommit: string }>} */
export async function keywordRelevance() {
  const after = await measure(root, join(root, ".tmp/bench-keywords-after.mjs"));
  /** @type {Measured | { error: string }} */
  let before;
  const dir = join(root, ".tmp/keywords-before");
  try {
    rmSync(dir, { recursive: true, force: true });
    mkdirSync(dir, { recursive: true });
    const archive = execFileSync("git", ["archive", BEFORE_COMMIT, "worker", "schema"], { cwd: root, maxBuffer: 256 * 1024 * 1024 });
    execFileSync("tar", ["-x", "-C", dir], { input: archive });
    // Today's products and judge, yesterday's engine.
    cpSync(join(root, "tests/fixtures/keyword-products"), join(dir, "tests/fixtures/keyword-products"), { recursive: true });
    before = await measure(dir, join(root, ".tmp/bench-keywords-before.mjs"));
  } catch (error) {
    before = { error: error instanceof Error ? error.message : String(error) };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  return { after, before, beforeCommit: BEFORE_COMMIT };
}
