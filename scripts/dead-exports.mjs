#!/usr/bin/env node
// npm run deadcode: the exported names of app/, worker/, schema/ and tests/ that no
// other file imports, and those that only tests import. Read from TypeScript's own module graph (the
// project's tsconfig files), so `~/` paths, `export * from`, re-exports and `import type` all count.
// Route modules count too: of a module app/routes.ts lists, only the names React Router reads
// (ROUTE_EXPORTS) are used by the framework; its other exports need an importer like any file's. A file
// under app/routes/ that app/routes.ts does not list is reported as a route nobody can reach.
// A report: it exits 0. `--fail` (npm test's "deadcode" step) exits 1 when an export no file imports or
// an unlisted route is found outside KEPT.
import { relative, resolve, sep } from "node:path";
import ts from "typescript";

const root = resolve(import.meta.dirname, "..");
const SCOPE = ["app", "worker", "durable-objects", "shared", "schema", "tests"];

/**
 * Exports kept on purpose though no file imports them: the Radix/Tailwind kit under components/ui keeps
 * each primitive's whole surface (Portal, Overlay, Close...), and the account types name the return
 * types of exported hooks (a composite project must be able to write their declarations).
 */
const KEPT = [/^app\/components\/ui\//, /^app\/lib\/account\.ts:(AccountData|AccountPart)$/];

/** Names React Router reads from a route module (app/routes.ts, app/root.tsx) and its entries. */
const ROUTE_EXPORTS = new Set([
  "default",
  "loader",
  "clientLoader",
  "action",
  "clientAction",
  "meta",
  "links",
  "headers",
  "handle",
  "Layout",
  "HydrateFallback",
  "ErrorBoundary",
  "shouldRevalidate",
  "middleware",
  "clientMiddleware",
  "streamTimeout",
  "handleError",
]);

/** Files whose every export a framework reads: the Worker's entry (wrangler), the vitest setup files and the build stand-in (vitest.config.ts). */
const FRAMEWORK_FILES = new Set(["worker/index.ts", "tests/worker/setup.ts", "tests/e2e/global-setup.ts", "tests/e2e/flaky-reporter.ts", "tests/fixtures/server-build.ts"]);

/** drizzle-kit reads the tables of this file (drizzle.config.ts) to write migrations. */
const DRIZZLE_SCHEMA = "schema/db.ts";

/** The route table (React Router reads its default export) and the modules its calls name. */
const ROUTE_TABLE = "app/routes.ts";

/**
 * The files app/routes.ts names (`route("x", "routes/x.tsx")`, `index(…)`, `layout(…)`), project-relative:
 * every string literal of the table that ends in a module extension, resolved against app/.
 * @param {ts.SourceFile | undefined} sf
 */
function listedRoutes(sf) {
  /** @type {Set<string>} */
  const files = new Set();
  if (!sf) return files;
  /** @param {ts.Node} node */
  const visit = (node) => {
    if (ts.isStringLiteralLike(node) && /\.(tsx?|jsx?|mdx?)$/.test(node.text)) files.add(rel(resolve(root, "app", node.text)));
    ts.forEachChild(node, visit);
  };
  visit(sf);
  return files;
}

/**
 * @param {string} file project-relative, forward slashes
 * @param {string} name
 * @param {ts.Symbol} symbol
 */
function isFrameworkExport(file, name, symbol) {
  if (FRAMEWORK_FILES.has(file)) return true;
  if (file === DRIZZLE_SCHEMA && symbol.flags & ts.SymbolFlags.Value) return true;
  if (file === ROUTE_TABLE) return name === "default";
  const routeModule = file === "app/root.tsx" || file.startsWith("app/entry.") || routes.has(file);
  return routeModule && ROUTE_EXPORTS.has(name);
}

/** @param {string} fileName */
const rel = (fileName) => relative(root, fileName).split(sep).join("/");
/** @param {string} file */
const inScope = (file) => SCOPE.some((dir) => file.startsWith(`${dir}/`));

/** Every file of the project's tsconfig files, one program (so a symbol is the same object everywhere). */
function createProgram() {
  /** @type {string[]} */
  const fileNames = [];
  /** @type {ts.CompilerOptions | undefined} */
  let options;
  for (const config of ["tsconfig.cloudflare.json", "tsconfig.node.json"]) {
    const parsed = ts.getParsedCommandLineOfConfigFile(
      resolve(root, config),
      {},
      { ...ts.sys, onUnRecoverableConfigFileDiagnostic: (d) => console.error(ts.flattenDiagnosticMessageText(d.messageText, "\n")) },
    );
    if (!parsed) throw new Error(`cannot read ${config}`);
    fileNames.push(...parsed.fileNames);
    options ??= parsed.options;
  }
  return ts.createProgram([...new Set(fileNames)], { ...options, allowJs: true, noEmit: true, composite: false, incremental: false });
}

const program = createProgram();
const checker = program.getTypeChecker();
const sources = program.getSourceFiles().filter((sf) => !sf.isDeclarationFile && !rel(sf.fileName).startsWith("node_modules/") && !rel(sf.fileName).startsWith(".."));

const routes = listedRoutes(sources.find((sf) => rel(sf.fileName) === ROUTE_TABLE));

/** @param {ts.Symbol} symbol */
const resolveAlias = (symbol) => (symbol.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(symbol) : symbol);

/** The files that import each exported symbol (the symbol it finally resolves to). @type {Map<ts.Symbol, Set<string>>} */
const importers = new Map();
/** @param {ts.Symbol | undefined} symbol @param {string} file */
function markUsed(symbol, file) {
  if (!symbol) return;
  const target = resolveAlias(symbol);
  let files = importers.get(target);
  if (!files) importers.set(target, (files = new Set()));
  files.add(file);
}
/** Every export of the module `specifier` names (a namespace import, `import("…")`, `typeof import("…")`). @param {ts.Node} specifier @param {string} file */
function markModule(specifier, file) {
  const moduleSymbol = checker.getSymbolAtLocation(specifier);
  if (moduleSymbol) for (const symbol of checker.getExportsOfModule(moduleSymbol)) markUsed(symbol, file);
}

for (const sf of sources) {
  const file = rel(sf.fileName);
  /** @param {ts.Node} node */
  const visit = (node) => {
    if (ts.isImportDeclaration(node) && node.importClause) {
      const clause = node.importClause;
      if (clause.name) markUsed(checker.getSymbolAtLocation(clause.name), file);
      const bindings = clause.namedBindings;
      if (bindings && ts.isNamespaceImport(bindings)) markModule(node.moduleSpecifier, file);
      if (bindings && ts.isNamedImports(bindings)) for (const element of bindings.elements) markUsed(checker.getSymbolAtLocation(element.name), file);
    } else if (ts.isExportDeclaration(node) && node.moduleSpecifier) {
      // A re-export is a use by the re-exporting file (worker/index.ts re-exports the Durable Objects for wrangler).
      if (!node.exportClause) markModule(node.moduleSpecifier, file);
      else if (ts.isNamedExports(node.exportClause)) for (const element of node.exportClause.elements) markUsed(checker.getSymbolAtLocation(element.name), file);
      else markModule(node.moduleSpecifier, file);
    } else if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword && node.arguments[0]) {
      markModule(node.arguments[0], file);
    } else if (ts.isImportTypeNode(node) && ts.isLiteralTypeNode(node.argument)) {
      markModule(node.argument.literal, file);
    }
    ts.forEachChild(node, visit);
  };
  visit(sf);
}

