/**
 * Request schemas and their limits, shared by the forms in app/ and the handlers in worker/.
 * Messages a user sees are the SPEC's, word for word.
 */
import * as v from "valibot";

export const LIMITS = {
  passwordMin: 8,
  passwordMax: 128,
  emailMax: 254,
  nameMax: 60,
  storeNameMax: 80,
  tokenMax: 200,
} as const;

/** The SPEC's simple e-mail shape: something@something.something, no spaces. */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export const EmailSchema = v.pipe(
  // A missing field reads as empty, so it gets the same message as an empty one.
  v.optional(v.string("Email is required"), ""),
  v.trim(),
  v.nonEmpty("Email is required"),
  v.maxLength(LIMITS.emailMax, `Email must be at most ${LIMITS.emailMax} characters`),
  v.regex(EMAIL_PATTERN, "Please enter a valid email address"),
);

export const PasswordSchema = v.pipe(
  v.optional(v.string("Password is required"), ""),
  v.nonEmpty("Password is required"),
  v.minLength(LIMITS.passwordMin, "Password must be at least 8 characters"),
  v.maxLength(LIMITS.passwordMax, `Password must be at most ${LIMITS.passwordMax} characters`),
);

const TokenSchema = v.pipe(
  v.optional(v.string("Token is required"), ""),
  v.nonEmpty("Token is required"),
  v.maxLength(LIMITS.tokenMax, "Token is invalid"),
);

export const LoginSchema = v.object({ email: EmailSchema, password: PasswordSchema });

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

export const THEMES = ["light", "dark"] as const;
export const LANGUAGES = ["en", "tr"] as const;
export type Theme = (typeof THEMES)[number];
export type Language = (typeof LANGUAGES)[number];

const nameField = (label: string, max: number) =>
  v.pipe(v.string(`${label} must be text`), v.trim(), v.maxLength(max, `${label} must be at most ${max} characters`));

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
