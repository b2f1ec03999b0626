#!/usr/bin/env node
// npm run deadcode: the exported names of app/, worker/, schema/ and tests/ that no
// other file imports, and those that only tests import. Read from TypeScript's own module graph (the
// project's tsconfig files), so `~/` paths, `export * from`, re-exports and `import type` all count.
// A report: it exits 0. `--fail` (npm test's "deadcode" step) exits 1 when an export no file imports is
// found outside KEPT.
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
const FRAMEWORK_FILES = new Set(["worker/index.ts", "tests/worker/setup.ts", "tests/e2e/global-setup.ts", "tests/fixtures/server-build.ts"]);

/** drizzle-kit reads the tables of this file (drizzle.config.ts) to write migrations. */
const DRIZZLE_SCHEMA = "schema/db.ts";

/**
 * @param {string} file project-relative, forward slashes
 * @param {string} name
 * @param {ts.Symbol} symbol
 */
function isFrameworkExport(file, name, symbol) {
  if (FRAMEWORK_FILES.has(file)) return true;
  if (file === DRIZZLE_SCHEMA && symbol.flags & ts.SymbolFlags.Value) return true;
  const routeModule = file === "app/root.tsx" || file.startsWith("app/entry.") || file.startsWith("app/routes/") || file === "app/routes.ts";
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
for (const sf of sources) {
  const file = rel(sf.fileName);
  if (!inScope(file)) continue;
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
  for (const line of failing) console.error(`  ${line}`);
  if (failing.length) {
    console.error(`\n✗ ${failing.length} exports no file imports (outside the kept kit): remove the export or the code`);
    process.exit(1);
  }
  console.log(`✓ no dead exports (${dead.length - failing.length} kept on purpose: the components/ui kit, declaration types)`);
  process.exit(0);
}
console.log(`Exports no other file imports (${dead.length}):`);
for (const line of dead.sort()) console.log(`  ${line}`);
console.log(`\nExports only tests import (${testsOnly.length}):`);
for (const line of testsOnly.sort()) console.log(`  ${line}`);
