import type { ThrottleVerdict } from "../../lib/durable-object-types";
import type { Env } from "../../lib/env";
import { getConfig } from "../../lib/env";
import { tooManyRequests } from "../../lib/errors";
import { normaliseEmail } from "./email";

const MINUTE = 60 * 1000;
const HOUR = 60 * MINUTE;

/** Failed logins allowed per account and per address before a pause. */
export const LOGIN_LIMITS = { perAccount: 5, perAddress: 20, windowMs: 15 * MINUTE };
/** Reset requests allowed per account and per address. */
export const FORGOT_LIMITS = { perAccount: 3, perAddress: 10, windowMs: HOUR };
/** Registrations allowed per address: REGISTER_LIMIT_PER_HOUR (default 10) in an hour. */
const REGISTER_WINDOW_MS = HOUR;
/** Verification mails a signed-in user may ask for again, per account and per address. */
export const RESEND_LIMITS = { perAccount: 3, perAddress: 10, windowMs: HOUR };

const counter = (env: Env, key: string) => env.THROTTLE.get(env.THROTTLE.idFromName(key));

const TOO_MANY_LOGINS = "Too many failed login attempts. Please wait a few minutes and try again.";
const TOO_MANY_RESETS = "Too many reset requests. Please wait a while and try again.";
const TOO_MANY_REGISTRATIONS = "Too many accounts were created from your network recently. Please try again later.";
const TOO_MANY_RESENDS = "A verification link was sent several times recently. Please check your inbox (and spam folder) or try again later.";

/**
 * The throttle key of a client address. IPv4 as it is; IPv6 by its /64 prefix, because one
 * subscriber usually holds a whole /64 and could otherwise rotate through 2^64 addresses; an
 * IPv4-mapped IPv6 address (::ffff:a.b.c.d) as its IPv4 address.
 */
export function addressKey(address: string): string {
  const text = address
    .trim()
    .toLowerCase()
    .replace(/^\[|\]$/g, "")
    .replace(/%.*$/, "");
  if (!text.includes(":")) return text;
  const mapped = /^[0:]*:ffff:(\d+\.\d+\.\d+\.\d+)$/.exec(text);
  if (mapped) return mapped[1];
  const [head, tail] = text.split("::", 2) as [string, string | undefined];
  const left = head ? head.split(":") : [];
  const right = tail !== undefined && tail !== "" ? tail.split(":") : [];
  if (left.length + right.length > 8 || [...left, ...right].some((g) => !/^[0-9a-f]{1,4}$/.test(g))) return text;
  const groups = tail === undefined ? left : [...left, ...Array(8 - left.length - right.length).fill("0"), ...right];
  if (groups.length !== 8) return text;
  return `${groups
    .slice(0, 4)
    .map((g) => g.replace(/^0+(?=.)/, ""))
    .join(":")}::/64`;
}

interface Slot {
  key: string;
  max: number;
  windowMs: number;
}

type Reservation = { key: string; id: number };

/**
 * Reserves one event on every slot before the guarded work runs. Each counter checks and counts in
 * one step inside its Durable Object, so N concurrent callers get at most `max` reservations. When
 * any slot refuses, the reservations taken on the others are refunded and the answer is 429 with
 * Retry-After (the longest wait among the refusing slots).
 */
async function reserveAll(env: Env, slots: Slot[], message: string): Promise<Reservation[]> {
  const verdicts = await Promise.all(slots.map((s) => counter(env, s.key).reserve(s.max, s.windowMs)));
  const taken: Reservation[] = [];
  const refused: ThrottleVerdict[] = [];
  verdicts.forEach((v, i) => {
    if (v.allowed && v.id !== null) taken.push({ key: slots[i].key, id: v.id });
    else refused.push(v);
  });
  if (refused.length) {
    await release(env, taken);
    throw tooManyRequests(Math.max(...refused.map((v) => v.retryAfterSeconds)), message);
  }
  return taken;
}

async function release(env: Env, reservations: Reservation[]) {
  await Promise.all(reservations.map((r) => counter(env, r.key).release(r.id)));
}

const loginSlots = (email: string, address: string): Slot[] => [
  { key: `login:account:${normaliseEmail(email)}`, max: LOGIN_LIMITS.perAccount, windowMs: LOGIN_LIMITS.windowMs },
  { key: `login:address:${addressKey(address)}`, max: LOGIN_LIMITS.perAddress, windowMs: LOGIN_LIMITS.windowMs },
];

/**
 * Reserves a login attempt (as if it will fail) on the account and the address, before the password
 * is checked; 429 when either is used up. The answer settles it: failed() keeps the reservations (they
 * are the failure's record), succeeded() clears the account's failures and refunds the address's.
 */
export async function reserveLoginAttempt(env: Env, email: string, address: string) {
  const [account, ip] = await reserveAll(env, loginSlots(email, address), TOO_MANY_LOGINS);
  return {
    failed: async () => {},
    succeeded: async () => {
      await Promise.all([counter(env, account.key).clear(), release(env, [ip])]);
    },
  };
}

/** Counts a reset request before anything else; refuses (429) past the limit, for known and unknown e-mails alike. */
export async function assertResetAllowed(env: Env, email: string, address: string) {
  await reserveAll(
    env,
    [
      { key: `forgot:account:${normaliseEmail(email)}`, max: FORGOT_LIMITS.perAccount, windowMs: FORGOT_LIMITS.windowMs },
      { key: `forgot:address:${addressKey(address)}`, max: FORGOT_LIMITS.perAddress, windowMs: FORGOT_LIMITS.windowMs },
    ],
    TOO_MANY_RESETS,
  );
}

/**
 * Counts a registration from an address before the account is created; refuses (429) past
 * REGISTER_LIMIT_PER_HOUR. A refused or duplicate registration still counts (it is what a scripted
 * sign-up looks like); a request the schema refused never got here.
 */
export async function assertRegisterAllowed(env: Env, address: string) {
  const max = getConfig(env).registerLimitPerHour;
  await reserveAll(env, [{ key: `register:address:${addressKey(address)}`, max, windowMs: REGISTER_WINDOW_MS }], TOO_MANY_REGISTRATIONS);
}

/** Counts a request for another verification mail, per account and per address. */
export async function assertResendAllowed(env: Env, userId: string, address: string) {
  await reserveAll(
    env,
    [
      { key: `resend:account:${userId}`, max: RESEND_LIMITS.perAccount, windowMs: RESEND_LIMITS.windowMs },
      { key: `resend:address:${addressKey(address)}`, max: RESEND_LIMITS.perAddress, windowMs: RESEND_LIMITS.windowMs },
    ],
    TOO_MANY_RESENDS,
  );
}
