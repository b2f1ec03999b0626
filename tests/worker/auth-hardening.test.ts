import { createExecutionContext, env, waitOnExecutionContext } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import worker from "../../worker/index";
import { DEFAULT_REGISTER_LIMIT_PER_HOUR } from "../../worker/lib/env";
import { FORGOT_LIMITS, LOGIN_LIMITS, RESEND_LIMITS, addressKey } from "../../worker/domain/auth/throttle";
import { normaliseEmail } from "../../worker/domain/auth/email";
import { PASSWORD, api, registerUser, uniqueAddress, uniqueEmail } from "./helpers";

type Body = Record<string, unknown> & { success: boolean; message: string };

async function latestMailTo(email: string, subject: string, after = 0) {
  // Mail is written after the answer (waitUntil); poll briefly.
  for (let i = 0; i < 80; i++) {
    const row = await env.DB.prepare("SELECT text_body AS text FROM mail_outbox WHERE to_address = ? AND subject = ? AND created_at >= ? ORDER BY created_at DESC, rowid DESC LIMIT 1")
      .bind(email, subject, after)
      .first<{ text: string }>();
    if (row) return row.text;
    await new Promise((r) => setTimeout(r, 25));
  }
  throw new Error(`no mail "${subject}" to ${email}`);
}

async function mailCount(email: string, subject: string) {
  const row = await env.DB.prepare("SELECT count(*) AS n FROM mail_outbox WHERE to_address = ? AND subject = ?").bind(email, subject).first<{ n: number }>();
  return row?.n ?? 0;
}

function tokenFrom(text: string, path: string) {
  const match = new RegExp(`${path}\\?token=([a-f0-9]+)`).exec(text);
  if (!match) throw new Error(`no ${path} link in mail`);
  return match[1];
}

const login = (email: string, password: string, address = uniqueAddress()) => api("/auth/login", { body: { email, password }, headers: { "CF-Connecting-IP": address } });

function tally(responses: Response[]) {
  const counts: Record<number, number> = {};
  for (const r of responses) counts[r.status] = (counts[r.status] ?? 0) + 1;
  return counts;
}

describe("the login throttle under concurrent guesses", () => {
  it("answers at most 5 of 50 concurrent wrong passwords for one account with 401, the rest 429 with Retry-After", async () => {
    const { email } = await registerUser();
    // Each guess from its own address: only the per-account limit applies.
    const responses = await Promise.all(Array.from({ length: 50 }, (_, i) => login(email, `wrong-guess-${i}-abc`)));
    const counts = tally(responses);
    expect(counts[401] ?? 0).toBeLessThanOrEqual(LOGIN_LIMITS.perAccount);
    expect((counts[401] ?? 0) + (counts[429] ?? 0)).toBe(50);
    const refused = responses.find((r) => r.status === 429);
    expect(Number(refused?.headers.get("Retry-After"))).toBeGreaterThan(0);
    // The right password is refused too while the account is paused.
    expect((await login(email, PASSWORD)).status).toBe(429);
  });

  it("never lets the right password through among concurrent guesses once the limit is reached", async () => {
    const { email } = await registerUser();
    const guesses = Array.from({ length: 30 }, (_, i) => `wrong-guess-${i}-xyz`);
    guesses.splice(20, 0, PASSWORD); // the attacker's 21st guess is right
    const responses = await Promise.all(guesses.map((p) => login(email, p)));
    const counts = tally(responses);
    expect((counts[401] ?? 0) + (counts[200] ?? 0)).toBeLessThanOrEqual(LOGIN_LIMITS.perAccount);
  });

  it("bounds concurrent guesses from one address across many accounts by the per-address limit", async () => {
    const address = uniqueAddress();
    const responses = await Promise.all(Array.from({ length: 60 }, (_, i) => login(uniqueEmail(`spray${i}`), "wrong-password-1", address)));
    const counts = tally(responses);
    expect(counts[401] ?? 0).toBeLessThanOrEqual(LOGIN_LIMITS.perAddress);
    expect(counts[429] ?? 0).toBeGreaterThanOrEqual(60 - LOGIN_LIMITS.perAddress);
  });

  it("does not count successful logins against the address", async () => {
    const { email } = await registerUser();
    const address = uniqueAddress();
    for (let i = 0; i < LOGIN_LIMITS.perAddress + 3; i++) expect((await login(email, PASSWORD, address)).status).toBe(200);
  });
});

