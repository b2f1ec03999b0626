import { and, eq, gt, isNull, sql } from "drizzle-orm";
import { drizzle } from "drizzle-orm/d1";
import type { AuthUser, ProfileUpdate } from "../../../schema/api";
import { authTokens, users, type User } from "../../../schema/db";
import { getConfig, type Env } from "../../lib/env";
import { HttpError, badRequest, unauthorized } from "../../lib/errors";
import { sendMail } from "../../providers/mail";
import { resetPasswordMail, verifyEmailMail } from "./mails";
import { dummyPasswordHash, hashPassword, verifyPassword } from "./password";
import { newOneTimeToken, sha256Hex, signSessionToken } from "./tokens";

export const DUPLICATE_EMAIL = "An account with this email already exists";
export const RESET_TTL_MS = 60 * 60 * 1000;
export const VERIFY_TTL_MS = 24 * 60 * 60 * 1000;

/** The one message for a wrong password and an unknown e-mail, so neither reveals the other. */
export const INVALID_CREDENTIALS = "Invalid email or password";

export function toAuthUser(user: User): AuthUser {
  return {
    id: user.id,
    email: user.email,
    firstName: user.firstName,
    lastName: user.lastName,
    storeName: user.storeName,
    theme: user.theme,
    language: user.language,
    plan: user.plan,
    emailVerified: user.emailVerified,
    emailNotifications: user.emailNotifications,
    pushNotifications: user.pushNotifications,
  };
}

export async function findUserByEmail(env: Env, email: string) {
  const db = drizzle(env.DB);
  const rows = await db.select().from(users).where(sql`lower(${users.email}) = ${email.toLowerCase()}`).limit(1);
  return rows[0];
}

export async function findUserById(env: Env, id: string) {
  const db = drizzle(env.DB);
  const rows = await db.select().from(users).where(eq(users.id, id)).limit(1);
  return rows[0];
}

async function issueSession(env: Env, user: User) {
  const token = await signSessionToken(getConfig(env).jwtSecret, { userId: user.id, version: user.tokenVersion });
  return { token, user: toAuthUser(user) };
}

export async function register(env: Env, input: { email: string; password: string; username?: string | null }, ctx?: ExecutionContext) {
  const config = getConfig(env);
  const db = drizzle(env.DB);
  const now = Date.now();
  const passwordHash = await hashPassword(input.password, config.pepper);
  const user: User = {
    id: crypto.randomUUID(),
    email: input.email.trim(),
    passwordHash,
    firstName: input.username?.trim() ?? "",
    lastName: "",
    storeName: "",
    theme: "light",
    language: "en",
    emailNotifications: true,
    pushNotifications: true,
    plan: "free",
    emailVerified: false,
    tokenVersion: 1,
    createdAt: now,
    updatedAt: now,
  };
  if (await findUserByEmail(env, user.email)) throw new HttpError(409, DUPLICATE_EMAIL);
  try {
    await db.insert(users).values(user);
  } catch (error) {
    // Two registrations racing for one address: the unique index decides.
    const text = `${String(error)} ${String((error as { cause?: unknown })?.cause ?? "")}`;
    if (text.includes("UNIQUE")) throw new HttpError(409, DUPLICATE_EMAIL);
    throw error;
  }
  const mail = sendVerification(env, user);
  if (ctx) ctx.waitUntil(mail);
  else await mail;
  return issueSession(env, user);
}

async function sendVerification(env: Env, user: User) {
  const token = await createOneTimeToken(env, user.id, "verify", VERIFY_TTL_MS);
  const url = `${getConfig(env).appUrl}/verify-email?token=${token}`;
  await sendMail(env, verifyEmailMail(user.email, url));
}

export async function login(env: Env, input: { email: string; password: string }) {
  const config = getConfig(env);
  const user = await findUserByEmail(env, input.email.trim());
  // An unknown e-mail is checked against a dummy hash so it costs the same time as a wrong password.
  const ok = await verifyPassword(input.password, user?.passwordHash ?? (await dummyPasswordHash(config.pepper)), config.pepper);
  if (!user || !ok) return null;
  return issueSession(env, user);
}

