/**
 * Client validation of the keyword screens (SEO & Keyword Analysis, Advanced Keyword Analysis, keyword
 * lists) with the server's schemas (schema/api/keywords.ts, keyword-lists.ts); see ./validation.ts.
 */
import * as v from "valibot";
import { CreateKeywordListSchema, KEYWORD_LIST_LIMITS } from "../../schema/api/keyword-lists";
import { AdvancedKeywordSchema, KEYWORD_LIMITS, KeywordSearchSchema } from "../../schema/api/keywords";
import type { MessageKey } from "./i18n";
import { schemaError, type FieldError } from "./validation";

/** A save posted without JavaScript from the results table with no row ticked (the dialog cannot be sent empty). */
export const NONE_TICKED_MESSAGE = "Tick the keywords to save first";

/** Each message of the keyword schemas and the catalogue text that words it (English = the message). */
export const KEYWORD_MESSAGE_KEYS: Record<string, FieldError> = {
  [NONE_TICKED_MESSAGE]: { key: "lists.dialog.noneTicked" },
  "Keyword is required": { key: "advanced.validation.required" },
  "Keyword must be at least 2 characters": { key: "advanced.validation.min" },
  "Keyword must not exceed 100 characters": { key: "advanced.validation.max" },
  "Product name is required": { key: "seo.form.productNameRequired" },
  [`Product name must not exceed ${KEYWORD_LIMITS.productNameMax} characters`]: { key: "seo.form.productNameTooLong", vars: { max: KEYWORD_LIMITS.productNameMax } },
  "List name is required": { key: "lists.dialog.nameRequired" },
  [`List name must not exceed ${KEYWORD_LIST_LIMITS.nameMax} characters`]: { key: "lists.dialog.nameTooLong", vars: { max: KEYWORD_LIST_LIMITS.nameMax } },
};

/** SEO & Keyword Analysis: the Product Name, as GET /api/keywords checks it. */
export function productNameError(value: string): FieldError | null {
  return schemaError(KeywordSearchSchema.entries.product_name, value, KEYWORD_MESSAGE_KEYS, "seo.form.productNameRequired");
}

/** A new keyword list's name, as POST /api/keyword-lists checks it. */
export function listNameError(value: string): FieldError | null {
  return schemaError(CreateKeywordListSchema.entries.name, value, KEYWORD_MESSAGE_KEYS, "lists.dialog.nameRequired");
}

/** Advanced Keyword Analysis on blur and change (SPEC §5): the request schema's messages. */
export function keywordFieldError(value: string): MessageKey | null {
  return schemaError(AdvancedKeywordSchema.entries.keyword, value, KEYWORD_MESSAGE_KEYS, "advanced.validation.required")?.key ?? null;
}

/** The same rules at submit, where SPEC §5 words them differently: mapped by the kind of issue. */
const KEYWORD_SUBMIT_KEYS: Record<string, MessageKey> = {
  non_empty: "advanced.validation.empty",
  min_length: "advanced.validation.minSubmit",
  max_length: "advanced.validation.maxSubmit",
};

export function keywordSubmitError(value: string): MessageKey | null {
  const result = v.safeParse(AdvancedKeywordSchema.entries.keyword, value);
  if (result.success) return null;
  return KEYWORD_SUBMIT_KEYS[result.issues[0].type] ?? "advanced.validation.empty";
}
