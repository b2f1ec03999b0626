import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { cloudflare } from "@cloudflare/vite-plugin";
import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig, type Plugin } from "vite";

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

export default defineConfig({
  plugins: [cloudflare({ viteEnvironment: { name: "ssr" }, remoteBindings: false }), tailwindcss(), reactRouter(), apiDocsAssets()],
});
