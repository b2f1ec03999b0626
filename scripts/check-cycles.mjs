#!/usr/bin/env node
// npm run cycles: finds import cycles among the files of worker/, schema/ and app/ and exits 1 when
// there is one. Imports are read with the TypeScript parser (no new dependency). Only imports that
// run code count: `import type`, `export type` and imports whose every name is `type` are erased by
// the compiler, so they cannot make modules load in a circle and are ignored. A dynamic `import()`
// counts (the module graph still has the edge). Paths resolve relative to the importing file or
// through the `~/` alias (app/), with the extensions TypeScript's bundler resolution tries.
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import ts from "typescript";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const SCOPES = ["worker", "durable-objects", "shared", "schema", "app"];
const EXTENSIONS = [".ts", ".tsx", ".mjs", ".js"];
// Cycles allowed to stay (none: every cycle fails the check).
/** @type {string[]} */
const ALLOWED_PREFIXES = [];
// `--types` counts type-only imports too, to see how the layers read (not part of npm test).
const withTypes = process.argv.includes("--types");

/** @param {string} dir @returns {string[]} */
function listFiles(dir) {
  if (!existsSync(dir)) return [];
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return name === "node_modules" ? [] : listFiles(path);
    return /\.(ts|tsx|mjs|js)$/.test(name) && !name.endsWith(".d.ts") ? [path] : [];
  });
}

/** @param {string} from @param {string} specifier @returns {string | null} */
function resolveImport(from, specifier) {
  let base;
  if (specifier.startsWith("~/")) base = join(root, "app", specifier.slice(2));
  else if (specifier.startsWith(".")) base = resolve(dirname(from), specifier);
  else return null;
  const candidates = [base, ...EXTENSIONS.map((ext) => base + ext), ...EXTENSIONS.map((ext) => join(base, "index" + ext))];
  // `./x.js` written for ESM resolves to x.ts.
  if (/\.(m?js)$/.test(base)) candidates.push(base.replace(/\.m?js$/, ".ts"), base.replace(/\.m?js$/, ".tsx"));
  return candidates.find((path) => existsSync(path) && statSync(path).isFile()) ?? null;
}

/** The specifiers of a file's imports that load code at run time. */
/** @param {string} path @returns {string[]} */
function runtimeImports(path) {
  const source = ts.createSourceFile(path, readFileSync(path, "utf8"), ts.ScriptTarget.Latest, true);
  /** @type {string[]} */
  const specifiers = [];
  /** @param {ts.Node} node */
  const visit = (node) => {
    if (ts.isImportDeclaration(node) && ts.isStringLiteral(node.moduleSpecifier)) {
      const clause = node.importClause;
      const typeOnly =
        clause?.isTypeOnly ||
        (clause &&
          !clause.name &&
          clause.namedBindings &&
          ts.isNamedImports(clause.namedBindings) &&
          clause.namedBindings.elements.length > 0 &&
          clause.namedBindings.elements.every((e) => e.isTypeOnly));
      if (withTypes || !typeOnly) specifiers.push(node.moduleSpecifier.text);
    } else if (ts.isExportDeclaration(node) && node.moduleSpecifier && ts.isStringLiteral(node.moduleSpecifier)) {
      const typeOnly = node.isTypeOnly || (node.exportClause && ts.isNamedExports(node.exportClause) && node.exportClause.elements.length > 0 && node.exportClause.elements.every((e) => e.isTypeOnly));
      if (withTypes || !typeOnly) specifiers.push(node.moduleSpecifier.text);
    } else if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword && node.arguments[0] && ts.isStringLiteral(node.arguments[0])) {
      specifiers.push(node.arguments[0].text);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return specifiers;
}

const files = SCOPES.flatMap((scope) => listFiles(join(root, scope)));
const inScope = new Set(files);
const graph = new Map(
  files.map((file) => [
    file,
    [
      ...new Set(
        runtimeImports(file)
          .map((s) => resolveImport(file, s))
          .filter(/** @returns {p is string} */ (p) => p !== null && inScope.has(p)),
      ),
    ].sort(),
  ]),
);

// Depth-first search: every edge back to a file still on the stack closes one cycle. Together these
// cover every strongly connected component; a component with several loops shows each one whose
// closing edge the search meets.
/** @type {string[][]} */
const cycles = [];
/** @type {Map<string, "open" | "done">} */
const state = new Map();
/** @type {string[]} */
const stack = [];
/** @param {string} file */
function visit(file) {
  state.set(file, "open");
  stack.push(file);
  for (const next of graph.get(file) ?? []) {
    if (state.get(next) === "open") cycles.push([...stack.slice(stack.indexOf(next)), next]);
    else if (!state.has(next)) visit(next);
  }
  stack.pop();
  state.set(file, "done");
}
for (const file of [...graph.keys()].sort()) if (!state.has(file)) visit(file);

/** @param {string} path */
const rel = (path) => relative(root, path);
/** @param {string[]} cycle */
const allowed = (cycle) => cycle.every((file) => ALLOWED_PREFIXES.some((prefix) => rel(file).startsWith(prefix)));
const failing = cycles.filter((c) => !allowed(c));
const tolerated = cycles.filter(allowed);

for (const cycle of tolerated) console.log(`allowed for now (app/): ${cycle.map(rel).join(" -> ")}`);
for (const cycle of failing) console.error(`import cycle: ${cycle.map(rel).join(" -> ")}`);
const kind = withTypes ? "imports, type-only ones included" : "run-time imports; type-only imports ignored";
const edges = [...graph.values()].reduce((n, list) => n + list.length, 0);
if (failing.length) {
  console.error(`\n✗ ${failing.length} import cycle(s) among ${files.length} files (${edges} ${kind})`);
  process.exit(1);
}
console.log(`✓ no import cycles among ${files.length} files of ${SCOPES.join("/, ")}/ (${edges} ${kind}${tolerated.length ? `; ${tolerated.length} app/ cycle(s) allowed for now` : ""})`);
