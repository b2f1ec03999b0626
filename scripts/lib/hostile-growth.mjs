// Issue 23's growth figure for `npm run bench` (BENCH_ONLY=growth runs it alone, in process, without a
// build or a server): each parser of a seller's text (tests/fixtures/hostile-text.ts) reads each
// adversarial text at 5,000 and at 50,000 characters, best of three runs each, measured in the same run.
// Linear work grows about 10 times, quadratic about 100 times; the budget is 30 times (decision 0028).
// Below 10 ms the timer, the JIT and the collector dominate, so the small text counts as 10 ms at least.
import { execFileSync } from "node:child_process";
import { join } from "node:path";

export const MAX_GROWTH = 30;
const SMALL_FLOOR_MS = 10;

/**
 * @param {string} root
 * @returns {Promise<{ parsers: number, texts: number, worst: { parser: string, text: string, smallMs: number, largeMs: number, growth: number }[], over: string[] }>}
 */
export async function benchHostileGrowth(root) {
  const bundle = join(root, ".tmp/bench-hostile-text.mjs");
  execFileSync(join(root, "node_modules/.bin/esbuild"), ["tests/fixtures/hostile-text.ts", "--bundle", "--format=esm", "--platform=node", `--outfile=${bundle}`, "--log-level=error"], {
    cwd: root,
  });
  /** @type {{ ADVERSARIAL: Record<string, (n: number) => string>, PARSERS: Record<string, (text: string) => unknown>, SMALL: number, LARGE: number }} */
  const { ADVERSARIAL, PARSERS, SMALL, LARGE } = await import(bundle);
  /** @param {(text: string) => unknown} parse @param {string} text */
  const bestOf3 = async (parse, text) => {
    let best = Infinity;
    for (let i = 0; i < 3; i++) {
      const t0 = performance.now();
      await parse(text);
      best = Math.min(best, performance.now() - t0);
    }
    return best;
  };
  const worst = [];
  const over = [];
  for (const [parser, parse] of Object.entries(PARSERS)) {
    let top = { parser, text: "", smallMs: 0, largeMs: 0, growth: 0 };
    for (const [kind, make] of Object.entries(ADVERSARIAL)) {
      const small = make(SMALL);
      const large = make(LARGE);
      await parse(small); // warm up the JIT
      const smallMs = await bestOf3(parse, small);
      const largeMs = await bestOf3(parse, large);
      const growth = largeMs / Math.max(smallMs, SMALL_FLOOR_MS);
      if (growth > MAX_GROWTH) over.push(`${parser} on ${kind}: ${smallMs.toFixed(1)} ms -> ${largeMs.toFixed(1)} ms (${growth.toFixed(0)}x)`);
      if (growth > top.growth) top = { parser, text: kind, smallMs, largeMs, growth };
    }
    worst.push(top);
  }
  return { parsers: Object.keys(PARSERS).length, texts: Object.keys(ADVERSARIAL).length, worst, over };
}
