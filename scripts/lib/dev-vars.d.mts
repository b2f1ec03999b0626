// Types of dev-vars.mjs, for the TypeScript that imports it (tests, the browser-suite setup).
export declare const PROVIDER_VARS: Readonly<Record<"llm" | "trends" | "volumes" | "cutouts" | "images" | "mail", readonly string[]>>;
export declare const PROVIDER_VAR_NAMES: readonly string[];
export declare const LOCAL_MARK: Readonly<{ WORKERS_AI_LOCAL: "unavailable" }>;
export declare function providerVarsFrom(processEnv: Record<string, string | undefined>): Record<string, string>;
export declare function devVarLine(name: string, value: string): string;
export declare function buildDevVars(devVarsText: string | null | undefined, processEnv: Record<string, string | undefined>): { text: string; fromEnv: string[] };
export declare function parseDevVars(text: string): Record<string, string>;
