import type { User } from "../../schema/db";
import { CROSS_ORIGIN_CODE, CROSS_ORIGIN_MESSAGE, changesState, isSameOrigin, sessionTokenOf } from "../../shared/session";
import { findUserById } from "../domain/auth/accounts";
import { verifySessionToken, type SessionClaims } from "../domain/auth/tokens";
import { getConfig, type Env } from "./env";
import { HttpError, unauthorized } from "./errors";

/** How a request proves who it is: `Authorization: Bearer` (SPEC §7) or the web app's session cookie (decision 0041). */
type Credential = { token: string; via: "bearer" | "cookie" };

/**
 * The request's credential. An Authorization header always wins (API clients and tests keep the SPEC
 * §7 contract, malformed headers included); the session cookie counts only without one.
 */
function credentialOf(request: Request): Credential | null | "malformed" {
  const header = request.headers.get("Authorization");
  if (header !== null) {
    const match = /^Bearer\s+(\S+)$/i.exec(header);
    return match ? { token: match[1], via: "bearer" } : "malformed";
  }
  const token = sessionTokenOf(request);
  return token ? { token, via: "cookie" } : null;
}

/** Whether the request is signed in by the session cookie rather than a bearer token. */
export function authenticatedByCookie(request: Request): boolean {
  const credential = credentialOf(request);
  return credential !== null && credential !== "malformed" && credential.via === "cookie";
}

/** The user of a session token, or null when the token is invalid, expired or ended (its version is behind the user's). */
async function userOfToken(env: Env, token: string): Promise<User | null> {
  const claims = await claimsOfToken(env, token);
  return claims ? userOfClaims(await findUserById(env, claims.userId), claims) : null;
}

/** What a session token says, when its signature, issuer, audience and times are good; null otherwise. */
export function claimsOfToken(env: Env, token: string): Promise<SessionClaims | null> {
  return verifySessionToken(getConfig(env).jwtSecret, token);
}

/** The user row the claims name, unless the token has ended (its version is behind the user's). */
export function userOfClaims(row: User | undefined, claims: SessionClaims): User | null {
  return row && row.tokenVersion === claims.version ? row : null;
}

/** A cookie-signed write from another origin (cross-site request forgery): refused before anything is read. */
const crossOrigin = () => new HttpError(403, CROSS_ORIGIN_MESSAGE, { code: CROSS_ORIGIN_CODE });

/** Users already checked for a request made in process by the load context (worker/lib/app-context.ts), so a page checks its cookie once. */
const checkedUsers = new WeakMap<Request, Promise<User | null>>();

/** Marks an in-process request as made by `user` (already checked from the same token). */
export function vouchFor(request: Request, user: Promise<User | null>) {
  checkedUsers.set(request, user);
}

/**
 * The user of a request, from its bearer token or, without an Authorization header, its session
 * cookie. A token whose version is behind the user's (password changed or reset, signed out
 * everywhere) is refused like any invalid token. A cookie-signed request that changes state must come
 * from this origin (403 cross-origin otherwise); bearer requests are unaffected.
 */
export async function requireUser(request: Request, env: Env): Promise<User> {
  const credential = credentialOf(request);
  if (credential === null || credential === "malformed") throw unauthorized("No authentication token found");
  if (credential.via === "cookie" && changesState(request) && !isSameOrigin(request)) throw crossOrigin();
  const user = await (checkedUsers.get(request) ?? userOfToken(env, credential.token));
  if (!user) throw unauthorized("Invalid authentication token");
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