describe("the reset-request throttle under concurrent requests", () => {
  it("accepts at most 3 of 20 concurrent reset requests for one account and mails at most 3 links", async () => {
    const { email } = await registerUser();
    // Each request with its own execution context, awaited to the end of its after-answer work (the mail).
    const responses = await Promise.all(
      Array.from({ length: 20 }, async () => {
        const ctx = createExecutionContext();
        const request = new Request("http://localhost/api/auth/forgot-password", {
          method: "POST",
          headers: { "Content-Type": "application/json", "CF-Connecting-IP": uniqueAddress() },
          body: JSON.stringify({ email }),
        });
        const res = await worker.fetch(request as never, env as never, ctx);
        await waitOnExecutionContext(ctx);
        return res;
      }),
    );
    const counts = tally(responses);
    expect(counts[200]).toBeLessThanOrEqual(FORGOT_LIMITS.perAccount);
    expect(counts[429]).toBe(20 - (counts[200] ?? 0));
    expect(await mailCount(email, "Reset your Listora password")).toBeGreaterThanOrEqual(1);
    expect(await mailCount(email, "Reset your Listora password")).toBeLessThanOrEqual(FORGOT_LIMITS.perAccount);
  });
});

describe("outstanding reset links", () => {
  async function twoResetLinks(email: string) {
    const address = uniqueAddress();
    await api("/auth/forgot-password", { body: { email }, headers: { "CF-Connecting-IP": address } });
    const first = tokenFrom(await latestMailTo(email, "Reset your Listora password"), "/reset-password");
    const since = Date.now();
    await api("/auth/forgot-password", { body: { email }, headers: { "CF-Connecting-IP": address } });
    let second = first;
    for (let i = 0; i < 80 && second === first; i++) second = tokenFrom(await latestMailTo(email, "Reset your Listora password", since), "/reset-password");
    expect(second).not.toBe(first);
    return [first, second];
  }

  it("stop working after a reset with another link", async () => {
    const { email } = await registerUser();
    const [older, newer] = await twoResetLinks(email);
    expect((await api("/auth/reset-password", { body: { token: newer, newPassword: "fresh-password-001" } })).status).toBe(200);
    const late = await api("/auth/reset-password", { body: { token: older, newPassword: "attacker-password-9" } });
    expect(late.status).toBe(400);
    expect((await late.json<Body>()).message).toContain("invalid or has expired");
    expect((await login(email, "fresh-password-001")).status).toBe(200);
  });

  it("stop working after a password change", async () => {
    const { email, token } = await registerUser();
    const [older, newer] = await twoResetLinks(email);
    expect((await api("/auth/change-password", { token, body: { currentPassword: PASSWORD, newPassword: "changed-password-01" } })).status).toBe(200);
    for (const link of [older, newer]) expect((await api("/auth/reset-password", { body: { token: link, newPassword: "attacker-password-9" } })).status).toBe(400);
    expect((await login(email, "changed-password-01")).status).toBe(200);
  });

  it("stop working after signing out everywhere", async () => {
    const { email, token } = await registerUser();
    const [older] = await twoResetLinks(email);
    expect((await api("/auth/logout-all", { token, body: {} })).status).toBe(200);
    expect((await api("/auth/reset-password", { body: { token: older, newPassword: "attacker-password-9" } })).status).toBe(400);
    expect((await login(email, PASSWORD)).status).toBe(200);
  });

  it("let only one of two links used at the same time set a password", async () => {
    const { email } = await registerUser();
    const [older, newer] = await twoResetLinks(email);
    const results = await Promise.all([
      api("/auth/reset-password", { body: { token: older, newPassword: "first-new-password" } }),
      api("/auth/reset-password", { body: { token: newer, newPassword: "second-new-password" } }),
    ]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 400]);
  });

  it("a reset confirms the e-mail address (the link proved the mailbox)", async () => {
    const { email, userId } = await registerUser(undefined, undefined, { verified: false });
    const [, newer] = await twoResetLinks(email);
    expect((await api("/auth/reset-password", { body: { token: newer, newPassword: "fresh-password-001" } })).status).toBe(200);
    const row = await env.DB.prepare("SELECT email_verified AS v FROM users WHERE id = ?").bind(userId).first<{ v: number }>();
    expect(row?.v).toBe(1);
  });
});

