import fs from "node:fs";
import path from "node:path";
import type { Catalogue } from "~/lib/i18n";

/** The walk of a route module's imports inside app/ that the route tests share (catalogues, entry styles). */
const root = path.resolve(import.meta.dirname, "../..");
export const app = path.join(root, "app");
const catalogueDir = path.join(app, "lib/i18n/catalog");

export const catalogueFiles = import.meta.glob<Catalogue>("../../app/lib/i18n/catalog/*.ts", { eager: true });

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
export function moduleGraph(entry: string): { files: string[]; scoped: Catalogue[] } {
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
