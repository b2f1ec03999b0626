/** The words of a keyword screen's failed write: a catalogue text for a general code or a known rule, else the server's message. */
import { KEYWORD_LIST_LIMITS } from "../../../schema/api/keyword-lists";
import { ApiError, errorMessage } from "~/lib/api";
import type { KeywordFailure } from "~/lib/api/keywords";
import type { Translate } from "~/lib/i18n";
import { KEYWORD_MESSAGE_KEYS } from "~/lib/keyword-validation";

export function keywordFailureText(failure: KeywordFailure, t: Translate): string {
  const rule = KEYWORD_MESSAGE_KEYS[failure.message];
  if (failure.code === "validation-failed" && rule) return t(rule.key, rule.vars);
  if (failure.code === "validation-failed" && failure.field === "keywords" && failure.message.startsWith("A list can hold at most")) {
    return t("lists.dialog.tooMany", { max: KEYWORD_LIST_LIMITS.keywordsMax });
  }
  if (failure.status === 0) return t("errors.network");
  return errorMessage(new ApiError(failure.message, failure.status, { success: false, ...failure }), undefined, t);
}
