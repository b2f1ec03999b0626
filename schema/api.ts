/**
 * Request schemas and their limits, shared by the forms in app/ and the handlers in worker/.
 * Messages a user sees are the SPEC's, word for word.
 */
import * as v from "valibot";
import { COMMON_PASSWORDS } from "./common-passwords";
import { LANGUAGES, THEMES, type Language, type Theme } from "./api/preferences";

export const LIMITS = {
  /** A new password (register, reset, change): decision 0009. */
  passwordMin: 10,
  /** Logging in: accounts made before the 10-character rule keep their 8-character passwords. */
  loginPasswordMin: 8,
  passwordMax: 128,
  /** "aaaaaaaaaa" is not a password (issue 23). */
  passwordDistinctMin: 4,
  emailMax: 254,
  nameMax: 60,
  storeNameMax: 80,
  tokenMax: 200,
} as const;

/** The SPEC's simple e-mail shape: something@something.something, no spaces. */
const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

const EmailSchema = v.pipe(
  // A missing field reads as empty, so it gets the same message as an empty one.
  v.optional(v.string("Email is required"), ""),
  v.trim(),
  v.nonEmpty("Email is required"),
  v.maxLength(LIMITS.emailMax, `Email must be at most ${LIMITS.emailMax} characters`),
  v.regex(EMAIL_PATTERN, "Please enter a valid email address"),
);

/** The messages of the password rules; the forms map them to their catalogue keys. */
export const PASSWORD_MESSAGES = {
  required: "Password is required",
  loginMin: `Password must be at least ${LIMITS.loginPasswordMin} characters`,
  min: `Password must be at least ${LIMITS.passwordMin} characters`,
  max: `Password must be at most ${LIMITS.passwordMax} characters`,
  spaces: "Password cannot be only spaces",
  invisible: "Password cannot contain control or invisible characters",
  distinct: `Password must contain at least ${LIMITS.passwordDistinctMin} different characters`,
  common: "This password is one of the most common passwords. Please choose one that is harder to guess.",
} as const;

const commonPasswords = /* @__PURE__ */ new Set(COMMON_PASSWORDS);
/** Is this one of the most common passwords (case-insensitive, surrounding spaces ignored)? */
export function isCommonPassword(password: string) {
  return commonPasswords.has(password.trim().toLowerCase());
}

/** Control, format (zero-width, direction marks), line and paragraph separators, lone surrogates, Hangul fillers. */
const INVISIBLE = /[\p{Cc}\p{Cf}\p{Cs}\p{Zl}\p{Zp}\u115f\u1160\u3164\uffa0]/u;

/** The password policy of every new password (register, reset, change): decision 0009. */
const PasswordSchema = v.pipe(
  v.optional(v.string(PASSWORD_MESSAGES.required), ""),
  v.nonEmpty(PASSWORD_MESSAGES.required),
  v.check((value) => value.trim().length > 0, PASSWORD_MESSAGES.spaces),
  // NULs, zero-width spaces, direction marks: nobody can type them again on another device (issue 23).
  v.check((value) => !INVISIBLE.test(value), PASSWORD_MESSAGES.invisible),
  v.minLength(LIMITS.passwordMin, PASSWORD_MESSAGES.min),
  v.maxLength(LIMITS.passwordMax, PASSWORD_MESSAGES.max),
  v.check((value) => new Set(value).size >= LIMITS.passwordDistinctMin, PASSWORD_MESSAGES.distinct),
  v.check((value) => !isCommonPassword(value), PASSWORD_MESSAGES.common),
);

/** A password typed to log in: only the old shape rules, so accounts made before the policy still get in. */
const LoginPasswordSchema = v.pipe(
  v.optional(v.string(PASSWORD_MESSAGES.required), ""),
  v.nonEmpty(PASSWORD_MESSAGES.required),
  v.minLength(LIMITS.loginPasswordMin, PASSWORD_MESSAGES.loginMin),
  v.maxLength(LIMITS.passwordMax, PASSWORD_MESSAGES.max),
);

/** The first broken rule of a new password, as a key of PASSWORD_MESSAGES; null when it passes. */
export function passwordProblem(password: string): keyof typeof PASSWORD_MESSAGES | null {
  const result = v.safeParse(PasswordSchema, password);
  if (result.success) return null;
  const message = result.issues[0].message;
  const key = (Object.keys(PASSWORD_MESSAGES) as (keyof typeof PASSWORD_MESSAGES)[]).find((k) => PASSWORD_MESSAGES[k] === message);
  return key ?? "required";
}

const TokenSchema = v.pipe(v.optional(v.string("Token is required"), ""), v.nonEmpty("Token is required"), v.maxLength(LIMITS.tokenMax, "Token is invalid"));

export const LoginSchema = v.object({ email: EmailSchema, password: LoginPasswordSchema });

export const RegisterSchema = v.object({
  username: v.optional(v.nullable(v.pipe(v.string(), v.maxLength(LIMITS.nameMax, "Username is too long")))),
  email: EmailSchema,
  password: PasswordSchema,
});

export const ForgotPasswordSchema = v.object({ email: EmailSchema });

export const ResetPasswordSchema = v.object({
  token: TokenSchema,
  newPassword: PasswordSchema,
});

export const VerifyEmailSchema = v.object({ token: TokenSchema });

export const ChangePasswordSchema = v.object({
  currentPassword: v.pipe(v.optional(v.string("Current password is required"), ""), v.nonEmpty("Current password is required"), v.maxLength(LIMITS.passwordMax, "Current password is invalid")),
  newPassword: PasswordSchema,
});

export { LANGUAGES, THEMES, type Language, type Theme } from "./api/preferences";

const nameField = (label: string, max: number) => v.pipe(v.string(`${label} must be text`), v.trim(), v.maxLength(max, `${label} must be at most ${max} characters`));

export const ProfileUpdateSchema = v.object({
  firstName: v.optional(nameField("First name", LIMITS.nameMax)),
  lastName: v.optional(nameField("Last name", LIMITS.nameMax)),
  storeName: v.optional(nameField("Store name", LIMITS.storeNameMax)),
  theme: v.optional(v.picklist(THEMES, "Theme must be light or dark")),
  language: v.optional(v.picklist(LANGUAGES, "Language must be en or tr")),
  emailNotifications: v.optional(v.boolean("Email notifications must be true or false")),
  pushNotifications: v.optional(v.boolean("Push notifications must be true or false")),
});

export type ProfileUpdate = v.InferOutput<typeof ProfileUpdateSchema>;

/** The profile as GET/PUT /api/profile answer it. */
export interface Profile {
  firstName: string;
  lastName: string;
  storeName: string;
  email: string;
  theme: Theme;
  language: Language;
  plan: string;
  emailVerified: boolean;
  emailNotifications: boolean;
  pushNotifications: boolean;
}

export interface AuthUser extends Profile {
  id: string;
}

/** Splits the profile form's full name at the first space (SPEC §3). */
export function splitFullName(fullName: string): { firstName: string; lastName: string } {
  const trimmed = fullName.trim();
  const at = trimmed.indexOf(" ");
  if (at === -1) return { firstName: trimmed, lastName: "" };
  return { firstName: trimmed.slice(0, at), lastName: trimmed.slice(at + 1).trim() };
}