async function createOneTimeToken(env: Env, userId: string, kind: "reset" | "verify", ttlMs: number) {
  const token = newOneTimeToken();
  const now = Date.now();
  await drizzle(env.DB)
    .insert(authTokens)
    .values({ id: crypto.randomUUID(), userId, kind, tokenHash: await sha256Hex(token), expiresAt: now + ttlMs, createdAt: now });
  return token;
}

/**
 * Starts a password reset. Known and unknown e-mails get the same answer in the same time: the
 * look-up, token and mail happen after the response (waitUntil) when a context is given.
 */
export async function requestPasswordReset(env: Env, email: string) {
  const user = await findUserByEmail(env, email.trim());
  if (!user) return;
  const token = await createOneTimeToken(env, user.id, "reset", RESET_TTL_MS);
  const url = `${getConfig(env).appUrl}/reset-password?token=${token}`;
  await sendMail(env, resetPasswordMail(user.email, url));
}

/** Marks a one-time token used, once: only the first caller gets the row back. */
async function consumeToken(env: Env, token: string, kind: "reset" | "verify") {
  const db = drizzle(env.DB);
  const now = Date.now();
  const rows = await db
    .update(authTokens)
    .set({ usedAt: now })
    .where(and(eq(authTokens.tokenHash, await sha256Hex(token)), eq(authTokens.kind, kind), isNull(authTokens.usedAt), gt(authTokens.expiresAt, now)))
    .returning({ userId: authTokens.userId });
  return rows[0]?.userId;
}

export const INVALID_RESET_TOKEN = "This reset link is invalid or has expired. Please request a new one.";
export const INVALID_VERIFY_TOKEN = "This verification link is invalid or has expired.";

export async function resetPassword(env: Env, token: string, newPassword: string) {
  const userId = await consumeToken(env, token, "reset");
  if (!userId) throw badRequest(INVALID_RESET_TOKEN);
  await setPassword(env, userId, newPassword);
}

export async function verifyEmail(env: Env, token: string) {
  const userId = await consumeToken(env, token, "verify");
  if (!userId) throw badRequest(INVALID_VERIFY_TOKEN);
  await drizzle(env.DB).update(users).set({ emailVerified: true, updatedAt: Date.now() }).where(eq(users.id, userId));
}

/** Sets a new password and bumps the token version, so every earlier session token dies. */
async function setPassword(env: Env, userId: string, newPassword: string) {
  const passwordHash = await hashPassword(newPassword, getConfig(env).pepper);
  const rows = await drizzle(env.DB)
    .update(users)
    .set({ passwordHash, tokenVersion: sql`${users.tokenVersion} + 1`, updatedAt: Date.now() })
    .where(eq(users.id, userId))
    .returning();
  return rows[0];
}

export async function changePassword(env: Env, user: User, currentPassword: string, newPassword: string) {
  const ok = await verifyPassword(currentPassword, user.passwordHash, getConfig(env).pepper);
  if (!ok) throw badRequest("Current password is incorrect", { field: "currentPassword" });
  const updated = await setPassword(env, user.id, newPassword);
  if (!updated) throw unauthorized();
  return issueSession(env, updated);
}

/** Signs out every session of this user, this one included. */
export async function logoutAll(env: Env, user: User) {
  await drizzle(env.DB)
    .update(users)
    .set({ tokenVersion: sql`${users.tokenVersion} + 1`, updatedAt: Date.now() })
    .where(eq(users.id, user.id));
}

export async function updateProfile(env: Env, user: User, changes: ProfileUpdate) {
  const rows = await drizzle(env.DB)
    .update(users)
    .set({ ...changes, updatedAt: Date.now() })
    .where(eq(users.id, user.id))
    .returning();
  return rows[0] ?? user;
}
