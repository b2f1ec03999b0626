import { EMAIL_PATTERN, LIMITS } from "../../schema/api";

/** Client checks of the auth forms (SPEC §5), answering catalogue keys; limits come from schema/api.ts. */
export function emailError(value: string): string | null {
  if (!value.trim()) return "validation.emailRequired";
  if (!EMAIL_PATTERN.test(value.trim())) return "validation.emailInvalid";
  return null;
}

export function passwordError(value: string): string | null {
  if (!value) return "validation.passwordRequired";
  if (value.length < LIMITS.passwordMin) return "validation.passwordMin";
  return null;
}

export function confirmError(password: string, confirm: string): string | null {
  if (!confirm) return "validation.confirmRequired";
  if (password !== confirm) return "validation.passwordsMismatch";
  return null;
}
