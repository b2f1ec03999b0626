import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import routes from "~/routes";
import { BASE_CATALOGUES, type Catalogue } from "~/lib/i18n";
import { routeCatalogues } from "~/lib/i18n/route";

/**
 * Every route declares the catalogues its screen reads (`handle.i18n`); the provider knows only those
 * (plus the base ones), so a key from an undeclared area would reach the seller as a raw key. This walks
 * each route module's imports inside app/ and checks every key its code names.
 */
const root = path.resolve(import.meta.dirname, "../..");
const app = path.join(root, "app");
const catalogueDir = path.join(app, "lib/i18n/catalog");

const catalogueFiles = import.meta.glob<Catalogue>("../../app/lib/i18n/catalog/*.ts", { eager: true });
const routeModules = import.meta.glob<{ handle?: unknown }>("../../app/routes/*.tsx", { eager: true });

const everyKey = new Set(Object.values(catalogueFiles).flatMap((catalogue) => Object.keys(catalogue.en ?? {})));

function resolveImport(from: string, spec: string): string | null {
  let base: string;
  if (spec.startsWith("~/")) base = path.join(app, spec.slice(2));
  else if (spec.startsWith(".")) base = path.resolve(path.dirname(from), spec);
  else return null;
  for (const file of [base, `${base}.ts`, `${base}.tsx`, path.join(base, "index.ts"), path.join(base, "index.tsx")]) {
    if (file.startsWith(app) && fs.existsSync(file) && fs.statSync(file).isFile()) return file;
  }
  return null;
}

/**
 * The module and everything it imports (values, not types; static and `import()`) inside app/,
 * catalogues left out, with the catalogues its CatalogueScope parts bring (a lazily loaded part of a
 * screen declares its own, decision 0027).
 */
function moduleGraph(entry: string): { files: string[]; scoped: Catalogue[] } {
  const seen = new Set<string>();
  const scoped: Catalogue[] = [];
  const stack = [entry];
  while (stack.length > 0) {
    const file = stack.pop()!;
    if (seen.has(file)) continue;
    seen.add(file);
    const source = fs.readFileSync(file, "utf8");
    const specifiers = [
      ...[...source.matchAll(/(?:^|\n)\s*(?:import|export)\s+(type\s+)?(?:[^"';]*?\sfrom\s+)?["']([^"']+)["']/g)].filter((m) => !m[1]).map((m) => m[2]),
      ...[...source.matchAll(/[^\w.]import\(\s*["']([^"']+)["']\s*\)/g)].map((m) => m[1]),
    ];
    for (const specifier of specifiers) {
      const target = resolveImport(file, specifier);
      if (!target || target.endsWith(path.join("lib", "i18n", "keys.ts"))) continue;
      if (!target.startsWith(catalogueDir)) stack.push(target);
      else if (/<CatalogueScope\b/.test(source)) scoped.push(catalogueFiles[`../../app/${path.relative(app, target).split(path.sep).join("/")}`]);
    }
  }
  return { files: [...seen], scoped };
}

/** The keys a source names: quoted keys of any catalogue, and the fixed heads of computed ones (`audit.part.${part}`). */
function namedKeys(source: string): { keys: string[]; heads: string[] } {
  const keys = [...source.matchAll(/["']([\w.-]+)["']/g)].map((m) => m[1]).filter((word) => everyKey.has(word));
  const heads = [...source.matchAll(/`([a-zA-Z][\w-]*\.[\w.-]*)\$\{/g)].map((m) => m[1]).filter((head) => [...everyKey].some((key) => key.startsWith(head)));
  return { keys, heads };
}

interface RouteEntry {
  file: string;
  children?: RouteEntry[];
}

/** Each route file with the files of its parent layouts (their handles count too). */
function routeChains(entries: RouteEntry[], parents: string[] = []): string[][] {
  return entries.flatMap((entry) => [[...parents, entry.file], ...routeChains(entry.children ?? [], [...parents, entry.file])]);
}

function handleOf(file: string) {
  const module = routeModules[`../../app/${file}`];
  expect(module, file).toBeDefined();
  return { id: file, handle: module.handle };
}

describe("catalogues declared per route", () => {
  const chains = routeChains(routes as RouteEntry[]);

  it("walks every route of the route table", () => {
    expect(chains.length).toBe(Object.keys(routeModules).length);
  });

  for (const chain of chains) {
    const file = chain[chain.length - 1];
    it(`${file}: every key its code names is in its declared catalogues`, () => {
      const graph = moduleGraph(path.join(app, file));
      const declared = [...BASE_CATALOGUES, ...routeCatalogues(chain.map(handleOf)), ...graph.scoped];
      const available = new Set(declared.flatMap((catalogue) => Object.keys(catalogue.en ?? {})));
      const missing = new Set<string>();
      for (const source of graph.files) {
        const { keys, heads } = namedKeys(fs.readFileSync(source, "utf8"));
        for (const key of keys) if (!available.has(key)) missing.add(`${key} (${path.relative(app, source)})`);
        for (const head of heads) if (![...available].some((key) => key.startsWith(head))) missing.add(`${head}* (${path.relative(app, source)})`);
      }
      expect([...missing]).toEqual([]);
    });
  }
});
