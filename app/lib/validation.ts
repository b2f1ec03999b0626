import { EMAIL_PATTERN, LIMITS, passwordProblem } from "../../schema/api";
import type { MessageKey } from "./i18n";

/** Client checks of the auth forms (SPEC §5), answering catalogue keys; limits come from schema/api.ts. */
export function emailError(value: string): MessageKey | null {
  if (!value.trim()) return "validation.emailRequired";
  if (!EMAIL_PATTERN.test(value.trim())) return "validation.emailInvalid";
  return null;
}

/** The password typed to log in: only required and the old 8-character minimum (older accounts keep theirs). */
export function passwordError(value: string): MessageKey | null {
  if (!value) return "validation.passwordRequired";
  if (value.length < LIMITS.loginPasswordMin) return "validation.passwordMin";
  return null;
}

const NEW_PASSWORD_KEYS = {
  required: "validation.passwordRequired",
  loginMin: "validation.newPasswordMin",
  min: "validation.newPasswordMin",
  max: "validation.passwordMax",
  spaces: "validation.passwordSpaces",
  common: "validation.passwordCommon",
} as const;

/** A new password (register, reset, change): the shared schema's policy (schema/api.ts PasswordSchema), as a catalogue key. */
export function newPasswordError(value: string): MessageKey | null {
  const problem = passwordProblem(value);
  return problem ? NEW_PASSWORD_KEYS[problem] : null;
}

export function confirmError(password: string, confirm: string): MessageKey | null {
  if (!confirm) return "validation.confirmRequired";
  if (password !== confirm) return "validation.passwordsMismatch";
  return null;
}