describe("the registration throttle", () => {
  it("lets REGISTER_LIMIT_PER_HOUR concurrent registrations from one address through and answers the rest 429 with Retry-After", async () => {
    const address = uniqueAddress();
    const attempts = DEFAULT_REGISTER_LIMIT_PER_HOUR + 15;
    const responses = await Promise.all(
      Array.from({ length: attempts }, () => api("/auth/register", { body: { username: null, email: uniqueEmail("burst"), password: PASSWORD }, headers: { "CF-Connecting-IP": address } })),
    );
    const counts = tally(responses);
    expect(counts[201]).toBe(DEFAULT_REGISTER_LIMIT_PER_HOUR);
    expect(counts[429]).toBe(attempts - DEFAULT_REGISTER_LIMIT_PER_HOUR);
    const refused = responses.find((r) => r.status === 429)!;
    expect(Number(refused.headers.get("Retry-After"))).toBeGreaterThan(0);
    expect(await refused.json()).toMatchObject({ success: false, message: "Too many accounts were created from your network recently. Please try again later." });
    // Another address is not affected.
    expect((await api("/auth/register", { body: { username: null, email: uniqueEmail("other"), password: PASSWORD }, headers: { "CF-Connecting-IP": uniqueAddress() } })).status).toBe(201);
  });

  it("counts every address of one IPv6 /64 as one address", async () => {
    const prefix = `2001:db8:${Math.floor(Math.random() * 0xffff).toString(16)}:${Math.floor(Math.random() * 0xffff).toString(16)}`;
    const responses = await Promise.all(
      Array.from({ length: DEFAULT_REGISTER_LIMIT_PER_HOUR + 5 }, (_, i) =>
        api("/auth/register", { body: { username: null, email: uniqueEmail("v6"), password: PASSWORD }, headers: { "CF-Connecting-IP": `${prefix}::${(i + 1).toString(16)}` } }),
      ),
    );
    expect(tally(responses)[201]).toBe(DEFAULT_REGISTER_LIMIT_PER_HOUR);
  });

  it("keys addresses: IPv4 as it is, IPv6 by its /64, IPv4-mapped IPv6 as IPv4", () => {
    expect(addressKey("203.0.113.9")).toBe("203.0.113.9");
    expect(addressKey("2001:DB8:1:2::99")).toBe(addressKey("2001:db8:1:2:ffff:ffff:ffff:1"));
    expect(addressKey("2001:db8:1:2::1")).not.toBe(addressKey("2001:db8:1:3::1"));
    expect(addressKey("::ffff:198.51.100.7")).toBe("198.51.100.7");
  });

  it("takes its limit from REGISTER_LIMIT_PER_HOUR", async () => {
    const { getConfig } = await import("../../worker/lib/env");
    expect(getConfig({ ...env, REGISTER_LIMIT_PER_HOUR: "250" } as never).registerLimitPerHour).toBe(250);
    expect(getConfig({ ...env, REGISTER_LIMIT_PER_HOUR: "" } as never).registerLimitPerHour).toBe(DEFAULT_REGISTER_LIMIT_PER_HOUR);
  });
});

describe("POST /api/auth/resend-verification", () => {
  it("sends a new link that confirms the address", async () => {
    const { email, token } = await registerUser(undefined, undefined, { verified: false });
    await latestMailTo(email, "Confirm your e-mail for Listora");
    const res = await api("/auth/resend-verification", { token, body: {}, headers: { "CF-Connecting-IP": uniqueAddress() } });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ success: true, alreadyVerified: false });
    for (let i = 0; i < 80 && (await mailCount(email, "Confirm your e-mail for Listora")) < 2; i++) await new Promise((r) => setTimeout(r, 25));
    expect(await mailCount(email, "Confirm your e-mail for Listora")).toBe(2);
    const link = tokenFrom(await latestMailTo(email, "Confirm your e-mail for Listora"), "/verify-email");
    expect((await api("/auth/verify-email", { body: { token: link } })).status).toBe(200);
    const profile = await (await api("/profile", { token })).json<{ emailVerified: boolean }>();
    expect(profile.emailVerified).toBe(true);
    const again = await api("/auth/resend-verification", { token, body: {} });
    expect(await again.json()).toMatchObject({ success: true, alreadyVerified: true });
  });

  it("is throttled per account with 429 and Retry-After", async () => {
    const { token } = await registerUser(undefined, undefined, { verified: false });
    for (let i = 0; i < RESEND_LIMITS.perAccount; i++) {
      expect((await api("/auth/resend-verification", { token, body: {}, headers: { "CF-Connecting-IP": uniqueAddress() } })).status).toBe(200);
    }
    const refused = await api("/auth/resend-verification", { token, body: {}, headers: { "CF-Connecting-IP": uniqueAddress() } });
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("Retry-After"))).toBeGreaterThan(0);
  });

  it("needs a signed-in user", async () => {
    expect((await api("/auth/resend-verification", { body: {} })).status).toBe(401);
  });
});

