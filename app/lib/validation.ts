/**
 * Client validation with the server's own schemas (schema/api*.ts): a form field runs through the same
 * valibot schema as the request body, and the first issue's message (the SPEC's wording, the server's
 * answer) is worded from the catalogue, so Turkish screens show it in Turkish and the two sides cannot
 * disagree on a rule or a limit.
 */
import * as v from "valibot";
import { LIMITS, LoginSchema, PASSWORD_MESSAGES, RegisterSchema } from "../../schema/api";
import type { MessageKey, Vars } from "./i18n";

export interface FieldError {
  key: MessageKey;
  vars?: Vars;
}

/**
 * Each message of the auth schemas, and the catalogue text that words it. The English catalogue text,
 * filled with `vars`, is the message itself (tests/app/validation.test.ts checks it).
 */
export const AUTH_MESSAGE_KEYS: Record<string, FieldError> = {
  "Email is required": { key: "validation.emailRequired" },
  "Please enter a valid email address": { key: "validation.emailInvalid" },
  [`Email must be at most ${LIMITS.emailMax} characters`]: { key: "validation.emailMax", vars: { max: LIMITS.emailMax } },
  [PASSWORD_MESSAGES.required]: { key: "validation.passwordRequired" },
  [PASSWORD_MESSAGES.loginMin]: { key: "validation.passwordMin" },
  [PASSWORD_MESSAGES.min]: { key: "validation.newPasswordMin" },
  [PASSWORD_MESSAGES.max]: { key: "validation.passwordMax" },
  [PASSWORD_MESSAGES.spaces]: { key: "validation.passwordSpaces" },
  [PASSWORD_MESSAGES.invisible]: { key: "validation.passwordInvisible" },
  [PASSWORD_MESSAGES.distinct]: { key: "validation.passwordDistinct", vars: { min: LIMITS.passwordDistinctMin } },
  [PASSWORD_MESSAGES.common]: { key: "validation.passwordCommon" },
};

/** The first issue of `value` against a field's schema, worded by `table`; `fallback` for a message the table lacks. */
export function schemaError(schema: v.GenericSchema, value: unknown, table: Record<string, FieldError>, fallback: MessageKey): FieldError | null {
  const result = v.safeParse(schema, value);
  if (result.success) return null;
  return table[result.issues[0].message] ?? { key: fallback };
}

const fieldKey = (schema: v.GenericSchema, value: unknown, fallback: MessageKey) => schemaError(schema, value, AUTH_MESSAGE_KEYS, fallback)?.key ?? null;

/** The e-mail of every auth form (SPEC §5). */
export function emailError(value: string): MessageKey | null {
  return fieldKey(LoginSchema.entries.email, value, "validation.emailInvalid");
}

/** The password typed to log in: the login schema keeps the old 8-character minimum (older accounts keep theirs). */
export function passwordError(value: string): MessageKey | null {
  return fieldKey(LoginSchema.entries.password, value, "validation.passwordRequired");
}

/** A new password (register, reset, change: the three schemas share PasswordSchema, decision 0009). */
export function newPasswordError(value: string): MessageKey | null {
  return fieldKey(RegisterSchema.entries.password, value, "validation.passwordRequired");
}

/** The repeated password: a form-only field, so no server schema has it. */
export function confirmError(password: string, confirm: string): MessageKey | null {
  if (!confirm) return "validation.confirmRequired";
  if (password !== confirm) return "validation.passwordsMismatch";
  return null;
}
