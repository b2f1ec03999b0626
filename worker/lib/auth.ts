import type { User } from "../../schema/db";
import { findUserById } from "../domain/auth/accounts";
import { verifySessionToken } from "../domain/auth/tokens";
import { getConfig, type Env } from "./env";
import { HttpError, unauthorized } from "./errors";

/**
 * The user of a request, from its bearer token only. A token whose version is behind the user's
 * (password changed, signed out everywhere) is refused like any invalid token.
 */
export async function requireUser(request: Request, env: Env): Promise<User> {
  const header = request.headers.get("Authorization") ?? "";
  const match = /^Bearer\s+(\S+)$/i.exec(header);
  if (!match) throw unauthorized("No authentication token found");
  const claims = await verifySessionToken(getConfig(env).jwtSecret, match[1]);
  if (!claims) throw unauthorized("Invalid authentication token");
  const user = await findUserById(env, claims.userId);
  if (!user || user.tokenVersion !== claims.version) throw unauthorized("Invalid authentication token");
  return user;
}

/** The answer to an unverified user asking for an AI feature (code "email-unverified"). */
export const EMAIL_UNVERIFIED_MESSAGE =
  'Please confirm your e-mail address to use AI features. We sent you a link when you registered; you can send it again with "Resend link" at the top of the page.';
export const EMAIL_UNVERIFIED_CODE = "email-unverified";

/**
 * The user of a request whose e-mail is confirmed: every feature that spends money (LLM, image
 * models, keyword providers, quotas) calls this before reserving anything, so an unverified account
 * gets 403 { code: "email-unverified" } and is charged nothing. Decision 0009.
 */
export async function requireVerifiedUser(request: Request, env: Env): Promise<User> {
  const user = await requireUser(request, env);
  assertEmailVerified(user);
  return user;
}

/** Refuses (403 email-unverified) a user whose e-mail is not confirmed yet. */
function assertEmailVerified(user: User) {
  if (!user.emailVerified) throw new HttpError(403, EMAIL_UNVERIFIED_MESSAGE, { code: EMAIL_UNVERIFIED_CODE });
}