/** @type {string[]} */
const dead = [];
/** @type {string[]} */
const testsOnly = [];
/** Route modules app/routes.ts does not list: no URL reaches them. @type {string[]} */
const unlisted = [];
for (const sf of sources) {
  const file = rel(sf.fileName);
  if (!inScope(file)) continue;
  if (file.startsWith("app/routes/") && /\.(tsx?|jsx?)$/.test(file) && !routes.has(file)) unlisted.push(`${file}: not a route of ${ROUTE_TABLE}`);
  const moduleSymbol = checker.getSymbolAtLocation(sf);
  if (!moduleSymbol) continue;
  for (const symbol of checker.getExportsOfModule(moduleSymbol)) {
    const name = symbol.getName();
    const target = resolveAlias(symbol);
    // A re-export is reported where the name is declared, not at every file that passes it on.
    if (!target.declarations?.some((d) => d.getSourceFile() === sf)) continue;
    if (isFrameworkExport(file, name, target)) continue;
    const others = [...(importers.get(target) ?? [])].filter((f) => f !== file);
    if (!others.length) dead.push(`${file}:${name}`);
    else if (!file.startsWith("tests/") && others.every((f) => f.startsWith("tests/"))) testsOnly.push(`${file}:${name}`);
  }
}

const failing = dead.filter((line) => !KEPT.some((re) => re.test(line)));
if (process.argv.includes("--fail")) {
  // npm test: only what fails, one line each.
  for (const line of [...unlisted, ...failing]) console.error(`  ${line}`);
  if (unlisted.length) console.error(`\n✗ ${unlisted.length} route modules app/routes.ts does not list: add the route or remove the file`);
  if (failing.length) console.error(`\n✗ ${failing.length} exports no file imports (outside the kept kit): remove the export or the code`);
  if (unlisted.length || failing.length) process.exit(1);
  console.log(`✓ no dead exports (${dead.length - failing.length} kept on purpose: the components/ui kit, declaration types)`);
  process.exit(0);
}
if (unlisted.length) {
  console.log(`Route modules app/routes.ts does not list (${unlisted.length}):`);
  for (const line of unlisted.sort()) console.log(`  ${line}`);
  console.log("");
}
console.log(`Exports no other file imports (${dead.length}):`);
for (const line of dead.sort()) console.log(`  ${line}`);
console.log(`\nExports only tests import (${testsOnly.length}):`);
for (const line of testsOnly.sort()) console.log(`  ${line}`);
