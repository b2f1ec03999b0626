import { and, eq, isNull, sql } from "drizzle-orm";
import type { AuthUser, ProfileUpdate } from "../../../schema/api";
import { authTokens, users, type User } from "../../../schema/db";
import { getConfig, type Env } from "../../lib/env";
import { HttpError, badRequest, unauthorized } from "../../lib/errors";
import { normaliseEmail } from "./email";
import { sendMail } from "../../providers/mail";
import { resetPasswordMail, verifyEmailMail } from "./mails";
import { dummyPasswordHash, hashPassword, verifyPassword } from "./password";
import { newOneTimeToken, sha256Hex, signSessionToken } from "./tokens";
import { db, type Db } from "../../lib/db";
import { log } from "../../lib/log";

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

/** The account of an e-mail address, in any spelling that normalises to its own (see normaliseEmail). */
export async function findUserByEmail(env: Env, email: string) {
  await fillMissingNormalisedEmails(env);
  const orm = db(env);
  const rows = await orm
    .select()
    .from(users)
    .where(eq(users.emailNormalized, normaliseEmail(email)))
    .limit(1);
  return rows[0];
}

let filled: Promise<void> | undefined;
/**
 * Rows made before migration 0002 with a non-ASCII e-mail have no normal form yet (SQLite cannot
 * compute it): fill it in once per isolate, oldest account first. When two old accounts fold to one
 * address, the newer keeps NULL (it cannot log in by e-mail) and the operator is told in the log.
 */
export function fillMissingNormalisedEmails(env: Env, again = false) {
  if (again) filled = undefined;
  filled ??= (async () => {
    const orm = db(env);
    for (;;) {
      const rows = await orm
        .select({ id: users.id, email: users.email })
        .from(users)
        .where(sql`${users.emailNormalized} IS NULL`)
        .orderBy(users.createdAt)
        .limit(100);
      let progressed = false;
      for (const row of rows) {
        try {
          await orm
            .update(users)
            .set({ emailNormalized: normaliseEmail(row.email) })
            .where(and(eq(users.id, row.id), isNull(users.emailNormalized)));
          progressed = true;
        } catch (error) {
          if (!isUniqueViolation(error)) throw error;
          log.error("auth.email_conflict", {
            userId: row.id,
            message: "Two accounts share one normalised e-mail; this newer one cannot log in until an operator merges or renames it",
          });
        }
      }
      if (!progressed || rows.length < 100) return;
    }
  })().catch((error) => {
    filled = undefined;
    throw error;
  });
  return filled;
}

function isUniqueViolation(error: unknown) {
  const text = `${String(error)} ${String((error as { cause?: unknown })?.cause ?? "")}`;
  return text.includes("UNIQUE");
}

export async function findUserById(env: Env, id: string) {
  const rows = await userRowSelect(db(env), id);
  return rows[0];
}

/** The user row of `id`, as one statement (a page's first D1 round trip carries it, decision 0060). */
export function userRowSelect(orm: Db, id: string) {
  return orm.select().from(users).where(eq(users.id, id)).limit(1);
}

async function issueSession(env: Env, user: User) {
  const token = await signSessionToken(getConfig(env).jwtSecret, { userId: user.id, version: user.tokenVersion });
  return { token, user: toAuthUser(user) };
}

