import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import routes from "~/routes";
import { entryStylesOf } from "~/lib/styles";
import { app, moduleGraph } from "./module-graph";

/**
 * The screens visitors land on get app/styles/entry.css inline, built from only the files its `@source`
 * lines name (decision 0061). A class in a file those screens import but the sheet does not scan would
 * paint unstyled on their first load, so every such file must be named there.
 */
const entryCss = path.join(app, "styles/entry.css");
const routeModules = import.meta.glob<{ handle?: unknown }>("../../app/routes/*.tsx", { eager: true });

interface RouteEntry {
  file: string;
  children?: RouteEntry[];
}

/** The route files whose handle, or a parent layout's, asks for the entry stylesheet. */
function entryRoutes(entries: RouteEntry[], inherited = false): string[] {
  return entries.flatMap((entry) => {
    const wants = inherited || entryStylesOf(routeModules[`../../app/${entry.file}`]?.handle) !== null;
    return [...(wants ? [entry.file] : []), ...entryRoutes(entry.children ?? [], wants)];
  });
}

/** The files and folders the entry stylesheet scans, as absolute paths. */
function sources(): string[] {
  const css = fs.readFileSync(entryCss, "utf8");
  return [...css.matchAll(/^@source\s+"([^"]+)";/gm)].map((m) => path.resolve(path.dirname(entryCss), m[1]));
}

describe("the entry screens' stylesheet", () => {
  const screens = entryRoutes(routes as RouteEntry[]);

  it("is asked for by the landing page, sign-in and registration, and no signed-in screen", () => {
    expect(screens.sort()).toEqual(["routes/landing.tsx", "routes/login.tsx", "routes/public-only-layout.tsx", "routes/register.tsx"]);
  });

  it("scans every file of app/ those screens and the document shell import", () => {
    const scanned = sources();
    for (const source of scanned) expect(fs.existsSync(source), `${path.relative(app, source)} named in entry.css exists`).toBe(true);
    const files = new Set(["root.tsx", ...screens].flatMap((file) => moduleGraph(path.join(app, file)).files));
    const missing = [...files]
      .filter((file) => !file.includes(".server."))
      .filter((file) => !scanned.some((source) => file === source || file.startsWith(`${source}${path.sep}`)))
      .map((file) => path.relative(app, file));
    expect(missing).toEqual([]);
  });
});
