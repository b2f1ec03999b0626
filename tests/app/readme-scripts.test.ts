import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";

// The README's table of scripts is what a newcomer runs: every npm script is in it, and it names no
// script that does not exist.

const root = join(import.meta.dirname, "../..");
const scripts = Object.keys(JSON.parse(readFileSync(join(root, "package.json"), "utf8")).scripts as Record<string, string>);
const readme = readFileSync(join(root, "README.md"), "utf8");
const table = readme.slice(readme.indexOf("## Scripts"), readme.indexOf("\n## ", readme.indexOf("## Scripts") + 1));

/** The script names of the table's first column: `npm start`, `npm test`, `npm run x`, and `y` after a slash. */
function listed() {
  const names = new Set<string>();
  for (const row of table.split("\n").filter((line) => line.startsWith("| `npm"))) {
    const cell = row.split(" | ")[0];
    for (const [, code] of cell.matchAll(/`([^`]+)`/g)) {
      const name = code.replace(/^npm (run )?/, "").split(" ")[0];
      names.add(name);
    }
  }
  return names;
}

describe("the README's scripts", () => {
  it("lists every script of package.json", () => {
    const names = listed();
    expect(scripts.filter((name) => !names.has(name))).toEqual([]);
  });

  it("lists no script that package.json does not have", () => {
    expect([...listed()].filter((name) => !scripts.includes(name))).toEqual([]);
  });
});
