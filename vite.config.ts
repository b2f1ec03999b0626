import { cloudflare } from "@cloudflare/vite-plugin";
import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";

// Local servers must never try to fetch Request.cf from the internet.
process.env.CLOUDFLARE_CF_FETCH_ENABLED = "false";

export default defineConfig({
  plugins: [
    cloudflare({ viteEnvironment: { name: "ssr" }, remoteBindings: false }),
    tailwindcss(),
    reactRouter(),
  ],
});
