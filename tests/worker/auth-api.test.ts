import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { LOGIN_LIMITS } from "../../worker/domain/auth/throttle";
import { PASSWORD, api, registerUser, uniqueEmail } from "./helpers";

type Body = Record<string, unknown> & { success: boolean; message: string };

async function latestMailTo(email: string, subject: string) {
  // Mail is written after the answer (waitUntil); poll briefly.
  for (let i = 0; i < 40; i++) {
    const row = await env.DB.prepare("SELECT text_body AS text FROM mail_outbox WHERE to_address = ? AND subject = ? ORDER BY created_at DESC LIMIT 1").bind(email, subject).first<{ text: string }>();
    if (row) return row.text;
    await new Promise((r) => setTimeout(r, 25));
  }
  throw new Error(`no mail "${subject}" to ${email}`);
}

function tokenFrom(text: string, path: string) {
  const match = new RegExp(`${path}\\?token=([a-f0-9]+)`).exec(text);
  if (!match) throw new Error(`no ${path} link in mail`);
  return match[1];
}

describe("POST /api/auth/register", () => {
  it("creates an account, answers { token, user } and sends a verification mail", async () => {
    const email = uniqueEmail();
    const res = await api("/auth/register", { body: { username: null, email, password: PASSWORD } });
    expect(res.status).toBe(201);
    const body = await res.json<Body & { token: string; user: { email: string; plan: string; emailVerified: boolean } }>();
    expect(body.token.startsWith("eyJ")).toBe(true);
    expect(body.user).toMatchObject({ email, plan: "free", emailVerified: false });
    expect(JSON.stringify(body)).not.toContain("password");
    const mail = await latestMailTo(email, "Confirm your e-mail for Listora");
    expect(mail).toContain("/verify-email?token=");
  });

  it("keeps the username a client sends (SPEC section 7) as the first name the profile shows; a field the SPEC does not name, such as fullName, is not read", async () => {
    const named = await api("/auth/register", { body: { username: "Ayşe", email: uniqueEmail("named"), password: PASSWORD } });
    const { token } = await named.json<Body & { token: string }>();
    const profile = await (await api("/profile", { token })).json<Body & { firstName: string; lastName: string }>();
    expect(profile).toMatchObject({ firstName: "Ayşe", lastName: "" });
    const full = await api("/auth/register", { body: { fullName: "Ayşe Yılmaz", email: uniqueEmail("full"), password: PASSWORD } });
    expect(full.status).toBe(201);
    const other = await (await api("/profile", { token: (await full.json<Body & { token: string }>()).token })).json<Body & { firstName: string }>();
    // The sidebar then shows the SPEC's placeholder "User" until the seller sets a name on /profile.
    expect(other.firstName).toBe("");
  });

  it("refuses a second account for the same e-mail, whatever its letter case", async () => {
    const email = uniqueEmail("Dupe");
    await registerUser(email);
    const again = await api("/auth/register", { body: { username: null, email: email.toUpperCase(), password: PASSWORD } });
    expect(again.status).toBe(409);
    expect((await again.json<Body>()).message).toBe("An account with this email already exists");
  });

  it.each([
    [{ password: PASSWORD }, "Email is required"],
    [{ email: "", password: PASSWORD }, "Email is required"],
    [{ email: "no-at-sign", password: PASSWORD }, "Please enter a valid email address"],
    [{ email: "a@b.co" }, "Password is required"],
    [{ email: "a@b.co", password: "" }, "Password is required"],
    [{ email: "a@b.co", password: "short" }, "Password must be at least 10 characters"],
    [{ email: "a@b.co", password: "nine-char" }, "Password must be at least 10 characters"],
    [{ email: "a@b.co", password: " ".repeat(12) }, "Password cannot be only spaces"],
    [{ email: "a@b.co", password: "Password123" }, "This password is one of the most common passwords. Please choose one that is harder to guess."],
    [{ email: "a@b.co", password: "qwertyuiop" }, "This password is one of the most common passwords. Please choose one that is harder to guess."],
    [{ email: "a@b.co", password: "x".repeat(129) }, "Password must be at most 128 characters"],
    [{ email: `${"a".repeat(250)}@b.co`, password: PASSWORD }, "Email must be at most 254 characters"],
  ])("answers 400 with the SPEC's message for %j", async (input, message) => {
    const res = await api("/auth/register", { body: { username: null, ...input } });
    expect(res.status).toBe(400);
    const body = await res.json<Body>();
    expect(body).toMatchObject({ success: false, message });
  });
});

