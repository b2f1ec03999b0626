import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import routes from "~/routes";
import { BASE_CATALOGUES } from "~/lib/i18n";
import { routeCatalogues } from "~/lib/i18n/route";
import { app, catalogueFiles, moduleGraph } from "./module-graph";

/**
 * Every route declares the catalogues its screen reads (`handle.i18n`); the provider knows only those
 * (plus the base ones), so a key from an undeclared area would reach the seller as a raw key. This walks
 * each route module's imports inside app/ and checks every key its code names.
 */
const routeModules = import.meta.glob<{ handle?: unknown }>("../../app/routes/*.tsx", { eager: true });

const everyKey = new Set(Object.values(catalogueFiles).flatMap((catalogue) => Object.keys(catalogue.en ?? {})));

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