export async function register(env: Env, input: { email: string; password: string; username?: string | null }, ctx?: ExecutionContext) {
  const config = getConfig(env);
  const orm = db(env);
  const now = Date.now();
  const passwordHash = await hashPassword(input.password, config.pepper);
  const user: User = {
    id: crypto.randomUUID(),
    email: input.email.trim().normalize("NFC"),
    emailNormalized: normaliseEmail(input.email),
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
    onboarding: "{}",
    stripeCustomerId: null,
    createdAt: now,
    updatedAt: now,
  };
  if (await findUserByEmail(env, user.email)) throw new HttpError(409, DUPLICATE_EMAIL);
  try {
    await orm.insert(users).values(user);
  } catch (error) {
    // Two registrations racing for one address: the unique index decides.
    if (isUniqueViolation(error)) throw new HttpError(409, DUPLICATE_EMAIL);
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

export const ALREADY_VERIFIED = "Your email address is already confirmed.";

/**
 * Sends a fresh verification link to a signed-in user whose e-mail is not confirmed yet; earlier
 * verification links stay valid until they expire. Answers false when there is nothing to do.
 */
export async function resendVerification(env: Env, user: User) {
  if (user.emailVerified) return false;
  await sendVerification(env, user);
  return true;
}

export async function login(env: Env, input: { email: string; password: string }) {
  const config = getConfig(env);
  const user = await findUserByEmail(env, input.email);
  // An unknown e-mail is checked against a dummy hash so it costs the same time as a wrong password.
  const ok = await verifyPassword(input.password, user?.passwordHash ?? (await dummyPasswordHash(config.pepper)), config.pepper);
  if (!user || !ok) return null;
  return issueSession(env, user);
}

async function createOneTimeToken(env: Env, userId: string, kind: "reset" | "verify", ttlMs: number) {
  const token = newOneTimeToken();
  const now = Date.now();
  await db(env)
    .insert(authTokens)
    .values({ id: crypto.randomUUID(), userId, kind, tokenHash: await sha256Hex(token), expiresAt: now + ttlMs, createdAt: now });
  return token;
}

/**
 * Starts a password reset. Known and unknown e-mails get the same answer in the same time: the
 * look-up, token and mail happen after the response (waitUntil) when a context is given.
 */
export async function requestPasswordReset(env: Env, email: string) {
  const user = await findUserByEmail(env, email);
  if (!user) return;
  const token = await createOneTimeToken(env, user.id, "reset", RESET_TTL_MS);
  const url = `${getConfig(env).appUrl}/reset-password?token=${token}`;
  await sendMail(env, resetPasswordMail(user.email, url));
}

/** Marks a verification token used, once: only the first caller gets the row back. */
async function consumeVerifyToken(env: Env, token: string) {
  const now = Date.now();
  const row = await env.DB.prepare("UPDATE auth_tokens SET used_at = ?1 WHERE token_hash = ?2 AND kind = 'verify' AND used_at IS NULL AND expires_at > ?1 RETURNING user_id AS userId")
    .bind(now, await sha256Hex(token))
    .first<{ userId: string }>();
  return row?.userId;
}

/**
 * Uses a reset token, and with it every other outstanding reset token of its user, in one statement:
 * of two links sent to one account, only one can ever set a password. Answers the user's id when
 * this token was valid.
 */
async function consumeResetToken(env: Env, token: string) {
  const now = Date.now();
  const hash = await sha256Hex(token);
  const { results } = await env.DB.prepare(
    `UPDATE auth_tokens SET used_at = ?1
     WHERE kind = 'reset' AND used_at IS NULL
       AND user_id = (SELECT user_id FROM auth_tokens WHERE token_hash = ?2 AND kind = 'reset' AND used_at IS NULL AND expires_at > ?1)
     RETURNING user_id AS userId, token_hash AS tokenHash, expires_at AS expiresAt`,
  )
    .bind(now, hash)
    .all<{ userId: string; tokenHash: string; expiresAt: number }>();
  return results.find((r) => r.tokenHash === hash && r.expiresAt > now)?.userId;
}

/** Every reset link of a user still outstanding stops working (password changed, signed out everywhere). */
export async function revokeResetTokens(env: Env, userId: string) {
  await db(env)
    .update(authTokens)
    .set({ usedAt: Date.now() })
    .where(and(eq(authTokens.userId, userId), eq(authTokens.kind, "reset"), isNull(authTokens.usedAt)));
}

export const INVALID_RESET_TOKEN = "This reset link is invalid or has expired. Please request a new one.";
export const INVALID_VERIFY_TOKEN = "This verification link is invalid or has expired.";

/**
 * Sets a new password with a reset link. Every other reset link of the user dies with it, every
 * session ends, and the e-mail counts as confirmed (the link proved the mailbox is theirs).
 */
export async function resetPassword(env: Env, token: string, newPassword: string) {
  const userId = await consumeResetToken(env, token);
  if (!userId) throw badRequest(INVALID_RESET_TOKEN);
  await setPassword(env, userId, newPassword, { emailVerified: true });
}

export async function verifyEmail(env: Env, token: string) {
  const userId = await consumeVerifyToken(env, token);
  if (!userId) throw badRequest(INVALID_VERIFY_TOKEN);
  await db(env).update(users).set({ emailVerified: true, updatedAt: Date.now() }).where(eq(users.id, userId));
}

/** Sets a new password and bumps the token version, so every earlier session token dies. */
async function setPassword(env: Env, userId: string, newPassword: string, extra: { emailVerified?: true } = {}) {
  const passwordHash = await hashPassword(newPassword, getConfig(env).pepper);
  const rows = await db(env)
    .update(users)
    .set({ passwordHash, ...extra, tokenVersion: sql`${users.tokenVersion} + 1`, updatedAt: Date.now() })
    .where(eq(users.id, userId))
    .returning();
  return rows[0];
}

export async function changePassword(env: Env, user: User, currentPassword: string, newPassword: string) {
  const ok = await verifyPassword(currentPassword, user.passwordHash, getConfig(env).pepper);
  if (!ok) throw badRequest("Current password is incorrect", { field: "currentPassword" });
  const updated = await setPassword(env, user.id, newPassword);
  if (!updated) throw unauthorized();
  await revokeResetTokens(env, user.id);
  return issueSession(env, updated);
}

/** Signs out every session of this user, this one included, and ends every outstanding reset link. */
export async function logoutAll(env: Env, user: User) {
  await db(env)
    .update(users)
    .set({ tokenVersion: sql`${users.tokenVersion} + 1`, updatedAt: Date.now() })
    .where(eq(users.id, user.id));
  await revokeResetTokens(env, user.id);
}

export async function updateProfile(env: Env, user: User, changes: ProfileUpdate) {
  const rows = await db(env)
    .update(users)
    .set({ ...changes, updatedAt: Date.now() })
    .where(eq(users.id, user.id))
    .returning();
  return rows[0] ?? user;
}
