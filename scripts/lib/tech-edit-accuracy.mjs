/**
 * Tech-edit accuracy on the patterns of tests/fixtures/patterns/accuracy/ against their answer key
 * (issue 27): rows checked, rows left unchecked and why, deliberately wrong rows found at their line
 * (and in their size), false alarms, grading gaps, designer-named parts kept in the instructions, the
 * gauge found and no false "missing section". Used by scripts/bench.mjs ("Tech edit accuracy") and
 * runnable alone: `node scripts/lib/tech-edit-accuracy.mjs` (bundles worker/domain/wizard/tech-edit.ts).
 */
import { execFileSync } from "node:child_process";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

/** @typedef {{ line: number; size?: string; status: string; reason?: string; computed?: number; stated?: number }} Row */
/** @typedef {{ line: number; id: string; size?: string; message: string }} Issue */
/** @typedef {{ rows: Row[]; issues: Issue[]; missingSections: string[] }} Report */
/** @typedef {{ techEdit: (text: string) => Report; optimizePatternOffline: (text: string) => { sections: Array<{ key: string; lines: Array<{ n: number; part?: boolean }> }> } }} Checker */
/** @typedef {{ craft: string; language: string; rows: number[]; wrong: Array<{ line: number; size?: string }>; gradingGaps: Array<{ line: number; size: string }>; parts: Array<{ line: number; text: string }>; gauge: number; missingSections: string[] }} KeyEntry */
/** @typedef {{ patterns: number; rows: number; checked: number; unchecked: Record<string, number>; wrong: number; found: number; foundInSize: number; falseAlarms: number; gaps: number; gapsFound: number; parts: number; partsKept: number; gauge: number; gaugeFound: number; falseMissing: number; details: string[] }} Group */

const root = join(fileURLToPath(import.meta.url), "../../..");
const fixtures = join(root, "tests/fixtures/patterns");

/**
 * Builds the checker and the optimizer for Node: { techEdit, optimizePatternOffline }.
 * @returns {Promise<Checker>}
 */
export async function loadTechEdit() {
  const entry = join(root, ".tmp/bench-tech-edit-entry.ts");
  const out = join(root, ".tmp/bench-tech-edit.mjs");
  mkdirSync(join(root, ".tmp"), { recursive: true });
  writeFileSync(entry, 'export { techEdit } from "../worker/domain/wizard/tech-edit";\nexport { optimizePatternOffline } from "../worker/domain/wizard/offline-optimizer";\n');
  execFileSync(join(root, "node_modules/.bin/esbuild"), [entry, "--bundle", "--format=esm", "--platform=node", `--outfile=${out}`, "--log-level=error"], { cwd: root });
  return import(`${pathToFileURL(out).href}?t=${Date.now()}`);
}

/** @param {Row} r */
const isChecked = (r) => r.status !== "unchecked" || (r.reason === "no-stated-count" && r.computed !== undefined);

/**
 * Figures per group ("Turkish knitting", ...) and in total ("all").
 * @param {Checker} checker
 * @param {string} [set] "accuracy" (the answer key written before tuning) or "held-out" (written after, never tuned on)
 * @returns {Record<string, Group>}
 */
