// ESLint: TypeScript's recommended rules and React's hooks rules, run by `npm test` (npm run lint).
import js from "@eslint/js";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import tseslint from "typescript-eslint";

export default tseslint.config(
  { ignores: ["build/", ".react-router/", ".wrangler/", ".tmp/", "node_modules/", "worker-configuration.d.ts", "public/"] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ["**/*.{ts,tsx,js,mjs}"],
    languageOptions: { globals: { ...globals.browser, ...globals.node, ...globals.serviceworker } },
    rules: {
      // Unused names: `_`-prefixed ones are deliberate (a parameter a signature needs).
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_", caughtErrors: "none" }],
    },
  },
  {
    // Stripping control characters from names, URLs and PDF text is what those expressions are for.
    rules: { "no-control-regex": "off" },
  },
  {
    // Tests reach into untyped fixtures and library internals on purpose.
    files: ["tests/**/*.{ts,tsx}"],
    rules: { "@typescript-eslint/no-explicit-any": "off", "@typescript-eslint/no-unsafe-function-type": "off" },
  },
  {
    // The rules of hooks are errors; the React Compiler's advisory rules (state set in an effect, refs
    // read in render, manual memoization) warn until the screens move to loaders (docs/decisions/0023).
    files: ["app/**/*.{ts,tsx}"],
    plugins: { "react-hooks": reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      "react-hooks/rules-of-hooks": "error",
      "react-hooks/exhaustive-deps": "error",
      "react-hooks/set-state-in-effect": "warn",
      "react-hooks/refs": "warn",
      "react-hooks/purity": "warn",
      "react-hooks/preserve-manual-memoization": "warn",
    },
  },
  {
    // The browser and the Worker share code only through shared/ (and the contract in schema/): the
    // app and shared/ never import worker/ or durable-objects/ (docs/decisions/0037).
    files: ["app/**/*.{ts,tsx}", "shared/**/*.ts"],
    rules: {
      "no-restricted-imports": ["error", { patterns: [{ regex: "(^|/)(worker|durable-objects)(/|$)", message: "app/ and shared/ reach the Worker only through shared/ and schema/." }] }],
    },
  },
);
