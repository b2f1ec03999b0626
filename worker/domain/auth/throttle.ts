import type { Env } from "../../lib/env";
import { tooManyRequests } from "../../lib/errors";

const MINUTE = 60 * 1000;

/** Failed logins allowed per account and per address before a pause. */
export const LOGIN_LIMITS = { perAccount: 5, perAddress: 20, windowMs: 15 * MINUTE };
/** Reset requests allowed per account and per address. */
export const FORGOT_LIMITS = { perAccount: 3, perAddress: 10, windowMs: 60 * MINUTE };

const counter = (env: Env, key: string) => env.THROTTLE.get(env.THROTTLE.idFromName(key));

const TOO_MANY_LOGINS = "Too many failed login attempts. Please wait a few minutes and try again.";
const TOO_MANY_RESETS = "Too many reset requests. Please wait a while and try again.";

/** Refuses (429) a login for an account or address that failed too often recently. */
export async function assertLoginAllowed(env: Env, email: string, address: string) {
  const [account, ip] = await Promise.all([
    counter(env, `login:account:${email.toLowerCase()}`).check(LOGIN_LIMITS.perAccount, LOGIN_LIMITS.windowMs),
    counter(env, `login:address:${address}`).check(LOGIN_LIMITS.perAddress, LOGIN_LIMITS.windowMs),
  ]);
  const blocked = [account, ip].filter((v) => !v.allowed);
  if (blocked.length) throw tooManyRequests(Math.max(...blocked.map((v) => v.retryAfterSeconds)), TOO_MANY_LOGINS);
}

export async function recordLoginFailure(env: Env, email: string, address: string) {
  await Promise.all([
    counter(env, `login:account:${email.toLowerCase()}`).record(LOGIN_LIMITS.windowMs),
    counter(env, `login:address:${address}`).record(LOGIN_LIMITS.windowMs),
  ]);
}

export async function clearLoginFailures(env: Env, email: string) {
  await counter(env, `login:account:${email.toLowerCase()}`).clear();
}

/** Counts a reset request; refuses (429) past the limit, for known and unknown e-mails alike. */
export async function assertResetAllowed(env: Env, email: string, address: string) {
  const [account, ip] = await Promise.all([
    counter(env, `forgot:account:${email.toLowerCase()}`).hit(FORGOT_LIMITS.perAccount, FORGOT_LIMITS.windowMs),
    counter(env, `forgot:address:${address}`).hit(FORGOT_LIMITS.perAddress, FORGOT_LIMITS.windowMs),
  ]);
  const blocked = [account, ip].filter((v) => !v.allowed);
  if (blocked.length) throw tooManyRequests(Math.max(...blocked.map((v) => v.retryAfterSeconds)), TOO_MANY_RESETS);
}
