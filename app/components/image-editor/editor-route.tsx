import { useCallback } from "react";
import type { MessageKey } from "~/lib/i18n";
import { metaText, type I18nHandle } from "~/lib/i18n/route";
import { markOnboardingStep } from "~/lib/onboarding";
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

/** An edit counts against today's quota (the usage card is read again) and ticks the onboarding step. */
export function useEditCounted() {
  const refreshQuota = useRefreshQuota();
  const edited = useCallback(() => {
    void refreshQuota("edit-image");
    markOnboardingStep("image");
  }, [refreshQuota]);
  const batchFinished = useCallback(
    (completed: number) => {
      void refreshQuota("edit-image");
      if (completed > 0) markOnboardingStep("image");
    },
    [refreshQuota],
  );
  return { edited, batchFinished };
}
