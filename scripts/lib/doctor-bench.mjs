// The Listing Doctor's figures for `npm run bench` (BENCH_ONLY=doctor runs them alone, without a build or
// a server): its agreement with the hand-judged pairs of tests/fixtures/doctor-pairs/, and the time of a
// full audit (report with checked fixes) a listing, over the same 5,000 rows the My Shop import bench uses.
import { execFileSync } from "node:child_process";
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { gzipSync } from "node:zlib";
import { generatedRow } from "./shop-csv.mjs";

const PAIRS_DIR = "tests/fixtures/doctor-pairs";

/**
 * Every pair of the corpus with `like` resolved: a listing written as `{ "like": "better", ... }` is the
 * other listing with the given fields replaced.
 * @param {string} root
 * @returns {{ id: string, reason: string, better: Record<string, unknown>, worse: Record<string, unknown> }[]}
 */
export function loadDoctorPairs(root) {
  const dir = join(root, PAIRS_DIR);
  return readdirSync(dir)
    .filter((f) => f.endsWith(".json"))
    .sort()
    .flatMap((f) => JSON.parse(readFileSync(join(dir, f), "utf8")))
    .map((pair) => resolvePair(pair));
}

/** @param {{ id: string, reason: string, better: Record<string, unknown>, worse: Record<string, unknown> }} pair */
export function resolvePair(pair) {
  const resolve = (/** @type {Record<string, unknown>} */ listing, /** @type {Record<string, unknown>} */ other) => {
    const { like, ...rest } = listing;
    return like ? { ...other, ...rest } : rest;
  };
  const better = resolve(pair.better, pair.worse);
  return { ...pair, better, worse: resolve(pair.worse, better) };
}

/**
 * @param {string} root
 * @param {(t0: bigint) => number} ms
 */
export async function benchDoctor(root, ms) {
  const bundle = join(root, ".tmp/bench-doctor.mjs");
  execFileSync(join(root, "node_modules/.bin/esbuild"), ["shared/audit/engine.ts", "--bundle", "--format=esm", "--platform=neutral", `--outfile=${bundle}`, "--log-level=error"], { cwd: root });
  const bytes = readFileSync(bundle).length;
  const { auditListing } = await import(`${bundle}?${Date.now()}`);
  const pairs = loadDoctorPairs(root);
  const misses = [];
  for (const pair of pairs) {
    const better = auditListing(pair.better).score;
    const worse = auditListing(pair.worse).score;
    if (!(better > worse)) misses.push(`${pair.id} (${better} vs ${worse})`);
  }
  const inputs = Array.from({ length: 5_000 }, (_, i) => {
    const f = generatedRow(i);
    return { platform: "etsy", title: f[0], description: f[1].replace(/&amp;/g, "&").replace(/&#39;/g, "'"), tags: f[5].split(","), altTexts: [], photoCount: f.slice(7, 17).filter(Boolean).length };
  });
  for (const input of inputs.slice(0, 300)) auditListing(input); // warm up
  // Best of three rounds: wall time, and the CPU time of this process (the machine is shared, so wall time
  // includes waiting for a core; CPU time is what one audit costs).
  let wall = Infinity;
  let cpu = Infinity;
  for (let round = 0; round < 3; round++) {
    const c0 = process.cpuUsage();
    const t0 = process.hrtime.bigint();
    for (const input of inputs) auditListing(input);
    wall = Math.min(wall, ms(t0) / inputs.length);
    const c = process.cpuUsage(c0);
    cpu = Math.min(cpu, (c.user + c.system) / 1000 / inputs.length);
  }
  return {
    pairs: pairs.length,
    agreed: pairs.length - misses.length,
    agreement: (pairs.length - misses.length) / pairs.length,
    misses,
    auditPerListingMs: wall,
    auditCpuPerListingMs: cpu,
    bundleBytes: bytes,
    bundleGzipBytes: gzipSync(readFileSync(bundle)).length,
  };
}
