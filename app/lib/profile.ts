/**
 * The signed-in user's profile, read by the app layout's server loader with the rest of the account
 * data (decision 0051). Changes are the /profile route's action (intent "personal" or "preferences");
 * the revalidation that follows it shows them everywhere.
 */
import { useAccountPart } from "./account";
import type { Translate } from "./i18n";

export type { ProfileResponse } from "./api/profile";

/** The profile ({ data, error, isError }); data is undefined outside the signed-in area or when it could not be read. */
export function useProfile() {
  return useAccountPart((account) => account.profile);
}

/**
 * The text of a change the /profile action refused: an intent it does not know (validation-failed on
 * the field "intent", decision 0042) in the seller's language, anything else the server's message.
 */
export function refusedChangeText(answer: { code: string; field?: string; message: string }, t: Translate): string {
  if (answer.code === "validation-failed" && answer.field === "intent") return t("errors.unknownProfileChange");
  return answer.message;
}
