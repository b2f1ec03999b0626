import { useCallback } from "react";
import type { MessageKey } from "~/lib/i18n";
import { metaText, type I18nHandle } from "~/lib/i18n/route";
import { useRefreshQuota } from "~/lib/quota";
import * as imagesStrings from "~/lib/i18n/catalog/images";
import * as plansStrings from "~/lib/i18n/catalog/plans";

/** What the two image editor screens (/edit-image, /edit-image-gpt) export alike, given their texts. */

/** The catalogues both screens' components read (the root hands them to the provider). */
export const editorHandle = { i18n: [imagesStrings, plansStrings] } satisfies I18nHandle;

/** The screen's meta(): its page title. */
export function editorMeta(titleKey: MessageKey) {
  return ({ matches }: { matches: Parameters<typeof metaText>[0] }) => [{ title: metaText(matches, titleKey) }];
}

/** Reads today's image-edit usage again (the usage card): the app layout's loader runs again. */
export function useRefreshEditQuota() {
  const refreshQuota = useRefreshQuota();
  return useCallback(() => void refreshQuota("edit-image"), [refreshQuota]);
}

/** An edit counts against today's quota and ticks the onboarding step on the server: the account data (usage card, checklist) is read again. */
export function useEditCounted() {
  const refresh = useRefreshEditQuota();
  const edited = useCallback(() => {
    refresh();
  }, [refresh]);
  const batchFinished = useCallback(
    (_completed: number, watched = true) => {
      // Found finished on arrival: the layout's account load has today's usage and checklist already.
      if (watched) refresh();
    },
    [refresh],
  );
  return { edited, batchFinished };
}
