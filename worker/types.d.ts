declare module "virtual:react-router/server-build" {
  import type { ServerBuild } from "react-router";
  const build: ServerBuild;
  export = build;
}

/** The audit engine's build identity (scripts/lib/audit-engine.mjs, decision 0064); set by Vite and the Worker tests. */
declare const __AUDIT_ENGINE__: string | undefined;