describe("bad requests never reach a 500", () => {
  it("answers 400 to malformed JSON", async () => {
    const res = await api("/auth/login", { body: "{not json" });
    expect(res.status).toBe(400);
    expect((await res.json<Body>()).message).toBe("Malformed JSON body");
  });

  it("answers 415 to another content type", async () => {
    const res = await api("/auth/login", { body: "email=a@b.co", headers: { "Content-Type": "application/x-www-form-urlencoded" } });
    expect(res.status).toBe(415);
    expect((await res.json<Body>()).success).toBe(false);
  });

  it("answers 413 to a 10 MB body", async () => {
    const res = await api("/auth/register", { body: JSON.stringify({ email: "a@b.co", password: "x".repeat(10 * 1024 * 1024) }) });
    expect(res.status).toBe(413);
    expect((await res.json<Body>()).success).toBe(false);
  });

  it("answers 400 to a JSON value that is not an object", async () => {
    for (const body of ["[]", "null", "42", '"text"']) {
      const res = await api("/auth/login", { body });
      expect(res.status).toBe(400);
    }
  });

  it("answers 404 in the error shape for an unknown API path", async () => {
    const res = await api("/no-such-thing");
    expect(res.status).toBe(404);
    expect(await res.json()).toMatchObject({ success: false, message: "API endpoint not found" });
  });
});

describe("POST /api/auth/login", () => {
  it("answers { token, user } for the right password, whatever the e-mail's letter case", async () => {
    const { email } = await registerUser(uniqueEmail("Case"));
    const res = await api("/auth/login", { body: { email: email.toUpperCase(), password: PASSWORD } });
    expect(res.status).toBe(200);
    const body = await res.json<Body & { token: string; user: { email: string } }>();
    expect(body.token.startsWith("eyJ")).toBe(true);
    expect(body.user.email).toBe(email);
  });

  it("gives a wrong password and an unknown e-mail the same answer", async () => {
    const { email } = await registerUser();
    const wrong = await api("/auth/login", { body: { email, password: "wrong-password" } });
    const unknown = await api("/auth/login", { body: { email: uniqueEmail("ghost"), password: "wrong-password" } });
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(401);
    expect(await wrong.json()).toEqual(await unknown.json());
  });

  it("refuses further attempts with 429 and Retry-After after repeated failures, even with the right password", async () => {
    const { email } = await registerUser();
    for (let i = 0; i < LOGIN_LIMITS.perAccount; i++) {
      const res = await api("/auth/login", { body: { email, password: "wrong-password" }, headers: { "CF-Connecting-IP": `10.0.0.${i}` } });
      expect(res.status).toBe(401);
    }
    const blocked = await api("/auth/login", { body: { email, password: PASSWORD }, headers: { "CF-Connecting-IP": "10.0.1.1" } });
    expect(blocked.status).toBe(429);
    expect(Number(blocked.headers.get("Retry-After"))).toBeGreaterThan(0);
    expect(await blocked.json<Body>()).toMatchObject({ success: false, code: "rate-limited" });
  });

  it("throttles one address that tries many accounts", async () => {
    const ip = "192.0.2.77";
    for (let i = 0; i < LOGIN_LIMITS.perAddress; i++) {
      await api("/auth/login", { body: { email: uniqueEmail("spray"), password: "wrong-password" }, headers: { "CF-Connecting-IP": ip } });
    }
    const blocked = await api("/auth/login", { body: { email: uniqueEmail("spray"), password: "wrong-password" }, headers: { "CF-Connecting-IP": ip } });
    expect(blocked.status).toBe(429);
  });
});

