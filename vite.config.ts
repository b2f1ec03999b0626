import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { basename, dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { cloudflare } from "@cloudflare/vite-plugin";
import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig, type Plugin } from "vite";
import { auditEngineId } from "./scripts/lib/audit-engine.mjs";

// Local servers must never try to fetch Request.cf from the internet.
process.env.CLOUDFLARE_CF_FETCH_ENABLED = "false";

/**
 * The developer API viewer (/api/docs, served only when API_DOCS_ENABLED=true) uses swagger-ui-dist;
 * its files are copied into the client build as static assets, with our own initialiser so the
 * page needs no inline script.
 */
function apiDocsAssets(): Plugin {
  const dist = dirname(createRequire(import.meta.url).resolve("swagger-ui-dist/package.json"));
  return {
    name: "listora:api-docs-assets",
    applyToEnvironment: (environment) => environment.name === "client",
    generateBundle() {
      for (const file of ["swagger-ui.css", "swagger-ui-bundle.js"]) {
        this.emitFile({ type: "asset", fileName: `api-docs/${file}`, source: readFileSync(join(dist, file)) });
      }
      this.emitFile({
        type: "asset",
        fileName: "api-docs/init.js",
        source: 'window.ui = SwaggerUIBundle({ url: "/api/openapi.json", dom_id: "#ui", deepLinking: true, persistAuthorization: false });\n',
      });
    },
  };
}

const LANGUAGES = ["en", "tr"] as const;

/**
 * Catalogues per language in the browser build (decision 0027). Each `app/lib/i18n/catalog/<area>.ts`
 * holds `en` and `tr`; the browser gets one chunk per area and language, and loads only the visitor's
 * language. The module a route imports becomes a small loader whose `en`/`tr` bindings fill in when
 * `load(language)` resolves (it starts loading the document's language as soon as it is evaluated).
 * The server build keeps both languages and learns each chunk's address (`chunks`), so the page's
 * HTML preloads the chunks of its language. Development and the tests keep the plain modules.
 */
function cataloguesPerLanguage(): Plugin {
  const dir = join(dirname(fileURLToPath(import.meta.url)), "app/lib/i18n/catalog");
  const chunks: Record<string, Partial<Record<(typeof LANGUAGES)[number], string>>> = {};
  const catalogue = (id: string) => {
    const [file, query = ""] = id.split("?");
    if (dirname(file) !== dir || !file.endsWith(".ts")) return null;
    const language = LANGUAGES.find((l) => query === `lang=${l}`);
    return { file, name: basename(file, ".ts"), query, language };
  };
  return {
    name: "listora:catalogues-per-language",
    apply: "build",
    enforce: "pre",
    sharedDuringBuild: true,
    load(id) {
      const c = catalogue(id);
      if (!c) return null;
      const source = readFileSync(c.file, "utf8");
      if (this.environment.name !== "client") {
        return c.query ? null : `${source}\nexport const chunks = ${JSON.stringify(chunks[c.name] ?? {})};\n`;
      }
      if (c.language) {
        // One language's chunk: the other language's table stays unexported, so the bundler drops it.
        const other = LANGUAGES.find((l) => l !== c.language);
        return source.replace(new RegExp(`^export const ${other}\\b`, "m"), `const ${other}`);
      }
      if (c.query) return null;
      const file = JSON.stringify(`./${c.name}.ts`);
      return [
        "export let en;",
        "export let tr;",
        "const loading = {};",
        "export function load(language) {",
        `  return (loading[language] ??= (language === "tr" ? import(${file.slice(0, -1)}?lang=tr") : import(${file.slice(0, -1)}?lang=en")).then((m) => {`,
        '    if (language === "tr") tr = m.tr;',
        "    else en = m.en;",
        "  }));",
        "}",
        'if (typeof document !== "undefined" && (document.documentElement.lang === "en" || document.documentElement.lang === "tr")) void load(document.documentElement.lang);',
        "",
      ].join("\n");
    },
    generateBundle(_options, bundle) {
      if (this.environment.name !== "client") return;
      for (const chunk of Object.values(bundle)) {
        const c = chunk.type === "chunk" && chunk.facadeModuleId ? catalogue(chunk.facadeModuleId) : null;
        if (c?.language) (chunks[c.name] ??= {})[c.language] = `/${chunk.fileName}`;
      }
    },
  };
}

export default defineConfig({
  // The audit engine's build identity: a stored score of another build is scored again (decision 0064).
  define: { __AUDIT_ENGINE__: JSON.stringify(auditEngineId(import.meta.dirname)) },
  plugins: [cloudflare({ viteEnvironment: { name: "ssr" }, remoteBindings: false }), tailwindcss(), reactRouter(), apiDocsAssets(), cataloguesPerLanguage()],
});