export function measure({ techEdit, optimizePatternOffline }, set = "accuracy") {
  const dir = join(fixtures, set);
  /** @type {Record<string, KeyEntry>} */
  const key = JSON.parse(readFileSync(join(dir, "answer-key.json"), "utf8")).patterns;
  /** @type {Record<string, Group>} */
  const groups = {};
  /** @param {string} name @returns {Group} */
  const group = (name) =>
    (groups[name] ??= {
      patterns: 0,
      rows: 0,
      checked: 0,
      unchecked: {},
      wrong: 0,
      found: 0,
      foundInSize: 0,
      falseAlarms: 0,
      gaps: 0,
      gapsFound: 0,
      parts: 0,
      partsKept: 0,
      gauge: 0,
      gaugeFound: 0,
      falseMissing: 0,
      details: [],
    });
  for (const [file, k] of Object.entries(key)) {
    const text = readFileSync(join(dir, file), "utf8");
    const report = techEdit(text);
    const names = [`${k.language === "tr" ? "Turkish" : "English"} ${k.craft}`, "all"];
    const issues = report.issues.filter((i) => i.id === "stitch-count");
    const gapIssues = report.issues.filter((i) => i.id === "grading-gap");
    for (const name of names) {
      const g = group(name);
      g.patterns++;
      for (const line of k.rows) {
        g.rows++;
        const checks = report.rows.filter((r) => r.line === line);
        if (checks.length && checks.every(isChecked)) g.checked++;
        else {
          const reason = checks.find((r) => !isChecked(r))?.reason ?? "not read as a row";
          g.unchecked[reason] = (g.unchecked[reason] ?? 0) + 1;
        }
      }
      for (const w of k.wrong) {
        g.wrong++;
        const at = issues.filter((i) => i.line === w.line);
        if (at.length) g.found++;
        if (at.some((i) => !w.size || i.size === w.size)) g.foundInSize++;
        else if (name === "all") g.details.push(`missed ${file}:${w.line}${w.size ? ` (${w.size})` : ""}`);
      }
      for (const i of issues) {
        const expected = k.wrong.some((w) => w.line === i.line && (!w.size || !i.size || i.size === w.size));
        if (!expected) {
          g.falseAlarms++;
          if (name === "all") g.details.push(`false alarm ${file}:${i.line}${i.size ? ` (${i.size})` : ""}: ${i.message}`);
        }
      }
      for (const gap of k.gradingGaps) {
        g.gaps++;
        if (gapIssues.some((i) => i.line === gap.line && i.size === gap.size)) g.gapsFound++;
      }
      const sections = optimizePatternOffline(text).sections;
      for (const part of k.parts) {
        g.parts++;
        const kept = sections.some((s) => s.key === "instructions" && s.lines.some((l) => l.n === part.line && l.part));
        if (kept) g.partsKept++;
        else if (name === "all") g.details.push(`part not kept in the instructions ${file}:${part.line} ${part.text}`);
      }
      g.gauge++;
      if (!report.missingSections.includes("gauge")) g.gaugeFound++;
      const falseMissing = report.missingSections.filter((m) => !k.missingSections.includes(m));
      g.falseMissing += falseMissing.length;
      if (falseMissing.length && name === "all") g.details.push(`false missing ${file}: ${falseMissing.join(", ")}`);
    }
  }
  return groups;
}

/**
 * One line a group: the figures the issue asks for.
 * @param {Group} g
 */
export function describe(g) {
  /** @param {number} a @param {number} b */
  const pct = (a, b) => (b ? `${Math.round((a / b) * 1000) / 10} %` : "n/a");
  const reasons = Object.entries(g.unchecked)
    .map(([r, n]) => `${r} ${n}`)
    .join(", ");
  return `${g.patterns} patterns: rows checked ${g.checked}/${g.rows} (${pct(g.checked, g.rows)}), unchecked ${g.rows - g.checked}${reasons ? ` (${reasons})` : ""}; wrong rows found at their line ${g.found}/${g.wrong}, in their size ${g.foundInSize}/${g.wrong}; false alarms ${g.falseAlarms}; grading gaps ${g.gapsFound}/${g.gaps}; parts kept ${g.partsKept}/${g.parts}; gauge found ${g.gaugeFound}/${g.gauge}; false "missing" ${g.falseMissing}`;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const checker = await loadTechEdit();
  for (const set of ["accuracy", "held-out"]) {
    const groups = measure(checker, set);
    console.log(`-- ${set}`);
    for (const [name, g] of Object.entries(groups)) console.log(`${name}: ${describe(g)}`);
    for (const d of groups.all.details) console.log(`  ${d}`);
  }
}