describe("password reset", () => {
  it("answers the same for known and unknown e-mails", async () => {
    const { email } = await registerUser();
    const known = await api("/auth/forgot-password", { body: { email } });
    const unknown = await api("/auth/forgot-password", { body: { email: uniqueEmail("ghost") } });
    expect(known.status).toBe(200);
    expect(unknown.status).toBe(200);
    expect(await known.json()).toEqual(await unknown.json());
  });

  it("resets with the mailed token once, kills old sessions, and the new password works", async () => {
    const { email, token: oldToken } = await registerUser();
    await api("/auth/forgot-password", { body: { email } });
    const token = tokenFrom(await latestMailTo(email, "Reset your Listora password"), "/reset-password");
    const stored = await env.DB.prepare("SELECT count(*) AS n FROM auth_tokens WHERE token_hash = ?").bind(token).first<{ n: number }>();
    expect(stored?.n).toBe(0); // only the hash is stored

    const reset = await api("/auth/reset-password", { body: { token, newPassword: "new-password-123" } });
    expect(reset.status).toBe(200);
    const again = await api("/auth/reset-password", { body: { token, newPassword: "another-password-1" } });
    expect(again.status).toBe(400);

    expect((await api("/profile", { token: oldToken })).status).toBe(401);
    expect((await api("/auth/login", { body: { email, password: PASSWORD } })).status).toBe(401);
    expect((await api("/auth/login", { body: { email, password: "new-password-123" } })).status).toBe(200);
  });

  it("refuses an expired reset token", async () => {
    const { email } = await registerUser();
    await api("/auth/forgot-password", { body: { email } });
    const token = tokenFrom(await latestMailTo(email, "Reset your Listora password"), "/reset-password");
    await env.DB.prepare("UPDATE auth_tokens SET expires_at = ? WHERE kind = 'reset'")
      .bind(Date.now() - 1)
      .run();
    const res = await api("/auth/reset-password", { body: { token, newPassword: "new-password-123" } });
    expect(res.status).toBe(400);
    expect((await res.json<Body>()).message).toContain("invalid or has expired");
  });

  it("refuses a made-up token and validates the new password", async () => {
    expect((await api("/auth/reset-password", { body: { token: "f".repeat(64), newPassword: "new-password-123" } })).status).toBe(400);
    const short = await api("/auth/reset-password", { body: { token: "abc", newPassword: "short" } });
    expect(short.status).toBe(400);
    expect((await short.json<Body>()).message).toBe("Password must be at least 10 characters");
  });

  it("throttles repeated reset requests for one address with 429", async () => {
    const email = uniqueEmail("flood");
    let last: Response | undefined;
    for (let i = 0; i < 4; i++) last = await api("/auth/forgot-password", { body: { email }, headers: { "CF-Connecting-IP": `198.51.100.${i}` } });
    expect(last?.status).toBe(429);
    expect(last?.headers.get("Retry-After")).toBeTruthy();
  });
});

describe("POST /api/auth/verify-email", () => {
  it("confirms the address with the mailed token, once", async () => {
    const { email, token: session } = await registerUser();
    const token = tokenFrom(await latestMailTo(email, "Confirm your e-mail for Listora"), "/verify-email");
    expect((await api("/auth/verify-email", { body: { token } })).status).toBe(200);
    const profile = await (await api("/profile", { token: session })).json<{ emailVerified: boolean }>();
    expect(profile.emailVerified).toBe(true);
    expect((await api("/auth/verify-email", { body: { token } })).status).toBe(400);
  });
});

describe("POST /api/auth/change-password and /api/auth/logout-all", () => {
  it("needs the current password, answers a fresh token, and kills the old one", async () => {
    const { email, token } = await registerUser();
    const wrong = await api("/auth/change-password", { token, body: { currentPassword: "not-it-at-all", newPassword: "changed-pass-1" } });
    expect(wrong.status).toBe(400);
    expect((await wrong.json<Body>()).message).toBe("Current password is incorrect");

    const ok = await api("/auth/change-password", { token, body: { currentPassword: PASSWORD, newPassword: "changed-pass-1" } });
    expect(ok.status).toBe(200);
    const fresh = (await ok.json<{ token: string }>()).token;
    expect((await api("/profile", { token })).status).toBe(401);
    expect((await api("/profile", { token: fresh })).status).toBe(200);
    expect((await api("/auth/login", { body: { email, password: "changed-pass-1" } })).status).toBe(200);
  });

  it("needs a token", async () => {
    expect((await api("/auth/change-password", { body: { currentPassword: PASSWORD, newPassword: "changed-pass-1" } })).status).toBe(401);
    expect((await api("/auth/logout-all", { body: {} })).status).toBe(401);
  });

  it("signs out every session", async () => {
    const { email, token } = await registerUser();
    const second = (await (await api("/auth/login", { body: { email, password: PASSWORD } })).json<{ token: string }>()).token;
    expect((await api("/auth/logout-all", { token, body: {} })).status).toBe(200);
    expect((await api("/profile", { token })).status).toBe(401);
    expect((await api("/profile", { token: second })).status).toBe(401);
  });
});
