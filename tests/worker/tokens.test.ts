import { env } from "cloudflare:test";
import { SignJWT, UnsecuredJWT, base64url } from "jose";
import { describe, expect, it } from "vitest";
import { PBKDF2_ITERATIONS, hashPassword, verifyPassword } from "../../worker/domain/auth/password";
import { TOKEN_AUDIENCE, TOKEN_ISSUER, signSessionToken } from "../../worker/domain/auth/tokens";
import { getConfig } from "../../worker/lib/env";
import { api, registerUser } from "./helpers";

const secret = () => getConfig(env as never).jwtSecret;

async function profileStatus(token: string) {
  const res = await api("/profile", { token });
  const body = await res.json<{ success: boolean }>();
  expect(body.success).toBe(res.ok);
  return res.status;
}

describe("session tokens", () => {
  it("accepts our own HS256 token", async () => {
    const { token } = await registerUser();
    expect(await profileStatus(token)).toBe(200);
  });

  it("refuses alg none", async () => {
    const { userId } = await registerUser();
    const token = new UnsecuredJWT({ ver: 1 }).setSubject(userId).setIssuer(TOKEN_ISSUER).setAudience(TOKEN_AUDIENCE).setIssuedAt().setExpirationTime("1h").encode();
    expect(await profileStatus(token)).toBe(401);
  });

  it("refuses HS512 signed with our own secret", async () => {
    const { userId } = await registerUser();
    const token = await new SignJWT({ ver: 1 })
      .setProtectedHeader({ alg: "HS512" })
      .setSubject(userId)
      .setIssuer(TOKEN_ISSUER)
      .setAudience(TOKEN_AUDIENCE)
      .setIssuedAt()
      .setExpirationTime("1h")
      .sign(secret());
    expect(await profileStatus(token)).toBe(401);
  });

  it("refuses a token with one character flipped in its signature", async () => {
    const { token } = await registerUser();
    const last = token.at(-5) === "A" ? "B" : "A";
    const flipped = token.slice(0, -5) + last + token.slice(-4);
    expect(await profileStatus(flipped)).toBe(401);
  });

  it("refuses a token with a changed payload", async () => {
    const { token } = await registerUser();
    const [h, p, s] = token.split(".");
    const payload = JSON.parse(new TextDecoder().decode(base64url.decode(p)));
    payload.sub = "someone-else";
    const forged = [h, base64url.encode(JSON.stringify(payload)), s].join(".");
    expect(await profileStatus(forged)).toBe(401);
  });

  it("refuses a token without exp", async () => {
    const { userId } = await registerUser();
    const token = await new SignJWT({ ver: 1 }).setProtectedHeader({ alg: "HS256" }).setSubject(userId).setIssuer(TOKEN_ISSUER).setAudience(TOKEN_AUDIENCE).setIssuedAt().sign(secret());
    expect(await profileStatus(token)).toBe(401);
  });

  it("refuses an expired token", async () => {
    const { userId } = await registerUser();
    const token = await signSessionToken(secret(), { userId, version: 1 }, Date.now() - 8 * 24 * 60 * 60 * 1000);
    expect(await profileStatus(token)).toBe(401);
  });

  it("refuses a token for another audience or issuer", async () => {
    const { userId } = await registerUser();
    const otherAudience = await new SignJWT({ ver: 1 })
      .setProtectedHeader({ alg: "HS256" })
      .setSubject(userId)
      .setIssuer(TOKEN_ISSUER)
      .setAudience("someone-else")
      .setIssuedAt()
      .setExpirationTime("1h")
      .sign(secret());
    const otherIssuer = await new SignJWT({ ver: 1 })
      .setProtectedHeader({ alg: "HS256" })
      .setSubject(userId)
      .setIssuer("evil")
      .setAudience(TOKEN_AUDIENCE)
      .setIssuedAt()
      .setExpirationTime("1h")
      .sign(secret());
    expect(await profileStatus(otherAudience)).toBe(401);
    expect(await profileStatus(otherIssuer)).toBe(401);
  });

  it("refuses a token signed with another secret", async () => {
    const { userId } = await registerUser();
    const token = await signSessionToken(new TextEncoder().encode("x".repeat(48)), { userId, version: 1 });
    expect(await profileStatus(token)).toBe(401);
  });

  it.each(["garbage", "eyJ", "a.b.c", "eyJhbGciOiJIUzI1NiJ9..", "Bearer", "😀".repeat(10)])("refuses %j with 401, never 500", async (token) => {
    const res = await api("/profile", { headers: { Authorization: `Bearer ${token}` } });
    expect(res.status).toBe(401);
  });

  it("refuses a request with no token, and says so", async () => {
    const res = await api("/profile");
    expect(res.status).toBe(401);
    expect((await res.json<{ message: string }>()).message).toBe("No authentication token found");
  });

  it("holds no e-mail or plan in its claims", async () => {
    const { token, email } = await registerUser();
    const payload = new TextDecoder().decode(base64url.decode(token.split(".")[1]));
    expect(payload).not.toContain(email);
    expect(payload).not.toContain("plan");
    expect(JSON.parse(payload)).toMatchObject({ iss: TOKEN_ISSUER, aud: TOKEN_AUDIENCE, ver: 1 });
  });
});

describe("password hashing", () => {
  it("uses PBKDF2-SHA256 with 100,000 iterations, the production Workers cap", async () => {
    expect(PBKDF2_ITERATIONS).toBe(100_000);
    const hash = await hashPassword("some password", "pepper");
    expect(hash).toMatch(/^pbkdf2-sha256\$100000\$[A-Za-z0-9+/=]{24}\$[A-Za-z0-9+/=]{44}$/);
  });

  it("verifies the right password only, and depends on the pepper", async () => {
    const hash = await hashPassword("some password", "pepper");
    expect(await verifyPassword("some password", hash, "pepper")).toBe(true);
    expect(await verifyPassword("some passworD", hash, "pepper")).toBe(false);
    expect(await verifyPassword("some password", hash, "other pepper")).toBe(false);
    expect(await verifyPassword("some password", "not-a-hash", "pepper")).toBe(false);
  });

  it("salts every hash", async () => {
    expect(await hashPassword("same", "p")).not.toBe(await hashPassword("same", "p"));
  });
});