describe("e-mail spellings", () => {
  it("normalises NFC/NFD, Unicode letter case, ß and the IDNA domain to one form", () => {
    expect(normaliseEmail("Öz.Yılmaz@Example.COM")).toBe(normaliseEmail("öz.yilmaz@example.com"));
    expect(normaliseEmail("O\u0308z@example.com")).toBe(normaliseEmail("\u00d6z@example.com"));
    expect(normaliseEmail("STRASSE@example.de")).toBe(normaliseEmail("straße@example.de"));
    expect(normaliseEmail("seller@MÜNCHEN.de")).toBe("seller@xn--mnchen-3ya.de");
    for (const e of ["Öz@x.com", "ΟΔΟΣ@x.gr", "İzmir@x.com", "ﬁle@x.com"]) expect(normaliseEmail(normaliseEmail(e))).toBe(normaliseEmail(e));
  });

  it("logs every spelling into one account and refuses a second account for any of them", async () => {
    const stamp = `${Date.now()}${Math.floor(Math.random() * 1000)}`;
    const typed = `Öz.Şahin.${stamp}@Example.com`;
    const { userId } = await registerUser(typed);
    const spellings = [
      typed,
      `öz.şahin.${stamp}@example.com`, // lower case, composed
      `o\u0308z.s\u0327ahin.${stamp}@EXAMPLE.com`, // decomposed (NFD)
      `ÖZ.ŞAHİN.${stamp}@example.com`, // upper case with Turkish dotted İ
    ];
    for (const email of spellings) {
      const res = await login(email, PASSWORD);
      expect(res.status, email).toBe(200);
      expect((await res.json<{ user: { id: string } }>()).user.id, email).toBe(userId);
    }
    for (const email of spellings.slice(1)) {
      const res = await api("/auth/register", { body: { username: null, email, password: PASSWORD }, headers: { "CF-Connecting-IP": uniqueAddress() } });
      expect(res.status, email).toBe(409);
    }
  });

  it("treats ß and ss as one address", async () => {
    const stamp = `${Date.now()}${Math.floor(Math.random() * 1000)}`;
    await registerUser(`straße.${stamp}@example.de`);
    expect((await login(`STRASSE.${stamp}@example.de`, PASSWORD)).status).toBe(200);
    const dupe = await api("/auth/register", { body: { username: null, email: `strasse.${stamp}@example.de`, password: PASSWORD }, headers: { "CF-Connecting-IP": uniqueAddress() } });
    expect(dupe.status).toBe(409);
  });

  it("fills in the normal form of accounts made before migration 0002, the older of two clashing ones first", async () => {
    const stamp = `${Date.now()}${Math.floor(Math.random() * 1000)}`;
    const older = await registerUser(`Ömer.${stamp}@example.com`);
    const newer = await registerUser(`ömer.${stamp}.b@example.com`);
    // As migration 0002 leaves them: non-ASCII rows without a normal form; the newer one typed in NFD.
    await env.DB.prepare("UPDATE users SET email_normalized = NULL, created_at = created_at - 1000 WHERE id = ?").bind(older.userId).run();
    await env.DB.prepare("UPDATE users SET email_normalized = NULL, email = ? WHERE id = ?").bind(`o\u0308mer.${stamp}@example.com`, newer.userId).run();
    const { fillMissingNormalisedEmails } = await import("../../worker/domain/auth/accounts");
    await fillMissingNormalisedEmails(env as never, true);
    const rows = await env.DB.prepare("SELECT id, email_normalized AS n FROM users WHERE id IN (?, ?)").bind(older.userId, newer.userId).all<{ id: string; n: string | null }>();
    const byId = Object.fromEntries(rows.results.map((r) => [r.id, r.n]));
    expect(byId[older.userId]).toBe(normaliseEmail(`ömer.${stamp}@example.com`));
    expect(byId[newer.userId]).toBeNull();
    expect((await login(`ÖMER.${stamp}@example.com`, PASSWORD)).status).toBe(200);
  });
});

describe("the password policy", () => {
  const common = "This password is one of the most common passwords. Please choose one that is harder to guess.";

  it.each([
    ["nine-char", "Password must be at least 10 characters"],
    [" ".repeat(14), "Password cannot be only spaces"],
    ["1234567890", common],
    ["BASKETBALL", common],
  ])("refuses %j on register, reset and change-password", async (password, message) => {
    const reg = await api("/auth/register", { body: { username: null, email: uniqueEmail(), password }, headers: { "CF-Connecting-IP": uniqueAddress() } });
    expect(reg.status).toBe(400);
    expect((await reg.json<Body>()).message).toBe(message);

    const reset = await api("/auth/reset-password", { body: { token: "f".repeat(64), newPassword: password } });
    expect(reset.status).toBe(400);
    expect((await reset.json<Body>()).message).toBe(message);

    const { token } = await registerUser();
    const change = await api("/auth/change-password", { token, body: { currentPassword: PASSWORD, newPassword: password } });
    expect(change.status).toBe(400);
    expect((await change.json<Body>()).message).toBe(message);
  });

  it("still lets an account with an older 8-character password log in", async () => {
    const { email, userId } = await registerUser();
    // An account made under the old 8-character rule.
    const { hashPassword } = await import("../../worker/domain/auth/password");
    await env.DB.prepare("UPDATE users SET password_hash = ? WHERE id = ?")
      .bind(await hashPassword("old8char", "test-pepper"), userId)
      .run();
    expect((await login(email, "old8char")).status).toBe(200);
  });
});
