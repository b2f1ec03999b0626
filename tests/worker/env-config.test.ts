import { createExecutionContext, env, waitOnExecutionContext } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import worker from "../../worker/index";
import { ConfigError, appEnvOf, configProblems, getConfig, isProduction, type Env } from "../../worker/lib/env";

const base = env as unknown as Env;
const SECRET = "a-production-secret-that-is-long-enough-0123456789";

/** The test pool's bindings with some variables changed (undefined removes one). */
function withVars(vars: Partial<Record<keyof Env, string | undefined>>): Env {
  const next: Record<string, unknown> = { ...base };
  for (const [key, value] of Object.entries(vars)) {
    if (value === undefined) delete next[key];
    else next[key] = value;
  }
  return next as unknown as Env;
}

async function fetchWith(e: Env, path: string) {
  const ctx = createExecutionContext();
  const res = await worker.fetch(new Request(`http://localhost${path}`) as never, e as never, ctx);
  await waitOnExecutionContext(ctx);
  return res;
}

describe("what counts as production", () => {
  it.each([undefined, "", "  ", "staging", "prod", "Production", "DEVELOPMENT", "dev", "testing"])("treats APP_ENV=%j as production", (value) => {
    expect(appEnvOf(value)).toBe("production");
    expect(isProduction({ APP_ENV: value } as Env)).toBe(true);
  });

  it.each(["development", "test"] as const)("treats APP_ENV=%j as itself", (value) => {
    expect(appEnvOf(value)).toBe(value);
    expect(isProduction({ APP_ENV: value } as Env)).toBe(false);
  });
});

describe("the production configuration check", () => {
  it("names every missing piece: JWT secret, pepper and mail provider", () => {
    const problems = configProblems(withVars({ APP_ENV: undefined, JWT_SECRET: "short", PASSWORD_PEPPER: "", RESEND_API_KEY: "", MAIL_PROVIDER: undefined }));
    expect(problems.join("\n")).toMatch(/JWT_SECRET/);
    expect(problems.join("\n")).toMatch(/PASSWORD_PEPPER/);
    expect(problems.join("\n")).toMatch(/mail provider/);
    expect(() => getConfig(withVars({ APP_ENV: "staging", JWT_SECRET: SECRET, PASSWORD_PEPPER: "", RESEND_API_KEY: "re_key" }))).toThrow(ConfigError);
  });

  it("refuses the embedded outbox as production's mail provider, even with a Resend key", () => {
    const problems = configProblems(withVars({ APP_ENV: "production", JWT_SECRET: SECRET, PASSWORD_PEPPER: "pepper-value", RESEND_API_KEY: "re_key", MAIL_PROVIDER: "outbox" }));
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatch(/mail provider/);
  });

  it("accepts production with a secret, a pepper and Resend", () => {
    const e = withVars({ APP_ENV: "", JWT_SECRET: SECRET, PASSWORD_PEPPER: "pepper-value", RESEND_API_KEY: "re_key", MAIL_PROVIDER: "auto" });
    expect(configProblems(e)).toEqual([]);
    expect(getConfig(e).appEnv).toBe("production");
  });

  it("asks nothing of development and test", () => {
    expect(configProblems(withVars({ APP_ENV: "development", JWT_SECRET: undefined, PASSWORD_PEPPER: undefined, RESEND_API_KEY: "" }))).toEqual([]);
    expect(configProblems(withVars({ APP_ENV: "test", JWT_SECRET: undefined, PASSWORD_PEPPER: undefined, RESEND_API_KEY: "" }))).toEqual([]);
  });
});

describe("the Worker with APP_ENV unset, empty or another word", () => {
  it.each([undefined, "", "staging"])("refuses to serve (503 with the reasons) without a pepper and a mail provider, APP_ENV=%j", async (value) => {
    const e = withVars({ APP_ENV: value, JWT_SECRET: SECRET, PASSWORD_PEPPER: undefined, RESEND_API_KEY: undefined });
    const health = await fetchWith(e, "/api/health");
    expect(health.status).toBe(503);
    const body = await health.json<{ success: boolean; code: string; message: string; problems: string[] }>();
    expect(body).toMatchObject({ success: false, code: "config-invalid" });
    expect(body.problems.join("\n")).toMatch(/PASSWORD_PEPPER/);
    expect(body.problems.join("\n")).toMatch(/mail provider/);
    expect(JSON.stringify(body)).not.toContain(SECRET);
    const mail = await fetchWith(e, "/dev/mail");
    expect(mail.status).toBe(503);
    expect(await mail.text()).not.toContain("Mail outbox");
  });

  it.each([undefined, "", "staging"])("serves as production once configured, with no /dev/mail, APP_ENV=%j", async (value) => {
    const e = withVars({ APP_ENV: value, JWT_SECRET: SECRET, PASSWORD_PEPPER: "pepper-value", RESEND_API_KEY: "re_key", MAIL_PROVIDER: "auto" });
    const health = await fetchWith(e, "/api/health");
    expect(health.status).toBe(200);
    expect(await health.json()).toMatchObject({ environment: "production" });
    expect((await fetchWith(e, "/dev/mail")).status).toBe(404);
    const forgot = await worker.fetch(
      new Request("http://localhost/api/auth/forgot-password", {
        method: "POST",
        headers: { "Content-Type": "application/json", "CF-Connecting-IP": "203.0.113.9" },
        body: JSON.stringify({ email: "nobody@example.com" }),
      }) as never,
      e as never,
      createExecutionContext(),
    );
    expect(forgot.status).toBe(200);
    expect((await forgot.json<{ devOutbox?: string }>()).devOutbox).toBeUndefined();
  });

  it("shows /dev/mail in development, one recipient's mail with ?to=", async () => {
    const stamp = `${Date.now()}${Math.floor(Math.random() * 1000)}`;
    for (const to of [`first.${stamp}@example.com`, `second.${stamp}@example.com`]) {
      await base.DB.prepare("INSERT INTO mail_outbox (id, to_address, subject, text_body, html_body, provider, status, created_at) VALUES (?, ?, ?, ?, '', 'outbox', 'stored', ?)")
        .bind(crypto.randomUUID(), to, `Hello ${to}`, `Body for ${to}`, Date.now())
        .run();
    }
    const res = await fetchWith(withVars({ APP_ENV: "development" }), "/dev/mail");
    expect(res.status).toBe(200);
    const all = await res.text();
    expect(all).toContain("Mail outbox (development)");
    expect(all).toContain(`Body for second.${stamp}@example.com`);
    const one = await (await fetchWith(withVars({ APP_ENV: "development" }), `/dev/mail?to=${encodeURIComponent(`first.${stamp}@example.com`)}`)).text();
    expect(one).toContain(`Body for first.${stamp}@example.com`);
    expect(one).not.toContain(`Body for second.${stamp}@example.com`);
  });
});
