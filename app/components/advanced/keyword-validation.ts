import * as v from "valibot";
import { AdvancedKeywordSchema, KEYWORD_LIMITS } from "../../../schema/api/keywords";
import type { MessageKey } from "~/lib/i18n";

/** The server's messages (schema/api/keywords.ts) and their catalogue keys, so both languages show them. */
const FIELD_MESSAGES: Record<string, MessageKey> = {
  "Keyword is required": "advanced.validation.required",
  "Keyword must be at least 2 characters": "advanced.validation.min",
  "Keyword must not exceed 100 characters": "advanced.validation.max",
};

/** On blur and change (SPEC §5): the shared schema's check, answered as a catalogue key. */
export function keywordFieldError(value: string): MessageKey | null {
  const result = v.safeParse(AdvancedKeywordSchema.entries.keyword, value);
  if (result.success) return null;
  const message = result.issues[0]?.message ?? "";
  return FIELD_MESSAGES[message] ?? "advanced.validation.required";
}

/** At submit (SPEC §5 has its own wording there), with the same limits. */
export function keywordSubmitError(value: string): MessageKey | null {
  const keyword = value.trim();
  if (!keyword) return "advanced.validation.empty";
  if (keyword.length < KEYWORD_LIMITS.keywordMin) return "advanced.validation.minSubmit";
  if (keyword.length > KEYWORD_LIMITS.keywordMax) return "advanced.validation.maxSubmit";
  return null;
}
