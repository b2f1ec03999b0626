import { describe, expect, it } from "vitest";
import { LOCAL_MARK, PROVIDER_VAR_NAMES, buildDevVars, devVarLine, parseDevVars, providerVarsFrom } from "../../scripts/lib/dev-vars.mjs";

// What `npm start` hands the local Worker (scripts/lib/dev-vars.mjs): .dev.vars, then the provider
// settings of the process environment, then the mark that the local run has no Workers AI.

const DEV_VARS = ["# Local secrets", "APP_ENV=development", "JWT_SECRET=abcdefghijklmnopqrstuvwxyz0123456789ABCD", "DEEPSEEK_API_KEY=sk-from-file", "SERPAPI_API_KEY=serp-from-file", ""].join("\n");

describe("the variables npm start passes to the Worker", () => {
  it("knows every provider setting of every kind", () => {
    const expected = [
      ...["DEEPSEEK_API_KEY", "OPENAI_API_KEY", "OPENAI_BASE_URL", "LLM_PROVIDER", "LLM_MODEL", "LLM_BASE_URL", "WORKERS_AI_ENABLED", "WORKERS_AI_MODEL"],
      ...["SERPAPI_API_KEY", "ETSY_API_KEY", "TRENDS_PROVIDER", "ETSY_SHARED_SECRET", "ETSY_API_URL"],
      ...["DATAFORSEO_LOGIN", "DATAFORSEO_PASSWORD", "DATAFORSEO_API_URL"],
      ...["REMOVE_BG_API_KEY", "REMOVE_BG_API_URL", "PHOTOROOM_API_KEY", "PHOTOROOM_API_URL"],
      ...["IMAGE_PROVIDER", "OPENAI_IMAGE_MODEL"],
      ...["RESEND_API_KEY", "RESEND_BASE_URL", "MAIL_PROVIDER", "MAIL_FROM"],
    ];
    for (const name of expected) expect(PROVIDER_VAR_NAMES).toContain(name);
    expect(new Set(PROVIDER_VAR_NAMES).size).toBe(PROVIDER_VAR_NAMES.length);
  });

  it("passes a key set only in the environment (REMOVE_BG_API_KEY=... npm start)", () => {
    const { text, fromEnv } = buildDevVars(DEV_VARS, { REMOVE_BG_API_KEY: "rb-live-123" });
    expect(parseDevVars(text).REMOVE_BG_API_KEY).toBe("rb-live-123");
    expect(fromEnv).toEqual(["REMOVE_BG_API_KEY"]);
  });

  it("lets the environment win over .dev.vars and keeps the rest of .dev.vars as written", () => {
    const { text } = buildDevVars(DEV_VARS, { DEEPSEEK_API_KEY: "sk-from-env" });
    const vars = parseDevVars(text);
    expect(vars.DEEPSEEK_API_KEY).toBe("sk-from-env");
    expect(vars.SERPAPI_API_KEY).toBe("serp-from-file");
    expect(vars.APP_ENV).toBe("development");
    expect(vars.JWT_SECRET).toBe("abcdefghijklmnopqrstuvwxyz0123456789ABCD");
    expect(text.startsWith(DEV_VARS)).toBe(true);
  });

  it("takes an empty value from the environment too, so `DEEPSEEK_API_KEY= npm start` runs without it", () => {
    expect(parseDevVars(buildDevVars(DEV_VARS, { DEEPSEEK_API_KEY: "" }).text).DEEPSEEK_API_KEY).toBe("");
  });

  it("passes nothing else from the environment: not PATH, HOME, secrets of the app or unset names", () => {
    const env = { PATH: "/usr/bin", HOME: "/home/me", JWT_SECRET: "from-shell", APP_ENV: "production", OPENAI_API_KEY: undefined };
    expect(providerVarsFrom(env)).toEqual({});
    const vars = parseDevVars(buildDevVars(DEV_VARS, env).text);
    expect(vars.PATH).toBeUndefined();
    expect(vars.HOME).toBeUndefined();
    expect(vars.APP_ENV).toBe("development");
    expect(vars.JWT_SECRET).toBe("abcdefghijklmnopqrstuvwxyz0123456789ABCD");
    expect("OPENAI_API_KEY" in vars).toBe(false);
  });

  it("always marks the run as one without Workers AI, whatever .dev.vars or the environment say", () => {
    const { text } = buildDevVars(`${DEV_VARS}WORKERS_AI_LOCAL=available\n`, { WORKERS_AI_LOCAL: "available", WORKERS_AI_ENABLED: "true" });
    const vars = parseDevVars(text);
    expect(vars.WORKERS_AI_LOCAL).toBe(LOCAL_MARK.WORKERS_AI_LOCAL);
    expect(vars.WORKERS_AI_LOCAL).toBe("unavailable");
    expect(vars.WORKERS_AI_ENABLED).toBe("true");
  });

  it("works without a .dev.vars", () => {
    const vars = parseDevVars(buildDevVars("", { RESEND_API_KEY: "re_123" }).text);
    expect(vars).toEqual({ RESEND_API_KEY: "re_123", WORKERS_AI_LOCAL: "unavailable" });
  });

  it("keeps values with spaces, #, quotes and line breaks as they are", () => {
    const values = {
      MAIL_FROM: "Listora <no-reply@listora.app>",
      DATAFORSEO_PASSWORD: "p#ss word",
      PHOTOROOM_API_KEY: `it's "quoted"`,
      OPENAI_BASE_URL: "https://proxy.example/v1?x=1&y=2",
      RESEND_BASE_URL: "line one\nline two",
    };
    const vars = parseDevVars(buildDevVars(DEV_VARS, values).text);
    for (const [name, value] of Object.entries(values)) expect(vars[name]).toBe(value);
  });

  it("refuses a value it cannot write, naming the variable and never the value", () => {
    const secret = `a'b"c\`d\ne`;
    let message = "";
    try {
      devVarLine("DATAFORSEO_PASSWORD", secret);
    } catch (error) {
      message = (error as Error).message;
    }
    expect(message).toMatch(/^DATAFORSEO_PASSWORD /);
    expect(message).not.toContain("a'b");
  });
});
